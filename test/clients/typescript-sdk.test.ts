// The typed TypeScript SDK (clients/typescript): its generated types match the document the
// service serves now (regenerate with `npm run sdk:generate` after changing a route), and the
// README's quickstart flow runs through it against a live app with the demo broker. This file is
// type-checked with the rest (`npm run typecheck`): a path, parameter, body or answer field the
// document does not declare is a compile error here.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateClient } from "../../clients/typescript/generate.ts";
import { createTasClient, type TasClient } from "../../clients/typescript/src/index.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

const SDK = join(import.meta.dir, "../../clients/typescript");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { broker: true });
}, 60_000);
afterAll(() => t.close());

const client = (credentials: { apiKey: string } | { token: string } | null): TasClient =>
  createTasClient({
    baseUrl: "http://tas.test",
    credentials,
    fetch: (request) => t.app.handle(request),
  });

test("the committed SDK is what the served document generates (no drift)", async () => {
  const { document, types } = await generateClient();
  expect(readFileSync(join(SDK, "openapi.json"), "utf8")).toBe(document);
  expect(readFileSync(join(SDK, "src/schema.d.ts"), "utf8")).toBe(types);
}, 60_000);

test("the quickstart flow through the SDK", async () => {
  const anonymous = client(null);
  const seeded = await anonymous.POST("/admin/seed", {
    body: { username: "root", password: "a-long-password" },
  });
  expect(seeded.response.status).toBe(201);
  const login = await anonymous.POST("/admin/login", {
    body: { username: "root", password: "a-long-password" },
  });
  const token = login.data?.data.token;
  expect(typeof token).toBe("string");

  const admin = client({ token: token! });
  const created = await admin.POST("/admin/keys", { body: { name: "first user" } });
  const apiKey = created.data?.data.key;
  expect(apiKey).toMatch(/^sk_/);

  const user = client({ apiKey: apiKey! });
  const demo = await user.POST("/api/brokers/demo", {
    body: { company: "TAS Markets", leverage: 100, currency: "USD", deposit: 10_000 },
  });
  expect(demo.response.status).toBe(201);
  const registered = await user.POST("/api/accounts", {
    body: {
      label: "demo",
      terminal_login: demo.data!.data.login,
      password: demo.data!.data.password,
      server_name: "TAS-Demo",
    },
  });
  expect(registered.data?.data.session_status).toBe("connecting");
  const id = registered.data!.data.id;
  const connected = await user.POST("/api/accounts/{id}/connect", { params: { path: { id } } });
  expect(connected.data?.data.status).toBe("connected");

  const order = await user.POST("/api/accounts/{id}/orders", {
    params: { path: { id }, header: { "Idempotency-Key": "sdk-first-order" } },
    body: { symbol: "BTCUSD", side: "buy", type: "market", volume: 0.01 },
  });
  expect(order.response.status).toBe(201);
  const ticket = order.data!.data.ticket;
  const portfolio = await user.GET("/api/accounts/{id}/portfolio", { params: { path: { id } } });
  expect(portfolio.data?.data.positions.map((p) => p.ticket)).toEqual([ticket]);

  const closed = await user.DELETE("/api/accounts/{id}/orders/{ticket}", {
    params: { path: { id, ticket } },
  });
  expect(closed.response.status).toBe(200);
  const unknown = await user.GET("/api/accounts/{id}/positions/{ticket}", {
    params: { path: { id, ticket } },
  });
  expect(unknown.response.status).toBe(404);
  expect(unknown.error?.error.code).toBe("POSITION_NOT_FOUND");
}, 60_000);
