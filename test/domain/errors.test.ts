// The closed list of error codes (src/domain/errors.ts): each code's HTTP status comes from the
// one table, an unknown code does not compile, and a broker rejection (BrokerRejection) renders
// as the envelope clients get today for a refused trade request.

import { describe, expect, test } from "bun:test";
import { REJECT_RETCODES, type RejectReason } from "../../src/broker/engine/retcodes.ts";
import {
  AppError,
  accountNotFound,
  adminNotFound,
  codesOf,
  ERRORS,
  type ErrorCode,
  keyNotFound,
  statusOf,
  validationError,
} from "../../src/domain/errors.ts";
import { BrokerRejection, rejectionToError } from "../../src/domain/trading/rejections.ts";
import { renderError } from "../../src/http/error-renderer.ts";
import { STATUS_OF } from "../../src/http/errors.ts";
import type { Logger } from "../../src/logging/logger.ts";

/** The service's own codes and their statuses, as the API has always answered them. */
const SERVICE_STATUS: Record<string, number> = {
  VALIDATION_ERROR: 400,
  KEY_NOT_FOUND: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ACCOUNT_LIMIT_REACHED: 403,
  ACCOUNT_NOT_FOUND: 404,
  POSITION_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  SYMBOL_NOT_FOUND: 404,
  EA_NOT_FOUND: 404,
  ADMIN_NOT_FOUND: 404,
  SNAPSHOT_NOT_FOUND: 404,
  INVOICE_AMOUNT_OVERFLOW: 422,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ALREADY_SEEDED: 409,
  EA_ALREADY_RUNNING: 409,
  CONFLICT: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  TOO_MANY_REQUESTS: 429,
  LIMIT_ORDERS: 422,
  SESSION_NOT_CONNECTED: 503,
  BROKER_UNAVAILABLE: 503,
  NOT_READY: 503,
  TRADE_OUTCOME_UNKNOWN: 504,
  INTERNAL_ERROR: 500,
};

const CODES = Object.keys(ERRORS) as ErrorCode[];
const REASONS = Object.keys(REJECT_RETCODES) as RejectReason[];

/** The renderer does not log an AppError. */
const silent = {} as Logger;

describe("the closed list", () => {
  test("each of the service's codes keeps its status; the REST table is that family", () => {
    for (const [code, status] of Object.entries(SERVICE_STATUS)) {
      expect({ code, status: statusOf(code as ErrorCode) }).toEqual({ code, status });
    }
    expect<Record<string, number>>(STATUS_OF).toEqual(SERVICE_STATUS);
    expect(Object.keys(STATUS_OF)).toEqual(Object.keys(SERVICE_STATUS));
  });

  test("an AppError's status is its code's, from the table", () => {
    for (const code of CODES) {
      const e = new AppError(code, "m");
      expect({ code, status: e.status }).toEqual({ code, status: ERRORS[code].status });
    }
    expect(new AppError("SUBSCRIPTION_LIMIT_REACHED", "m").status).toBe(429);
    expect(codesOf("ws")).toEqual(["SUBSCRIPTION_LIMIT_REACHED"]);
  });

  test("an unknown code does not compile", () => {
    // @ts-expect-error — not in the closed list
    const e = new AppError("SUBSCRIPTION_LIMIT", "m");
    // (Past the compiler, by a cast, it would answer 500 as any unknown failure.)
    expect(e.status).toBe(500);
  });

  test("the broker family is exactly the engine's reasons that answer with their own name", () => {
    const own = REASONS.filter((r) => rejectionToError(r, 0, "").code === r);
    const shared = own.filter((r) => ERRORS[r as ErrorCode].family === "service");
    expect(shared.sort()).toEqual(["LIMIT_ORDERS", "TOO_MANY_REQUESTS"]);
    expect<string[]>([...codesOf("broker")].sort()).toEqual(
      own.filter((r) => !shared.includes(r)).sort(),
    );
    for (const r of REASONS) {
      const e = rejectionToError(r, REJECT_RETCODES[r], "");
      expect({ r, status: e.status }).toEqual({ r, status: statusOf(e.code) });
    }
  });

  test("the helpers keep their answers", () => {
    const body = (e: AppError) => renderError("APP", e, "req", silent);
    expect(body(accountNotFound())).toEqual({
      status: 404,
      body: { ok: false, error: { code: "ACCOUNT_NOT_FOUND", message: "Account not found" } },
    });
    expect(body(keyNotFound()).body.error).toEqual({
      code: "KEY_NOT_FOUND",
      message: "Key not found",
    });
    expect(body(adminNotFound()).status).toBe(404);
    expect(body(validationError("volume", "must be positive"))).toEqual({
      status: 400,
      body: {
        ok: false,
        error: {
          code: "VALIDATION_ERROR",
          message: "Invalid 'volume': must be positive",
          details: { field: "volume" },
        },
      },
    });
  });
});

describe("BrokerRejection", () => {
  test("a refused order renders as today's 422 envelope with the MT5 retcode", () => {
    const e = new BrokerRejection("NO_MONEY", 10019, "margin 120.00 > free 80.00");
    expect(e).toBeInstanceOf(AppError);
    expect({ reason: e.reason, retcode: e.retcode, brokerMessage: e.brokerMessage }).toEqual({
      reason: "NO_MONEY",
      retcode: 10019,
      brokerMessage: "margin 120.00 > free 80.00",
    });
    expect(renderError("APP", e, "req", silent)).toEqual({
      status: 422,
      body: {
        ok: false,
        error: {
          code: "NO_MONEY",
          message:
            "Not enough free margin for this order; reduce the volume or add funds (margin 120.00 > free 80.00)",
          details: { retcode: 10019, reason: "NO_MONEY" },
        },
      },
    });
  });

  test("the pending-order cap, as test/http/trading/trade-limits.test.ts sees it", () => {
    const r = renderError(
      "APP",
      new BrokerRejection("LIMIT_ORDERS", 10033, "the limit is 4"),
      "req",
      silent,
    );
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe("LIMIT_ORDERS");
    expect(r.body.error.details).toEqual({ retcode: 10033, reason: "LIMIT_ORDERS" });
    expect(r.body.error.message).toContain("the limit is 4");
    expect(r.headers).toBeUndefined();
  });

  test("the broker's trade-rate refusal is 429 with Retry-After; no such order is 404", () => {
    const rate = renderError(
      "APP",
      new BrokerRejection("TOO_MANY_REQUESTS", 10024, ""),
      "r",
      silent,
    );
    expect(rate.status).toBe(429);
    expect(rate.headers).toEqual({ "Retry-After": "1" });
    expect(rate.body.error.details).toEqual({ retcode: 10024, reason: "TOO_MANY_REQUESTS" });
    const missing = renderError(
      "APP",
      new BrokerRejection("INVALID_ORDER", 10035, ""),
      "r",
      silent,
    );
    expect(missing).toEqual({
      status: 404,
      body: {
        ok: false,
        error: {
          code: "ORDER_NOT_FOUND",
          message: "Order not found",
          details: { retcode: 10035, reason: "INVALID_ORDER" },
        },
      },
    });
  });

  test("another connector's reason is a 422 REJECT keeping the reason", () => {
    const e = new BrokerRejection("FIX_BUSINESS_REJECT", 0, "Unsupported message");
    expect(renderError("APP", e, "r", silent)).toEqual({
      status: 422,
      body: {
        ok: false,
        error: {
          code: "REJECT",
          message: "The broker rejected the request (Unsupported message)",
          details: { retcode: 0, reason: "FIX_BUSINESS_REJECT" },
        },
      },
    });
  });
});
