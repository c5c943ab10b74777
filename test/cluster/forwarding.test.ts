// Forwarding on two real nodes: every account route answered through the node that does not own
// the account is answered as through its owner. The GET routes come from the app's route table
// (test/support/route-suite.ts, the list the "foreign account = unknown account" suite uses), so
// a route added later is covered here too: same status, same body shape (keys, types, array
// lengths; values may move with the market). Writes through the non-owner: a market order with
// an Idempotency-Key answered again, identically, by the owner (the key is shared) and placed
// once; modify, partial close, cancel, close-by, close-all, disconnect/connect and an account
// rename; errors (broker refusals, unknown tickets, invalid symbols) cross with the same
// envelope; another key's account is ACCOUNT_NOT_FOUND on every route of both nodes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CLUSTER_SKIP_REASON, type NodeClient, TestCluster, waitFor } from "../support/cluster.ts";
import { fillPath, type RouteInfo, sampleBody } from "../support/route-suite.ts";

/** Query strings the GET routes need to answer with data rather than a validation error. */
const SAMPLE_QUERIES: Record<string, string> = {
  "GET /api/accounts/:id/ohlc/:symbol": "?timeframe=M1&count=20",
  "GET /api/accounts/:id/market-status": "?symbols=BTCUSD,EURUSD",
  "GET /api/accounts/:id/orders/history/paginated":
    "?from=2000-01-01T00:00:00&to=2100-01-01T00:00:00",
  "GET /api/accounts/:id/history/orders": "?from=2000-01-01T00:00:00&to=2100-01-01T00:00:00",
};

/** The structure of a JSON value: keys (sorted), primitive types and array lengths. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) {
    return { length: value.length, items: value.map(shape) };
  }
  if (value !== null && typeof value === "object") {
    const o = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, shape(o[k])]),
    );
  }
  return value === null ? "null" : typeof value;
}

/**
 * The account routes (`/api/accounts/:id…`) of a running node, from the OpenAPI document it
 * generates from its route table, in the route suite's `:param` form.
 */
async function accountRoutesOf(call: NodeClient): Promise<RouteInfo[]> {
  const doc = (await call("GET", "/openapi.json")).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/accounts/{id}"))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
        .map((m) => ({ method: m.toUpperCase(), path: path.replace(/\{(\w+)\}/g, ":$1") })),
    );
}

describe.skipIf(CLUSTER_SKIP_REASON !== null)("forwarding to the owner (2 nodes)", () => {
  let c: TestCluster;
  let key: string;
  let accountId: string;
  let foreignAccountId: string;
  let owner: NodeClient;
  let other: NodeClient;
  let routes: RouteInfo[];
  /** Open positions, and a pending order, placed through the owner before the reads. */
  const tickets: number[] = [];
  let pendingTicket = 0;
  let buyPrice = 0;

  const order = (call: NodeClient, body: Record<string, unknown>, idem?: string) =>
    call("POST", `/api/accounts/${accountId}/orders`, {
      key,
      body: { symbol: "BTCUSD", side: "buy", type: "market", volume: 0.02, ...body },
      ...(idem ? { headers: { "idempotency-key": idem } } : {}),
    });

  beforeAll(async () => {
    // The route table of the app (built once, in process, only to read its routes).

    c = await TestCluster.start({ nodes: 2 });
    routes = await accountRoutesOf(c.node(0).call);
    await c.seed();
    key = (await c.createKey()).key;
    const theirs = (await c.createKey({ name: "other tenant" })).key;
    [accountId] = (await c.demoAccounts(key, 1, { deposit: 100_000 })) as [string];
    [foreignAccountId] = (await c.demoAccounts(theirs, 1)) as [string];
    const settled = await c.waitSettled([accountId, foreignAccountId]);
    const ownerIndex = settled.get(accountId)!.node;
    owner = c.node(ownerIndex).call;
    other = c.node(1 - ownerIndex).call;
    // Something to read: three positions (one partly closed into the history), a pending order.
    for (let i = 0; i < 3; i++) {
      const res = await order(owner, { clientOrderId: `fwd-seed-${i}` });
      expect(res.status).toBe(201);
      tickets.push(res.body.data.ticket);
      buyPrice = res.body.data.openPrice;
    }
    const closed = await owner("DELETE", `/api/accounts/${accountId}/orders/${tickets[2]}`, {
      key,
    });
    expect(closed.status).toBe(200);
    tickets.pop();
    const pending = await order(owner, {
      type: "limit",
      price: Math.round(buyPrice * 0.5),
    });
    expect(pending.status).toBe(201);
    pendingTicket = pending.body.data.ticket;
  }, 120_000);
  afterAll(() => c?.close(), 30_000);

  const fill = (route: RouteInfo, id: string) =>
    fillPath(
      route.path
        .replace(":ticket", String(tickets[0]))
        .replace(":clientOrderId", "fwd-seed-0")
        .replace(":symbol", "BTCUSD"),
      id,
    ) + (SAMPLE_QUERIES[`${route.method} ${route.path}`] ?? "");

  test("the route table has the account routes", () => {
    expect(routes.filter((r) => r.method === "GET").length).toBeGreaterThanOrEqual(15);
  });

  test("every GET account route: the non-owner answers like the owner (status, body shape)", async () => {
    const gets = routes.filter((r) => r.method === "GET");
    const failures: string[] = [];
    for (const route of gets) {
      const path = fill(route, accountId);
      const viaOwner = await owner("GET", path, { key });
      const viaOther = await other("GET", path, { key });
      const label = `${route.method} ${route.path}`;
      expect({ label, status: viaOther.status }).toEqual({ label, status: viaOwner.status });
      if (viaOwner.status !== 200) {
        // An error crosses as the owner's envelope.
        expect({ label, body: viaOther.body }).toEqual({ label, body: viaOwner.body });
        failures.push(`${label}: ${viaOwner.status} ${JSON.stringify(viaOwner.body)}`);
        continue;
      }
      expect({ label, shape: shape(viaOther.body) }).toEqual({
        label,
        shape: shape(viaOwner.body),
      });
    }
    // Every route was read with data (the samples above fit them all).
    expect(failures).toEqual([]);
  }, 60_000);

  test("an order through the non-owner with an Idempotency-Key: the owner answers the retry identically; placed once", async () => {
    const before = (await owner("GET", `/api/accounts/${accountId}/orders`, { key })).body.data
      .length;
    const first = await order(other, {}, "fwd-idem-1");
    expect(first.status).toBe(201);
    const ticket = first.body.data.ticket;
    const again = await order(owner, {}, "fwd-idem-1");
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const third = await order(other, {}, "fwd-idem-1");
    expect(third.body).toEqual(first.body);
    // A different body under the same key is refused on either node.
    const mismatch = await order(owner, { volume: 0.03 }, "fwd-idem-1");
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.code).toBe("IDEMPOTENCY_MISMATCH");
    for (const call of [owner, other]) {
      const positions = (await call("GET", `/api/accounts/${accountId}/orders`, { key })).body
        .data as Array<{ ticket: number }>;
      expect(positions.filter((p) => p.ticket === ticket).length).toBe(1);
      expect(positions.length).toBe(before + 1);
    }
    await owner("DELETE", `/api/accounts/${accountId}/orders/${ticket}`, { key });
  });

  test("errors cross with the owner's envelope: broker refusal, unknown ticket, unknown symbol", async () => {
    const cases: Array<[string, string, Record<string, unknown> | undefined]> = [
      // 1000 lots of BTCUSD need far more margin than the deposit: the broker refuses.
      [
        "POST",
        `/api/accounts/${accountId}/orders`,
        { symbol: "BTCUSD", side: "buy", type: "market", volume: 1000 },
      ],
      [
        "POST",
        `/api/accounts/${accountId}/orders`,
        { symbol: "NOPE", side: "buy", type: "market", volume: 0.01 },
      ],
      [
        "POST",
        `/api/accounts/${accountId}/orders`,
        { symbol: "BTCUSD", side: "buy", type: "market", volume: 0.001 },
      ],
      ["DELETE", `/api/accounts/${accountId}/orders/999999`, undefined],
      ["PUT", `/api/accounts/${accountId}/orders/999999`, { stopLoss: 1 }],
      ["GET", `/api/accounts/${accountId}/positions/999999`, undefined],
      ["GET", `/api/accounts/${accountId}/quote/NOPE`, undefined],
      ["GET", `/api/accounts/${accountId}/orders/intents/never-sent`, undefined],
    ];
    for (const [method, path, body] of cases) {
      const opts = { key, ...(body ? { body } : {}) };
      const viaOwner = await owner(method, path, opts);
      const viaOther = await other(method, path, opts);
      const label = `${method} ${path} ${JSON.stringify(body ?? null)}`;
      expect(viaOwner.status).toBeGreaterThanOrEqual(400);
      expect(viaOwner.status).toBeLessThan(500);
      expect({ label, status: viaOther.status, body: viaOther.body }).toEqual({
        label,
        status: viaOwner.status,
        body: viaOwner.body,
      });
    }
  });

  test("writes through the non-owner: modify, partial close, cancel, close-by (shapes as through the owner)", async () => {
    const base = `/api/accounts/${accountId}`;
    const [a, b] = tickets as [number, number];
    const pair = async (method: string, pathA: string, pathB: string, body?: unknown) => {
      const viaOther = await other(method, pathA, { key, ...(body ? { body } : {}) });
      const viaOwner = await owner(method, pathB, { key, ...(body ? { body } : {}) });
      const label = `${method} ${pathA}`;
      expect({ label, status: viaOther.status }).toEqual({ label, status: viaOwner.status });
      expect(viaOther.status).toBeLessThan(300);
      expect(shape(viaOther.body)).toEqual(shape(viaOwner.body));
      return viaOther;
    };
    const sl = Math.round(buyPrice * 0.5);
    await pair("PUT", `${base}/orders/${a}`, `${base}/orders/${b}`, { stopLoss: sl });
    for (const call of [owner, other]) {
      const p = await call("GET", `${base}/positions/${a}`, { key });
      expect(p.body.data.stopLoss).toBe(sl);
    }
    await pair("DELETE", `${base}/orders/${a}?volume=0.01`, `${base}/orders/${b}?volume=0.01`);
    // Cancel the pending order through the non-owner.
    const cancelled = await other("DELETE", `${base}/orders/${pendingTicket}`, { key });
    expect(cancelled.status).toBe(200);
    const open = (await owner("GET", `${base}/orders`, { key })).body.data as Array<{
      ticket: number;
    }>;
    expect(open.map((o) => o.ticket)).not.toContain(pendingTicket);
    // Close-by: a sell against a buy, through the non-owner.
    const sell = await order(other, { side: "sell", volume: 0.01 });
    expect(sell.status).toBe(201);
    const closeBy = await other("POST", `${base}/positions/${a}/close-by`, {
      key,
      body: { byTicket: sell.body.data.ticket },
    });
    expect(closeBy.status).toBeLessThan(300);
    const after = (await owner("GET", `${base}/orders`, { key })).body.data as Array<{
      ticket: number;
    }>;
    expect(after.map((o) => o.ticket)).not.toContain(a);
    expect(after.map((o) => o.ticket)).not.toContain(sell.body.data.ticket);
  });

  test("account rename through one node is read at once through the other", async () => {
    const renamed = await other("PATCH", `/api/accounts/${accountId}`, {
      key,
      body: { label: "renamed via the non-owner" },
    });
    expect(renamed.status).toBe(200);
    const started = Date.now();
    await waitFor(
      async () =>
        (await owner("GET", `/api/accounts/${accountId}`, { key })).body.data.label ===
        "renamed via the non-owner",
      1000,
      "the owner to read the new label",
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("disconnect and connect through the non-owner drive the owner's session", async () => {
    const base = `/api/accounts/${accountId}`;
    const down = await other("POST", `${base}/disconnect`, { key });
    expect(down.status).toBe(200);
    expect(down.body.data.status).toBe("disconnected");
    await waitFor(
      async () =>
        (await owner("GET", `${base}/session`, { key })).body.data.status === "disconnected",
      5000,
      "the owner's session to disconnect",
    );
    const up = await other("POST", `${base}/connect`, { key });
    expect(up.status).toBe(200);
    expect(up.body.data.status).toBe("connected");
    const ownerSession = (await owner("GET", `${base}/session`, { key })).body.data;
    expect(ownerSession.status).toBe("connected");
    expect(up.body.data.node_id).toBe(ownerSession.node_id);
  });

  test("close-all through the non-owner closes every position at the owner", async () => {
    const base = `/api/accounts/${accountId}`;
    const res = await other("POST", `${base}/close-all`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data.failed).toEqual([]);
    const open = (await owner("GET", `${base}/orders`, { key })).body.data as Array<{
      state: string;
    }>;
    expect(open.filter((o) => o.state === "Filled")).toEqual([]);
  });

  test("another key's account: ACCOUNT_NOT_FOUND on every account route, through both nodes", async () => {
    for (const route of routes) {
      const body = sampleBody(route);
      const path = fillPath(route.path, foreignAccountId);
      const label = `${route.method} ${route.path}`;
      for (const call of [owner, other]) {
        const res = await call(route.method, path, {
          key,
          ...(body !== undefined ? { body } : {}),
        });
        expect({ label, status: res.status, body: res.body }).toEqual({
          label,
          status: 404,
          body: { ok: false, error: { code: "ACCOUNT_NOT_FOUND", message: "Account not found" } },
        });
      }
    }
  }, 60_000);
});
