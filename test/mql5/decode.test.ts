import { describe, expect, test } from "bun:test";
import { decodeMql5 } from "../../ea-runtime/src/mql5/decode.ts";

const HINT = "save the file as UTF-8 or UTF-16 in MetaEditor";

function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

function utf16(s: string, order: "le" | "be", bom: boolean): Uint8Array {
  const bytes: number[] = bom ? (order === "le" ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (order === "le") {
      bytes.push(c & 0xff, c >> 8);
    } else {
      bytes.push(c >> 8, c & 0xff);
    }
  }
  return new Uint8Array(bytes);
}

const SOURCE = '//+---+\r\n// Привет, мир\r\nint OnInit() { Print("é€😀"); return 0; }\r\n';
const EXPECTED = '//+---+\n// Привет, мир\nint OnInit() { Print("é€😀"); return 0; }\n';

describe("decodeMql5: encodings", () => {
  test("UTF-8 without BOM", () => {
    expect(decodeMql5(utf8(SOURCE))).toEqual({ ok: true, text: EXPECTED });
  });

  test("UTF-8 with BOM: the BOM is dropped", () => {
    expect(decodeMql5(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(SOURCE)]))).toEqual({
      ok: true,
      text: EXPECTED,
    });
  });

  test("UTF-16LE with BOM", () => {
    expect(decodeMql5(utf16(SOURCE, "le", true))).toEqual({ ok: true, text: EXPECTED });
  });

  test("UTF-16LE without BOM is recognised by its zero high bytes", () => {
    expect(decodeMql5(utf16(SOURCE, "le", false))).toEqual({ ok: true, text: EXPECTED });
  });

  test("UTF-16LE without BOM, mostly Cyrillic comment but ASCII code", () => {
    const src = "// Это советник для торговли по тренду\nint x;\n";
    expect(decodeMql5(utf16(src, "le", false))).toEqual({ ok: true, text: src });
  });

  test("UTF-16BE with BOM, and without BOM", () => {
    expect(decodeMql5(utf16(SOURCE, "be", true))).toEqual({ ok: true, text: EXPECTED });
    expect(decodeMql5(utf16(SOURCE, "be", false))).toEqual({ ok: true, text: EXPECTED });
  });

  test("empty input and a lone BOM decode to empty text", () => {
    expect(decodeMql5(new Uint8Array([]))).toEqual({ ok: true, text: "" });
    expect(decodeMql5(new Uint8Array([0xef, 0xbb, 0xbf]))).toEqual({ ok: true, text: "" });
    expect(decodeMql5(new Uint8Array([0xff, 0xfe]))).toEqual({ ok: true, text: "" });
  });

  test("a non-BMP character in UTF-16 (surrogate pair) survives", () => {
    expect(decodeMql5(utf16('s="😀";', "le", true))).toEqual({ ok: true, text: 's="😀";' });
  });
});

describe("decodeMql5: line ends", () => {
  test("CRLF, lone CR and LF all become LF", () => {
    expect(decodeMql5(utf8("a\r\nb\rc\nd\r\n\r\ne\r"))).toEqual({
      ok: true,
      text: "a\nb\nc\nd\n\ne\n",
    });
  });

  test("CR CR LF is two line ends", () => {
    expect(decodeMql5(utf8("a\r\r\nb"))).toEqual({ ok: true, text: "a\n\nb" });
  });
});

describe("decodeMql5: invalid text", () => {
  test("an ANSI (Windows-1251) file is not valid UTF-8", () => {
    // "int x; // Привет" in Windows-1251
    const bytes = new Uint8Array([...utf8("int x; // "), 0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);
    expect(decodeMql5(bytes)).toEqual({
      ok: false,
      error: `the source is not valid UTF-8 (invalid byte sequence at byte offset 10); ${HINT}`,
    });
  });

  test("a truncated sequence at the end, an overlong encoding, an encoded surrogate", () => {
    expect(decodeMql5(new Uint8Array([0x61, 0x62, 0xe2, 0x82]))).toEqual({
      ok: false,
      error: `the source is not valid UTF-8 (invalid byte sequence at byte offset 2); ${HINT}`,
    });
    expect(decodeMql5(new Uint8Array([0x61, 0xc0, 0x80]))).toEqual({
      ok: false,
      error: `the source is not valid UTF-8 (invalid byte sequence at byte offset 1); ${HINT}`,
    });
    expect(decodeMql5(new Uint8Array([0x20, 0x20, 0x20, 0xed, 0xa0, 0x80]))).toEqual({
      ok: false,
      error: `the source is not valid UTF-8 (invalid byte sequence at byte offset 3); ${HINT}`,
    });
  });

  test("the offset counts the UTF-8 BOM", () => {
    expect(decodeMql5(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xff]))).toEqual({
      ok: false,
      error: `the source is not valid UTF-8 (invalid byte sequence at byte offset 4); ${HINT}`,
    });
  });

  test("a NUL character in UTF-8 is refused with its line and column", () => {
    expect(decodeMql5(utf8("int a;\r\nint b\0;"))).toEqual({
      ok: false,
      error:
        "the source contains a NUL character at line 2, column 6; it is not a text file or its encoding is not UTF-8 or UTF-16",
    });
  });

  test("a stray zero byte in a UTF-8 file is not mistaken for UTF-16", () => {
    expect(decodeMql5(utf8("a\nb\0c"))).toEqual({
      ok: false,
      error:
        "the source contains a NUL character at line 2, column 2; it is not a text file or its encoding is not UTF-8 or UTF-16",
    });
  });

  test("a NUL character in UTF-16 is refused", () => {
    expect(decodeMql5(utf16("ab\0", "le", true))).toEqual({
      ok: false,
      error:
        "the source contains a NUL character at line 1, column 3; it is not a text file or its encoding is not UTF-8 or UTF-16",
    });
  });

  test("UTF-16 with an odd number of bytes", () => {
    expect(decodeMql5(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x62]))).toEqual({
      ok: false,
      error:
        "the source looks like UTF-16LE with byte order mark FF FE but has an odd number of bytes (truncated?)",
    });
    expect(decodeMql5(new Uint8Array([0x69, 0, 0x6e, 0, 0x74, 0, 0x20]))).toEqual({
      ok: false,
      error:
        "the source looks like UTF-16LE without byte order mark but has an odd number of bytes (truncated?)",
    });
  });

  test("UTF-16 with an unpaired surrogate", () => {
    expect(decodeMql5(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x00, 0xd8, 0x62, 0x00]))).toEqual({
      ok: false,
      error: `the source is not valid UTF-16LE with byte order mark FF FE: unpaired surrogate; ${HINT}`,
    });
    expect(decodeMql5(new Uint8Array([0xfe, 0xff, 0xdc, 0x00]))).toEqual({
      ok: false,
      error: `the source is not valid UTF-16BE with byte order mark FE FF: unpaired surrogate; ${HINT}`,
    });
  });

  test("random bytes never throw and always give a result", () => {
    let seed = 42;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let i = 0; i < 2000; i++) {
      const bytes = new Uint8Array(next() % 300);
      for (let k = 0; k < bytes.length; k++) {
        bytes[k] = next() & 0xff;
      }
      const r = decodeMql5(bytes);
      if (r.ok) {
        expect(r.text.includes("\0") || r.text.includes("\r")).toBe(false);
      } else {
        expect(r.error.length).toBeGreaterThan(0);
      }
    }
  });
});
