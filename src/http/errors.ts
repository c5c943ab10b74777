// The application's error type and the one table of error codes → HTTP status. Handlers and
// services throw AppError; src/http/error-renderer.ts turns every failure into the envelope.

export type ErrorCode =
  | "VALIDATION_ERROR"
  | "KEY_NOT_FOUND"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "ACCOUNT_LIMIT_REACHED"
  | "ACCOUNT_NOT_FOUND"
  | "POSITION_NOT_FOUND"
  | "ORDER_NOT_FOUND"
  | "SYMBOL_NOT_FOUND"
  | "EA_NOT_FOUND"
  | "ADMIN_NOT_FOUND"
  // Billing: no usage snapshot in the invoiced month; an invoice amount too large.
  | "SNAPSHOT_NOT_FOUND"
  | "INVOICE_AMOUNT_OVERFLOW"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "ALREADY_SEEDED"
  | "EA_ALREADY_RUNNING"
  | "CONFLICT"
  | "IDEMPOTENCY_IN_PROGRESS"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "IDEMPOTENCY_MISMATCH"
  | "RATE_LIMITED"
  // Trade limits: the account's or the EA's trade rate (MT5 retcode 10024), the account's cap on
  // pending orders (10033; also a broker rejection mapped by src/domain/trading/rejections.ts).
  | "TOO_MANY_REQUESTS"
  | "LIMIT_ORDERS"
  | "SESSION_NOT_CONNECTED"
  | "BROKER_UNAVAILABLE"
  | "TRADE_OUTCOME_UNKNOWN"
  | "INTERNAL_ERROR";

/** HTTP status of every code (ARCHITECTURE §5 error table). */
export const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
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
  TRADE_OUTCOME_UNKNOWN: 504,
  INTERNAL_ERROR: 500,
};

export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  constructor(
    readonly code: ErrorCode | string,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
    status?: number,
  ) {
    super(message);
    this.status = status ?? STATUS_OF[code as ErrorCode] ?? 500;
  }
}

// One helper per "not found" answer, so "not yours" and "does not exist" share one code path.
export const accountNotFound = (): AppError =>
  new AppError("ACCOUNT_NOT_FOUND", "Account not found");
export const keyNotFound = (): AppError => new AppError("KEY_NOT_FOUND", "Key not found");
export const adminNotFound = (): AppError => new AppError("ADMIN_NOT_FOUND", "Admin not found");

export const validationError = (field: string, message: string): AppError =>
  new AppError("VALIDATION_ERROR", `Invalid '${field}': ${message}`, { field });

/** Spec §7: the message for a request with no API key. */
export const MISSING_KEY_MESSAGE =
  "An API key is required. Pass it in the X-API-Key header (or as Authorization: Bearer), or in the apiKey query parameter for WebSocket connections.";
export const INVALID_KEY_MESSAGE = "Invalid API key";
