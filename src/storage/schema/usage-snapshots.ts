// Usage snapshots: what an admin's keys used at one instant (users, accounts, connected
// accounts, running EAs, per-key breakdown). Written by the daily snapshot job and on demand;
// never updated. Invoices are computed from the month's last snapshot of the admin.
//
// Exactly once per day per admin: a scheduled snapshot carries the UTC date of its daily slot in
// `slot_key`, and the unique index on (admin_id, slot_key) lets only the first insert of a slot
// win (`insert … on conflict do nothing`), whichever node or restart tries it. On-demand
// snapshots have a null `slot_key`; Postgres treats nulls as distinct, so they never conflict.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { UsageSnapshotKey } from "../../domain/billing.ts";
import { admins } from "./admins.ts";

export const usageSnapshots = pgTable(
  "usage_snapshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The measured admin (admins.uuid); its snapshots go with it when it is deleted. */
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.uuid, { onDelete: "cascade" }),
    /** When the usage was measured (UTC), from the service clock. */
    takenAt: timestamp("taken_at", { withTimezone: true, mode: "date" }).notNull(),
    /** `scheduled` (the daily job) or `on_demand` (POST /admin/usage/snapshots). */
    kind: text("kind").notNull(),
    /** Scheduled snapshots: UTC date `YYYY-MM-DD` of the daily slot they fill; null on demand. */
    slotKey: text("slot_key"),
    /** Keys (not revoked) with at least one account. */
    users: integer("users").notNull(),
    /** Accounts over all of the admin's keys. */
    accounts: integer("accounts").notNull(),
    /** Of those, accounts whose broker session was `connected`. */
    connectedAccounts: integer("connected_accounts").notNull(),
    /** EA instances running on the admin's accounts. */
    runningEas: integer("running_eas").notNull(),
    /** One entry per live key, in key creation order (src/domain/billing.ts UsageSnapshotKey). */
    perKey: jsonb("per_key").$type<UsageSnapshotKey[]>().notNull(),
  },
  (t) => [
    uniqueIndex("usage_snapshots_admin_slot_uq").on(t.adminId, t.slotKey),
    index("usage_snapshots_admin_taken_idx").on(t.adminId, t.takenAt),
    index("usage_snapshots_taken_idx").on(t.takenAt),
    check("usage_snapshots_kind_check", sql`${t.kind} in ('scheduled', 'on_demand')`),
    check(
      "usage_snapshots_slot_check",
      sql`(${t.kind} = 'scheduled') = (${t.slotKey} is not null)`,
    ),
    check(
      "usage_snapshots_counts_check",
      sql`${t.users} >= 0 and ${t.accounts} >= 0 and ${t.connectedAccounts} >= 0 and ${t.runningEas} >= 0`,
    ),
  ],
);

export type UsageSnapshotRow = typeof usageSnapshots.$inferSelect;
