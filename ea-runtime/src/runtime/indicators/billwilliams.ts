/**
 * Bill Williams' indicators: iAO, iAC, iAlligator, iGator, iFractals, iBWMFI, each a
 * transcription of the OnCalculate of MT5's Awesome_Oscillator, Accelerator, Alligator, Gator,
 * Fractals and MarketFacilitationIndex. Colour-index buffers are readable with CopyBuffer right
 * after their data buffer, as in MT5 (AO/AC/BWMFI: buffer 1; Gator: buffers 1 and 3).
 * Must not import anything outside ea-runtime/src/runtime.
 */

import type { Series } from "../series.ts";
import {
  appliedVolume,
  at,
  EMPTY,
  type Engine,
  type EngineEnv,
  fillPrice,
  MODE_SMA,
  maOnBuffer,
} from "./core.ts";

const PRICE_MEDIAN = 5;
const AO_FAST = 5;
const AO_SLOW = 34;

/** SMA(5) and SMA(34) of the median price, as AO and AC read them from two iMA handles. */
function aoAverages(
  s: Series,
  ratesTotal: number,
  prev: number,
  price: number[],
  fast: number[],
  slow: number[],
): void {
  fillPrice(s, PRICE_MEDIAN, price, prev - 1, ratesTotal);
  maOnBuffer(MODE_SMA, ratesTotal, prev, 0, AO_FAST, price, fast);
  maOnBuffer(MODE_SMA, ratesTotal, prev, 0, AO_SLOW, price, slow);
}

/** Awesome_Oscillator.mq5: SMA(5) − SMA(34) of the median price; colour 0 rising, 1 not. */
export class AoEngine implements Engine {
  readonly ao: number[] = [];
  readonly colors: number[] = [];
  readonly fast: number[] = [];
  readonly slow: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.ao, this.colors];
  readonly allBuffers = [this.ao, this.colors, this.fast, this.slow, this.price];
  readonly lookback = AO_SLOW + 1;
  readonly shift = 0;
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const limit = AO_SLOW - 1;
    if (ratesTotal <= limit) {
      return 0;
    }
    aoAverages(s, ratesTotal, prev, this.price, this.fast, this.slow);
    let start: number;
    if (prev <= limit) {
      for (let i = 0; i < limit; i += 1) {
        this.ao[i] = 0;
      }
      start = limit;
    } else {
      start = prev - 1;
    }
    for (let i = start; i < ratesTotal; i += 1) {
      const ao = at(this.fast, i) - at(this.slow, i);
      this.ao[i] = ao;
      this.colors[i] = ao > at(this.ao, i - 1) ? 0 : 1;
    }
    return ratesTotal;
  }
}

/** Accelerator.mq5: AO − SMA(5) of AO, from bar 37 on; colour 0 when not falling, 1 falling. */
export class AcEngine implements Engine {
  readonly ac: number[] = [];
  readonly colors: number[] = [];
  readonly fast: number[] = [];
  readonly slow: number[] = [];
  readonly ao: number[] = [];
  readonly sma: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.ac, this.colors];
  readonly allBuffers = [this.ac, this.colors, this.fast, this.slow, this.ao, this.sma, this.price];
  readonly lookback = AO_SLOW + AO_FAST + 1;
  readonly shift = 0;
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const limit = AO_FAST - 1 + AO_SLOW - 1;
    if (ratesTotal < limit) {
      return 0;
    }
    aoAverages(s, ratesTotal, prev, this.price, this.fast, this.slow);
    let i: number;
    if (prev < AO_SLOW) {
      for (i = 0; i < AO_SLOW - 1; i += 1) {
        this.ac[i] = 0;
        this.ao[i] = 0;
      }
      i = AO_SLOW - 1;
    } else {
      i = prev - 1;
    }
    for (; i < limit; i += 1) {
      this.ac[i] = 0;
      this.ao[i] = at(this.fast, i) - at(this.slow, i);
    }
    for (; i < ratesTotal; i += 1) {
      const ao = at(this.fast, i) - at(this.slow, i);
      this.ao[i] = ao;
      let sum = 0;
      for (let j = 0; j < AO_FAST; j += 1) {
        sum += at(this.ao, i - j);
      }
      const sma = sum / AO_FAST;
      this.sma[i] = sma;
      const ac = ao - sma;
      this.ac[i] = ac;
      this.colors[i] = ac >= at(this.ac, i - 1) ? 0 : 1;
    }
    return ratesTotal;
  }
}

/**
 * Alligator.mq5: three moving averages of the applied price (jaws, teeth, lips), each plotted
 * with its own shift. MT5 waits for max(jaw period + shift, teeth period + shift, 2 × lips
 * period) bars (its source doubles the lips period where the shift is meant); so does this.
 */
export class AlligatorEngine implements Engine {
  readonly jaws: number[] = [];
  readonly teeth: number[] = [];
  readonly lips: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.jaws, this.teeth, this.lips];
  readonly allBuffers = [this.jaws, this.teeth, this.lips, this.price];
  readonly lookback: number;
  readonly shift = 0;
  readonly shifts: readonly number[];
  readonly barsMinimum: number;
  constructor(
    readonly jawPeriod: number,
    jawShift: number,
    readonly teethPeriod: number,
    teethShift: number,
    readonly lipsPeriod: number,
    lipsShift: number,
    readonly method: number,
    readonly applied: number,
  ) {
    this.shifts = [jawShift, teethShift, lipsShift];
    this.barsMinimum = Math.max(
      jawPeriod + jawShift,
      teethPeriod + teethShift,
      lipsPeriod + lipsPeriod,
      jawPeriod,
      teethPeriod,
    );
    this.lookback = Math.max(jawPeriod, teethPeriod, lipsPeriod) + 1;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    if (ratesTotal < this.barsMinimum) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    maOnBuffer(this.method, ratesTotal, prev, 0, this.jawPeriod, this.price, this.jaws);
    maOnBuffer(this.method, ratesTotal, prev, 0, this.teethPeriod, this.price, this.teeth);
    maOnBuffer(this.method, ratesTotal, prev, 0, this.lipsPeriod, this.price, this.lips);
    return ratesTotal;
  }
}

/**
 * Gator.mq5: upper histogram |jaws − teeth| (plotted with the teeth shift), lower −|teeth − lips|
 * (plotted with the lips shift), both from the unshifted MAs realigned by the shift differences.
 * Colours: 0 (green) when the bar grew in absolute size, 1 (red) when it shrank, unchanged on a
 * tie. Buffers UPPER_HISTOGRAM 0, its colours 1, LOWER_HISTOGRAM 2, its colours 3. MT5 refuses
 * parameters unless jaw > teeth > lips for both periods and shifts and each period > its shift.
 */
export class GatorEngine implements Engine {
  readonly upper: number[] = [];
  readonly upColors: number[] = [];
  readonly lower: number[] = [];
  readonly loColors: number[] = [];
  readonly jaws: number[] = [];
  readonly teeth: number[] = [];
  readonly lips: number[] = [];
  readonly price: number[] = [];
  readonly buffers = [this.upper, this.upColors, this.lower, this.loColors];
  readonly allBuffers = [
    this.upper,
    this.upColors,
    this.lower,
    this.loColors,
    this.jaws,
    this.teeth,
    this.lips,
    this.price,
  ];
  readonly lookback: number;
  readonly shift = 0;
  readonly shifts: readonly number[];
  private readonly upperShift: number;
  private readonly lowerShift: number;
  constructor(
    readonly jawPeriod: number,
    readonly jawShift: number,
    readonly teethPeriod: number,
    readonly teethShift: number,
    readonly lipsPeriod: number,
    readonly lipsShift: number,
    readonly method: number,
    readonly applied: number,
  ) {
    this.shifts = [teethShift, teethShift, lipsShift, lipsShift];
    this.upperShift = jawShift - teethShift;
    this.lowerShift = teethShift - lipsShift;
    this.lookback = jawPeriod + 2;
  }
  /** Gator.mq5's CheckForInput. */
  static valid(jp: number, js: number, tp: number, ts: number, lp: number, ls: number): boolean {
    return jp > tp && tp > lp && js > ts && ts > ls && jp > js && tp > ts && lp > ls;
  }
  calculate(s: Series, ratesTotal: number, prev: number): number {
    const shift = Math.max(this.upperShift, this.lowerShift);
    // The jaws period is the largest one: until it is calculated, MT5's iMA handles are not.
    if (shift > ratesTotal || ratesTotal < this.jawPeriod) {
      return 0;
    }
    fillPrice(s, this.applied, this.price, prev - 1, ratesTotal);
    maOnBuffer(this.method, ratesTotal, prev, 0, this.jawPeriod, this.price, this.jaws);
    maOnBuffer(this.method, ratesTotal, prev, 0, this.teethPeriod, this.price, this.teeth);
    maOnBuffer(this.method, ratesTotal, prev, 0, this.lipsPeriod, this.price, this.lips);
    let pos = prev - 2;
    if (pos < shift) {
      for (let i = 0; i < shift; i += 1) {
        this.upper[i] = 0;
        this.upColors[i] = 0;
        this.lower[i] = 0;
        this.loColors[i] = 0;
      }
      pos = shift;
    }
    const lowerLimit = this.lowerShift + this.lipsShift + this.lipsPeriod;
    const upperLimit = this.upperShift + this.teethShift + this.teethPeriod;
    for (let i = pos; i < ratesTotal; i += 1) {
      if (i >= lowerLimit) {
        const cur = -Math.abs(at(this.teeth, i - this.lowerShift) - at(this.lips, i));
        const before = at(this.lower, i - 1);
        this.lower[i] = cur;
        this.loColors[i] = before === cur ? at(this.loColors, i - 1) : before < cur ? 1 : 0;
      } else {
        this.lower[i] = 0;
        this.loColors[i] = 0;
      }
      if (i >= upperLimit) {
        const cur = Math.abs(at(this.jaws, i - this.upperShift) - at(this.teeth, i));
        const before = at(this.upper, i - 1);
        this.upper[i] = cur;
        this.upColors[i] = before === cur ? at(this.upColors, i - 1) : before < cur ? 0 : 1;
      } else {
        this.upper[i] = 0;
        this.upColors[i] = 0;
      }
    }
    return ratesTotal;
  }
}

/**
 * Fractals.mq5: bar i is an up fractal when its high is above the two next highs and not below
 * the two previous ones (a down fractal mirrors it with lows); the buffer holds the high (low)
 * there and EMPTY_VALUE elsewhere, and the last two bars are never decided. MT5 re-examines only
 * bars total−5 and total−4 after its first pass, which skips bars when several arrive at once;
 * this re-examines from prev_calculated−4, the same bars in MT5's one-bar case.
 */
export class FractalsEngine implements Engine {
  readonly upper: number[] = [];
  readonly lower: number[] = [];
  readonly buffers = [this.upper, this.lower];
  readonly allBuffers = [this.upper, this.lower];
  readonly lookback = 5;
  readonly shift = 0;
  calculate(s: Series, ratesTotal: number, prev: number): number {
    if (ratesTotal < 5) {
      return 0;
    }
    let start: number;
    if (prev < 7) {
      start = 2;
      for (let i = 0; i < ratesTotal; i += 1) {
        this.upper[i] = EMPTY;
        this.lower[i] = EMPTY;
      }
    } else {
      start = Math.max(2, Math.min(ratesTotal - 5, prev - 4));
    }
    const { high, low } = s;
    for (let i = start; i < ratesTotal - 3; i += 1) {
      const h = at(high, i);
      this.upper[i] =
        h > at(high, i + 1) && h > at(high, i + 2) && h >= at(high, i - 1) && h >= at(high, i - 2)
          ? h
          : EMPTY;
      const l = at(low, i);
      this.lower[i] =
        l < at(low, i + 1) && l < at(low, i + 2) && l <= at(low, i - 1) && l <= at(low, i - 2)
          ? l
          : EMPTY;
    }
    return ratesTotal;
  }
}

/**
 * MarketFacilitationIndex.mq5 (BW MFI): (high − low) / _Point / volume (the previous value when
 * the volume is 0). Colours from whether MFI and volume rose: 0 both up, 1 both down, 2 MFI up
 * and volume down, 3 MFI down and volume up (an equal value keeps the last direction). As in MT5,
 * the forming bar's value is scaled by the part of the bar elapsed at TimeTradeServer().
 */
export class BwmfiEngine implements Engine {
  readonly mfi: number[] = [];
  readonly colors: number[] = [];
  readonly buffers = [this.mfi, this.colors];
  readonly allBuffers = [this.mfi, this.colors];
  readonly lookback = 2;
  readonly shift = 0;
  constructor(readonly volume: number) {}
  calculate(s: Series, ratesTotal: number, prev: number, env: EngineEnv): number {
    const vol = (i: number): number => appliedVolume(s, i, this.volume);
    const mfi = this.mfi;
    let i = prev > 0 ? prev - 1 : 0;
    let mfiUp = true;
    let volUp = true;
    if (i > 0) {
      for (let n = i; n > 0; n -= 1) {
        if (at(mfi, n) > at(mfi, n - 1)) {
          mfiUp = true;
          break;
        }
        if (at(mfi, n) < at(mfi, n - 1)) {
          mfiUp = false;
          break;
        }
      }
      for (let n = i; n > 0; n -= 1) {
        if (vol(n) > vol(n - 1)) {
          volUp = true;
          break;
        }
        if (vol(n) < vol(n - 1)) {
          volUp = false;
          break;
        }
      }
    }
    for (; i < ratesTotal; i += 1) {
      const v = vol(i);
      if (v === 0) {
        mfi[i] = i > 0 ? at(mfi, i - 1) : 0;
      } else {
        mfi[i] = (at(s.high, i) - at(s.low, i)) / env.point / v;
      }
      if (i > 0) {
        if (at(mfi, i) > at(mfi, i - 1)) {
          mfiUp = true;
        }
        if (at(mfi, i) < at(mfi, i - 1)) {
          mfiUp = false;
        }
        if (v > vol(i - 1)) {
          volUp = true;
        }
        if (v < vol(i - 1)) {
          volUp = false;
        }
      }
      this.colors[i] = mfiUp ? (volUp ? 0 : 2) : volUp ? 3 : 1;
    }
    if (ratesTotal > 1) {
      const now = env.now;
      const last = at(s.time, ratesTotal - 1);
      const next = last + env.periodSeconds;
      if (now < next && now >= last && next !== last) {
        mfi[ratesTotal - 1] = at(mfi, ratesTotal - 1) * ((1 + now - last) / (next - last));
      }
    }
    return ratesTotal;
  }
}
