// The OpenAPI document (GET /openapi.json) is one truthful OpenAPI 3.1 document generated from
// the route schemas: valid under an OpenAPI 3.1 validator (@seriousme/openapi-schema-validator),
// every route in it with its parameters, body and every answer (errors included), named schemas
// reused by `$ref`, paths and operationIds as clients need them — and the server's answers fit
// it: a real flow (README quick start and more, with the demo broker) is checked answer by
// answer against the schema the document declares for that status, with every object closed
// (a field the server sends and the document does not declare fails too).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { t as types } from "elysia";
import { STATUS_OF } from "../../src/http/errors.ts";
import { buildDocument } from "../../src/http/openapi/document.ts";
import { operation } from "../../src/http/openapi/operation.ts";
import { convert, named } from "../../src/http/openapi/schema.ts";
import { createTestApp, type Reply, type RequestOptions, type TestApp } from "../support/app.ts";

let t: TestApp;
let doc: any;

beforeAll(async () => {
  t = await createTestApp({}, { broker: true });
  const res = await t.request("GET", "/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body;
}, 60_000);
afterAll(() => t.close());

const METHODS = ["get", "put", "post", "delete", "patch"];

function operations(): Array<{ method: string; path: string; op: any }> {
  const out: Array<{ method: string; path: string; op: any }> = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      out.push({ method, path, op });
    }
  }
  return out;
}

/** Every value in the document, with its JSON pointer. */
function* walk(value: unknown, pointer = "#"): Generator<[unknown, string]> {
  yield [value, pointer];
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      yield* walk(child, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    }
  }
}

function resolve(ref: string): unknown {
  let at: any = doc;
  for (const part of ref.replace(/^#\//, "").split("/")) {
    at = at?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return at;
}

/** Routes of the app the document must show (not the WebSocket, not hidden routes). */
function documentedRoutes() {
  return t.app.routes.filter(
    (r) => METHODS.includes(r.method.toLowerCase()) && (r.hooks as any)?.detail?.hide !== true,
  );
}

const docPath = (path: string) => path.replace(/:([^/]+)/g, "{$1}");

describe("the document", () => {
  test("is valid OpenAPI 3.1", async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const verdict = await new Validator().validate(doc);
    expect(verdict.errors ?? []).toEqual([]);
    expect(verdict.valid).toBe(true);
  });

  test("every $ref resolves, and every named schema is used", () => {
    const used = new Set<string>();
    for (const [value, pointer] of walk(doc)) {
      const ref = (value as any)?.$ref;
      if (typeof ref === "string") {
        expect({ pointer, ref, resolves: resolve(ref) !== undefined }).toEqual({
          pointer,
          ref,
          resolves: true,
        });
        used.add(ref);
      }
    }
    for (const name of Object.keys(doc.components.schemas)) {
      expect({ name, used: used.has(`#/components/schemas/${name}`) }).toEqual({
        name,
        used: true,
      });
    }
  });

  test("shows every route of the app, and nothing else", () => {
    const routes = documentedRoutes().map((r) => `${r.method.toUpperCase()} ${docPath(r.path)}`);
    const documented = operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(documented.sort()).toEqual([...new Set(routes)].sort());
    // Hidden routes are the docs, the documents and the WebSocket, never an API route.
    const hidden = t.app.routes.filter((r) => !documentedRoutes().includes(r));
    for (const r of hidden) {
      expect(r.path).not.toMatch(/^\/(api|admin)\b/);
    }
    expect(Object.keys(doc.paths)).not.toContain("/ws");
    expect(operations().length).toBeGreaterThanOrEqual(56);
  });

  test("paths are the spec's: no trailing slash, every spec §4 endpoint", () => {
    for (const path of Object.keys(doc.paths)) {
      expect(path === "/" || !path.endsWith("/")).toBe(true);
    }
    const spec = [
      "GET /api/accounts",
      "POST /api/accounts/{id}/orders",
      "GET /api/accounts/{id}/orders",
      "GET /api/accounts/{id}/orders/history/paginated",
      "GET /api/accounts/{id}/orders/closed-session",
      "GET /api/accounts/{id}/portfolio",
      "GET /api/accounts/{id}/positions/{ticket}",
      "GET /api/accounts/{id}/positions/{ticket}/fills",
      "GET /api/accounts/{id}/performance",
      "POST /api/accounts/{id}/close-all",
      "GET /api/accounts/{id}/market-status",
      "GET /api/accounts/{id}/trade-session/{symbol}",
      "GET /api/accounts/{id}/server-timezone",
      "GET /api/accounts/{id}/ea/status",
      "GET /api/brokers/search",
      "POST /api/brokers/demo",
      "POST /admin/login",
      "GET /admin/admins",
      "GET /admin/accounts",
      "GET /admin/eas",
      "GET /admin/eas/{id}",
      "PUT /admin/billing/terms/{id}",
      "POST /admin/seed",
      "POST /admin/keys",
    ];
    const documented = new Set(operations().map((o) => `${o.method.toUpperCase()} ${o.path}`));
    expect(spec.filter((s) => !documented.has(s))).toEqual([]);
  });

  test("operationIds are unique camelCase words", () => {
    const ids = operations().map((o) => o.op.operationId);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const byRoute = Object.fromEntries(
      operations().map((o) => [`${o.method.toUpperCase()} ${o.path}`, o.op.operationId]),
    );
    expect(byRoute).toMatchObject({
      "POST /api/accounts/{id}/orders": "placeOrder",
      "GET /api/accounts": "listAccounts",
      "GET /api/accounts/{id}/portfolio": "getPortfolio",
      "DELETE /api/accounts/{id}/orders/{ticket}": "closeOrder",
      "POST /api/accounts/{id}/close-all": "closeAll",
    });
  });

  test("every operation has a tag, its answers and its request body", () => {
    const tags = new Set(doc.tags.map((tag: any) => tag.name));
    for (const { method, path, op } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      expect({ label, tagged: op.tags?.length === 1 && tags.has(op.tags[0]) }).toEqual({
        label,
        tagged: true,
      });
      const statuses = Object.keys(op.responses ?? {});
      expect({ label, success: statuses.some((s) => /^2/.test(s)) }).toEqual({
        label,
        success: true,
      });
      // Every route can answer a malformed URL (400) and an internal error (500).
      expect({ label, statuses: statuses.filter((s) => s === "400" || s === "500") }).toEqual({
        label,
        statuses: ["400", "500"],
      });
      for (const [status, response] of Object.entries<any>(op.responses)) {
        const content = Object.entries<any>(response.content ?? {});
        expect({ label, status, content: content.length > 0 }).toEqual({
          label,
          status,
          content: true,
        });
        for (const [, media] of content) {
          expect(Object.keys(media.schema ?? {}).length).toBeGreaterThan(0);
        }
        expect(response.headers?.["X-Request-Id"]).toBeDefined();
      }
    }
    for (const route of documentedRoutes()) {
      const op = doc.paths[docPath(route.path)][route.method.toLowerCase()];
      const label = `${route.method} ${route.path}`;
      const takesBody = (route.hooks as any)?.body !== undefined;
      const content = Object.values<any>(op.requestBody?.content ?? {});
      expect({ label, body: content.length > 0 && content.every((m) => m.schema) }).toEqual({
        label,
        body: takesBody,
      });
    }
  });

  test("errors: the envelope with the codes each status can carry", () => {
    const codes: string[] = doc.components.schemas.ErrorCode.enum;
    expect(codes).toEqual(expect.arrayContaining(Object.keys(STATUS_OF)));
    for (const { method, path, op } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (Number(status) < 400) {
          continue;
        }
        const schema = response.content["application/json"].schema;
        expect(schema.allOf[0]).toEqual({ $ref: "#/components/schemas/Error" });
        const narrowed: string[] = schema.allOf[1].properties.error.properties.code.enum;
        for (const code of narrowed) {
          expect(codes).toContain(code);
          // A code is documented under its own status.
          const own = STATUS_OF[code as keyof typeof STATUS_OF];
          if (own !== undefined) {
            expect({ label, code, status: own }).toEqual({ label, code, status: Number(status) });
          }
        }
      }
      const security = (op.security ?? []).flatMap((r: object) => Object.keys(r));
      if (security.length > 0) {
        expect({ label, has401: "401" in op.responses }).toEqual({ label, has401: true });
      }
      if (path.startsWith("/api/accounts/{id}")) {
        // (Not toMatchObject with expect.arrayContaining: Bun's replaces the array it matched.)
        const notFound: string[] =
          op.responses["404"].content["application/json"].schema.allOf[1].properties.error
            .properties.code.enum;
        expect({ label, accountNotFound: notFound.includes("ACCOUNT_NOT_FOUND") }).toEqual({
          label,
          accountNotFound: true,
        });
      }
    }
  });

  test("security: client routes take X-API-Key or Bearer sk_…, admin routes a JWT or a key", () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.ApiKeyAuth).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(schemes.BearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
    expect(schemes.ApiKeyBearer).toMatchObject({ type: "http", scheme: "bearer" });
    const names = (op: any) => (op.security ?? []).map((r: object) => Object.keys(r).join("+"));
    for (const { method, path, op } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      let expected: string[];
      if (
        [
          "/admin/seed",
          "/admin/login",
          "/health",
          "/health/live",
          "/health/ready",
          "/metrics",
        ].includes(path)
      ) {
        expected = [];
      } else if (
        path === "/admin/admins" ||
        path === "/admin/calendar" ||
        path === "/admin/cluster" ||
        (path === "/admin/billing/terms/{id}" && method === "put")
      ) {
        expected = ["BearerAuth"];
      } else if (path.startsWith("/admin")) {
        expected = ["BearerAuth", "ApiKeyAuth", "ApiKeyBearer"];
      } else {
        expected = ["ApiKeyAuth", "ApiKeyBearer"];
      }
      expect({ label, security: names(op) }).toEqual({ label, security: expected });
    }
  });

  test("Idempotency-Key is documented where it is honoured", () => {
    const idempotent = operations()
      .filter(({ op }) =>
        (op.parameters ?? []).some((p: any) => p.$ref === "#/components/parameters/IdempotencyKey"),
      )
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(idempotent.sort()).toEqual(
      [
        "POST /api/accounts/{id}/orders",
        "DELETE /api/accounts/{id}/orders/{ticket}",
        "POST /api/accounts/{id}/close-all",
        "POST /api/brokers/demo",
      ].sort(),
    );
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({
      name: "Idempotency-Key",
      in: "header",
      schema: { type: "string", maxLength: 255 },
    });
  });

  test("integers are `integer`, never numeric-string unions; no `$id`", () => {
    for (const [value, pointer] of walk(doc)) {
      const v = value as any;
      if (v !== null && typeof v === "object") {
        expect({ pointer, id: "$id" in v }).toEqual({ pointer, id: false });
        expect({ pointer, numericString: v.type === "string" && v.format === "integer" }).toEqual({
          pointer,
          numericString: false,
        });
      }
    }
    const history = doc.paths["/api/accounts/{id}/orders/history/paginated"].get.parameters;
    const param = (name: string) => history.find((p: any) => p.name === name);
    expect(param("page")).toMatchObject({
      required: false,
      schema: { type: "integer", minimum: 0, default: 0 },
    });
    expect(param("page").description).toContain("0-based");
    expect(param("per_page")).toMatchObject({
      schema: { type: "integer", minimum: 1, maximum: 1000, default: 50 },
    });
    expect(param("from")).toMatchObject({ required: true, schema: { type: "string" } });
    expect(param("to")).toMatchObject({ required: true, schema: { type: "string" } });
  });

  test("the position record declares every field of spec §2.4", () => {
    const fields = [
      "ticket",
      "symbol",
      "orderType",
      "lots",
      "openPrice",
      "stopLoss",
      "takeProfit",
      "profit",
      "swap",
      "commission",
      "comment",
      "openTime",
      "closePrice",
      "closeTime",
      "dealType",
      "digits",
      "contractSize",
      "volume",
      "state",
      "fillPolicy",
      "expirationType",
      "expertId",
      "dealInternalIn",
      "dealInternalOut",
      "orderInternal",
      "partialCloseDeals",
      "partialFillDeals",
      "placedType",
      "profitRate",
      "requestId",
      "stopLimitPrice",
      "fee",
      "closeComment",
      "closeLots",
      "closeVolume",
      "openTimestampUTC",
      "closeTimestampUTC",
      "expirationTime",
    ];
    const record = doc.components.schemas.PositionRecord;
    expect(Object.keys(record.properties).sort()).toEqual([...fields].sort());
    expect([...record.required].sort()).toEqual([...fields].sort());
    const detail = doc.components.schemas.PositionDetail;
    expect(Object.keys(detail.properties).sort()).toEqual([...fields, "netProfit"].sort());
    for (const name of ["ticket", "digits", "expertId", "openTimestampUTC", "closeTimestampUTC"]) {
      expect(record.properties[name].type).toBe("integer");
    }
    expect(record.properties.partialCloseDeals.items).toEqual({
      $ref: "#/components/schemas/Deal",
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The server answers what the document says.

/** The document's schemas as one JSON Schema 2020-12 resource with every object closed. */
function strictSchemas(): Record<string, unknown> {
  const close = (value: any, inAllOf: boolean): any => {
    if (Array.isArray(value)) {
      return value.map((v) => close(v, inAllOf));
    }
    if (value === null || typeof value !== "object") {
      return value;
    }
    const out: any = {};
    for (const [key, child] of Object.entries<any>(value)) {
      if (key === "$ref" && typeof child === "string") {
        out.$ref = child.replace("#/components/schemas/", "#/$defs/");
      } else if (key === "allOf") {
        // allOf members narrow a closed schema ($ref'd): closing them would refuse its fields.
        out.allOf = child.map((c: any) => close(c, true));
      } else if (key === "properties" || key === "$defs") {
        out[key] = Object.fromEntries(
          Object.entries<any>(child).map(([k, v]) => [k, close(v, inAllOf)]),
        );
      } else {
        out[key] = close(child, inAllOf);
      }
    }
    if (
      !inAllOf &&
      out.properties !== undefined &&
      out.additionalProperties === undefined &&
      out.unevaluatedProperties === undefined
    ) {
      out.unevaluatedProperties = false;
    }
    return out;
  };
  return { $id: "tas:openapi", $defs: close(doc.components.schemas, false) };
}

let ajv: Ajv2020;
const validators = new Map<string, ValidateFunction>();
const mismatches: string[] = [];
const checked: string[] = [];

function validatorFor(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (!v) {
    if (!ajv) {
      ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
      addFormats(ajv);
      ajv.addFormat("int64", true);
      ajv.addFormat("binary", true);
      ajv.addSchema(strictSchemas());
    }
    const rewritten = JSON.parse(key.replaceAll("#/components/schemas/", "tas:openapi#/$defs/"));
    v = ajv.compile(rewritten);
    validators.set(key, v);
  }
  return v;
}

/**
 * Sends the request and checks the answer against the document: the operation exists, declares
 * the answer's status and media type, and the body fits the schema declared for them.
 */
async function call(
  method: string,
  template: string,
  values: Record<string, string | number> = {},
  opts: RequestOptions & { query?: Record<string, string> } = {},
): Promise<Reply> {
  let path = template;
  for (const [name, value] of Object.entries(values)) {
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  const query = opts.query ? `?${new URLSearchParams(opts.query)}` : "";
  const reply = await t.request(method, `${path}${query}`, opts);
  const label = `${method} ${template} → ${reply.status}`;
  checked.push(label);
  const op = doc.paths[template]?.[method.toLowerCase()];
  const response = op?.responses?.[String(reply.status)];
  const mediaType = (reply.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  const schema = response?.content?.[mediaType]?.schema;
  if (!op) {
    mismatches.push(`${label}: no such operation in the document`);
  } else if (!response) {
    mismatches.push(`${label}: status not documented (${reply.text.slice(0, 200)})`);
  } else if (!schema) {
    mismatches.push(`${label}: media type ${mediaType} not documented`);
  } else if (mediaType === "application/json") {
    const validate = validatorFor(schema);
    if (!validate(reply.body)) {
      mismatches.push(
        `${label}: ${JSON.stringify(validate.errors?.slice(0, 5))} in ${reply.text.slice(0, 300)}`,
      );
    }
  }
  if (!reply.headers.get("x-request-id")) {
    mismatches.push(`${label}: no X-Request-Id`);
  }
  return reply;
}

describe("the server answers what the document declares", () => {
  test("a real flow, answer by answer", async () => {
    const root = { username: "root", password: "a-long-password" };
    // Admin: seed, login, keys.
    expect((await call("POST", "/admin/seed", {}, { body: root })).status).toBe(201);
    expect((await call("POST", "/admin/seed", {}, { body: root })).status).toBe(409);
    expect(
      (await call("POST", "/admin/login", {}, { body: { ...root, password: "wrong-password" } }))
        .status,
    ).toBe(401);
    const login = await call("POST", "/admin/login", {}, { body: root });
    const token: string = login.body.data.token;
    const created = await call("POST", "/admin/keys", {}, { token, body: { name: "first user" } });
    expect(created.status).toBe(201);
    const key: string = created.body.data.key;
    await call("GET", "/admin/keys", {}, { token });
    await call("GET", "/admin/keys/{id}", { id: created.body.data.id }, { key });
    expect((await call("GET", "/admin/keys/{id}", { id: "nope" }, { token })).status).toBe(400);
    await call(
      "PATCH",
      "/admin/keys/{id}",
      { id: created.body.data.id },
      { token, body: { name: "renamed" } },
    );
    expect((await call("GET", "/admin/admins", {}, { token })).status).toBe(200);
    expect((await call("GET", "/admin/admins", {}, { key })).status).toBe(403);

    // Client: no key, a demo account, register, connect.
    expect((await call("GET", "/api/accounts")).status).toBe(401);
    expect((await call("GET", "/api/accounts", {}, { key: "sk_not-a-key" })).status).toBe(401);
    const demo = await call(
      "POST",
      "/api/brokers/demo",
      {},
      {
        key,
        headers: { "idempotency-key": "demo-1" },
        body: { company: "TAS Markets", leverage: 100, currency: "USD", deposit: 10_000 },
      },
    );
    expect(demo.status).toBe(201);
    await call("GET", "/api/brokers/search", {}, { key, query: { company: "TAS" } });
    expect(
      (await call("POST", "/api/brokers/demo", {}, { key, body: { company: "Nobody Ltd" } }))
        .status,
    ).toBe(400);
    const registered = await call(
      "POST",
      "/api/accounts",
      {},
      {
        key,
        body: {
          label: "demo",
          terminal_login: demo.body.data.login,
          password: demo.body.data.password,
          server_name: "TAS-Demo",
        },
      },
    );
    expect(registered.status).toBe(201);
    const id: string = registered.body.data.id;
    const connected = await call("POST", "/api/accounts/{id}/connect", { id }, { key });
    expect(connected.body.data.status).toBe("connected");
    await call("GET", "/api/accounts", {}, { key });
    await call("GET", "/api/accounts/{id}", { id }, { key });
    await call("GET", "/api/accounts/{id}/session", { id }, { key });
    expect((await call("GET", "/api/accounts/{id}", { id: "unknown" }, { key })).status).toBe(404);
    await call("GET", "/admin/accounts", {}, { token });

    // Trade.
    const order = { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 };
    const placed = await call(
      "POST",
      "/api/accounts/{id}/orders",
      { id },
      { key, headers: { "idempotency-key": "order-1" }, body: order },
    );
    expect(placed.status).toBe(201);
    const ticket: number = placed.body.data.ticket;
    const replay = await call(
      "POST",
      "/api/accounts/{id}/orders",
      { id },
      { key, headers: { "idempotency-key": "order-1" }, body: order },
    );
    expect(replay.body).toEqual(placed.body);
    expect(
      (
        await call(
          "POST",
          "/api/accounts/{id}/orders",
          { id },
          { key, headers: { "idempotency-key": "order-1" }, body: { ...order, volume: 0.2 } },
        )
      ).status,
    ).toBe(422);
    expect(
      (
        await call(
          "POST",
          "/api/accounts/{id}/orders",
          { id },
          { key, body: { ...order, volume: 5_000 } },
        )
      ).status,
    ).toBe(422);
    expect(
      (
        await call(
          "POST",
          "/api/accounts/{id}/orders",
          { id },
          { key, body: { ...order, symbol: "NOPE" } },
        )
      ).status,
    ).toBe(404);
    const pending = await call(
      "POST",
      "/api/accounts/{id}/orders",
      { id },
      { key, body: { symbol: "EURUSD", side: "buy", type: "limit", volume: 0.1, price: 0.5 } },
    );
    expect(pending.status).toBe(201);
    await call(
      "GET",
      "/api/accounts/{id}/orders/intents/{clientOrderId}",
      { id, clientOrderId: placed.body.data.clientOrderId },
      { key },
    );
    await call(
      "GET",
      "/api/accounts/{id}/orders/intents/{clientOrderId}",
      { id, clientOrderId: "never-sent" },
      { key },
    );
    await call("GET", "/api/accounts/{id}/summary", { id }, { key });
    await call("GET", "/api/accounts/{id}/orders", { id }, { key });
    const portfolio = await call("GET", "/api/accounts/{id}/portfolio", { id }, { key });
    expect(portfolio.body.data.positions.length).toBe(1);
    const position = await call(
      "GET",
      "/api/accounts/{id}/positions/{ticket}",
      { id, ticket },
      { key },
    );
    expect(position.status).toBe(200);
    await call("GET", "/api/accounts/{id}/positions/{ticket}/fills", { id, ticket }, { key });
    await call(
      "PUT",
      "/api/accounts/{id}/orders/{ticket}",
      { id, ticket: pending.body.data.ticket },
      { key, body: { price: 0.6 } },
    );
    await call(
      "PUT",
      "/api/accounts/{id}/orders/{ticket}",
      { id, ticket: 999_999 },
      { key, body: { stopLoss: 1 } },
    );

    // Market data.
    await call("GET", "/api/accounts/{id}/quote/{symbol}", { id, symbol: "EURUSD" }, { key });
    await call("GET", "/api/accounts/{id}/symbols", { id }, { key });
    await call("GET", "/api/accounts/{id}/symbols/{symbol}", { id, symbol: "EURUSD" }, { key });
    await call(
      "GET",
      "/api/accounts/{id}/market-status",
      { id },
      { key, query: { symbols: "EURUSD,BTCUSD" } },
    );
    await call(
      "GET",
      "/api/accounts/{id}/ohlc/{symbol}",
      { id, symbol: "EURUSD" },
      { key, query: { timeframe: "H1", count: "3" } },
    );
    await call(
      "GET",
      "/api/accounts/{id}/trade-session/{symbol}",
      { id, symbol: "EURUSD" },
      { key },
    );
    await call("GET", "/api/accounts/{id}/server-timezone", { id }, { key });

    // Close, cancel, history.
    const closed = await call(
      "DELETE",
      "/api/accounts/{id}/orders/{ticket}",
      { id, ticket },
      { key, headers: { "idempotency-key": "close-1" } },
    );
    expect(closed.status).toBe(200);
    await call(
      "DELETE",
      "/api/accounts/{id}/orders/{ticket}",
      { id, ticket: pending.body.data.ticket },
      { key },
    );
    expect(
      (await call("GET", "/api/accounts/{id}/positions/{ticket}", { id, ticket }, { key })).status,
    ).toBe(404);
    const range = { from: "2026-11-01T00:00:00", to: "2026-12-01T00:00:00" };
    const history = await call(
      "GET",
      "/api/accounts/{id}/orders/history/paginated",
      { id },
      { key, query: { ...range, page: "0", per_page: "10" } },
    );
    expect(history.status).toBe(200);
    expect(history.body.data.internalDeals.length).toBeGreaterThanOrEqual(2);
    expect(
      (
        await call(
          "GET",
          "/api/accounts/{id}/orders/history/paginated",
          { id },
          { key, query: { from: "yesterday", to: range.to } },
        )
      ).status,
    ).toBe(400);
    await call("GET", "/api/accounts/{id}/orders/closed-session", { id }, { key });
    const orders = await call(
      "GET",
      "/api/accounts/{id}/history/orders",
      { id },
      { key, query: { ...range, page: "0", per_page: "10" } },
    );
    expect(orders.status).toBe(200);
    expect(orders.body.data.orders.length).toBeGreaterThanOrEqual(2);
    expect(
      (
        await call(
          "GET",
          "/api/accounts/{id}/history/orders",
          { id },
          { key, query: { ...range, per_page: "0" } },
        )
      ).status,
    ).toBe(400);
    await call("GET", "/api/accounts/{id}/performance", { id }, { key, query: range });

    // Close-all over two positions; close-by on a hedging account.
    for (const side of ["buy", "sell"]) {
      await call("POST", "/api/accounts/{id}/orders", { id }, { key, body: { ...order, side } });
    }
    const open = (await call("GET", "/api/accounts/{id}/orders", { id }, { key })).body.data;
    const [first, second] = open.map((p: any) => p.ticket);
    await call(
      "POST",
      "/api/accounts/{id}/positions/{ticket}/close-by",
      { id, ticket: first },
      { key, body: { byTicket: second } },
    );
    await call("POST", "/api/accounts/{id}/orders", { id }, { key, body: order });
    const all = await call(
      "POST",
      "/api/accounts/{id}/close-all",
      { id },
      { key, headers: { "idempotency-key": "close-all-1" } },
    );
    expect(all.body.data.total_closed).toBe(1);

    // Sessions and the rest of the admin side.
    await call("GET", "/api/eas", {}, { key });
    await call("GET", "/api/accounts/{id}/ea/status", { id }, { key });
    await call("POST", "/admin/usage/snapshots", {}, { token });
    await call("GET", "/admin/usage/snapshots", {}, { token, query: { page: "0" } });
    const admins = (await call("GET", "/admin/admins", {}, { token })).body.data;
    await call("GET", "/admin/billing/terms/{id}", { id: admins[0].uuid }, { token });
    await call(
      "GET",
      "/admin/billing/invoice/{id}",
      { id: admins[0].uuid },
      { token, query: { month: "2026-11" } },
    );
    await call("GET", "/admin/eas", {}, { token });
    const us = { id: 840, name: "United States", code: "US", currency: "USD" };
    await call("PUT", "/admin/calendar", {}, { token, body: { countries: [us] } });
    await call("GET", "/admin/calendar", {}, { token });
    const badCountry = { countries: [{ ...us, code: "usa" }] };
    expect((await call("PUT", "/admin/calendar", {}, { token, body: badCountry })).status).toBe(
      400,
    );
    expect((await call("GET", "/admin/calendar", {}, { key })).status).toBe(403);
    await call("POST", "/api/accounts/{id}/disconnect", { id }, { key });
    expect((await call("GET", "/api/accounts/{id}/portfolio", { id }, { key })).status).toBe(503);
    await call("DELETE", "/api/accounts/{id}", { id }, { key });
    await call("POST", "/admin/keys/{id}/rotate", { id: created.body.data.id }, { token });
    await call("DELETE", "/admin/keys/{id}", { id: created.body.data.id }, { token });
    await call("GET", "/health");
    await call("GET", "/health/live");
    await call("GET", "/health/ready");
    await call("GET", "/metrics");
    const removeCheck = t.observability.readiness.register("failing", async () => "down");
    expect((await call("GET", "/health/ready")).status).toBe(503);
    removeCheck();

    expect(mismatches).toEqual([]);
    // Every documented status was met by some answer of the flow at least this often.
    expect(checked.length).toBeGreaterThan(70);
    console.log(`[openapi] ${checked.length} answers checked against the document`);
  }, 60_000);

  test("the check itself refuses what the document does not declare", () => {
    const schema =
      doc.paths["/api/accounts/{id}"].get.responses["200"].content["application/json"].schema;
    const account = {
      id: "6f1e2d3c-4b5a-4987-a654-3210fedcba98",
      label: "demo",
      server_name: "TAS-Demo",
      broker_host: "127.0.0.1",
      broker_port: 4430,
      terminal_login: 1001,
      is_enabled: true,
      auto_connect: true,
      hardware_id: "",
      has_proxy: false,
      session_status: "connected",
      created_at: "2026-11-18T14:00:00.000Z",
      updated_at: "2026-11-18T14:00:00.000Z",
    };
    const validate = validatorFor(schema);
    expect(validate({ ok: true, data: account })).toBe(true);
    expect(validate({ ok: true, data: { ...account, secret: "x" } })).toBe(false);
    expect(validate({ ok: true, data: { ...account, broker_port: "4430" } })).toBe(false);
    expect(validate({ ok: true, data: { ...account, session_status: "asleep" } })).toBe(false);
    expect(validate({ ok: true })).toBe(false);
    expect(validate({ ok: true, data: account, extra: 1 })).toBe(false);
    const notFound =
      doc.paths["/api/accounts/{id}"].get.responses["404"].content["application/json"].schema;
    const error = (code: string) => ({ ok: false, error: { code, message: "m" } });
    expect(validatorFor(notFound)(error("ACCOUNT_NOT_FOUND"))).toBe(true);
    expect(validatorFor(notFound)(error("KEY_NOT_FOUND"))).toBe(false);
    expect(validatorFor(notFound)({ ...error("ACCOUNT_NOT_FOUND"), data: 1 })).toBe(false);
  });

  test("the trailing-slash forms of /api/accounts and /admin/keys still answer", async () => {
    // An app of its own: the flow above seeds the shared one.
    const own = await createTestApp();
    try {
      const token = await own.superToken();
      const keys = await own.request("GET", "/admin/keys/", { token });
      expect(keys.status).toBe(200);
      const created = await own.request("POST", "/admin/keys/", { token, body: { name: "slash" } });
      expect(created.status).toBe(201);
      const accounts = await own.request("GET", "/api/accounts/", { key: created.body.data.key });
      expect(accounts.status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("the schema conversion", () => {
  const sink = () => {
    const seen: Record<string, unknown> = {};
    return {
      seen,
      ref(name: string, convertSchema: () => Record<string, unknown>) {
        seen[name] ??= convertSchema();
        return { $ref: `#/components/schemas/${name}` };
      },
    };
  };

  test("Elysia's numeric strings, literal unions, nullables, records, files, names", () => {
    const s = sink();
    const schema = types.Object({
      n: types.Integer({ minimum: 1 }),
      literal: types.Union([types.Literal("a"), types.Literal("b")], { description: "d" }),
      nullable: types.Union([types.String(), types.Null()]),
      record: types.Record(types.String(), types.Number()),
      file: types.File(),
      named: named("Thing", types.Object({ x: types.String() })),
      optional: types.Optional(types.String()),
    });
    expect(convert(schema, s)).toEqual({
      type: "object",
      required: ["n", "literal", "nullable", "record", "file", "named"],
      properties: {
        n: { minimum: 1, type: "integer" },
        literal: { description: "d", type: "string", enum: ["a", "b"] },
        nullable: { type: ["string", "null"] },
        record: { type: "object", additionalProperties: { type: "number" } },
        file: { type: "string", format: "binary" },
        named: { $ref: "#/components/schemas/Thing" },
        optional: { type: "string" },
      },
    });
    expect(s.seen.Thing).toEqual({
      type: "object",
      required: ["x"],
      properties: { x: { type: "string" } },
    });
  });

  test("one name, one definition", () => {
    const route = (schema: unknown) => ({
      method: "GET",
      path: "/x",
      hooks: { response: { 200: schema } },
    });
    const a = named("Same", types.Object({ a: types.String() }));
    const b = named("Same", types.Object({ b: types.String() }));
    expect(() => buildDocument([route(a), { ...route(b), path: "/y" }])).toThrow(
      "components.schemas.Same has two different definitions",
    );
    expect(() =>
      buildDocument([
        {
          method: "GET",
          path: "/z",
          hooks: {
            detail: operation({
              id: "z",
              tag: "system",
              summary: "z",
              auth: "none",
              errors: ["NO_SUCH_CODE"],
            }),
          },
        },
      ]),
    ).toThrow("unknown error code in the API documentation: NO_SUCH_CODE");
  });
});
