// Broker rejections → the errors of ARCHITECTURE §5: 422 with the broker reason as the code and
// `details.retcode` (the MT5 numeric retcode), except INVALID_ORDER (no such pending order)
// → 404 ORDER_NOT_FOUND and TOO_MANY_REQUESTS (the trade server's rate limit) → 429.
//
// Owns: the broker-rejection family of errors: one exhaustive `switch` over the engine's
// RejectReason union (a new reason is a compile error until it is mapped here, and its code must
// be in the closed list of src/domain/errors.ts, whose table gives the status) with a message per
// reason that tells the client what to change; the broker's own text is appended in parentheses.
// BrokerRejection is the AppError a refused trade request throws (the one place a rejection
// becomes the envelope's code, message, details and Retry-After). Pure: no I/O.
// POSITION_NOT_EXISTS stays a 422 trade rejection: a GET-style lookup of a missing position is
// the caller's POSITION_NOT_FOUND, not this mapping.

import { REJECT_RETCODES, type RejectReason } from "../../broker/engine/retcodes.ts";
import { AppError, type ErrorCode, statusOf } from "../errors.ts";

/** The error the edge renders: status, code, message and `details` for the envelope. */
export interface TradeError {
  status: number;
  code: ErrorCode;
  message: string;
  details: { retcode: number; reason: string };
}

/** Code used for a reason string this service does not know (another connector's vocabulary). */
export const UNKNOWN_REJECTION_CODE = "REJECT" satisfies ErrorCode;

/** The code of each reason: the reason itself, except INVALID_ORDER (no such pending order). */
const codeOf = (reason: RejectReason): ErrorCode =>
  reason === "INVALID_ORDER" ? "ORDER_NOT_FOUND" : reason;

/** Actionable message of each reason. */
function describe(reason: RejectReason): string {
  switch (reason) {
    case "REQUOTE":
      return "Requote: the price moved; retry at the current price";
    case "REJECT":
      return "The broker rejected the request";
    case "CANCEL":
      return "The request was cancelled before it was executed";
    case "ERROR":
      return "The broker could not process the request; retry later";
    case "INVALID":
      return "The broker found the request invalid; check its fields";
    case "INVALID_VOLUME":
      return "Invalid volume: use a lot size within the symbol's volume_min..volume_max, in steps of volume_step";
    case "INVALID_PRICE":
      return "Invalid price: use a price on the right side of the market, rounded to the symbol's digits";
    case "INVALID_STOPS":
      return "Invalid stopLoss or takeProfit: put each on the correct side, at least stops_level points from the price";
    case "TRADE_DISABLED":
      return "Trading is disabled for this account or symbol";
    case "MARKET_CLOSED":
      return "The market is closed for this symbol; see trade-session/{symbol} for its hours";
    case "NO_MONEY":
      return "Not enough free margin for this order; reduce the volume or add funds";
    case "PRICE_CHANGED":
      return "The price moved beyond the allowed slippage; retry or allow more slippage";
    case "PRICE_OFF":
      return "No price is available for this symbol right now; retry later";
    case "INVALID_EXPIRATION":
      return "Invalid expiration: use a future expirationTime and an expirationType the symbol allows";
    case "TOO_MANY_REQUESTS":
      return "Too many trade requests on this account; wait as Retry-After says, then retry";
    case "NO_CHANGES":
      return "The modification changes nothing; send different values";
    case "FROZEN":
      return "The order or position is frozen: the market is within the symbol's freeze_level of it";
    case "LIMIT_ORDERS":
      return "The account has as many pending orders as it may hold; cancel some before placing more";
    case "UNSUPPORTED_FILLING_MODE":
      return "This fillPolicy is not supported by the symbol; use one of its filling_modes";
    case "INVALID_ORDER":
      return "Order not found";
    case "POSITION_NOT_EXISTS":
      return "The position does not exist or is already closed";
    case "INVALID_CLOSE_VOLUME":
      return "The close volume is larger than the position's open volume";
    case "LONG_ONLY":
      return "Only buy positions are allowed on this symbol";
    case "SHORT_ONLY":
      return "Only sell positions are allowed on this symbol";
    case "CLOSE_ONLY":
      return "This symbol only allows closing positions";
    case "HEDGE_PROHIBITED":
      return "Opposite positions on one symbol are not allowed on this account";
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
  const code = codeOf(reason);
  return {
    status: statusOf(code),
    code,
    message: withBrokerText(describe(reason), message),
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
    status: statusOf(UNKNOWN_REJECTION_CODE),
    code: UNKNOWN_REJECTION_CODE,
    message: withBrokerText("The broker rejected the request", message),
    details: { retcode, reason },
  };
}

/**
 * A refused trade request: the broker's reason (the MT5 retcode name, or another connector's
 * reason string), its numeric retcode and its text, rendered as brokerRejectionToError says. The
 * broker's own trade-rate refusal (429) says when to retry, like the service's.
 */
export class BrokerRejection extends AppError {
  override name = "BrokerRejection";
  constructor(
    readonly reason: string,
    readonly retcode: number,
    readonly brokerMessage: string,
  ) {
    const e = brokerRejectionToError(reason, retcode, brokerMessage);
    super(e.code, e.message, e.details, e.status === 429 ? { "Retry-After": "1" } : undefined);
  }
}
