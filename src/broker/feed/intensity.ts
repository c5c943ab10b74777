// Tick intensity of the synthetic feed, measured from recorded minute bars' tick volumes.
//
// Owns: the measurement of how many ticks a minute carries — by server hour (absolute, on the
// reference recording, EURUSD), by weekday (with the sampling noise shrunk away), by minute of
// the hour (a fitted burst at the top and the half of the hour), the hour-to-hour regime of
// activity, the minute-to-minute clustering (an AR(1) on log activity) and the surge after a
// jump-sized move — plus each other recording's activity relative to the reference on their
// common minutes, and from those the exponent of the volatility proxy for symbols without a
// recording. Also the rendering of intensity-data.ts (the committed table the runtime reads)
// and the runtime helpers that turn the table into per-symbol factors. Pure: takes parsed bars,
// never the file system (calibrate-intensity.ts is the CLI).

import { ServerCalendar } from "./calendar.ts";
import { fill, JUMP_SCALE, num } from "./calibration.ts";
import type { Mt4Bar } from "./mt4-csv.ts";
import type { MarketProfile } from "./profiles.ts";

/** A minute whose move is at least this many times its hour's mean |move| counts as a jump. */
export const JUMP_MOVE_THRESHOLD = 0.75 * JUMP_SCALE;
/** Volatility-proxy exponent when no second recording overlaps the reference (square root). */
export const DEFAULT_ACTIVITY_EXPONENT = 0.5;

/** One recorded symbol: its parsed M1 bars and where they come from. */
export interface RecordedSeries {
  readonly symbol: string;
  readonly bars: readonly Mt4Bar[];
  /** File name and span, for the generated module's header. */
  readonly source: string;
}

/** What another recording measures against the reference over their common minutes. */
export interface RecordedActivity {
  readonly symbol: string;
  /** Minutes both recordings hold a bar for. */
  readonly commonMinutes: number;
  /** Σ tick volume of the symbol / Σ tick volume of the reference over the common minutes. */
  readonly relativeActivity: number;
  /** Mean |1-minute log return| of the symbol / the reference's, over the common minutes. */
  readonly relativeVolatility: number;
}

/** The measured tick intensity (generated into intensity-data.ts). */
export interface TickIntensityCalibration {
  /** The recordings used (file names and spans). */
  readonly sources: readonly string[];
  /** Symbol of the reference recording, whose level and shape every symbol is scaled from. */
  readonly reference: string;
  /** Bars of the reference recording. */
  readonly referenceBars: number;
  /** Mean ticks per recorded minute by server hour 0–23 (the reference's absolute level). */
  readonly hourlyTicksPerMinute: readonly number[];
  /** Activity factor by server weekday, 0 = Sunday … 6 = Saturday (1 where nothing was recorded). */
  readonly weekdayFactor: readonly number[];
  /** Variance across weekdays of their log activity, and the part sampling noise explains. */
  readonly weekdayVariance: number;
  readonly weekdayNoiseVariance: number;
  /** Measured ticks by minute of the hour, relative to their hour and weekday (mean ≈ 1). */
  readonly minuteOfHourRatio: readonly number[];
  /** Fit of `minuteOfHourRatio`: 1 + top·e^(−q/τ) + half·e^(−(q−30)/τ)·[q ≥ 30], τ in minutes. */
  readonly topOfHourBurst: number;
  readonly halfHourBurst: number;
  readonly burstDecayMinutes: number;
  /** Sd of log activity across clock hours (hour and weekday removed; sampling noise removed). */
  readonly tickRegimeSd: number;
  /** Minute-to-minute persistence ψ and sd of the AR(1) of log activity within the hour. */
  readonly activityPersistence: number;
  readonly activitySd: number;
  /** Mean excess log activity in a minute that moves ≥ `JUMP_MOVE_THRESHOLD` × its hour's mean. */
  readonly jumpActivityKick: number;
  /** Minutes that moved that much. */
  readonly jumpMinutes: number;
  /** The other recordings, measured against the reference. */
  readonly recorded: readonly RecordedActivity[];
  /** Exponent α of the proxy activity = (annualVol / reference annualVol)^α, fitted on `recorded`. */
  readonly activityExponent: number;
}

const HOURS = 24;

/** Measures the tick intensity from the reference recording and any others overlapping it. */
export function measureTickIntensity(
  reference: RecordedSeries,
  others: readonly RecordedSeries[] = [],
): TickIntensityCalibration {
  const cal = new ServerCalendar();
  const bars = reference.bars;
  const n = bars.length;
  const hour = new Int32Array(n);
  const weekday = new Int32Array(n);
  const minuteOfHour = new Int32Array(n);
  const dayKey = new Float64Array(n);
  const hourKey = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = bars[i]?.timeMs ?? 0;
    const m = cal.minuteOfDay(t);
    hour[i] = Math.floor(m / 60);
    minuteOfHour[i] = m % 60;
    weekday[i] = cal.weekday(t);
    dayKey[i] = cal.wallDay(t);
    hourKey[i] = Math.floor(t / 3_600_000);
  }
  const vol = (i: number): number => bars[i]?.tickVolume ?? 0;

  // 1. Absolute level by server hour.
  const hourSum = new Float64Array(HOURS);
  const hourCount = new Float64Array(HOURS);
  for (let i = 0; i < n; i++) {
    const h = hour[i] ?? 0;
    hourSum[h] = (hourSum[h] ?? 0) + vol(i);
    hourCount[h] = (hourCount[h] ?? 0) + 1;
  }
  const hourlyTicksPerMinute = Array.from(hourSum, (s, h) => s / Math.max(1, hourCount[h] ?? 0));
  const expectedByHour = (i: number): number =>
    Math.max(1e-9, hourlyTicksPerMinute[hour[i] ?? 0] ?? 1);

  // 2. Weekday: each recorded day's log(ticks / what its hours expect); the spread of the weekday
  // means beyond what the day-to-day spread explains is kept (James–Stein shrinkage towards 1).
  const days = new Map<number, { weekday: number; ticks: number; expected: number }>();
  for (let i = 0; i < n; i++) {
    const key = dayKey[i] ?? 0;
    const day = days.get(key) ?? { weekday: weekday[i] ?? 0, ticks: 0, expected: 0 };
    day.ticks += vol(i);
    day.expected += expectedByHour(i);
    days.set(key, day);
  }
  const fullDay = 0.5 * hourlyTicksPerMinute.reduce((a, v) => a + v * 60, 0);
  const perWeekday: number[][] = Array.from({ length: 7 }, () => []);
  for (const day of days.values()) {
    if (day.expected >= fullDay) {
      perWeekday[day.weekday]?.push(Math.log(day.ticks / day.expected));
    }
  }
  const weekdayMeans: number[] = [];
  const weekdayNoise: number[] = [];
  for (const logs of perWeekday) {
    if (logs.length >= 2) {
      weekdayMeans.push(meanOf(logs));
      weekdayNoise.push(varianceOf(logs, 1) / logs.length);
    }
  }
  const weekdayVariance = weekdayMeans.length >= 2 ? varianceOf(weekdayMeans, 0) : 0;
  const weekdayNoiseVariance = meanOf(weekdayNoise);
  const keep = weekdayVariance > 0 ? Math.max(0, 1 - weekdayNoiseVariance / weekdayVariance) : 0;
  const rawWeekday = perWeekday.map((logs) =>
    logs.length >= 2 ? Math.exp(keep * (meanOf(logs) - meanOf(weekdayMeans))) : Number.NaN,
  );
  const recordedWeekdays = rawWeekday.filter((v) => !Number.isNaN(v));
  const weekdayScale = recordedWeekdays.length > 0 ? meanOf(recordedWeekdays) : 1;
  const weekdayFactor = rawWeekday.map((v) => (Number.isNaN(v) ? 1 : v / weekdayScale));
  const expected = (i: number): number => expectedByHour(i) * (weekdayFactor[weekday[i] ?? 0] ?? 1);

  // 3. Minute of the hour: ratio of sums, then the two-burst fit.
  const qSum = new Float64Array(60);
  const qExpected = new Float64Array(60);
  for (let i = 0; i < n; i++) {
    const q = minuteOfHour[i] ?? 0;
    qSum[q] = (qSum[q] ?? 0) + vol(i);
    qExpected[q] = (qExpected[q] ?? 0) + expected(i);
  }
  const minuteOfHourRatio = Array.from(qSum, (s, q) => s / Math.max(1e-9, qExpected[q] ?? 0));
  const burst = fitBursts(minuteOfHourRatio);
  const burstFactors = minuteOfHourFactors(burst);

  // 4. Log residuals per minute (hour, weekday and burst removed), grouped by clock hour.
  const resid = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const q = minuteOfHour[i] ?? 0;
    resid[i] = Math.log(Math.max(1, vol(i)) / (expected(i) * (burstFactors[q] ?? 1)));
  }
  // The hour-to-hour regime: the covariance of the two half-hours' mean residuals of a clock
  // hour is the variance they share (the within-hour noise of the halves is nearly independent).
  const halves = new Map<number, { a: number; na: number; b: number; nb: number }>();
  for (let i = 0; i < n; i++) {
    const key = hourKey[i] ?? 0;
    const cell = halves.get(key) ?? { a: 0, na: 0, b: 0, nb: 0 };
    if ((minuteOfHour[i] ?? 0) < 30) {
      cell.a += resid[i] ?? 0;
      cell.na += 1;
    } else {
      cell.b += resid[i] ?? 0;
      cell.nb += 1;
    }
    halves.set(key, cell);
  }
  const first: number[] = [];
  const second: number[] = [];
  for (const c of halves.values()) {
    if (c.na >= 20 && c.nb >= 20) {
      first.push(c.a / c.na);
      second.push(c.b / c.nb);
    }
  }
  const tickRegimeSd = Math.sqrt(Math.max(0, covarianceOf(first, second)));

  // 5. Within the clock hour: AR(1) of the residual around its hour's mean (lag-1 and lag-2
  // autocovariances within the same hour; γ_k = σ²ψ^k).
  const hourMean = new Map<number, number>();
  const hourN = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const key = hourKey[i] ?? 0;
    hourMean.set(key, (hourMean.get(key) ?? 0) + (resid[i] ?? 0));
    hourN.set(key, (hourN.get(key) ?? 0) + 1);
  }
  const within = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const key = hourKey[i] ?? 0;
    within[i] = (resid[i] ?? 0) - (hourMean.get(key) ?? 0) / (hourN.get(key) ?? 1);
  }
  const lagCov = (lag: number): number => {
    let s = 0;
    let c = 0;
    for (let i = lag; i < n; i++) {
      const a = bars[i - lag];
      const b = bars[i];
      if (
        a !== undefined &&
        b !== undefined &&
        b.timeMs - a.timeMs === lag * 60_000 &&
        hourKey[i] === hourKey[i - lag]
      ) {
        s += (within[i] ?? 0) * (within[i - lag] ?? 0);
        c += 1;
      }
    }
    return c > 0 ? s / c : 0;
  };
  const g1 = lagCov(1);
  const g2 = lagCov(2);
  const activityPersistence = g1 > 0 ? Math.min(0.99, Math.max(0, g2 / g1)) : 0;
  const activitySd = activityPersistence > 0 ? Math.sqrt(g1 / activityPersistence) : 0;

  // 6. The surge after a jump-sized move: mean within-hour residual of those minutes.
  const absSum = new Float64Array(HOURS);
  const absN = new Float64Array(HOURS);
  for (let i = 1; i < n; i++) {
    const a = bars[i - 1];
    const b = bars[i];
    if (a !== undefined && b !== undefined && b.timeMs - a.timeMs === 60_000) {
      const h = hour[i] ?? 0;
      absSum[h] = (absSum[h] ?? 0) + Math.abs(Math.log(b.close / a.close));
      absN[h] = (absN[h] ?? 0) + 1;
    }
  }
  let kick = 0;
  let jumpMinutes = 0;
  for (let i = 1; i < n; i++) {
    const a = bars[i - 1];
    const b = bars[i];
    if (a === undefined || b === undefined || b.timeMs - a.timeMs !== 60_000) {
      continue;
    }
    const h = hour[i] ?? 0;
    const meanAbs = (absSum[h] ?? 0) / Math.max(1, absN[h] ?? 0);
    if (meanAbs > 0 && Math.abs(Math.log(b.close / a.close)) >= JUMP_MOVE_THRESHOLD * meanAbs) {
      kick += within[i] ?? 0;
      jumpMinutes += 1;
    }
  }
  const jumpActivityKick = jumpMinutes > 0 ? Math.max(0, kick / jumpMinutes) : 0;

  // 7. Other recordings against the reference, and the proxy exponent fitted through the origin
  // on log(relative activity) = α · log(relative volatility).
  const recorded = others.map((o) => measureRelative(reference.bars, o));
  let sxy = 0;
  let sxx = 0;
  for (const r of recorded) {
    const x = Math.log(r.relativeVolatility);
    if (Number.isFinite(x) && Math.abs(x) >= 0.05 && r.relativeActivity > 0) {
      sxy += x * Math.log(r.relativeActivity);
      sxx += x * x;
    }
  }
  const activityExponent =
    sxx > 0 ? Math.min(2, Math.max(0, sxy / sxx)) : DEFAULT_ACTIVITY_EXPONENT;

  return {
    sources: [reference.source, ...others.map((o) => o.source)],
    reference: reference.symbol,
    referenceBars: n,
    hourlyTicksPerMinute,
    weekdayFactor,
    weekdayVariance,
    weekdayNoiseVariance,
    minuteOfHourRatio,
    topOfHourBurst: burst.top,
    halfHourBurst: burst.half,
    burstDecayMinutes: burst.decay,
    tickRegimeSd,
    activityPersistence,
    activitySd,
    jumpActivityKick,
    jumpMinutes,
    recorded,
    activityExponent,
  };
}

/** Activity and volatility of `other` relative to `reference` on the minutes both recorded. */
function measureRelative(reference: readonly Mt4Bar[], other: RecordedSeries): RecordedActivity {
  const ref = new Map<number, Mt4Bar>();
  for (const b of reference) {
    ref.set(b.timeMs, b);
  }
  let refTicks = 0;
  let ticks = 0;
  let common = 0;
  let refAbs = 0;
  let abs = 0;
  for (let i = 0; i < other.bars.length; i++) {
    const b = other.bars[i];
    const r = b ? ref.get(b.timeMs) : undefined;
    if (b === undefined || r === undefined) {
      continue;
    }
    common += 1;
    ticks += b.tickVolume;
    refTicks += r.tickVolume;
    const prev = other.bars[i - 1];
    const refPrev = ref.get(b.timeMs - 60_000);
    if (prev !== undefined && prev.timeMs === b.timeMs - 60_000 && refPrev !== undefined) {
      abs += Math.abs(Math.log(b.close / prev.close));
      refAbs += Math.abs(Math.log(r.close / refPrev.close));
    }
  }
  return {
    symbol: other.symbol,
    commonMinutes: common,
    relativeActivity: refTicks > 0 ? ticks / refTicks : Number.NaN,
    relativeVolatility: refAbs > 0 ? abs / refAbs : Number.NaN,
  };
}

interface BurstFit {
  readonly top: number;
  readonly half: number;
  readonly decay: number;
}

/** Least squares of c + a·e^(−q/τ) + b·e^(−(q−30)/τ)·[q ≥ 30] over a grid of τ; a, b scaled by c. */
function fitBursts(ratio: readonly number[]): BurstFit {
  let best: BurstFit = { top: 0, half: 0, decay: 1 };
  let bestErr = Number.POSITIVE_INFINITY;
  for (let tau = 0.25; tau <= 15 + 1e-9; tau += 0.05) {
    const rows = ratio.map((_, q) => [
      1,
      Math.exp(-q / tau),
      q >= 30 ? Math.exp(-(q - 30) / tau) : 0,
    ]);
    const coef = leastSquares3(rows, ratio);
    if (coef === null) {
      continue;
    }
    const [c, a, b] = coef;
    let err = 0;
    for (let q = 0; q < ratio.length; q++) {
      const row = rows[q] ?? [0, 0, 0];
      const fit = c * (row[0] ?? 0) + a * (row[1] ?? 0) + b * (row[2] ?? 0);
      err += ((ratio[q] ?? 0) - fit) ** 2;
    }
    if (err < bestErr && c > 0) {
      bestErr = err;
      best = {
        top: Math.max(0, a / c),
        half: Math.max(0, b / c),
        decay: Math.round(tau * 100) / 100,
      };
    }
  }
  return best;
}

/** Solves the 3-column normal equations by Cramer's rule (null when singular). */
function leastSquares3(
  rows: readonly (readonly number[])[],
  y: readonly number[],
): [number, number, number] | null {
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const v = [0, 0, 0];
  rows.forEach((row, k) => {
    for (let i = 0; i < 3; i++) {
      v[i] = (v[i] ?? 0) + (row[i] ?? 0) * (y[k] ?? 0);
      for (let j = 0; j < 3; j++) {
        const r = m[i] as number[];
        r[j] = (r[j] ?? 0) + (row[i] ?? 0) * (row[j] ?? 0);
      }
    }
  });
  const det = (a: readonly (readonly number[])[]): number => {
    const [r0 = [], r1 = [], r2 = []] = a;
    const [a0 = 0, a1 = 0, a2 = 0] = r0;
    const [b0 = 0, b1 = 0, b2 = 0] = r1;
    const [c0 = 0, c1 = 0, c2 = 0] = r2;
    return a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0);
  };
  const d = det(m);
  if (Math.abs(d) < 1e-12) {
    return null;
  }
  const solve = (col: number): number =>
    det(m.map((row, i) => row.map((x, j) => (j === col ? (v[i] ?? 0) : x)))) / d;
  return [solve(0), solve(1), solve(2)];
}

// --- Runtime helpers --------------------------------------------------------------------------

/** The burst factor of each minute of the hour (the fitted curve, scaled to mean 1). */
export function minuteOfHourFactors(fit: {
  readonly top: number;
  readonly half: number;
  readonly decay: number;
}): Float64Array {
  const out = new Float64Array(60);
  const tau = Math.max(1e-6, fit.decay);
  let sum = 0;
  for (let q = 0; q < 60; q++) {
    const v =
      1 + fit.top * Math.exp(-q / tau) + (q >= 30 ? fit.half * Math.exp(-(q - 30) / tau) : 0);
    out[q] = v;
    sum += v;
  }
  return out.map((v) => (v * 60) / sum);
}

/** The burst factors of a calibration. */
export function burstFactorsOf(c: TickIntensityCalibration): Float64Array {
  return minuteOfHourFactors({
    top: c.topOfHourBurst,
    half: c.halfHourBurst,
    decay: c.burstDecayMinutes,
  });
}

/**
 * A symbol's activity relative to the reference: measured where a recording of it overlaps the
 * reference's, else the volatility proxy (annualVol / reference annualVol)^α.
 */
export function symbolActivity(
  profile: MarketProfile,
  c: TickIntensityCalibration,
  referenceAnnualVol: number,
): number {
  if (profile.symbol === c.reference) {
    return 1;
  }
  const measured = c.recorded.find((r) => r.symbol === profile.symbol);
  if (measured !== undefined && measured.relativeActivity > 0) {
    return measured.relativeActivity;
  }
  if (!(referenceAnnualVol > 0) || !(profile.annualVol > 0)) {
    return 1;
  }
  return (profile.annualVol / referenceAnnualVol) ** c.activityExponent;
}

// --- Rendering --------------------------------------------------------------------------------

/** Source text of intensity-data.ts for a measurement (what `calibrate-intensity.ts --write` saves). */
export function renderTickIntensityModule(c: TickIntensityCalibration): string {
  const list = (values: readonly number[], significant: number): string =>
    `[\n${fill(values.map((v) => num(v, significant)))}\n  ]`;
  const recorded = c.recorded
    .map(
      (r) =>
        `    {\n      symbol: ${JSON.stringify(r.symbol)},\n      commonMinutes: ${r.commonMinutes},\n      relativeActivity: ${num(r.relativeActivity, 4)},\n      relativeVolatility: ${num(r.relativeVolatility, 4)},\n    },`,
    )
    .join("\n");
  return `// Tick intensity of the synthetic price feed — GENERATED, do not edit by hand.
//
// Measured by \`bun src/broker/feed/calibrate-intensity.ts --write <reference csv> [SYMBOL=csv…]\`
// (intensity.ts) from the tick volumes of real minute bars (MT4 exports, server time GMT+3):
${c.sources.map((s) => `//   ${s}`).join("\n")}
// from github.com/jeremidaneau/forex_data (MIT License, Copyright (c) 2022 jeremidaneau; see
// docs/price-feed.md). The runtime reads only this table, never the CSV files.

import type { TickIntensityCalibration } from "./intensity.ts";

export const TICK_INTENSITY: TickIntensityCalibration = {
  sources: [
${c.sources.map((s) => `    ${JSON.stringify(s)},`).join("\n")}
  ],
  reference: ${JSON.stringify(c.reference)},
  referenceBars: ${c.referenceBars},
  hourlyTicksPerMinute: ${list(c.hourlyTicksPerMinute, 4)},
  weekdayFactor: ${list(c.weekdayFactor, 4)},
  weekdayVariance: ${num(c.weekdayVariance, 4)},
  weekdayNoiseVariance: ${num(c.weekdayNoiseVariance, 4)},
  minuteOfHourRatio: ${list(c.minuteOfHourRatio, 3)},
  topOfHourBurst: ${num(c.topOfHourBurst, 4)},
  halfHourBurst: ${num(c.halfHourBurst, 4)},
  burstDecayMinutes: ${num(c.burstDecayMinutes, 4)},
  tickRegimeSd: ${num(c.tickRegimeSd, 4)},
  activityPersistence: ${num(c.activityPersistence, 4)},
  activitySd: ${num(c.activitySd, 4)},
  jumpActivityKick: ${num(c.jumpActivityKick, 4)},
  jumpMinutes: ${c.jumpMinutes},
  recorded: [${recorded === "" ? "" : `\n${recorded}\n  `}],
  activityExponent: ${num(c.activityExponent, 4)},
};
`;
}

/** Human-readable summary (what `calibrate-intensity.ts` prints before the module text). */
export function describeTickIntensity(c: TickIntensityCalibration): string {
  const burst = burstFactorsOf(c);
  const lines = [
    `reference: ${c.reference} (${c.referenceBars} bars)`,
    "server hour | mean ticks/min",
    ...c.hourlyTicksPerMinute.map(
      (v, h) => `${String(h).padStart(2, "0")}          | ${v.toFixed(1).padStart(14)}`,
    ),
    `weekday factors (Sun…Sat): ${c.weekdayFactor.map((v) => v.toFixed(3)).join(" ")} (between-weekday variance ${c.weekdayVariance.toFixed(4)}, sampling ${c.weekdayNoiseVariance.toFixed(4)})`,
    `minute-of-hour ratio :00–:05 ${c.minuteOfHourRatio
      .slice(0, 6)
      .map((v) => v.toFixed(2))
      .join(" ")}, :30 ${(c.minuteOfHourRatio[30] ?? 0).toFixed(2)}`,
    `burst fit: top ${c.topOfHourBurst.toFixed(3)}, half ${c.halfHourBurst.toFixed(3)}, decay ${c.burstDecayMinutes} min → factor :00 ${(burst[0] ?? 0).toFixed(2)}, :30 ${(burst[30] ?? 0).toFixed(2)}, :15 ${(burst[15] ?? 0).toFixed(2)}`,
    `hourly activity regime sd (log): ${c.tickRegimeSd.toFixed(3)}`,
    `minute AR(1): persistence ${c.activityPersistence.toFixed(3)}, sd ${c.activitySd.toFixed(3)}`,
    `jump-sized minutes: ${c.jumpMinutes}, activity kick (log) ${c.jumpActivityKick.toFixed(3)}`,
    ...c.recorded.map(
      (r) =>
        `${r.symbol}: ${r.commonMinutes} common minutes, activity × ${r.relativeActivity.toFixed(3)}, volatility × ${r.relativeVolatility.toFixed(3)}`,
    ),
    `proxy exponent α: ${c.activityExponent.toFixed(3)}`,
  ];
  return lines.join("\n");
}

function meanOf(values: readonly number[]): number {
  let s = 0;
  for (const v of values) {
    s += v;
  }
  return values.length === 0 ? 0 : s / values.length;
}

function varianceOf(values: readonly number[], ddof: number): number {
  if (values.length <= ddof) {
    return 0;
  }
  const m = meanOf(values);
  let s = 0;
  for (const v of values) {
    s += (v - m) ** 2;
  }
  return s / (values.length - ddof);
}

function covarianceOf(a: readonly number[], b: readonly number[]): number {
  const ma = meanOf(a);
  const mb = meanOf(b);
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    s += ((a[i] ?? 0) - ma) * ((b[i] ?? 0) - mb);
  }
  return a.length === 0 ? 0 : s / a.length;
}
