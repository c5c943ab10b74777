/**
 * Run-time support for programs compiled from MQL5 (ea-runtime/src/mql5): the operations whose
 * MQL5 meaning differs from JavaScript's and that compiled code calls instead of JS operators.
 *
 * Owns: MQL5's critical run-time errors (array out of range, zero divide, invalid pointer) as
 * `MqlRuntimeError` carrying the MQL5 site (file, line, column, function); 64-bit integer
 * arithmetic that stays exact (a long/ulong is a JS number while it is a safe integer and a
 * bigint beyond, always in that canonical form, so `===` and `<` work across both); narrowing
 * conversions; bounds-checked array access and MQL5 array creation/resizing with the element's
 * default; object pointers (`new`/`delete`, CheckPointer); struct copy semantics; the text of
 * a double as MQL5 converts it. Exposed as the frozen global `__mql`; a compiled program binds it
 * to its site table once (`__mql.bind(sites)`).
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { isFixedArray, markFixedArray } from "./arrays.ts";
import { COLORS } from "./constants.ts";
import { timeToString } from "./format.ts";

/** Colour values to their clr* names (the first name of a value wins). */
const COLOR_NAMES: ReadonlyMap<number, string> = (() => {
  const m = new Map<number, string>();
  for (const [name, v] of Object.entries(COLORS)) {
    if (name.startsWith("clr") && !m.has(v)) {
      m.set(v, name);
    }
  }
  return m;
})();

/** A critical MQL5 run-time error: the EA is stopped (MT5 unloads it). */
export class MqlRuntimeError extends Error {
  constructor(
    message: string,
    /** "file|line|col|function" of the failing expression. */
    readonly site: string,
  ) {
    super(message);
    // The realm's Error.prototype is frozen: an own property, not an assignment.
    Object.defineProperty(this, "name", { value: "MqlRuntimeError", enumerable: false });
  }

  /** `array out of range in 'ea.mq5' (12,5), function OnTick` */
  describeSite(): string {
    const [file, line, col, fn] = this.site.split("|");
    return `${this.message} in '${file ?? "?"}' (${line ?? "?"},${col ?? "?"})${fn ? `, function ${fn}` : ""}`;
  }
}

const MAX = Number.MAX_SAFE_INTEGER;
const MIN = -Number.MAX_SAFE_INTEGER;

export type Wide = number | bigint;

/** Canonical signed 64-bit value of a bigint: a number when it is safe. */
function canonS(b: bigint): Wide {
  const w = BigInt.asIntN(64, b);
  return w <= 9007199254740991n && w >= -9007199254740991n ? Number(w) : w;
}

/** Canonical unsigned 64-bit value of a bigint. */
function canonU(b: bigint): Wide {
  const w = BigInt.asUintN(64, b);
  return w <= 9007199254740991n ? Number(w) : w;
}

function big(x: Wide): bigint {
  return typeof x === "bigint" ? x : BigInt(x);
}

/** long/ulong from any number (double → truncated toward zero, wrapped to 64 bits). */
export function toWide(x: unknown, unsigned: boolean): Wide {
  if (typeof x === "bigint") {
    return unsigned ? canonU(x) : canonS(x);
  }
  if (typeof x === "boolean") {
    return x ? 1 : 0;
  }
  if (typeof x === "string" && /^\s*[-+]?\d+\s*$/.test(x)) {
    // Integer text (an input's value or default) is read exactly, beyond 2^53 too.
    const b = BigInt(x.trim());
    return unsigned ? canonU(b) : canonS(b);
  }
  const n = typeof x === "number" ? x : Number(x);
  if (!Number.isFinite(n)) {
    // MQL5 (like x86) gives the "integer indefinite" value for NaN/inf.
    return unsigned ? 9223372036854775808n : -9223372036854775808n;
  }
  const t = Math.trunc(n);
  if (t <= MAX && t >= MIN && (!unsigned || t >= 0)) {
    return t === 0 ? 0 : t;
  }
  return unsigned ? canonU(BigInt(t)) : canonS(BigInt(t));
}

/** 32-bit and narrower integers from any value (wrap-around, truncation). */
export function toNarrow(x: unknown, bits: 8 | 16 | 32, unsigned: boolean): number {
  if (typeof x === "number" && x - x === 0 && bits === 32) {
    // A finite number: ToInt32/ToUint32 truncate and wrap exactly as MQL5 does.
    return unsigned ? x >>> 0 : x | 0;
  }
  let n: number;
  if (typeof x === "bigint") {
    n = Number(BigInt.asIntN(32, x));
  } else if (typeof x === "boolean") {
    n = x ? 1 : 0;
  } else {
    n = typeof x === "number" ? x : Number(x);
    if (!Number.isFinite(n)) {
      return unsigned ? 0 : bits === 32 ? -2147483648 : 0;
    }
    n = Math.trunc(n);
    if (n > 4294967295 || n < -2147483648) {
      // ToInt32 is exact modulo 2^32 for integral doubles of any size.
      n |= 0;
    }
  }
  switch (bits) {
    case 8:
      return unsigned ? n & 0xff : (n << 24) >> 24;
    case 16:
      return unsigned ? n & 0xffff : (n << 16) >> 16;
    default:
      return unsigned ? n >>> 0 : n | 0;
  }
}

/** MQL5's conversion of a double to text: up to 16 significant digits, "1.0" for integral. */
export function doubleText(x: number): string {
  if (Number.isNaN(x)) {
    return "nan";
  }
  if (!Number.isFinite(x)) {
    return x > 0 ? "inf" : "-inf";
  }
  // 16 significant digits, trailing zeros of the fraction dropped (no round trip through
  // Number: DBL_MAX's 16-digit text would overflow to Infinity).
  const p = x.toPrecision(16);
  const e = p.indexOf("e");
  const mantissa = e < 0 ? p : p.slice(0, e);
  const exponent = e < 0 ? "" : p.slice(e);
  let m = mantissa.includes(".") ? mantissa.replace(/0+$/, "") : mantissa;
  if (m.endsWith(".")) {
    m = exponent ? m.slice(0, -1) : `${m}0`;
  }
  return `${m}${exponent}`;
}

/** MQL5 text of a value of static type `kind` ("d" double/float, "b" bool, else as is). */
export function valueText(x: unknown, kind: string): string {
  if (kind === "d") {
    return doubleText(Number(x));
  }
  if (kind === "b") {
    return x ? "true" : "false";
  }
  if (x === null || x === undefined) {
    return "";
  }
  return String(x);
}

/** Text → number as StringToDouble / StringToInteger do (leading number, else 0). */
export function textNumber(s: unknown): number {
  const m = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(String(s ?? ""));
  return m ? Number(m[0]) : 0;
}

interface Dead {
  $dead?: boolean;
  $dyn?: boolean;
  $dtor?: () => void;
}

/** Marks a prototype as a struct (value semantics on copy). */
export const STRUCT = "$struct";

function isStructValue(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === "object" && v !== null && !Array.isArray(v) && Reflect.get(v, STRUCT) === true
  );
}

function copyArray(src: readonly unknown[]): unknown[] {
  const out = new Array<unknown>(src.length);
  for (let i = 0; i < src.length; i += 1) {
    const v = src[i];
    out[i] = Array.isArray(v) ? copyArray(v) : isStructValue(v) ? cloneValue(v) : v;
  }
  return out;
}

function cloneValue<T>(src: T): T {
  if (Array.isArray(src)) {
    return copyArray(src) as T;
  }
  if (typeof src !== "object" || src === null) {
    return src;
  }
  const proto: object | null = Object.getPrototypeOf(src);
  const out = Object.create(proto) as Record<string, unknown>;
  assignValue(out, src as Record<string, unknown>);
  return out as T;
}

/** `dst = src` for structs and class objects held by value: fields are copied, deeply for nested values. */
function assignValue(dst: object, src: object): object {
  if (dst === src || src === null || src === undefined) {
    return dst;
  }
  for (const k of Object.keys(src)) {
    if (k === "$dead" || k === "$dyn") {
      continue;
    }
    const v: unknown = Reflect.get(src, k);
    if (Array.isArray(v)) {
      const cur: unknown = Reflect.get(dst, k);
      if (Array.isArray(cur)) {
        const copy = copyArray(v);
        cur.length = copy.length;
        for (let i = 0; i < copy.length; i += 1) {
          cur[i] = copy[i];
        }
      } else {
        Reflect.set(dst, k, copyArray(v));
      }
    } else if (isStructValue(v)) {
      const cur: unknown = Reflect.get(dst, k);
      if (typeof cur === "object" && cur !== null) {
        assignValue(cur, v);
      } else {
        Reflect.set(dst, k, cloneValue(v));
      }
    } else {
      Reflect.set(dst, k, v);
    }
  }
  return dst;
}

const TWO32 = 4294967296;

/**
 * 64-bit `&`, `|`, `^` of two safe integers without bigints: each is split into its low 32 bits
 * (ToUint32 is exact modulo 2^32) and its high part (floor division keeps the two's-complement
 * sign), combined with 32-bit operators; the result of safe operands is safe.
 */
function wordBits(op: 0 | 1 | 2, a: number, b: number): number {
  if ((a | 0) === a && (b | 0) === b) {
    // Both within int32: the 32-bit result, sign-extended, is the 64-bit one.
    return op === 0 ? a & b : op === 1 ? a | b : a ^ b;
  }
  const ha = Math.floor(a / TWO32);
  const hb = Math.floor(b / TWO32);
  const la = a >>> 0;
  const lb = b >>> 0;
  if (op === 0) {
    return (ha & hb) * TWO32 + ((la & lb) >>> 0);
  }
  if (op === 1) {
    return (ha | hb) * TWO32 + ((la | lb) >>> 0);
  }
  return (ha ^ hb) * TWO32 + ((la ^ lb) >>> 0);
}

const POINTER_INVALID = 0;
const POINTER_DYNAMIC = 1;
const POINTER_AUTOMATIC = 2;

/** The helpers a compiled program calls, bound to its table of source sites. */
export function bindSupport(sites: readonly string[]) {
  const site = (i: number): string => sites[i] ?? "?|0|0|";
  const fail = (message: string, at: number): never => {
    throw new MqlRuntimeError(message, site(at));
  };
  return {
    fail,
    // ---- 32-bit and narrower integers
    idiv(a: number, b: number, at: number): number {
      if (b === 0) {
        fail("zero divide", at);
      }
      return (a / b) | 0;
    },
    udiv(a: number, b: number, at: number): number {
      if (b === 0) {
        fail("zero divide", at);
      }
      return Math.trunc(a / b) >>> 0;
    },
    imod(a: number, b: number, at: number): number {
      if (b === 0) {
        fail("zero divide", at);
      }
      return a % b;
    },
    /** Floating division: MQL5 stops the EA on a zero divisor for doubles too. */
    fdiv(a: number, b: number, at: number): number {
      if (b === 0) {
        fail("zero divide", at);
      }
      return a / b;
    },
    umul(a: number, b: number): number {
      return Math.imul(a, b) >>> 0;
    },
    // ---- 64-bit integers
    ladd(a: Wide, b: Wide, u: boolean): Wide {
      if (typeof a === "number" && typeof b === "number") {
        const r = a + b;
        if (r <= MAX && r >= MIN && (!u || r >= 0)) {
          return r;
        }
      }
      return u ? canonU(big(a) + big(b)) : canonS(big(a) + big(b));
    },
    lsub(a: Wide, b: Wide, u: boolean): Wide {
      if (typeof a === "number" && typeof b === "number") {
        const r = a - b;
        if (r <= MAX && r >= MIN && (!u || r >= 0)) {
          return r;
        }
      }
      return u ? canonU(big(a) - big(b)) : canonS(big(a) - big(b));
    },
    lmul(a: Wide, b: Wide, u: boolean): Wide {
      if (typeof a === "number" && typeof b === "number") {
        const r = a * b;
        if (r <= MAX && r >= MIN && (!u || r >= 0)) {
          return r === 0 ? 0 : r;
        }
      }
      return u ? canonU(big(a) * big(b)) : canonS(big(a) * big(b));
    },
    ldiv(a: Wide, b: Wide, u: boolean, at: number): Wide {
      if (b === 0) {
        fail("zero divide", at);
      }
      if (typeof a === "number" && typeof b === "number") {
        const r = Math.trunc(a / b);
        return r === 0 ? 0 : r;
      }
      return u ? canonU(big(a) / big(b)) : canonS(big(a) / big(b));
    },
    lmod(a: Wide, b: Wide, u: boolean, at: number): Wide {
      if (b === 0) {
        fail("zero divide", at);
      }
      if (typeof a === "number" && typeof b === "number") {
        const r = a % b;
        return r === 0 ? 0 : r;
      }
      return u ? canonU(big(a) % big(b)) : canonS(big(a) % big(b));
    },
    lneg(a: Wide, u: boolean): Wide {
      if (typeof a === "number" && !u) {
        return a === 0 ? 0 : -a;
      }
      return u ? canonU(-big(a)) : canonS(-big(a));
    },
    land(a: Wide, b: Wide, u: boolean): Wide {
      if (typeof a === "number" && typeof b === "number") {
        return wordBits(0, a, b);
      }
      return u ? canonU(big(a) & big(b)) : canonS(big(a) & big(b));
    },
    lor(a: Wide, b: Wide, u: boolean): Wide {
      if (typeof a === "number" && typeof b === "number") {
        return wordBits(1, a, b);
      }
      return u ? canonU(big(a) | big(b)) : canonS(big(a) | big(b));
    },
    lxor(a: Wide, b: Wide, u: boolean): Wide {
      if (typeof a === "number" && typeof b === "number") {
        return wordBits(2, a, b);
      }
      return u ? canonU(big(a) ^ big(b)) : canonS(big(a) ^ big(b));
    },
    lshl(a: Wide, b: Wide, u: boolean): Wide {
      const n = typeof b === "number" ? b & 63 : Number(b & 63n);
      if (typeof a === "number") {
        const r = a * 2 ** n;
        if (r <= MAX && r >= MIN) {
          return r;
        }
      }
      return u ? canonU(big(a) << BigInt(n)) : canonS(big(a) << BigInt(n));
    },
    lshr(a: Wide, b: Wide, u: boolean): Wide {
      const n = typeof b === "number" ? b & 63 : Number(b & 63n);
      if (typeof a === "number") {
        return (a | 0) === a && n < 32 ? a >> n : Math.floor(a / 2 ** n);
      }
      const x = u ? BigInt.asUintN(64, a) : BigInt.asIntN(64, a);
      return u ? canonU(x >> BigInt(n)) : canonS(x >> BigInt(n));
    },
    lnot(a: Wide, u: boolean): Wide {
      return u ? canonU(~big(a)) : canonS(~big(a));
    },
    wide: toWide,
    narrow: toNarrow,
    /** long → double */
    ltod(a: Wide): number {
      return typeof a === "number" ? a : Number(a);
    },
    // ---- text
    str: valueText,
    dstr: doubleText,
    /** A float as Print shows it: 5 digits after the point. */
    fstr(x: number): string {
      return Number.isFinite(x) ? x.toFixed(5) : doubleText(x);
    },
    /** A datetime as Print shows it: YYYY.MM.DD HH:MI:SS. */
    tstr(t: Wide): string {
      return timeToString(typeof t === "number" ? t : Number(t), 5);
    },
    /** A color as Print shows it: its name when it has one, else R,G,B. */
    cstr(c: number): string {
      const name = COLOR_NAMES.get(c);
      return name ?? `${c & 0xff},${(c >> 8) & 0xff},${(c >> 16) & 0xff}`;
    },
    num: textNumber,
    // ---- arrays
    /** A fixed array of `n` elements made by `make` (or filled with `fill`). */
    arr(n: number, fill: unknown, make?: () => unknown): unknown[] {
      // Built by push: a packed array (new Array(n) makes a holey one, slower to index).
      const out: unknown[] = [];
      for (let i = 0; i < n; i += 1) {
        out.push(make ? make() : fill);
      }
      // Fixed size (arrays.ts markFixedArray): ArrayResize and the runtime's Copy* functions
      // treat it as MQL5's static array (a non-writable length would make V8 index it slowly).
      markFixedArray(out);
      return out;
    },
    /** Marks an array literal of a fixed-size declaration (`int a[3] = {1, 2, 3}`). */
    fixed<A extends object>(a: A): A {
      markFixedArray(a);
      return a;
    },
    /** Bounds-checked read `a[i]`. */
    at<E>(a: readonly E[], i: number, at: number): E {
      if (i >= 0 && i < a.length) {
        return a[i] as E;
      }
      return fail("array out of range", at);
    },
    /** Bounds-checked index for a write. */
    ix(a: readonly unknown[], i: number, at: number): number {
      if (i >= 0 && i < a.length) {
        return i;
      }
      return fail("array out of range", at);
    },
    /** ArrayResize with the element default; returns the new size or -1. */
    resize(a: unknown, n: number, fill: unknown, make?: () => unknown): number {
      if (!Array.isArray(a) || !(n >= 0) || isFixedArray(a)) {
        return -1;
      }
      const size = Math.trunc(n);
      if (size <= a.length) {
        a.length = size;
        return size;
      }
      // Grown by push so the array stays packed.
      while (a.length < size) {
        a.push(make ? make() : fill);
      }
      return size;
    },
    // ---- objects
    /** Dereference check: NULL or deleted pointer is a critical error. */
    chk<O>(p: O, at: number): O {
      if (p === null || p === undefined || (p as Dead).$dead === true) {
        fail("invalid pointer access", at);
      }
      return p;
    },
    /** `new`: marks the object dynamic (CheckPointer → POINTER_DYNAMIC). */
    dyn<O extends object>(o: O): O {
      Object.defineProperty(o, "$dyn", { value: true, writable: true, enumerable: false });
      return o;
    },
    del(p: unknown): void {
      if (typeof p !== "object" || p === null) {
        return;
      }
      const o = p as Dead;
      if (o.$dead === true) {
        return;
      }
      if (typeof o.$dtor === "function") {
        o.$dtor();
      }
      Object.defineProperty(o, "$dead", { value: true, writable: true, enumerable: false });
    },
    /** dynamic_cast<T*>(p): p when it is an object of class `cls` (or derived), else NULL. */
    dcast<O>(p: O, cls: unknown): O | null {
      return typeof cls === "function" && p instanceof cls ? p : null;
    },
    checkPointer(p: unknown): number {
      if (typeof p !== "object" || p === null || (p as Dead).$dead === true) {
        return POINTER_INVALID;
      }
      return (p as Dead).$dyn === true ? POINTER_DYNAMIC : POINTER_AUTOMATIC;
    },
    assign: assignValue,
    clone: cloneValue,
    /** Member name of an enum value, or the number as text (EnumToString). */
    enumName(table: Readonly<Record<string, number>>, v: number, enumName: string): string {
      for (const k of Object.keys(table)) {
        if (table[k] === v) {
          return k;
        }
      }
      return `${enumName}::${v}`;
    },
  };
}

export type MqlSupport = ReturnType<typeof bindSupport>;

/** The `__mql` global. */
export const mqlGlobal = Object.freeze({ bind: bindSupport, STRUCT, MqlRuntimeError });
