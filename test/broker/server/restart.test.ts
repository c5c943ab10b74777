// Kill -9 the demo broker right after it acknowledges trades, restart it on the same data:
// accounts, balances, positions, pending orders and deals come back. Runs the real
// `tas broker serve` process on wall time, trading the 24/7 crypto symbol.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BrokerTestClient } from "../../support/broker-client.ts";
import { freshDatabase, type TestDatabase } from "../../support/db.ts";
import { freePort } from "../../support/ports.ts";

const BIN = join(import.meta.dir, "../../../bin/tas");
const dataDir = mkdtempSync(join(tmpdir(), "tas-broker-restart-"));
const port = freePort();
let pg: TestDatabase | null = null;

async function startBroker() {
  pg ??= process.env.DATABASE_URL ? await freshDatabase() : null;
  const proc = Bun.spawn([BIN, "broker", "serve", "--host", "127.0.0.1", "--port", String(port)], {
    env: {
      PATH: process.env.PATH ?? "",
      DATA_DIR: dataDir,
      BROKER_HISTORY_DAYS: "1",
      LOG_LEVEL: "info",
      TAS_MASTER_KEY: "33".repeat(32),
      TAS_JWT_SECRET: "restart-test-secret-restart-test-secret-00",
      ...(pg?.url ? { DATABASE_URL: pg.url } : {}),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = proc.stdout.getReader();
  let out = "";
  const deadline = Date.now() + 60_000;
  while (!out.includes("demo broker listening")) {
    if (Date.now() > deadline) {
      throw new Error(`broker did not start: ${out}`);
    }
    const { value, done } = await reader.read();
    if (done) {
      throw new Error(`broker exited: ${out}${await new Response(proc.stderr).text()}`);
    }
    out += new TextDecoder().decode(value);
  }
  return proc;
}

afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("kill and restart", () => {
  test("acknowledged trades survive SIGKILL", async () => {
    let proc = await startBroker();
    let client = await BrokerTestClient.connect(port);
    const demo = (
      await client.request("demo.create", { server: "TAS-Demo", deposit: 50_000, currency: "USD" })
    ).data;
    await client.request("login", { login: demo.login, password: demo.password });
    const market = await client.request("order.send", {
      symbol: "BTCUSD",
      orderType: "Buy",
      volume: 0.05,
    });
    expect(market.ok).toBe(true);
    const quote = (await client.request("quote", { symbol: "BTCUSD" })).data;
    const pending = await client.request("order.send", {
      symbol: "BTCUSD",
      orderType: "BuyLimit",
      volume: 0.02,
      price: Math.round(quote.ask * 0.8),
    });
    expect(pending.ok).toBe(true);
    const balanceBefore = (await client.request("account")).data.balance;
    proc.kill(9);
    await proc.exited;

    proc = await startBroker();
    client = await BrokerTestClient.connect(port);
    const login = await client.request("login", { login: demo.login, password: demo.password });
    expect(login.ok).toBe(true);
    const positions = (await client.request("positions")).data;
    expect(positions.map((p: any) => p.ticket)).toEqual([market.data.position.ticket]);
    expect(positions[0].volume).toBe(0.05);
    const orders = (await client.request("orders")).data;
    expect(orders.map((o: any) => o.ticket)).toEqual([pending.data.order.ticket]);
    expect((await client.request("account")).data.balance).toBe(balanceBefore);
    const deals = (await client.request("deals", { from: 0, to: Date.now() + 60_000 })).data;
    expect(deals.map((d: any) => d.type)).toEqual(["DealBalance", "DealBuy"]);
    // New tickets continue after the restored ones.
    const next = await client.request("order.send", {
      symbol: "BTCUSD",
      orderType: "Sell",
      volume: 0.01,
    });
    expect(next.data.order.ticket).toBeGreaterThan(pending.data.order.ticket);
    client.close();
    proc.kill("SIGTERM");
    await proc.exited;
  }, 120_000);
});
