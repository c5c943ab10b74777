/**
 * MQL5 parser: fixture per construct (source in, compact S-expression of the tree or exact
 * diagnostics out): literals, every statement kind, declarations vs expressions, casts,
 * precedence, classes (access, inheritance, constructors, operators, out-of-line members),
 * templates, typedefs, error recovery (several errors per file, garbage never throws), speed.
 */

import { describe, expect, test } from "bun:test";
import type * as A from "../../ea-runtime/src/mql5/ast.ts";
import { DiagnosticBag, formatDiagnostic } from "../../ea-runtime/src/mql5/diagnostics.ts";
import { lex } from "../../ea-runtime/src/mql5/lexer.ts";
import { type ParseOptions, parse } from "../../ea-runtime/src/mql5/parser.ts";

// ---------------------------------------------------------------- rendering

function ty(t: A.TypeRef): string {
  const args = t.args.length ? `<${t.args.map(ty).join(",")}>` : "";
  return `${t.isConst ? "const " : ""}${t.name}${args}${t.pointer ? "*" : ""}`;
}

function ex(e: A.Expr): string {
  switch (e.kind) {
    case "Ident":
      return e.name;
    case "Scoped":
      return `${e.scope}::${e.name}`;
    case "IntLit":
      return `${e.value}`;
    case "FloatLit":
      return `${e.value}${e.isFloat ? "f" : "d"}`;
    case "StringLit":
      return JSON.stringify(e.value);
    case "CharLit":
      return `(char ${e.value})`;
    case "ColorLit":
      return `(color 0x${e.value.toString(16)})`;
    case "DatetimeLit":
      return `(datetime ${e.value})`;
    case "BoolLit":
      return `${e.value}`;
    case "NullLit":
      return "NULL";
    case "This":
      return "this";
    case "Unary":
      return `(${e.op} ${ex(e.operand)})`;
    case "Update":
      return e.prefix ? `(${e.op}pre ${ex(e.operand)})` : `(${e.op}post ${ex(e.operand)})`;
    case "Binary":
      return `(${e.op} ${ex(e.left)} ${ex(e.right)})`;
    case "Assign":
      return `(${e.op} ${ex(e.target)} ${ex(e.value)})`;
    case "Conditional":
      return `(? ${ex(e.test)} ${ex(e.then)} ${ex(e.otherwise)})`;
    case "Call": {
      const targs = e.typeArgs.length ? `<${e.typeArgs.map(ty).join(",")}>` : "";
      return `(call ${ex(e.callee)}${targs}${e.args.map((a) => ` ${ex(a)}`).join("")})`;
    }
    case "Member":
      return `(${e.arrow ? "->" : "."} ${ex(e.object)} ${e.name})`;
    case "Index":
      return `([] ${ex(e.object)} ${ex(e.index)})`;
    case "Cast":
      return `(cast ${ty(e.type)} ${ex(e.expr)})`;
    case "New":
      return `(new ${ty(e.type)}${e.args.map((a) => ` ${ex(a)}`).join("")})`;
    case "Delete":
      return `(delete ${ex(e.operand)})`;
    case "Sizeof":
      return `(sizeof ${e.type ? ty(e.type) : ex(e.expr as A.Expr)})`;
    case "TypeName":
      return `(typename ${e.type ? ty(e.type) : ex(e.expr as A.Expr)})`;
    case "Comma":
      return `(, ${e.exprs.map(ex).join(" ")})`;
    case "InitList":
      return `{${e.elements.map(ex).join(" ")}}`;
  }
}

function declarator(d: A.Declarator): string {
  let s = (d.owner ? `${d.owner}::` : "") + d.name;
  if (d.type) {
    s = `${ty(d.type)} ${s}`;
  }
  s += d.dims.map((x) => `[${x ? ex(x) : ""}]`).join("");
  if (d.init) {
    s += `=${ex(d.init)}`;
  }
  if (d.ctorArgs) {
    s += `(${d.ctorArgs.map(ex).join(" ")})`;
  }
  return s;
}

function varDecl(v: A.VarDecl): string {
  const st = v.storage;
  const flags = [
    st.input && "input",
    st.sinput && "sinput",
    st.isStatic && "static",
    st.isExtern && "extern",
  ].filter(Boolean);
  const comment = v.comment ? ` //${v.comment}` : "";
  return `(var ${[...flags, ty(v.type)].join(" ")} ${v.declarators.map(declarator).join(" ")}${comment})`;
}

function param(p: A.Param): string {
  let s = `${ty(p.type)}${p.ref ? "&" : ""}`;
  if (p.name) {
    s += ` ${p.name}`;
  }
  s += p.dims.map((x) => `[${x ? ex(x) : ""}]`).join("");
  if (p.defaultValue) {
    s += `=${ex(p.defaultValue)}`;
  }
  return s;
}

function func(f: A.FuncDecl): string {
  const flags = [
    f.access,
    f.templateParams.length && `template<${f.templateParams.join(",")}>`,
    f.isVirtual && "virtual",
    f.isStatic && "static",
    f.isCtor && "ctor",
    f.isDtor && "dtor",
    f.isConstMethod && "const",
    f.isOverride && "override",
    f.isPure && "pure",
    f.operator !== undefined && `op${f.operator}`,
  ].filter(Boolean);
  const name = (f.owner ? `${f.owner}::` : "") + f.name;
  const inits = f.inits.length
    ? ` :${f.inits.map((i) => ` ${i.name}(${i.args.map(ex).join(" ")})`).join("")}`
    : "";
  const body = f.body ? ` ${st(f.body)}` : "";
  return `(func ${flags.map((x) => `${x} `).join("")}${ty(f.returnType)}${f.returnsRef ? "&" : ""} ${name}(${f.params.map(param).join(", ")})${inits}${body})`;
}

function cls(c: A.ClassDecl): string {
  const tp = c.templateParams.length ? `template<${c.templateParams.join(",")}> ` : "";
  if (c.forward) {
    return `(${tp}${c.keyword} ${c.name};)`;
  }
  const bases = c.bases.map((b) => ` : ${b.access} ${ty(b.type)}`).join("");
  const members = c.members.map((m, i) => ` [${c.access[i]}] ${decl(m)}`).join("");
  return `(${tp}${c.isUnion ? "union" : c.keyword} ${c.name}${bases}${members})`;
}

function decl(d: A.TopLevel | A.ClassMember): string {
  switch (d.kind) {
    case "VarDecl":
      return varDecl(d);
    case "FuncDecl":
      return func(d);
    case "ClassDecl":
      return cls(d);
    case "EnumDecl":
      return `(enum ${d.name}${d.members.map((m) => ` ${m.name}${m.value ? `=${ex(m.value)}` : ""}`).join("")})`;
    case "TypedefDecl":
      return d.params
        ? `(typedef ${ty(d.type)} (*${d.name})(${d.params.map(param).join(", ")}))`
        : `(typedef ${ty(d.type)} ${d.name})`;
    case "InputGroup":
      return `(group ${JSON.stringify(d.title)})`;
  }
}

function st(s: A.Stmt): string {
  switch (s.kind) {
    case "Block":
      return `{${s.body.map(st).join(" ")}}`;
    case "ExprStmt":
      return `${ex(s.expr)};`;
    case "If":
      return `(if ${ex(s.test)} ${st(s.then)}${s.otherwise ? ` ${st(s.otherwise)}` : ""})`;
    case "For":
      return `(for ${s.init ? st(s.init) : "_"} ${s.test ? ex(s.test) : "_"} ${s.update ? ex(s.update) : "_"} ${st(s.body)})`;
    case "While":
      return `(while ${ex(s.test)} ${st(s.body)})`;
    case "DoWhile":
      return `(do ${st(s.body)} ${ex(s.test)})`;
    case "Switch":
      return `(switch ${ex(s.discriminant)}${s.cases
        .map(
          (c) =>
            ` (${c.test ? `case ${ex(c.test)}` : "default"}${c.body.map((b) => ` ${st(b)}`).join("")})`,
        )
        .join("")})`;
    case "Break":
      return "break;";
    case "Continue":
      return "continue;";
    case "Return":
      return s.value ? `(return ${ex(s.value)})` : "(return)";
    case "Empty":
      return ";";
    default:
      return decl(s);
  }
}

// ---------------------------------------------------------------- helpers

function run(src: string, options?: ParseOptions) {
  const bag = new DiagnosticBag();
  const tokens = lex(src, [], bag);
  const program = parse(tokens, bag, options);
  return { program, diags: bag.items.map(formatDiagnostic) };
}

/** Parses a whole program with no diagnostics; one rendered line per top-level declaration. */
function prog(src: string, options?: ParseOptions): string[] {
  const { program, diags } = run(src, options);
  expect(diags).toEqual([]);
  return program.decls.map(decl);
}

/** Statements of `void f() { … }` rendered. */
function stmts(body: string, prelude = "", options?: ParseOptions): string[] {
  const { program, diags } = run(`${prelude}\nvoid f() {\n${body}\n}`, options);
  expect(diags).toEqual([]);
  const f = program.decls[program.decls.length - 1] as A.FuncDecl;
  return (f.body as A.Block).body.map(st);
}

/** One expression statement. */
function expr(src: string, prelude = "", options?: ParseOptions): string {
  const s = stmts(`${src};`, prelude, options);
  expect(s).toHaveLength(1);
  return (s[0] as string).slice(0, -1);
}

function errors(src: string, options?: ParseOptions): string[] {
  return run(src, options).diags;
}

// ---------------------------------------------------------------- tests

describe("literals", () => {
  test("every literal form reaches the tree with its value", () => {
    expect(
      stmts(`x = 42; x = 0xFFFFFFFFFFFFFFFF; x = 9223372036854775807; x = 10ul;
      x = 1.5; x = 2.5f; x = .5; x = "a" "b" "c"; x = 'A'; x = C'255,0,0'; x = D'2024.01.31';
      x = true; x = false; x = NULL; x = -1;`),
    ).toEqual([
      "(= x 42);",
      "(= x 18446744073709551615);",
      "(= x 9223372036854775807);",
      "(= x 10);",
      "(= x 1.5d);",
      "(= x 2.5f);",
      "(= x 0.5d);",
      '(= x "abc");',
      "(= x (char 65));",
      "(= x (color 0xff));",
      "(= x (datetime 1706659200));",
      "(= x true);",
      "(= x false);",
      "(= x NULL);",
      "(= x (- 1));",
    ]);
  });

  test("IntLit keeps its text (suffix) and FloatLit its spelling", () => {
    const { program } = run("long a = 10ul; float b = 2.5f;");
    const [a, b] = program.decls as A.VarDecl[];
    expect(a?.declarators[0]?.init).toMatchObject({ kind: "IntLit", value: 10n, text: "10ul" });
    expect(b?.declarators[0]?.init).toMatchObject({
      kind: "FloatLit",
      value: 2.5,
      text: "2.5f",
      isFloat: true,
    });
  });
});

describe("expressions", () => {
  test("precedence table", () => {
    expect(expr("a = b || c && d | e ^ f & g == h < i << j + k * l")).toBe(
      "(= a (|| b (&& c (| d (^ e (& f (== g (< h (<< i (+ j (* k l)))))))))))",
    );
    expect(expr("a * b + c << d > e != f & g ^ h | i && j || k")).toBe(
      "(|| (&& (| (^ (& (!= (> (<< (+ (* a b) c) d) e) f) g) h) i) j) k)",
    );
    expect(expr("a - b - c")).toBe("(- (- a b) c)");
    expect(expr("a / b % c * d")).toBe("(* (% (/ a b) c) d)");
    expect(expr("a = b = c")).toBe("(= a (= b c))");
    expect(expr("a += b -= c")).toBe("(+= a (-= b c))");
    expect(expr("a <<= b >>= c &= d |= e ^= f *= g /= h %= i")).toBe(
      "(<<= a (>>= b (&= c (|= d (^= e (*= f (/= g (%= h i))))))))",
    );
    expect(expr("a ? b : c ? d : e")).toBe("(? a b (? c d e))");
    expect(expr("x = a > b ? a : b")).toBe("(= x (? (> a b) a b))");
    expect(expr("a, b = 1, c")).toBe("(, a (= b 1) c)");
    expect(expr("a <= b >= c")).toBe("(>= (<= a b) c)");
  });

  test("unary, prefix and postfix", () => {
    expect(expr("-a + +b - !c * ~d")).toBe("(- (+ (- a) (+ b)) (* (! c) (~ d)))");
    expect(expr("++i + i++ - --j - j--")).toBe(
      "(- (- (+ (++pre i) (++post i)) (--pre j)) (--post j))",
    );
    expect(expr("-a[i].b")).toBe("(- (. ([] a i) b))");
    expect(expr("*p = &x")).toBe("(= (* p) (& x))");
    expect(expr("!!x")).toBe("(! (! x))");
    expect(expr("a - -b")).toBe("(- a (- b))");
  });

  test("calls, members, indexes, scope", () => {
    expect(expr("f(a, b + 1)(c)")).toBe("(call (call f a (+ b 1)) c)");
    expect(expr("obj.m(1).n[2][3]")).toBe("([] ([] (. (call (. obj m) 1) n) 2) 3)");
    expect(expr("p->next->prev")).toBe("(-> (-> p next) prev)");
    expect(expr("::Print(x)")).toBe("(call ::Print x)");
    expect(expr("CBase::Method(1)")).toBe("(call CBase::Method 1)");
    expect(expr("x = ENUM_X::MEMBER")).toBe("(= x ENUM_X::MEMBER)");
    expect(expr("A::B::c")).toBe("A::B::c");
    expect(expr("this.m_x = this->m_y")).toBe("(= (. this m_x) (-> this m_y))");
    expect(expr("GetPointer(this)")).toBe("(call GetPointer this)");
    expect(expr("f()")).toBe("(call f)");
  });

  test("new, delete, sizeof", () => {
    expect(expr("p = new CFoo")).toBe("(= p (new CFoo))");
    expect(expr("p = new CFoo(1, 2)")).toBe("(= p (new CFoo 1 2))");
    expect(expr("p = new CList<int>()")).toBe("(= p (new CList<int>))");
    expect(expr("p = new CMap<string, CList<int>>()")).toBe("(= p (new CMap<string,CList<int>>))");
    expect(expr("delete p")).toBe("(delete p)");
    expect(expr("delete m_items[i]")).toBe("(delete ([] m_items i))");
    expect(
      expr(
        "n = sizeof(int) + sizeof(MqlTick) + sizeof(x) + sizeof(a[0])",
        "struct MqlTick { int a; };",
      ),
    ).toBe("(= n (+ (+ (+ (sizeof int) (sizeof MqlTick)) (sizeof x)) (sizeof ([] a 0))))");
  });

  test("C-style casts vs parenthesised expressions", () => {
    const prelude = "class CFoo {}; enum ENUM_X { A };";
    expect(expr("x = (int)y", prelude)).toBe("(= x (cast int y))");
    expect(expr("x = (double)a / b", prelude)).toBe("(= x (/ (cast double a) b))");
    expect(expr("x = (double)(a / b)", prelude)).toBe("(= x (cast double (/ a b)))");
    expect(expr("p = (CFoo*)q", prelude)).toBe("(= p (cast CFoo* q))");
    expect(expr("p = (CUnknown*)q", prelude)).toBe("(= p (cast CUnknown* q))");
    expect(expr("e = (ENUM_X)3", prelude)).toBe("(= e (cast ENUM_X 3))");
    expect(expr("e = (ENUM_X)-1", prelude)).toBe("(= e (cast ENUM_X (- 1)))");
    expect(expr("x = (a) - 1", prelude)).toBe("(= x (- a 1))");
    expect(expr("x = (a)", prelude)).toBe("(= x a)");
    expect(expr("x = (a) * b", prelude)).toBe("(= x (* a b))");
    expect(expr("x = (a * b)", prelude)).toBe("(= x (* a b))");
    expect(expr("x = (uint)(long)y", prelude)).toBe("(= x (cast uint (cast long y)))");
    expect(expr("x = (unsigned int)y", prelude)).toBe("(= x (cast uint y))");
    expect(expr("x = (ENUM_TIMEFRAMES)p", "", { typeNames: new Set(["ENUM_TIMEFRAMES"]) })).toBe(
      "(= x (cast ENUM_TIMEFRAMES p))",
    );
    // an unknown name in parentheses is a cast when an operand follows directly
    expect(expr("x = (ENUM_TIMEFRAMES)p")).toBe("(= x (cast ENUM_TIMEFRAMES p))");
    expect(expr("x = (MyEnum)!b")).toBe("(= x (cast MyEnum (! b)))");
    expect(expr("x = (f)(b)")).toBe("(= x (call f b))");
    expect(expr("x = (a)++")).toBe("(= x (++post a))");
    expect(expr('s = (string)x + "!"', prelude)).toBe('(= s (+ (cast string x) "!"))');
    expect(expr("(CFoo*)p.Get()", prelude)).toBe("(cast CFoo* (call (. p Get)))");
  });

  test("functional casts", () => {
    expect(expr("x = int(y) + double(a) + string(n)")).toBe(
      "(= x (+ (+ (cast int y) (cast double a)) (cast string n)))",
    );
    expect(expr("x = ENUM_X(3)", "enum ENUM_X { A };")).toBe("(= x (cast ENUM_X 3))");
    expect(expr("x = color(0xFF)")).toBe("(= x (cast color 255))");
    expect(expr("x = ENUM_TIMEFRAMES(p)", "", { typeNames: new Set(["ENUM_TIMEFRAMES"]) })).toBe(
      "(= x (cast ENUM_TIMEFRAMES p))",
    );
    expect(expr("x = MyInt(p) + CFoo(1)", "typedef int MyInt; class CFoo {};")).toBe(
      "(= x (+ (cast MyInt p) (call CFoo 1)))",
    );
  });

  test("template calls only for known templates", () => {
    const prelude = "template<typename T> T Max(T a, T b) { return a > b ? a : b; }";
    expect(expr("x = Max<int>(a, b)", prelude)).toBe("(= x (call Max<int> a b))");
    expect(expr("x = Max<CList<int>>(a, b)", prelude)).toBe("(= x (call Max<CList<int>> a b))");
    expect(expr("x = Max(a, b)", prelude)).toBe("(= x (call Max a b))");
    expect(expr("x = Min < a && b > (c)", prelude)).toBe("(= x (&& (< Min a) (> b c)))");
    expect(expr("x = Zip<int>(a)", "", { templateNames: new Set(["Zip"]) })).toBe(
      "(= x (call Zip<int> a))",
    );
    expect(expr("x = Max < a", prelude)).toBe("(= x (< Max a))");
  });

  test("shift operators still work next to templates", () => {
    expect(expr("x = a >> 2 << b")).toBe("(= x (<< (>> a 2) b))");
    expect(expr("x = a >>= 1")).toBe("(= x (>>= a 1))");
  });
});

describe("statements", () => {
  test("every statement kind", () => {
    expect(
      stmts(`{ a; }
      ;
      if (a) b; else c;
      if (a) { b; }
      if (a) if (b) c; else d;
      for (int i = 0, j = 1; i < n; i++, j--) x += i;
      for (i = 0; i < n; i++) {}
      for (;;) break;
      while (x > 0) x--;
      do { x++; } while (x < 10);
      switch (k) { case 1: case 2: a(); break; case A::B: { b(); } default: c(); }
      switch (k) {}
      continue;
      return;
      return x + 1;
      return (x);`),
    ).toEqual([
      "{a;}",
      ";",
      "(if a b; c;)",
      "(if a {b;})",
      "(if a (if b c; d;))",
      "(for (var int i=0 j=1) (< i n) (, (++post i) (--post j)) (+= x i);)",
      "(for (= i 0); (< i n) (++post i) {})",
      "(for _ _ _ break;)",
      "(while (> x 0) (--post x);)",
      "(do {(++post x);} (< x 10))",
      "(switch k (case 1) (case 2 (call a); break;) (case A::B {(call b);}) (default (call c);))",
      "(switch k)",
      "continue;",
      "(return)",
      "(return (+ x 1))",
      "(return x)",
    ]);
  });

  test("local declarations", () => {
    expect(
      stmts(
        `int a;
      static int counter = 0;
      const double pi = 3.14, e = 2.71;
      int arr[10][2];
      double buf[];
      int list[] = {1, 2, 3,};
      int grid[2][2] = {{1, 2}, {3, 4}};
      MqlTradeRequest req = {};
      CFoo obj(1, 2);
      CFoo *p = new CFoo();
      CFoo *a1, b1, *c1;
      string s = "x", t;
      unsigned int u = 1;
      long long ll = 2;
      unsigned char uc = 3;
      CList<int> list2;
      CMap<string, CList<int>> *m = NULL;
      CFoo::Inner inner;
      static const int K = 5;`,
        "class CFoo { class Inner {}; }; struct MqlTradeRequest { int a; };",
      ),
    ).toEqual([
      "(var int a)",
      "(var static int counter=0)",
      "(var const double pi=3.14d e=2.71d)",
      "(var int arr[10][2])",
      "(var double buf[])",
      "(var int list[]={1 2 3})",
      "(var int grid[2][2]={{1 2} {3 4}})",
      "(var MqlTradeRequest req={})",
      "(var CFoo obj(1 2))",
      "(var CFoo* p=(new CFoo))",
      "(var CFoo* a1 CFoo b1 c1)",
      '(var string s="x" t)',
      "(var uint u=1)",
      "(var long ll=2)",
      "(var uchar uc=3)",
      "(var CList<int> list2)",
      "(var CMap<string,CList<int>>* m=NULL)",
      "(var CFoo::Inner inner)",
      "(var static const int K=5)",
    ]);
  });

  test("declaration vs expression", () => {
    const prelude = "class CFoo {};";
    expect(stmts("a * b;", prelude)).toEqual(["(* a b);"]);
    expect(stmts("CFoo * p;", prelude)).toEqual(["(var CFoo* p)"]);
    expect(stmts("a & b;", prelude)).toEqual(["(& a b);"]);
    expect(stmts("a < b;", prelude)).toEqual(["(< a b);"]);
    expect(stmts("CTrade trade;", prelude)).toEqual(["(var CTrade trade)"]);
    expect(stmts("CTrade *t = new CTrade;", prelude)).toEqual(["(var CTrade* t=(new CTrade))"]);
    expect(stmts("CTrade *t;", "", { typeNames: new Set(["CTrade"]) })).toEqual([
      "(var CTrade* t)",
    ]);
    expect(stmts("CTrade *t;")).toEqual(["(* CTrade t);"]);
    expect(stmts("CFoo::Bar(1);", prelude)).toEqual(["(call CFoo::Bar 1);"]);
    expect(stmts("int(x);")).toEqual(["(cast int x);"]);
    expect(stmts("x = 1;")).toEqual(["(= x 1);"]);
    expect(stmts("CList<int> l;")).toEqual(["(var CList<int> l)"]);
  });

  test("local class, struct, enum and typedef", () => {
    expect(stmts("struct P { int x; }; enum E { A, B }; typedef int I; P p; E e; I i;")).toEqual([
      "(struct P [public] (var int x))",
      "(enum E A B)",
      "(typedef int I)",
      "(var P p)",
      "(var E e)",
      "(var I i)",
    ]);
  });

  test("template parameters are types inside their template only", () => {
    const src = `template<typename T> void Swap(T &a, T &b) { T * t; T tmp = a; a = b; b = tmp; }
void g() { T * t; }`;
    const { program, diags } = run(src);
    expect(diags).toEqual([]);
    expect(program.decls.map(decl)).toEqual([
      "(func template<T> void Swap(T& a, T& b) {(var T* t) (var T tmp=a) (= a b); (= b tmp);})",
      "(func void g() {(* T t);})",
    ]);
  });
});

describe("top-level declarations", () => {
  test("globals with storage classes and input groups", () => {
    expect(
      prog(`input group "Risk"
input double Lots = 0.1; // Lot size
sinput int Magic = 42;
input ENUM_TIMEFRAMES TF = PERIOD_H1;
extern int Old = 1;
static int s_n;
const string Name = "EA";
int a = 1, b[3];
input group "Other";
CTrade trade;
CFoo g_obj(1, 2);
int CFoo::s_count = 0;`),
    ).toEqual([
      '(group "Risk")',
      "(var input double Lots=0.1d //Lot size)",
      "(var sinput int Magic=42)",
      "(var input ENUM_TIMEFRAMES TF=PERIOD_H1)",
      "(var extern int Old=1)",
      "(var static int s_n)",
      '(var const string Name="EA")',
      "(var int a=1 b[3])",
      '(group "Other")',
      "(var CTrade trade)",
      "(var CFoo g_obj(1 2))",
      "(var int CFoo::s_count=0)",
    ]);
    const { program } = run("const int X = 1;");
    expect((program.decls[0] as A.VarDecl).storage).toEqual({
      input: false,
      sinput: false,
      isStatic: false,
      isConst: true,
      isExtern: false,
    });
  });

  test("functions: prototypes, definitions, parameters", () => {
    expect(
      prog(`void OnTick();
int OnInit(void) { return INIT_SUCCEEDED; }
double Sum(const double &arr[], int count = 10, bool flag = true) { return 0; }
void Fill(double &buf[][4], const int &x[], CFoo *obj, const CFoo &ref, string s = "a");
CFoo *Make(int);
double &Value();
static int Helper(int a, int b) export { return a + b; }
CFoo Get();
unsigned long Big(unsigned int a, unsigned short b);`),
    ).toEqual([
      "(func void OnTick())",
      "(func int OnInit() {(return INIT_SUCCEEDED)})",
      "(func double Sum(const double& arr[], int count=10, bool flag=true) {(return 0)})",
      '(func void Fill(double& buf[][4], const int& x[], CFoo* obj, const CFoo& ref, string s="a"))',
      "(func CFoo* Make(int))",
      "(func double& Value())",
      "(func static int Helper(int a, int b) {(return (+ a b))})",
      "(func CFoo Get())",
      "(func ulong Big(uint a, ushort b))",
    ]);
  });

  test("enums (values, trailing comma) and typedefs", () => {
    expect(
      prog(`enum ENUM_MODE { MODE_A, MODE_B = 5, MODE_C, };
enum Flags { F1 = 1 << 0, F2 = 1 << 1 };
typedef void (*TFunc)(int);
typedef int MyInt;
typedef double (*TCalc)(const double &a[], int n);
MyInt x = 1;
TFunc handler = NULL;`),
    ).toEqual([
      "(enum ENUM_MODE MODE_A MODE_B=5 MODE_C)",
      "(enum Flags F1=(<< 1 0) F2=(<< 1 1))",
      "(typedef void (*TFunc)(int))",
      "(typedef int MyInt)",
      "(typedef double (*TCalc)(const double& a[], int n))",
      "(var MyInt x=1)",
      "(var TFunc handler=NULL)",
    ]);
  });

  test("stray semicolons at top level", () => {
    expect(prog(";; int a; ; void f() {};")).toEqual(["(var int a)", "(func void f() {})"]);
  });
});

describe("classes", () => {
  test("access sections, fields, methods, constructors, destructors", () => {
    const [c] = prog(`class CFoo : public CBase {
  int m_a;
  int m_b;
public:
  CFoo(void) : m_a(0), CBase(1) { }
  CFoo(int a, int b);
  ~CFoo(void) { }
  virtual void Run(void) = 0;
  virtual int Get(void) const { return m_a; }
  void Set(int v) override;
  void Done() final;
  static int Count(void);
  static int s_total;
  double m_arr[10];
  CFoo *m_next, *m_prev;
protected:
  bool Check();
private:
  int m_c;
};`);
    expect(c).toBe(
      "(class CFoo : public CBase" +
        " [private] (var int m_a)" +
        " [private] (var int m_b)" +
        " [public] (func public ctor void CFoo() : m_a(0) CBase(1) {})" +
        " [public] (func public ctor void CFoo(int a, int b))" +
        " [public] (func public dtor void ~CFoo() {})" +
        " [public] (func public virtual pure void Run())" +
        " [public] (func public virtual const int Get() {(return m_a)})" +
        " [public] (func public override void Set(int v))" +
        " [public] (func public void Done())" +
        " [public] (func public static int Count())" +
        " [public] (var static int s_total)" +
        " [public] (var double m_arr[10])" +
        " [public] (var CFoo* m_next m_prev)" +
        " [protected] (func protected bool Check())" +
        " [private] (var int m_c))",
    );
  });

  test("structs default to public, interfaces, forward declarations, unions", () => {
    expect(
      prog(`class CFoo;
struct SPoint { double x, y; SPoint() : x(0), y(0) {} };
interface IRun { void Run(); };
class CBar : CFoo { };
struct SDerived : SPoint { int z; };
class CL : public CArrayList<int> { };
union UVal { long l; double d; };
class CFinal final : public CFoo { };`),
    ).toEqual([
      "(class CFoo;)",
      "(struct SPoint [public] (var double x y) [public] (func public ctor void SPoint() : x(0) y(0) {}))",
      "(interface IRun [public] (func public void Run()))",
      "(class CBar : private CFoo)",
      "(struct SDerived : public SPoint [public] (var int z))",
      "(class CL : public CArrayList<int>)",
      "(union UVal [public] (var long l) [public] (var double d))",
      "(class CFinal : public CFoo)",
    ]);
  });

  test("operators", () => {
    const [c] = prog(`class CVec {
public:
  CVec operator+(const CVec &o) const;
  CVec *operator=(const CVec &o);
  double operator[](int i) { return 0; }
  bool operator==(const CVec &o);
  bool operator!=(const CVec &o);
  bool operator!(void);
  double operator()(int a, int b);
  void operator+=(double d);
  bool operator<(const CVec &o);
  CVec operator-(void);
  CVec &operator<<(int x);
};`);
    expect(c).toBe(
      "(class CVec" +
        " [public] (func public const op+ CVec operator+(const CVec& o))" +
        " [public] (func public op= CVec* operator=(const CVec& o))" +
        " [public] (func public op[] double operator[](int i) {(return 0)})" +
        " [public] (func public op== bool operator==(const CVec& o))" +
        " [public] (func public op!= bool operator!=(const CVec& o))" +
        " [public] (func public op! bool operator!())" +
        " [public] (func public op() double operator()(int a, int b))" +
        " [public] (func public op+= void operator+=(double d))" +
        " [public] (func public op< bool operator<(const CVec& o))" +
        " [public] (func public op- CVec operator-())" +
        " [public] (func public op<< CVec& operator<<(int x)))",
    );
  });

  test("out-of-line definitions", () => {
    expect(
      prog(`class CFoo { public: CFoo(void); ~CFoo(void); void Bar(int x); bool operator==(const CFoo &o); static int s_n; };
CFoo::CFoo(void) : m_x(0) {}
CFoo::~CFoo(void) {}
void CFoo::Bar(int x) { m_x = x; }
bool CFoo::operator==(const CFoo &o) { return true; }
CFoo *CFoo::Self(void) { return GetPointer(this); }
int CFoo::s_n = 0;`),
    ).toEqual([
      "(class CFoo [public] (func public ctor void CFoo()) [public] (func public dtor void ~CFoo()) [public] (func public void Bar(int x)) [public] (func public op== bool operator==(const CFoo& o)) [public] (var static int s_n))",
      "(func ctor void CFoo::CFoo() : m_x(0) {})",
      "(func dtor void CFoo::~CFoo() {})",
      "(func void CFoo::Bar(int x) {(= m_x x);})",
      "(func op== bool CFoo::operator==(const CFoo& o) {(return true)})",
      "(func CFoo* CFoo::Self() {(return (call GetPointer this))})",
      "(var int CFoo::s_n=0)",
    ]);
  });

  test("nested enums, structs and typedefs inside classes", () => {
    expect(
      prog(`class COuter {
public:
  enum EKind { K1, K2 };
  struct SItem { int id; };
  typedef int TId;
private:
  SItem m_items[];
  EKind m_kind;
};`),
    ).toEqual([
      "(class COuter [public] (enum EKind K1 K2) [public] (struct SItem [public] (var int id)) [public] (typedef int TId) [private] (var SItem m_items[]) [private] (var EKind m_kind))",
    ]);
  });

  test("member locations and FuncDecl fields", () => {
    const { program } = run("class A {\npublic:\n  virtual int F(int x) const = 0;\n};");
    const c = program.decls[0] as A.ClassDecl;
    expect(c.loc).toEqual({ file: "<source>", line: 1, col: 1 });
    expect(c.members[0]).toMatchObject({
      kind: "FuncDecl",
      loc: { line: 3, col: 3 },
      name: "F",
      isVirtual: true,
      isConstMethod: true,
      isPure: true,
      access: "public",
      returnType: { kind: "TypeRef", name: "int", loc: { line: 3, col: 11 } },
      params: [{ kind: "Param", name: "x", loc: { line: 3, col: 17 } }],
    });
    expect((c.members[0] as A.FuncDecl).body).toBeUndefined();
  });
});

describe("templates", () => {
  test("template classes, functions and out-of-line members", () => {
    expect(
      prog(`template<typename T> class CList : public CObject {
public:
  T m_data[];
  CList(void) : m_n(0) {}
  void Add(T v);
  T Get(int i) const { T tmp = m_data[i]; return tmp; }
  template<typename U> void Each(U &fn);
};
template<typename T> void CList::Add(T v) { m_data[m_n++] = v; }
template<typename T> void CList<T>::Add(T v) { T *p = NULL; }
template<typename T> CList<T>::CList(void) : m_n(0) {}
template<typename T1, class T2> T1 Conv(T2 v) { return (T1)v; }
template<typename K, typename V> class CMap { CList<CList<K>> m_k; V m_v; };
CList<CList<int>> *g_lists;`),
    ).toEqual([
      "(template<T> class CList : public CObject" +
        " [public] (var T m_data[])" +
        " [public] (func public ctor void CList() : m_n(0) {})" +
        " [public] (func public void Add(T v))" +
        " [public] (func public const T Get(int i) {(var T tmp=([] m_data i)) (return tmp)})" +
        " [public] (func public template<U> void Each(U& fn)))",
      "(func template<T> void CList::Add(T v) {(= ([] m_data (++post m_n)) v);})",
      "(func template<T> void CList::Add(T v) {(var T* p=NULL)})",
      "(func template<T> ctor void CList::CList() : m_n(0) {})",
      "(func template<T1,T2> T1 Conv(T2 v) {(return (cast T1 v))})",
      "(template<K,V> class CMap [private] (var CList<CList<K>> m_k) [private] (var V m_v))",
      "(var CList<CList<int>>* g_lists)",
    ]);
  });

  test("options.typeNames and options.templateNames", () => {
    const options = {
      typeNames: new Set(["CHashMap", "MqlTick"]),
      templateNames: new Set(["CHashMap"]),
    };
    expect(
      stmts("CHashMap<string, int> *m; MqlTick * t; m = (CHashMap<string,int>*)x;", "", options),
    ).toEqual([
      "(var CHashMap<string,int>* m)",
      "(var MqlTick* t)",
      "(= m (cast CHashMap<string,int>* x));",
    ]);
  });
});

describe("MQL5 library style", () => {
  test("dense spacing, pointer-reference parameters, templated locals, dynamic_cast", () => {
    expect(
      prog(`template<typename K,typename V>
struct Pair: public Slot<V>
  {
public:
   K                 key;
                     Pair(void): key(NULL) {}
  };
template<typename K,typename V>
class CTable: public IMap<K,V>
  {
protected:
   Pair<K,V>m_items[];
   IComparer<K>*m_cmp;
public:
   CTable<K,V>*Copy(void) { return new CTable<K,V>(); }
   IComparer<K>*Comparer(void)                        const { return(m_cmp); }
   int               Fill(Pair<K,V>*&dst[],const int start=0);
   static int        s_limit;
  };
template<typename K,typename V>
int CTable::s_limit=8;
template<typename K,typename V>
int CTable::Fill(Pair<K,V>*&dst[],const int start)
  {
   CEqual<V>eq;
   CEqual<V>eq2();
   const CTable *self=dynamic_cast<const CTable*>(GetPointer(this));
   return(::Count(eq,eq2));
  }`),
    ).toEqual([
      "(template<K,V> struct Pair : public Slot<V> [public] (var K key) [public] (func public ctor void Pair() : key(NULL) {}))",
      "(template<K,V> class CTable : public IMap<K,V>" +
        " [protected] (var Pair<K,V> m_items[])" +
        " [protected] (var IComparer<K>* m_cmp)" +
        " [public] (func public CTable<K,V>* Copy() {(return (new CTable<K,V>))})" +
        " [public] (func public const IComparer<K>* Comparer() {(return m_cmp)})" +
        " [public] (func public int Fill(Pair<K,V>*& dst[], const int start=0))" +
        " [public] (var static int s_limit))",
      "(var int CTable::s_limit=8)",
      "(func template<K,V> int CTable::Fill(Pair<K,V>*& dst[], const int start) {" +
        "(var CEqual<V> eq) (var CEqual<V> eq2()) (var const CTable* self=(cast const CTable* (call GetPointer this))) (return (call ::Count eq eq2))})",
    ]);
    const { program } = run("void f() { x = dynamic_cast<CFoo*>(p); y = (CFoo*)p; }");
    const body = (program.decls[0] as A.FuncDecl).body?.body as A.ExprStmt[];
    expect(((body[0]!.expr as A.Assign).value as A.Cast).dynamic).toBe(true);
    expect(((body[1]!.expr as A.Assign).value as A.Cast).dynamic).toBeUndefined();
  });

  test("variadic built-in signatures: `...` becomes a last Param of type '...'", () => {
    expect(prog("void Print(...);\nstring StringFormat(string format, ...);")).toEqual([
      "(func void Print(...))",
      "(func string StringFormat(string format, ...))",
    ]);
  });

  test("const and static in either order", () => {
    expect(
      prog(`const static int A = 1;
static const int B = 2;
class C { const static int X; static const int Y; const int Z; };
void f() { const static int L = 3; }`),
    ).toEqual([
      "(var static const int A=1)",
      "(var static const int B=2)",
      "(class C [private] (var static const int X) [private] (var static const int Y) [private] (var const int Z))",
      "(func void f() {(var static const int L=3)})",
    ]);
  });

  test("MQL5 vector and matrix types, colour/datetime literals in code", () => {
    expect(
      stmts(`vector v; matrix m(3, 3); color c = C'0x44,0xB9,0xE6'; datetime t = (datetime)0 + D'2024.01.01';
      MqlTradeResult result = {0}; uchar bytes[] = {0x00, 0x01};`),
    ).toEqual([
      "(var vector v)",
      "(var matrix m(3 3))",
      "(var color c=(color 0xe6b944))",
      "(var datetime t=(+ (cast datetime 0) (datetime 1704067200)))",
      "(var MqlTradeResult result={0})",
      "(var uchar bytes[]={0 1})",
    ]);
  });
});

describe("locations", () => {
  test("every node gets the location of its first token", () => {
    const { program } = run("void f()\n{\n  x = a + b * c;\n}");
    const f = program.decls[0] as A.FuncDecl;
    const s = (f.body as A.Block).body[0] as A.ExprStmt;
    expect(s.loc).toEqual({ file: "<source>", line: 3, col: 3 });
    const assign = s.expr as A.Assign;
    expect(assign.loc.col).toBe(3);
    const sum = assign.value as A.Binary;
    expect(sum.loc.col).toBe(7);
    expect((sum.right as A.Binary).loc.col).toBe(11);
    expect(f.body?.loc).toEqual({ file: "<source>", line: 2, col: 1 });
    const paren = run("void f() { x = (a + b) * c; }").program.decls[0] as A.FuncDecl;
    const product = ((paren.body!.body[0] as A.ExprStmt).expr as A.Assign).value as A.Binary;
    expect(product.loc.col).toBe(16);
    expect(product.left.loc.col).toBe(16);
  });
});

describe("errors", () => {
  test("expected ';' after expression", () => {
    expect(errors("void f() { a = 1 b = 2; }")).toEqual([
      "<source>:1:18: expected ';' after expression but found 'b'",
    ]);
  });

  test("message names what was expected and what was found", () => {
    expect(errors("void f() { if (a { b; } }")).toEqual([
      "<source>:1:18: expected ')' after condition but found '{'",
    ]);
    expect(errors("void f() { x = ; }")).toEqual([
      "<source>:1:16: expected expression but found ';'",
    ]);
    expect(errors("int f( { }")).toEqual(["<source>:1:8: expected type but found '{'"]);
    expect(errors("class A { int x }; int y;")).toEqual([
      "<source>:1:17: expected ';' after declaration but found '}'",
    ]);
    expect(errors('void f() { x = "abc" }')).toEqual([
      "<source>:1:22: expected ';' after expression but found '}'",
    ]);
    expect(errors("void f() { g(1, 2; }")).toEqual([
      "<source>:1:18: expected ')' after arguments but found ';'",
    ]);
    expect(errors("void f() {")).toEqual([
      "<source>:1:11: expected '}' at end of block but found end of file",
    ]);
  });

  test("several independent errors in one file are all reported", () => {
    const src = `int a = ;
void f() {
  x = 1 +;
  y = 2;
  if (z) { w = (3; }
  int ok = 1;
}
class C { int m; void g( { } };
void h() { return 1 }
int b = 2;`;
    const { program, diags } = run(src);
    expect(diags).toEqual([
      "<source>:1:9: expected expression but found ';'",
      "<source>:3:10: expected expression but found ';'",
      "<source>:5:18: expected ')' but found ';'",
      "<source>:8:26: expected type but found '{'",
      "<source>:9:21: expected ';' after return value but found '}'",
    ]);
    // parsing went on after each error
    expect(
      program.decls.map((d) => (d.kind === "VarDecl" ? d.declarators[0]?.name : d.kind)),
    ).toContain("b");
    const f = program.decls.find((d) => d.kind === "FuncDecl" && d.name === "f") as A.FuncDecl;
    expect(f.body?.body.map(st)).toEqual(["(= y 2);", "(if z {})", "(var int ok=1)"]);
  });

  test("statements out of place", () => {
    expect(errors("void f() { case 1: x; else y; }")).toEqual([
      "<source>:1:12: 'case' outside of a switch",
      "<source>:1:23: 'else' without 'if'",
    ]);
    expect(errors("void f() { switch (x) { y; case 1: break; } }")).toEqual([
      "<source>:1:25: expected 'case' or 'default' but found 'y'",
    ]);
    expect(errors("} int a;")).toEqual(["<source>:1:1: expected type but found '}'"]);
  });

  test("reference variables are rejected", () => {
    expect(errors("void f() { int &r = x; }")).toEqual([
      "<source>:1:16: reference variables are not supported (only parameters may be references)",
    ]);
  });

  test("garbage never throws and always terminates", () => {
    let seed = 987654321;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const words = [
      "class",
      "struct",
      "enum",
      "template",
      "typename",
      "<",
      ">",
      ">>",
      "{",
      "}",
      "(",
      ")",
      "[",
      "]",
      ";",
      ",",
      "::",
      "=",
      "+",
      "*",
      "&",
      "int",
      "void",
      "CFoo",
      "x",
      "1",
      "if",
      "else",
      "for",
      "switch",
      "case",
      ":",
      "default",
      "return",
      "new",
      "delete",
      "operator",
      "~",
      "public",
      "virtual",
      "typedef",
      "input",
      "group",
      '"s"',
      "const",
      "static",
      "?",
      ".",
      "->",
      "sizeof",
      "this",
      "while",
      "do",
      "break",
      "#",
      "'c'",
      "1.5",
    ];
    for (let k = 0; k < 300; k++) {
      const n = rnd() % 120;
      const parts: string[] = [];
      for (let i = 0; i < n; i++) {
        parts.push(words[rnd() % words.length] as string);
      }
      const src = parts.join(" ");
      const bag = new DiagnosticBag();
      expect(() => parse(lex(src, [], bag), bag)).not.toThrow();
    }
  });

  test("deep nesting is an error, not a crash", () => {
    for (const src of [
      `void f() { x = ${"(".repeat(5000)}1${")".repeat(5000)}; }`,
      `void f() ${"{".repeat(5000)}${"}".repeat(5000)}`,
      `int a[] = ${"{".repeat(5000)}${"}".repeat(5000)};`,
      `A${"<A".repeat(5000)}${">".repeat(5000)} x;`,
      `${"class A { ".repeat(5000)}${"};".repeat(5000)}`,
      `void f() { x = ${"-".repeat(5000)}1; }`,
    ]) {
      const { diags } = run(src);
      expect(diags[0]).toContain("nesting too deep");
    }
  });

  test("tokens without eof are accepted", () => {
    const bag = new DiagnosticBag();
    const tokens = lex("int a;", [], bag).slice(0, -1);
    expect(parse(tokens, bag).decls).toHaveLength(1);
    expect(parse([], bag).decls).toHaveLength(0);
    expect(bag.items).toEqual([]);
  });
});

describe("performance", () => {
  test("a 5,000-line generated program parses", () => {
    const lines: string[] = [];
    let i = 0;
    while (lines.length < 5000) {
      lines.push(
        `class CItem${i} : public CObject {`,
        "public:",
        `  int m_a; double m_b[10]; CItem${i} *m_next;`,
        `  CItem${i}(void) : m_a(0) { m_next = NULL; }`,
        `  virtual double Value(int k) const { return m_b[k % 10] * (double)m_a + 1.5; }`,
        "};",
        `double Calc${i}(const double &arr[], int n) {`,
        "  double s = 0;",
        "  for (int j = 0; j < n; j++) {",
        "    if (arr[j] > 0 && j % 2 == 0) s += arr[j]; else s -= arr[j] / 2.0;",
        "  }",
        `  CItem${i} *it = new CItem${i}();`,
        "  switch (n) { case 1: s *= 2; break; default: s = MathMax(s, it.Value(n)); }",
        "  delete it;",
        '  Print("sum=", DoubleToString(s, 2), " n=", IntegerToString(n));',
        "  return s > 100 ? 100 : s;",
        "}",
      );
      i++;
    }
    const src = lines.join("\n");
    const bag = new DiagnosticBag();
    const t0 = performance.now();
    const tokens = lex(src, [], bag);
    const t1 = performance.now();
    const program = parse(tokens, bag);
    const t2 = performance.now();
    expect(bag.items).toEqual([]);
    expect(program.decls).toHaveLength(i * 2);
    console.log(
      `5,000-line program: ${(src.length / 1024).toFixed(0)} KB, ${tokens.length} tokens; lex ${(t1 - t0).toFixed(1)} ms, parse ${(t2 - t1).toFixed(1)} ms`,
    );
  });
});
