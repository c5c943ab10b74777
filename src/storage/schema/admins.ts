// Administrators: people who issue API keys, upload EAs and bill their users. Managed only by
// the `tas admin` CLI and the one-time `POST /admin/seed`; read-only over REST.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, uuid } from "drizzle-orm/pg-core";
import { lifecycleDates } from "./util.ts";

export const admins = pgTable(
  "admins",
  {
    /** Integer id shown by `GET /admin/admins` (spec §2.11). */
    id: serial("id").primaryKey(),
    /** uuid shown by login; the id every other table references. */
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    /** Login name, unique, case-sensitive. */
    username: text("username").notNull().unique(),
    /** argon2id hash (PHC string) of the password. */
    passwordHash: text("password_hash").notNull(),
    /** `admin` or `superadmin`. */
    role: text("role").notNull().default("admin"),
    /** Cap on accounts over all of this admin's keys. */
    maxAccounts: integer("max_accounts").notNull().default(100),
    ...lifecycleDates,
  },
  (t) => [
    check("admins_role_check", sql`${t.role} in ('admin', 'superadmin')`),
    check("admins_max_accounts_check", sql`${t.maxAccounts} >= 0`),
  ],
);

export type AdminRow = typeof admins.$inferSelect;
