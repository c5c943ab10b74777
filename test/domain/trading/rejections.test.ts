// Broker rejections → HTTP errors: every RejectReason of the engine is mapped (422 with the
// reason as code and details.retcode), INVALID_ORDER → 404 ORDER_NOT_FOUND, TOO_MANY_REQUESTS →
// 429, unknown connector reasons → 422 REJECT.

import { describe, expect, test } from "bun:test";
import { REJECT_RETCODES, type RejectReason, reject } from "../../../src/broker/engine/retcodes.ts";
import {
  brokerRejectionToError,
  isRejectReason,
  rejectionToError,
} from "../../../src/domain/trading/rejections.ts";

const REASONS = Object.keys(REJECT_RETCODES) as RejectReason[];

describe("rejectionToError", () => {
  test.each(REASONS)("%s is mapped", (reason) => {
    const retcode = REJECT_RETCODES[reason];
    const e = rejectionToError(reason, retcode, "");
    if (reason === "INVALID_ORDER") {
      expect(e).toEqual({
        status: 404,
        code: "ORDER_NOT_FOUND",
        message: "Order not found",
        details: { retcode: 10035, reason: "INVALID_ORDER" },
      });
    } else if (reason === "TOO_MANY_REQUESTS") {
      expect(e).toMatchObject({
        status: 429,
        code: "TOO_MANY_REQUESTS",
        details: { retcode: 10024, reason: "TOO_MANY_REQUESTS" },
      });
    } else {
      expect(e.status).toBe(422);
      expect(e.code).toBe(reason);
      expect(e.details).toEqual({ retcode, reason });
      expect(e.message.length).toBeGreaterThan(10);
    }
  });

  test("the table of ARCHITECTURE §5: codes and retcodes", () => {
    const expected: [RejectReason, number][] = [
      ["NO_MONEY", 10019],
      ["MARKET_CLOSED", 10018],
      ["INVALID_STOPS", 10016],
      ["INVALID_VOLUME", 10014],
      ["INVALID_PRICE", 10015],
      ["TRADE_DISABLED", 10017],
      ["POSITION_NOT_EXISTS", 10036],
      ["UNSUPPORTED_FILLING_MODE", 10030],
      ["LIMIT_ORDERS", 10033],
    ];
    for (const [reason, retcode] of expected) {
      const r = reject(reason, "engine text");
      const e = rejectionToError(r.reason, r.retcode, r.message);
      expect(e.status).toBe(422);
      expect<string>(e.code).toBe(reason);
      expect(e.details.retcode).toBe(retcode);
    }
  });

  test("messages are distinct and the broker's text is appended", () => {
    const messages = new Set(REASONS.map((r) => rejectionToError(r, 0, "").message));
    expect(messages.size).toBe(REASONS.length);
    expect(rejectionToError("NO_MONEY", 10019, "margin 120.00 > free 80.00").message).toBe(
      "Not enough free margin for this order; reduce the volume or add funds (margin 120.00 > free 80.00)",
    );
    expect(rejectionToError("MARKET_CLOSED", 10018, "  ").message).toBe(
      "The market is closed for this symbol; see trade-session/{symbol} for its hours",
    );
  });
});

describe("brokerRejectionToError", () => {
  test("known reasons map like rejectionToError", () => {
    expect(brokerRejectionToError("INVALID_VOLUME", 10014, "x")).toEqual(
      rejectionToError("INVALID_VOLUME", 10014, "x"),
    );
    expect(isRejectReason("FROZEN")).toBe(true);
    expect(isRejectReason("toString")).toBe(false);
    expect(isRejectReason("NOPE")).toBe(false);
  });

  test("unknown reasons are a 422 REJECT that keeps the original reason", () => {
    expect(brokerRejectionToError("FIX_BUSINESS_REJECT", 0, "Unsupported message")).toEqual({
      status: 422,
      code: "REJECT",
      message: "The broker rejected the request (Unsupported message)",
      details: { retcode: 0, reason: "FIX_BUSINESS_REJECT" },
    });
  });
});
