/**
 * Built-in technical indicators, computed incrementally inside the isolate.
 *
 * Owns: one engine per MQL5 indicator (iMA, iRSI, iMACD, iBands, iATR, iStochastic, iCCI, iADX),
 * each a transcription of the corresponding MetaTrader 5 OnCalculate (Custom Moving Average,
 * MovingAverages.mqh, RSI, MACD, BB, ATR, Stochastic, CCI, ADX): same seeds, same recurrences,
 * same warm-up values (0.0), same "not enough bars → nothing calculated" thresholds. Engines keep
 * MT5's prev_calculated contract: a new or re-sent forming bar recomputes from the last
 * calculated bar; a change further back, or a trim that eats the warm-up, recomputes everything.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import type { Series, SeriesListener } from "./series.ts";

const MODE_SMA = 0;
const MODE_EMA = 1;
const MODE_SMMA = 2;
const MODE_LWMA = 3;

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

function at(a: readonly number[], i: number): number {
  return a[i] ?? 0;
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
  let start: number;
  if (method === MODE_EMA) {
    const k = 2 / (1 + period);
    if (prevCalculated === 0) {
      for (let i = 0; i < begin; i += 1) {
        out[i] = 0;
      }
      out[begin] = at(price, begin);
      start = begin + 1;
    } else {
      // Never re-run the recurrence over the seed bar (MT5 would, with a tiny first history).
      start = Math.max(prevCalculated - 1, begin + 1);
    }
    for (let i = start; i < ratesTotal; i += 1) {
      out[i] = at(price, i) * k + at(out, i - 1) * (1 - k);
    }
    return true;
  }
  if (method === MODE_LWMA) {
    const weightSum = (period * (period + 1)) / 2;
    if (prevCalculated === 0) {
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
      start = prevCalculated - 1;
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
  if (prevCalculated === 0) {
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
    start = Math.max(prevCalculated - 1, period + begin);
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

/** Common shape of an indicator engine: MT5's OnCalculate over a series. */
export interface Engine {
  /** Buffers readable with CopyBuffer, by buffer number. */
  readonly buffers: number[][];
  /** Every array the engine writes per bar (visible buffers + calculation buffers). */
  readonly allBuffers: number[][];
  /** Bars that must stay in front of a restart point for an incremental restart to be valid. */
  readonly lookback: number;
  /** Plot shift in bars (ma_shift / bands_shift). */
  readonly shift: number;
  /** Returns the new prev_calculated (0 = nothing calculated yet). */
  calculate(s: Series, ratesTotal: number, prevCalculated: number): number;
}

function fillPrice(s: Series, mode: number, out: number[], from: number, to: number): void {
  for (let i = Math.max(0, from); i < to; i += 1) {
    out[i] = appliedPrice(s, i, mode);
  }
}

class MaEngine implements Engine {
  readonly line: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.line];
  readonly allBuffers = [this.line, this.price];
  readonly lookback: number;
  constructor(
    readonly period: number,
    readonly shift: number,
    readonly method: number,
    readonly applied: number,
  ) {
    this.lookback = period + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    return maOnBuffer(this.method, ratesTotal, prev, 0, this.period, this.price, this.line)
      ? ratesTotal
      : 0;
  }
}

/** RSI.mq5: Wilder smoothing seeded with the simple averages of the first `period` changes. */
class RsiEngine implements Engine {
  readonly rsi: number[] = [];
  readonly pos: number[] = [];
  readonly neg: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.rsi];
  readonly allBuffers = [this.rsi, this.pos, this.neg, this.price];
  readonly lookback: number;
  readonly shift = 0;
  constructor(
    readonly period: number,
    readonly applied: number,
  ) {
    this.lookback = period + 2;
  }
  private static value(p: number, n: number): number {
    if (n !== 0) {
      return 100 - 100 / (1 + p / n);
    }
    return p !== 0 ? 100 : 50;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const period = this.period;
    if (period < 1 || ratesTotal <= period) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 2, ratesTotal);
    const price = this.price;
    let start = prev - 1;
    if (start <= period) {
      this.rsi[0] = 0;
      this.pos[0] = 0;
      this.neg[0] = 0;
      let sumP = 0;
      let sumN = 0;
      for (let i = 1; i <= period; i += 1) {
        this.rsi[i] = 0;
        this.pos[i] = 0;
        this.neg[i] = 0;
        const diff = at(price, i) - at(price, i - 1);
        sumP += Math.max(diff, 0);
        sumN += Math.max(-diff, 0);
      }
      this.pos[period] = sumP / period;
      this.neg[period] = sumN / period;
      this.rsi[period] = RsiEngine.value(sumP / period, sumN / period);
      start = period + 1;
    }
    for (let i = start; i < ratesTotal; i += 1) {
      const diff = at(price, i) - at(price, i - 1);
      const p = (at(this.pos, i - 1) * (period - 1) + Math.max(diff, 0)) / period;
      const n = (at(this.neg, i - 1) * (period - 1) + Math.max(-diff, 0)) / period;
      this.pos[i] = p;
      this.neg[i] = n;
      this.rsi[i] = RsiEngine.value(p, n);
    }
    return ratesTotal;
  }
}

/** MACD.mq5: EMA(fast) − EMA(slow); signal line is an SMA of MACD. */
class MacdEngine implements Engine {
  readonly macd: number[] = [];
  readonly signal: number[] = [];
  readonly fast: number[] = [];
  readonly slow: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.macd, this.signal];
  readonly allBuffers = [this.macd, this.signal, this.fast, this.slow, this.price];
  readonly lookback: number;
  readonly shift = 0;
  constructor(
    readonly fastPeriod: number,
    readonly slowPeriod: number,
    readonly signalPeriod: number,
    readonly applied: number,
  ) {
    this.lookback = Math.max(fastPeriod, slowPeriod, signalPeriod) + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    if (ratesTotal < Math.max(this.signalPeriod, this.fastPeriod, this.slowPeriod)) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    maOnBuffer(MODE_EMA, ratesTotal, prev, 0, this.fastPeriod, this.price, this.fast);
    maOnBuffer(MODE_EMA, ratesTotal, prev, 0, this.slowPeriod, this.price, this.slow);
    for (let i = Math.max(0, prev - 1); i < ratesTotal; i += 1) {
      this.macd[i] = at(this.fast, i) - at(this.slow, i);
    }
    maOnBuffer(MODE_SMA, ratesTotal, prev, 0, this.signalPeriod, this.macd, this.signal);
    return ratesTotal;
  }
}

/** BB.mq5: SMA middle line ± deviation × population standard deviation. */
class BandsEngine implements Engine {
  readonly middle: number[] = [];
  readonly upper: number[] = [];
  readonly lower: number[] = [];
  readonly std: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.middle, this.upper, this.lower];
  readonly allBuffers = [this.middle, this.upper, this.lower, this.std, this.price];
  readonly lookback: number;
  constructor(
    readonly period: number,
    readonly shift: number,
    readonly deviation: number,
    readonly applied: number,
  ) {
    this.lookback = period + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const period = this.period;
    if (period < 2 || ratesTotal < period) {
      return 0;
    }
    const start = prev > 1 ? prev - 1 : 0;
    fillPrice(s, this.applied, this.price, start, ratesTotal);
    const price = this.price;
    for (let i = start; i < ratesTotal; i += 1) {
      let mid = 0;
      if (i >= period - 1) {
        for (let j = 0; j < period; j += 1) {
          mid += at(price, i - j);
        }
        mid /= period;
      }
      let dev = 0;
      if (i >= period) {
        for (let j = 0; j < period; j += 1) {
          dev += (at(price, i - j) - mid) ** 2;
        }
        dev = Math.sqrt(dev / period);
      }
      this.middle[i] = mid;
      this.std[i] = dev;
      this.upper[i] = mid + this.deviation * dev;
      this.lower[i] = mid - this.deviation * dev;
    }
    return ratesTotal;
  }
}

/** ATR.mq5: simple average of true range (first value over bars 1..period), then rolled. */
class AtrEngine implements Engine {
  readonly atr: number[] = [];
  readonly tr: number[] = [];
  readonly buffers = [this.atr];
  readonly allBuffers = [this.atr, this.tr];
  readonly lookback: number;
  readonly shift = 0;
  constructor(readonly period: number) {
    this.lookback = period + 2;
  }
  private trAt(s: Series, i: number): number {
    const prevClose = at(s.close, i - 1);
    return Math.max(at(s.high, i), prevClose) - Math.min(at(s.low, i), prevClose);
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const period = this.period;
    if (period < 1 || ratesTotal <= period) {
      return 0;
    }
    let start: number;
    if (prev === 0) {
      this.tr[0] = 0;
      this.atr[0] = 0;
      for (let i = 1; i < ratesTotal; i += 1) {
        this.tr[i] = this.trAt(s, i);
      }
      let first = 0;
      for (let i = 1; i <= period; i += 1) {
        this.atr[i] = 0;
        first += at(this.tr, i);
      }
      this.atr[period] = first / period;
      start = period + 1;
    } else {
      // The seed bar (index `period`) is never re-rolled; see maOnBuffer.
      start = Math.max(prev - 1, period + 1);
    }
    for (let i = start; i < ratesTotal; i += 1) {
      this.tr[i] = this.trAt(s, i);
      this.atr[i] = at(this.atr, i - 1) + (at(this.tr, i) - at(this.tr, i - period)) / period;
    }
    return ratesTotal;
  }
}

/** Stochastic.mq5 with MT5's slowing, STO_LOWHIGH / STO_CLOSECLOSE and the signal MA method. */
class StochasticEngine implements Engine {
  readonly main: number[] = [];
  readonly signal: number[] = [];
  readonly highs: number[] = [];
  readonly lows: number[] = [];
  readonly buffers = [this.main, this.signal];
  readonly allBuffers = [this.main, this.signal, this.highs, this.lows];
  readonly lookback: number;
  readonly shift = 0;
  constructor(
    readonly kPeriod: number,
    readonly dPeriod: number,
    readonly slowing: number,
    readonly method: number,
    readonly priceField: number,
  ) {
    this.lookback = kPeriod + dPeriod + slowing + 2;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const { kPeriod, dPeriod, slowing } = this;
    if (kPeriod < 1 || dPeriod < 1 || slowing < 1 || ratesTotal <= kPeriod + dPeriod + slowing) {
      return 0;
    }
    const closeClose = this.priceField === 1;
    let start = kPeriod - 1;
    if (start + 1 < prev) {
      start = prev - 2;
    } else {
      for (let i = 0; i < start; i += 1) {
        this.lows[i] = 0;
        this.highs[i] = 0;
      }
    }
    for (let i = start; i < ratesTotal; i += 1) {
      let dmin = 1000000.0;
      let dmax = -1000000.0;
      for (let k = i - kPeriod + 1; k <= i; k += 1) {
        const lo = closeClose ? at(s.close, k) : at(s.low, k);
        const hi = closeClose ? at(s.close, k) : at(s.high, k);
        if (dmin > lo) {
          dmin = lo;
        }
        if (dmax < hi) {
          dmax = hi;
        }
      }
      this.lows[i] = dmin;
      this.highs[i] = dmax;
    }
    start = kPeriod - 1 + slowing - 1;
    if (start + 1 < prev) {
      start = prev - 2;
    } else {
      for (let i = 0; i < start; i += 1) {
        this.main[i] = 0;
      }
    }
    for (let i = start; i < ratesTotal; i += 1) {
      let sumLow = 0;
      let sumHigh = 0;
      for (let k = i - slowing + 1; k <= i; k += 1) {
        sumLow += at(s.close, k) - at(this.lows, k);
        sumHigh += at(this.highs, k) - at(this.lows, k);
      }
      this.main[i] = sumHigh === 0 ? 100 : (sumLow / sumHigh) * 100;
    }
    if (this.method === MODE_SMA) {
      start = dPeriod - 1;
      if (start + 1 < prev) {
        start = prev - 2;
      } else {
        for (let i = 0; i < start; i += 1) {
          this.signal[i] = 0;
        }
      }
      for (let i = start; i < ratesTotal; i += 1) {
        let sum = 0;
        for (let k = 0; k < dPeriod; k += 1) {
          sum += at(this.main, i - k);
        }
        this.signal[i] = sum / dPeriod;
      }
    } else {
      maOnBuffer(
        this.method,
        ratesTotal,
        prev > 1 ? prev - 1 : 0,
        0,
        dPeriod,
        this.main,
        this.signal,
      );
    }
    return ratesTotal;
  }
}

/** CCI.mq5: (price − SMA) / (0.015 × mean absolute deviation). */
class CciEngine implements Engine {
  readonly cci: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.cci];
  readonly allBuffers = [this.cci, this.price];
  readonly lookback: number;
  readonly shift = 0;
  constructor(
    readonly period: number,
    readonly applied: number,
  ) {
    this.lookback = period + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const period = this.period;
    const startCalc = period - 1;
    if (period < 1 || ratesTotal < startCalc) {
      return 0;
    }
    const pos = Math.max(prev - 1, startCalc);
    if (prev === 0) {
      for (let i = 0; i < startCalc; i += 1) {
        this.cci[i] = 0;
      }
    }
    fillPrice(s, this.applied, this.price, pos - period, ratesTotal);
    const price = this.price;
    const mul = 0.015 / period;
    for (let i = pos; i < ratesTotal; i += 1) {
      let sma = 0;
      for (let j = 0; j < period; j += 1) {
        sma += at(price, i - j);
      }
      sma /= period;
      let d = 0;
      for (let j = 0; j < period; j += 1) {
        d += Math.abs(at(price, i - j) - sma);
      }
      d *= mul;
      const m = at(price, i) - sma;
      this.cci[i] = d !== 0 ? m / d : 0;
    }
    return ratesTotal;
  }
}

/** ADX.mq5 (MetaQuotes' ADX, not ADX Wilder): EMA-smoothed DM/TR ratios. */
class AdxEngine implements Engine {
  readonly adx: number[] = [];
  readonly pdi: number[] = [];
  readonly ndi: number[] = [];
  readonly buffers = [this.adx, this.pdi, this.ndi];
  readonly allBuffers = [this.adx, this.pdi, this.ndi];
  readonly lookback = 2;
  readonly shift = 0;
  constructor(readonly period: number) {}
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const period = this.period;
    if (period < 1 || ratesTotal < period) {
      return 0;
    }
    let start: number;
    if (prev > 1) {
      start = prev - 1;
    } else {
      start = 1;
      this.pdi[0] = 0;
      this.ndi[0] = 0;
      this.adx[0] = 0;
    }
    const k = 2 / (period + 1);
    for (let i = start; i < ratesTotal; i += 1) {
      const high = at(s.high, i);
      const low = at(s.low, i);
      const prevClose = at(s.close, i - 1);
      let plus = high - at(s.high, i - 1);
      let minus = at(s.low, i - 1) - low;
      if (plus < 0) {
        plus = 0;
      }
      if (minus < 0) {
        minus = 0;
      }
      if (plus > minus) {
        minus = 0;
      } else if (plus < minus) {
        plus = 0;
      } else {
        plus = 0;
        minus = 0;
      }
      const tr = Math.max(
        Math.max(Math.abs(high - low), Math.abs(high - prevClose)),
        Math.abs(low - prevClose),
      );
      const pd = tr !== 0 ? (100 * plus) / tr : 0;
      const nd = tr !== 0 ? (100 * minus) / tr : 0;
      const pdi = pd * k + at(this.pdi, i - 1) * (1 - k);
      const ndi = nd * k + at(this.ndi, i - 1) * (1 - k);
      this.pdi[i] = pdi;
      this.ndi[i] = ndi;
      const sum = pdi + ndi;
      const dx = sum !== 0 ? 100 * Math.abs((pdi - ndi) / sum) : 0;
      this.adx[i] = dx * k + at(this.adx, i - 1) * (1 - k);
    }
    return ratesTotal;
  }
}

export type IndicatorName =
  | "iMA"
  | "iRSI"
  | "iMACD"
  | "iBands"
  | "iATR"
  | "iStochastic"
  | "iCCI"
  | "iADX";

/** Builds the engine for `name` with MQL5's parameter order, or undefined if parameters are invalid. */
export function createEngine(name: IndicatorName, p: readonly number[]): Engine | undefined {
  const int = (i: number): number => Math.trunc(p[i] ?? 0);
  const positive = (...idx: number[]): boolean => idx.every((i) => int(i) >= 1);
  switch (name) {
    case "iMA":
      // (ma_period, ma_shift, ma_method, applied_price)
      return positive(0) && int(2) >= 0 && int(2) <= 3
        ? new MaEngine(int(0), int(1), int(2), int(3))
        : undefined;
    case "iRSI":
      // (ma_period, applied_price)
      return positive(0) ? new RsiEngine(int(0), int(1)) : undefined;
    case "iMACD":
      // (fast_ema_period, slow_ema_period, signal_period, applied_price)
      return positive(0, 1, 2) ? new MacdEngine(int(0), int(1), int(2), int(3)) : undefined;
    case "iBands":
      // (bands_period, bands_shift, deviation, applied_price)
      return int(0) >= 2 ? new BandsEngine(int(0), int(1), p[2] ?? 2, int(3)) : undefined;
    case "iATR":
      return positive(0) ? new AtrEngine(int(0)) : undefined;
    case "iStochastic":
      // (Kperiod, Dperiod, slowing, ma_method, price_field)
      return positive(0, 1, 2) && int(3) >= 0 && int(3) <= 3
        ? new StochasticEngine(int(0), int(1), int(2), int(3), int(4))
        : undefined;
    case "iCCI":
      // (ma_period, applied_price)
      return positive(0) ? new CciEngine(int(0), int(1)) : undefined;
    case "iADX":
      return positive(0) ? new AdxEngine(int(0)) : undefined;
    default:
      return undefined;
  }
}

/** One indicator handle bound to a series. */
export class IndicatorInstance implements SeriesListener {
  prevCalculated = 0;
  /** Handles given out for these parameters minus IndicatorRelease calls (MT5 shares handles). */
  refs = 1;

  constructor(
    readonly handle: number,
    readonly name: IndicatorName,
    readonly series: Series,
    readonly engine: Engine,
    readonly params: readonly number[],
    /** (name, symbol, timeframe, params): the sharing key in RuntimeContext.indicatorKeys. */
    readonly key = "",
  ) {
    series.listeners.add(this);
  }

  invalidateFrom(index: number): void {
    if (index >= this.prevCalculated - 1) {
      return;
    }
    // A bar before the last calculated one changed: MT5 recalculates from scratch then too.
    this.prevCalculated = 0;
  }

  trimmed(count: number): void {
    for (const b of this.engine.allBuffers) {
      b.splice(0, count);
    }
    const next = this.prevCalculated - count;
    this.prevCalculated = next > this.engine.lookback + 1 ? next : 0;
  }

  release(): void {
    this.series.listeners.delete(this);
  }

  /** Brings the buffers up to date; returns bars calculated (0 = not yet). */
  update(): number {
    const total = this.series.length;
    if (total === 0) {
      return 0;
    }
    // Even with no new bar the engine recomputes the last bar (prev_calculated - 1): the forming
    // bar may have changed, exactly as MT5 does on every tick.
    if (this.prevCalculated > total) {
      this.prevCalculated = 0;
    }
    const next = this.engine.calculate(this.series, total, this.prevCalculated);
    this.prevCalculated = next;
    for (const b of this.engine.allBuffers) {
      if (next > 0 && b.length > total) {
        b.length = total;
      }
    }
    return next;
  }

  /** Value of buffer `buffer` at chronological bar `index`, with the plot shift applied. */
  value(buffer: number, index: number): number {
    const b = this.engine.buffers[buffer];
    if (!b) {
      return Number.MAX_VALUE;
    }
    const src = index - this.engine.shift;
    if (src < 0 || src >= b.length) {
      return Number.MAX_VALUE;
    }
    return b[src] ?? Number.MAX_VALUE;
  }
}
