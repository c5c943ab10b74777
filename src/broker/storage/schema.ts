// The demo broker's own tables (Postgres schema `broker`): it is conceptually another system, so
// it never shares tables with the service. Records are stored whole as JSONB (the engine's
// record types), with the columns the broker queries by pulled out beside them.
import { bigint, boolean, index, jsonb, pgSchema, text, timestamp } from "drizzle-orm/pg-core";
import type { AccountRecord, DealRecord, OrderRecord, PositionRecord } from "../engine/types.ts";

export const brokerSchema = pgSchema("broker");

/** Trading accounts of the simulated trade server. */
export const simAccounts = brokerSchema.table("sim_accounts", {
  /** Trading login (numeric, as MT5). */
  login: bigint("login", { mode: "number" }).primaryKey(),
  /** Trade server the account lives on (`TAS-Demo` hedging, `TAS-Demo-Netting`). */
  server: text("server").notNull(),
  /** argon2id hash of the master (trading) password. */
  masterHash: text("master_hash").notNull(),
  /** argon2id hash of the investor (read-only) password. */
  investorHash: text("investor_hash").notNull(),
  /** The engine's AccountRecord (balance, credit, leverage, currency, margin mode, …). */
  record: jsonb("record").$type<AccountRecord>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Positions; `open` is false once closed (kept for reconciliation). */
export const simPositions = brokerSchema.table(
  "sim_positions",
  {
    /** Position identifier = ticket of its opening order. */
    ticket: bigint("ticket", { mode: "number" }).primaryKey(),
    login: bigint("login", { mode: "number" }).notNull(),
    open: boolean("open").notNull(),
    record: jsonb("record").$type<PositionRecord>().notNull(),
  },
  (t) => [index("sim_positions_login_idx").on(t.login, t.open)],
);

/** Orders, resting and historical; `open` while Started/Placed/Partial/Request*. */
export const simOrders = brokerSchema.table(
  "sim_orders",
  {
    ticket: bigint("ticket", { mode: "number" }).primaryKey(),
    login: bigint("login", { mode: "number" }).notNull(),
    open: boolean("open").notNull(),
    /** Setup time, UTC ms. */
    setupMs: bigint("setup_ms", { mode: "number" }).notNull(),
    record: jsonb("record").$type<OrderRecord>().notNull(),
  },
  (t) => [index("sim_orders_login_idx").on(t.login, t.open)],
);

/** Deals (execution legs and balance operations); append-only. */
export const simDeals = brokerSchema.table(
  "sim_deals",
  {
    ticket: bigint("ticket", { mode: "number" }).primaryKey(),
    login: bigint("login", { mode: "number" }).notNull(),
    /** Execution time, UTC ms. */
    timeMs: bigint("time_ms", { mode: "number" }).notNull(),
    positionTicket: bigint("position_ticket", { mode: "number" }).notNull(),
    record: jsonb("record").$type<DealRecord>().notNull(),
  },
  (t) => [
    index("sim_deals_login_time_idx").on(t.login, t.timeMs),
    index("sim_deals_position_idx").on(t.positionTicket),
  ],
);

/** Small key/value state: the feed seed and its first start instant. */
export const simMeta = brokerSchema.table("sim_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});
