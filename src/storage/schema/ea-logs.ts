// Log lines of EA instances (Print, Alert, runtime warnings), kept across restarts: written in
// batches by the EA service, at most the newest 1,000 lines per instance.
import { bigserial, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { eaInstances } from "./ea-instances.ts";

export const eaLogs = pgTable(
  "ea_logs",
  {
    /** Insertion order (newest last). */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    instanceId: uuid("instance_id")
      .notNull()
      .references(() => eaInstances.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** When the EA logged the line (UTC). */
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    /** info, warn, error or alert. */
    level: text("level").notNull(),
    message: text("message").notNull(),
  },
  (t) => [index("ea_logs_instance_idx").on(t.instanceId, t.id)],
);
