import { describe, expect, test } from "bun:test";
import {
  getSymbol,
  isQuoteSessionOpen,
  isTradeSessionOpen,
  listSymbols,
} from "../../../src/broker/symbols.ts";

const spec = (name: string) => {
  const s = getSymbol(name);
  if (!s) {
    throw new Error(`missing ${name}`);
  }
  return s;
};

describe("symbol catalog", () => {
  test("exactly the 20 symbols", () => {
    expect(listSymbols().map((s) => s.name)).toEqual([
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
    expect(getSymbol("NOPE")).toBeUndefined();
  });

  test("digits, contract sizes, tick values, currencies", () => {
    expect(spec("EURUSD")).toMatchObject({
      digits: 5,
      point: 0.00001,
      contractSize: 100_000,
      tickValue: 1,
      marginCurrency: "EUR",
      profitCurrency: "USD",
      marginMode: "forex",
    });
    expect(spec("USDJPY")).toMatchObject({
      digits: 3,
      point: 0.001,
      tickValue: 100,
      profitCurrency: "JPY",
    });
    expect(spec("GBPJPY").digits).toBe(3);
    expect(spec("XAUUSD")).toMatchObject({ digits: 2, contractSize: 100, tickValue: 1 });
    expect(spec("XAGUSD")).toMatchObject({ digits: 3, contractSize: 5000, tickValue: 5 });
    expect(spec("DE40")).toMatchObject({ digits: 2, profitCurrency: "EUR", marginMode: "cfd" });
    expect(spec("BTCUSD")).toMatchObject({
      digits: 2,
      tripleSwapDay: null,
      swapDays: [0, 1, 2, 3, 4, 5, 6],
    });
    expect(spec("EURUSD")).toMatchObject({ tripleSwapDay: 3, swapDays: [1, 2, 3, 4, 5] });
    for (const s of listSymbols()) {
      expect(s.point).toBeCloseTo(10 ** -s.digits, 12);
      expect(Object.isFrozen(s)).toBe(true);
    }
  });

  test("FX sessions: server Mon 00:01 – Fri 23:55 with the daily break (winter, GMT+2)", () => {
    const eur = spec("EURUSD");
    // Wednesday 12:00 server
    expect(isTradeSessionOpen(eur, Date.UTC(2025, 0, 15, 10))).toBe(true);
    // Wednesday 23:58:30 server: quotes yes, trading no
    const late = Date.UTC(2025, 0, 15, 21, 58, 30);
    expect(isQuoteSessionOpen(eur, late)).toBe(true);
    expect(isTradeSessionOpen(eur, late)).toBe(false);
    // Thursday 00:00:30 server (rollover break)
    expect(isQuoteSessionOpen(eur, Date.UTC(2025, 0, 15, 22, 0, 30))).toBe(false);
    // Sunday 22:00 UTC = Monday 00:00 server: break; 22:01 UTC open
    expect(isTradeSessionOpen(eur, Date.UTC(2025, 0, 19, 22, 0, 30))).toBe(false);
    expect(isTradeSessionOpen(eur, Date.UTC(2025, 0, 19, 22, 1, 30))).toBe(true);
    // Saturday
    expect(isQuoteSessionOpen(eur, Date.UTC(2025, 0, 18, 10))).toBe(false);
    // Friday 21:54 UTC = 23:54 server open, 21:56 closed
    expect(isTradeSessionOpen(eur, Date.UTC(2025, 0, 17, 21, 54))).toBe(true);
    expect(isTradeSessionOpen(eur, Date.UTC(2025, 0, 17, 21, 56))).toBe(false);
  });

  test("summer time (GMT+3): the week opens Sunday 21:00 UTC", () => {
    const eur = spec("EURUSD");
    expect(isTradeSessionOpen(eur, Date.UTC(2025, 6, 13, 21, 1, 30))).toBe(true);
    expect(isTradeSessionOpen(eur, Date.UTC(2025, 6, 13, 20, 30))).toBe(false);
  });

  test("index hours with breaks, crypto around the clock", () => {
    const us = spec("US500");
    // 23:20 server (21:20 UTC winter) is in the 23:15–23:30 pause
    expect(isTradeSessionOpen(us, Date.UTC(2025, 0, 15, 21, 20))).toBe(false);
    expect(isTradeSessionOpen(us, Date.UTC(2025, 0, 15, 21, 35))).toBe(true);
    const de = spec("DE40");
    expect(isTradeSessionOpen(de, Date.UTC(2025, 0, 15, 0, 0))).toBe(false);
    expect(isTradeSessionOpen(de, Date.UTC(2025, 0, 15, 2, 0))).toBe(true);
    const btc = spec("BTCUSD");
    expect(isTradeSessionOpen(btc, Date.UTC(2025, 0, 18, 10))).toBe(true);
    expect(isTradeSessionOpen(btc, Date.UTC(2025, 0, 19, 22, 0))).toBe(true);
  });
});
