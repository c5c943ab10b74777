// The service's database schema: one file per table, re-exported here for drizzle and
// drizzle-kit. The demo broker's `sim_*` tables live with the broker, not here.
export * from "./accounts.ts";
export * from "./admins.ts";
export * from "./api-keys.ts";
export * from "./audit-log.ts";
export * from "./billing-terms.ts";
export * from "./calendar.ts";
export * from "./cluster.ts";
export * from "./ea-instances.ts";
export * from "./ea-logs.ts";
export * from "./ea-storage.ts";
export * from "./eas.ts";
export * from "./idempotency-keys.ts";
export * from "./order-journal.ts";
export * from "./usage-snapshots.ts";
