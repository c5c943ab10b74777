// Bar aggregation on server-time boundaries (hand-built M1 fixtures, including US DST switches),
// the bar store's queries, and the live bar builder's updates and closes.

import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  aggregateBars,
  BarStore,
  bucketOpenMs,
  LiveBarBuilder,
} from "../../../src/broker/feed/bars.ts";
import { ServerCalendar } from "../../../src/broker/feed/calendar.ts";
import type { Bar } from "../../../src/broker/feed/types.ts";
import { serverDayStart, serverMinuteOfDay, serverWeekday } from "../../../src/mt5/server-time.ts";

const utc = (iso: string): number => Date.parse(`${iso}Z`);

function m1(iso: string, o: number, h: number, l: number, c: number, v = 1, s = 10): Bar {
  return { timeMs: utc(iso), open: o, high: h, low: l, close: c, tickVolume: v, spread: s };
}

// Winter (server GMT+2). Tue 2026-01-13 23:58 server … Sun 2026-02-01 00:30 server.
const WINTER: Bar[] = [
  m1("2026-01-13T21:58", 1.1, 1.1001, 1.0999, 1.10005, 3, 12), // Tue 23:58 server
  m1("2026-01-13T21:59", 1.10005, 1.1002, 1.1, 1.10015, 2, 15), // Tue 23:59
  m1("2026-01-13T22:05", 1.1002, 1.1003, 1.1001, 1.10025, 4, 20), // Wed 00:05
  m1("2026-01-13T22:06", 1.10025, 1.1008, 1.10021, 1.1007, 5, 11),
  m1("2026-01-13T22:11", 1.1007, 1.1007, 1.0995, 1.0996, 6, 9), // Wed 00:11
  m1("2026-01-13T23:00", 1.0996, 1.1, 1.099, 1.0999, 7, 10), // Wed 01:00
  m1("2026-01-30T21:59", 1.2, 1.2005, 1.1995, 1.2001, 8, 10), // Fri 23:59
  m1("2026-01-31T22:30", 1.21, 1.211, 1.209, 1.2105, 9, 13), // Sun 2026-02-01 00:30 server
];

const ohlc = (b: Bar) => [
  new Date(b.timeMs).toISOString().slice(0, 16),
  b.open,
  b.high,
  b.low,
  b.close,
  b.tickVolume,
  b.spread,
];

describe("aggregation on server-time boundaries", () => {
  test("M5", () => {
    expect(aggregateBars(WINTER.slice(0, 6), "M5", 5).map(ohlc)).toEqual([
      ["2026-01-13T21:55", 1.1, 1.1002, 1.0999, 1.10015, 5, 12],
      ["2026-01-13T22:05", 1.1002, 1.1008, 1.1001, 1.1007, 9, 11],
      ["2026-01-13T22:10", 1.1007, 1.1007, 1.0995, 1.0996, 6, 9],
      ["2026-01-13T23:00", 1.0996, 1.1, 1.099, 1.0999, 7, 10],
    ]);
  });

  test("H1 and H4 (H4 on server hours 00/04/…)", () => {
    expect(aggregateBars(WINTER.slice(0, 6), "H1", 5).map(ohlc)).toEqual([
      ["2026-01-13T21:00", 1.1, 1.1002, 1.0999, 1.10015, 5, 12],
      ["2026-01-13T22:00", 1.1002, 1.1008, 1.0995, 1.0996, 15, 9],
      ["2026-01-13T23:00", 1.0996, 1.1, 1.099, 1.0999, 7, 10],
    ]);
    expect(aggregateBars(WINTER.slice(0, 6), "H4", 5).map(ohlc)).toEqual([
      ["2026-01-13T18:00", 1.1, 1.1002, 1.0999, 1.10015, 5, 12], // server 20:00
      ["2026-01-13T22:00", 1.1002, 1.1008, 1.099, 1.0999, 22, 9], // server 00:00
    ]);
  });

  test("D1 at 00:00 server, W1 from Sunday 00:00 server, MN1 from the 1st", () => {
    expect(aggregateBars(WINTER, "D1", 5).map(ohlc)).toEqual([
      ["2026-01-12T22:00", 1.1, 1.1002, 1.0999, 1.10015, 5, 12], // Tue 13 Jan
      ["2026-01-13T22:00", 1.1002, 1.1008, 1.099, 1.0999, 22, 9], // Wed 14 Jan
      ["2026-01-29T22:00", 1.2, 1.2005, 1.1995, 1.2001, 8, 10], // Fri 30 Jan
      ["2026-01-31T22:00", 1.21, 1.211, 1.209, 1.2105, 9, 13], // Sun 1 Feb
    ]);
    expect(aggregateBars(WINTER, "W1", 5).map(ohlc)).toEqual([
      ["2026-01-10T22:00", 1.1, 1.1008, 1.099, 1.0999, 27, 9], // week of Sun 11 Jan
      ["2026-01-24T22:00", 1.2, 1.2005, 1.1995, 1.2001, 8, 10], // week of Sun 25 Jan
      ["2026-01-31T22:00", 1.21, 1.211, 1.209, 1.2105, 9, 13], // week of Sun 1 Feb
    ]);
    expect(aggregateBars(WINTER, "MN1", 5).map(ohlc)).toEqual([
      ["2025-12-31T22:00", 1.1, 1.2005, 1.099, 1.2001, 35, 9], // January (server)
      ["2026-01-31T22:00", 1.21, 1.211, 1.209, 1.2105, 9, 13], // February (server)
    ]);
  });

  test("across the US DST switch (2026-03-08 07:00 UTC): D1/W1/H4 follow server wall time", () => {
    const bars = [
      m1("2026-03-06T21:58", 1.1, 1.1, 1.1, 1.1), // Fri 23:58 server (GMT+2)
      m1("2026-03-08T06:30", 1.2, 1.2, 1.2, 1.2), // Sun 08:30 server (GMT+2), crypto-style
      m1("2026-03-08T07:30", 1.3, 1.3, 1.3, 1.3), // Sun 10:30 server (GMT+3)
      m1("2026-03-08T09:00", 1.4, 1.4, 1.4, 1.4), // Sun 12:00 server
      m1("2026-03-08T21:10", 1.5, 1.5, 1.5, 1.5), // Mon 00:10 server (GMT+3)
      m1("2026-03-08T21:59", 1.6, 1.6, 1.6, 1.6), // Mon 00:59
    ];
    const times = (tf: "H4" | "D1" | "W1") =>
      aggregateBars(bars, tf, 5).map((b) => [
        new Date(b.timeMs).toISOString().slice(0, 16),
        b.close,
      ]);
    expect(times("D1")).toEqual([
      ["2026-03-05T22:00", 1.1], // Fri 6 Mar 00:00 GMT+2
      ["2026-03-07T22:00", 1.4], // Sun 8 Mar 00:00 GMT+2 (a 23-hour server day)
      ["2026-03-08T21:00", 1.6], // Mon 9 Mar 00:00 GMT+3
    ]);
    expect(times("W1")).toEqual([
      ["2026-02-28T22:00", 1.1], // Sun 1 Mar
      ["2026-03-07T22:00", 1.6], // Sun 8 Mar
    ]);
    expect(times("H4")).toEqual([
      ["2026-03-06T18:00", 1.1], // Fri 20:00 server
      ["2026-03-08T06:00", 1.3], // Sun 08:00 server: 08:30 and (after the skip) 10:30
      ["2026-03-08T09:00", 1.4], // Sun 12:00 server (GMT+3)
      ["2026-03-08T21:00", 1.6], // Mon 00:00 server
    ]);
  });

  test("autumn switch (2025-11-02 06:00 UTC): the repeated server hour stays in one bucket", () => {
    const bars = [
      m1("2025-11-02T05:30", 1.1, 1.1, 1.1, 1.1), // Sun 08:30 server (GMT+3)
      m1("2025-11-02T06:30", 1.2, 1.2, 1.2, 1.2), // Sun 08:30 server again (GMT+2)
      m1("2025-11-02T10:00", 1.3, 1.3, 1.3, 1.3), // Sun 12:00 server
    ];
    expect(aggregateBars(bars, "H4", 5).map((b) => [b.timeMs, b.close])).toEqual([
      [utc("2025-11-02T05:00"), 1.2],
      [utc("2025-11-02T10:00"), 1.3],
    ]);
    expect(aggregateBars(bars, "H1", 5)).toHaveLength(3);
  });

  test("bucket opens agree with src/mt5/server-time.ts for any instant (property)", () => {
    const cal = new ServerCalendar();
    fc.assert(
      fc.property(
        fc.integer({ min: utc("2020-01-01T00:00"), max: utc("2032-12-31T00:00") }),
        (t) => {
          expect(bucketOpenMs("D1", t, cal)).toBe(serverDayStart(t));
          expect(cal.weekday(t)).toBe(serverWeekday(t));
          expect(cal.minuteOfDay(t)).toBe(serverMinuteOfDay(t));
          const w1 = bucketOpenMs("W1", t, cal);
          expect(serverWeekday(w1)).toBe(0);
          expect(serverMinuteOfDay(w1)).toBe(0);
          expect(w1).toBeLessThanOrEqual(t);
          expect(t - w1).toBeLessThan(7 * 86_400_000 + 3_600_000);
          const h4 = bucketOpenMs("H4", t, cal);
          expect(serverMinuteOfDay(h4) % 240).toBe(0);
          expect(h4).toBeLessThanOrEqual(t);
          const mn = bucketOpenMs("MN1", t, cal);
          expect(serverMinuteOfDay(mn)).toBe(0);
          expect(new Date(mn + 3 * 3_600_000).getUTCDate()).toBe(1);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("BarStore queries", () => {
  const store = new BarStore(() => 5);
  for (const b of WINTER) {
    store.appendM1("EURUSD", b);
  }

  test("from/to, to+count, from+count, count", () => {
    const t = (bs: Bar[]) => bs.map((b) => new Date(b.timeMs).toISOString().slice(11, 16));
    expect(
      t(
        store.query("EURUSD", "M1", {
          fromMs: utc("2026-01-13T21:59"),
          toMs: utc("2026-01-13T22:11"),
        }),
      ),
    ).toEqual(["21:59", "22:05", "22:06", "22:11"]);
    expect(t(store.query("EURUSD", "M1", { toMs: utc("2026-01-13T22:10"), count: 2 }))).toEqual([
      "22:05",
      "22:06",
    ]);
    expect(t(store.query("EURUSD", "M1", { fromMs: utc("2026-01-13T22:00"), count: 2 }))).toEqual([
      "22:05",
      "22:06",
    ]);
    expect(t(store.query("EURUSD", "H1", { count: 2 }))).toEqual(["21:00", "22:00"]); // 30 and 31 Jan
    expect(store.query("EURUSD", "D1")).toHaveLength(4);
    expect(store.query("GBPUSD", "D1")).toEqual([]);
    expect(store.count("EURUSD", "W1")).toBe(3);
  });

  test("aggregates extend incrementally as M1 bars are appended", () => {
    const s = new BarStore(() => 5);
    for (const b of WINTER.slice(0, 3)) {
      s.appendM1("X", b);
    }
    expect(s.query("X", "D1").map((b) => b.close)).toEqual([1.10015, 1.10025]);
    for (const b of WINTER.slice(3)) {
      s.appendM1("X", b);
    }
    expect(s.query("X", "D1")).toEqual(aggregateBars(WINTER, "D1", 5));
    s.appendM1("X", WINTER[0] as Bar); // out of order: ignored
    expect(s.count("X", "M1")).toBe(WINTER.length);
  });
});

describe("LiveBarBuilder", () => {
  test("updates the forming bars and closes them when the bucket changes", () => {
    const builder = new LiveBarBuilder(() => 5, ["M1", "H1"]);
    const tick = (iso: string, bid: number) => ({
      symbol: "EURUSD",
      bid,
      ask: Math.round((bid + 0.0001) * 1e5) / 1e5,
      timeMs: Date.parse(iso),
    });
    const e1 = builder.onTick(tick("2026-01-14T10:00:05Z", 1.1));
    expect(e1.map((e) => `${e.kind}:${e.timeframe}`)).toEqual(["update:M1", "update:H1"]);
    builder.onTick(tick("2026-01-14T10:00:30Z", 1.1005));
    builder.onTick(tick("2026-01-14T10:00:50Z", 1.0998));
    const e2 = builder.onTick(tick("2026-01-14T10:01:10Z", 1.1001));
    expect(e2.map((e) => `${e.kind}:${e.timeframe}`)).toEqual([
      "close:M1",
      "update:M1",
      "update:H1",
    ]);
    expect(e2[0]?.bar).toEqual({
      timeMs: Date.parse("2026-01-14T10:00:00Z"),
      open: 1.1,
      high: 1.1005,
      low: 1.0998,
      close: 1.0998,
      tickVolume: 3,
      spread: 10,
    });
    expect(builder.current("EURUSD", "H1")).toMatchObject({
      open: 1.1,
      high: 1.1005,
      low: 1.0998,
      close: 1.1001,
      tickVolume: 4,
    });
    expect(builder.closeDue(Date.parse("2026-01-14T10:01:59Z"))).toEqual([]);
    const due = builder.closeDue(Date.parse("2026-01-14T11:00:00Z"));
    expect(due.map((e) => `${e.kind}:${e.timeframe}`)).toEqual(["close:M1", "close:H1"]);
    expect(builder.current("EURUSD", "M1")).toBeUndefined();
  });
});
