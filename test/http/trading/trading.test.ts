// The trading API end to end over HTTP: a demo account on the in-process demo broker (clock fixed
// on a Wednesday afternoon), connected through a real session worker.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let key: string;
let id: string;
const base = () => `/api/accounts/${id}`;

beforeAll(async () => {
  t = await createTestApp({}, { broker: true });
  key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
  const demo = (
    await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets", deposit: 10_000, leverage: 100 },
    })
  ).body.data;
  id = (
    await t.createAccount(key, {
      terminal_login: demo.login,
      password: demo.password,
      server_name: "TAS-Demo",
    })
  ).id;
  const connected = await t.request("POST", `/api/accounts/${id}/connect`, { key });
  if (connected.body.data.status !== "connected") {
    throw new Error(`not connected: ${connected.text}`);
  }
}, 60_000);
afterAll(() => t.close());

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
    const p = (await t.request("GET", `${base()}/portfolio`, { key })).body.data;
    expect(p.position_count).toBe(p.positions.length);
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

describe("sessions", () => {
  test("a disconnected account answers 503 SESSION_NOT_CONNECTED", async () => {
    await t.request("POST", `${base()}/disconnect`, { key });
    const res = await t.request("GET", `${base()}/summary`, { key });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("SESSION_NOT_CONNECTED");
    expect((await t.request("POST", `${base()}/connect`, { key })).body.data.status).toBe(
      "connected",
    );
  });
});
