// bench/reads: the read path measured with a native load generator. The service runs as
// `npm start` runs it (`bun src/cli.ts serve`: the embedded demo broker ticking in its worker,
// session workers, file-backed PGlite — or Postgres), in its own process; `wrk` (Debian's
// package) drives it from another. The baseline is a bare `Bun.serve` in a process of its own
// answering each route with the bytes the service answered (bench/reads/bare.ts). Service and
// baseline are measured in alternating windows of the same run, so a machine whose speed drifts
// slows both alike. Two kinds of window per route:
// - throughput: one wrk thread driving all the connections (wrk's fastest form, so the client
//   saturates late); reported summed over the windows, with the ratio service / bare;
// - latency, at 16 connections: one connection per wrk thread and every request timed by
//   latency.lua (wrk's own percentiles over-weigh slow requests, see there); reported as the
//   median of the windows' p50/p99/p99.9 and the worst window's p99.
// Then the market-order round trip at low load, the same way: one connection posting a market
// order, waiting for its answer, posting the next (a buy, then a sell), every order timed;
// plain, then with an Idempotency-Key of its own on every order.
//
// Env: BENCH_SECONDS (window, default 5), BENCH_ROUNDS (windows per target, default 3),
// BENCH_DATABASES (`pglite,postgres`, default both), BENCH_PARTS (`reads,order`, default both:
// the read routes; the order round trip), BENCH_ORDER_WARMUP_SECONDS (default 8),
// BENCH_POSTGRES_URL (the admin URL, default
// postgres://postgres@127.0.0.1:5432/test; a database of the run's own is created and dropped),
// BENCH_PROFILE_DIR (the service runs with Bun's CPU profiler, JSON and markdown written there).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";

const ROOT = join(import.meta.dir, "../..");
const RATE_LUA = join(import.meta.dir, "report.lua");
const LATENCY_LUA = join(import.meta.dir, "latency.lua");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const PG_ADMIN = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PARTS = (process.env.BENCH_PARTS ?? "reads,order").split(",");
const ORDER_WARMUP_SECONDS = Number(process.env.BENCH_ORDER_WARMUP_SECONDS ?? 8);

/** One throughput window: wrk with one thread and many connections (its peak rate). */
interface RateWindow {
  requests: number;
  duration_us: number;
  socket_errors: number;
  non_2xx: number;
}

/** One latency window: one connection per wrk thread, every request timed (latency.lua); µs. */
interface LatencyWindow extends RateWindow {
  timed: number;
  p50_us: number;
  p99_us: number;
  p999_us: number;
  max_us: number;
}

interface Summary {
  rps: number;
  errors: number;
  /** Null where the row measures throughput only (64 connections: 64 wrk threads would load
   * the two cores more than the server). */
  p50_ms: number | null;
  p99_ms: number | null;
  p999_ms: number | null;
  worst_p99_ms: number | null;
}

interface Target {
  url: string;
  headers: string[];
  /** wrk script arguments for latency.lua: a method, then the bodies sent in turn. */
  script?: string[];
}

function freePort(): number {
  const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] as number;
};
const ms = (us: number): number => Math.round(us) / 1000;

function summarize(rate: readonly RateWindow[], latency: readonly LatencyWindow[]): Summary {
  const requests = rate.reduce((n, w) => n + w.requests, 0);
  const seconds = rate.reduce((n, w) => n + w.duration_us, 0) / 1e6;
  const errors = [...rate, ...latency].reduce((n, w) => n + w.socket_errors + w.non_2xx, 0);
  const timed = latency.length > 0;
  return {
    rps: Math.round(requests / seconds),
    errors,
    p50_ms: timed ? ms(median(latency.map((w) => w.p50_us))) : null,
    p99_ms: timed ? ms(median(latency.map((w) => w.p99_us))) : null,
    p999_ms: timed ? ms(median(latency.map((w) => w.p999_us))) : null,
    worst_p99_ms: timed ? ms(Math.max(...latency.map((w) => w.p99_us))) : null,
  };
}

async function runWrk(args: string[], tag: string): Promise<unknown> {
  const proc = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  const line = out.split("\n").find((l) => l.startsWith(`${tag} `));
  if (!line) {
    throw new Error(`wrk gave no report: ${out.slice(-500)}`);
  }
  return JSON.parse(line.slice(tag.length + 1));
}

const wrkArgs = (wrkPath: string, t: Target, threads: number, connections: number, s: number) => {
  const args = [wrkPath, `-t${threads}`, `-c${connections}`, `-d${s}s`, "--timeout", "5s"];
  for (const h of t.headers) {
    args.push("-H", h);
  }
  return args;
};

/** Peak throughput: one wrk thread driving `connections` (the client's fastest form). */
const rateWindow = (wrkPath: string, t: Target, connections: number, seconds: number) =>
  runWrk(
    [...wrkArgs(wrkPath, t, 1, connections, seconds), "-s", RATE_LUA, t.url],
    "WRKJSON",
  ) as Promise<RateWindow>;

/** Latency at fixed concurrency: one connection per wrk thread, each request timed. */
const latencyWindow = (wrkPath: string, t: Target, connections: number, seconds: number) =>
  runWrk(
    [
      ...wrkArgs(wrkPath, t, connections, connections, seconds),
      "-s",
      LATENCY_LUA,
      t.url,
      ...(t.script ? ["--", ...t.script] : []),
    ],
    "WRKLAT",
  ) as Promise<LatencyWindow>;

/** Service and baseline in alternating windows (the order flips each round). */
async function alternate<W>(svc: Target, bare: Target, run: (t: Target) => Promise<W>) {
  const a: W[] = [];
  const b: W[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      a.push(await run(svc));
      b.push(await run(bare));
    } else {
      b.push(await run(bare));
      a.push(await run(svc));
    }
  }
  return { a, b };
}

/**
 * Service and baseline in alternating windows (the order flips each round), after a warm-up:
 * throughput windows, then, where `timed`, latency windows.
 */
async function compare(
  wrkPath: string,
  svc: Target,
  bare: Target,
  connections: number,
  timed: boolean,
) {
  await rateWindow(wrkPath, svc, connections, 2);
  await rateWindow(wrkPath, bare, connections, 2);
  const rate = await alternate(svc, bare, (t) => rateWindow(wrkPath, t, connections, SECONDS));
  const latency = timed
    ? await alternate(svc, bare, (t) => latencyWindow(wrkPath, t, connections, SECONDS))
    : { a: [], b: [] };
  const service = summarize(rate.a, latency.a);
  const baseline = summarize(rate.b, latency.b);
  return { service, bare: baseline, ratio: Math.round((service.rps / baseline.rps) * 100) / 100 };
}

/**
 * The market-order round trip at low load: one connection, one order at a time (a buy, then a
 * sell, on a netting account, so it stays flat), every order timed; the baseline answers the
 * same bytes (the floor of one connection's round trip). The JIT tiers the order path up over
 * the first thousands of orders: a longer warm-up (ORDER_WARMUP_SECONDS) before the alternating
 * windows.
 */
async function compareOrders(wrkPath: string, svc: Target, bare: Target) {
  await latencyWindow(wrkPath, svc, 1, ORDER_WARMUP_SECONDS);
  await latencyWindow(wrkPath, bare, 1, 2);
  const latency = await alternate(svc, bare, (t) => latencyWindow(wrkPath, t, 1, SECONDS));
  const service = summarize(latency.a, latency.a);
  const baseline = summarize(latency.b, latency.b);
  // No ratio: an order's work (two commits, the broker) against a static answer measures
  // nothing the goals name; the baseline shows the floor one connection's round trip has.
  return { service, bare: baseline, ratio: null };
}

async function until(what: string, ok: () => Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await Bun.sleep(200);
  }
}

/** The service as `npm start` runs it, in a process of its own, on `databaseUrl` or PGlite. */
async function startService(databaseUrl: string | null) {
  const dataDir = mkdtempSync(join(tmpdir(), "tas-bench-reads-"));
  const port = freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    DATA_DIR: dataDir,
    BROKER_PORT: String(freePort()),
    LOG_LEVEL: "warn",
    // The per-key rate limit would answer most of the load with 429.
    TAS_RATE_LIMIT_RPS: "1000000",
    TAS_RATE_LIMIT_BURST: "1000000",
    // Orders back to back on one account, as fast as they go: no trade-rate limit either.
    TAS_TRADE_RATE_PER_SECOND: "1000000",
    TAS_TRADE_BURST: "1000000",
  };
  delete env.DATABASE_URL;
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
  }
  const profile = process.env.BENCH_PROFILE_DIR;
  const profiling = profile ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${profile}`] : [];
  const proc = Bun.spawn([process.execPath, ...profiling, "src/cli.ts", "serve"], {
    cwd: ROOT,
    env,
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  await until("the service", async () => (await fetch(`${base}/health`)).ok);
  return {
    base,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Seeds an admin, a key, a connected demo account with 10 positions and 5 pending orders (the
 * reads), and a connected netting account (the order round trip).
 */
async function prepare(base: string) {
  const call = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as any;
    if (!json.ok) {
      throw new Error(`${method} ${path}: ${JSON.stringify(json.error)}`);
    }
    return json.data;
  };
  const admin = { username: "root", password: "bench-password" };
  await call("POST", "/admin/seed", {}, admin);
  const { token } = await call("POST", "/admin/login", {}, admin);
  // A key of its own per account, so the reads' account list holds one account.
  const openAccount = async (name: string, demoOptions: Record<string, unknown>) => {
    const { key } = await call(
      "POST",
      "/admin/keys",
      { authorization: `Bearer ${token}` },
      { name, max_accounts: 10 },
    );
    const auth = { "x-api-key": key };
    const demo = await call("POST", "/api/brokers/demo", auth, {
      company: "TAS Markets",
      ...demoOptions,
    });
    const { id } = await call("POST", "/api/accounts", auth, {
      terminal_login: demo.login,
      password: demo.password,
      server_name: demo.server_name,
    });
    return { key: key as string, auth, id: id as string };
  };
  const reads = await openAccount("bench", { deposit: 1_000_000, leverage: 100 });
  const netting = await openAccount("bench-orders", {
    deposit: 10_000_000,
    leverage: 500,
    server: "TAS-Demo-Netting",
  });
  for (const { id, auth } of [reads, netting]) {
    await until(
      "the account's session",
      async () => (await call("GET", `/api/accounts/${id}/session`, auth)).status === "connected",
    );
  }
  const auth = reads.auth;
  // BTCUSD trades around the clock: the bench runs on any day.
  const orders = `/api/accounts/${reads.id}/orders`;
  for (let i = 0; i < 10; i++) {
    await call("POST", orders, auth, {
      symbol: "BTCUSD",
      side: "buy",
      type: "market",
      volume: 0.01,
    });
  }
  const quote = await call("GET", `/api/accounts/${reads.id}/quote/BTCUSD`, auth);
  for (let i = 0; i < 5; i++) {
    const price = Math.round(quote.bid * (0.5 + i * 0.01));
    await call("POST", orders, auth, {
      symbol: "BTCUSD",
      side: "buy",
      type: "limit",
      volume: 0.01,
      price,
    });
  }
  // One order's answer, for the baseline to answer with the same bytes.
  const res = await fetch(`${base}/api/accounts/${netting.id}/orders`, {
    method: "POST",
    headers: { ...netting.auth, "content-type": "application/json" },
    body: JSON.stringify({ symbol: "BTCUSD", side: "sell", type: "market", volume: 0.01 }),
  });
  const orderAnswer = { body: await res.text(), contentType: res.headers.get("content-type") };
  return {
    key: reads.key,
    orderKey: netting.key,
    accountId: reads.id,
    nettingId: netting.id,
    orderAnswer,
  };
}

/**
 * Starts the baseline serving, for each path, the body and content type the service answers to a
 * GET, and for each of `fixed`'s paths the answer given there (whatever the method).
 */
async function startBare(
  base: string,
  key: string,
  paths: readonly string[],
  fixed: Record<string, { body: string; contentType: string }>,
) {
  const routes: Record<string, { body: string; contentType: string }> = { ...fixed };
  for (const path of paths) {
    const res = await fetch(`${base}${path}`, { headers: { "x-api-key": key } });
    routes[path] = {
      body: await res.text(),
      contentType: res.headers.get("content-type") ?? "application/json",
    };
  }
  const file = join(mkdtempSync(join(tmpdir(), "tas-bench-bare-")), "routes.json");
  writeFileSync(file, JSON.stringify(routes));
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "bare.ts"), file], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = proc.stdout.getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) {
      throw new Error("the bare server exited");
    }
    out += new TextDecoder().decode(value);
  }
  return {
    base: `http://127.0.0.1:${Number.parseInt(out, 10)}`,
    bytes: Object.fromEntries(
      Object.keys(routes).map((p) => [p, Buffer.byteLength(routes[p]?.body ?? "")]),
    ),
    stop() {
      proc.kill();
    },
  };
}

async function benchDatabase(wrkPath: string, label: string, databaseUrl: string | null) {
  const service = await startService(databaseUrl);
  try {
    const { key, orderKey, accountId, nettingId, orderAnswer } = await prepare(service.base);
    const orderPath = `/api/accounts/${nettingId}/orders`;
    const routes: [string, string][] = [
      ["GET /api/accounts", "/api/accounts"],
      ["GET …/portfolio", `/api/accounts/${accountId}/portfolio`],
      ["GET …/orders", `/api/accounts/${accountId}/orders`],
    ];
    const bare = await startBare(
      service.base,
      key,
      routes.map(([, p]) => p),
      { [orderPath]: { body: orderAnswer.body, contentType: orderAnswer.contentType ?? "" } },
    );
    try {
      const rows = [];
      const plan: [string, string, number][] = PARTS.includes("reads")
        ? [
            ...routes.map(([name, path]): [string, string, number] => [name, path, 16]),
            [routes[0]?.[0] as string, routes[0]?.[1] as string, 64],
          ]
        : [];
      for (const [name, path, connections] of plan) {
        process.stderr.write(`  ${label}: ${name} at ${connections} connections…\n`);
        const r = await compare(
          wrkPath,
          { url: `${service.base}${path}`, headers: [`X-API-Key: ${key}`] },
          { url: `${bare.base}${path}`, headers: [] },
          connections,
          connections <= 16,
        );
        rows.push({ route: name, database: label, connections, bytes: bare.bytes[path], ...r });
      }
      if (PARTS.includes("order")) {
        process.stderr.write(`  ${label}: market order round trip, one at a time…\n`);
        const order = (side: string) =>
          JSON.stringify({ symbol: "BTCUSD", side, type: "market", volume: 0.01 });
        // Plain, and with an Idempotency-Key of its own on every order, as careful clients send.
        for (const [route, method] of [
          ["POST …/orders (market)", "POST"],
          ["POST …/orders (market, Idempotency-Key)", "POST+key"],
        ] as const) {
          const r = await compareOrders(
            wrkPath,
            {
              url: `${service.base}${orderPath}`,
              headers: [`X-API-Key: ${orderKey}`, "Content-Type: application/json"],
              script: [method, order("buy"), order("sell")],
            },
            { url: `${bare.base}${orderPath}`, headers: [], script: ["POST"] },
          );
          rows.push({
            route,
            database: label,
            connections: 1,
            bytes: bare.bytes[orderPath],
            ...r,
          });
        }
      }
      return rows;
    } finally {
      bare.stop();
    }
  } finally {
    await service.stop();
  }
}

const latencies = (s: Summary): string =>
  s.p50_ms === null ? "—" : `${s.p50_ms} / ${s.p99_ms} / ${s.p999_ms}`;

const table = (rows: Awaited<ReturnType<typeof benchDatabase>>) => [
  "| route | database | conns | bytes | service req/s | bare req/s | ratio | service p50 / p99 / p99.9 ms | bare p50 / p99 / p99.9 ms |",
  "|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| \`${r.route}\` | ${r.database} | ${r.connections} | ${r.bytes} | ${r.service.rps} | ${r.bare.rps} | ${r.ratio ?? "—"} | ${latencies(r.service)} | ${latencies(r.bare)} |`,
  ),
];

const wrkPath = Bun.which("wrk");
if (!wrkPath) {
  process.stdout.write(
    `${JSON.stringify({ error: "wrk is not installed (Debian: apt-get install wrk)" })}\n`,
  );
  process.exit(0);
}
const rows: Awaited<ReturnType<typeof benchDatabase>> = [];
const skipped: string[] = [];
if (DATABASES.includes("pglite")) {
  rows.push(...(await benchDatabase(wrkPath, "PGlite", null)));
}
if (DATABASES.includes("postgres")) {
  const name = `tas_bench_${process.pid}`;
  const admin = postgres(PG_ADMIN, { max: 1, onnotice: () => {} });
  const created = await admin.unsafe(`create database "${name}"`).then(
    () => true,
    (err: unknown) => {
      skipped.push(`Postgres at ${PG_ADMIN}: ${String(err)}`);
      return false;
    },
  );
  try {
    if (created) {
      const url = new URL(PG_ADMIN);
      url.pathname = `/${name}`;
      rows.push(...(await benchDatabase(wrkPath, "Postgres", url.toString())));
    }
  } finally {
    if (created) {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
    }
    await admin.end();
  }
}
process.stdout.write(
  `${JSON.stringify(
    {
      name: "reads: wrk against the service as npm start runs it, vs a bare Bun.serve with the same bytes (throughput: one wrk thread; latency: one connection per wrk thread, every request timed)",
      window_seconds: SECONDS,
      windows_per_target: ROUNDS,
      goals:
        "accounts ratio >= 0.6 at 64 connections; p99 < 1.5 ms and p99.9 < 5 ms at 16; market order p99 < 3 ms one at a time",
      rows,
      skipped,
      table: table(rows),
    },
    null,
    2,
  )}\n`,
);
