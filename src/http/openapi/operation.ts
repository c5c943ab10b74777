// What a route says about itself in the OpenAPI document beyond its schemas: a stable
// operationId, its tag, summary, who may call it, the error codes its handler and services can
// answer, whether it takes an Idempotency-Key, and (for answers the framework does not validate)
// its success schemas. `operation({...})` returns the route's `detail`; the document builder
// (document.ts) reads it together with the route's params/query/body/response schemas.
//
// Errors every route of a kind answers are derived, not listed here: 400 VALIDATION_ERROR and
// 500 INTERNAL_ERROR (all), 401 / 429 RATE_LIMITED (authenticated), 403 FORBIDDEN (superadmin),
// 413 / 415 (a body), 404 ACCOUNT_NOT_FOUND (/api/accounts/{id}…), 409 / 422 (Idempotency-Key).
import type { TSchema } from "@sinclair/typebox";
import type { DocumentDecoration } from "elysia";
import type { DocumentedCode } from "./errors.ts";

/** The security schemes of the document (components.securitySchemes). */
export const SECURITY_SCHEMES = {
  ApiKeyAuth: {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description: "An API key (`sk_…`) issued by an admin.",
  },
  ApiKeyBearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "sk_… API key",
    description: "The same API key as `Authorization: Bearer sk_…`.",
  },
  BearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "An admin token from `POST /admin/login` (HS256 JWT).",
  },
} as const;

type Scheme = keyof typeof SECURITY_SCHEMES;
type Requirement = Partial<Record<Scheme, string[]>>;

/**
 * Who may call a route: nobody in particular, an API key (client routes: `X-API-Key` or
 * `Authorization: Bearer sk_…`), an admin (a JWT, or an API key acting as its owning admin) or
 * a superadmin (a JWT only: an API key never has superadmin powers).
 */
export type Auth = "none" | "key" | "admin" | "superadmin";

const SECURITY: Readonly<Record<Auth, Requirement[]>> = {
  none: [],
  key: [{ ApiKeyAuth: [] }, { ApiKeyBearer: [] }],
  admin: [{ BearerAuth: [] }, { ApiKeyAuth: [] }, { ApiKeyBearer: [] }],
  superadmin: [{ BearerAuth: [] }],
};

/** Who may call an operation, read back from its security requirements. */
export function authOf(security: unknown): Auth {
  if (!Array.isArray(security) || security.length === 0) {
    return "none";
  }
  const schemes = new Set(security.flatMap((r) => Object.keys(r as object)));
  if (schemes.has("BearerAuth")) {
    return schemes.has("ApiKeyAuth") ? "admin" : "superadmin";
  }
  return "key";
}

/** The document's tags, in the order the reference shows them. */
export const TAGS = [
  { name: "accounts", description: "The API key's broker accounts" },
  { name: "sessions", description: "Broker sessions of accounts" },
  { name: "trading", description: "Orders, positions, quotes and symbols of an account" },
  { name: "history", description: "Deal history, closed positions and performance" },
  { name: "market", description: "Market status, bars, trade sessions and server time" },
  { name: "brokers", description: "Broker directory and demo accounts" },
  { name: "eas", description: "Expert Advisors: upload (admin), run on an account (API key)" },
  { name: "keys", description: "API key management (admin)" },
  { name: "admin", description: "Administration: seed, login, admins, accounts" },
  { name: "usage", description: "Usage snapshots (admin)" },
  { name: "billing", description: "Billing terms and invoices (admin)" },
  { name: "system", description: "Health and readiness probes, Prometheus metrics" },
] as const;

export type Tag = (typeof TAGS)[number]["name"];

/** A success answer the framework does not validate: its `data` schema, or the whole object. */
export type DocumentedResponse =
  | TSchema
  | {
      readonly description: string;
      /** Schemas by media type; an `application/json` one is the envelope's `data`. */
      readonly content: Readonly<Record<string, TSchema>>;
    };

export interface OperationDoc {
  /** Stable camelCase operationId: what generated clients call the operation. */
  readonly id: string;
  readonly tag: Tag;
  readonly summary: string;
  readonly description?: string;
  readonly auth: Auth;
  /** Error codes beyond the derived ones (see header). */
  readonly errors?: readonly (DocumentedCode | string)[];
  /** The route honours an `Idempotency-Key` header. */
  readonly idempotent?: boolean;
  /** Success answers by status, for routes whose answer the framework does not validate. */
  readonly responses?: Readonly<Record<number, DocumentedResponse>>;
}

/** Extension keys of a route's `detail` that only the document builder reads. */
export const X_ERRORS = "x-errors";
export const X_IDEMPOTENT = "x-idempotent";
export const X_RESPONSES = "x-responses";

/** The route's `detail` (see header). */
export function operation(doc: OperationDoc): DocumentDecoration {
  return {
    operationId: doc.id,
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description !== undefined ? { description: doc.description } : {}),
    security: SECURITY[doc.auth],
    [X_ERRORS]: doc.errors ?? [],
    ...(doc.idempotent ? { [X_IDEMPOTENT]: true } : {}),
    ...(doc.responses ? { [X_RESPONSES]: doc.responses } : {}),
  } as DocumentDecoration;
}
