// The demo broker over its WebSocket protocol with a real client: login rights, demo accounts,
// market data, trading with commit-before-ack, pushed events, and hostile frames.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type RunningDemoBroker, runDemoBroker } from "../../../src/broker/server/run.ts";
import { BrokerTestClient } from "../../support/broker-client.ts";
import { TestClock } from "../../support/clock.ts";
import { freshDatabase, type TestDatabase } from "../../support/db.ts";

// Wednesday 2026-11-18 14:00 UTC: FX open, far from rollover.
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const clock = new TestClock().freeze(WEDNESDAY);
let running: RunningDemoBroker;
let client: BrokerTestClient;
let demo: any;
let pg: TestDatabase | null = null;

beforeAll(async () => {
  // On Postgres (DATABASE_URL set) the broker's tables live in schema `broker` of a fresh database.
  pg = process.env.DATABASE_URL ? await freshDatabase() : null;
  running = await runDemoBroker({
    host: "127.0.0.1",
    port: 0,
    databaseUrl: pg?.url ?? null,
    dataDir: null,
    clock,
    seed: 42,
    historyDays: 2,
    tickIntervalMs: 0,
  });
  client = await BrokerTestClient.connect(running.port);
  demo = (
    await client.request("demo.create", {
      server: "TAS-Demo",
      leverage: 100,
      currency: "USD",
      deposit: 10_000,
    })
  ).data;
  // The shared client trades and reads as the demo account.
  expect((await client.request("login", { login: demo.login, password: demo.password })).ok).toBe(
    true,
  );
}, 60_000);
afterAll(async () => {
  client.close();
  await running.stop();
  await pg?.drop();
});

describe("session", () => {
  test("hello checks the protocol version", async () => {
    expect((await client.request("hello", { version: 1 })).data.protocol).toBe(1);
    const bad = await client.request("hello", { version: 99 });
    expect(bad.error.reason).toBe("UNSUPPORTED_VERSION");
  });

  test("demo accounts get a login, a master and an investor password", () => {
    expect(demo.login).toBeGreaterThan(100_000);
    expect(demo.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(demo.investor_password).not.toBe(demo.password);
    expect(demo).toMatchObject({
      server: "TAS-Demo",
      company: "TAS Markets",
      currency: "USD",
      leverage: 100,
      balance: 10_000,
      margin_mode: "hedging",
    });
  });

  test("account ops need a login; a wrong password or server is refused", async () => {
    const c = await BrokerTestClient.connect(running.port);
    // An account of its own: the shared one trades in other tests.
    const demo = (
      await c.request("demo.create", {
        server: "TAS-Demo",
        leverage: 100,
        currency: "USD",
        deposit: 10_000,
      })
    ).data;
    expect((await c.request("positions")).error.reason).toBe("NOT_LOGGED_IN");
    expect(
      (await c.request("login", { login: demo.login, password: "wrong-password" })).error.reason,
    ).toBe("INVALID_ACCOUNT");
    expect(
      (
        await c.request("login", {
          login: demo.login,
          password: demo.password,
          server: "TAS-Demo-Netting",
        })
      ).error.reason,
    ).toBe("INVALID_ACCOUNT");
    const ok = await c.request("login", {
      login: demo.login,
      password: demo.password,
      server: "TAS-Demo",
    });
    expect(ok.data).toMatchObject({ login: demo.login, trade_allowed: true });
    expect(ok.data.account.balance).toBe(10_000);
    c.close();
  });

  test("an investor login reads but cannot trade (TRADE_DISABLED 10017)", async () => {
    const c = await BrokerTestClient.connect(running.port);
    const ok = await c.request("login", { login: demo.login, password: demo.investor_password });
    expect(ok.data.trade_allowed).toBe(false);
    expect((await c.request("positions")).ok).toBe(true);
    const refused = await c.request("order.send", {
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 0.1,
    });
    expect(refused.error).toMatchObject({ reason: "TRADE_DISABLED", retcode: 10017 });
    c.close();
  });
});

describe("market data", () => {
  test("symbols, specs, sessions, quotes, server time", async () => {
    const symbols = (await client.request("symbols")).data;
    expect(symbols.map((s: any) => s.name)).toContain("BTCUSD");
    expect((await client.request("symbol", { name: "EURUSD" })).data).toMatchObject({
      digits: 5,
      contractSize: 100_000,
    });
    expect((await client.request("symbol", { name: "NOPE" })).error.reason).toBe(
      "SYMBOL_NOT_FOUND",
    );
    const q = (await client.request("quote", { symbol: "EURUSD" })).data;
    expect(q.ask).toBeGreaterThan(q.bid);
    const sessions = (await client.request("sessions", { symbol: "EURUSD" })).data;
    expect(sessions.trade).toHaveLength(7);
    const t = (await client.request("time")).data;
    // Server time is UTC+2 (Etc/GMT-2, no DST): 2026-11-18T16:00:00 at the start.
    expect(t).toMatchObject({
      time_ms: clock.now(),
      server_time: new Date(clock.now() + 120 * 60_000).toISOString().slice(0, 19),
      offset_minutes: 120,
      zone: "Etc/GMT-2",
    });
  });

  test("bars are back-filled for every timeframe", async () => {
    const m1 = (await client.request("bars", { symbol: "EURUSD", timeframe: "M1", count: 100 }))
      .data;
    expect(m1).toHaveLength(100);
    expect(m1.at(-1).timeMs).toBeLessThanOrEqual(clock.now());
    const h1 = (await client.request("bars", { symbol: "EURUSD", timeframe: "H1", count: 24 }))
      .data;
    expect(h1.length).toBeGreaterThan(10);
    for (const b of h1) {
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
    }
  });

  test("subscribed symbols get ticks as the feed advances; others do not", async () => {
    await client.request("quotes.subscribe", { symbols: ["EURUSD"] });
    clock.advance(60_000);
    await running.broker.step();
    const tick = await client.waitFor((e) => e.event === "tick");
    expect(tick.data.symbol).toBe("EURUSD");
    expect(client.events.some((e) => e.event === "tick" && e.data.symbol !== "EURUSD")).toBe(false);
    await client.request("quotes.unsubscribe", { symbols: ["EURUSD"] });
  });
});

describe("trading", () => {
  test("a market order is committed before the answer and pushes trade events", async () => {
    const before = client.events.length;
    const r = await client.request("order.send", {
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 0.1,
      comment: "t1",
    });
    expect(r.ok).toBe(true);
    expect(r.data.retcode).toBe(10009);
    const ticket = r.data.position.ticket;
    const positions = (await client.request("positions")).data;
    expect(positions.map((p: any) => p.ticket)).toContain(ticket);
    const trade = await client.waitFor(
      (e) => e.event === "trade" && client.events.indexOf(e) >= before,
    );
    expect(trade.data.map((e: any) => e.type)).toContain("positionOpened");
    const deals = (await client.request("deals", { from: 0, to: WEDNESDAY + 86_400_000 })).data;
    expect(deals.some((d: any) => d.positionTicket === ticket && d.entry === "DealEntryIn")).toBe(
      true,
    );
    const closed = await client.request("position.close", { ticket });
    expect(closed.data.retcode).toBe(10009);
    const legs = (await client.request("deals.position", { position: ticket })).data;
    expect(legs.map((d: any) => d.entry)).toEqual(["DealEntryIn", "DealEntryOut"]);
  });

  test("order.check values an order without executing it", async () => {
    const before = (await client.request("positions")).data.length;
    const ok = await client.request("order.check", {
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 0.1,
    });
    expect(ok.ok).toBe(true);
    expect(ok.data.retcode).toBe(0);
    expect(ok.data.margin).toBeGreaterThan(0);
    expect(ok.data.freeMargin).toBeCloseTo(ok.data.equity - ok.data.margin, 2);
    expect((await client.request("positions")).data.length).toBe(before);
    const no = await client.request("order.check", {
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 50,
    });
    expect(no.error).toMatchObject({ reason: "NO_MONEY", retcode: 10019 });
  });

  test("broker rejections carry the MT5 retcode", async () => {
    const r = await client.request("order.send", {
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 0.123,
    });
    expect(r.error).toMatchObject({ reason: "INVALID_VOLUME", retcode: 10014 });
    const money = await client.request("order.send", {
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 50,
    });
    expect(money.error.retcode).toBe(10019);
    const gone = await client.request("position.close", { ticket: 999_999 });
    expect(gone.error.reason).toBe("POSITION_NOT_EXISTS");
  });
});

describe("hostile frames", () => {
  test("malformed, unknown, mistyped and oversize frames get errors; the connection and server survive", async () => {
    const c = await BrokerTestClient.connect(running.port);
    expect((await c.raw("{not json")).error.reason).toBe("BAD_FRAME");
    expect((await c.raw("[1,2]")).error.reason).toBe("BAD_FRAME");
    expect((await c.raw('{"id":{},"op":"ping"}')).error.reason).toBe("BAD_FRAME");
    expect((await c.raw('{"id":1,"op":"explode"}')).error.reason).toBe("UNKNOWN_OP");
    const typed = await c.raw('{"id":2,"op":"quote","symbol":42}');
    expect(typed.error.reason).toBe("INVALID_REQUEST");
    expect(typed.error.message).toContain("symbol");
    expect((await c.raw('{"id":3,"op":"ping","extra":1}')).error.reason).toBe("INVALID_REQUEST");
    expect((await c.request("ping")).ok).toBe(true);
    c.ws.send("x".repeat(70_000));
    await Bun.sleep(100);
    expect(c.closed?.code).toBe(1009);
    const again = await BrokerTestClient.connect(running.port);
    expect((await again.request("ping")).ok).toBe(true);
    again.close();
  });
});
