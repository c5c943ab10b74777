// OrderCheck (checkOrder): validates and values an order without executing it.
import { describe, expect, test } from "bun:test";
import { setup } from "./helpers.ts";

// Leverage 1:100, EURUSD 1.10000/1.10010 (helpers.ts).

describe("checkOrder", () => {
  test("a valid order: retcode 0 and the margin after it, nothing executed", () => {
    const s = setup();
    s.account(1, { currency: "USD", deposit: 10_000 });
    const r = s.engine.checkOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    expect(r.ok).toBe(true);
    if (!r.ok) {
      return;
    }
    // 1 lot = 100,000 EUR at 1:100 → 1,000 EUR × 1.10000 = 1,100 USD of margin.
    expect(r.figures).toEqual({
      balance: 10_000,
      equity: 10_000,
      profit: 0,
      margin: 1100,
      freeMargin: 8900,
      marginLevel: 909.09,
    });
    expect(s.engine.positions(1)).toEqual([]);
    expect(s.engine.orders(1)).toEqual([]);
    expect(s.engine.summary(1)?.margin).toBe(0);
  });

  test("too little money: NO_MONEY (10019) with the figures it would have led to", () => {
    const s = setup();
    s.account(1, { currency: "USD", deposit: 1_000 });
    const r = s.engine.checkOrder({ login: 1, symbol: "EURUSD", orderType: "Sell", volume: 2 });
    expect(r.ok).toBe(false);
    if (r.ok) {
      return;
    }
    expect(r.reason).toBe("NO_MONEY");
    expect(r.retcode).toBe(10019);
    expect(r.figures?.margin).toBe(2200);
    expect(r.figures?.freeMargin).toBe(-1200);
  });

  test("the same validations as sending: volume, symbol, pending orders valued as if filled", () => {
    const s = setup();
    s.account(1, { currency: "USD", deposit: 10_000 });
    const vol = s.engine.checkOrder({
      login: 1,
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 0.123,
    });
    expect(vol.ok ? 0 : vol.retcode).toBe(10014);
    const sym = s.engine.checkOrder({ login: 1, symbol: "NOPE", orderType: "Buy", volume: 1 });
    expect(sym.ok).toBe(false);
    const pending = s.engine.checkOrder({
      login: 1,
      symbol: "EURUSD",
      orderType: "BuyLimit",
      volume: 1,
      price: 1.09,
    });
    expect(pending.ok && pending.figures.margin).toBe(1100);
  });
});
