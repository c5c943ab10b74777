// The per-key account cache under several nodes: a change another node makes to the accounts
// table (insert, update, delete, an account moved to another key) is served once the cache TTL
// has passed, because the database bumps the key's accounts_version on every such change.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { accounts, apiKeys } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let keyA: { id: string; key: string };
let keyB: { id: string; key: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createAdmin("nodes");
  keyA = await t.createKey(admin.token, { max_accounts: 20 });
  keyB = await t.createKey(admin.token, { max_accounts: 20 });
}, 60_000);
afterAll(() => t.close());

const labels = async (key: string): Promise<string[]> => {
  const res = await t.request("GET", "/api/accounts", { key });
  expect(res.status).toBe(200);
  return (res.body.data as Array<{ label: string }>).map((a) => a.label).sort();
};

const versionOf = async (keyId: string): Promise<number> => {
  const [row] = await t.deps.db
    .select({ version: apiKeys.accountsVersion })
    .from(apiKeys)
    .where(eq(apiKeys.id, keyId));
  return row?.version ?? -1;
};

const ttlMs = () => t.config.registryCacheTtlSeconds * 1000;

test("another node's changes to a key's accounts are served after the cache TTL", async () => {
  const created = await t.request("POST", "/api/accounts", {
    key: keyA.key,
    body: { terminal_login: 7001, password: "pw-7001", server_name: "TAS-Demo", label: "one" },
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;
  t.clock.freeze(t.clock.now());
  expect(await labels(keyA.key)).toEqual(["one"]);

  // Another node renames the account, adds one, and the version moves.
  const before = await versionOf(keyA.id);
  const db = t.deps.db;
  await db.update(accounts).set({ label: "renamed" }).where(eq(accounts.id, id));
  await db.execute(sql`
    insert into accounts (key_id, admin_id, label, server_name, broker_host, broker_port,
                          terminal_login, password_enc, auto_connect)
    select key_id, admin_id, 'added', server_name, broker_host, broker_port, 7002, password_enc,
           false
    from accounts where id = ${id}`);
  expect(await versionOf(keyA.id)).toBe(before + 2);

  // Within the TTL this node still answers from its cache; after it, the changes show.
  expect(await labels(keyA.key)).toEqual(["one"]);
  t.clock.advance(ttlMs() + 1);
  expect(await labels(keyA.key)).toEqual(["added", "renamed"]);
  expect((await t.request("GET", `/api/accounts/${id}`, { key: keyA.key })).body.data.label).toBe(
    "renamed",
  );

  // An account moved to another key leaves the first key's list and joins the second's.
  expect(await labels(keyB.key)).toEqual([]);
  await db.update(accounts).set({ keyId: keyB.id }).where(eq(accounts.id, id));
  t.clock.advance(ttlMs() + 1);
  expect(await labels(keyA.key)).toEqual(["added"]);
  expect(await labels(keyB.key)).toEqual(["renamed"]);
  expect((await t.request("GET", `/api/accounts/${id}`, { key: keyA.key })).status).toBe(404);

  // A deletion by another node: the account is gone from the list and answers 404.
  await db.delete(accounts).where(eq(accounts.id, id));
  t.clock.advance(ttlMs() + 1);
  expect(await labels(keyB.key)).toEqual([]);
  expect((await t.request("GET", `/api/accounts/${id}`, { key: keyB.key })).status).toBe(404);
});
