// Embedded PGlite databases open with the settings their hot write paths rely on, whether they
// live in a data directory (the service's and the demo broker's under `npm start`) or in memory.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { BrokerStore } from "../../src/broker/storage/store.ts";
import { openDatabase } from "../../src/storage/db.ts";
import { openPglite } from "../../src/storage/pglite.ts";

const dir = mkdtempSync(join(tmpdir(), "tas-pglite-"));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const walInitZero = async (query: (text: string) => Promise<unknown[]>) =>
  ((await query("show wal_init_zero"))[0] as { wal_init_zero: string }).wal_init_zero;

test("a new WAL segment is not zero-filled first, in memory and on disk", async () => {
  const memory = await openPglite(null);
  expect(await walInitZero(async (q) => (await memory.query(q)).rows)).toBe("off");
  await memory.close();

  const service = await openDatabase({ databaseUrl: null, pgliteDir: join(dir, "db") });
  const rows = await service.db.execute(sql`show wal_init_zero`);
  expect(
    (rows as unknown as { rows: Array<{ wal_init_zero: string }> }).rows[0]?.wal_init_zero,
  ).toBe("off");
  await service.close();
}, 30_000); // two PGlite instances opened, one of them migrated: seconds on a busy machine

test("the demo broker's file-backed store opens with the same settings", async () => {
  const store = await BrokerStore.open({ databaseUrl: null, dataDir: join(dir, "broker") });
  const client = (
    store as unknown as { db: { $client: { query(q: string): Promise<{ rows: unknown[] }> } } }
  ).db.$client;
  expect(await walInitZero(async (q) => (await client.query(q)).rows)).toBe("off");
  await store.close();
});
