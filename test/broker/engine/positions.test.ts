import { describe, expect, test } from "bun:test";
import { eventsOf, setup } from "./helpers.ts";

// EURUSD 1.10000 / 1.10010; 1 lot = 100 000 EUR, so 1 point = 1 USD per lot.

function open(s: ReturnType<typeof setup>, orderType: "Buy" | "Sell", extra: object = {}) {
  const r = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType, volume: 1, ...extra });
  if (!r.ok) {
    throw new Error(`${r.reason}: ${r.message}`);
  }
  return r.order?.ticket ?? 0;
}

describe("SL/TP", () => {
  test("buy SL closes at the bid when bid ≤ SL (OnSL)", () => {
    const s = setup();
    s.account(1);
    const t = open(s, "Buy", { stopLoss: 1.099, takeProfit: 1.102 });
    expect(eventsOf(s.tick("EURUSD", 1.0991, 1.0992), "dealAdded")).toHaveLength(0);
    const ev = s.tick("EURUSD", 1.099, 1.0991);
    const deal = eventsOf(ev, "dealAdded")[0]?.deal;
    expect(deal).toMatchObject({
      type: "DealSell",
      entry: "DealEntryOut",
      price: 1.099,
      positionTicket: t,
      placedType: "OnSL",
      comment: "[sl 1.09900]",
      profit: -110,
    });
    expect(eventsOf(ev, "positionClosed")[0]?.position).toMatchObject({
      ticket: t,
      closePrice: 1.099,
      profit: -110,
    });
    expect(eventsOf(ev, "orderRemoved")[0]?.order).toMatchObject({
      orderType: "Sell",
      placedType: "OnSL",
      state: "Filled",
    });
  });

  test("buy TP closes at the bid: an ask at the TP is not enough (OnTP)", () => {
    const s = setup();
    s.account(1);
    open(s, "Buy", { takeProfit: 1.102 });
    expect(eventsOf(s.tick("EURUSD", 1.1019, 1.102), "dealAdded")).toHaveLength(0);
    const deal = eventsOf(s.tick("EURUSD", 1.102, 1.1021), "dealAdded")[0]?.deal;
    expect(deal).toMatchObject({ price: 1.102, placedType: "OnTP", profit: 190 });
  });

  test("sell SL closes at the ask when ask ≥ SL, even with the bid below it", () => {
    const s = setup();
    s.account(1);
    open(s, "Sell", { stopLoss: 1.101, takeProfit: 1.098 });
    const deal = eventsOf(s.tick("EURUSD", 1.1009, 1.101), "dealAdded")[0]?.deal;
    expect(deal).toMatchObject({ type: "DealBuy", price: 1.101, placedType: "OnSL", profit: -100 });
  });

  test("sell TP closes at the ask when ask ≤ TP; a bid at the TP is not enough", () => {
    const s = setup();
    s.account(1);
    open(s, "Sell", { takeProfit: 1.098 });
    expect(eventsOf(s.tick("EURUSD", 1.098, 1.0981), "dealAdded")).toHaveLength(0);
    const deal = eventsOf(s.tick("EURUSD", 1.0979, 1.098), "dealAdded")[0]?.deal;
    expect(deal).toMatchObject({ price: 1.098, placedType: "OnTP", profit: 200 });
  });

  test("SL/TP of a market order are checked against the close price and stops level", () => {
    const s = setup();
    s.account(1);
    const send = (orderType: "Buy" | "Sell", stops: object) =>
      s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType, volume: 1, ...stops });
    // buy: SL 5 points under the bid
    expect(send("Buy", { stopLoss: 1.09995 })).toMatchObject({
      reason: "INVALID_STOPS",
      retcode: 10016,
    });
    expect(send("Buy", { stopLoss: 1.1005 })).toMatchObject({ reason: "INVALID_STOPS" });
    expect(send("Buy", { takeProfit: 1.0995 })).toMatchObject({ reason: "INVALID_STOPS" });
    // sell: SL must be ≥ ask + 10 points = 1.10020
    expect(send("Sell", { stopLoss: 1.10019 })).toMatchObject({ reason: "INVALID_STOPS" });
    expect(send("Sell", { stopLoss: 1.1002 }).ok).toBe(true);
    expect(send("Buy", { stopLoss: 1.0999, takeProfit: 1.1001 }).ok).toBe(true);
  });

  test("modify SL/TP; NO_CHANGES; FROZEN near the market; unknown → POSITION_NOT_EXISTS", () => {
    const s = setup();
    s.account(1);
    const t = open(s, "Buy");
    const r = s.engine.modifyPosition({ login: 1, ticket: t, stopLoss: 1.099 });
    if (!r.ok) {
      throw new Error(r.message);
    }
    expect(eventsOf(r.events, "positionUpdated")[0]?.position.stopLoss).toBe(1.099);
    expect(s.engine.modifyPosition({ login: 1, ticket: t, stopLoss: 1.099 })).toMatchObject({
      reason: "NO_CHANGES",
    });
    // bid 3 points above the SL: frozen (freeze level 5)
    s.tick("EURUSD", 1.09903, 1.09913);
    expect(s.engine.modifyPosition({ login: 1, ticket: t, stopLoss: 1.098 })).toMatchObject({
      reason: "FROZEN",
      retcode: 10029,
    });
    expect(s.engine.modifyPosition({ login: 1, ticket: 999, stopLoss: 1 })).toMatchObject({
      reason: "POSITION_NOT_EXISTS",
      retcode: 10036,
    });
    expect(s.engine.closePosition({ login: 1, ticket: 999 })).toMatchObject({
      reason: "POSITION_NOT_EXISTS",
    });
    // a removed SL no longer fires
    s.tick("EURUSD", 1.0995, 1.0996);
    expect(s.engine.modifyPosition({ login: 1, ticket: t, stopLoss: 0 }).ok).toBe(true);
    expect(eventsOf(s.tick("EURUSD", 1.098, 1.0981), "dealAdded")).toHaveLength(0);
  });
});

describe("hedging", () => {
  test("partial close realises the closed part; the rest stays open", () => {
    const s = setup();
    s.account(1);
    const t = open(s, "Buy");
    s.tick("EURUSD", 1.1021, 1.1022);
    const r = s.engine.closePosition({ login: 1, ticket: t, volume: 0.4 });
    if (!r.ok) {
      throw new Error(r.message);
    }
    expect(r.deals[0]).toMatchObject({
      entry: "DealEntryOut",
      volume: 0.4,
      price: 1.1021,
      profit: 80,
      commission: -1.4,
    });
    expect(r.position).toMatchObject({ ticket: t, volume: 0.6, state: "Filled" });
    expect(s.engine.closePosition({ login: 1, ticket: t, volume: 0.7 })).toMatchObject({
      reason: "INVALID_CLOSE_VOLUME",
      retcode: 10038,
    });
    const rest = s.engine.closePosition({ login: 1, ticket: t });
    if (!rest.ok) {
      throw new Error(rest.message);
    }
    expect(rest.deals[0]).toMatchObject({ volume: 0.6, profit: 120, commission: -2.1 });
    expect(eventsOf(rest.events, "positionClosed")[0]?.position).toMatchObject({
      profit: 200,
      closedVolume: 1,
    });
    // 10 000 − 3.5 + 80 − 1.4 + 120 − 2.1
    expect(s.engine.account(1)?.balance).toBe(10193);
  });

  test("a market order with `position` closes that position", () => {
    const s = setup();
    s.account(1);
    const t = open(s, "Buy");
    const r = s.engine.sendOrder({
      login: 1,
      symbol: "EURUSD",
      orderType: "Sell",
      volume: 1,
      position: t,
    });
    if (!r.ok) {
      throw new Error(r.message);
    }
    expect(r.deals[0]).toMatchObject({ entry: "DealEntryOut", positionTicket: t, profit: -10 });
    expect(s.engine.positions(1)).toHaveLength(0);
  });

  test("close-by: OutBy deals, the position closes at the opposite's open price", () => {
    const s = setup();
    s.account(1);
    const a = open(s, "Buy");
    s.tick("EURUSD", 1.105, 1.1051);
    const b = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Sell", volume: 0.4 });
    if (!b.ok || !b.order) {
      throw new Error("sell failed");
    }
    const r = s.engine.closeBy({ login: 1, ticket: a, byTicket: b.order.ticket });
    if (!r.ok) {
      throw new Error(r.message);
    }
    expect(r.order).toMatchObject({
      orderType: "CloseBy",
      positionTicket: a,
      positionByTicket: b.order.ticket,
    });
    expect(r.deals).toHaveLength(2);
    expect(r.deals[0]).toMatchObject({
      entry: "DealEntryOutBy",
      positionTicket: a,
      price: 1.105,
      volume: 0.4,
      profit: 196,
    });
    expect(r.deals[1]).toMatchObject({
      entry: "DealEntryOutBy",
      positionTicket: b.order.ticket,
      price: 1.105,
      profit: 0,
    });
    expect(s.engine.position(1, a)?.volume).toBe(0.6);
    expect(s.engine.position(1, b.order.ticket)).toBeUndefined();
    // 10 000 − 3.5 − 1.4 + 196 − 1.4 − 1.4
    expect(s.engine.account(1)?.balance).toBe(10188.3);
  });

  test("close-by needs opposite positions on a hedging account", () => {
    const s = setup();
    s.account(1);
    const a = open(s, "Buy");
    const b = open(s, "Buy");
    expect(s.engine.closeBy({ login: 1, ticket: a, byTicket: b })).toMatchObject({
      reason: "INVALID",
    });
    expect(s.engine.closeBy({ login: 1, ticket: a, byTicket: 77 })).toMatchObject({
      reason: "POSITION_NOT_EXISTS",
    });
    s.account(2, { marginMode: "netting" });
    const n = s.engine.sendOrder({ login: 2, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    if (!n.ok || !n.order) {
      throw new Error("buy failed");
    }
    expect(
      s.engine.closeBy({ login: 2, ticket: n.order.ticket, byTicket: n.order.ticket }),
    ).toMatchObject({
      reason: "INVALID",
    });
  });
});

describe("netting", () => {
  test("In, Out, InOut (reversal keeps the identifier), Out", () => {
    const s = setup();
    s.account(1, { marginMode: "netting" });
    const first = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    if (!first.ok || !first.order) {
      throw new Error("buy failed");
    }
    const id = first.order.ticket;
    expect(first.deals[0]).toMatchObject({ entry: "DealEntryIn", positionTicket: id });

    s.tick("EURUSD", 1.101, 1.1011);
    const add = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 0.5 });
    if (!add.ok) {
      throw new Error(add.message);
    }
    expect(add.deals[0]).toMatchObject({ entry: "DealEntryIn", positionTicket: id });
    expect(s.engine.positions(1)).toHaveLength(1);
    const avg = (1.1001 + 1.1011 * 0.5) / 1.5;
    expect(s.engine.position(1, id)?.volume).toBe(1.5);
    expect(s.engine.position(1, id)?.openPrice).toBeCloseTo(avg, 10);

    s.tick("EURUSD", 1.102, 1.1021);
    const out = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Sell", volume: 0.5 });
    if (!out.ok) {
      throw new Error(out.message);
    }
    // (1.10200 − 1.1004333…) × 0.5 × 100 000 = 78.333…
    expect(out.deals[0]).toMatchObject({
      entry: "DealEntryOut",
      positionTicket: id,
      profit: 78.33,
    });
    expect(s.engine.position(1, id)?.volume).toBe(1);

    const rev = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Sell", volume: 3 });
    if (!rev.ok) {
      throw new Error(rev.message);
    }
    // closes 1 lot: 156.666… ; opens 2 lots short at 1.10200 under the same identifier
    expect(rev.deals[0]).toMatchObject({
      entry: "DealEntryInOut",
      type: "DealSell",
      volume: 3,
      positionTicket: id,
      profit: 156.67,
      commission: -10.5,
    });
    expect(s.engine.position(1, id)).toMatchObject({
      orderType: "Sell",
      volume: 2,
      openPrice: 1.102,
    });

    const close = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 2 });
    if (!close.ok) {
      throw new Error(close.message);
    }
    expect(close.deals[0]).toMatchObject({
      entry: "DealEntryOut",
      positionTicket: id,
      profit: -20,
    });
    expect(eventsOf(close.events, "positionClosed")[0]?.position.ticket).toBe(id);
    expect(s.engine.positions(1)).toHaveLength(0);
    // 10 000 − 3.5 − 1.75 + 78.33 − 1.75 + 156.67 − 10.5 − 20 − 7
    expect(s.engine.account(1)?.balance).toBe(10190.5);
  });
});
