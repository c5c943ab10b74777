// The envelope and error rendering that every route shares: request ids, unknown routes,
// malformed bodies, content types, body limits.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ TAS_MAX_BODY_BYTES: "2048" });
  key = (await t.createKey(await t.superToken())).key;
}, 60_000);
afterAll(() => t.close());

describe("envelope", () => {
  test("success responses are {ok:true,data} with an X-Request-Id", async () => {
    const res = await t.request("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { status: "ok", version: "2.1.0" } });
    expect(res.headers.get("x-request-id")).toMatch(/^req_[0-9a-z]+$/);
  });

  test("request ids differ between requests", async () => {
    const a = await t.request("GET", "/health");
    const b = await t.request("GET", "/health");
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  test("unknown routes answer 404 NOT_FOUND in the envelope with a request id", async () => {
    const res = await t.request("GET", "/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      ok: false,
      error: { code: "NOT_FOUND", message: "Route not found" },
    });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });

  test("malformed JSON is a 400 VALIDATION_ERROR that says so", async () => {
    const res = await t.request("POST", "/api/accounts", { key, raw: '{"terminal_login": 1,' });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.message).toContain("Malformed JSON");
  });

  test("a non-JSON content type is 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const res = await t.request("POST", "/api/accounts", {
      key,
      raw: "terminal_login=1",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  test("a body over the limit is 413 PAYLOAD_TOO_LARGE and creates nothing", async () => {
    const res = await t.request("POST", "/api/accounts", {
      key,
      body: { terminal_login: 5, password: "x".repeat(5000), server_name: "TAS-Demo" },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    const list = await t.request("GET", "/api/accounts", { key });
    expect(list.body.data).toEqual([]);
  });

  test("validation errors name the field", async () => {
    const res = await t.request("POST", "/api/accounts", {
      key,
      body: { terminal_login: "abc", password: "pw", server_name: "TAS-Demo" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.message).toContain("terminal_login");
    expect(res.body.error.details.field).toBe("terminal_login");
  });
});

describe("openapi", () => {
  test("/openapi.json describes the API at version 2.1.0 with its security schemes", async () => {
    const res = await t.request("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.info.version).toBe("2.1.0");
    // X-API-Key, Authorization: Bearer sk_… (an API key), Authorization: Bearer <admin JWT>.
    expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual([
      "ApiKeyAuth",
      "ApiKeyBearer",
      "BearerAuth",
    ]);
    expect(res.body.components.securitySchemes.ApiKeyAuth).toMatchObject({
      in: "header",
      name: "X-API-Key",
    });
    expect(Object.keys(res.body.paths)).toContain("/api/accounts/{id}");
    expect(Object.keys(res.body.paths)).toContain("/admin/keys/{id}/rotate");
  });

  test("the views answered as pre-rendered JSON still document their envelope", async () => {
    const res = await t.request("GET", "/openapi.json");
    // Success answers are `allOf: [Envelope, {data}]`; named data schemas are `$ref`s.
    const dataOf = (path: string) => {
      const schema = res.body.paths[path].get.responses["200"].content["application/json"].schema;
      expect(schema.allOf[0]).toEqual({ $ref: "#/components/schemas/Envelope" });
      const data = schema.allOf[1].properties.data;
      return data.$ref ? res.body.components.schemas[data.$ref.split("/").pop()] : data;
    };
    expect(dataOf("/api/accounts/{id}/summary").required).toContain("free_margin");
    expect(dataOf("/api/accounts/{id}/portfolio").required).toEqual([
      "account",
      "positions",
      "position_count",
      "total_profit",
      "total_swap",
      "total_commission",
    ]);
    expect(dataOf("/api/accounts/{id}/orders").type).toBe("array");
  });

  test("/docs serves an HTML page", async () => {
    const res = await t.request("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toContain("openapi.json");
  });
});
