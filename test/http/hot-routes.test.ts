// The hot routes (src/http/hot-routes.ts) over a real socket: `GET /api/accounts` answered from
// Bun's router is the app's answer, byte for byte and header for header; every request the hot
// path does not take (new, unknown or missing key, a body, percent-encoding) gets the app's
// answer; the hot path takes tokens from the same rate limit as every other keyed route, and its
// requests are in the request histogram.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { SERVE_OPTIONS } from "../../src/http/app.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

/** A listening server of `t`'s app, once Bun's router holds the app's routes. */
async function listen(t: TestApp) {
  const server = t.app.listen({ port: 0, hostname: "127.0.0.1", ...SERVE_OPTIONS });
  const base = `http://127.0.0.1:${server.server?.port}`;
  // Elysia hands Bun its route table (the hot routes merged in) once its modules have loaded.
  await server.modules;
  await Bun.sleep(20);
  return { base, stop: () => server.stop() };
}

/**
 * What a client sees of an answer: status, content type, body, and the other header names
 * (without the ones Bun's server adds on the socket, which `app.handle` does not).
 */
async function seen(res: Response) {
  const names = [...res.headers.keys()]
    .filter((n) => n !== "date" && n !== "content-length")
    .sort();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    names,
    body: await res.text(),
  };
}

/** A GET over the listening socket, where the hot routes answer. */
const overSocket = (base: string, headers: Record<string, string>, path = "/api/accounts") =>
  fetch(`${base}${path}`, { headers });

/** The same GET through `app.handle`, which never meets Bun's router: the app's own answer. */
const throughApp = (t: TestApp, headers: Record<string, string>, path = "/api/accounts") =>
  t.app.handle(new Request(`http://localhost${path}`, { headers }));

/** What a client sees of both answers to one GET. */
const both = async (t: TestApp, base: string, headers: Record<string, string>, path: string) => ({
  hot: await seen(await overSocket(base, headers, path)),
  app: await seen(await throughApp(t, headers, path)),
});

describe("GET /api/accounts on the hot path", () => {
  let t: TestApp;
  let server: { base: string; stop: () => unknown };
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    const token = await t.superToken();
    key = (await t.createKey(token, { max_accounts: 5 })).key;
    await t.createAccount(key, { terminal_login: 7001, auto_connect: false, label: 'q"uote' });
    await t.createAccount(key, { terminal_login: 7002, auto_connect: false });
    server = await listen(t);
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await t.close();
  });

  const viaSocket = (headers: Record<string, string>, path?: string) =>
    overSocket(server.base, headers, path);

  test("a known key's list is the app's answer, with a request id of its own", async () => {
    await viaSocket({ "x-api-key": key }); // the key is in the cache from here on
    const ids = new Set<string>();
    const forms: Array<Record<string, string>> = [
      { "x-api-key": key },
      { authorization: `Bearer ${key}` },
    ];
    for (const headers of forms) {
      const hot = await viaSocket(headers);
      ids.add(hot.headers.get("x-request-id") ?? "");
      const app = await throughApp(t, headers);
      ids.add(app.headers.get("x-request-id") ?? "");
      const a = await seen(hot);
      expect(a).toEqual(await seen(app));
      expect(a.status).toBe(200);
      expect(a.type).toBe("application/json; charset=utf-8");
      expect(a.names).toEqual(["content-type", "x-request-id"]);
      const data = JSON.parse(a.body).data as Array<{ terminal_login: number; label: string }>;
      expect(data.map((d) => d.terminal_login).sort()).toEqual([7001, 7002]);
      expect(data.find((d) => d.terminal_login === 7001)?.label).toBe('q"uote');
    }
    expect([...ids].every((id) => /^req_[0-9a-z]+$/.test(id))).toBe(true);
    expect(ids.size).toBe(4);
  });

  test("requests the hot path does not take get the app's answer", async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ["no key", {}, "/api/accounts"],
      ["an unknown key", { "x-api-key": `sk_${"x".repeat(40)}` }, "/api/accounts"],
      ["not a key", { authorization: "Bearer nope" }, "/api/accounts"],
      ["a malformed escape in the query", { "x-api-key": key }, "/api/accounts?a=%zz"],
      ["a good escape in the query", { "x-api-key": key }, "/api/accounts?a=%41"],
    ];
    for (const [label, headers, path] of cases) {
      const { hot, app } = await both(t, server.base, headers, path);
      expect({ label, ...hot }).toEqual({ label, ...app });
    }
    const noKey = JSON.parse((await seen(await viaSocket({}))).body);
    expect(noKey.error.code).toBe("UNAUTHORIZED");
    const badEscape = await viaSocket({ "x-api-key": key }, "/api/accounts?a=%zz");
    expect(badEscape.status).toBe(400);
  });

  test("a GET with a body over the limit is the app's 413", async () => {
    const { port } = new URL(server.base);
    const size = t.config.maxBodyBytes + 1;
    // Raw HTTP/1.1: fetch sends no body with a GET.
    const answer = await new Promise<string>((resolve, reject) => {
      let text = "";
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `GET /api/accounts HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`,
        );
        socket.write("x".repeat(size));
      });
      socket.on("data", (d) => {
        text += d.toString();
      });
      socket.on("close", () => resolve(text));
      socket.on("error", (err) => (text ? resolve(text) : reject(err)));
    });
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
  });

  test("its requests are in the request histogram under the route", async () => {
    const count = async () => {
      const text = await t.observability.metrics.text();
      const line = text
        .split("\n")
        .find(
          (l) =>
            l.startsWith("tas_http_request_duration_seconds_count{") &&
            l.includes('route="/api/accounts"') &&
            l.includes('method="GET"') &&
            l.includes('status="2xx"'),
        );
      return line ? Number(line.split(" ").at(-1)) : 0;
    };
    const before = await count();
    for (let i = 0; i < 5; i++) {
      expect((await viaSocket({ "x-api-key": key })).status).toBe(200);
    }
    expect(await count()).toBe(before + 5);
  });
});

/**
 * Runs `fn` against a fresh app, listening, whose keys get a burst of 4 tokens and 1 a second on
 * a frozen clock, with two keys of its own.
 */
async function withLimitedApp(
  fn: (s: {
    t: TestApp;
    get: (key: string, path?: string) => Promise<Response>;
    keys: string[];
  }) => Promise<void>,
) {
  const t = await createTestApp({ TAS_RATE_LIMIT_RPS: "1", TAS_RATE_LIMIT_BURST: "4" });
  try {
    t.clock.freeze();
    const token = await t.superToken();
    const keys = [(await t.createKey(token)).key, (await t.createKey(token)).key];
    const server = await listen(t);
    try {
      const get = (key: string, path = "/api/accounts") =>
        fetch(`${server.base}${path}`, { headers: { "x-api-key": key } });
      await fn({ t, get, keys });
    } finally {
      await server.stop();
    }
  } finally {
    await t.close();
  }
}

describe("the hot path and the rate limit", () => {
  test("it spends the key's tokens from the bucket every keyed route spends, and hands the 429 to the app", async () => {
    await withLimitedApp(async ({ t, get, keys: [key, other] }) => {
      const k = key as string;
      // 1: the app verifies the key (not cached yet); 2: hot; 3: another keyed route; 4: hot.
      const statuses = [
        (await get(k)).status,
        (await get(k)).status,
        (await get(k, "/api/accounts/00000000-0000-4000-8000-000000000000")).status,
        (await get(k)).status,
      ];
      expect(statuses).toEqual([200, 200, 404, 200]);
      const limited = await get(k);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("1");
      expect(limited.headers.get("x-request-id")).toMatch(/^req_/);
      expect(((await limited.json()) as { error: { code: string } }).error.code).toBe(
        "RATE_LIMITED",
      );
      // Another key has its own bucket.
      expect((await get(other as string)).status).toBe(200);
      // A second later, one token more: one answer, then 429 again.
      t.clock.advance(1_000);
      expect((await get(k)).status).toBe(200);
      expect((await get(k)).status).toBe(429);
    });
  }, 60_000);

  test("a read that fails on the hot path costs its key one token, as on the app's path", async () => {
    await withLimitedApp(async ({ get, keys: [key] }) => {
      const k = key as string;
      const unknown = "/api/accounts/00000000-0000-4000-8000-000000000000/portfolio";
      // 1 caches the key (the app's path); 2–4 fail on the hot path, each one token.
      const statuses = [
        (await get(k)).status,
        (await get(k, unknown)).status,
        (await get(k, unknown)).status,
        (await get(k, unknown)).status,
        (await get(k, unknown)).status,
      ];
      expect(statuses).toEqual([200, 404, 404, 404, 429]);
    });
  }, 60_000);
});

describe("an account's summary, portfolio and open orders on the hot path", () => {
  let t: TestApp;
  let server: { base: string; stop: () => unknown };
  let key: string;
  let otherKey: string;
  let id: string;
  let idle: string;

  beforeAll(async () => {
    t = await createTestApp({}, { broker: true });
    const token = await t.superToken();
    key = (await t.createKey(token, { max_accounts: 5 })).key;
    otherKey = (await t.createKey(token)).key;
    ({ id } = await t.connectDemoAccount(key, { deposit: 50_000 }));
    idle = (await t.createAccount(key, { terminal_login: 7101, auto_connect: false })).id;
    for (const [side, type, price] of [
      ["buy", "market", undefined],
      ["sell", "limit", 9_999],
    ] as const) {
      const res = await t.request("POST", `/api/accounts/${id}/orders`, {
        key,
        body: { symbol: "EURUSD", side, type, volume: 0.1, ...(price ? { price } : {}) },
      });
      expect(res.status).toBe(201);
    }
    server = await listen(t);
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await t.close();
  });

  test("each view is the app's answer (prices do not move here)", async () => {
    await fetch(`${server.base}/api/accounts`, { headers: { "x-api-key": key } }); // cache the key
    for (const view of ["summary", "portfolio", "orders"]) {
      const { hot, app } = await both(
        t,
        server.base,
        { "x-api-key": key },
        `/api/accounts/${id}/${view}`,
      );
      expect({ view, ...hot }).toEqual({ view, ...app });
      expect(hot.status).toBe(200);
      expect(hot.type).toBe("application/json; charset=utf-8");
    }
    const orders = JSON.parse(
      (await both(t, server.base, { "x-api-key": key }, `/api/accounts/${id}/orders`)).hot.body,
    );
    expect(orders.data.length).toBe(2);
  });

  test("an unknown account, another key's account, a bad id and an idle session get the app's errors", async () => {
    const cases: Array<[string, string, string, number]> = [
      ["unknown", key, "/api/accounts/00000000-0000-4000-8000-000000000000/portfolio", 404],
      ["another key's", otherKey, `/api/accounts/${id}/portfolio`, 404],
      ["not a uuid", key, "/api/accounts/not-a-uuid/orders", 404],
      ["over 64 characters", key, `/api/accounts/${"a".repeat(65)}/summary`, 400],
      ["not connected", key, `/api/accounts/${idle}/summary`, 503],
    ];
    await fetch(`${server.base}/api/accounts`, { headers: { "x-api-key": otherKey } });
    for (const [label, k, path, status] of cases) {
      const { hot, app } = await both(t, server.base, { "x-api-key": k }, path);
      expect({ label, ...hot }).toEqual({ label, ...app });
      expect({ label, status: hot.status }).toEqual({ label, status });
    }
  });
});

describe("with debug logging on", () => {
  test("every request goes through the app and gets its request line", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const t = await createTestApp(
      { LOG_LEVEL: "debug" },
      { logDestination: { write: (line) => void lines.push(JSON.parse(line)) } },
    );
    try {
      const token = await t.superToken();
      const { key } = await t.createKey(token);
      const server = await listen(t);
      try {
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await fetch(`${server.base}/api/accounts`, { headers: { "x-api-key": key } });
          expect(res.status).toBe(200);
          ids.push(res.headers.get("x-request-id") ?? "");
        }
        const logged = () =>
          lines
            .filter((l) => l.msg === "request" && l.url === "/api/accounts")
            .map((l) => l.requestId);
        for (let i = 0; i < 50 && logged().length < 3; i++) {
          await Bun.sleep(2);
        }
        expect(logged()).toEqual(ids);
      } finally {
        await server.stop();
      }
    } finally {
      await t.close();
    }
  }, 60_000);
});
