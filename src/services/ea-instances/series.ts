// The series an EA reads besides its chart's: other timeframes of its symbol and any symbol of
// the account (MT5 keeps a history per symbol and timeframe a program touches, and a symbol's
// quote in Market Watch once it is selected). When the runtime reports a series it holds no bars
// for (Outcome.seriesInUse with `bars: 0`), the service subscribes the symbol's quotes, loads the
// series' history from the account's session and queues it (`replace: true`); from then on each
// tick of that symbol folds into the series' forming bar and updates the symbol's quote, both
// delivered with the next event. OnTick still fires for the chart symbol only, as in MT5.
import type { Bar, Quote } from "../../broker/connector.ts";
import { LiveBarBuilder } from "../../broker/feed/bars.ts";
import { quoteToWireTick } from "../../ea/trade-translation.ts";
import type { Json, Live } from "./live.ts";
import { EA_TIMEFRAMES, type EaTimeframe } from "./types.ts";
import { barToRates, type WireRates as WireRate } from "./wire.ts";

/** A series the runtime reported (ea-runtime protocol SeriesInfo). */
export interface SeriesRequest {
  readonly symbol: string;
  readonly timeframe: string;
  readonly bars: number;
}

/** One extra series an instance follows. */
export interface ExtraSeries {
  readonly symbol: string;
  readonly timeframe: EaTimeframe;
  readonly bars: LiveBarBuilder;
  /** Its history arrived (ticks before that are not folded: the history covers them). */
  loaded: boolean;
}

const key = (symbol: string, timeframe: string): string => `${symbol}\u0000${timeframe}`;

function isTimeframe(tf: string): tf is EaTimeframe {
  return (EA_TIMEFRAMES as readonly string[]).includes(tf);
}

/**
 * The reported series the instance does not follow yet and the service can serve (timeframes
 * the broker builds; the chart's own series is the instance's main one). Marks them followed.
 */
export function newSeries(live: Live, reported: readonly SeriesRequest[]): ExtraSeries[] {
  const out: ExtraSeries[] = [];
  for (const r of reported) {
    if (r.bars !== 0 || !isTimeframe(r.timeframe)) {
      continue;
    }
    if (r.symbol === live.symbol && r.timeframe === live.timeframe) {
      continue;
    }
    const k = key(r.symbol, r.timeframe);
    if (live.series.has(k)) {
      continue;
    }
    const s: ExtraSeries = {
      symbol: r.symbol,
      timeframe: r.timeframe,
      bars: new LiveBarBuilder(() => live.digitsOf(r.symbol), [r.timeframe], { spread: "open" }),
      loaded: false,
    };
    live.series.set(k, s);
    out.push(s);
  }
  return out;
}

/** Queues a series' history (replacing what the runtime holds) and primes its forming bar. */
export function seriesLoaded(live: Live, s: ExtraSeries, history: readonly Bar[]): void {
  const last = history[history.length - 1];
  if (last) {
    s.bars.prime(s.symbol, s.timeframe, last);
  }
  s.loaded = true;
  queueBars(live, {
    symbol: s.symbol,
    timeframe: s.timeframe,
    rates: history.map(barToRates),
    replace: true,
  });
}

/** A tick of any symbol: folded into the extra series of that symbol, its quote queued. */
export function foldSeriesTick(live: Live, quote: Quote): void {
  let watched = false;
  for (const s of live.series.values()) {
    if (s.symbol !== quote.symbol || !s.loaded) {
      continue;
    }
    watched = true;
    s.bars.onTick(quote);
    const bar = s.bars.current(s.symbol, s.timeframe);
    if (bar) {
      queueBars(live, { symbol: s.symbol, timeframe: s.timeframe, rates: [barToRates(bar)] });
    }
  }
  if (watched && quote.symbol !== live.symbol) {
    queueSymbolTick(live, quote);
  }
}

interface WireSeries {
  symbol: string;
  timeframe: string;
  rates: WireRate[];
  replace?: boolean;
}

function isWireSeries(v: unknown): v is WireSeries {
  return (
    typeof v === "object" &&
    v !== null &&
    typeof (v as WireSeries).symbol === "string" &&
    Array.isArray((v as WireSeries).rates)
  );
}

/**
 * Adds bars to the pending delta: one entry per series, a newer bar with the time of a queued
 * one replacing it (the runtime does the same), a `replace` entry starting the series over.
 */
export function queueBars(live: Live, entry: WireSeries): void {
  const pending = Array.isArray(live.pending.bars) ? live.pending.bars.filter(isWireSeries) : [];
  const at = pending.findIndex((x) => x.symbol === entry.symbol && x.timeframe === entry.timeframe);
  const current = at >= 0 ? pending[at] : undefined;
  if (!current || entry.replace) {
    if (at >= 0) {
      pending.splice(at, 1);
    }
    pending.push({ ...entry, rates: [...entry.rates] });
  } else {
    for (const rate of entry.rates) {
      const last = current.rates[current.rates.length - 1];
      if (last && last.time === rate.time) {
        current.rates[current.rates.length - 1] = rate;
      } else {
        current.rates.push(rate);
      }
    }
  }
  live.pending.bars = pending;
}

function queueSymbolTick(live: Live, quote: Quote): void {
  const symbols = Array.isArray(live.pending.symbols) ? (live.pending.symbols as Json[]) : [];
  const at = symbols.findIndex((x) => x.name === quote.symbol);
  const tick = quoteToWireTick(quote);
  if (at >= 0) {
    symbols[at] = { ...symbols[at], tick };
  } else {
    symbols.push({ name: quote.symbol, tick });
  }
  live.pending.symbols = symbols;
}
