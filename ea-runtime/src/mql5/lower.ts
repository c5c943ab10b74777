/**
 * Lowering: MQL5 function bodies, classes and globals, type-checked and turned into JavaScript
 * with MQL5's semantics.
 *
 * Owns: the typing of every expression (the usual arithmetic conversions, implicit and explicit
 * conversions, overload resolution, member lookup through base classes), and the JS each
 * construct becomes: integer arithmetic wrapped to its width (`|0`, `>>>0`, masks, exact 64-bit
 * helpers), zero-divide / array-bounds / pointer checks that stop the EA at the MQL5 site,
 * scalar reference parameters as `{ value }` holders (the runtime's convention) with write-back,
 * struct and object copy semantics, constructors/destructors as `$ctor`/`$dtor` methods, inputs
 * through the runtime's `input` API. Output goes through JsOut so every generated line keeps its
 * MQL5 origin. Errors are collected (one per statement), never thrown out.
 * Conversions live in convert.ts and overload ranking in overloads.ts.
 * Pure; imports the AST, the binder, the types, convert.ts, overloads.ts and emit.ts.
 */

import type {
  Block,
  Call,
  ClassDecl,
  Declarator,
  Expr,
  FuncDecl,
  Stmt,
  TypeRef,
  VarDecl,
} from "./ast.ts";
import { type Binder, type FuncSym, type GlobalSym, jsIdent } from "./binder.ts";
import {
  conv,
  fit,
  fitFloat,
  type LVal,
  paren,
  typedText,
  type Val,
  wideLiteral,
} from "./convert.ts";
import { CompileError, type DiagnosticBag, type Loc } from "./diagnostics.ts";
import { JsOut } from "./emit.ts";
import { NATIVE_GAPS } from "./include/index.ts";
import { pick } from "./overloads.ts";
import {
  arithmetic,
  type ClassSym,
  isFloating,
  isInteger,
  isNumeric,
  isString,
  isSubclass,
  isUnsigned,
  isWide,
  type MethodSym,
  type ParamSym,
  promote,
  type ScalarTy,
  sameType,
  sizeOf,
  T,
  type Ty,
  typeName,
} from "./types.ts";

interface Local {
  readonly js: string;
  readonly ty: Ty;
  /** Scalar `&` parameter: the value lives in `js.value`. */
  readonly holder: boolean;
  readonly isConst: boolean;
}

const HOLDER_TYPES = (t: Ty): boolean =>
  t.k === "scalar" || t.k === "enum" || t.k === "ptr" || t.k === "func" || t.k === "null";

const GAPS: ReadonlySet<string> = new Set(NATIVE_GAPS);

/** Built-ins whose arguments are joined as text: MQL5 converts each by its static type. */
const TEXT_JOINERS = new Set(["Print", "Comment", "Alert", "StringConcatenate", "FileWrite"]);

class FnCtx {
  readonly scopes: Map<string, Local>[] = [new Map()];
  temps = 0;
  private readonly names = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly cls: ClassSym | undefined,
    readonly isStatic: boolean,
    readonly ret: Ty,
    /** Template parameters of a function-template instance, and the function's local types. */
    public env?: ReadonlyMap<string, Ty>,
    /** The call-graph node of the code being lowered (see Lowering.suspendingKeys). */
    readonly key = "<global>",
  ) {}

  temp(): string {
    this.temps += 1;
    return `$t${this.temps}`;
  }

  declare(name: string, ty: Ty, holder: boolean, isConst: boolean): Local {
    const top = this.scopes[this.scopes.length - 1];
    // Shadowing in nested blocks is legal in MQL5 and in JS (let): keep the name.
    const js = jsIdent(name);
    const n = (this.names.get(js) ?? 0) + 1;
    this.names.set(js, n);
    const local: Local = { js, ty, holder, isConst };
    top?.set(name, local);
    return local;
  }

  lookup(name: string): Local | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i -= 1) {
      const l = this.scopes[i]?.get(name);
      if (l) {
        return l;
      }
    }
    return undefined;
  }
}

/** A custom indicator compiled into the program: its iCustom name and its bound declarations. */
export interface IndicatorModule {
  readonly name: string;
  readonly binder: Binder;
}

export interface LowerResult {
  readonly js: string;
}

export class Lowering {
  readonly out: JsOut;
  private ctx: FnCtx = new FnCtx("", undefined, false, T.void);
  /** Static locals hoisted to program level: declared before functions run. */
  private readonly statics: { js: string; init: string; loc: Loc }[] = [];
  private staticTemps = 0;
  private staticCount = 0;

  /** Call graph: node → the nodes it calls (functions `f:js`, methods `m:js` by JS name). */
  private readonly calls = new Map<string, Set<string>>();
  /** Nodes that call Sleep themselves. */
  private readonly sleepers = new Set<string>();
  /** Nodes used as function-pointer values, with where. */
  private readonly valueUses = new Map<string, Loc>();
  private readonly emittedFunctions = new Set<FuncSym>();

  /**
   * `suspending`: the nodes that (transitively) call Sleep, from a first lowering
   * (suspendingKeys); they become generator functions whose calls are `yield*` and whose Sleep
   * is a `yield` the runtime turns into a suspension (no thread held, no CPU counted).
   */
  constructor(
    private readonly binder: Binder,
    private readonly diags: DiagnosticBag,
    private readonly suspending: ReadonlySet<string> = new Set(),
    /** A module (custom indicator) writes into its program's output. */
    out?: JsOut,
  ) {
    this.out = out ?? new JsOut();
  }

  /** The nodes that call Sleep directly or through the functions and methods they call. */
  suspendingKeys(): Set<string> {
    const out = new Set(this.sleepers);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [caller, callees] of this.calls) {
        if (!out.has(caller) && [...callees].some((c) => out.has(c))) {
          out.add(caller);
          grew = true;
        }
      }
    }
    for (const k of out) {
      const loc = this.valueUses.get(k);
      if (loc) {
        this.diags.error(loc, "a function that calls Sleep cannot be used as a function pointer");
      }
      if (k.startsWith("c:")) {
        this.diags.error(
          this.ctorLocs.get(k) ?? { file: "?", line: 1, col: 1 },
          "Sleep cannot be called (even indirectly) from a constructor or a destructor",
        );
      }
    }
    return out;
  }

  private readonly ctorLocs = new Map<string, Loc>();

  private edge(callee: string): void {
    const set = this.calls.get(this.ctx.key) ?? new Set<string>();
    set.add(callee);
    this.calls.set(this.ctx.key, set);
  }

  /** A call to a function or method node: recorded, and `yield*` when it suspends. */
  private callNode(js: string, key: string): string {
    this.edge(key);
    return this.suspending.has(key) ? `(yield* ${js})` : js;
  }

  // ================================================================ program

  /**
   * Program layout: functions (hoisted), `$init` (global initialisers), then enum tables,
   * classes and template instances until lowering finds no new one, then the declarations of
   * globals and static locals, and the calls that initialise them once every class exists.
   */
  lowerProgram(mainFile: string, modules: readonly IndicatorModule[] = []): string {
    const o = this.out;
    o.line("const $m = __mql.bind($sites());");
    this.lowerBody();
    // Custom indicators (iCustom): each a factory with its own globals, run with its inputs.
    const table: string[] = [];
    modules.forEach((m, i) => {
      const fn = `$ind_${i}`;
      o.line(`function ${fn}(input) {`);
      o.indent();
      new Lowering(m.binder, this.diags, new Set(), o).lowerBody();
      const pick = (h: string) => `${h}: typeof ${h} === "function" ? ${h} : undefined`;
      o.line(`return { ${pick("OnInit")}, ${pick("OnCalculate")}, ${pick("OnDeinit")} };`);
      o.dedent();
      o.line("}");
      table.push(`${JSON.stringify(m.name)}: ${fn}`);
    });
    if (table.length > 0) {
      o.line(`var $INDICATORS = { ${table.join(", ")} };`);
    }
    o.line(`function $sites() { return ${JSON.stringify(o.sites)}; }`);
    return o.finish(mainFile);
  }

  /** Functions, global initialisers, types and their initialisation calls of one program. */
  lowerBody(): void {
    const o = this.out;
    for (const f of [...this.binder.functions, ...this.binder.functionInstanceList()]) {
      this.lowerFunction(f);
    }
    this.ctx = new FnCtx("<global>", undefined, false, T.void);
    o.line("function $init() {");
    o.indent();
    const globals: string[] = [];
    for (const g of this.binder.globalVars) {
      globals.push(g.sym.jsName);
      this.guard(g.declarator.loc, () => this.lowerGlobal(g.decl, g.declarator, g.sym));
    }
    this.lowerStaticFieldInits();
    this.declareTemps();
    o.dedent();
    o.line("}");
    const enums = new Set<unknown>();
    const classes = new Set<ClassSym>();
    const emitClass = (c: ClassSym): void => {
      if (classes.has(c) || c.native) {
        return;
      }
      classes.add(c);
      if (c.base) {
        emitClass(c.base);
      }
      this.lowerClass(c);
    };
    for (let progress = true; progress; ) {
      progress = false;
      for (const e of this.binder.enums) {
        if (!enums.has(e)) {
          enums.add(e);
          progress = true;
          if (!e.builtin && e.name) {
            const body = [...e.members].map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(", ");
            o.line(`const $E_${jsIdent(e.name)} = Object.freeze({ ${body} });`);
          }
        }
      }
      for (const c of [...this.binder.classes]) {
        if (!classes.has(c)) {
          progress = true;
          emitClass(c);
        }
      }
      for (
        let f = this.binder.pendingFunctions.shift();
        f;
        f = this.binder.pendingFunctions.shift()
      ) {
        progress = true;
        this.lowerFunction(f);
      }
    }
    o.line("function $statics() {");
    o.indent();
    if (this.staticTemps > 0) {
      o.line(`var ${Array.from({ length: this.staticTemps }, (_, i) => `$t${i + 1}`).join(", ")};`);
    }
    for (const s of this.statics) {
      o.line(`${s.js} = ${s.init};`, s.loc);
      globals.push(s.js);
    }
    o.dedent();
    o.line("}");
    if (globals.length > 0) {
      o.line(`var ${globals.join(", ")};`);
    }
    const dtors = this.globalDestructors();
    if (dtors.length > 0) {
      o.line("function $dtors() {");
      o.indent();
      for (const d of dtors) {
        o.line(d);
      }
      o.dedent();
      o.line("}");
      if (!this.binder.functions.some((f) => f.name === "OnDeinit")) {
        o.line("function OnDeinit() { $dtors(); }");
      }
    }
    o.line("$statics();");
    o.line("$init();");
  }

  private guard(loc: Loc, f: () => void): void {
    try {
      f();
    } catch (e) {
      if (e instanceof CompileError) {
        this.diags.error(e.loc, e.message);
      } else {
        this.diags.error(
          loc,
          `internal compiler error: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    }
  }

  private err(loc: Loc, message: string): never {
    throw new CompileError(loc, message);
  }

  private site(loc: Loc): number {
    return this.out.site(loc, this.ctx.name);
  }

  // ================================================================ globals

  private lowerGlobal(d: VarDecl, decl: Declarator, sym: GlobalSym & { k: "var" }): void {
    const name = sym.jsName;
    if (sym.input) {
      this.out.line(`${name} = ${this.inputCall(d, decl, sym.ty)};`, decl.loc);
      return;
    }
    this.out.line(`${name} = ${this.initialValue(sym.ty, decl, d.type)};`, decl.loc);
  }

  private inputCall(d: VarDecl, decl: Declarator, ty: Ty): string {
    const name = JSON.stringify(decl.name);
    const init = decl.init ? this.expr(decl.init) : undefined;
    if (ty.k === "enum") {
      const table = ty.builtin ? ty.name : `$E_${jsIdent(ty.name)}`;
      return `input.enum(${table}, ${init ? conv(init, T.int, decl.loc) : "0"}, ${name})`;
    }
    if (ty.k !== "scalar") {
      this.err(d.loc, `an input must be of a scalar or enum type, not ${typeName(ty)}`);
    }
    const def = (t: Ty, fallback: string): string => (init ? conv(init, t, decl.loc) : fallback);
    switch (ty.name) {
      case "double":
      case "float":
        return fit(`input.double(${def(T.double, "0")}, ${name})`, ty);
      case "bool":
        return `input.bool(${def(T.bool, "false")}, ${name})`;
      case "string":
        return `input.string(${def(T.string, '""')}, ${name})`;
      case "datetime":
        return `input.datetime(${def(T.datetime, "0")}, ${name})`;
      case "color":
        return `input.color(${def(T.color, "0")}, ${name})`;
      case "long":
      case "ulong":
        // Through text, so a default beyond 2^53 keeps all its digits.
        return `$m.wide(input.string(String(${init ? conv(init, ty, decl.loc) : "0"}), ${name}), ${ty.name === "ulong"})`;
      default:
        return fit(`input.int(${def(T.int, "0")}, ${name})`, ty);
    }
  }

  // ================================================================ values of types

  /** JS of the default value of a type (zero, "", NULL, a constructed object, an array). */
  defaultValue(ty: Ty): string {
    switch (ty.k) {
      case "scalar":
        return ty.name === "string" ? '""' : ty.name === "bool" ? "false" : "0";
      case "enum":
        return "0";
      case "ptr":
      case "null":
      case "func":
        return "null";
      case "class":
        return this.construct(ty.cls, [], undefined);
      case "array": {
        if (ty.length === null) {
          return "[]";
        }
        const inner = this.defaultValue(ty.elem);
        const isValue = ty.elem.k === "class" || ty.elem.k === "array";
        return isValue
          ? `$m.arr(${ty.length}, null, () => ${inner})`
          : `$m.arr(${ty.length}, ${inner})`;
      }
      default:
        return "0";
    }
  }

  /** `new C().$ctorN(args)` for user classes, `new C()` for runtime ones. */
  private construct(cls: ClassSym, args: readonly Expr[], loc: Loc | undefined): string {
    if (cls.native) {
      const a = args.map((x) => this.expr(x).js);
      return `new ${cls.jsName}(${a.join(", ")})`;
    }
    if (cls.ctors.length === 0) {
      if (args.length > 0 && loc) {
        this.err(loc, `'${cls.name}' has no constructor taking ${args.length} argument(s)`);
      }
      return `new ${cls.jsName}().$ctor()`;
    }
    const vals = args.map((a) => this.expr(a));
    const i = pick(cls.ctors, vals, loc ?? cls.decl?.loc, `${cls.name}::${cls.name}`);
    const ctor = cls.ctors[i] as MethodSym;
    return `new ${cls.jsName}().${ctor.jsName}(${this.args(ctor.params, vals, loc ?? cls.decl?.loc)})`;
  }

  private initialValue(ty: Ty, decl: Declarator, typeRef: TypeRef): string {
    const loc = decl.loc;
    if (decl.ctorArgs) {
      if (ty.k !== "class") {
        this.err(loc, `'${decl.name}' is not an object: it cannot take constructor arguments`);
      }
      return this.construct(ty.cls, decl.ctorArgs, loc);
    }
    const init = decl.init;
    if (!init) {
      return this.defaultValue(ty);
    }
    if (init.kind === "InitList") {
      return this.initList(ty, init.elements, loc);
    }
    const v = this.expr(init);
    if (ty.k === "class") {
      if (v.ty.k === "class" && isSubclass(v.ty.cls, ty.cls)) {
        return `$m.clone(${v.js})`;
      }
      // `CFoo obj = 5;` calls a one-argument constructor.
      return this.construct(ty.cls, [init], loc);
    }
    if (ty.k === "array") {
      this.err(loc, "an array is initialised with a list in braces");
    }
    void typeRef;
    return conv(v, ty, loc);
  }

  private initList(ty: Ty, elements: readonly Expr[], loc: Loc): string {
    if (ty.k === "array") {
      const items = elements.map((e) =>
        e.kind === "InitList"
          ? this.initList(ty.elem, e.elements, e.loc)
          : conv(this.expr(e), ty.elem, e.loc),
      );
      if (ty.length !== null) {
        if (items.length > ty.length) {
          this.err(loc, `too many initializers: the array has ${ty.length} element(s)`);
        }
        for (let i = items.length; i < ty.length; i += 1) {
          items.push(this.defaultValue(ty.elem));
        }
      }
      return ty.length === null ? `[${items.join(", ")}]` : `$m.fixed([${items.join(", ")}])`;
    }
    if (ty.k === "class") {
      const obj = this.defaultValue(ty);
      if (elements.length === 0) {
        return obj;
      }
      const fields = [...this.allFields(ty.cls)].filter((f) => !f.isStatic);
      if (elements.length > fields.length) {
        this.err(loc, `too many initializers for '${ty.cls.name}'`);
      }
      const t = this.ctx.temp();
      const parts = [`${t} = ${obj}`];
      elements.forEach((e, i) => {
        const f = fields[i];
        if (!f) {
          return;
        }
        const val =
          e.kind === "InitList"
            ? this.initList(f.ty, e.elements, e.loc)
            : conv(this.expr(e), f.ty, e.loc);
        parts.push(`${t}.${jsIdent(f.name)} = ${val}`);
      });
      parts.push(t);
      return `(${parts.join(", ")})`;
    }
    if (elements.length === 1 && elements[0]) {
      return conv(this.expr(elements[0]), ty, loc);
    }
    if (elements.length === 0) {
      return this.defaultValue(ty);
    }
    return this.err(loc, `a ${typeName(ty)} cannot be initialised with a list`);
  }

  private *allFields(
    c: ClassSym,
  ): Generator<ClassSym["fields"] extends Map<string, infer F> ? F : never> {
    if (c.base) {
      yield* this.allFields(c.base);
    }
    yield* c.fields.values();
  }

  // ================================================================ classes

  private lowerClass(c: ClassSym): void {
    const o = this.out;
    const d = c.decl as ClassDecl;
    const ext = c.base ? ` extends ${c.base.jsName}` : "";
    o.line(`class ${c.jsName}${ext} {`, d.loc);
    o.indent();
    // Field defaults.
    this.ctx = new FnCtx(`${c.name}::${c.name}`, c, false, T.void);
    const fieldLines: string[] = [];
    for (const f of c.fields.values()) {
      if (!f.isStatic) {
        fieldLines.push(`this.${jsIdent(f.name)} = ${this.defaultValue(f.ty)};`);
      }
    }
    o.line(`constructor() {`, d.loc);
    o.indent();
    if (c.base) {
      o.line("super();");
    }
    for (const l of fieldLines) {
      o.line(l);
    }
    o.dedent();
    o.line("}");
    if (c.ctors.length === 0) {
      o.line(`$ctor() { ${c.base && !c.base.native ? "super.$ctor(); " : ""}return this; }`);
    }
    for (const ctor of c.ctors) {
      this.lowerMethod(c, ctor);
    }
    if (c.dtor) {
      this.lowerMethod(c, c.dtor);
    }
    for (const list of c.methods.values()) {
      for (const m of list) {
        if (m.def?.body || m.decl.body) {
          this.lowerMethod(c, m);
        }
      }
    }
    o.dedent();
    o.line("}");
    if (c.kind === "struct") {
      o.line(`Object.defineProperty(${c.jsName}.prototype, "$struct", { value: true });`);
    }
    this.ctx = new FnCtx("<global>", undefined, false, T.void);
    for (const f of c.fields.values()) {
      if (f.isStatic) {
        o.line(`${c.jsName}.${jsIdent(f.name)} = ${this.defaultValue(f.ty)};`);
      }
    }
  }

  /** Static member definitions `int CFoo::count = 5;`, run with the global initialisers. */
  private lowerStaticFieldInits(): void {
    for (const s of this.binder.staticInits) {
      this.guard(s.declarator.loc, () => {
        const init = this.initialValue(s.field.ty, s.declarator, s.decl.type);
        this.out.line(`${s.cls.jsName}.${jsIdent(s.field.name)} = ${init};`, s.declarator.loc);
      });
    }
  }

  private lowerMethod(c: ClassSym, m: MethodSym): void {
    const def = m.def ?? m.decl;
    const body = def.body;
    const o = this.out;
    const fnName = m.decl.isCtor
      ? `${c.name}::${c.name}`
      : m.decl.isDtor
        ? `${c.name}::~${c.name}`
        : `${c.name}::${m.name}`;
    const key = m.decl.isCtor || m.decl.isDtor ? `c:${c.jsName}` : `m:${m.jsName}`;
    if (key.startsWith("c:")) {
      this.ctorLocs.set(key, def.loc);
    }
    this.ctx = new FnCtx(fnName, c, m.isStatic, m.ret, undefined, key);
    const params = this.declareParams(m.params);
    const star = this.suspending.has(key) ? "*" : "";
    const head = `${m.isStatic ? "static " : ""}${star}${m.jsName}(${params})`;
    o.line(`${head} {`, def.loc);
    o.indent();
    const lines: (() => void)[] = [];
    if (m.decl.isCtor) {
      lines.push(() => this.lowerCtorPrologue(c, def));
    }
    if (body) {
      lines.push(() => this.blockBody(body));
    }
    if (m.decl.isDtor && c.base && !c.base.native) {
      lines.push(() => o.line("super.$dtor?.();"));
    }
    if (m.decl.isCtor) {
      lines.push(() => o.line("return this;"));
    }
    for (const l of lines) {
      l();
    }
    this.declareTemps();
    o.dedent();
    o.line("}");
  }

  /** `var $t1, …` for the temporaries the body used (hoisted, so it may come last). */
  private declareTemps(): void {
    if (this.ctx.temps > 0) {
      this.out.line(
        `var ${Array.from({ length: this.ctx.temps }, (_, i) => `$t${i + 1}`).join(", ")};`,
      );
    }
  }

  private lowerCtorPrologue(c: ClassSym, def: FuncDecl): void {
    const o = this.out;
    let baseDone = false;
    for (const init of def.inits) {
      this.guard(init.loc, () => {
        if (c.base && (init.name === c.base.name || init.name === c.base.jsName)) {
          baseDone = true;
          const vals = init.args.map((a) => this.expr(a));
          if (c.base.native) {
            return;
          }
          if (c.base.ctors.length === 0) {
            o.line("super.$ctor();", init.loc);
            return;
          }
          const i = pick(c.base.ctors, vals, init.loc, `${c.base.name}::${c.base.name}`);
          const ctor = c.base.ctors[i] as MethodSym;
          o.line(`super.${ctor.jsName}(${this.args(ctor.params, vals, init.loc)});`, init.loc);
          return;
        }
        const f = c.fields.get(init.name);
        if (!f) {
          this.err(init.loc, `'${init.name}' is not a member of '${c.name}'`);
        }
        if (f.ty.k === "class") {
          o.line(
            `this.${jsIdent(f.name)} = ${this.construct(f.ty.cls, init.args, init.loc)};`,
            init.loc,
          );
          return;
        }
        const first = init.args[0];
        if (!first || init.args.length > 1) {
          this.err(init.loc, `'${init.name}' takes one initial value`);
        }
        o.line(`this.${jsIdent(f.name)} = ${conv(this.expr(first), f.ty, init.loc)};`, init.loc);
      });
    }
    if (!baseDone && c.base && !c.base.native) {
      o.line("super.$ctor?.();", def.loc);
    }
  }

  // ================================================================ functions

  private declareParams(params: readonly ParamSym[]): string {
    return params
      .map((p, i) => {
        const name = p.name || `$p${i}`;
        const holder = p.ref && HOLDER_TYPES(p.ty);
        return this.ctx.declare(name, p.ty, holder, false).js;
      })
      .join(", ");
  }

  private lowerFunction(f: FuncSym): void {
    if (this.emittedFunctions.has(f)) {
      return;
    }
    this.emittedFunctions.add(f);
    const def = f.def as FuncDecl;
    const o = this.out;
    const key = `f:${f.jsName}`;
    this.ctx = new FnCtx(f.name, undefined, false, f.ret, f.env, key);
    const params = this.declareParams(f.params);
    const star = this.suspending.has(key) ? "*" : "";
    o.line(`function${star} ${f.jsName}(${params}) {`, def.loc);
    o.indent();
    const globalDtors = f.name === "OnDeinit" && this.globalDestructors().length > 0;
    if (globalDtors) {
      // Global objects are destroyed after OnDeinit, as the terminal does on unload.
      o.line("try {");
      o.indent();
    }
    if (def.body) {
      this.blockBody(def.body);
    }
    if (globalDtors) {
      o.dedent();
      o.line("} finally {");
      o.line("  $dtors();");
      o.line("}");
    }
    this.declareTemps();
    o.dedent();
    o.line("}");
  }

  /** Destructor calls of the global objects, in reverse order of declaration. */
  private globalDestructors(): string[] {
    const out: string[] = [];
    for (const g of this.binder.globalVars) {
      const call = this.destructorCall(g.sym.jsName, g.sym.ty);
      if (call) {
        out.push(call);
      }
    }
    return out.reverse();
  }

  // ================================================================ statements

  private blockBody(b: Block): void {
    this.ctx.scopes.push(new Map());
    this.stmtList(b.body, 0);
    this.ctx.scopes.pop();
  }

  /**
   * Statements of a block. After a declaration of objects with destructors, the rest of the
   * block runs in `try { … } finally { destructors }`: automatic objects are destroyed when the
   * block is left, in reverse order, however it is left (end, return, break, an error).
   */
  private stmtList(list: readonly Stmt[], start: number): void {
    const o = this.out;
    for (let i = start; i < list.length; i += 1) {
      const s = list[i] as Stmt;
      this.stmt(s);
      const dtors = s.kind === "VarDecl" && !s.storage.isStatic ? this.destructible(s) : [];
      if (dtors.length > 0) {
        o.line("try {");
        o.indent();
        this.stmtList(list, i + 1);
        o.dedent();
        o.line("} finally {");
        o.indent();
        for (const d of dtors.reverse()) {
          o.line(d);
        }
        o.dedent();
        o.line("}");
        return;
      }
    }
  }

  /** Destructor calls for the objects a declaration made (those whose class has a destructor). */
  private destructible(d: VarDecl): string[] {
    const out: string[] = [];
    for (const decl of d.declarators) {
      const local = this.ctx.lookup(decl.name);
      if (local) {
        const call = this.destructorCall(local.js, local.ty);
        if (call) {
          out.push(call);
        }
      }
    }
    return out;
  }

  /** `x.$dtor();` for an object whose class (or a base) has a destructor; arrays of them too. */
  private destructorCall(js: string, ty: Ty): string | undefined {
    if (ty.k === "class" && hasDestructor(ty.cls)) {
      return `${js}.$dtor();`;
    }
    if (ty.k === "array" && ty.elem.k === "class" && hasDestructor(ty.elem.cls)) {
      return `for (let $i = ${js}.length - 1; $i >= 0; $i -= 1) ${js}[$i].$dtor();`;
    }
    return undefined;
  }

  private stmt(s: Stmt): void {
    const o = this.out;
    switch (s.kind) {
      case "Block":
        o.line("{", s.loc);
        o.indent();
        this.blockBody(s);
        o.dedent();
        o.line("}");
        return;
      case "VarDecl":
        this.guard(s.loc, () => this.localVar(s));
        return;
      case "ExprStmt":
        this.guard(s.loc, () => o.line(`${this.exprDiscard(s.expr)};`, s.loc));
        return;
      case "If": {
        let test = "false";
        this.guard(s.loc, () => {
          test = this.cond(s.test);
        });
        o.line(`if (${test}) {`, s.loc);
        this.nested(s.then);
        if (s.otherwise) {
          o.line("} else {", s.otherwise.loc);
          this.nested(s.otherwise);
        }
        o.line("}");
        return;
      }
      case "While": {
        let test = "false";
        this.guard(s.loc, () => {
          test = this.cond(s.test);
        });
        o.line(`while (${test}) {`, s.loc);
        this.nested(s.body);
        o.line("}");
        return;
      }
      case "DoWhile": {
        o.line("do {", s.loc);
        this.nested(s.body);
        let test = "false";
        this.guard(s.test.loc, () => {
          test = this.cond(s.test);
        });
        o.line(`} while (${test});`, s.test.loc);
        return;
      }
      case "For": {
        this.ctx.scopes.push(new Map());
        let init = "";
        let test = "";
        let update = "";
        this.guard(s.loc, () => {
          if (s.init?.kind === "VarDecl") {
            init = this.localVarInline(s.init);
          } else if (s.init) {
            init = this.exprDiscard(s.init.expr);
          }
          test = s.test ? this.cond(s.test) : "";
          update = s.update ? this.exprDiscard(s.update) : "";
        });
        o.line(`for (${init}; ${test}; ${update}) {`, s.loc);
        this.nested(s.body);
        o.line("}");
        this.ctx.scopes.pop();
        return;
      }
      case "Switch": {
        let disc = "0";
        let discTy: Ty = T.int;
        this.guard(s.loc, () => {
          const v = this.expr(s.discriminant);
          if (!isInteger(v.ty)) {
            this.err(
              s.discriminant.loc,
              `switch needs an integer expression, not ${typeName(v.ty)}`,
            );
          }
          discTy = v.ty;
          disc = v.js;
        });
        o.line(`switch (${disc}) {`, s.loc);
        o.indent();
        this.ctx.scopes.push(new Map());
        for (const c of s.cases) {
          if (c.test) {
            let label = "0";
            const test = c.test;
            this.guard(c.loc, () => {
              const v = this.binder.constValue(test) ?? this.constOf(test);
              if (v === undefined) {
                this.err(test.loc, "a case label must be a constant");
              }
              label = isWide(discTy) ? wideLiteral(v) : String(Number(v));
            });
            o.line(`case ${label}:`, c.loc);
          } else {
            o.line("default:", c.loc);
          }
          o.indent();
          this.stmtList(c.body, 0);
          o.dedent();
        }
        this.ctx.scopes.pop();
        o.dedent();
        o.line("}");
        return;
      }
      case "Break":
        o.line("break;", s.loc);
        return;
      case "Continue":
        o.line("continue;", s.loc);
        return;
      case "Return":
        this.guard(s.loc, () => {
          const ret = this.ctx.ret;
          if (!s.value) {
            if (!(ret.k === "scalar" && ret.name === "void")) {
              this.err(s.loc, "the function must return a value");
            }
            o.line("return;", s.loc);
            return;
          }
          if (ret.k === "scalar" && ret.name === "void") {
            this.err(s.loc, "a void function cannot return a value");
          }
          const v = this.expr(s.value);
          const js =
            ret.k === "class" && v.ty.k === "class" ? `$m.clone(${v.js})` : conv(v, ret, s.loc);
          o.line(`return ${js};`, s.loc);
        });
        return;
      case "Empty":
        return;
      case "ClassDecl":
      case "EnumDecl":
      case "TypedefDecl":
        this.guard(s.loc, () => {
          const ty = this.binder.declareLocalType(s, this.ctx.env);
          const env = new Map(this.ctx.env ?? []);
          env.set(s.name, ty);
          this.ctx.env = env;
        });
        if (s.kind === "ClassDecl" && s.trailing) {
          const trailing = s.trailing;
          this.guard(trailing.loc, () => this.localVar(trailing));
        }
        return;
    }
  }

  private nested(s: Stmt): void {
    this.out.indent();
    if (s.kind === "Block") {
      this.blockBody(s);
    } else {
      this.ctx.scopes.push(new Map());
      this.stmt(s);
      this.ctx.scopes.pop();
    }
    this.out.dedent();
  }

  private constOf(e: Expr): bigint | undefined {
    if (e.kind === "Scoped") {
      const v = this.scoped(e.scope, e.name, e.loc);
      if (/^-?\d+$/.test(v.js)) {
        return BigInt(v.js);
      }
    }
    return undefined;
  }

  private localVar(d: VarDecl): void {
    this.out.line(`${this.localVarInline(d)};`, d.loc);
  }

  private localVarInline(d: VarDecl): string {
    const base = this.binder.resolveType(d.type, this.ctx.cls, this.ctx.env);
    const parts: string[] = [];
    for (const decl of d.declarators) {
      const dims = decl.dims.map((x, i) =>
        x
          ? this.binder.constInt(x)
          : i === 0 && decl.init?.kind === "InitList"
            ? decl.init.elements.length
            : null,
      );
      const ty = this.binder.arrayOf(base, dims);
      if (d.storage.isStatic) {
        // A static local lives for the whole program: hoisted, initialised once.
        this.staticCount += 1;
        const js = `$s${this.staticCount}_${jsIdent(decl.name)}`;
        const saved = this.ctx;
        this.ctx = new FnCtx(saved.name, saved.cls, saved.isStatic, saved.ret, saved.env);
        const init = this.initialValue(ty, decl, d.type);
        const temps = this.ctx.temps;
        this.ctx = saved;
        this.staticTemps = Math.max(this.staticTemps, temps);
        this.statics.push({ js, init, loc: decl.loc });
        saved.scopes[saved.scopes.length - 1]?.set(decl.name, {
          js,
          ty,
          holder: false,
          isConst: d.storage.isConst && ty.k !== "ptr",
        });
        continue;
      }
      const init = this.initialValue(ty, decl, d.type);
      // `const CFoo *p` points to a constant object: the pointer itself may change.
      const local = this.ctx.declare(decl.name, ty, false, d.storage.isConst && ty.k !== "ptr");
      parts.push(`${local.js} = ${init}`);
    }
    return parts.length > 0 ? `let ${parts.join(", ")}` : "";
  }

  // ================================================================ conditions and conversions

  private cond(e: Expr): string {
    const v = this.expr(e);
    if (v.ty.k === "class") {
      this.err(e.loc, `an object of '${v.ty.cls.name}' is not a condition`);
    }
    if (v.ty.k === "scalar" && v.ty.name === "string") {
      return `(${v.js} !== "")`;
    }
    return v.js;
  }

  // ================================================================ expressions

  /** An expression whose value is not used (statements, for-updates): cheaper ++/--. */
  private exprDiscard(e: Expr): string {
    if (e.kind === "Update") {
      return this.update(e.operand, e.op, true, true, e.loc).js;
    }
    return this.expr(e).js;
  }

  expr(e: Expr): Val {
    switch (e.kind) {
      case "IntLit":
        return this.intLit(e.value, e.text);
      case "FloatLit":
        return { js: this.floatText(e.value), ty: e.isFloat ? T.float : T.double, pure: true };
      case "StringLit":
        return { js: JSON.stringify(e.value), ty: T.string, pure: true };
      case "CharLit":
        return { js: String(Number(e.value)), ty: T.ushort, pure: true };
      case "ColorLit":
        return { js: String(Number(e.value)), ty: T.color, pure: true };
      case "DatetimeLit":
        return { js: String(Number(e.value)), ty: T.datetime, pure: true };
      case "BoolLit":
        return { js: String(e.value), ty: T.bool, pure: true };
      case "NullLit":
        return { js: "null", ty: T.null, pure: true };
      case "This":
        if (!this.ctx.cls || this.ctx.isStatic) {
          this.err(e.loc, "'this' is only available in a non-static method");
        }
        return { js: "this", ty: { k: "ptr", cls: this.ctx.cls }, pure: true };
      case "Ident":
        return this.ident(e.name, e.loc);
      case "Scoped": {
        if (e.scopeType) {
          // `CBox<int>::count`: a static member of a class template instance.
          const ty = this.binder.resolveType(e.scopeType, this.ctx.cls, this.ctx.env);
          if (ty.k === "class") {
            return this.scoped(ty.cls.name, e.name, e.loc, ty.cls);
          }
        }
        return this.scoped(e.scope, e.name, e.loc);
      }
      case "Unary":
        return this.unary(e.op, e.operand, e.loc);
      case "Update":
        return this.update(e.operand, e.op, e.prefix, false, e.loc);
      case "Binary":
        return this.binary(e.op, this.expr(e.left), this.expr(e.right), e.loc, e.left.loc);
      case "Assign":
        return this.assign(e.op, e.target, e.value, e.loc);
      case "Conditional": {
        const test = this.cond(e.test);
        const a = this.expr(e.then);
        const b = this.expr(e.otherwise);
        const ty = this.commonType(a.ty, b.ty, e.loc);
        return { js: `(${test} ? ${conv(a, ty, e.loc)} : ${conv(b, ty, e.loc)})`, ty };
      }
      case "Call":
        return this.call(e);
      case "Member":
        return this.member(e.object, e.name, e.loc);
      case "Index":
        return this.index(e.object, e.index, e.loc);
      case "Cast": {
        const v = this.expr(e.expr);
        const to = this.binder.resolveType(e.type, this.ctx.cls, this.ctx.env);
        if (e.dynamic && to.k === "ptr") {
          // dynamic_cast: NULL unless the object is of the target class (or derives from it).
          return { js: `$m.dcast(${v.js}, ${to.cls.jsName})`, ty: to };
        }
        return { js: conv(v, to, e.loc, true), ty: to };
      }
      case "New": {
        const ty = this.binder.resolveType(
          { ...e.type, pointer: false },
          this.ctx.cls,
          this.ctx.env,
        );
        if (ty.k !== "class") {
          this.err(e.loc, `'new' needs a class, not ${typeName(ty)}`);
        }
        if (ty.cls.decl?.members.some((m) => m.kind === "FuncDecl" && m.isPure) && !ty.cls.native) {
          this.err(e.loc, `cannot create an object of the abstract class '${ty.cls.name}'`);
        }
        return {
          js: `$m.dyn(${this.construct(ty.cls, e.args, e.loc)})`,
          ty: { k: "ptr", cls: ty.cls },
        };
      }
      case "Delete": {
        const v = this.expr(e.operand);
        if (v.ty.k !== "ptr" && v.ty.k !== "null" && v.ty.k !== "any") {
          this.err(e.loc, "'delete' needs an object pointer");
        }
        return { js: `$m.del(${v.js})`, ty: T.void };
      }
      case "Sizeof": {
        const ty = e.type
          ? this.binder.resolveType(e.type, this.ctx.cls, this.ctx.env)
          : e.expr
            ? this.expr(e.expr).ty
            : T.int;
        return { js: String(sizeOf(ty)), ty: T.int, pure: true };
      }
      case "TypeName": {
        const ty = e.type
          ? this.binder.resolveType(e.type, this.ctx.cls, this.ctx.env)
          : e.expr
            ? this.expr(e.expr).ty
            : T.void;
        return { js: JSON.stringify(mqlTypeName(ty)), ty: T.string, pure: true };
      }
      case "Comma": {
        const vals = e.exprs.map((x) => this.expr(x));
        const last = vals[vals.length - 1];
        return { js: `(${vals.map((v) => v.js).join(", ")})`, ty: last?.ty ?? T.void };
      }
      case "InitList":
        return this.err(e.loc, "a list in braces is only allowed in an initialisation");
    }
  }

  private floatText(v: number): string {
    const s = String(v);
    return s;
  }

  private intLit(value: bigint, text: string): Val {
    const suffix = /[uUlL]+$/.exec(text)?.[0]?.toLowerCase() ?? "";
    const unsigned = suffix.includes("u");
    const long = suffix.includes("l");
    let ty: ScalarTy;
    if (!long && !unsigned && value <= 2147483647n) {
      ty = T.int;
    } else if (!long && unsigned && value <= 4294967295n) {
      ty = T.uint;
    } else if (!unsigned && value <= 9223372036854775807n) {
      ty = T.long;
    } else {
      ty = T.ulong;
    }
    return { js: wideLiteral(value), ty, pure: true };
  }

  private commonType(a: Ty, b: Ty, loc: Loc): Ty {
    if (sameType(a, b)) {
      return a;
    }
    if (isNumeric(a) && isNumeric(b)) {
      return arithmetic(a, b);
    }
    if (isString(a) || isString(b)) {
      return T.string;
    }
    if (a.k === "null") {
      return b;
    }
    if (b.k === "null") {
      return a;
    }
    if (a.k === "ptr" && b.k === "ptr") {
      return isSubclass(a.cls, b.cls) ? b : a;
    }
    if (a.k === "scalar" && a.name === "bool" && isNumeric(b)) {
      return b;
    }
    return this.err(loc, `incompatible types ${typeName(a)} and ${typeName(b)}`);
  }

  // ---------------------------------------------------------------- names

  private ident(name: string, loc: Loc): Val {
    const local = this.ctx.lookup(name);
    if (local) {
      if (local.holder) {
        return {
          js: `${local.js}.value`,
          ty: local.ty,
          lv: { k: "plain", js: `${local.js}.value` },
          holder: local.js,
          pure: true,
        };
      }
      return {
        js: local.js,
        ty: local.ty,
        lv: local.isConst ? undefined : { k: "plain", js: local.js },
        pure: true,
      };
    }
    if (name === "__FUNCTION__" || name === "__FUNCSIG__") {
      return { js: JSON.stringify(this.ctx.name), ty: T.string, pure: true };
    }
    for (let c = this.ctx.cls; c; c = c.base) {
      const f = c.fields.get(name);
      if (f) {
        if (f.isStatic) {
          const js = `${c.jsName}.${jsIdent(name)}`;
          return { js, ty: f.ty, lv: { k: "plain", js }, pure: true };
        }
        if (this.ctx.isStatic) {
          this.err(loc, `'${name}' is a member: not available in a static method`);
        }
        const js = `this.${c.native ? name : jsIdent(name)}`;
        return { js, ty: f.ty, lv: f.isConst ? undefined : { k: "plain", js }, pure: true };
      }
      const nestedEnum = c.types.get(`#${name}`);
      if (nestedEnum?.k === "enum") {
        return { js: String(nestedEnum.members.get(name) ?? 0), ty: nestedEnum, pure: true };
      }
    }
    const g = this.binder.globals.get(name);
    if (!g) {
      return this.err(loc, `'${name}' - undeclared identifier`);
    }
    return this.globalVal(g, loc);
  }

  private globalVal(g: GlobalSym, loc: Loc): Val {
    switch (g.k) {
      case "var":
        return {
          js: g.jsName,
          ty: g.ty,
          lv: g.isConst || g.native ? undefined : { k: "plain", js: g.jsName },
          pure: true,
        };
      case "const": {
        if (g.ty.k === "null") {
          return { js: "null", ty: T.null, pure: true };
        }
        const v = g.value;
        const js =
          typeof v === "bigint" ? wideLiteral(v) : isFloating(g.ty) ? this.numText(v) : String(v);
        return { js, ty: g.ty, pure: true };
      }
      case "funcs": {
        const f = g.overloads[0] as FuncSym;
        if (!f.native) {
          this.valueUses.set(`f:${f.jsName}`, loc);
        }
        return {
          js: f.jsName,
          ty: { k: "func", ret: f.ret, params: f.params, name: f.name },
          pure: true,
        };
      }
      default:
        return this.err(loc, `'${g.name}' is a type, not a value`);
    }
  }

  private numText(v: number): string {
    if (v === Number.MAX_VALUE) {
      return "Number.MAX_VALUE";
    }
    return String(v);
  }

  private scoped(scope: string, name: string, loc: Loc, scopeClass?: ClassSym): Val {
    if (scope === "") {
      const g = this.binder.globals.get(name);
      if (!g) {
        this.err(loc, `'::${name}' - undeclared identifier`);
      }
      return this.globalVal(g, loc);
    }
    const g = this.binder.globals.get(scope);
    if (g?.k === "type" && g.ty.k === "enum") {
      const v = g.ty.members.get(name);
      if (v === undefined) {
        const c = this.binder.globals.get(name);
        if (c?.k === "const") {
          return this.globalVal(c, loc);
        }
        this.err(loc, `'${name}' is not a member of '${scope}'`);
      }
      return { js: String(v), ty: g.ty, pure: true };
    }
    const cls = scopeClass ?? this.binder.classByName(scope);
    if (cls) {
      for (let c: ClassSym | undefined = cls; c; c = c.base) {
        const f = c.fields.get(name);
        if (f?.isStatic) {
          const js = `${c.jsName}.${jsIdent(name)}`;
          return { js, ty: f.ty, lv: { k: "plain", js }, pure: true };
        }
        const nested = c.types.get(`#${name}`);
        if (nested?.k === "enum") {
          return { js: String(nested.members.get(name) ?? 0), ty: nested, pure: true };
        }
        if (f && this.ctx.cls && isSubclass(this.ctx.cls, c)) {
          return this.ident(name, loc);
        }
      }
      const nestedEnum = [...cls.types.values()].find((t) => t.k === "enum" && t.members.has(name));
      if (nestedEnum?.k === "enum") {
        return { js: String(nestedEnum.members.get(name)), ty: nestedEnum, pure: true };
      }
    }
    return this.err(loc, `'${scope}::${name}' - undeclared identifier`);
  }

  // ---------------------------------------------------------------- members and indexing

  private classOf(v: Val, loc: Loc): { cls: ClassSym; obj: string } {
    if (v.ty.k === "class") {
      return { cls: v.ty.cls, obj: v.js };
    }
    if (v.ty.k === "ptr") {
      const obj = v.js === "this" ? "this" : `$m.chk(${v.js}, ${this.site(loc)})`;
      return { cls: v.ty.cls, obj };
    }
    return this.err(loc, `${typeName(v.ty)} has no members`);
  }

  private member(object: Expr, name: string, loc: Loc): Val {
    const v = this.expr(object);
    const { cls, obj } = this.classOf(v, loc);
    for (let c: ClassSym | undefined = cls; c; c = c.base) {
      const f = c.fields.get(name);
      if (f) {
        if (f.isStatic) {
          const js = `${c.jsName}.${jsIdent(name)}`;
          return { js, ty: f.ty, lv: { k: "plain", js }, pure: true };
        }
        const field = c.native ? name : jsIdent(name);
        const js = `${obj}.${field}`;
        const pure = v.pure === true && obj === v.js;
        const lv: LVal = pure ? { k: "plain", js } : { k: "member", obj, name: field };
        return { js, ty: f.ty, lv: f.isConst ? undefined : lv, pure };
      }
    }
    return this.err(loc, `'${name}' is not a member of '${cls.name}'`);
  }

  private index(object: Expr, index: Expr, loc: Loc): Val {
    const a = this.expr(object);
    if (a.ty.k === "class" || a.ty.k === "ptr") {
      const { cls, obj } = this.classOf(a, loc);
      const m = this.findMethods(cls, "operator[]");
      if (m.length > 0) {
        const vals = [this.expr(index)];
        const i = pick(m, vals, loc, `${cls.name}::operator[]`);
        const method = m[i] as MethodSym;
        return {
          js: `${obj}.${method.jsName}(${this.args(method.params, vals, loc)})`,
          ty: method.ret,
        };
      }
    }
    if (a.ty.k !== "array" && a.ty.k !== "any") {
      this.err(loc, `${typeName(a.ty)} is not an array`);
    }
    const i = this.expr(index);
    if (!isInteger(i.ty) && i.ty.k !== "any") {
      this.err(index.loc, `an array index must be an integer, not ${typeName(i.ty)}`);
    }
    const idx = isWide(i.ty) ? `$m.ltod(${i.js})` : i.js;
    const elem = a.ty.k === "array" ? a.ty.elem : T.any;
    const s = this.site(loc);
    return {
      js: `$m.at(${a.js}, ${idx}, ${s})`,
      ty: elem,
      lv: { k: "index", arr: a.js, idx, site: s },
    };
  }

  // ---------------------------------------------------------------- lvalues

  /** Prepared access to an lvalue: setup expressions, a read and a write form. */
  private place(v: Val, loc: Loc): { setup: string[]; read: string; write: (x: string) => string } {
    const lv = v.lv;
    if (!lv) {
      return this.err(
        loc,
        "the expression cannot be assigned (a constant, an input or a temporary value)",
      );
    }
    if (lv.k === "plain") {
      return { setup: [], read: lv.js, write: (x) => `${lv.js} = ${x}` };
    }
    if (lv.k === "member") {
      const t = this.ctx.temp();
      return {
        setup: [`${t} = ${lv.obj}`],
        read: `${t}.${lv.name}`,
        write: (x) => `${t}.${lv.name} = ${x}`,
      };
    }
    const ta = this.ctx.temp();
    const ti = this.ctx.temp();
    return {
      setup: [`${ta} = ${lv.arr}`, `${ti} = $m.ix(${ta}, ${lv.idx}, ${lv.site})`],
      read: `${ta}[${ti}]`,
      write: (x) => `${ta}[${ti}] = ${x}`,
    };
  }

  private seq(parts: string[], last: string): string {
    return parts.length === 0 ? last : `(${[...parts, last].join(", ")})`;
  }

  private assign(op: string, target: Expr, value: Expr, loc: Loc): Val {
    const t = this.expr(target);
    const v = this.expr(value);
    if (op === "=" && target.kind === "This" && t.ty.k === "ptr") {
      // `this = other;` in a struct or class method: the object's fields take the other's.
      if ((v.ty.k !== "class" && v.ty.k !== "ptr") || !isSubclass(v.ty.cls, t.ty.cls)) {
        this.err(loc, `cannot assign ${typeName(v.ty)} to ${t.ty.cls.name}`);
      }
      return { js: `$m.assign(this, ${v.js})`, ty: { k: "class", cls: t.ty.cls } };
    }
    if (op === "=") {
      if (t.ty.k === "class") {
        const opEq = this.findMethods(t.ty.cls, "operator=");
        if (opEq.length > 0) {
          const i = pick(opEq, [v], loc, `${t.ty.cls.name}::operator=`);
          const m = opEq[i] as MethodSym;
          return { js: `${t.js}.${m.jsName}(${this.args(m.params, [v], loc)})`, ty: m.ret };
        }
        if (v.ty.k !== "class" || !isSubclass(v.ty.cls, t.ty.cls)) {
          this.err(loc, `cannot assign ${typeName(v.ty)} to ${typeName(t.ty)}`);
        }
        return { js: `$m.assign(${t.js}, ${v.js})`, ty: t.ty };
      }
      if (t.ty.k === "array") {
        this.err(loc, "arrays cannot be assigned: use ArrayCopy");
      }
      if (t.lv?.k === "index") {
        const lv = t.lv;
        return {
          js: `(${lv.arr}[$m.ix(${lv.arr}, ${lv.idx}, ${lv.site})] = ${conv(v, t.ty, loc)})`,
          ty: t.ty,
        };
      }
      const p = this.place(t, loc);
      return { js: this.seq(p.setup, `(${p.write(conv(v, t.ty, loc))})`), ty: t.ty };
    }
    const bop = op.slice(0, -1);
    if (t.ty.k === "class") {
      const ms = this.findMethods(t.ty.cls, `operator${op}`);
      if (ms.length > 0) {
        const i = pick(ms, [v], loc, `${t.ty.cls.name}::operator${op}`);
        const m = ms[i] as MethodSym;
        return { js: `${t.js}.${m.jsName}(${this.args(m.params, [v], loc)})`, ty: m.ret };
      }
    }
    const p = this.place(t, loc);
    const cur: Val = { js: p.read, ty: t.ty, pure: true };
    const r = this.binary(bop as never, cur, v, loc, loc);
    return { js: this.seq(p.setup, `(${p.write(conv(r, t.ty, loc))})`), ty: t.ty };
  }

  private update(operand: Expr, op: "++" | "--", prefix: boolean, discard: boolean, loc: Loc): Val {
    const t = this.expr(operand);
    if (!isNumeric(t.ty)) {
      this.err(loc, `'${op}' needs a number, not ${typeName(t.ty)}`);
    }
    const p = this.place(t, loc);
    const one: Val = { js: "1", ty: T.int, pure: true };
    const next = (read: string): string =>
      conv(
        this.binary(op === "++" ? "+" : "-", { js: read, ty: t.ty, pure: true }, one, loc, loc),
        t.ty,
        loc,
      );
    if (prefix || discard) {
      return { js: this.seq(p.setup, `(${p.write(next(p.read))})`), ty: t.ty };
    }
    const old = this.ctx.temp();
    return { js: this.seq([...p.setup, `${old} = ${p.read}`, p.write(next(old))], old), ty: t.ty };
  }

  // ---------------------------------------------------------------- operators

  private unary(op: string, operand: Expr, loc: Loc): Val {
    if (op === "-" && operand.kind === "IntLit") {
      const v = this.intLit(operand.value, operand.text);
      const neg = -operand.value;
      const ty = v.ty.k === "scalar" && v.ty.name === "long" && neg >= -2147483648n ? T.int : v.ty;
      if (!isUnsigned(ty)) {
        return { js: wideLiteral(neg), ty, pure: true };
      }
    }
    if (op === "-" && operand.kind === "FloatLit") {
      return {
        js: `-${this.floatText(operand.value)}`,
        ty: operand.isFloat ? T.float : T.double,
        pure: true,
      };
    }
    const v = this.expr(operand);
    switch (op) {
      case "!":
        if (v.ty.k === "class") {
          const ms = this.findMethods(v.ty.cls, "operator!");
          if (ms.length > 0) {
            return { js: `${v.js}.${(ms[0] as MethodSym).jsName}()`, ty: (ms[0] as MethodSym).ret };
          }
        }
        return { js: `!${paren(conv(v, T.bool, loc))}`, ty: T.bool };
      case "-": {
        if (v.ty.k === "class") {
          const ms = this.findMethods(v.ty.cls, "operator-").filter((m) => m.params.length === 0);
          if (ms.length > 0) {
            return { js: `${v.js}.${(ms[0] as MethodSym).jsName}()`, ty: (ms[0] as MethodSym).ret };
          }
        }
        if (!isNumeric(v.ty)) {
          this.err(loc, `'-' needs a number, not ${typeName(v.ty)}`);
        }
        const ty = promote(v.ty);
        const x = conv(v, ty, loc);
        if (isFloating(ty)) {
          return { js: `(-${paren(x)})`, ty };
        }
        if (isWide(ty)) {
          return { js: `$m.lneg(${x}, ${isUnsigned(ty)})`, ty };
        }
        return { js: fit(`(-${paren(x)})`, ty), ty };
      }
      case "+": {
        if (!isNumeric(v.ty)) {
          this.err(loc, `'+' needs a number, not ${typeName(v.ty)}`);
        }
        const ty = promote(v.ty);
        return { js: conv(v, ty, loc), ty };
      }
      case "~": {
        if (!isInteger(v.ty)) {
          this.err(loc, `'~' needs an integer, not ${typeName(v.ty)}`);
        }
        const ty = promote(v.ty);
        const x = conv(v, ty, loc);
        if (isWide(ty)) {
          return { js: `$m.lnot(${x}, ${isUnsigned(ty)})`, ty };
        }
        return { js: fit(`(~${paren(x)})`, ty), ty };
      }
      case "*":
        return v;
      case "&":
        if (v.ty.k === "class") {
          return { js: v.js, ty: { k: "ptr", cls: v.ty.cls } };
        }
        return v;
      default:
        return this.err(loc, `unknown operator '${op}'`);
    }
  }

  private binary(op: string, a: Val, b: Val, loc: Loc, _aloc: Loc): Val {
    // Operator overloading on objects.
    if (a.ty.k === "class" || (a.ty.k === "ptr" && (op === "==" || op === "!=") && false)) {
      const cls = (a.ty as { cls: ClassSym }).cls;
      const ms = this.findMethods(cls, `operator${op}`);
      if (ms.length > 0) {
        const i = pick(ms, [b], loc, `${cls.name}::operator${op}`);
        const m = ms[i] as MethodSym;
        return { js: `${a.js}.${m.jsName}(${this.args(m.params, [b], loc)})`, ty: m.ret };
      }
    }
    if (op === "&&" || op === "||") {
      return {
        js: `(${conv(a, T.bool, loc)} ${op} ${conv(b, T.bool, loc)})`,
        ty: T.bool,
      };
    }
    const cmp =
      op === "==" || op === "!=" || op === "<" || op === ">" || op === "<=" || op === ">=";
    // Strings: concatenation and comparison.
    if (isString(a.ty) || isString(b.ty)) {
      if (op === "+") {
        return {
          js: `(${conv(a, T.string, loc)} + ${conv(b, T.string, loc)})`,
          ty: T.string,
        };
      }
      if (cmp) {
        const jsOp = op === "==" ? "===" : op === "!=" ? "!==" : op;
        return {
          js: `(${conv(a, T.string, loc)} ${jsOp} ${conv(b, T.string, loc)})`,
          ty: T.bool,
        };
      }
      this.err(loc, `'${op}' cannot be applied to strings`);
    }
    // Pointers and objects: identity comparison.
    if (isObjectLikeOrNull(a.ty) || isObjectLikeOrNull(b.ty)) {
      if (op === "==" || op === "!=") {
        const l = a.ty.k === "null" ? "null" : a.js;
        const r = b.ty.k === "null" ? "null" : b.js;
        return { js: `(${l} ${op === "==" ? "==" : "!="} ${r})`, ty: T.bool };
      }
      this.err(loc, `'${op}' cannot be applied to ${typeName(a.ty)} and ${typeName(b.ty)}`);
    }
    if (a.ty.k === "func" || b.ty.k === "func") {
      if (op === "==" || op === "!=") {
        return { js: `(${a.js} ${op}= ${b.js})`, ty: T.bool };
      }
    }
    if (!isNumeric(a.ty) && a.ty.k !== "any") {
      this.err(loc, `'${op}' cannot be applied to ${typeName(a.ty)}`);
    }
    if (!isNumeric(b.ty) && b.ty.k !== "any") {
      this.err(loc, `'${op}' cannot be applied to ${typeName(b.ty)}`);
    }
    const shift = op === "<<" || op === ">>";
    const ty = shift ? promote(a.ty) : arithmetic(a.ty, b.ty);
    const x = conv(a, ty, loc);
    const y = shift ? conv(b, isWide(b.ty) ? T.long : T.int, loc) : conv(b, ty, loc);
    if (cmp) {
      const jsOp = op === "==" ? "===" : op === "!=" ? "!==" : op;
      if (isWide(ty)) {
        // Canonical 64-bit values: numbers when safe, so === works; mixed < works natively.
        return { js: `(${x} ${op === "==" ? "==" : op === "!=" ? "!=" : op} ${y})`, ty: T.bool };
      }
      return { js: `(${x} ${jsOp} ${y})`, ty: T.bool };
    }
    const s = (): number => this.site(loc);
    if (isFloating(ty)) {
      switch (op) {
        case "+":
        case "-":
        case "*":
          return { js: fitFloat(`(${x} ${op} ${y})`, ty), ty };
        case "/":
          return { js: fitFloat(`$m.fdiv(${x}, ${y}, ${s()})`, ty), ty };
        default:
          return this.err(loc, `'${op}' needs integer operands, not ${typeName(ty)}`);
      }
    }
    const u = isUnsigned(ty);
    if (isWide(ty)) {
      switch (op) {
        case "+":
          return { js: `$m.ladd(${x}, ${y}, ${u})`, ty };
        case "-":
          return { js: `$m.lsub(${x}, ${y}, ${u})`, ty };
        case "*":
          return { js: `$m.lmul(${x}, ${y}, ${u})`, ty };
        case "/":
          return { js: `$m.ldiv(${x}, ${y}, ${u}, ${s()})`, ty };
        case "%":
          return { js: `$m.lmod(${x}, ${y}, ${u}, ${s()})`, ty };
        case "&":
          return { js: `$m.land(${x}, ${y}, ${u})`, ty };
        case "|":
          return { js: `$m.lor(${x}, ${y}, ${u})`, ty };
        case "^":
          return { js: `$m.lxor(${x}, ${y}, ${u})`, ty };
        case "<<":
          return { js: `$m.lshl(${x}, ${y}, ${u})`, ty };
        default:
          return { js: `$m.lshr(${x}, ${y}, ${u})`, ty };
      }
    }
    switch (op) {
      case "+":
      case "-":
        return { js: fit(`(${x} ${op} ${y})`, ty), ty };
      case "*":
        return { js: u ? `$m.umul(${x}, ${y})` : `Math.imul(${x}, ${y})`, ty };
      case "/":
        return { js: u ? `$m.udiv(${x}, ${y}, ${s()})` : `$m.idiv(${x}, ${y}, ${s()})`, ty };
      case "%":
        return { js: fit(`$m.imod(${x}, ${y}, ${s()})`, ty), ty };
      case "<<":
        return { js: fit(`(${x} << ${y})`, ty), ty };
      case ">>":
        return { js: u ? `(${x} >>> ${y})` : `(${x} >> ${y})`, ty };
      case "&":
      case "|":
      case "^":
        return { js: fit(`(${x} ${op} ${y})`, ty), ty };
      default:
        return this.err(loc, `unknown operator '${op}'`);
    }
  }

  // ---------------------------------------------------------------- calls

  private findMethods(cls: ClassSym, name: string): MethodSym[] {
    for (let c: ClassSym | undefined = cls; c; c = c.base) {
      const list = c.methods.get(name);
      if (list && list.length > 0) {
        return list;
      }
    }
    return [];
  }

  private allMethods(cls: ClassSym, name: string): MethodSym[] {
    const out: MethodSym[] = [];
    const seen = new Set<string>();
    for (let c: ClassSym | undefined = cls; c; c = c.base) {
      for (const m of c.methods.get(name) ?? []) {
        const sig = this.binder.signature(m.params);
        if (!seen.has(sig)) {
          seen.add(sig);
          out.push(m);
        }
      }
    }
    return out;
  }

  /** Argument list for a call: conversions, defaults, reference holders with write-back. */
  private args(
    params: readonly ParamSym[],
    vals: readonly Val[],
    loc: Loc | undefined,
    nativeDefaults = false,
    textArgs = false,
  ): string {
    const after: string[] = [];
    const before: string[] = [];
    const out: string[] = [];
    const at = loc ?? { file: "?", line: 0, col: 0 };
    vals.forEach((v, i) => {
      const p = params[i];
      if (!p) {
        // variadic tail
        if (textArgs && typedText(v)) {
          out.push(typedText(v) as string);
        } else if (textArgs) {
          out.push(
            isFloating(v.ty)
              ? `$m.dstr(${v.js})`
              : v.ty.k === "scalar" && v.ty.name === "bool"
                ? `(${v.js} ? "true" : "false")`
                : v.js,
          );
        } else {
          out.push(isWide(v.ty) ? v.js : v.js);
        }
        return;
      }
      if (p.ref && HOLDER_TYPES(p.ty)) {
        if (v.holder && sameType(v.ty, p.ty)) {
          out.push(v.holder);
          return;
        }
        if (!v.lv) {
          this.err(at, `parameter '${p.name}' is passed by reference: a variable is expected`);
        }
        const place = this.place(v, at);
        const h = this.ctx.temp();
        before.push(...place.setup, `${h} = { value: ${place.read} }`);
        out.push(h);
        after.push(place.write(conv({ js: `${h}.value`, ty: p.ty }, v.ty, at)));
        return;
      }
      if (p.ref || p.ty.k === "array" || p.ty.k === "class") {
        if (p.ty.k === "array" && v.ty.k !== "array" && v.ty.k !== "any") {
          this.err(at, `parameter '${p.name}' expects an array`);
        }
        out.push(v.js);
        return;
      }
      out.push(conv(v, p.ty, at));
    });
    if (!nativeDefaults) {
      for (let i = vals.length; i < params.length; i += 1) {
        const p = params[i] as ParamSym;
        const d = p.decl?.defaultValue;
        if (!d) {
          break;
        }
        out.push(conv(this.expr(d), p.ty, at));
      }
    }
    const call = out.join(", ");
    if (before.length === 0) {
      return call;
    }
    // Holders: the caller wraps the call (see wrapRefs); args are returned with markers.
    this.pendingRefs = { before, after };
    return call;
  }

  private pendingRefs: { before: string[]; after: string[] } | undefined;

  /** Wraps a call expression so reference holders are created before and written back after. */
  private finishCall(js: string, ty: Ty): Val {
    const refs = this.pendingRefs;
    this.pendingRefs = undefined;
    if (!refs) {
      return { js, ty };
    }
    const r = this.ctx.temp();
    return { js: `(${[...refs.before, `${r} = ${js}`, ...refs.after, r].join(", ")})`, ty };
  }

  private call(e: Call): Val {
    const callee = e.callee;
    if (callee.kind === "Ident") {
      return this.callName(callee.name, e);
    }
    if (callee.kind === "Member") {
      const v = this.expr(callee.object);
      const { cls, obj } = this.classOf(v, callee.loc);
      const ms = this.allMethods(cls, callee.name);
      if (ms.length === 0) {
        const f = this.member(callee.object, callee.name, callee.loc);
        if (f.ty.k === "func") {
          return this.callValue(f, e);
        }
        this.err(callee.loc, `'${callee.name}' is not a method of '${cls.name}'`);
      }
      return this.callMethod(obj, cls, ms, e, false);
    }
    if (callee.kind === "Scoped") {
      if (callee.scope === "") {
        return this.callName(callee.name, e, true);
      }
      const scopeTy = callee.scopeType
        ? this.binder.resolveType(callee.scopeType, this.ctx.cls, this.ctx.env)
        : undefined;
      const cls = scopeTy?.k === "class" ? scopeTy.cls : this.binder.classByName(callee.scope);
      if (cls) {
        const ms = this.allMethods(cls, callee.name);
        if (ms.length === 0) {
          this.err(callee.loc, `'${callee.name}' is not a method of '${cls.name}'`);
        }
        const vals = e.args.map((a) => this.expr(a));
        const i = pick(ms, vals, e.loc, `${cls.name}::${callee.name}`);
        const m = ms[i] as MethodSym;
        const args = this.args(m.params, vals, e.loc, m.owner.native);
        const node = `m:${m.jsName}`;
        if (m.isStatic) {
          return this.finishCall(
            this.callNode(`${m.owner.jsName}.${m.jsName}(${args})`, node),
            m.ret,
          );
        }
        if (!this.ctx.cls || this.ctx.isStatic) {
          this.err(callee.loc, `'${cls.name}::${callee.name}' needs an object`);
        }
        // A qualified call is not virtual: it calls that class's implementation.
        return this.finishCall(
          this.callNode(
            `${m.owner.jsName}.prototype.${m.jsName}.call(this${args ? `, ${args}` : ""})`,
            node,
          ),
          m.ret,
        );
      }
    }
    const f = this.expr(callee);
    if (f.ty.k === "func") {
      return this.callValue(f, e);
    }
    return this.err(e.loc, "this expression cannot be called");
  }

  private callValue(f: Val, e: Call): Val {
    const ft = f.ty as Extract<Ty, { k: "func" }>;
    const vals = e.args.map((a) => this.expr(a));
    pick([{ params: ft.params, variadic: false }], vals, e.loc, ft.name);
    const args = this.args(ft.params, vals, e.loc);
    return this.finishCall(`$m.chk(${f.js}, ${this.site(e.loc)})(${args})`, ft.ret);
  }

  private callMethod(
    obj: string,
    cls: ClassSym,
    ms: MethodSym[],
    e: Call,
    _qualified: boolean,
  ): Val {
    const vals = e.args.map((a) => this.expr(a));
    const name = (e.callee as { name?: string }).name ?? "";
    const native = ms.every((m) => m.owner.native);
    let m: MethodSym;
    try {
      m = ms[pick(ms, vals, e.loc, `${cls.name}::${name}`)] as MethodSym;
    } catch (err) {
      if (!native) {
        throw err;
      }
      // The runtime class resolves its own overloads: pass the values through.
      return { js: `${obj}.${name}(${vals.map((v) => v.js).join(", ")})`, ty: ms[0]?.ret ?? T.any };
    }
    if (m.owner.native && GAPS.has(`${m.owner.name}::${m.name}`)) {
      return this.unavailable(`${m.owner.name}::${m.name}`, e, m.ret);
    }
    const args = this.args(m.params, vals, e.loc, m.owner.native);
    const node = `m:${m.jsName}`;
    if (m.hidden && !m.isVirtual && !m.isStatic && !m.owner.native) {
      // Static dispatch: a subclass redefines this non-virtual method.
      return this.finishCall(
        this.callNode(
          `${m.owner.jsName}.prototype.${m.jsName}.call(${obj}${args ? `, ${args}` : ""})`,
          node,
        ),
        m.ret,
      );
    }
    const target = m.isStatic ? m.owner.jsName : obj;
    const call = `${target}.${m.jsName}(${args})`;
    return this.finishCall(m.owner.native ? call : this.callNode(call, node), m.ret);
  }

  private callName(name: string, e: Call, globalOnly = false): Val {
    if (!globalOnly) {
      const local = this.ctx.lookup(name);
      if (local) {
        if (local.ty.k === "func") {
          return this.callValue(this.ident(name, e.loc), e);
        }
        this.err(e.loc, `'${name}' is not a function`);
      }
      if (this.ctx.cls) {
        const ms = this.allMethods(this.ctx.cls, name);
        if (ms.length > 0) {
          if (this.ctx.isStatic && ms.every((m) => !m.isStatic)) {
            this.err(e.loc, `'${name}' needs an object: not available in a static method`);
          }
          return this.callMethod("this", this.ctx.cls, ms, e, false);
        }
      }
    }
    const special = this.builtinSpecial(name, e);
    if (special) {
      return special;
    }
    const g = this.binder.globals.get(name);
    if (!g && this.binder.isClassName(name)) {
      // `Vec(1, 2)`: a temporary object made by a constructor.
      const ty = this.binder.resolveType(
        { kind: "TypeRef", loc: e.loc, name, args: e.typeArgs, isConst: false, pointer: false },
        this.ctx.cls,
        this.ctx.env,
      );
      if (ty.k !== "class") {
        return this.err(e.loc, `'${name}' is not a class`);
      }
      return { js: this.construct(ty.cls, e.args, e.loc), ty };
    }
    if (!g) {
      return this.err(e.callee.loc, `'${name}' - undeclared identifier`);
    }
    if (g.k === "type") {
      // Functional cast `int(x)` parsed as a call.
      const arg = e.args[0];
      if (e.args.length !== 1 || !arg) {
        this.err(e.loc, `'${name}' is a type`);
      }
      return { js: conv(this.expr(arg), g.ty, e.loc, true), ty: g.ty };
    }
    if (g.k !== "funcs") {
      const v = this.globalVal(g, e.loc);
      if (v.ty.k === "func") {
        return this.callValue(v, e);
      }
      return this.err(e.loc, `'${name}' is not a function`);
    }
    if (GAPS.has(name) && g.overloads.every((f) => f.native)) {
      return this.unavailable(name, e);
    }
    const vals = e.args.map((a) => this.expr(a));
    const candidates = this.instantiateCandidates(g.overloads, e, vals);
    const i = pick(candidates, vals, e.loc, name);
    const f = candidates[i] as FuncSym;
    this.binder.useFunctionInstance(f);
    if (f.native && GAPS.has(name)) {
      return this.unavailable(name, e, f.ret);
    }
    const args = this.args(f.params, vals, e.loc, f.native, f.native && TEXT_JOINERS.has(name));
    const call = `${f.jsName}(${args})`;
    return this.finishCall(f.native ? call : this.callNode(call, `f:${f.jsName}`), f.ret);
  }

  /**
   * Overloads of a call with function templates replaced by their instances for this call's
   * argument types (and explicit `<…>` arguments); ordinary functions come first, so they win
   * a tie as in C++.
   */
  private instantiateCandidates(
    overloads: readonly FuncSym[],
    e: Call,
    vals: readonly Val[],
  ): FuncSym[] {
    const plain = overloads.filter((f) => !f.template);
    if (plain.length === overloads.length) {
      return plain;
    }
    const explicit = e.typeArgs.map((t) => this.binder.resolveType(t, this.ctx.cls, this.ctx.env));
    const out = [...plain];
    for (const f of overloads) {
      if (f.template) {
        const inst = this.binder.instantiateFunction(
          f,
          explicit,
          vals.map((v) => v.ty),
        );
        if (inst) {
          out.push(inst);
        }
      }
    }
    if (out.length === 0) {
      this.err(e.loc, `cannot deduce the template arguments of '${overloads[0]?.name ?? "?"}'`);
    }
    return out;
  }

  /**
   * A call to a built-in the runtime does not offer yet. In the program's own files it is a
   * compile error; in a standard library header (a method the program may never call) it
   * compiles to a critical run-time error at that call, so including the header still works.
   */
  private unavailable(name: string, e: Call, ret: Ty = T.any): Val {
    const message = `'${name}' is not available in this runtime yet`;
    if (!this.binder.isStandardFile(e.loc.file)) {
      return this.err(e.callee.loc, message);
    }
    return { js: `$m.fail(${JSON.stringify(message)}, ${this.site(e.loc)})`, ty: ret };
  }

  /** Built-ins whose meaning depends on static types the runtime cannot see. */
  private builtinSpecial(name: string, e: Call): Val | undefined {
    const args = e.args;
    switch (name) {
      case "Sleep": {
        const a0 = args[0];
        if (!a0 || args.length !== 1) {
          return undefined;
        }
        const ms = conv(this.expr(a0), T.int, e.loc);
        const key = this.ctx.key;
        if (key === "<global>") {
          this.err(e.loc, "Sleep cannot be called in a global initialiser");
        }
        this.sleepers.add(key);
        // In a suspending function the runtime suspends the handler for that long.
        return { js: this.suspending.has(key) ? `(yield ${ms})` : `Sleep(${ms})`, ty: T.void };
      }
      case "ArrayResize": {
        const a0 = args[0];
        const a1 = args[1];
        if (!a0 || !a1) {
          return undefined;
        }
        const arr = this.expr(a0);
        if (arr.ty.k !== "array") {
          this.err(a0.loc, "ArrayResize needs an array");
        }
        if (arr.ty.length !== null) {
          return {
            js: `(${conv(this.expr(a1), T.int, e.loc)} === ${arr.ty.length} ? ${arr.ty.length} : -1)`,
            ty: T.int,
          };
        }
        const elem = arr.ty.elem;
        const n = conv(this.expr(a1), T.int, e.loc);
        const isValue = elem.k === "class" || elem.k === "array";
        const fill = isValue ? "null" : this.defaultValue(elem);
        const make = isValue ? `, () => ${this.defaultValue(elem)}` : "";
        return { js: `$m.resize(${arr.js}, ${n}, ${fill}${make})`, ty: T.int };
      }
      case "ZeroMemory": {
        const a0 = args[0];
        if (!a0) {
          return undefined;
        }
        const v = this.expr(a0);
        if (v.ty.k === "class") {
          return { js: `$m.assign(${v.js}, ${this.defaultValue(v.ty)})`, ty: T.void };
        }
        if (v.ty.k === "array") {
          const elem = v.ty.elem;
          const isValue = elem.k === "class" || elem.k === "array";
          return {
            js: `$m.resize(${v.js}, 0, null), $m.resize(${v.js}, ${v.js}.length, ${isValue ? "null" : this.defaultValue(elem)}${isValue ? `, () => ${this.defaultValue(elem)}` : ""})`,
            ty: T.void,
          };
        }
        if (v.lv) {
          const p = this.place(v, a0.loc);
          return { js: this.seq(p.setup, p.write(this.defaultValue(v.ty))), ty: T.void };
        }
        return undefined;
      }
      case "GetPointer": {
        const a0 = args[0];
        if (!a0) {
          return undefined;
        }
        const v = this.expr(a0);
        if (v.ty.k === "class") {
          return { js: v.js, ty: { k: "ptr", cls: v.ty.cls } };
        }
        return v;
      }
      case "CheckPointer": {
        const a0 = args[0];
        if (!a0) {
          return undefined;
        }
        return { js: `$m.checkPointer(${this.expr(a0).js})`, ty: this.enumTy("ENUM_POINTER_TYPE") };
      }
      case "EnumToString": {
        const a0 = args[0];
        if (!a0) {
          return undefined;
        }
        const v = this.expr(a0);
        if (v.ty.k === "enum") {
          const table = v.ty.builtin ? v.ty.name : `$E_${jsIdent(v.ty.name)}`;
          if (v.ty.builtin && v.ty.members.size === 0) {
            return { js: `String(${v.js})`, ty: T.string };
          }
          return {
            js: `$m.enumName(${table}, ${v.js}, ${JSON.stringify(v.ty.name)})`,
            ty: T.string,
          };
        }
        return { js: `String(${v.js})`, ty: T.string };
      }
      case "ArraySize": {
        const a0 = args[0];
        if (!a0 || args.length !== 1) {
          return undefined;
        }
        const v = this.expr(a0);
        if (v.ty.k !== "array") {
          this.err(a0.loc, "ArraySize needs an array");
        }
        // A multi-dimensional array's size counts every element (inner dimensions are fixed).
        let inner = 1;
        for (let t: Ty = v.ty.elem; t.k === "array"; t = t.elem) {
          inner *= t.length ?? 1;
        }
        const rows = `${paren(v.js)}.length`;
        return { js: inner === 1 ? rows : `(${rows} * ${inner})`, ty: T.int };
      }
      default:
        return undefined;
    }
  }

  private enumTy(name: string): Ty {
    const g = this.binder.globals.get(name);
    return g?.k === "type" ? g.ty : T.int;
  }
}

/** What MQL5's typename() gives: `int`, `enum ENUM_X`, `class CFoo`, `struct S`, `class CFoo*`. */
function mqlTypeName(t: Ty): string {
  switch (t.k) {
    case "enum":
      return `enum ${t.name}`;
    case "class":
      return `${t.cls.kind === "struct" ? "struct" : "class"} ${t.cls.name}`;
    case "ptr":
      return `class ${t.cls.name}*`;
    case "array":
      return `${mqlTypeName(t.elem)}[]`;
    default:
      return typeName(t);
  }
}

/** The class or a base defines a destructor (compiled classes only: a runtime class, even one
 * declared with a compiled base such as CObject, has no `$dtor`). */
function hasDestructor(c: ClassSym): boolean {
  let found = false;
  for (let x: ClassSym | undefined = c; x; x = x.base) {
    if (x.native) {
      return false;
    }
    found ||= x.dtor !== undefined;
  }
  return found;
}

function isObjectLikeOrNull(t: Ty): boolean {
  return t.k === "ptr" || t.k === "null" || t.k === "class";
}
