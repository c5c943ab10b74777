// HTTP hygiene, generated from the route table: a known path asked with a method it does not
// accept answers 405 METHOD_NOT_ALLOWED with `Allow` (not 404); a static segment wins over a
// parameter (`PUT …/orders/closed-session` is not an invalid `orders/{ticket}`); a missing
// required query parameter is named as missing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { RouteTable } from "../../src/http/route-table.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;

/** A response's JSON body, untyped as tests read it. */
const json = (res: Response): Promise<any> => res.json();
let key: string;
let token: string;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.superToken();
  key = (await t.createKey(token)).key;
  accountId = (await t.createAccount(key)).id;
}, 60_000);
afterAll(() => t.close());

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const SAMPLE: Record<string, string> = {
  ticket: "1",
  symbol: "EURUSD",
  clientOrderId: "tas-x",
};

/** A concrete path of a route pattern (account ids are the test's own account). */
const fill = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_m, name: string) =>
    name === "id" ? accountId : (SAMPLE[name] ?? "x"),
  );

const send = (method: string, path: string, headers: Record<string, string> = {}) =>
  t.app.handle(
    new Request(`http://localhost${path}`, {
      method,
      // Valid credentials: a 405 must not depend on failing authentication.
      headers: {
        ...(path.startsWith("/api/") ? { "x-api-key": key } : {}),
        ...(path.startsWith("/admin/") ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    }),
  );

/** Methods of each distinct pattern (trailing slash ignored), from the app's routes. */
function patterns(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of t.app.routes) {
    const path = r.path.length > 1 ? r.path.replace(/\/$/, "") : r.path;
    const methods = out.get(path) ?? new Set<string>();
    const method = r.method === "WS" ? "GET" : r.method;
    methods.add(method);
    if (r.method === "GET") {
      methods.add("HEAD");
    }
    out.set(path, methods);
  }
  return out;
}

describe("405 with Allow", () => {
  test("every route path, with every method it does not accept", async () => {
    const checked: string[] = [];
    for (const [pattern, methods] of patterns()) {
      const allow = [...methods].sort().join(", ");
      for (const method of METHODS.filter((m) => !methods.has(m))) {
        const res = await send(method, fill(pattern));
        const body = await json(res);
        expect({
          route: `${method} ${pattern}`,
          status: res.status,
          code: body.error?.code,
        }).toEqual({ route: `${method} ${pattern}`, status: 405, code: "METHOD_NOT_ALLOWED" });
        expect({ route: `${method} ${pattern}`, allow: res.headers.get("allow") }).toEqual({
          route: `${method} ${pattern}`,
          allow,
        });
        expect(body.error.details.allow).toEqual(allow.split(", "));
        expect(res.headers.get("x-request-id")).toMatch(/^req_/);
        checked.push(`${method} ${pattern}`);
      }
    }
    expect(checked.length).toBeGreaterThan(100);
    expect(checked).toContain("PUT /api/accounts/:id/orders/closed-session");
    expect(checked).toContain("POST /ws");
  });

  test("a static segment wins over a parameter: PUT orders/closed-session is not a bad ticket", async () => {
    for (const method of ["PUT", "DELETE"]) {
      const res = await send(method, `/api/accounts/${accountId}/orders/closed-session`);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect((await json(res)).error).toEqual({
        code: "METHOD_NOT_ALLOWED",
        message: `Method ${method} is not allowed here; allowed: GET, HEAD`,
        details: { allow: ["GET", "HEAD"] },
      });
    }
    // The parameter route itself still validates its parameter.
    const bad = await send("PUT", `/api/accounts/${accountId}/orders/not-a-ticket`, {
      "content-type": "application/json",
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toContain("'ticket'");
  });

  test("OPTIONS lists the methods too; unknown paths stay 404; HEAD of a GET route answers", async () => {
    const options = await send("OPTIONS", "/health");
    expect(options.status).toBe(405);
    expect(options.headers.get("allow")).toBe("GET, HEAD");
    const unknown = await send("GET", "/api/accounts/x/nothing-here");
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error.code).toBe("NOT_FOUND");
    expect((await send("HEAD", "/health")).status).toBe(200);
  });
});

describe("RouteTable", () => {
  const table = new RouteTable();
  table.bind(() => [
    { method: "GET", path: "/a/:id/orders/closed-session" },
    { method: "PUT", path: "/a/:id/orders/:ticket" },
    { method: "DELETE", path: "/a/:id/orders/:ticket" },
    { method: "GET", path: "/a/" },
    { method: "POST", path: "/a/" },
    { method: "WS", path: "/ws" },
    { method: "GET", path: "/files/*" },
  ]);

  test("the most specific pattern names the resource", () => {
    expect(table.allowedMethods("/a/1/orders/closed-session")).toEqual(["GET", "HEAD"]);
    expect(table.allowedMethods("/a/1/orders/7")).toEqual(["DELETE", "PUT"]);
    expect(table.allowedMethods("/a")).toEqual(["GET", "HEAD", "POST"]);
    expect(table.allowedMethods("/a/")).toEqual(["GET", "HEAD", "POST"]);
    expect(table.allowedMethods("/ws")).toEqual(["GET"]);
    expect(table.allowedMethods("/files/x/y")).toEqual(["GET", "HEAD"]);
    expect(table.allowedMethods("/a/1/orders")).toBeNull();
    expect(table.allowedMethods("/a//orders/7")).toBeNull();
    expect(table.allowedMethods("/")).toBeNull();
  });
});

describe("missing required query parameters are named as missing", () => {
  test("history: from and to", async () => {
    const base = `/api/accounts/${accountId}/orders/history/paginated`;
    for (const [query, field] of [
      ["to=2026-11-30T00:00:00", "from"],
      ["from=2026-11-01T00:00:00", "to"],
      ["", "from"],
    ] as const) {
      const res = await send("GET", `${base}?${query}`);
      expect(res.status).toBe(400);
      expect((await json(res)).error).toEqual({
        code: "VALIDATION_ERROR",
        message: `Invalid '${field}': is required`,
        details: { field },
      });
    }
    // Present but malformed keeps the spec's message.
    const malformed = await send("GET", `${base}?from=2026-11-01&to=2026-11-30T00:00:00`);
    expect((await json(malformed)).error.message).toBe("invalid date format");
  });

  test("broker search: company", async () => {
    const res = await send("GET", "/api/brokers/search");
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe("Invalid 'company': is required");
  });
});
