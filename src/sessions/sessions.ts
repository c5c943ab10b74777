// What the services, the streaming hub and the HTTP layer need of broker sessions, as one
// interface: the SessionManager (this node's session workers) provides it, and in cluster mode
// the ClusterSessions router (src/cluster/cluster-sessions.ts) provides the same surface for
// every account, forwarding to the node that owns the account's session.
import type { SessionStatus } from "../domain/states.ts";
import type { SessionCallArgs, SessionEvent, SessionMethod, SessionResult } from "./contract.ts";
import type { SessionSpec } from "./protocol.ts";
import type { SessionHealth } from "./session.ts";
import type { ViewName } from "./views.ts";

export type SessionEventListener = (accountId: string, event: SessionEvent) => void;

export interface Sessions {
  /** A read view of the account's mirror as JSON text. */
  view(accountId: string, name: ViewName): Promise<string>;
  /** Calls a session method (see contract.ts) where the account's session runs. */
  call<M extends SessionMethod>(
    accountId: string,
    method: M,
    ...args: SessionCallArgs<M>
  ): Promise<SessionResult<M>>;
  /** Streaming: forward the ticks of `symbols` for the account (see SessionManager.watch). */
  watch(accountId: string, symbols: readonly string[], owner?: string): Promise<void>;
  unwatch(accountId: string, symbols: readonly string[], owner?: string): void;
  onEvent(listener: SessionEventListener): void;
  /** Registers (or updates) an account's session; connects when `spec.connect`. */
  open(spec: SessionSpec): void;
  /** Connects and waits (up to `waitMs`) until connected or failed. */
  connect(accountId: string, waitMs?: number): Promise<SessionHealth>;
  disconnect(accountId: string): void;
  remove(accountId: string): void;
  /** The broker endpoint of an opened account's session, or null. */
  endpointOf(accountId: string): string | null;
  statusOf(accountId: string): SessionStatus;
  /** The node running the account's session: this one on a single node, the lease holder in a cluster. */
  nodeOf(accountId: string): string | null;
  healthOf(accountId: string): SessionHealth;
  /** This node's sessions by status (/metrics); optional for routers that hold none. */
  countByStatus?(): Record<SessionStatus, number>;
  /** Registers a demo account on a broker (no broker I/O on the main thread). */
  createDemo<T>(host: string, port: number, params: Record<string, unknown>): Promise<T>;
  close(graceMs?: number): Promise<void>;
}
