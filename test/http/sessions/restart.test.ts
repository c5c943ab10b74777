// Kill the whole service (API, session workers, embedded demo broker) with SIGKILL mid-run and
// start it again on the same data: the account, its session, positions and history come back.
// Also: a crashed session worker is restarted and its sessions reconnect.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp } from "../../support/app.ts";
import { freshDatabase, type TestDatabase } from "../../support/db.ts";
import { freePort } from "../../support/ports.ts";
import {
  connectedDemoAccount,
  serviceClient,
  startServiceProcess,
} from "../../support/service-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "tas-service-restart-"));
const port = freePort();
const brokerPort = freePort();
let pg: TestDatabase | null = null;

async function startService() {
  pg ??= process.env.DATABASE_URL ? await freshDatabase() : null;
  return startServiceProcess({ dataDir, port, brokerPort, databaseUrl: pg?.url ?? null });
}

const call = serviceClient(`http://127.0.0.1:${port}`);

afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("service kill and restart", () => {
  test("accounts, sessions, positions and history come back after SIGKILL", async () => {
    let proc = await startService();
    const { key, accountId } = await connectedDemoAccount(call, 50_000);
    const account = { id: accountId };
    const order = await call("POST", `/api/accounts/${account.id}/orders`, {
      key,
      body: { symbol: "BTCUSD", side: "buy", type: "market", volume: 0.02 },
    });
    expect(order.status).toBe(201);
    proc.kill(9);
    await proc.exited;

    proc = await startService();
    try {
      let status = "";
      for (let i = 0; i < 100 && status !== "connected"; i++) {
        status = (await call("GET", `/api/accounts/${account.id}/session`, { key })).body.data
          ?.status;
        await Bun.sleep(100);
      }
      expect(status).toBe("connected");
      const open = (await call("GET", `/api/accounts/${account.id}/orders`, { key })).body.data;
      expect(open.map((r: any) => r.ticket)).toEqual([order.body.data.ticket]);
      const fills = (
        await call("GET", `/api/accounts/${account.id}/positions/${order.body.data.ticket}/fills`, {
          key,
        })
      ).body.data;
      expect(fills.map((d: any) => d.entry)).toEqual(["DealEntryIn"]);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
    }
  }, 200_000);
});

describe("session worker crash", () => {
  test("a crashed worker is restarted and its sessions reconnect", async () => {
    const t = await createTestApp({}, { broker: true });
    try {
      const key = (await t.createKey(await t.superToken())).key;
      const demo = (
        await t.request("POST", "/api/brokers/demo", { key, body: { company: "TAS Markets" } })
      ).body.data;
      const account = await t.createAccount(key, {
        terminal_login: demo.login,
        password: demo.password,
        server_name: "TAS-Demo",
      });
      expect(
        (await t.request("POST", `/api/accounts/${account.id}/connect`, { key })).body.data.status,
      ).toBe("connected");
      const seen: string[] = [];
      t.sessions.onEvent((id, event) => {
        if (id === account.id && event.kind === "session") {
          seen.push((event.health as { status: string }).status);
        }
      });
      t.sessions.crashWorker(0);
      for (let i = 0; i < 200 && seen.at(-1) !== "connected"; i++) {
        await Bun.sleep(25);
      }
      expect(seen[0]).toBe("reconnecting");
      expect(seen.at(-1)).toBe("connected");
      expect(t.sessions.statusOf(account.id)).toBe("connected");
      expect((await t.request("GET", `/api/accounts/${account.id}/summary`, { key })).status).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  }, 60_000);
});
