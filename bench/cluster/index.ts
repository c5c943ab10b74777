// bench/cluster: cluster mode on real nodes (test/support/cluster.ts: `tas serve` processes on a
// fresh Postgres database, the shared NATS server, one standalone demo broker), three parts:
//
// 1. failover: kill -9 the node that owns an account, time until `GET …/session` through a
//    survivor says connected on another node; the killed node is restarted (and the account has
//    moved back to it) before the next kill. The nodes run the default lease TTL (4000 ms), so
//    the figure is the default's. p50/p99 over BENCH_KILLS (default 20) kills.
// 2. forwarding: `GET …/portfolio` (10 open positions) and market orders (a netting account,
//    buys and sells alternating so it stays flat) through the non-owner vs through the owner,
//    one request at a time, local and forwarded alternating (the order flips each round) in the
//    same run; p50/p99 of each and the forwarded/local ratios.
// 3. scale: BENCH_ACCOUNTS (default 10,000) demo accounts over three nodes: the time to create
//    them through the API (each connects on its owner as it comes); memory per account = growth
//    of the three nodes' RSS (the `tas serve` processes: API, lease loop, session workers) over
//    idle nodes, / accounts; idle CPU of the nodes, their Postgres backends and the broker. Then
//    kill -9 of one node and the time until its accounts are connected again on the two others;
//    its restart, until it has taken its share back; and all three nodes stopped (SIGTERM:
//    leases handed back) and started together, until every account is owned (`GET
//    /admin/cluster`) and connected (`GET /admin/accounts`). The waits are bounded
//    (BENCH_CONNECT_TIMEOUT_SECONDS, default 300): what was reached is reported.
//
// Env: BENCH_PARTS (`failover,forwarding,scale`, default all), BENCH_KILLS, BENCH_READS (default
// 2000 per target), BENCH_ORDERS (default 300 per target), BENCH_ACCOUNTS,
// BENCH_CONNECT_TIMEOUT_SECONDS, BENCH_POSTGRES_URL (the admin URL, default
// postgres://postgres@127.0.0.1:5432/test; a database of the run's own is created and dropped).
// Needs the NATS server at 127.0.0.1:4222 (TAS_TEST_NATS_URL).
import { readFileSync } from "node:fs";
import {
  type NodeClient,
  natsReachable,
  TestCluster,
  waitFor,
} from "../../test/support/cluster.ts";
import { percentile } from "../lib/load.ts";

const PARTS = (process.env.BENCH_PARTS ?? "failover,forwarding,scale").split(",");
const KILLS = Number(process.env.BENCH_KILLS ?? 20);
const READS = Number(process.env.BENCH_READS ?? 2000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10_000);
const CONNECT_TIMEOUT_MS = Number(process.env.BENCH_CONNECT_TIMEOUT_SECONDS ?? 300) * 1000;
const PG_ADMIN = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const progress = (line: string) => process.stderr.write(`  ${line}\n`);
const round = (ms: number, digits = 1) => Math.round(ms * 10 ** digits) / 10 ** digits;

function stats(samples: number[]) {
  const sorted = Float64Array.from(samples).sort();
  return {
    n: samples.length,
    p50_ms: round(percentile(sorted, 50), 3),
    p99_ms: round(percentile(sorted, 99), 3),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN, 3),
  };
}

/** CPU time (user + system) of processes so far, seconds (/proc, 100 ticks a second). */
function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / 100;
}

/**
 * CPU used at idle over `seconds`: by the nodes' processes, by the Postgres backends serving the
 * cluster's database, and by the demo broker — cores busy (CPU seconds per second).
 */
async function idleCpu(c: TestCluster, seconds: number) {
  const nodes = c.alive().map((i) => c.node(i).proc!.pid);
  const backends = (
    await c.sql<{ pid: number }[]>`
      select pid from pg_stat_activity where datname = current_database()`
  ).map((r) => r.pid);
  const broker = c.brokerPid === null ? [] : [c.brokerPid];
  const n0 = cpuSeconds(nodes);
  const p0 = cpuSeconds(backends);
  const b0 = cpuSeconds(broker);
  await Bun.sleep(seconds * 1000);
  return {
    nodes_cores: round((cpuSeconds(nodes) - n0) / seconds, 3),
    postgres_cores: round((cpuSeconds(backends) - p0) / seconds, 3),
    broker_cores: round((cpuSeconds(broker) - b0) / seconds, 3),
  };
}

/** Seeds the superadmin and a key that may hold `accounts` accounts. */
async function prepare(c: TestCluster, accounts: number): Promise<string> {
  await c.seed();
  await c.cli(["admin", "update", "root", "--max-accounts", String(accounts + 100)]);
  return (await c.createKey({ name: "bench", max_accounts: accounts + 50 })).key;
}

// --- 1. failover ----------------------------------------------------------------------------------

async function benchFailover() {
  const c = await TestCluster.start({ nodes: 3, leaseTtlMs: null, adminUrl: PG_ADMIN });
  try {
    const key = await prepare(c, 10);
    const [accountId] = (await c.demoAccounts(key, 1)) as [string];
    let owner = (await c.waitSettled([accountId], key, 30_000)).get(accountId)!.node;
    const times: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      const survivor = c.alive().find((i) => i !== owner)!;
      const deadId = c.node(owner).id;
      const call = c.node(survivor).call;
      const started = performance.now();
      await c.kill(owner, "SIGKILL");
      await waitFor(
        async () => {
          const s = (await call("GET", `/api/accounts/${accountId}/session`, { key })).body.data;
          return s.status === "connected" && s.node_id !== null && s.node_id !== deadId;
        },
        30_000,
        "the account connected on another node",
        20,
      );
      const ms = performance.now() - started;
      times.push(ms);
      progress(`failover ${k + 1}/${KILLS}: ${Math.round(ms)} ms`);
      // The killed node comes back and takes the account back (rendezvous) before the next kill.
      const killed = owner;
      await c.restart(killed);
      await waitFor(
        async () => (await c.agreed([accountId], key))?.get(accountId)?.node === killed,
        30_000,
        "the account back on its node",
        100,
      );
      owner = killed;
    }
    return { kills: KILLS, lease_ttl_ms: 4000, ...stats(times) };
  } finally {
    await c.close();
  }
}

// --- 2. forwarding --------------------------------------------------------------------------------

async function benchForwarding() {
  const c = await TestCluster.start({ nodes: 2, adminUrl: PG_ADMIN });
  try {
    const key = await prepare(c, 10);
    const demo = async (server: string) => {
      const call = c.node(0).call;
      const d = (
        await call("POST", "/api/brokers/demo", {
          key,
          body: { company: "TAS Markets", deposit: 10_000_000, leverage: 500, server },
        })
      ).body.data;
      return (
        await call("POST", "/api/accounts", {
          key,
          body: {
            terminal_login: d.login,
            password: d.password,
            server_name: d.server_name,
          },
        })
      ).body.data.id as string;
    };
    const hedging = await demo("TAS-Demo");
    const netting = await demo("TAS-Demo-Netting");
    const owners = await c.waitSettled([hedging, netting], key, 30_000);
    const pair = (accountId: string): { local: NodeClient; forwarded: NodeClient } => {
      const o = owners.get(accountId)!.node;
      return { local: c.node(o).call, forwarded: c.node(1 - o).call };
    };
    const reads = pair(hedging);
    for (let i = 0; i < 10; i++) {
      await reads.local("POST", `/api/accounts/${hedging}/orders`, {
        key,
        body: { symbol: "BTCUSD", side: "buy", type: "market", volume: 0.01 },
      });
    }
    const timed = async (call: NodeClient, method: string, path: string, body?: unknown) => {
      const started = performance.now();
      const res = await call(method, path, { key, ...(body ? { body } : {}) });
      const ms = performance.now() - started;
      if (res.status >= 300) {
        throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      return ms;
    };
    /** `n` rounds of one local and one forwarded request, the order flipping each round. */
    const alternate = async (
      n: number,
      warmup: number,
      send: (call: NodeClient, i: number) => Promise<number>,
      p: { local: NodeClient; forwarded: NodeClient },
    ) => {
      for (let i = 0; i < warmup; i++) {
        await send(p.local, 2 * i);
        await send(p.forwarded, 2 * i + 1);
      }
      const local: number[] = [];
      const forwarded: number[] = [];
      for (let i = 0; i < n; i++) {
        if (i % 2 === 0) {
          local.push(await send(p.local, 2 * i));
          forwarded.push(await send(p.forwarded, 2 * i + 1));
        } else {
          forwarded.push(await send(p.forwarded, 2 * i));
          local.push(await send(p.local, 2 * i + 1));
        }
      }
      const l = stats(local);
      const f = stats(forwarded);
      return {
        local: l,
        forwarded: f,
        ratio_p50: round(f.p50_ms / l.p50_ms, 2),
        ratio_p99: round(f.p99_ms / l.p99_ms, 2),
        added_p50_ms: round(f.p50_ms - l.p50_ms, 3),
      };
    };
    progress(`portfolio reads: ${READS} local + ${READS} forwarded…`);
    const portfolio = await alternate(
      READS,
      200,
      (call) => timed(call, "GET", `/api/accounts/${hedging}/portfolio`),
      reads,
    );
    progress(`market orders: ${ORDERS} local + ${ORDERS} forwarded…`);
    const orders = await alternate(
      ORDERS,
      40,
      // Each order opens or closes the net position (two in a row of the same side never).
      (call, i) =>
        timed(call, "POST", `/api/accounts/${netting}/orders`, {
          symbol: "BTCUSD",
          side: i % 2 === 0 ? "buy" : "sell",
          type: "market",
          volume: 0.01,
        }),
      pair(netting),
    );
    return { portfolio, market_order: orders };
  } finally {
    await c.close();
  }
}

// --- 3. scale -------------------------------------------------------------------------------------

/** Waits (bounded) until every account is owned and connected; the timeline either way. */
async function untilAllConnected(c: TestCluster, accounts: number, timeoutMs: number) {
  const started = performance.now();
  const timeline: Array<{ s: number; owned: number; connected: number }> = [];
  for (;;) {
    const at = performance.now() - started;
    // Each node's own word on the accounts it serves (others' views of them may lag).
    const served = new Set<string>();
    const connected = new Set<string>();
    for (const i of c.alive()) {
      try {
        const id = c.node(i).id;
        const view = await c.view(i);
        for (const a of view.nodes.find((n) => n.self)?.accounts ?? []) {
          served.add(a.account_id);
        }
        const rows = (await c.node(i).call("GET", "/admin/accounts", { token: c.token })).body
          .data as Array<{ id: string; session_status: string; node_id: string | null }>;
        for (const r of rows) {
          if (r.node_id === id && r.session_status === "connected") {
            connected.add(r.id);
          }
        }
      } catch {
        // a node busy past the client's timeout: counted at the next sample
      }
    }
    const sample = { s: round(at / 1000, 1), owned: served.size, connected: connected.size };
    timeline.push(sample);
    if (timeline.length % 5 === 1) {
      progress(`  ${sample.s} s: ${sample.owned} owned, ${sample.connected} connected`);
    }
    if (sample.owned >= accounts && sample.connected >= accounts) {
      return { seconds: round(at / 1000, 2), converged: true, timeline };
    }
    if (at > timeoutMs) {
      return { seconds: null, converged: false, timeline };
    }
    await Bun.sleep(1000);
  }
}

/** The timeline cut to at most `n` samples (for the report). */
const thin = <T>(xs: T[], n = 12): T[] =>
  xs.length <= n
    ? xs
    : xs.filter((_, i) => i % Math.ceil(xs.length / n) === 0 || i === xs.length - 1);

async function benchScale() {
  const c = await TestCluster.start({ nodes: 3, leaseTtlMs: null, adminUrl: PG_ADMIN });
  try {
    const key = await prepare(c, ACCOUNTS);
    await Bun.sleep(5000);
    const idle = c.alive().map((i) => c.rss(i));
    const idleCpuEmpty = await idleCpu(c, 10);
    progress(
      `idle nodes: ${idle.map((b) => Math.round(b / 1048576)).join(" / ")} MB; CPU ${JSON.stringify(idleCpuEmpty)}`,
    );
    // Accounts created through the API (demo account at the broker, then registered), a few at
    // a time through the three nodes; each connects on its owner as it comes.
    const createStarted = performance.now();
    const ids: string[] = [];
    while (ids.length < ACCOUNTS) {
      const n = Math.min(500, ACCOUNTS - ids.length);
      ids.push(...(await c.demoAccounts(key, n, { deposit: 10_000, concurrency: 8, retries: 5 })));
      progress(
        `created ${ids.length}/${ACCOUNTS} accounts (${Math.round(ids.length / ((performance.now() - createStarted) / 1000))}/s)`,
      );
    }
    const createSeconds = (performance.now() - createStarted) / 1000;
    const created = await untilAllConnected(c, ACCOUNTS, CONNECT_TIMEOUT_MS);
    progress(`all connected after creation: ${created.converged}`);
    await Bun.sleep(5000);
    const loaded = c.alive().map((i) => c.rss(i));
    const idleCpuLoaded = await idleCpu(c, 10);
    progress(
      `loaded nodes: ${loaded.map((b) => Math.round(b / 1048576)).join(" / ")} MB; idle CPU ${JSON.stringify(idleCpuLoaded)}`,
    );
    const perNode = (await c.view(0)).nodes.map((n) => n.accounts.length);
    const growth = loaded.reduce((a, b) => a + b, 0) - idle.reduce((a, b) => a + b, 0);
    // Failover at scale: kill -9 of one node; the two others take its third. Then it comes back
    // and takes its share back.
    progress("kill -9 of one node…");
    await c.kill(0, "SIGKILL");
    const failover = await untilAllConnected(c, ACCOUNTS, CONNECT_TIMEOUT_MS);
    progress("restarting it…");
    const rejoinStarted = performance.now();
    await c.restart(0, 600_000);
    const rejoin = await untilAllConnected(c, ACCOUNTS, CONNECT_TIMEOUT_MS);
    const rejoinSeconds =
      rejoin.seconds === null ? null : round((performance.now() - rejoinStarted) / 1000, 2);
    // All three nodes stop (SIGTERM: leases handed back) and start together: every account is
    // acquired and connected at once.
    progress("stopping the three nodes (SIGTERM)…");
    const drainStarted = performance.now();
    await Promise.all(c.alive().map((i) => c.kill(i, "SIGTERM")));
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    progress(`stopped in ${round(drainSeconds, 2)} s; starting them together…`);
    const started = performance.now();
    await Promise.all(c.nodes.map((n) => c.restart(n.index, 600_000)));
    const listeningSeconds = (performance.now() - started) / 1000;
    const restart = await untilAllConnected(c, ACCOUNTS, CONNECT_TIMEOUT_MS);
    const restartSeconds =
      restart.seconds === null ? null : round(listeningSeconds + restart.seconds, 2);
    return {
      accounts: ACCOUNTS,
      accounts_per_node: perNode,
      create_seconds: round(createSeconds, 1),
      create_per_second: Math.round(ACCOUNTS / createSeconds),
      connected_after_creation: created.converged,
      rss_idle_mb: idle.map((b) => round(b / 1048576)),
      rss_loaded_mb: loaded.map((b) => round(b / 1048576)),
      per_account_kb: Math.round(growth / 1024 / ACCOUNTS),
      idle_cpu_cores_no_accounts: idleCpuEmpty,
      idle_cpu_cores_with_accounts: idleCpuLoaded,
      failover_connect_all_seconds: failover.seconds,
      failover_timeline: thin(failover.timeline),
      rejoin_connect_all_seconds: rejoinSeconds,
      rejoin_timeline: thin(rejoin.timeline),
      stop_all_seconds: round(drainSeconds, 2),
      restart_listening_seconds: round(listeningSeconds, 2),
      restart_connect_all_seconds: restartSeconds,
      restart_timeline: thin(restart.timeline),
      note: "RSS and CPU of the three `tas serve` processes (API, lease loop, session workers; the EA hosts and the broker are other processes) and of the Postgres backends of the cluster's database; connect times count from the start of the three processes (restart) or the kill (failover) until GET /admin/cluster lists every account under a live node and GET /admin/accounts says connected",
    };
  } finally {
    await c.close();
  }
}

// --- report ---------------------------------------------------------------------------------------

if (!(await natsReachable())) {
  process.stdout.write(`${JSON.stringify({ error: "NATS is not reachable (127.0.0.1:4222)" })}\n`);
  process.exit(0);
}
const results: Record<string, unknown> = {};
const table: string[] = ["| measure | figure | baseline (same run) | ratio |", "|---|---|---|---|"];
if (PARTS.includes("failover")) {
  process.stderr.write("cluster: failover (kill -9 of the owner, default TTL)…\n");
  const f = await benchFailover();
  results.failover = f;
  table.push(
    `| failover, kill -9 → connected elsewhere (${f.kills} kills, TTL ${f.lease_ttl_ms} ms) | p50 ${Math.round(f.p50_ms)} ms, p99 ${Math.round(f.p99_ms)} ms | goal < 10 s | |`,
  );
}
if (PARTS.includes("forwarding")) {
  process.stderr.write("cluster: forwarded vs local requests…\n");
  const f = await benchForwarding();
  results.forwarding = f;
  for (const [name, r] of [
    ["GET …/portfolio", f.portfolio],
    ["POST …/orders (market)", f.market_order],
  ] as const) {
    table.push(
      `| ${name} through the non-owner | p50 ${r.forwarded.p50_ms} ms, p99 ${r.forwarded.p99_ms} ms | through the owner: p50 ${r.local.p50_ms} ms, p99 ${r.local.p99_ms} ms | p50 ×${r.ratio_p50}, p99 ×${r.ratio_p99} |`,
    );
  }
}
if (PARTS.includes("scale")) {
  process.stderr.write(`cluster: ${ACCOUNTS} demo accounts over three nodes…\n`);
  const s = await benchScale();
  results.scale = s;
  const never = (x: number | null) =>
    x === null ? `not all within ${CONNECT_TIMEOUT_MS / 1000} s` : `${x} s`;
  table.push(
    `| ${s.accounts} accounts over 3 nodes: created through the API | ${s.create_seconds} s (${s.create_per_second}/s) | | |`,
    `| memory per connected account (3 nodes' RSS growth / accounts) | ${s.per_account_kb} KB | idle RSS ${s.rss_idle_mb.join(" / ")} MB | |`,
    `| idle CPU with ${s.accounts} accounts (cores: nodes / their Postgres backends / broker) | ${s.idle_cpu_cores_with_accounts.nodes_cores} / ${s.idle_cpu_cores_with_accounts.postgres_cores} / ${s.idle_cpu_cores_with_accounts.broker_cores} | no accounts: ${s.idle_cpu_cores_no_accounts.nodes_cores} / ${s.idle_cpu_cores_no_accounts.postgres_cores} / ${s.idle_cpu_cores_no_accounts.broker_cores} | |`,
    `| kill -9 of one node: every account owned and connected again | ${never(s.failover_connect_all_seconds)} | | |`,
    `| the killed node restarted: every account owned and connected again | ${never(s.rejoin_connect_all_seconds)} | | |`,
    `| all three nodes stopped (SIGTERM) and started together: every account owned and connected | ${never(s.restart_connect_all_seconds)} | | |`,
  );
}
process.stderr.write(`${table.join("\n")}\n`);
process.stdout.write(
  `${JSON.stringify(
    {
      name: "cluster: failover time, forwarded vs local latency, accounts at scale over three nodes",
      ...results,
      table,
    },
    null,
    2,
  )}\n`,
);
process.exit(0);
