// Broker rejections → the HTTP errors of ARCHITECTURE §5: 422 with the broker reason as the code
// and `details.retcode` (the MT5 numeric retcode), except INVALID_ORDER (no such pending order)
// → 404 ORDER_NOT_FOUND and TOO_MANY_REQUESTS (the trade server's rate limit) → 429.
//
// Owns: one exhaustive `switch` over the engine's RejectReason union (a new reason is a compile
// error until it is mapped here) with a message per reason that tells the client what to change;
// the broker's own text is appended in parentheses. Pure: no I/O; returns a plain value the edge
// turns into an AppError. POSITION_NOT_EXISTS stays a 422 trade rejection: a GET-style lookup of
// a missing position is the caller's POSITION_NOT_FOUND, not this mapping.

import { REJECT_RETCODES, type RejectReason } from "../../broker/engine/retcodes.ts";

/** The error the edge renders: status, code, message and `details` for the envelope. */
export interface TradeError {
  status: number;
  code: string;
  message: string;
  details: { retcode: number; reason: string };
}

/** Code used for a reason string this service does not know (another connector's vocabulary). */
export const UNKNOWN_REJECTION_CODE = "REJECT";

/** Status and actionable message of each reason. */
function describe(reason: RejectReason): { status: number; code: string; message: string } {
  const r = (message: string): { status: number; code: string; message: string } => ({
    status: 422,
    code: reason,
    message,
  });
  switch (reason) {
    case "REQUOTE":
      return r("Requote: the price moved; retry at the current price");
    case "REJECT":
      return r("The broker rejected the request");
    case "CANCEL":
      return r("The request was cancelled before it was executed");
    case "ERROR":
      return r("The broker could not process the request; retry later");
    case "INVALID":
      return r("The broker found the request invalid; check its fields");
    case "INVALID_VOLUME":
      return r(
        "Invalid volume: use a lot size within the symbol's volume_min..volume_max, in steps of volume_step",
      );
    case "INVALID_PRICE":
      return r(
        "Invalid price: use a price on the right side of the market, rounded to the symbol's digits",
      );
    case "INVALID_STOPS":
      return r(
        "Invalid stopLoss or takeProfit: put each on the correct side, at least stops_level points from the price",
      );
    case "TRADE_DISABLED":
      return r("Trading is disabled for this account or symbol");
    case "MARKET_CLOSED":
      return r("The market is closed for this symbol; see trade-session/{symbol} for its hours");
    case "NO_MONEY":
      return r("Not enough free margin for this order; reduce the volume or add funds");
    case "PRICE_CHANGED":
      return r("The price moved beyond the allowed slippage; retry or allow more slippage");
    case "PRICE_OFF":
      return r("No price is available for this symbol right now; retry later");
    case "INVALID_EXPIRATION":
      return r(
        "Invalid expiration: use a future expirationTime and an expirationType the symbol allows",
      );
    case "TOO_MANY_REQUESTS":
      return {
        status: 429,
        code: reason,
        message: "Too many trade requests on this account; wait as Retry-After says, then retry",
      };
    case "NO_CHANGES":
      return r("The modification changes nothing; send different values");
    case "FROZEN":
      return r(
        "The order or position is frozen: the market is within the symbol's freeze_level of it",
      );
    case "LIMIT_ORDERS":
      return r(
        "The account has as many pending orders as it may hold; cancel some before placing more",
      );
    case "UNSUPPORTED_FILLING_MODE":
      return r("This fillPolicy is not supported by the symbol; use one of its filling_modes");
    case "INVALID_ORDER":
      return { status: 404, code: "ORDER_NOT_FOUND", message: "Order not found" };
    case "POSITION_NOT_EXISTS":
      return r("The position does not exist or is already closed");
    case "INVALID_CLOSE_VOLUME":
      return r("The close volume is larger than the position's open volume");
    case "LONG_ONLY":
      return r("Only buy positions are allowed on this symbol");
    case "SHORT_ONLY":
      return r("Only sell positions are allowed on this symbol");
    case "CLOSE_ONLY":
      return r("This symbol only allows closing positions");
    case "HEDGE_PROHIBITED":
      return r("Opposite positions on one symbol are not allowed on this account");
    default: {
      const unmapped: never = reason;
      return unmapped;
    }
  }
}

/** Whether `reason` is one of the engine's rejection reasons. */
export function isRejectReason(reason: string): reason is RejectReason {
  return Object.hasOwn(REJECT_RETCODES, reason);
}

function withBrokerText(base: string, brokerMessage: string): string {
  const text = brokerMessage.trim();
  return text === "" || text === base ? base : `${base} (${text})`;
}

/** The HTTP error of a broker rejection (see header). */
export function rejectionToError(
  reason: RejectReason,
  retcode: number,
  message: string,
): TradeError {
  const d = describe(reason);
  return {
    status: d.status,
    code: d.code,
    message: withBrokerText(d.message, message),
    details: { retcode, reason },
  };
}

/**
 * Same for a connector's reason string: a known reason maps as above; anything else is a 422
 * REJECT carrying the original reason in `details.reason`.
 */
export function brokerRejectionToError(
  reason: string,
  retcode: number,
  message: string,
): TradeError {
  if (isRejectReason(reason)) {
    return rejectionToError(reason, retcode, message);
  }
  return {
    status: 422,
    code: UNKNOWN_REJECTION_CODE,
    message: withBrokerText("The broker rejected the request", message),
    details: { retcode, reason },
  };
}
