/**
 * Binding: the declarations of a parsed MQL5 program turned into symbol tables.
 *
 * Owns: the global scope (variables, inputs, functions with their overloads, enum members,
 * the runtime's constants and enums), classes and structs (fields, methods and their JS names,
 * constructors, base class, out-of-line definitions matched to their prototypes), resolution of
 * written types (`TypeRef` → `Ty`) in a class's scope, and the declaration-level errors
 * (unknown type, duplicate definition, body without prototype). Declarations that come from the
 * standard headers without bodies are *native*: the runtime implements them under the same name.
 * Function bodies are not looked at here (lower.ts does that).
 * Pure; imports the AST, the types, and the runtime's constant tables.
 */

import { allConstants, COLORS, MQL5_ENUMS } from "../runtime/constants.ts";
import type {
  ClassDecl,
  Declarator,
  EnumDecl,
  Expr,
  FuncDecl,
  Param,
  Program,
  TopLevel,
  TypedefDecl,
  TypeRef,
  VarDecl,
} from "./ast.ts";
import type { DiagnosticBag, Loc } from "./diagnostics.ts";
import {
  type ClassSym,
  type EnumTy,
  type FieldSym,
  type FuncTy,
  type MethodSym,
  type ParamSym,
  SCALAR_NAMES,
  type ScalarName,
  scalar,
  T,
  type Ty,
  typeName,
} from "./types.ts";

export interface FuncSym {
  readonly name: string;
  jsName: string;
  readonly decl: FuncDecl;
  def?: FuncDecl;
  ret: Ty;
  params: ParamSym[];
  readonly native: boolean;
  /** Declared with `...` as last parameter. */
  readonly variadic: boolean;
  /** A function template: instantiated per deduced type arguments (see instantiateFunction). */
  readonly template?: FuncDecl;
  /** Template parameters → types, for an instance of a function template. */
  readonly env?: ReadonlyMap<string, Ty>;
}

export type GlobalSym =
  | {
      readonly k: "var";
      readonly name: string;
      readonly jsName: string;
      readonly ty: Ty;
      readonly decl: VarDecl | undefined;
      readonly declarator: Declarator | undefined;
      readonly input: boolean;
      readonly native: boolean;
      readonly isConst: boolean;
    }
  | { readonly k: "const"; readonly name: string; readonly ty: Ty; readonly value: number | bigint }
  | { readonly k: "funcs"; readonly name: string; readonly overloads: FuncSym[] }
  | { readonly k: "type"; readonly name: string; readonly ty: Ty };

/** Words JavaScript reserves (or the compiled program uses) that MQL5 allows as names. */
const JS_RESERVED = new Set(
  "arguments await break case catch class const continue debugger default delete do else enum eval export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield undefined NaN Infinity globalThis Object Array Math JSON Number String Boolean Error Function Reflect Proxy Promise Map Set WeakMap BigInt Date RegExp input constructor prototype __proto__ toString valueOf hasOwnProperty".split(
    " ",
  ),
);

/** A JS-safe name for an MQL5 identifier (MQL5 names cannot contain `$`). */
export function jsIdent(name: string): string {
  return JS_RESERVED.has(name) ? `${name}$` : name;
}

const OPERATOR_NAMES: Record<string, string> = {
  "+": "add",
  "-": "sub",
  "*": "mul",
  "/": "div",
  "%": "mod",
  "==": "eq",
  "!=": "ne",
  "<": "lt",
  ">": "gt",
  "<=": "le",
  ">=": "ge",
  "[]": "index",
  "()": "call",
  "=": "assign",
  "!": "not",
  "~": "inv",
  "&": "and",
  "|": "or",
  "^": "xor",
  "<<": "shl",
  ">>": "shr",
  "&&": "land",
  "||": "lor",
  "++": "inc",
  "--": "dec",
};

/** JS name of a method: `operator+=` → `$op_addeq`, other names as jsIdent. */
export function methodJsName(name: string): string {
  if (!name.startsWith("operator")) {
    return jsIdent(name);
  }
  const op = name.slice("operator".length).trim();
  const assign = op.length > 1 && op.endsWith("=") && !["==", "!=", "<=", ">="].includes(op);
  const base = assign ? op.slice(0, -1) : op;
  const word = OPERATOR_NAMES[base] ?? [...base].map((c) => c.charCodeAt(0).toString(16)).join("_");
  return `$op_${word}${assign ? "eq" : ""}`;
}

/** Scalars, enums and NULL: what a `const &` parameter may take by value. */
function isValueScalar(t: Ty): boolean {
  return t.k === "scalar" || t.k === "enum";
}

/** Exact values MQL5 gives constants the runtime can only approximate as doubles. */
const EXACT_CONSTANTS: Record<string, [bigint, Ty]> = {
  LONG_MAX: [9223372036854775807n, T.long],
  LONG_MIN: [-9223372036854775808n, T.long],
  ULONG_MAX: [18446744073709551615n, T.ulong],
  UINT_MAX: [4294967295n, T.uint],
  USHORT_MAX: [65535n, T.ushort],
  UCHAR_MAX: [255n, T.uchar],
  SHORT_MAX: [32767n, T.short],
  SHORT_MIN: [-32768n, T.short],
  CHAR_MAX: [127n, T.char],
  CHAR_MIN: [-128n, T.char],
  INT_MAX: [2147483647n, T.int],
  INT_MIN: [-2147483648n, T.int],
};

const FLOAT_CONSTANTS: Record<string, number> = {
  FLT_MAX: 3.402823466e38,
  FLT_MIN: 1.175494351e-38,
  FLT_EPSILON: 1.192092896e-7,
  M_PI_2: Math.PI / 2,
  M_PI_4: Math.PI / 4,
  M_1_PI: 1 / Math.PI,
  M_2_PI: 2 / Math.PI,
  M_2_SQRTPI: 2 / Math.sqrt(Math.PI),
  M_SQRT2: Math.SQRT2,
  M_SQRT1_2: Math.SQRT1_2,
  M_LN2: Math.LN2,
  M_LN10: Math.LN10,
  M_LOG2E: Math.LOG2E,
  M_LOG10E: Math.LOG10E,
};

/** Enums whose values only the compiler uses (their members become literals). */
const COMPILER_ENUMS: Record<string, Record<string, number>> = {
  ENUM_POINTER_TYPE: { POINTER_INVALID: 0, POINTER_DYNAMIC: 1, POINTER_AUTOMATIC: 2 },
};

export interface BindOptions {
  /** Files whose bodiless declarations the runtime implements (the standard headers). */
  readonly nativeFiles: ReadonlySet<string>;
  /** Names the runtime installs: classes and structures (CTrade, MqlTick…), predefined
   * variables (_Symbol…), functions. */
  readonly runtimeClasses: ReadonlySet<string>;
}

export class Binder {
  readonly globals = new Map<string, GlobalSym>();
  /** User classes/structs in declaration order (base before derived when emitted). */
  readonly classes: ClassSym[] = [];
  readonly enums: EnumTy[] = [];
  /** User global variables in declaration order. */
  readonly globalVars: { decl: VarDecl; declarator: Declarator; sym: GlobalSym & { k: "var" } }[] =
    [];
  /** Definitions of static members with their initial values, in source order. */
  readonly staticInits: {
    decl: VarDecl;
    declarator: Declarator;
    cls: ClassSym;
    field: FieldSym;
  }[] = [];
  /** User functions with bodies, in source order. */
  readonly functions: FuncSym[] = [];
  private readonly classDecls = new Map<string, ClassSym>();
  /** Class templates by name; instances are made on use (`CList<int>`). */
  private readonly templateClasses = new Map<string, ClassDecl>();
  /** Out-of-line method definitions of class templates, by template name. */
  private readonly templateMethodDefs = new Map<string, FuncDecl[]>();
  private readonly classInstances = new Map<string, ClassSym>();
  private readonly functionInstances = new Map<string, FuncSym>();
  private readonly usedInstances = new Set<FuncSym>();

  /** Every function-template instance a call has chosen so far. */
  functionInstanceList(): FuncSym[] {
    return [...this.usedInstances];
  }

  /** Function-template instances made while lowering; the lowering emits them. */
  readonly pendingFunctions: FuncSym[] = [];
  private readonly typedefs = new Map<string, Ty>();

  constructor(
    private readonly diags: DiagnosticBag,
    private readonly options: BindOptions,
  ) {
    this.installRuntime();
  }

  private isNative(loc: Loc): boolean {
    return this.options.nativeFiles.has(loc.file);
  }

  /** A file of the standard include tree (not one the program brought). */
  isStandardFile(file: string): boolean {
    return this.options.nativeFiles.has(file);
  }

  private installRuntime(): void {
    for (const [name, table] of Object.entries({ ...COMPILER_ENUMS, ...MQL5_ENUMS })) {
      const members = new Map(Object.entries(table));
      const ty: EnumTy = { k: "enum", name, members, builtin: true };
      this.globals.set(name, { k: "type", name, ty });
      for (const [m, v] of members) {
        this.globals.set(m, { k: "const", name: m, ty, value: v });
      }
    }
    const colors = new Set(Object.keys(COLORS));
    for (const [name, value] of Object.entries(allConstants())) {
      if (this.globals.has(name)) {
        continue;
      }
      const ty = colors.has(name)
        ? T.color
        : Number.isInteger(value) && Math.abs(value) <= 2147483647
          ? T.int
          : Number.isInteger(value) && Number.isSafeInteger(value)
            ? T.long
            : T.double;
      this.globals.set(name, { k: "const", name, ty, value });
    }
    for (const [name, [value, ty]] of Object.entries(EXACT_CONSTANTS)) {
      this.globals.set(name, {
        k: "const",
        name,
        ty,
        value: value <= 9007199254740991n && value >= -9007199254740991n ? Number(value) : value,
      });
    }
    for (const [name, value] of Object.entries(FLOAT_CONSTANTS)) {
      this.globals.set(name, { k: "const", name, ty: T.double, value });
    }
    this.globals.set("NULL", { k: "const", name: "NULL", ty: T.null, value: 0 });
  }

  // ---------------------------------------------------------------- types

  /** Resolves a written type in the scope of `cls` (nested types, template arguments). */
  resolveType(ref: TypeRef, cls?: ClassSym, env?: ReadonlyMap<string, Ty>): Ty {
    const base = this.resolveName(ref, cls, env);
    if (ref.pointer) {
      if (base.k === "class") {
        return { k: "ptr", cls: base.cls };
      }
      if (base.k !== "any") {
        this.diags.error(ref.loc, `'${ref.name}' is not a class: MQL5 pointers point to objects`);
      }
      return T.any;
    }
    return base;
  }

  private resolveName(ref: TypeRef, cls?: ClassSym, env?: ReadonlyMap<string, Ty>): Ty {
    const name = ref.name;
    if (SCALAR_NAMES.has(name)) {
      return scalar(name as ScalarName);
    }
    const fromEnv = env?.get(name);
    if (fromEnv) {
      return fromEnv;
    }
    for (let c = cls; c; c = c.base) {
      const nested = c.types.get(name);
      if (nested) {
        return nested;
      }
    }
    if (name.includes("::")) {
      const [outer, inner] = name.split("::");
      const owner = outer ? this.classDecls.get(outer) : undefined;
      const nested = inner ? owner?.types.get(inner) : undefined;
      if (nested) {
        return nested;
      }
    }
    const template = this.templateClasses.get(name);
    if (template) {
      if (ref.args.length === 0) {
        // Inside the template, its own name means the current instance.
        for (let x = cls; x; x = x.base) {
          if (x.decl === template) {
            return { k: "class", cls: x };
          }
        }
        this.diags.error(ref.loc, `'${name}' is a class template: give its type arguments`);
        return T.any;
      }
      if (ref.args.length !== template.templateParams.length) {
        this.diags.error(
          ref.loc,
          `'${name}' takes ${template.templateParams.length} type argument(s), not ${ref.args.length}`,
        );
        return T.any;
      }
      const args = ref.args.map((a) => this.resolveType(a, cls, env));
      return { k: "class", cls: this.instantiateClass(template, args) };
    }
    const c = this.classDecls.get(name);
    if (c) {
      return { k: "class", cls: c };
    }
    const td = this.typedefs.get(name);
    if (td) {
      return td;
    }
    const g = this.globals.get(name);
    if (g?.k === "type") {
      return g.ty;
    }
    if (/^ENUM_[A-Z0-9_]+$/.test(name)) {
      // A runtime enum the binder has no member table for: an int-valued enum type.
      const ty: EnumTy = { k: "enum", name, members: new Map(), builtin: true };
      this.globals.set(name, { k: "type", name, ty });
      return ty;
    }
    this.diags.error(ref.loc, `'${name}' is not a type`);
    return T.any;
  }

  paramSyms(
    params: readonly Param[],
    cls?: ClassSym,
    env?: ReadonlyMap<string, Ty>,
  ): { params: ParamSym[]; variadic: boolean } {
    const out: ParamSym[] = [];
    let variadic = false;
    for (const p of params) {
      if (p.type.name === "...") {
        variadic = true;
        continue;
      }
      let ty =
        p.type.name === "void" && (p.ref || p.dims.length > 0)
          ? T.any
          : this.resolveType(p.type, cls, env);
      for (let i = p.dims.length - 1; i >= 0; i -= 1) {
        ty = { k: "array", elem: ty, length: null };
      }
      // A `const` reference to a scalar cannot be written through: passed by value (so it binds
      // to any value, as MQL5 allows, and built-ins receive plain values).
      const constScalar = p.type.isConst && p.dims.length === 0 && isValueScalar(ty);
      out.push({ name: p.name ?? "", ty, ref: p.ref && !constScalar, decl: p });
    }
    return { params: out, variadic };
  }

  // ---------------------------------------------------------------- declarations

  bind(program: Program): void {
    // Pass 1: type names (classes, enums, typedefs) so that later declarations can use them.
    for (const d of program.decls) {
      if (d.kind === "ClassDecl") {
        this.declareClass(d, undefined);
      } else if (d.kind === "EnumDecl") {
        this.declareEnum(d, undefined);
      }
    }
    for (const d of program.decls) {
      if (d.kind === "TypedefDecl") {
        this.declareTypedef(d);
      }
    }
    // Pass 2: class members (bases first).
    for (const c of this.classDecls.values()) {
      this.ensureFilled(c);
    }
    // Pass 3: functions and variables, in order.
    for (const d of program.decls) {
      this.declareTop(d);
    }
    for (const f of this.functions) {
      if (!f.def) {
      }
    }
  }

  private declareTop(d: TopLevel): void {
    switch (d.kind) {
      case "FuncDecl":
        if (d.owner) {
          this.defineMethodOutOfLine(d);
        } else {
          this.declareFunction(d);
        }
        return;
      case "VarDecl":
        this.declareGlobalVar(d);
        return;
      case "ClassDecl":
        if (d.trailing) {
          this.declareGlobalVar(d.trailing);
        }
        return;
      default:
        return;
    }
  }

  private declareEnum(d: EnumDecl, owner: ClassSym | undefined, tableName?: string): EnumTy {
    const members = new Map<string, number>();
    const ty: EnumTy = { k: "enum", name: tableName ?? d.name, members, builtin: false };
    let next = 0;
    for (const m of d.members) {
      if (m.value) {
        const v = this.constValue(m.value);
        if (v === undefined) {
          this.diags.error(m.value.loc, `the value of '${m.name}' must be a constant integer`);
        } else {
          next = Number(v);
        }
      }
      members.set(m.name, next);
      const constant: GlobalSym = { k: "const", name: m.name, ty, value: next };
      if (owner) {
        // Members of an enum nested in a class are reached through the class scope.
        owner.types.set(`#${m.name}`, ty);
      }
      this.globals.set(m.name, constant);
      next += 1;
    }
    if (owner) {
      owner.types.set(d.name, ty);
    } else if (d.name) {
      if (this.globals.get(d.name)?.k === "type" || this.classDecls.has(d.name)) {
        this.diags.error(d.loc, `'${d.name}' is already declared`);
      }
      this.globals.set(d.name, { k: "type", name: d.name, ty });
    }
    this.enums.push(ty);
    return ty;
  }

  private localCount = 0;

  /**
   * A class, struct, enum or typedef declared inside a function: bound like a top-level one
   * under a program-unique JS name, visible by its own name only in that function (the
   * lowering keeps it in the function's type environment). Enum members are constants of the
   * program, as at top level.
   */
  declareLocalType(
    d: ClassDecl | EnumDecl | TypedefDecl,
    env: ReadonlyMap<string, Ty> | undefined,
  ): Ty {
    // Once per declaration: the lowering may run twice (see compile.ts, Sleep).
    const known = this.localTypes.get(d);
    if (known) {
      return known;
    }
    const ty = this.makeLocalType(d, env);
    this.localTypes.set(d, ty);
    return ty;
  }

  private readonly localTypes = new WeakMap<object, Ty>();

  private makeLocalType(
    d: ClassDecl | EnumDecl | TypedefDecl,
    env: ReadonlyMap<string, Ty> | undefined,
  ): Ty {
    this.localCount += 1;
    if (d.kind === "EnumDecl") {
      return this.declareEnum(d, undefined, `${d.name}$L${this.localCount}`);
    }
    if (d.kind === "TypedefDecl") {
      if (d.params) {
        const { params } = this.paramSyms(d.params, undefined, env);
        return { k: "func", ret: this.resolveType(d.type, undefined, env), params, name: d.name };
      }
      return this.resolveType(d.type, undefined, env);
    }
    if (d.templateParams.length > 0) {
      this.diags.error(d.loc, "a class template must be declared at the top level");
      return T.any;
    }
    const sym: ClassSym = {
      name: d.name,
      jsName: `${jsIdent(d.name)}$L${this.localCount}`,
      kind: d.keyword,
      decl: d,
      native: false,
      base: undefined,
      fields: new Map(),
      methods: new Map(),
      ctors: [],
      dtor: undefined,
      types: new Map(env ?? []),
      typeArgs: [],
    };
    const ty: Ty = { k: "class", cls: sym };
    sym.types.set(d.name, ty);
    for (const m of d.members) {
      if (m.kind === "EnumDecl") {
        this.declareEnum(m, sym);
      }
    }
    this.ensureFilled(sym);
    return ty;
  }

  private declareTypedef(d: TypedefDecl): void {
    if (d.params) {
      const { params } = this.paramSyms(d.params);
      const ty: FuncTy = { k: "func", ret: this.resolveType(d.type), params, name: d.name };
      this.typedefs.set(d.name, ty);
    } else {
      this.typedefs.set(d.name, this.resolveType(d.type));
    }
  }

  private declareClass(d: ClassDecl, outer: ClassSym | undefined): ClassSym | undefined {
    if (d.templateParams.length > 0) {
      if (!d.forward) {
        if (this.templateClasses.has(d.name)) {
          this.diags.error(d.loc, `'${d.name}' is already defined`);
        }
        this.templateClasses.set(d.name, d);
      }
      return undefined;
    }
    const existing = this.classDecls.get(d.name);
    if (existing) {
      if (d.forward) {
        return existing;
      }
      if (existing.decl && !existing.decl.forward) {
        this.diags.error(d.loc, `'${d.name}' is already defined`);
        return existing;
      }
    }
    // Native: a standard header's declaration of a class the runtime implements (a library class
    // whose methods are all defined out of line is compiled like any other).
    const native =
      this.isNative(d.loc) &&
      this.options.runtimeClasses.has(d.name) &&
      !d.members.some((m) => m.kind === "FuncDecl" && m.body);
    const sym: ClassSym = {
      name: d.name,
      jsName: native ? d.name : jsIdent(d.name),
      kind: d.keyword,
      decl: d.forward && existing ? existing.decl : d,
      native,
      base: undefined,
      fields: existing?.fields ?? new Map(),
      methods: existing?.methods ?? new Map(),
      ctors: existing?.ctors ?? [],
      dtor: undefined,
      types: existing?.types ?? new Map(),
      typeArgs: [],
    };
    this.classDecls.set(d.name, sym);
    if (outer) {
      outer.types.set(d.name, { k: "class", cls: sym });
    }
    for (const m of d.members) {
      if (m.kind === "ClassDecl") {
        this.declareClass(m, sym);
      } else if (m.kind === "EnumDecl") {
        this.declareEnum(m, sym);
      }
    }
    return sym;
  }

  private readonly filled = new Set<ClassSym>();

  /** Binds a class's members once (its base first); user classes join `classes` after their base. */
  private ensureFilled(c: ClassSym): void {
    if (this.filled.has(c)) {
      return;
    }
    this.filled.add(c);
    this.fillClass(c);
    if (!c.native) {
      this.classes.push(c);
    }
  }

  private fillClass(c: ClassSym): void {
    const d = c.decl;
    if (!d || d.forward) {
      return;
    }
    const baseClause = d.bases[0];
    if (baseClause) {
      const b = this.resolveType(baseClause.type, c);
      if (b.k === "class") {
        c.base = b.cls;
        this.ensureFilled(b.cls);
      } else if (b.k !== "any") {
        this.diags.error(baseClause.loc, `'${baseClause.type.name}' is not a class`);
      }
      if (d.bases.length > 1) {
        this.diags.error(d.bases[1]?.loc ?? d.loc, "MQL5 has no multiple inheritance");
      }
    }
    for (const td of d.members) {
      if (td.kind === "TypedefDecl") {
        this.declareTypedef(td);
      }
    }
    d.members.forEach((m, i) => {
      const access = d.access[i] ?? (d.keyword === "class" ? "private" : "public");
      if (m.kind === "VarDecl") {
        const ty = this.resolveType(m.type, c);
        for (const decl of m.declarators) {
          const dims = decl.dims.map((x) => (x ? this.constInt(x) : null));
          const field: FieldSym = {
            name: decl.name,
            ty: this.arrayOf(ty, dims),
            isStatic: m.storage.isStatic,
            isConst: m.storage.isConst && ty.k !== "ptr",
            owner: c,
            access,
            dims,
          };
          if (c.fields.has(decl.name)) {
            this.diags.error(decl.loc, `'${decl.name}' is already a member of '${c.name}'`);
          }
          c.fields.set(decl.name, field);
        }
      } else if (m.kind === "FuncDecl") {
        this.declareMethod(c, m, access);
      }
    });
    this.nameMethods(c);
  }

  arrayOf(elem: Ty, dims: readonly (number | null)[]): Ty {
    let ty = elem;
    for (let i = dims.length - 1; i >= 0; i -= 1) {
      ty = { k: "array", elem: ty, length: dims[i] ?? null };
    }
    return ty;
  }

  private declareMethod(c: ClassSym, m: FuncDecl, access: MethodSym["access"]): MethodSym {
    const { params } = this.paramSyms(m.params, c);
    const sym: MethodSym = {
      name: m.isCtor ? "$ctor" : m.isDtor ? "$dtor" : m.name,
      jsName: m.name,
      owner: c,
      decl: m,
      isStatic: m.isStatic,
      // Methods of an interface are virtual (a call through the interface reaches the class's).
      isVirtual: m.isVirtual || m.isPure || c.kind === "interface",
      access,
      ret: m.isCtor || m.isDtor ? T.void : this.resolveType(m.returnType, c),
      params,
    };
    if (m.body) {
      sym.def = m;
    }
    if (m.isCtor) {
      c.ctors.push(sym);
    } else if (m.isDtor) {
      c.dtor = sym;
      sym.jsName = "$dtor";
    } else {
      const list = c.methods.get(m.name) ?? [];
      list.push(sym);
      c.methods.set(m.name, list);
    }
    return sym;
  }

  /** Signature text used to match overrides and to mangle overloads. */
  signature(params: readonly ParamSym[]): string {
    return params.map((p) => `${typeName(p.ty)}${p.ref ? "&" : ""}`).join(",");
  }

  /** JS names of methods: overrides share their ancestor's name; extra overloads are mangled. */
  private nameMethods(c: ClassSym): void {
    c.ctors.forEach((ctor, i) => {
      ctor.jsName = ctor.params.length === 0 ? "$ctor" : `$ctor${i}`;
    });
    for (const [name, list] of c.methods) {
      const used = new Set<string>();
      for (const m of list) {
        const sig = this.signature(m.params);
        const inherited = this.findInherited(c.base, name, sig);
        if (inherited) {
          m.jsName = inherited.jsName;
          if (inherited.isVirtual) {
            m.isVirtual = true;
          } else {
            // A non-virtual method redefined below: calls through the base type must not reach
            // the redefinition (the lowering calls the base's implementation directly).
            inherited.hidden = true;
          }
        } else if (c.native) {
          m.jsName = name;
        } else {
          const plain = methodJsName(name);
          const taken = used.has(plain) || this.hasInheritedName(c.base, plain);
          m.jsName = taken ? `${plain}$${list.indexOf(m)}` : plain;
        }
        used.add(m.jsName);
      }
    }
  }

  private findInherited(
    base: ClassSym | undefined,
    name: string,
    sig: string,
  ): MethodSym | undefined {
    for (let b = base; b; b = b.base) {
      const hit = b.methods.get(name)?.find((m) => this.signature(m.params) === sig);
      if (hit) {
        return hit;
      }
    }
    return undefined;
  }

  private hasInheritedName(base: ClassSym | undefined, js: string): boolean {
    for (let b = base; b; b = b.base) {
      for (const list of b.methods.values()) {
        if (list.some((m) => m.jsName === js)) {
          return true;
        }
      }
    }
    return false;
  }

  private defineMethodOutOfLine(d: FuncDecl, instance?: ClassSym): void {
    const ownerName = (d.owner ?? "").replace(/<.*>$/, "");
    if (!instance && this.templateClasses.has(ownerName)) {
      const defs = this.templateMethodDefs.get(ownerName) ?? [];
      defs.push(d);
      this.templateMethodDefs.set(ownerName, defs);
      return;
    }
    const c = instance ?? this.classDecls.get(ownerName);
    if (!c) {
      this.diags.error(d.loc, `'${ownerName}' is not a class`);
      return;
    }
    const { params } = this.paramSyms(d.params, c);
    const sig = this.signature(params);
    const candidates = d.isCtor
      ? c.ctors
      : d.isDtor
        ? c.dtor
          ? [c.dtor]
          : []
        : (c.methods.get(d.name) ?? []);
    const hit = candidates.find((m) => this.signature(m.params) === sig);
    if (!hit) {
      this.diags.error(
        d.loc,
        `'${c.name}::${d.isDtor ? `~${c.name}` : d.name}(${sig})' is not declared in '${c.name}'`,
      );
      return;
    }
    if (hit.def) {
      this.diags.error(d.loc, `'${c.name}::${d.name}' already has a body`);
      return;
    }
    hit.def = d;
    // Parameter names and defaults of the definition are the ones the body uses.
    hit.params = params.map((p, i) => ({
      ...p,
      decl:
        p.decl && !p.decl.defaultValue && hit.params[i]?.decl?.defaultValue
          ? { ...p.decl, defaultValue: hit.params[i]?.decl?.defaultValue }
          : p.decl,
    }));
  }

  private declareFunction(d: FuncDecl): void {
    const native = this.isNative(d.loc) && !d.body;
    if (d.templateParams.length > 0) {
      this.declareFunctionTemplate(d);
      return;
    }
    const { params, variadic } = this.paramSyms(d.params);
    const ret = this.resolveType(d.returnType);
    const existing = this.globals.get(d.name);
    if (existing && existing.k !== "funcs") {
      if (existing.k === "const" || existing.k === "type" || !existing.native) {
        this.diags.error(d.loc, `'${d.name}' is already declared`);
        return;
      }
    }
    const group: GlobalSym & { k: "funcs" } =
      existing?.k === "funcs" ? existing : { k: "funcs", name: d.name, overloads: [] };
    this.globals.set(d.name, group);
    const sig = this.signature(params);
    const same = group.overloads.find((f) => this.signature(f.params) === sig);
    if (same) {
      if (d.body) {
        if (same.def) {
          this.diags.error(d.loc, `'${d.name}(${sig})' already has a body`);
          return;
        }
        if (same.native) {
          // A user function with a built-in's name and signature: MQL5 calls the user's.
          group.overloads.splice(group.overloads.indexOf(same), 1);
        } else {
          same.def = d;
          same.params = params.map((p, i) => ({
            ...p,
            decl:
              p.decl && !p.decl.defaultValue && same.params[i]?.decl?.defaultValue
                ? { ...p.decl, defaultValue: same.params[i]?.decl?.defaultValue }
                : p.decl,
          }));
          this.functions.push(same);
          return;
        }
      } else {
        return;
      }
    }
    const userOverloads = group.overloads.filter((f) => !f.native).length;
    const f: FuncSym = {
      name: d.name,
      jsName: native
        ? d.name
        : userOverloads === 0
          ? jsIdent(d.name)
          : `${jsIdent(d.name)}$${userOverloads}`,
      decl: d,
      ret,
      params,
      native,
      variadic,
    };
    if (d.body) {
      f.def = d;
      this.functions.push(f);
    }
    group.overloads.push(f);
  }

  private declareGlobalVar(d: VarDecl): void {
    // Native: a standard header's declaration of a variable the runtime installs (_Symbol…);
    // a library header's own globals are compiled like the program's.
    const native =
      this.isNative(d.loc) &&
      d.declarators.every((x) => !x.init && this.options.runtimeClasses.has(x.name));
    const base = this.resolveType(d.type);
    for (const decl of d.declarators) {
      if (decl.owner) {
        this.defineStaticField(d, decl, decl.owner);
        continue;
      }
      const dims = decl.dims.map((x, i) =>
        x
          ? this.constInt(x)
          : i === 0 && decl.init?.kind === "InitList"
            ? decl.init.elements.length
            : null,
      );
      const ty = this.arrayOf(base, dims);
      const existing = this.globals.get(decl.name);
      // A user global may hide a built-in (function, constant or variable), as in MQL5.
      const builtin =
        existing?.k === "const" ||
        (existing?.k === "var" && existing.native) ||
        (existing?.k === "funcs" && existing.overloads.every((f) => f.native));
      if (existing && !builtin) {
        this.diags.error(decl.loc, `'${decl.name}' is already declared`);
        continue;
      }
      const sym = {
        k: "var" as const,
        name: decl.name,
        jsName: native ? decl.name : jsIdent(decl.name),
        ty,
        decl: d,
        declarator: decl,
        input: d.storage.input || d.storage.sinput,
        native,
        isConst: (d.storage.isConst && ty.k !== "ptr") || d.storage.input || d.storage.sinput,
      };
      this.globals.set(decl.name, sym);
      if (!native) {
        this.globalVars.push({ decl: d, declarator: decl, sym });
      }
    }
  }

  private declareFunctionTemplate(d: FuncDecl): void {
    if (!d.body) {
      return;
    }
    const existing = this.globals.get(d.name);
    if (existing && existing.k !== "funcs") {
      this.diags.error(d.loc, `'${d.name}' is already declared`);
      return;
    }
    const group: GlobalSym & { k: "funcs" } =
      existing?.k === "funcs" ? existing : { k: "funcs", name: d.name, overloads: [] };
    this.globals.set(d.name, group);
    group.overloads.push({
      name: d.name,
      jsName: `${jsIdent(d.name)}$T${group.overloads.length}`,
      decl: d,
      def: d,
      ret: T.any,
      params: [],
      native: false,
      variadic: false,
      template: d,
    });
  }

  /** JS-safe spelling of type arguments for instance names. */
  private mangle(args: readonly Ty[]): string {
    return args
      .map((a) =>
        typeName(a)
          .replace(/\*/g, "_p")
          .replace(/[^A-Za-z0-9_]/g, "_"),
      )
      .join("$");
  }

  /** The instance of class template `d` for `args` (made once; members bound with T := arg). */
  instantiateClass(d: ClassDecl, args: readonly Ty[]): ClassSym {
    const key = `${d.name}<${args.map(typeName).join(",")}>`;
    const known = this.classInstances.get(key);
    if (known) {
      return known;
    }
    const types = new Map<string, Ty>();
    d.templateParams.forEach((p, i) => {
      types.set(p, args[i] ?? T.any);
    });
    const sym: ClassSym = {
      name: key,
      jsName: `${jsIdent(d.name)}$${this.mangle(args)}`,
      kind: d.keyword,
      decl: d,
      native: false,
      base: undefined,
      fields: new Map(),
      methods: new Map(),
      ctors: [],
      dtor: undefined,
      types,
      typeArgs: args,
    };
    this.classInstances.set(key, sym);
    for (const m of d.members) {
      if (m.kind === "EnumDecl") {
        this.declareEnum(m, sym);
      }
    }
    this.filled.add(sym);
    this.fillClass(sym);
    for (const def of this.templateMethodDefs.get(d.name) ?? []) {
      def.templateParams.forEach((p, i) => {
        if (!types.has(p)) {
          types.set(p, args[i] ?? T.any);
        }
      });
      this.defineMethodOutOfLine(def, sym);
    }
    this.classes.push(sym);
    return sym;
  }

  /**
   * The instance of function template `f` for explicit type arguments and/or the argument types
   * of a call (deduction from parameters written `T`, `T&`, `T[]`, `T*`); undefined when the
   * template's parameters cannot all be deduced.
   */
  instantiateFunction(
    f: FuncSym,
    explicit: readonly Ty[],
    argTypes: readonly Ty[],
  ): FuncSym | undefined {
    const d = f.template;
    if (!d) {
      return undefined;
    }
    const env = new Map<string, Ty>();
    d.templateParams.forEach((p, i) => {
      const t = explicit[i];
      if (t) {
        env.set(p, t);
      }
    });
    let viable = true;
    d.params.forEach((p, i) => {
      const a = argTypes[i];
      if (!a || !d.templateParams.includes(p.type.name) || env.has(p.type.name)) {
        return;
      }
      let t: Ty = a;
      for (let k = 0; k < p.dims.length && t.k === "array"; k += 1) {
        t = t.elem;
      }
      if (p.type.pointer) {
        if (t.k === "ptr" || t.k === "class") {
          t = { k: "class", cls: t.cls };
        } else if (t.k !== "null") {
          // `T*` cannot take a non-object: the template is not a candidate.
          viable = false;
          return;
        }
      }
      if (t.k === "null") {
        return;
      }
      env.set(p.type.name, t);
    });
    if (!viable || d.templateParams.some((p) => !env.has(p))) {
      return undefined;
    }
    const args = d.templateParams.map((p) => env.get(p) as Ty);
    const key = `${f.jsName}<${args.map(typeName).join(",")}>`;
    const known = this.functionInstances.get(key);
    if (known) {
      return known;
    }
    const { params } = this.paramSyms(d.params, undefined, env);
    const inst: FuncSym = {
      name: f.name,
      jsName: `${f.jsName}$${this.mangle(args)}`,
      decl: d,
      def: d,
      ret: this.resolveType(d.returnType, undefined, env),
      params,
      native: false,
      variadic: false,
      env,
    };
    this.functionInstances.set(key, inst);
    return inst;
  }

  /** A function-template instance a call chose: its body gets compiled (once). */
  useFunctionInstance(inst: FuncSym): void {
    if (inst.env && !this.usedInstances.has(inst)) {
      this.usedInstances.add(inst);
      this.pendingFunctions.push(inst);
    }
  }

  /** `int CFoo::count = 5;` — the definition (and initial value) of a static member. */
  private defineStaticField(d: VarDecl, decl: Declarator, owner: string): void {
    const cls = this.classDecls.get(owner.replace(/<.*>$/, ""));
    const field = cls?.fields.get(decl.name);
    if (!cls || !field?.isStatic) {
      this.diags.error(decl.loc, `'${owner}::${decl.name}' is not a static member`);
      return;
    }
    this.staticInits.push({ decl: d, declarator: decl, cls, field });
  }

  // ---------------------------------------------------------------- constants

  /** A class, struct or class template of that name exists. */
  isClassName(name: string): boolean {
    return this.classDecls.has(name) || this.templateClasses.has(name);
  }

  classByName(name: string): ClassSym | undefined {
    return this.classDecls.get(name);
  }

  constInt(e: Expr): number | null {
    const v = this.constValue(e);
    if (v === undefined) {
      this.diags.error(e.loc, "an array size must be a constant integer");
      return null;
    }
    return Number(v);
  }

  /** Folds a constant integer expression (array sizes, enum values, case labels). */
  constValue(e: Expr): bigint | undefined {
    switch (e.kind) {
      case "IntLit":
      case "CharLit":
      case "ColorLit":
      case "DatetimeLit":
        return e.value;
      case "BoolLit":
        return e.value ? 1n : 0n;
      case "Ident": {
        const g = this.globals.get(e.name);
        if (g?.k === "const" && (typeof g.value === "bigint" || Number.isInteger(g.value))) {
          return BigInt(g.value);
        }
        if (g?.k === "var" && g.isConst && g.declarator?.init && g.ty.k !== "array") {
          return this.constValue(g.declarator.init);
        }
        return undefined;
      }
      case "Unary": {
        const v = this.constValue(e.operand);
        if (v === undefined) {
          return undefined;
        }
        return e.op === "-"
          ? -v
          : e.op === "+"
            ? v
            : e.op === "~"
              ? ~v
              : e.op === "!"
                ? v === 0n
                  ? 1n
                  : 0n
                : undefined;
      }
      case "Cast":
        return this.constValue(e.expr);
      case "Binary": {
        const a = this.constValue(e.left);
        const b = this.constValue(e.right);
        if (a === undefined || b === undefined) {
          return undefined;
        }
        switch (e.op) {
          case "+":
            return a + b;
          case "-":
            return a - b;
          case "*":
            return a * b;
          case "/":
            return b === 0n ? undefined : a / b;
          case "%":
            return b === 0n ? undefined : a % b;
          case "<<":
            return a << b;
          case ">>":
            return a >> b;
          case "&":
            return a & b;
          case "|":
            return a | b;
          case "^":
            return a ^ b;
          default:
            return undefined;
        }
      }
      case "Sizeof":
        return undefined;
      default:
        return undefined;
    }
  }
}
