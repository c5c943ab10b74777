// Runs the service: starts the embedded demo broker when configured, builds everything through
// the composition root (src/composition.ts), starts the EA host pool, listens, recovers what a
// previous run left unfinished, and stops it all in order.

import { join } from "node:path";
import { type EmbeddedBroker, startEmbeddedBroker } from "./broker/embedded.ts";
import { Cluster } from "./cluster/index.ts";
import { composeService, openRuntime } from "./composition.ts";
import type { Config } from "./config/index.ts";
import { SERVE_OPTIONS } from "./http/app.ts";
import type { Logger } from "./logging/logger.ts";
import { startEaPool } from "./services/ea-instances.ts";
import { SessionManager } from "./sessions/manager.ts";

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
  const local = new SessionManager({
    nodeId: config.nodeId,
    workers: config.sessionWorkers,
    logger,
  });
  // Cluster mode: every account's session runs on the node holding its lease; the services see
  // one Sessions surface that forwards to the owner (src/cluster).
  const cluster = config.cluster
    ? await Cluster.create({
        config: config.cluster,
        databaseUrl: config.databaseUrl ?? "",
        nodeId: config.nodeId,
        db: runtime.deps.db,
        local,
        logger,
      })
    : null;
  const sessions = cluster?.sessions ?? local;
  const { services, app, metrics, readiness, closeConnections } = composeService(runtime, {
    sessions,
    cluster,
    ...(cluster
      ? {
          streamsFor: (hub) => cluster.streamsFor(hub),
          rateShare: () => cluster.ownership.liveNodes().length,
        }
      : {}),
  });
  if (cluster) {
    cluster.attach({ ...services, holder: services.journal.holder }, metrics);
    readiness.register("cluster", async () => cluster.readiness());
    metrics.provide("natsConnected", () => cluster.natsConnected);
  }
  // EA host pool: Node hosts with isolated-vm sandboxes; trade calls go through sessions.
  const eaPool = await startEaPool(
    services.eaInstances,
    runtime.deps,
    join(config.dataDir, "tmp"),
  ).catch((err: unknown) => {
    logger.error({ err: String(err) }, "EA host pool failed to start; EAs cannot run");
    return null;
  });
  app.listen({
    port: config.port,
    hostname: config.host,
    ...SERVE_OPTIONS,
  });
  const port = app.server?.port ?? config.port;
  // Requests and order intents an earlier boot left unfinished (a kill -9) are recovered: the
  // ones that need no broker now, orders as soon as their account's session connects.
  const orphanIntents = await services.journal.markDeadHolders();
  const orphanRequests = await services.idempotency.recoverOrphans();
  if (orphanIntents + orphanRequests > 0) {
    logger.info({ orphanIntents, orphanRequests }, "recovering requests of a previous run");
  }
  // MQL5 EAs compiled by an earlier compiler are recompiled before their instances resume.
  const recompiled = await services.eas.recompileStale();
  if (recompiled > 0) {
    logger.info({ recompiled }, "MQL5 EAs recompiled by the new compiler");
  }
  let opened: number;
  let resumed: number;
  if (cluster) {
    // This node takes its share of the leases; each account acquired opens its session here and
    // resumes the EA that was running on it.
    await cluster.begin();
    opened = cluster.ownership.served().length;
    resumed = 0;
  } else {
    opened = await services.accounts.openAllSessions();
    // EA instances that were running before the restart come back once their sessions connect.
    resumed = await services.eaInstances.resume();
  }
  logger.info(
    {
      port,
      host: config.host,
      database: runtime.database.kind,
      dataDir: config.dataDir,
      sessions: opened,
      eas: resumed,
      ...(cluster ? { node: config.nodeId, cluster: true } : {}),
    },
    "service listening",
  );
  // Daily usage snapshots; its first check takes a slot missed while down.
  services.snapshotScheduler.start();
  return {
    port,
    async stop() {
      // Cluster: leases are handed over first (sessions and EAs stop here, then others take them).
      await cluster?.drain();
      await services.snapshotScheduler.stop();
      closeConnections(); // open WebSockets (1001): in-flight HTTP requests finish
      await app.stop();
      // Tick counts are saved and statuses kept, so running EAs resume on the next start.
      await services.eaInstances.close();
      await eaPool?.close();
      await sessions.close();
      await cluster?.close();
      await broker?.stop();
      // Outcomes of the last answered orders are written before the database closes.
      await services.journal.drain();
      await runtime.database.close();
      logger.info("service stopped");
    },
  };
}
