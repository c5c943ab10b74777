// The one composition root: opens the database, builds the service dependencies, and wires the
// services, the session manager, the streaming hub and the HTTP app. The server (src/server.ts),
// the CLI (src/cli.ts, without sessions), the benchmarks and the tests (test/support/app.ts,
// which inject a clock, a database and a resolver) all build through it.

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BrokerDirectory, parseDirectoryFile } from "./broker/directory.ts";
import type { Config } from "./config/index.ts";
import { type App, createApp } from "./http/app.ts";
import type { ClusterInfo } from "./http/modules/admin-cluster/index.ts";
import type { Logger } from "./logging/logger.ts";
import type { ServiceMetrics } from "./observability/metrics.ts";
import type { Readiness } from "./observability/readiness.ts";
import { observeService } from "./observability/wiring.ts";
import { createSecretBox } from "./security/secrets.ts";
import type { Resolver } from "./security/ssrf.ts";
import { type Clock, type ServiceDeps, systemClock } from "./services/deps.ts";
import {
  type CoreServices,
  createServices,
  createToolServices,
  type Services,
} from "./services/index.ts";
import { ServiceEvents } from "./services/service-events.ts";
import type { Sessions } from "./sessions/sessions.ts";
import { type Database, openDatabase } from "./storage/db.ts";
import { StreamHub, type StreamRouter } from "./streaming/hub.ts";

export interface Runtime {
  readonly database: Database;
  readonly deps: ServiceDeps;
  readonly directory: BrokerDirectory;
}

export interface RuntimeOptions {
  /** The clock of the services (default: wall time). */
  readonly clock?: Clock;
  /** An opened and migrated database (default: opened from the config and migrated). */
  readonly database?: Database;
}

/** Opens and migrates the database and assembles the service dependencies. */
export async function openRuntime(
  config: Config,
  logger: Logger,
  opts: RuntimeOptions = {},
): Promise<Runtime> {
  let database = opts.database;
  if (!database) {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: join(config.dataDir, "db"),
    });
    await database.migrate();
  }
  const extra = config.brokerDirectoryFile
    ? parseDirectoryFile(JSON.parse(readFileSync(config.brokerDirectoryFile, "utf8")))
    : [];
  const directory = new BrokerDirectory(
    { host: config.brokerHost, port: config.brokerPort },
    extra,
  );
  const deps: ServiceDeps = {
    db: database.db,
    config,
    clock: opts.clock ?? systemClock,
    logger,
    secrets: createSecretBox(config.masterKey),
    randomBytes: (n) => randomBytes(n),
    embeddedDir: database.dir,
  };
  return { database, deps, directory };
}

/** Everything the running service is made of, wired. */
export interface ServiceGraph {
  readonly runtime: Runtime;
  readonly sessions: Sessions;
  readonly services: Services;
  /** The WebSocket hub: session events and service events out to clients. */
  readonly streams: StreamHub;
  /** The HTTP + WebSocket application (not listening yet). */
  readonly app: App;
  /** The node's Prometheus metrics (GET /metrics): the cluster code reports to it too. */
  readonly metrics: ServiceMetrics;
  /** The readiness checks (GET /health/ready): the database's; the cluster adds its own. */
  readonly readiness: Readiness;
  /** Closes what would hold the HTTP server's graceful stop: open WebSockets, with 1001. */
  readonly closeConnections: () => void;
}

export interface ServiceOptions {
  /** The broker sessions (worker threads). */
  readonly sessions: Sessions;
  /** DNS resolver of the SSRF guard (default: the system resolver). */
  readonly resolve?: Resolver;
  /** Cluster mode's view of the nodes (GET /admin/cluster); null on one node. */
  readonly cluster?: ClusterInfo | null;
  /** Cluster mode: the nodes sharing each key's rate limit (the live nodes). */
  readonly rateShare?: () => number;
  /** Cluster mode: what /ws subscribes through, built over this node's hub. */
  readonly streamsFor?: (hub: StreamHub) => StreamRouter;
}

/** Wires the running service over `sessions`: services, streaming hub, HTTP app. */
export function composeService(runtime: Runtime, opts: ServiceOptions): ServiceGraph {
  const { deps, directory } = runtime;
  const { sessions } = opts;
  const events = new ServiceEvents();
  const services = createServices(deps, {
    directory,
    sessions,
    events,
    ...(opts.resolve ? { resolve: opts.resolve } : {}),
  });
  const streams = new StreamHub({
    sessions,
    trading: services.trading,
    events,
    logger: deps.logger,
    replaySize: deps.config.wsReplayBuffer,
  });
  const { metrics, readiness } = observeService({
    nodeId: deps.config.nodeId,
    db: deps.db,
    logger: deps.logger,
    sessions,
    eaInstances: services.eaInstances,
    journal: services.journal,
  });
  const stopHooks: Array<() => void> = [];
  const app = createApp({
    ...services,
    onStop: (fn) => stopHooks.push(fn),
    metrics,
    readiness,
    config: deps.config,
    logger: deps.logger,
    clock: deps.clock,
    sessions,
    directory,
    streams,
    cluster: opts.cluster ?? null,
    ...(opts.rateShare ? { rateShare: opts.rateShare } : {}),
    ...(opts.streamsFor ? { streamRouter: opts.streamsFor(streams) } : {}),
  });
  const closeConnections = () => {
    for (const fn of stopHooks) {
      fn();
    }
  };
  return { runtime, sessions, services, streams, app, metrics, readiness, closeConnections };
}

/** The services of the CLI's tools: no broker sessions, no HTTP. */
export function composeTools(runtime: Runtime): CoreServices {
  return createToolServices(runtime.deps, { directory: runtime.directory });
}
