// Market status spreads (5-, 3- and 2-digit symbols), trade-session payloads and their windows,
// the server-timezone payload in winter and US summer time, the symbol list and the OHLC query.

import { describe, expect, test } from "bun:test";
import { TIMEFRAMES } from "../../../src/broker/feed/types.ts";
import { getSymbol, type SymbolSpec } from "../../../src/broker/symbols.ts";
import {
  formatMinute,
  marketStatusItem,
  ohlcQuery,
  parseSymbolList,
  serverTimezonePayload,
  tradeSessionPayload,
} from "../../../src/domain/trading/market.ts";

function spec(name: string): SymbolSpec {
  const s = getSymbol(name);
  if (!s) {
    throw new Error(`no symbol ${name}`);
  }
  return s;
}

describe("marketStatusItem", () => {
  test("5 digits: 12 points = 1.2 pips", () => {
    expect(marketStatusItem(spec("EURUSD"), { bid: 1.1, ask: 1.10012 }, true)).toEqual({
      symbol: "EURUSD",
      tradeable: true,
      bid: 1.1,
      ask: 1.10012,
      spread_points: 12,
      spread_pips: 1.2,
      digits: 5,
    });
  });

  test("3 digits: USDJPY 15 points = 1.5 pips; XAGUSD likewise", () => {
    const jpy = marketStatusItem(spec("USDJPY"), { bid: 150.0, ask: 150.015 }, true);
    expect(jpy.spread_points).toBe(15);
    expect(jpy.spread_pips).toBe(1.5);
    expect(jpy.digits).toBe(3);
    const silver = marketStatusItem(spec("XAGUSD"), { bid: 23.1, ask: 23.125 }, false);
    expect(silver.spread_points).toBe(25);
    expect(silver.spread_pips).toBe(2.5);
    expect(silver.tradeable).toBe(false);
  });

  test("2 digits: pips = points", () => {
    const gold = marketStatusItem(spec("XAUUSD"), { bid: 2000.1, ask: 2000.35 }, true);
    expect(gold.spread_points).toBe(25);
    expect(gold.spread_pips).toBe(25);
    const btc = marketStatusItem(spec("BTCUSD"), { bid: 65000, ask: 65012.5 }, true);
    expect(btc.spread_points).toBe(1250);
    expect(btc.spread_pips).toBe(1250);
  });

  test("no quote yet: zeros, not tradeable as given", () => {
    expect(marketStatusItem(spec("EURUSD"), null, false)).toEqual({
      symbol: "EURUSD",
      tradeable: false,
      bid: 0,
      ask: 0,
      spread_points: 0,
      spread_pips: 0,
      digits: 5,
    });
  });
});

describe("tradeSessionPayload", () => {
  // Monday 2024-01-15 10:00 UTC = 12:00 server.
  const MONDAY_NOON = Date.UTC(2024, 0, 15, 10, 0, 0);

  test("FX weekly windows, open on Monday noon", () => {
    expect(tradeSessionPayload(spec("EURUSD"), MONDAY_NOON)).toEqual({
      symbol: "EURUSD",
      open: true,
      server_time: "2024-01-15T12:00:00",
      sessions: {
        sunday: { trade: [], quote: [] },
        monday: { trade: ["00:01-23:58"], quote: ["00:01-23:59"] },
        tuesday: { trade: ["00:01-23:58"], quote: ["00:01-23:59"] },
        wednesday: { trade: ["00:01-23:58"], quote: ["00:01-23:59"] },
        thursday: { trade: ["00:01-23:58"], quote: ["00:01-23:59"] },
        friday: { trade: ["00:01-23:55"], quote: ["00:01-23:55"] },
        saturday: { trade: [], quote: [] },
      },
    });
  });

  test("window edges: start inclusive, end exclusive", () => {
    const eur = spec("EURUSD");
    // Server Monday 00:00:30 (Sunday 22:00:30 UTC): before 00:01.
    expect(tradeSessionPayload(eur, Date.UTC(2024, 0, 14, 22, 0, 30)).open).toBe(false);
    // Server Monday 00:01:00.
    expect(tradeSessionPayload(eur, Date.UTC(2024, 0, 14, 22, 1, 0)).open).toBe(true);
    // Server Friday 23:54:59 and 23:55:00 (21:54:59 / 21:55:00 UTC).
    expect(tradeSessionPayload(eur, Date.UTC(2024, 0, 19, 21, 54, 59)).open).toBe(true);
    expect(tradeSessionPayload(eur, Date.UTC(2024, 0, 19, 21, 55, 0)).open).toBe(false);
    // Saturday.
    expect(tradeSessionPayload(eur, Date.UTC(2024, 0, 20, 10, 0, 0)).open).toBe(false);
  });

  test("summer time: server Monday 00:01 is Sunday 21:01 UTC", () => {
    const eur = spec("EURUSD");
    const p = tradeSessionPayload(eur, Date.UTC(2024, 6, 7, 21, 1, 0));
    expect(p.server_time).toBe("2024-07-08T00:01:00");
    expect(p.open).toBe(true);
    expect(tradeSessionPayload(eur, Date.UTC(2024, 6, 7, 21, 0, 0)).open).toBe(false);
  });

  test("index with two windows; crypto around the clock", () => {
    const us = tradeSessionPayload(spec("US500"), MONDAY_NOON);
    expect(us.sessions.tuesday.trade).toEqual(["01:05-23:15", "23:30-23:55"]);
    // Monday 23:20 server (21:20 UTC) is in the maintenance pause.
    expect(tradeSessionPayload(spec("US500"), Date.UTC(2024, 0, 15, 21, 20, 0)).open).toBe(false);
    const btc = tradeSessionPayload(spec("BTCUSD"), Date.UTC(2024, 0, 20, 10, 0, 0));
    expect(btc.open).toBe(true);
    expect(btc.sessions.saturday).toEqual({ trade: ["00:00-24:00"], quote: ["00:00-24:00"] });
  });

  test("formatMinute", () => {
    expect(formatMinute(0)).toBe("00:00");
    expect(formatMinute(61)).toBe("01:01");
    expect(formatMinute(1439)).toBe("23:59");
    expect(formatMinute(1440)).toBe("24:00");
  });
});

describe("serverTimezonePayload", () => {
  test("winter: Etc/GMT-2, 120 minutes", () => {
    expect(serverTimezonePayload(Date.UTC(2024, 0, 15, 10, 30, 45))).toEqual({
      timezone: "Etc/GMT-2",
      offset_minutes: 120,
      dst: false,
      server_time: "2024-01-15T12:30:45",
      utc_time: "2024-01-15T10:30:45.000Z",
    });
  });

  test("US summer time: Etc/GMT-3, 180 minutes, date rolls", () => {
    expect(serverTimezonePayload(Date.UTC(2024, 6, 1, 21, 30, 0))).toEqual({
      timezone: "Etc/GMT-3",
      offset_minutes: 180,
      dst: true,
      server_time: "2024-07-02T00:30:00",
      utc_time: "2024-07-01T21:30:00.000Z",
    });
  });

  test("US DST starts 2024-03-10 07:00 UTC", () => {
    expect(serverTimezonePayload(Date.UTC(2024, 2, 10, 6, 59, 59)).offset_minutes).toBe(120);
    expect(serverTimezonePayload(Date.UTC(2024, 2, 10, 7, 0, 0)).offset_minutes).toBe(180);
  });
});

describe("parseSymbolList", () => {
  test("trim, skip empties, dedupe, keep case and order", () => {
    expect(parseSymbolList(" EURUSD, GBPUSD,,EURUSD ,XAUUSD.m,#US500,BTC-USD_x,")).toEqual({
      ok: true,
      symbols: ["EURUSD", "GBPUSD", "XAUUSD.m", "#US500", "BTC-USD_x"],
    });
    expect(parseSymbolList("eurusd")).toEqual({ ok: true, symbols: ["eurusd"] });
  });

  test("50 distinct symbols ok, 51 not; duplicates do not count", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `S${i}`);
    expect(parseSymbolList([...fifty, ...fifty].join(","))).toEqual({ ok: true, symbols: fifty });
    const r = parseSymbolList([...fifty, "S50"].join(","));
    expect(r).toEqual({
      ok: false,
      field: "symbols",
      message: "at most 50 symbols per request (got 51)",
    });
  });

  test("bad items are named", () => {
    expect(parseSymbolList("EURUSD,EUR USD")).toEqual({
      ok: false,
      field: "symbols",
      message: 'invalid symbol "EUR USD": use 1 to 32 of A-Z a-z 0-9 . _ # -',
    });
    const long = "A".repeat(33);
    const r = parseSymbolList(long);
    expect(!r.ok && r.message).toContain(`"${long}"`);
    const huge = parseSymbolList("B".repeat(500));
    expect(!huge.ok && huge.message).toContain(`"${"B".repeat(40)}…"`);
    expect(!parseSymbolList("EUR/USD").ok).toBe(true);
    expect(!parseSymbolList("EURUSD;DROP").ok).toBe(true);
  });

  test("missing or empty", () => {
    for (const q of [undefined, "", " , ,", 5]) {
      const r = parseSymbolList(q);
      expect(!r.ok && r.field).toBe("symbols");
    }
  });
});

describe("ohlcQuery", () => {
  test("defaults and every timeframe", () => {
    for (const tf of TIMEFRAMES) {
      expect(ohlcQuery({ timeframe: tf })).toEqual({ ok: true, timeframe: tf, count: 100 });
    }
  });

  test("from/to in server time, count as a string", () => {
    expect(
      ohlcQuery({
        timeframe: "H1",
        from: "2024-01-15T00:00:00",
        to: "2024-07-02T00:30:00",
        count: "5000",
      }),
    ).toEqual({
      ok: true,
      timeframe: "H1",
      fromMs: Date.UTC(2024, 0, 14, 22, 0, 0),
      toMs: Date.UTC(2024, 6, 1, 21, 30, 0),
      count: 5000,
    });
    expect(ohlcQuery({ timeframe: "M1", count: 1 })).toEqual({
      ok: true,
      timeframe: "M1",
      count: 1,
    });
  });

  test.each([
    [{}, "timeframe"],
    [{ timeframe: "m1" }, "timeframe"],
    [{ timeframe: "H2" }, "timeframe"],
    [{ timeframe: "H1", from: "2024-01-15" }, "from"],
    [{ timeframe: "H1", to: "2024-13-01T00:00:00" }, "to"],
    [{ timeframe: "H1", from: "2024-01-02T00:00:00", to: "2024-01-01T00:00:00" }, "from"],
    [{ timeframe: "H1", count: 0 }, "count"],
    [{ timeframe: "H1", count: 5001 }, "count"],
    [{ timeframe: "H1", count: "5001" }, "count"],
    [{ timeframe: "H1", count: "10.5" }, "count"],
    [{ timeframe: "H1", count: 2.5 }, "count"],
    [{ timeframe: "H1", count: "" }, "count"],
  ])("%o → field %s", (query, field) => {
    const r = ohlcQuery(query);
    expect(!r.ok && r.field).toBe(field);
  });

  test("a missing timeframe is named as required", () => {
    expect(ohlcQuery({ count: 5 })).toEqual({
      ok: false,
      field: "timeframe",
      message: "is required",
    });
  });
});
