// Sleep in an MQL5 EA on the real host pool: the sleeping EA holds no host thread, so an EA on
// the same host process keeps getting its ticks during the sleep; the sleeper wakes up after
// the time and goes on; the sleep does not count against the handler's wall-time limit.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";
import { COUNTER_TS, until, upload } from "./support.ts";

const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);
let t: TestApp;
let key: string;
let sleeper: string;
let counter: string;

const SLEEPER = `
int naps = 0;
void OnTick()
  {
   if(naps > 0) return;
   naps++;
   Print("nap starts");
   Sleep(1500);
   Print("nap ends, bid ", DoubleToString(SymbolInfoDouble(_Symbol, SYMBOL_BID), 5));
  }
`;

beforeAll(async () => {
  // One host process, and a wall-time limit far below the sleep.
  t = await createTestApp(
    {},
    { broker: true, brokerClock, ea: true, eaPool: { hosts: 1, limits: { wallMs: 300 } } },
  );
  const admin = await t.createAdmin("ea-sleep");
  key = (await t.createKey(admin.token, { max_accounts: 5 })).key;
  sleeper = (await upload(t, { token: admin.token }, "nap.mq5", SLEEPER)).body.data.id;
  counter = (await upload(t, { token: admin.token }, "counter.ts", COUNTER_TS)).body.data.id;
}, 120_000);
afterAll(() => t.close());

test("Sleep does not block a neighbour EA on the same host", async () => {
  const a = await t.connectDemoAccount(key);
  const b = await t.connectDemoAccount(key);
  const start = (id: string, ea: string) =>
    t.request("POST", `/api/accounts/${id}/ea/start`, {
      key,
      body: { ea_id: ea, symbol: "EURUSD", timeframe: "M1" },
    });
  expect((await start(a.id, sleeper)).body.data.status).toBe("running");
  expect((await start(b.id, counter)).body.data.status).toBe("running");
  const logs = async (id: string): Promise<string[]> =>
    (
      (await t.request("GET", `/api/accounts/${id}/ea/logs`, { key })).body.data as {
        message: string;
      }[]
    ).map((l) => l.message);
  const ticks = async (id: string): Promise<number> =>
    (await t.request("GET", `/api/accounts/${id}/ea/status`, { key })).body.data.tick_count;
  const step = async () => {
    brokerClock.advance(60_000);
    await t.broker?.broker.step();
  };
  await until(async () => {
    await step();
    return (await logs(a.id)).includes("nap starts");
  });
  const napStarted = Date.now();
  const before = await ticks(b.id);
  // While A sleeps, B keeps getting ticks.
  await until(async () => {
    await step();
    return (await ticks(b.id)) >= before + 3;
  });
  const elapsed = Date.now() - napStarted;
  const asleep = await logs(a.id);
  if (elapsed < 1400) {
    // B's ticks arrived while A was still asleep.
    expect(asleep.some((m) => m.startsWith("nap ends"))).toBe(false);
  }
  await until(async () => {
    await step();
    return (await logs(a.id)).some((m) => m.startsWith("nap ends"));
  }, 10_000);
  // (How long the nap lasted is not measured here: "nap starts" is seen by polling, some time
  // after it was written. The runtime test of Sleep checks the requested duration.)
  // The sleep was not a wall-time overrun: A is still running.
  const status = (await t.request("GET", `/api/accounts/${a.id}/ea/status`, { key })).body.data;
  expect(status.status).toBe("running");
  expect(status.last_error ?? "").toBe("");
}, 30_000);
