// The trading API end to end over HTTP: a demo account on the in-process demo broker (clock fixed
// on a Wednesday afternoon), connected through a real session worker. Each test trades on a demo
// account of its own (10,000 USD, 1:100), removed after it.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { formatServerTime } from "../../../src/mt5/server-time.ts";
import { orderJournal } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";

let t: TestApp;
let key: string;
const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);
let id: string;
const base = () => `/api/accounts/${id}`;

beforeAll(async () => {
  t = await createTestApp({}, { broker: true, brokerClock });
  key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  id = (await t.connectDemoAccount(key, { deposit: 10_000, leverage: 100 })).id;
}, 30_000);
afterEach(async () => {
  await t.request("DELETE", `/api/accounts/${id}`, { key });
});

/** Opens a position and closes it: an in and an out deal. */
async function roundTrip(side: "buy" | "sell"): Promise<void> {
  const pos = (await place({ symbol: "EURUSD", side, type: "market", volume: 0.1 })).body.data;
  expect((await t.request("DELETE", `${base()}/orders/${pos.ticket}`, { key })).status).toBe(200);
}

const place = (body: Record<string, unknown>) =>
  t.request("POST", `${base()}/orders`, { key, body });

describe("reads", () => {
  test("summary, symbols, quote", async () => {
    const s = (await t.request("GET", `${base()}/summary`, { key })).body.data;
    expect(s).toMatchObject({
      balance: 10_000,
      equity: 10_000,
      currency: "USD",
      leverage: 100,
      margin_mode: "hedging",
      trade_allowed: true,
      company: "TAS Markets",
      server: "TAS-Demo",
    });
    const symbols = (await t.request("GET", `${base()}/symbols`, { key })).body.data;
    expect(symbols.length).toBe(20);
    expect((await t.request("GET", `${base()}/symbols/EURUSD`, { key })).body.data.digits).toBe(5);
    expect((await t.request("GET", `${base()}/symbols/NOPE`, { key })).body.error.code).toBe(
      "SYMBOL_NOT_FOUND",
    );
    const q = (await t.request("GET", `${base()}/quote/EURUSD`, { key })).body.data;
    expect(q.ask).toBeGreaterThan(q.bid);
  });
});

describe("orders", () => {
  test("market order → position record; detail with netProfit; fills", async () => {
    const res = await place({
      symbol: "EURUSD",
      side: "buy",
      type: "market",
      volume: 0.1,
      comment: "first",
    });
    expect(res.status).toBe(201);
    const pos = res.body.data;
    expect(pos).toMatchObject({
      symbol: "EURUSD",
      orderType: "Buy",
      lots: 0.1,
      state: "Filled",
      comment: "first",
      closePrice: 0,
      closeTime: "",
    });
    expect(pos.openTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const list = (await t.request("GET", `${base()}/orders`, { key })).body.data;
    expect(list.map((r: any) => r.ticket)).toContain(pos.ticket);
    const detail = (await t.request("GET", `${base()}/positions/${pos.ticket}`, { key })).body.data;
    expect(detail.netProfit).toBeCloseTo(detail.profit + detail.swap + detail.commission, 2);
    const fills = (await t.request("GET", `${base()}/positions/${pos.ticket}/fills`, { key })).body
      .data;
    expect(fills.map((d: any) => [d.entry, d.positionTicket])).toEqual([
      ["DealEntryIn", pos.ticket],
    ]);
  });

  test("partial close then full close: both legs pair by positionTicket", async () => {
    const pos = (await place({ symbol: "EURUSD", side: "sell", type: "market", volume: 0.2 })).body
      .data;
    const partial = await t.request("DELETE", `${base()}/orders/${pos.ticket}?volume=0.05`, {
      key,
    });
    expect(partial.status).toBe(200);
    const after = (await t.request("GET", `${base()}/positions/${pos.ticket}`, { key })).body.data;
    expect(after.lots).toBeCloseTo(0.15, 8);
    await t.request("DELETE", `${base()}/orders/${pos.ticket}`, { key });
    const fills = (await t.request("GET", `${base()}/positions/${pos.ticket}/fills`, { key })).body
      .data;
    expect(fills.map((d: any) => d.entry)).toEqual(["DealEntryIn", "DealEntryOut", "DealEntryOut"]);
    expect(fills.every((d: any) => d.positionTicket === pos.ticket)).toBe(true);
    expect((await t.request("GET", `${base()}/positions/${pos.ticket}`, { key })).status).toBe(404);
  });

  test("pending orders: place, modify, cancel", async () => {
    const q = (await t.request("GET", `${base()}/quote/EURUSD`, { key })).body.data;
    const price = Number((q.ask - 0.005).toFixed(5));
    const res = await place({ symbol: "EURUSD", side: "buy", type: "limit", volume: 0.1, price });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      orderType: "BuyLimit",
      state: "Placed",
      openPrice: price,
    });
    const moved = Number((price - 0.001).toFixed(5));
    const mod = await t.request("PUT", `${base()}/orders/${res.body.data.ticket}`, {
      key,
      body: { price: moved },
    });
    expect(mod.status).toBe(200);
    expect(mod.body.data.openPrice).toBe(moved);
    const del = await t.request("DELETE", `${base()}/orders/${res.body.data.ticket}`, { key });
    expect(del.status).toBe(200);
    const open = (await t.request("GET", `${base()}/orders`, { key })).body.data;
    expect(open.some((r: any) => r.ticket === res.body.data.ticket)).toBe(false);
  });

  test("every pending type: sell limit, stops and stop-limits placed, modified, cancelled", async () => {
    const q = (await t.request("GET", `${base()}/quote/EURUSD`, { key })).body.data;
    const px = (x: number) => Number(x.toFixed(5));
    const cases = [
      { side: "sell", type: "limit", price: px(q.bid + 0.005), orderType: "SellLimit" },
      { side: "buy", type: "stop", price: px(q.ask + 0.005), orderType: "BuyStop" },
      { side: "sell", type: "stop", price: px(q.bid - 0.005), orderType: "SellStop" },
      {
        side: "buy",
        type: "stop_limit",
        price: px(q.ask + 0.005),
        stopLimitPrice: px(q.ask + 0.003),
        orderType: "BuyStopLimit",
      },
      {
        side: "sell",
        type: "stop_limit",
        price: px(q.bid - 0.005),
        stopLimitPrice: px(q.bid - 0.003),
        orderType: "SellStopLimit",
      },
    ];
    for (const c of cases) {
      const { orderType, ...body } = c;
      const res = await place({ symbol: "EURUSD", volume: 0.1, ...body });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        orderType,
        state: "Placed",
        openPrice: c.price,
        stopLimitPrice: c.stopLimitPrice ?? 0,
        lots: 0.1,
      });
      const ticket = res.body.data.ticket;
      // Move the order further from the market (and its limit with it for stop-limits).
      const away = c.side === "buy" ? 0.001 : -0.001;
      const change: Record<string, number> = { price: px(c.price + away) };
      if (c.stopLimitPrice !== undefined) {
        change.stopLimitPrice = px(c.stopLimitPrice + away);
      }
      const mod = await t.request("PUT", `${base()}/orders/${ticket}`, { key, body: change });
      expect(mod.status).toBe(200);
      expect(mod.body.data).toMatchObject({
        openPrice: change.price,
        stopLimitPrice: change.stopLimitPrice ?? 0,
      });
      const listed = (await t.request("GET", `${base()}/orders`, { key })).body.data;
      expect(listed.find((r: any) => r.ticket === ticket)).toMatchObject({
        orderType,
        openPrice: change.price,
      });
      const del = await t.request("DELETE", `${base()}/orders/${ticket}`, { key });
      expect(del.status).toBe(200);
      const after = (await t.request("GET", `${base()}/orders`, { key })).body.data;
      expect(after.some((r: any) => r.ticket === ticket)).toBe(false);
    }
    // A stop on the wrong side of the market is the broker's invalid-price rejection.
    const wrong = await place({
      symbol: "EURUSD",
      side: "buy",
      type: "stop",
      volume: 0.1,
      price: px(q.bid - 0.005),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details.retcode).toBe(10015);
  });

  test("SL/TP modification of a position", async () => {
    const pos = (await place({ symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 })).body
      .data;
    const sl = Number((pos.openPrice - 0.01).toFixed(5));
    const tp = Number((pos.openPrice + 0.01).toFixed(5));
    const mod = await t.request("PUT", `${base()}/orders/${pos.ticket}`, {
      key,
      body: { stopLoss: sl, takeProfit: tp },
    });
    expect(mod.body.data).toMatchObject({ stopLoss: sl, takeProfit: tp });
  });

  test("broker rejections are 422 with the MT5 retcode; bad requests 400; unknown tickets 404", async () => {
    const vol = await place({ symbol: "EURUSD", side: "buy", type: "market", volume: 0.123 });
    expect(vol.status).toBe(422);
    expect(vol.body.error.code).toBe("INVALID_VOLUME");
    expect(vol.body.error.details.retcode).toBe(10014);
    const money = await place({ symbol: "EURUSD", side: "buy", type: "market", volume: 50 });
    expect(money.status).toBe(422);
    expect(money.body.error.details.retcode).toBe(10019);
    const noPrice = await place({ symbol: "EURUSD", side: "buy", type: "limit", volume: 0.1 });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.error.message).toContain("price");
    const badSide = await place({ symbol: "EURUSD", side: "long", type: "market", volume: 0.1 });
    expect(badSide.status).toBe(400);
    const sym = await place({ symbol: "NOPE", side: "buy", type: "market", volume: 0.1 });
    expect(sym.status).toBe(404);
    expect((await t.request("DELETE", `${base()}/orders/987654`, { key })).body.error.code).toBe(
      "ORDER_NOT_FOUND",
    );
  });

  test("portfolio totals are sums over the listed positions", async () => {
    await place({ symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 });
    await place({ symbol: "GBPUSD", side: "sell", type: "market", volume: 0.2 });
    const p = (await t.request("GET", `${base()}/portfolio`, { key })).body.data;
    expect(p.position_count).toBe(2);
    expect(p.positions).toHaveLength(2);
    const sum = (f: string) =>
      Math.round(p.positions.reduce((a: number, r: any) => a + r[f], 0) * 100) / 100;
    expect(p.total_profit).toBeCloseTo(sum("profit"), 2);
    expect(p.total_commission).toBeCloseTo(sum("commission"), 2);
    expect(p.account.balance).toBeGreaterThan(0);
  });

  test("close-all puts every ticket in closed or failed", async () => {
    await place({ symbol: "GBPUSD", side: "buy", type: "market", volume: 0.1 });
    const before = (await t.request("GET", `${base()}/portfolio`, { key })).body.data
      .position_count;
    const res = (await t.request("POST", `${base()}/close-all`, { key })).body.data;
    expect(res.total_closed + res.total_failed).toBe(before);
    expect(res.closed.length).toBe(res.total_closed);
    expect(res.total_closed).toBe(before);
    expect((await t.request("GET", `${base()}/portfolio`, { key })).body.data.position_count).toBe(
      0,
    );
  });
});

describe("valuation between trades", () => {
  test("open positions are revalued as prices move, without any trade", async () => {
    const pos = (await place({ symbol: "EURUSD", side: "buy", type: "market", volume: 1 })).body
      .data;
    const before = (await t.request("GET", `${base()}/positions/${pos.ticket}`, { key })).body.data
      .profit;
    let after = before;
    for (let i = 0; i < 30 && after === before; i++) {
      brokerClock.advance(60_000);
      await t.broker!.broker.step();
      await Bun.sleep(150);
      after = (await t.request("GET", `${base()}/positions/${pos.ticket}`, { key })).body.data
        .profit;
    }
    expect(after).not.toBe(before);
    const summary = (await t.request("GET", `${base()}/summary`, { key })).body.data;
    expect(summary.equity).toBeCloseTo(summary.balance + summary.credit + summary.profit, 1);
    await t.request("DELETE", `${base()}/orders/${pos.ticket}`, { key });
  }, 30_000);
});

describe("history and market data", () => {
  test("paginated history: one entry per leg, paired by positionTicket; bad dates → invalid date format", async () => {
    await roundTrip("buy");
    await roundTrip("sell");
    const ok = await t.request(
      "GET",
      `${base()}/orders/history/paginated?from=2026-11-01T00:00:00&to=2026-11-30T00:00:00&per_page=1000`,
      { key },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.action).toBe(0);
    const deals = ok.body.data.internalDeals;
    expect(deals.map((d: any) => d.type)).toEqual([
      "DealBalance",
      "DealBuy",
      "DealSell",
      "DealSell",
      "DealBuy",
    ]);
    const byPos = new Map<number, string[]>();
    for (const d of deals.filter((x: any) => x.type === "DealBuy" || x.type === "DealSell")) {
      byPos.set(d.positionTicket, [...(byPos.get(d.positionTicket) ?? []), d.entry]);
    }
    expect([...byPos.values()].every((entries) => entries[0] === "DealEntryIn")).toBe(true);
    const times = deals.map((d: any) => d.timestampUTC);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const page = await t.request(
      "GET",
      `${base()}/orders/history/paginated?from=2026-11-01T00:00:00&to=2026-11-30T00:00:00&page=1&per_page=2`,
      { key },
    );
    expect(page.body.data.internalDeals).toEqual(deals.slice(2, 4));
    for (const q of [
      "from=2026-13-01T00:00:00&to=2026-11-30T00:00:00",
      "from=2026-11-01 00:00:00&to=2026-11-30T00:00:00",
      "from=&to=2026-11-30T00:00:00",
    ]) {
      const bad = await t.request("GET", `${base()}/orders/history/paginated?${q}`, { key });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe("invalid date format");
    }
    // A missing one is named as missing.
    for (const [q, field] of [
      ["to=2026-11-30T00:00:00", "from"],
      ["from=2026-11-01T00:00:00", "to"],
    ]) {
      const missing = await t.request("GET", `${base()}/orders/history/paginated?${q}`, { key });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toEqual({
        code: "VALIDATION_ERROR",
        message: `Invalid '${field}': is required`,
        details: { field },
      });
    }
    const tooMany = await t.request(
      "GET",
      `${base()}/orders/history/paginated?from=2026-11-01T00:00:00&to=2026-11-30T00:00:00&per_page=1001`,
      { key },
    );
    expect(tooMany.status).toBe(400);
  });

  test("closed-session and performance reflect the closed positions", async () => {
    await roundTrip("buy");
    await roundTrip("sell");
    const closed = (await t.request("GET", `${base()}/orders/closed-session`, { key })).body.data;
    expect(closed).toHaveLength(2);
    expect(closed.every((r: any) => r.closeTime !== "" && r.closeTimestampUTC > 0)).toBe(true);
    const perf = (await t.request("GET", `${base()}/performance?from=2026-11-01T00:00:00`, { key }))
      .body.data;
    expect(perf.total_trades).toBe(closed.length);
    expect(perf.winning_trades + perf.losing_trades).toBeLessThanOrEqual(perf.total_trades);
    expect((await t.request("GET", `${base()}/performance?from=yesterday`, { key })).status).toBe(
      400,
    );
  });

  test("market status, trade session, server timezone, OHLC", async () => {
    const status = (
      await t.request("GET", `${base()}/market-status?symbols=EURUSD,USDJPY,BTCUSD`, { key })
    ).body.data;
    expect(status.map((s: any) => s.symbol)).toEqual(["EURUSD", "USDJPY", "BTCUSD"]);
    const eur = status[0];
    expect(eur.tradeable).toBe(true);
    expect(eur.spread_points).toBe(Math.round((eur.ask - eur.bid) / 0.00001));
    expect(eur.spread_pips).toBeCloseTo(eur.spread_points / 10, 8);
    expect(
      (await t.request("GET", `${base()}/market-status?symbols=EURUSD,NOPE`, { key })).status,
    ).toBe(404);
    expect((await t.request("GET", `${base()}/market-status`, { key })).status).toBe(400);
    const session = (await t.request("GET", `${base()}/trade-session/EURUSD`, { key })).body.data;
    expect(session).toMatchObject({
      symbol: "EURUSD",
      open: true,
      server_time: formatServerTime(brokerClock.now()),
    });
    expect(session.sessions.saturday.trade).toEqual([]);
    const tz = (await t.request("GET", `${base()}/server-timezone`, { key })).body.data;
    expect(tz).toMatchObject({
      timezone: "Etc/GMT-2",
      offset_minutes: 120,
      dst: false,
      server_time: formatServerTime(brokerClock.now()),
    });
    const bars = (await t.request("GET", `${base()}/ohlc/EURUSD?timeframe=H1&count=5`, { key }))
      .body.data;
    expect(bars).toHaveLength(5);
    expect(bars[0].time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00$/);
    expect((await t.request("GET", `${base()}/ohlc/EURUSD?timeframe=H2`, { key })).status).toBe(
      400,
    );
  });
});

describe("Idempotency-Key", () => {
  test("the same key twice → one order and the same answer; another body → 422; bad key → 400", async () => {
    const body = { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1, comment: "idem" };
    const headers = { "idempotency-key": "order-abc-1" };
    const first = await t.request("POST", `${base()}/orders`, { key, body, headers });
    const second = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const mine = (await t.request("GET", `${base()}/orders`, { key })).body.data.filter(
      (r: any) => r.comment === "idem",
    );
    expect(mine).toHaveLength(1);
    const other = await t.request("POST", `${base()}/orders`, {
      key,
      body: { ...body, volume: 0.2 },
      headers,
    });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("IDEMPOTENCY_MISMATCH");
    const bad = await t.request("POST", `${base()}/orders`, {
      key,
      body,
      headers: { "idempotency-key": "bad key with spaces" },
    });
    expect(bad.status).toBe(400);
  });

  test("keys and bodies with quotes, backslashes and dollars are stored as sent (replayed, not confused)", async () => {
    const keys = [`it's-1`, `back\\slash\\'-1`, `semi;'--"$$x$$-1`];
    const tickets = new Set<number>();
    for (const [i, idem] of keys.entries()) {
      const body = {
        symbol: "EURUSD",
        side: "buy",
        type: "market",
        volume: 0.1,
        comment: `q'${i}\\"$$`,
      };
      const headers = { "idempotency-key": idem };
      const first = await t.request("POST", `${base()}/orders`, { key, body, headers });
      const again = await t.request("POST", `${base()}/orders`, { key, body, headers });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(first.body.data.comment).toBe(body.comment);
      tickets.add(first.body.data.ticket);
    }
    // One order per key: three keys, three tickets, and no fourth order from a replay.
    expect(tickets.size).toBe(keys.length);
    const mine = (await t.request("GET", `${base()}/orders`, { key })).body.data.filter((r: any) =>
      String(r.comment).startsWith("q'"),
    );
    expect(mine).toHaveLength(keys.length);
  });

  test("a rejected order is replayed as the same rejection", async () => {
    const body = { symbol: "EURUSD", side: "buy", type: "market", volume: 0.123 };
    const headers = { "idempotency-key": "order-reject-1" };
    const a = await t.request("POST", `${base()}/orders`, { key, body, headers });
    const b = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(a.status).toBe(422);
    expect(b.status).toBe(422);
    expect(b.body).toEqual(a.body);
  });

  test("keys are scoped per API key", async () => {
    const other = await t.createKey(await t.superToken());
    const res = await t.request("POST", "/api/brokers/demo", {
      key: other.key,
      body: { company: "TAS Markets" },
      headers: { "idempotency-key": "order-abc-1" },
    });
    expect(res.status).toBe(201);
  });

  test("demo creation with a key is created once", async () => {
    const headers = { "idempotency-key": "demo-1" };
    const a = await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets" },
      headers,
    });
    const b = await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets" },
      headers,
    });
    expect(a.status).toBe(201);
    expect(b.body.data.login).toBe(a.body.data.login);
  });
});

describe("order journal and reconciliation", () => {
  test("every order is journaled with its client order id; reuse of the id is a 409", async () => {
    const res = await place({
      symbol: "EURUSD",
      side: "buy",
      type: "market",
      volume: 0.1,
      clientOrderId: "journal-1",
    });
    expect(res.status).toBe(201);
    expect(res.body.data.clientOrderId).toBe("journal-1");
    // The outcome is recorded just after the answer (the broker already committed it).
    let intent: any = null;
    for (let i = 0; i < 50; i++) {
      intent = (await t.request("GET", `${base()}/orders/intents/journal-1`, { key })).body.data;
      if (intent.state !== "sent") {
        break;
      }
      await Bun.sleep(20);
    }
    expect(intent).toMatchObject({
      client_order_id: "journal-1",
      state: "done",
      ticket: res.body.data.ticket,
    });
    const again = await place({
      symbol: "EURUSD",
      side: "buy",
      type: "market",
      volume: 0.1,
      clientOrderId: "journal-1",
    });
    expect(again.status).toBe(409);
    const generated = (await place({ symbol: "EURUSD", side: "sell", type: "market", volume: 0.1 }))
      .body.data.clientOrderId;
    expect(generated).toMatch(/^tas-[0-9a-f]{16}$/);
    const rejected = await place({
      symbol: "EURUSD",
      side: "buy",
      type: "market",
      volume: 0.123,
      clientOrderId: "journal-bad",
    });
    expect(rejected.status).toBe(422);
    let bad = "sent";
    for (let i = 0; i < 50 && bad === "sent"; i++) {
      bad = (await t.request("GET", `${base()}/orders/intents/journal-bad`, { key })).body.data
        .state;
      if (bad === "sent") {
        await Bun.sleep(20);
      }
    }
    expect(bad).toBe("rejected");
    expect((await t.request("GET", `${base()}/orders/intents/nope`, { key })).status).toBe(404);
  });

  test("outcomes of orders in a row and at once are each recorded on their own intent", async () => {
    // In a row, each order's outcome is written while the next one is at the broker; at once,
    // several outcomes are written by one statement.
    const tickets = new Map<string, number>();
    for (let i = 0; i < 4; i++) {
      const res = await place({
        symbol: "EURUSD",
        side: i % 2 ? "sell" : "buy",
        type: "market",
        volume: 0.01,
        clientOrderId: `row-${i}`,
      });
      expect(res.status).toBe(201);
      tickets.set(`row-${i}`, res.body.data.ticket);
    }
    const together = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        place({
          symbol: "EURUSD",
          side: "buy",
          type: "market",
          volume: i === 5 ? 1e6 : 0.01, // the last one is rejected by the broker
          clientOrderId: `together-${i}`,
        }),
      ),
    );
    together.forEach((res, i) => {
      if (i < 5) {
        expect(res.status).toBe(201);
        tickets.set(`together-${i}`, res.body.data.ticket);
      } else {
        expect(res.status).toBe(422);
      }
    });
    expect(new Set(tickets.values()).size).toBe(tickets.size);
    for (const [clientOrderId, ticket] of tickets) {
      const intent = (await t.request("GET", `${base()}/orders/intents/${clientOrderId}`, { key }))
        .body.data;
      expect(intent).toMatchObject({ client_order_id: clientOrderId, state: "done", ticket });
    }
    const rejected = (await t.request("GET", `${base()}/orders/intents/together-5`, { key })).body
      .data;
    expect(rejected.state).toBe("rejected");
    expect(rejected.ticket).toBeNull();
    await t.request("POST", `${base()}/close-all`, { key });
  });

  test("unknown outcomes are reconciled with the broker when the session reconnects", async () => {
    // An order whose answer was lost: it exists at the broker, but the journal only knows it was sent.
    const placed = await place({
      symbol: "EURUSD",
      side: "buy",
      type: "market",
      volume: 0.1,
      clientOrderId: "lost-answer",
    });
    expect(placed.status).toBe(201);
    const db = t.deps.db;
    // Let the journal record the real outcome first, then pretend the answer was lost.
    for (let i = 0; i < 50; i++) {
      const state = (await t.request("GET", `${base()}/orders/intents/lost-answer`, { key })).body
        .data.state;
      if (state !== "sent") {
        break;
      }
      await Bun.sleep(20);
    }
    await db
      .update(orderJournal)
      .set({ state: "unknown", ticket: null })
      .where(and(eq(orderJournal.accountId, id), eq(orderJournal.clientOrderId, "lost-answer")));
    // An intent that never reached the broker.
    await db.insert(orderJournal).values({
      accountId: id,
      clientOrderId: "never-sent",
      request: { symbol: "EURUSD" },
      state: "unknown",
    });
    await t.request("POST", `${base()}/disconnect`, { key });
    expect((await t.request("POST", `${base()}/connect`, { key })).body.data.status).toBe(
      "connected",
    );
    let lost: any = null;
    for (let i = 0; i < 100; i++) {
      lost = (await t.request("GET", `${base()}/orders/intents/lost-answer`, { key })).body.data;
      if (lost.state !== "unknown") {
        break;
      }
      await Bun.sleep(50);
    }
    expect(lost).toMatchObject({ state: "reconciled_filled", ticket: placed.body.data.ticket });
    const absent = (await t.request("GET", `${base()}/orders/intents/never-sent`, { key })).body
      .data;
    expect(absent.state).toBe("reconciled_absent");
    await t.request("POST", `${base()}/close-all`, { key });
  });
});

describe("sessions", () => {
  test("a disconnected account answers 503 SESSION_NOT_CONNECTED", async () => {
    await t.request("POST", `${base()}/disconnect`, { key });
    const res = await t.request("GET", `${base()}/summary`, { key });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("SESSION_NOT_CONNECTED");
    // Every read of the account, the cached ones (views, the symbol catalog) included.
    const reads = [
      "portfolio",
      "orders",
      "quote/BTCUSD",
      "symbols",
      "symbols/BTCUSD",
      "market-status?symbols=BTCUSD",
      "trade-session/BTCUSD",
      "server-timezone",
      "ohlc/BTCUSD?timeframe=M1&count=5",
      "orders/closed-session",
      "performance?from=2026-01-01T00:00:00&to=2026-12-31T00:00:00",
      "orders/history/paginated?from=2026-01-01T00:00:00&to=2026-12-31T00:00:00",
    ];
    const answers = await Promise.all(
      reads.map(async (path) => {
        const r = await t.request("GET", `${base()}/${path}`, { key });
        return `${path} ${r.status} ${r.body.error?.code ?? "-"}`;
      }),
    );
    expect(answers).toEqual(reads.map((path) => `${path} 503 SESSION_NOT_CONNECTED`));
    expect((await t.request("POST", `${base()}/connect`, { key })).body.data.status).toBe(
      "connected",
    );
  });
});
