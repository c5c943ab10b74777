// The main thread's side of broker sessions: N session workers, each owning the accounts that
// hash to it (FNV-1a of the account id). The manager only routes — opens and closes sessions,
// forwards calls with a timeout, caches each session's health for `session_status` and the read
// views its worker renders and pushes (so a repeated read does not cross threads) — and restarts
// a crashed worker, reopening its sessions. It does no broker I/O itself.
import { AppError } from "../domain/errors.ts";
import { SESSION_TRANSITIONS, type SessionStatus } from "../domain/states.ts";
import type { Logger } from "../logging/logger.ts";
import { endpointKey } from "./catalog-cache.ts";
import {
  SESSION_WRITES,
  type SessionCall,
  type SessionCallArgs,
  type SessionMethod,
  type SessionResult,
} from "./contract.ts";
import type { CallError, FromWorker, SessionSpec, ToWorker } from "./protocol.ts";
import type { SessionHealth } from "./session.ts";
import type { SessionEventListener, Sessions } from "./sessions.ts";
import { VIEW_LEASE_MS, type ViewName } from "./views.ts";

/** The main thread trusts its copy of a view this long after the read that leased it. */
const VIEW_TRUST_MS = VIEW_LEASE_MS - 5_000;

/** Longest a new watch waits for its worker to confirm the broker subscription. */
const WATCH_WAIT_MS = 5_000;

interface ViewCopy {
  text: string;
  version: number;
  /** performance.now() after which the worker may have stopped pushing changes. */
  trustedUntil: number;
}

export interface SessionManagerOptions {
  readonly workers: number;
  readonly logger: Logger;
  /** This node's id (nodeOf). */
  readonly nodeId?: string;
  /** Longest wait for a worker's answer, ms. */
  readonly callTimeoutMs?: number;
}

export type { SessionEventListener };

interface WorkerSlot {
  worker: Worker;
  specs: Map<string, SessionSpec>;
  alive: boolean;
  /** Set by close(): resolves when the worker says it has stopped its sessions. */
  onStopped?: () => void;
}

/** How long close() lets calls in flight finish and workers stop their sessions. */
const CLOSE_GRACE_MS = 5_000;

/** Watch owners per symbol, per account: ticks are forwarded while any owner (a WebSocket
 * subscription, an EA instance) still watches the symbol; resent after a worker restart. */
type Watches = Map<string, Map<string, Set<string>>>;

const ownersOf = (watched: Watches, accountId: string): Map<string, Set<string>> => {
  let bySymbol = watched.get(accountId);
  if (!bySymbol) {
    bySymbol = new Map();
    watched.set(accountId, bySymbol);
  }
  return bySymbol;
};

/** FNV-1a 32-bit: a stable hash so an account always lands on the same worker. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The health of a session that is not running. */
export const DISCONNECTED: SessionHealth = {
  status: "disconnected",
  connected_since: null,
  last_error: null,
  reconnects: 0,
  last_quote_at: null,
};

export class SessionManager implements Sessions {
  private readonly slots: WorkerSlot[] = [];
  private readonly health = new Map<string, SessionHealth>();
  /** Copies of worker-rendered views per account, kept current by the worker's pushes. */
  private readonly views = new Map<string, Map<ViewName, ViewCopy>>();
  private readonly waiting = new Map<
    number,
    {
      resolve: (v: unknown) => void;
      reject: (e: unknown) => void;
      timer: ReturnType<typeof setTimeout>;
      /** The worker asked: if it dies, the call is answered at once (lostCalls). */
      slot: WorkerSlot;
      /** A write: its outcome is unknown if the worker dies with it in flight. */
      write: boolean;
    }
  >();
  private readonly listeners: SessionEventListener[] = [];
  /** Streaming: watched quote symbols per account. */
  private readonly watched: Watches = new Map();
  private nextRid = 1;
  private closing = false;
  private readonly timeoutMs: number;

  constructor(private readonly opts: SessionManagerOptions) {
    this.timeoutMs = opts.callTimeoutMs ?? 30_000;
    for (let i = 0; i < Math.max(1, opts.workers); i++) {
      this.slots.push(this.spawn(i, new Map()));
    }
  }

  private spawn(index: number, specs: Map<string, SessionSpec>): WorkerSlot {
    const worker = new Worker(new URL("./worker.ts", import.meta.url).href);
    const slot: WorkerSlot = { worker, specs, alive: true };
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (e.data.type === "stopped") {
        slot.onStopped?.();
      }
      this.onMessage(e.data);
    };
    worker.addEventListener("close", () => {
      slot.alive = false;
      this.lostCalls(slot);
      slot.onStopped?.(); // a dead worker has nothing left to stop
      if (this.closing) {
        return;
      }
      this.opts.logger.error({ worker: index }, "session worker exited; restarting it");
      for (const id of specs.keys()) {
        this.views.delete(id);
        const health: SessionHealth = {
          ...(this.health.get(id) ?? DISCONNECTED),
          status: "reconnecting",
          last_error: "session worker restarted",
        };
        this.health.set(id, health);
        for (const l of this.listeners) {
          l(id, { kind: "session", health });
        }
      }
      const replacement = this.spawn(index, specs);
      this.slots[index] = replacement;
      for (const spec of specs.values()) {
        replacement.worker.postMessage({ type: "open", spec } satisfies ToWorker);
      }
      for (const [id, bySymbol] of this.watched) {
        if (this.slotOf(id) === replacement && bySymbol.size > 0) {
          replacement.worker.postMessage({
            type: "watch",
            id,
            symbols: [...bySymbol.keys()],
          } satisfies ToWorker);
        }
      }
    });
    return slot;
  }

  private onMessage(msg: FromWorker): void {
    switch (msg.type) {
      case "status":
        this.health.set(msg.id, msg.health);
        if (msg.health.status !== "connected") {
          this.views.delete(msg.id);
        }
        for (const l of this.listeners) {
          l(msg.id, { kind: "session", health: msg.health });
        }
        return;
      case "reply": {
        const w = this.waiting.get(msg.rid);
        if (!w) {
          return;
        }
        this.waiting.delete(msg.rid);
        clearTimeout(w.timer);
        this.noteAnswered();
        if (msg.ok) {
          w.resolve(msg.data);
        } else {
          w.reject(toAppError(msg.error));
        }
        return;
      }
      case "event":
        for (const l of this.listeners) {
          l(msg.id, msg.event);
        }
        return;
      case "ticks":
        for (const { id, quote } of msg.ticks) {
          for (const l of this.listeners) {
            l(id, { kind: "tick", quote });
          }
        }
        return;
      case "views": {
        const copies = this.views.get(msg.id);
        if (!copies) {
          return;
        }
        if (msg.views === null) {
          this.views.delete(msg.id);
          return;
        }
        for (const [name, copy] of copies) {
          const text = msg.views[name];
          if (text === undefined) {
            copies.delete(name); // its lease lapsed at the worker
          } else if (msg.version >= copy.version) {
            copy.text = text;
            copy.version = msg.version;
          }
        }
        return;
      }
      case "stopped":
        return;
    }
  }

  /**
   * A read view of the account's mirror as the JSON text of its success envelope
   * (`{"ok":true,"data":…}`): the main thread's copy while it is leased
   * and the session is connected, else rendered by the session's worker (which leases it).
   */
  async view(accountId: string, name: ViewName): Promise<string> {
    const copy = this.views.get(accountId)?.get(name);
    if (copy && copy.trustedUntil > performance.now() && this.statusOf(accountId) === "connected") {
      return copy.text;
    }
    const leasedAt = performance.now();
    const { text, version } = await this.call(accountId, "view", { view: name });
    if (this.statusOf(accountId) === "connected") {
      let copies = this.views.get(accountId);
      if (!copies) {
        copies = new Map();
        this.views.set(accountId, copies);
      }
      const current = copies.get(name);
      if (!current || version >= current.version) {
        copies.set(name, { text, version, trustedUntil: leasedAt + VIEW_TRUST_MS });
      } else {
        current.trustedUntil = leasedAt + VIEW_TRUST_MS;
      }
    }
    return text;
  }

  private slotOf(accountId: string): WorkerSlot {
    return this.slots[stableHash(accountId) % this.slots.length] as WorkerSlot;
  }

  private post(slot: WorkerSlot, msg: ToWorker): void {
    slot.worker.postMessage(msg);
  }

  private request<T>(
    slot: WorkerSlot,
    build: (rid: number) => ToWorker,
    timeoutMs = this.timeoutMs,
  ): Promise<T> {
    const rid = this.nextRid++;
    return new Promise<T>((resolve, reject) => {
      if (this.closing) {
        reject(new AppError("BROKER_UNAVAILABLE", "the service is shutting down"));
        return;
      }
      const timer = setTimeout(() => {
        this.waiting.delete(rid);
        this.noteAnswered();
        reject(new AppError("BROKER_UNAVAILABLE", "the session worker did not answer in time"));
      }, timeoutMs);
      const msg = build(rid);
      const write = msg.type === "call" && SESSION_WRITES.has(msg.method);
      this.waiting.set(rid, {
        resolve: resolve as (v: unknown) => void,
        reject,
        timer,
        slot,
        write,
      });
      this.post(slot, msg);
    });
  }

  onEvent(listener: SessionEventListener): void {
    this.listeners.push(listener);
  }

  /**
   * Streaming: forward the ticks of `symbols` for the account from its worker (and make
   * the session subscribe them at the broker). Ticks of symbols nobody watches never leave the
   * worker. Idempotent; survives worker restarts. Resolves (never rejects) once the worker
   * forwards every tick of `symbols`, or after `WATCH_WAIT_MS` if the worker is slow to say so.
   */
  watch(accountId: string, symbols: readonly string[], owner = "ws"): Promise<void> {
    const bySymbol = ownersOf(this.watched, accountId);
    const added: string[] = [];
    for (const symbol of symbols) {
      let owners = bySymbol.get(symbol);
      if (!owners) {
        owners = new Set();
        bySymbol.set(symbol, owners);
        added.push(symbol);
      }
      owners.add(owner);
    }
    if (added.length === 0) {
      return Promise.resolve();
    }
    return this.request<unknown>(
      this.slotOf(accountId),
      (rid) => ({ type: "watch", id: accountId, symbols: added, rid }),
      Math.min(this.timeoutMs, WATCH_WAIT_MS),
    ).then(
      () => undefined,
      () => undefined, // a slow worker or broker delays the first ticks, not the subscriber
    );
  }

  /** Stops `owner`'s watch; ticks stop leaving the worker when no owner is left. */
  unwatch(accountId: string, symbols: readonly string[], owner = "ws"): void {
    const bySymbol = this.watched.get(accountId);
    if (!bySymbol) {
      return;
    }
    const removed: string[] = [];
    for (const symbol of symbols) {
      const owners = bySymbol.get(symbol);
      if (owners?.delete(owner) && owners.size === 0) {
        bySymbol.delete(symbol);
        removed.push(symbol);
      }
    }
    if (bySymbol.size === 0) {
      this.watched.delete(accountId);
    }
    if (removed.length > 0) {
      this.post(this.slotOf(accountId), { type: "unwatch", id: accountId, symbols: removed });
    }
  }

  /** Registers (or updates) an account's session; connects when `spec.connect`. */
  open(spec: SessionSpec): void {
    this.views.delete(spec.id); // credentials or connection wishes changed: ask the worker again
    const slot = this.slotOf(spec.id);
    slot.specs.set(spec.id, spec);
    const current = this.health.get(spec.id) ?? DISCONNECTED;
    // A session asked to connect is connecting from now on (the worker reports what follows):
    // a client that registers an auto-connecting account reads the state it is actually in.
    this.health.set(
      spec.id,
      spec.connect && current.status === "disconnected"
        ? { ...current, status: "connecting" }
        : current,
    );
    this.post(slot, { type: "open", spec });
  }

  /** Connects and waits (up to `waitMs`) until connected or failed. */
  async connect(accountId: string, waitMs = 10_000): Promise<SessionHealth> {
    const slot = this.slotOf(accountId);
    const spec = slot.specs.get(accountId);
    if (spec) {
      slot.specs.set(accountId, { ...spec, connect: true });
    }
    return this.request<SessionHealth>(
      slot,
      (rid) => ({ type: "connect", id: accountId, rid, waitMs }),
      waitMs + 5000,
    );
  }

  disconnect(accountId: string): void {
    this.views.delete(accountId); // reads after this go to the worker, which answers 503
    const slot = this.slotOf(accountId);
    const spec = slot.specs.get(accountId);
    if (spec) {
      slot.specs.set(accountId, { ...spec, connect: false });
    }
    this.post(slot, { type: "disconnect", id: accountId });
  }

  remove(accountId: string): void {
    const slot = this.slotOf(accountId);
    slot.specs.delete(accountId);
    this.health.delete(accountId);
    this.views.delete(accountId);
    this.post(slot, { type: "remove", id: accountId });
    // Listeners (the WebSocket hub, EA instances) learn that the account is gone.
    for (const l of this.listeners) {
      l(accountId, { kind: "removed" });
    }
  }

  /**
   * Cluster mode: the account's session moved to another node. It stops here (its worker
   * disconnects it) and its state is forgotten, without the `removed` event of a deletion;
   * listeners hear it go `disconnected`.
   */
  release(accountId: string): void {
    const slot = this.slotOf(accountId);
    if (!slot.specs.delete(accountId)) {
      return;
    }
    this.health.delete(accountId);
    this.views.delete(accountId);
    this.watched.delete(accountId);
    this.post(slot, { type: "remove", id: accountId });
    const health: SessionHealth = {
      ...DISCONNECTED,
      last_error: "the account's session moved to another node",
    };
    for (const l of this.listeners) {
      l(accountId, { kind: "session", health });
    }
  }

  /** The broker endpoint of an opened account's session (see endpointKey), or null. */
  endpointOf(accountId: string): string | null {
    const spec = this.slotOf(accountId).specs.get(accountId);
    return spec ? endpointKey(spec) : null;
  }

  nodeOf(accountId: string): string | null {
    return this.slotOf(accountId).specs.has(accountId) ? (this.opts.nodeId ?? null) : null;
  }

  statusOf(accountId: string): SessionStatus {
    return (this.health.get(accountId) ?? DISCONNECTED).status;
  }

  healthOf(accountId: string): SessionHealth {
    return this.health.get(accountId) ?? DISCONNECTED;
  }

  /** This node's opened sessions by status (every status, 0 when none), for /metrics. */
  countByStatus(): Record<SessionStatus, number> {
    const counts = Object.fromEntries(
      Object.keys(SESSION_TRANSITIONS).map((status) => [status, 0]),
    ) as Record<SessionStatus, number>;
    for (const { status } of this.health.values()) {
      counts[status] += 1;
    }
    return counts;
  }

  /** Calls a session method (see contract.ts) in the account's worker. */
  call<M extends SessionMethod>(
    accountId: string,
    method: M,
    ...[args]: SessionCallArgs<M>
  ): Promise<SessionResult<M>> {
    // `method` and `args` are correlated by the signature (TS cannot see it through M).
    const call = { method, args: args ?? {} } as SessionCall;
    return this.request<SessionResult<M>>(this.slotOf(accountId), (rid) => ({
      type: "call",
      rid,
      id: accountId,
      ...call,
    }));
  }

  /** Registers a demo account on a broker through a worker (the main thread does no broker I/O). */
  createDemo<T>(host: string, port: number, params: Record<string, unknown>): Promise<T> {
    const slot = this.slots[this.nextRid % this.slots.length] as WorkerSlot;
    return this.request<T>(slot, (rid) => ({ type: "demo", rid, host, port, params }));
  }

  /** Test/ops hook: kills worker `index` as a crash would. */
  crashWorker(index: number): void {
    this.slots[index]?.worker.terminate();
  }

  /**
   * Answers the calls a dead worker held: a write's outcome is unknown (its order journal entry
   * is reconciled when the session reconnects), a read is retried by the client.
   */
  private lostCalls(slot: WorkerSlot): void {
    for (const [rid, w] of this.waiting) {
      if (w.slot !== slot) {
        continue;
      }
      this.waiting.delete(rid);
      clearTimeout(w.timer);
      w.reject(
        toAppError(
          w.write
            ? { kind: "unknown_outcome", message: "the session worker stopped during the call" }
            : { kind: "unavailable", message: "the session worker stopped during the call" },
        ),
      );
    }
    this.noteAnswered();
  }

  /** Resolves close()'s wait once no call is in flight. */
  private drained: (() => void) | null = null;

  private noteAnswered(): void {
    if (this.waiting.size === 0) {
      this.drained?.();
    }
  }

  /**
   * Drains, then stops: new calls are refused, calls in flight get their answers, each worker
   * disconnects its sessions and says so, and only then is it terminated — within `graceMs`
   * overall (a worker that has not answered by then is terminated anyway; its waiting callers
   * get BROKER_UNAVAILABLE).
   */
  close(graceMs = CLOSE_GRACE_MS): Promise<void> {
    this.closed ??= this.drainAndStop(graceMs);
    return this.closed;
  }

  private closed: Promise<void> | null = null;

  private async drainAndStop(graceMs: number): Promise<void> {
    this.closing = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    if (this.waiting.size > 0) {
      const drained = new Promise<void>((resolve) => {
        this.drained = resolve;
      });
      await Promise.race([drained, grace]);
      this.drained = null;
    }
    const stopped = this.slots
      .filter((slot) => slot.alive)
      .map(
        (slot) =>
          new Promise<void>((resolve) => {
            slot.onStopped = resolve;
            slot.worker.postMessage({ type: "stop" } satisfies ToWorker);
          }),
      );
    await Promise.race([Promise.all(stopped), grace]);
    clearTimeout(timer);
    for (const slot of this.slots) {
      slot.worker.terminate();
    }
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.reject(new AppError("BROKER_UNAVAILABLE", "the service is shutting down"));
    }
    this.waiting.clear();
  }
}

function toAppError(e: CallError): AppError {
  switch (e.kind) {
    case "not_connected":
      return new AppError(
        "SESSION_NOT_CONNECTED",
        `The account is not connected to its broker (session ${e.status})`,
        {
          session_status: e.status,
        },
      );
    case "unknown_outcome":
      return new AppError(
        "TRADE_OUTCOME_UNKNOWN",
        "The link to the broker broke while the request was in flight; its outcome will be reconciled when the session reconnects",
      );
    case "refused":
      return new AppError("VALIDATION_ERROR", `The broker refused the request: ${e.message}`);
    case "unavailable":
      return new AppError("BROKER_UNAVAILABLE", `The broker is unavailable: ${e.message}`);
    case "internal":
      return new AppError("INTERNAL_ERROR", "Internal error in the session worker");
  }
}
