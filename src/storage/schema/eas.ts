// Expert Advisors uploaded by admins (spec §2.10): the decoded source, the analysed program
// (ea-runtime/src/analysis), and what analysis found. An EA belongs to the uploading admin; that
// admin's API keys may run its `ready` EAs on their accounts.
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { admins } from "./admins.ts";
import { lifecycleDates } from "./util.ts";

/** One input parameter as analysis reports it (MQL5 type name, default as text). */
export interface EaInputParamRow {
  name: string;
  type: string;
  default: string;
  enum?: string;
  enumValues?: string[];
}

export const eas = pgTable(
  "eas",
  {
    /** EA id (uuid) used by `/admin/eas/{id}` and `ea_id` when starting an EA. */
    id: uuid("id").primaryKey().defaultRandom(),
    /** The uploading admin; only it (and superadmins) see the EA, only its keys run it. */
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.uuid, { onDelete: "cascade" }),
    /** Display name (the `name` form field, else the file name without extension). */
    name: text("name").notNull(),
    /** Name of the uploaded file as sent. */
    originalName: text("original_name").notNull(),
    /** `ready` (runnable) or `error` (analysis failed; see `error`). */
    status: text("status").notNull(),
    /** The uploaded program as decoded text (UTF-8/UTF-16 input, stored as text). */
    source: text("source").notNull(),
    /** MQL5 headers uploaded with the program: [{name, text}] (empty for JS/TS EAs). */
    headers: jsonb("headers").$type<{ name: string; text: string }[]>().notNull().default([]),
    /** The MQL5 compiler version that produced `program_js` ("" for JS/TS EAs). */
    compilerVersion: text("compiler_version").notNull().default(""),
    /** The analysed, runnable JavaScript (TypeScript transpiled); empty when status is `error`. */
    programJs: text("program_js").notNull().default(""),
    /** Inputs found by analysis: [{name, type, default, enum?, enumValues?}]. */
    inputParams: jsonb("input_params").$type<EaInputParamRow[]>().notNull().default([]),
    /** Names of the MQL5 handler functions the program defines. */
    eventHandlers: jsonb("event_handlers").$type<string[]>().notNull().default([]),
    /** Analysis error "line L, column C: message"; empty when none. */
    error: text("error").notNull().default(""),
    /** Size of the uploaded file in bytes. */
    sizeBytes: integer("size_bytes").notNull(),
    ...lifecycleDates,
  },
  (t) => [index("eas_admin_idx").on(t.adminId)],
);

export type EaRow = typeof eas.$inferSelect;
