// Running EAs on a demo account over HTTP, with the real EA host pool and the in-process demo
// broker stepped by hand: start/status/stop, tick_count rising with broker ticks, an EA order in
// GET …/orders with expertId = its magic, EA_ALREADY_RUNNING, bad inputs, a hostile EA stopped
// with a clear last_error while the API stays healthy, logs, and resume after a "restart". Each
// test runs on a demo account of its own; the restart test on an app of its own.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";
import { BUY_ONCE_JS, COUNTER_TS, LOOP_JS, until, upload } from "./support.ts";

const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);
let t: TestApp;
let key: string;
let id: string;
let buyOnce: string;
let counter: string;
let loop: string;
const base = () => `/api/accounts/${id}`;

async function connectedDemoAccount(): Promise<string> {
  const demo = (
    await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets", deposit: 10_000, leverage: 100 },
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

/** Moves the broker clock one minute and runs its tick loop once. */
async function brokerMinute(): Promise<void> {
  brokerClock.advance(60_000);
  await t.broker?.broker.step();
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    { broker: true, brokerClock, ea: true, eaPool: { limits: { hostCallTimeoutMs: 5000 } } },
  );
  const admin = await t.createAdmin("ea-runner");
  key = (await t.createKey(admin.token, { max_accounts: 50 })).key;
  buyOnce = (await upload(t, { token: admin.token }, "buy.js", BUY_ONCE_JS)).body.data.id;
  counter = (await upload(t, { token: admin.token }, "counter.ts", COUNTER_TS)).body.data.id;
  loop = (await upload(t, { token: admin.token }, "loop.js", LOOP_JS)).body.data.id;
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  id = await connectedDemoAccount();
}, 30_000);

/** Runs buy-once on the account until it has seen a tick, then stops it; its last status. */
async function runAndStop(): Promise<any> {
  const started = await t.request("POST", `${base()}/ea/start`, {
    key,
    body: { ea_id: buyOnce, symbol: "EURUSD", timeframe: "M1" },
  });
  expect(started.body.data.status).toBe("running");
  await brokerMinute();
  await until(
    async () => (await t.request("GET", `${base()}/ea/status`, { key })).body.data.tick_count > 0,
  );
  expect((await t.request("POST", `${base()}/ea/stop`, { key })).status).toBe(200);
  return (await t.request("GET", `${base()}/ea/status`, { key })).body.data;
}

describe("lifecycle", () => {
  test("status is null before any run", async () => {
    const res = await t.request("GET", `${base()}/ea/status`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect((await t.request("GET", `${base()}/ea/logs`, { key })).body.data).toEqual([]);
  });

  test("bad inputs → 400 naming the input; unknown EA → 404; bad timeframe → 400", async () => {
    const start = (body: Record<string, unknown>) =>
      t.request("POST", `${base()}/ea/start`, { key, body });
    const badType = await start({
      ea_id: buyOnce,
      symbol: "EURUSD",
      timeframe: "M1",
      inputs: { Magic: "abc" },
    });
    expect(badType.status).toBe(400);
    expect(badType.body.error.code).toBe("VALIDATION_ERROR");
    expect(badType.body.error.message).toContain("inputs.Magic");
    const unknown = await start({
      ea_id: buyOnce,
      symbol: "EURUSD",
      timeframe: "M1",
      inputs: { Nope: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain("inputs.Nope");
    const badEnum = await start({
      ea_id: counter,
      symbol: "EURUSD",
      timeframe: "M1",
      inputs: { Mode: "MODE_NOPE" },
    });
    expect(badEnum.body.error.message).toContain("inputs.Mode");
    const noEa = await start({
      ea_id: "6f1e2d3c-4b5a-4987-a654-3210fedcba98",
      symbol: "EURUSD",
      timeframe: "M1",
    });
    expect(noEa.status).toBe(404);
    expect(noEa.body.error.code).toBe("EA_NOT_FOUND");
    const tf = await start({ ea_id: buyOnce, symbol: "EURUSD", timeframe: "M2" });
    expect(tf.status).toBe(400);
    const sym = await start({ ea_id: buyOnce, symbol: "NOPE", timeframe: "M1" });
    expect(sym.body.error.code).toBe("SYMBOL_NOT_FOUND");
    expect((await t.request("GET", `${base()}/ea/status`, { key })).body.data).toBeNull();
  });

  test("start → running; ticks counted; the EA's order carries its magic; stop runs OnDeinit", async () => {
    const started = await t.request("POST", `${base()}/ea/start`, {
      key,
      body: { ea_id: buyOnce, symbol: "EURUSD", timeframe: "M1", inputs: { Magic: 4242 } },
    });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      ea_id: buyOnce,
      symbol: "EURUSD",
      timeframe: "M1",
      status: "running",
      last_error: "",
      stopped_at: "",
      inputs: { Magic: 4242 },
    });
    const instance = started.body.data.instance_id;

    const again = await t.request("POST", `${base()}/ea/start`, {
      key,
      body: { ea_id: counter, symbol: "EURUSD", timeframe: "M1" },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("EA_ALREADY_RUNNING");

    await brokerMinute();
    await until(async () => {
      const s = (await t.request("GET", `${base()}/ea/status`, { key })).body.data;
      return s.tick_count > 0;
    });
    await until(async () => {
      const orders = (await t.request("GET", `${base()}/orders`, { key })).body.data;
      return orders.some((o: any) => o.expertId === 4242);
    });
    const orders = (await t.request("GET", `${base()}/orders`, { key })).body.data;
    const mine = orders.filter((o: any) => o.expertId === 4242);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      symbol: "EURUSD",
      orderType: "Buy",
      lots: 0.1,
      comment: "ea buy",
      placedType: "ByExpert",
    });

    const before = (await t.request("GET", `${base()}/ea/status`, { key })).body.data.tick_count;
    await brokerMinute();
    await brokerMinute();
    await until(async () => {
      const s = (await t.request("GET", `${base()}/ea/status`, { key })).body.data;
      return s.tick_count > before;
    });

    await until(async () => {
      const logs = (await t.request("GET", `${base()}/ea/logs`, { key })).body.data;
      return logs.some((l: any) => l.message.startsWith("buy ok retcode 10009 positions 1"));
    });
    const logs = (await t.request("GET", `${base()}/ea/logs?limit=50`, { key })).body.data;
    expect(logs[0]).toMatchObject({ level: "info", message: "init on EURUSD" });
    expect(Date.parse(logs[0].time)).toBeGreaterThan(0);

    const stopped = await t.request("POST", `${base()}/ea/stop`, { key });
    expect(stopped.status).toBe(200);
    expect(stopped.body.data).toMatchObject({ instance_id: instance, status: "stopped" });
    expect(Date.parse(stopped.body.data.stopped_at)).toBeGreaterThan(0);
    await until(async () => {
      const l = (await t.request("GET", `${base()}/ea/logs`, { key })).body.data;
      return l.some((x: any) => x.message === "deinit 1");
    });
    const status = (await t.request("GET", `${base()}/ea/status`, { key })).body.data;
    expect(status).toMatchObject({ instance_id: instance, status: "stopped" });
    expect(status.tick_count).toBeGreaterThan(0);
    const again2 = await t.request("POST", `${base()}/ea/stop`, { key });
    expect(again2.status).toBe(404);
    expect(again2.body.error.code).toBe("EA_NOT_FOUND");
    const limited = (await t.request("GET", `${base()}/ea/logs?limit=1`, { key })).body.data;
    expect(limited).toHaveLength(1);
  }, 60_000);

  test("the instance row is persisted with its tick count", async () => {
    const status = await runAndStop();
    expect(status.tick_count).toBeGreaterThan(0);
    const { eaInstances } = await import("../../../src/storage/schema/index.ts");
    const { eq } = await import("drizzle-orm");
    const [row] = await t.deps.db
      .select()
      .from(eaInstances)
      .where(eq(eaInstances.id, status.instance_id));
    expect(row?.status).toBe("stopped");
    expect(row?.tickCount).toBe(status.tick_count);
    expect(row?.stoppedAt).not.toBeNull();
  });

  test("log lines are persisted (they outlive the process) and served from storage", async () => {
    const status = await runAndStop();
    const logs = (await t.request("GET", `${base()}/ea/logs?limit=1000`, { key })).body.data;
    expect(logs.length).toBeGreaterThan(0);
    const { eaLogs } = await import("../../../src/storage/schema/index.ts");
    const { eq, asc } = await import("drizzle-orm");
    const rows = await t.deps.db
      .select()
      .from(eaLogs)
      .where(eq(eaLogs.instanceId, status.instance_id))
      .orderBy(asc(eaLogs.id));
    expect(rows.map((r) => r.message)).toEqual(logs.map((l: any) => l.message));
    const last = (await t.request("GET", `${base()}/ea/logs?limit=1`, { key })).body.data;
    expect(last).toEqual([logs.at(-1)]);
  });
});

describe("account info", () => {
  test("AccountInfo* reads the account's margin call and stop-out levels from the broker", async () => {
    const admin = await t.createAdmin();
    const program = `
      function OnInit() {
        Print("so ", AccountInfoDouble(ACCOUNT_MARGIN_SO_CALL), " ", AccountInfoDouble(ACCOUNT_MARGIN_SO_SO),
          " mode ", AccountInfoInteger(ACCOUNT_MARGIN_SO_MODE), " balance ", AccountInfoDouble(ACCOUNT_BALANCE));
        return INIT_SUCCEEDED;
      }
      function OnTick() {}`;
    const ea = (await upload(t, { token: admin.token }, "levels.js", program)).body.data.id;
    const adminKey = (await t.createKey(admin.token, { max_accounts: 2 })).key;
    const saved = key;
    key = adminKey;
    try {
      id = await connectedDemoAccount();
      const started = await t.request("POST", `${base()}/ea/start`, {
        key,
        body: { ea_id: ea, symbol: "EURUSD", timeframe: "M1" },
      });
      expect(started.body.data.status).toBe("running");
      // The demo broker's default levels (margin level percent): call at 100, stop-out at 50.
      let lines: string[] = [];
      await until(async () => {
        lines = (await t.request("GET", `${base()}/ea/logs`, { key })).body.data.map(
          (l: any) => l.message,
        );
        return lines.some((l) => l.startsWith("so "));
      });
      expect(lines).toContain("so 100 50 mode 0 balance 10000");
      await t.request("POST", `${base()}/ea/stop`, { key });
    } finally {
      key = saved;
    }
  }, 60_000);
});

describe("hostile EA", () => {
  test("an infinite loop in OnTick → status error with a clear last_error; the API stays up", async () => {
    const started = await t.request("POST", `${base()}/ea/start`, {
      key,
      body: { ea_id: loop, symbol: "EURUSD", timeframe: "M1" },
    });
    expect(started.body.data.status).toBe("running");
    await brokerMinute();
    await until(async () => {
      const s = (await t.request("GET", `${base()}/ea/status`, { key })).body.data;
      return s.status === "error";
    }, 20_000);
    const status = (await t.request("GET", `${base()}/ea/status`, { key })).body.data;
    expect(status.last_error).toMatch(/exceeded \d+ ms wall time in OnTick/);
    expect(Date.parse(status.stopped_at)).toBeGreaterThan(0);
    // The API and the account are fine, and a new EA may start.
    expect((await t.request("GET", `${base()}/summary`, { key })).status).toBe(200);
    const next = await t.request("POST", `${base()}/ea/start`, {
      key,
      body: { ea_id: counter, symbol: "EURUSD", timeframe: "H1", inputs: { Period: "20" } },
    });
    expect(next.body.data).toMatchObject({ status: "running", inputs: { Period: 20 } });
    // The account's trade events reach OnTradeTransaction (a REST order here).
    const placed = await t.request("POST", `${base()}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "buy", type: "market", volume: 0.01 },
    });
    expect(placed.status).toBe(201);
    await until(async () => {
      const logs = (await t.request("GET", `${base()}/ea/logs`, { key })).body.data;
      return logs.some((l: any) => l.message.startsWith("transaction "));
    });
    await t.request("POST", `${base()}/ea/stop`, { key });
  }, 60_000);
});

describe("admin delete and the session", () => {
  test("deleting a running EA stops it first", async () => {
    const token = (await t.createAdmin("ea-deleter")).token;
    const k = (await t.createKey(token, { max_accounts: 5 })).key;
    const ea = (await upload(t, { token }, "c.ts", COUNTER_TS)).body.data.id;
    const saved = key;
    key = k;
    const acc = await connectedDemoAccount();
    key = saved;
    const started = await t.request("POST", `/api/accounts/${acc}/ea/start`, {
      key: k,
      body: { ea_id: ea, symbol: "GBPUSD", timeframe: "M5" },
    });
    expect(started.body.data.status).toBe("running");
    expect((await t.request("DELETE", `/admin/eas/${ea}`, { token })).status).toBe(200);
    // The instance rows go with the EA; nothing runs on the account any more.
    expect(t.eaPool?.status(started.body.data.instance_id)?.status).toBe("stopped");
    const status = await t.request("GET", `/api/accounts/${acc}/ea/status`, { key: k });
    expect(status.body.data?.status ?? "stopped").toBe("stopped");
  }, 60_000);

  test("start on a disconnected account → 503 SESSION_NOT_CONNECTED", async () => {
    const acc = await t.createAccount(key, { terminal_login: 424242, auto_connect: false });
    const res = await t.request("POST", `/api/accounts/${acc.id}/ea/start`, {
      key,
      body: { ea_id: buyOnce, symbol: "EURUSD", timeframe: "M1" },
    });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("SESSION_NOT_CONNECTED");
  });
});

describe("shared tick watches", () => {
  test("a WebSocket subscriber leaving the symbol does not stop the EA's ticks", async () => {
    const started = await t.request("POST", `${base()}/ea/start`, {
      key,
      body: { ea_id: counter, symbol: "EURUSD", timeframe: "M1" },
    });
    expect(started.status).toBe(200);
    // A quotes subscriber on the same account and symbol comes and goes (the hub's owner "ws").
    t.sessions.watch(id, ["EURUSD"], "ws");
    t.sessions.unwatch(id, ["EURUSD"], "ws");
    const before = (await t.request("GET", `${base()}/ea/status`, { key })).body.data.tick_count;
    await brokerMinute();
    await until(async () => {
      const s = (await t.request("GET", `${base()}/ea/status`, { key })).body.data;
      return s.tick_count > before;
    });
    await t.request("POST", `${base()}/ea/stop`, { key });
  });
});

describe("restart", () => {
  // Its own app: the restart closes the EA service and pool the other tests run on.
  const shared = () => ({ t, key, id, counter });
  let saved: ReturnType<typeof shared>;
  beforeEach(async () => {
    saved = shared();
    t = await createTestApp(
      {},
      { broker: true, brokerClock, ea: true, eaPool: { limits: { hostCallTimeoutMs: 5000 } } },
    );
    const admin = await t.createAdmin("ea-restarter");
    key = (await t.createKey(admin.token, { max_accounts: 5 })).key;
    counter = (await upload(t, { token: admin.token }, "counter.ts", COUNTER_TS)).body.data.id;
    id = await connectedDemoAccount();
  }, 120_000);
  afterEach(async () => {
    await t.close();
    ({ t, key, id, counter } = saved);
  });

  test("a running instance resumes from the instances table", async () => {
    const started = await t.request("POST", `${base()}/ea/start`, {
      key,
      body: { ea_id: counter, symbol: "EURUSD", timeframe: "M1" },
    });
    const instance = started.body.data.instance_id;
    await brokerMinute();
    await until(async () => {
      const s = (await t.request("GET", `${base()}/ea/status`, { key })).body.data;
      return s.tick_count > 0;
    });
    // Simulate a restart: a fresh service (same database and sessions) over a new pool.
    const { EaInstanceService, startEaPool } = await import(
      "../../../src/services/ea-instances.ts"
    );
    const services = t.services;
    await services.eaInstances?.close();
    await t.eaPool?.close({ deinit: false });
    const fresh = new EaInstanceService(t.deps, {
      sessions: t.sessions,
      accounts: services.accounts,
      eas: services.eas,
    });
    const pool = await startEaPool(fresh, t.deps, `${t.config.dataDir}/tmp`);
    try {
      expect(await fresh.resume()).toBe(1);
      await until(() => pool.status(instance)?.status === "running", 20_000);
      await brokerMinute();
      await until(() => (pool.status(instance)?.tickCount ?? 0) > 0, 20_000);
    } finally {
      await fresh.close();
      await pool.close({ deinit: false });
    }
  }, 90_000);
});
