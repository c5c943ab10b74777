// The engine's own limit of active pending orders per account (MT5 ACCOUNT_LIMIT_ORDERS): one
// more pending order is rejected with LIMIT_ORDERS (10033); market orders are not limited; a
// cancelled order frees a place; OrderCheck reports the limit too.
import { describe, expect, test } from "bun:test";
import { createEngine, createTicketSequence } from "../../../src/broker/engine/index.ts";
import { ManualClock, QUOTES, WED_NOON } from "./helpers.ts";

function engineWith(limitOrders?: number) {
  const clock = new ManualClock(WED_NOON);
  const engine = createEngine({
    clock,
    ids: createTicketSequence(1000, 5000),
    ...(limitOrders !== undefined ? { limitOrders } : {}),
  });
  for (const [symbol, [bid, ask]] of Object.entries(QUOTES)) {
    engine.applyTick({ symbol, bid, ask, timeMs: WED_NOON });
  }
  for (const login of [1, 2]) {
    engine.createAccount({
      login,
      currency: "USD",
      leverage: 100,
      marginMode: "hedging",
      deposit: 100_000,
      credit: 0,
      stopOutLevel: 50,
      marginCallLevel: 100,
    });
  }
  return engine;
}

const buyLimit = (login: number, i: number) => ({
  login,
  symbol: "EURUSD",
  volume: 0.01,
  orderType: "BuyLimit" as const,
  price: Number((1.09 - i * 0.0001).toFixed(5)),
});

describe("limit of pending orders", () => {
  test("the order past the limit is LIMIT_ORDERS 10033; market orders and other accounts go on", () => {
    const engine = engineWith(3);
    const tickets: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = engine.sendOrder(buyLimit(1, i));
      expect(r.ok).toBe(true);
      tickets.push(r.ok ? (r.order?.ticket ?? 0) : 0);
    }
    const over = engine.sendOrder({ ...buyLimit(1, 3), orderType: "SellStop" });
    expect(over).toMatchObject({ ok: false, reason: "LIMIT_ORDERS", retcode: 10033 });
    expect(engine.orders(1)).toHaveLength(3);
    expect(engine.checkOrder(buyLimit(1, 3))).toMatchObject({ ok: false, retcode: 10033 });
    const market = engine.sendOrder({ login: 1, symbol: "EURUSD", volume: 0.01, orderType: "Buy" });
    expect(market.ok).toBe(true);
    expect(engine.sendOrder(buyLimit(2, 0)).ok).toBe(true);
    // Cancelling one frees its place.
    expect(engine.cancelOrder({ login: 1, ticket: tickets[0] ?? 0 }).ok).toBe(true);
    expect(engine.sendOrder(buyLimit(1, 4)).ok).toBe(true);
    expect(engine.sendOrder(buyLimit(1, 5))).toMatchObject({ ok: false, reason: "LIMIT_ORDERS" });
  });

  test("without a limit (the engine's default) an account holds as many as it places", () => {
    const engine = engineWith();
    for (let i = 0; i < 600; i++) {
      expect(engine.sendOrder(buyLimit(1, i % 500)).ok).toBe(true);
    }
    expect(engine.orders(1)).toHaveLength(600);
  });
});
