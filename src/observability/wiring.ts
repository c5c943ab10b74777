// The node's metrics and readiness checks, wired to the objects the composition root built
// (src/composition.ts): the database check, the providers of the scrape-time gauges and the
// order-outcome counter. Kept here so the composition root stays a list of parts. The /ws
// gauges are provided by the /ws module itself (it owns the connections), the cluster's (NATS,
// leases, its readiness) by the cluster code through the returned objects.
import type { Logger } from "../logging/logger.ts";
import type { EaInstanceService } from "../services/ea-instances.ts";
import type { OrderJournalService } from "../services/order-journal.ts";
import type { Sessions } from "../sessions/sessions.ts";
import type { Db } from "../storage/db.ts";
import { ServiceMetrics } from "./metrics.ts";
import { databaseCheck, Readiness } from "./readiness.ts";

export interface Observability {
  readonly metrics: ServiceMetrics;
  readonly readiness: Readiness;
}

export interface ObservedParts {
  readonly nodeId: string;
  readonly db: Db;
  readonly logger: Logger;
  readonly sessions: Pick<Sessions, "countByStatus">;
  readonly eaInstances: Pick<EaInstanceService, "countByStatus" | "cpuSeconds">;
  readonly journal: Pick<OrderJournalService, "onOutcome">;
}

/** Builds the node's metrics and readiness over its parts (see the header). */
export function observeService(parts: ObservedParts): Observability {
  const { sessions, eaInstances } = parts;
  const metrics = new ServiceMetrics({
    nodeId: parts.nodeId,
    onProviderError: (provider, err) =>
      parts.logger.warn({ err, provider }, "a metrics provider failed"),
  });
  const readiness = new Readiness();
  readiness.register("database", databaseCheck(parts.db));
  metrics.provide("databaseUp", async () => (await readiness.run("database")).ok);
  if (sessions.countByStatus) {
    const count = sessions.countByStatus.bind(sessions);
    metrics.provide("sessions", () => count());
  }
  metrics.provide("eaInstances", () => eaInstances.countByStatus());
  metrics.provide("eaCpuSeconds", () => eaInstances.cpuSeconds());
  parts.journal.onOutcome((outcome) => metrics.orderOutcome(outcome));
  return { metrics, readiness };
}
