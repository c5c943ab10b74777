// Calibration of the synthetic feed from real minute bars.
//
// Owns: the measurements (hourly volatility and tick-volume profiles by server hour, 1-minute
// return moments, tail shape, volatility-regime dispersion), the fit of the jump mixture to the
// measured kurtosis, and the rendering of calibration-data.ts, the committed constants the
// runtime uses. Pure: takes parsed bars, never the file system (calibrate.ts is the CLI).

import { ServerCalendar } from "./calendar.ts";
import type { Mt4Bar } from "./mt4-csv.ts";

/** Ratio of a jump's standard deviation to the diffusive one (fixed; p is fitted to it). */
export const JUMP_SCALE = 8;
/** Hour-to-hour persistence of the log-volatility regime (AR(1) coefficient per hour). */
export const REGIME_PERSISTENCE = 0.9;

/** What the calibration measures and the model constants derived from it. */
export interface Calibration {
  /** Where the figures come from (file name and span). */
  readonly source: string;
  /** Bars read and 1-minute returns used (pairs of bars exactly one minute apart). */
  readonly barCount: number;
  readonly returnCount: number;
  /** Mean |Δclose| per server hour 0–23, in pips (10 points). */
  readonly hourlyMeanAbsPips: readonly number[];
  /** Mean tick volume per bar per server hour 0–23. */
  readonly hourlyMeanTickVolume: readonly number[];
  /** Hourly volatility profile: mean |log return| per hour, scaled to RMS 1 over 24 hours. */
  readonly hourlyVolatility: readonly number[];
  /** Hourly tick-volume profile, scaled to mean 1 over 24 hours. */
  readonly hourlyTickVolume: readonly number[];
  /** Busiest / quietest hour of `hourlyVolatility`. */
  readonly busiestToQuietest: number;
  /** Standard deviation of 1-minute log returns. */
  readonly std1m: number;
  /** std1m × √(1440 × 260). */
  readonly annualisedVol: number;
  /** Raw (Pearson) kurtosis of 1-minute log returns; 3 for a normal law. */
  readonly kurtosis: number;
  /** Kurtosis of returns divided by their hour's mean |return| (seasonality removed). */
  readonly deseasonalisedKurtosis: number;
  /** Standard deviation of log hourly volatility across (day, hour) cells, sampling noise removed. */
  readonly regimeSd: number;
  /** Fitted jump probability per minute (jumps have `JUMP_SCALE` × the diffusive sd). */
  readonly jumpProbability: number;
}

const HOURS = 24;

/** Measures a calibration from minute bars; `pip` is the pip size (0.0001 for EURUSD). */
export function measureCalibration(
  bars: readonly Mt4Bar[],
  pip: number,
  source: string,
): Calibration {
  const cal = new ServerCalendar();
  const absPips = new Float64Array(HOURS);
  const absLog = new Float64Array(HOURS);
  const retCount = new Float64Array(HOURS);
  const tickSum = new Float64Array(HOURS);
  const barCount = new Float64Array(HOURS);
  const returns: number[] = [];
  const returnHour: number[] = [];
  const returnCell: number[] = [];

  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i];
    if (bar === undefined) {
      continue;
    }
    const hour = cal.hour(bar.timeMs);
    tickSum[hour] = (tickSum[hour] ?? 0) + bar.tickVolume;
    barCount[hour] = (barCount[hour] ?? 0) + 1;
    const prev = bars[i - 1];
    if (prev === undefined || bar.timeMs - prev.timeMs !== 60_000) {
      continue; // only returns over exactly one minute: gaps are closures or missing data
    }
    const r = Math.log(bar.close / prev.close);
    returns.push(r);
    returnHour.push(hour);
    returnCell.push(Math.floor(bar.timeMs / 3_600_000));
    absPips[hour] = (absPips[hour] ?? 0) + Math.abs(bar.close - prev.close) / pip;
    absLog[hour] = (absLog[hour] ?? 0) + Math.abs(r);
    retCount[hour] = (retCount[hour] ?? 0) + 1;
  }

  const hourlyMeanAbsPips = Array.from(absPips, (s, h) => s / Math.max(1, retCount[h] ?? 0));
  const meanAbsLog = Array.from(absLog, (s, h) => s / Math.max(1, retCount[h] ?? 0));
  const hourlyMeanTickVolume = Array.from(tickSum, (s, h) => s / Math.max(1, barCount[h] ?? 0));
  const rms = Math.sqrt(meanOf(meanAbsLog.map((v) => v * v)));
  const hourlyVolatility = meanAbsLog.map((v) => v / rms);
  const tickMean = meanOf(hourlyMeanTickVolume);
  const hourlyTickVolume = hourlyMeanTickVolume.map((v) => v / tickMean);

  const mean = meanOf(returns);
  const m2 = meanOf(returns.map((r) => (r - mean) ** 2));
  const m4 = meanOf(returns.map((r) => (r - mean) ** 4));
  const std1m = Math.sqrt(m2);

  const z = returns.map((r, i) => r / (meanAbsLog[returnHour[i] ?? 0] ?? 1));
  const zm2 = meanOf(z.map((v) => v * v));
  const zm4 = meanOf(z.map((v) => v ** 4));
  const deseasonalisedKurtosis = zm4 / (zm2 * zm2);

  const regimeSd = measureRegimeSd(z, returnCell);
  const jumpProbability = fitJumpProbability(deseasonalisedKurtosis, JUMP_SCALE, regimeSd);

  return {
    source,
    barCount: bars.length,
    returnCount: returns.length,
    hourlyMeanAbsPips,
    hourlyMeanTickVolume,
    hourlyVolatility,
    hourlyTickVolume,
    busiestToQuietest: Math.max(...hourlyVolatility) / Math.min(...hourlyVolatility),
    std1m,
    annualisedVol: std1m * Math.sqrt(1440 * 260),
    kurtosis: m4 / (m2 * m2),
    deseasonalisedKurtosis,
    regimeSd,
    jumpProbability,
  };
}

/**
 * Dispersion of log volatility across clock-hour cells of deseasonalised returns: the sd of
 * log(mean |z| in the cell) minus, in quadrature, what sampling alone would give for cells of
 * that size (estimated from the pooled |z| distribution).
 */
function measureRegimeSd(z: readonly number[], cell: readonly number[]): number {
  const sums = new Map<number, { abs: number; n: number }>();
  for (let i = 0; i < z.length; i++) {
    const key = cell[i] ?? 0;
    const entry = sums.get(key) ?? { abs: 0, n: 0 };
    entry.abs += Math.abs(z[i] ?? 0);
    entry.n += 1;
    sums.set(key, entry);
  }
  const absZ = z.map(Math.abs);
  const meanAbs = meanOf(absZ);
  const varAbs = meanOf(absZ.map((v) => (v - meanAbs) ** 2));
  const logs: number[] = [];
  const noise: number[] = [];
  for (const { abs, n } of sums.values()) {
    if (n >= 50) {
      logs.push(Math.log(abs / n / meanAbs));
      noise.push(varAbs / (n * meanAbs * meanAbs));
    }
  }
  const m = meanOf(logs);
  const total = meanOf(logs.map((v) => (v - m) ** 2));
  return Math.sqrt(Math.max(0, total - meanOf(noise)));
}

/**
 * Kurtosis of the model's 1-minute innovations: a two-component normal mixture (probability p
 * of a jump with `jumpScale` × the sd) times a log-normal volatility regime with sd `regimeSd`
 * (E[g⁴]/E[g²]² = exp(4 s²)).
 */
export function modelKurtosis(p: number, jumpScale: number, regimeSd: number): number {
  const j2 = jumpScale * jumpScale;
  const mixture = (1 - p + p * j2 * j2) / (1 - p + p * j2) ** 2;
  return 3 * mixture * Math.exp(4 * regimeSd * regimeSd);
}

/**
 * Smallest jump probability whose model kurtosis matches `target` (bisection on [0, 1/J²],
 * where the mixture kurtosis rises monotonically); clamps to the ends when out of reach.
 */
export function fitJumpProbability(target: number, jumpScale: number, regimeSd: number): number {
  let lo = 0;
  let hi = 1 / (jumpScale * jumpScale);
  if (modelKurtosis(lo, jumpScale, regimeSd) >= target) {
    return 0;
  }
  if (modelKurtosis(hi, jumpScale, regimeSd) <= target) {
    return hi;
  }
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (modelKurtosis(mid, jumpScale, regimeSd) < target) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return (lo + hi) / 2;
}

/** Source text of calibration-data.ts for a measurement (what `calibrate.ts --write` saves). */
export function renderCalibrationModule(c: Calibration): string {
  const list = (values: readonly number[], significant: number): string =>
    `[\n${fill(values.map((v) => num(v, significant)))}\n  ]`;
  return `// Calibration constants of the synthetic price feed — GENERATED, do not edit by hand.
//
// Measured by \`bun src/broker/feed/calibrate.ts --write <csv>\` (calibration.ts) from
//   ${c.source}
// real EURUSD minute bars (MT4 export, bid, server time GMT+3) from
// github.com/jeremidaneau/forex_data (MIT License, Copyright (c) 2022 jeremidaneau; see
// docs/price-feed.md). The runtime reads only these constants, never the CSV.

import type { Calibration } from "./calibration.ts";

export const EURUSD_CALIBRATION: Calibration = {
  source: ${JSON.stringify(c.source)},
  barCount: ${c.barCount},
  returnCount: ${c.returnCount},
  hourlyMeanAbsPips: ${list(c.hourlyMeanAbsPips, 4)},
  hourlyMeanTickVolume: ${list(c.hourlyMeanTickVolume, 4)},
  hourlyVolatility: ${list(c.hourlyVolatility, 6)},
  hourlyTickVolume: ${list(c.hourlyTickVolume, 6)},
  busiestToQuietest: ${num(c.busiestToQuietest, 6)},
  std1m: ${num(c.std1m, 6)},
  annualisedVol: ${num(c.annualisedVol, 6)},
  kurtosis: ${num(c.kurtosis, 6)},
  deseasonalisedKurtosis: ${num(c.deseasonalisedKurtosis, 6)},
  regimeSd: ${num(c.regimeSd, 6)},
  jumpProbability: ${num(c.jumpProbability, 6)},
};
`;
}

/** Human-readable summary (what `calibrate.ts` prints before the module text). */
export function describeCalibration(c: Calibration): string {
  const lines = [
    `source: ${c.source}`,
    `bars: ${c.barCount}, 1-minute returns: ${c.returnCount}`,
    "server hour | mean |dC| pips | mean tick vol | vol profile | tick profile",
  ];
  for (let h = 0; h < HOURS; h++) {
    lines.push(
      `${String(h).padStart(2, "0")}          | ${fmt(c.hourlyMeanAbsPips[h], 3, 13)} | ${fmt(
        c.hourlyMeanTickVolume[h],
        1,
        13,
      )} | ${fmt(c.hourlyVolatility[h], 3, 11)} | ${fmt(c.hourlyTickVolume[h], 3, 12)}`,
    );
  }
  lines.push(
    `busiest/quietest hour volatility: ${c.busiestToQuietest.toFixed(2)}`,
    `1-minute log-return std: ${c.std1m.toExponential(3)} (annualised ${(c.annualisedVol * 100).toFixed(1)} %)`,
    `kurtosis: ${c.kurtosis.toFixed(1)} (excess ${(c.kurtosis - 3).toFixed(1)}); deseasonalised: ${c.deseasonalisedKurtosis.toFixed(1)}`,
    `volatility regime sd (log): ${c.regimeSd.toFixed(3)}`,
    `jump mixture: p = ${c.jumpProbability.toExponential(3)} per minute, scale ${JUMP_SCALE} × sd`,
  );
  return lines.join("\n");
}

function fmt(v: number | undefined, digits: number, width: number): string {
  return (v ?? Number.NaN).toFixed(digits).padStart(width);
}

function meanOf(values: readonly number[]): number {
  let s = 0;
  for (const v of values) {
    s += v;
  }
  return values.length === 0 ? 0 : s / values.length;
}

/** A number with `significant` digits, written as Biome leaves it (no trailing zeros). */
export function num(v: number, significant: number): string {
  return String(Number(v.toPrecision(significant)));
}

/** Lays numbers out as Biome formats a number array: filled lines of at most 100 columns. */
export function fill(items: readonly string[]): string {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    const next = line === "" ? `${item},` : `${line} ${item},`;
    if (line !== "" && 4 + next.length > 100) {
      lines.push(`    ${line}`);
      line = `${item},`;
    } else {
      line = next;
    }
  }
  if (line !== "") {
    lines.push(`    ${line}`);
  }
  return lines.join("\n");
}
