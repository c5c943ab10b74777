import { describe, expect, test } from "bun:test";
import {
  type IncludeResolver,
  type PreprocessResult,
  preprocess,
  type SourceText,
} from "../../ea-runtime/src/mql5/preprocess.ts";

/** 2023-11-14 22:13:20 UTC */
const NOW = 1_700_000_000;

interface Call {
  name: string;
  from: string;
  system: boolean;
}

/** A Map-backed resolver: the key is the name exactly as the preprocessor passes it. */
function mapResolver(files: Record<string, string>, calls: Call[] = []): IncludeResolver {
  const map = new Map(Object.entries(files));
  return {
    resolve(name: string, from: string, system: boolean): SourceText | undefined {
      calls.push({ name, from, system });
      const text = map.get(name);
      return text === undefined ? undefined : { file: name, text };
    },
  };
}

function run(
  text: string,
  files: Record<string, string> = {},
  opts: { file?: string; now?: number; build?: number; calls?: Call[] } = {},
): PreprocessResult {
  return preprocess({
    main: { file: opts.file ?? "main.mq5", text },
    resolver: mapResolver(files, opts.calls),
    now: opts.now ?? NOW,
    ...(opts.build === undefined ? {} : { build: opts.build }),
  });
}

/** Output lines as `file:line|text`. */
function view(r: PreprocessResult): string[] {
  const lines = r.text.split("\n");
  expect(lines.length).toBe(r.origins.length);
  return lines.map((l, i) => `${r.origins[i]?.file}:${r.origins[i]?.line}|${l}`);
}

function diags(r: PreprocessResult): string[] {
  return r.diagnostics.map(
    (d) => `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity}: ${d.message}`,
  );
}

/** Output with the blank lines removed and each line trimmed: for macro results. */
function code(r: PreprocessResult): string[] {
  return r.text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
}

describe("line structure and origins", () => {
  test("text without directives passes through unchanged, one origin per line", () => {
    const src = "int a;\n\tdouble b = 1.5;\n\nvoid OnTick() {}\n";
    const r = run(src);
    expect(r.text).toBe(src);
    expect(r.origins).toEqual([
      { file: "main.mq5", line: 1 },
      { file: "main.mq5", line: 2 },
      { file: "main.mq5", line: 3 },
      { file: "main.mq5", line: 4 },
      { file: "main.mq5", line: 5 },
    ]);
    expect(r.diagnostics).toEqual([]);
    expect(r.includes).toEqual([]);
    expect(r.properties).toEqual([]);
  });

  test("directive lines and their continuation lines become empty lines", () => {
    const r = run(
      "#define SUM(a, b) \\\n  ((a) + \\\n   (b))\nint x = SUM(1, 2);\n#undef SUM\nend",
    );
    expect(view(r)).toEqual([
      "main.mq5:1|",
      "main.mq5:2|",
      "main.mq5:3|",
      "main.mq5:4|int x = ((1) + (2));",
      "main.mq5:5|",
      "main.mq5:6|end",
    ]);
  });

  test("a continuation backslash on the last line continues nothing", () => {
    const r = run("#define X 1 \\\nX\n#define Y 2 \\");
    expect(view(r)).toEqual(["main.mq5:1|", "main.mq5:2|", "main.mq5:3|"]);
    expect(run('#include "d.mqh"\nY', { "d.mqh": "#define Y 2 \\" }).text).toBe("\n2");
  });

  test("blanks after a continuation backslash are tolerated", () => {
    expect(run("#define Y 2 + \\\t \n 3\nY").text).toBe("\n\n2 + 3");
  });

  test("an empty source is one empty line", () => {
    const r = run("");
    expect(r.text).toBe("");
    expect(r.origins).toEqual([{ file: "main.mq5", line: 1 }]);
  });

  test("CRLF left in the text (not decoded) is normalised", () => {
    const r = run("int a;\r\n#define X 1\r\nint b = X;\r\n");
    expect(view(r)).toEqual([
      "main.mq5:1|int a;",
      "main.mq5:2|",
      "main.mq5:3|int b = 1;",
      "main.mq5:4|",
    ]);
  });
});

describe("comments", () => {
  test("line comments become spaces of the same length", () => {
    const r = run("int a; // note\n// whole line\nint b;");
    expect(r.text).toBe(`int a;        \n${" ".repeat(13)}\nint b;`);
  });

  test("block comments become spaces and keep their line breaks", () => {
    const r = run("int a; /* one\n two\n three */ int b;\n/**/int c;");
    expect(r.text).toBe(`int a;       \n    \n${" ".repeat(10)}int b;\n    int c;`);
    expect(r.origins.map((o) => o.line)).toEqual([1, 2, 3, 4]);
  });

  test("an unterminated block comment runs to the end of the file", () => {
    const r = run("int a; /* open\nint b;");
    expect(r.text).toBe("int a;        \n      ");
  });

  test("comment markers inside string, char, color and datetime literals are text", () => {
    const src = [
      'string u = "http://x.com/*y*/";',
      "char s = '/'; char t = '\\''; string q = \"\\\"//\";",
      "color c = C'0,0,255'; datetime d = D'2024.01.02 03:04'; // gone",
    ].join("\n");
    const r = run(src);
    expect(r.text.split("\n")).toEqual([
      'string u = "http://x.com/*y*/";',
      "char s = '/'; char t = '\\''; string q = \"\\\"//\";",
      `color c = C'0,0,255'; datetime d = D'2024.01.02 03:04';${" ".repeat(8)}`,
    ]);
  });

  test("a comment after a directive is removed before the directive is read", () => {
    const r = run("#define X 1 // one\n#define Y /* two */ 2\nX Y");
    expect(code(r)).toEqual(["1 2"]);
  });

  test("a block comment that starts on a directive line continues the directive", () => {
    const r = run("#define A 1 /* spans\n lines */ + 2\nint a = A;");
    expect(view(r)).toEqual(["main.mq5:1|", "main.mq5:2|", "main.mq5:3|int a = 1 + 2;"]);
  });
});

describe("#include", () => {
  const tree = {
    "Lib/A.mqh": '#include "B.mqh"\n#include <Sub/C.mqh>\nclass A {};\n',
    "B.mqh": "class B {};\n",
    "Sub/C.mqh": "#define C_VALUE 3\nclass C {};",
  };

  test("an include tree of three files splices lines in place, each once", () => {
    const calls: Call[] = [];
    const r = run('#include <Lib\\A.mqh>\n#include "B.mqh"\nint c = C_VALUE;\n', tree, { calls });
    expect(view(r)).toEqual([
      "B.mqh:1|class B {};",
      "Sub/C.mqh:1|",
      "Sub/C.mqh:2|class C {};",
      "Lib/A.mqh:3|class A {};",
      "main.mq5:2|",
      "main.mq5:3|int c = 3;",
      "main.mq5:4|",
    ]);
    expect(r.includes).toEqual(["Lib/A.mqh", "B.mqh", "Sub/C.mqh"]);
    expect(calls).toEqual([
      { name: "Lib/A.mqh", from: "main.mq5", system: true },
      { name: "B.mqh", from: "Lib/A.mqh", system: false },
      { name: "Sub/C.mqh", from: "Lib/A.mqh", system: true },
      { name: "B.mqh", from: "main.mq5", system: false },
    ]);
    expect(r.diagnostics).toEqual([]);
  });

  test("include cycles terminate: every file is included once", () => {
    const files = {
      "x.mqh": '#include "y.mqh"\nint x;',
      "y.mqh": '#include "x.mqh"\n#include "main.mq5"\n#include "y.mqh"\nint y;',
      "main.mq5": "never;",
    };
    const r = run('#include "x.mqh"\nint m;', files);
    expect(view(r)).toEqual([
      "y.mqh:1|",
      "y.mqh:2|",
      "y.mqh:3|",
      "y.mqh:4|int y;",
      "x.mqh:2|int x;",
      "main.mq5:2|int m;",
    ]);
    expect(r.includes).toEqual(["x.mqh", "y.mqh"]);
    expect(r.diagnostics).toEqual([]);
  });

  test("names reach the resolver with / separators; case-insensitive lookup is its job", () => {
    const seen: string[] = [];
    const resolver: IncludeResolver = {
      resolve(name) {
        seen.push(name);
        return name.toLowerCase() === "trade/trade.mqh"
          ? { file: "Include/Trade/Trade.mqh", text: "class CTrade {};" }
          : undefined;
      },
    };
    const r = preprocess({
      main: { file: "main.mq5", text: "#include <Trade\\Trade.mqh>\n#include <TRADE/trade.MQH>" },
      resolver,
      now: NOW,
    });
    expect(seen).toEqual(["Trade/Trade.mqh", "TRADE/trade.MQH"]);
    expect(view(r)).toEqual(["Include/Trade/Trade.mqh:1|class CTrade {};", "main.mq5:2|"]);
    expect(r.includes).toEqual(["Include/Trade/Trade.mqh"]);
  });

  test("an include that cannot be found is an error at the directive; processing goes on", () => {
    const r = run('int a;\n  #include <Missing\\File.mqh>\n#include "nope.mqh"\nint b;');
    expect(view(r)).toEqual([
      "main.mq5:1|int a;",
      "main.mq5:2|",
      "main.mq5:3|",
      "main.mq5:4|int b;",
    ]);
    expect(diags(r)).toEqual([
      'main.mq5:2:3: error: cannot open include file "Missing/File.mqh"',
      'main.mq5:3:1: error: cannot open include file "nope.mqh"',
    ]);
  });

  test("errors inside an included file carry that file's name and line", () => {
    const r = run('#include "bad.mqh"\n', { "bad.mqh": 'int a;\n#resource "x.bmp"\n#ifdef X\n' });
    expect(diags(r)).toEqual([
      "bad.mqh:2:1: error: #resource is not supported",
      "bad.mqh:3:1: error: #ifdef without matching #endif",
    ]);
  });

  test("conditional groups do not cross file boundaries", () => {
    const r = run('#ifdef __MQL5__\n#include "end.mqh"\nint a;\n#endif', { "end.mqh": "#endif\n" });
    expect(diags(r)).toEqual(["end.mqh:1:1: error: #endif without #ifdef"]);
    expect(code(r)).toEqual(["int a;"]);
  });

  test("an include in a false branch is not resolved", () => {
    const calls: Call[] = [];
    const r = run('#ifdef NOPE\n#include "x.mqh"\n#endif\n', {}, { calls });
    expect(calls).toEqual([]);
    expect(r.diagnostics).toEqual([]);
  });

  test("malformed #include directives", () => {
    const r = run('#include\n#include <>\n#include Trade.mqh\n#include <a.mqh\n#include "a.mqh" x');
    expect(diags(r)).toEqual([
      'main.mq5:1:1: error: #include expects "file" or <file>',
      "main.mq5:2:1: error: empty file name in #include",
      'main.mq5:3:1: error: #include expects "file" or <file>',
      'main.mq5:4:1: error: #include expects "file" or <file>',
      "main.mq5:5:1: warning: extra tokens after #include",
      'main.mq5:5:1: error: cannot open include file "a.mqh"',
    ]);
  });

  test("an empty included file still takes the directive's place as one line", () => {
    const r = run('a\n#include "e.mqh"\nb', { "e.mqh": "" });
    expect(view(r)).toEqual(["main.mq5:1|a", "e.mqh:1|", "main.mq5:3|b"]);
  });

  test("a resolver that invents new files forever is stopped", () => {
    let n = 0;
    const r = preprocess({
      main: { file: "main.mq5", text: '#include "x"' },
      resolver: { resolve: () => ({ file: `f${n++}`, text: '#include "x"' }) },
      now: NOW,
    });
    expect(diags(r)).toEqual(["f63:1:1: error: #include nested too deeply (more than 64 levels)"]);
    expect(r.includes.length).toBe(64);
  });

  test("a resolver that throws is reported, not propagated", () => {
    const r = preprocess({
      main: { file: "main.mq5", text: '#include "x"' },
      resolver: {
        resolve: () => {
          throw new Error("disk on fire");
        },
      },
      now: NOW,
    });
    expect(diags(r)).toEqual([
      'main.mq5:1:1: error: cannot open include file "x": Error: disk on fire',
    ]);
  });
});

describe("#define and macro expansion", () => {
  test("object-like macros, empty macros, #undef", () => {
    const r = run(
      '#define PI 3.14\n#define EMPTY\n#define NAME "EA"\ndouble x = PI; EMPTY int y;\n#undef PI\ndouble z = PI; string n = NAME;',
    );
    expect(code(r)).toEqual(["double x = 3.14; int y;", 'double z = PI; string n = "EA";']);
  });

  test("a macro replaces whole identifiers only, never inside literals", () => {
    const r = run(
      "#define X 1\n#define C 2\nint XY = X; string s = \"X\"; char c = 'X'; color k = C'1,2,3'; int d = C;",
    );
    expect(code(r)).toEqual([
      "int XY = 1; string s = \"X\"; char c = 'X'; color k = C'1,2,3'; int d = 2;",
    ]);
  });

  test("expansion keeps the columns before it and the indentation", () => {
    const r = run("#define ONE 1\n   int a = ONE; int b = ONE;");
    expect(r.text.split("\n")[1]).toBe("   int a = 1; int b = 1;");
  });

  test("function-like macros with nested invocations and parenthesised commas", () => {
    const r = run(
      [
        "#define MAX(A,B) ((A) > (B) ? (A) : (B))",
        "#define MUL(a, b) ((a)*(b))",
        "int z = MAX(f(x, y), MAX(1, 2));",
        "double c = MUL(g(1,(2,3)), [4]);",
        "int w = MAX ( a , b );",
      ].join("\n"),
    );
    expect(code(r)).toEqual([
      "int z = ((f(x, y)) > (((1) > (2) ? (1) : (2))) ? (f(x, y)) : (((1) > (2) ? (1) : (2))));",
      "double c = ((g(1,(2,3)))*([4]));",
      "int w = ((a) > (b) ? (a) : (b));",
    ]);
  });

  test("a space between the name and ( in #define makes an object-like macro", () => {
    const r = run("#define P (x) + 1\nint a = P; int b = P(2);");
    expect(code(r)).toEqual(["int a = (x) + 1; int b = (x) + 1(2);"]);
  });

  test("a function-like macro name without arguments is left alone", () => {
    const r = run("#define F(x) [x]\nint F; G(F);");
    expect(code(r)).toEqual(["int F; G(F);"]);
  });

  test("results are rescanned, also together with the rest of the line", () => {
    const r = run(
      [
        "#define A B + 1",
        "#define B 42",
        "#define TWICE(x) (2*(x))",
        "#define CALL TWICE",
        "#define ID(x) x",
        "int a = A; int b = CALL(3); int c = ID(TWICE)(4);",
      ].join("\n"),
    );
    expect(code(r)).toEqual(["int a = 42 + 1; int b = (2*(3)); int c = (2*(4));"]);
  });

  test("self-referencing and mutually recursive macros stop", () => {
    const r = run(
      [
        "#define foo foo + 1",
        "#define a b",
        "#define b a",
        "#define f(x) f(x + 1)",
        "foo; a; b; f(2);",
      ].join("\n"),
    );
    expect(code(r)).toEqual(["foo + 1; a; b; f(2 + 1);"]);
    expect(r.diagnostics).toEqual([]);
  });

  test("arguments may continue on following lines; the consumed lines become empty", () => {
    const r = run(
      "#define SUM(a, b) ((a) + (b))\nint s = SUM(1,\n      2); int t;\nint u = SUM\n\n  (3, 4);",
    );
    expect(view(r)).toEqual([
      "main.mq5:1|",
      "main.mq5:2|int s = ((1) + (2)); int t;",
      "main.mq5:3|",
      "main.mq5:4|int u = ((3) + (4));",
      "main.mq5:5|",
      "main.mq5:6|",
    ]);
  });

  test("# stringizes an argument (spaces normalised, quotes escaped)", () => {
    const r = run(
      [
        '#define PRT(A) Print(#A, " = ", (A))',
        "#define STR(x) #x",
        "#define XSTR(x) STR(x)",
        "#define TEN 10",
        "PRT(a  +\tb); STR(\"q\\n\" 'c'); STR(TEN); XSTR(TEN); STR();",
      ].join("\n"),
    );
    expect(code(r)).toEqual([
      'Print("a + b", " = ", (a + b)); "\\"q\\\\n\\" \'c\'"; "TEN"; "10"; "";',
    ]);
  });

  test("## pastes tokens, with empty arguments, and arguments next to it are not expanded", () => {
    const r = run(
      [
        "#define CAT(a, b) a##b",
        "#define CAT3(a, b, c) a ## b ## c",
        "#define VAR(n) int var_##n = n;",
        "#define X 5",
        "#define OBJ pre ## fix",
        "CAT(fo, o); CAT3(x, , z); CAT3(, , 1); CAT(X, X); VAR(3) OBJ; CAT(1, .5); CAT(,);",
      ].join("\n"),
    );
    expect(code(r)).toEqual(["foo; xz; 1; XX; int var_3 = 3; prefix; 1.5;;"]);
  });

  test("the ForEach macro of the MQL5 reference", () => {
    const r = run(
      [
        "#define ForEach(index, array) for (int index = 0,                    \\",
        "   max_##index=ArraySize((array));                                   \\",
        "   index<max_##index; index++)    ",
        "ForEach(i, arr) { Print(arr[i]); }",
      ].join("\n"),
    );
    expect(code(r)).toEqual([
      "for (int i = 0, max_i=ArraySize((arr)); i<max_i; i++) { Print(arr[i]); }",
    ]);
  });

  test("tokens from a macro do not fuse with their neighbours", () => {
    const r = run(
      "#define NEG -1\n#define ID(x) x\nint a = b-NEG; int c = ID(d)ID(e); int f = 1-ID(-)2;",
    );
    expect(code(r)).toEqual(["int a = b- -1; int c = d e; int f = 1- -2;"]);
  });

  test("wrong argument counts and unterminated invocations are errors; the text stays", () => {
    const r = run(
      "#define M(a, b) a\n#define Z() 0\nM(1) M(1, 2, 3) Z() Z(1) M(1, 2)\nx = M(1,\n#define Q\ny;",
    );
    expect(view(r)).toEqual([
      "main.mq5:1|",
      "main.mq5:2|",
      "main.mq5:3|M(1) M(1, 2, 3) 0 Z(1) 1",
      "main.mq5:4|x = M(1,",
      "main.mq5:5|",
      "main.mq5:6|y;",
    ]);
    expect(diags(r)).toEqual([
      'main.mq5:3:1: error: macro "M" requires 2 arguments, but 1 given',
      'main.mq5:3:6: error: macro "M" requires 2 arguments, but 3 given',
      'main.mq5:3:21: error: macro "Z" requires 0 arguments, but 1 given',
      'main.mq5:4:5: error: unterminated argument list invoking macro "M"',
    ]);
  });

  test("malformed #define directives are errors and define nothing", () => {
    const r = run(
      [
        "#define",
        "#define 9X 1",
        "#define A ## x",
        "#define B x ##",
        "#define S(x) #y",
        "#define V(...) 1",
        "#define D(a, a) 1",
        "#define E(a b) 1",
        "#define F(a,",
        "A B S(1) V D E F",
      ].join("\n"),
    );
    expect(diags(r)).toEqual([
      "main.mq5:1:1: error: #define: macro name missing",
      "main.mq5:2:1: error: #define: macro name must be an identifier",
      'main.mq5:3:1: error: "##" cannot appear at either end of the definition of macro "A"',
      'main.mq5:4:1: error: "##" cannot appear at either end of the definition of macro "B"',
      'main.mq5:5:1: error: "#" is not followed by a parameter of macro "S"',
      'main.mq5:6:1: error: variadic macros are not supported (macro "V")',
      'main.mq5:7:1: error: duplicate parameter "a" in the definition of macro "D"',
      'main.mq5:8:1: error: expected "," or ")" in the parameter list of macro "E"',
      'main.mq5:9:1: error: expected a parameter name in the definition of macro "F"',
    ]);
    expect(code(r)).toEqual(["A B S(1) V D E F"]);
  });

  test("redefinition with a different body warns; an identical one does not", () => {
    const r = run("#define A 1\n#define A  1\n#define A 2\n#define F(x) x\n#define F(y) y\nA");
    expect(diags(r)).toEqual([
      'main.mq5:3:1: warning: macro "A" redefined',
      'main.mq5:5:1: warning: macro "F" redefined',
    ]);
    expect(code(r)).toEqual(["2"]);
  });

  test("#undef needs a name; undefining an unknown name is fine", () => {
    const r = run("#undef\n#undef NOTHING\n#undef A B");
    expect(diags(r)).toEqual([
      "main.mq5:1:1: error: #undef: macro name missing",
      "main.mq5:3:1: warning: extra tokens after #undef A",
    ]);
  });

  test("exponential macros are cut off with an error instead of hanging", () => {
    const defs = ["#define A0 x"];
    for (let i = 1; i < 40; i++) {
      defs.push(`#define A${i} A${i - 1} A${i - 1}`);
    }
    defs.push("A39;", "#define D(x) x x", `${"D(".repeat(40)}1${")".repeat(40)};`, "after;");
    const r = run(defs.join("\n"));
    expect(diags(r)).toEqual([
      'main.mq5:41:1: error: macro expansion of "A4" is too large (more than 100000 tokens)',
      'main.mq5:43:47: error: macro expansion of "D" is too large (more than 100000 tokens)',
    ]);
    expect(r.text.split("\n")[43]).toBe("after;");
  });

  test("deeply nested invocations are cut off with an error", () => {
    const r = run(`#define I(x) x\n${"I(".repeat(3000)}1${")".repeat(3000)}`);
    expect(diags(r)).toEqual([
      "main.mq5:2:131: error: macro invocations nested too deeply in arguments",
    ]);
  });
});

describe("conditional compilation", () => {
  test("#ifdef / #ifndef / #else / #endif, nested, with empty lines for skipped code", () => {
    const r = run(
      [
        "#define DEMO",
        "#ifdef DEMO",
        "demo;",
        "  #ifndef DEMO",
        "  never;",
        "  #else",
        "  nested_else;",
        "  #endif",
        "#else",
        "full;",
        "#ifdef DEMO",
        "inside_false;",
        "#else",
        "also_false;",
        "#endif",
        "#endif",
        "#ifndef FULL",
        "no_full;",
        "#endif",
      ].join("\n"),
    );
    expect(view(r).filter((l) => !l.endsWith("|"))).toEqual([
      "main.mq5:3|demo;",
      "main.mq5:7|  nested_else;",
      "main.mq5:18|no_full;",
    ]);
    expect(r.origins.length).toBe(19);
    expect(r.diagnostics).toEqual([]);
  });

  test("predefined conditions: __MQL5__, __MQL__ and _RELEASE are defined; __MQL4__ and _DEBUG not", () => {
    const r = run(
      "#ifdef __MQL5__\na;\n#endif\n#ifdef __MQL__\nb;\n#endif\n#ifdef _RELEASE\nc;\n#endif\n#ifdef __MQL4__\nd;\n#endif\n#ifdef _DEBUG\ne;\n#endif",
    );
    expect(code(r)).toEqual(["a;", "b;", "c;"]);
  });

  test("unbalanced conditionals are errors", () => {
    const r = run("#endif\n#else\n#ifdef A\n#else\n#else\n#ifndef B\n");
    expect(diags(r)).toEqual([
      "main.mq5:1:1: error: #endif without #ifdef",
      "main.mq5:2:1: error: #else without #ifdef",
      "main.mq5:5:1: error: #else after #else",
      "main.mq5:6:1: error: #ifndef without matching #endif",
      "main.mq5:3:1: error: #ifdef without matching #endif",
    ]);
  });

  test("#if and #elif do not exist in MQL5: an error, and the #if block is skipped", () => {
    const r = run(
      "#if 1\nhidden;\n#else\nalso_hidden;\n#endif\n#ifdef __MQL5__\nshown;\n#elif X\n#endif",
    );
    expect(diags(r)).toEqual([
      "main.mq5:1:1: error: #if is not supported in MQL5: use #ifdef or #ifndef",
      "main.mq5:8:1: error: #elif is not supported in MQL5: use #ifdef or #ifndef",
    ]);
    expect(code(r)).toEqual(["shown;"]);
  });

  test("directives in a false branch are not executed, unknown ones are ignored there", () => {
    const r = run(
      '#ifdef NO\n#define X 1\n#property version "9"\n#import "a.dll"\n#whatever\n#include <x>\n#endif\nX',
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.properties).toEqual([]);
    expect(code(r)).toEqual(["X"]);
  });

  test("missing names and extra tokens", () => {
    const r = run("#ifdef\n#endif\n#ifndef A B\n#endif C\n#ifdef 1\n#else x\n#endif");
    expect(diags(r)).toEqual([
      "main.mq5:1:1: error: #ifdef: macro name missing",
      "main.mq5:3:1: warning: extra tokens after #ifndef A",
      "main.mq5:4:1: warning: extra tokens after #endif",
      "main.mq5:5:1: error: #ifdef: macro name must be an identifier",
      "main.mq5:6:1: warning: extra tokens after #else",
    ]);
  });
});

describe("#property", () => {
  test("name and value are collected; string values lose their quotes", () => {
    const r = run(
      [
        '#property copyright "Copyright 2024, \\"Me\\""',
        '#property link      "https://www.mql5.com"',
        '#property version   "1.00"',
        "#property strict",
        "  #  property indicator_color1 clrRed // a comment",
        '#property description "a\\tb"',
        "int a;",
      ].join("\n"),
    );
    expect(r.properties).toEqual([
      {
        name: "copyright",
        value: 'Copyright 2024, "Me"',
        loc: { file: "main.mq5", line: 1, col: 1 },
      },
      { name: "link", value: "https://www.mql5.com", loc: { file: "main.mq5", line: 2, col: 1 } },
      { name: "version", value: "1.00", loc: { file: "main.mq5", line: 3, col: 1 } },
      { name: "strict", value: "", loc: { file: "main.mq5", line: 4, col: 1 } },
      { name: "indicator_color1", value: "clrRed", loc: { file: "main.mq5", line: 5, col: 3 } },
      { name: "description", value: "a\tb", loc: { file: "main.mq5", line: 6, col: 1 } },
    ]);
    expect(view(r)).toEqual([
      "main.mq5:1|",
      "main.mq5:2|",
      "main.mq5:3|",
      "main.mq5:4|",
      "main.mq5:5|",
      "main.mq5:6|",
      "main.mq5:7|int a;",
    ]);
  });

  test("macros are expanded in property values; included files report their own loc", () => {
    const r = run('#define VERSION "2.05"\n#property version VERSION\n#include "p.mqh"', {
      "p.mqh": '\n#property tester_file "data.csv"',
    });
    expect(r.properties).toEqual([
      { name: "version", value: "2.05", loc: { file: "main.mq5", line: 2, col: 1 } },
      { name: "tester_file", value: "data.csv", loc: { file: "p.mqh", line: 2, col: 1 } },
    ]);
  });

  test("#property without a name is an error", () => {
    const r = run("#property\n#property   ");
    expect(diags(r)).toEqual([
      "main.mq5:1:1: error: #property: property name missing",
      "main.mq5:2:1: error: #property: property name missing",
    ]);
    expect(r.properties).toEqual([]);
  });
});

describe("#import, #resource and unknown directives", () => {
  const IMPORT = "#import is not supported: an EA on this service cannot call DLL or EX5 functions";

  test("an #import block is one error; its lines are skipped up to the closing #import", () => {
    const r = run(
      [
        "int a;",
        '#import "user32.dll"',
        "int MessageBoxW(int hWnd, string text, string caption, int type);",
        "#define INSIDE 1",
        "#import",
        "int b = INSIDE;",
      ].join("\n"),
    );
    expect(diags(r)).toEqual([`main.mq5:2:1: error: ${IMPORT}`]);
    expect(view(r)).toEqual([
      "main.mq5:1|int a;",
      "main.mq5:2|",
      "main.mq5:3|",
      "main.mq5:4|",
      "main.mq5:5|",
      "main.mq5:6|int b = INSIDE;",
    ]);
  });

  test("each imported module is one error; an unterminated block ends with its file", () => {
    const r = run(
      '#import "a.dll"\nint f();\n#import "lib.ex5"\nint g();\n#import\nok;\n#import "b.dll"\nint h();',
    );
    expect(diags(r)).toEqual([
      `main.mq5:1:1: error: ${IMPORT}`,
      `main.mq5:3:1: error: ${IMPORT}`,
      `main.mq5:7:1: error: ${IMPORT}`,
    ]);
    expect(code(r)).toEqual(["ok;"]);
  });

  test("#resource and unknown directives are errors; a lone # is allowed", () => {
    const r = run('#resource "\\\\Images\\\\a.bmp"\n#pragma once\n#error stop\n#\n  # \n#!x');
    expect(diags(r)).toEqual([
      "main.mq5:1:1: error: #resource is not supported",
      'main.mq5:2:1: error: unknown preprocessor directive "#pragma"',
      'main.mq5:3:1: error: unknown preprocessor directive "#error"',
      'main.mq5:6:1: error: invalid preprocessor directive "#!x"',
    ]);
    expect(r.origins.length).toBe(6);
  });
});

describe("predefined macros", () => {
  test("__DATE__ and __DATETIME__ are datetime literals of `now` in UTC", () => {
    const r = run("datetime d = __DATE__; datetime t = __DATETIME__;");
    expect(r.text).toBe("datetime d = D'2023.11.14'; datetime t = D'2023.11.14 22:13:20';");
    const epoch = run("__DATETIME__", {}, { now: 0 });
    expect(epoch.text).toBe("D'1970.01.01 00:00:00'");
  });

  test("__FILE__ is the base name, __PATH__ the path, __LINE__ the line, also in includes", () => {
    const r = run(
      "string f = __FILE__, p = __PATH__; int l = __LINE__;\n#include <Lib\\Inc.mqh>\nint m = __LINE__;",
      { "Lib/Inc.mqh": "\n\nstring g = __FILE__, q = __PATH__; int k = __LINE__;" },
      { file: "Experts\\My EA.mq5" },
    );
    expect(r.text.split("\n")).toEqual([
      'string f = "My EA.mq5", p = "Experts\\\\My EA.mq5"; int l = 1;',
      "",
      "",
      'string g = "Inc.mqh", q = "Lib/Inc.mqh"; int k = 3;',
      "int m = 3;",
    ]);
  });

  test("__LINE__ in a macro body is the line of the invocation", () => {
    const r = run(
      "#define HERE __LINE__\n#define AT(x) x + __LINE__\n\nint a = HERE;\nint b = AT(1);",
    );
    expect(code(r)).toEqual(["int a = 4;", "int b = 1 + 5;"]);
  });

  test("__COUNTER__ counts up from 0 across the whole compilation", () => {
    const r = run('int a = __COUNTER__, b = __COUNTER__;\n#include "c.mqh"', {
      "c.mqh": "int c = __COUNTER__;",
    });
    expect(code(r)).toEqual(["int a = 0, b = 1;", "int c = 2;"]);
  });

  test("__RANDOM__ is a 64-bit decimal literal, repeatable for the same `now`", () => {
    const src = "ulong a = __RANDOM__; ulong b = __RANDOM__;";
    const values = (now: number): bigint[] =>
      [...run(src, {}, { now }).text.matchAll(/= (\d+);/g)].map((m) => BigInt(m[1] as string));
    const first = values(NOW);
    expect(first.length).toBe(2);
    expect(first[0]).not.toBe(first[1]);
    for (const v of first) {
      expect(v >= 0n && v < 1n << 64n).toBe(true);
    }
    expect(values(NOW)).toEqual(first);
    expect(values(NOW + 1)).not.toEqual(first);
  });

  test("__MQLBUILD__ and __MQL5BUILD__: 4620 by default, or the given build", () => {
    expect(run("__MQLBUILD__ __MQL5BUILD__ __MQL5__ __MQL__").text).toBe("4620 4620 1 1");
    expect(run("__MQLBUILD__ __MQL5BUILD__", {}, { build: 5100 }).text).toBe("5100 5100");
  });

  test("__FUNCTION__ and __FUNCSIG__ are left for a later stage", () => {
    const r = run(
      '#define WHERE __FUNCTION__\nPrint(__FUNCTION__, __FUNCSIG__, WHERE, "__LINE__");',
    );
    expect(code(r)).toEqual(['Print(__FUNCTION__, __FUNCSIG__, __FUNCTION__, "__LINE__");']);
  });

  test("predefined macros can be tested, stringized and undefined", () => {
    const r = run(
      "#define S(x) #x\n#ifdef __DATE__\nS(__LINE__) __LINE__\n#endif\n#undef __LINE__\n__LINE__",
    );
    expect(code(r)).toEqual(['"__LINE__" 3', "__LINE__"]);
  });
});

describe("robustness", () => {
  test("garbage never throws, and output lines always match origins", () => {
    const frags = [
      "#define ",
      "#undef ",
      "#ifdef ",
      "#ifndef ",
      "#else",
      "#endif",
      "#include ",
      "#import ",
      "#property ",
      "#if ",
      "#",
      "##",
      "A",
      "F(",
      "F",
      "(",
      ")",
      ",",
      '"',
      "'",
      "/*",
      "*/",
      "//",
      "\\",
      "\n",
      "\n",
      "\r",
      " ",
      "x",
      "__LINE__",
      "__COUNTER__",
      "C'",
      "D'",
      "<",
      ">",
      "é",
      "\uD800",
      "\0",
      "...",
    ];
    let seed = 7;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const files = new Map<string, string>();
    const resolver: IncludeResolver = {
      resolve(name) {
        const text = files.get(name.slice(0, 1));
        return text === undefined ? undefined : { file: name, text };
      },
    };
    for (let i = 0; i < 1500; i++) {
      const parts: string[] = [];
      const len = next() % 150;
      for (let k = 0; k < len; k++) {
        parts.push(frags[next() % frags.length] as string);
      }
      const text = parts.join("");
      files.set(String.fromCharCode(65 + (i % 5)), text);
      const r = preprocess({ main: { file: "m.mq5", text }, resolver, now: next() });
      expect(r.text.split("\n").length).toBe(r.origins.length);
      for (const d of r.diagnostics) {
        expect(d.message.startsWith("internal")).toBe(false);
        expect(d.loc.line).toBeGreaterThan(0);
        expect(d.loc.col).toBeGreaterThan(0);
      }
    }
  });

  test("a large source (500 KB, 15,000 lines, hundreds of macros) preprocesses correctly", () => {
    const parts: string[] = ['#property version "3.00"', '#include "Consts.mqh"'];
    for (let i = 0; i < 100; i++) {
      parts.push(`#define FN_${i}(a, b) ((a) * CONST_${i} + (b)) // helper ${i}`);
    }
    let n = 0;
    while (parts.length < 15_000) {
      n++;
      parts.push(
        `/* b${n} */ double V${n}(double x) { return FN_${n % 100}(x, CONST_${n % 400}); }`,
        `string S${n} = "CONST_1 // no"; int v${n} = CONST_${n % 400}; // t`,
        `   total += arr[i] * ${n};`,
        n % 50 === 0 ? "#ifdef DEBUG_BUILD\n   Print(__LINE__);\n#endif" : "",
      );
    }
    const consts: string[] = [];
    for (let i = 0; i < 400; i++) {
      consts.push(`#define CONST_${i} (${i} * 2 + 1)`);
    }
    const text = parts.join("\n");
    expect(text.length).toBeGreaterThan(500_000);
    const lines = text.split("\n").length;
    const t0 = performance.now();
    const r = run(text, { "Consts.mqh": consts.join("\n") });
    const ms = performance.now() - t0;
    console.log(
      `preprocess: ${(text.length / 1024).toFixed(0)} KB, ${lines} lines, ${consts.length + 100} macros: ${ms.toFixed(1)} ms`,
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.properties).toEqual([
      { name: "version", value: "3.00", loc: { file: "main.mq5", line: 1, col: 1 } },
    ]);
    expect(r.origins.length).toBe(lines - 1 + consts.length);
    const out = r.text.split("\n");
    const at = consts.length + 1 + 100; // first generated line, 0-based
    expect(out[at]).toBe(
      `${" ".repeat(8)} double V1(double x) { return ((x) * (1 * 2 + 1) + ((1 * 2 + 1))); }`,
    );
    expect(out[at + 1]).toBe('string S1 = "CONST_1 // no"; int v1 = (1 * 2 + 1);');
    expect(out[at + 2]).toBe("   total += arr[i] * 1;");
    expect(r.origins[at]).toEqual({ file: "main.mq5", line: 103 });
    expect(r.text.includes("CONST_7;")).toBe(false);
    expect(r.text.includes("Print(")).toBe(false);
  });
});
