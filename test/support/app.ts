// TestApp: the real application on a fresh database, driven through `app.handle` (HTTP) with
// helpers to seed an admin, log in, issue keys and register accounts — no mocks.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningDemoBroker, runDemoBroker } from "../../src/broker/server/run.ts";
import { composeService, openRuntime, type ServiceGraph } from "../../src/composition.ts";
import { type Config, loadConfig } from "../../src/config/index.ts";
import type { EaHostPool, EaHostPoolOptions } from "../../src/ea/host-pool.ts";
import type { App } from "../../src/http/app.ts";
import { createLogger } from "../../src/logging/logger.ts";
import type { ServiceDeps } from "../../src/services/deps.ts";
import { startEaPool } from "../../src/services/ea-instances.ts";
import type { Services } from "../../src/services/index.ts";
import { SessionManager } from "../../src/sessions/manager.ts";
import { TestClock } from "./clock.ts";
import { freshDatabase, type TestDatabase } from "./db.ts";

export const TEST_MASTER_KEY = "11".repeat(32);
export const TEST_JWT_SECRET = "test-jwt-secret-that-is-long-enough-0123456789";

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body text, sent as is. */
  raw?: string;
  key?: string;
  token?: string;
  headers?: Record<string, string>;
  contentType?: string | null;
}

export interface TestAppOptions {
  /** Start an in-process demo broker (on a free port) and point TAS-Demo at it. */
  readonly broker?: boolean;
  /** The broker's clock (default: a TestClock frozen on Wednesday 2026-11-18 14:00 UTC). */
  readonly brokerClock?: TestClock;
  /** Keep the broker's data in this PGlite directory (so a restarted broker has it); default in memory. */
  readonly brokerDataDir?: string;
  /** Broker tick loop period, ms (0: step by hand with `broker.broker.step()`). */
  readonly tickIntervalMs?: number;
  /** Start the EA host pool (Node hosts; slower start). Default off. */
  readonly ea?: boolean;
  /** Pool options for `ea: true` (limits, hosts…). */
  readonly eaPool?: Partial<EaHostPoolOptions>;
  /** Keep an embedded database in DATA_DIR/db on disk, as `npm start` does (default: memory). */
  readonly databaseOnDisk?: boolean;
  /** Where the service's log lines go (default stdout; the level is LOG_LEVEL, "silent" here). */
  readonly logDestination?: { write(line: string): void };
}

/** Wednesday 2026-11-18 14:00 UTC: FX open, far from rollover. */
export const WEDNESDAY_14_UTC = Date.UTC(2026, 10, 18, 14, 0, 0);

export interface TestApp {
  readonly app: App;
  readonly sessions: SessionManager;
  readonly broker: RunningDemoBroker | null;
  readonly config: Config;
  readonly services: Services;
  readonly deps: ServiceDeps;
  readonly clock: TestClock;
  readonly db: TestDatabase;
  /** The EA host pool (with `ea: true`). */
  readonly eaPool: EaHostPool | null;
  /** The node's metrics and readiness checks (as the composition root built them). */
  readonly observability: Pick<ServiceGraph, "metrics" | "readiness">;
  request(method: string, path: string, opts?: RequestOptions): Promise<Reply>;
  /** Seeds the superadmin (once) and returns its token. */
  superToken(): Promise<string>;
  /** Creates a plain admin with the CLI service and returns its token. */
  createAdmin(
    username?: string,
    opts?: { maxAccounts?: number },
  ): Promise<{ token: string; uuid: string; username: string }>;
  createKey(token: string, body?: Record<string, unknown>): Promise<{ id: string; key: string }>;
  createAccount(key: string, body?: Record<string, unknown>): Promise<any>;
  /**
   * Opens a demo account on the test broker (`demo`: deposit, leverage, server…), registers it
   * under `key` and connects it; throws unless it connects.
   */
  connectDemoAccount(
    key: string,
    demo?: Record<string, unknown>,
  ): Promise<{ id: string; login: number; password: string }>;
  close(): Promise<void>;
}

let adminCounter = 0;

export async function createTestApp(
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const broker = opts.broker
    ? await runDemoBroker({
        host: "127.0.0.1",
        port: 0,
        databaseUrl: null,
        dataDir: opts.brokerDataDir ?? null,
        clock: opts.brokerClock ?? new TestClock().freeze(WEDNESDAY_14_UTC),
        seed: 7,
        historyDays: 2,
        tickIntervalMs: opts.tickIntervalMs ?? 0,
      })
    : null;
  const dataDir = mkdtempSync(join(tmpdir(), "tas-test-"));
  const db = await freshDatabase(opts.databaseOnDisk ? join(dataDir, "db") : undefined);
  const config = loadConfig({
    DATA_DIR: dataDir,
    TAS_MASTER_KEY: TEST_MASTER_KEY,
    TAS_JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "silent",
    TAS_LOGIN_ATTEMPTS_PER_MINUTE: "1000",
    TAS_RATE_LIMIT_BURST: "10000",
    TAS_RATE_LIMIT_RPS: "10000",
    TAS_SESSION_WORKERS: "1",
    ...(broker ? { BROKER_PORT: String(broker.port) } : {}),
    ...env,
  });
  const clock = new TestClock();
  const logger = createLogger(config.logLevel, opts.logDestination);
  const runtime = await openRuntime(config, logger, { clock, database: db.database });
  const { deps } = runtime;
  const sessions = new SessionManager({
    nodeId: config.nodeId,
    workers: config.sessionWorkers,
    logger,
    callTimeoutMs: 15_000,
  });
  // No DNS in CI: *.example.com resolves to example.com's public address, numeric hosts to
  // themselves; anything else is unresolvable.
  const resolve = async (host: string): Promise<string[]> => {
    if (/^[\d.]+$/.test(host) || host.includes(":")) {
      return [host];
    }
    if (host === "example.com" || host.endsWith(".example.com")) {
      return ["93.184.215.14"];
    }
    throw new Error(`getaddrinfo ENOTFOUND ${host}`);
  };
  const { services, app, metrics, readiness } = composeService(runtime, { sessions, resolve });
  const eaPool = opts.ea
    ? await startEaPool(services.eaInstances, deps, join(dataDir, "tmp"), opts.eaPool)
    : null;
  let superToken: Promise<string> | null = null;

  const request = async (
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<Reply> => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    let body: string | undefined;
    if (opts.raw !== undefined) {
      body = opts.raw;
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
    }
    if (body !== undefined && opts.contentType !== null) {
      headers["content-type"] = opts.contentType ?? "application/json";
    }
    if (opts.key) {
      headers["x-api-key"] = opts.key;
    }
    if (opts.token) {
      headers.authorization = `Bearer ${opts.token}`;
    }
    const res = await app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
      }),
    );
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  };

  const login = async (username: string, password: string): Promise<string> => {
    const res = await request("POST", "/admin/login", { body: { username, password } });
    if (res.status !== 200) {
      throw new Error(`login failed: ${res.text}`);
    }
    return res.body.data.token as string;
  };

  const t: TestApp = {
    app,
    sessions,
    broker,
    config,
    services,
    deps,
    clock,
    db,
    eaPool,
    observability: { metrics, readiness },
    request,
    superToken() {
      superToken ??= (async () => {
        const res = await request("POST", "/admin/seed", {
          body: { username: "root", password: "root-password" },
        });
        if (res.status !== 201) {
          throw new Error(`seed failed: ${res.text}`);
        }
        return login("root", "root-password");
      })();
      return superToken;
    },
    async createAdmin(username, opts = {}) {
      adminCounter += 1;
      const name = username ?? `admin${adminCounter}`;
      const admin = await services.admins.create(
        { type: "cli", id: "test" },
        { username: name, password: "admin-password", role: "admin", ...opts },
      );
      return { token: await login(name, "admin-password"), uuid: admin.uuid, username: name };
    },
    async createKey(token, body = {}) {
      const res = await request("POST", "/admin/keys", { token, body });
      if (res.status !== 201) {
        throw new Error(`key creation failed: ${res.text}`);
      }
      return { id: res.body.data.id, key: res.body.data.key };
    },
    async createAccount(key, body = {}) {
      const res = await request("POST", "/api/accounts", {
        key,
        body: { terminal_login: 100001, password: "broker-pw", server_name: "TAS-Demo", ...body },
      });
      if (res.status !== 201) {
        throw new Error(`account creation failed: ${res.text}`);
      }
      return res.body.data;
    },
    async connectDemoAccount(key, demo = {}) {
      const created = await request("POST", "/api/brokers/demo", {
        key,
        body: { company: "TAS Markets", ...demo },
      });
      if (created.status !== 201) {
        throw new Error(`demo account creation failed: ${created.text}`);
      }
      const { login, password, server_name } = created.body.data;
      const account = await this.createAccount(key, {
        terminal_login: login,
        password,
        server_name,
      });
      const connected = await request("POST", `/api/accounts/${account.id}/connect`, { key });
      if (connected.body.data?.status !== "connected") {
        throw new Error(`not connected: ${connected.text}`);
      }
      return { id: account.id as string, login: login as number, password: password as string };
    },
    async close() {
      await services.eaInstances.close();
      await eaPool?.close({ deinit: false });
      await sessions.close();
      await broker?.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
