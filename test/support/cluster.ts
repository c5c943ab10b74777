// A real cluster for multi-node tests: a fresh Postgres database (`tas_c_<pid>_<n>`, migrated
// with `tas migrate`, dropped at the end), one standalone demo broker (`tas broker serve`) and N
// nodes (`tas serve` with NATS_URL) on the shared NATS server, each a process of its own that a
// test may kill (-9 or SIGTERM) and restart. Plus a JSON client per node, the seeding helpers
// (superadmin, key, demo accounts) and the cluster's views (`GET /admin/cluster`, the lease rows).
//
// The suite runs on Postgres only (DATABASE_URL, the admin URL of the fresh databases); without it
// the cluster tests skip (CI runs `npm test` once on PGlite, once on Postgres: they run once). A
// NATS server that cannot be reached skips them too, except under CI=true, where it fails them.
// Starting nodes costs seconds: a test file starts one cluster (beforeAll) and shares it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort } from "./ports.ts";

const BIN = join(import.meta.dir, "../../bin/tas");

/** The shared NATS server (JetStream enabled on these machines and in CI). */
export const NATS_URL = process.env.TAS_TEST_NATS_URL ?? "nats://127.0.0.1:4222";

/** Secrets every node shares (keys, JWTs and stored credentials work on any node). */
export const CLUSTER_MASTER_KEY = "5c".repeat(32);
export const CLUSTER_JWT_SECRET = "cluster-test-jwt-secret-cluster-test-jwt";

/** Whether a NATS server answers at `url` (it greets a new connection with an INFO line). */
export async function natsReachable(url = NATS_URL, timeoutMs = 1500): Promise<boolean> {
  const u = new URL(url.replace(/^nats:/, "http:"));
  const port = Number(u.port || 4222);
  return new Promise<boolean>((resolve) => {
    let done = false;
    const finish = (ok: boolean, socket?: { end(): void }) => {
      if (done) {
        return;
      }
      done = true;
      clearTimeout(timer);
      socket?.end();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    Bun.connect({
      hostname: u.hostname,
      port,
      socket: {
        data: (socket, data) => finish(Buffer.from(data).toString().startsWith("INFO"), socket),
        error: () => finish(false),
        connectError: () => finish(false),
        close: () => finish(false),
      },
    }).catch(() => finish(false));
  });
}

/**
 * Why the cluster tests do not run in this process, or null when they run: they need Postgres
 * (DATABASE_URL) and NATS. Under CI=true an unreachable NATS is not a reason to skip: the
 * cluster's start then fails the tests.
 */
async function clusterSkipReason(): Promise<string | null> {
  if (!process.env.DATABASE_URL) {
    return "DATABASE_URL is not set (the cluster tests run on Postgres)";
  }
  if (process.env.CI === "true" || (await natsReachable())) {
    return null;
  }
  return `NATS is not reachable at ${NATS_URL}`;
}

/** Null when the cluster tests run here; else why they skip (`describe.skipIf(...)`). */
export const CLUSTER_SKIP_REASON = await clusterSkipReason();
if (CLUSTER_SKIP_REASON !== null && process.env.DATABASE_URL) {
  console.warn(`cluster tests skipped: ${CLUSTER_SKIP_REASON}`);
}

// --- processes ------------------------------------------------------------------------------------

/** Every child still running, killed if this process exits without closing its cluster. */
const children = new Set<Bun.Subprocess>();
process.on("exit", () => {
  for (const child of children) {
    child.kill("SIGKILL");
  }
});

/** Collects one output stream of a child as text, read as it comes. */
class Output {
  text = "";

  constructor(stream: ReadableStream<Uint8Array>) {
    void this.pump(stream);
  }

  private async pump(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        return;
      }
      this.text += decoder.decode(value, { stream: true });
    }
  }
}

/** Spawns `tas <args>` and waits for `ready` in its output (or its exit, which throws). */
async function spawnTas(
  args: string[],
  env: Record<string, string>,
  ready: string,
  what: string,
  timeoutMs = 60_000,
): Promise<{ proc: Bun.Subprocess<"ignore", "pipe", "pipe">; output: Output; errors: Output }> {
  const proc = Bun.spawn([BIN, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  children.add(proc);
  void proc.exited.then(() => children.delete(proc));
  // The logs (stdout) and stderr apart, so that log lines never interleave with other text.
  const output = new Output(proc.stdout);
  const errors = new Output(proc.stderr);
  const deadline = Date.now() + timeoutMs;
  while (!output.text.includes(ready)) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      await Bun.sleep(50); // the last output
      throw new Error(
        `${what} exited (${proc.exitCode ?? proc.signalCode}): ${output.text}${errors.text}`,
      );
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`${what} did not start in ${timeoutMs} ms: ${output.text}${errors.text}`);
    }
    await Bun.sleep(20);
  }
  return { proc, output, errors };
}

/** Runs `tas <args>` to completion; its stdout (throws on a non-zero exit). */
export async function runTas(args: string[], env: Record<string, string>): Promise<string> {
  const proc = Bun.spawn([BIN, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) {
    throw new Error(`tas ${args.join(" ")} exited ${code}: ${out}${err}`);
  }
  return out;
}

// --- HTTP -----------------------------------------------------------------------------------------

export interface CallOptions {
  key?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Abort after this long (default 60 s). */
  timeoutMs?: number;
}

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

/** A JSON client of one node; a network error (node down) rejects. */
export type NodeClient = (method: string, path: string, opts?: CallOptions) => Promise<Reply>;

export function nodeClient(base: string): NodeClient {
  return async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
    }
    if (opts.key) {
      headers["x-api-key"] = opts.key;
    }
    if (opts.token) {
      headers.authorization = `Bearer ${opts.token}`;
    }
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text === "" ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, body, headers: res.headers };
  };
}

/** Polls `check` every `intervalMs` until it returns a truthy value (returned), or throws. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs: number,
  what = "a condition",
  intervalMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const value = await check();
      if (value) {
        return value as NonNullable<T>;
      }
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ""}`,
      );
    }
    await Bun.sleep(intervalMs);
  }
}

// --- the cluster ----------------------------------------------------------------------------------

export interface ClusterOptions {
  /** How many nodes (default 2). */
  readonly nodes?: number;
  /** TAS_LEASE_TTL_MS of every node (default 2000: failover in about two seconds); null: the
   * service's own default. */
  readonly leaseTtlMs?: number | null;
  /** The Postgres admin URL the fresh database is created from (default DATABASE_URL). */
  readonly adminUrl?: string;
  /** More environment for every node. */
  readonly env?: Record<string, string>;
}

/** One node: `tas serve` on its own port, data dir and node id. */
export interface ClusterNode {
  readonly index: number;
  readonly id: string;
  readonly port: number;
  readonly base: string;
  readonly dataDir: string;
  readonly call: NodeClient;
  /** The running process (the last one started). */
  proc: Bun.Subprocess<"ignore", "pipe", "pipe"> | null;
  /** Every run of this node, oldest first: its logs (stdout), its stderr, and when it exited. */
  readonly runs: Array<{ output: Output; errors: Output; exitedAt: number | null }>;
  /** Date.now() of the last kill (SIGKILL or SIGTERM sent). */
  killedAt: number | null;
}

/** A node's view of the cluster (`GET /admin/cluster`'s data). */
export interface ClusterView {
  mode: "cluster" | "single";
  node_id: string;
  nodes: Array<{
    node_id: string;
    advertise_url: string;
    draining: boolean;
    self: boolean;
    accounts: Array<{ account_id: string; epoch: number }>;
  }>;
  unowned: string[];
}

/** A parsed log line of a node (pino JSON). */
export interface LogLine {
  level: number;
  time: string;
  msg: string;
  [field: string]: unknown;
}

let databaseCounter = 0;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops databases earlier runs of this harness left behind (their process is gone). */
async function dropStaleDatabases(admin: postgres.Sql): Promise<void> {
  const rows = await admin<{ datname: string }[]>`
    select datname from pg_database where datname like 'tas\\_c\\_%'`;
  for (const { datname } of rows) {
    const pid = Number(datname.split("_")[2]);
    if (pid === process.pid) {
      continue; // this process's own are dropped by their cluster's close()
    }
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (err) {
      alive = (err as { code?: string }).code === "EPERM";
    }
    if (!alive) {
      await admin.unsafe(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
  }
}

export class TestCluster {
  readonly nodes: ClusterNode[] = [];
  /** The fresh database's tables (postgres.js). */
  readonly sql: postgres.Sql;
  /** A superadmin JWT, after `seed()`. */
  token = "";
  private broker: { proc: Bun.Subprocess } | null = null;
  private closed = false;

  private constructor(
    readonly adminUrl: string,
    readonly databaseName: string,
    readonly databaseUrl: string,
    readonly brokerPort: number,
    readonly leaseTtlMs: number | null,
    /** Per run, so that parallel test files never share a node id (NATS subjects are global). */
    readonly runId: string,
    private readonly tmp: string,
    private readonly env: Record<string, string>,
  ) {
    this.sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  }

  /** Starts a cluster of `opts.nodes` nodes (all listening, first lease round done). */
  static async start(opts: ClusterOptions = {}): Promise<TestCluster> {
    const adminUrl = opts.adminUrl ?? process.env.DATABASE_URL;
    if (!adminUrl) {
      throw new Error("the cluster tests need DATABASE_URL (Postgres)");
    }
    if (!(await natsReachable())) {
      throw new Error(`NATS is not reachable at ${NATS_URL}: cluster mode needs it`);
    }
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    databaseCounter += 1;
    const name = `tas_c_${process.pid}_${databaseCounter}`;
    try {
      await dropStaleDatabases(admin);
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.unsafe(`create database "${name}"`);
    } finally {
      await admin.end();
    }
    const tmp = mkdtempSync(join(tmpdir(), "tas-cluster-"));
    const runId = `${process.pid.toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    const cluster = new TestCluster(
      adminUrl,
      name,
      withDatabase(adminUrl, name),
      freePort(),
      opts.leaseTtlMs === undefined ? 2000 : opts.leaseTtlMs,
      runId,
      tmp,
      opts.env ?? {},
    );
    try {
      const common = {
        DATABASE_URL: cluster.databaseUrl,
        TAS_MASTER_KEY: CLUSTER_MASTER_KEY,
        TAS_JWT_SECRET: CLUSTER_JWT_SECRET,
        LOG_LEVEL: "info",
      };
      // The broker keeps its tables in its own schema: it starts while the service's migrate.
      const [broker] = await Promise.all([
        spawnTas(
          ["broker", "serve", "--host", "127.0.0.1", "--port", String(cluster.brokerPort)],
          { ...common, DATA_DIR: join(tmp, "broker"), BROKER_HISTORY_DAYS: "1" },
          "demo broker listening",
          "the demo broker",
        ),
        runTas(["migrate"], { ...common, DATA_DIR: join(tmp, "migrate") }),
      ]);
      cluster.broker = broker;
      const count = opts.nodes ?? 2;
      for (let i = 0; i < count; i++) {
        const port = freePort();
        const base = `http://127.0.0.1:${port}`;
        cluster.nodes.push({
          index: i,
          id: `tc-${runId}-n${i}`,
          port,
          base,
          dataDir: join(tmp, `node${i}`),
          call: nodeClient(base),
          proc: null,
          runs: [],
          killedAt: null,
        });
      }
      await Promise.all(cluster.nodes.map((n) => cluster.launch(n)));
    } catch (err) {
      await cluster.close();
      throw err;
    }
    return cluster;
  }

  /** The environment of a node's process. */
  private nodeEnv(node: ClusterNode): Record<string, string> {
    return {
      DATABASE_URL: this.databaseUrl,
      NATS_URL,
      TAS_NODE_ID: node.id,
      TAS_ADVERTISE_URL: node.base,
      PORT: String(node.port),
      HOST: "127.0.0.1",
      DATA_DIR: node.dataDir,
      TAS_EMBEDDED_BROKER: "false",
      BROKER_HOST: "127.0.0.1",
      BROKER_PORT: String(this.brokerPort),
      TAS_SESSION_WORKERS: "1",
      TAS_EA_HOSTS: "1",
      TAS_MASTER_KEY: CLUSTER_MASTER_KEY,
      TAS_JWT_SECRET: CLUSTER_JWT_SECRET,
      ...(this.leaseTtlMs === null ? {} : { TAS_LEASE_TTL_MS: String(this.leaseTtlMs) }),
      LOG_LEVEL: "info",
      // The tests are not about rate limits: bursts of orders and polls must not meet them.
      TAS_RATE_LIMIT_RPS: "100000",
      TAS_RATE_LIMIT_BURST: "100000",
      TAS_TRADE_RATE_PER_SECOND: "10000",
      TAS_TRADE_BURST: "10000",
      TAS_LOGIN_ATTEMPTS_PER_MINUTE: "1000",
      ...this.env,
    };
  }

  private async launch(node: ClusterNode, timeoutMs = 60_000): Promise<void> {
    const { proc, output, errors } = await spawnTas(
      ["serve"],
      this.nodeEnv(node),
      "service listening",
      `node ${node.index} (${node.id})`,
      timeoutMs,
    );
    node.proc = proc;
    const run: ClusterNode["runs"][number] = { output, errors, exitedAt: null };
    node.runs.push(run);
    void proc.exited.then(() => {
      run.exitedAt = Date.now();
    });
  }

  /** Runs the CLI (`tas <args>`) on the cluster's database; its output. */
  cli(args: string[]): Promise<string> {
    return runTas(args, {
      DATABASE_URL: this.databaseUrl,
      TAS_MASTER_KEY: CLUSTER_MASTER_KEY,
      TAS_JWT_SECRET: CLUSTER_JWT_SECRET,
      DATA_DIR: join(this.tmp, "cli"),
      LOG_LEVEL: "warn",
    });
  }

  node(i: number): ClusterNode {
    const node = this.nodes[i];
    if (!node) {
      throw new Error(`no node ${i}`);
    }
    return node;
  }

  /** The node index of a node id. */
  indexOf(nodeId: string): number {
    const i = this.nodes.findIndex((n) => n.id === nodeId);
    if (i < 0) {
      throw new Error(`unknown node ${nodeId}`);
    }
    return i;
  }

  isAlive(i: number): boolean {
    const proc = this.node(i).proc;
    return proc !== null && proc.exitCode === null && proc.signalCode === null;
  }

  /** Indexes of the running nodes. */
  alive(): number[] {
    return this.nodes.filter((n) => this.isAlive(n.index)).map((n) => n.index);
  }

  /** Sends `signal` to node i and waits for its exit; its exit code (or signal). */
  async kill(i: number, signal: "SIGKILL" | "SIGTERM" = "SIGKILL"): Promise<number | string> {
    const node = this.node(i);
    const proc = node.proc;
    if (!proc || !this.isAlive(i)) {
      throw new Error(`node ${i} is not running`);
    }
    node.killedAt = Date.now();
    proc.kill(signal);
    const code = await proc.exited;
    return proc.signalCode ?? code;
  }

  /** Starts node i again (same id, port and data dir); resolves once it listens. */
  async restart(i: number, timeoutMs = 60_000): Promise<void> {
    const node = this.node(i);
    if (this.isAlive(i)) {
      throw new Error(`node ${i} is running`);
    }
    await this.launch(node, timeoutMs);
  }

  /** The demo broker's process id. */
  get brokerPid(): number | null {
    return this.broker?.proc.pid ?? null;
  }

  /** Resident memory of node i's process (the service: API, session workers), bytes. */
  rss(i: number): number {
    const pid = this.node(i).proc?.pid;
    let status = "";
    try {
      status = pid ? readFileSync(`/proc/${pid}/status`, "utf8") : "";
    } catch {
      // exited
    }
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  }

  /** Every log line of node i (all its runs), parsed. */
  logs(i: number): LogLine[] {
    const out: LogLine[] = [];
    for (const run of this.node(i).runs) {
      for (const line of run.output.text.split("\n")) {
        if (line.startsWith("{")) {
          try {
            out.push(JSON.parse(line) as LogLine);
          } catch {
            // a partial last line
          }
        }
      }
    }
    return out;
  }

  /** The raw output (logs, then stderr) of node i's runs (for failure messages). */
  output(i: number): string {
    return this.node(i)
      .runs.map((r) => `${r.output.text}${r.errors.text}`)
      .join("\n--- restart ---\n");
  }

  // --- seeding ----------------------------------------------------------------------------------

  /** Seeds the superadmin (through node 0) and logs in; its token is kept in `token`. */
  async seed(): Promise<string> {
    const credentials = { username: "root", password: "cluster-root-password" };
    const call = this.node(0).call;
    const seeded = await call("POST", "/admin/seed", { body: credentials });
    if (seeded.status !== 201 && seeded.status !== 200) {
      throw new Error(`seed: ${seeded.status} ${JSON.stringify(seeded.body)}`);
    }
    const login = await call("POST", "/admin/login", { body: credentials });
    this.token = login.body.data.token;
    return this.token;
  }

  /** Issues an API key (superadmin), through node `via`. */
  async createKey(
    body: Record<string, unknown> = {},
    via = 0,
  ): Promise<{ id: string; key: string }> {
    const res = await this.node(via).call("POST", "/admin/keys", {
      token: this.token,
      body: { max_accounts: 50, ...body },
    });
    if (res.status !== 201) {
      throw new Error(`create key: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return { id: res.body.data.id, key: res.body.data.key };
  }

  /**
   * Opens `count` demo accounts at the broker and registers them under `key` (through the nodes
   * in turn, `concurrency` at a time); their ids, in order. They connect on their own (their
   * owner's), see `waitSettled`.
   */
  async demoAccounts(
    key: string,
    count: number,
    opts: { deposit?: number; leverage?: number; concurrency?: number; retries?: number } = {},
  ): Promise<string[]> {
    const ids: string[] = new Array(count);
    let next = 0;
    /** Sends until a 2xx; a 5xx (a busy broker) is tried again `retries` times, a second apart. */
    const send = async (call: NodeClient, path: string, body: unknown, what: string) => {
      for (let attempt = 0; ; attempt++) {
        const res = await call("POST", path, { key, body });
        if (res.status === 200 || res.status === 201) {
          return res.body.data;
        }
        if (res.status < 500 || attempt >= (opts.retries ?? 0)) {
          throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
        }
        await Bun.sleep(1000);
      }
    };
    const worker = async () => {
      for (let i = next++; i < count; i = next++) {
        const call = this.node(this.alive()[i % this.alive().length] ?? 0).call;
        const demo = await send(
          call,
          "/api/brokers/demo",
          {
            company: "TAS Markets",
            deposit: opts.deposit ?? 100_000,
            leverage: opts.leverage ?? 100,
          },
          "demo account",
        );
        const created = await send(
          call,
          "/api/accounts",
          { terminal_login: demo.login, password: demo.password, server_name: "TAS-Demo" },
          "register account",
        );
        ids[i] = created.id;
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency ?? 3 }, worker));
    return ids;
  }

  // --- views ------------------------------------------------------------------------------------

  /** `GET /admin/cluster` on node i. */
  async view(i: number): Promise<ClusterView> {
    const res = await this.node(i).call("GET", "/admin/cluster", {
      token: this.token,
      timeoutMs: 5000,
    });
    if (res.status !== 200) {
      throw new Error(`GET /admin/cluster on node ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body.data as ClusterView;
  }

  /** Node i's view as account → owners (every node listing it) with epochs. */
  async owners(i: number): Promise<Map<string, Array<{ node: string; epoch: number }>>> {
    const view = await this.view(i);
    const out = new Map<string, Array<{ node: string; epoch: number }>>();
    for (const n of view.nodes) {
      for (const a of n.accounts) {
        const list = out.get(a.account_id) ?? [];
        list.push({ node: n.node_id, epoch: a.epoch });
        out.set(a.account_id, list);
      }
    }
    return out;
  }

  /** Every lease row in Postgres: its node (null once released), epoch, and whether its node is live. */
  async leases(): Promise<Map<string, { node: string | null; epoch: number; live: boolean }>> {
    const rows = await this.sql<
      { account_id: string; node_id: string | null; epoch: string; live: boolean }[]
    >`select l.account_id::text, l.node_id, l.epoch::text,
        coalesce(n.heartbeat_at > now() - (${this.leaseTtlMs ?? 4000} * interval '1 millisecond'), false) as live
      from account_leases l left join cluster_nodes n on n.node_id = l.node_id`;
    return new Map(
      rows.map((r) => [r.account_id, { node: r.node_id, epoch: Number(r.epoch), live: r.live }]),
    );
  }

  /**
   * Whether the running nodes agree: every account of `accountIds` is listed under exactly one
   * live node, the same one with the same epoch in every running node's `GET /admin/cluster`, and
   * its session is connected on that node as every running node's `GET /admin/accounts` says
   * (`session_status`, `node_id`) — and, given a `key` holding them all, `GET …/session` through
   * every running node too. Returns the owners (account → node index, epoch), or null while they
   * do not agree.
   */
  async agreed(
    accountIds: readonly string[],
    key?: string,
  ): Promise<Map<string, { node: number; epoch: number }> | null> {
    const alive = this.alive();
    const liveIds = new Set(alive.map((i) => this.node(i).id));
    let agreed: Map<string, { node: number; epoch: number }> | null = null;
    for (const i of alive) {
      const owners = await this.owners(i);
      const mine = new Map<string, { node: number; epoch: number }>();
      for (const id of accountIds) {
        const list = owners.get(id) ?? [];
        const only = list[0];
        if (list.length !== 1 || !only || !liveIds.has(only.node)) {
          return null;
        }
        mine.set(id, { node: this.indexOf(only.node), epoch: only.epoch });
      }
      if (agreed) {
        for (const [id, o] of mine) {
          const a = agreed.get(id);
          if (a?.node !== o.node || a.epoch !== o.epoch) {
            return null;
          }
        }
      }
      agreed = mine;
    }
    if (!agreed) {
      return null;
    }
    const owned = agreed;
    const connectedOn = (id: string, row: { status?: string; node_id?: string } | undefined) => {
      const owner = owned.get(id);
      return row?.status === "connected" && owner && row.node_id === this.node(owner.node).id;
    };
    for (const i of alive) {
      const res = await this.node(i).call("GET", "/admin/accounts", {
        token: this.token,
        timeoutMs: 10_000,
      });
      const rows = new Map<string, { status?: string; node_id?: string }>(
        (
          (res.body?.data ?? []) as Array<{ id: string; session_status: string; node_id: string }>
        ).map((a) => [a.id, { status: a.session_status, node_id: a.node_id }]),
      );
      if (!accountIds.every((id) => connectedOn(id, rows.get(id)))) {
        return null;
      }
      if (key) {
        for (const id of accountIds) {
          const s = await this.node(i).call("GET", `/api/accounts/${id}/session`, {
            key,
            timeoutMs: 5000,
          });
          if (!connectedOn(id, s.body?.data)) {
            return null;
          }
        }
      }
    }
    return owned;
  }

  /** Waits until the running nodes agree on `accountIds` (see `agreed`); the owners. */
  waitSettled(
    accountIds: readonly string[],
    key?: string,
    timeoutMs = 20_000,
  ): Promise<Map<string, { node: number; epoch: number }>> {
    return waitFor(
      () => this.agreed(accountIds, key),
      timeoutMs,
      "the nodes to agree on the owners",
      100,
    );
  }

  /**
   * Every node's serving intervals per account, from the logs ("account session acquired" →
   * "account session released", or the node's kill when it died holding it; open when it still
   * serves). For checks that no account was served by two nodes at once.
   */
  servingIntervals(): Map<
    string,
    Array<{ node: number; from: number; to: number; epoch: number }>
  > {
    const out = new Map<string, Array<{ node: number; from: number; to: number; epoch: number }>>();
    for (const node of this.nodes) {
      const open = new Map<string, { from: number; epoch: number }>();
      const close = (accountId: string, to: number) => {
        const o = open.get(accountId);
        if (o) {
          const list = out.get(accountId) ?? [];
          list.push({ node: node.index, from: o.from, to, epoch: o.epoch });
          out.set(accountId, list);
          open.delete(accountId);
        }
      };
      for (const run of node.runs) {
        for (const line of run.output.text.split("\n")) {
          if (!line.startsWith("{")) {
            continue;
          }
          let l: LogLine;
          try {
            l = JSON.parse(line) as LogLine;
          } catch {
            continue;
          }
          const accountId = typeof l.accountId === "string" ? l.accountId : null;
          if (accountId && l.msg === "account session acquired") {
            open.set(accountId, { from: Date.parse(l.time), epoch: Number(l.epoch) });
          } else if (accountId && l.msg === "account session released") {
            close(accountId, Date.parse(l.time));
          }
        }
        // A run that ended (killed) stopped serving when it exited, at the latest.
        const end = run.exitedAt ?? Number.POSITIVE_INFINITY;
        for (const id of [...open.keys()]) {
          close(id, end);
        }
      }
    }
    return out;
  }

  /** Accounts two nodes served at the same time (from `servingIntervals`), described; none: []. */
  overlaps(): string[] {
    const out: string[] = [];
    for (const [accountId, list] of this.servingIntervals()) {
      const sorted = [...list].sort((a, b) => a.from - b.from);
      let latest: (typeof sorted)[number] | null = null;
      for (const cur of sorted) {
        if (latest && cur.from < latest.to && cur.node !== latest.node) {
          out.push(
            `${accountId}: node ${latest.node} (epoch ${latest.epoch}) served it until ${new Date(latest.to).toISOString()}, node ${cur.node} (epoch ${cur.epoch}) from ${new Date(cur.from).toISOString()}`,
          );
        }
        if (!latest || cur.to > latest.to) {
          latest = cur;
        }
      }
    }
    return out;
  }

  /** Stops everything (kill -9: the database is dropped anyway) and drops the database. */
  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    const procs = [...this.nodes.map((n) => n.proc), this.broker?.proc].filter(
      (p): p is Bun.Subprocess => p !== null && p !== undefined,
    );
    for (const p of procs) {
      p.kill("SIGKILL");
    }
    await Promise.all(procs.map((p) => p.exited));
    await this.sql.end({ timeout: 5 }).catch(() => {});
    const admin = postgres(this.adminUrl, { max: 1, onnotice: () => {} });
    await admin
      .unsafe(`drop database if exists "${this.databaseName}" with (force)`)
      .catch(() => {});
    await admin.end();
    rmSync(this.tmp, { recursive: true, force: true });
  }
}
