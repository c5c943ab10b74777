// Replay of recorded minute bars as ticks: the alternative feed source to the generator.
//
// Owns: turning M1 bars (e.g. an MT4 CSV parsed by mt4-csv.ts, re-exported here) into ticks
// with the same TickSource interface as the synthetic feed, and the M1 history before the
// replay start. Within each minute the bid walks open → nearer extreme → farther extreme →
// close (so the bar rebuilt from the ticks has exactly the recorded OHLC), with extra ticks
// interpolated along the path up to the bar's tick volume (bounded by the tick cap), evenly
// spaced in time. Bars carry no ask, so a spread is modelled: the symbol's typical spread,
// widened at rollover like the generator's, with a seeded ±10 % jitter. Pure and deterministic.

import { BarStore, toPoints } from "./bars.ts";
import { MINUTE_MS, ServerCalendar } from "./calendar.ts";
import { rolloverFactor } from "./model.ts";
import type { Mt4Bar } from "./mt4-csv.ts";
import { hashString, Xoshiro128 } from "./rng.ts";
import type { Tick, TickSource } from "./types.ts";

export { type Mt4Bar, type Mt4ParseResult, parseMt4Csv } from "./mt4-csv.ts";

/** One recorded symbol to replay. */
export interface ReplaySeries {
  readonly symbol: string;
  /** Price digits (3 for CADJPY, 5 for EURUSD). */
  readonly digits: number;
  /** Time-ordered M1 bid bars. */
  readonly bars: readonly Mt4Bar[];
  /** Modelled spread in points outside rollover. */
  readonly spreadPoints: number;
  /** Spread multiplier at the peak of rollover (default 4). */
  readonly rolloverSpreadFactor?: number;
}

export interface ReplayOptions {
  readonly series: readonly ReplaySeries[];
  /** First instant replayed, UTC ms (default: the earliest bar); earlier bars are history. */
  readonly startMs?: number;
  /** Seed of the spread jitter (default 0). */
  readonly seed?: number;
  /** Cap on ticks per second per symbol, averaged over a minute (default 10, as the generator). */
  readonly maxTicksPerSecond?: number;
}

interface Cursor {
  readonly series: ReplaySeries;
  readonly streamId: number;
  /** Index of the next bar to expand. */
  barIndex: number;
  /** Expanded ticks of the current bar and the next one to hand out. */
  ticks: Tick[];
  tickIndex: number;
}

/** A TickSource that replays recorded bars. */
export class ReplayFeed implements TickSource {
  readonly symbols: readonly string[];
  readonly startMs: number;
  private now: number;
  private readonly cursors: Cursor[];
  private readonly rng = new Xoshiro128(0);
  private readonly cal = new ServerCalendar();
  private readonly seed: number;
  private readonly maxTicksPerMinute: number;

  constructor(options: ReplayOptions) {
    this.symbols = options.series.map((s) => s.symbol);
    const first = Math.min(
      ...options.series.map((s) => s.bars[0]?.timeMs ?? Number.POSITIVE_INFINITY),
    );
    this.startMs = options.startMs ?? (Number.isFinite(first) ? first : 0);
    this.now = this.startMs;
    this.seed = options.seed ?? 0;
    const rate = options.maxTicksPerSecond ?? 10;
    this.maxTicksPerMinute = Math.max(1, Math.min(MINUTE_MS, Math.floor(rate * 60)));
    this.cursors = options.series.map((series) => ({
      series,
      streamId: hashString(series.symbol),
      barIndex: lowerBoundBars(series.bars, Math.floor(this.startMs / MINUTE_MS) * MINUTE_MS),
      ticks: [],
      tickIndex: 0,
    }));
  }

  get nowMs(): number {
    return this.now;
  }

  digitsOf(symbol: string): number {
    return this.cursors.find((c) => c.series.symbol === symbol)?.series.digits ?? 5;
  }

  advance(toUtcMs: number): Tick[] {
    const out: Tick[] = [];
    if (toUtcMs <= this.now) {
      return out;
    }
    for (;;) {
      let best: Cursor | undefined;
      let bestTime = toUtcMs;
      for (const c of this.cursors) {
        const t = this.peek(c);
        if (t !== undefined && t.timeMs < bestTime) {
          best = c;
          bestTime = t.timeMs;
        }
      }
      if (best === undefined) {
        break;
      }
      const tick = best.ticks[best.tickIndex];
      best.tickIndex++;
      if (tick !== undefined) {
        out.push(tick);
      }
    }
    this.now = toUtcMs;
    return out;
  }

  /** Expands one bar into ticks (exposed for tests and the history helper). */
  expandBar(series: ReplaySeries, bar: Mt4Bar): Tick[] {
    const d = series.digits;
    const o = toPoints(bar.open, d);
    const h = toPoints(bar.high, d);
    const l = toPoints(bar.low, d);
    const c = toPoints(bar.close, d);
    const anchors = lowFirst(o, h, l) ? [o, l, h, c] : [o, h, l, c];
    const path: number[] = [];
    for (const a of anchors) {
      if (path[path.length - 1] !== a) {
        path.push(a);
      }
    }
    const wanted = Math.max(path.length, Math.min(bar.tickVolume, this.maxTicksPerMinute));
    const prices = interpolate(path, wanted);
    const minute = Math.floor(bar.timeMs / MINUTE_MS);
    this.rng.reseed3(hashString(String(this.seed)), hashString(series.symbol), minute);
    const peak = series.rolloverSpreadFactor ?? 4;
    const base = series.spreadPoints * rolloverFactor(this.cal.minuteOfDay(bar.timeMs), peak);
    const scale = 10 ** d;
    const ticks: Tick[] = [];
    for (let i = 0; i < prices.length; i++) {
      const bid = prices[i] ?? o;
      const spread = Math.max(1, Math.round(base * (0.9 + 0.2 * this.rng.uniform())));
      ticks.push({
        symbol: series.symbol,
        bid: bid / scale,
        ask: (bid + spread) / scale,
        timeMs: bar.timeMs + Math.floor((i * MINUTE_MS) / prices.length),
      });
    }
    return ticks;
  }

  /** The next pending tick of a cursor at or after `now`, expanding bars as needed. */
  private peek(c: Cursor): Tick | undefined {
    for (;;) {
      const t = c.ticks[c.tickIndex];
      if (t !== undefined) {
        if (t.timeMs >= this.now) {
          return t;
        }
        c.tickIndex++;
        continue;
      }
      const bar = c.series.bars[c.barIndex];
      if (bar === undefined) {
        return undefined;
      }
      c.barIndex++;
      c.ticks = this.expandBar(c.series, bar);
      c.tickIndex = 0;
    }
  }
}

/**
 * M1 history of the recorded bars opening before `beforeMs`, with the modelled spread (the
 * smallest of the ticks the replay would emit) and tick volume as recorded.
 */
export function replayHistory(options: ReplayOptions, beforeMs: number): BarStore {
  const digits = new Map(options.series.map((s) => [s.symbol, s.digits]));
  const store = new BarStore((symbol) => digits.get(symbol) ?? 5);
  const feed = new ReplayFeed(options);
  for (const series of options.series) {
    const out = store.series(series.symbol, series.bars.length);
    const d = series.digits;
    for (const bar of series.bars) {
      if (bar.timeMs >= beforeMs) {
        break;
      }
      let spread = Number.POSITIVE_INFINITY;
      for (const t of feed.expandBar(series, bar)) {
        spread = Math.min(spread, toPoints(t.ask, d) - toPoints(t.bid, d));
      }
      out.push(
        bar.timeMs,
        toPoints(bar.open, d),
        toPoints(bar.high, d),
        toPoints(bar.low, d),
        toPoints(bar.close, d),
        bar.tickVolume,
        spread,
      );
    }
  }
  return store;
}

/** Whether the path should visit the low before the high: the nearer extreme first. */
function lowFirst(open: number, high: number, low: number): boolean {
  return open - low < high - open;
}

/**
 * `count` integer prices along a polyline through `path` (count ≥ path.length): every vertex
 * is kept and the extra points go to segments in proportion to their length.
 */
function interpolate(path: readonly number[], count: number): number[] {
  const segments = path.length - 1;
  if (segments <= 0) {
    return Array.from({ length: count }, () => path[0] ?? 0);
  }
  const lengths = path.slice(1).map((p, i) => Math.abs(p - (path[i] ?? p)));
  const total = lengths.reduce((a, b) => a + b, 0);
  const extra = count - path.length;
  const perSegment = lengths.map((len) => (total > 0 ? Math.floor((extra * len) / total) : 0));
  let left = extra - perSegment.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % segments) {
    perSegment[i] = (perSegment[i] ?? 0) + 1;
    left--;
  }
  const out: number[] = [path[0] ?? 0];
  for (let s = 0; s < segments; s++) {
    const a = path[s] ?? 0;
    const b = path[s + 1] ?? 0;
    const k = perSegment[s] ?? 0;
    for (let j = 1; j <= k; j++) {
      out.push(Math.round(a + ((b - a) * j) / (k + 1)));
    }
    out.push(b);
  }
  return out;
}

function lowerBoundBars(bars: readonly Mt4Bar[], t: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bars[mid]?.timeMs ?? 0) < t) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}
