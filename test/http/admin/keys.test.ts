// /admin/keys: issue, list, get, patch, revoke, rotate; tenancy between admins.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { accounts, apiKeys } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let root: string;
let alice: { token: string; uuid: string };
let bob: { token: string; uuid: string };

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superToken();
  alice = await t.createAdmin("alice");
  bob = await t.createAdmin("bob");
}, 60_000);
afterAll(() => t.close());

describe("POST /admin/keys", () => {
  test("issues an sk_ key shown once, stored only as a hash", async () => {
    const res = await t.request("POST", "/admin/keys", {
      token: alice.token,
      body: { name: "mobile app" },
    });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data.key).toMatch(/^sk_[0-9A-Za-z]{40}$/);
    expect(data).toMatchObject({
      name: "mobile app",
      max_accounts: 4,
      is_enabled: true,
      admin_id: alice.uuid,
    });
    expect(data.prefix).toBe(data.key.slice(0, 7));
    const rows = await t.deps.db.select().from(apiKeys);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(data.key);
    const get = await t.request("GET", `/admin/keys/${data.id}`, { token: alice.token });
    expect(get.body.data.key).toBeUndefined();
  });

  test("accepts an empty body and a max_accounts", async () => {
    const a = await t.request("POST", "/admin/keys", { token: alice.token });
    expect(a.status).toBe(201);
    const b = await t.request("POST", "/admin/keys", {
      token: alice.token,
      body: { max_accounts: 10 },
    });
    expect(b.body.data.max_accounts).toBe(10);
  });

  test("rejects bad input", async () => {
    for (const body of [
      { max_accounts: -1 },
      { max_accounts: 1.5 },
      { max_accounts: "4" },
      { name: 42 },
      { name: "n".repeat(201) },
      { unknown_field: true },
    ]) {
      const res = await t.request("POST", "/admin/keys", { token: alice.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("listing and tenancy", () => {
  test("an admin lists only its own keys; the superadmin sees all", async () => {
    // Two admins of this test's own, so the lists hold exactly what it created.
    const carol = await t.createAdmin();
    const dan = await t.createAdmin();
    await t.createKey(carol.token, { name: "carol-1" });
    await t.createKey(dan.token, { name: "dan-1" });
    await t.createKey(dan.token, { name: "dan-2" });
    const carolList = await t.request("GET", "/admin/keys", { token: carol.token });
    expect(carolList.body.data.map((k: any) => [k.name, k.admin_id])).toEqual([
      ["carol-1", carol.uuid],
    ]);
    const danList = await t.request("GET", "/admin/keys", { token: dan.token });
    expect(danList.body.data.map((k: any) => k.name).sort()).toEqual(["dan-1", "dan-2"]);
    const all = await t.request("GET", "/admin/keys", { token: root });
    const names = all.body.data.map((k: any) => k.name);
    expect(names).toEqual(expect.arrayContaining(["carol-1", "dan-1", "dan-2"]));
  });

  test("another admin's key is 400 Key not found, exactly like an unknown key", async () => {
    const bobKey = await t.createKey(bob.token);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const answers = [];
    for (const id of [bobKey.id, unknown, "not-a-uuid"]) {
      for (const [method, path, body] of [
        ["GET", `/admin/keys/${id}`, undefined],
        ["PATCH", `/admin/keys/${id}`, { name: "stolen" }],
        ["POST", `/admin/keys/${id}/rotate`, undefined],
        ["DELETE", `/admin/keys/${id}`, undefined],
      ] as const) {
        const res = await t.request(method, path, {
          token: alice.token,
          ...(body ? { body } : {}),
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          ok: false,
          error: { code: "KEY_NOT_FOUND", message: "Key not found" },
        });
        answers.push(res.text);
      }
    }
    // Bob's key is untouched and still works.
    expect((await t.request("GET", "/api/accounts", { key: bobKey.key })).status).toBe(200);
    const get = await t.request("GET", `/admin/keys/${bobKey.id}`, { token: bob.token });
    expect(get.body.data.name).toBe("");
  });

  test("an API key on /admin acts as its admin: it sees that admin's keys, not others'", async () => {
    const aliceKey = await t.createKey(alice.token);
    const bobKey = await t.createKey(bob.token);
    const list = await t.request("GET", "/admin/keys", { key: aliceKey.key });
    expect(list.status).toBe(200);
    expect(list.body.data.every((k: any) => k.admin_id === alice.uuid)).toBe(true);
    const foreign = await t.request("GET", `/admin/keys/${bobKey.id}`, { key: aliceKey.key });
    expect(foreign.status).toBe(400);
    const created = await t.request("POST", "/admin/keys", {
      key: aliceKey.key,
      body: { name: "by-key" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.admin_id).toBe(alice.uuid);
  });
});

describe("PATCH, DELETE and rotate", () => {
  test("patch changes name, cap and enabled flag; a disabled key is rejected until re-enabled", async () => {
    const k = await t.createKey(alice.token);
    expect((await t.request("GET", "/api/accounts", { key: k.key })).status).toBe(200);
    const res = await t.request("PATCH", `/admin/keys/${k.id}`, {
      token: alice.token,
      body: { name: "renamed", max_accounts: 7, is_enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "renamed", max_accounts: 7, is_enabled: false });
    const denied = await t.request("GET", "/api/accounts", { key: k.key });
    expect(denied.status).toBe(401);
    expect(denied.body.error.message).toBe("Invalid API key");
    await t.request("PATCH", `/admin/keys/${k.id}`, {
      token: alice.token,
      body: { is_enabled: true },
    });
    expect((await t.request("GET", "/api/accounts", { key: k.key })).status).toBe(200);
  });

  test("patch rejects empty and bad bodies", async () => {
    const k = await t.createKey(alice.token);
    for (const body of [{}, { is_enabled: "yes" }, { max_accounts: -3 }, { key: "sk_x" }]) {
      const res = await t.request("PATCH", `/admin/keys/${k.id}`, { token: alice.token, body });
      expect(res.status).toBe(400);
    }
  });

  test("delete revokes at once (even with the key cached), and removes the key's accounts", async () => {
    const k = await t.createKey(alice.token);
    await t.createAccount(k.key);
    expect((await t.request("GET", "/api/accounts", { key: k.key })).status).toBe(200);
    const res = await t.request("DELETE", `/admin/keys/${k.id}`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: k.id, revoked: true, accounts_removed: 1 });
    expect((await t.request("GET", "/api/accounts", { key: k.key })).status).toBe(401);
    expect((await t.request("GET", `/admin/keys/${k.id}`, { token: alice.token })).status).toBe(
      400,
    );
    const rows = await t.deps.db.select().from(accounts);
    expect(rows.some((r) => r.keyId === k.id)).toBe(false);
  });

  test("rotate issues a new secret: the old one stops at once, accounts stay", async () => {
    const k = await t.createKey(alice.token);
    const account = await t.createAccount(k.key);
    const res = await t.request("POST", `/admin/keys/${k.id}/rotate`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(k.id);
    expect(res.body.data.key).not.toBe(k.key);
    expect((await t.request("GET", "/api/accounts", { key: k.key })).status).toBe(401);
    const list = await t.request("GET", "/api/accounts", { key: res.body.data.key });
    expect(list.body.data.map((a: any) => a.id)).toEqual([account.id]);
  });
});
