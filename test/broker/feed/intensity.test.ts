// Tick intensity: the committed table is what the script measures from the recordings, and the
// generated feed ticks like the recording — per server hour (a simulated week and four weeks
// of EURUSD against the recording's mean per hour), with bursts at the top of the hour,
// clustered activity, crypto around the clock, FX silent over the weekend, the operator's
// intensity scale and cap, and per-symbol levels. All seeds and instants are fixed.

import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ServerCalendar } from "../../../src/broker/feed/calendar.ts";
import { createSyntheticFeed } from "../../../src/broker/feed/generator.ts";
import {
  burstFactorsOf,
  measureTickIntensity,
  type RecordedSeries,
  symbolActivity,
  type TickIntensityCalibration,
} from "../../../src/broker/feed/intensity.ts";
import { TICK_INTENSITY } from "../../../src/broker/feed/intensity-data.ts";
import { parseMt4Csv } from "../../../src/broker/feed/mt4-csv.ts";
import {
  FEED_SYMBOLS,
  MARKET_PROFILES,
  type MarketProfile,
} from "../../../src/broker/feed/profiles.ts";
import type { Bar } from "../../../src/broker/feed/types.ts";
import { getSymbol, isQuoteSessionOpen } from "../../../src/broker/symbols.ts";

const MIN = 60_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Sunday 2025-10-12 21:00 UTC = Monday 00:00 server (GMT+3): a week starts here. */
const MONDAY = Date.UTC(2025, 9, 12, 21, 0);
/** Monday 2025-11-10 00:00 server (GMT+2 after the US switch): four weeks after MONDAY, +1 h. */
const FOUR_WEEKS_ON = MONDAY + 4 * WEEK + 3_600_000;

const FIXTURE = join(import.meta.dir, "../../fixtures/market/CADJPY_M1_2022-09-29_2022-09-30.csv");
const EURUSD_RECORDING = join(
  import.meta.dir,
  "../../../../shared/data/EURUSD_M1_2022-08-15_2022-10-25.csv",
);

const profile = (symbol: string): MarketProfile => {
  const p = MARKET_PROFILES[symbol];
  if (p === undefined) {
    throw new Error(`no profile ${symbol}`);
  }
  return p;
};
const EURUSD = profile("EURUSD");
const BTCUSD = profile("BTCUSD");
const catalogSessions = (symbol: string, utcMs: number): boolean => {
  const spec = getSymbol(symbol);
  return spec ? isQuoteSessionOpen(spec, utcMs) : false;
};

function load(symbol: string, path: string): RecordedSeries {
  const parsed = parseMt4Csv(readFileSync(path, "utf8"), 180);
  if (!parsed.ok) {
    throw new Error(`${path} does not parse`);
  }
  return { symbol, bars: parsed.bars, source: path };
}

/** Mean ticks per quoted minute by server hour, and the bars' hour means, of M1 bars. */
function perHour(bars: readonly Bar[]): number[] {
  const cal = new ServerCalendar();
  const sum = new Float64Array(24);
  const count = new Float64Array(24);
  for (const b of bars) {
    const h = cal.hour(b.timeMs);
    sum[h] = (sum[h] ?? 0) + b.tickVolume;
    count[h] = (count[h] ?? 0) + 1;
  }
  return Array.from(sum, (s, h) => s / (count[h] ?? 1));
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const ACTIVE_HOURS = [10, 11, 12, 13, 14, 15, 16, 17, 18]; // London and New York, server time
const NIGHT_HOURS = [23, 0, 1];
const at = (xs: readonly number[], hours: readonly number[]) => hours.map((h) => xs[h] ?? 0);

describe("the committed table", () => {
  test("holds the recording's EURUSD ticks per minute by hour (figures documented with the data)", () => {
    const c = TICK_INTENSITY;
    expect(c.reference).toBe("EURUSD");
    expect(c.referenceBars).toBe(34_342);
    expect(c.hourlyTicksPerMinute).toHaveLength(24);
    expect(c.hourlyTicksPerMinute[0]).toBeCloseTo(16.7, 1);
    expect(c.hourlyTicksPerMinute[17]).toBeCloseTo(197, 0);
    expect(mean(at(c.hourlyTicksPerMinute, ACTIVE_HOURS))).toBeGreaterThan(100);
    expect(mean(at(c.hourlyTicksPerMinute, ACTIVE_HOURS))).toBeLessThan(200);
    expect(c.weekdayFactor).toHaveLength(7);
    expect(c.minuteOfHourRatio[0]).toBeGreaterThan(1.2);
    expect(c.recorded.map((r) => r.symbol)).toEqual(["CADJPY"]);
  });

  test.skipIf(!existsSync(EURUSD_RECORDING))(
    "is what calibrate-intensity.ts measures from the recordings (not hand-typed)",
    () => {
      const measured = measureTickIntensity(load("EURUSD", EURUSD_RECORDING), [
        load("CADJPY", FIXTURE),
      ]);
      // The table keeps 3–4 significant digits.
      const close = (a: number, b: number) =>
        expect(Math.abs(a - b)).toBeLessThanOrEqual(5e-3 * Math.max(1e-3, Math.abs(b)));
      const lists: (keyof TickIntensityCalibration)[] = [
        "hourlyTicksPerMinute",
        "weekdayFactor",
        "minuteOfHourRatio",
      ];
      for (const key of lists) {
        const want = measured[key] as readonly number[];
        const got = TICK_INTENSITY[key] as readonly number[];
        expect(got).toHaveLength(want.length);
        want.forEach((v, i) => {
          close(got[i] ?? Number.NaN, v);
        });
      }
      const scalars: (keyof TickIntensityCalibration)[] = [
        "referenceBars",
        "weekdayVariance",
        "weekdayNoiseVariance",
        "topOfHourBurst",
        "halfHourBurst",
        "burstDecayMinutes",
        "tickRegimeSd",
        "activityPersistence",
        "activitySd",
        "jumpActivityKick",
        "jumpMinutes",
        "activityExponent",
      ];
      for (const key of scalars) {
        close(TICK_INTENSITY[key] as number, measured[key] as number);
      }
      const [want] = measured.recorded;
      const [got] = TICK_INTENSITY.recorded;
      expect(got?.commonMinutes).toBe(want?.commonMinutes ?? -1);
      close(got?.relativeActivity ?? 0, want?.relativeActivity ?? 1);
      close(got?.relativeVolatility ?? 0, want?.relativeVolatility ?? 1);
    },
  );

  test("the measurement runs on the shipped CADJPY fixture alone", () => {
    const c = measureTickIntensity(load("CADJPY", FIXTURE));
    expect(c.referenceBars).toBe(2048);
    const active = mean(at(c.hourlyTicksPerMinute, ACTIVE_HOURS));
    expect(active).toBeGreaterThan(2 * (c.hourlyTicksPerMinute[0] ?? 0));
    expect(c.activityPersistence).toBeGreaterThan(0);
    expect(c.activityPersistence).toBeLessThan(1);
    expect(c.recorded).toEqual([]);
    expect(c.activityExponent).toBe(0.5); // no second recording: the square-root default
    expect(burstFactorsOf(c).reduce((a, v) => a + v, 0)).toBeCloseTo(60, 6);
  });
});

describe("EURUSD: generated ticks per minute by server hour against the recording", () => {
  const recording = TICK_INTENSITY.hourlyTicksPerMinute;

  test("a simulated week (seed 1): every hour within ×/÷ 1.8, active hours busier than night", () => {
    const feed = createSyntheticFeed({
      seed: 1,
      startMs: MONDAY,
      historyDays: 0,
      profiles: [EURUSD],
    }).feed;
    const cal = new ServerCalendar();
    const ticks = new Float64Array(24);
    const minutes = new Map<number, number>(); // quoted minute → its hour
    for (let day = 1; day <= 7; day++) {
      for (const t of feed.advance(MONDAY + day * DAY)) {
        const h = cal.hour(t.timeMs);
        ticks[h] = (ticks[h] ?? 0) + 1;
        minutes.set(Math.floor(t.timeMs / MIN), h);
      }
    }
    const quoted = new Float64Array(24);
    for (const h of minutes.values()) {
      quoted[h] = (quoted[h] ?? 0) + 1;
    }
    const week = Array.from(ticks, (n, h) => n / (quoted[h] ?? 1));
    for (let h = 0; h < 24; h++) {
      const ratio = (week[h] ?? 0) / (recording[h] ?? 1);
      expect(ratio).toBeGreaterThan(1 / 1.8);
      expect(ratio).toBeLessThan(1.8);
    }
    expect(mean(week) / mean(recording)).toBeGreaterThan(0.75);
    expect(mean(week) / mean(recording)).toBeLessThan(1.35);
    const active = mean(at(week, ACTIVE_HOURS));
    expect(active).toBeGreaterThan(100);
    expect(active).toBeLessThan(250);
    expect(active).toBeGreaterThan(3 * mean(at(week, NIGHT_HOURS)));
    expect(correlation(week, recording)).toBeGreaterThan(0.85);
  });

  // Four weeks (the back-fill runs the live model: history.test.ts proves its bars equal the
  // live feed's), over four seeds.
  for (const seed of [1, 7, 42, 2024]) {
    test(`four simulated weeks (seed ${seed}): every hour within ×/÷ 1.35, the day within 12 %`, () => {
      const market = createSyntheticFeed({
        seed,
        startMs: FOUR_WEEKS_ON,
        historyDays: 28,
        profiles: [EURUSD],
      });
      const month = perHour(market.history.query("EURUSD", "M1"));
      for (let h = 0; h < 24; h++) {
        const ratio = (month[h] ?? 0) / (recording[h] ?? 1);
        expect(ratio).toBeGreaterThan(1 / 1.35);
        expect(ratio).toBeLessThan(1.35);
      }
      expect(Math.abs(mean(month) / mean(recording) - 1)).toBeLessThan(0.12);
      expect(correlation(month, recording)).toBeGreaterThan(0.97);
      const busiest = month.indexOf(Math.max(...month));
      expect([15, 16, 17, 18]).toContain(busiest);
      expect([0, 23, 1]).toContain(month.indexOf(Math.min(...month)));
    });
  }
});

describe("shape within the hour and clustering (EURUSD, four weeks)", () => {
  const market = createSyntheticFeed({
    seed: 3,
    startMs: FOUR_WEEKS_ON,
    historyDays: 28,
    profiles: [EURUSD],
  });
  const bars = market.history.query("EURUSD", "M1");
  const cal = new ServerCalendar();
  const hourMean = perHour(bars);
  const relative = bars.map((b) => b.tickVolume / (hourMean[cal.hour(b.timeMs)] ?? 1));
  const byMinute = Array.from({ length: 60 }, () => [] as number[]);
  bars.forEach((b, i) => {
    byMinute[cal.minuteOfDay(b.timeMs) % 60]?.push(relative[i] ?? 0);
  });
  const minuteMean = byMinute.map(mean);

  test("a burst at the top of the hour, decaying over minutes, and a smaller one at :30", () => {
    const top = minuteMean[0] ?? 0;
    expect(top).toBeGreaterThan(1.15);
    expect(Math.abs(top - (TICK_INTENSITY.minuteOfHourRatio[0] ?? 0))).toBeLessThan(0.15);
    expect(minuteMean[1] ?? 0).toBeGreaterThan(minuteMean[10] ?? 0);
    const quarter = mean(minuteMean.slice(10, 26));
    expect(top).toBeGreaterThan(1.2 * quarter);
    expect(minuteMean[30] ?? 0).toBeGreaterThan(quarter);
  });

  test("busy minutes cluster: lag-1 autocorrelation of activity within the hour, surges after jumps", () => {
    const logs = relative.map((v) => Math.log(Math.max(v, 1e-3)));
    const m = mean(logs);
    let cov = 0;
    let v = 0;
    let pairs = 0;
    for (let i = 1; i < bars.length; i++) {
      const a = bars[i - 1];
      const b = bars[i];
      if (a && b && b.timeMs - a.timeMs === MIN && cal.hour(a.timeMs) === cal.hour(b.timeMs)) {
        cov += ((logs[i] ?? 0) - m) * ((logs[i - 1] ?? 0) - m);
        v += ((logs[i] ?? 0) - m) ** 2;
        pairs += 1;
      }
    }
    expect(pairs).toBeGreaterThan(20_000);
    expect(cov / v).toBeGreaterThan(0.3); // the recording: ≈ 0.5 (before hour effects)
    // Minutes that move ≥ 6× their hour's mean |move| carry more ticks than the rest.
    const moves = bars.map((b, i) => Math.abs(b.close - (bars[i - 1]?.close ?? b.close)));
    const moveByHour = new Float64Array(24);
    const nByHour = new Float64Array(24);
    bars.forEach((b, i) => {
      const h = cal.hour(b.timeMs);
      moveByHour[h] = (moveByHour[h] ?? 0) + (moves[i] ?? 0);
      nByHour[h] = (nByHour[h] ?? 0) + 1;
    });
    const big: number[] = [];
    bars.forEach((b, i) => {
      const h = cal.hour(b.timeMs);
      if ((moves[i] ?? 0) >= (6 * (moveByHour[h] ?? 0)) / (nByHour[h] ?? 1)) {
        big.push(logs[i] ?? 0);
      }
    });
    expect(big.length).toBeGreaterThan(20);
    expect(mean(big) - m).toBeGreaterThan(0.25);
  });
});

describe("around the clock and around the week", () => {
  // Friday 2025-10-17 18:00 UTC (21:00 server) → Monday 2025-10-20 03:00 UTC, catalog sessions.
  const from = Date.UTC(2025, 9, 17, 18, 0);
  const to = Date.UTC(2025, 9, 20, 3, 0);
  const feed = createSyntheticFeed({
    seed: 9,
    startMs: from,
    historyDays: 0,
    profiles: [EURUSD, BTCUSD],
    isQuoteOpen: catalogSessions,
  }).feed;
  const ticks = feed.advance(to);
  const cal = new ServerCalendar();

  test("FX is silent from the weekend close to the Monday open", () => {
    const fx = ticks.filter((t) => t.symbol === "EURUSD");
    expect(fx.length).toBeGreaterThan(1000); // Friday evening and Monday morning trade
    for (const t of fx) {
      expect([1, 2, 3, 4, 5]).toContain(cal.weekday(t.timeMs));
      expect(catalogSessions("EURUSD", t.timeMs)).toBe(true);
    }
    // Catalog FX sessions: server Friday 23:55 (20:55 UTC) to Monday 00:01 (Sunday 21:01 UTC).
    const close = Date.UTC(2025, 9, 17, 20, 55);
    const open = Date.UTC(2025, 9, 19, 21, 1);
    expect(fx.filter((t) => t.timeMs >= close && t.timeMs < open)).toEqual([]);
    expect(fx.some((t) => t.timeMs >= close - 5 * MIN && t.timeMs < close)).toBe(true);
    expect(fx.some((t) => t.timeMs >= open && t.timeMs < open + 5 * MIN)).toBe(true);
  });

  test("crypto ticks every minute of the weekend, at a level like its weekdays", () => {
    const perMinute = new Map<number, number>();
    for (const t of ticks) {
      const wd = cal.weekday(t.timeMs);
      if (t.symbol === "BTCUSD" && (wd === 6 || wd === 0)) {
        const m = Math.floor(t.timeMs / MIN);
        perMinute.set(m, (perMinute.get(m) ?? 0) + 1);
      }
    }
    expect(perMinute.size).toBe(2 * 1440); // Saturday and Sunday, server time
    const counts = [...perMinute.values()];
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(mean(counts)).toBeGreaterThan(100);
  });

  test("crypto keeps a flatter day than FX (seasonality exponent 0.3)", () => {
    const market = createSyntheticFeed({
      seed: 4,
      startMs: FOUR_WEEKS_ON,
      historyDays: 14,
      profiles: [EURUSD, BTCUSD],
    });
    const btc = perHour(market.history.query("BTCUSD", "M1"));
    const fx = perHour(market.history.query("EURUSD", "M1"));
    const spread = (xs: number[]) => Math.max(...xs) / Math.min(...xs);
    expect(spread(btc)).toBeLessThan(3);
    expect(spread(fx)).toBeGreaterThan(6);
  });
});

describe("per-symbol levels", () => {
  const c = TICK_INTENSITY;
  const refVol = EURUSD.annualVol;

  test("EURUSD is the reference, CADJPY its own recording, the rest the volatility proxy", () => {
    expect(symbolActivity(EURUSD, c, refVol)).toBe(1);
    const cadjpy = c.recorded.find((r) => r.symbol === "CADJPY");
    expect(symbolActivity(profile("CADJPY"), c, refVol)).toBe(cadjpy?.relativeActivity ?? -1);
    const gbpusd = profile("GBPUSD");
    expect(symbolActivity(gbpusd, c, refVol)).toBeCloseTo(
      (gbpusd.annualVol / refVol) ** c.activityExponent,
      12,
    );
    for (const symbol of FEED_SYMBOLS) {
      const a = symbolActivity(profile(symbol), c, refVol);
      expect(a).toBeGreaterThan(0.5);
      expect(a).toBeLessThan(4);
    }
  });

  test("every symbol ticks in the London/New York hours well above once a second", () => {
    // Wednesday 2025-10-15 13:00–14:00 UTC = 16:00–17:00 server.
    const start = Date.UTC(2025, 9, 15, 13, 0);
    const ticks = createSyntheticFeed({ seed: 5, startMs: start, historyDays: 0 }).feed.advance(
      start + 3_600_000,
    );
    const count = new Map<string, number>();
    for (const t of ticks) {
      count.set(t.symbol, (count.get(t.symbol) ?? 0) + 1);
    }
    for (const symbol of FEED_SYMBOLS) {
      const perMinute = (count.get(symbol) ?? 0) / 60;
      expect(perMinute).toBeGreaterThan(60);
      expect(perMinute).toBeLessThanOrEqual(600); // the default cap, 10/s
    }
  });
});

describe("operator knobs", () => {
  const start = Date.UTC(2025, 9, 15, 12, 0);
  const history = (options: { tickIntensity?: number; maxTicksPerSecond?: number }) =>
    createSyntheticFeed({
      seed: 12,
      startMs: start,
      historyDays: 3,
      profiles: [EURUSD],
      ...options,
    }).history.query("EURUSD", "M1");
  const base = history({});
  const total = (bars: readonly Bar[]) => bars.reduce((a, b) => a + b.tickVolume, 0);

  test("the intensity scales the ticks; the cap bounds them; neither moves an M1 close", () => {
    const half = history({ tickIntensity: 0.5 });
    expect(total(half) / total(base)).toBeGreaterThan(0.45);
    expect(total(half) / total(base)).toBeLessThan(0.55);
    const double = history({ tickIntensity: 2 });
    expect(total(double) / total(base)).toBeGreaterThan(1.8);
    const capped = history({ maxTicksPerSecond: 1 });
    expect(Math.max(...capped.map((b) => b.tickVolume))).toBeLessThanOrEqual(60);
    const none = history({ tickIntensity: 0 });
    expect(none.every((b) => b.tickVolume === 1)).toBe(true); // one tick per quoted minute
    const closes = (bars: readonly Bar[]) => bars.map((b) => [b.timeMs, b.close]);
    expect(closes(half)).toEqual(closes(base));
    expect(closes(double)).toEqual(closes(base));
    expect(closes(capped)).toEqual(closes(base));
    expect(closes(none)).toEqual(closes(base));
  });

  test("the default cap is 10 ticks per second", () => {
    expect(Math.max(...base.map((b) => b.tickVolume))).toBeLessThanOrEqual(600);
  });
});

function correlation(a: readonly number[], b: readonly number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = (a[i] ?? 0) - ma;
    const y = (b[i] ?? 0) - mb;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return sab / Math.sqrt(saa * sbb);
}
