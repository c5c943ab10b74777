// Tick values in the account's deposit currency over the public surface: the REST symbol spec
// (USD and EUR accounts) and an EA running on EURJPY, whose SYMBOL_TRADE_TICK_VALUE_PROFIT/_LOSS
// and OrderCalcProfit follow the conversion quote (USDJPY) as it moves. Expected values are
// computed by hand from the quotes the API answers at the same instant (the demo broker is
// stepped by hand): a JPY tick of one lot is 100 JPY = 100/ask USD as a profit, 100/bid as a loss.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";
import { until, upload } from "./support.ts";

const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);
let t: TestApp;
let key: string;
let usd: string;
let eur: string;
let probe: string;

/** One line per tick: USDJPY bid/ask, EURJPY's tick values, OrderCalcProfit ±100 ticks, and
 * GBPUSD bid/ask with EURGBP's tick values (SymbolInfoDouble of the conversion quotes). */
const PROBE_JS = `
const d = (x) => DoubleToString(x, 8);
function OnTick() {
  const p = { value: 0 };
  OrderCalcProfit(ORDER_TYPE_BUY, "EURJPY", 1, 160, 160.1, p);
  const l = { value: 0 };
  OrderCalcProfit(ORDER_TYPE_BUY, "EURJPY", 1, 160.1, 160, l);
  Print("tv ", d(SymbolInfoDouble("USDJPY", SYMBOL_BID)), " ", d(SymbolInfoDouble("USDJPY", SYMBOL_ASK)), " ",
    d(SymbolInfoDouble("EURJPY", SYMBOL_TRADE_TICK_VALUE)), " ",
    d(SymbolInfoDouble("EURJPY", SYMBOL_TRADE_TICK_VALUE_PROFIT)), " ",
    d(SymbolInfoDouble("EURJPY", SYMBOL_TRADE_TICK_VALUE_LOSS)), " ", d(p.value), " ", d(l.value), " ",
    d(SymbolInfoDouble("GBPUSD", SYMBOL_BID)), " ", d(SymbolInfoDouble("GBPUSD", SYMBOL_ASK)), " ",
    d(SymbolInfoDouble("EURGBP", SYMBOL_TRADE_TICK_VALUE_PROFIT)), " ",
    d(SymbolInfoDouble("EURGBP", SYMBOL_TRADE_TICK_VALUE_LOSS)));
}
`;

async function demoAccount(currency: string): Promise<string> {
  const demo = (
    await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets", deposit: 10_000, leverage: 100, currency },
    })
  ).body.data;
  const account = await t.createAccount(key, {
    terminal_login: demo.login,
    password: demo.password,
    server_name: "TAS-Demo",
  });
  const connected = await t.request("POST", `/api/accounts/${account.id}/connect`, { key });
  if (connected.body.data.status !== "connected") {
    throw new Error(`not connected: ${connected.text}`);
  }
  return account.id;
}

async function quote(account: string, symbol: string): Promise<{ bid: number; ask: number }> {
  return (await t.request("GET", `/api/accounts/${account}/quote/${symbol}`, { key })).body.data;
}

async function spec(account: string, symbol: string): Promise<Record<string, number | null>> {
  return (await t.request("GET", `/api/accounts/${account}/symbols/${symbol}`, { key })).body.data;
}

async function brokerMinute(): Promise<void> {
  brokerClock.advance(60_000);
  await t.broker?.broker.step();
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    // A generous wall time: the machine running the suite may be busy.
    {
      broker: true,
      brokerClock,
      ea: true,
      eaPool: { limits: { hostCallTimeoutMs: 5000, wallMs: 2000 } },
    },
  );
  const admin = await t.createAdmin("tick-values");
  key = (await t.createKey(admin.token, { max_accounts: 10 })).key;
  probe = (await upload(t, { token: admin.token }, "probe.js", PROBE_JS)).body.data.id;
  usd = await demoAccount("USD");
  eur = await demoAccount("EUR");
}, 120_000);
afterAll(() => t.close());

describe("REST symbol spec", () => {
  test("USD account: JPY, CHF and GBP tick values in USD, profit and loss sides", async () => {
    const jpy = await quote(usd, "USDJPY");
    const usdjpy = await spec(usd, "USDJPY");
    expect(usdjpy.tickValueProfitCurrency).toBeCloseTo(100, 10);
    expect(usdjpy.tickValueProfit).toBeCloseTo(100 / jpy.ask, 10);
    expect(usdjpy.tickValueLoss).toBeCloseTo(100 / jpy.bid, 10);
    expect(usdjpy.tickValue).toBe(usdjpy.tickValueProfit);
    expect(usdjpy.tickValue).toBeGreaterThan(0.5); // about 0.67 USD, not 100 (JPY)
    expect(usdjpy.tickValue).toBeLessThan(1);

    const symbols: Record<string, number | null>[] = (
      await t.request("GET", `/api/accounts/${usd}/symbols`, { key })
    ).body.data;
    const byName = new Map(symbols.map((s) => [s.name as unknown as string, s]));
    expect(byName.get("EURJPY")?.tickValueProfit).toBeCloseTo(100 / jpy.ask, 10);
    expect(byName.get("EURJPY")?.tickValueLoss).toBeCloseTo(100 / jpy.bid, 10);
    const chf = await quote(usd, "USDCHF");
    expect(byName.get("USDCHF")?.tickValueProfit).toBeCloseTo(1 / chf.ask, 10);
    expect(byName.get("USDCHF")?.tickValueLoss).toBeCloseTo(1 / chf.bid, 10);
    const gbp = await quote(usd, "GBPUSD");
    expect(byName.get("EURGBP")?.tickValueProfit).toBeCloseTo(gbp.bid, 10);
    expect(byName.get("EURGBP")?.tickValueLoss).toBeCloseTo(gbp.ask, 10);
    expect(byName.get("EURUSD")).toMatchObject({ tickValue: 1, tickValueLoss: 1 });
  });

  test("EUR account: USD through EURUSD, JPY through EURJPY, GBP through EURGBP", async () => {
    const eurusd = await quote(eur, "EURUSD");
    const e = await spec(eur, "EURUSD");
    expect(e.tickValueProfit).toBeCloseTo(1 / eurusd.ask, 10);
    expect(e.tickValueLoss).toBeCloseTo(1 / eurusd.bid, 10);
    const eurjpy = await quote(eur, "EURJPY");
    const j = await spec(eur, "USDJPY");
    expect(j.tickValueProfit).toBeCloseTo(100 / eurjpy.ask, 10);
    expect(j.tickValueLoss).toBeCloseTo(100 / eurjpy.bid, 10);
    const eurgbp = await quote(eur, "EURGBP");
    const g = await spec(eur, "EURGBP");
    expect(g.tickValueProfit).toBeCloseTo(1 / eurgbp.ask, 10);
    expect(g.tickValueLoss).toBeCloseTo(1 / eurgbp.bid, 10);
  });
});

describe("EA runtime", () => {
  /**
   * The EA's lines whose conversion quotes it had already seen, each checked by hand: EURJPY's
   * tick value 100/ask (profit) and 100/bid (loss) of USDJPY, OrderCalcProfit of +100 ticks =
   * 100 × 100/ask and of −100 ticks = −100 × 100/bid, EURGBP's GBPUSD bid (profit) and ask
   * (loss). Returns the USDJPY quotes seen.
   */
  async function checkedLines(): Promise<Set<string>> {
    const logs: { message: string }[] = (
      await t.request("GET", `/api/accounts/${usd}/ea/logs?limit=1000`, { key })
    ).body.data;
    const seen = new Set<string>();
    for (const { message } of logs) {
      const f = message.split(" ");
      if (f[0] !== "tv") {
        continue;
      }
      const [bid, ask, tv, tvp, tvl, calcP, calcL, gbid, gask, gp, gl] = f.slice(1).map(Number);
      if (!bid || !ask || !gbid || !gask) {
        continue; // before the first conversion tick reached the EA
      }
      expect(tvp).toBeCloseTo(100 / ask, 7);
      expect(tv).toBe(tvp as number);
      expect(tvl).toBeCloseTo(100 / bid, 7);
      expect(calcP).toBeCloseTo(10_000 / ask, 5);
      expect(calcL).toBeCloseTo(-10_000 / bid, 5);
      expect(gp).toBeCloseTo(gbid as number, 7);
      expect(gl).toBeCloseTo(gask as number, 7);
      seen.add(`${bid}/${ask}`);
    }
    return seen;
  }

  test("an EA on EURJPY reads USD tick values that follow USDJPY", async () => {
    const started = await t.request("POST", `/api/accounts/${usd}/ea/start`, {
      key,
      body: { ea_id: probe, symbol: "EURJPY", timeframe: "M1" },
    });
    expect(started.status).toBe(200);
    await until(async () => {
      await brokerMinute();
      return (await checkedLines()).size >= 3;
    }, 30_000);
    expect((await t.request("POST", `/api/accounts/${usd}/ea/stop`, { key })).status).toBe(200);
  }, 60_000);
});
