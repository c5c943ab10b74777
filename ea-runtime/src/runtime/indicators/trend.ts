/**
 * Trend indicators (MT5's "Trend" group): iMA, iBands, iEnvelopes, iDEMA, iTEMA, iFrAMA, iVIDyA,
 * iAMA, iStdDev, iSAR, iIchimoku, iADX, iADXWilder. Each engine transcribes the OnCalculate of
 * MT5's indicator of the same name (Custom Moving Average, BB, Envelopes, DEMA, TEMA, FrAMA,
 * VIDYA, AMA, StdDev, ParabolicSAR, Ichimoku, ADX, ADXW): same seeds, recurrences, warm-up values
 * and "not enough bars" thresholds; the few places where they differ are commented.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import type { Series } from "../series.ts";
import {
  at,
  type Engine,
  exponentialMA,
  fillPrice,
  highest,
  linearWeightedMA,
  lowest,
  MODE_EMA,
  MODE_LWMA,
  MODE_SMMA,
  maOnBuffer,
  simpleMA,
  smoothedMA,
} from "./core.ts";

/** Custom Moving Average (iMA): one of the four MA methods of the applied price. */
export class MaEngine implements Engine {
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

/** BB.mq5: SMA middle line ± deviation × population standard deviation. */
export class BandsEngine implements Engine {
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

/** Envelopes.mq5: the iMA line × (1 ± deviation/100); buffers UPPER_LINE, LOWER_LINE. */
export class EnvelopesEngine implements Engine {
  readonly upper: number[] = [];
  readonly lower: number[] = [];
  readonly ma: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.upper, this.lower];
  readonly allBuffers = [this.upper, this.lower, this.ma, this.price];
  readonly lookback: number;
  constructor(
    readonly period: number,
    readonly shift: number,
    readonly method: number,
    readonly applied: number,
    readonly deviation: number,
  ) {
    this.lookback = period + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const period = this.period;
    if (ratesTotal < period) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    maOnBuffer(this.method, ratesTotal, prev, 0, period, this.price, this.ma);
    // MT5 starts at bar `period`: bar period−1 has an MA value but no envelope (EMPTY_VALUE).
    const up = 1 + this.deviation / 100;
    const down = 1 - this.deviation / 100;
    for (let i = Math.max(prev - 1, period); i < ratesTotal; i += 1) {
      this.upper[i] = up * at(this.ma, i);
      this.lower[i] = down * at(this.ma, i);
    }
    return ratesTotal;
  }
}

/**
 * DEMA.mq5: 2·EMA − EMA(EMA), the second EMA seeded at bar period−1. MT5 starts at 2·period−2
 * bars, one bar before its second EMA can be seeded (MovingAverages.mqh refuses it and leaves the
 * buffer unwritten); this waits for 2·period−1 bars so no value is read from an unwritten buffer.
 */
export class DemaEngine implements Engine {
  readonly dema: number[] = [];
  readonly ema: number[] = [];
  readonly ema2: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.dema];
  readonly allBuffers = [this.dema, this.ema, this.ema2, this.price];
  readonly lookback: number;
  constructor(
    readonly period: number,
    readonly shift: number,
    readonly applied: number,
  ) {
    this.lookback = 2 * period;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < 2 * p - 1) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    maOnBuffer(MODE_EMA, ratesTotal, prev, 0, p, this.price, this.ema);
    maOnBuffer(MODE_EMA, ratesTotal, prev, p - 1, p, this.ema, this.ema2);
    for (let i = prev === 0 ? 0 : prev - 1; i < ratesTotal; i += 1) {
      this.dema[i] = 2 * at(this.ema, i) - at(this.ema2, i);
    }
    return ratesTotal;
  }
}

/** TEMA.mq5: 3·EMA − 3·EMA(EMA) + EMA(EMA(EMA)); needs 3·period−2 bars (see DemaEngine). */
export class TemaEngine implements Engine {
  readonly tema: number[] = [];
  readonly ema: number[] = [];
  readonly ema2: number[] = [];
  readonly ema3: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.tema];
  readonly allBuffers = [this.tema, this.ema, this.ema2, this.ema3, this.price];
  readonly lookback: number;
  constructor(
    readonly period: number,
    readonly shift: number,
    readonly applied: number,
  ) {
    this.lookback = 3 * period;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < 3 * p - 2) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    maOnBuffer(MODE_EMA, ratesTotal, prev, 0, p, this.price, this.ema);
    maOnBuffer(MODE_EMA, ratesTotal, prev, p - 1, p, this.ema, this.ema2);
    maOnBuffer(MODE_EMA, ratesTotal, prev, 2 * p - 2, p, this.ema2, this.ema3);
    for (let i = prev === 0 ? 0 : prev - 1; i < ratesTotal; i += 1) {
      this.tema[i] = 3 * at(this.ema, i) - 3 * at(this.ema2, i) + at(this.ema3, i);
    }
    return ratesTotal;
  }
}

/** Highest value of a[from..to] (inclusive, chronological). */
function maxOf(a: readonly number[], from: number, to: number): number {
  let res = at(a, to);
  for (let i = to - 1; i >= from; i -= 1) {
    res = Math.max(res, at(a, i));
  }
  return res;
}

/** Lowest value of a[from..to] (inclusive, chronological). */
function minOf(a: readonly number[], from: number, to: number): number {
  let res = at(a, to);
  for (let i = to - 1; i >= from; i -= 1) {
    res = Math.min(res, at(a, i));
  }
  return res;
}

/**
 * FrAMA.mq5: an EMA whose factor exp(−4.6·(D − 1)) follows the fractal dimension D of the high/low
 * ranges of the last `period` bars, the `period` before them, and both together.
 */
export class FramaEngine implements Engine {
  readonly frama: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.frama];
  readonly allBuffers = [this.frama, this.price];
  readonly lookback: number;
  constructor(
    readonly period: number,
    readonly shift: number,
    readonly applied: number,
  ) {
    this.lookback = 2 * period + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const n = this.period;
    if (ratesTotal < 2 * n) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    let start: number;
    if (prev === 0) {
      start = 2 * n - 1;
      for (let i = 0; i <= start; i += 1) {
        this.frama[i] = at(this.price, i);
      }
    } else {
      start = prev - 1;
    }
    const log2 = Math.log(2);
    for (let i = start; i < ratesTotal; i += 1) {
      const n1 = (maxOf(s.high, i - n + 1, i) - minOf(s.low, i - n + 1, i)) / n;
      const n2 = (maxOf(s.high, i - 2 * n + 1, i - n) - minOf(s.low, i - 2 * n + 1, i - n)) / n;
      const n3 = (maxOf(s.high, i - 2 * n + 1, i) - minOf(s.low, i - 2 * n + 1, i)) / (2 * n);
      const d = (Math.log(n1 + n2) - Math.log(n3)) / log2;
      const alpha = Math.exp(-4.6 * (d - 1));
      this.frama[i] = alpha * at(this.price, i) + (1 - alpha) * at(this.frama, i - 1);
    }
    return ratesTotal;
  }
}

/** VIDYA.mq5: an EMA(ema_period) whose factor is scaled by |CMO(cmo_period)|. */
export class VidyaEngine implements Engine {
  readonly vidya: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.vidya];
  readonly allBuffers = [this.vidya, this.price];
  readonly lookback: number;
  constructor(
    readonly cmoPeriod: number,
    readonly emaPeriod: number,
    readonly shift: number,
    readonly applied: number,
  ) {
    this.lookback = cmoPeriod + emaPeriod + 1;
  }
  private cmo(pos: number): number {
    const p = this.cmoPeriod;
    if (pos < p) {
      return 0;
    }
    let up = 0;
    let down = 0;
    for (let i = 0; i < p; i += 1) {
      const diff = at(this.price, pos - i) - at(this.price, pos - i - 1);
      if (diff > 0) {
        up += diff;
      } else {
        down += -diff;
      }
    }
    return up + down !== 0 ? (up - down) / (up + down) : 0;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const first = this.emaPeriod + this.cmoPeriod - 1;
    if (ratesTotal < first) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    // The seeds are the prices of bars 0..first−1; the last one may have been the forming bar
    // (MT5 restarts at prev−1 once prev ≥ first, recomputing that seed bar with the formula,
    // which a full calculation never does): seed again until a bar past them was calculated.
    if (prev - 1 < first) {
      for (let i = 0; i < first; i += 1) {
        this.vidya[i] = at(this.price, i);
      }
    }
    const f = 2 / (1 + this.emaPeriod);
    for (let i = Math.max(prev - 1, first); i < ratesTotal; i += 1) {
      const k = f * Math.abs(this.cmo(i));
      this.vidya[i] = at(this.price, i) * k + at(this.vidya, i - 1) * (1 - k);
    }
    return ratesTotal;
  }
}

/** AMA.mq5 (Kaufman): AMA += SSC² · (price − AMA), SSC = ER·(fastSC − slowSC) + slowSC. */
export class AmaEngine implements Engine {
  readonly ama: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.ama];
  readonly allBuffers = [this.ama, this.price];
  readonly lookback: number;
  readonly fastSC: number;
  readonly slowSC: number;
  constructor(
    readonly period: number,
    fastPeriod: number,
    slowPeriod: number,
    readonly shift: number,
    readonly applied: number,
  ) {
    this.lookback = period + 2;
    this.fastSC = 2 / (fastPeriod + 1);
    // The 2020 AMA.mq5 lost this assignment (slowSC stays 0); the 2017 source and the
    // documented formula have it.
    this.slowSC = 2 / (slowPeriod + 1);
  }
  private er(pos: number): number {
    const p = this.period;
    const price = this.price;
    const signal = Math.abs(at(price, pos) - at(price, pos - p));
    let noise = 0;
    for (let d = 0; d < p; d += 1) {
      noise += Math.abs(at(price, pos - d) - at(price, pos - d - 1));
    }
    return noise !== 0 ? signal / noise : 0;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < p) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    let pos = prev - 1;
    if (pos < p) {
      pos = p;
      for (let i = 0; i < pos - 1; i += 1) {
        this.ama[i] = 0;
      }
      this.ama[pos - 1] = at(this.price, pos - 1);
    }
    for (let i = pos; i < ratesTotal; i += 1) {
      const ssc = this.er(i) * (this.fastSC - this.slowSC) + this.slowSC;
      const prevAma = at(this.ama, i - 1);
      this.ama[i] = ssc * ssc * (at(this.price, i) - prevAma) + prevAma;
    }
    return ratesTotal;
  }
}

/** StdDev.mq5: root mean square distance of the last `period` prices from the MA of the bar. */
export class StdDevEngine implements Engine {
  readonly std: number[] = [];
  readonly ma: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.std];
  readonly allBuffers = [this.std, this.ma, this.price];
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
    const p = this.period;
    if (ratesTotal < p) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    const price = this.price;
    let start = prev - 1;
    if (start < p) {
      start = p - 1;
      for (let i = 0; i < ratesTotal; i += 1) {
        this.std[i] = 0;
        this.ma[i] = 0;
      }
    }
    for (let i = start; i < ratesTotal; i += 1) {
      let ma: number;
      if (this.method === MODE_EMA) {
        ma = i === p - 1 ? simpleMA(i, p, price) : exponentialMA(i, p, at(this.ma, i - 1), price);
      } else if (this.method === MODE_SMMA) {
        ma = i === p - 1 ? simpleMA(i, p, price) : smoothedMA(i, p, at(this.ma, i - 1), price);
      } else if (this.method === MODE_LWMA) {
        ma = linearWeightedMA(i, p, price);
      } else {
        ma = simpleMA(i, p, price);
      }
      this.ma[i] = ma;
      let dev = 0;
      for (let j = 0; j < p; j += 1) {
        const d = at(price, i - j) - ma;
        dev += d * d;
      }
      this.std[i] = Math.sqrt(dev / p);
    }
    return ratesTotal;
  }
}

/**
 * ParabolicSAR.mq5. The first pass starts SHORT at bar 0; each finished bar i (never the forming
 * one) may reverse the direction and sets SAR[i+1]. The direction and the last reversal bar are
 * state carried from one calculation to the next, as in MT5.
 */
export class SarEngine implements Engine {
  readonly sar: number[] = [];
  readonly ep: number[] = [];
  readonly af: number[] = [];
  readonly buffers = [this.sar];
  readonly allBuffers = [this.sar, this.ep, this.af];
  readonly lookback = 3;
  readonly shift = 0;
  private lastRev = 0;
  private long = false;
  constructor(
    readonly step: number,
    readonly maximum: number,
  ) {}
  private static highFrom(high: readonly number[], start: number, pos: number): number {
    let r = at(high, start);
    for (let i = start + 1; i <= pos; i += 1) {
      r = Math.max(r, at(high, i));
    }
    return r;
  }
  private static lowFrom(low: readonly number[], start: number, pos: number): number {
    let r = at(low, start);
    for (let i = start + 1; i <= pos; i += 1) {
      r = Math.min(r, at(low, i));
    }
    return r;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    if (ratesTotal < 3) {
      return 0;
    }
    const { high, low } = s;
    const { sar, ep, af, step, maximum } = this;
    let pos = prev - 1;
    if (pos < 1) {
      pos = 1;
      af[0] = step;
      af[1] = step;
      sar[0] = at(high, 0);
      this.lastRev = 0;
      this.long = false;
      sar[1] = SarEngine.highFrom(high, 0, 1);
      ep[0] = at(low, 1);
      ep[1] = at(low, 1);
    }
    for (let i = pos; i < ratesTotal - 1; i += 1) {
      if (this.long) {
        if (at(sar, i) > at(low, i)) {
          this.long = false;
          sar[i] = SarEngine.highFrom(high, this.lastRev, i);
          ep[i] = at(low, i);
          this.lastRev = i;
          af[i] = step;
        }
      } else if (at(sar, i) < at(high, i)) {
        this.long = true;
        sar[i] = SarEngine.lowFrom(low, this.lastRev, i);
        ep[i] = at(high, i);
        this.lastRev = i;
        af[i] = step;
      }
      if (this.long) {
        if (at(high, i) > at(ep, i - 1) && i !== this.lastRev) {
          ep[i] = at(high, i);
          af[i] = Math.min(at(af, i - 1) + step, maximum);
        } else if (i !== this.lastRev) {
          af[i] = at(af, i - 1);
          ep[i] = at(ep, i - 1);
        }
        let next = at(sar, i) + at(af, i) * (at(ep, i) - at(sar, i));
        if (next > at(low, i) || next > at(low, i - 1)) {
          next = Math.min(at(low, i), at(low, i - 1));
        }
        sar[i + 1] = next;
      } else {
        if (at(low, i) < at(ep, i - 1) && i !== this.lastRev) {
          ep[i] = at(low, i);
          af[i] = Math.min(at(af, i - 1) + step, maximum);
        } else if (i !== this.lastRev) {
          af[i] = at(af, i - 1);
          ep[i] = at(ep, i - 1);
        }
        let next = at(sar, i) + at(af, i) * (at(ep, i) - at(sar, i));
        if (next < at(high, i) || next < at(high, i - 1)) {
          next = Math.max(at(high, i), at(high, i - 1));
        }
        sar[i + 1] = next;
      }
    }
    return ratesTotal;
  }
  trimmed(count: number): boolean {
    this.lastRev -= count;
    return this.lastRev >= 0;
  }
}

/**
 * Ichimoku.mq5: Tenkan-sen, Kijun-sen, Senkou Span A/B (plotted kijun bars ahead) and Chikou
 * Span (the close, plotted kijun bars back). Mid-ranges use the bars available near the start.
 */
export class IchimokuEngine implements Engine {
  readonly tenkan: number[] = [];
  readonly kijun: number[] = [];
  readonly spanA: number[] = [];
  readonly spanB: number[] = [];
  readonly chikou: number[] = [];
  readonly buffers = [this.tenkan, this.kijun, this.spanA, this.spanB, this.chikou];
  readonly allBuffers = this.buffers;
  readonly lookback: number;
  readonly shift = 0;
  readonly shifts: readonly number[];
  constructor(
    readonly tenkanPeriod: number,
    readonly kijunPeriod: number,
    readonly senkouPeriod: number,
  ) {
    this.lookback = Math.max(tenkanPeriod, kijunPeriod, senkouPeriod) + 1;
    this.shifts = [0, 0, kijunPeriod, kijunPeriod, -kijunPeriod];
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const { high, low } = s;
    const mid = (n: number, i: number): number => (highest(high, n, i) + lowest(low, n, i)) / 2;
    for (let i = prev === 0 ? 0 : prev - 1; i < ratesTotal; i += 1) {
      this.chikou[i] = at(s.close, i);
      const t = mid(this.tenkanPeriod, i);
      const k = mid(this.kijunPeriod, i);
      this.tenkan[i] = t;
      this.kijun[i] = k;
      this.spanA[i] = (t + k) / 2;
      this.spanB[i] = mid(this.senkouPeriod, i);
    }
    return ratesTotal;
  }
}

/** +DM / −DM of bar i as ADX and ADXW take them: only the larger move counts, ties count none. */
function directionalMoves(s: Series, i: number): [number, number] {
  let plus = Math.max(at(s.high, i) - at(s.high, i - 1), 0);
  let minus = Math.max(at(s.low, i - 1) - at(s.low, i), 0);
  if (plus > minus) {
    minus = 0;
  } else if (plus < minus) {
    plus = 0;
  } else {
    plus = 0;
    minus = 0;
  }
  return [plus, minus];
}

function trueRange(s: Series, i: number): number {
  const high = at(s.high, i);
  const low = at(s.low, i);
  const prevClose = at(s.close, i - 1);
  return Math.max(
    Math.max(Math.abs(high - low), Math.abs(high - prevClose)),
    Math.abs(low - prevClose),
  );
}

/** ADX.mq5 (MetaQuotes' ADX, not ADX Wilder): EMA-smoothed DM/TR ratios. */
export class AdxEngine implements Engine {
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
      const [plus, minus] = directionalMoves(s, i);
      const tr = trueRange(s, i);
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

/**
 * ADXW.mq5 (ADX Wilder): TR, +DM and −DM smoothed with MovingAverages.mqh's SmoothedMA from bar
 * `period` on (MT5 seeds those averages with the 0.0 of the warm-up bars, not with a simple
 * average), +DI/−DI = 100·smoothed DM / smoothed TR, ADX = SmoothedMA of DX.
 */
export class AdxWilderEngine implements Engine {
  readonly adx: number[] = [];
  readonly pdi: number[] = [];
  readonly ndi: number[] = [];
  readonly pd: number[] = [];
  readonly nd: number[] = [];
  readonly dx: number[] = [];
  readonly tr: number[] = [];
  readonly atr: number[] = [];
  readonly pds: number[] = [];
  readonly nds: number[] = [];
  readonly buffers = [this.adx, this.pdi, this.ndi];
  readonly allBuffers = [
    this.adx,
    this.pdi,
    this.ndi,
    this.pd,
    this.nd,
    this.dx,
    this.tr,
    this.atr,
    this.pds,
    this.nds,
  ];
  readonly lookback = 2;
  readonly shift = 0;
  constructor(readonly period: number) {}
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const p = this.period;
    if (ratesTotal < p) {
      return 0;
    }
    let start: number;
    if (prev > 1) {
      start = prev - 1;
    } else {
      start = 1;
      for (let i = 0; i < p; i += 1) {
        for (const b of this.allBuffers) {
          b[i] = 0;
        }
      }
    }
    for (let i = start; i < ratesTotal; i += 1) {
      const [plus, minus] = directionalMoves(s, i);
      this.pd[i] = plus;
      this.nd[i] = minus;
      this.tr[i] = trueRange(s, i);
      if (i < p) {
        this.atr[i] = 0;
        this.pdi[i] = 0;
        this.ndi[i] = 0;
      } else {
        this.atr[i] = smoothedMA(i, p, at(this.atr, i - 1), this.tr);
        this.pds[i] = smoothedMA(i, p, at(this.pds, i - 1), this.pd);
        this.nds[i] = smoothedMA(i, p, at(this.nds, i - 1), this.nd);
      }
      const atr = at(this.atr, i);
      if (atr !== 0) {
        this.pdi[i] = (100 * at(this.pds, i)) / atr;
        this.ndi[i] = (100 * at(this.nds, i)) / atr;
      } else {
        this.pdi[i] = 0;
        this.ndi[i] = 0;
      }
      const sum = at(this.pdi, i) + at(this.ndi, i);
      this.dx[i] = sum !== 0 ? 100 * Math.abs((at(this.pdi, i) - at(this.ndi, i)) / sum) : 0;
      this.adx[i] = smoothedMA(i, p, at(this.adx, i - 1), this.dx);
    }
    return ratesTotal;
  }
}
