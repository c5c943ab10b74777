import { describe, expect, test } from "bun:test";
import { eventsOf, SAT_NOON, setup, WED_NOON } from "./helpers.ts";

describe("market orders", () => {
  test("a buy fills at the ask, a sell at the bid, commission per side in the deal", () => {
    const s = setup();
    s.account(1);
    const buy = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    if (!buy.ok) {
      throw new Error(buy.message);
    }
    expect(buy.retcode).toBe(10009);
    expect(buy.deals).toHaveLength(1);
    expect(buy.deals[0]?.price).toBe(1.1001);
    expect(buy.deals[0]?.type).toBe("DealBuy");
    expect(buy.deals[0]?.entry).toBe("DealEntryIn");
    expect(buy.deals[0]?.commission).toBe(-3.5);
    expect(buy.position?.ticket).toBe(buy.order?.ticket);
    expect(buy.position?.openPrice).toBe(1.1001);
    // 10 000 − 3.50 commission
    expect(s.engine.account(1)?.balance).toBe(9996.5);
    const sell = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Sell", volume: 0.5 });
    if (!sell.ok) {
      throw new Error(sell.message);
    }
    expect(sell.deals[0]?.price).toBe(1.1);
    expect(sell.deals[0]?.commission).toBe(-1.75);
    // Hedging: two positions
    expect(s.engine.positions(1)).toHaveLength(2);
  });

  test("events: order added (Started), deal, position opened, order removed (Filled), account", () => {
    const s = setup();
    s.account(1);
    const r = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 0.1 });
    if (!r.ok) {
      throw new Error(r.message);
    }
    expect(r.events.map((e) => e.type)).toEqual([
      "orderAdded",
      "dealAdded",
      "positionOpened",
      "orderRemoved",
      "accountChanged",
    ]);
    const added = eventsOf(r.events, "orderAdded")[0];
    const removed = eventsOf(r.events, "orderRemoved")[0];
    expect(added?.order.state).toBe("Started");
    expect(removed?.order.state).toBe("Filled");
    expect(removed?.order.volumeCurrent).toBe(0);
    expect(eventsOf(r.events, "accountChanged")[0]?.account.balance).toBe(9999.65);
  });

  test("slippage: one point against the client per 10 lots on FX", () => {
    const s = setup();
    s.account(1, { deposit: 1_000_000 });
    const r = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 25 });
    if (!r.ok) {
      throw new Error(r.message);
    }
    expect(r.deals[0]?.price).toBe(1.10012);
    const sell = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Sell", volume: 10 });
    if (!sell.ok) {
      throw new Error(sell.message);
    }
    expect(sell.deals[0]?.price).toBe(1.09999);
  });

  test("deviation: instant execution requotes, market execution ignores the request price", () => {
    const s = setup();
    s.account(1);
    const fx = s.engine.sendOrder({
      login: 1,
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 1,
      price: 1.10008,
      deviation: 1,
    });
    expect(fx).toMatchObject({
      ok: false,
      reason: "REQUOTE",
      retcode: 10004,
      bid: 1.1,
      ask: 1.1001,
    });
    const within = s.engine.sendOrder({
      login: 1,
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 1,
      price: 1.10008,
      deviation: 2,
    });
    expect(within.ok).toBe(true);
    const btc = s.engine.sendOrder({
      login: 1,
      symbol: "BTCUSD",
      orderType: "Sell",
      volume: 0.01,
      price: 40005,
      deviation: 100,
    });
    // MqlTradeRequest: market orders in market execution need no price; a stale one is ignored.
    expect(btc).toMatchObject({ ok: true, retcode: 10009 });
    expect(btc.ok && btc.deals[0]?.price).toBe(40000);
  });

  test("volume checks: min, max, step → INVALID_VOLUME (10014)", () => {
    const s = setup();
    s.account(1);
    for (const volume of [0.001, 0, -1, 100.01, 0.015, Number.NaN]) {
      expect(
        s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume }),
      ).toMatchObject({ ok: false, reason: "INVALID_VOLUME", retcode: 10014 });
    }
    // US500 step 0.1
    expect(
      s.engine.sendOrder({ login: 1, symbol: "US500", orderType: "Buy", volume: 0.15 }),
    ).toMatchObject({ ok: false, reason: "INVALID_VOLUME" });
  });

  test("unknown symbol / account → INVALID (10013); trade disabled → TRADE_DISABLED (10017)", () => {
    const s = setup();
    s.account(1);
    expect(
      s.engine.sendOrder({ login: 1, symbol: "FOOBAR", orderType: "Buy", volume: 1 }),
    ).toMatchObject({ ok: false, reason: "INVALID", retcode: 10013 });
    expect(
      s.engine.sendOrder({ login: 2, symbol: "EURUSD", orderType: "Buy", volume: 1 }),
    ).toMatchObject({ ok: false, reason: "INVALID" });
    s.engine.createAccount({
      login: 3,
      currency: "USD",
      leverage: 100,
      marginMode: "hedging",
      deposit: 1000,
      tradeAllowed: false,
    });
    expect(
      s.engine.sendOrder({ login: 3, symbol: "EURUSD", orderType: "Buy", volume: 1 }),
    ).toMatchObject({ ok: false, reason: "TRADE_DISABLED", retcode: 10017 });
  });

  test("FX is closed at the weekend (MARKET_CLOSED 10018), crypto trades", () => {
    const s = setup(WED_NOON);
    s.account(1);
    s.clock.t = SAT_NOON;
    expect(
      s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 }),
    ).toMatchObject({ ok: false, reason: "MARKET_CLOSED", retcode: 10018 });
    expect(
      s.engine.sendOrder({ login: 1, symbol: "BTCUSD", orderType: "Buy", volume: 0.01 }).ok,
    ).toBe(true);
  });

  test("no quote yet → PRICE_OFF (10021)", () => {
    const s = setup(WED_NOON, { EURUSD: [1.1, 1.1001] });
    s.account(1);
    expect(
      s.engine.sendOrder({ login: 1, symbol: "GBPUSD", orderType: "Buy", volume: 1 }),
    ).toMatchObject({ ok: false, reason: "PRICE_OFF", retcode: 10021 });
    // EURJPY quoted but its JPY profit cannot be converted to USD without USDJPY
    s.tick("EURJPY", 165, 165.02);
    expect(
      s.engine.sendOrder({ login: 1, symbol: "EURJPY", orderType: "Buy", volume: 1 }),
    ).toMatchObject({ ok: false, reason: "PRICE_OFF" });
  });

  test("a rejection changes nothing", () => {
    const s = setup();
    s.account(1);
    const before = s.engine.snapshot();
    const r = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1000 });
    expect(r.ok).toBe(false);
    expect(s.engine.snapshot()).toEqual(before);
  });
});
