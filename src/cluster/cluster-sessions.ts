// The Sessions surface in cluster mode: the same methods the services, the HTTP layer and the
// hub call on one node, for every account of the cluster. A call for an account this node serves
// goes to its own SessionManager (after the lease check that fences it); any other goes over NATS
// to the owner (rpc.ts), with the epoch this node believes current. The owner answers as it
// would locally, errors included; a stale epoch is refused before anything is done, and the call
// is retried once at the owner the lease table names now. When no answer comes, a write's outcome
// is unknown (504, reconciled by the order journal) and a read is unavailable (503).
import { AppError } from "../domain/errors.ts";
import type { SessionStatus } from "../domain/states.ts";
import type { Logger } from "../logging/logger.ts";
import {
  SESSION_WRITES,
  type SessionCall,
  type SessionCallArgs,
  type SessionMethod,
  type SessionResult,
} from "../sessions/contract.ts";
import { DISCONNECTED, type SessionManager } from "../sessions/manager.ts";
import type { SessionSpec } from "../sessions/protocol.ts";
import type { SessionHealth } from "../sessions/session.ts";
import type { SessionEventListener, Sessions } from "../sessions/sessions.ts";
import type { ViewName } from "../sessions/views.ts";
import { type ClusterBus, type ClusterHandlers, NotOwnerError, RpcError } from "./bus.ts";
import type { Ownership } from "./ownership.ts";
import type {
  AccountNotice,
  ClusterMethod,
  ClusterMethods,
  ClusterReply,
  OwnedHealth,
} from "./rpc.ts";

/** Forwarded session calls wait this long (the owner's own call timeout is 30 s). */
const FORWARD_TIMEOUT_MS = 35_000;
/** Forwarded control requests (view, reopen, disconnect). */
const CONTROL_TIMEOUT_MS = 10_000;

const UNOWNED: SessionHealth = {
  ...DISCONNECTED,
  status: "reconnecting",
  last_error: "the account's session has no owner node at the moment",
};

/** The account's lease is this node's, its session not open yet. */
function notConnectedHere(): AppError {
  return new AppError(
    "SESSION_NOT_CONNECTED",
    "The account is not connected to its broker (session connecting on this node)",
    { session_status: "connecting" },
  );
}

export class ClusterSessions implements Sessions {
  /** Health of sessions owned by other nodes, as their owners announce it. */
  private readonly remote = new Map<string, OwnedHealth>();
  /** What this node answers its peers (index.ts): forwarded calls that land here run them. */
  private handlers: ClusterHandlers | null = null;

  constructor(
    private readonly local: SessionManager,
    private readonly ownership: Ownership,
    private readonly bus: ClusterBus,
    private readonly logger: Logger,
  ) {}

  private get me(): string {
    return this.ownership.nodeId;
  }

  /** The handlers this node serves its peers with (set once the services are attached). */
  useHandlers(handlers: ClusterHandlers): void {
    this.handlers = handlers;
  }

  /** An owner announced the health of one of its sessions. */
  noteRemoteHealth(accountId: string, owned: OwnedHealth): void {
    if (!this.ownership.isServing(accountId)) {
      this.remote.set(accountId, owned);
    }
  }

  /** Sessions of dead nodes are down until their next owner connects them. */
  markOwnerLost(accountId: string): void {
    const known = this.remote.get(accountId);
    if (known) {
      this.remote.set(accountId, {
        health: {
          ...known.health,
          status: "reconnecting",
          last_error: "the node that ran the session stopped; another node takes it over",
        },
        endpoint: known.endpoint,
      });
    }
  }

  forgetRemote(accountId: string): void {
    this.remote.delete(accountId);
  }

  // --- Sessions -----------------------------------------------------------------------------------

  call<M extends SessionMethod>(
    accountId: string,
    method: M,
    ...[args]: SessionCallArgs<M>
  ): Promise<SessionResult<M>> {
    if (this.ownership.isServing(accountId)) {
      const starting = this.ownership.ready(accountId);
      return starting
        ? starting.then(() => this.local.call(accountId, method, ...([args] as SessionCallArgs<M>)))
        : this.local.call(accountId, method, ...([args] as SessionCallArgs<M>));
    }
    const call = { method, args: args ?? {} } as SessionCall;
    const write = SESSION_WRITES.has(method);
    return this.forward(accountId, write, (owner) => [
      "session",
      { accountId, epoch: owner.epoch, call },
    ]) as Promise<SessionResult<M>>;
  }

  async view(accountId: string, name: ViewName): Promise<string> {
    if (this.ownership.isServing(accountId)) {
      await this.ownership.ready(accountId);
      return this.local.view(accountId, name);
    }
    return (await this.forward(accountId, false, () => [
      "view",
      { accountId, view: name },
    ])) as string;
  }

  watch(accountId: string, symbols: readonly string[], owner = "ws"): Promise<void> {
    if (this.ownership.isServing(accountId)) {
      return this.local.watch(accountId, symbols, owner);
    }
    return Promise.resolve(); // ticks of accounts served elsewhere reach this node as events
  }

  unwatch(accountId: string, symbols: readonly string[], owner = "ws"): void {
    if (this.ownership.isServing(accountId)) {
      this.local.unwatch(accountId, symbols, owner);
    }
  }

  onEvent(listener: SessionEventListener): void {
    this.local.onEvent(listener);
  }

  /** The account's row changed: its owner reopens the session from the row. */
  open(spec: SessionSpec): void {
    this.notify(spec.id, "changed");
    if (this.ownership.isServing(spec.id)) {
      this.local.open(spec);
      return;
    }
    const owner = this.ownership.ownerOf(spec.id);
    if (owner.holder === null) {
      this.ownership.kick(); // a new account: its node takes it on its next round
      return;
    }
    void this.bus
      .request(owner.holder, "reopen", { accountId: spec.id }, CONTROL_TIMEOUT_MS)
      .catch((err: unknown) =>
        this.logger.warn({ err: String(err), accountId: spec.id }, "reopen at the owner failed"),
      );
  }

  async connect(accountId: string, waitMs = 10_000): Promise<SessionHealth> {
    if (this.ownership.isServing(accountId)) {
      await this.ownership.ready(accountId);
      return this.local.connect(accountId, waitMs);
    }
    return (await this.forward(
      accountId,
      false,
      () => ["connect", { accountId, waitMs }],
      waitMs + 5_000,
    )) as SessionHealth;
  }

  disconnect(accountId: string): void {
    if (this.ownership.isServing(accountId)) {
      this.local.disconnect(accountId);
      return;
    }
    void this.forward(accountId, false, () => ["disconnect", { accountId }]).catch((err: unknown) =>
      this.logger.warn({ err: String(err), accountId }, "disconnect at the owner failed"),
    );
  }

  /** The account was deleted: its session stops wherever it runs, and every node forgets it. */
  remove(accountId: string): void {
    this.remote.delete(accountId);
    this.local.remove(accountId);
    this.notify(accountId, "removed");
  }

  private notify(accountId: string, change: AccountNotice["change"]): void {
    this.bus.publish(this.bus.subjects.accounts, {
      origin: this.me,
      accountId,
      keyId: null,
      change,
    } satisfies AccountNotice);
  }

  endpointOf(accountId: string): string | null {
    if (this.ownership.isServing(accountId)) {
      return this.local.endpointOf(accountId);
    }
    return this.remote.get(accountId)?.endpoint ?? null;
  }

  /** This node's sessions by status (the accounts it serves). */
  countByStatus(): Record<SessionStatus, number> {
    return this.local.countByStatus();
  }

  nodeOf(accountId: string): string | null {
    return this.ownership.ownerOf(accountId).holder;
  }

  statusOf(accountId: string): SessionStatus {
    return this.healthOf(accountId).status;
  }

  healthOf(accountId: string): SessionHealth {
    if (this.ownership.isServing(accountId)) {
      return this.local.healthOf(accountId);
    }
    const known = this.remote.get(accountId);
    if (known) {
      return known.health;
    }
    return this.ownership.ownerOf(accountId).holder === null ? UNOWNED : DISCONNECTED;
  }

  createDemo<T>(host: string, port: number, params: Record<string, unknown>): Promise<T> {
    return this.local.createDemo<T>(host, port, params);
  }

  close(graceMs?: number): Promise<void> {
    return this.local.close(graceMs);
  }

  // --- forwarding ---------------------------------------------------------------------------------

  /**
   * Sends a request to the account's owner and unwraps its answer (AppErrors as the owner threw
   * them). A refusal as stale (notOwner)
   * re-reads the lease and tries once more; when the owner turns out to be this node, the call
   * runs here.
   */
  async forward(
    accountId: string,
    write: boolean,
    build: (owner: {
      holder: string;
      epoch: number;
    }) => [ClusterMethod, ClusterMethods[ClusterMethod]["args"]],
    timeoutMs = FORWARD_TIMEOUT_MS,
  ): Promise<unknown> {
    let owner = this.ownership.ownerOf(accountId);
    for (let attempt = 0; attempt < 2; attempt++) {
      if (owner.holder === null) {
        owner = await this.ownership.refresh(accountId);
      }
      if (owner.holder === null) {
        throw new AppError(
          "SESSION_NOT_CONNECTED",
          "The account is not connected to its broker (session reconnecting: its node is being replaced)",
          { session_status: "reconnecting" },
        );
      }
      if (owner.holder === this.me) {
        if (!this.ownership.isServing(accountId)) {
          throw notConnectedHere();
        }
        return this.runLocally(build({ holder: this.me, epoch: owner.epoch }));
      }
      const [method, args] = build({ holder: owner.holder, epoch: owner.epoch });
      let reply: ClusterReply;
      try {
        reply = await this.bus.request(owner.holder, method, args, timeoutMs);
      } catch (err) {
        if (err instanceof RpcError && err.failure === "no_responders") {
          // Nobody received it: nothing was done. The lease may have moved already.
          if (attempt === 0) {
            owner = await this.ownership.refresh(accountId);
            continue;
          }
          throw new AppError(
            "BROKER_UNAVAILABLE",
            "The broker is unavailable: the node running the account's session is not reachable; retry shortly",
          );
        }
        if (write) {
          throw new AppError(
            "TRADE_OUTCOME_UNKNOWN",
            "The link to the broker broke while the request was in flight; its outcome will be reconciled when the session reconnects",
          );
        }
        throw new AppError(
          "BROKER_UNAVAILABLE",
          "The broker is unavailable: the node running the account's session did not answer in time",
        );
      }
      if (reply.ok) {
        return reply.data;
      }
      if ("notOwner" in reply) {
        owner = await this.ownership.refresh(accountId);
        continue;
      }
      throw new AppError(reply.error.code, reply.error.message, reply.error.details);
    }
    throw new AppError(
      "SESSION_NOT_CONNECTED",
      "The account is not connected to its broker (session reconnecting: its node is being replaced)",
      { session_status: "reconnecting" },
    );
  }

  private runLocally([method, args]: [
    ClusterMethod,
    ClusterMethods[ClusterMethod]["args"],
  ]): Promise<unknown> {
    switch (method) {
      case "session": {
        const a = args as ClusterMethods["session"]["args"];
        return this.local.call(
          a.accountId,
          a.call.method,
          a.call.args as never,
        ) as Promise<unknown>;
      }
      case "view": {
        const a = args as ClusterMethods["view"]["args"];
        return this.local.view(a.accountId, a.view);
      }
      case "connect": {
        const a = args as ClusterMethods["connect"]["args"];
        return this.local.connect(a.accountId, a.waitMs);
      }
      case "disconnect": {
        const a = args as ClusterMethods["disconnect"]["args"];
        this.local.disconnect(a.accountId);
        return Promise.resolve(null);
      }
      default: {
        // The other methods (EA requests) run as this node answers them for its peers.
        const handler = this.handlers?.[method] as
          | ((a: ClusterMethods[ClusterMethod]["args"]) => Promise<unknown>)
          | undefined;
        if (!handler) {
          throw new AppError("INTERNAL_ERROR", `cannot run ${method} locally`);
        }
        return handler(args).catch((err: unknown) => {
          throw err instanceof NotOwnerError ? notConnectedHere() : err;
        });
      }
    }
  }
}
