// Trade limits over HTTP, against the in-process demo broker: a burst of trade requests on one
// account is held to its trade rate (429 TOO_MANY_REQUESTS, details.retcode 10024, Retry-After;
// the refused requests reach neither the broker nor the order journal), and the cap on resting
// orders answers 422 LIMIT_ORDERS (retcode 10033) with the broker holding exactly the cap, even
// for orders sent all at once. The service clock is frozen so the buckets refill only when told.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orderJournal } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";

const RATE = 1;
const BURST = 8;
const CAP = 4;

let t: TestApp;
let key: string;
const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);

beforeAll(async () => {
  t = await createTestApp(
    {
      TAS_TRADE_RATE_PER_SECOND: String(RATE),
      TAS_TRADE_BURST: String(BURST),
      TAS_MAX_PENDING_ORDERS: String(CAP),
    },
    { broker: true, brokerClock },
  );
  key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
  t.clock.freeze();
}, 60_000);
afterAll(() => t.close());

const place = (id: string, body: Record<string, unknown>) =>
  t.request("POST", `/api/accounts/${id}/orders`, { key, body });

async function buyLimitPrice(id: string): Promise<number> {
  const q = (await t.request("GET", `/api/accounts/${id}/quote/EURUSD`, { key })).body.data;
  return Number((q.ask - 0.01).toFixed(5));
}

async function journalRows(id: string): Promise<number> {
  return (await t.deps.db.select().from(orderJournal).where(eq(orderJournal.accountId, id))).length;
}

describe("trade rate per account", () => {
  test("a burst of orders: BURST pass, the rest are 429 with retcode 10024 and never reach the broker", async () => {
    const { id, login } = await t.connectDemoAccount(key, { deposit: 100_000, leverage: 100 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        place(id, { symbol: "EURUSD", side: "buy", type: "market", volume: 0.01 }),
      ),
    );
    const placed = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 429);
    expect(placed).toHaveLength(BURST);
    expect(refused).toHaveLength(20 - BURST);
    const r = refused[0]!;
    expect(r.body.ok).toBe(false);
    expect(r.body.error.code).toBe("TOO_MANY_REQUESTS");
    expect(r.body.error.details).toMatchObject({
      retcode: 10024,
      reason: "TOO_MANY_REQUESTS",
      scope: "account",
      rate_per_second: RATE,
      burst: BURST,
    });
    expect(r.body.error.message).toContain("1 per second (burst 8) per account");
    expect(r.headers.get("retry-after")).toBe("1");
    // The broker holds what was admitted, and only admitted orders were journaled.
    expect(t.broker!.broker.positions(login)).toHaveLength(BURST);
    expect(await journalRows(id)).toBe(BURST);

    // Closes, modifications and cancels count too.
    const ticket = placed[0]!.body.data.ticket;
    const close = await t.request("DELETE", `/api/accounts/${id}/orders/${ticket}`, { key });
    expect(close.status).toBe(429);
    expect(close.body.error.details.retcode).toBe(10024);
    const modify = await t.request("PUT", `/api/accounts/${id}/orders/${ticket}`, {
      key,
      body: { stopLoss: 1 },
    });
    expect(modify.status).toBe(429);
    expect((await t.request("POST", `/api/accounts/${id}/close-all`, { key })).status).toBe(429);
    // Reads are not trade requests.
    expect((await t.request("GET", `/api/accounts/${id}/orders`, { key })).status).toBe(200);

    // A second later one more request goes through.
    t.clock.advance(1000);
    expect(
      (await t.request("DELETE", `/api/accounts/${id}/orders/${ticket}`, { key })).status,
    ).toBe(200);
    expect(
      (await place(id, { symbol: "EURUSD", side: "buy", type: "market", volume: 0.01 })).status,
    ).toBe(429);
    expect(t.broker!.broker.positions(login)).toHaveLength(BURST - 1);

    // Other accounts have their own budget.
    const other = await t.connectDemoAccount(key, { deposit: 100_000 });
    expect(
      (await place(other.id, { symbol: "EURUSD", side: "sell", type: "market", volume: 0.01 }))
        .status,
    ).toBe(201);
  });
});

describe("cap on resting orders per account", () => {
  test("pending orders beyond the cap are 422 LIMIT_ORDERS / 10033; the broker holds exactly the cap", async () => {
    const { id, login } = await t.connectDemoAccount(key, { deposit: 100_000, leverage: 100 });
    const price = await buyLimitPrice(id);
    for (let i = 0; i < CAP; i++) {
      const r = await place(id, {
        symbol: "EURUSD",
        side: "buy",
        type: "limit",
        volume: 0.01,
        price: price - i * 0.0001,
      });
      expect(r.status).toBe(201);
    }
    const over = await place(id, {
      symbol: "EURUSD",
      side: "buy",
      type: "limit",
      volume: 0.01,
      price: price - 0.001,
    });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe("LIMIT_ORDERS");
    expect(over.body.error.details).toEqual({ retcode: 10033, reason: "LIMIT_ORDERS" });
    expect(over.body.error.message).toContain("the limit is 4");
    expect(t.broker!.broker.orders(login)).toHaveLength(CAP);
    // Market orders are not resting orders.
    const market = await place(id, { symbol: "EURUSD", side: "buy", type: "market", volume: 0.01 });
    expect(market.status).toBe(201);
    // Cancelling one frees its place.
    t.clock.advance(10_000);
    const first = t.broker!.broker.orders(login)[0]!.ticket;
    expect((await t.request("DELETE", `/api/accounts/${id}/orders/${first}`, { key })).status).toBe(
      200,
    );
    expect(
      (
        await place(id, {
          symbol: "EURUSD",
          side: "sell",
          type: "stop",
          volume: 0.01,
          price: Number((price - 0.005).toFixed(5)),
        })
      ).status,
    ).toBe(201);
    expect(t.broker!.broker.orders(login)).toHaveLength(CAP);
  });

  test("orders sent all at once cannot slip past the cap together", async () => {
    const { id, login } = await t.connectDemoAccount(key, { deposit: 100_000, leverage: 100 });
    const price = await buyLimitPrice(id);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        place(id, {
          symbol: "EURUSD",
          side: "buy",
          type: "limit",
          volume: 0.01,
          price: Number((price - i * 0.0001).toFixed(5)),
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(CAP);
    const refused = answers.filter((r) => r.status === 422);
    expect(refused).toHaveLength(BURST - CAP);
    expect(refused.every((r) => r.body.error.details.retcode === 10033)).toBe(true);
    expect(t.broker!.broker.orders(login)).toHaveLength(CAP);
  });
});
