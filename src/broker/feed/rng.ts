// Seeded pseudo-random numbers for the demo broker's price feed.
//
// Owns: the splitmix32 seed mixer, the xoshiro128** generator (Blackman & Vigna, 2018) and the
// normal / Poisson draws built on it. Everything here is pure integer arithmetic on 32-bit words
// (Math.imul, >>>), so a seed gives the same stream on every JavaScript engine. Must not import
// anything: no clock, no Math.random, no crypto.

const TWO_POW_32 = 4_294_967_296;

/** One splitmix32 step: mixes `state + golden gamma` into a well-distributed 32-bit word. */
export function splitmix32(state: number): number {
  let z = (state + 0x9e3779b9) | 0;
  z ^= z >>> 16;
  z = Math.imul(z, 0x21f0aaad);
  z ^= z >>> 15;
  z = Math.imul(z, 0x735a2d97);
  z ^= z >>> 15;
  return z >>> 0;
}

/** Folds any number of integers (each taken modulo 2^53, split into two words) into one word. */
export function hashWords(...parts: readonly number[]): number {
  let h = 0x243f6a88;
  for (const part of parts) {
    const lo = part >>> 0;
    const hi = Math.floor(part / TWO_POW_32) >>> 0;
    h = splitmix32(h ^ lo);
    h = splitmix32(h ^ hi);
  }
  return h;
}

/** FNV-1a 32-bit hash of a string (symbol names → stream ids). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * xoshiro128** 1.1: 128 bits of state, period 2^128 − 1, passes BigCrush. Seeded through
 * splitmix32 so that nearby seeds give unrelated streams. `reseed` lets a hot loop reuse one
 * instance instead of allocating a generator per minute.
 */
export class Xoshiro128 {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;
  /** Second normal of the last Box–Muller pair, or NaN when none is cached. */
  private spare = Number.NaN;

  constructor(...seed: readonly number[]) {
    this.reseed(...seed);
  }

  /** Resets the state from any list of integers (the same list always gives the same stream). */
  reseed(...seed: readonly number[]): void {
    this.setState(hashWords(...seed));
  }

  /**
   * Hot-path reseed from three 32-bit words (no argument array): the same triple always gives
   * the same stream; distinct from `reseed` of the same numbers.
   */
  reseed3(a: number, b: number, c: number): void {
    this.setState(splitmix32(splitmix32(splitmix32(a ^ 0x5bd1e995) ^ b) ^ c));
  }

  private setState(word: number): void {
    // State words are kept as signed int32 (`| 0`) so the engine never has to switch the
    // fields between integer and double representations.
    let h = splitmix32(word);
    this.s0 = h | 0;
    h = splitmix32(h);
    this.s1 = h | 0;
    h = splitmix32(h);
    this.s2 = h | 0;
    h = splitmix32(h);
    this.s3 = h | 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) {
      this.s0 = 1; // the all-zero state is the one fixed point of xoshiro
    }
    this.spare = Number.NaN;
  }

  /** Next 32-bit unsigned word. */
  nextU32(): number {
    return this.nextI32() >>> 0;
  }

  /** Next 32-bit word as a signed int32 (the same bits as `nextU32`; cheaper in hot loops). */
  nextI32(): number {
    const s1 = this.s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform integer in [0, 2^24) from the top 24 bits of the next word. */
  next24(): number {
    return this.nextI32() >>> 8;
  }

  /** Uniform in the open interval (0, 1) (never 0, so safe under log). */
  uniform(): number {
    return (this.nextU32() + 0.5) / TWO_POW_32;
  }

  /** Uniform integer in [0, n) for n ≤ 2^32 (multiply-shift; bias < n / 2^32). */
  below(n: number): number {
    return Math.floor((this.nextU32() / TWO_POW_32) * n);
  }

  /**
   * Cheap approximately-normal draw (mean 0, sd 1) from one 32-bit word: the sum of its four
   * bytes (Irwin–Hall of four discrete uniforms), bounded at ±3.45. For noise whose tails do not
   * matter (paths inside a minute); use `normal` where the shape does.
   */
  quickNormal(): number {
    const w = this.nextI32();
    return ((w & 255) + ((w >>> 8) & 255) + ((w >>> 16) & 255) + (w >>> 24) - 510) / 147.8005;
  }

  /** Standard normal via Box–Muller; the second value of each pair is cached for the next call. */
  normal(): number {
    const cached = this.spare;
    if (!Number.isNaN(cached)) {
      this.spare = Number.NaN;
      return cached;
    }
    const r = Math.sqrt(-2 * Math.log(this.uniform()));
    const theta = 2 * Math.PI * this.uniform();
    this.spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  }

  /**
   * Poisson(lambda) by CDF inversion with one uniform (lambda ≤ 30), else a rounded normal
   * approximation (skew 1/√lambda ≤ 0.18; the inversion's loop would cost more than the ticks
   * it counts). `max` bounds the search so a huge lambda cannot loop for long.
   */
  poisson(lambda: number, max: number): number {
    if (lambda <= 0) {
      return 0;
    }
    if (lambda > 30) {
      const k = Math.round(lambda + Math.sqrt(lambda) * this.normal());
      return Math.max(0, Math.min(max, k));
    }
    const u = this.uniform();
    let p = Math.exp(-lambda);
    let cdf = p;
    let k = 0;
    while (u > cdf && k < max) {
      k += 1;
      p *= lambda / k;
      cdf += p;
    }
    return k;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
