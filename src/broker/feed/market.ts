// The feed as the broker consumes it: a tick source, its bar history and the live bar builder
// wired together.
//
// Owns: advancing a TickSource (synthetic or replay), folding its ticks into forming bars of
// every timeframe, appending each closed M1 bar to the BarStore (so higher timeframes and later
// queries see it), and answering bar queries that include the forming bar, as MT5's CopyRates
// does. The builder is primed from the history so a bar straddling the live start (say the
// current H1) keeps its history part. Pure: time only moves when the caller says so.

import type { BarEvent, BarQuery, BarStore } from "./bars.ts";
import { bucketKey, LiveBarBuilder } from "./bars.ts";
import { ServerCalendar } from "./calendar.ts";
import { type Bar, TIMEFRAMES, type Tick, type TickSource, type Timeframe } from "./types.ts";

/** What one `advance` produced. */
export interface FeedStep {
  /** Ticks in time order. */
  readonly ticks: Tick[];
  /** Bar updates and closes in the order they happened. */
  readonly bars: BarEvent[];
}

export class MarketFeed {
  readonly builder: LiveBarBuilder;
  private readonly cal = new ServerCalendar();

  constructor(
    readonly source: TickSource,
    readonly store: BarStore,
    timeframes: readonly Timeframe[] = TIMEFRAMES,
  ) {
    // M1 closes feed the store, so M1 is always built.
    const built: readonly Timeframe[] = timeframes.includes("M1")
      ? timeframes
      : ["M1", ...timeframes];
    this.builder = new LiveBarBuilder((s) => source.digitsOf(s), built);
    for (const symbol of source.symbols) {
      for (const tf of built) {
        const last = store.query(symbol, tf, { count: 1 })[0];
        if (last !== undefined && this.sameBucket(tf, last.timeMs, source.nowMs)) {
          this.builder.prime(symbol, tf, last, bucketKey(tf, last.timeMs, this.cal));
        }
      }
    }
  }

  get nowMs(): number {
    return this.source.nowMs;
  }

  /** Advances the source to `toUtcMs`; returns its ticks and the bar events they caused. */
  advance(toUtcMs: number): FeedStep {
    const ticks = this.source.advance(toUtcMs);
    const bars: BarEvent[] = [];
    for (const tick of ticks) {
      for (const event of this.builder.onTick(tick)) {
        this.record(event);
        bars.push(event);
      }
    }
    for (const event of this.builder.closeDue(this.source.nowMs)) {
      this.record(event);
      bars.push(event);
    }
    return { ticks, bars };
  }

  /** Bars of `symbol` in `tf` selected by `query`, including the forming bar. */
  bars(symbol: string, tf: Timeframe, query: BarQuery = {}): Bar[] {
    const forming = this.builder.current(symbol, tf);
    const stored = this.store.query(symbol, tf, query);
    if (forming === undefined) {
      return stored;
    }
    const inRange =
      (query.fromMs === undefined || forming.timeMs >= query.fromMs) &&
      (query.toMs === undefined || forming.timeMs <= query.toMs);
    if (!inRange) {
      return stored;
    }
    const last = stored[stored.length - 1];
    if (last !== undefined && last.timeMs === forming.timeMs) {
      stored[stored.length - 1] = forming;
      return stored;
    }
    const full = query.count !== undefined && stored.length >= query.count;
    if (
      (last !== undefined && last.timeMs > forming.timeMs) ||
      (full && query.fromMs !== undefined)
    ) {
      return stored;
    }
    stored.push(forming);
    if (query.count !== undefined && stored.length > query.count && query.fromMs === undefined) {
      stored.shift();
    }
    return stored;
  }

  private record(event: BarEvent): void {
    if (event.kind === "close" && event.timeframe === "M1") {
      this.store.appendM1(event.symbol, event.bar);
    }
  }

  private sameBucket(tf: Timeframe, a: number, b: number): boolean {
    return bucketKey(tf, a, this.cal) === bucketKey(tf, b, this.cal);
  }
}
