// Hostile-input guards applied to every request before any route code sees it: bounded body
// reading (also for chunked bodies without Content-Length), strict UTF-8, JSON nesting and size
// bounds checked by one linear scan before JSON.parse, and no NUL characters or unpaired UTF-16
// surrogates in any string that could reach the database (Postgres rejects NUL in text/jsonb,
// and a lone surrogate cannot be encoded) — in JSON bodies (keys and values, at any depth),
// multipart fields and file names, path segments and query strings.
//
// Why the bounds matter: Elysia renders every validation failure by JSON.stringify(value, null,
// 2) of the whole body, which is quadratic in the nesting depth (a 200 KB `[[[[…` body took
// seconds of the API thread, and 30,000 levels ran out of memory and answered 500).
import { AppError } from "../domain/errors.ts";

/** Deepest JSON nesting accepted (objects and arrays); no request schema needs more than 4. */
export const MAX_JSON_DEPTH = 32;
/** Most values (array items, object members, nested containers) in one JSON body. */
export const MAX_JSON_VALUES = 10_000;
/** Most parts in one multipart body. */
export const MAX_MULTIPART_PARTS = 64;

const BAD_STRING_MESSAGE = "must not contain NUL characters or unpaired UTF-16 surrogates";

const tooLarge = (limit: number): AppError =>
  new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds the limit of ${limit} bytes`);

/** True when `s` holds a NUL or an unpaired surrogate (what Postgres cannot store). */
export function isUnsafeString(s: string): boolean {
  return s.includes("\u0000") || !s.isWellFormed();
}

/** A path segment that is safe to echo in an error message. */
function printable(segment: string): string {
  return segment.replaceAll("\u0000", "\\u0000").toWellFormed();
}

const fieldError = (field: string, where: string, message: string): AppError =>
  new AppError("VALIDATION_ERROR", `Invalid '${field}': ${message}`, { field, in: where });

/**
 * Reads the whole body, refusing more than `limit` bytes: with Content-Length (already checked
 * against the limit) in one read; without it (chunked) chunk by chunk, stopping at the limit.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  if (request.headers.has("content-length")) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > limit) {
      throw tooLarge(limit);
    }
    return bytes;
  }
  const stream = request.body;
  if (!stream) {
    return new Uint8Array(0);
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) {
    return chunks[0];
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Strict UTF-8 (RFC 8259 §8.1): invalid byte sequences are a 400, not silently replaced. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError("VALIDATION_ERROR", "Request body is not valid UTF-8", { in: "body" });
  }
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const COMMA = 44;

/**
 * One linear pass over JSON text, before it is parsed: refuses nesting deeper than
 * MAX_JSON_DEPTH and more than MAX_JSON_VALUES values. Brackets inside strings do not count.
 * Malformed text is left to JSON.parse.
 */
export function checkJsonShape(text: string): void {
  let depth = 0;
  let values = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: the next quote not escaped by an odd run of backslashes.
      let j = text.indexOf('"', i + 1);
      for (;;) {
        if (j === -1) {
          return; // unterminated: JSON.parse reports it
        }
        let k = j - 1;
        while (text.charCodeAt(k) === BACKSLASH) {
          k--;
        }
        if ((j - 1 - k) % 2 === 0) {
          break;
        }
        j = text.indexOf('"', j + 1);
      }
      i = j + 1;
      continue;
    }
    if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++;
      values++;
      if (depth > MAX_JSON_DEPTH) {
        throw new AppError(
          "VALIDATION_ERROR",
          `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`,
          { in: "body", max_depth: MAX_JSON_DEPTH },
        );
      }
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (c === COMMA) {
      values++;
    } else {
      i++;
      continue;
    }
    if (values > MAX_JSON_VALUES) {
      throw new AppError("VALIDATION_ERROR", `JSON body has more than ${MAX_JSON_VALUES} values`, {
        in: "body",
        max_values: MAX_JSON_VALUES,
      });
    }
    i++;
  }
}

/**
 * The path (`a.b[2]`) of the first string — object key or value, at any depth — holding a NUL
 * or an unpaired surrogate, or null. Depth is bounded by checkJsonShape.
 */
export function findUnsafeString(value: unknown, path = ""): string | null {
  if (typeof value === "string") {
    return isUnsafeString(value) ? path : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeString(value[i], `${path}[${i}]`);
      if (found !== null) {
        return found;
      }
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const child = path === "" ? printable(key) : `${path}.${printable(key)}`;
      if (isUnsafeString(key)) {
        return child;
      }
      const found = findUnsafeString(item, child);
      if (found !== null) {
        return found;
      }
    }
  }
  return null;
}

/** Parses a JSON request body within the bounds above; every failure is a 400. */
export function parseJsonBody(text: string): unknown {
  checkJsonShape(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AppError("VALIDATION_ERROR", `Malformed JSON body: ${(err as Error).message}`);
  }
  // Every JSON body of this API is an object. Anything else is refused here: the framework
  // merges schema defaults into the body with Object.assign, which spreads a 1 MB string into a
  // million properties (seconds of validation and error rendering).
  if (value !== null && (typeof value !== "object" || Array.isArray(value))) {
    throw fieldError("body", "body", "Expected a JSON object");
  }
  // Strings without a `\u` escape cannot hold NUL (raw control characters are not JSON) nor a
  // lone surrogate (the text was decoded as strict UTF-8): skip the walk for them.
  if (text.includes("\\u")) {
    const path = findUnsafeString(value);
    if (path !== null) {
      throw fieldError(path === "" ? "body" : path, "body", BAD_STRING_MESSAGE);
    }
  }
  return value;
}

const DANGEROUS_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Parses a multipart body (already read within the limit) into `{ field: value }` — a value is
 * a string or a File, or an array of them for a repeated field. Unlike the framework's parser it
 * never JSON-parses text fields. Strings and file names are checked like JSON strings.
 */
export async function parseMultipartBody(
  bytes: Uint8Array,
  contentType: string,
): Promise<Record<string, unknown>> {
  let form: Awaited<ReturnType<Response["formData"]>>;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("VALIDATION_ERROR", "Malformed multipart body", { in: "body" });
  }
  const grouped = new Map<string, Array<string | File>>();
  let parts = 0;
  for (const [key, value] of form.entries()) {
    parts++;
    if (parts > MAX_MULTIPART_PARTS) {
      throw new AppError(
        "VALIDATION_ERROR",
        `Multipart body has more than ${MAX_MULTIPART_PARTS} parts`,
        { in: "body", max_parts: MAX_MULTIPART_PARTS },
      );
    }
    if (isUnsafeString(key)) {
      throw fieldError(printable(key), "body", BAD_STRING_MESSAGE);
    }
    const text = typeof value === "string" ? value : value.name;
    if (isUnsafeString(text)) {
      throw fieldError(key, "body", BAD_STRING_MESSAGE);
    }
    if (DANGEROUS_KEYS.has(key)) {
      continue;
    }
    const list = grouped.get(key);
    if (list) {
      list.push(value);
    } else {
      grouped.set(key, [value]);
    }
  }
  const body: Record<string, unknown> = {};
  for (const [key, values] of grouped) {
    body[key] = values.length === 1 ? values[0] : values;
  }
  return body;
}

/** Decodes one percent-encoded URL component; null when it is malformed or not UTF-8. */
function decodeComponent(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Checks the path and query of a request URL: malformed percent-encoding, encoded bytes that
 * are not UTF-8, and encoded NUL characters are refused with 400 naming the part (the query
 * parameter's name where it can). Lone surrogates cannot come out of a URL (they would be
 * invalid UTF-8). Costs one indexOf on URLs without `%`.
 */
export function checkRequestUrl(url: string): void {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1 || url.indexOf("%", start) === -1) {
    return;
  }
  const q = url.indexOf("?", start);
  const path = q === -1 ? url.slice(start) : url.slice(start, q);
  if (path.includes("%")) {
    const decoded = decodeComponent(path);
    if (decoded === null || decoded.includes("\u0000")) {
      throw fieldError(
        "path",
        "path",
        "malformed percent-encoding, bytes that are not UTF-8, or a NUL character",
      );
    }
  }
  if (q === -1) {
    return;
  }
  for (const pair of url.slice(q + 1).split("&")) {
    if (!pair.includes("%")) {
      continue;
    }
    const eq = pair.indexOf("=");
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const name = decodeComponent(rawName.replaceAll("+", " "));
    const value = eq === -1 ? "" : decodeComponent(pair.slice(eq + 1).replaceAll("+", " "));
    if (name === null || value === null || name.includes("\u0000") || value.includes("\u0000")) {
      const field = name === null || name.includes("\u0000") ? "query" : name;
      throw fieldError(
        field,
        "query",
        "malformed percent-encoding, bytes that are not UTF-8, or a NUL character",
      );
    }
  }
}
