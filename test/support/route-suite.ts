// Generates cross-cutting checks from the app's route table, so routes added later are covered
// without anyone remembering to: every `/api/...` route requires a key, and every
// `/api/accounts/:id...` route answers another key's account exactly as an unknown one.
import type { App } from "../../src/http/app.ts";

export interface RouteInfo {
  readonly method: string;
  readonly path: string;
}

/** Valid sample bodies per route, so that validation passes and the ownership check is reached. */
export const SAMPLE_BODIES: Record<string, unknown> = {
  "PATCH /api/accounts/:id": { label: "renamed" },
  "POST /api/accounts/:id/orders": { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 },
  "PUT /api/accounts/:id/orders/:ticket": { stopLoss: 1.0 },
  "POST /api/accounts/:id/positions/:ticket/close-by": { byTicket: 2 },
  "POST /api/accounts/:id/ea/start": {
    ea_id: "00000000-0000-4000-8000-000000000002",
    symbol: "EURUSD",
    timeframe: "H1",
  },
};

/** POST routes that take no body. */
export const BODILESS = new Set([
  "POST /api/accounts/:id/connect",
  "POST /api/accounts/:id/disconnect",
  "POST /api/accounts/:id/close-all",
  "POST /api/accounts/:id/ea/stop",
]);

export function apiRoutes(app: App): RouteInfo[] {
  return app.routes
    .filter((r) => r.path.startsWith("/api/"))
    .map((r) => ({ method: r.method.toUpperCase(), path: r.path }))
    .filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS");
}

export function accountRoutes(app: App): RouteInfo[] {
  return apiRoutes(app).filter((r) => r.path.startsWith("/api/accounts/:id"));
}

/** Substitutes path parameters: `:id` → the account id, others → plausible values. */
export function fillPath(path: string, accountId: string): string {
  return path
    .replace(":id", accountId)
    .replace(":ticket", "123456")
    .replace(":clientOrderId", "some-client-order-id")
    .replace(":symbol", "EURUSD")
    .replace(":instance", "00000000-0000-4000-8000-000000000001");
}

export function sampleBody(route: RouteInfo): unknown {
  return SAMPLE_BODIES[`${route.method} ${route.path}`];
}

export const hasBody = (method: string): boolean => ["POST", "PUT", "PATCH"].includes(method);
