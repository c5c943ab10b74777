// Broker sessions end to end: a demo account opened over REST, registered, connected through a
// session worker to the in-process demo broker; wrong credentials; broker restarts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDemoBroker } from "../../../src/broker/server/run.ts";
import { createTestApp, type TestApp } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";

let t: TestApp;
let key: string;
const brokerClock = new TestClock().freeze(Date.UTC(2026, 10, 18, 14, 0, 0));
const brokerDataDir = mkdtempSync(join(tmpdir(), "tas-broker-data-"));

async function until(pred: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!(await pred())) {
    if (Date.now() - start > timeoutMs) {
      throw new Error("condition not reached in time");
    }
    await Bun.sleep(50);
  }
}

beforeAll(async () => {
  t = await createTestApp(
    { TAS_BROKER_ALLOWLIST: "127.0.0.1:9" },
    { broker: true, brokerClock, brokerDataDir },
  );
  key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(brokerDataDir, { recursive: true, force: true });
});

describe("brokers", () => {
  test("search finds the demo company and its servers", async () => {
    const res = await t.request("GET", "/api/brokers/search?company=tas", { key });
    expect(res.status).toBe(200);
    expect(res.body.data[0].companyName).toBe("TAS Markets");
    expect(res.body.data[0].results.map((r: any) => r.name)).toEqual([
      "TAS-Demo",
      "TAS-Demo-Netting",
    ]);
    expect(res.body.data[0].results[0].access).toEqual([`127.0.0.1:${t.broker!.port}`]);
    expect(
      (await t.request("GET", "/api/brokers/search?company=nobody", { key })).body.data,
    ).toEqual([]);
    expect((await t.request("GET", "/api/brokers/search", { key })).status).toBe(400);
  });

  test("a refusal by the broker (unsupported currency) is a 400 with its reason", async () => {
    const res = await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets", currency: "XYZ" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.message).toContain("unsupported currency 'XYZ'");
  });

  test("bad demo requests are refused without creating anything", async () => {
    for (const body of [
      {},
      { company: "Other Broker" },
      { company: "TAS Markets", leverage: 0 },
      { company: "TAS Markets", currency: "usd" },
      { company: "TAS Markets", deposit: -5 },
      { company: "TAS Markets", server: "Nope" },
    ]) {
      const res = await t.request("POST", "/api/brokers/demo", { key, body });
      expect(res.status).toBe(400);
    }
  });
});

/** Opens a demo account over REST on `app`'s broker and registers it; resolves once connected. */
async function connectedDemo(app: TestApp, apiKey: string) {
  const res = await app.request("POST", "/api/brokers/demo", {
    key: apiKey,
    body: { company: "TAS Markets", leverage: 200, currency: "USD", deposit: 25_000 },
  });
  expect(res.status).toBe(201);
  const demo = res.body.data;
  const account = await app.createAccount(apiKey, {
    terminal_login: demo.login,
    password: demo.password,
    server_name: "TAS-Demo",
  });
  const accountId: string = account.id;
  await until(
    async () =>
      (await app.request("GET", `/api/accounts/${accountId}/session`, { key: apiKey })).body.data
        .status === "connected",
  );
  return { demo, accountId };
}

describe("session lifecycle", () => {
  test("a demo account opened over REST connects once registered", async () => {
    const { demo, accountId } = await connectedDemo(t, key);
    expect(demo).toMatchObject({
      server_name: "TAS-Demo",
      company: "TAS Markets",
      leverage: 200,
      currency: "USD",
      balance: 25_000,
      broker_port: t.broker!.port,
    });
    const health = (await t.request("GET", `/api/accounts/${accountId}/session`, { key })).body
      .data;
    expect(health.connected_since).not.toBeNull();
    expect(health.last_error).toBeNull();
    // One node runs every session: the session and the admin listing name it.
    expect(health.node_id).toBe(t.config.nodeId);
    expect(
      (await t.request("GET", `/api/accounts/${accountId}`, { key })).body.data.session_status,
    ).toBe("connected");
    const admin = await t.request("GET", "/admin/accounts", { token: await t.superToken() });
    expect(admin.body.data.find((a: any) => a.id === accountId)).toMatchObject({
      session_status: "connected",
      node_id: t.config.nodeId,
    });
  });

  test("GET /admin/cluster on one node: mode single, that node alone; superadmin only", async () => {
    const res = await t.request("GET", "/admin/cluster", { token: await t.superToken() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      mode: "single",
      node_id: t.config.nodeId,
      nodes: [{ node_id: t.config.nodeId, self: true, draining: false, accounts: [] }],
      unowned: [],
    });
    const admin = await t.createAdmin();
    expect((await t.request("GET", "/admin/cluster", { token: admin.token })).status).toBe(403);
    expect((await t.request("GET", "/admin/cluster", { key })).status).toBe(403);
    expect((await t.request("GET", "/admin/cluster")).status).toBe(401);
  });

  test("disconnect and connect again; the account list and record follow the session", async () => {
    const { accountId } = await connectedDemo(t, key);
    // The list is assembled from each row's JSON rendered once: only the status is live.
    const listed = async () =>
      (await t.request("GET", "/api/accounts", { key })).body.data.find(
        (a: { id: string }) => a.id === accountId,
      ).session_status;
    const record = async () =>
      (await t.request("GET", `/api/accounts/${accountId}`, { key })).body.data.session_status;
    expect(await listed()).toBe("connected");
    const off = await t.request("POST", `/api/accounts/${accountId}/disconnect`, { key });
    expect(off.body.data.status).toBe("disconnected");
    await until(async () => t.sessions.statusOf(accountId) === "disconnected");
    expect(await listed()).toBe("disconnected");
    expect(await record()).toBe("disconnected");
    const on = await t.request("POST", `/api/accounts/${accountId}/connect`, { key });
    expect(on.status).toBe(200);
    expect(on.body.data.status).toBe("connected");
    expect(await listed()).toBe("connected");
    expect(await record()).toBe("connected");
  });

  test("wrong credentials end in auth_failed without a retry storm", async () => {
    const demo = (
      await t.request("POST", "/api/brokers/demo", {
        key,
        body: { company: "TAS Markets", currency: "USD", deposit: 1_000 },
      })
    ).body.data;
    const bad = await t.createAccount(key, {
      terminal_login: demo.login,
      password: "not-the-password",
      server_name: "TAS-Demo",
    });
    await until(async () => t.sessions.statusOf(bad.id) === "auth_failed");
    const health = (await t.request("GET", `/api/accounts/${bad.id}/session`, { key })).body.data;
    expect(health.last_error).toContain("invalid");
    await Bun.sleep(1500);
    expect(t.sessions.healthOf(bad.id).reconnects).toBe(0);
    expect(t.sessions.statusOf(bad.id)).toBe("auth_failed");
  });

  test("an unreachable broker → reconnecting with a last_error", async () => {
    const far = await t.createAccount(key, {
      terminal_login: 1,
      password: "x",
      broker_host: "127.0.0.1",
      broker_port: 9,
    });
    await until(async () => t.sessions.statusOf(far.id) === "reconnecting");
    expect(t.sessions.healthOf(far.id).last_error).toContain("cannot reach");
    await t.request("DELETE", `/api/accounts/${far.id}`, { key });
  });

  test("the broker goes away and comes back: reconnecting, then connected again", async () => {
    // Its own app and broker: stopping the broker must not touch the other tests'.
    const dataDir = mkdtempSync(join(tmpdir(), "tas-broker-data-"));
    const own = await createTestApp({}, { broker: true, brokerClock, brokerDataDir: dataDir });
    let again: Awaited<ReturnType<typeof runDemoBroker>> | null = null;
    try {
      const ownKey = (await own.createKey(await own.superToken(), { max_accounts: 10 })).key;
      const { accountId } = await connectedDemo(own, ownKey);
      const port = own.broker!.port;
      await own.broker!.stop();
      await until(async () => own.sessions.statusOf(accountId) === "reconnecting");
      again = await runDemoBroker({
        host: "127.0.0.1",
        port,
        databaseUrl: null,
        dataDir,
        clock: brokerClock,
        seed: 7,
        historyDays: 1,
        tickIntervalMs: 0,
      });
      await until(async () => own.sessions.statusOf(accountId) === "connected", 30_000);
      expect(own.sessions.healthOf(accountId).reconnects).toBeGreaterThan(0);
      const summary = await own.request("GET", `/api/accounts/${accountId}/summary`, {
        key: ownKey,
      });
      expect(summary.body.data.balance).toBe(25_000);
    } finally {
      await again?.stop();
      await own.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
