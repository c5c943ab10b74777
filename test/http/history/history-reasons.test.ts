// History keeps MT5's reasons, over HTTP against the in-process demo broker (clock stepped by
// hand): deals carry their placedType (OnSL, OnTP, OnStopOut, ByDealer, Manually), a closed
// position's record says how it was closed, and `GET …/history/orders` lists the orders in a final
// state (filled, cancelled, expired) with the deal history's range, page and error rules.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { formatServerTime } from "../../../src/mt5/server-time.ts";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";

let t: TestApp;
let key: string;
const clock = new TestClock().freeze(WEDNESDAY_14_UTC);
let id: string;
const base = (account = id) => `/api/accounts/${account}`;
/** A range around the whole test (server time). */
const FROM = formatServerTime(WEDNESDAY_14_UTC - 3_600_000);
const TO = formatServerTime(WEDNESDAY_14_UTC + 7 * 86_400_000);
const RANGE = `from=${FROM}&to=${TO}`;

beforeAll(async () => {
  t = await createTestApp({}, { broker: true, brokerClock: clock });
  key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
  id = (await t.connectDemoAccount(key, { deposit: 10_000, leverage: 100 })).id;
}, 300_000);
afterAll(() => t.close());

const get = (path: string, k = key) => t.request("GET", path, { key: k });
const place = (body: Record<string, unknown>, account = id) =>
  t.request("POST", `${base(account)}/orders`, { key, body });
const tick = async (ms = 60_000) => {
  clock.advance(ms);
  await t.broker!.broker.step();
};
const round = (x: number, digits: number) => Number(x.toFixed(digits));
/** Lets the session mirror catch up with what the broker committed. */
const settle = () => Bun.sleep(100);

async function deals(account = id): Promise<any[]> {
  const res = await get(`${base(account)}/orders/history/paginated?${RANGE}&per_page=1000`);
  expect(res.status).toBe(200);
  return res.body.data.internalDeals;
}

async function historyOrders(account = id, query = "per_page=1000"): Promise<any> {
  const res = await get(`${base(account)}/history/orders?${RANGE}&${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe("deal reasons and closed records", () => {
  test("SL and TP: the exit deal, the closed record and the closing order say OnSL / OnTP", async () => {
    const spec = (await get(`${base()}/symbols/EURUSD`)).body.data;
    const q = (await get(`${base()}/quote/EURUSD`)).body.data;
    // Brackets just outside the stops level: a move of `d` either way closes both positions,
    // one by its SL and the other by its TP.
    const d = (spec.stopsLevel + 3) * spec.point;
    const buy = (
      await place({
        symbol: "EURUSD",
        side: "buy",
        type: "market",
        volume: 0.1,
        stopLoss: round(q.bid - d, spec.digits),
        takeProfit: round(q.bid + d, spec.digits),
      })
    ).body.data;
    const sell = (
      await place({
        symbol: "EURUSD",
        side: "sell",
        type: "market",
        volume: 0.1,
        stopLoss: round(q.ask + d, spec.digits),
        takeProfit: round(q.ask - d, spec.digits),
      })
    ).body.data;
    expect(buy.placedType).toBe("Manually");
    expect(sell.placedType).toBe("Manually");
    const tickets = [buy.ticket, sell.ticket];
    let open: any[] = [buy, sell];
    for (let i = 0; i < 300 && open.length > 0; i++) {
      await tick();
      if (i % 5 === 4) {
        await settle();
        const positions = (await get(`${base()}/orders`)).body.data;
        open = positions.filter((p: any) => tickets.includes(p.ticket));
      }
    }
    expect(open).toEqual([]);
    await settle();

    const all = await deals();
    const closed = (await get(`${base()}/orders/closed-session`)).body.data;
    const orders = (await historyOrders()).orders;
    const reasons: string[] = [];
    for (const p of [buy, sell]) {
      const record = closed.find((r: any) => r.ticket === p.ticket);
      expect(record).toBeDefined();
      // Which level was hit, from the close price (a buy closes at the bid, a sell at the ask).
      const hitSl =
        p.orderType === "Buy" ? record.closePrice <= p.stopLoss : record.closePrice >= p.stopLoss;
      const hitTp =
        p.orderType === "Buy"
          ? record.closePrice >= p.takeProfit
          : record.closePrice <= p.takeProfit;
      expect(hitSl !== hitTp).toBe(true);
      const reason = hitSl ? "OnSL" : "OnTP";
      reasons.push(reason);
      const level = hitSl ? p.stopLoss : p.takeProfit;
      const comment = `[${hitSl ? "sl" : "tp"} ${level.toFixed(spec.digits)}]`;

      const legs = all.filter((x: any) => x.positionTicket === p.ticket);
      expect(legs.map((x: any) => [x.entry, x.placedType, x.comment])).toEqual([
        ["DealEntryIn", "Manually", ""],
        ["DealEntryOut", reason, comment],
      ]);
      expect(record).toMatchObject({
        placedType: reason,
        closeComment: comment,
        closePrice: legs[1].openPrice,
        closeTimestampUTC: legs[1].timestampUTC,
        dealInternalOut: legs[1].ticket,
      });
      // The broker's closing order is in the order history with the same reason.
      const closing = orders.filter(
        (o: any) => o.positionTicket === p.ticket && o.ticket !== p.ticket,
      );
      expect(closing).toHaveLength(1);
      expect(closing[0]).toMatchObject({
        state: "Filled",
        placedType: reason,
        comment,
        clientOrderId: "",
        lots: 0.1,
        filledLots: 0.1,
        orderType: p.orderType === "Buy" ? "Sell" : "Buy",
        doneTimestampUTC: legs[1].timestampUTC,
      });
      // The opening market order: filled, manual.
      expect(orders.find((o: any) => o.ticket === p.ticket)).toMatchObject({
        state: "Filled",
        placedType: "Manually",
        orderType: p.orderType,
        filledLots: 0.1,
        positionTicket: p.ticket,
      });
    }
    expect(reasons.every((r) => r === "OnSL" || r === "OnTP")).toBe(true);
  }, 300_000);

  test("a manual close keeps Manually; the deposit is ByDealer", async () => {
    const p = (await place({ symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 })).body
      .data;
    const close = await t.request("DELETE", `${base()}/orders/${p.ticket}`, {
      key,
      body: { comment: "done" },
    });
    expect(close.status).toBe(200);
    expect(close.body.data.placedType).toBe("Manually");
    expect(close.body.data.deals.map((d: any) => d.placedType)).toEqual(["Manually"]);
    await settle();
    const all = await deals();
    expect(all[0]).toMatchObject({ type: "DealBalance", placedType: "ByDealer" });
    expect(
      all.filter((d: any) => d.positionTicket === p.ticket).map((d: any) => d.placedType),
    ).toEqual(["Manually", "Manually"]);
    const record = (await get(`${base()}/orders/closed-session`)).body.data.find(
      (r: any) => r.ticket === p.ticket,
    );
    expect(record.placedType).toBe("Manually");
  }, 120_000);

  test("stop-out: deal, closed record and closing order say OnStopOut", async () => {
    const acc = await t.connectDemoAccount(key, { deposit: 100, leverage: 100 });
    const broker = t.broker!.broker;
    expect((await broker.dealerOperation(acc.login, "credit", 5_000, "bonus")).ok).toBe(true);
    const spec = (await get(`${base(acc.id)}/symbols/EURUSD`)).body.data;
    const opened = await place(
      { symbol: "EURUSD", side: "buy", type: "market", volume: 3 },
      acc.id,
    );
    expect(opened.status).toBe(201);
    const ticket = opened.body.data.ticket;
    // Taking the credit back leaves equity ≈ 100 − the spread against a margin of ≈ 3 lots × 1000+:
    // far below the 50 % stop-out level.
    const out = await broker.dealerOperation(acc.login, "credit", -5_000, "bonus out");
    expect(out.ok).toBe(true);
    await settle();
    expect(
      (await get(`${base(acc.id)}/orders`)).body.data.some((p: any) => p.ticket === ticket),
    ).toBe(false);

    const all = await deals(acc.id);
    expect(all.map((d: any) => [d.type, d.placedType])).toEqual([
      ["DealBalance", "ByDealer"],
      ["DealCredit", "ByDealer"],
      ["DealBuy", "Manually"],
      ["DealCredit", "ByDealer"],
      ["DealSell", "OnStopOut"],
    ]);
    const exit = all[4];
    expect(exit).toMatchObject({ entry: "DealEntryOut", positionTicket: ticket, lots: 3 });
    const level = /^\[so (\d+\.\d{2})%\]$/.exec(exit.comment);
    expect(level).not.toBeNull();
    expect(Number(level?.[1])).toBeLessThanOrEqual(50);

    const record = (await get(`${base(acc.id)}/orders/closed-session`)).body.data.find(
      (r: any) => r.ticket === ticket,
    );
    expect(record).toMatchObject({
      placedType: "OnStopOut",
      closeComment: exit.comment,
      closePrice: exit.openPrice,
      dealInternalOut: exit.ticket,
      lots: 3,
      digits: spec.digits,
    });
    const orders = (await historyOrders(acc.id)).orders;
    expect(orders.map((o: any) => [o.orderType, o.state, o.placedType])).toEqual([
      ["Buy", "Filled", "Manually"],
      ["Sell", "Filled", "OnStopOut"],
    ]);
  }, 120_000);
});

describe("GET …/history/orders", () => {
  let acc: { id: string; login: number };
  const tickets: Record<string, number> = {};

  beforeAll(async () => {
    acc = await t.connectDemoAccount(key, { deposit: 10_000, leverage: 100 });
  }, 120_000);

  test("cancelled, expired and filled orders with their reasons, times and states", async () => {
    const q = (await get(`${base(acc.id)}/quote/EURUSD`)).body.data;
    const limit = round(q.ask - 0.005, 5);
    // A buy limit cancelled by the client.
    const cancelled = await place(
      { symbol: "EURUSD", side: "buy", type: "limit", volume: 0.2, price: limit, comment: "c" },
      acc.id,
    );
    expect(cancelled.status).toBe(201);
    tickets.cancelled = cancelled.body.data.ticket;
    const cancelMs = clock.now();
    expect(
      (await t.request("DELETE", `${base(acc.id)}/orders/${tickets.cancelled}`, { key })).status,
    ).toBe(200);
    await tick();
    // A sell limit that expires 5 minutes from now.
    const expiresMs = clock.now() + 5 * 60_000;
    const expiring = await place(
      {
        symbol: "EURUSD",
        side: "sell",
        type: "limit",
        volume: 0.3,
        price: round(q.bid + 0.005, 5),
        expirationType: "Specified",
        expirationTime: formatServerTime(expiresMs),
      },
      acc.id,
    );
    expect(expiring.status).toBe(201);
    tickets.expired = expiring.body.data.ticket;
    const expiringSetupMs = clock.now();
    await tick();
    // A market order, filled.
    const filled = await place(
      { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 },
      acc.id,
    );
    tickets.filled = filled.body.data.ticket;
    const filledMs = clock.now();
    // A resting order is not history.
    const resting = await place(
      { symbol: "EURUSD", side: "buy", type: "limit", volume: 0.1, price: limit },
      acc.id,
    );
    tickets.resting = resting.body.data.ticket;
    for (let i = 0; i < 5; i++) {
      await tick();
    }
    await settle();
    expect(
      (await get(`${base(acc.id)}/orders`)).body.data.some(
        (o: any) => o.ticket === tickets.expired,
      ),
    ).toBe(false);

    const page = await historyOrders(acc.id);
    expect(page).toMatchObject({ action: 0, page: 0, per_page: 1000, total: 3, total_pages: 1 });
    expect(page.orders.map((o: any) => o.ticket)).toEqual([
      tickets.cancelled,
      tickets.expired,
      tickets.filled,
    ]);
    const [c, e, f] = page.orders;
    expect(c).toEqual({
      ticket: tickets.cancelled,
      symbol: "EURUSD",
      orderType: "BuyLimit",
      state: "Cancelled",
      lots: 0.2,
      filledLots: 0,
      openPrice: limit,
      stopLimitPrice: 0,
      stopLoss: 0,
      takeProfit: 0,
      digits: 5,
      fillPolicy: c.fillPolicy,
      expirationType: "GTC",
      expirationTime: "",
      positionTicket: 0,
      positionByTicket: 0,
      expertId: 0,
      comment: "c",
      placedType: "Manually",
      clientOrderId: c.clientOrderId,
      setupTime: formatServerTime(cancelMs),
      setupTimestampUTC: cancelMs,
      doneTime: formatServerTime(cancelMs),
      doneTimestampUTC: cancelMs,
    });
    expect(c.clientOrderId).toMatch(/^tas-/);
    expect(e).toMatchObject({
      orderType: "SellLimit",
      state: "Expired",
      lots: 0.3,
      filledLots: 0,
      expirationType: "Specified",
      expirationTime: formatServerTime(expiresMs),
      placedType: "Manually",
      setupTimestampUTC: expiringSetupMs,
    });
    // It expired at the first step at or after its expiration (steps are one minute apart).
    expect(e.doneTimestampUTC).toBe(expiresMs);
    expect(e.doneTime).toBe(formatServerTime(expiresMs));
    expect(f).toMatchObject({
      orderType: "Buy",
      state: "Filled",
      lots: 0.1,
      filledLots: 0.1,
      positionTicket: tickets.filled,
      setupTimestampUTC: filledMs,
      doneTimestampUTC: filledMs,
    });
  }, 120_000);

  test("pagination: 0-based pages over the same order; past the end is empty", async () => {
    // An account of its own with three filled market orders, a minute apart.
    const own = await t.connectDemoAccount(key, { deposit: 10_000, leverage: 100 });
    for (let i = 0; i < 3; i++) {
      const placed = await place(
        { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 },
        own.id,
      );
      expect(placed.status).toBe(201);
      await tick();
    }
    await settle();
    const all = (await historyOrders(own.id)).orders;
    expect(all).toHaveLength(3);
    const p1 = await historyOrders(own.id, "page=1&per_page=2");
    expect(p1).toEqual({
      action: 0,
      orders: all.slice(2, 4),
      page: 1,
      per_page: 2,
      total: 3,
      total_pages: 2,
    });
    const p0 = await historyOrders(own.id, "per_page=2");
    expect(p0.orders).toEqual(all.slice(0, 2));
    expect(p0.page).toBe(0);
    const past = await historyOrders(own.id, "page=5&per_page=2");
    expect(past).toMatchObject({ orders: [], page: 5, total: 3, total_pages: 2 });
    // Defaults: page 0, 50 per page.
    expect(await historyOrders(own.id, "")).toMatchObject({ page: 0, per_page: 50, total: 3 });
    // The range is on the setup time, both ends inclusive.
    const at = formatServerTime(all[1].setupTimestampUTC);
    const one = await get(`${base(own.id)}/history/orders?from=${at}&to=${at}`);
    expect(one.body.data.orders.map((o: any) => o.ticket)).toEqual([all[1].ticket]);
  }, 120_000);

  test("bad queries are 400 VALIDATION_ERROR in the error envelope, never a 500", async () => {
    const cases: [string, string, string][] = [
      [`to=${TO}`, "from", "Invalid 'from': is required"],
      [`from=${FROM}`, "to", "Invalid 'to': is required"],
      [`from=2026-13-01T00:00:00&to=${TO}`, "from", "invalid date format"],
      [`from=2026-11-01 00:00:00&to=${TO}`, "from", "invalid date format"],
      [`from=&to=${TO}`, "from", "invalid date format"],
      [`from=${FROM}&to=tomorrow`, "to", "invalid date format"],
      [`from=${TO}&to=${FROM}`, "from", "from must not be later than to"],
      [`${RANGE}&page=-1`, "page", "Invalid 'page': page must be a whole number, 0 or more"],
      [`${RANGE}&page=1.5`, "page", "Invalid 'page': page must be a whole number, 0 or more"],
      [`${RANGE}&page=abc`, "page", "Invalid 'page': page must be a whole number, 0 or more"],
      [`${RANGE}&page=`, "page", "Invalid 'page': page must be a whole number, 0 or more"],
      [
        `${RANGE}&per_page=0`,
        "per_page",
        "Invalid 'per_page': per_page must be a whole number from 1 to 1000",
      ],
      [
        `${RANGE}&per_page=1001`,
        "per_page",
        "Invalid 'per_page': per_page must be a whole number from 1 to 1000",
      ],
      [
        `${RANGE}&per_page=1e3`,
        "per_page",
        "Invalid 'per_page': per_page must be a whole number from 1 to 1000",
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`${base(acc.id)}/history/orders?${query}`);
      expect({ query, status: res.status, body: res.body }).toEqual({
        query,
        status: 400,
        body: { ok: false, error: { code: "VALIDATION_ERROR", message, details: { field } } },
      });
    }
    // Over-long values: a 4xx in the envelope too.
    for (const query of [
      `${RANGE}&per_page=${"9".repeat(70)}`,
      `from=${"2".repeat(100)}&to=${TO}`,
    ]) {
      const res = await get(`${base(acc.id)}/history/orders?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.ok).toBe(false);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
    // A repeated value is read as one of its values, never a server error.
    for (const query of [`${RANGE}&page=1&page=2`, `from=${FROM}&from=${FROM}&to=${TO}`]) {
      const res = await get(`${base(acc.id)}/history/orders?${query}`);
      expect({ query, status: res.status < 500, ok: typeof res.body.ok }).toEqual({
        query,
        status: true,
        ok: "boolean",
      });
    }
  }, 120_000);

  test("scoped to the key: a foreign account answers like an unknown one", async () => {
    const other = (await t.createKey(await t.superToken(), { max_accounts: 1 })).key;
    const foreign = await get(`${base(acc.id)}/history/orders?${RANGE}`, other);
    const unknown = await get(
      `${base("00000000-0000-4000-8000-000000000000")}/history/orders?${RANGE}`,
      other,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body.error.code).toBe("ACCOUNT_NOT_FOUND");
    expect((await get(`${base(acc.id)}/history/orders?${RANGE}`, "sk_nope")).status).toBe(401);
  }, 120_000);
});
