// The EA's chart over HTTP (`GET /api/accounts/{id}/ea/chart`) with the real EA host pool and the
// demo broker stepped by hand: an MQL5 EA draws a trend line and a label, sets a chart property
// and a comment; the chart shows them with server-time anchor points; ticks update it; OnDeinit's
// deletions are kept after a stop; another key's account answers exactly like an unknown one; and
// the chart survives a service restart (served from the row, then given back to the resumed EA).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { eaInstances } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";
import { until, upload } from "./support.ts";

/** Draws on OnInit (the label only when the chart does not have it yet), counts ticks on it. */
export const PAINTER_MQ5 = `
input color LineColor = clrDodgerBlue;
int ticks = 0;
int OnInit()
  {
   double bid = SymbolInfoDouble(_Symbol, SYMBOL_BID);
   datetime from = iTime(_Symbol, PERIOD_CURRENT, 10);
   datetime to = iTime(_Symbol, PERIOD_CURRENT, 0);
   if(!ObjectCreate(0, "trend", OBJ_TREND, 0, from, bid - 0.001, to, bid))
      return INIT_FAILED;
   ObjectSetInteger(0, "trend", OBJPROP_COLOR, LineColor);
   ObjectSetInteger(0, "trend", OBJPROP_WIDTH, 2);
   if(ObjectFind(0, "ticks") < 0)
     {
      ObjectCreate(0, "ticks", OBJ_LABEL, 0, 0, 0);
      ObjectSetInteger(0, "ticks", OBJPROP_CORNER, CORNER_LEFT_UPPER);
      ObjectSetInteger(0, "ticks", OBJPROP_XDISTANCE, 10);
      ObjectSetString(0, "ticks", OBJPROP_TEXT, "ticks: 0");
     }
   ChartSetInteger(0, CHART_SHOW_GRID, false);
   Comment("painting ", _Symbol);
   return INIT_SUCCEEDED;
  }
void OnTick()
  {
   ticks++;
   ObjectSetString(0, "ticks", OBJPROP_TEXT, "ticks: " + IntegerToString(ticks));
   if(ticks == 1)
      Alert("first tick on ", _Symbol);
  }
void OnDeinit(const int reason)
  {
   ObjectDelete(0, "trend");
   Comment("");
  }
`;

const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);
let t: TestApp;
let key: string;
let painter: string;
let id: string;
const base = () => `/api/accounts/${id}`;

async function setUp(name: string): Promise<void> {
  t = await createTestApp(
    {},
    { broker: true, brokerClock, ea: true, eaPool: { limits: { hostCallTimeoutMs: 5000 } } },
  );
  const admin = await t.createAdmin(name);
  key = (await t.createKey(admin.token, { max_accounts: 10 })).key;
  const up = await upload(t, { token: admin.token }, "Painter.mq5", PAINTER_MQ5);
  expect(up.body.data.status).toBe("ready");
  painter = up.body.data.id;
}

async function connectedDemoAccount(apiKey = key): Promise<string> {
  const demo = (
    await t.request("POST", "/api/brokers/demo", {
      key: apiKey,
      body: { company: "TAS Markets", deposit: 10_000, leverage: 100 },
    })
  ).body.data;
  const account = await t.createAccount(apiKey, {
    terminal_login: demo.login,
    password: demo.password,
    server_name: "TAS-Demo",
  });
  const connected = await t.request("POST", `/api/accounts/${account.id}/connect`, {
    key: apiKey,
  });
  if (connected.body.data.status !== "connected") {
    throw new Error(`not connected: ${connected.text}`);
  }
  return account.id;
}

async function brokerMinute(): Promise<void> {
  brokerClock.advance(60_000);
  await t.broker?.broker.step();
}

const chart = async () => (await t.request("GET", `${base()}/ea/chart`, { key })).body.data;
const labelText = (c: any): string | undefined =>
  c?.objects?.find((o: any) => o.name === "ticks")?.properties.text;

async function startPainter(): Promise<string> {
  const started = await t.request("POST", `${base()}/ea/start`, {
    key,
    body: { ea_id: painter, symbol: "EURUSD", timeframe: "M1", inputs: { LineColor: "clrRed" } },
  });
  expect(started.body.data.status).toBe("running");
  return started.body.data.instance_id;
}

describe("GET …/ea/chart", () => {
  beforeAll(() => setUp("chart-painter"), 120_000);
  afterAll(() => t.close());
  beforeEach(async () => {
    id = await connectedDemoAccount();
  }, 30_000);

  test("null before any run; another key's account answers exactly like an unknown one", async () => {
    expect(await t.request("GET", `${base()}/ea/chart`, { key })).toMatchObject({
      status: 200,
      body: { ok: true, data: null },
    });
    const otherAdmin = await t.createAdmin("chart-stranger");
    const otherKey = (await t.createKey(otherAdmin.token, { max_accounts: 2 })).key;
    const foreign = await t.request("GET", `${base()}/ea/chart`, { key: otherKey });
    const unknown = await t.request(
      "GET",
      "/api/accounts/00000000-0000-4000-8000-000000000000/ea/chart",
      { key: otherKey },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("ACCOUNT_NOT_FOUND");
    expect({
      status: foreign.status,
      error: { ...foreign.body.error, details: undefined },
    }).toEqual({ status: unknown.status, error: { ...unknown.body.error, details: undefined } });
  });

  test("an MQL5 EA's objects, chart property and comment; ticks update them; OnDeinit's deletions stay after stop", async () => {
    const instance = await startPainter();
    await until(async () => (await chart())?.objects?.length === 2);
    const drawn = await chart();
    expect(drawn.instance_id).toBe(instance);
    expect(drawn.comment).toBe("painting EURUSD");
    expect(drawn.properties).toMatchObject({ show_grid: 0, mode: 0, color_background: 0 });
    const trend = drawn.objects.find((o: any) => o.name === "trend");
    expect(trend).toMatchObject({
      type: "OBJ_TREND",
      window: 0,
      properties: { color: 255, width: 2, hidden: 1, selectable: 0, ray_right: 0 },
    });
    expect(trend.points).toHaveLength(2);
    for (const p of trend.points) {
      expect(p.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      // Server time is UTC+2 or UTC+3: the UTC instant is 2 or 3 hours before its text.
      const lag = Date.parse(`${p.time}Z`) - p.timestampUTC;
      expect([7_200_000, 10_800_000]).toContain(lag);
    }
    expect(trend.points[1].price - trend.points[0].price).toBeCloseTo(0.001, 10);
    expect(trend.points[1].timestampUTC - trend.points[0].timestampUTC).toBe(10 * 60_000);
    expect(drawn.objects.map((o: any) => o.name)).toEqual(["ticks", "trend"]);
    // The label counts ticks; one may already have reached the EA (a quote at subscription).
    expect(labelText(drawn)).toMatch(/^ticks: \d+$/);
    const ticksAt = (text: string | undefined): number => Number(/\d+/.exec(text ?? "")?.[0] ?? -1);
    const first = ticksAt(labelText(drawn));
    expect(drawn.objects[0].properties).toMatchObject({ corner: 0, xdistance: 10, fontsize: 10 });

    await brokerMinute();
    await until(async () => ticksAt(labelText(await chart())) > first);
    expect(labelText(await chart())).toMatch(/^ticks: [1-9]\d*$/);
    const logs = (await t.request("GET", `${base()}/ea/logs`, { key })).body.data;
    expect(logs).toContainEqual(
      expect.objectContaining({ level: "alert", message: "first tick on EURUSD" }),
    );

    expect((await t.request("POST", `${base()}/ea/stop`, { key })).status).toBe(200);
    await until(async () => (await chart()).objects.length === 1);
    const after = await chart();
    expect(after.comment).toBe("");
    expect(after.objects.map((o: any) => o.name)).toEqual(["ticks"]);
  }, 60_000);
});

describe("restart", () => {
  beforeEach(async () => {
    await setUp("chart-restarter");
    id = await connectedDemoAccount();
  }, 120_000);
  afterEach(() => t.close());

  test("the chart is persisted on the instance row and given back to the resumed EA", async () => {
    const instance = await startPainter();
    await brokerMinute();
    await until(async () => /^ticks: [1-9]/.test(labelText(await chart()) ?? ""));
    const before = await chart();

    // A restart: the service flushes and stops listening, the pool goes away without OnDeinit.
    const { EaInstanceService, startEaPool } = await import(
      "../../../src/services/ea-instances.ts"
    );
    const services = t.services;
    await services.eaInstances?.close();
    await t.eaPool?.close({ deinit: false });
    const [row] = await t.deps.db.select().from(eaInstances).where(eq(eaInstances.id, instance));
    expect(row?.chart?.objects.map((o) => o.name)).toEqual(["ticks", "trend"]);

    const fresh = new EaInstanceService(t.deps, {
      sessions: t.sessions,
      accounts: services.accounts,
      eas: services.eas,
    });
    const principal = await services.keys.verify(key);
    if (!principal) {
      throw new Error("key not found");
    }
    // Before the EA is back: served from the row (what the EA last drew; a tick may have moved
    // the label since `before` was read, so only its shape is compared with it).
    const stored = await fresh.chart(principal, id);
    expect(stored?.objects.map((o) => o.name)).toEqual(before.objects.map((o: any) => o.name));
    expect(labelText(stored)).toMatch(/^ticks: [1-9]\d*$/);
    const pool = await startEaPool(fresh, t.deps, `${t.config.dataDir}/tmp`);
    try {
      expect(await fresh.resume()).toBe(1);
      await until(() => pool.status(instance)?.status === "running", 20_000);
      // The EA found its label on the chart (OnInit left it alone): the count is still there.
      const resumed = await fresh.chart(principal, id);
      expect(resumed?.objects.map((o) => o.name)).toEqual(["ticks", "trend"]);
      // (A tick after the resume may have counted one more; never fewer.)
      const count = (c: unknown) => Number(/\d+/.exec(labelText(c) ?? "")?.[0] ?? -1);
      expect(count(resumed)).toBeGreaterThanOrEqual(count(stored));
      expect(resumed?.comment).toBe("painting EURUSD");
    } finally {
      await fresh.close();
      await pool.close({ deinit: false });
    }
  }, 90_000);
});
