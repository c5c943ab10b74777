// Fresh databases for tests. PGlite: every test app loads a migrated "golden" data dir (fast);
// Postgres (DATABASE_URL set): every test app gets its own database cloned from a migrated
// template database, dropped when the app closes.
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { type Database, fromPglite, fromPostgres, openDatabase } from "../../src/storage/db.ts";

const state = globalThis as unknown as {
  __tasGolden?: Promise<Blob>;
  __tasTemplate?: Promise<string>;
  __tasDbCounter?: number;
};

function golden(): Promise<Blob> {
  state.__tasGolden ??= (async () => {
    const client = await PGlite.create();
    await fromPglite(client).migrate();
    const dump = await client.dumpDataDir("none");
    await client.close();
    return dump;
  })();
  return state.__tasGolden;
}

/** The admin URL (database `test`) with another database name. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function template(url: string): Promise<string> {
  state.__tasTemplate ??= (async () => {
    const name = `tas_tpl_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    // Drop what earlier runs may have left behind.
    const stale = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like 'tas\\_t%'`;
    for (const { datname } of stale) {
      await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    }
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const db = fromPostgres(withDatabase(url, name), { max: 1 });
    await db.migrate();
    await db.close();
    return name;
  })();
  return state.__tasTemplate;
}

export interface TestDatabase {
  readonly database: Database;
  /** A connection string for another process (Postgres only). */
  readonly url: string | null;
  drop(): Promise<void>;
}

/**
 * A fresh migrated database: on Postgres when DATABASE_URL is set, else PGlite in memory, or in
 * `pgliteDir` (file-backed, as `npm start` keeps it) when given.
 */
export async function freshDatabase(pgliteDir?: string): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url && pgliteDir) {
    const database = await openDatabase({ databaseUrl: null, pgliteDir });
    await database.migrate();
    return { database, url: null, drop: () => database.close() };
  }
  if (!url) {
    const client = await PGlite.create({ loadDataDir: await golden() });
    const database = fromPglite(client);
    return { database, url: null, drop: () => database.close() };
  }
  const tpl = await template(url);
  state.__tasDbCounter = (state.__tasDbCounter ?? 0) + 1;
  const name = `tas_t_${process.pid}_${state.__tasDbCounter}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${tpl}"`);
  await admin.end();
  const dbUrl = withDatabase(url, name);
  const database = fromPostgres(dbUrl, { max: 5 });
  return {
    database,
    url: dbUrl,
    async drop() {
      await database.close();
      const a = postgres(url, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}
