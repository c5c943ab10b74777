// No secret reaches a log line at any level: the app runs at `debug` (every request logged) with
// its logger writing into an array, a flow creates every kind of secret (admin passwords, JWTs,
// API keys incl. a rotated one, broker and demo account passwords) and presents them in headers,
// bodies and the query string; then every captured line is searched for every secret.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { createTestApp, type TestApp } from "../support/app.ts";
import { connect } from "../ws/client.ts";

let t: TestApp;
const lines: string[] = [];
const secrets = new Map<string, string>();

const unique = (label: string) => `${label}-${randomBytes(6).toString("hex")}`;

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: "debug" },
    { broker: true, logDestination: { write: (line) => void lines.push(line) } },
  );
}, 60_000);
afterAll(async () => {
  await t.app.stop();
  await t.close();
});

describe("log lines at debug level", () => {
  test("carry none of the secrets the flow created or presented", async () => {
    const remember = (label: string, value: string) => {
      expect(typeof value).toBe("string");
      expect(value.length).toBeGreaterThanOrEqual(8);
      secrets.set(label, value);
      return value;
    };
    const ok = async (res: Promise<{ status: number; text: string; body: any }>, status = 200) => {
      const r = await res;
      if (r.status !== status) {
        throw new Error(`expected ${status}, got ${r.status}: ${r.text}`);
      }
      return r.body.data;
    };

    // Admin passwords: seed, a wrong one, a CLI-created admin.
    const rootPassword = remember("root password", unique("root-pass"));
    await ok(
      t.request("POST", "/admin/seed", { body: { username: "root", password: rootPassword } }),
      201,
    );
    const wrong = remember("wrong password", unique("typo-pass"));
    expect(
      (
        await t.request("POST", "/admin/login", {
          body: { username: "root", password: wrong },
        })
      ).status,
    ).toBe(401);
    const jwt = remember(
      "root JWT",
      (
        await ok(
          t.request("POST", "/admin/login", { body: { username: "root", password: rootPassword } }),
        )
      ).token,
    );
    const alicePassword = remember("alice password", unique("alice-pass"));
    await t.services.admins.create(
      { type: "cli", id: "test" },
      { username: "alice", password: alicePassword, role: "admin" },
    );
    const aliceJwt = remember(
      "alice JWT",
      (
        await ok(
          t.request("POST", "/admin/login", {
            body: { username: "alice", password: alicePassword },
          }),
        )
      ).token,
    );

    // API keys: created, rotated (old and new), one of alice's; the JWT in the query string too.
    const created = await ok(
      t.request("POST", "/admin/keys", { token: jwt, body: { name: "k", max_accounts: 10 } }),
      201,
    );
    const oldKey = remember("API key before rotation", created.key);
    const key = remember(
      "API key after rotation",
      (await ok(t.request("POST", `/admin/keys/${created.id}/rotate`, { token: jwt }))).key,
    );
    const aliceKey = remember(
      "alice's API key",
      (await ok(t.request("POST", "/admin/keys", { token: aliceJwt }), 201)).key,
    );
    await t.request("GET", `/admin/keys?token=${aliceJwt}&access_token=${aliceJwt}`);
    await t.request("GET", "/admin/keys", { headers: { authorization: `Bearer ${aliceKey}` } });

    // Keys in headers (X-API-Key, Bearer) and in the query string (?api_key=, ?apiKey=, ?key=).
    await ok(t.request("GET", "/api/accounts", { key }));
    await ok(t.request("GET", "/api/accounts", { headers: { authorization: `Bearer ${key}` } }));
    for (const name of ["api_key", "apiKey", "APIKEY", "key", "x-api-key", "password"]) {
      await t.request("GET", `/api/accounts?${name}=${key}&limit=5`);
    }
    await t.request("GET", `/api/accounts?apiKey=${oldKey}`, { key: oldKey }); // revoked: 401
    await t.request("GET", `/health?secret=${encodeURIComponent(rootPassword)}`);

    // A demo account (its passwords come back once), then registered with its password.
    const demo = await ok(
      t.request("POST", "/api/brokers/demo", {
        key,
        body: { company: "TAS Markets", deposit: 10_000, leverage: 100 },
      }),
      201,
    );
    remember("demo password", demo.password);
    remember("demo investor password", demo.investor_password);
    const account = await t.createAccount(key, {
      terminal_login: demo.login,
      password: demo.password,
      server_name: demo.server_name,
    });
    await ok(t.request("POST", `/api/accounts/${account.id}/connect`, { key }));
    // A broker password the broker refuses (logged errors must not carry it either).
    const brokerPassword = remember("broker password", unique("broker-pass"));
    const refused = await t.createAccount(key, {
      terminal_login: demo.login,
      password: brokerPassword,
      server_name: demo.server_name,
      label: "wrong password",
    });
    await t.request("POST", `/api/accounts/${refused.id}/connect`, { key });
    await t.request("PATCH", `/api/accounts/${refused.id}?password=${brokerPassword}`, {
      key,
      body: { password: brokerPassword },
    });
    // Malformed JSON around a secret.
    await t.request("POST", "/api/accounts", { key, raw: `{"password":"${brokerPassword}"` });

    // The WebSocket takes its key in the query string.
    t.app.listen({ port: 0, hostname: "127.0.0.1" });
    const ws = await connect(`ws://127.0.0.1:${t.app.server?.port}/ws?apiKey=${key}`);
    await ws.next((m) => m.type !== undefined).catch(() => {});
    ws.close();
    await ws.closed;
    const bad = await connect(`ws://127.0.0.1:${t.app.server?.port}/ws?apiKey=${oldKey}`);
    await bad.closed;

    // Request lines are written after the response has gone out.
    for (
      let i = 0;
      i < 100 && lines.filter((l) => l.includes('"msg":"request"')).length < 25;
      i++
    ) {
      await Bun.sleep(10);
    }
    expect(secrets.size).toBe(11);
    const leaks: string[] = [];
    for (const line of lines) {
      for (const [label, value] of secrets) {
        if (line.includes(value)) {
          leaks.push(`${label} in ${line}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    const requestLines = lines.filter((l) => l.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(25);
    expect(requestLines.some((l) => l.includes("api_key=[redacted]&limit=5"))).toBe(true);
    expect(requestLines.some((l) => l.includes("/ws?apiKey=[redacted]"))).toBe(true);
  }, 60_000);
});
