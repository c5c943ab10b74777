// The OpenAPI 3.1 document of the REST API, generated from the route table: every route's
// params, query, headers, body and response schemas (TypeBox), and its `detail` (operation.ts:
// operationId, tag, summary, security, error codes, Idempotency-Key, documented answers).
//
// Why not the @elysiajs/openapi generator alone: it drops every request body schema when the app
// has a function body parser (ours, input-guard.ts), documents only the statuses a route
// validates, and copies Elysia's numeric-string unions and `$id`s into the document. It still
// serves the document and the /docs page: `apiDocumentation()` is the `documentation` option it
// merges over its own output, and every path it generates is replaced here.
//
// Shape of the document:
// - success answers: `allOf: [Envelope, {data: <schema>}]`; errors: `allOf: [Error, {error:
//   {code: enum}}]` with the codes the route can answer at that status; every answer carries
//   X-Request-Id, 429s (and the 409 of a key still in progress) Retry-After;
// - named schemas (`named()` in src/http/models) are components.schemas, referenced by `$ref`.
import type { openapi } from "@elysiajs/openapi";
import { ERROR_CODES, STATUS_MEANING, statusOfCode } from "./errors.ts";
import {
  authOf,
  type DocumentedResponse,
  SECURITY_SCHEMES,
  TAGS,
  X_ERRORS,
  X_IDEMPOTENT,
  X_RESPONSES,
} from "./operation.ts";
import {
  type ComponentSink,
  convert,
  documentedOf,
  isJsonObject,
  isOptional,
  type Json,
} from "./schema.ts";

/** What the builder needs of a route (Elysia's `app.routes` entries). */
export interface RouteLike {
  readonly method: string;
  readonly path: string;
  readonly hooks?: unknown;
}

const METHODS = new Set(["get", "put", "post", "delete", "patch"]);

const SUCCESS_TEXT: Readonly<Record<number, string>> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No content",
};

/** Schemas every document has, whatever the routes. */
const BASE_SCHEMAS: Readonly<Record<string, Json>> = {
  Envelope: {
    type: "object",
    description:
      "Every successful JSON answer: `ok` is true and `data` holds the result, whose shape each operation states.",
    required: ["ok", "data"],
    properties: {
      ok: { type: "boolean", const: true },
      data: { description: "The result; its shape depends on the operation" },
    },
  },
  ErrorCode: {
    type: "string",
    description:
      "The closed list of error codes: the service's own (src/http/errors.ts) and the broker's trade rejections (422 with `details.retcode`, the MT5 retcode).",
    enum: [...ERROR_CODES],
  },
  Error: {
    type: "object",
    description: "Every failed answer: `ok` is false and `error` says why.",
    required: ["ok", "error"],
    properties: {
      ok: { type: "boolean", const: false },
      error: {
        type: "object",
        required: ["code", "message"],
        properties: {
          code: { $ref: "#/components/schemas/ErrorCode" },
          message: { type: "string", description: "What went wrong and what to change" },
          details: {
            type: "object",
            description:
              "Machine-readable particulars, when there are any: `field` and `in` (the invalid input), `retcode` and `reason` (a broker's answer), `client_order_id` (504), `retry_after` (429), `recovering` (409), `session_status` (503), `request_id` (500)…",
            additionalProperties: true,
          },
        },
      },
    },
  },
};

const HEADERS: Readonly<Record<string, Json>> = {
  RequestId: {
    description: "The request's id (`req_…`), on every answer; quote it when reporting a problem.",
    schema: { type: "string" },
  },
  RetryAfter: {
    description: "Seconds to wait before retrying.",
    schema: { type: "integer", minimum: 0 },
  },
};

const PARAMETERS: Readonly<Record<string, Json>> = {
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Makes the request safe to retry: the same key (per API key, kept 24 h) with the same request answers the first answer again without doing it twice; with another request → 422 IDEMPOTENCY_MISMATCH; while the first is still running → 409 IDEMPOTENCY_IN_PROGRESS (retry after Retry-After).",
    schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7E]+$" },
  },
};

const ref = (kind: string, name: string): Json => ({ $ref: `#/components/${kind}/${name}` });

/** components.schemas, filled as named schemas are met; a name has one definition. */
class Components implements ComponentSink {
  readonly schemas = new Map<string, Json>(Object.entries(BASE_SCHEMAS));
  private readonly converting = new Set<string>();

  ref(name: string, convertSchema: () => Json): Json {
    if (!this.converting.has(name)) {
      this.converting.add(name);
      const converted = convertSchema();
      const known = this.schemas.get(name);
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(converted)) {
        throw new Error(`components.schemas.${name} has two different definitions`);
      }
      this.schemas.set(name, converted);
      this.converting.delete(name);
    }
    return ref("schemas", name);
  }

  schema(schema: unknown): Json {
    const out = convert(schema, this);
    return isJsonObject(out) ? out : {};
  }
}

const hooksOf = (route: RouteLike): Json => (isJsonObject(route.hooks) ? route.hooks : {});

/** `/api/accounts/:id` → `/api/accounts/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:([^/]+)/g, "{$1}");

/** Fallback operationId of a route without one: `get` + the path's words, in camelCase. */
function fallbackOperationId(method: string, path: string): string {
  const words = path
    .split(/[^A-Za-z0-9:]+/)
    .filter((w) => w !== "")
    .map((w) => (w.startsWith(":") ? `By${w.slice(1)}` : w));
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join(
    "",
  );
}

/** Moves a schema's description to the parameter (where readers and generators look). */
function parameter(name: string, where: string, required: boolean, schema: Json): Json {
  const { description, ...rest } = schema;
  return {
    name,
    in: where,
    required,
    ...(typeof description === "string" ? { description } : {}),
    schema: rest,
  };
}

function objectParameters(schema: unknown, where: string, c: Components): Json[] {
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) {
    return [];
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(schema.properties).map(([name, prop]) => {
    const documented = documentedOf(prop);
    return parameter(
      name,
      where,
      where === "path" || documented?.required === true || required.has(name),
      c.schema(documented?.schema ?? prop),
    );
  });
}

function parametersOf(route: RouteLike, detail: Json, c: Components): Json[] {
  const hooks = hooksOf(route);
  const path = objectParameters(hooks.params, "path", c);
  // Path parameters without a schema (none today) are strings.
  for (const match of route.path.matchAll(/:([^/]+)/g)) {
    const name = match[1] as string;
    if (!path.some((p) => p.name === name)) {
      path.push(parameter(name, "path", true, { type: "string" }));
    }
  }
  return [
    ...path,
    ...objectParameters(hooks.query, "query", c),
    ...objectParameters(hooks.headers, "header", c),
    ...(detail[X_IDEMPOTENT] === true ? [ref("parameters", "IdempotencyKey")] : []),
  ];
}

const containsBinary = (schema: unknown): boolean =>
  JSON.stringify(schema ?? null).includes('"format":"binary"');

function requestBodyOf(route: RouteLike, c: Components): Json | undefined {
  const body = hooksOf(route).body;
  if (!isJsonObject(body) || ["get", "head"].includes(route.method.toLowerCase())) {
    return undefined;
  }
  // A file part (t.File) makes it a multipart form; anything else is JSON (input-guard.ts).
  const mediaType = containsBinary(body) ? "multipart/form-data" : "application/json";
  const schema = c.schema(body);
  return { required: !isOptional(body), content: { [mediaType]: { schema } } };
}

/** A success envelope `{ok: true, data}` (envelope.ts `Envelope`), as converted. */
function envelopeData(schema: Json): Json | undefined {
  const props = schema.properties;
  if (
    schema.type === "object" &&
    isJsonObject(props) &&
    isJsonObject(props.ok) &&
    props.ok.const === true &&
    "data" in props &&
    Object.keys(props).length === 2
  ) {
    return props.data as Json;
  }
  return undefined;
}

const withEnvelope = (data: Json): Json => ({
  allOf: [ref("schemas", "Envelope"), { type: "object", required: ["data"], properties: { data } }],
});

const requestIdHeader = { "X-Request-Id": ref("headers", "RequestId") };

function successResponse(status: number, content: Record<string, Json>, description?: string) {
  return {
    description: description ?? SUCCESS_TEXT[status] ?? "Success",
    headers: requestIdHeader,
    content,
  };
}

/** A JSON answer's schema: envelopes are shown as `Envelope` + their data. */
function jsonContent(schema: unknown, c: Components, wrapData: boolean): Json {
  const converted = c.schema(schema);
  if (wrapData) {
    return { schema: withEnvelope(converted) };
  }
  const data = envelopeData(converted);
  return { schema: data ? withEnvelope(data) : converted };
}

function successResponses(route: RouteLike, detail: Json, c: Components): Json {
  const out: Json = {};
  const response = hooksOf(route).response;
  if (isJsonObject(response)) {
    // A status → schema map, or one schema (the 200 answer).
    const isMap = Object.keys(response).every((key) => /^\d{3}$/.test(key));
    const byStatus = isMap ? response : { 200: response };
    for (const [status, schema] of Object.entries(byStatus)) {
      out[status] = successResponse(Number(status), {
        "application/json": jsonContent(schema, c, false),
      });
    }
  }
  // Plain OpenAPI response objects in `detail.responses` (schemas converted as the others).
  if (isJsonObject(detail.responses)) {
    for (const [status, answer] of Object.entries(detail.responses)) {
      if (!isJsonObject(answer)) {
        continue;
      }
      const content: Record<string, Json> = {};
      for (const [mediaType, media] of Object.entries(
        isJsonObject(answer.content) ? answer.content : {},
      )) {
        const schema = isJsonObject(media) ? media.schema : undefined;
        content[mediaType] =
          mediaType === "application/json"
            ? jsonContent(schema, c, false)
            : { schema: c.schema(schema) };
      }
      out[status] = successResponse(
        Number(status),
        content,
        typeof answer.description === "string" ? answer.description : undefined,
      );
    }
  }
  const documented = detail[X_RESPONSES];
  if (isJsonObject(documented)) {
    for (const [status, doc] of Object.entries(documented)) {
      const answer = doc as DocumentedResponse;
      if (isJsonObject(answer) && "content" in answer && isJsonObject(answer.content)) {
        const content: Record<string, Json> = {};
        for (const [mediaType, schema] of Object.entries(answer.content)) {
          content[mediaType] =
            mediaType === "application/json"
              ? jsonContent(schema, c, true)
              : { schema: c.schema(schema) };
        }
        out[status] = successResponse(Number(status), content, answer.description as string);
      } else {
        out[status] = successResponse(Number(status), {
          "application/json": jsonContent(answer, c, true),
        });
      }
    }
  }
  return out;
}

/** The error codes a route can answer (see operation.ts for what is derived). */
function errorCodesOf(detail: Json, docPath: string, hasBody: boolean) {
  const codes = new Set<string>(["VALIDATION_ERROR", "INTERNAL_ERROR"]);
  const auth = authOf(detail.security);
  if (auth !== "none") {
    codes.add("UNAUTHORIZED");
    codes.add("RATE_LIMITED");
  }
  if (auth === "superadmin") {
    codes.add("FORBIDDEN");
  }
  if (hasBody) {
    codes.add("PAYLOAD_TOO_LARGE");
    codes.add("UNSUPPORTED_MEDIA_TYPE");
  }
  if (docPath.startsWith("/api/accounts/{id}")) {
    codes.add("ACCOUNT_NOT_FOUND");
  }
  if (detail[X_IDEMPOTENT] === true) {
    codes.add("IDEMPOTENCY_IN_PROGRESS");
    codes.add("IDEMPOTENCY_MISMATCH");
  }
  for (const code of Array.isArray(detail[X_ERRORS]) ? detail[X_ERRORS] : []) {
    codes.add(String(code));
  }
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = statusOfCode(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus.entries()].sort(([a], [b]) => a - b);
}

function errorResponses(detail: Json, docPath: string, hasBody: boolean) {
  const out: Json = {};
  for (const [status, codes] of errorCodesOf(detail, docPath, hasBody)) {
    const retry = status === 429 || (status === 409 && codes.includes("IDEMPOTENCY_IN_PROGRESS"));
    out[String(status)] = {
      description: `${STATUS_MEANING[status] ?? "Error"}: ${codes.join(", ")}`,
      headers: {
        ...requestIdHeader,
        ...(retry ? { "Retry-After": ref("headers", "RetryAfter") } : {}),
      },
      content: {
        "application/json": {
          schema: {
            allOf: [
              ref("schemas", "Error"),
              {
                type: "object",
                properties: {
                  error: {
                    type: "object",
                    properties: { code: { type: "string", enum: codes } },
                  },
                },
              },
            ],
          },
        },
      },
    };
  }
  return out;
}

/** Keys of a route's `detail` that are not OpenAPI operation fields. */
const OWN_KEYS = new Set([X_ERRORS, X_IDEMPOTENT, X_RESPONSES, "hide", "responses"]);

function operationOf(route: RouteLike, docPath: string, c: Components): Json {
  const detail = isJsonObject(hooksOf(route).detail) ? (hooksOf(route).detail as Json) : {};
  const op: Json = {};
  for (const [key, value] of Object.entries(detail)) {
    if (!OWN_KEYS.has(key)) {
      op[key] = value;
    }
  }
  op.operationId ??= fallbackOperationId(route.method, route.path);
  op.security ??= [];
  const parameters = parametersOf(route, detail, c);
  if (parameters.length > 0) {
    op.parameters = parameters;
  }
  const requestBody = requestBodyOf(route, c);
  if (requestBody) {
    op.requestBody = requestBody;
  }
  op.responses = {
    ...successResponses(route, detail, c),
    ...errorResponses(detail, docPath, requestBody !== undefined),
  };
  return op;
}

/** paths and components of the document, from the route table (see header). */
export function buildDocument(routes: readonly RouteLike[]): { paths: Json; components: Json } {
  const c = new Components();
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const method = route.method.toLowerCase();
    const detail = hooksOf(route).detail;
    if (!METHODS.has(method) || (isJsonObject(detail) && detail.hide === true)) {
      continue; // /ws, the docs page and the document itself
    }
    const docPath = openApiPath(route.path);
    paths[docPath] ??= {};
    (paths[docPath] as Json)[method] = operationOf(route, docPath, c);
  }
  const schemas = Object.fromEntries(
    [...c.schemas.entries()].sort(([a], [b]) => a.localeCompare(b)),
  );
  return {
    paths,
    components: {
      schemas,
      parameters: PARAMETERS,
      headers: HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

type OpenApiDocumentation = NonNullable<
  NonNullable<Parameters<typeof openapi>[0]>["documentation"]
>;

/**
 * The `documentation` option of @elysiajs/openapi: info and tags, and the generated paths and
 * components, built from the routes of the app `bind` is given, once, on the first read (every
 * route is registered by then).
 */
export function apiDocumentation(info: { title: string; version: string; description: string }) {
  let source: (() => readonly RouteLike[]) | null = null;
  let built: { paths: Json; components: Json } | null = null;
  let builtFor = -1;
  const document = (): { paths: Json; components: Json } => {
    const routes = source?.() ?? [];
    if (built === null || builtFor !== routes.length) {
      built = buildDocument(routes);
      builtFor = routes.length;
    }
    return built;
  };
  return {
    /** Pass as `openapi({ documentation })`. */
    documentation: {
      info,
      tags: TAGS.map((tag) => ({ ...tag })),
      get paths() {
        return document().paths;
      },
      get components() {
        return document().components;
      },
    } as unknown as OpenApiDocumentation,
    /** Where the routes come from (the app, once built). */
    bind(routes: () => readonly RouteLike[]): void {
      source = routes;
      built = null;
    },
  };
}
