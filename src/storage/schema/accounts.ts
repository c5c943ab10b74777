// Broker accounts registered by API-key holders. Secrets (broker password, proxy credentials)
// are stored only as AES-256-GCM ciphertext (see src/security/secrets.ts) and never returned.
import { bigint, boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { admins } from "./admins.ts";
import { apiKeys } from "./api-keys.ts";
import { lifecycleDates } from "./util.ts";

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The key that created the account; the only key that can reach it. */
    keyId: uuid("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    /** The key's admin, denormalised for per-admin caps and admin listings. */
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.uuid, { onDelete: "cascade" }),
    label: text("label").notNull().default(""),
    /** Broker server name as the broker directory knows it (e.g. `TAS-Demo`); may be empty. */
    serverName: text("server_name").notNull().default(""),
    /** Host of the broker access point the session connects to. */
    brokerHost: text("broker_host").notNull(),
    brokerPort: integer("broker_port").notNull(),
    /** Numeric trading login at the broker. */
    terminalLogin: bigint("terminal_login", { mode: "number" }).notNull(),
    /** Encrypted broker password (`v1:` envelope of src/security/secrets.ts). */
    passwordEnc: text("password_enc").notNull(),
    /** Encrypted proxy settings JSON {type, host, port, username?, password?}, or null. */
    proxyEnc: text("proxy_enc"),
    /** Client-chosen hardware id presented to the broker, or empty. */
    hardwareId: text("hardware_id").notNull().default(""),
    isEnabled: boolean("is_enabled").notNull().default(true),
    /** Connect this account when the service starts. */
    autoConnect: boolean("auto_connect").notNull().default(true),
    ...lifecycleDates,
  },
  (t) => [index("accounts_key_idx").on(t.keyId), index("accounts_admin_idx").on(t.adminId)],
);

export type AccountRow = typeof accounts.$inferSelect;
