// The order journal: every order placement is written here (committed) before it is sent to the
// broker, with a client order id the broker keeps on the order. If the link breaks mid-request
// (504 TRADE_OUTCOME_UNKNOWN) the row stays `unknown` until the session reconnects and the
// reconciler finds the order at the broker (or proves it absent).
import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { lifecycleDates } from "./util.ts";

export const orderJournal = pgTable(
  "order_journal",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The id the broker keeps on the order (the client's clientOrderId, or one we generate). */
    clientOrderId: text("client_order_id").notNull(),
    /** The translated broker request (symbol, orderType, volume, prices…). */
    request: jsonb("request").notNull(),
    /**
     * `sent` (journaled, not answered yet), `done`, `rejected`, `unknown` (link broke),
     * `reconciled_filled` (found at the broker after reconnect), `reconciled_absent` (not found).
     */
    state: text("state").notNull(),
    /** Order ticket at the broker, once known. */
    ticket: bigint("ticket", { mode: "number" }),
    /**
     * The process that sent it (`<node>/<boot>`): a `sent` row whose process died is reconciled
     * at once instead of after the in-flight delay.
     */
    holder: text("holder"),
    /** Rejection reason or reconciliation note. */
    note: text("note").notNull().default(""),
    ...lifecycleDates,
  },
  (t) => [
    uniqueIndex("order_journal_account_client_idx").on(t.accountId, t.clientOrderId),
    index("order_journal_state_idx").on(t.accountId, t.state),
  ],
);

export type OrderJournalRow = typeof orderJournal.$inferSelect;
