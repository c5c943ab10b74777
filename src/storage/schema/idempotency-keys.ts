// Idempotency keys of client writes (order placement, close-all, demo accounts): the first
// request with a key is journaled here before it is sent to the broker, then its answer is kept
// so retries with the same key get the same answer instead of a second order.
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys.ts";

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** The API key that sent the request (keys are scoped per API key). */
    keyId: uuid("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    /** The client's Idempotency-Key header value. */
    idemKey: text("idem_key").notNull(),
    /** SHA-256 of method, path and canonical body: the same key with another request is a mismatch. */
    fingerprint: text("fingerprint").notNull(),
    /** `in_progress` while the request runs (the journaled intent), then `done`. */
    state: text("state").notNull(),
    /**
     * The process running an `in_progress` request (`<node>/<boot>`); null once released. A
     * holder that died leaves its row to be recovered (src/services/idempotency.ts).
     */
    holder: text("holder"),
    /** What the request does (`order`, `close_all`, `demo`): how a dead holder's row is recovered. */
    kind: text("kind"),
    /** What recovery needs to find the outcome (for orders: account id and client order id). */
    intent: jsonb("intent"),
    /** The request as received (the intent), without secrets. */
    request: jsonb("request").notNull(),
    /** HTTP status and envelope of the first answer, once done. */
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Kept at least 24 h; expired rows are purged lazily. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.idemKey] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
    index("idempotency_keys_in_progress_idx").on(t.state).where(sql`${t.state} = 'in_progress'`),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
