// The service's configuration: parsed once from the environment at startup into one frozen,
// typed object, then passed down explicitly. No other module reads process.env.

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { parseDailyTime } from "../domain/schedule.ts";
import { type EaWebRequestConfig, loadEaWebRequestConfig } from "./web-request.ts";

/** How this node takes part in a cluster (see src/cluster). */
export interface ClusterConfig {
  /** NATS server(s), comma-separated `nats://host:port`. Env `NATS_URL`. */
  readonly natsUrl: string;
  /** How other nodes and the load balancer reach this node. Env `TAS_ADVERTISE_URL`, default `http://<hostname>:<PORT>`. */
  readonly advertiseUrl: string;
  /** Lifetime of an account lease and of a node's heartbeat, ms: a dead node's accounts are connected elsewhere about this long after its last renewal. Env `TAS_LEASE_TTL_MS`, default 4000 (failover well within 10 s). */
  readonly leaseTtlMs: number;
}

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export interface Config {
  /** HTTP + WebSocket port. Env `PORT`, default 8080. */
  readonly port: number;
  /** This node's name: requests it runs are held under `<node>/<boot>`, so after a restart it knows its earlier boot's unfinished requests as dead; in cluster mode it names the node that owns a lease. Unique per node. Env `TAS_NODE_ID`, default a generated id kept in `DATA_DIR/node.id` (`<hostname>:<PORT>` where no data dir is created). */
  readonly nodeId: string;
  /** Cluster mode (several nodes on one Postgres and NATS); null runs one node as before. Env `NATS_URL` (needs `DATABASE_URL`), `TAS_ADVERTISE_URL`, `TAS_LEASE_TTL_MS`. */
  readonly cluster: ClusterConfig | null;
  /** Interface to bind. Env `HOST`, default `0.0.0.0`. */
  readonly host: string;
  /** Folder for the embedded database, generated secrets and broker state. Env `DATA_DIR`, default `./data`. */
  readonly dataDir: string;
  /** Postgres URL; when unset the embedded PGlite database in `DATA_DIR/db` is used. Env `DATABASE_URL`. */
  readonly databaseUrl: string | null;
  /** 32-byte AES-256-GCM key for broker secrets. Env `TAS_MASTER_KEY` (64 hex chars or base64), else `DATA_DIR/master.key`. */
  readonly masterKey: Buffer;
  /** HS256 secret for admin JWTs. Env `TAS_JWT_SECRET` (≥ 32 chars), else `DATA_DIR/jwt.secret`. */
  readonly jwtSecret: string;
  /** Admin token lifetime in seconds. Env `TAS_JWT_TTL_SECONDS`, default 43200 (12 h). */
  readonly jwtTtlSeconds: number;
  /** Log level. Env `LOG_LEVEL`, default `info` (request lines are logged at `debug`). */
  readonly logLevel: LogLevel;
  /** Bearer token GET /metrics requires (`Authorization: Bearer <token>`); null serves it without authentication. Env `TAS_METRICS_TOKEN` (16-512 visible ASCII characters), default unset. */
  readonly metricsToken: string | null;
  /** Largest accepted request body in bytes. Env `TAS_MAX_BODY_BYTES`, default 1 MiB. */
  readonly maxBodyBytes: number;
  /** Per-key sustained request rate (requests/second). Env `TAS_RATE_LIMIT_RPS`, default 100. */
  readonly rateLimitRps: number;
  /** Per-key burst size (bucket capacity). Env `TAS_RATE_LIMIT_BURST`, default 200. */
  readonly rateLimitBurst: number;
  /** Seconds a verified API key stays in the in-memory cache. Env `TAS_KEY_CACHE_TTL_SECONDS`, default 30. */
  readonly keyCacheTtlSeconds: number;
  /** Admin password checks allowed per client address in any 60 s (then backoff; see `LoginLimiter`). Env `TAS_LOGIN_ATTEMPTS_PER_MINUTE`, default 10. */
  readonly loginAttemptsPerMinute: number;
  /** Seconds a key's account list may be served from memory when another node (or the CLI) could
   * have changed it; changes made through this node invalidate at once. Env
   * `TAS_REGISTRY_CACHE_TTL_SECONDS`, default 2. */
  readonly registryCacheTtlSeconds: number;
  /** Interface of the embedded demo broker. Env `BROKER_HOST`, default `127.0.0.1`. */
  readonly brokerHost: string;
  /** Port of the embedded demo broker. Env `BROKER_PORT`, default 4430. */
  readonly brokerPort: number;
  /** Operator allow-list of broker/proxy endpoints that may be private or loopback (host, host:port or CIDR). Env `TAS_BROKER_ALLOWLIST` (comma-separated); the embedded demo broker is always allowed. */
  readonly brokerAllowList: readonly string[];
  /** Session worker threads. Env `TAS_SESSION_WORKERS`, default the CPU count. */
  readonly sessionWorkers: number;
  /** Run the demo broker inside the service (its own worker). Env `TAS_EMBEDDED_BROKER`, default true. */
  readonly embeddedBroker: boolean;
  /** Seed of the demo broker's price feed; unset → a random seed kept in its database. Env `BROKER_SEED`. */
  readonly brokerSeed: number | null;
  /** Replay MT4 M1 CSV files instead of the synthetic feed: `SYMBOL=path[,SYMBOL=path…]`. Env `BROKER_REPLAY`. */
  readonly brokerReplay: readonly { readonly symbol: string; readonly path: string }[];
  /** UTC offset of the replay files' server time, minutes. Env `BROKER_REPLAY_OFFSET_MINUTES`, default 180. */
  readonly brokerReplayOffsetMinutes: number;
  /** Replay speed (simulated seconds per wall second). Env `BROKER_REPLAY_SPEED`, default 1. */
  readonly brokerReplaySpeed: number;
  /** Days of M1 history the demo broker back-fills at start. Env `BROKER_HISTORY_DAYS`, default 30. */
  readonly brokerHistoryDays: number;
  /** Scale on the demo feed's tick intensity, which is measured from recorded tick volumes (1 = as recorded, e.g. EURUSD ≈ 100–200 ticks/min in London/New York hours). Env `BROKER_TICK_INTENSITY`, default 1. */
  readonly brokerTickIntensity: number;
  /** Cap on the demo broker's ticks per second per symbol, averaged over a minute (synthetic and replayed feeds). Env `BROKER_MAX_TICKS_PER_SECOND`, default 10. */
  readonly brokerMaxTicksPerSecond: number;
  /** Optional JSON file of other brokers' servers for the broker directory. Env `BROKER_DIRECTORY_FILE`. */
  readonly brokerDirectoryFile: string | null;
  /** UTC time of day `HH:MM` of the daily usage snapshot job. Env `TAS_SNAPSHOT_TIME_UTC`, default `00:05`. */
  readonly snapshotTimeUtc: string;
  // --- WebSocket /ws limits ---
  /** Open /ws connections allowed per API key; one more is closed with 1008. Env `TAS_WS_MAX_CONNECTIONS_PER_KEY`, default 20. */
  readonly wsMaxConnectionsPerKey: number;
  /** Subscriptions per connection (one per channel and account, one per symbol for quotes/bars). Env `TAS_WS_MAX_SUBSCRIPTIONS`, default 200. */
  readonly wsMaxSubscriptionsPerConnection: number;
  /** Messages a congested connection may hold queued (quotes conflated, everything else kept) before it is closed with 4000. Env `TAS_WS_BUFFER_MESSAGES`, default 2000. */
  readonly wsBufferMessages: number;
  /** Bytes buffered in a socket above which it counts as congested and queues (and conflates quotes). Env `TAS_WS_SOFT_BUFFER_BYTES`, default 262144 (256 KiB). */
  readonly wsSoftBufferBytes: number;
  /** Replayable messages (trade, account, session, ea) kept per account for `last_seq` resumption. Env `TAS_WS_REPLAY_BUFFER`, default 1000. */
  readonly wsReplayBuffer: number;
  /** Client frames per second per connection (token-bucket refill). Env `TAS_WS_MESSAGE_RATE`, default 50. */
  readonly wsMessageRate: number;
  /** Client frame burst per connection (bucket capacity). Env `TAS_WS_MESSAGE_BURST`, default 100. */
  readonly wsMessageBurst: number;
  /** Rate-limited frames tolerated per connection before it is closed with 4029. Env `TAS_WS_MAX_VIOLATIONS`, default 50. */
  readonly wsMaxViolations: number;
  /** Largest client frame in bytes answered normally; larger ones get an error (frames over 1 MiB close with 1009). Env `TAS_WS_MAX_FRAME_BYTES`, default 16384. */
  readonly wsMaxFrameBytes: number;
  /** Seconds without traffic before a connection is dropped; the server pings idle sockets so live ones stay open. Env `TAS_WS_IDLE_TIMEOUT_SECONDS`, default 60. */
  readonly wsIdleTimeoutSeconds: number;
  // --- EA runtime ---
  /** Node EA host processes, each holding many isolated-vm sandboxes. Env `TAS_EA_HOSTS`, default 1. */
  readonly eaHosts: number;
  /** Heap limit of one EA isolate, MB. Env `TAS_EA_MEMORY_MB`, default 64. */
  readonly eaMemoryMb: number;
  /** Wall time one EA handler call (OnTick, OnTimer…) may take, ms; past it the instance stops with status `error`. Env `TAS_EA_HANDLER_MS`, default 100. */
  readonly eaHandlerMs: number;
  /** Log lines (Print/Alert/…) one EA instance may emit per second; extra lines are dropped and counted. Env `TAS_EA_LOG_LINES_PER_SEC`, default 100. */
  readonly eaLogLinesPerSec: number;
  /** Largest EA file accepted by `POST /admin/eas`, bytes (larger → 413). Env `TAS_EA_MAX_UPLOAD_BYTES`, default 4194304 (4 MiB). */
  readonly eaMaxUploadBytes: number;
  /** Bytes of files an EA's own file folder may hold, and an account's common folder (FILE_COMMON) too; a write past it fails in the EA. Both are loaded into the EA's isolate at start. Env `TAS_EA_FILE_QUOTA_BYTES`, default 10485760 (10 MiB), at most 16 MiB. */
  readonly eaFileQuotaBytes: number;
  /** MQL5 WebRequest: allowed URLs, the private-address opt-in, timeout and size caps (./web-request.ts). Env `TAS_EA_WEBREQUEST_ALLOW`, `TAS_EA_WEBREQUEST_ALLOW_PRIVATE`, `TAS_EA_WEBREQUEST_TIMEOUT_MS`, `TAS_EA_WEBREQUEST_MAX_BYTES`. */
  readonly eaWebRequest: EaWebRequestConfig;
  // --- Trade limits (MT5 retcodes 10024 TOO_MANY_REQUESTS and 10033 LIMIT_ORDERS) ---
  /** Trade requests (place, modify, close, cancel, close-by) per second per account, REST and EA together; over it → 429 / retcode 10024. Env `TAS_TRADE_RATE_PER_SECOND`, default 20. */
  readonly tradeRatePerSecond: number;
  /** Burst of trade requests per account (bucket capacity). Env `TAS_TRADE_BURST`, default 40. */
  readonly tradeBurst: number;
  /** Trade requests per second of one EA instance (they count against the account's rate too). Env `TAS_EA_TRADE_RATE_PER_SECOND`, default 10. */
  readonly eaTradeRatePerSecond: number;
  /** Burst of trade requests of one EA instance. Env `TAS_EA_TRADE_BURST`, default 20. */
  readonly eaTradeBurst: number;
  /** Pending (resting) orders an account may hold; one more → 422 LIMIT_ORDERS / retcode 10033; 0 = no cap. Env `TAS_MAX_PENDING_ORDERS`, default 200. */
  readonly maxPendingOrders: number;
  /** Refused trade requests (10024, 10033) an EA instance may have within the window; one more stops it with status `error`. Env `TAS_EA_MAX_TRADE_REFUSALS`, default 50. */
  readonly eaMaxTradeRefusals: number;
  /** The window of `eaMaxTradeRefusals`, seconds. Env `TAS_EA_TRADE_REFUSAL_WINDOW_SECONDS`, default 10. */
  readonly eaTradeRefusalWindowSeconds: number;
  /** The demo broker's own limit of pending orders per account (it answers 10033 itself); 0 = none. Env `BROKER_LIMIT_ORDERS`, default 500. */
  readonly brokerLimitOrders: number;
}

/** A configuration problem; the CLI prints its message as one line and exits 1. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = [
  "fatal",
  "error",
  "warn",
  "info",
  "debug",
  "trace",
  "silent",
];

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") {
    return fallback;
  }
  if (!/^\d+$/.test(raw.trim())) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  const value = Number(raw.trim());
  if (value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** A boolean variable: true/false, 1/0 or yes/no (any case); `fallback` when unset. */
function boolVar(env: Env, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? String(fallback)).trim().toLowerCase();
  if (!["true", "false", "1", "0", "yes", "no"].includes(raw)) {
    throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
  }
  return ["true", "1", "yes"].includes(raw);
}

function numberVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") {
    return fallback;
  }
  const value = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new ConfigError(`${name} must be a number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function parseMasterKey(raw: string, source: string): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, "hex")
    : Buffer.from(text, "base64");
  if (key.length !== 32) {
    throw new ConfigError(`${source} must hold 32 bytes as 64 hex characters or base64`);
  }
  return key;
}

/** Reads a generated secret from `file`, creating it (mode 0600) on first start. */
function generatedSecret(file: string, make: () => string): string {
  if (existsSync(file)) {
    return readFileSync(file, "utf8").trim();
  }
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: "wx" });
  return value;
}

export interface LoadOptions {
  /** Create DATA_DIR and generated secrets if missing (true for `serve`/`migrate`). */
  readonly createDataDir?: boolean;
}

/** Parses the environment into a Config, or throws ConfigError with one clear line. */
export function loadConfig(env: Env, options: LoadOptions = {}): Config {
  const dataDirRaw = env.DATA_DIR && env.DATA_DIR.trim() !== "" ? env.DATA_DIR : "./data";
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(dataDirRaw);
  const databaseUrl = env.DATABASE_URL && env.DATABASE_URL.trim() !== "" ? env.DATABASE_URL : null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql://");
  }
  const logLevel = (env.LOG_LEVEL ?? "info").trim().toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}"`,
    );
  }
  const host = env.HOST && env.HOST.trim() !== "" ? env.HOST.trim() : "0.0.0.0";
  const metricsToken = env.TAS_METRICS_TOKEN?.trim() || null;
  if (metricsToken !== null && !/^[\x21-\x7e]{16,512}$/.test(metricsToken)) {
    throw new ConfigError("TAS_METRICS_TOKEN must be 16-512 visible ASCII characters");
  }
  const port = intVar(env, "PORT", 8080, 0, 65535);
  const natsUrl = env.NATS_URL && env.NATS_URL.trim() !== "" ? env.NATS_URL.trim() : null;
  if (natsUrl !== null) {
    if (databaseUrl === null) {
      throw new ConfigError("NATS_URL (cluster mode) needs DATABASE_URL: the nodes share Postgres");
    }
    for (const server of natsUrl.split(",")) {
      if (!/^(nats|tls|ws|wss):\/\/[^\s/]+(:\d+)?\/?$/.test(server.trim())) {
        throw new ConfigError(`NATS_URL entries must look like nats://host:port, got "${server}"`);
      }
    }
  }
  const jwtTtlSeconds = intVar(env, "TAS_JWT_TTL_SECONDS", 43_200, 60, 30 * 86_400);
  const maxBodyBytes = intVar(env, "TAS_MAX_BODY_BYTES", 1_048_576, 1024, 64 * 1_048_576);
  const rateLimitRps = intVar(env, "TAS_RATE_LIMIT_RPS", 100, 1, 1_000_000);
  const rateLimitBurst = intVar(env, "TAS_RATE_LIMIT_BURST", 200, 1, 1_000_000);
  const keyCacheTtlSeconds = intVar(env, "TAS_KEY_CACHE_TTL_SECONDS", 30, 0, 3600);
  const loginAttemptsPerMinute = intVar(env, "TAS_LOGIN_ATTEMPTS_PER_MINUTE", 10, 1, 10_000);
  const registryCacheTtlSeconds = intVar(env, "TAS_REGISTRY_CACHE_TTL_SECONDS", 2, 0, 3600);
  const brokerHost =
    env.BROKER_HOST && env.BROKER_HOST.trim() !== "" ? env.BROKER_HOST.trim() : "127.0.0.1";
  const brokerPort = intVar(env, "BROKER_PORT", 4430, 0, 65535);
  const sessionWorkers = intVar(
    env,
    "TAS_SESSION_WORKERS",
    Math.max(1, navigator.hardwareConcurrency || 1),
    1,
    256,
  );
  const brokerAllowList = (env.TAS_BROKER_ALLOWLIST ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  const embeddedBroker = boolVar(env, "TAS_EMBEDDED_BROKER", true);
  const brokerSeed =
    env.BROKER_SEED && env.BROKER_SEED.trim() !== ""
      ? intVar(env, "BROKER_SEED", 1, 1, 2_147_483_646)
      : null;
  const brokerHistoryDays = intVar(env, "BROKER_HISTORY_DAYS", 30, 1, 365);
  const brokerTickIntensity = numberVar(env, "BROKER_TICK_INTENSITY", 1, 0, 100);
  const brokerMaxTicksPerSecond = numberVar(env, "BROKER_MAX_TICKS_PER_SECOND", 10, 0.1, 1000);
  const brokerReplay = (env.BROKER_REPLAY ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "")
    .map((entry) => {
      const m = /^([A-Za-z0-9.]{1,32})=(.+)$/.exec(entry);
      if (!m || m[1] === undefined || m[2] === undefined) {
        throw new ConfigError(`BROKER_REPLAY entries must be SYMBOL=path, got "${entry}"`);
      }
      const path = resolve(m[2]);
      if (!existsSync(path)) {
        throw new ConfigError(`BROKER_REPLAY file ${path} does not exist`);
      }
      return { symbol: m[1].toUpperCase(), path };
    });
  const brokerReplayOffsetMinutes = intVar(env, "BROKER_REPLAY_OFFSET_MINUTES", 180, 0, 840);
  const brokerReplaySpeed = intVar(env, "BROKER_REPLAY_SPEED", 1, 1, 100_000);
  const brokerDirectoryFile =
    env.BROKER_DIRECTORY_FILE && env.BROKER_DIRECTORY_FILE.trim() !== ""
      ? resolve(env.BROKER_DIRECTORY_FILE.trim())
      : null;
  if (brokerDirectoryFile !== null && !existsSync(brokerDirectoryFile)) {
    throw new ConfigError(`BROKER_DIRECTORY_FILE ${brokerDirectoryFile} does not exist`);
  }
  const snapshotTimeUtc =
    env.TAS_SNAPSHOT_TIME_UTC && env.TAS_SNAPSHOT_TIME_UTC.trim() !== ""
      ? env.TAS_SNAPSHOT_TIME_UTC.trim()
      : "00:05";
  if (parseDailyTime(snapshotTimeUtc) === null) {
    throw new ConfigError(
      `TAS_SNAPSHOT_TIME_UTC must be a UTC time of day HH:MM (00:00-23:59), got "${env.TAS_SNAPSHOT_TIME_UTC}"`,
    );
  }

  const wsMaxConnectionsPerKey = intVar(env, "TAS_WS_MAX_CONNECTIONS_PER_KEY", 20, 1, 100_000);
  const wsMaxSubscriptionsPerConnection = intVar(env, "TAS_WS_MAX_SUBSCRIPTIONS", 200, 1, 100_000);
  const wsBufferMessages = intVar(env, "TAS_WS_BUFFER_MESSAGES", 2000, 1, 1_000_000);
  const wsSoftBufferBytes = intVar(env, "TAS_WS_SOFT_BUFFER_BYTES", 262_144, 1024, 8_388_608);
  const wsReplayBuffer = intVar(env, "TAS_WS_REPLAY_BUFFER", 1000, 1, 1_000_000);
  const wsMessageRate = intVar(env, "TAS_WS_MESSAGE_RATE", 50, 1, 1_000_000);
  const wsMessageBurst = intVar(env, "TAS_WS_MESSAGE_BURST", 100, 1, 1_000_000);
  const wsMaxViolations = intVar(env, "TAS_WS_MAX_VIOLATIONS", 50, 1, 1_000_000);
  const wsMaxFrameBytes = intVar(env, "TAS_WS_MAX_FRAME_BYTES", 16_384, 256, 1_048_576);
  const wsIdleTimeoutSeconds = intVar(env, "TAS_WS_IDLE_TIMEOUT_SECONDS", 60, 5, 960);
  // EA runtime.
  const eaHosts = intVar(env, "TAS_EA_HOSTS", 1, 1, 64);
  const eaMemoryMb = intVar(env, "TAS_EA_MEMORY_MB", 64, 8, 4096);
  const eaHandlerMs = intVar(env, "TAS_EA_HANDLER_MS", 100, 1, 60_000);
  const eaLogLinesPerSec = intVar(env, "TAS_EA_LOG_LINES_PER_SEC", 100, 1, 100_000);
  const eaMaxUploadBytes = intVar(env, "TAS_EA_MAX_UPLOAD_BYTES", 4_194_304, 1024, 16 * 1_048_576);
  const eaFileQuotaBytes = intVar(env, "TAS_EA_FILE_QUOTA_BYTES", 10_485_760, 0, 16 * 1_048_576);
  const eaWebRequest = loadEaWebRequestConfig(
    env,
    (name, fallback, min, max) => intVar(env, name, fallback, min, max),
    (message) => {
      throw new ConfigError(message);
    },
  );
  // Trade limits.
  const tradeRatePerSecond = intVar(env, "TAS_TRADE_RATE_PER_SECOND", 20, 1, 1_000_000);
  const tradeBurst = intVar(env, "TAS_TRADE_BURST", 40, 1, 1_000_000);
  const eaTradeRatePerSecond = intVar(env, "TAS_EA_TRADE_RATE_PER_SECOND", 10, 1, 1_000_000);
  const eaTradeBurst = intVar(env, "TAS_EA_TRADE_BURST", 20, 1, 1_000_000);
  const maxPendingOrders = intVar(env, "TAS_MAX_PENDING_ORDERS", 200, 0, 1_000_000);
  const eaMaxTradeRefusals = intVar(env, "TAS_EA_MAX_TRADE_REFUSALS", 50, 1, 1_000_000);
  const eaTradeRefusalWindowSeconds = intVar(
    env,
    "TAS_EA_TRADE_REFUSAL_WINDOW_SECONDS",
    10,
    1,
    3600,
  );
  const brokerLimitOrders = intVar(env, "BROKER_LIMIT_ORDERS", 500, 0, 1_000_000);

  const needsFiles = !env.TAS_MASTER_KEY || !env.TAS_JWT_SECRET || !env.TAS_NODE_ID;
  if (needsFiles && options.createDataDir) {
    try {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    } catch (err) {
      throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${(err as Error).message}`);
    }
  }
  const secretFile = (name: string): string => {
    const file = join(dataDir, name);
    if (!existsSync(file) && !options.createDataDir) {
      throw new ConfigError(`${file} does not exist; start the service once or set the variable`);
    }
    return file;
  };

  const nodeId =
    env.TAS_NODE_ID?.trim() ||
    (options.createDataDir
      ? generatedSecret(join(dataDir, "node.id"), () => `node-${randomBytes(5).toString("hex")}`)
      : existsSync(join(dataDir, "node.id"))
        ? readFileSync(join(dataDir, "node.id"), "utf8").trim()
        : `${hostname()}:${port}`);
  if (!/^[\x21-\x7e]{1,100}$/.test(nodeId) || nodeId.includes("/")) {
    throw new ConfigError("TAS_NODE_ID must be 1-100 visible ASCII characters without '/'");
  }
  let cluster: ClusterConfig | null = null;
  if (natsUrl !== null) {
    const advertiseUrl = env.TAS_ADVERTISE_URL?.trim() || `http://${hostname()}:${port}`;
    if (!/^https?:\/\/[^\s]+$/.test(advertiseUrl)) {
      throw new ConfigError(`TAS_ADVERTISE_URL must be an http(s) URL, got "${advertiseUrl}"`);
    }
    cluster = {
      natsUrl,
      advertiseUrl: advertiseUrl.replace(/\/+$/, ""),
      leaseTtlMs: intVar(env, "TAS_LEASE_TTL_MS", 4000, 500, 600_000),
    };
  }
  const masterKey = env.TAS_MASTER_KEY
    ? parseMasterKey(env.TAS_MASTER_KEY, "TAS_MASTER_KEY")
    : parseMasterKey(
        generatedSecret(secretFile("master.key"), () => randomBytes(32).toString("hex")),
        `${join(dataDir, "master.key")}`,
      );
  let jwtSecret: string;
  if (env.TAS_JWT_SECRET) {
    if (env.TAS_JWT_SECRET.length < 32) {
      throw new ConfigError("TAS_JWT_SECRET must be at least 32 characters");
    }
    jwtSecret = env.TAS_JWT_SECRET;
  } else {
    jwtSecret = generatedSecret(secretFile("jwt.secret"), () =>
      randomBytes(48).toString("base64url"),
    );
  }

  return Object.freeze({
    port,
    nodeId,
    cluster,
    host,
    dataDir,
    databaseUrl,
    masterKey,
    jwtSecret,
    jwtTtlSeconds,
    logLevel,
    metricsToken,
    maxBodyBytes,
    rateLimitRps,
    rateLimitBurst,
    keyCacheTtlSeconds,
    loginAttemptsPerMinute,
    registryCacheTtlSeconds,
    brokerHost,
    brokerPort,
    brokerDirectoryFile,
    sessionWorkers,
    brokerAllowList,
    embeddedBroker,
    brokerSeed,
    brokerHistoryDays,
    brokerTickIntensity,
    brokerMaxTicksPerSecond,
    brokerReplay,
    brokerReplayOffsetMinutes,
    brokerReplaySpeed,
    snapshotTimeUtc,
    wsMaxConnectionsPerKey,
    wsMaxSubscriptionsPerConnection,
    wsBufferMessages,
    wsSoftBufferBytes,
    wsReplayBuffer,
    wsMessageRate,
    wsMessageBurst,
    wsMaxViolations,
    wsMaxFrameBytes,
    wsIdleTimeoutSeconds,
    eaHosts,
    eaMemoryMb,
    eaHandlerMs,
    eaLogLinesPerSec,
    eaMaxUploadBytes,
    eaFileQuotaBytes,
    eaWebRequest,
    tradeRatePerSecond,
    tradeBurst,
    eaTradeRatePerSecond,
    eaTradeBurst,
    maxPendingOrders,
    eaMaxTradeRefusals,
    eaTradeRefusalWindowSeconds,
    brokerLimitOrders,
  });
}
