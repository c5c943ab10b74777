// The closed list of error codes a client can see, each with its HTTP status, and the error type
// the service throws. It lives outside src/http because services, session workers, the /ws hub,
// EA instances and the CLI raise these errors too: they must not depend on the HTTP layer, and
// the list must be closed — a code that is not in ERRORS is a compile error, not an ad-hoc string.
//
// Owns: ERRORS (one table: code → HTTP status and family), ErrorCode, AppError (its status comes
// from the table, never from the caller), the envelope of an AppError (`errorBody`: also what an
// idempotency key stores and the /ws hub sends), and the shared "not found" / validation helpers.
// Broker rejections (MT5 retcodes) are their own family: src/domain/trading/rejections.ts maps a
// reason + retcode to one of the codes here, and its BrokerRejection is the AppError that carries
// them. The HTTP side (the REST status table) is src/http/errors.ts, and
// src/http/error-renderer.ts renders every failure. Pure: no I/O.

/**
 * Where a code comes from:
 * - `service`: the service's own answers (REST, and the /ws `error` message where they apply);
 * - `ws`: only on /ws (an `error` message on the socket, never an HTTP answer);
 * - `broker`: only from a broker rejection (BrokerRejection, the engine's reason as the code).
 *   ORDER_NOT_FOUND, TOO_MANY_REQUESTS and LIMIT_ORDERS are service codes a broker rejection
 *   may carry too.
 */
export type ErrorFamily = "service" | "ws" | "broker";

/** Every code → its HTTP status (ARCHITECTURE §5 error table) and family. */
export const ERRORS = {
  VALIDATION_ERROR: { status: 400, family: "service" },
  KEY_NOT_FOUND: { status: 400, family: "service" },
  UNAUTHORIZED: { status: 401, family: "service" },
  FORBIDDEN: { status: 403, family: "service" },
  ACCOUNT_LIMIT_REACHED: { status: 403, family: "service" },
  ACCOUNT_NOT_FOUND: { status: 404, family: "service" },
  POSITION_NOT_FOUND: { status: 404, family: "service" },
  ORDER_NOT_FOUND: { status: 404, family: "service" },
  SYMBOL_NOT_FOUND: { status: 404, family: "service" },
  EA_NOT_FOUND: { status: 404, family: "service" },
  ADMIN_NOT_FOUND: { status: 404, family: "service" },
  // Billing: no usage snapshot in the invoiced month; an invoice amount too large.
  SNAPSHOT_NOT_FOUND: { status: 404, family: "service" },
  INVOICE_AMOUNT_OVERFLOW: { status: 422, family: "service" },
  NOT_FOUND: { status: 404, family: "service" },
  METHOD_NOT_ALLOWED: { status: 405, family: "service" },
  ALREADY_SEEDED: { status: 409, family: "service" },
  EA_ALREADY_RUNNING: { status: 409, family: "service" },
  CONFLICT: { status: 409, family: "service" },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, family: "service" },
  PAYLOAD_TOO_LARGE: { status: 413, family: "service" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, family: "service" },
  IDEMPOTENCY_MISMATCH: { status: 422, family: "service" },
  RATE_LIMITED: { status: 429, family: "service" },
  // Trade limits: the account's or the EA's trade rate (MT5 retcode 10024), the account's cap on
  // pending orders (10033). Both are also broker rejections (rejections.ts).
  TOO_MANY_REQUESTS: { status: 429, family: "service" },
  LIMIT_ORDERS: { status: 422, family: "service" },
  SESSION_NOT_CONNECTED: { status: 503, family: "service" },
  BROKER_UNAVAILABLE: { status: 503, family: "service" },
  // GET /health/ready: a readiness check failed (details.checks says which).
  NOT_READY: { status: 503, family: "service" },
  TRADE_OUTCOME_UNKNOWN: { status: 504, family: "service" },
  INTERNAL_ERROR: { status: 500, family: "service" },

  // /ws only: a subscribe over the connection's subscription cap.
  SUBSCRIPTION_LIMIT_REACHED: { status: 429, family: "ws" },

  // Broker rejections, in retcode order (src/broker/engine/retcodes.ts): the reason is the code,
  // 422. (INVALID_ORDER answers ORDER_NOT_FOUND; TOO_MANY_REQUESTS and LIMIT_ORDERS are above.)
  REQUOTE: { status: 422, family: "broker" },
  REJECT: { status: 422, family: "broker" },
  CANCEL: { status: 422, family: "broker" },
  ERROR: { status: 422, family: "broker" },
  INVALID: { status: 422, family: "broker" },
  INVALID_VOLUME: { status: 422, family: "broker" },
  INVALID_PRICE: { status: 422, family: "broker" },
  INVALID_STOPS: { status: 422, family: "broker" },
  TRADE_DISABLED: { status: 422, family: "broker" },
  MARKET_CLOSED: { status: 422, family: "broker" },
  NO_MONEY: { status: 422, family: "broker" },
  PRICE_CHANGED: { status: 422, family: "broker" },
  PRICE_OFF: { status: 422, family: "broker" },
  INVALID_EXPIRATION: { status: 422, family: "broker" },
  NO_CHANGES: { status: 422, family: "broker" },
  FROZEN: { status: 422, family: "broker" },
  UNSUPPORTED_FILLING_MODE: { status: 422, family: "broker" },
  POSITION_NOT_EXISTS: { status: 422, family: "broker" },
  INVALID_CLOSE_VOLUME: { status: 422, family: "broker" },
  LONG_ONLY: { status: 422, family: "broker" },
  SHORT_ONLY: { status: 422, family: "broker" },
  CLOSE_ONLY: { status: 422, family: "broker" },
  HEDGE_PROHIBITED: { status: 422, family: "broker" },
} as const satisfies Record<string, { status: number; family: ErrorFamily }>;

/** Every error code a client can see (the closed list). */
export type ErrorCode = keyof typeof ERRORS;

/** The codes of one family (see ErrorFamily). */
export type ErrorCodeOf<F extends ErrorFamily> = {
  [C in ErrorCode]: (typeof ERRORS)[C]["family"] extends F ? C : never;
}[ErrorCode];

/** The HTTP status of a code (500 for a string that reached here past the type, by a cast). */
export const statusOf = (code: ErrorCode): number =>
  (ERRORS as Partial<Record<string, { status: number }>>)[code]?.status ?? 500;

/** The codes of one family, in the table's order. */
export function codesOf<F extends ErrorFamily>(family: F): ErrorCodeOf<F>[] {
  return (Object.keys(ERRORS) as ErrorCode[]).filter(
    (c): c is ErrorCodeOf<F> => ERRORS[c].family === family,
  );
}

/** The application's error: a code of the list, a message, `details` and extra headers. */
export class AppError extends Error {
  override name = "AppError";
  /** The code's HTTP status (ERRORS). */
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = statusOf(code);
  }
}

// One helper per "not found" answer, so "not yours" and "does not exist" share one code path.
/** The failure envelope: `{ ok: false, error: { code, message, details? } }`. */
export interface ErrorBody {
  ok: false;
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

/** The envelope of an AppError (a BrokerRejection included). */
export const errorBody = (error: AppError): ErrorBody => ({
  ok: false,
  error: {
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  },
});

export const accountNotFound = (): AppError =>
  new AppError("ACCOUNT_NOT_FOUND", "Account not found");
export const keyNotFound = (): AppError => new AppError("KEY_NOT_FOUND", "Key not found");
export const adminNotFound = (): AppError => new AppError("ADMIN_NOT_FOUND", "Admin not found");

export const validationError = (field: string, message: string): AppError =>
  new AppError("VALIDATION_ERROR", `Invalid '${field}': ${message}`, { field });
