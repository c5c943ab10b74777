// The composition root: opens the database (migrating it), builds services and the HTTP app, and
// listens. Shutdown drains the HTTP server and closes the database.

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BrokerDirectory, parseDirectoryFile } from "./broker/directory.ts";
import { type EmbeddedBroker, startEmbeddedBroker } from "./broker/embedded.ts";
import type { Config } from "./config/index.ts";
import { createApp, SERVE_OPTIONS } from "./http/app.ts";
import type { Logger } from "./logging/logger.ts";
import { createSecretBox } from "./security/secrets.ts";
import { type Clock, type ServiceDeps, systemClock } from "./services/deps.ts";
import { startEaPool } from "./services/ea-instances.ts";
import { createServices, createTradingService } from "./services/index.ts";
import { SessionManager } from "./sessions/manager.ts";
import { type Database, openDatabase } from "./storage/db.ts";

export interface Runtime {
  readonly database: Database;
  readonly deps: ServiceDeps;
  readonly directory: BrokerDirectory;
}

/** Opens and migrates the database and assembles the service dependencies. */
export async function openRuntime(
  config: Config,
  logger: Logger,
  clock: Clock = systemClock,
): Promise<Runtime> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, "db"),
  });
  await database.migrate();
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
    clock,
    logger,
    secrets: createSecretBox(config.masterKey),
    randomBytes: (n) => randomBytes(n),
  };
  return { database, deps, directory };
}

export interface RunningService {
  readonly port: number;
  stop(): Promise<void>;
}

/** The demo broker's own configuration, derived from the service's. */
export function demoBrokerConfig(config: Config) {
  return {
    host: config.brokerHost,
    port: config.brokerPort,
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, "broker"),
    historyDays: config.brokerHistoryDays,
    tickIntensity: config.brokerTickIntensity,
    maxTicksPerSecond: config.brokerMaxTicksPerSecond,
    limitOrders: config.brokerLimitOrders,
    ...(config.brokerSeed !== null ? { seed: config.brokerSeed } : {}),
    ...(config.brokerReplay.length > 0
      ? {
          replay: {
            files: config.brokerReplay,
            offsetMinutes: config.brokerReplayOffsetMinutes,
            speed: config.brokerReplaySpeed,
          },
        }
      : {}),
  };
}

export async function startService(config: Config, logger: Logger): Promise<RunningService> {
  let broker: EmbeddedBroker | null = null;
  if (config.embeddedBroker) {
    broker = await startEmbeddedBroker(demoBrokerConfig(config));
    logger.info({ host: config.brokerHost, port: broker.port }, "demo broker listening");
  }
  const runtime = await openRuntime(config, logger);
  const sessions = new SessionManager({ workers: config.sessionWorkers, logger });
  const services = createServices(runtime.deps, { directory: runtime.directory, sessions });
  // EA host pool: Node hosts with isolated-vm sandboxes; trade calls go through sessions.
  const eaPool = services.eaInstances
    ? await startEaPool(services.eaInstances, runtime.deps, join(config.dataDir, "tmp")).catch(
        (err: unknown) => {
          logger.error({ err: String(err) }, "EA host pool failed to start; EAs cannot run");
          return null;
        },
      )
    : null;
  const app = createApp({
    config,
    logger,
    clock: runtime.deps.clock,
    sessions,
    directory: runtime.directory,
    trading: createTradingService(services, sessions, runtime.deps),
    ...services,
  });
  app.listen({
    port: config.port,
    hostname: config.host,
    ...SERVE_OPTIONS,
  });
  const port = app.server?.port ?? config.port;
  // Requests and order intents an earlier boot left unfinished (a kill -9) are recovered: the
  // ones that need no broker now, orders as soon as their account's session connects.
  const orphanIntents = (await services.journal?.markDeadHolders()) ?? 0;
  const orphanRequests = await services.idempotency.recoverOrphans();
  if (orphanIntents + orphanRequests > 0) {
    logger.info({ orphanIntents, orphanRequests }, "recovering requests of a previous run");
  }
  const opened = await services.accounts.openAllSessions();
  // EA instances that were running before the restart come back once their sessions connect.
  const resumed = (await services.eaInstances?.resume()) ?? 0;
  logger.info(
    {
      port,
      host: config.host,
      database: runtime.database.kind,
      dataDir: config.dataDir,
      sessions: opened,
      eas: resumed,
    },
    "service listening",
  );
  // Daily usage snapshots; its first check takes a slot missed while down.
  services.snapshotScheduler.start();
  return {
    port,
    async stop() {
      await services.snapshotScheduler.stop();
      await app.stop();
      // Tick counts are saved and statuses kept, so running EAs resume on the next start.
      await services.eaInstances?.close();
      await eaPool?.close();
      await sessions.close();
      await broker?.stop();
      // Outcomes of the last answered orders are written before the database closes.
      await services.journal?.drain();
      await runtime.database.close();
      logger.info("service stopped");
    },
  };
}
