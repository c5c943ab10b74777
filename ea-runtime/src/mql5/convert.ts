/**
 * Conversions of the lowering: how a value of one MQL5 type becomes another in JavaScript
 * (implicit conversions, casts, wrapping to an integer width, exact 64-bit values, text as MQL5
 * prints it). Pure functions over the types; a conversion MQL5 refuses is a CompileError.
 * Imports the AST positions, diagnostics and types only.
 */
import { CompileError, type Loc } from "./diagnostics.ts";
import {
  isFloating,
  isInteger,
  isNumeric,
  isSubclass,
  isUnsigned,
  isWide,
  sameType,
  T,
  type Ty,
  typeName,
} from "./types.ts";

/** A lowered expression: its JavaScript, its MQL5 type, and how to write to it. */
export interface Val {
  readonly js: string;
  readonly ty: Ty;
  readonly lv?: LVal;
  /** A local scalar reference parameter: its holder can be passed on as is. */
  readonly holder?: string;
  /** Free of side effects and cheap: may be evaluated twice. */
  readonly pure?: boolean;
}

/** How to write to an expression. */
export type LVal =
  | { readonly k: "plain"; readonly js: string }
  | { readonly k: "index"; readonly arr: string; readonly idx: string; readonly site: number }
  | { readonly k: "member"; readonly obj: string; readonly name: string };

function fail(loc: Loc, message: string): never {
  throw new CompileError(loc, message);
}

export function fit(js: string, ty: Ty): string {
  if (ty.k === "enum") {
    return `(${js} | 0)`;
  }
  if (ty.k !== "scalar") {
    return js;
  }
  switch (ty.name) {
    case "int":
      return `(${js} | 0)`;
    case "uint":
      return `(${js} >>> 0)`;
    case "color":
      // Signed 32 bits, so clrNONE (-1) compares equal however it was obtained.
      return `(${js} | 0)`;
    case "short":
      return `((${js} << 16) >> 16)`;
    case "ushort":
      return `(${js} & 65535)`;
    case "char":
      return `((${js} << 24) >> 24)`;
    case "uchar":
      return `(${js} & 255)`;
    case "float":
      return `Math.fround(${js})`;
    default:
      return js;
  }
}

export function bits(t: Ty): 8 | 16 | 32 {
  if (t.k === "scalar") {
    if (t.name === "char" || t.name === "uchar") {
      return 8;
    }
    if (t.name === "short" || t.name === "ushort") {
      return 16;
    }
  }
  return 32;
}

/** Converts a value to `to` (implicit conversion, also used by casts). */
export function conv(v: Val, to: Ty, loc: Loc, explicit = false): string {
  const from = v.ty;
  if (sameType(from, to) || to.k === "any" || from.k === "any") {
    return v.js;
  }
  if (to.k === "scalar" && to.name === "void") {
    return v.js;
  }
  if (to.k === "scalar" && to.name === "bool") {
    if (from.k === "scalar" && from.name === "string") {
      return `(${v.js} !== "")`;
    }
    if (from.k === "ptr" || from.k === "null") {
      return `(${v.js} != null)`;
    }
    if (isWide(from)) {
      return `(${v.js} != 0)`;
    }
    if (isNumeric(from)) {
      return `(${v.js} !== 0)`;
    }
  }
  if (to.k === "scalar" && to.name === "string") {
    if (from.k === "null") {
      return '""';
    }
    const text = typedText(v);
    if (text) {
      return text;
    }
    if (isFloating(from)) {
      return `$m.dstr(${v.js})`;
    }
    if (from.k === "scalar" && from.name === "bool") {
      return `(${v.js} ? "true" : "false")`;
    }
    if (isInteger(from)) {
      return `String(${v.js})`;
    }
  }
  if (isNumeric(to)) {
    if (isInteger(to) && isInteger(from) && /^\d{1,15}$/.test(v.js)) {
      // A non-negative integer literal that fits needs no conversion code.
      const n = Number(v.js);
      if (isWide(to) || n <= maxOf(to)) {
        return v.js;
      }
    }
    let js = v.js;
    let src = from;
    if (from.k === "scalar" && from.name === "string") {
      js = `$m.num(${js})`;
      src = T.double;
    } else if (from.k === "scalar" && from.name === "bool") {
      js = `(${js} ? 1 : 0)`;
      src = T.int;
    } else if (from.k === "null") {
      return "0";
    } else if (!isNumeric(from)) {
      return fail(loc, `cannot convert ${typeName(from)} to ${typeName(to)}`);
    }
    if (isFloating(to)) {
      const d = isWide(src) ? `$m.ltod(${js})` : js;
      return to.k === "scalar" && to.name === "float" ? `Math.fround(${d})` : d;
    }
    if (isWide(to)) {
      const u = isUnsigned(to);
      if (isWide(src) && isUnsigned(src) === u) {
        return js;
      }
      if (isInteger(src) && !isWide(src) && (!u || isUnsigned(src))) {
        return js;
      }
      return `$m.wide(${js}, ${u})`;
    }
    // to a 32-bit or narrower integer (enum included)
    if (isWide(src) || isFloating(src)) {
      const u = isUnsigned(to);
      if (!isWide(src) && bits(to) === 32) {
        return u ? `(${js} >>> 0)` : `(${js} | 0)`;
      }
      return `$m.narrow(${js}, ${bits(to)}, ${u})`;
    }
    if (fitsIn(src, to)) {
      return js;
    }
    return fit(js, to);
  }
  if (to.k === "ptr") {
    if (from.k === "null") {
      return "null";
    }
    if (
      from.k === "ptr" &&
      (isSubclass(from.cls, to.cls) || explicit || isSubclass(to.cls, from.cls))
    ) {
      return v.js;
    }
    if (from.k === "class" && isSubclass(from.cls, to.cls)) {
      return v.js;
    }
    return fail(loc, `cannot convert ${typeName(from)} to ${typeName(to)}`);
  }
  if (to.k === "class" && from.k === "class" && isSubclass(from.cls, to.cls)) {
    return v.js;
  }
  if (to.k === "func" && (from.k === "func" || from.k === "null")) {
    return v.js;
  }
  if (to.k === "array" && from.k === "array") {
    return v.js;
  }
  return fail(loc, `cannot convert ${typeName(from)} to ${typeName(to)}`);
}

/** MQL5's text of a datetime, a color or a float (Print, string conversion); else undefined. */
export function typedText(v: Val): string | undefined {
  if (v.ty.k !== "scalar") {
    return undefined;
  }
  switch (v.ty.name) {
    case "datetime":
      return `$m.tstr(${v.js})`;
    case "color":
      return `$m.cstr(${v.js})`;
    case "float":
      return `$m.fstr(${v.js})`;
    default:
      return undefined;
  }
}

/** Largest value of a 32-bit or narrower integer type. */
export function maxOf(t: Ty): number {
  if (t.k === "enum") {
    return 2147483647;
  }
  switch (t.k === "scalar" ? t.name : "int") {
    case "bool":
      return 1;
    case "char":
      return 127;
    case "uchar":
      return 255;
    case "short":
      return 32767;
    case "ushort":
      return 65535;
    case "uint":
      return 4294967295;
    default:
      return 2147483647;
  }
}

/** True when every value of integer type `a` is a value of integer type `b`. */
export function fitsIn(a: Ty, b: Ty): boolean {
  const range = (t: Ty): [number, number] => {
    if (t.k === "enum") {
      return [-2147483648, 2147483647];
    }
    switch (t.k === "scalar" ? t.name : "int") {
      case "bool":
        return [0, 1];
      case "char":
        return [-128, 127];
      case "uchar":
        return [0, 255];
      case "short":
        return [-32768, 32767];
      case "ushort":
        return [0, 65535];
      case "uint":
        return [0, 4294967295];
      default:
        return [-2147483648, 2147483647];
    }
  };
  const [a0, a1] = range(a);
  const [b0, b1] = range(b);
  return a0 >= b0 && a1 <= b1;
}

export function wideLiteral(v: bigint): string {
  return v <= 9007199254740991n && v >= -9007199254740991n ? String(Number(v)) : `${v}n`;
}

export function fitFloat(js: string, ty: Ty): string {
  return ty.k === "scalar" && ty.name === "float"
    ? `Math.fround${js.startsWith("(") ? js : `(${js})`}`
    : js;
}

export function paren(js: string): string {
  return /^[\w$.]+$/.test(js) ? js : `(${js})`;
}
