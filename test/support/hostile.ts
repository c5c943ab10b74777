// A catalogue of hostile inputs and the helpers that substitute them into requests generated
// from the OpenAPI document (test/http/hostile-input.test.ts). Values carry two forms: `json`,
// raw JSON text put in place of a body field (so `1e309`, `-0` or a `\ud800` escape arrive
// exactly as written), and `url`, already percent-encoded text put into a path segment or a
// query value (so `%ED%A0%80` — an encoded lone surrogate — or `%zz` arrive as written).

export interface Hostile {
  readonly name: string;
  /** Raw JSON text for a body field; absent when the value has no JSON form. */
  readonly json?: string;
  /** Percent-encoded text for a path segment or query value; absent when it has no URL form. */
  readonly url?: string;
}

/** A string as both forms (encodeURIComponent cannot encode lone surrogates: give `url`). */
const str = (name: string, value: string, url?: string): Hostile => ({
  name,
  json: JSON.stringify(value),
  url: url ?? encodeURIComponent(value),
});
const json = (name: string, text: string): Hostile => ({ name, json: text });
const url = (name: string, text: string): Hostile => ({ name, url: text });

const nested = (depth: number): string => `${"[".repeat(depth)}0${"]".repeat(depth)}`;

/** 1 MB of combining marks (U+0301 is 2 bytes in UTF-8) after one base letter. */
export const COMBINING_1MB = `a${"\u0301".repeat(500_000)}`;

export const HOSTILE_VALUES: readonly Hostile[] = [
  // Strings Postgres cannot store, or that could not be encoded.
  str("nul", "\u0000"),
  str("nul-inside", "ab\u0000cd"),
  str("lone-high-surrogate", "\ud800", "%ED%A0%80"),
  str("lone-low-surrogate", "x\udc00y", "x%ED%B0%80y"),
  str("truncated-pair", "abc\ud83d", "abc%ED%A0%BD"),
  // Text that is valid but hostile to display or length checks.
  str("rtl-override", "\u202egnp.exe\u202c"),
  str("bidi-isolates", "\u2066\u2067\u2068\u2069\u200e\u200f"),
  str("zero-width", "\ufeff\u200b\u200c\u200d"),
  {
    name: "combining-1mb",
    json: JSON.stringify(COMBINING_1MB),
    url: encodeURIComponent(`a${"\u0301".repeat(2_000)}`),
  },
  { name: "long-ascii", json: JSON.stringify("x".repeat(1_000_000)), url: "x".repeat(100_000) },
  str("emoji", "😀💥🏳️‍🌈"),
  str("empty", ""),
  str("blank", "   "),
  str("sql", "' OR '1'='1'; DROP TABLE accounts; --"),
  str("html", "<script>alert(1)</script>"),
  str("template", `\${process.exit(1)}{{7*7}}`),
  str("path-traversal", "../../../../etc/passwd"),
  str("control-chars", "\u0001\u0007\u001b[31m\r\n\t"),
  str("proto", "__proto__"),
  // Numbers spelled as strings (path and query parameters are strings).
  str("nan", "NaN"),
  str("infinity", "Infinity"),
  str("minus-infinity", "-Infinity"),
  str("minus-zero-text", "-0"),
  str("1e308-text", "1e308"),
  str("1e309-text", "1e309"),
  str("2^53+1-text", "9007199254740993"),
  str("huge-integer-text", "99999999999999999999999999999999"),
  str("negative-text", "-1"),
  str("zero-text", "0"),
  str("hex-text", "0x1F"),
  str("fraction-text", "1.5"),
  str("padded-number", " 1 "),
  // URL-only: malformed or non-UTF-8 percent-encoding.
  url("bare-percent", "%"),
  url("bad-escape", "%zz"),
  url("short-escape", "%0"),
  url("invalid-utf8", "%FF%FE"),
  url("overlong-nul", "%C0%80"),
  url("truncated-utf8", "%E2%82"),
  url("double-encoded-nul", "%2500"),
  url("encoded-slash", "a%2Fb%2F..%2F.."),
  // JSON-only: numbers and shapes.
  json("1e308", "1e308"),
  json("minus-1e308", "-1e308"),
  json("1e309", "1e309"),
  json("minus-zero", "-0"),
  json("2^53+1", "9007199254740993"),
  json("huge-integer", "123456789012345678901234567890"),
  json("denormal", "5e-324"),
  json("max-double", "1.7976931348623157e308"),
  json("negative", "-1"),
  json("fraction", "0.1"),
  json("true", "true"),
  json("false", "false"),
  json("null", "null"),
  json("empty-array", "[]"),
  json("empty-object", "{}"),
  json("mixed-array", '[1,"a",null,{}]'),
  json("proto-object", '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
  json("nul-key", '{"\\u0000":1}'),
  json("surrogate-key", '{"a\\ud800":1}'),
  json("nested-31", nested(31)),
  json("nested-33", nested(33)),
  json("array-9999", `[${Array(9_999).fill(0).join(",")}]`),
  json("array-20000", `[${Array(20_000).fill(0).join(",")}]`),
];

/** Whole request bodies (raw text or bytes) sent to every route that takes a body. */
export interface HostileBody {
  readonly name: string;
  readonly body: string | Uint8Array | (() => ReadableStream<Uint8Array>);
  /** Content-Type to send; null for none. Default application/json. */
  readonly contentType?: string | null;
}

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

function chunked(total: number): () => ReadableStream<Uint8Array> {
  return () => {
    let sent = 0;
    const chunk = utf8(`[${"0,".repeat(32_767)}0]`.slice(0, 65_536));
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) {
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.byteLength;
      },
    });
  };
}

export const HOSTILE_BODIES: readonly HostileBody[] = [
  { name: "deep-array-100k", body: `${"[".repeat(100_000)}${"]".repeat(100_000)}` },
  { name: "deep-array-500k", body: `${"[".repeat(500_000)}${"]".repeat(500_000)}` },
  { name: "deep-object-50k", body: `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}` },
  { name: "deep-33", body: nested(33) },
  { name: "deep-in-string-ok", body: JSON.stringify({ a: "[".repeat(10_000) }) },
  { name: "many-values", body: `[${Array(200_000).fill(0).join(",")}]` },
  {
    name: "many-keys",
    body: `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":0`).join(",")}}`,
  },
  { name: "2mb-string", body: JSON.stringify("x".repeat(2 * 1_048_576)) },
  { name: "2mb-chunked", body: chunked(2 * 1_048_576) },
  { name: "combining-1mb", body: JSON.stringify(COMBINING_1MB) },
  { name: "combining-1mb-key", body: `{${JSON.stringify(COMBINING_1MB.slice(0, 400_000))}:1}` },
  { name: "not-json", body: "hello" },
  { name: "xml", body: "<?xml version='1.0'?><a/>" },
  { name: "truncated", body: '{"a":' },
  { name: "single-quotes", body: "{'a':1}" },
  { name: "nan-literal", body: '{"a":NaN}' },
  { name: "raw-nul", body: "\u0000" },
  { name: "raw-nul-in-string", body: '{"a":"x\u0000y"}' },
  { name: "nul-escape", body: '"\\u0000"' },
  { name: "nul-escape-field", body: '{"a":{"b":["ok","\\u0000"]}}' },
  { name: "lone-surrogate", body: '{"a":"\\ud800"}' },
  { name: "lone-surrogate-key", body: '{"\\udfff":"x"}' },
  {
    name: "invalid-utf8",
    body: Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  { name: "encoded-surrogate-utf8", body: Uint8Array.from([0x22, 0xed, 0xa0, 0x80, 0x22]) },
  { name: "bom", body: `\ufeff{}` },
  { name: "rtl", body: JSON.stringify({ "\u202e": "\u202e\u2066x" }) },
  { name: "huge-number", body: "1e309" },
  { name: "huge-integer", body: "123456789012345678901234567890" },
  { name: "numbers-array", body: "[1e308,-1e308,-0,5e-324]" },
  { name: "array", body: "[]" },
  { name: "array-of-object", body: '[{"a":1}]' },
  { name: "null", body: "null" },
  { name: "true", body: "true" },
  { name: "zero", body: "0" },
  { name: "string", body: '"x"' },
  { name: "empty", body: "" },
  { name: "whitespace", body: " \n\t " },
  { name: "proto", body: '{"__proto__":{"isAdmin":true}}' },
  // Content types.
  { name: "ct-text-plain", body: "{}", contentType: "text/plain" },
  { name: "ct-form", body: "a=1&b=%00", contentType: "application/x-www-form-urlencoded" },
  { name: "ct-multipart-no-boundary", body: "{}", contentType: "multipart/form-data" },
  {
    name: "ct-multipart-garbage",
    body: "--x\r\nnot a part\r\n--x--",
    contentType: "multipart/form-data; boundary=x",
  },
  { name: "ct-utf16", body: "{}", contentType: "application/json; charset=utf-16" },
  { name: "ct-upper", body: "{}", contentType: "APPLICATION/JSON" },
  { name: "ct-vendor", body: "{}", contentType: "application/vnd.api+json" },
  { name: "ct-jsonx", body: "{}", contentType: "application/jsonx" },
  {
    name: "ct-octet",
    body: Uint8Array.from([0, 1, 2, 255]),
    contentType: "application/octet-stream",
  },
  { name: "ct-empty", body: "{}", contentType: "" },
  { name: "ct-none", body: "{}", contentType: null },
  { name: "ct-list", body: "{}", contentType: "application/json, text/html" },
  { name: "ct-long", body: "{}", contentType: `application/json; x=${"y".repeat(8_000)}` },
];

/** mulberry32: a small seeded PRNG, so the sampling is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Schema = Record<string, any>;

/** The object schema inside `schema` (unwrapping unions and optionals), or null. */
export function objectSchema(schema: Schema | undefined): Schema | null {
  if (!schema || typeof schema !== "object") {
    return null;
  }
  if (schema.type === "object" && schema.properties) {
    return schema;
  }
  for (const option of schema.anyOf ?? schema.oneOf ?? []) {
    const found = objectSchema(option);
    if (found) {
      return found;
    }
  }
  return null;
}

/** A plausible valid value for `schema` (used where a baseline body lacks a field). */
export function sampleOf(schema: Schema | undefined): unknown {
  if (!schema) {
    return "x";
  }
  if (schema.const !== undefined) {
    return schema.const;
  }
  if (Array.isArray(schema.enum)) {
    return schema.enum[0];
  }
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options) && options.length > 0) {
    return sampleOf(options.find((o: Schema) => o.type !== "null") ?? options[0]);
  }
  const object = objectSchema(schema);
  if (object) {
    const out: Record<string, unknown> = {};
    for (const name of object.required ?? []) {
      out[name] = sampleOf(object.properties[name]);
    }
    return out;
  }
  switch (schema.type) {
    case "integer":
      return Math.max(1, schema.minimum ?? 1);
    case "number":
      return 1;
    case "boolean":
      return false;
    case "array":
      return [];
    case "null":
      return null;
    default:
      return schema.pattern === "^[A-Z]{3}$" ? "USD" : "x";
  }
}

/** Field paths of a body schema: every property, and the properties of nested objects. */
export function bodySlots(schema: Schema | undefined): string[][] {
  const object = objectSchema(schema);
  if (!object) {
    return [];
  }
  const slots: string[][] = [];
  for (const [name, prop] of Object.entries<Schema>(object.properties)) {
    slots.push([name]);
    const inner = objectSchema(prop);
    if (inner) {
      for (const sub of Object.keys(inner.properties)) {
        slots.push([name, sub]);
      }
    }
  }
  return slots;
}

const MARKER = "\u0001HOSTILE\u0001";

/**
 * The JSON text of `base` with the field at `slot` replaced by the raw JSON `raw` (parents that
 * `base` lacks are filled with sample values of the schema).
 */
export function withField(
  base: Record<string, unknown>,
  schema: Schema | undefined,
  slot: string[],
  raw: string,
): string {
  const body = structuredClone(base);
  let target: Record<string, unknown> = body;
  let at = objectSchema(schema);
  for (const name of slot.slice(0, -1)) {
    const propSchema = at?.properties?.[name];
    const existing = target[name];
    if (existing === null || typeof existing !== "object") {
      target[name] = sampleOf(objectSchema(propSchema) ?? propSchema);
    }
    target = target[name] as Record<string, unknown>;
    at = objectSchema(propSchema);
  }
  target[slot[slot.length - 1] as string] = MARKER;
  return JSON.stringify(body).replace(JSON.stringify(MARKER), raw);
}
