// API keys issued by an admin to its users. Only the SHA-256 hash of the secret is stored, plus
// a short display prefix so people can tell keys apart; the plaintext is shown once at creation.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { admins } from "./admins.ts";
import { lifecycleDates } from "./util.ts";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Owning admin (admins.uuid). */
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.uuid, { onDelete: "cascade" }),
    /** Free-form name given by the admin. */
    name: text("name").notNull().default(""),
    /** Hex SHA-256 of the full plaintext key; the lookup index of authentication. */
    hash: text("hash").notNull().unique(),
    /** First characters of the key (`sk_` + 4), safe to display. */
    displayPrefix: text("display_prefix").notNull(),
    /** Cap on accounts created with this key (spec §5.4, default 4). */
    maxAccounts: integer("max_accounts").notNull().default(4),
    /** A disabled key is rejected like an invalid one until re-enabled. */
    isEnabled: boolean("is_enabled").notNull().default(true),
    /** Set when the key is revoked (DELETE); revoked keys never authenticate again. */
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    /**
     * Bumped by a trigger (migration 0006) on every insert, update or delete of the key's
     * accounts, on any node: a node's cached account list is still current while this is unchanged.
     */
    accountsVersion: bigint("accounts_version", { mode: "number" }).notNull().default(0),
    /** Last successful authentication (UTC), updated at most once a minute per node. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    ...lifecycleDates,
  },
  (t) => [
    index("api_keys_admin_idx").on(t.adminId),
    check("api_keys_max_accounts_check", sql`${t.maxAccounts} >= 0`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
