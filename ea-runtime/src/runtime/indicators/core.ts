/**
 * What every indicator engine shares: the Engine contract, applied price and applied volume,
 * and the moving-average helpers of MT5's MovingAverages.mqh (the *OnBuffer algorithms, which are
 * also what iMA's "Custom Moving Average" computes, and the one-value SimpleMA/SmoothedMA/…).
 *
 * Conventions of every engine (they transcribe MT5's OnCalculate): buffers are chronological
 * (index 0 = oldest bar); a bar an MT5 source writes is written with the same value (0.0,
 * EMPTY_VALUE or a value); a bar it never writes stays a hole and reads EMPTY_VALUE; `calculate`
 * returns MT5's new prev_calculated (0 = nothing calculated yet).
 * Must not import anything outside ea-runtime/src/runtime.
 */

import type { Series } from "../series.ts";

export const MODE_SMA = 0;
export const MODE_EMA = 1;
export const MODE_SMMA = 2;
export const MODE_LWMA = 3;

/** MQL5's EMPTY_VALUE (DBL_MAX). */
export const EMPTY = Number.MAX_VALUE;

/** What an engine may need besides the bars (a few MT5 sources read _Point, the time…). */
export interface EngineEnv {
  /** SYMBOL_POINT of the indicator's symbol (0 when unknown). */
  readonly point: number;
  /** TimeTradeServer() in seconds. */
  readonly now: number;
  /** PeriodSeconds() of the indicator's timeframe. */
  readonly periodSeconds: number;
}

/** Common shape of an indicator engine: MT5's OnCalculate over a series. */
export interface Engine {
  /** Buffers readable with CopyBuffer, by buffer number (data and colour-index buffers). */
  readonly buffers: number[][];
  /** Every array the engine writes per bar (visible buffers + calculation buffers). */
  readonly allBuffers: number[][];
  /** Bars that must stay in front of a restart point for an incremental restart to be valid. */
  readonly lookback: number;
  /** Plot shift in bars (ma_shift / bands_shift) of every buffer… */
  readonly shift: number;
  /** …unless the buffers have their own (Ichimoku, Alligator, Gator), by buffer number. */
  readonly shifts?: readonly number[];
  /** Returns the new prev_calculated (0 = nothing calculated yet). */
  calculate(s: Series, ratesTotal: number, prevCalculated: number, env: EngineEnv): number;
  /**
   * The `count` oldest bars were dropped (the buffers are already spliced): engines holding bar
   * indexes outside their buffers shift them; false = the state is lost, recalculate from scratch.
   */
  trimmed?(count: number): boolean;
}

/** Price of bar `i` for ENUM_APPLIED_PRICE `mode` (PRICE_CLOSE = 1 … PRICE_WEIGHTED = 7). */
export function appliedPrice(s: Series, i: number, mode: number): number {
  const o = s.open[i] ?? 0;
  const h = s.high[i] ?? 0;
  const l = s.low[i] ?? 0;
  const c = s.close[i] ?? 0;
  switch (mode) {
    case 2:
      return o;
    case 3:
      return h;
    case 4:
      return l;
    case 5:
      return (h + l) / 2;
    case 6:
      return (h + l + c) / 3;
    case 7:
      return (h + l + 2 * c) / 4;
    default:
      return c;
  }
}

/** Volume of bar `i` for ENUM_APPLIED_VOLUME `mode` (VOLUME_TICK = 0, VOLUME_REAL = 1). */
export function appliedVolume(s: Series, i: number, mode: number): number {
  return (mode === 0 ? s.tickVolume[i] : s.realVolume[i]) ?? 0;
}

/** `a[i]`, 0 for a bar never written (MT5 reads whatever the buffer holds; we read 0). */
export function at(a: readonly number[], i: number): number {
  return a[i] ?? 0;
}

/** Applied prices of bars [from, to) into `out` (from clamped at 0). */
export function fillPrice(s: Series, mode: number, out: number[], from: number, to: number): void {
  for (let i = Math.max(0, from); i < to; i += 1) {
    out[i] = appliedPrice(s, i, mode);
  }
}

/**
 * Moving average of `price` into `out` starting at bar `begin`, MT5's Custom Moving Average /
 * MovingAverages.mqh *OnBuffer algorithms. Returns false when there are too few bars.
 */
export function maOnBuffer(
  method: number,
  ratesTotal: number,
  prevCalculated: number,
  begin: number,
  period: number,
  price: readonly number[],
  out: number[],
): boolean {
  if (period < 1 || ratesTotal < period + begin) {
    return false;
  }
  // The seed (EMA: bar `begin`; the others: bar period+begin−1) is computed only on a full pass.
  // When the last calculated bar was the seed bar it may have been the forming bar and changed
  // since: seed again (MT5 would restart at prev_calculated−1 and read before its first bar).
  const seed = method === MODE_EMA ? begin : period + begin - 1;
  const prev = prevCalculated > 0 && prevCalculated - 1 <= seed ? 0 : prevCalculated;
  let start: number;
  if (method === MODE_EMA) {
    const k = 2 / (1 + period);
    if (prev === 0) {
      for (let i = 0; i < begin; i += 1) {
        out[i] = 0;
      }
      out[begin] = at(price, begin);
      start = begin + 1;
    } else {
      // Never re-run the recurrence over the seed bar (MT5 would, with a tiny first history).
      start = Math.max(prev - 1, begin + 1);
    }
    for (let i = start; i < ratesTotal; i += 1) {
      out[i] = at(price, i) * k + at(out, i - 1) * (1 - k);
    }
    return true;
  }
  if (method === MODE_LWMA) {
    const weightSum = (period * (period + 1)) / 2;
    if (prev === 0) {
      start = period + begin;
      for (let i = 0; i < start; i += 1) {
        out[i] = 0;
      }
      let first = 0;
      for (let i = begin; i < start; i += 1) {
        first += (i - begin + 1) * at(price, i);
      }
      out[start - 1] = first / weightSum;
    } else {
      start = prev - 1;
    }
    for (let i = start; i < ratesTotal; i += 1) {
      let sum = 0;
      for (let j = 0; j < period; j += 1) {
        sum += (period - j) * at(price, i - j);
      }
      out[i] = sum / weightSum;
    }
    return true;
  }
  // SMA and SMMA share the seed: the simple average of the first `period` values.
  if (prev === 0) {
    start = period + begin;
    for (let i = 0; i < start - 1; i += 1) {
      out[i] = 0;
    }
    let first = 0;
    for (let i = begin; i < start; i += 1) {
      first += at(price, i);
    }
    out[start - 1] = first / period;
  } else {
    start = Math.max(prev - 1, period + begin);
  }
  if (method === MODE_SMMA) {
    for (let i = start; i < ratesTotal; i += 1) {
      out[i] = (at(out, i - 1) * (period - 1) + at(price, i)) / period;
    }
  } else {
    for (let i = start; i < ratesTotal; i += 1) {
      out[i] = at(out, i - 1) + (at(price, i) - at(price, i - period)) / period;
    }
  }
  return true;
}

/** MovingAverages.mqh SimpleMA: mean of the `period` values ending at `pos` (0 if too early). */
export function simpleMA(pos: number, period: number, price: readonly number[]): number {
  if (period <= 0 || period > pos + 1) {
    return 0;
  }
  let sum = 0;
  for (let i = 0; i < period; i += 1) {
    sum += at(price, pos - i);
  }
  return sum / period;
}

/** MovingAverages.mqh ExponentialMA: one EMA step from `prev`. */
export function exponentialMA(
  pos: number,
  period: number,
  prev: number,
  price: readonly number[],
): number {
  if (period <= 0) {
    return 0;
  }
  const k = 2 / (period + 1);
  return at(price, pos) * k + prev * (1 - k);
}

/**
 * MovingAverages.mqh SmoothedMA: one SMMA step from `prev` once `pos` ≥ period − 1, else 0.
 * (MT5's function computes the simple average at pos = period − 1 and then overwrites it with the
 * step from `prev`; the step is what it returns, so that is what this returns too.)
 */
export function smoothedMA(
  pos: number,
  period: number,
  prev: number,
  price: readonly number[],
): number {
  if (period <= 0 || period > pos + 1) {
    return 0;
  }
  return (prev * (period - 1) + at(price, pos)) / period;
}

/** MovingAverages.mqh LinearWeightedMA: weights 1…period, the newest the heaviest. */
export function linearWeightedMA(pos: number, period: number, price: readonly number[]): number {
  if (period <= 0 || period > pos + 1) {
    return 0;
  }
  let sum = 0;
  let weights = 0;
  for (let i = period; i > 0; i -= 1) {
    weights += i;
    sum += at(price, pos - i + 1) * (period - i + 1);
  }
  return sum / weights;
}

/** Highest of the `range` values ending at `from` (fewer near the first bar). */
export function highest(a: readonly number[], range: number, from: number): number {
  let res = at(a, from);
  for (let i = from - 1; i > from - range && i >= 0; i -= 1) {
    if (res < at(a, i)) {
      res = at(a, i);
    }
  }
  return res;
}

/** Lowest of the `range` values ending at `from` (fewer near the first bar). */
export function lowest(a: readonly number[], range: number, from: number): number {
  let res = at(a, from);
  for (let i = from - 1; i > from - range && i >= 0; i -= 1) {
    if (res > at(a, i)) {
      res = at(a, i);
    }
  }
  return res;
}
