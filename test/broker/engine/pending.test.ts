import { describe, expect, test } from "bun:test";
import type { OrderRequest } from "../../../src/broker/engine/index.ts";
import { eventsOf, HOUR, MINUTE, setup, WED_NOON } from "./helpers.ts";

// EURUSD starts at 1.10000 / 1.10010; stops level 10 points (0.00010), freeze level 5 points.

function place(
  s: ReturnType<typeof setup>,
  req: Omit<OrderRequest, "login" | "symbol" | "volume">,
) {
  const r = s.engine.sendOrder({ login: 1, symbol: "EURUSD", volume: 1, ...req });
  if (!r.ok) {
    throw new Error(`${r.reason}: ${r.message}`);
  }
  expect(r.retcode).toBe(10008);
  expect(r.order?.state).toBe("Placed");
  return r.order?.ticket ?? 0;
}

describe("pending order triggers", () => {
  test("BuyLimit triggers on the ask, not the bid", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, { orderType: "BuyLimit", price: 1.099 });
    // bid reaches 1.09900 but the ask (1.09910) does not
    expect(eventsOf(s.tick("EURUSD", 1.099, 1.0991), "dealAdded")).toHaveLength(0);
    const ev = s.tick("EURUSD", 1.0989, 1.099);
    const deals = eventsOf(ev, "dealAdded");
    expect(deals).toHaveLength(1);
    expect(deals[0]?.deal).toMatchObject({ type: "DealBuy", price: 1.099, orderTicket: ticket });
    expect(eventsOf(ev, "orderRemoved")[0]?.order.state).toBe("Filled");
    expect(s.engine.position(1, ticket)?.openPrice).toBe(1.099);
  });

  test("SellLimit triggers on the bid, not the ask", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, { orderType: "SellLimit", price: 1.101 });
    expect(eventsOf(s.tick("EURUSD", 1.1009, 1.101), "dealAdded")).toHaveLength(0);
    const deals = eventsOf(s.tick("EURUSD", 1.101, 1.1011), "dealAdded");
    expect(deals[0]?.deal).toMatchObject({
      type: "DealSell",
      price: 1.101,
      positionTicket: ticket,
    });
  });

  test("BuyStop triggers when the ask reaches it (bid still below)", () => {
    const s = setup();
    s.account(1);
    place(s, { orderType: "BuyStop", price: 1.101 });
    expect(eventsOf(s.tick("EURUSD", 1.1005, 1.1006), "dealAdded")).toHaveLength(0);
    const deals = eventsOf(s.tick("EURUSD", 1.1009, 1.101), "dealAdded");
    expect(deals[0]?.deal).toMatchObject({ type: "DealBuy", price: 1.101 });
  });

  test("a gapped BuyStop fills at the market ask", () => {
    const s = setup();
    s.account(1);
    place(s, { orderType: "BuyStop", price: 1.101 });
    const deals = eventsOf(s.tick("EURUSD", 1.1029, 1.103), "dealAdded");
    expect(deals[0]?.deal.price).toBe(1.103);
  });

  test("SellStop triggers when the bid reaches it", () => {
    const s = setup();
    s.account(1);
    place(s, { orderType: "SellStop", price: 1.099 });
    expect(eventsOf(s.tick("EURUSD", 1.0991, 1.0992), "dealAdded")).toHaveLength(0);
    const deals = eventsOf(s.tick("EURUSD", 1.099, 1.0991), "dealAdded");
    expect(deals[0]?.deal).toMatchObject({ type: "DealSell", price: 1.099 });
  });

  test("BuyStopLimit: the stop (ask) places a BuyLimit at the stop-limit price, same ticket", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, { orderType: "BuyStopLimit", price: 1.101, stopLimitPrice: 1.1005 });
    const ev = s.tick("EURUSD", 1.1009, 1.101);
    expect(eventsOf(ev, "dealAdded")).toHaveLength(0);
    const updated = eventsOf(ev, "orderUpdated")[0]?.order;
    expect(updated).toMatchObject({
      ticket,
      orderType: "BuyLimit",
      price: 1.1005,
      state: "Placed",
    });
    expect(eventsOf(s.tick("EURUSD", 1.1005, 1.1006), "dealAdded")).toHaveLength(0);
    const deals = eventsOf(s.tick("EURUSD", 1.1004, 1.1005), "dealAdded");
    expect(deals[0]?.deal).toMatchObject({ type: "DealBuy", price: 1.1005, orderTicket: ticket });
  });

  test("SellStopLimit: the stop (bid) places a SellLimit at the stop-limit price", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, { orderType: "SellStopLimit", price: 1.099, stopLimitPrice: 1.0995 });
    const ev = s.tick("EURUSD", 1.099, 1.0991);
    expect(eventsOf(ev, "orderUpdated")[0]?.order).toMatchObject({
      ticket,
      orderType: "SellLimit",
      price: 1.0995,
    });
    const deals = eventsOf(s.tick("EURUSD", 1.0995, 1.0996), "dealAdded");
    expect(deals[0]?.deal).toMatchObject({ type: "DealSell", price: 1.0995 });
  });

  test("pending SL/TP go to the position it opens", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, {
      orderType: "BuyLimit",
      price: 1.099,
      stopLoss: 1.098,
      takeProfit: 1.1,
    });
    s.tick("EURUSD", 1.0989, 1.099);
    expect(s.engine.position(1, ticket)).toMatchObject({ stopLoss: 1.098, takeProfit: 1.1 });
  });

  test("no trigger outside the trade session; it fires at the next tick inside it", () => {
    const s = setup();
    s.account(1);
    place(s, { orderType: "SellStop", price: 1.099 });
    // Wednesday 23:58:30 server: quotes flow (until 23:59) but trading stopped at 23:58.
    const late = WED_NOON + 11 * HOUR + 58 * MINUTE + 30_000;
    expect(eventsOf(s.tick("EURUSD", 1.098, 1.0981, late), "dealAdded")).toHaveLength(0);
    // Thursday 00:01:30 server
    const next = WED_NOON + 12 * HOUR + 90_000;
    expect(eventsOf(s.tick("EURUSD", 1.0985, 1.0986, next), "dealAdded")).toHaveLength(1);
  });
});

describe("pending order checks", () => {
  test("wrong side → INVALID_PRICE (10015); too close → INVALID_STOPS (10016)", () => {
    const s = setup();
    s.account(1);
    const send = (req: Partial<OrderRequest>) =>
      s.engine.sendOrder({ login: 1, symbol: "EURUSD", volume: 1, orderType: "BuyLimit", ...req });
    expect(send({ orderType: "BuyLimit", price: 1.1005 })).toMatchObject({
      reason: "INVALID_PRICE",
      retcode: 10015,
    });
    expect(send({ orderType: "SellLimit", price: 1.0995 })).toMatchObject({
      reason: "INVALID_PRICE",
    });
    expect(send({ orderType: "BuyStop", price: 1.1 })).toMatchObject({ reason: "INVALID_PRICE" });
    expect(send({ orderType: "SellStop", price: 1.1001 })).toMatchObject({
      reason: "INVALID_PRICE",
    });
    // 5 points from the ask, stops level is 10
    expect(send({ orderType: "BuyLimit", price: 1.10005 })).toMatchObject({
      reason: "INVALID_STOPS",
      retcode: 10016,
    });
    expect(send({ orderType: "BuyStop", price: 1.10015 })).toMatchObject({
      reason: "INVALID_STOPS",
    });
    // exactly 10 points is allowed
    expect(send({ orderType: "BuyLimit", price: 1.1 }).ok).toBe(true);
    // not a multiple of the tick size
    expect(send({ orderType: "BuyLimit", price: 1.099995 })).toMatchObject({
      reason: "INVALID_PRICE",
    });
    // no price
    expect(send({ orderType: "BuyLimit" })).toMatchObject({ reason: "INVALID_PRICE" });
    // stop-limit price above the stop price of a BuyStopLimit
    expect(send({ orderType: "BuyStopLimit", price: 1.101, stopLimitPrice: 1.102 })).toMatchObject({
      reason: "INVALID_PRICE",
    });
    // SL of a BuyLimit measured from its price: 1.0990 − 1.09895 = 5 points < 10
    expect(send({ orderType: "BuyLimit", price: 1.099, stopLoss: 1.09895 })).toMatchObject({
      reason: "INVALID_STOPS",
    });
  });

  test("cancel, unknown order → INVALID_ORDER (10035)", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, { orderType: "BuyLimit", price: 1.099 });
    const r = s.engine.cancelOrder({ login: 1, ticket });
    if (!r.ok) {
      throw new Error(r.message);
    }
    expect(eventsOf(r.events, "orderRemoved")[0]?.order.state).toBe("Cancelled");
    expect(s.engine.orders(1)).toHaveLength(0);
    // a cancelled order never fires
    expect(eventsOf(s.tick("EURUSD", 1.098, 1.0981), "dealAdded")).toHaveLength(0);
    expect(s.engine.cancelOrder({ login: 1, ticket })).toMatchObject({
      reason: "INVALID_ORDER",
      retcode: 10035,
    });
  });

  test("modify moves the trigger", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, { orderType: "BuyLimit", price: 1.099 });
    const r = s.engine.modifyOrder({ login: 1, ticket, price: 1.098 });
    expect(r.ok).toBe(true);
    expect(eventsOf(s.tick("EURUSD", 1.0989, 1.099), "dealAdded")).toHaveLength(0);
    expect(eventsOf(s.tick("EURUSD", 1.0979, 1.098), "dealAdded")).toHaveLength(1);
  });

  test("modify with nothing changed → NO_CHANGES (10025)", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, { orderType: "BuyLimit", price: 1.099 });
    expect(s.engine.modifyOrder({ login: 1, ticket, price: 1.099 })).toMatchObject({
      reason: "NO_CHANGES",
      retcode: 10025,
    });
  });

  test("within the freeze level an order cannot be modified or cancelled → FROZEN (10029)", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, { orderType: "BuyLimit", price: 1.099 });
    // ask 1.09903 is 3 points above the order price (freeze level 5)
    s.tick("EURUSD", 1.09893, 1.09903);
    expect(s.engine.modifyOrder({ login: 1, ticket, price: 1.0985 })).toMatchObject({
      reason: "FROZEN",
      retcode: 10029,
    });
    expect(s.engine.cancelOrder({ login: 1, ticket })).toMatchObject({ reason: "FROZEN" });
    // 6 points away: free again
    s.tick("EURUSD", 1.09896, 1.09906);
    expect(s.engine.cancelOrder({ login: 1, ticket }).ok).toBe(true);
  });
});

describe("expirations", () => {
  test("Specified: expires at its time", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, {
      orderType: "BuyLimit",
      price: 1.099,
      expirationType: "Specified",
      expirationMs: WED_NOON + HOUR,
    });
    expect(s.engine.advanceTo(WED_NOON + HOUR - 1).events).toHaveLength(0);
    const ev = s.engine.advanceTo(WED_NOON + HOUR).events;
    expect(eventsOf(ev, "orderRemoved")[0]?.order).toMatchObject({
      ticket,
      state: "Expired",
      doneMs: WED_NOON + HOUR,
    });
    expect(s.engine.orders(1)).toHaveLength(0);
  });

  test("Today: expires at 00:00 server time (22:00 UTC in winter)", () => {
    const s = setup();
    s.account(1);
    const ticket = place(s, { orderType: "SellLimit", price: 1.101, expirationType: "Today" });
    expect(s.engine.orders(1)[0]?.expirationMs).toBe(Date.UTC(2025, 0, 15, 22));
    expect(
      eventsOf(s.engine.advanceTo(Date.UTC(2025, 0, 15, 21, 59, 59)).events, "orderRemoved"),
    ).toHaveLength(0);
    const ev = s.engine.advanceTo(Date.UTC(2025, 0, 15, 22)).events;
    expect(eventsOf(ev, "orderRemoved")[0]?.order).toMatchObject({ ticket, state: "Expired" });
  });

  test("SpecifiedDay: expires at the end of that server day", () => {
    const s = setup();
    s.account(1);
    place(s, {
      orderType: "SellLimit",
      price: 1.101,
      expirationType: "SpecifiedDay",
      expirationMs: Date.UTC(2025, 0, 17, 10),
    });
    // Friday 17 Jan ends at Saturday 00:00 server = Friday 22:00 UTC
    expect(s.engine.orders(1)[0]?.expirationMs).toBe(Date.UTC(2025, 0, 17, 22));
  });

  test("expirations are processed by ticks too, before the tick's prices", () => {
    const s = setup();
    s.account(1);
    place(s, {
      orderType: "BuyLimit",
      price: 1.099,
      expirationType: "Specified",
      expirationMs: WED_NOON + MINUTE,
    });
    const ev = s.tick("EURUSD", 1.0985, 1.0986, WED_NOON + 2 * MINUTE);
    expect(eventsOf(ev, "orderRemoved")[0]?.order.state).toBe("Expired");
    expect(eventsOf(ev, "dealAdded")).toHaveLength(0);
  });

  test("past or disallowed expirations → INVALID_EXPIRATION (10022)", () => {
    const s = setup();
    s.account(1);
    expect(
      s.engine.sendOrder({
        login: 1,
        symbol: "EURUSD",
        volume: 1,
        orderType: "BuyLimit",
        price: 1.099,
        expirationType: "Specified",
        expirationMs: WED_NOON - 1,
      }),
    ).toMatchObject({ reason: "INVALID_EXPIRATION", retcode: 10022 });
    expect(
      s.engine.sendOrder({
        login: 1,
        symbol: "BTCUSD",
        volume: 0.1,
        orderType: "BuyLimit",
        price: 39000,
        expirationType: "Today",
      }),
    ).toMatchObject({ reason: "INVALID_EXPIRATION" });
  });
});
