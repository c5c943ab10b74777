// Cluster mode's shared facts (src/cluster): the nodes alive (each renews its heartbeat) and one
// lease per account that names the node owning the account's session; a lease is held while its
// node's heartbeat is younger than the lease TTL (src/cluster/lease-store.ts). A lease's epoch
// grows by one each time it changes hands; the owner sends it with every order so that a node
// that lost the lease has its late orders refused (a fencing token), never sent twice.
import { bigint, boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";

export const clusterNodes = pgTable("cluster_nodes", {
  nodeId: text("node_id").primaryKey(),
  /** How other nodes and the load balancer reach it (TAS_ADVERTISE_URL). */
  advertiseUrl: text("advertise_url").notNull(),
  /** The current boot of the node (a restart is a new boot). */
  boot: text("boot").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  /** Renewed by the node; a node whose heartbeat is older than the lease TTL is dead, its leases free. */
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set on SIGTERM: the node hands its leases over and takes no new ones. */
  draining: boolean("draining").notNull().default(false),
});

export const accountLeases = pgTable(
  "account_leases",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The owning node; null once released. */
    nodeId: text("node_id"),
    /** The fencing token: +1 at every acquisition. */
    epoch: bigint("epoch", { mode: "number" }).notNull().default(0),
    acquiredAt: timestamp("acquired_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_leases_node_idx").on(t.nodeId)],
);

export type AccountLeaseRow = typeof accountLeases.$inferSelect;
export type ClusterNodeRow = typeof clusterNodes.$inferSelect;
