// /api/accounts: the account registry of an API key.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { accounts } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let admin: { token: string; uuid: string };
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.superToken();
  admin = await t.createAdmin("owner");
  key = (await t.createKey(admin.token, { max_accounts: 20 })).key;
}, 60_000);
afterAll(() => t.close());

const base = { terminal_login: 5001, password: "broker-secret", server_name: "TAS-Demo" };

describe("authentication (spec §5, §7)", () => {
  test("no key → 401 UNAUTHORIZED saying where to pass it", async () => {
    const res = await t.request("GET", "/api/accounts");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHORIZED");
    expect(res.body.error.message).toContain("X-API-Key");
    expect(res.body.error.message).toContain("apiKey");
  });

  test("an invalid key → 401 Invalid API key, in either header form", async () => {
    for (const headers of <Record<string, string>[]>[
      { "x-api-key": "sk_notARealKeyButLongEnough0123456789abcd" },
      { "x-api-key": "not-even-prefixed" },
      { authorization: "Bearer sk_notARealKeyButLongEnough0123456789abcd" },
    ]) {
      const res = await t.request("GET", "/api/accounts", { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        ok: false,
        error: { code: "UNAUTHORIZED", message: "Invalid API key" },
      });
    }
  });

  test("Authorization: Bearer <key> works like X-API-Key", async () => {
    const res = await t.request("GET", "/api/accounts", {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
  });

  test("an admin JWT is not an API key", async () => {
    const res = await t.request("GET", "/api/accounts", { token: admin.token });
    expect(res.status).toBe(401);
  });
});

describe("create, read, update, delete", () => {
  test("creates with server_name resolved through the broker directory", async () => {
    const res = await t.request("POST", "/api/accounts", {
      key,
      body: { ...base, label: "Main 🚀 账户" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      label: "Main 🚀 账户",
      server_name: "TAS-Demo",
      broker_host: "127.0.0.1",
      broker_port: 4430,
      terminal_login: 5001,
      is_enabled: true,
      auto_connect: true,
      has_proxy: false,
    });
    // auto_connect: the session starts at once, and the answer says so (this suite's TAS-Demo
    // endpoint is unreachable, so it goes on to reconnecting later).
    expect(res.body.data.session_status).toBe("connecting");
    expect(res.body.data.password).toBeUndefined();
    const get = await t.request("GET", `/api/accounts/${res.body.data.id}`, { key });
    const { session_status: _a, ...got } = get.body.data;
    const { session_status: _b, ...created } = res.body.data;
    expect(got).toEqual(created);
  });

  test("creates with an explicit host and port, and a proxy that is never returned", async () => {
    const res = await t.request("POST", "/api/accounts", {
      key,
      body: {
        terminal_login: 77,
        password: "pw",
        broker_host: "trade.example.com",
        broker_port: 443,
        auto_connect: false,
        hardware_id: "HW-1",
        proxy: {
          type: "socks5",
          host: "proxy.example.com",
          port: 1080,
          username: "u",
          password: "proxy-secret",
        },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      broker_host: "trade.example.com",
      broker_port: 443,
      has_proxy: true,
      auto_connect: false,
      hardware_id: "HW-1",
      session_status: "disconnected",
    });
    expect(res.text).not.toContain("proxy-secret");
  });

  test("secrets are encrypted at rest and decrypt only for their own row", async () => {
    const created = await t.createAccount(key, { password: "very-secret-broker-pw" });
    const [row] = (await t.deps.db.select().from(accounts)).filter((r) => r.id === created.id);
    expect(row!.passwordEnc.startsWith("v1:")).toBe(true);
    expect(row!.passwordEnc).not.toContain("very-secret");
    expect(t.services.accounts.credentials(row!).password).toBe("very-secret-broker-pw");
    expect(() => t.deps.secrets.open(row!.passwordEnc, "another-id:password")).toThrow();
  });

  test("lists only the key's accounts, oldest first", async () => {
    const other = await t.createKey(admin.token);
    await t.createAccount(other.key);
    const mine = await t.request("GET", "/api/accounts", { key });
    const theirs = await t.request("GET", "/api/accounts", { key: other.key });
    expect(theirs.body.data).toHaveLength(1);
    expect(mine.body.data.some((a: any) => a.id === theirs.body.data[0].id)).toBe(false);
    const times = mine.body.data.map((a: any) => a.created_at);
    expect([...times].sort()).toEqual(times);
  });

  test("the list answers each account field for field, in the same order, as GET …/:id does", async () => {
    const own = await t.createKey(admin.token);
    const plain = await t.createAccount(own.key, { label: "plain" });
    const tricky = await t.createAccount(own.key, {
      label: 'quote " backslash \\ tab \t </script> é 😀',
    });
    const one = async (id: string) =>
      (await t.request("GET", `/api/accounts/${id}`, { key: own.key })).body.data;
    const list = async () => (await t.request("GET", "/api/accounts", { key: own.key })).body.data;
    let listed = await list();
    expect(listed).toEqual([await one(plain.id), await one(tricky.id)]);
    expect(listed.map((a: any) => Object.keys(a))).toEqual(
      [await one(plain.id), await one(tricky.id)].map((a) => Object.keys(a)),
    );
    expect(listed[1].label).toBe('quote " backslash \\ tab \t </script> é 😀');
    // A change shows in the list at once (rows are replaced, and rendered per row).
    const patched = await t.request("PATCH", `/api/accounts/${plain.id}`, {
      key: own.key,
      body: { label: "renamed", is_enabled: false },
    });
    expect(patched.status).toBe(200);
    listed = await list();
    expect(listed[0]).toEqual(await one(plain.id));
    expect(listed[0].label).toBe("renamed");
    expect(listed[0].is_enabled).toBe(false);
  });

  test("patch changes label, flags, password and proxy", async () => {
    const a = await t.createAccount(key);
    const res = await t.request("PATCH", `/api/accounts/${a.id}`, {
      key,
      body: {
        label: "new",
        is_enabled: false,
        auto_connect: false,
        password: "changed-pw",
        proxy: { type: "http", host: "proxy.example.com", port: 3128 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      label: "new",
      is_enabled: false,
      auto_connect: false,
      has_proxy: true,
    });
    const [row] = (await t.deps.db.select().from(accounts)).filter((r) => r.id === a.id);
    expect(t.services.accounts.credentials(row!).password).toBe("changed-pw");
    const cleared = await t.request("PATCH", `/api/accounts/${a.id}`, {
      key,
      body: { proxy: null },
    });
    expect(cleared.body.data.has_proxy).toBe(false);
  });

  test("delete removes the account", async () => {
    const a = await t.createAccount(key);
    const res = await t.request("DELETE", `/api/accounts/${a.id}`, { key });
    expect(res.body).toEqual({ ok: true, data: { id: a.id, deleted: true } });
    expect((await t.request("GET", `/api/accounts/${a.id}`, { key })).status).toBe(404);
    expect((await t.request("DELETE", `/api/accounts/${a.id}`, { key })).status).toBe(404);
  });
});

describe("bad input changes nothing", () => {
  test.each([
    ["missing terminal_login", { password: "pw", server_name: "TAS-Demo" }],
    ["missing password", { terminal_login: 1, server_name: "TAS-Demo" }],
    ["string login", { ...base, terminal_login: "5001" }],
    ["negative login", { ...base, terminal_login: -5 }],
    ["fractional login", { ...base, terminal_login: 1.5 }],
    ["huge login", { ...base, terminal_login: 1e20 }],
    ["empty password", { ...base, password: "" }],
    ["huge password", { ...base, password: "p".repeat(300) }],
    ["extra field", { ...base, owner: "me" }],
    ["unknown server", { ...base, server_name: "Nowhere-Live" }],
    ["no server and no host", { terminal_login: 1, password: "pw" }],
    ["host without port", { terminal_login: 1, password: "pw", broker_host: "h.example.com" }],
    [
      "port out of range",
      { terminal_login: 1, password: "pw", broker_host: "h.example.com", broker_port: 70000 },
    ],
    [
      "bad host",
      { terminal_login: 1, password: "pw", broker_host: "h ost/evil", broker_port: 443 },
    ],
    ["bad proxy type", { ...base, proxy: { type: "ftp", host: "p", port: 1 } }],
    ["label too long", { ...base, label: "l".repeat(201) }],
    ["array body", [base]],
    ["boolean as string", { ...base, auto_connect: "true" }],
  ])("%s → 400 VALIDATION_ERROR", async (_name, body) => {
    const before = (await t.request("GET", "/api/accounts", { key })).body.data.length;
    const res = await t.request("POST", "/api/accounts", { key, body });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(typeof res.body.error.message).toBe("string");
    const after = (await t.request("GET", "/api/accounts", { key })).body.data.length;
    expect(after).toBe(before);
  });

  test("patch with an empty body or a forbidden field → 400", async () => {
    const a = await t.createAccount(key);
    for (const body of [{}, { terminal_login: 9 }, { broker_host: "x" }, { is_enabled: 1 }]) {
      const res = await t.request("PATCH", `/api/accounts/${a.id}`, { key, body });
      expect(res.status).toBe(400);
    }
    expect(
      (await t.request("GET", `/api/accounts/${a.id}`, { key })).body.data.terminal_login,
    ).toBe(100001);
  });
});

describe("SSRF guard", () => {
  test.each([
    ["loopback", "127.0.0.1", 5432],
    ["private", "10.1.2.3", 443],
    ["link-local metadata", "169.254.169.254", 80],
    ["IPv6 loopback", "::1", 443],
    ["unresolvable name", "nowhere.invalid", 443],
  ])("a %s broker_host is refused", async (_name, host, port) => {
    const res = await t.request("POST", "/api/accounts", {
      key,
      body: { terminal_login: 9, password: "pw", broker_host: host, broker_port: port },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe("broker_host");
  });

  test("a private proxy is refused; the embedded demo broker is allowed", async () => {
    const res = await t.request("POST", "/api/accounts", {
      key,
      body: { ...base, proxy: { type: "socks5", host: "192.168.1.10", port: 1080 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe("proxy.host");
    const demo = await t.request("POST", "/api/accounts", {
      key,
      body: {
        terminal_login: 9,
        password: "pw",
        broker_host: "127.0.0.1",
        broker_port: t.config.brokerPort,
      },
    });
    expect(demo.status).toBe(201);
  });

  test("an operator allow-list admits a private broker", async () => {
    const allowed = await createTestApp({ TAS_BROKER_ALLOWLIST: "10.0.0.0/8" });
    try {
      const k = await allowed.createKey(await allowed.superToken());
      const res = await allowed.request("POST", "/api/accounts", {
        key: k.key,
        body: {
          terminal_login: 9,
          password: "pw",
          broker_host: "10.1.2.3",
          broker_port: 443,
          auto_connect: false,
        },
      });
      expect(res.status).toBe(201);
    } finally {
      await allowed.close();
    }
  });
});

describe("caps", () => {
  test("a key holds 4 accounts by default, then 403 ACCOUNT_LIMIT_REACHED", async () => {
    const k = await t.createKey(admin.token);
    for (let i = 0; i < 4; i++) {
      await t.createAccount(k.key, { terminal_login: 900 + i });
    }
    const res = await t.request("POST", "/api/accounts", { key: k.key, body: base });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("ACCOUNT_LIMIT_REACHED");
    expect((await t.request("GET", "/api/accounts", { key: k.key })).body.data).toHaveLength(4);
  });

  test("concurrent creations cannot pass the cap", async () => {
    const k = await t.createKey(admin.token, { max_accounts: 2 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request("POST", "/api/accounts", {
          key: k.key,
          body: { ...base, terminal_login: 300 + i },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 403)).toHaveLength(4);
  });

  test("an admin's max_accounts caps all its keys together", async () => {
    const small = await t.createAdmin("small-admin", { maxAccounts: 3 });
    const k1 = await t.createKey(small.token);
    const k2 = await t.createKey(small.token);
    await t.createAccount(k1.key);
    await t.createAccount(k1.key);
    await t.createAccount(k2.key);
    const res = await t.request("POST", "/api/accounts", { key: k2.key, body: base });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("ACCOUNT_LIMIT_REACHED");
  });
});

describe("GET /admin/accounts", () => {
  test("lists the admin's accounts with the spec §2.12 fields, never secrets", async () => {
    const own = await t.createAccount(key, { ...base, terminal_login: 7001 });
    const res = await t.request("GET", "/admin/accounts", { token: admin.token });
    expect(res.status).toBe(200);
    const item = res.body.data.find((a: any) => a.id === own.id);
    for (const field of [
      "id",
      "label",
      "broker_host",
      "broker_port",
      "server_name",
      "terminal_login",
      "is_enabled",
      "auto_connect",
      "hardware_id",
      "has_proxy",
      "session_status",
      "created_at",
      "updated_at",
    ]) {
      expect(item).toHaveProperty(field);
    }
    expect(res.text).not.toContain("broker-secret");
    const stranger = await t.createAdmin("stranger");
    const none = await t.request("GET", "/admin/accounts", { token: stranger.token });
    expect(none.body.data).toEqual([]);
  });
});

describe("rate limiting", () => {
  test("a key over its burst gets 429 RATE_LIMITED with Retry-After; other keys are unaffected", async () => {
    const limited = await createTestApp({ TAS_RATE_LIMIT_RPS: "1", TAS_RATE_LIMIT_BURST: "3" });
    try {
      limited.clock.freeze();
      const token = await limited.superToken();
      const k = await limited.createKey(token);
      const other = await limited.createKey(token);
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await limited.request("GET", "/api/accounts", { key: k.key })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const res = await limited.request("GET", "/api/accounts", { key: k.key });
      expect(res.body.error.code).toBe("RATE_LIMITED");
      expect(res.headers.get("retry-after")).toBe("1");
      expect((await limited.request("GET", "/api/accounts", { key: other.key })).status).toBe(200);
      limited.clock.advance(1000);
      expect((await limited.request("GET", "/api/accounts", { key: k.key })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
