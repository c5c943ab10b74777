// Prepared hot statements: values reach the database exactly as given (quotes, backslashes,
// JSON, unicode, numbers, NULL) on whichever database the run uses; unusable values and names
// are refused before anything runs.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { hotStatement, sqlLiteral } from "../../src/storage/prepared.ts";
import { freshDatabase, type TestDatabase } from "../support/db.ts";

let db: TestDatabase;

beforeAll(async () => {
  db = await freshDatabase();
  await db.database.db.execute(
    sql`create table hot_probe (id serial primary key, t text, j jsonb, n bigint, b boolean)`,
  );
}, 60_000);

afterAll(async () => {
  await db.drop();
});

describe("hot statements", () => {
  const tricky = [
    "plain",
    "it's",
    "''; drop table hot_probe; --",
    "back\\slash \\' and \\\\",
    "unicode ✓ 漢字 🙂",
    "$1 $$ dollar $tag$",
    "",
  ];

  test("text, JSON, numbers, booleans and NULL arrive unchanged", async () => {
    const insert = hotStatement<{ id: number }>(
      db.database.db,
      "hot_probe_insert",
      ["text", "jsonb", "bigint", "boolean"],
      "insert into hot_probe (t, j, n, b) values ($1, $2, $3, $4) returning id",
    );
    const select = hotStatement<{ t: string | null; j: unknown; n: string | number | null }>(
      db.database.db,
      "hot_probe_select",
      ["int4"],
      "select t, j, n, b from hot_probe where id = $1",
    );
    for (const [i, text] of tricky.entries()) {
      const json = JSON.stringify({ text, list: [i, -1.5e-7], nested: { q: "'\"" } });
      const [row] = await insert.run([text, json, 9_007_199_254_740_991 - i, i % 2 === 0]);
      expect(row?.id).toBeGreaterThan(0);
      const [back] = await select.run([row?.id ?? 0]);
      expect(back?.t).toBe(text);
      expect(back?.j).toEqual(JSON.parse(json));
      expect(Number(back?.n)).toBe(9_007_199_254_740_991 - i);
    }
    const [nulls] = await insert.run([null, null, null, null]);
    const [back] = await select.run([nulls?.id ?? 0]);
    expect(back).toEqual({ t: null, j: null, n: null, b: null } as never);
    // The table survived every attempt at injection.
    const count = hotStatement<{ n: number }>(
      db.database.db,
      "hot_probe_count",
      [],
      "select count(*)::int as n from hot_probe",
    );
    expect((await count.run([]))[0]?.n).toBe(tricky.length + 1);
  });

  test("a wrong number of parameters is refused before anything runs", async () => {
    const insert = hotStatement(
      db.database.db,
      "hot_probe_arity",
      ["text"],
      "insert into hot_probe (t) values ($1)",
    );
    await expect(insert.run(["a", "b"])).rejects.toThrow(/takes 1 parameters, got 2/);
  });

  test("names that are not plain identifiers are refused", () => {
    expect(() => hotStatement(db.database.db, "x; drop", [], "select 1")).toThrow(
      /invalid prepared statement name/,
    );
  });
});

describe("sqlLiteral", () => {
  test("quotes are doubled and nothing else changes", () => {
    expect(sqlLiteral("a'b")).toBe("'a''b'");
    expect(sqlLiteral("a\\b")).toBe("'a\\b'");
    expect(sqlLiteral(12.5)).toBe("12.5");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(true)).toBe("TRUE");
  });

  test("values Postgres cannot hold are refused", () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow(RangeError);
    expect(() => sqlLiteral(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => sqlLiteral("nul\u0000byte")).toThrow(RangeError);
  });
});
