// The service as a child process (`tas serve`), for tests that kill it: started on a data dir
// (and a Postgres database when DATABASE_URL is set) that outlives it, so a restart finds what
// the killed process left; plus a small HTTP client for it.
import { join } from "node:path";

const BIN = join(import.meta.dir, "../../bin/tas");

export interface ServiceProcessOptions {
  readonly dataDir: string;
  readonly port: number;
  readonly brokerPort: number;
  /** The service database on Postgres; unset → the embedded PGlite in `dataDir`. */
  readonly databaseUrl?: string | null;
  readonly env?: Record<string, string>;
}

/** Starts `tas serve` and resolves once it logs "service listening". */
export async function startServiceProcess(opts: ServiceProcessOptions) {
  const proc = Bun.spawn([BIN, "serve"], {
    env: {
      PATH: process.env.PATH ?? "",
      DATA_DIR: opts.dataDir,
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      BROKER_PORT: String(opts.brokerPort),
      BROKER_HISTORY_DAYS: "1",
      TAS_SESSION_WORKERS: "1",
      LOG_LEVEL: "info",
      TAS_MASTER_KEY: "44".repeat(32),
      TAS_JWT_SECRET: "service-restart-secret-service-restart-00",
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
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
  // Keep draining its output so a chatty service never blocks on a full pipe.
  void (async () => {
    while (!(await reader.read().catch(() => ({ done: true }))).done) {}
  })();
  return proc;
}

export interface CallOptions {
  key?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A JSON client of the service at `base`. */
export function serviceClient(base: string) {
  return async (method: string, path: string, opts: CallOptions = {}) => {
    const headers: Record<string, string> = { "content-type": "application/json", ...opts.headers };
    if (opts.key) {
      headers["x-api-key"] = opts.key;
    }
    if (opts.token) {
      headers.authorization = `Bearer ${opts.token}`;
    }
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
}

/**
 * On a fresh service: seeds the superadmin, issues a key, opens a demo account with `deposit`,
 * registers it and connects it. Returns the key and the account id.
 */
export async function connectedDemoAccount(
  call: ReturnType<typeof serviceClient>,
  deposit: number,
): Promise<{ key: string; accountId: string }> {
  const credentials = { username: "root", password: "root-password" };
  await call("POST", "/admin/seed", { body: credentials });
  const token = (await call("POST", "/admin/login", { body: credentials })).body.data.token;
  const key = (await call("POST", "/admin/keys", { token, body: {} })).body.data.key;
  const demo = (
    await call("POST", "/api/brokers/demo", { key, body: { company: "TAS Markets", deposit } })
  ).body.data;
  const account = (
    await call("POST", "/api/accounts", {
      key,
      body: { terminal_login: demo.login, password: demo.password, server_name: "TAS-Demo" },
    })
  ).body.data;
  const status = (await call("POST", `/api/accounts/${account.id}/connect`, { key })).body.data
    ?.status;
  if (status !== "connected") {
    throw new Error(`the demo account did not connect: ${status}`);
  }
  return { key, accountId: account.id };
}
