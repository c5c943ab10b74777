// What EAs keep between runs (MQL5's terminal global variables and file sandboxes), written by
// the EA service from the runtime's Outcome.storage deltas and handed back to the next run at
// load (src/services/ea-instances/storage-*.ts, ea-runtime/src/runtime/storage.ts).
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { eas } from "./eas.ts";

/** `bytea` as a Uint8Array (postgres.js answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** Terminal global variables (GlobalVariableSet…) of an account: every EA run on it sees them. */
export const eaGlobalVariables = pgTable(
  "ea_global_variables",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** 1–63 characters, case-sensitive. */
    name: text("name").notNull(),
    value: doublePrecision("value").notNull(),
    /** Last access (GlobalVariableTime): MQL5 datetime in the EA's local time, seconds. */
    time: bigint("time", { mode: "number" }).notNull(),
    /** When the row was last written (UTC). */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
);

/**
 * Files and folders of EA file sandboxes: an EA's own folder (per account and EA), or the
 * account's common folder (FILE_COMMON; `ea_id` null). Paths are relative, "/"-separated, in the
 * letter case they were created with; `path_key` (lower case) identifies the entry, as Windows
 * names ignore case.
 */
export const eaFiles = pgTable(
  "ea_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The EA whose folder holds the entry; null for the account's common folder. */
    eaId: uuid("ea_id").references(() => eas.id, { onDelete: "cascade" }),
    pathKey: text("path_key").notNull(),
    path: text("path").notNull(),
    isDir: boolean("is_dir").notNull().default(false),
    /** The content (empty for a folder). */
    data: bytea("data").notNull(),
    /** MQL5 datetimes in the EA's local time (FileGetInteger FILE_CREATE_DATE / MODIFY_DATE). */
    createdTime: bigint("created_time", { mode: "number" }).notNull().default(0),
    modifiedTime: bigint("modified_time", { mode: "number" }).notNull().default(0),
    /** When the row was last written (UTC). */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ea_files_ea_path_idx")
      .on(t.accountId, t.eaId, t.pathKey)
      .where(sql`${t.eaId} IS NOT NULL`),
    uniqueIndex("ea_files_common_path_idx")
      .on(t.accountId, t.pathKey)
      .where(sql`${t.eaId} IS NULL`),
    index("ea_files_ea_idx").on(t.eaId),
  ],
);

export type EaGlobalVariableRow = typeof eaGlobalVariables.$inferSelect;
export type EaFileRow = typeof eaFiles.$inferSelect;
