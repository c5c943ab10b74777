/**
 * Oscillators (MT5's "Oscillators" group): iATR, iRSI, iMACD, iOsMA, iStochastic, iCCI,
 * iMomentum, iWPR, iRVI, iForce, iBearsPower, iBullsPower, iDeMarker, iTriX, iChaikin. Each
 * engine transcribes the OnCalculate of MT5's indicator of the same name (ATR, RSI, MACD, OsMA,
 * Stochastic, CCI, Momentum, WPR, RVI, Force_Index, Bears, Bulls, DeMarker, TRIX, CHO).
 * Where an MT5 source would restart one bar too early (prev_calculated equal to its first bar,
 * which reads before the first bar or re-runs a seed), the restart is clamped to the first bar,
 * so incremental and full calculations always agree.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import type { Series } from "../series.ts";
import {
  appliedVolume,
  at,
  EMPTY,
  type Engine,
  fillPrice,
  highest,
  lowest,
  MODE_EMA,
  MODE_SMA,
  maOnBuffer,
  simpleMA,
} from "./core.ts";

/** ATR.mq5: simple average of true range (first value over bars 1..period), then rolled. */
export class AtrEngine implements Engine {
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
    // A restart at the seed bar (index `period`) seeds again: it may have been the forming bar.
    if (prev - 1 <= period) {
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

/** RSI.mq5: Wilder smoothing seeded with the simple averages of the first `period` changes. */
export class RsiEngine implements Engine {
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
export class MacdEngine implements Engine {
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

/** OsMA.mq5: MACD − its SMA signal (the MACD histogram); one buffer. */
export class OsmaEngine implements Engine {
  readonly osma: number[] = [];
  readonly macd: MacdEngine;
  readonly buffers = [this.osma];
  readonly allBuffers: number[][];
  readonly lookback: number;
  readonly shift = 0;
  constructor(fastPeriod: number, slowPeriod: number, signalPeriod: number, applied: number) {
    this.macd = new MacdEngine(fastPeriod, slowPeriod, signalPeriod, applied);
    this.allBuffers = [this.osma, ...this.macd.allBuffers];
    this.lookback = this.macd.lookback;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    if (this.macd.calculate(s, ratesTotal, prev) === 0) {
      return 0;
    }
    for (let i = prev === 0 ? 0 : prev - 1; i < ratesTotal; i += 1) {
      this.osma[i] = at(this.macd.macd, i) - at(this.macd.signal, i);
    }
    return ratesTotal;
  }
}

/** Stochastic.mq5 with MT5's slowing, STO_LOWHIGH / STO_CLOSECLOSE and the signal MA method. */
export class StochasticEngine implements Engine {
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
export class CciEngine implements Engine {
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

/** Momentum.mq5: price × 100 / price `period` bars earlier; bars before `period` stay empty. */
export class MomentumEngine implements Engine {
  readonly momentum: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.momentum];
  readonly allBuffers = [this.momentum, this.price];
  readonly lookback: number;
  readonly shift = 0;
  constructor(
    readonly period: number,
    readonly applied: number,
  ) {
    this.lookback = period + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < p - 1) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    for (let i = Math.max(prev - 1, p); i < ratesTotal; i += 1) {
      this.momentum[i] = (at(this.price, i) * 100) / at(this.price, i - p);
    }
    return ratesTotal;
  }
}

/** WPR.mq5: −100 × (highest high − close) / (highest high − lowest low); flat range repeats. */
export class WprEngine implements Engine {
  readonly wpr: number[] = [];
  readonly buffers = [this.wpr];
  readonly allBuffers = [this.wpr];
  readonly lookback: number;
  readonly shift = 0;
  constructor(readonly period: number) {
    this.lookback = period + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < p) {
      return 0;
    }
    let pos = prev - 1;
    if (pos < p - 1) {
      pos = p - 1;
      for (let i = 0; i < pos; i += 1) {
        this.wpr[i] = 0;
      }
    }
    for (let i = pos; i < ratesTotal; i += 1) {
      const maxHigh = highest(s.high, p, i);
      const minLow = lowest(s.low, p, i);
      this.wpr[i] =
        maxHigh !== minLow
          ? (-(maxHigh - at(s.close, i)) * 100) / (maxHigh - minLow)
          : at(this.wpr, i - 1);
    }
    return ratesTotal;
  }
}

/**
 * RVI.mq5: Σ(1,2,2,1-weighted close − open) / Σ(1,2,2,1-weighted high − low) over `period` bars;
 * the signal line is the same 1,2,2,1 weighting of RVI (÷ 6). Buffers MAIN_LINE, SIGNAL_LINE.
 */
export class RviEngine implements Engine {
  readonly rvi: number[] = [];
  readonly signal: number[] = [];
  readonly buffers = [this.rvi, this.signal];
  readonly allBuffers = [this.rvi, this.signal];
  readonly lookback: number;
  readonly shift = 0;
  constructor(readonly period: number) {
    this.lookback = period + 8;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal <= p + 6 + 2) {
      return 0;
    }
    const { open, high, low, close } = s;
    const body = (j: number): number => at(close, j) - at(open, j);
    const range = (j: number): number => at(high, j) - at(low, j);
    if (prev === 0) {
      for (let i = 0; i < p + 3; i += 1) {
        this.rvi[i] = 0;
      }
      for (let i = 0; i < p + 6; i += 1) {
        this.signal[i] = 0;
      }
    }
    for (let i = prev > p + 3 + 2 ? prev - 1 : p + 2; i < ratesTotal; i += 1) {
      let up = 0;
      let down = 0;
      for (let j = i; j > i - p; j -= 1) {
        up += body(j) + 2 * body(j - 1) + 2 * body(j - 2) + body(j - 3);
        down += range(j) + 2 * range(j - 1) + 2 * range(j - 2) + range(j - 3);
      }
      this.rvi[i] = down !== 0 ? up / down : up;
    }
    const r = this.rvi;
    for (let i = prev > p + 6 + 2 ? prev - 1 : p + 3 + 2; i < ratesTotal; i += 1) {
      this.signal[i] = (at(r, i) + 2 * at(r, i - 1) + 2 * at(r, i - 2) + at(r, i - 3)) / 6;
    }
    return ratesTotal;
  }
}

/** Force_Index.mq5: volume × (MA(close) − previous MA); MA of the close with `method`. */
export class ForceEngine implements Engine {
  readonly force: number[] = [];
  readonly ma: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.force];
  readonly allBuffers = [this.force, this.ma, this.price];
  readonly lookback: number;
  readonly shift = 0;
  constructor(
    readonly period: number,
    readonly method: number,
    readonly volume: number,
  ) {
    this.lookback = period + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < p) {
      return 0;
    }
    fillPrice(s, 1, this.price, prev - 1, ratesTotal);
    maOnBuffer(this.method, ratesTotal, prev, 0, p, this.price, this.ma);
    for (let i = Math.max(prev - 1, p); i < ratesTotal; i += 1) {
      this.force[i] = appliedVolume(s, i, this.volume) * (at(this.ma, i) - at(this.ma, i - 1));
    }
    return ratesTotal;
  }
}

/** Bears.mq5 / Bulls.mq5: low (bears) or high (bulls) − EMA(close, period). */
export class PowerEngine implements Engine {
  readonly power: number[] = [];
  readonly ema: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.power];
  readonly allBuffers = [this.power, this.ema, this.price];
  readonly lookback: number;
  readonly shift = 0;
  constructor(
    readonly period: number,
    readonly bulls: boolean,
  ) {
    this.lookback = period + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < p) {
      return 0;
    }
    fillPrice(s, 1, this.price, prev - 1, ratesTotal);
    maOnBuffer(MODE_EMA, ratesTotal, prev, 0, p, this.price, this.ema);
    const extreme = this.bulls ? s.high : s.low;
    for (let i = Math.max(prev - 1, p); i < ratesTotal; i += 1) {
      this.power[i] = at(extreme, i) - at(this.ema, i);
    }
    return ratesTotal;
  }
}

/** DeMarker.mq5: SMA(DeMax) / (SMA(DeMax) + SMA(DeMin)) over `period` bars. */
export class DeMarkerEngine implements Engine {
  readonly demarker: number[] = [];
  readonly deMax: number[] = [];
  readonly deMin: number[] = [];
  readonly avgMax: number[] = [];
  readonly avgMin: number[] = [];
  readonly buffers = [this.demarker];
  readonly allBuffers = [this.demarker, this.deMax, this.deMin, this.avgMax, this.avgMin];
  readonly lookback: number;
  readonly shift = 0;
  constructor(readonly period: number) {
    this.lookback = period + 1;
  }
  private moves(s: Series, i: number): void {
    const up = at(s.high, i) - at(s.high, i - 1);
    const down = at(s.low, i - 1) - at(s.low, i);
    this.deMax[i] = Math.max(up, 0);
    this.deMin[i] = Math.max(down, 0);
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < p) {
      return 0;
    }
    let start: number;
    if (prev === 0) {
      this.deMax[0] = 0;
      this.deMin[0] = 0;
      for (let i = 1; i < p; i += 1) {
        this.moves(s, i);
      }
      for (let i = 0; i < p; i += 1) {
        this.demarker[i] = 0;
      }
      start = p - 1;
    } else {
      start = prev - 1;
    }
    // With period 1, MT5 would read bar −1 at bar 0; bar 0 keeps its 0.0.
    for (let i = Math.max(start, 1); i < ratesTotal; i += 1) {
      this.moves(s, i);
      const avgMax = simpleMA(i, p, this.deMax);
      const avgMin = simpleMA(i, p, this.deMin);
      this.avgMax[i] = avgMax;
      this.avgMin[i] = avgMin;
      const sum = avgMax + avgMin;
      this.demarker[i] = sum !== 0 ? avgMax / sum : 0;
    }
    return ratesTotal;
  }
}

/**
 * TRIX.mq5: one-bar rate of change of EMA(EMA(EMA(price))); bars before 3·(period−1) read
 * EMPTY_VALUE. Needs 3·period−2 bars (MT5 starts one bar earlier, see DemaEngine).
 */
export class TrixEngine implements Engine {
  readonly trix: number[] = [];
  readonly ema: number[] = [];
  readonly ema2: number[] = [];
  readonly ema3: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.trix];
  readonly allBuffers = [this.trix, this.ema, this.ema2, this.ema3, this.price];
  readonly lookback: number;
  readonly shift = 0;
  constructor(
    readonly period: number,
    readonly applied: number,
  ) {
    this.lookback = 3 * period;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < 3 * p - 2) {
      return 0;
    }
    let start: number;
    if (prev === 0) {
      start = 3 * (p - 1);
      for (let i = 0; i < start; i += 1) {
        this.trix[i] = EMPTY;
      }
    } else {
      start = prev - 1;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    maOnBuffer(MODE_EMA, ratesTotal, prev, 0, p, this.price, this.ema);
    maOnBuffer(MODE_EMA, ratesTotal, prev, p - 1, p, this.ema, this.ema2);
    maOnBuffer(MODE_EMA, ratesTotal, prev, 2 * p - 2, p, this.ema2, this.ema3);
    const e = this.ema3;
    for (let i = Math.max(start, 1); i < ratesTotal; i += 1) {
      this.trix[i] = at(e, i - 1) !== 0 ? (at(e, i) - at(e, i - 1)) / at(e, i - 1) : 0;
    }
    return ratesTotal;
  }
}

/** Accumulation/distribution of one bar: ((close − low) − (high − close)) / (high − low) × volume. */
export function adOfBar(s: Series, i: number, volume: number): number {
  const high = at(s.high, i);
  const low = at(s.low, i);
  const close = at(s.close, i);
  const sum = close - low - (high - close);
  if (sum === 0 || high === low) {
    return 0;
  }
  return (sum / (high - low)) * appliedVolume(s, i, volume);
}

/**
 * CHO.mq5 (Chaikin oscillator): MA(fast) − MA(slow) of the accumulation/distribution line, both
 * with `method`. MT5 checks only the slow period against the bar count; this waits for both.
 */
export class ChaikinEngine implements Engine {
  readonly cho: number[] = [];
  readonly fast: number[] = [];
  readonly slow: number[] = [];
  readonly ad: number[] = [];
  readonly buffers = [this.cho];
  readonly allBuffers = [this.cho, this.fast, this.slow, this.ad];
  readonly lookback: number;
  readonly shift = 0;
  constructor(
    readonly fastPeriod: number,
    readonly slowPeriod: number,
    readonly method: number,
    readonly volume: number,
  ) {
    this.lookback = Math.max(fastPeriod, slowPeriod) + 2;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    if (ratesTotal < Math.max(this.slowPeriod, this.fastPeriod)) {
      return 0;
    }
    const start = prev < 2 ? 0 : prev - 2;
    for (let i = start; i < ratesTotal; i += 1) {
      this.ad[i] = adOfBar(s, i, this.volume) + (i > 0 ? at(this.ad, i - 1) : 0);
    }
    maOnBuffer(this.method, ratesTotal, prev, 0, this.fastPeriod, this.ad, this.fast);
    maOnBuffer(this.method, ratesTotal, prev, 0, this.slowPeriod, this.ad, this.slow);
    for (let i = start; i < ratesTotal; i += 1) {
      this.cho[i] = at(this.fast, i) - at(this.slow, i);
    }
    return ratesTotal;
  }
}
