// Fixture tests of the binding and lowering stages: MQL5 in, the JavaScript of one function
// out. They pin the shapes the semantics tests rely on (integer wrapping, 64-bit helpers,
// bounds and pointer checks, reference holders, overload and override names).
import { describe, expect, test } from "bun:test";
import { compileOk } from "./support.ts";

/** The generated text of `function name(...) { ... }` (or a class method) in a program. */
function fn(js: string, head: string): string {
  const start = js.indexOf(head);
  if (start < 0) {
    throw new Error(`${head} not found in:\n${js}`);
  }
  const lines = js.slice(start).split("\n");
  const indent = /^\s*/.exec(lines[0] ?? "")?.[0].length ?? 0;
  const end = lines.findIndex((l, i) => i > 0 && l === `${" ".repeat(indent)}}`);
  return lines
    .slice(0, end + 1)
    .map((l) => l.slice(indent))
    .join("\n");
}

const program = (body: string, globals = ""): string =>
  compileOk(`${globals}\nvoid OnTick()\n  {\n${body}\n  }\n`);

describe("lowering", () => {
  test("int arithmetic wraps to 32 bits; division and modulo are checked", () => {
    expect(
      fn(program("int a = 5, b = 3;\nint c = a * b + a / b - a % b;"), "function OnTick"),
    ).toBe(
      [
        "function OnTick() {",
        "  let a = 5, b = 3;",
        "  let c = ((((Math.imul(a, b) + $m.idiv(a, b, 0)) | 0) - ($m.imod(a, b, 1) | 0)) | 0);",
        "}",
      ].join("\n"),
    );
  });

  test("64-bit and unsigned operations go through the exact helpers", () => {
    expect(
      fn(
        program("long l = 1;\nulong u = 2;\nuint w = 3;\nl = l * 3;\nu = u + w;\nw = w * w;"),
        "function OnTick",
      ),
    ).toBe(
      [
        "function OnTick() {",
        "  let l = 1;",
        "  let u = 2;",
        "  let w = 3;",
        "  (l = $m.lmul(l, 3, false));",
        "  (u = $m.ladd(u, w, true));",
        "  (w = $m.umul(w, w));",
        "}",
      ].join("\n"),
    );
  });

  test("array reads and writes are bounds-checked; pointer members are checked", () => {
    const js = program(
      "double a[3];\nCItem *p = new CItem;\na[1] = p.v;\np.v = a[2];",
      "class CItem { public: double v; };",
    );
    expect(fn(js, "function OnTick")).toBe(
      [
        "function OnTick() {",
        "  let a = $m.arr(3, 0);",
        "  let p = $m.dyn(new CItem().$ctor());",
        "  (a[$m.ix(a, 1, 0)] = $m.chk(p, 1).v);",
        "  ($t1 = $m.chk(p, 2), ($t1.v = $m.at(a, 2, 3)));",
        "  var $t1;",
        "}",
      ].join("\n"),
    );
  });

  test("scalar reference parameters are holders written back after the call", () => {
    const js = program("int x = 1;\nInc(x);", "void Inc(int &v) { v++; }");
    expect(fn(js, "function Inc")).toBe(
      ["function Inc(v) {", "  (v.value = ((v.value + 1) | 0));", "}"].join("\n"),
    );
    expect(fn(js, "function OnTick")).toBe(
      [
        "function OnTick() {",
        "  let x = 1;",
        "  ($t1 = { value: x }, $t2 = Inc($t1), x = $t1.value, $t2);",
        "  var $t1, $t2;",
        "}",
      ].join("\n"),
    );
  });

  test("overloads get distinct names; an override keeps its base method's name", () => {
    const js = compileOk(`
class CBase { public: virtual int Value(void) { return 1; } int Value(int k) { return k; } };
class CDer : public CBase { public: virtual int Value(void) { return 2; } };
int Twice(int v) { return v * 2; }
double Twice(double v) { return v * 2; }
void OnTick() { CDer d; Print(d.Value(), d.Value(5), Twice(1), Twice(1.5)); }
`);
    expect(js).toContain("class CDer extends CBase {");
    expect(fn(js, "class CDer")).toContain("  Value() {");
    expect(fn(js, "class CBase")).toContain("  Value$1(k) {");
    expect(fn(js, "function OnTick")).toContain(
      "Print(d.Value(), d.Value$1(5), Twice(1), $m.dstr(Twice$1(1.5)));",
    );
  });
});

describe("standard headers", () => {
  // The binder and lowering run on a program whose first file is treated as a standard header.
  async function compileWithHeader(
    header: string,
    program: string,
  ): Promise<{ js: string; errors: string[] }> {
    const { DiagnosticBag, formatDiagnostic } = await import(
      "../../ea-runtime/src/mql5/diagnostics.ts"
    );
    const { lex } = await import("../../ea-runtime/src/mql5/lexer.ts");
    const { parse } = await import("../../ea-runtime/src/mql5/parser.ts");
    const { Binder } = await import("../../ea-runtime/src/mql5/binder.ts");
    const { Lowering } = await import("../../ea-runtime/src/mql5/lower.ts");
    const bag = new DiagnosticBag();
    const h = lex(
      header,
      header.split("\n").map((_, i) => ({ file: "Lib/Std.mqh", line: i + 1 })),
      bag,
    );
    const p = lex(
      program,
      program.split("\n").map((_, i) => ({ file: "test.mq5", line: i + 1 })),
      bag,
    );
    const ast = parse([...h.slice(0, -1), ...p], bag);
    const binder = new Binder(bag, {
      nativeFiles: new Set(["Lib/Std.mqh"]),
      runtimeClasses: new Set(["CTrade"]),
    });
    binder.bind(ast);
    const js = new Lowering(binder, bag).lowerProgram("test.mq5");
    return { js, errors: bag.errors().map(formatDiagnostic) };
  }

  test("a library class whose methods are all defined out of line is compiled, not native", async () => {
    const r = await compileWithHeader(
      "class CFoo { public: int F(void); };\nint CFoo::F(void) { return 1; }\n",
      "void OnTick() { CFoo *p = new CFoo; p.F(); }\n",
    );
    expect(r.errors).toEqual([]);
    expect(r.js).toContain("class CFoo {");
  });

  test("a built-in the runtime lacks: a run-time error in a header, a compile error in the program", async () => {
    // SendFTP is declared by MQL5 and not offered by this runtime (NATIVE_GAPS).
    const header =
      'bool SendFTP(string file, string path);\nclass CLib { public: bool Up(void) { return SendFTP("a", "b"); } };\n';
    const inHeader = await compileWithHeader(header, "void OnTick() { CLib lib; }\n");
    expect(inHeader.errors).toEqual([]);
    expect(inHeader.js).toContain(`$m.fail("'SendFTP' is not available in this runtime yet"`);
    const inProgram = await compileWithHeader(header, 'void OnTick() { SendFTP("a", "b"); }\n');
    expect(inProgram.errors).toEqual([
      "test.mq5:1:17: 'SendFTP' is not available in this runtime yet",
    ]);
  });
});
