// Messages between the main thread and session workers (structured clones). The main thread only
// routes: it opens/closes sessions and forwards calls; workers own all broker I/O.
import type { Quote } from "../broker/connector.ts";
import type { SessionCall, SessionPublished } from "./contract.ts";
import type { SessionHealth } from "./session.ts";
import type { ViewName } from "./views.ts";

export interface SessionSpec {
  id: string;
  host: string;
  port: number;
  login: number;
  password: string;
  server: string;
  /** Connect now (auto_connect and enabled). */
  connect: boolean;
}

export type ToWorker =
  | { type: "open"; spec: SessionSpec }
  | { type: "connect"; id: string; rid: number; waitMs: number }
  | { type: "disconnect"; id: string }
  | { type: "remove"; id: string }
  /** One session method call (see contract.ts), answered by a `reply` with the same `rid`. */
  | ({ type: "call"; rid: number; id: string } & SessionCall)
  | { type: "demo"; rid: number; host: string; port: number; params: Record<string, unknown> }
  /**
   * Streaming: forward ticks of these symbols (and subscribe them at the broker). With
   * `rid`, the worker replies once the broker subscription is settled: from then on every tick
   * of these symbols reaches the main thread.
   */
  | { type: "watch"; id: string; symbols: string[]; rid?: number }
  /** Streaming: stop forwarding ticks of these symbols. */
  | { type: "unwatch"; id: string; symbols: string[] }
  | { type: "stop" };

export type CallError =
  /** The session is not connected (503). */
  | { kind: "not_connected"; status: string; message: string }
  /** The link broke while a write was in flight (504): outcome unknown. */
  | { kind: "unknown_outcome"; message: string }
  /** The broker answered and refused the request (a client error, 400). */
  | { kind: "refused"; message: string }
  /** The broker could not be reached or answered nonsense (503). */
  | { kind: "unavailable"; message: string }
  /** Bad arguments (a bug in the caller) or anything else. */
  | { kind: "internal"; message: string };

export type FromWorker =
  | { type: "status"; id: string; health: SessionHealth }
  | { type: "reply"; rid: number; ok: true; data: unknown }
  | { type: "reply"; rid: number; ok: false; error: CallError }
  /** A session's trade and account events (its watched ticks cross as `ticks`). */
  | { type: "event"; id: string; event: Exclude<SessionPublished, { kind: "tick" }> }
  /**
   * Watched ticks of one turn of the worker's event loop, oldest first (a broker step's quotes
   * arrive together, so the streaming hub can write them to each socket at once).
   */
  | { type: "ticks"; ticks: Array<{ id: string; quote: Quote }> }
  /**
   * Re-rendered read views (their success envelopes' JSON text) of a session whose mirror
   * changed, for the main thread's
   * copies; `views: null` withdraws every copy of that session.
   */
  | { type: "views"; id: string; version: number; views: Partial<Record<ViewName, string>> | null }
  | { type: "stopped" };
