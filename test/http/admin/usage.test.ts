// /admin/usage/snapshots: taking snapshots on demand (superadmin: every admin; admin or API key:
// its own), what a snapshot measures, listing newest first with filters and pages, the role
// rules, bad parameters, and the audit trail.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, usageSnapshots } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let root: string;
let rootUuid: string;
let alice: { token: string; uuid: string };
let bob: { token: string; uuid: string };
let aliceIntId: number;
let aliceKeys: Array<{ id: string; key: string }>;
let bobKey: { id: string; key: string };

/** Runs `fn` with the test clock frozen at `iso`, then back at the current time. */
async function atTime<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  t.clock.freeze(Date.parse(iso));
  try {
    return await fn();
  } finally {
    t.clock.freeze(Date.now());
  }
}

const take = (auth: { token?: string; key?: string }, iso: string) =>
  atTime(iso, () => t.request("POST", "/admin/usage/snapshots", auth));

const list = (query: string, auth: { token?: string; key?: string } = { token: root }) =>
  t.request("GET", `/admin/usage/snapshots${query}`, auth);

/** A fresh app: root, alice (keys k0–k2 with 3, 1, 0 accounts; k3 revoked), bob (b0, 1 account). */
async function setup(): Promise<void> {
  t = await createTestApp();
  root = await t.superToken();
  alice = await t.createAdmin("alice");
  bob = await t.createAdmin("bob");
  const admins = (await t.request("GET", "/admin/admins", { token: root })).body.data;
  aliceIntId = admins.find((a: any) => a.uuid === alice.uuid).id;
  rootUuid = admins.find((a: any) => a.role === "superadmin").uuid;
  // alice: k0 with 3 accounts, k1 with 1, k2 with none, k3 revoked (its accounts go with it).
  aliceKeys = [];
  for (const [i, n] of [3, 1, 0, 2].entries()) {
    await Bun.sleep(3);
    const key = await t.createKey(alice.token, { name: `k${i}`, max_accounts: 10 });
    for (let j = 0; j < n; j++) {
      await t.createAccount(key.key, { terminal_login: 700_000 + i * 10 + j });
    }
    aliceKeys.push(key);
  }
  const revoked = aliceKeys[3];
  if (!revoked) {
    throw new Error("setup");
  }
  await t.request("DELETE", `/admin/keys/${revoked.id}`, { token: alice.token });
  bobKey = await t.createKey(bob.token, { name: "b0" });
  await t.createAccount(bobKey.key);
}

beforeAll(setup, 60_000);
afterAll(() => t.close());

describe("POST /admin/usage/snapshots", () => {
  test("an admin gets one snapshot of its own usage: users, accounts, per-key breakdown", async () => {
    const res = await take({ token: alice.token }, "2026-03-01T12:00:00Z");
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(1);
    const snap = res.body.data[0];
    expect(snap).toMatchObject({
      admin_id: alice.uuid,
      kind: "on_demand",
      slot_key: null,
      taken_at: "2026-03-01T12:00:00.000Z",
      users: 2,
      accounts: 4,
      // No broker sessions and no EAs run yet: both are honestly 0.
      connected_accounts: 0,
      running_eas: 0,
    });
    expect(snap.id).toMatch(/^[0-9a-f-]{36}$/);
    // Live keys only, in creation order, the key without accounts included.
    expect(
      snap.per_key.map((k: any) => [k.key_name, k.accounts, k.connected_accounts, k.running_eas]),
    ).toEqual([
      ["k0", 3, 0, 0],
      ["k1", 1, 0, 0],
      ["k2", 0, 0, 0],
    ]);
    expect(snap.per_key[0].key_id).toBe(aliceKeys[0]?.id);
    expect(Number.isFinite(Date.parse(snap.per_key[0].key_created_at))).toBe(true);
  });

  test("an API key on /admin takes its admin's snapshot", async () => {
    const res = await take({ key: aliceKeys[0]?.key }, "2026-03-01T13:00:00Z");
    expect(res.status).toBe(201);
    expect(res.body.data.map((s: any) => s.admin_id)).toEqual([alice.uuid]);
    const other = await take({ key: bobKey.key }, "2026-03-01T13:00:00Z");
    expect(other.body.data.map((s: any) => [s.admin_id, s.users, s.accounts])).toEqual([
      [bob.uuid, 1, 1],
    ]);
  });

  test("the superadmin gets one snapshot of every admin (itself included)", async () => {
    const res = await take({ token: root }, "2026-03-02T00:00:00Z");
    expect(res.status).toBe(201);
    const byAdmin = Object.fromEntries(res.body.data.map((s: any) => [s.admin_id, s]));
    expect(Object.keys(byAdmin).sort()).toEqual([alice.uuid, bob.uuid, rootUuid].sort());
    expect(byAdmin[alice.uuid].accounts).toBe(4);
    expect(byAdmin[rootUuid]).toMatchObject({ users: 0, accounts: 0, per_key: [] });
  });

  test("without credentials → 401; with a bad key → 401", async () => {
    expect((await t.request("POST", "/admin/usage/snapshots")).status).toBe(401);
    const bad = await t.request("POST", "/admin/usage/snapshots", {
      key: "sk_0000000000000000000000000000000000000000",
    });
    expect(bad.status).toBe(401);
  });

  test("every snapshot is audited: who, when, what", async () => {
    const res = await take({ key: aliceKeys[1]?.key }, "2026-03-03T00:00:00Z");
    const id = res.body.data[0].id;
    const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorType: "key",
      actorId: aliceKeys[1]?.id,
      action: "usage.snapshot",
      targetType: "usage_snapshot",
      details: {
        admin_id: alice.uuid,
        kind: "on_demand",
        slot_key: null,
        taken_at: "2026-03-03T00:00:00.000Z",
        users: 2,
        accounts: 4,
        connected_accounts: 0,
        running_eas: 0,
      },
    });
    const all = await t.deps.db.select().from(usageSnapshots);
    const audited = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "usage.snapshot"));
    expect(audited.length).toBe(all.length);
  });
});

describe("GET /admin/usage/snapshots", () => {
  // An app of its own with these snapshots: alice 03-01 12:00, 03-01 13:00, 03-02 00:00,
  // 03-03 00:00; bob 03-01 13:00, 03-02 00:00; root 03-02 00:00.
  const shared = () => ({ t, root, rootUuid, alice, bob, aliceIntId, aliceKeys, bobKey });
  let saved: ReturnType<typeof shared>;
  beforeAll(async () => {
    saved = shared();
    await setup();
    await take({ token: alice.token }, "2026-03-01T12:00:00Z");
    await take({ key: aliceKeys[0]?.key }, "2026-03-01T13:00:00Z");
    await take({ key: bobKey.key }, "2026-03-01T13:00:00Z");
    await take({ token: root }, "2026-03-02T00:00:00Z");
    await take({ key: aliceKeys[1]?.key }, "2026-03-03T00:00:00Z");
  }, 60_000);
  afterAll(async () => {
    await t.close();
    ({ t, root, rootUuid, alice, bob, aliceIntId, aliceKeys, bobKey } = saved);
  });

  test("an admin lists only its own, newest first, with page metadata", async () => {
    const res = await list("", { token: alice.token });
    expect(res.status).toBe(200);
    const { items, page, per_page, total } = res.body.data;
    expect({ page, per_page, total }).toEqual({ page: 0, per_page: 50, total: 4 });
    expect(items.every((s: any) => s.admin_id === alice.uuid)).toBe(true);
    expect(items.map((s: any) => s.taken_at)).toEqual([
      "2026-03-03T00:00:00.000Z",
      "2026-03-02T00:00:00.000Z",
      "2026-03-01T13:00:00.000Z",
      "2026-03-01T12:00:00.000Z",
    ]);
    const viaKey = await list("", { key: bobKey.key });
    expect(viaKey.body.data.items.map((s: any) => s.admin_id)).toEqual([bob.uuid, bob.uuid]);
  });

  test("the superadmin lists every admin's, or one admin's by uuid or integer id", async () => {
    const all = await list("");
    expect(all.body.data.total).toBe(7);
    for (const ref of [alice.uuid, alice.uuid.toUpperCase(), String(aliceIntId)]) {
      const one = await list(`?admin_id=${ref}`);
      expect(one.status).toBe(200);
      expect(one.body.data.total).toBe(4);
      expect(one.body.data.items.every((s: any) => s.admin_id === alice.uuid)).toBe(true);
    }
  });

  test("an admin naming itself is fine; another admin, unknown or malformed → 404 ADMIN_NOT_FOUND", async () => {
    const self = await list(`?admin_id=${aliceIntId}`, { token: alice.token });
    expect(self.body.data.total).toBe(4);
    for (const ref of [bob.uuid, rootUuid, "00000000-0000-4000-8000-000000000000", "99999", "x"]) {
      for (const auth of [{ token: alice.token }, { key: aliceKeys[0]?.key }]) {
        const res = await list(`?admin_id=${encodeURIComponent(ref)}`, auth);
        expect({ ref, status: res.status, code: res.body.error.code }).toEqual({
          ref,
          status: 404,
          code: "ADMIN_NOT_FOUND",
        });
      }
    }
    const unknown = await list("?admin_id=99999");
    expect(unknown.status).toBe(404);
  });

  test("from/to are inclusive bounds on taken_at, in any ISO 8601 offset", async () => {
    const q = (from: string, to: string) =>
      list(`?admin_id=${alice.uuid}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    const day = await q("2026-03-01T12:00:00Z", "2026-03-02T00:00:00Z");
    expect(day.body.data.items.map((s: any) => s.taken_at)).toEqual([
      "2026-03-02T00:00:00.000Z",
      "2026-03-01T13:00:00.000Z",
      "2026-03-01T12:00:00.000Z",
    ]);
    // 14:00+02:00 = 12:00Z; 12:59:59.999Z excludes 13:00.
    const offset = await q("2026-03-01T14:00:00+02:00", "2026-03-01T12:59:59.999Z");
    expect(offset.body.data.items.map((s: any) => s.taken_at)).toEqual([
      "2026-03-01T12:00:00.000Z",
    ]);
    // A date alone is UTC midnight; no offset means UTC; an unencoded + arrives as a space.
    const dates = await list(
      `?admin_id=${alice.uuid}&from=2026-03-02&to=2026-03-02T01:00:00+01:00`,
    );
    expect(dates.body.data.items.map((s: any) => s.taken_at)).toEqual(["2026-03-02T00:00:00.000Z"]);
    const onlyFrom = await list(`?admin_id=${alice.uuid}&from=2026-03-02T00:00`);
    expect(onlyFrom.body.data.total).toBe(2);
    const onlyTo = await list(`?admin_id=${alice.uuid}&to=2026-03-01T12:00:00`);
    expect(onlyTo.body.data.total).toBe(1);
  });

  test("pages: page is 0-based, per_page bounds the page, total counts every match", async () => {
    const p0 = await list(`?admin_id=${alice.uuid}&per_page=3`);
    expect(p0.body.data).toMatchObject({ page: 0, per_page: 3, total: 4 });
    expect(p0.body.data.items).toHaveLength(3);
    const p1 = await list(`?admin_id=${alice.uuid}&per_page=3&page=1`);
    expect(p1.body.data.items.map((s: any) => s.taken_at)).toEqual(["2026-03-01T12:00:00.000Z"]);
    const past = await list(`?admin_id=${alice.uuid}&per_page=1000&page=1000000`);
    expect(past.body.data).toMatchObject({ items: [], total: 4, page: 1_000_000 });
  });

  test("bad parameters → 400 VALIDATION_ERROR naming the parameter", async () => {
    const cases: Array<[string, string]> = [];
    for (const bad of [
      "yesterday",
      "2026-13-01",
      "2026-02-30",
      "2026-03-01T24:00:00Z",
      "2026-03-01T12:60",
      "2026-03-01T12:00:00+25:00",
      "2026-03-01 12:00",
      "03/01/2026",
      "1969-12-31T00:00:00Z",
      "1741000000000",
      "",
    ]) {
      cases.push(["from", bad], ["to", bad]);
    }
    for (const bad of ["-1", "1.5", "abc", "", "1e3", "0x10", "1000001", "99999999999999999999"]) {
      cases.push(["page", bad]);
    }
    for (const bad of ["0", "-1", "1.5", "abc", "", "1001", "99999999999999999999"]) {
      cases.push(["per_page", bad]);
    }
    for (const [param, value] of cases) {
      const res = await list(`?${param}=${encodeURIComponent(value)}`, { token: alice.token });
      expect({ param, value, status: res.status, code: res.body.error?.code }).toEqual({
        param,
        value,
        status: 400,
        code: "VALIDATION_ERROR",
      });
      expect({ param, value, names: res.body.error.message.includes(`'${param}'`) }).toEqual({
        param,
        value,
        names: true,
      });
    }
    const reversed = await list("?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z");
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.message).toContain("'to'");
    const long = await list(`?from=${"2".repeat(100)}`);
    expect(long.status).toBe(400);
  });

  test("without credentials → 401", async () => {
    expect((await t.request("GET", "/admin/usage/snapshots")).status).toBe(401);
  });
});
