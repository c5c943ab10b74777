// The synthetic price model: one symbol, one minute at a time.
//
// Owns the equations (docs/price-feed.md §Model). Per quoted minute m at server hour H:
//   ℓ      log-volatility regime, AR(1) per UTC hour: ℓ ← φℓ + √(1−φ²)·s·Z,   g = exp(ℓ − s²)
//   σ_m  = σ_b · v_H · g                  σ_b = annualVol / √(minutes per year)
//   ε    = c · (J·Z if U < p else Z)       c = 1/√(1 − p + pJ²)  (unit variance, fat tails)
//   x_m  = x₀ + κ(μ − x₀) + σ_m·ε         x = log mid, μ = log basePrice, κ = ln2 / half-life
//   x₀   = x_{m−1} + γ·σ_b·√n·Z'          n = minutes closed since the last quote (weekend gap)
//   N_m  ~ Poisson(T · w_H · g), clamped to [1, cap]     (ticks in the minute)
// Ticks sit at N_m distinct random milliseconds of the minute; their mids follow a Brownian
// bridge from e^{x₀} to e^{x_m} (the last tick is the minute's close); spread in points is
// S · f_H · r(minute of day) · (1 ± 10 %), with r the rollover widening (server 23:55–00:10).
// v_H, w_H come from the EURUSD calibration (calibration-data.ts) raised to the profile's
// seasonality exponent; f_H = (max w / w_H)^¼ widens spreads in thin hours.
//
// Determinism: the minute-level draws (regime, gap, ε, N) come from one per-symbol xoshiro128**
// stream consumed in minute order; the intra-minute draws (tick times, bridge, spread jitter)
// come from a stream reseeded from (seed, symbol, minute), so the tick cap changes only how a
// minute is sampled, never the minute closes. Pure: the quote-session answer is passed in.

import { MINUTE_MS, type ServerCalendar } from "./calendar.ts";
import { JUMP_SCALE, REGIME_PERSISTENCE } from "./calibration.ts";
import { EURUSD_CALIBRATION } from "./calibration-data.ts";
import type { MarketProfile } from "./profiles.ts";
import { hashString, hashWords, Xoshiro128 } from "./rng.ts";

/** Model constants shared by all symbols (from the calibration unless a test overrides them). */
export interface ModelConstants {
  /** Relative volatility per server hour 0–23 (RMS 1). */
  readonly hourlyVolatility: readonly number[];
  /** Relative tick intensity per server hour 0–23 (mean 1). */
  readonly hourlyTickVolume: readonly number[];
  /** Probability per minute that the innovation is a jump. */
  readonly jumpProbability: number;
  /** Jump sd / diffusive sd. */
  readonly jumpScale: number;
  /** Sd of the log-volatility regime. */
  readonly regimeSd: number;
  /** AR(1) coefficient of the regime per hour. */
  readonly regimePersistence: number;
  /** Weekend-gap scale γ: gap sd = γ · σ_b · √(closed minutes). */
  readonly gapScale: number;
}

export const DEFAULT_MODEL_CONSTANTS: ModelConstants = Object.freeze({
  hourlyVolatility: EURUSD_CALIBRATION.hourlyVolatility,
  hourlyTickVolume: EURUSD_CALIBRATION.hourlyTickVolume,
  jumpProbability: EURUSD_CALIBRATION.jumpProbability,
  jumpScale: JUMP_SCALE,
  regimeSd: EURUSD_CALIBRATION.regimeSd,
  regimePersistence: REGIME_PERSISTENCE,
  gapScale: 0.12,
});

/** Spread jitter: ±10 % from a 24-bit uniform. */
const JITTER_PER_UNIT = 0.2 / 16_777_216;

/** Scratch buffer one simulated minute writes its ticks into (prices in integer points). */
export class MinuteTicks {
  count = 0;
  /** Milliseconds into the minute, strictly increasing, in [0, 60000). */
  readonly offsets: Int32Array;
  readonly bid: Int32Array;
  readonly ask: Int32Array;

  constructor(readonly capacity: number) {
    this.offsets = new Int32Array(capacity);
    this.bid = new Int32Array(capacity);
    this.ask = new Int32Array(capacity);
  }
}

/** Spread multiplier for the rollover window: ramps up 23:55–23:59, full to 00:05, eases by 00:10. */
export function rolloverFactor(minuteOfDay: number, peak: number): number {
  if (minuteOfDay >= 1435) {
    return 1 + ((peak - 1) * (minuteOfDay - 1434)) / 5;
  }
  if (minuteOfDay < 5) {
    return peak;
  }
  if (minuteOfDay < 10) {
    return 1 + ((peak - 1) * (10 - minuteOfDay)) / 6;
  }
  return 1;
}

/** Random-walk state of one symbol; `simulateMinute` must be called in increasing minute order. */
export class SymbolModel {
  readonly digits: number;
  private readonly point: number;
  private readonly rng: Xoshiro128;
  private readonly intra = new Xoshiro128(0);
  private readonly streamId: number;
  /** The seed folded to one 32-bit word (for the per-minute intra stream). */
  private readonly seedWord: number;
  private readonly sigmaBase: number;
  private readonly kappa: number;
  private readonly mu: number;
  private readonly c: number;
  private readonly volByHour: Float64Array;
  private readonly ticksByHour: Float64Array;
  private readonly spreadByHour: Float64Array;
  /** Log mid at the end of the last quoted minute. */
  private x: number;
  private regime: number;
  private lastHour: number;
  private lastOpenMinute: number;

  constructor(
    readonly profile: MarketProfile,
    readonly seed: number,
    /** First minute (UTC minutes since the epoch) the model is simulated from. */
    originMinute: number,
    /** Maximum ticks in one minute (from the max tick rate), ≥ 1. */
    readonly maxTicksPerMinute: number,
    private readonly k: ModelConstants = DEFAULT_MODEL_CONSTANTS,
  ) {
    this.digits = profile.digits;
    this.point = 10 ** -profile.digits;
    this.streamId = hashString(profile.symbol);
    this.seedWord = hashWords(seed);
    this.rng = new Xoshiro128(seed, this.streamId, 1);
    const minutesPerYear = (profile.tradesAllWeek ? 365 : 260) * 1440;
    this.sigmaBase = profile.annualVol / Math.sqrt(minutesPerYear);
    this.kappa = Math.LN2 / (profile.meanReversionDays * 1440);
    this.mu = Math.log(profile.basePrice);
    const p = k.jumpProbability;
    this.c = 1 / Math.sqrt(1 - p + p * k.jumpScale * k.jumpScale);
    this.volByHour = seasonal(k.hourlyVolatility, profile.seasonality, "rms");
    this.ticksByHour = seasonal(k.hourlyTickVolume, profile.seasonality, "mean");
    const busiest = Math.max(...this.ticksByHour);
    this.spreadByHour = this.ticksByHour.map((w) => (busiest / Math.max(w, 1e-6)) ** 0.25);
    // Start near the level: half the stationary sd of the mean-reverting log price.
    const stationarySd = this.sigmaBase / Math.sqrt(2 * this.kappa);
    this.x = this.mu + 0.5 * stationarySd * this.rng.normal();
    this.regime = k.regimeSd * this.rng.normal();
    this.lastHour = Math.floor(originMinute / 60);
    this.lastOpenMinute = originMinute - 1;
  }

  /** Current mid price (the close of the last quoted minute). */
  get mid(): number {
    return Math.exp(this.x);
  }

  /**
   * Simulates minute `minute` (UTC minutes since the epoch) into `out`; `open` is the quote-
   * session answer for the minute. Returns the tick count (0 when closed).
   */
  simulateMinute(minute: number, open: boolean, cal: ServerCalendar, out: MinuteTicks): number {
    out.count = 0;
    if (!open) {
      return 0;
    }
    const k = this.k;
    const rng = this.rng;
    const hourIndex = Math.floor(minute / 60);
    if (hourIndex !== this.lastHour) {
      const phiN = k.regimePersistence ** (hourIndex - this.lastHour);
      this.regime = phiN * this.regime + Math.sqrt(1 - phiN * phiN) * k.regimeSd * rng.normal();
      this.lastHour = hourIndex;
    }
    const closed = minute - this.lastOpenMinute - 1;
    let x0 = this.x;
    if (closed > 0) {
      x0 += k.gapScale * this.sigmaBase * Math.sqrt(closed) * rng.normal();
    }
    this.lastOpenMinute = minute;

    const t0 = minute * MINUTE_MS;
    const minuteOfDay = cal.minuteOfDay(t0);
    const hour = Math.floor(minuteOfDay / 60);
    const g = Math.exp(this.regime - k.regimeSd * k.regimeSd);
    const sigma = this.sigmaBase * (this.volByHour[hour] ?? 1) * g;
    const jump = rng.uniform() < k.jumpProbability;
    const eps = this.c * (jump ? k.jumpScale : 1) * rng.normal();
    const x1 = x0 + this.kappa * (this.mu - x0) + sigma * eps;
    const lambda = this.profile.ticksPerMinute * (this.ticksByHour[hour] ?? 1) * g;
    const n = Math.max(
      1,
      Math.min(this.maxTicksPerMinute, rng.poisson(lambda, this.maxTicksPerMinute)),
    );
    this.x = x1;

    // Intra-minute sampling from its own stream.
    this.intra.reseed3(this.seedWord, this.streamId, minute);
    const p0 = Math.exp(x0) / this.point;
    const p1 = Math.exp(x1) / this.point;
    const spreadBase =
      this.profile.spreadPoints *
      (this.spreadByHour[hour] ?? 1) *
      rolloverFactor(minuteOfDay, this.profile.rolloverSpreadFactor);
    sampleTickTimes(this.intra, n, out.offsets);
    sampleBridge(
      this.intra,
      n,
      p0,
      p1,
      (p0 * sigma * this.c) / Math.sqrt(MINUTE_MS),
      spreadBase,
      out,
    );
    out.count = n;
    return n;
  }
}

/**
 * `n` distinct tick offsets in [0, 60000) ms, increasing: n uniform draws on [0, 60000 − n]
 * sorted by insertion (n is small), then the i-th shifted by i.
 */
function sampleTickTimes(rng: Xoshiro128, n: number, offsets: Int32Array): void {
  const span = MINUTE_MS - n + 1;
  for (let i = 0; i < n; i++) {
    const v = Math.floor((rng.next24() * span) / 16_777_216);
    let j = i - 1;
    while (j >= 0) {
      const t = offsets[j] ?? 0;
      if (t <= v) {
        break;
      }
      offsets[j + 1] = t;
      j--;
    }
    offsets[j + 1] = v;
  }
  for (let i = 0; i < n; i++) {
    offsets[i] = (offsets[i] ?? 0) + i;
  }
}

/**
 * Mids along a Brownian bridge (in points) from `p0` at offset 0 to `p1` at the last tick, with
 * `sdPerMs` the diffusive sd per √ms; each tick gets a spread of `spreadBase` ± 10 % (≥ 1 point)
 * centred on the mid, and bid/ask rounded to whole points.
 */
function sampleBridge(
  rng: Xoshiro128,
  n: number,
  p0: number,
  p1: number,
  sdPerMs: number,
  spreadBase: number,
  out: MinuteTicks,
): void {
  const offsets = out.offsets;
  const last = offsets[n - 1] ?? 0;
  let y = p0;
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const tau = offsets[i] ?? 0;
    if (i === n - 1) {
      y = p1;
    } else {
      const remaining = last - prev;
      const dt = tau - prev;
      if (dt > 0) {
        const sd = sdPerMs * Math.sqrt((dt * (remaining - dt)) / remaining);
        y += ((p1 - y) * dt) / remaining + sd * rng.quickNormal();
      }
    }
    prev = tau;
    const spread = Math.max(1, Math.round(spreadBase * (0.9 + rng.next24() * JITTER_PER_UNIT)));
    const bid = Math.round(y - spread / 2);
    out.bid[i] = bid;
    out.ask[i] = bid + spread;
  }
}

/** Profile values raised to `exponent`, rescaled to RMS 1 or mean 1 over the 24 hours. */
function seasonal(values: readonly number[], exponent: number, norm: "rms" | "mean"): Float64Array {
  const out = new Float64Array(24);
  for (let h = 0; h < 24; h++) {
    out[h] = Math.max(values[h] ?? 1, 1e-6) ** exponent;
  }
  let acc = 0;
  for (const v of out) {
    acc += norm === "rms" ? v * v : v;
  }
  const scale = norm === "rms" ? Math.sqrt(acc / 24) : acc / 24;
  return out.map((v) => v / scale);
}
