// History back-fill: length, continuity with the live path, identity with what a live feed
// over the same minutes builds, and the MarketFeed wiring (store appends, forming bars).

import { describe, expect, test } from "bun:test";
import { createSyntheticFeed } from "../../../src/broker/feed/generator.ts";
import { MarketFeed } from "../../../src/broker/feed/market.ts";
import {
  FEED_SYMBOLS,
  MARKET_PROFILES,
  type MarketProfile,
} from "../../../src/broker/feed/profiles.ts";
import { TIMEFRAMES } from "../../../src/broker/feed/types.ts";

const MIN = 60_000;
const DAY = 86_400_000;
/** Wednesday 2025-10-15 12:00 UTC (15:00 server). */
const T = Date.UTC(2025, 9, 15, 12, 0);
const pick = (...symbols: string[]): MarketProfile[] =>
  symbols.map((s) => MARKET_PROFILES[s]).filter((p): p is MarketProfile => p !== undefined);

describe("history back-fill", () => {
  const market = createSyntheticFeed({ seed: 99, startMs: T });

  test("at least 30 days of M1 for every symbol, ending right before the start", () => {
    for (const symbol of FEED_SYMBOLS) {
      const bars = market.history.query(symbol, "M1");
      const first = bars[0];
      const last = bars[bars.length - 1];
      expect(first?.timeMs).toBeLessThanOrEqual(T - 30 * DAY + 3 * DAY); // a weekend may lead
      expect(first?.timeMs).toBeGreaterThanOrEqual(T - 30 * DAY);
      expect(last?.timeMs).toBe(T - MIN);
      expect(bars.length).toBeGreaterThan(
        symbol.endsWith("USD") && symbol.length === 6 ? 20 * 1400 : 0,
      );
    }
    expect(market.history.count("BTCUSD", "M1")).toBe(30 * 1440);
  });

  test("all timeframes are available from the first minute", () => {
    for (const tf of TIMEFRAMES) {
      expect(market.history.count("EURUSD", tf)).toBeGreaterThan(0);
    }
    expect(market.history.count("EURUSD", "D1")).toBeGreaterThanOrEqual(21);
    expect(market.history.count("EURUSD", "H4")).toBeGreaterThan(100);
  });

  test("the live path starts where the history ends", () => {
    const ticks = market.feed.advance(T + MIN);
    for (const symbol of FEED_SYMBOLS) {
      const last = market.history.query(symbol, "M1", { count: 1 })[0];
      const first = ticks.find((t) => t.symbol === symbol);
      const p = MARKET_PROFILES[symbol];
      if (last === undefined || first === undefined || p === undefined) {
        throw new Error(`missing data for ${symbol}`);
      }
      // Within a few minutes' volatility plus a spread of the history close.
      const sigma = p.annualVol / Math.sqrt(260 * 1440);
      const tolerance = 8 * sigma * last.close + (4 * p.spreadPoints) / 10 ** p.digits;
      expect(Math.abs(first.bid - last.close)).toBeLessThan(tolerance);
    }
  });

  test("history bars equal the bars a live feed builds over the same minutes", () => {
    const profiles = pick("EURUSD", "USDJPY", "BTCUSD");
    const full = createSyntheticFeed({ seed: 5, startMs: T, profiles, historyDays: 3 });
    // Same origin (T − 3 days), but live from T − 1 day.
    const early = createSyntheticFeed({ seed: 5, startMs: T - DAY, profiles, historyDays: 2 });
    const hub = new MarketFeed(early.feed, early.history);
    for (let h = 1; h <= 24; h++) {
      hub.advance(T - DAY + h * 3_600_000);
    }
    for (const p of profiles) {
      const range = { fromMs: T - DAY, toMs: T - MIN };
      const fromHistory = full.history.query(p.symbol, "M1", range);
      expect(fromHistory.length).toBeGreaterThan(1000);
      expect(early.history.query(p.symbol, "M1", range)).toEqual(fromHistory);
      expect(early.history.query(p.symbol, "H1", { fromMs: T - 2 * DAY })).toEqual(
        full.history.query(p.symbol, "H1", { fromMs: T - 2 * DAY }),
      );
    }
    // …and both go on with identical ticks.
    expect(early.feed.advance(T + 10 * MIN)).toEqual(full.feed.advance(T + 10 * MIN));
  });
});

describe("MarketFeed", () => {
  test("streams bar events, appends closed M1 bars, and serves the forming bar", () => {
    const market = createSyntheticFeed({
      seed: 3,
      startMs: T,
      profiles: pick("EURUSD"),
      historyDays: 2,
    });
    const hub = new MarketFeed(market.feed, market.history);
    const before = market.history.count("EURUSD", "M1");
    const hourBefore = hub.bars("EURUSD", "H1", { count: 1 })[0];
    const step = hub.advance(T + 90_000);
    expect(step.ticks.length).toBeGreaterThan(0);
    const closes = step.bars.filter((e) => e.kind === "close");
    expect(closes.map((e) => e.timeframe)).toEqual(["M1"]);
    expect(market.history.count("EURUSD", "M1")).toBe(before + 1);
    // The forming bars are served with the stored ones.
    const hourNow = hub.bars("EURUSD", "H1", { count: 1 })[0];
    expect(hourNow?.timeMs).toBe(T);
    expect(hourBefore?.timeMs).toBe(T - 3_600_000); // T opens a new hour
    const m1 = hub.bars("EURUSD", "M1", { count: 2 });
    expect(m1.map((b) => b.timeMs)).toEqual([T, T + MIN]);
    // The forming D1 bar was primed from history: it keeps the day's open and grows.
    const d1 = hub.bars("EURUSD", "D1", { count: 1 })[0];
    const historyD1 = market.history.query("EURUSD", "D1", { count: 1 })[0];
    expect(d1?.timeMs).toBe(historyD1?.timeMs);
    expect(d1?.open).toBe(historyD1?.open);
    expect(d1?.tickVolume).toBeGreaterThan(historyD1?.tickVolume ?? 0);
  });
});
