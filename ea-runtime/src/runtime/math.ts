/**
 * MQL5's math function group (Math* and their short C names: fabs, fmod, rand…).
 *
 * Exists because MQL5 math differs from JS Math in small ways EAs depend on: MathRound rounds
 * halves away from zero, MathMod is C's fmod, MathRand is a seedable 15-bit generator whose
 * sequence must repeat after MathSrand(seed), MathClassify/MathSwap have no JS counterpart.
 *
 * Generator: MQL5 documents MathRand as the C runtime's linear congruential generator
 * (state = state * 214013 + 2531011 mod 2^32, result = (state >> 16) & 0x7FFF, i.e. Microsoft's
 * rand()). The state is per program (RuntimeContext.randomSeed, the `_RandomSeed` global) and
 * starts at 1 as the C runtime's does, so a program that never calls MathSrand still gets a
 * deterministic sequence (41, 18467, 6334, …).
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { ENUM_FP_CLASS } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";

const num = (v: unknown): number => Number(v);

/** MQL5 MathRound: nearest integer, halves away from zero (JS Math.round rounds -2.5 to -2). */
export function mathRound(v: unknown): number {
  const x = num(v);
  return Number.isFinite(x) ? Math.sign(x) * Math.round(Math.abs(x)) : x;
}

/** C fmod: the remainder has the dividend's sign (JS `%` is exactly that). */
export function mathMod(a: unknown, b: unknown): number {
  return num(a) % num(b);
}

/** ENUM_FP_CLASS of a double. */
export function mathClassify(v: unknown): number {
  const x = num(v);
  const c = ENUM_FP_CLASS;
  if (Number.isNaN(x)) {
    return c.FP_NAN ?? 4;
  }
  if (!Number.isFinite(x)) {
    return c.FP_INFINITE ?? 3;
  }
  if (x === 0) {
    return c.FP_ZERO ?? 2;
  }
  return Math.abs(x) < 2.2250738585072014e-308 ? (c.FP_SUBNORMAL ?? 0) : (c.FP_NORMAL ?? 1);
}

/**
 * MathSwap: reverses the byte order of a ushort, uint or ulong. JS numbers carry no width, so
 * the width is the optional second argument (2, 4 or 8 bytes, as a compiler knows it) or else the
 * smallest of the three that holds the value. 8-byte results above 2^53 lose precision.
 */
export function mathSwap(v: unknown, bytes?: unknown): number {
  const x = Math.trunc(num(v)) || 0;
  const width =
    bytes === 2 || bytes === 4 || bytes === 8
      ? bytes
      : x >= 0 && x <= 0xffff
        ? 2
        : x >= 0 && x <= 0xffffffff
          ? 4
          : 8;
  if (width === 2) {
    return ((x & 0xff) << 8) | ((x >>> 8) & 0xff);
  }
  if (width === 4) {
    return (
      (((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | ((x >>> 24) & 0xff)) >>> 0
    );
  }
  let big = BigInt.asUintN(64, BigInt(x));
  let out = 0n;
  for (let i = 0; i < 8; i += 1) {
    out = (out << 8n) | (big & 0xffn);
    big >>= 8n;
  }
  return Number(out);
}

export function mathApi(ctx: RuntimeContext): Record<string, unknown> {
  const srand = (seed: unknown): void => {
    ctx.randomSeed = (Math.trunc(num(seed)) || 0) >>> 0;
  };
  const rand = (): number => {
    ctx.randomSeed = (Math.imul(ctx.randomSeed, 214013) + 2531011) >>> 0;
    return (ctx.randomSeed >>> 16) & 0x7fff;
  };
  const one = (f: (x: number) => number) => (x: unknown) => f(num(x));
  const two = (f: (x: number, y: number) => number) => (x: unknown, y: unknown) =>
    f(num(x), num(y));

  const table: Record<string, unknown> = {
    MathAbs: one(Math.abs),
    MathArccos: one(Math.acos),
    MathArcsin: one(Math.asin),
    MathArctan: one(Math.atan),
    MathArctan2: two(Math.atan2),
    MathClassify: mathClassify,
    MathCeil: one(Math.ceil),
    MathCos: one(Math.cos),
    MathExp: one(Math.exp),
    MathFloor: one(Math.floor),
    MathLog: one(Math.log),
    MathLog10: one(Math.log10),
    MathMax: two(Math.max),
    MathMin: two(Math.min),
    MathMod: mathMod,
    MathPow: two(Math.pow),
    MathRand: rand,
    MathRound: mathRound,
    MathSin: one(Math.sin),
    MathSqrt: one(Math.sqrt),
    MathSrand: srand,
    MathTan: one(Math.tan),
    MathIsValidNumber: (v: unknown): boolean => typeof v === "number" && Number.isFinite(v),
    MathExpm1: one(Math.expm1),
    MathLog1p: one(Math.log1p),
    MathArccosh: one(Math.acosh),
    MathArcsinh: one(Math.asinh),
    MathArctanh: one(Math.atanh),
    MathCosh: one(Math.cosh),
    MathSinh: one(Math.sinh),
    MathTanh: one(Math.tanh),
    MathSwap: mathSwap,
  };
  // The short C names MQL5 accepts for the same functions.
  const aliases: Record<string, string> = {
    fabs: "MathAbs",
    acos: "MathArccos",
    asin: "MathArcsin",
    atan: "MathArctan",
    atan2: "MathArctan2",
    ceil: "MathCeil",
    cos: "MathCos",
    exp: "MathExp",
    floor: "MathFloor",
    log: "MathLog",
    log10: "MathLog10",
    fmax: "MathMax",
    fmin: "MathMin",
    fmod: "MathMod",
    pow: "MathPow",
    rand: "MathRand",
    round: "MathRound",
    sin: "MathSin",
    sqrt: "MathSqrt",
    srand: "MathSrand",
    tan: "MathTan",
    expm1: "MathExpm1",
    log1p: "MathLog1p",
    acosh: "MathArccosh",
    asinh: "MathArcsinh",
    atanh: "MathArctanh",
    cosh: "MathCosh",
    sinh: "MathSinh",
    tanh: "MathTanh",
  };
  for (const [short, full] of Object.entries(aliases)) {
    table[short] = table[full];
  }
  return table;
}
