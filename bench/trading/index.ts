// bench/trading: the trading API end to end on the embedded demo broker (in this process):
// market order round trip over HTTP at low load (p50/p99, orders/s), `GET …/portfolio`
// throughput against a bare Bun.serve serving the same body (ratio), and memory per connected
// idle account with N demo accounts connected through the session workers. Both databases are
// file-backed PGlite in a temporary DATA_DIR, as `npm start` keeps them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedBroker } from "../../src/broker/embedded.ts";
import { createTestApp } from "../../test/support/app.ts";
import { compareLoads, percentile } from "../lib/load.ts";

export async function benchTrading(
  opts: { accounts?: number; orders?: number; warmup?: number; seconds?: number } = {},
) {
  const accounts = opts.accounts ?? 1000;
  const orders = opts.orders ?? 2000;
  const warmup = opts.warmup ?? 8000;
  const seconds = opts.seconds ?? 4;
  const brokerDir = mkdtempSync(join(tmpdir(), "tas-bench-broker-"));
  // The demo broker runs in its own worker, as `npm start` runs it.
  const broker = await startEmbeddedBroker({
    host: "127.0.0.1",
    port: 0,
    databaseUrl: null,
    dataDir: brokerDir,
    historyDays: 1,
  });
  const t = await createTestApp(
    {
      TAS_RATE_LIMIT_RPS: "1000000",
      TAS_RATE_LIMIT_BURST: "1000000",
      // Orders back to back on one account, as fast as they go: no trade-rate limit here.
      TAS_TRADE_RATE_PER_SECOND: "1000000",
      TAS_TRADE_BURST: "1000000",
      TAS_SESSION_WORKERS: "2",
      BROKER_PORT: String(broker.port),
    },
    { databaseOnDisk: true },
  );
  const server = t.app.listen({ port: 0, hostname: "127.0.0.1" });
  const base = `http://127.0.0.1:${server.server?.port}`;
  const token = await t.superToken();
  await t.services.admins.update({ type: "cli", id: "bench" }, "root", {
    maxAccounts: accounts + 10,
  });
  const { key } = await t.createKey(token, { max_accounts: accounts + 10 });
  const headers = { "x-api-key": key, "content-type": "application/json" };
  const post = async (path: string, body: unknown) =>
    (
      await fetch(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) })
    ).json() as Promise<any>;

  // 1. Memory per connected idle account (first, on a settled baseline: the broker worker's
  // start-up garbage is collected on its own schedule).
  await Bun.sleep(8000);
  Bun.gc(true);
  const rssBefore = process.memoryUsage().rss;
  const ids: string[] = [];
  for (let i = 0; i < accounts; i++) {
    const d = (await post("/api/brokers/demo", { company: "TAS Markets" })).data;
    const a = (
      await post("/api/accounts", {
        terminal_login: d.login,
        password: d.password,
        server_name: "TAS-Demo",
      })
    ).data;
    ids.push(a.id);
  }
  const deadline = Date.now() + 120_000;
  while (ids.some((id) => t.sessions.statusOf(id) !== "connected") && Date.now() < deadline) {
    await Bun.sleep(200);
  }
  const connected = ids.filter((id) => t.sessions.statusOf(id) === "connected").length;
  await Bun.sleep(1000);
  Bun.gc(true);
  const rssAfter = process.memoryUsage().rss;
  // 2. Order round trip at low load (one at a time) on a netting account: buys and sells
  // alternate, so each market order opens or closes the net position (the account stays flat
  // instead of piling up hundreds of hedged positions).
  const connectDemo = async (server: string) => {
    const demo = (
      await post("/api/brokers/demo", {
        company: "TAS Markets",
        deposit: 1e7,
        leverage: 500,
        server,
      })
    ).data;
    const created = (
      await post("/api/accounts", {
        terminal_login: demo.login,
        password: demo.password,
        server_name: demo.server_name,
      })
    ).data;
    await post(`/api/accounts/${created.id}/connect`, {});
    return created as { id: string };
  };
  const netting = await connectDemo("TAS-Demo-Netting");
  const order = async (i: number) => {
    const r = await post(`/api/accounts/${netting.id}/orders`, {
      symbol: "BTCUSD",
      side: i % 2 ? "sell" : "buy",
      type: "market",
      volume: 0.01,
    });
    if (!r.ok) {
      throw new Error(JSON.stringify(r));
    }
  };
  // A service runs for days: the round trip is measured once the JIT has compiled the path
  // (JavaScriptCore tiers up hot code, PGlite's WebAssembly included, over the first thousands
  // of orders; measured cold, the same path is ~1.5x slower at p50).
  for (let i = 0; i < warmup; i++) {
    await order(i);
  }
  const lat: number[] = [];
  const started = performance.now();
  for (let i = 0; i < orders; i++) {
    const s = performance.now();
    await order(i);
    lat.push(performance.now() - s);
  }
  const roundTripSeconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(lat).sort();

  // 3. Portfolio throughput vs bare Bun serving the same body, with a typical 10 open positions
  // (on a hedging account, so they stay 10 positions).
  const account = await connectDemo("TAS-Demo");
  for (let i = 0; i < 10; i++) {
    await post(`/api/accounts/${account.id}/orders`, {
      symbol: "BTCUSD",
      side: "buy",
      type: "market",
      volume: 0.01,
    });
  }
  const body = await (
    await fetch(`${base}/api/accounts/${account.id}/portfolio`, { headers })
  ).text();
  const bare = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () => new Response(body, { headers: { "content-type": "application/json" } }),
  });
  const portfolioUrl = `${base}/api/accounts/${account.id}/portfolio`;
  const portfolio = await compareLoads({
    app: { url: portfolioUrl, headers },
    bare: { url: `http://127.0.0.1:${bare.port}/` },
    concurrency: 16,
    seconds,
  });
  bare.stop(true);

  server.stop(true);
  await t.close();
  await broker.stop();
  rmSync(brokerDir, { recursive: true, force: true });
  return {
    name: "trading: HTTP order round trip, portfolio vs bare Bun, memory per connected account",
    order_round_trip: {
      orders,
      after_warmup_orders: warmup,
      orders_per_second: Math.round(orders / roundTripSeconds),
      p50_ms: Math.round(percentile(sorted, 50) * 1000) / 1000,
      p99_ms: Math.round(percentile(sorted, 99) * 1000) / 1000,
      goal: "p99 < 5 ms at low load",
    },
    portfolio: {
      ...portfolio,
      goal: "ratio >= 0.4",
    },
    memory: {
      accounts,
      connected,
      rss_growth_mb: Math.round(((rssAfter - rssBefore) / 1048576) * 10) / 10,
      per_account_kb: Math.round((rssAfter - rssBefore) / 1024 / Math.max(1, connected)),
      note: "RSS of the service process: API, session workers and the demo broker's worker together",
      goal: "< 1 MB per connected idle account",
    },
  };
}

if (import.meta.main) {
  process.stdout.write(`${JSON.stringify(await benchTrading(), null, 2)}\n`);
  process.exit(0);
}
