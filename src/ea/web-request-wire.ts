/**
 * MQL5's WebRequest across the EA host boundary: the `__host_call` kind, its payload and answer,
 * and how long the host waits for the answer.
 *
 * Path of one call: the runtime (ea-runtime/src/runtime/web-request.ts) calls
 * `__host_call("WebRequest", payload)`; the Node host (ea-runtime/src/host/sandbox.ts) forwards it
 * over IPC like a trade call, waiting at most `hostCallWaitMs`; the pool
 * (src/ea/pool/web-request-calls.ts) hands it to the service, which makes the request
 * (src/services/ea-instances/web-request.ts: allow-list, SSRF guard, timeout, size cap).
 *
 * Shared by both sides of the IPC: must not import Bun, Node or isolated-vm APIs.
 */

/** The `__host_call` kind. */
export const WEB_REQUEST_KIND = "WebRequest";

/** Upper bound of `TAS_EA_WEBREQUEST_TIMEOUT_MS`, and of the host's wait for any WebRequest. */
export const WEB_REQUEST_MAX_TIMEOUT_MS = 60_000;

/** What the host waits beyond the request's own timeout for the service's answer (IPC, DNS). */
export const WEB_REQUEST_ANSWER_SLACK_MS = 2000;

/**
 * The payload JSON, built by the runtime with `timeout` first (hostCallWaitMs reads it from the
 * text's start without parsing a large body).
 */
export interface WebRequestPayload {
  /** The EA's timeout argument, ms (≤ 0: the operator's cap). */
  timeout: number;
  /** HTTP method as the EA gave it. */
  method: string;
  url: string;
  /** Request headers, "Name: value" lines separated by "\r\n" (form 1's cookie and referer
   * already turned into headers by the runtime). */
  headers: string;
  /** Request body, base64. */
  data: string;
}

/** A WebRequest as the service receives it. */
export interface WebRequestCall extends WebRequestPayload {
  instanceId: string;
}

/** MQL5 error codes a failed WebRequest sets (GetLastError). */
export const WEB_REQUEST_ERRORS = {
  /** The URL is not on the operator's allow-list, or resolves to a refused address. */
  notAllowed: 4014,
  invalidAddress: 5200,
  connectFailed: 5201,
  timeout: 5202,
  requestFailed: 5203,
} as const;

/** The answer JSON: the server's response, or the failure (WebRequest returns -1). */
export type WebRequestAnswer =
  | {
      /** HTTP status code (WebRequest's return value). */
      status: number;
      /** Response headers, "name: value\r\n" per header. */
      headers: string;
      /** Response body, base64. */
      body: string;
    }
  | {
      /** The MQL5 error code (WEB_REQUEST_ERRORS). */
      code: number;
      /** Why, for the EA's log. */
      message: string;
    };

/** The request's effective timeout: the EA's, capped; ≤ 0 or not a number means the cap. */
export function effectiveTimeoutMs(requested: number, capMs: number): number {
  return Number.isFinite(requested) && requested > 0 ? Math.min(requested, capMs) : capMs;
}

const TIMEOUT_PREFIX = /^\{"timeout":(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)[,}]/;

/**
 * How long the host waits for the pool's answer to a host call, ms: `hostCallTimeoutMs` for
 * trade calls; for a WebRequest its own timeout (bounded by WEB_REQUEST_MAX_TIMEOUT_MS; the
 * service applies the operator's lower cap) plus WEB_REQUEST_ANSWER_SLACK_MS, and never less
 * than `hostCallTimeoutMs`.
 */
export function hostCallWaitMs(kind: string, payload: string, hostCallTimeoutMs: number): number {
  if (kind !== WEB_REQUEST_KIND) {
    return hostCallTimeoutMs;
  }
  const m = TIMEOUT_PREFIX.exec(payload);
  const requested = m?.[1] === undefined ? 0 : Number(m[1]);
  const timeout = effectiveTimeoutMs(requested, WEB_REQUEST_MAX_TIMEOUT_MS);
  return Math.max(hostCallTimeoutMs, Math.ceil(timeout) + WEB_REQUEST_ANSWER_SLACK_MS);
}
