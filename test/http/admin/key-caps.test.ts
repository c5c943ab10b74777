// A key's max_accounts never exceeds its admin's max_accounts: create and patch refuse it with
// 400 VALIDATION_ERROR naming the field, and the default cap is lowered to a smaller admin cap.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let root: string;
let carol: { token: string; uuid: string };

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superToken();
  carol = await t.createAdmin("carol", { maxAccounts: 100 });
}, 60_000);
afterAll(() => t.close());

function expectCapError(res: { status: number; body: any }) {
  expect(res.status).toBe(400);
  expect(res.body.ok).toBe(false);
  expect(res.body.error.code).toBe("VALIDATION_ERROR");
  expect(res.body.error.details.field).toBe("max_accounts");
  expect(res.body.error.message).toContain("max_accounts");
}

describe("POST /admin/keys", () => {
  test("a cap above the admin's is refused; up to it is accepted", async () => {
    const before = (await t.request("GET", "/admin/keys", { token: carol.token })).body.data.length;
    for (const max_accounts of [1000, 101]) {
      const res = await t.request("POST", "/admin/keys", {
        token: carol.token,
        body: { max_accounts },
      });
      expectCapError(res);
      expect(res.body.error.details.admin_max_accounts).toBe(100);
    }
    const after = (await t.request("GET", "/admin/keys", { token: carol.token })).body.data.length;
    expect(after).toBe(before);
    const ok = await t.request("POST", "/admin/keys", {
      token: carol.token,
      body: { max_accounts: 100 },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.max_accounts).toBe(100);
  });

  test("an API key acting as its admin is held to the same cap", async () => {
    const k = await t.createKey(carol.token);
    const res = await t.request("POST", "/admin/keys", { key: k.key, body: { max_accounts: 500 } });
    expectCapError(res);
  });

  test("the default cap (4) is lowered to a smaller admin cap", async () => {
    const tiny = await t.createAdmin("tiny", { maxAccounts: 2 });
    const res = await t.request("POST", "/admin/keys", { token: tiny.token });
    expect(res.status).toBe(201);
    expect(res.body.data.max_accounts).toBe(2);
    const roomy = await t.request("POST", "/admin/keys", { token: carol.token });
    expect(roomy.body.data.max_accounts).toBe(4);
  });
});

describe("PATCH /admin/keys/:id", () => {
  test("raising a key above its admin's cap is refused and changes nothing", async () => {
    const k = await t.createKey(carol.token, { max_accounts: 5 });
    const res = await t.request("PATCH", `/admin/keys/${k.id}`, {
      token: carol.token,
      body: { name: "renamed", max_accounts: 1000 },
    });
    expectCapError(res);
    const get = await t.request("GET", `/admin/keys/${k.id}`, { token: carol.token });
    expect(get.body.data).toMatchObject({ max_accounts: 5, name: "" });
    const ok = await t.request("PATCH", `/admin/keys/${k.id}`, {
      token: carol.token,
      body: { max_accounts: 100 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.max_accounts).toBe(100);
  });

  test("the superadmin patching another admin's key is held to that admin's cap", async () => {
    const small = await t.createAdmin("small", { maxAccounts: 10 });
    const k = await t.createKey(small.token, { max_accounts: 3 });
    const res = await t.request("PATCH", `/admin/keys/${k.id}`, {
      token: root,
      body: { max_accounts: 50 },
    });
    expectCapError(res);
    expect(res.body.error.details.admin_max_accounts).toBe(10);
    const ok = await t.request("PATCH", `/admin/keys/${k.id}`, {
      token: root,
      body: { max_accounts: 10 },
    });
    expect(ok.status).toBe(200);
  });
});
