// Generated from the route table: every /api route demands a key, and every
// /api/accounts/:id… route answers another key's account exactly as an unknown id — byte for
// byte, apart from the request id header.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/app.ts";
import {
  accountRoutes,
  apiRoutes,
  BODILESS,
  fillPath,
  hasBody,
  sampleBody,
} from "../support/route-suite.ts";

let t: TestApp;
let mine: string;
let foreignAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  const root = await t.superToken();
  mine = (await t.createKey(root)).key;
  const other = await t.createAdmin("other-admin");
  const theirs = await t.createKey(other.token);
  foreignAccountId = (await t.createAccount(theirs.key)).id;
}, 60_000);
afterAll(() => t.close());

describe("route table", () => {
  test("has account routes to check", () => {
    expect(accountRoutes(t.app).length).toBeGreaterThanOrEqual(3);
  });

  test("every POST/PUT/PATCH account route has a sample body", () => {
    const missing = accountRoutes(t.app).filter(
      (r) =>
        hasBody(r.method) && sampleBody(r) === undefined && !BODILESS.has(`${r.method} ${r.path}`),
    );
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

describe("every /api route without a key → 401", () => {
  test("each route", async () => {
    for (const route of apiRoutes(t.app)) {
      const body = sampleBody(route);
      const res = await t.request(
        route.method,
        fillPath(route.path, foreignAccountId),
        body !== undefined ? { body } : {},
      );
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
    }
  });
});

describe("foreign account = unknown account", () => {
  test("each /api/accounts/:id route", async () => {
    const unknown = "6f1e2d3c-4b5a-4987-a654-3210fedcba98";
    for (const route of accountRoutes(t.app)) {
      const body = sampleBody(route);
      const opts = { key: mine, ...(body !== undefined ? { body } : {}) };
      const foreign = await t.request(route.method, fillPath(route.path, foreignAccountId), opts);
      const missing = await t.request(route.method, fillPath(route.path, unknown), opts);
      const label = `${route.method} ${route.path}`;
      expect({ label, status: foreign.status, body: foreign.text }).toEqual({
        label,
        status: missing.status,
        body: missing.text,
      });
      expect({ label, body: foreign.body }).toEqual({
        label,
        body: { ok: false, error: { code: "ACCOUNT_NOT_FOUND", message: "Account not found" } },
      });
      expect(foreign.status).toBe(404);
    }
    // And the foreign account itself is unchanged.
    const all = await t.services.accounts.adminList({
      adminId: "",
      superadmin: true,
      actor: { type: "system", id: "test" },
    });
    expect(all.find((a) => a.id === foreignAccountId)?.label).toBe("");
  });
});
