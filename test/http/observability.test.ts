// Health probes and Prometheus metrics through HTTP: GET /health/live, GET /health/ready (the
// database check, 503 NOT_READY with the same report when a check fails), GET /metrics (valid
// text exposition, the request histogram by route template, order outcomes and sessions, never
// an account or key id; TAS_METRICS_TOKEN enforced).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
let key: string;
let keyId: string;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp({}, { broker: true });
  const created = await t.createKey(await t.superToken());
  key = created.key;
  keyId = created.id;
  accountId = (await t.connectDemoAccount(key)).id;
}, 60_000);
afterAll(() => t.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses the Prometheus text format 0.0.4, failing on any line that is not a HELP/TYPE comment,
 * a sample or blank, and on a sample whose metric family has no TYPE line before it.
 */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  const typed = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line === "") {
      continue;
    }
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === "TYPE") {
        expect(["counter", "gauge", "histogram", "summary", "untyped"]).toContain(
          comment[3] as string,
        );
        typed.set(comment[2] as string, comment[3] as string);
      }
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect({ line, sample: m !== null }).toEqual({ line, sample: true });
    const [, name, rawLabels, rawValue] = m as RegExpExecArray;
    const labels: Record<string, string> = {};
    for (const pair of (rawLabels ?? "").matchAll(
      /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g,
    )) {
      labels[pair[1] as string] = pair[2] as string;
    }
    // Go's ParseFloat, which Prometheus uses: also NaN and ±Inf, in any case (prom-client
    // writes `Nan` for an event-loop mean it has no sample for yet).
    const special = /^([+-]?)(inf|nan)$/i.exec(rawValue as string);
    const value = special
      ? special[2]?.toLowerCase() === "nan"
        ? Number.NaN
        : (special[1] === "-" ? -1 : 1) * Infinity
      : Number(rawValue);
    expect({ line, number: special !== null || !Number.isNaN(value) }).toEqual({
      line,
      number: true,
    });
    const family = (name as string).replace(/_(bucket|sum|count)$/, "");
    expect({ line, typed: typed.has(name as string) || typed.get(family) === "histogram" }).toEqual(
      { line, typed: true },
    );
    samples.push({ name: name as string, labels, value });
  }
  return samples;
}

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await t.request("GET", "/metrics");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return { text: res.text, samples: parseExposition(res.text) };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );

describe("health probes", () => {
  test("GET /health/live is 200 {status: ok} in the envelope", async () => {
    const res = await t.request("GET", "/health/live");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { status: "ok" } });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });

  test("GET /health/ready is 200 with the database check", async () => {
    const res = await t.request("GET", "/health/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      data: { ready: true, checks: { database: { ok: true } } },
    });
  });

  test("a failing check makes it 503 NOT_READY with the same report, until it is removed", async () => {
    const remove = t.observability.readiness.register("nats", async () => "NATS is not connected");
    try {
      const res = await t.request("GET", "/health/ready");
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        ok: false,
        error: {
          code: "NOT_READY",
          message: "Not ready: nats (NATS is not connected)",
          details: {
            ready: false,
            checks: {
              database: { ok: true },
              nats: { ok: false, detail: "NATS is not connected" },
            },
          },
        },
      });
      expect(res.headers.get("x-request-id")).toMatch(/^req_/);
      // Liveness does not depend on readiness.
      expect((await t.request("GET", "/health/live")).status).toBe(200);
    } finally {
      remove();
    }
    expect((await t.request("GET", "/health/ready")).status).toBe(200);
  });

  test("GET /health is unchanged", async () => {
    const res = await t.request("GET", "/health");
    expect(res.body).toEqual({ ok: true, data: { status: "ok", version: "2.1.0" } });
  });
});

describe("GET /metrics", () => {
  test("times requests by route template and status class, never by raw path", async () => {
    expect((await t.request("GET", `/api/accounts/${accountId}`, { key })).status).toBe(200);
    await t.request("GET", `/api/accounts/${accountId}/orders`, { key });
    expect((await t.request("GET", `/nothing/${accountId}`, { key })).status).toBe(404);
    expect((await t.request("GET", "/api/accounts", { key: "sk_wrong" })).status).toBe(401);
    const { samples } = await scrape();
    const count = (labels: Record<string, string>) =>
      find(samples, "tas_http_request_duration_seconds_count", labels)[0]?.value ?? 0;
    expect(count({ method: "GET", route: "/api/accounts/:id", status: "2xx" })).toBeGreaterThan(0);
    expect(count({ method: "GET", route: "/api/accounts/:id/orders", status: "2xx" })).toBe(1);
    expect(count({ method: "GET", route: "unmatched", status: "4xx" })).toBeGreaterThan(0);
    expect(count({ method: "GET", route: "/api/accounts", status: "4xx" })).toBe(1);
    const routes = new Set(
      find(samples, "tas_http_request_duration_seconds_count").map((s) => s.labels.route ?? ""),
    );
    for (const route of routes) {
      expect(route === "unmatched" || route.startsWith("/")).toBe(true);
      expect(route).not.toContain(accountId);
    }
  });

  test("each histogram series has cumulative buckets ending in +Inf = _count", async () => {
    const { samples } = await scrape();
    const counts = find(samples, "tas_http_request_duration_seconds_count");
    expect(counts.length).toBeGreaterThan(0);
    for (const c of counts) {
      const buckets = find(samples, "tas_http_request_duration_seconds_bucket", c.labels);
      const values = buckets.map((b) => b.value);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(buckets.at(-1)?.labels.le).toBe("+Inf");
      expect(buckets.at(-1)?.value).toBe(c.value);
      expect(find(samples, "tas_http_request_duration_seconds_sum", c.labels)).toHaveLength(1);
    }
  });

  test("no account id or key id anywhere, after account requests", async () => {
    await t.request("GET", `/api/accounts/${accountId}/portfolio`, { key });
    await t.request("GET", `/api/accounts/${accountId}/session`, { key });
    const { text } = await scrape();
    expect(text).not.toContain(accountId);
    expect(text).not.toContain(keyId);
    expect(text).not.toContain(key);
  });

  test("orders by outcome, sessions by status, the node and the database", async () => {
    const placed = await t.request("POST", `/api/accounts/${accountId}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "buy", type: "market", volume: 0.01, clientOrderId: "obs-1" },
    });
    expect(placed.status).toBe(201);
    const again = await t.request("POST", `/api/accounts/${accountId}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "buy", type: "market", volume: 0.01, clientOrderId: "obs-1" },
    });
    expect(again.status).toBe(409);
    const { samples } = await scrape();
    const value = (name: string, labels: Record<string, string> = {}) =>
      find(samples, name, labels).map((s) => s.value);
    expect(value("tas_orders_total", { outcome: "done" })).toEqual([1]);
    expect(value("tas_orders_total", { outcome: "refused" })).toEqual([1]);
    expect(value("tas_orders_total", { outcome: "unknown" })).toEqual([0]);
    expect(value("tas_sessions", { status: "connected" })).toEqual([1]);
    expect(value("tas_sessions", { status: "error" })).toEqual([0]);
    expect(value("tas_node_info", { node_id: t.config.nodeId })).toEqual([1]);
    expect(value("tas_database_up")).toEqual([1]);
    expect(value("tas_ws_clients")).toEqual([0]);
    expect(value("tas_ea_instances", { status: "running" })).toEqual([0]);
    expect(value("tas_lease_changes_total", { change: "acquired" })).toEqual([0]);
    // One node without NATS: no NATS gauge at all (rather than a misleading 0).
    expect(value("tas_nats_connected")).toEqual([]);
    // The default process metrics, prefixed.
    expect(value("tas_process_cpu_seconds_total").length).toBe(1);
  });
});

describe("TAS_METRICS_TOKEN", () => {
  const TOKEN = "metrics-token-0123456789";
  let secured: TestApp;
  beforeAll(async () => {
    secured = await createTestApp({ TAS_METRICS_TOKEN: TOKEN });
  }, 60_000);
  afterAll(() => secured.close());

  test("without the bearer token: 401 UNAUTHORIZED in the envelope", async () => {
    const res = await secured.request("GET", "/metrics");
    expect(res.status).toBe(401);
    expect(res.body.ok).toBe(false);
    expect(res.body.error.code).toBe("UNAUTHORIZED");
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });

  test("with a wrong token (or another scheme): 401", async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, "Bearer nope", `Basic ${TOKEN}`, TOKEN]) {
      const res = await secured.request("GET", "/metrics", { headers: { authorization } });
      expect({ authorization, status: res.status }).toEqual({ authorization, status: 401 });
      expect(res.body.error.code).toBe("UNAUTHORIZED");
    }
  });

  test("with the token: the exposition; the probes need none", async () => {
    const res = await secured.request("GET", "/metrics", { token: TOKEN });
    expect(res.status).toBe(200);
    expect(res.text).toContain("# TYPE tas_http_request_duration_seconds histogram");
    expect((await secured.request("GET", "/health/ready")).status).toBe(200);
    expect((await secured.request("GET", "/health/live")).status).toBe(200);
  });
});
