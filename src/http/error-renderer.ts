// The one place that renders failures: every error — ours (AppError), the framework's
// (validation, parse, not found) or unexpected — becomes `{ ok: false, error: { code, message,
// details? } }` with the right status. Unexpected errors are logged with the request id and
// answered 500 INTERNAL_ERROR without internals.
import { AppError } from "../domain/errors.ts";
import type { Logger } from "../logging/logger.ts";
import { type ErrorBody, errorBody } from "./errors.ts";

export interface Rendered {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

interface ValueErrorLike {
  path?: string;
  message?: string;
  schema?: {
    anyOf?: Array<{ type?: string; minimum?: number; maximum?: number }>;
    type?: string;
    format?: string;
  };
}

function describeExpected(schema: ValueErrorLike["schema"]): string {
  const numeric = schema?.anyOf?.find((o) => o.type === "integer" || o.type === "number");
  if (numeric?.type) {
    const bounds = [
      numeric.minimum !== undefined ? `>= ${numeric.minimum}` : "",
      numeric.maximum !== undefined ? `<= ${numeric.maximum}` : "",
    ].filter((b) => b !== "");
    return `Expected ${numeric.type === "integer" ? "an integer" : "a number"}${bounds.length ? ` ${bounds.join(" and ")}` : ""}`;
  }
  const types = new Set<string>();
  for (const option of schema?.anyOf ?? []) {
    if (option.type) {
      types.add(option.type);
    }
  }
  if (schema?.type) {
    types.add(schema.type);
  }
  return types.size > 0 ? `Expected ${[...types].join(" or ")}` : "Invalid value";
}

/** Turns the framework's validation error into a message that names the field. */
function renderValidation(error: unknown): Rendered {
  const e = error as { type?: string; all?: ValueErrorLike[] };
  const first: ValueErrorLike | undefined = Array.isArray(e.all) ? e.all[0] : undefined;
  const where = e.type ?? "body";
  const path = (first?.path ?? "").replace(/^\//, "").replace(/\//g, ".");
  const field = path === "" ? where : path;
  let message = first?.message ?? "Invalid value";
  if (message === "Expected union value") {
    message = describeExpected(first?.schema);
  } else if (message === "Expected required property") {
    message = "is required";
  } else if (message === "Unexpected property") {
    message = "is not an accepted field";
  }
  return {
    status: 400,
    body: {
      ok: false,
      error: {
        code: "VALIDATION_ERROR",
        message: `Invalid '${field}': ${message}`,
        details: { field, in: where },
      },
    },
  };
}

/** What the error path knows of the request's routing (see src/http/route-table.ts). */
export interface RequestRouting {
  readonly method: string;
  /** The methods the resource at the request's path accepts; null when no route matches it. */
  allowedMethods(): readonly string[] | null;
}

/**
 * A known path asked with a method it does not accept: 405 with `Allow`. Elysia reports it as
 * not found, or — when a parameter route of the method shadows a static route of another method
 * (`PUT …/orders/closed-session` against `PUT …/orders/:ticket`) — as invalid path parameters.
 */
function methodNotAllowed(
  code: string | number,
  error: unknown,
  routing: RequestRouting | undefined,
): Rendered | null {
  if (
    !routing ||
    !(
      code === "NOT_FOUND" ||
      (code === "VALIDATION" && (error as { type?: string })?.type === "params")
    )
  ) {
    return null;
  }
  const method = routing.method.toUpperCase();
  const allow = routing.allowedMethods();
  if (!allow || allow.includes(method)) {
    return null;
  }
  return {
    status: 405,
    body: {
      ok: false,
      error: {
        code: "METHOD_NOT_ALLOWED",
        message: `Method ${method} is not allowed here; allowed: ${allow.join(", ")}`,
        details: { allow: [...allow] },
      },
    },
    headers: { Allow: allow.join(", ") },
  };
}

/**
 * Renders any thrown value. `code` is Elysia's error code when the framework raised it;
 * `routing` turns a known path with an unaccepted method into 405.
 */
export function renderError(
  code: string | number,
  error: unknown,
  requestId: string,
  logger: Logger,
  routing?: RequestRouting,
): Rendered {
  // Errors raised inside the body parser arrive wrapped in the framework's ParseError.
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (code === "PARSE" && cause instanceof AppError) {
    return renderError("APP", cause, requestId, logger);
  }
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: errorBody(error),
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  const notAllowed = methodNotAllowed(code, error, routing);
  if (notAllowed) {
    return notAllowed;
  }
  switch (code) {
    case "VALIDATION":
      return renderValidation(error);
    case "PARSE":
      return {
        status: 400,
        body: { ok: false, error: { code: "VALIDATION_ERROR", message: "Malformed request body" } },
      };
    case "NOT_FOUND":
      return {
        status: 404,
        body: { ok: false, error: { code: "NOT_FOUND", message: "Route not found" } },
      };
    case "INVALID_COOKIE_SIGNATURE":
    case "INVALID_FILE_TYPE":
      return {
        status: 400,
        body: { ok: false, error: { code: "VALIDATION_ERROR", message: String(code) } },
      };
    default: {
      logger.error({ err: error, requestId }, "unhandled error");
      return {
        status: 500,
        body: {
          ok: false,
          error: {
            code: "INTERNAL_ERROR",
            message: `Internal error; quote request id ${requestId} when reporting it`,
            details: { request_id: requestId },
          },
        },
      };
    }
  }
}
