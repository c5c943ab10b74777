// The closed list of error codes the REST API answers, with their HTTP status, for the OpenAPI
// document: the service's codes (src/http/errors.ts STATUS_OF, from the closed list of
// src/domain/errors.ts) and the broker rejection codes of src/domain/trading/rejections.ts (a
// broker's reason, 422 — or 404/429 for the two it maps elsewhere). Also the groups of codes routes share (a session read, a trade request), so each
// route names what it can answer in a word.
import { REJECT_RETCODES, type RejectReason } from "../../broker/engine/retcodes.ts";
import type { ErrorCode } from "../../domain/errors.ts";
import { rejectionToError } from "../../domain/trading/rejections.ts";
import { STATUS_OF } from "../errors.ts";

/** Each broker rejection reason's code and status, as rejections.ts maps it. */
const REJECTIONS = (Object.keys(REJECT_RETCODES) as RejectReason[]).map((reason) => {
  const e = rejectionToError(reason, 0, "");
  return { code: e.code, status: e.status };
});

/** Every code → its status: the service's own codes, then the broker rejection codes. */
export const ERROR_STATUS: Readonly<Record<string, number>> = (() => {
  const out: Record<string, number> = { ...STATUS_OF };
  for (const { code, status } of REJECTIONS) {
    const known = out[code];
    if (known !== undefined && known !== status) {
      throw new Error(`error code ${code} has two statuses: ${known} and ${status}`);
    }
    out[code] = status;
  }
  return out;
})();

/** The closed list of codes, in a stable order (the service's first, as errors.ts lists them). */
export const ERROR_CODES: readonly string[] = Object.keys(ERROR_STATUS);

/** A code a route documents: one of the service's, or a broker rejection code. */
export type DocumentedCode = ErrorCode | RejectReason;

/** The codes a broker may answer a trade request with (rejections.ts). */
export const BROKER_REJECTIONS: readonly string[] = [...new Set(REJECTIONS.map((r) => r.code))];

/** Any read that goes through the account's broker session. */
export const SESSION_ERRORS: readonly DocumentedCode[] = [
  "SESSION_NOT_CONNECTED",
  "BROKER_UNAVAILABLE",
];

/**
 * A trade request (place, modify, close, cancel, close-by): the session's errors, the trade rate
 * (429 TOO_MANY_REQUESTS), a lost link mid-request (504) and every broker rejection.
 */
export const TRADE_ERRORS: readonly string[] = [
  ...SESSION_ERRORS,
  "TOO_MANY_REQUESTS",
  "TRADE_OUTCOME_UNKNOWN",
  ...BROKER_REJECTIONS,
];

/** The status of a documented code; unknown codes are a mistake in a route's documentation. */
export function statusOfCode(code: string): number {
  const status = ERROR_STATUS[code];
  if (status === undefined) {
    throw new Error(`unknown error code in the API documentation: ${code}`);
  }
  return status;
}

/** What each error status means, for the response descriptions. */
export const STATUS_MEANING: Readonly<Record<number, string>> = {
  400: "Invalid request: a malformed URL, body or field (the message names the field)",
  401: "Missing or invalid credentials",
  403: "Not allowed",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict with the current state",
  413: "Request body over the limit",
  415: "Request body is not JSON",
  422: "Refused: the request is well-formed but cannot be carried out",
  429: "Too many requests: retry after Retry-After seconds",
  500: "Internal error (the message quotes the request id)",
  503: "Not available: the account's broker session, or (readiness) this node",
  504: "The link to the broker broke mid-request: the outcome is unknown until reconciled",
};
