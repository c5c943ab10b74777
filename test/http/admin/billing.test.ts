// /admin/billing: terms (GET own/superadmin, PUT superadmin; uuid or integer id), validation of
// every field, audit, and invoices through the endpoint — the formula at the tier boundaries
// with amounts computed by hand, the month's last snapshot, CSV, and the error answers.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let root: string;
let alice: { token: string; uuid: string; username: string };
let bob: { token: string; uuid: string; username: string };
let aliceIntId: number;
let aliceKey: string;

const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";

/** Terms used by the formula tests: tier 1 = first 2 users, 2 accounts included per user. */
const TERMS = {
  tier1_user_price_cents: 1000,
  tier2_user_price_cents: 500,
  tier1_threshold: 2,
  tier1_extra_account_price_cents: 300,
  tier2_extra_account_price_cents: 200,
  included_accounts_per_user: 2,
  billing_currency: "EUR",
  billing_company_name: "Acme Trading GmbH",
};

const at = (iso: string): number => Date.parse(iso);

async function putTerms(adminRef: string | number, body: unknown) {
  return t.request("PUT", `/admin/billing/terms/${adminRef}`, { token: root, body });
}

/**
 * Runs `fn` with the test clock frozen at `iso`, then puts it back to the current time (admin
 * tokens are checked against real time, so they must be issued at real time).
 */
async function atTime<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  t.clock.freeze(at(iso));
  try {
    return await fn();
  } finally {
    t.clock.freeze(Date.now());
  }
}

/** Takes an on-demand snapshot of the token's admin at `iso`. */
async function snapshotAt(token: string, iso: string) {
  const res = await atTime(iso, () => t.request("POST", "/admin/usage/snapshots", { token }));
  expect(res.status).toBe(201);
  return res.body.data[0];
}

/** A key with `n` accounts; keys are created a few ms apart so their ranking is certain. */
async function keyWithAccounts(token: string, n: number, name: string) {
  await Bun.sleep(3);
  const key = await t.createKey(token, { name, max_accounts: 10 });
  for (let i = 0; i < n; i++) {
    await t.createAccount(key.key, { terminal_login: 500_000 + i });
  }
  return key;
}

async function invoice(adminRef: string, month: string, token = root) {
  return t.request("GET", `/admin/billing/invoice/${adminRef}?month=${month}`, { token });
}

const lineAmounts = (inv: any) =>
  Object.fromEntries(
    inv.lines.map((l: any) => [l.code, [l.quantity, l.unit_price_cents, l.amount_cents]]),
  );

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superToken();
  alice = await t.createAdmin("alice");
  bob = await t.createAdmin("bob");
  const list = await t.request("GET", "/admin/admins", { token: root });
  aliceIntId = list.body.data.find((a: any) => a.uuid === alice.uuid).id;
  aliceKey = (await t.createKey(alice.token, { name: "alice-admin-key" })).key;
}, 60_000);
afterAll(() => t.close());

describe("GET /admin/billing/terms/{id}", () => {
  test("defaults when never set: all zero, USD, no company, updated_at null", async () => {
    const fresh = await t.createAdmin();
    const res = await t.request("GET", `/admin/billing/terms/${fresh.uuid}`, {
      token: fresh.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      data: {
        admin_id: fresh.uuid,
        tier1_user_price_cents: 0,
        tier2_user_price_cents: 0,
        tier1_threshold: 0,
        tier1_extra_account_price_cents: 0,
        tier2_extra_account_price_cents: 0,
        included_accounts_per_user: 0,
        billing_currency: "USD",
        billing_company_name: null,
        updated_at: null,
      },
    });
  });

  test("the admin itself by uuid (any case) or integer id, with a JWT or its API key", async () => {
    for (const [ref, auth] of [
      [alice.uuid, { token: alice.token }],
      [alice.uuid.toUpperCase(), { token: alice.token }],
      [String(aliceIntId), { token: alice.token }],
      [alice.uuid, { key: aliceKey }],
      [String(aliceIntId), { key: aliceKey }],
    ] as const) {
      const res = await t.request("GET", `/admin/billing/terms/${ref}`, auth);
      expect(res.status).toBe(200);
      expect(res.body.data.admin_id).toBe(alice.uuid);
    }
  });

  test("the superadmin reads any admin's terms", async () => {
    const res = await t.request("GET", `/admin/billing/terms/${aliceIntId}`, { token: root });
    expect(res.status).toBe(200);
    expect(res.body.data.admin_id).toBe(alice.uuid);
  });

  test("another admin's terms are 404 ADMIN_NOT_FOUND, exactly like an unknown or malformed id", async () => {
    const bobList = await t.request("GET", "/admin/admins", { token: root });
    const bobInt = bobList.body.data.find((a: any) => a.uuid === bob.uuid).id;
    for (const ref of [
      bob.uuid,
      String(bobInt),
      UNKNOWN_UUID,
      "999999",
      "not-an-id",
      "1.5",
      "-1",
    ]) {
      for (const auth of [{ token: alice.token }, { key: aliceKey }]) {
        const res = await t.request("GET", `/admin/billing/terms/${ref}`, auth);
        expect({ ref, status: res.status, body: res.body }).toEqual({
          ref,
          status: 404,
          body: { ok: false, error: { code: "ADMIN_NOT_FOUND", message: "Admin not found" } },
        });
      }
    }
    const unknown = await t.request("GET", `/admin/billing/terms/${UNKNOWN_UUID}`, { token: root });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("ADMIN_NOT_FOUND");
  });

  test("without credentials → 401", async () => {
    const res = await t.request("GET", `/admin/billing/terms/${alice.uuid}`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHORIZED");
  });
});

describe("PUT /admin/billing/terms/{id}", () => {
  test("superadmin sets every field; the response is the stored terms with admin_id and updated_at", async () => {
    const res = await atTime("2026-02-03T10:00:00Z", () => putTerms(alice.uuid, TERMS));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      data: { admin_id: alice.uuid, ...TERMS, updated_at: "2026-02-03T10:00:00.000Z" },
    });
    const got = await t.request("GET", `/admin/billing/terms/${alice.uuid}`, {
      token: alice.token,
    });
    expect(got.body.data).toEqual(res.body.data);
  });

  test("by integer id; company name trimmed, empty or absent means null; replaces every field", async () => {
    const a = await putTerms(aliceIntId, { ...TERMS, billing_company_name: "  Acme  " });
    expect(a.status).toBe(200);
    expect(a.body.data.billing_company_name).toBe("Acme");
    const b = await putTerms(aliceIntId, { ...TERMS, billing_company_name: "   " });
    expect(b.body.data.billing_company_name).toBeNull();
    const { billing_company_name: _omit, ...noName } = TERMS;
    const c = await putTerms(alice.uuid, { ...noName, tier1_threshold: 0 });
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({ billing_company_name: null, tier1_threshold: 0 });
    // Largest accepted values: non-negative safe integers.
    const max = Number.MAX_SAFE_INTEGER;
    const d = await putTerms(alice.uuid, {
      ...TERMS,
      tier1_user_price_cents: max,
      included_accounts_per_user: max,
      tier1_threshold: 0,
    });
    expect(d.status).toBe(200);
    expect(d.body.data.tier1_user_price_cents).toBe(max);
    const back = await t.request("GET", `/admin/billing/terms/${alice.uuid}`, { token: root });
    expect(back.body.data.included_accounts_per_user).toBe(max);
    expect((await putTerms(alice.uuid, TERMS)).status).toBe(200);
  });

  test("every change is audited with who, when, before and after", async () => {
    const fresh = await t.createAdmin();
    const before = await t.request("GET", `/admin/billing/terms/${fresh.uuid}`, { token: root });
    expect(before.body.data.updated_at).toBeNull();
    await putTerms(fresh.uuid, TERMS);
    await putTerms(fresh.uuid, { ...TERMS, tier2_user_price_cents: 450 });
    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, fresh.uuid))
      .orderBy(auditLog.id);
    const changes = rows.filter((r) => r.action === "billing.terms.update");
    expect(changes).toHaveLength(2);
    const rootUuid = (await t.request("GET", "/admin/admins", { token: root })).body.data.find(
      (a: any) => a.role === "superadmin",
    ).uuid;
    expect(changes[0]).toMatchObject({
      actorType: "admin",
      actorId: rootUuid,
      targetType: "billing_terms",
      details: { before: null, after: TERMS },
    });
    expect(changes[1]?.details).toEqual({
      before: TERMS,
      after: { ...TERMS, tier2_user_price_cents: 450 },
    });
    expect(changes[1]?.at).toBeInstanceOf(Date);
  });

  test("an admin JWT or an API key (never superadmin) → 403 FORBIDDEN, also for itself", async () => {
    for (const auth of [{ token: alice.token }, { key: aliceKey }, { token: bob.token }]) {
      const res = await t.request("PUT", `/admin/billing/terms/${alice.uuid}`, {
        ...auth,
        body: TERMS,
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("FORBIDDEN");
    }
    const none = await t.request("PUT", `/admin/billing/terms/${alice.uuid}`, { body: TERMS });
    expect(none.status).toBe(401);
  });

  test("unknown or malformed admin id → 404 ADMIN_NOT_FOUND", async () => {
    for (const ref of [UNKNOWN_UUID, "424242", "abc", "12abc", "0x1f", "1e3"]) {
      const res = await putTerms(ref, TERMS);
      expect({ ref, status: res.status, code: res.body.error.code }).toEqual({
        ref,
        status: 404,
        code: "ADMIN_NOT_FOUND",
      });
    }
  });

  test("bad input for every field → 400 VALIDATION_ERROR naming the field; nothing stored", async () => {
    const before = await t.request("GET", `/admin/billing/terms/${alice.uuid}`, { token: root });
    const integerFields = [
      "tier1_user_price_cents",
      "tier2_user_price_cents",
      "tier1_threshold",
      "tier1_extra_account_price_cents",
      "tier2_extra_account_price_cents",
      "included_accounts_per_user",
    ];
    const cases: Array<[string, Record<string, unknown>]> = [];
    for (const field of integerFields) {
      for (const bad of [-1, 1.5, "100", null, true, [], {}, Number.MAX_SAFE_INTEGER + 1, 1e20]) {
        cases.push([field, { ...TERMS, [field]: bad }]);
      }
      const { [field]: _gone, ...missing } = TERMS as Record<string, unknown>;
      cases.push([field, missing]);
    }
    for (const bad of ["usd", "US", "USDX", " USD", "ABC", "XXX", "XTS", "HRK", "", 840, null]) {
      cases.push(["billing_currency", { ...TERMS, billing_currency: bad }]);
    }
    const { billing_currency: _c, ...noCurrency } = TERMS;
    cases.push(["billing_currency", noCurrency]);
    for (const bad of [
      42,
      true,
      ["Acme"],
      { name: "Acme" },
      "x".repeat(201),
      "Acme\nGmbH",
      "A\u0000",
    ]) {
      cases.push(["billing_company_name", { ...TERMS, billing_company_name: bad }]);
    }
    cases.push(["unexpected", { ...TERMS, unexpected: 1 }]);
    cases.push(["admin_id", { ...TERMS, admin_id: alice.uuid }]);

    for (const [field, body] of cases) {
      const res = await putTerms(alice.uuid, body);
      expect({ field, body, status: res.status, code: res.body?.error?.code }).toEqual({
        field,
        body,
        status: 400,
        code: "VALIDATION_ERROR",
      });
      expect({ field, message: res.body.error.message.includes(field) }).toEqual({
        field,
        message: true,
      });
    }
    // Not an object at all.
    for (const raw of ["[]", '"terms"', "42", "null", "{"]) {
      const res = await t.request("PUT", `/admin/billing/terms/${alice.uuid}`, {
        token: root,
        raw,
      });
      expect({ raw, status: res.status, code: res.body.error.code }).toEqual({
        raw,
        status: 400,
        code: "VALIDATION_ERROR",
      });
    }
    const empty = await t.request("PUT", `/admin/billing/terms/${alice.uuid}`, { token: root });
    expect(empty.status).toBe(400);
    const after = await t.request("GET", `/admin/billing/terms/${alice.uuid}`, { token: root });
    expect(after.body.data).toEqual(before.body.data);
  });

  test("a 200-character company name (after trimming) is accepted, 201 is not", async () => {
    const ok200 = await putTerms(bob.uuid, {
      ...TERMS,
      billing_company_name: ` ${"é".repeat(200)} `,
    });
    expect(ok200.status).toBe(200);
    expect(ok200.body.data.billing_company_name).toBe("é".repeat(200));
    const bad = await putTerms(bob.uuid, { ...TERMS, billing_company_name: "é".repeat(201) });
    expect(bad.status).toBe(400);
  });
});

describe("GET /admin/billing/invoice/{id} — the formula at the tier boundaries", () => {
  // Each test bills an admin of its own with TERMS (2 users in tier 1, 2 accounts included).

  /** A new admin with TERMS and one key (user) per entry of `accounts`, named u1, u2, …. */
  async function billedAdmin(accounts: readonly number[]) {
    const admin = await t.createAdmin();
    expect((await putTerms(admin.uuid, TERMS)).status).toBe(200);
    const users: string[] = [];
    for (const [i, n] of accounts.entries()) {
      users.push((await keyWithAccounts(admin.token, n, `u${i + 1}`)).key);
    }
    return { ...admin, users };
  }

  test("0 users: four zero lines, total 0", async () => {
    const carol = await billedAdmin([]);
    // A key without accounts is not a user.
    await t.createKey(carol.token, { name: "idle" });
    await snapshotAt(carol.token, "2026-01-20T12:00:00Z");
    const res = await invoice(carol.uuid, "2026-01");
    expect(res.status).toBe(200);
    const inv = res.body.data;
    expect(inv).toMatchObject({
      admin_id: carol.uuid,
      admin_name: carol.username,
      month: "2026-01",
      currency: "EUR",
      issuer: "Acme Trading GmbH",
      snapshot_taken_at: "2026-01-20T12:00:00.000Z",
      users: 0,
      accounts: 0,
      tier1_users: 0,
      tier2_users: 0,
      extra_accounts: 0,
      subtotal_cents: 0,
      total_cents: 0,
      breakdown: [],
    });
    expect(lineAmounts(inv)).toEqual({
      users_tier1: [0, 1000, 0],
      users_tier2: [0, 500, 0],
      extra_accounts_tier1: [0, 300, 0],
      extra_accounts_tier2: [0, 200, 0],
    });
  });

  test("exactly tier1_threshold users, each with exactly the included accounts: 2 × 1000", async () => {
    const carol = await billedAdmin([2, 2]);
    await snapshotAt(carol.token, "2026-02-10T00:00:00Z");
    const inv = (await invoice(carol.uuid, "2026-02")).body.data;
    expect(lineAmounts(inv)).toEqual({
      users_tier1: [2, 1000, 2000],
      users_tier2: [0, 500, 0],
      extra_accounts_tier1: [0, 300, 0],
      extra_accounts_tier2: [0, 200, 0],
    });
    expect(inv).toMatchObject({ users: 2, accounts: 4, extra_accounts: 0, total_cents: 2000 });
    expect(inv.breakdown.map((b: any) => [b.key_name, b.tier, b.amount_cents])).toEqual([
      ["u1", 1, 1000],
      ["u2", 1, 1000],
    ]);
  });

  test("one user over the threshold is tier 2: 2 × 1000 + 1 × 500", async () => {
    const carol = await billedAdmin([2, 2, 2]);
    await snapshotAt(carol.token, "2026-03-31T23:59:59.999Z");
    const inv = (await invoice(carol.uuid, "2026-03")).body.data;
    expect(lineAmounts(inv)).toEqual({
      users_tier1: [2, 1000, 2000],
      users_tier2: [1, 500, 500],
      extra_accounts_tier1: [0, 300, 0],
      extra_accounts_tier2: [0, 200, 0],
    });
    expect(inv).toMatchObject({ users: 3, tier1_users: 2, tier2_users: 1, total_cents: 2500 });
    expect(inv.breakdown.map((b: any) => [b.rank, b.key_name, b.tier])).toEqual([
      [1, "u1", 1],
      [2, "u2", 1],
      [3, "u3", 2],
    ]);
  });

  /** carol with three users (2 accounts each) in March, then u1 at 3 and u3 at 4 in April. */
  async function growingAdmin() {
    const carol = await billedAdmin([2, 2, 2]);
    await snapshotAt(carol.token, "2026-03-31T23:59:59.999Z");
    // u1 (tier 1): 2 → 3 accounts = 1 extra × 300; u3 (tier 2): 2 → 4 = 2 extra × 200.
    await t.createAccount(carol.users[0]!, { terminal_login: 600_001 });
    await t.createAccount(carol.users[2]!, { terminal_login: 600_002 });
    await t.createAccount(carol.users[2]!, { terminal_login: 600_003 });
    await snapshotAt(carol.token, "2026-04-15T08:00:00Z");
    return carol;
  }

  test("accounts over the included number cost the user's tier extra price", async () => {
    const carol = await growingAdmin();
    const inv = (await invoice(carol.uuid, "2026-04")).body.data;
    expect(lineAmounts(inv)).toEqual({
      users_tier1: [2, 1000, 2000],
      users_tier2: [1, 500, 500],
      extra_accounts_tier1: [1, 300, 300],
      extra_accounts_tier2: [2, 200, 400],
    });
    // 2000 + 500 + 300 + 400
    expect(inv).toMatchObject({ accounts: 9, extra_accounts: 3, subtotal_cents: 3200 });
    expect(inv.total_cents).toBe(3200);
    expect(inv.breakdown.map((b: any) => [b.key_name, b.extra_accounts, b.amount_cents])).toEqual([
      ["u1", 1, 1300],
      ["u2", 0, 1000],
      ["u3", 2, 900],
    ]);
  });

  test("the month's LAST snapshot is billed (UTC month bounds)", async () => {
    const carol = await growingAdmin();
    // March had one snapshot at 23:59:59.999 on the 31st; one at April 1st 00:00 is April's.
    // An earlier April snapshot (fewer accounts) must not be the one billed.
    await snapshotAt(carol.token, "2026-04-01T00:00:00Z");
    const march = (await invoice(carol.uuid, "2026-03")).body.data;
    expect(march.snapshot_taken_at).toBe("2026-03-31T23:59:59.999Z");
    expect(march.total_cents).toBe(2500);
    const april = (await invoice(carol.uuid, "2026-04")).body.data;
    expect(april.snapshot_taken_at).toBe("2026-04-15T08:00:00.000Z");
    expect(april.total_cents).toBe(3200);
  });

  test("tier1_threshold 0 puts everyone in tier 2; included 0 makes every account extra", async () => {
    const dave = await t.createAdmin("dave");
    await keyWithAccounts(dave.token, 1, "d1");
    await keyWithAccounts(dave.token, 3, "d2");
    await snapshotAt(dave.token, "2026-05-05T05:05:05Z");
    await putTerms(dave.uuid, { ...TERMS, tier1_threshold: 0, included_accounts_per_user: 0 });
    const inv = (await invoice(dave.uuid, "2026-05")).body.data;
    // 2 users × 500 + 4 extra accounts × 200 = 1800
    expect(lineAmounts(inv)).toEqual({
      users_tier1: [0, 1000, 0],
      users_tier2: [2, 500, 1000],
      extra_accounts_tier1: [0, 300, 0],
      extra_accounts_tier2: [4, 200, 800],
    });
    expect(inv.total_cents).toBe(1800);
    // Without stored terms the defaults bill 0 USD.
    const erin = await t.createAdmin("erin");
    await keyWithAccounts(erin.token, 1, "e1");
    await snapshotAt(erin.token, "2026-05-06T00:00:00Z");
    const free = (await invoice(erin.uuid, "2026-05")).body.data;
    expect(free).toMatchObject({ currency: "USD", issuer: null, users: 1, total_cents: 0 });
  });

  test("CSV with format=csv or Accept: text/csv, as an attachment", async () => {
    const carol = await growingAdmin();
    const expected =
      "description,quantity,unit_price,amount,currency\r\n" +
      '"Users, tier 1 (first 2 users)",2,10.00,20.00,EUR\r\n' +
      '"Users, tier 2 (after the first 2 users)",1,5.00,5.00,EUR\r\n' +
      "Extra accounts of tier 1 users (over 2 per user),1,3.00,3.00,EUR\r\n" +
      "Extra accounts of tier 2 users (over 2 per user),2,2.00,4.00,EUR\r\n" +
      "Total,,,32.00,EUR\r\n";
    const a = await t.request(
      "GET",
      `/admin/billing/invoice/${carol.uuid}?month=2026-04&format=csv`,
      {
        token: carol.token,
      },
    );
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toStartWith("text/csv");
    expect(a.headers.get("content-disposition")).toBe(
      `attachment; filename="invoice-${carol.username}-2026-04.csv"`,
    );
    expect(a.text).toBe(expected);
    const b = await t.request("GET", `/admin/billing/invoice/${carol.uuid}?month=2026-04`, {
      token: root,
      headers: { accept: "text/csv" },
    });
    expect(b.headers.get("content-type")).toStartWith("text/csv");
    expect(b.text).toBe(expected);
    // format=json wins over Accept.
    const c = await t.request(
      "GET",
      `/admin/billing/invoice/${carol.uuid}?month=2026-04&format=json`,
      { token: root, headers: { accept: "text/csv" } },
    );
    expect(c.body.data.total_cents).toBe(3200);
  });

  test("an amount past Number.MAX_SAFE_INTEGER cents → 422 INVOICE_AMOUNT_OVERFLOW", async () => {
    const frank = await t.createAdmin("frank");
    await keyWithAccounts(frank.token, 1, "f1");
    await keyWithAccounts(frank.token, 1, "f2");
    await snapshotAt(frank.token, "2026-06-01T00:00:00Z");
    await putTerms(frank.uuid, { ...TERMS, tier1_user_price_cents: Number.MAX_SAFE_INTEGER });
    const res = await invoice(frank.uuid, "2026-06");
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("INVOICE_AMOUNT_OVERFLOW");
  });
});

describe("GET /admin/billing/invoice/{id} — access and bad input", () => {
  beforeAll(async () => {
    await snapshotAt(alice.token, "2026-07-07T07:07:07Z");
  }, 60_000);

  test("the admin itself (JWT or API key, uuid or integer id) and the superadmin", async () => {
    for (const [ref, auth] of [
      [alice.uuid, { token: alice.token }],
      [String(aliceIntId), { key: aliceKey }],
      [String(aliceIntId), { token: root }],
    ] as const) {
      const res = await t.request("GET", `/admin/billing/invoice/${ref}?month=2026-07`, auth);
      expect(res.status).toBe(200);
      expect(res.body.data.admin_id).toBe(alice.uuid);
    }
  });

  test("another admin's, unknown or malformed id → 404 ADMIN_NOT_FOUND", async () => {
    for (const ref of [bob.uuid, UNKNOWN_UUID, "999999", "x"]) {
      const res = await t.request("GET", `/admin/billing/invoice/${ref}?month=2026-07`, {
        key: aliceKey,
      });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("ADMIN_NOT_FOUND");
    }
    const none = await t.request("GET", `/admin/billing/invoice/${alice.uuid}?month=2026-07`);
    expect(none.status).toBe(401);
  });

  test("no snapshot in the month → 404 SNAPSHOT_NOT_FOUND with a clear message", async () => {
    const res = await invoice(alice.uuid, "2026-08");
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({
      code: "SNAPSHOT_NOT_FOUND",
      message: "No usage snapshot of this admin was taken in 2026-08 (UTC); nothing to invoice",
      details: { month: "2026-08" },
    });
  });

  test("bad month or format → 400 VALIDATION_ERROR naming the parameter", async () => {
    for (const month of [
      "2026-13",
      "2026-00",
      "2026-1",
      "26-01",
      "2026-01-01",
      "1969-12",
      "abc",
      "",
      "%202026-01",
    ]) {
      const res = await invoice(alice.uuid, month);
      expect({ month, status: res.status, code: res.body.error.code }).toEqual({
        month,
        status: 400,
        code: "VALIDATION_ERROR",
      });
      expect(res.body.error.message).toContain("month");
    }
    const missing = await t.request("GET", `/admin/billing/invoice/${alice.uuid}`, { token: root });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain("month");
    const format = await t.request(
      "GET",
      `/admin/billing/invoice/${alice.uuid}?month=2026-07&format=xml`,
      { token: root },
    );
    expect(format.status).toBe(400);
    expect(format.body.error.message).toContain("format");
  });
});
