// Series beyond the chart's: an MQL5 EA on EURUSD H1 reads another timeframe of its symbol and
// another symbol (bars, an indicator on them, the symbol's live quote). The service loads their
// history when the EA first touches them and keeps their forming bars and quotes current; the
// EA's OnTick still fires for its chart symbol only.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";
import { until, upload } from "./support.ts";

const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);
let t: TestApp;
let key: string;
let eaId: string;

const MULTI = `
int rsiHandle = INVALID_HANDLE;
int OnInit()
  {
   rsiHandle = iRSI("GBPUSD", PERIOD_M15, 14, PRICE_CLOSE);
   return(rsiHandle == INVALID_HANDLE ? INIT_FAILED : INIT_SUCCEEDED);
  }
void OnTick()
  {
   double rsi[];
   int got = CopyBuffer(rsiHandle, 0, 0, 1, rsi);
   PrintFormat("m15=%d h1=%d gbp_h1_close=%.5f gbp_bid=%.5f rsi_got=%d rsi=%.2f",
               Bars(_Symbol, PERIOD_M15), Bars(_Symbol, PERIOD_H1),
               iClose("GBPUSD", PERIOD_H1, 1), SymbolInfoDouble("GBPUSD", SYMBOL_BID),
               got, got == 1 ? rsi[0] : -1.0);
  }
`;

beforeAll(async () => {
  t = await createTestApp({}, { broker: true, brokerClock, ea: true });
  const admin = await t.createAdmin("ea-series");
  key = (await t.createKey(admin.token, { max_accounts: 5 })).key;
  const up = await upload(t, { token: admin.token }, "multi.mq5", MULTI);
  expect(up.body.data.status).toBe("ready");
  eaId = up.body.data.id;
}, 120_000);
afterAll(() => t.close());

test("an EA reads other timeframes and symbols: history loaded on first use, then kept live", async () => {
  const account = await t.connectDemoAccount(key);
  const base = `/api/accounts/${account.id}`;
  const started = await t.request("POST", `${base}/ea/start`, {
    key,
    body: { ea_id: eaId, symbol: "EURUSD", timeframe: "H1" },
  });
  expect(started.body.data.status).toBe("running");
  const lines = async (): Promise<string[]> =>
    (
      (await t.request("GET", `${base}/ea/logs?limit=200`, { key })).body.data as {
        message: string;
      }[]
    )
      .map((l) => l.message)
      .filter((m) => m.startsWith("m15="));
  const parse = (line: string) =>
    Object.fromEntries(
      line
        .split(" ")
        .map((kv) => kv.split("="))
        .map(([k, v]) => [k, Number(v)]),
    );
  await until(async () => {
    brokerClock.advance(60_000);
    await t.broker?.broker.step();
    const last = (await lines()).at(-1);
    return (
      last !== undefined &&
      parse(last).rsi_got === 1 &&
      parse(last).gbp_bid > 0 &&
      parse(last).m15 > 0 &&
      parse(last).gbp_h1_close > 0
    );
  }, 20_000);
  const last = parse((await lines()).at(-1) as string);
  // The other timeframe's whole history (four M15 bars per H1 bar), the other symbol's too.
  expect(last.m15).toBeGreaterThanOrEqual(last.h1 * 4 - 4);
  expect(last.h1).toBeGreaterThan(24);
  expect(last.gbp_h1_close).toBeGreaterThan(0.5);
  expect(last.gbp_bid).toBeGreaterThan(0.5);
  expect(last.rsi).toBeGreaterThan(0);
  expect(last.rsi).toBeLessThan(100);
  // The first OnTick saw no history yet for the series it touched first (MT5 loads it then).
  expect(parse((await lines())[0] as string).m15).toBeLessThanOrEqual(last.m15);
  expect((await t.request("POST", `${base}/ea/stop`, { key })).status).toBe(200);
}, 40_000);
