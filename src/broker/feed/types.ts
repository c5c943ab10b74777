// Shared shapes of the demo broker's price feed: ticks, bars, timeframes, the tick-source
// interface both the synthetic generator and the CSV replay implement, and the quote-session
// predicate the engine injects. Types only; imports nothing.

/** One quote. Prices are rounded to the symbol's digits; `ask >= bid` always. */
export interface Tick {
  /** Symbol name, e.g. "EURUSD". */
  readonly symbol: string;
  /** Bid price (quote currency), rounded to the symbol's digits. */
  readonly bid: number;
  /** Ask price (quote currency), rounded to the symbol's digits. */
  readonly ask: number;
  /** Instant of the quote, UTC milliseconds since the Unix epoch. */
  readonly timeMs: number;
}

/** An OHLC bar of bid prices, MT5 `MqlRates`-shaped. */
export interface Bar {
  /** Open time of the bar, UTC ms (the bucket's nominal start on server-time boundaries). */
  readonly timeMs: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Number of ticks folded into the bar. */
  readonly tickVolume: number;
  /** Smallest spread seen in the bar, in points. */
  readonly spread: number;
}

/** MT5 chart periods (the vocabulary's list): the feed builds bars for every one. */
export { TIMEFRAMES, type Timeframe } from "../../mt5/vocabulary.ts";

/**
 * Whether quotes flow for `symbol` at `utcMs`. Injected by the engine from the symbol catalog's
 * quote sessions; the feed samples it once per minute, at the minute's first millisecond.
 */
export type QuoteOpenPredicate = (symbol: string, utcMs: number) => boolean;

/**
 * A source of ticks driven by the caller's clock. `advance(to)` returns every tick with
 * `nowMs <= timeMs < to` in time order (ties in symbol order) and moves `nowMs` to `to`;
 * a `to` at or before `nowMs` returns nothing. The result does not depend on how the caller
 * slices time.
 */
export interface TickSource {
  /** Symbols this source quotes, in tie-break order. */
  readonly symbols: readonly string[];
  /** UTC ms up to which ticks have been handed out (exclusive). */
  readonly nowMs: number;
  advance(toUtcMs: number): Tick[];
  /** Digits of a symbol's prices (5 for EURUSD, 3 for USDJPY, …). */
  digitsOf(symbol: string): number;
}
