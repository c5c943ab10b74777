// The embedded database on its own thread (src/storage/pglite-remote.ts): the part of PGlite's
// interface drizzle and the hot statements use behaves as PGlite's own — parameters and both row
// modes, drizzle's text parsers, transactions committed or rolled back, statements from outside
// an open transaction waiting for it, Postgres errors with their fields, a closed database
// refusing clearly — and the service's migrations and queries run over it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { fromPglite } from "../../src/storage/db.ts";
import { RemotePglite } from "../../src/storage/pglite-remote.ts";
import { hotStatement } from "../../src/storage/prepared.ts";
import { admins } from "../../src/storage/schema/index.ts";

describe("PGlite on its own thread", () => {
  let pg: RemotePglite;

  beforeAll(async () => {
    pg = await RemotePglite.open(null);
    await pg.exec(`create table t (id int primary key, name text not null, at timestamptz)`);
  }, 60_000);
  afterAll(() => pg?.close());

  test("parameters, object and array rows, affected rows", async () => {
    const ins = await pg.query("insert into t (id, name) values ($1, $2), ($3, $4)", [
      1,
      "one",
      2,
      "two",
    ]);
    expect(ins.affectedRows).toBe(2);
    const objects = await pg.query<{ id: number; name: string }>(
      "select id, name from t order by id",
    );
    expect(objects.rows).toEqual([
      { id: 1, name: "one" },
      { id: 2, name: "two" },
    ]);
    const arrays = await pg.query("select id, name from t where id = $1", [2], {
      rowMode: "array",
    });
    expect(arrays.rows).toEqual([[2, "two"]]);
    expect(arrays.fields.map((f) => f.name)).toEqual(["id", "name"]);
  }, 60_000);

  test("drizzle's identity parsers keep timestamps as text; without them, Dates", async () => {
    const at = "2024-01-19 10:00:00+00";
    const parsed = await pg.query<{ at: unknown }>("select $1::timestamptz as at", [at]);
    expect(parsed.rows[0]?.at).toBeInstanceOf(Date);
    const text = await pg.query<{ at: unknown }>("select $1::timestamptz as at", [at], {
      parsers: { [types.TIMESTAMPTZ]: (v: string) => v },
    });
    expect(typeof text.rows[0]?.at).toBe("string");
    // A parser that is not the identity cannot cross the thread: refused, not ignored.
    expect(() =>
      pg.query("select 1", [], { parsers: { [types.INT4]: (v: string) => Number(v) } }),
    ).toThrow("identity");
  }, 60_000);

  test("a transaction commits what it did; a throwing one leaves nothing", async () => {
    await pg.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values ($1, $2)", [10, "kept"]);
    });
    // (`.catch`, not `expect(…).rejects`: bun's matcher waits for the promise without
    // delivering worker messages, so a promise settled by the database thread never settles.)
    const refused = await pg
      .transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [11, "gone"]);
        throw new Error("changed my mind");
      })
      .catch((e: unknown) => e);
    expect(String(refused)).toContain("changed my mind");
    const rows = await pg.query<{ id: number }>("select id from t where id >= 10 order by id");
    expect(rows.rows).toEqual([{ id: 10 }]);
  }, 60_000);

  test("a statement from outside an open transaction waits for its end", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const tx = pg.transaction(async (t) => {
      await t.query("insert into t (id, name) values (20, 'inside')");
      await gate;
    });
    await Bun.sleep(20);
    const outside = pg.query<{ n: number }>("select count(*)::int as n from t where id = 20");
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await Bun.sleep(50);
    expect(answered).toBe(false); // held behind the transaction
    release();
    await tx;
    expect((await outside).rows).toEqual([{ n: 1 }]);
  }, 60_000);

  test("Postgres errors cross with their fields; the thread goes on", async () => {
    const err = (await pg
      .query("insert into t (id, name) values (1, 'again')")
      .catch((e: unknown) => e)) as Record<string, unknown> & Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe("23505");
    expect(err.constraint).toBe("t_pkey");
    expect(err.message).toContain("duplicate key");
    const bad = (await pg.query("select nope from t").catch((e: unknown) => e)) as Record<
      string,
      unknown
    >;
    expect(bad.code).toBe("42703");
    expect((await pg.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  }, 60_000);

  test("hot statements (PREPARE / EXECUTE) run over it", async () => {
    const byId = hotStatement<{ name: string }>(
      { $client: pg },
      "remote_t_by_id",
      ["int4"],
      "select name from t where id = $1",
    );
    expect(await byId.run([2])).toEqual([{ name: "two" }]);
    expect(await byId.run([404])).toEqual([]);
  }, 60_000);
});

describe("the service database on its own thread", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "tas-remote-"));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("migrations and drizzle queries; the data survives a reopen; closed refuses", async () => {
    const remote = await RemotePglite.open(join(dir, "db"));
    const first = fromPglite(remote);
    await first.migrate();
    await first.db.insert(admins).values({
      username: "remote-root",
      passwordHash: "x",
      role: "superadmin",
    });
    const [row] = await first.db.select().from(admins);
    expect(row?.username).toBe("remote-root");
    expect(row?.createdAt).toBeInstanceOf(Date);
    await first.close();
    expect(String(await remote.query("select 1").catch((e: unknown) => e))).toContain("closed");

    const again = fromPglite(await RemotePglite.open(join(dir, "db")));
    const rows = await again.db.execute(sql`select username from admins`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ username: "remote-root" }]);
    await again.close();
  }, 120_000);
});
