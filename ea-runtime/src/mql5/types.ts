/**
 * The MQL5 type system as the binder and the lowering see it.
 *
 * Owns: the closed set of type shapes (scalars, enums, structs/classes, object pointers, arrays,
 * function pointers, the NULL type, and `any` for erased/variadic positions), the scalar
 * properties MQL5 defines (width, signedness, integer or floating), the usual arithmetic
 * conversions (which type a binary operation computes in), and how a JS value of each type is
 * represented at run time (see `Repr`). Pure; imports only ast.ts for class declarations.
 */
import type { ClassDecl, FuncDecl, Param, TypeRef } from "./ast.ts";

export type ScalarName =
  | "bool"
  | "char"
  | "uchar"
  | "short"
  | "ushort"
  | "int"
  | "uint"
  | "long"
  | "ulong"
  | "float"
  | "double"
  | "string"
  | "datetime"
  | "color"
  | "void";

export interface ScalarTy {
  readonly k: "scalar";
  readonly name: ScalarName;
}

export interface EnumTy {
  readonly k: "enum";
  readonly name: string;
  /** Member name → value, in declaration order. */
  readonly members: ReadonlyMap<string, number>;
  /** Built-in enums live in the runtime as global tables of the same name. */
  readonly builtin: boolean;
}

export interface ClassTy {
  readonly k: "class";
  readonly cls: ClassSym;
}

export interface PtrTy {
  readonly k: "ptr";
  readonly cls: ClassSym;
}

export interface ArrayTy {
  readonly k: "array";
  readonly elem: Ty;
  /** Fixed length of the first dimension, or null when dynamic. */
  readonly length: number | null;
}

export interface FuncTy {
  readonly k: "func";
  readonly ret: Ty;
  readonly params: readonly ParamSym[];
  readonly name: string;
}

export interface NullTy {
  readonly k: "null";
}

/** A value of unknown static type: variadic arguments, `void &` parameters, erased templates. */
export interface AnyTy {
  readonly k: "any";
}

export type Ty = ScalarTy | EnumTy | ClassTy | PtrTy | ArrayTy | FuncTy | NullTy | AnyTy;

const scalars = new Map<ScalarName, ScalarTy>();
export function scalar(name: ScalarName): ScalarTy {
  let t = scalars.get(name);
  if (!t) {
    t = { k: "scalar", name };
    scalars.set(name, t);
  }
  return t;
}

export const T = {
  bool: scalar("bool"),
  char: scalar("char"),
  uchar: scalar("uchar"),
  short: scalar("short"),
  ushort: scalar("ushort"),
  int: scalar("int"),
  uint: scalar("uint"),
  long: scalar("long"),
  ulong: scalar("ulong"),
  float: scalar("float"),
  double: scalar("double"),
  string: scalar("string"),
  datetime: scalar("datetime"),
  color: scalar("color"),
  void: scalar("void"),
  null: { k: "null" } as NullTy,
  any: { k: "any" } as AnyTy,
} as const;

export const SCALAR_NAMES: ReadonlySet<string> = new Set([
  "bool",
  "char",
  "uchar",
  "short",
  "ushort",
  "int",
  "uint",
  "long",
  "ulong",
  "float",
  "double",
  "string",
  "datetime",
  "color",
  "void",
]);

// ---------------------------------------------------------------- symbols

export interface ParamSym {
  readonly name: string;
  readonly ty: Ty;
  readonly ref: boolean;
  readonly decl?: Param;
}

export interface MethodSym {
  readonly name: string;
  /** JS name of this overload (mangled when the name is overloaded). */
  jsName: string;
  readonly owner: ClassSym;
  readonly decl: FuncDecl;
  /** The out-of-line definition, when the body is outside the class. */
  def?: FuncDecl;
  readonly isStatic: boolean;
  isVirtual: boolean;
  /** Non-virtual and redefined in a subclass: called without dynamic dispatch. */
  hidden?: boolean;
  readonly access: "public" | "protected" | "private";
  ret: Ty;
  params: ParamSym[];
}

export interface FieldSym {
  readonly name: string;
  readonly ty: Ty;
  readonly isStatic: boolean;
  readonly isConst: boolean;
  readonly owner: ClassSym;
  readonly access: "public" | "protected" | "private";
  /** Fixed array dimensions (all known) for value-initialisation. */
  readonly dims: readonly (number | null)[];
}

export interface ClassSym {
  readonly name: string;
  /** JS name (template instances get a mangled one). */
  readonly jsName: string;
  readonly kind: "class" | "struct" | "interface";
  readonly decl: ClassDecl | undefined;
  /** Implemented by the runtime (CTrade, MqlTick…): no JS is emitted for it. */
  readonly native: boolean;
  base: ClassSym | undefined;
  readonly fields: Map<string, FieldSym>;
  readonly methods: Map<string, MethodSym[]>;
  readonly ctors: MethodSym[];
  dtor: MethodSym | undefined;
  /** Nested types (enums, structs) by name. */
  readonly types: Map<string, Ty>;
  /** Template arguments of an instance, in order. */
  readonly typeArgs: readonly Ty[];
}

// ---------------------------------------------------------------- predicates

export function isScalar(t: Ty, name?: ScalarName): t is ScalarTy {
  return t.k === "scalar" && (name === undefined || t.name === name);
}

const INTEGERS: ReadonlySet<string> = new Set([
  "bool",
  "char",
  "uchar",
  "short",
  "ushort",
  "int",
  "uint",
  "long",
  "ulong",
  "datetime",
  "color",
]);

/** Integer types (enums included: MQL5 enums are int). */
export function isInteger(t: Ty): boolean {
  return (t.k === "scalar" && INTEGERS.has(t.name)) || t.k === "enum";
}

export function isFloating(t: Ty): boolean {
  return t.k === "scalar" && (t.name === "double" || t.name === "float");
}

export function isNumeric(t: Ty): boolean {
  return isInteger(t) || isFloating(t);
}

export function isString(t: Ty): boolean {
  return t.k === "scalar" && t.name === "string";
}

/** 64-bit integers: represented as a number when safe, a bigint otherwise. */
export function isWide(t: Ty): boolean {
  return t.k === "scalar" && (t.name === "long" || t.name === "ulong" || t.name === "datetime");
}

export function isUnsigned(t: Ty): boolean {
  return (
    t.k === "scalar" &&
    (t.name === "uchar" || t.name === "ushort" || t.name === "uint" || t.name === "ulong")
  );
}

export function isObjectLike(t: Ty): boolean {
  return t.k === "class" || t.k === "ptr" || t.k === "null";
}

/** Width in bytes (sizeof). */
export function sizeOf(t: Ty): number {
  if (t.k === "enum") {
    return 4;
  }
  if (t.k === "ptr" || t.k === "func") {
    return 8;
  }
  if (t.k === "array") {
    return (t.length ?? 0) * sizeOf(t.elem);
  }
  if (t.k === "class") {
    let n = 0;
    for (const f of t.cls.fields.values()) {
      if (!f.isStatic) {
        n += sizeOf(f.ty);
      }
    }
    return n;
  }
  if (t.k !== "scalar") {
    return 0;
  }
  switch (t.name) {
    case "bool":
    case "char":
    case "uchar":
      return 1;
    case "short":
    case "ushort":
      return 2;
    case "int":
    case "uint":
    case "color":
    case "float":
      return 4;
    case "string":
      return 12;
    case "void":
      return 0;
    default:
      return 8;
  }
}

/** Integer rank for the usual arithmetic conversions. */
function rank(t: Ty): number {
  if (t.k === "enum") {
    return 4;
  }
  if (t.k !== "scalar") {
    return 0;
  }
  switch (t.name) {
    case "bool":
      return 1;
    case "char":
    case "uchar":
      return 2;
    case "short":
    case "ushort":
      return 3;
    case "int":
    case "uint":
    case "color":
      return 4;
    case "long":
    case "ulong":
    case "datetime":
      return 5;
    case "float":
      return 6;
    case "double":
      return 7;
    default:
      return 0;
  }
}

/**
 * The type a binary arithmetic operation computes in (C's usual arithmetic conversions as MQL5
 * applies them): any double → double; float → float; otherwise integers are promoted to at
 * least int; the wider operand wins; at equal width an unsigned operand makes it unsigned.
 */
export function arithmetic(a: Ty, b: Ty): ScalarTy {
  if (isFloating(a) || isFloating(b)) {
    return rank(a) === 7 || rank(b) === 7 ? T.double : T.float;
  }
  const ra = Math.max(rank(a), 4);
  const rb = Math.max(rank(b), 4);
  const r = Math.max(ra, rb);
  const unsigned =
    (rank(a) >= 4 && rank(a) === r && isUnsigned(a)) ||
    (rank(b) >= 4 && rank(b) === r && isUnsigned(b));
  if (r === 5) {
    return unsigned ? T.ulong : T.long;
  }
  return unsigned ? T.uint : T.int;
}

/** Integer promotion of one operand (unary minus, ~, shifts). */
export function promote(t: Ty): ScalarTy {
  if (isFloating(t)) {
    return t as ScalarTy;
  }
  return arithmetic(t, T.int);
}

export function sameType(a: Ty, b: Ty): boolean {
  if (a === b) {
    return true;
  }
  if (a.k !== b.k) {
    return false;
  }
  switch (a.k) {
    case "scalar":
      return a.name === (b as ScalarTy).name;
    case "enum":
      return a.name === (b as EnumTy).name;
    case "class":
    case "ptr":
      return a.cls === (b as ClassTy).cls;
    case "array":
      return sameType(a.elem, (b as ArrayTy).elem);
    default:
      return true;
  }
}

export function isSubclass(c: ClassSym, base: ClassSym): boolean {
  for (let x: ClassSym | undefined = c; x; x = x.base) {
    if (x === base) {
      return true;
    }
  }
  return false;
}

export function typeName(t: Ty): string {
  switch (t.k) {
    case "scalar":
      return t.name;
    case "enum":
      return t.name;
    case "class":
      return t.cls.name;
    case "ptr":
      return `${t.cls.name}*`;
    case "array":
      return `${typeName(t.elem)}[]`;
    case "func":
      return t.name;
    case "null":
      return "NULL";
    default:
      return "any";
  }
}

/** A TypeRef's spelling, for messages. */
export function refName(r: TypeRef): string {
  const args = r.args.length > 0 ? `<${r.args.map(refName).join(",")}>` : "";
  return `${r.isConst ? "const " : ""}${r.name}${args}${r.pointer ? "*" : ""}`;
}
