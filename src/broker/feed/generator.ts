// The synthetic live feed: a seeded, deterministic TickSource over the market profiles.
//
// Owns: building one SymbolModel per profile, back-filling their history (history.ts) up to the
// start instant, then handing out live ticks minute by minute as the caller's clock advances.
// A minute is simulated for every symbol when the clock first enters it and its ticks are
// buffered, so `advance` returns the same ticks however the caller slices time.
//
// Determinism contract: seed + startMs + options (profiles, session predicate, tick cap,
// intensity, history length, constants) → the same history bars and the same tick sequence; the
// tick cap and the intensity change the ticks inside a minute, never the minute closes. The path
// starts at `startMs − historyDays` (floored to the minute), so two feeds that share that origin
// share the whole path. Pure: no clock, no Math.random; the session predicate is injected.

import { DAY_MS } from "../../mt5/server-time.ts";
import { BarStore } from "./bars.ts";
import { MINUTE_MS, ServerCalendar } from "./calendar.ts";
import { backfillHistory } from "./history.ts";
import { DEFAULT_MODEL_CONSTANTS, MinuteTicks, type ModelConstants, SymbolModel } from "./model.ts";
import { MARKET_PROFILES, type MarketProfile } from "./profiles.ts";
import { createFxQuoteSessions } from "./sessions.ts";
import type { QuoteOpenPredicate, Tick, TickSource } from "./types.ts";

export interface SyntheticFeedOptions {
  /** Seed of every random stream; any integer (the same seed gives the same prices). */
  readonly seed: number;
  /** Where the live feed starts, UTC ms (floored to the minute); the history ends here. */
  readonly startMs: number;
  /** Symbols to quote (default: all 20 demo profiles, in catalog order). */
  readonly profiles?: readonly MarketProfile[];
  /** Quote sessions (default: FX-style weekdays with a 00:00 server break; crypto 24/7). */
  readonly isQuoteOpen?: QuoteOpenPredicate;
  /** Cap on ticks per second per symbol, averaged over a minute (default 10; ≥ 1/60). */
  readonly maxTicksPerSecond?: number;
  /** Scale on every symbol's measured tick intensity (default 1 = as recorded; ≥ 0). */
  readonly tickIntensity?: number;
  /** Days of M1 history generated before `startMs` (default 30). */
  readonly historyDays?: number;
  /** Model constants (default: the EURUSD calibration). */
  readonly constants?: ModelConstants;
}

export const DEFAULT_MAX_TICKS_PER_SECOND = 10;
export const DEFAULT_TICK_INTENSITY = 1;
export const DEFAULT_HISTORY_DAYS = 30;

/** What `createSyntheticFeed` builds: the live source and the back-filled bar store. */
export interface SyntheticMarket {
  readonly feed: SyntheticFeed;
  /** M1 history before the start (aggregates on demand); live M1 bars may be appended to it. */
  readonly history: BarStore;
}

/** Builds the models, back-fills `historyDays` of M1 bars, and returns the live feed at `startMs`. */
export function createSyntheticFeed(options: SyntheticFeedOptions): SyntheticMarket {
  const profiles = options.profiles ?? Object.values(MARKET_PROFILES);
  const isQuoteOpen = options.isQuoteOpen ?? createFxQuoteSessions();
  const rate = options.maxTicksPerSecond ?? DEFAULT_MAX_TICKS_PER_SECOND;
  const maxTicksPerMinute = Math.max(1, Math.min(MINUTE_MS, Math.floor(rate * 60)));
  const historyDays = Math.max(0, options.historyDays ?? DEFAULT_HISTORY_DAYS);
  const startMinute = Math.floor(options.startMs / MINUTE_MS);
  const originMinute = startMinute - Math.round((historyDays * DAY_MS) / MINUTE_MS);
  const constants = options.constants ?? DEFAULT_MODEL_CONSTANTS;
  const intensity = Math.max(0, options.tickIntensity ?? DEFAULT_TICK_INTENSITY);
  const models = profiles.map(
    (p) => new SymbolModel(p, options.seed, originMinute, maxTicksPerMinute, constants, intensity),
  );
  const digits = new Map(profiles.map((p) => [p.symbol, p.digits]));
  const history = new BarStore((symbol) => digits.get(symbol) ?? 5);
  const cal = new ServerCalendar();
  backfillHistory(models, isQuoteOpen, cal, originMinute, startMinute, history);
  const feed = new SyntheticFeed(models, isQuoteOpen, cal, startMinute, originMinute * MINUTE_MS);
  return { feed, history };
}

/** Live ticks from models positioned at the start minute (build it with `createSyntheticFeed`). */
export class SyntheticFeed implements TickSource {
  readonly symbols: readonly string[];
  /** First instant of the live feed (UTC ms, minute-aligned). */
  readonly startMs: number;
  private now: number;
  private readonly buffers: MinuteTicks[];
  private readonly digits: ReadonlyMap<string, number>;
  private minuteTicks: Tick[] = [];
  private cursor = 0;
  private bufferedMinute = Number.NaN;

  constructor(
    private readonly models: readonly SymbolModel[],
    private readonly isQuoteOpen: QuoteOpenPredicate,
    private readonly cal: ServerCalendar,
    startMinute: number,
    /** First instant of the simulated path (start of the history), UTC ms. */
    readonly originMs: number,
  ) {
    this.symbols = models.map((m) => m.profile.symbol);
    this.startMs = startMinute * MINUTE_MS;
    this.now = this.startMs;
    this.buffers = models.map((m) => new MinuteTicks(m.maxTicksPerMinute));
    this.digits = new Map(models.map((m) => [m.profile.symbol, m.digits]));
  }

  get nowMs(): number {
    return this.now;
  }

  digitsOf(symbol: string): number {
    return this.digits.get(symbol) ?? 5;
  }

  advance(toUtcMs: number): Tick[] {
    const out: Tick[] = [];
    while (this.now < toUtcMs) {
      const minute = Math.floor(this.now / MINUTE_MS);
      if (minute !== this.bufferedMinute) {
        this.simulate(minute);
      }
      const limit = Math.min(toUtcMs, (minute + 1) * MINUTE_MS);
      const ticks = this.minuteTicks;
      while (this.cursor < ticks.length) {
        const tick = ticks[this.cursor];
        if (tick === undefined || tick.timeMs >= limit) {
          break;
        }
        out.push(tick);
        this.cursor++;
      }
      this.now = limit;
    }
    return out;
  }

  /** Simulates `minute` for every symbol and buffers its ticks in time order. */
  private simulate(minute: number): void {
    const t0 = minute * MINUTE_MS;
    const ticks: Tick[] = [];
    for (let s = 0; s < this.models.length; s++) {
      const model = this.models[s];
      const buf = this.buffers[s];
      if (model === undefined || buf === undefined) {
        continue;
      }
      const symbol = model.profile.symbol;
      const n = model.simulateMinute(minute, this.isQuoteOpen(symbol, t0), this.cal, buf);
      const scale = 10 ** model.digits;
      for (let i = 0; i < n; i++) {
        ticks.push({
          symbol,
          bid: (buf.bid[i] ?? 0) / scale,
          ask: (buf.ask[i] ?? 0) / scale,
          timeMs: t0 + (buf.offsets[i] ?? 0),
        });
      }
    }
    ticks.sort((a, b) => a.timeMs - b.timeMs); // stable: ties stay in symbol order
    this.minuteTicks = ticks;
    this.cursor = 0;
    this.bufferedMinute = minute;
  }
}
