/**
 * Built-in technical indicators, computed incrementally inside the isolate.
 *
 * Owns: the list of MQL5's 38 technical indicator functions with their parameter counts, the
 * engine each one builds (createEngine, with MQL5's parameter order and MT5's parameter checks),
 * and IndicatorInstance — one handle bound to a series, bringing its engine up to date with MT5's
 * prev_calculated contract: a new or re-sent forming bar recomputes from the last calculated bar;
 * a change further back, or a trim that eats the warm-up, recomputes everything.
 * The engines live in ./indicators/ by family (trend, oscillators, volumes, billwilliams; the
 * shared Engine contract and moving averages in core.ts); each transcribes the OnCalculate of the
 * MT5 indicator of the same name.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import {
  AcEngine,
  AlligatorEngine,
  AoEngine,
  BwmfiEngine,
  FractalsEngine,
  GatorEngine,
} from "./indicators/billwilliams.ts";
import type { Engine, EngineEnv } from "./indicators/core.ts";
import {
  AtrEngine,
  CciEngine,
  ChaikinEngine,
  DeMarkerEngine,
  ForceEngine,
  MacdEngine,
  MomentumEngine,
  OsmaEngine,
  PowerEngine,
  RsiEngine,
  RviEngine,
  StochasticEngine,
  TrixEngine,
  WprEngine,
} from "./indicators/oscillators.ts";
import {
  AdxEngine,
  AdxWilderEngine,
  AmaEngine,
  BandsEngine,
  DemaEngine,
  EnvelopesEngine,
  FramaEngine,
  IchimokuEngine,
  MaEngine,
  SarEngine,
  StdDevEngine,
  TemaEngine,
  VidyaEngine,
} from "./indicators/trend.ts";
import { AdEngine, MfiEngine, ObvEngine, VolumesEngine } from "./indicators/volumes.ts";
import type { Series, SeriesListener } from "./series.ts";

export type { Engine, EngineEnv } from "./indicators/core.ts";

/**
 * MQL5's technical indicator functions and how many parameters follow (symbol, period): the
 * handle-sharing key and the engine take exactly these.
 */
export const INDICATOR_PARAMS = {
  iAC: 0,
  iAD: 1,
  iADX: 1,
  iADXWilder: 1,
  iAlligator: 8,
  iAMA: 5,
  iAO: 0,
  iATR: 1,
  iBands: 4,
  iBearsPower: 1,
  iBullsPower: 1,
  iBWMFI: 1,
  iCCI: 2,
  iChaikin: 4,
  iDEMA: 3,
  iDeMarker: 1,
  iEnvelopes: 5,
  iForce: 3,
  iFractals: 0,
  iFrAMA: 3,
  iGator: 8,
  iIchimoku: 3,
  iMA: 4,
  iMACD: 4,
  iMFI: 2,
  iMomentum: 2,
  iOBV: 1,
  iOsMA: 4,
  iRSI: 2,
  iRVI: 1,
  iSAR: 2,
  iStdDev: 4,
  iStochastic: 5,
  iTEMA: 3,
  iTriX: 2,
  iVIDyA: 4,
  iVolumes: 1,
  iWPR: 1,
} as const;

export type IndicatorName = keyof typeof INDICATOR_PARAMS;

/** Builds the engine for `name` with MQL5's parameter order, or undefined if parameters are invalid. */
export function createEngine(name: IndicatorName, p: readonly number[]): Engine | undefined {
  const int = (i: number): number => Math.trunc(p[i] ?? 0);
  const num = (i: number): number => p[i] ?? 0;
  const positive = (...idx: number[]): boolean => idx.every((i) => int(i) >= 1);
  const method = (i: number): boolean => int(i) >= 0 && int(i) <= 3;
  /** A period the MT5 source replaces with its default when out of range. */
  const or = (i: number, ok: (v: number) => boolean, fallback: number): number =>
    ok(int(i)) ? int(i) : fallback;
  switch (name) {
    case "iMA":
      // (ma_period, ma_shift, ma_method, applied_price)
      return positive(0) && method(2) ? new MaEngine(int(0), int(1), int(2), int(3)) : undefined;
    case "iRSI":
      // (ma_period, applied_price)
      return positive(0) ? new RsiEngine(int(0), int(1)) : undefined;
    case "iMACD":
      // (fast_ema_period, slow_ema_period, signal_period, applied_price)
      return positive(0, 1, 2) ? new MacdEngine(int(0), int(1), int(2), int(3)) : undefined;
    case "iOsMA":
      // (fast_ema_period, slow_ema_period, signal_period, applied_price)
      return positive(0, 1, 2) ? new OsmaEngine(int(0), int(1), int(2), int(3)) : undefined;
    case "iBands":
      // (bands_period, bands_shift, deviation, applied_price)
      return int(0) >= 2 ? new BandsEngine(int(0), int(1), num(2), int(3)) : undefined;
    case "iATR":
      return positive(0) ? new AtrEngine(int(0)) : undefined;
    case "iStochastic":
      // (Kperiod, Dperiod, slowing, ma_method, price_field)
      return positive(0, 1, 2) && method(3)
        ? new StochasticEngine(int(0), int(1), int(2), int(3), int(4))
        : undefined;
    case "iCCI":
      // (ma_period, applied_price)
      return positive(0) ? new CciEngine(int(0), int(1)) : undefined;
    case "iADX":
      return positive(0) ? new AdxEngine(int(0)) : undefined;
    case "iADXWilder":
      // ADXW.mq5 uses 14 for a period outside 1..99.
      return new AdxWilderEngine(or(0, (v) => v > 0 && v < 100, 14));
    case "iMomentum":
      // (mom_period, applied_price); Momentum.mq5 uses 14 for a negative period.
      return new MomentumEngine(
        or(0, (v) => v >= 0, 14),
        int(1),
      );
    case "iSAR": {
      // (step, maximum); ParabolicSAR.mq5 uses 0.02 / 0.2 for negative values.
      const step = num(0) < 0 ? 0.02 : num(0);
      const maximum = num(1) < 0 ? 0.2 : num(1);
      return new SarEngine(step, maximum);
    }
    case "iEnvelopes":
      // (ma_period, ma_shift, ma_method, applied_price, deviation)
      return positive(0) && method(2)
        ? new EnvelopesEngine(int(0), int(1), int(2), int(3), num(4))
        : undefined;
    case "iDEMA":
      // (ma_period, ma_shift, applied_price)
      return positive(0) ? new DemaEngine(int(0), int(1), int(2)) : undefined;
    case "iTEMA":
      return positive(0) ? new TemaEngine(int(0), int(1), int(2)) : undefined;
    case "iTriX":
      // (ma_period, applied_price)
      return positive(0) ? new TrixEngine(int(0), int(1)) : undefined;
    case "iFrAMA":
      // (ma_period, ma_shift, applied_price)
      return positive(0) ? new FramaEngine(int(0), int(1), int(2)) : undefined;
    case "iVIDyA":
      // (cmo_period, ema_period, ma_shift, applied_price)
      return positive(0, 1) ? new VidyaEngine(int(0), int(1), int(2), int(3)) : undefined;
    case "iAMA":
      // (ama_period, fast_ma_period, slow_ma_period, ama_shift, applied_price); AMA.mq5 uses
      // 10 / 2 / 30 for periods ≤ 0.
      return new AmaEngine(
        or(0, (v) => v > 0, 10),
        or(1, (v) => v > 0, 2),
        or(2, (v) => v > 0, 30),
        int(3),
        int(4),
      );
    case "iStdDev":
      // (ma_period, ma_shift, ma_method, applied_price); StdDev.mq5 uses 20 for a period ≤ 1 and
      // 0 for a negative shift.
      return method(2)
        ? new StdDevEngine(
            or(0, (v) => v > 1, 20),
            Math.max(0, int(1)),
            int(2),
            int(3),
          )
        : undefined;
    case "iIchimoku":
      // (tenkan_sen, kijun_sen, senkou_span_b)
      return positive(0, 1, 2) ? new IchimokuEngine(int(0), int(1), int(2)) : undefined;
    case "iWPR":
      // (calc_period); WPR.mq5 uses 14 for a period below 3.
      return new WprEngine(or(0, (v) => v >= 3, 14));
    case "iRVI":
      return positive(0) ? new RviEngine(int(0)) : undefined;
    case "iForce":
      // (ma_period, ma_method, applied_volume)
      return positive(0) && method(1) ? new ForceEngine(int(0), int(1), int(2)) : undefined;
    case "iBearsPower":
      return positive(0) ? new PowerEngine(int(0), false) : undefined;
    case "iBullsPower":
      return positive(0) ? new PowerEngine(int(0), true) : undefined;
    case "iDeMarker":
      return positive(0) ? new DeMarkerEngine(int(0)) : undefined;
    case "iChaikin":
      // (fast_ma_period, slow_ma_period, ma_method, applied_volume)
      return positive(0, 1) && method(2)
        ? new ChaikinEngine(int(0), int(1), int(2), int(3))
        : undefined;
    case "iMFI":
      // (ma_period, applied_volume); MFI.mq5 uses 14 for a period ≤ 0.
      return new MfiEngine(
        or(0, (v) => v > 0, 14),
        int(1),
      );
    case "iOBV":
      return new ObvEngine(int(0));
    case "iAD":
      return new AdEngine(int(0));
    case "iVolumes":
      return new VolumesEngine(int(0));
    case "iAO":
      return new AoEngine();
    case "iAC":
      return new AcEngine();
    case "iAlligator":
    case "iGator": {
      // (jaw_period, jaw_shift, teeth_period, teeth_shift, lips_period, lips_shift, ma_method,
      // applied_price)
      const [jp, js, tp, ts, lp, ls] = [int(0), int(1), int(2), int(3), int(4), int(5)];
      if (!positive(0, 2, 4) || !method(6)) {
        return undefined;
      }
      if (name === "iAlligator") {
        return new AlligatorEngine(jp, js, tp, ts, lp, ls, int(6), int(7));
      }
      return GatorEngine.valid(jp, js, tp, ts, lp, ls)
        ? new GatorEngine(jp, js, tp, ts, lp, ls, int(6), int(7))
        : undefined;
    }
    case "iFractals":
      return new FractalsEngine();
    case "iBWMFI":
      return new BwmfiEngine(int(0));
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
    /** _Point, TimeTradeServer() and PeriodSeconds() as the engine sees them now. */
    private readonly env: () => EngineEnv = () => ({ point: 0, now: 0, periodSeconds: 0 }),
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
    const keep = this.engine.trimmed ? this.engine.trimmed(count) : true;
    this.prevCalculated = keep && next > this.engine.lookback + 1 ? next : 0;
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
    if (this.prevCalculated === 0) {
      // A full calculation starts from empty buffers: bars the engine does not write read
      // EMPTY_VALUE, never a value left from an earlier calculation.
      for (const b of this.engine.allBuffers) {
        b.length = 0;
      }
    }
    const next = this.engine.calculate(this.series, total, this.prevCalculated, this.env());
    this.prevCalculated = next;
    for (const b of this.engine.allBuffers) {
      if (next > 0 && b.length > total) {
        b.length = total;
      }
    }
    return next;
  }

  /** Plot shift of buffer `buffer` (positive = drawn to the right, into the future). */
  shiftOf(buffer: number): number {
    return this.engine.shifts?.[buffer] ?? this.engine.shift;
  }

  /** Value of buffer `buffer` at chronological bar `index`, with the plot shift applied. */
  value(buffer: number, index: number): number {
    const b = this.engine.buffers[buffer];
    if (!b) {
      return Number.MAX_VALUE;
    }
    const src = index - this.shiftOf(buffer);
    if (src < 0 || src >= b.length) {
      return Number.MAX_VALUE;
    }
    return b[src] ?? Number.MAX_VALUE;
  }
}
