// CSV replay: MT4 parsing (offset, errors), ticks that rebuild the recorded bars exactly,
// slicing invariance, modelled spread, and the replay history. Fixture: real CADJPY minute bars
// (test/fixtures/market/README.md carries the source credit and MIT notice).

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { LiveBarBuilder } from "../../../src/broker/feed/bars.ts";
import { MarketFeed } from "../../../src/broker/feed/market.ts";
import {
  type Mt4Bar,
  parseMt4Csv,
  ReplayFeed,
  replayHistory,
} from "../../../src/broker/feed/replay.ts";
import type { Bar, Tick } from "../../../src/broker/feed/types.ts";

const FIXTURE = join(import.meta.dir, "../../fixtures/market/CADJPY_M1_2022-09-29_2022-09-30.csv");
const text = await Bun.file(FIXTURE).text();
const parsed = parseMt4Csv(text, 180);
if (!parsed.ok) {
  throw new Error(`fixture does not parse: line ${parsed.line} ${parsed.reason}`);
}
const bars = parsed.bars;
const series = { symbol: "CADJPY", digits: 3, bars, spreadPoints: 22 };

describe("parseMt4Csv", () => {
  test("reads the CADJPY fixture with its GMT+3 offset", () => {
    expect(bars).toHaveLength(2048);
    expect(bars[0]).toEqual({
      timeMs: Date.UTC(2022, 8, 29, 10, 43), // 13:43 server GMT+3
      open: 105.572,
      high: 105.591,
      low: 105.572,
      close: 105.581,
      tickVolume: 64,
    });
    expect(bars[bars.length - 1]?.timeMs).toBe(Date.UTC(2022, 8, 30, 20, 58));
  });

  test("the offset is a parameter", () => {
    const r = parseMt4Csv("2022.09.29,13:43,1.1,1.2,1.0,1.15,5\n", 120);
    expect(r.ok && r.bars[0]?.timeMs).toBe(Date.UTC(2022, 8, 29, 11, 43));
  });

  test("malformed input is reported with its line", () => {
    expect(parseMt4Csv("2022.09.29,13:43,1.1,1.2,1.0,1.15,5\nnonsense\n", 180)).toEqual({
      ok: false,
      line: 2,
      reason: "expected YYYY.MM.DD,HH:MM,o,h,l,c,volume",
    });
    expect(parseMt4Csv("2022.02.30,13:43,1.1,1.2,1.0,1.15,5", 180).ok).toBe(false);
    expect(parseMt4Csv("2022.09.29,13:43,1.1,1.0,1.0,1.15,5", 180).ok).toBe(false); // high < close
    expect(
      parseMt4Csv("2022.09.29,13:43,1.1,1.2,1.0,1.15,5\n2022.09.29,13:43,1.1,1.2,1.0,1.15,5", 180)
        .ok,
    ).toBe(false);
  });
});

describe("ReplayFeed", () => {
  const replayAll = (maxTicksPerSecond = 2): Tick[] => {
    const feed = new ReplayFeed({ series: [series], seed: 1, maxTicksPerSecond });
    return feed.advance(Date.UTC(2022, 9, 1));
  };

  test("ticks rebuild every recorded bar exactly (O → H/L → C within the minute)", () => {
    const ticks = replayAll();
    const builder = new LiveBarBuilder(() => 3, ["M1"]);
    const rebuilt: Bar[] = [];
    for (const t of ticks) {
      for (const e of builder.onTick(t)) {
        if (e.kind === "close") {
          rebuilt.push(e.bar);
        }
      }
    }
    rebuilt.push(...builder.closeDue(Date.UTC(2022, 9, 1)).map((e) => e.bar));
    expect(rebuilt).toHaveLength(bars.length);
    for (let i = 0; i < bars.length; i++) {
      const want = bars[i] as Mt4Bar;
      const got = rebuilt[i] as Bar;
      expect([got.timeMs, got.open, got.high, got.low, got.close]).toEqual([
        want.timeMs,
        want.open,
        want.high,
        want.low,
        want.close,
      ]);
      // The recorded tick volume up to the cap (2/s = 120/min), but never fewer than the path's
      // distinct anchors (at most 4).
      const wanted = Math.min(want.tickVolume, 120);
      expect(got.tickVolume).toBeGreaterThanOrEqual(wanted);
      expect(got.tickVolume).toBeLessThanOrEqual(Math.max(wanted, 4));
    }
  });

  test("ticks are ordered, rounded, ask above bid, spread widened at rollover", () => {
    const ticks = replayAll();
    let last = 0;
    const rollover: number[] = [];
    const day: number[] = [];
    for (const t of ticks) {
      expect(t.timeMs).toBeGreaterThanOrEqual(last);
      last = t.timeMs;
      expect(Number(t.bid.toFixed(3))).toBe(t.bid);
      const spread = Math.round((t.ask - t.bid) * 1000);
      expect(spread).toBeGreaterThan(0);
      const serverMinute = (Math.floor(t.timeMs / 60_000) + 180) % 1440;
      (serverMinute >= 1435 || serverMinute < 10 ? rollover : day).push(spread);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(rollover.length).toBeGreaterThan(0);
    expect(mean(rollover)).toBeGreaterThan(1.5 * mean(day));
  });

  test("slicing-invariant and deterministic; a cap bounds extra ticks", () => {
    const whole = replayAll(2);
    const feed = new ReplayFeed({ series: [series], seed: 1, maxTicksPerSecond: 2 });
    const sliced: Tick[] = [];
    const from = bars[0]?.timeMs ?? 0;
    for (let t = from + 7_777; t < Date.UTC(2022, 9, 1); t += 7_777) {
      sliced.push(...feed.advance(t));
    }
    sliced.push(...feed.advance(Date.UTC(2022, 9, 1)));
    expect(sliced).toEqual(whole);
    const capped = replayAll(1 / 60);
    expect(capped.length).toBeLessThanOrEqual(bars.length * 4);
    expect(capped.length).toBeLessThan(whole.length);
  });

  test("replay from a start instant, with the earlier bars as history", () => {
    const start = Date.UTC(2022, 8, 30, 6, 0);
    const options = { series: [series], seed: 1, startMs: start };
    const history = replayHistory(options, start);
    const before = bars.filter((b) => b.timeMs < start);
    expect(history.count("CADJPY", "M1")).toBe(before.length);
    expect(history.query("CADJPY", "M1", { count: 1 })[0]?.close).toBe(
      before[before.length - 1]?.close,
    );
    const hub = new MarketFeed(new ReplayFeed(options), history);
    const step = hub.advance(start + 3_600_000);
    expect(step.ticks[0]?.timeMs).toBeGreaterThanOrEqual(start);
    expect(
      history.query("CADJPY", "M1", { fromMs: start }).map((b) => [b.timeMs, b.close]),
    ).toEqual(
      bars
        .filter((b) => b.timeMs >= start && b.timeMs < start + 3_600_000)
        .map((b) => [b.timeMs, b.close]),
    );
  });
});
