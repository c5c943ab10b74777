// Column helpers shared by every table: lifecycle timestamps in UTC.
import { timestamp } from "drizzle-orm/pg-core";

/** created_at / updated_at, both `timestamptz` set by the database on insert (UTC). */
export const lifecycleDates = {
  /** When the row was created (UTC). */
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** When the row was last changed (UTC); services set it on every update. */
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};
