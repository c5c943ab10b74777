// Opens the service database: postgres.js when DATABASE_URL is set, else embedded PGlite in
// DATA_DIR/db. Both satisfy one `Db` type over the same drizzle schema, and the matching drizzle
// migrator applies the committed migrations in drizzle/.

import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { openPglite } from "./pglite.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The committed migrations folder. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../drizzle", import.meta.url));

export interface Database {
  readonly db: Db;
  /** `pglite` or `postgres`. */
  readonly kind: "pglite" | "postgres";
  /** A file-backed PGlite's data directory (write-ahead logs go beside it); else null. */
  readonly dir: string | null;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Wraps an open PGlite instance (file-backed in `dir`, or in memory). */
export function fromPglite(client: PGlite, dir: string | null = null): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    dir,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** The advisory lock key that serializes migrations across processes ("tas-migr"). */
const MIGRATION_LOCK = 0x7461736d;

/** Opens a postgres.js pool on `url`. */
export function fromPostgres(url: string, options: { max?: number } = {}): Database {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    dir: null,
    // Several nodes may start together on one database: an advisory lock, held by a connection
    // of its own, lets one migrate at a time (the others then find nothing left to apply).
    // Closing that connection releases the lock (and leaves no session on the database).
    migrate: async () => {
      const lock = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** Opens the configured database: Postgres if a URL is given, else PGlite in `pgliteDir`. */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  pgliteDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    return fromPostgres(opts.databaseUrl);
  }
  return fromPglite(await openPglite(opts.pgliteDir), opts.pgliteDir);
}
