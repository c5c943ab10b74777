// Lifecycles as data. A transition not in its table is a bug and throws. The broker's order and
// position tables live with the engine (src/broker/engine/states.ts); this file holds the
// service-side ones: broker sessions here, EA instances in ./ea-lifecycle.ts, the order journal in
// ./journal-lifecycle.ts.

export type SessionStatus =
  | "disconnected"
  | "connecting"
  | "connected"
  | "reconnecting"
  | "auth_failed"
  | "error";

export type SessionEvent =
  /** The user (or auto_connect) asks for a connection. */
  | "connect"
  /** Login succeeded. */
  | "established"
  /** The broker refused the credentials: no automatic retry. */
  | "rejected"
  /** The link failed or broke; retry with backoff. */
  | "link_lost"
  /** The backoff timer fired. */
  | "retry"
  /** The user asked to disconnect, or the account was disabled/removed. */
  | "disconnect"
  /** Something unrecoverable (e.g. forbidden endpoint). */
  | "fail";

/** Session transitions: state → event → next state. */
export const SESSION_TRANSITIONS: Readonly<
  Record<SessionStatus, Partial<Readonly<Record<SessionEvent, SessionStatus>>>>
> = {
  disconnected: { connect: "connecting", fail: "error" },
  connecting: {
    established: "connected",
    rejected: "auth_failed",
    link_lost: "reconnecting",
    disconnect: "disconnected",
    fail: "error",
  },
  connected: {
    link_lost: "reconnecting",
    disconnect: "disconnected",
    fail: "error",
    connect: "connected",
  },
  reconnecting: {
    retry: "connecting",
    connect: "connecting",
    disconnect: "disconnected",
    fail: "error",
  },
  auth_failed: { connect: "connecting", disconnect: "disconnected" },
  error: { connect: "connecting", disconnect: "disconnected", fail: "error" },
};

export function nextSessionStatus(from: SessionStatus, event: SessionEvent): SessionStatus {
  const to = SESSION_TRANSITIONS[from][event];
  if (to === undefined) {
    throw new Error(`illegal session transition: ${from} --${event}-->`);
  }
  return to;
}

export function canSessionTransition(from: SessionStatus, event: SessionEvent): boolean {
  return SESSION_TRANSITIONS[from][event] !== undefined;
}

/** Reconnection delay: exponential backoff with ±20 % jitter, capped. `random` in [0, 1). */
export function backoffDelayMs(
  attempt: number,
  random: number,
  opts: { baseMs?: number; maxMs?: number } = {},
): number {
  const base = opts.baseMs ?? 1000;
  const max = opts.maxMs ?? 60_000;
  const raw = Math.min(max, base * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(raw * (0.8 + 0.4 * random));
}

// EA instances: their lifecycle (shared by the EA host pool and the EA instance service) lives in
// ./ea-lifecycle.ts.
export type { EaInstanceStatus } from "./ea-lifecycle.ts";
