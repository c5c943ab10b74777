// Append-only audit trail: who changed what and when (keys, accounts, seeds, billing terms,
// usage snapshots). Never updated or deleted by the service.
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** When it happened (UTC). */
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** `admin` (JWT), `key` (API key), `cli` or `system`. */
    actorType: text("actor_type").notNull(),
    /** Admin uuid, key id, or the CLI/system name. */
    actorId: text("actor_id").notNull(),
    /** Dotted verb, e.g. `key.create`, `account.delete`. */
    action: text("action").notNull(),
    /** What was acted on (`key`, `account`, `admin`, …) and its id. */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** Non-secret details of the change (never plaintext keys or passwords). */
    details: jsonb("details").notNull().default({}),
  },
  (t) => [index("audit_log_target_idx").on(t.targetType, t.targetId)],
);
