// The typed method table between nodes: what a node asks the owner of an account's session. Its
// `session` method carries the session RPC table itself (src/sessions/contract.ts: the same calls
// the session workers answer), with the lease epoch the caller believes current; the owner refuses
// a call whose epoch is not its own (a fencing token: a stale view never reaches the broker).
// Everything is plain JSON, and errors cross as the AppError they are, so a forwarded request is
// answered exactly as a local one.

import type { Timeframe } from "../broker/feed/types.ts";
import { AppError, type ErrorCode } from "../domain/errors.ts";
import type {
  EaChartView,
  EaLogLine,
  EaStartRequest,
  EaStatusView,
} from "../services/ea-instances.ts";
import type { KeyChange, KeyPrincipal } from "../services/keys.ts";
import type { NoArgs, SessionCall } from "../sessions/contract.ts";
import { stableHash } from "../sessions/manager.ts";
import type { SessionHealth } from "../sessions/session.ts";
import type { ViewName } from "../sessions/views.ts";
import type { SubscribeRequest } from "../streaming/hub.ts";
import type { Channel } from "../streaming/messages.ts";

/** An account's session health as its owner announces it, with its broker endpoint. */
export interface OwnedHealth {
  readonly health: SessionHealth;
  /** The session's broker endpoint (see endpointKey), for caches keyed by endpoint. */
  readonly endpoint: string | null;
}

export interface ClusterMethods {
  /** One session method call, fenced by the lease epoch. */
  session: { args: { accountId: string; epoch: number; call: SessionCall }; result: unknown };
  /** A read view of the account's mirror (JSON text). */
  view: { args: { accountId: string; view: ViewName }; result: string };
  connect: { args: { accountId: string; waitMs: number }; result: SessionHealth };
  disconnect: { args: { accountId: string }; result: null };
  /** The account's row changed (credentials, enabled, auto_connect): reopen its session. */
  reopen: { args: { accountId: string }; result: null };
  /** The health of every session the node owns (a node that starts learns the cluster's). */
  healthAll: { args: NoArgs; result: Array<[string, OwnedHealth]> };
  /** Starts an EA instance where the account's session runs (the caller checked the key). */
  eaStart: {
    args: { principal: KeyPrincipal; accountId: string; req: EaStartRequest };
    result: EaStatusView;
  };
  eaStop: { args: { principal: KeyPrincipal; accountId: string }; result: EaStatusView };
  /** Reads of the account's EA instance, which only the node running it knows live. */
  eaStatus: { args: { principal: KeyPrincipal; accountId: string }; result: EaStatusView | null };
  eaLogs: {
    args: { principal: KeyPrincipal; accountId: string; limit: number };
    result: EaLogLine[];
  };
  eaChart: { args: { principal: KeyPrincipal; accountId: string }; result: EaChartView | null };
  /** A client of the caller subscribes to the account's stream: what starts it (streams.ts). */
  streamOpen: {
    args: { accountId: string; node: string; request: SubscribeRequest };
    result: string[];
  };
  /** A client of the caller unsubscribed (symbols: null for channels without symbols). */
  streamClose: {
    args: {
      accountId: string;
      node: string;
      channel: Channel;
      timeframe: Timeframe | null;
      symbols: Array<string | null>;
    };
    result: null;
  };
}

export type ClusterMethod = keyof ClusterMethods;
export type ClusterArgs<M extends ClusterMethod> = ClusterMethods[M]["args"];
export type ClusterResult<M extends ClusterMethod> = ClusterMethods[M]["result"];

/** A request on the wire. */
export type ClusterRequest = {
  [M in ClusterMethod]: { method: M; args: ClusterArgs<M> };
}[ClusterMethod];

/** An answer on the wire. */
export type ClusterReply =
  | { ok: true; data: unknown }
  | { ok: false; error: { code: ErrorCode; message: string; details?: Record<string, unknown> } }
  /** The node does not own the account at that epoch (nothing was done): ask the lease again. */
  | { ok: false; notOwner: { holder: string | null; epoch: number } };

/** The error a handler threw, as it crosses the wire. */
export function errorReply(err: unknown): ClusterReply {
  if (err instanceof AppError) {
    return {
      ok: false,
      error: {
        code: err.code,
        message: err.message,
        ...(err.details ? { details: err.details } : {}),
      },
    };
  }
  return {
    ok: false,
    error: { code: "INTERNAL_ERROR", message: "Internal error on the owner node" },
  };
}

/** A node id as one NATS subject token (ids may hold '.', which separates tokens). */
export function subjectToken(nodeId: string): string {
  return nodeId.replace(/[^A-Za-z0-9_-]/g, (c) => `~${c.charCodeAt(0).toString(16)}`);
}

/**
 * The subjects of one cluster. Every subject starts with `tas.<cluster>.`, the cluster being the
 * nodes that share one database (see clusterName), so clusters sharing a NATS server never hear
 * each other.
 */
export function clusterSubjects(cluster: string) {
  const p = `tas.${subjectToken(cluster)}`;
  return {
    /** Requests to one node (ClusterMethods). */
    rpc: (nodeId: string) => `${p}.node.${subjectToken(nodeId)}.rpc`,
    /** Lease changes: who holds an account now (announced by the new holder or the releaser). */
    leases: `${p}.cluster.leases`,
    /** Account rows changed or removed (keyed by account). */
    accounts: `${p}.cluster.accounts`,
    /** API keys changed (patched, rotated, revoked with the accounts removed with them). */
    keys: `${p}.cluster.keys`,
    /** An account's session health, from its owner. */
    sessionHealth: (accountId: string) => `${p}.acct.${accountId}.session`,
    sessionHealthAll: `${p}.acct.*.session`,
    /** An account's stream messages, from its owner (streams.ts). */
    stream: (accountId: string) => `${p}.acct.${accountId}.ev`,
  } as const;
}

export type ClusterSubjects = ReturnType<typeof clusterSubjects>;

/** The cluster of the nodes on one database: a hash of its host, port and name. */
export function clusterName(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  const text = `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  return `db${stableHash(text).toString(16).padStart(8, "0")}`;
}

/** What crosses the `leases` subject. */
export interface LeaseNotice {
  readonly accountId: string;
  readonly holder: string | null;
  readonly epoch: number;
}

/** What crosses the `accounts` subject. */
export interface AccountNotice {
  /** The node that sent it (a node ignores its own). */
  readonly origin: string;
  readonly accountId: string;
  readonly keyId: string | null;
  readonly change: "changed" | "removed";
}

/** What crosses the `keys` subject: a key changed on the origin node (keys.ts KeyChange). */
export interface KeyNotice extends KeyChange {
  readonly origin: string;
}
