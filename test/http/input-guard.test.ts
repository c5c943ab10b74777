// The pure guards of src/http/input-guard.ts: the JSON shape scan, the string check with its
// field paths, the URL check, and the multipart parser.
import { describe, expect, test } from "bun:test";
import type { AppError } from "../../src/domain/errors.ts";
import {
  checkJsonShape,
  checkRequestUrl,
  decodeUtf8,
  findUnsafeString,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  parseJsonBody,
  parseMultipartBody,
  readBodyBytes,
} from "../../src/http/input-guard.ts";

const failure = (fn: () => unknown): AppError | null => {
  try {
    fn();
    return null;
  } catch (err) {
    return err as AppError;
  }
};

describe("checkJsonShape", () => {
  test(`nesting up to ${MAX_JSON_DEPTH} passes, deeper is 400`, () => {
    const nested = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(failure(() => checkJsonShape(nested(MAX_JSON_DEPTH)))).toBeNull();
    const err = failure(() => checkJsonShape(nested(MAX_JSON_DEPTH + 1)));
    expect(err?.status).toBe(400);
    expect(err?.code).toBe("VALIDATION_ERROR");
    expect(err?.message).toContain("nested deeper");
    expect(failure(() => checkJsonShape(`${'{"a":'.repeat(40)}1${"}".repeat(40)}`))?.status).toBe(
      400,
    );
  });

  test("brackets inside strings do not count, escaped quotes do not end a string", () => {
    expect(failure(() => checkJsonShape(JSON.stringify({ a: "[".repeat(10_000) })))).toBeNull();
    expect(
      failure(() => checkJsonShape(JSON.stringify({ a: 'x\\"[[[[\\\\', b: "{{{{" }))),
    ).toBeNull();
    // An escaped backslash before the quote closes the string: the brackets after it count.
    const text = `{"a":"x\\\\",${"[".repeat(40)}${"]".repeat(40)}}`;
    expect(failure(() => checkJsonShape(text))?.status).toBe(400);
  });

  test(`more than ${MAX_JSON_VALUES} values is 400; malformed text is left to JSON.parse`, () => {
    expect(
      failure(() =>
        checkJsonShape(
          `[${Array(MAX_JSON_VALUES - 1)
            .fill(0)
            .join(",")}]`,
        ),
      ),
    ).toBeNull();
    const err = failure(() =>
      checkJsonShape(
        `[${Array(MAX_JSON_VALUES + 1)
          .fill(0)
          .join(",")}]`,
      ),
    );
    expect(err?.message).toContain("more than");
    expect(failure(() => checkJsonShape('{"a":"unterminated'))).toBeNull();
  });

  test("1 MB of brackets is refused in about a millisecond", () => {
    const text = `${"[".repeat(500_000)}${"]".repeat(500_000)}`;
    const started = performance.now();
    expect(failure(() => checkJsonShape(text))?.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("strings Postgres cannot store", () => {
  test("findUnsafeString names the path of a NUL or lone surrogate, in keys and values", () => {
    expect(findUnsafeString({ a: "ok", b: ["x", { c: "\u0000" }] })).toBe("b[1].c");
    expect(findUnsafeString({ a: { "k\ud800": 1 } })).toBe("a.k\ufffd");
    expect(findUnsafeString({ "\u0000": 1 })).toBe("\\u0000");
    expect(findUnsafeString(["\udc00"])).toBe("[0]");
    expect(findUnsafeString({ ok: "😀 \u202e ok", n: 1, z: null })).toBeNull();
  });

  test("parseJsonBody: 400 naming the field; well-formed pairs pass", () => {
    const err = failure(() => parseJsonBody('{"label":"a\\u0000b"}'));
    expect(err?.status).toBe(400);
    expect(err?.details).toEqual({ field: "label", in: "body" });
    expect(failure(() => parseJsonBody('{"a":{"b":"\\ud800"}}'))?.details).toEqual({
      field: "a.b",
      in: "body",
    });
    expect(parseJsonBody('{"a":"\\ud83d\\ude00"}')).toEqual({ a: "😀" });
  });

  test("parseJsonBody: only objects (or null) are bodies; malformed JSON says so", () => {
    for (const text of ['"x"', "1", "true", "[]", "[{}]"]) {
      expect(failure(() => parseJsonBody(text))?.message).toBe(
        "Invalid 'body': Expected a JSON object",
      );
    }
    expect(parseJsonBody("null")).toBeNull();
    expect(failure(() => parseJsonBody("{"))?.message).toContain("Malformed JSON");
  });

  test("decodeUtf8 refuses invalid UTF-8 (an encoded surrogate too)", () => {
    expect(failure(() => decodeUtf8(Uint8Array.from([0x22, 0xff, 0x22])))?.status).toBe(400);
    expect(failure(() => decodeUtf8(Uint8Array.from([0xed, 0xa0, 0x80])))?.status).toBe(400);
    expect(decodeUtf8(new TextEncoder().encode("é😀"))).toBe("é😀");
  });
});

describe("checkRequestUrl", () => {
  const at = (url: string) => failure(() => checkRequestUrl(`http://localhost${url}`));

  test("plain and well-encoded URLs pass", () => {
    for (const url of ["/api/accounts", "/api/a%20b?x=%C3%A9&y=1+2", "/a?b", "/a?=%41&&"]) {
      expect(at(url)).toBeNull();
    }
  });

  test("NUL, bad escapes and non-UTF-8 bytes in the path are 400 in: path", () => {
    for (const url of ["/api/accounts/%00", "/api/%zz", "/api/%", "/api/%FF", "/api/%ED%A0%80"]) {
      expect(at(url)?.details).toEqual({ field: "path", in: "path" });
    }
  });

  test("in the query they name the parameter", () => {
    expect(at("/a?symbols=%00")?.details).toEqual({ field: "symbols", in: "query" });
    expect(at("/a?ok=1&from=%E2%82")?.details).toEqual({ field: "from", in: "query" });
    expect(at("/a?%FF=1")?.details).toEqual({ field: "query", in: "query" });
  });
});

describe("bodies", () => {
  test("readBodyBytes stops a chunked body at the limit", async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    const err = await readBodyBytes(request, 10_000).catch((e: AppError) => e);
    expect((err as AppError).status).toBe(413);
  });

  test("parseMultipartBody keeps text fields as text and checks names", async () => {
    const form = new FormData();
    form.append("file", new File(["x"], "a.js"));
    form.append("name", '{"not":"parsed"}');
    const res = new Response(form);
    const type = res.headers.get("content-type") ?? ""; // (read before the body, in Bun)
    const bytes = new Uint8Array(await res.arrayBuffer());
    const body = await parseMultipartBody(bytes, type);
    expect(body.name).toBe('{"not":"parsed"}');
    expect(body.file).toBeInstanceOf(File);

    const bad = new FormData();
    bad.append("name", "a\u0000b");
    const badRes = new Response(bad);
    const badType = badRes.headers.get("content-type") ?? "";
    const err = await parseMultipartBody(new Uint8Array(await badRes.arrayBuffer()), badType).catch(
      (e: AppError) => e,
    );
    expect((err as AppError).details).toEqual({ field: "name", in: "body" });
    const garbage = await parseMultipartBody(
      new TextEncoder().encode("nope"),
      "multipart/form-data; boundary=x",
    ).catch((e: AppError) => e);
    expect((garbage as AppError).status).toBe(400);
  });
});
