// /admin/seed, /admin/login and admin authentication (JWT and API key acting as its admin).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { createTestApp, TEST_JWT_SECRET, type TestApp } from "../../support/app.ts";

/** A seeded app (superadmin root / root-password) shared by the login and authentication tests. */
let t: TestApp;
let rootToken: string;
beforeAll(async () => {
  t = await createTestApp();
  rootToken = await t.superToken();
}, 60_000);
afterAll(() => t.close());

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
function signToken(
  payload: Record<string, unknown>,
  secret = TEST_JWT_SECRET,
  alg = "HS256",
): string {
  const head = b64url({ alg, typ: "JWT" });
  const body = b64url(payload);
  const sig = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${sig}`;
}

describe("POST /admin/seed", () => {
  // Seeding happens once per database: each test starts from an unseeded one.
  let fresh: TestApp;
  beforeEach(async () => {
    fresh = await createTestApp();
  }, 60_000);
  afterEach(() => fresh.close());

  test("rejects bad input without seeding", async () => {
    for (const body of [
      {},
      { username: "root" },
      { username: "", password: "long-enough" },
      { username: "root", password: "short" },
      { username: "bad name!", password: "long-enough" },
      { username: "root", password: "long-enough", role: "superadmin" },
      { username: 5, password: "long-enough" },
      { username: "u".repeat(65), password: "long-enough" },
    ]) {
      const res = await fresh.request("POST", "/admin/seed", { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
    expect(await fresh.services.admins.list()).toEqual([]);
  });

  test("two concurrent seeds: exactly one wins, the other gets 409 ALREADY_SEEDED", async () => {
    const [a, b] = await Promise.all([
      fresh.request("POST", "/admin/seed", { body: { username: "first", password: "password-1" } }),
      fresh.request("POST", "/admin/seed", {
        body: { username: "second", password: "password-2" },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error.code).toBe("ALREADY_SEEDED");
    const admins = await fresh.services.admins.list();
    expect(admins).toHaveLength(1);
    expect(admins[0]?.role).toBe("superadmin");
  });

  test("answers 409 ALREADY_SEEDED for ever after", async () => {
    await fresh.superToken();
    const res = await fresh.request("POST", "/admin/seed", {
      body: { username: "third", password: "password-3" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("ALREADY_SEEDED");
  });
});

describe("POST /admin/login", () => {
  const winner = "root";

  test("returns a JWT and the admin", async () => {
    const res = await t.request("POST", "/admin/login", {
      body: { username: winner, password: "root-password" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.admin).toMatchObject({ username: winner, role: "superadmin" });
    expect(res.body.data.admin.id).toMatch(/^[0-9a-f-]{36}$/);
    const [head, payload] = (res.body.data.token as string).split(".");
    expect(JSON.parse(Buffer.from(head!, "base64url").toString())).toMatchObject({ alg: "HS256" });
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    expect(claims).toMatchObject({ iss: "tas", aud: "tas-admin", sub: res.body.data.admin.id });
    expect(claims.exp - claims.iat).toBe(43_200);
  });

  test("a wrong password and an unknown user get the same 401", async () => {
    const wrong = await t.request("POST", "/admin/login", {
      body: { username: winner, password: "nope-nope" },
    });
    const unknown = await t.request("POST", "/admin/login", {
      body: { username: "ghost", password: "nope-nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.code).toBe("UNAUTHORIZED");
  });

  test("rejects malformed bodies", async () => {
    for (const body of [{}, { username: "x" }, { username: ["x"], password: "y" }]) {
      const res = await t.request("POST", "/admin/login", { body });
      expect(res.status).toBe(400);
    }
  });
});

describe("login rate limit", () => {
  test("too many attempts from one address get 429 with Retry-After", async () => {
    const limited = await createTestApp({ TAS_LOGIN_ATTEMPTS_PER_MINUTE: "3" });
    try {
      limited.clock.freeze();
      await limited.superToken().catch(() => {});
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof limited.request>> | null = null;
      for (let i = 0; i < 5; i++) {
        last = await limited.request("POST", "/admin/login", {
          body: { username: "victim", password: "guess-guess" },
        });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 2)).toEqual([401, 401]);
      expect(statuses.at(-1)).toBe(429);
      expect(last!.body.error.code).toBe("RATE_LIMITED");
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
      limited.clock.advance(61_000);
      const after = await limited.request("POST", "/admin/login", {
        body: { username: "victim", password: "guess-guess" },
      });
      expect(after.status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe("admin authentication", () => {
  let root: string;
  beforeAll(() => {
    root = rootToken;
  });

  test("no credentials → 401", async () => {
    const res = await t.request("GET", "/admin/keys");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHORIZED");
  });

  test("a tampered, foreign-secret, alg=none or expired token → 401", async () => {
    const claims = JSON.parse(Buffer.from(root.split(".")[1]!, "base64url").toString());
    const tampered = `${root.slice(0, -2)}xx`;
    const foreign = signToken(claims, "another-secret-that-is-long-enough-000000");
    const none = `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims)}.`;
    const expired = signToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 });
    const wrongAudience = signToken({ ...claims, aud: "someone-else" });
    for (const token of [tampered, foreign, none, expired, wrongAudience, "not-a-jwt"]) {
      const res = await t.request("GET", "/admin/keys", { token });
      expect(res.status).toBe(401);
    }
  });

  test("GET /admin/admins: superadmin only (403 for an admin and for an API key)", async () => {
    const ok = await t.request("GET", "/admin/admins", { token: root });
    expect(ok.status).toBe(200);
    expect(ok.body.data[0]).toMatchObject({ id: 1, role: "superadmin" });
    expect(typeof ok.body.data[0].max_accounts).toBe("number");
    const admin = await t.createAdmin();
    const forbidden = await t.request("GET", "/admin/admins", { token: admin.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe("FORBIDDEN");
    const superKey = await t.createKey(root);
    const byKey = await t.request("GET", "/admin/admins", { key: superKey.key });
    expect(byKey.status).toBe(403);
  });

  test("a deleted admin's token stops working", async () => {
    const admin = await t.createAdmin("short-lived");
    expect((await t.request("GET", "/admin/keys", { token: admin.token })).status).toBe(200);
    await t.services.admins.delete({ type: "cli", id: "test" }, "short-lived");
    expect((await t.request("GET", "/admin/keys", { token: admin.token })).status).toBe(401);
  });

  test("there is no REST route that creates, changes or deletes admins", async () => {
    for (const [method, path] of [
      ["POST", "/admin/admins"],
      ["PATCH", "/admin/admins/1"],
      ["DELETE", "/admin/admins/1"],
    ] as const) {
      const res = await t.request(method, path, {
        token: root,
        body: { username: "x", password: "yyyyyyyy" },
      });
      // 404, or 405 where the path is known for reading only (GET /admin/admins).
      expect([404, 405]).toContain(res.status);
      expect(res.headers.get("allow") ?? "").not.toContain(method);
    }
  });
});
