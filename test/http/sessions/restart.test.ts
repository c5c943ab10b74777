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

const BIN = join(import.meta.dir, "../../../bin/tas");
const dataDir = mkdtempSync(join(tmpdir(), "tas-service-restart-"));
const port = freePort();
const brokerPort = freePort();
let pg: TestDatabase | null = null;

async function startService() {
  pg ??= process.env.DATABASE_URL ? await freshDatabase() : null;
  const proc = Bun.spawn([BIN, "serve"], {
    env: {
      PATH: process.env.PATH ?? "",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      BROKER_PORT: String(brokerPort),
      BROKER_HISTORY_DAYS: "1",
      TAS_SESSION_WORKERS: "1",
      LOG_LEVEL: "info",
      TAS_MASTER_KEY: "44".repeat(32),
      TAS_JWT_SECRET: "service-restart-secret-service-restart-00",
      ...(pg?.url ? { DATABASE_URL: pg.url } : {}),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = proc.stdout.getReader();
  let out = "";
  const deadline = Date.now() + 90_000;
  while (!out.includes("service listening")) {
    if (Date.now() > deadline) {
      throw new Error(`service did not start: ${out}`);
    }
    const { value, done } = await reader.read();
    if (done) {
      throw new Error(`service exited: ${out}${await new Response(proc.stderr).text()}`);
    }
    out += new TextDecoder().decode(value);
  }
  return proc;
}

const B = `http://127.0.0.1:${port}`;
async function call(
  method: string,
  path: string,
  opts: { key?: string; token?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (opts.key) {
    headers["x-api-key"] = opts.key;
  }
  if (opts.token) {
    headers.authorization = `Bearer ${opts.token}`;
  }
  const res = await fetch(`${B}${path}`, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("service kill and restart", () => {
  test("accounts, sessions, positions and history come back after SIGKILL", async () => {
    let proc = await startService();
    await call("POST", "/admin/seed", { body: { username: "root", password: "root-password" } });
    const token = (
      await call("POST", "/admin/login", { body: { username: "root", password: "root-password" } })
    ).body.data.token;
    const key = (await call("POST", "/admin/keys", { token, body: {} })).body.data.key;
    const demo = (
      await call("POST", "/api/brokers/demo", {
        key,
        body: { company: "TAS Markets", deposit: 50_000 },
      })
    ).body.data;
    const account = (
      await call("POST", "/api/accounts", {
        key,
        body: { terminal_login: demo.login, password: demo.password, server_name: "TAS-Demo" },
      })
    ).body.data;
    expect(
      (await call("POST", `/api/accounts/${account.id}/connect`, { key })).body.data.status,
    ).toBe("connected");
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
