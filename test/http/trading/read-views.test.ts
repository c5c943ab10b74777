// The read views (summary, open orders, portfolio) are rendered by the session worker and kept by
// the API thread between reads, so these tests check that a kept copy never hides a change: a
// client reads its own writes at once, a change made at the broker by another terminal shows up
// within moments, and a session that is no longer connected answers 503 at once.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { BrokerTestClient } from "../../support/broker-client.ts";
import { TestClock } from "../../support/clock.ts";

let t: TestApp;
let key: string;
let id: string;
let login: number;
let password: string;
const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);
const base = () => `/api/accounts/${id}`;
const get = async (path: string) => (await t.request("GET", `${base()}${path}`, { key })).body;
const place = async (body: Record<string, unknown>) =>
  (await t.request("POST", `${base()}/orders`, { key, body })).body;

/** Polls `read` until `done` holds (or fails after `ms`, far below the copies' 25 s trust). */
async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 4000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) {
      return value;
    }
    await Bun.sleep(20);
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { broker: true, brokerClock });
  key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
}, 60_000);
afterAll(() => t.close());
// Each test reads the views of a demo account of its own.
beforeEach(async () => {
  ({ id, login, password } = await t.connectDemoAccount(key, { deposit: 10_000, leverage: 100 }));
}, 30_000);
afterEach(async () => {
  await t.request("DELETE", `/api/accounts/${id}`, { key });
});

describe("read views kept between reads", () => {
  test("a client reads its own writes at once", async () => {
    // Read every view first, so the API thread holds copies of them.
    const before = (await get("/portfolio")).data;
    expect(before.positions).toEqual([]);
    expect((await get("/orders")).data).toEqual([]);
    const summaryBefore = (await get("/summary")).data;

    const opened = (await place({ symbol: "BTCUSD", side: "buy", type: "market", volume: 0.1 }))
      .data;
    const after = (await get("/portfolio")).data;
    expect(after.positions.map((p: { ticket: number }) => p.ticket)).toEqual([opened.ticket]);
    expect(after.position_count).toBe(1);
    expect((await get("/summary")).data.margin).toBeGreaterThan(summaryBefore.margin);

    const limit = (
      await place({ symbol: "BTCUSD", side: "buy", type: "limit", volume: 0.1, price: 1000 })
    ).data;
    const open = (await get("/orders")).data.map((r: { ticket: number }) => r.ticket);
    expect(open).toEqual([opened.ticket, limit.ticket]);

    expect((await t.request("DELETE", `${base()}/orders/${limit.ticket}`, { key })).status).toBe(
      200,
    );
    expect((await get("/orders")).data.map((r: { ticket: number }) => r.ticket)).toEqual([
      opened.ticket,
    ]);
    expect((await t.request("DELETE", `${base()}/orders/${opened.ticket}`, { key })).status).toBe(
      200,
    );
    const closed = (await get("/portfolio")).data;
    expect(closed.positions).toEqual([]);
    expect(closed.position_count).toBe(0);
    expect(closed.account.balance).not.toBe(before.account.balance); // the close booked its P/L
  });

  test("a trade made at the broker by another terminal shows up within moments", async () => {
    expect((await get("/portfolio")).data.positions).toEqual([]);
    const terminal = await BrokerTestClient.connect(t.broker?.port ?? 0);
    try {
      expect((await terminal.request("login", { login, password })).ok).toBe(true);
      const sent = await terminal.request("order.send", {
        symbol: "ETHUSD",
        orderType: "Sell",
        volume: 0.5,
      });
      expect(sent.ok).toBe(true);
      const ticket = sent.data.position.ticket;
      const seen = await eventually(
        () => get("/portfolio"),
        (b) => b.data.positions.length === 1,
      );
      expect(seen.data.positions[0]).toMatchObject({ ticket, symbol: "ETHUSD", orderType: "Sell" });
      expect((await terminal.request("position.close", { ticket })).ok).toBe(true);
      const gone = await eventually(
        () => get("/portfolio"),
        (b) => b.data.positions.length === 0,
      );
      expect(gone.data.positions).toEqual([]);
    } finally {
      terminal.close();
    }
  });

  test("a disconnected session answers 503 at once, and fresh views after reconnecting", async () => {
    expect((await get("/portfolio")).ok).toBe(true);
    expect((await get("/summary")).ok).toBe(true);
    await t.request("POST", `${base()}/disconnect`, { key });
    for (const path of ["/portfolio", "/summary", "/orders"]) {
      const res = await t.request("GET", `${base()}${path}`, { key });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("SESSION_NOT_CONNECTED");
    }
    // A trade made while the service is not connected is in the views after reconnecting.
    const terminal = await BrokerTestClient.connect(t.broker?.port ?? 0);
    await terminal.request("login", { login, password });
    const sent = await terminal.request("order.send", {
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 0.1,
    });
    terminal.close();
    expect((await t.request("POST", `${base()}/connect`, { key })).body.data.status).toBe(
      "connected",
    );
    const tickets = (await get("/portfolio")).data.positions.map(
      (p: { ticket: number }) => p.ticket,
    );
    expect(tickets).toEqual([sent.data.position.ticket]);
  });

  test("after a session worker crash the views come from the restarted worker", async () => {
    expect((await place({ symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 })).ok).toBe(
      true,
    );
    const before = (await get("/portfolio")).data;
    expect(before.position_count).toBe(1);
    for (let i = 0; i < 2; i++) {
      t.sessions.crashWorker(i);
    }
    const after = await eventually(
      () => t.request("GET", `${base()}/portfolio`, { key }),
      (r) => r.status === 200,
      15_000,
    );
    expect(after.status).toBe(200);
    expect(after.body.data.positions.map((p: { ticket: number }) => p.ticket)).toEqual(
      before.positions.map((p: { ticket: number }) => p.ticket),
    );
    // Both workers are back once calls through them succeed again (demo creation goes to the
    // workers in turn): a few in a row, so the next test starts on a whole pool.
    let inARow = 0;
    for (let i = 0; i < 300 && inARow < 4; i++) {
      const demo = await t.request("POST", "/api/brokers/demo", {
        key,
        body: { company: "TAS Markets" },
      });
      inARow = demo.status === 201 ? inARow + 1 : 0;
      if (inARow === 0) {
        await Bun.sleep(50);
      }
    }
    expect(inARow).toBe(4);
  }, 30_000);
});
