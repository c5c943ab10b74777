// Synthetic feed: determinism, slicing invariance, sessions, weekend gaps, rollover spreads,
// tick cap, and the statistical shape (hourly seasonality, fat tails). All instants are fixed.

import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ServerCalendar } from "../../../src/broker/feed/calendar.ts";
import { EURUSD_CALIBRATION } from "../../../src/broker/feed/calibration-data.ts";
import { createSyntheticFeed } from "../../../src/broker/feed/generator.ts";
import {
  FEED_SYMBOLS,
  MARKET_PROFILES,
  type MarketProfile,
} from "../../../src/broker/feed/profiles.ts";
import { fxQuoteOpen } from "../../../src/broker/feed/sessions.ts";
import type { Tick } from "../../../src/broker/feed/types.ts";

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Wednesday 2025-10-15 12:00 UTC = 15:00 server (GMT+3). */
const WED = Date.UTC(2025, 9, 15, 12, 0);
/** Friday 2025-10-17 18:00 UTC = 21:00 server. */
const FRI = Date.UTC(2025, 9, 17, 18, 0);

const profile = (symbol: string): MarketProfile => {
  const p = MARKET_PROFILES[symbol];
  if (p === undefined) {
    throw new Error(`no profile ${symbol}`);
  }
  return p;
};
const EURUSD = profile("EURUSD");
const BTCUSD = profile("BTCUSD");

function feedOf(
  seed: number,
  startMs: number,
  profiles: readonly MarketProfile[],
  historyDays = 0,
) {
  return createSyntheticFeed({ seed, startMs, profiles, historyDays }).feed;
}

describe("profiles", () => {
  test("exactly the 20 symbols with the required digits", () => {
    expect(FEED_SYMBOLS).toEqual([
      "EURUSD",
      "GBPUSD",
      "USDJPY",
      "USDCHF",
      "AUDUSD",
      "USDCAD",
      "NZDUSD",
      "EURGBP",
      "EURJPY",
      "GBPJPY",
      "CADJPY",
      "EURCHF",
      "AUDJPY",
      "EURAUD",
      "XAUUSD",
      "XAGUSD",
      "US500",
      "DE40",
      "BTCUSD",
      "ETHUSD",
    ]);
    for (const symbol of FEED_SYMBOLS) {
      const p = profile(symbol);
      const expected = symbol.endsWith("JPY")
        ? 3
        : symbol === "XAGUSD"
          ? 3
          : ["XAUUSD", "US500", "DE40", "BTCUSD", "ETHUSD"].includes(symbol)
            ? 2
            : 5;
      expect(p.digits).toBe(expected);
      expect(p.annualVol).toBeGreaterThan(0);
      expect(p.spreadPoints).toBeGreaterThan(0);
      expect(p.rolloverSpreadFactor).toBeGreaterThan(1);
      expect(p.tradesAllWeek).toBe(symbol === "BTCUSD" || symbol === "ETHUSD");
    }
  });
});

describe("determinism", () => {
  test("same seed and start give the same history and ticks", () => {
    const a = createSyntheticFeed({ seed: 7, startMs: WED, historyDays: 2 });
    const b = createSyntheticFeed({ seed: 7, startMs: WED, historyDays: 2 });
    expect(a.history.query("GBPJPY", "M1")).toEqual(b.history.query("GBPJPY", "M1"));
    expect(a.feed.advance(WED + 10 * MIN)).toEqual(b.feed.advance(WED + 10 * MIN));
  });

  test("one advance over an hour equals 3600 one-second advances", () => {
    const one = createSyntheticFeed({ seed: 11, startMs: WED, historyDays: 0 }).feed;
    const many = createSyntheticFeed({ seed: 11, startMs: WED, historyDays: 0 }).feed;
    const whole = one.advance(WED + HOUR);
    const sliced: Tick[] = [];
    for (let s = 1; s <= 3600; s++) {
      sliced.push(...many.advance(WED + s * 1000));
    }
    expect(whole.length).toBeGreaterThan(20 * 60 * 3);
    expect(sliced).toEqual(whole);
    expect(many.nowMs).toBe(WED + HOUR);
  });

  test("any slicing of time gives the same ticks (property)", () => {
    const reference = feedOf(3, WED, [EURUSD, BTCUSD]).advance(WED + 20 * MIN);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 * MIN }), { maxLength: 30 }), (cuts) => {
        const feed = feedOf(3, WED, [EURUSD, BTCUSD]);
        const got: Tick[] = [];
        for (const cut of [...cuts].sort((x, y) => x - y)) {
          got.push(...feed.advance(WED + cut));
        }
        got.push(...feed.advance(WED + 20 * MIN));
        expect(got).toEqual(reference);
      }),
      { numRuns: 40 },
    );
  });

  test("advancing backwards or to now returns nothing", () => {
    const feed = feedOf(1, WED, [EURUSD]);
    feed.advance(WED + MIN);
    expect(feed.advance(WED + MIN)).toEqual([]);
    expect(feed.advance(WED)).toEqual([]);
    expect(feed.nowMs).toBe(WED + MIN);
  });

  test("different seeds give different paths; symbols are independent streams", () => {
    const a = feedOf(1, WED, [EURUSD]).advance(WED + 5 * MIN);
    const b = feedOf(2, WED, [EURUSD]).advance(WED + 5 * MIN);
    expect(a).not.toEqual(b);
    // Adding a symbol does not change another symbol's ticks.
    const alone = feedOf(5, WED, [EURUSD]).advance(WED + 5 * MIN);
    const together = feedOf(5, WED, [BTCUSD, EURUSD])
      .advance(WED + 5 * MIN)
      .filter((t) => t.symbol === "EURUSD");
    expect(together).toEqual(alone);
  });
});

describe("ticks", () => {
  const ticks = createSyntheticFeed({ seed: 21, startMs: WED, historyDays: 0 }).feed.advance(
    WED + 30 * MIN,
  );

  test("rounded to digits, ask >= bid, time-ordered inside the window", () => {
    let last = 0;
    for (const t of ticks) {
      const d = profile(t.symbol).digits;
      expect(Number(t.bid.toFixed(d))).toBe(t.bid);
      expect(Number(t.ask.toFixed(d))).toBe(t.ask);
      expect(t.ask).toBeGreaterThanOrEqual(t.bid);
      expect(t.timeMs).toBeGreaterThanOrEqual(last);
      expect(t.timeMs).toBeGreaterThanOrEqual(WED);
      expect(t.timeMs).toBeLessThan(WED + 30 * MIN);
      last = t.timeMs;
    }
  });

  test("every symbol ticks several times a minute, near its profile level", () => {
    for (const symbol of FEED_SYMBOLS) {
      const mine = ticks.filter((t) => t.symbol === symbol);
      expect(mine.length).toBeGreaterThanOrEqual(30 * 3);
      const p = profile(symbol);
      const mid = ((mine[0]?.bid ?? 0) + (mine[0]?.ask ?? 0)) / 2;
      expect(Math.abs(Math.log(mid / p.basePrice))).toBeLessThan(0.35);
    }
  });

  test("the max tick rate bounds ticks per minute per symbol", () => {
    const feed = createSyntheticFeed({
      seed: 21,
      startMs: WED,
      historyDays: 0,
      maxTicksPerSecond: 0.05,
    }).feed;
    const capped = feed.advance(WED + 30 * MIN);
    const perMinute = new Map<string, number>();
    for (const t of capped) {
      const key = `${t.symbol}@${Math.floor(t.timeMs / MIN)}`;
      perMinute.set(key, (perMinute.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perMinute.values())).toBeLessThanOrEqual(3);
    expect(capped.length).toBeLessThan(ticks.length);
  });
});

describe("sessions and weekend gaps", () => {
  test("default sessions: closed Friday 22:00 to Sunday 22:00 UTC in winter, daily break", () => {
    const fri = Date.UTC(2026, 0, 16, 21, 59); // server Fri 23:59 (GMT+2)
    expect(fxQuoteOpen("EURUSD", fri)).toBe(true);
    expect(fxQuoteOpen("EURUSD", fri + MIN)).toBe(false);
    expect(fxQuoteOpen("EURUSD", Date.UTC(2026, 0, 18, 21, 59))).toBe(false);
    expect(fxQuoteOpen("EURUSD", Date.UTC(2026, 0, 18, 22, 4))).toBe(false); // Monday 00:04 break
    expect(fxQuoteOpen("EURUSD", Date.UTC(2026, 0, 18, 22, 5))).toBe(true);
    expect(fxQuoteOpen("EURUSD", Date.UTC(2026, 0, 14, 22, 2))).toBe(false); // daily break
    expect(fxQuoteOpen("BTCUSD", Date.UTC(2026, 0, 17, 12, 0))).toBe(true);
    // Under US DST the week closes an hour earlier in UTC.
    expect(fxQuoteOpen("EURUSD", Date.UTC(2025, 9, 17, 20, 59))).toBe(true);
    expect(fxQuoteOpen("EURUSD", Date.UTC(2025, 9, 17, 21, 0))).toBe(false);
  });

  test("no FX ticks over the weekend or in the break; crypto ticks throughout", () => {
    const feed = feedOf(4, FRI, [EURUSD, BTCUSD]);
    const ticks = feed.advance(Date.UTC(2025, 9, 20, 3, 0));
    const cal = new ServerCalendar();
    const fx = ticks.filter((t) => t.symbol === "EURUSD");
    expect(fx.length).toBeGreaterThan(100);
    for (const t of fx) {
      expect(fxQuoteOpen("EURUSD", t.timeMs)).toBe(true);
      expect([1, 2, 3, 4, 5]).toContain(cal.weekday(t.timeMs));
      expect(cal.minuteOfDay(t.timeMs)).toBeGreaterThanOrEqual(5);
    }
    const btcSaturday = ticks.filter((t) => t.symbol === "BTCUSD" && cal.weekday(t.timeMs) === 6);
    expect(btcSaturday.length).toBeGreaterThan(1000);
  });

  test("Monday opens with a gap from Friday's close", () => {
    const gaps: number[] = [];
    const moves: number[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const fx = feedOf(seed, FRI, [EURUSD])
        .advance(Date.UTC(2025, 9, 19, 22, 0))
        .filter((t) => t.symbol === "EURUSD");
      const monday = fx.findIndex((t) => t.timeMs > Date.UTC(2025, 9, 18, 0, 0));
      const friday = fx[monday - 1];
      const first = fx[monday];
      expect(friday).toBeDefined();
      expect(first).toBeDefined();
      if (friday === undefined || first === undefined) {
        continue;
      }
      expect(first.timeMs - friday.timeMs).toBeGreaterThan(47 * HOUR);
      gaps.push(Math.abs(first.bid - friday.bid));
      for (let i = 1; i < monday; i++) {
        moves.push(Math.abs((fx[i]?.bid ?? 0) - (fx[i - 1]?.bid ?? 0)));
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // A weekend gap is several typical tick-to-tick moves, and nearly always non-zero.
    expect(mean(gaps)).toBeGreaterThan(3 * mean(moves));
    expect(gaps.filter((g) => g > 0).length).toBeGreaterThanOrEqual(10);
  });
});

describe("spreads", () => {
  test("wider at rollover (server 23:55–00:10) than in the London/New York overlap", () => {
    const feed = feedOf(8, Date.UTC(2025, 9, 13, 0, 0), [EURUSD, profile("USDJPY")]);
    const ticks = feed.advance(Date.UTC(2025, 9, 17, 0, 0));
    const cal = new ServerCalendar();
    for (const symbol of ["EURUSD", "USDJPY"]) {
      const scale = 10 ** profile(symbol).digits;
      const rollover: number[] = [];
      const overlap: number[] = [];
      for (const t of ticks) {
        if (t.symbol !== symbol) {
          continue;
        }
        const m = cal.minuteOfDay(t.timeMs);
        const spread = Math.round((t.ask - t.bid) * scale);
        if (m >= 23 * 60 + 55 || m < 10) {
          rollover.push(spread);
        } else if (m >= 15 * 60 && m < 18 * 60) {
          overlap.push(spread);
        }
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      expect(rollover.length).toBeGreaterThan(20);
      expect(mean(rollover)).toBeGreaterThan(2 * mean(overlap));
      expect(Math.abs(mean(overlap) - profile(symbol).spreadPoints)).toBeLessThan(
        0.25 * profile(symbol).spreadPoints,
      );
    }
  });
});

describe("statistical shape of a generated month (EURUSD)", () => {
  // One month of live ticks; mids of the last tick of each minute.
  const start = Date.UTC(2025, 8, 1, 0, 0);
  const feed = feedOf(2024, start, [EURUSD]);
  const cal = new ServerCalendar();
  const closes = new Map<number, number>();
  for (let day = 1; day <= 30; day++) {
    for (const t of feed.advance(start + day * DAY)) {
      closes.set(Math.floor(t.timeMs / MIN), (t.bid + t.ask) / 2);
    }
  }
  const returns: number[] = [];
  const absByHour = Array.from({ length: 24 }, () => ({ sum: 0, n: 0 }));
  for (const [minute, mid] of closes) {
    const prev = closes.get(minute - 1);
    if (prev === undefined) {
      continue;
    }
    const r = Math.log(mid / prev);
    returns.push(r);
    const cell = absByHour[cal.hour(minute * MIN)];
    if (cell) {
      cell.sum += Math.abs(r);
      cell.n += 1;
    }
  }
  const hourly = absByHour.map((c) => c.sum / c.n);

  test("hourly volatility follows the calibrated profile", () => {
    const ratio = Math.max(...hourly) / Math.min(...hourly);
    const calibrated = EURUSD_CALIBRATION.busiestToQuietest;
    expect(ratio).toBeGreaterThan(0.7 * calibrated);
    expect(ratio).toBeLessThan(1.4 * calibrated);
    expect(correlation(hourly, EURUSD_CALIBRATION.hourlyVolatility)).toBeGreaterThan(0.9);
    expect(hourly.indexOf(Math.min(...hourly))).toBeOneOf([0, 23, 1, 2]);
  });

  test("1-minute returns are fat-tailed (kurtosis well above 3)", () => {
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const m2 = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / returns.length;
    const m4 = returns.reduce((a, r) => a + (r - mean) ** 4, 0) / returns.length;
    expect(returns.length).toBeGreaterThan(20_000);
    expect(m4 / (m2 * m2)).toBeGreaterThan(8);
  });

  test("annualised volatility is near the profile's", () => {
    const m2 = returns.reduce((a, r) => a + r * r, 0) / returns.length;
    const annual = Math.sqrt(m2 * 1440 * 260);
    expect(annual).toBeGreaterThan(0.6 * EURUSD.annualVol);
    expect(annual).toBeLessThan(1.6 * EURUSD.annualVol);
  });
});

function correlation(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const x = (a[i] ?? 0) - ma;
    const y = (b[i] ?? 0) - mb;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return sab / Math.sqrt(saa * sbb);
}
