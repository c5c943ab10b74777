// The synthetic price model: one symbol, one minute at a time.
//
// Owns the equations (docs/price-feed.md §Model). Per quoted minute m at server hour H:
//   ℓ      log-volatility regime, AR(1) per UTC hour: ℓ ← φℓ + √(1−φ²)·s·Z,   g = exp(ℓ − s²)
//   σ_m  = σ_b · v_H · g                  σ_b = annualVol / √(minutes per year)
//   ε    = c · (J·Z if U < p else Z)       c = 1/√(1 − p + pJ²)  (unit variance, fat tails)
//   x_m  = x₀ + κ(μ − x₀) + σ_m·ε         x = log mid, μ = log basePrice, κ = ln2 / half-life
//   x₀   = x_{m−1} + γ·σ_b·√n·Z'          n = minutes closed since the last quote (weekend gap)
//   u    ← ψⁿ·u + σ_u·√(1 − ψ²ⁿ)·Z'' + K·[jump]      minute-level log activity (n minutes on)
//   λ_m  = I · A · L_H · D_d · B_q · exp(β·ℓ − β²s²/2 + u − σ_u²/2)
//   N_m  ~ Poisson(λ_m), clamped to [1, cap]           (ticks in the minute)
// L_H (ticks/min by server hour), D_d (weekday), B_q (burst by minute of the hour), β, ψ, σ_u
// and K are measured from recorded tick volumes (intensity-data.ts); A is the symbol's activity
// relative to the reference recording (intensity.ts), I the operator's intensity scale.
// Ticks sit at N_m distinct random milliseconds of the minute (uniform order statistics); their
// mids follow a bridge in tick time from e^{x₀} to e^{x_m} (equal-variance steps; the last tick
// is the minute's close); spread in points is S · f_H · r(minute of day) · (1 ± 10 %), with r
// the rollover widening (server 23:55–00:10). v_H, w_H come from the EURUSD calibration
// (calibration-data.ts) raised to the profile's seasonality exponent; f_H = (max w / w_H)^¼
// widens spreads in thin hours.
//
// Determinism: the minute-level price draws (regime, gap, ε) come from one per-symbol
// xoshiro128** stream consumed in minute order, the activity draws from a second one; the
// intra-minute draws (N, tick times, bridge, spread jitter) come from a stream reseeded from
// (seed, symbol, minute), so the intensity scale and the tick cap change only how a minute is
// sampled, never the minute closes. Pure: the quote-session answer is passed in.

import { MINUTE_MS, type ServerCalendar } from "./calendar.ts";
import { JUMP_SCALE, REGIME_PERSISTENCE } from "./calibration.ts";
import { EURUSD_CALIBRATION } from "./calibration-data.ts";
import { burstFactorsOf, symbolActivity, type TickIntensityCalibration } from "./intensity.ts";
import { TICK_INTENSITY } from "./intensity-data.ts";
import { getProfile, type MarketProfile } from "./profiles.ts";
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
  /** Tick intensity measured from recorded tick volumes (level, shape, bursts, clustering). */
  readonly intensity: TickIntensityCalibration;
}

export const DEFAULT_MODEL_CONSTANTS: ModelConstants = Object.freeze({
  hourlyVolatility: EURUSD_CALIBRATION.hourlyVolatility,
  hourlyTickVolume: EURUSD_CALIBRATION.hourlyTickVolume,
  jumpProbability: EURUSD_CALIBRATION.jumpProbability,
  jumpScale: JUMP_SCALE,
  regimeSd: EURUSD_CALIBRATION.regimeSd,
  regimePersistence: REGIME_PERSISTENCE,
  gapScale: 0.12,
  intensity: TICK_INTENSITY,
});

/** Spread jitter: ±10 % from an 8-bit uniform (the top byte of the bridge's random word). */
const JITTER_PER_UNIT = 0.2 / 255;
/** Bridge noise: the sum of a word's three low bytes, centred and scaled to sd 1 (Irwin–Hall). */
const BYTES3_MEAN = 382.5;
const BYTES3_INV_SD = 1 / Math.sqrt((3 * (256 * 256 - 1)) / 12);

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
  /** Minute-level activity draws (kept apart so prices never depend on the tick intensity). */
  private readonly activityRng: Xoshiro128;
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
  /** Mean ticks per minute by server hour for this symbol (I · A · L_H, seasonality applied). */
  private readonly lambdaByHour: Float64Array;
  private readonly weekdayFactor: Float64Array;
  private readonly burstByMinute: Float64Array;
  /** β: loading of the volatility regime on log activity; and the constant of the exponent. */
  private readonly regimeLoading: number;
  private readonly activityOffset: number;
  /** Bridge tables by remaining steps r: 1/r and √((r − 1)/r). */
  private readonly invSteps: Float64Array;
  private readonly bridgeSd: Float64Array;
  /** Cumulative spacings of the tick times (scratch). */
  private readonly spacing: Float64Array;
  /** Log mid at the end of the last quoted minute. */
  private x: number;
  private regime: number;
  /** Minute-level log activity u (AR(1) with jump kicks). */
  private activity = 0;
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
    /** Scale on every symbol's tick intensity (1 = as recorded). */
    readonly tickIntensity = 1,
  ) {
    this.digits = profile.digits;
    this.point = 10 ** -profile.digits;
    this.streamId = hashString(profile.symbol);
    this.seedWord = hashWords(seed);
    this.rng = new Xoshiro128(seed, this.streamId, 1);
    this.activityRng = new Xoshiro128(seed, this.streamId, 2);
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
    const ti = k.intensity;
    const level = ti.hourlyTicksPerMinute.reduce((a, v) => a + v, 0) / 24;
    const shape = seasonal(
      ti.hourlyTicksPerMinute.map((v) => v / level),
      profile.seasonality,
      "mean",
    );
    const referenceVol = getProfile(ti.reference)?.annualVol ?? profile.annualVol;
    const scale = Math.max(0, tickIntensity) * symbolActivity(profile, ti, referenceVol) * level;
    this.lambdaByHour = shape.map((v) => v * scale);
    this.weekdayFactor = Float64Array.from({ length: 7 }, (_, d) => ti.weekdayFactor[d] ?? 1);
    this.burstByMinute = burstFactorsOf(ti);
    this.regimeLoading = k.regimeSd > 0 ? ti.tickRegimeSd / k.regimeSd : 0;
    this.activityOffset =
      -0.5 * (this.regimeLoading * k.regimeSd) ** 2 - 0.5 * ti.activitySd * ti.activitySd;
    this.invSteps = new Float64Array(maxTicksPerMinute + 1);
    this.bridgeSd = new Float64Array(maxTicksPerMinute + 1);
    for (let r = 1; r <= maxTicksPerMinute; r++) {
      this.invSteps[r] = 1 / r;
      this.bridgeSd[r] = Math.sqrt((r - 1) / r);
    }
    this.spacing = new Float64Array(maxTicksPerMinute);
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
   * session answer for the minute. Returns the tick count (0 when closed). Tick times are drawn
   * last, so `withTimes = false` (the history back-fill, which needs only prices) skips them
   * without changing anything else.
   */
  simulateMinute(
    minute: number,
    open: boolean,
    cal: ServerCalendar,
    out: MinuteTicks,
    withTimes = true,
  ): number {
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
    const ti = k.intensity;

    const t0 = minute * MINUTE_MS;
    const minuteOfDay = cal.minuteOfDay(t0);
    const hour = Math.floor(minuteOfDay / 60);
    const g = Math.exp(this.regime - k.regimeSd * k.regimeSd);
    const sigma = this.sigmaBase * (this.volByHour[hour] ?? 1) * g;
    const jump = rng.uniform() < k.jumpProbability;
    const eps = this.c * (jump ? k.jumpScale : 1) * rng.normal();
    const x1 = x0 + this.kappa * (this.mu - x0) + sigma * eps;
    this.x = x1;

    // Activity: AR(1) over the minutes since the last quote, kicked by a jump-sized move.
    const psi = ti.activityPersistence;
    const psiN = closed === 0 ? psi : psi ** (closed + 1);
    this.activity =
      psiN * this.activity +
      ti.activitySd * Math.sqrt(1 - psiN * psiN) * this.activityRng.normal() +
      (jump ? ti.jumpActivityKick : 0);
    const lambda =
      (this.lambdaByHour[hour] ?? 0) *
      (this.weekdayFactor[cal.weekday(t0)] ?? 1) *
      (this.burstByMinute[minuteOfDay % 60] ?? 1) *
      Math.exp(this.regimeLoading * this.regime + this.activity + this.activityOffset);

    // Intra-minute sampling from its own stream.
    const intra = this.intra;
    intra.reseed3(this.seedWord, this.streamId, minute);
    // The closing tick's random word comes first, so its bid (the M1 close) does not depend on
    // how many ticks the minute gets.
    const closeWord = intra.nextI32();
    const cap = this.maxTicksPerMinute;
    const n = Math.max(1, Math.min(cap, intra.poisson(lambda, cap)));
    const p0 = Math.exp(x0) / this.point;
    const p1 = Math.exp(x1) / this.point;
    const spreadBase =
      this.profile.spreadPoints *
      (this.spreadByHour[hour] ?? 1) *
      rolloverFactor(minuteOfDay, this.profile.rolloverSpreadFactor);
    const sdStep = (p0 * sigma * this.c) / Math.sqrt(n);
    this.sampleBridge(n, p0, p1, sdStep, spreadBase, closeWord, out);
    if (withTimes) {
      sampleTickTimes(intra, n, out.offsets, this.spacing);
    }
    out.count = n;
    return n;
  }

  /**
   * Mids along a bridge in tick time (in points) from `p0` at the minute's start to `p1` at the
   * last tick: each of the `n` steps has sd `sdStep` before the pinning, drawn sequentially as
   * y ← y + (p1 − y)/r + sdStep·√((r − 1)/r)·Z with r the steps left (Z: a cheap bounded
   * approximate normal from three random bytes; the paths inside a minute need no tails). Each
   * tick gets a spread of `spreadBase` ± 10 % (the fourth byte; ≥ 1 point) centred on the mid;
   * bid/ask are whole points. One 32-bit draw per tick (the closing tick's is `closeWord`).
   */
  private sampleBridge(
    n: number,
    p0: number,
    p1: number,
    sdStep: number,
    spreadBase: number,
    closeWord: number,
    out: MinuteTicks,
  ): void {
    const rng = this.intra;
    const inv = this.invSteps;
    const sd = this.bridgeSd;
    const bidOut = out.bid;
    const askOut = out.ask;
    const noise = sdStep * BYTES3_INV_SD;
    let y = p0;
    for (let i = 0; i < n; i++) {
      const r = n - i;
      const w = r === 1 ? closeWord : rng.nextI32();
      if (r === 1) {
        y = p1;
      } else {
        const z = (w & 255) + ((w >>> 8) & 255) + ((w >>> 16) & 255) - BYTES3_MEAN;
        y += (p1 - y) * (inv[r] ?? 0) + noise * (sd[r] ?? 0) * z;
      }
      // Rounding by `+ 0.5 | 0` (prices are positive whole points below 2^31, as the Int32Array
      // storage requires): several times faster than Math.round in this loop.
      let spread = (spreadBase * (0.9 + (w >>> 24) * JITTER_PER_UNIT) + 0.5) | 0;
      if (spread < 1) {
        spread = 1;
      }
      const bid = (y - spread * 0.5 + 0.5) | 0;
      bidOut[i] = bid;
      askOut[i] = bid + spread;
    }
  }
}

/**
 * `n` distinct tick offsets in [0, 60000) ms, increasing: the order statistics of n uniforms on
 * [0, 60001 − n) from n + 1 exponential spacings (O(n), no sort), floored, the i-th shifted by i.
 */
function sampleTickTimes(
  rng: Xoshiro128,
  n: number,
  offsets: Int32Array,
  cumulative: Float64Array,
): void {
  let acc = 0;
  for (let i = 0; i < n; i++) {
    acc -= Math.log(rng.uniform());
    cumulative[i] = acc;
  }
  acc -= Math.log(rng.uniform());
  const span = MINUTE_MS - n + 1;
  const scale = span / acc;
  for (let i = 0; i < n; i++) {
    offsets[i] = Math.min(span - 1, Math.floor((cumulative[i] ?? 0) * scale)) + i;
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
