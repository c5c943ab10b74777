// EAs that flood the broker, over HTTP with the real EA host pool and the in-process demo broker:
// an EA placing 10 pending orders every 50 ms is held to its trade rate (its OrderSends answer
// TRADE_RETCODE_TOO_MANY_REQUESTS 10024 without reaching the broker or the order journal) and,
// as it keeps being refused, is stopped with status `error` and a last_error saying why; an EA
// that keeps placing orders on an account at its cap of resting orders gets 10033 and is stopped
// likewise, with the broker holding exactly the cap.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orderJournal } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";
import { until, upload } from "./support.ts";

/** The cap on resting orders in this file (the default is 200). */
const CAP = 30;
/** Refusals an EA may have within 10 s before it is stopped (the default is 50). */
const MAX_REFUSALS = 20;
/** The default per-EA trade rate and burst. */
const EA_RATE = 10;
const EA_BURST = 20;

const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);
let t: TestApp;
let key: string;
let flooder: string;

/** Places `PerTimer` buy limits every `EveryMs`, far below the market, and says what it got. */
const FLOOD_JS = `
const PerTimer = input.int(10);
const EveryMs = input.int(50);
let sent = 0;
let placed = 0;
let last = 0;
function OnInit() {
  Print("limit_orders ", AccountInfoInteger(ACCOUNT_LIMIT_ORDERS));
  EventSetMillisecondTimer(EveryMs);
  return INIT_SUCCEEDED;
}
function OnTimer() {
  const trade = new CTrade();
  trade.SetExpertMagicNumber(5150);
  const ask = SymbolInfoDouble(_Symbol, SYMBOL_ASK);
  for (let i = 0; i < PerTimer; i++) {
    sent += 1;
    const price = NormalizeDouble(ask - 0.01 - (sent % 500) * 0.00001, _Digits);
    if (trade.BuyLimit(0.01, price, _Symbol)) {
      placed += 1;
    } else if (trade.ResultRetcode() !== last) {
      last = trade.ResultRetcode();
      Print("retcode ", last, " after ", placed, " placed");
    }
  }
}
function OnDeinit(reason) {
  Print("deinit sent ", sent, " placed ", placed);
}
`;

beforeAll(async () => {
  t = await createTestApp(
    { TAS_MAX_PENDING_ORDERS: String(CAP), TAS_EA_MAX_TRADE_REFUSALS: String(MAX_REFUSALS) },
    { broker: true, brokerClock, ea: true, eaPool: { limits: { hostCallTimeoutMs: 5000 } } },
  );
  const admin = await t.createAdmin("ea-flood");
  key = (await t.createKey(admin.token, { max_accounts: 10 })).key;
  flooder = (await upload(t, { token: admin.token }, "flood.js", FLOOD_JS)).body.data.id;
}, 120_000);
afterAll(() => t.close());

const status = async (id: string) =>
  (await t.request("GET", `/api/accounts/${id}/ea/status`, { key })).body.data;
const logs = async (id: string): Promise<string[]> =>
  (await t.request("GET", `/api/accounts/${id}/ea/logs?limit=1000`, { key })).body.data.map(
    (l: any) => l.message,
  );

describe("an EA flooding the broker", () => {
  test("10 pending orders per 50 ms: held to its trade rate (10024), then stopped with status error", async () => {
    const { id, login } = await t.connectDemoAccount(key, { deposit: 100_000, leverage: 100 });
    const t0 = performance.now();
    const started = await t.request("POST", `/api/accounts/${id}/ea/start`, {
      key,
      body: { ea_id: flooder, symbol: "EURUSD", timeframe: "M1" },
    });
    expect(started.body.data.status).toBe("running");
    await until(async () => (await status(id)).status === "error", 20_000);
    const elapsedSec = (performance.now() - t0) / 1000;
    const s = await status(id);
    expect(s.last_error).toMatch(
      new RegExp(
        `^stopped: ${MAX_REFUSALS + 1} trade requests refused within 10 s for exceeding the trade rate \\(TRADE_RETCODE_TOO_MANY_REQUESTS 10024\\)$`,
      ),
    );
    expect(Date.parse(s.stopped_at)).toBeGreaterThan(0);
    // The broker holds what the EA's bucket allowed: its burst, plus its rate while it ran.
    const resting = t.broker!.broker.orders(login).length;
    expect(resting).toBeGreaterThanOrEqual(EA_BURST);
    expect(resting).toBeLessThanOrEqual(EA_BURST + Math.ceil(EA_RATE * elapsedSec));
    expect(resting).toBeLessThan(CAP);
    // Refused requests were never journaled.
    const journaled = await t.deps.db
      .select()
      .from(orderJournal)
      .where(eq(orderJournal.accountId, id));
    expect(journaled).toHaveLength(resting);
    await until(async () => (await logs(id)).some((m) => m.startsWith("deinit ")));
    const lines = await logs(id);
    expect(lines).toContain(`limit_orders ${CAP}`);
    expect(lines.some((m) => m.startsWith("retcode 10024 after "))).toBe(true);
    expect(lines).toContain(s.last_error);
    // Nothing is sent any more, and the account is fine.
    await Bun.sleep(300);
    expect(t.broker!.broker.orders(login)).toHaveLength(resting);
    expect((await t.request("GET", `/api/accounts/${id}/summary`, { key })).status).toBe(200);
    console.log(
      `flooding EA: stopped after ${elapsedSec.toFixed(2)} s with ${resting} resting orders; ${lines.find((m) => m.startsWith("deinit "))}`,
    );
  }, 60_000);

  test("an EA at the account's cap of resting orders gets 10033 and is stopped; the broker holds the cap", async () => {
    const { id, login } = await t.connectDemoAccount(key, { deposit: 100_000, leverage: 100 });
    // The account already rests CAP - 3 orders (placed over REST).
    const q = (await t.request("GET", `/api/accounts/${id}/quote/EURUSD`, { key })).body.data;
    for (let i = 0; i < CAP - 3; i++) {
      const r = await t.request("POST", `/api/accounts/${id}/orders`, {
        key,
        body: {
          symbol: "EURUSD",
          side: "buy",
          type: "limit",
          volume: 0.01,
          price: Number((q.ask - 0.02 - i * 0.0001).toFixed(5)),
        },
      });
      expect(r.status).toBe(201);
    }
    // One order every 150 ms stays under the EA's trade rate: only the cap refuses it.
    const started = await t.request("POST", `/api/accounts/${id}/ea/start`, {
      key,
      body: {
        ea_id: flooder,
        symbol: "EURUSD",
        timeframe: "M1",
        inputs: { PerTimer: 1, EveryMs: 150 },
      },
    });
    expect(started.body.data.status).toBe("running");
    await until(async () => (await status(id)).status === "error", 30_000);
    expect((await status(id)).last_error).toBe(
      `stopped: ${MAX_REFUSALS + 1} trade requests refused within 10 s for exceeding the pending order limit (TRADE_RETCODE_LIMIT_ORDERS 10033)`,
    );
    expect(t.broker!.broker.orders(login)).toHaveLength(CAP);
    await until(async () => (await logs(id)).some((m) => m.startsWith("deinit ")));
    expect(await logs(id)).toContain("retcode 10033 after 3 placed");
  }, 60_000);
});
