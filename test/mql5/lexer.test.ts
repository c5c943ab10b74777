/**
 * MQL5 lexer: every literal form with its decoded value, punctuators by longest match,
 * positions mapped through the preprocessor's line origins, and diagnostics (never throws).
 */

import { describe, expect, test } from "bun:test";
import { DiagnosticBag, formatDiagnostic } from "../../ea-runtime/src/mql5/diagnostics.ts";
import { lex } from "../../ea-runtime/src/mql5/lexer.ts";
import type { Token } from "../../ea-runtime/src/mql5/tokens.ts";

function run(src: string, origins: { file: string; line: number }[] = []) {
  const bag = new DiagnosticBag();
  const tokens = lex(src, origins, bag);
  return { tokens, diags: bag.items.map(formatDiagnostic), bag };
}

/** The tokens before eof as [kind, text, value?]. */
function kinds(src: string): unknown[][] {
  const { tokens, diags } = run(src);
  expect(diags).toEqual([]);
  expect(tokens[tokens.length - 1]?.kind).toBe("eof");
  return tokens
    .slice(0, -1)
    .map((t) => (t.value === undefined ? [t.kind, t.text] : [t.kind, t.text, t.value]));
}

/** Value of the single literal token of `src`. */
function value(src: string): Token["value"] {
  const { tokens, diags } = run(src);
  expect(diags).toEqual([]);
  expect(tokens).toHaveLength(2);
  return tokens[0]?.value;
}

describe("identifiers and punctuation", () => {
  test("identifiers: letters, digits, underscore; keywords are plain idents", () => {
    expect(kinds("int _a1 OnTick class CFoo_2")).toEqual([
      ["ident", "int"],
      ["ident", "_a1"],
      ["ident", "OnTick"],
      ["ident", "class"],
      ["ident", "CFoo_2"],
    ]);
  });

  test("punctuators by longest match", () => {
    const src = ":: -> ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^= <<= >>= ...";
    expect(kinds(src).map((t) => t[1])).toEqual(src.split(" "));
    expect(kinds("{}()[];,.?:~!+-*/%&|^< >=#").map((t) => t[1])).toEqual(
      "{ } ( ) [ ] ; , . ? : ~ ! + - * / % & | ^ < >= #".split(" "),
    );
    expect(kinds("a<<=b>>c>=d->e::f...g").map((t) => t[1])).toEqual([
      "a",
      "<<=",
      "b",
      ">>",
      "c",
      ">=",
      "d",
      "->",
      "e",
      "::",
      "f",
      "...",
      "g",
    ]);
    expect(kinds("x+++y").map((t) => t[1])).toEqual(["x", "++", "+", "y"]);
  });

  test("spaceBefore marks whitespace, line breaks and comments before a token", () => {
    const { tokens } = run("a>>b > >c/**/d\ne");
    expect(tokens.map((t) => [t.text, t.spaceBefore])).toEqual([
      ["a", false],
      [">>", false],
      ["b", false],
      [">", true],
      [">", true],
      ["c", false],
      ["d", true],
      ["e", true],
      ["", false],
    ]);
  });

  test("locations: origin file and line, 1-based column in the text line", () => {
    const { tokens } = run("int x;\n  y = 1;\nz", [
      { file: "a.mqh", line: 10 },
      { file: "b.mq5", line: 3 },
    ]);
    expect(tokens.map((t) => `${t.loc.file}:${t.loc.line}:${t.loc.col} ${t.text}`)).toEqual([
      "a.mqh:10:1 int",
      "a.mqh:10:5 x",
      "a.mqh:10:6 ;",
      "b.mq5:3:3 y",
      "b.mq5:3:5 =",
      "b.mq5:3:7 1",
      "b.mq5:3:8 ;",
      "<source>:3:1 z",
      "<source>:3:2 ",
    ]);
  });

  test("comments are skipped (line and block, across lines)", () => {
    const { tokens } = run("a // one\nb /* two\nthree */ c\n/* x */d");
    expect(tokens.map((t) => `${t.loc.line}:${t.loc.col} ${t.text}`)).toEqual([
      "1:1 a",
      "2:1 b",
      "3:10 c",
      "4:8 d",
      "4:9 ",
    ]);
  });

  test("a trailing // comment is kept on the line's last token", () => {
    const { tokens } = run("input int X = 5; // Period of the MA\nint y; //\n");
    expect(tokens[5]?.text).toBe(";");
    expect(tokens[5]?.trailingComment).toBe("Period of the MA");
    expect(tokens.filter((t) => t.trailingComment !== undefined)).toHaveLength(1);
  });

  test("CRLF line endings and backslash line continuation", () => {
    const { tokens, diags } = run("a\r\nb \\\nc");
    expect(diags).toEqual([]);
    expect(tokens.map((t) => `${t.loc.line}:${t.loc.col} ${t.text}`)).toEqual([
      "1:1 a",
      "2:1 b",
      "3:1 c",
      "3:2 ",
    ]);
  });

  test("empty input gives one eof token", () => {
    const { tokens } = run("");
    expect(tokens).toEqual([
      { kind: "eof", text: "", loc: { file: "<source>", line: 1, col: 1 }, spaceBefore: false },
    ]);
  });
});

describe("numbers", () => {
  test("decimal and hex integers with suffixes, exact as bigint", () => {
    expect(kinds("0 123 0x1F 0XffU 10ul 5LL 7ull 3u 4L 8Ull 010")).toEqual([
      ["int", "0", 0n],
      ["int", "123", 123n],
      ["int", "0x1F", 31n],
      ["int", "0XffU", 255n],
      ["int", "10ul", 10n],
      ["int", "5LL", 5n],
      ["int", "7ull", 7n],
      ["int", "3u", 3n],
      ["int", "4L", 4n],
      ["int", "8Ull", 8n],
      ["int", "010", 10n],
    ]);
  });

  test("64-bit limits are exact", () => {
    expect(value("0xFFFFFFFFFFFFFFFF")).toBe(18446744073709551615n);
    expect(value("18446744073709551615")).toBe(18446744073709551615n);
    expect(value("9223372036854775807")).toBe(9223372036854775807n);
    expect(value("9223372036854775808")).toBe(9223372036854775808n);
  });

  test("a decimal literal that overflows ulong is an error", () => {
    const { diags, tokens } = run("x = 18446744073709551616;");
    expect(diags).toEqual([
      "<source>:1:5: integer constant 18446744073709551616 is too large for ulong",
    ]);
    expect(tokens[2]?.kind).toBe("int");
    const hex = run("0x1FFFFFFFFFFFFFFFF");
    expect(hex.diags).toEqual([
      "<source>:1:1: integer constant 0x1FFFFFFFFFFFFFFFF is too large for ulong",
    ]);
  });

  test("floats: 1.5 .5 2. 1e-3 1.5e+10 2.5f 1E5 3.f", () => {
    expect(kinds("1.5 .5 2. 1e-3 1.5e+10 2.5f 1E5 3.f")).toEqual([
      ["float", "1.5", 1.5],
      ["float", ".5", 0.5],
      ["float", "2.", 2],
      ["float", "1e-3", 0.001],
      ["float", "1.5e+10", 15000000000],
      ["float", "2.5f", 2.5],
      ["float", "1E5", 100000],
      ["float", "3.f", 3],
    ]);
  });

  test("member access after an index is not a float", () => {
    expect(kinds("a[2].x").map((t) => t[1])).toEqual(["a", "[", "2", "]", ".", "x"]);
  });

  test("bad suffixes are errors", () => {
    expect(run("12abc 1.5x 5f 0x").diags).toEqual([
      "<source>:1:1: invalid suffix 'abc' on integer constant",
      "<source>:1:7: invalid suffix 'x' on floating constant",
      "<source>:1:12: invalid suffix 'f' on integer constant",
      "<source>:1:15: hexadecimal constant has no digits",
    ]);
  });
});

describe("strings and characters", () => {
  test("string escapes are decoded", () => {
    expect(value(String.raw`"a\nb\t\r\\\"\'\0\x41\u00e9"`)).toBe("a\nb\t\r\\\"'\0Aé");
    expect(kinds(`"x" "y"`)).toEqual([
      ["string", "x", "x"],
      ["string", "y", "y"],
    ]);
  });

  test("\\x takes 1 to 4 hex digits (MQL5)", () => {
    expect(value(String.raw`"Queen\x2660Ace"`)).toBe("Queen\u2660Ace");
    expect(value(String.raw`"\x41"`)).toBe("A");
  });

  test("unterminated string is a diagnostic; lexing goes on at the next line", () => {
    const { diags, tokens } = run('s = "abc\nx;');
    expect(diags).toEqual(["<source>:1:5: unterminated string literal"]);
    expect(tokens.map((t) => t.text)).toEqual(["s", "=", "abc", "x", ";", ""]);
  });

  test("unknown escape is a warning and keeps the character", () => {
    const { tokens, bag } = run(String.raw`"\q"`);
    expect(tokens[0]?.value).toBe("q");
    expect(bag.items.map((d) => [d.severity, d.message])).toEqual([
      ["warning", "unknown escape sequence '\\q'"],
    ]);
  });

  test("character literals are code units", () => {
    // (no String.raw around non-ASCII text: Bun's transpiler escapes it)
    expect(
      kinds(`${String.raw`'a' '\n' '\x41' '\'' '\\' '0'`} 'é' ${String.raw`'\x263A'`}`),
    ).toEqual([
      ["char", "'a'", 97n],
      ["char", String.raw`'\n'`, 10n],
      ["char", String.raw`'\x41'`, 65n],
      ["char", String.raw`'\''`, 39n],
      ["char", String.raw`'\\'`, 92n],
      ["char", "'0'", 48n],
      ["char", "'é'", 233n],
      ["char", String.raw`'\x263A'`, 0x263an],
    ]);
  });

  test("bad character literals", () => {
    expect(run("'' 'ab' 'x").diags).toEqual([
      "<source>:1:1: empty character constant",
      "<source>:1:4: multi-character character constant",
      "<source>:1:9: unterminated character constant",
    ]);
  });
});

describe("colour and datetime literals", () => {
  test("colour literals: decimal and hex triplets, 0xRRGGBB", () => {
    expect(value("C'128,0,255'")).toBe(0xff0080n);
    expect(value("C'0x80,0x00,0xFF'")).toBe(0xff0080n);
    expect(value("C'0x00, 0x80, 0xFF'")).toBe(0xff8000n);
    expect(value("C'0x00FF00'")).toBe(0x00ff00n);
    expect(value("C'0xFF0000'")).toBe(0x0000ffn);
    expect(value("C'255,255,255'")).toBe(0xffffffn);
    expect(kinds("C'1,2,3'")).toEqual([["color", "C'1,2,3'", 0x030201n]]);
  });

  test("C and D stay identifiers when no quote follows", () => {
    expect(kinds("C D C1 D_ Cx")).toEqual([
      ["ident", "C"],
      ["ident", "D"],
      ["ident", "C1"],
      ["ident", "D_"],
      ["ident", "Cx"],
    ]);
  });

  test("bad colour literal", () => {
    expect(run("C'1,2'").diags).toEqual(["<source>:1:1: invalid colour literal C'1,2'"]);
    expect(run("C'1,2").diags).toEqual(["<source>:1:1: unterminated colour literal"]);
  });

  test("datetime literals: Unix seconds", () => {
    expect(value("D'2024.01.31 12:30:45'")).toBe(1706704245n);
    expect(value("D'2024.01.31 12:30'")).toBe(1706704200n);
    expect(value("D'2024.01.31'")).toBe(1706659200n);
    expect(value("D'1980.07.19 12:30:27'")).toBe(332857827n);
    expect(value("D'19.07.1980 12:30:27'")).toBe(332857827n);
    expect(value("D'19.07.1980 12'")).toBe(332856000n);
    expect(value("D'1970.01.01 00:00'")).toBe(0n);
  });

  test("time-only datetime is dated 1970.01.01 with a warning", () => {
    const { tokens, bag } = run("D'12:30'");
    expect(tokens[0]?.value).toBe(45000n);
    expect(bag.hasErrors).toBe(false);
    expect(bag.items.map(formatDiagnostic)).toEqual([
      "<source>:1:1: datetime literal D'12:30' has no date: 1970.01.01 is used (MetaEditor uses the compilation date)",
    ]);
  });

  test("out-of-range dates normalise like MetaEditor (with a warning)", () => {
    const feb30 = run("D'2021.02.30'");
    expect(feb30.tokens[0]?.value).toBe(1614643200n);
    const mon22 = run("D'2021.22.01'");
    expect(mon22.tokens[0]?.value).toBe(1664582400n);
    expect(mon22.bag.hasErrors).toBe(false);
    expect(mon22.bag.items).toHaveLength(1);
  });

  test("bad datetime literal", () => {
    expect(run("D'2024-01-31'").diags).toEqual([
      "<source>:1:1: invalid datetime literal D'2024-01-31'",
    ]);
  });
});

describe("errors", () => {
  test("unknown characters are reported and skipped", () => {
    const { tokens, diags } = run("a @ b $c");
    expect(diags).toEqual([
      "<source>:1:3: unexpected character '@' (U+0040)",
      "<source>:1:7: unexpected character '$' (U+0024)",
    ]);
    expect(tokens.map((t) => t.text)).toEqual(["a", "b", "c", ""]);
  });

  test("unterminated block comment", () => {
    expect(run("a /* b").diags).toEqual(["<source>:1:3: unterminated comment"]);
  });

  test("random input never throws and ends with eof", () => {
    let seed = 12345;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const alphabet = "aZ_09xXeE.+-*/%<>=!&|^~?:;,(){}[]#\"'\\ \n\tCD@$`\u00e9\u2660";
    for (let k = 0; k < 200; k++) {
      let s = "";
      const len = rnd() % 200;
      for (let i = 0; i < len; i++) {
        s += alphabet[rnd() % alphabet.length];
      }
      const { tokens } = run(s);
      expect(tokens[tokens.length - 1]?.kind).toBe("eof");
    }
  });
});
