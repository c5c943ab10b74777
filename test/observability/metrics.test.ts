// ServiceMetrics on its own: its registry is its own, the request histogram buckets and bounds
// its labels (unknown methods → `other`), counters start at 0 for every known label value, and
// scrape-time metrics appear with their provider, zero-filled, and survive a failing provider.
import { describe, expect, test } from "bun:test";
import { register as globalRegistry } from "prom-client";
import { ServiceMetrics, UNMATCHED_ROUTE } from "../../src/observability/metrics.ts";

const lines = (text: string, prefix: string) =>
  text.split("\n").filter((l) => l.startsWith(prefix));

const metrics = (opts: Partial<ConstructorParameters<typeof ServiceMetrics>[0]> = {}) =>
  new ServiceMetrics({ nodeId: "node-a", processMetrics: false, ...opts });

describe("ServiceMetrics", () => {
  test("owns its registry: two instances do not clash, the global registry stays empty", async () => {
    const a = metrics();
    const b = metrics();
    a.leaseChange("acquired");
    expect(await b.text()).toContain('tas_lease_changes_total{change="acquired"} 0');
    expect(await a.text()).toContain('tas_lease_changes_total{change="acquired"} 1');
    expect(await globalRegistry.metrics()).not.toContain("tas_");
  });

  test("the request histogram: buckets, sum, count, by method, route and status class", async () => {
    const m = metrics();
    m.observeRequest("GET", "/api/accounts", 200, 0.0003);
    m.observeRequest("GET", "/api/accounts", 200, 0.002);
    m.observeRequest("GET", "/api/accounts", 401, 0.0001);
    m.observeRequest("GET", UNMATCHED_ROUTE, 404, 0.0001);
    m.observeRequest("BREW", UNMATCHED_ROUTE, 404, 0.0001);
    m.observeRequest("PROPFIND", UNMATCHED_ROUTE, 404, 0.0001);
    m.observeRequest("POST", "/api/accounts/:id/orders", 504, 12);
    const text = await m.text();
    const ok = '{method="GET",route="/api/accounts",status="2xx"';
    expect(lines(text, `tas_http_request_duration_seconds_bucket${ok},le="0.00025"}`)).toEqual([
      `tas_http_request_duration_seconds_bucket${ok},le="0.00025"} 0`,
    ]);
    expect(text).toContain(`tas_http_request_duration_seconds_bucket${ok},le="0.0005"} 1`);
    expect(text).toContain(`tas_http_request_duration_seconds_bucket${ok},le="0.0025"} 2`);
    expect(text).toContain(`tas_http_request_duration_seconds_bucket${ok},le="+Inf"} 2`);
    expect(text).toContain(`tas_http_request_duration_seconds_count${ok}} 2`);
    expect(text).toContain(`tas_http_request_duration_seconds_sum${ok}} 0.0023`);
    expect(text).toContain(
      'tas_http_request_duration_seconds_count{method="GET",route="/api/accounts",status="4xx"} 1',
    );
    // Methods outside the known set share one label value.
    expect(text).toContain(
      'tas_http_request_duration_seconds_count{method="other",route="unmatched",status="4xx"} 2',
    );
    expect(text).not.toContain("BREW");
    // Beyond the last bound: only +Inf.
    const slow = '{method="POST",route="/api/accounts/:id/orders",status="5xx"';
    expect(text).toContain(`tas_http_request_duration_seconds_bucket${slow},le="10"} 0`);
    expect(text).toContain(`tas_http_request_duration_seconds_bucket${slow},le="+Inf"} 1`);
    expect(text).toContain("# TYPE tas_http_request_duration_seconds histogram");
  });

  test("order outcomes and lease changes: every label value from 0", async () => {
    const m = metrics();
    m.orderOutcome("done");
    m.orderOutcome("done");
    m.orderOutcome("unknown");
    m.leaseChange("handed_over");
    const text = await m.text();
    expect(lines(text, "tas_orders_total")).toEqual([
      'tas_orders_total{outcome="done"} 2',
      'tas_orders_total{outcome="rejected"} 0',
      'tas_orders_total{outcome="unknown"} 1',
      'tas_orders_total{outcome="refused"} 0',
    ]);
    expect(lines(text, "tas_lease_changes_total")).toEqual([
      'tas_lease_changes_total{change="acquired"} 0',
      'tas_lease_changes_total{change="lost"} 0',
      'tas_lease_changes_total{change="released"} 0',
      'tas_lease_changes_total{change="handed_over"} 1',
    ]);
    expect(lines(text, "tas_node_info")).toEqual(['tas_node_info{node_id="node-a"} 1']);
  });

  test("scrape-time metrics appear with their provider and are read at each scrape", async () => {
    const m = metrics();
    expect(await m.text()).not.toContain("tas_sessions");
    expect(await m.text()).not.toContain("tas_nats_connected");
    let clients = 3;
    m.provide("sessions", () => ({ connected: 2, reconnecting: 1 }));
    m.provide("wsClients", () => clients);
    m.provide("natsConnected", async () => true);
    m.provide("eaCpuSeconds", () => 1.5);
    m.provide("eaInstances", () => ({ running: 1 }));
    let text = await m.text();
    expect(lines(text, "tas_sessions")).toEqual([
      'tas_sessions{status="disconnected"} 0',
      'tas_sessions{status="connecting"} 0',
      'tas_sessions{status="connected"} 2',
      'tas_sessions{status="reconnecting"} 1',
      'tas_sessions{status="auth_failed"} 0',
      'tas_sessions{status="error"} 0',
    ]);
    expect(lines(text, "tas_ea_instances")).toEqual([
      'tas_ea_instances{status="starting"} 0',
      'tas_ea_instances{status="running"} 1',
      'tas_ea_instances{status="stopped"} 0',
      'tas_ea_instances{status="error"} 0',
    ]);
    expect(text).toContain("tas_ws_clients 3");
    expect(text).toContain("tas_nats_connected 1");
    expect(text).toContain("# TYPE tas_ea_cpu_seconds_total counter");
    expect(text).toContain("tas_ea_cpu_seconds_total 1.5");
    clients = 1;
    m.provide("natsConnected", () => false); // replaced
    text = await m.text();
    expect(text).toContain("tas_ws_clients 1");
    expect(text).toContain("tas_nats_connected 0");
  });

  test("a failing provider is reported and does not fail the scrape", async () => {
    const failures: string[] = [];
    const m = metrics({ onProviderError: (name) => failures.push(name) });
    m.provide("sessions", () => {
      throw new Error("boom");
    });
    m.provide("databaseUp", async () => true);
    const text = await m.text();
    expect(failures).toEqual(["sessions"]);
    expect(lines(text, "tas_sessions")).toEqual([]);
    expect(text).toContain("tas_database_up 1");
  });

  test("process metrics, prefixed, when asked for", async () => {
    const text = await metrics({ processMetrics: true }).text();
    expect(text).toContain("tas_process_cpu_seconds_total");
    expect(text).not.toMatch(/^process_/m);
  });
});
