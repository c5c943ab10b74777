// /ws trade events carry MT5's reasons: every `deal` event has `reason` (= deal.placedType), and a
// position the broker closed (stop-out, deterministic here) is reported as OnStopOut on the deal,
// the position.closed event and its closed record.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../support/app.ts";
import { TestClock } from "../support/clock.ts";
import { connect, type WsClient } from "./client.ts";

let t: TestApp;
let key: string;
let url: string;
const open: WsClient[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    { broker: true, brokerClock: new TestClock().freeze(WEDNESDAY_14_UTC) },
  );
  key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  url = `ws://127.0.0.1:${t.app.server?.port}/ws?apiKey=${key}`;
}, 300_000);

afterAll(async () => {
  for (const c of open) {
    c.close();
  }
  await t.app.stop();
  await t.close();
});

async function tradesOf(accountId: string): Promise<WsClient> {
  const c = await connect(url);
  open.push(c);
  await c.op({ op: "subscribe", channel: "trades", account_id: accountId });
  await c.next((m) => m.type === "snapshot");
  return c;
}

const trade = (event: string, ticket: number) => (m: any) =>
  m.type === "trade" &&
  m.data.event === event &&
  (m.data.deal?.positionTicket ?? m.data.position?.ticket) === ticket;

describe("deal events carry the reason", () => {
  test("manual open and close: both deals Manually", async () => {
    const { id } = await t.connectDemoAccount(key, { deposit: 10_000, leverage: 100 });
    const c = await tradesOf(id);
    const placed = await t.request("POST", `/api/accounts/${id}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 },
    });
    const ticket = placed.body.data.ticket;
    await t.request("DELETE", `/api/accounts/${id}/orders/${ticket}`, { key });
    const closed = await c.next(trade("position.closed", ticket));
    expect(closed.data.reason).toBe("Manually");
    expect(closed.data.position.placedType).toBe("Manually");
    const deals = c.messages.filter(trade("deal", ticket));
    expect(deals.map((m) => [m.data.deal.entry, m.data.reason, m.data.deal.placedType])).toEqual([
      ["DealEntryIn", "Manually", "Manually"],
      ["DealEntryOut", "Manually", "Manually"],
    ]);
  }, 120_000);

  test("stop-out: the exit deal, position.closed and its record say OnStopOut", async () => {
    const acc = await t.connectDemoAccount(key, { deposit: 100, leverage: 100 });
    const broker = t.broker!.broker;
    expect((await broker.dealerOperation(acc.login, "credit", 5_000)).ok).toBe(true);
    const c = await tradesOf(acc.id);
    const placed = await t.request("POST", `/api/accounts/${acc.id}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "buy", type: "market", volume: 3 },
    });
    expect(placed.status).toBe(201);
    const ticket = placed.body.data.ticket;
    // Equity falls to ≈ 100 against ≈ 3 lots of margin: below the 50 % stop-out level.
    expect((await broker.dealerOperation(acc.login, "credit", -5_000)).ok).toBe(true);
    const closed = await c.next(trade("position.closed", ticket));
    const deals = c.messages.filter(trade("deal", ticket));
    expect(deals.map((m) => [m.data.deal.entry, m.data.reason, m.data.deal.placedType])).toEqual([
      ["DealEntryIn", "Manually", "Manually"],
      ["DealEntryOut", "OnStopOut", "OnStopOut"],
    ]);
    const exit = deals[1].data.deal;
    expect(exit.comment).toMatch(/^\[so \d+\.\d{2}%\]$/);
    expect(closed.data.reason).toBe("OnStopOut");
    expect(closed.data.position).toMatchObject({
      placedType: "OnStopOut",
      closeComment: exit.comment,
      closePrice: exit.openPrice,
      dealInternalOut: exit.ticket,
    });
    // The broker's closing order is reported filled with the same reason.
    const order = await c.next(
      (m) =>
        m.type === "trade" &&
        m.data.event === "order.filled" &&
        m.data.order.placedType === "OnStopOut",
    );
    expect(order.data.order.comment).toBe(exit.comment);
  }, 120_000);
});
