// Opens the embedded PGlite databases (the service's and the demo broker's) the same way.
import { PGlite } from "@electric-sql/pglite";

/**
 * Opens PGlite (in `dir`, or in memory) with `wal_init_zero = off`, so a new 16 MB WAL segment
 * is not zero-filled before use. PGlite writes that fill synchronously on the database's thread:
 * a 12–70 ms stall of every query behind it, once per ~5,000 orders. (PGlite runs one session,
 * so SET lasts as long as it.)
 */
export async function openPglite(dir: string | null): Promise<PGlite> {
  const client = dir ? await PGlite.create(dir) : await PGlite.create();
  await client.exec("SET wal_init_zero = off");
  return client;
}
