// OHLC bars: server-time bucketing, compact bar series, aggregation M1 → M5 … MN1, the bar store
// the broker answers history queries from, and the live bar builder that folds ticks (for the
// feed, the streaming hub and the EA instances' forming bar).
//
// Bucketing (MT5 conventions on broker server time, see src/mt5/server-time.ts):
//   M1 … H1  fixed UTC periods (the server offset is a whole number of hours, so they coincide
//            with server-time boundaries);
//   H4       server wall hours 00, 04, 08, 12, 16, 20;
//   D1       00:00 server time (17:00 New York);
//   W1       Sunday 00:00 server time;
//   MN1      the 1st of the month, 00:00 server time.
// A bar's `timeMs` is the UTC instant of its bucket's nominal start. Across a US DST switch the
// server clock skips or repeats an hour; a bucket is identified by its wall-time key, so the
// repeated hour of the autumn switch folds into the bucket it belongs to on the wall clock.
//
// Storage is columnar (typed arrays, prices as integer points) so 30 days × 20 symbols of M1
// (~860k bars) stay around 30 MB. Pure: no clock, no I/O.

import { MINUTE_MS, ServerCalendar } from "./calendar.ts";
import type { Bar, Tick, Timeframe } from "./types.ts";

const FIXED_MINUTES: Partial<Record<Timeframe, number>> = {
  M1: 1,
  M5: 5,
  M15: 15,
  M30: 30,
  H1: 60,
};

/** Key identifying the bucket of `tf` that contains `utcMs`; non-decreasing in time. */
export function bucketKey(tf: Timeframe, utcMs: number, cal: ServerCalendar): number {
  const fixed = FIXED_MINUTES[tf];
  if (fixed !== undefined) {
    return Math.floor(utcMs / (fixed * MINUTE_MS));
  }
  switch (tf) {
    case "H4":
      return Math.floor(cal.wallMinute(utcMs) / 240);
    case "D1":
      return cal.wallDay(utcMs);
    case "W1":
      return cal.wallWeek(utcMs);
    default:
      return cal.monthKey(utcMs);
  }
}

/** UTC ms at which the bucket of `tf` containing `utcMs` opens. */
export function bucketOpenMs(tf: Timeframe, utcMs: number, cal: ServerCalendar): number {
  const fixed = FIXED_MINUTES[tf];
  if (fixed !== undefined) {
    const period = fixed * MINUTE_MS;
    return Math.floor(utcMs / period) * period;
  }
  switch (tf) {
    case "H4":
      return cal.wallToUtc(Math.floor(cal.wallMinute(utcMs) / 240) * 240);
    case "D1":
      return cal.wallToUtc(cal.wallDay(utcMs) * 1440);
    case "W1":
      return cal.wallToUtc((cal.wallWeek(utcMs) * 7 - 4) * 1440);
    default:
      return cal.wallToUtc(cal.monthStartWallDay(utcMs) * 1440);
  }
}

/** Rounds a price to integer points of `digits`. */
export function toPoints(price: number, digits: number): number {
  return Math.round(price * 10 ** digits);
}

/** Converts integer points back to a price (the nearest double to the decimal value). */
export function fromPoints(points: number, digits: number): number {
  return points / 10 ** digits;
}

/** A growable, time-ordered column store of bars with prices in integer points. */
export class BarSeries {
  /** Number of bars held. */
  length = 0;
  private time: Float64Array;
  private open: Int32Array;
  private high: Int32Array;
  private low: Int32Array;
  private close: Int32Array;
  private volume: Int32Array;
  private spread: Int32Array;

  constructor(
    /** Price digits of the symbol (points = price × 10^digits). */
    readonly digits: number,
    capacity = 1024,
  ) {
    const n = Math.max(16, capacity);
    this.time = new Float64Array(n);
    this.open = new Int32Array(n);
    this.high = new Int32Array(n);
    this.low = new Int32Array(n);
    this.close = new Int32Array(n);
    this.volume = new Int32Array(n);
    this.spread = new Int32Array(n);
  }

  /** Appends a bar (prices in points). Callers keep `timeMs` increasing. */
  push(
    timeMs: number,
    open: number,
    high: number,
    low: number,
    close: number,
    tickVolume: number,
    spread: number,
  ): void {
    if (this.length === this.time.length) {
      this.grow();
    }
    const i = this.length;
    this.time[i] = timeMs;
    this.open[i] = open;
    this.high[i] = high;
    this.low[i] = low;
    this.close[i] = close;
    this.volume[i] = tickVolume;
    this.spread[i] = spread;
    this.length = i + 1;
  }

  /** Folds one more bar (prices in points) into the last bar. */
  mergeIntoLast(
    high: number,
    low: number,
    close: number,
    tickVolume: number,
    spread: number,
  ): void {
    const i = this.length - 1;
    if (i < 0) {
      return;
    }
    this.high[i] = Math.max(this.high[i] ?? high, high);
    this.low[i] = Math.min(this.low[i] ?? low, low);
    this.close[i] = close;
    this.volume[i] = (this.volume[i] ?? 0) + tickVolume;
    this.spread[i] = Math.min(this.spread[i] ?? spread, spread);
  }

  timeAt(i: number): number {
    return this.time[i] ?? Number.NaN;
  }
  openAt(i: number): number {
    return this.open[i] ?? 0;
  }
  highAt(i: number): number {
    return this.high[i] ?? 0;
  }
  lowAt(i: number): number {
    return this.low[i] ?? 0;
  }
  closeAt(i: number): number {
    return this.close[i] ?? 0;
  }
  volumeAt(i: number): number {
    return this.volume[i] ?? 0;
  }
  spreadAt(i: number): number {
    return this.spread[i] ?? 0;
  }

  /** The i-th bar with prices converted from points. */
  bar(i: number): Bar {
    const d = this.digits;
    return {
      timeMs: this.timeAt(i),
      open: fromPoints(this.openAt(i), d),
      high: fromPoints(this.highAt(i), d),
      low: fromPoints(this.lowAt(i), d),
      close: fromPoints(this.closeAt(i), d),
      tickVolume: this.volumeAt(i),
      spread: this.spreadAt(i),
    };
  }

  /** Index of the first bar with `timeMs >= t` (length when none). */
  lowerBound(t: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.time[mid] ?? 0) < t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** Index of the first bar with `timeMs > t` (length when none). */
  upperBound(t: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.time[mid] ?? 0) <= t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** Bytes held by the columns (capacity, not length). */
  get byteLength(): number {
    return this.time.byteLength + this.open.byteLength * 6;
  }

  private grow(): void {
    const n = this.time.length * 2;
    const f64 = (a: Float64Array): Float64Array => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    const i32 = (a: Int32Array): Int32Array => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.time = f64(this.time);
    this.open = i32(this.open);
    this.high = i32(this.high);
    this.low = i32(this.low);
    this.close = i32(this.close);
    this.volume = i32(this.volume);
    this.spread = i32(this.spread);
  }
}

/**
 * Incrementally aggregates an M1 series into a higher timeframe: each call folds the M1 bars
 * appended since the previous call. The last aggregated bar stays open (it is the forming bar)
 * until an M1 bar of a later bucket arrives.
 */
export class Aggregator {
  readonly series: BarSeries;
  private consumed = 0;
  private lastKey = Number.NaN;

  constructor(
    readonly timeframe: Timeframe,
    private readonly source: BarSeries,
    private readonly cal: ServerCalendar,
  ) {
    this.series = new BarSeries(source.digits, Math.ceil(source.length / 4) + 16);
  }

  /** Folds any new M1 bars; returns the aggregated series. */
  sync(): BarSeries {
    const src = this.source;
    const out = this.series;
    const tf = this.timeframe;
    for (let i = this.consumed; i < src.length; i++) {
      const t = src.timeAt(i);
      const key = bucketKey(tf, t, this.cal);
      if (key === this.lastKey) {
        out.mergeIntoLast(
          src.highAt(i),
          src.lowAt(i),
          src.closeAt(i),
          src.volumeAt(i),
          src.spreadAt(i),
        );
      } else {
        out.push(
          bucketOpenMs(tf, t, this.cal),
          src.openAt(i),
          src.highAt(i),
          src.lowAt(i),
          src.closeAt(i),
          src.volumeAt(i),
          src.spreadAt(i),
        );
        this.lastKey = key;
      }
    }
    this.consumed = src.length;
    return out;
  }
}

/**
 * Aggregates time-ordered M1 bars into `tf` (a convenience over Aggregator for plain arrays;
 * prices are rounded to `digits` on the way in).
 */
export function aggregateBars(m1: readonly Bar[], tf: Timeframe, digits: number): Bar[] {
  const src = new BarSeries(digits, m1.length);
  for (const b of m1) {
    src.push(
      b.timeMs,
      toPoints(b.open, digits),
      toPoints(b.high, digits),
      toPoints(b.low, digits),
      toPoints(b.close, digits),
      b.tickVolume,
      b.spread,
    );
  }
  if (tf === "M1") {
    return Array.from({ length: src.length }, (_, i) => src.bar(i));
  }
  const agg = new Aggregator(tf, src, new ServerCalendar()).sync();
  return Array.from({ length: agg.length }, (_, i) => agg.bar(i));
}

/**
 * Which bars a query wants, MT5 `CopyRates` style:
 * - `fromMs` and `toMs`: bars opening in [fromMs, toMs] (the last `count` of them if given);
 * - `toMs` and `count`: the last `count` bars opening at or before `toMs`;
 * - `fromMs` and `count`: the first `count` bars opening at or after `fromMs`;
 * - `count` alone: the latest `count` bars; nothing: every bar.
 */
export interface BarQuery {
  /** Earliest bar open time wanted, UTC ms (inclusive). */
  readonly fromMs?: number;
  /** Latest bar open time wanted, UTC ms (inclusive). */
  readonly toMs?: number;
  /** Maximum number of bars. */
  readonly count?: number;
}

/** M1 history per symbol plus lazily maintained aggregates; answers bar queries. */
export class BarStore {
  private readonly m1 = new Map<string, BarSeries>();
  private readonly aggregates = new Map<string, Map<Timeframe, Aggregator>>();
  private readonly cal = new ServerCalendar();

  constructor(private readonly digitsOf: (symbol: string) => number) {}

  /** Symbols with a series (in insertion order). */
  get symbols(): readonly string[] {
    return [...this.m1.keys()];
  }

  /** The M1 series of `symbol`, created empty on first use (for writers). */
  series(symbol: string, capacityHint = 1024): BarSeries {
    let s = this.m1.get(symbol);
    if (s === undefined) {
      s = new BarSeries(this.digitsOf(symbol), capacityHint);
      this.m1.set(symbol, s);
    }
    return s;
  }

  /** Appends a completed M1 bar; ignored unless it opens after the symbol's last bar. */
  appendM1(symbol: string, bar: Bar): void {
    const s = this.series(symbol);
    if (s.length > 0 && bar.timeMs <= s.timeAt(s.length - 1)) {
      return;
    }
    const d = s.digits;
    s.push(
      bar.timeMs,
      toPoints(bar.open, d),
      toPoints(bar.high, d),
      toPoints(bar.low, d),
      toPoints(bar.close, d),
      bar.tickVolume,
      bar.spread,
    );
  }

  /** Number of bars of `symbol` in `tf` (aggregating as needed). */
  count(symbol: string, tf: Timeframe): number {
    return this.seriesFor(symbol, tf)?.length ?? 0;
  }

  /** Bars of `symbol` in `tf` selected by `query`, oldest first. */
  query(symbol: string, tf: Timeframe, query: BarQuery = {}): Bar[] {
    const s = this.seriesFor(symbol, tf);
    if (s === undefined) {
      return [];
    }
    let lo = query.fromMs === undefined ? 0 : s.lowerBound(query.fromMs);
    let hi = query.toMs === undefined ? s.length : s.upperBound(query.toMs);
    const count = query.count === undefined ? undefined : Math.max(0, Math.floor(query.count));
    if (count !== undefined) {
      if (query.fromMs !== undefined && query.toMs === undefined) {
        hi = Math.min(hi, lo + count);
      } else {
        lo = Math.max(lo, hi - count);
      }
    }
    const out: Bar[] = [];
    for (let i = lo; i < hi; i++) {
      out.push(s.bar(i));
    }
    return out;
  }

  /** Approximate bytes held by all series. */
  get byteLength(): number {
    let n = 0;
    for (const s of this.m1.values()) {
      n += s.byteLength;
    }
    for (const byTf of this.aggregates.values()) {
      for (const a of byTf.values()) {
        n += a.series.byteLength;
      }
    }
    return n;
  }

  private seriesFor(symbol: string, tf: Timeframe): BarSeries | undefined {
    const src = this.m1.get(symbol);
    if (src === undefined) {
      return undefined;
    }
    if (tf === "M1") {
      return src;
    }
    let byTf = this.aggregates.get(symbol);
    if (byTf === undefined) {
      byTf = new Map();
      this.aggregates.set(symbol, byTf);
    }
    let agg = byTf.get(tf);
    if (agg === undefined) {
      agg = new Aggregator(tf, src, this.cal);
      byTf.set(tf, agg);
    }
    return agg.sync();
  }
}

/** A change to a forming bar, or the close of a bar, for streaming. */
export interface BarEvent {
  readonly kind: "update" | "close";
  readonly symbol: string;
  readonly timeframe: Timeframe;
  readonly bar: Bar;
}

interface FormingBar {
  key: number;
  timeMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  spread: number;
}

/** How a forming bar's spread (points) follows its ticks. */
export interface LiveBarOptions {
  /**
   * "min" (default, the feed's and the history's bars): the smallest spread seen in the bar;
   * "open": the spread of the bar's opening tick (or of the primed bar), kept as ticks fold in
   * (the forming bar the EA instances send to the EA runtime).
   */
  readonly spread?: "min" | "open";
}

/**
 * Folds ticks into the forming bar of each timeframe per symbol. `onTick` reports the closes
 * of bars the tick's time has left behind, then an update of every forming bar; `closeDue`
 * closes bars whose bucket the clock has left although no tick arrived (quiet markets, session
 * ends). Bars are built from bids; spread is in points, the smallest seen unless
 * `options.spread` says otherwise.
 */
export class LiveBarBuilder {
  private readonly forming = new Map<string, Map<Timeframe, FormingBar>>();
  private readonly cal = new ServerCalendar();
  private readonly minSpread: boolean;

  constructor(
    private readonly digitsOf: (symbol: string) => number,
    readonly timeframes: readonly Timeframe[] = [
      "M1",
      "M5",
      "M15",
      "M30",
      "H1",
      "H4",
      "D1",
      "W1",
      "MN1",
    ],
    options: LiveBarOptions = {},
  ) {
    this.minSpread = (options.spread ?? "min") === "min";
  }

  /** Folds a tick; returns closes (first) and updates, in timeframe order. */
  onTick(tick: Tick): BarEvent[] {
    const digits = this.digitsOf(tick.symbol);
    const bid = toPoints(tick.bid, digits);
    const spread = toPoints(tick.ask, digits) - bid;
    let bySymbol = this.forming.get(tick.symbol);
    if (bySymbol === undefined) {
      bySymbol = new Map();
      this.forming.set(tick.symbol, bySymbol);
    }
    const closes: BarEvent[] = [];
    const updates: BarEvent[] = [];
    for (const tf of this.timeframes) {
      const key = bucketKey(tf, tick.timeMs, this.cal);
      const cur = bySymbol.get(tf);
      if (cur !== undefined && cur.key === key) {
        cur.high = Math.max(cur.high, bid);
        cur.low = Math.min(cur.low, bid);
        cur.close = bid;
        cur.volume += 1;
        if (this.minSpread) {
          cur.spread = Math.min(cur.spread, spread);
        }
        updates.push(this.event("update", tick.symbol, tf, cur, digits));
        continue;
      }
      if (cur !== undefined) {
        closes.push(this.event("close", tick.symbol, tf, cur, digits));
      }
      const next: FormingBar = {
        key,
        timeMs: bucketOpenMs(tf, tick.timeMs, this.cal),
        open: bid,
        high: bid,
        low: bid,
        close: bid,
        volume: 1,
        spread,
      };
      bySymbol.set(tf, next);
      updates.push(this.event("update", tick.symbol, tf, next, digits));
    }
    return closes.concat(updates);
  }

  /** Closes every forming bar whose bucket does not contain `nowMs`. */
  closeDue(nowMs: number): BarEvent[] {
    const out: BarEvent[] = [];
    for (const [symbol, bySymbol] of this.forming) {
      const digits = this.digitsOf(symbol);
      for (const tf of this.timeframes) {
        const cur = bySymbol.get(tf);
        if (cur !== undefined && bucketKey(tf, nowMs, this.cal) !== cur.key) {
          out.push(this.event("close", symbol, tf, cur, digits));
          bySymbol.delete(tf);
        }
      }
    }
    return out;
  }

  /**
   * Seeds the forming bar of `symbol` in `tf` (bucket `key`, by default the bucket of
   * `bar.timeMs`) with a partial bar built elsewhere, e.g. from history, so the ticks that
   * follow in the same bucket extend it instead of starting a new bar.
   */
  prime(
    symbol: string,
    tf: Timeframe,
    bar: Bar,
    key: number = bucketKey(tf, bar.timeMs, this.cal),
  ): void {
    const digits = this.digitsOf(symbol);
    let bySymbol = this.forming.get(symbol);
    if (bySymbol === undefined) {
      bySymbol = new Map();
      this.forming.set(symbol, bySymbol);
    }
    bySymbol.set(tf, {
      key,
      timeMs: bar.timeMs,
      open: toPoints(bar.open, digits),
      high: toPoints(bar.high, digits),
      low: toPoints(bar.low, digits),
      close: toPoints(bar.close, digits),
      volume: bar.tickVolume,
      spread: bar.spread,
    });
  }

  /** The forming bar of `symbol` in `tf`, if any. */
  current(symbol: string, tf: Timeframe): Bar | undefined {
    const cur = this.forming.get(symbol)?.get(tf);
    return cur === undefined ? undefined : toBar(cur, this.digitsOf(symbol));
  }

  private event(
    kind: BarEvent["kind"],
    symbol: string,
    timeframe: Timeframe,
    cur: FormingBar,
    digits: number,
  ): BarEvent {
    return { kind, symbol, timeframe, bar: toBar(cur, digits) };
  }
}

function toBar(cur: FormingBar, digits: number): Bar {
  return {
    timeMs: cur.timeMs,
    open: fromPoints(cur.open, digits),
    high: fromPoints(cur.high, digits),
    low: fromPoints(cur.low, digits),
    close: fromPoints(cur.close, digits),
    tickVolume: cur.volume,
    spread: cur.spread,
  };
}
