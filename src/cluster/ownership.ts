// Who owns which account's session, kept current by one loop per node: it renews the node's
// heartbeat (which keeps all its leases), learns the live nodes, and moves accounts to their
// rendezvous node —
// acquiring a free lease (a new epoch) and starting the session, or stopping the session and
// releasing the lease when the account belongs elsewhere or the node drains. A lease whose
// renewal did not come back before its local deadline stops serving at once, before the database
// lets anyone else take it. The I/O (the store, the clock, the session start/stop) is injected.
import type { Logger } from "../logging/logger.ts";
import {
  isLeaseMine,
  isLeaseServing,
  type LeaseEvent,
  type LeaseState,
  leaseDeadline,
  leaseTransition,
} from "./lease-lifecycle.ts";
import type { LeaseStore, LiveNode } from "./lease-store.ts";
import { placeAccount } from "./placement.ts";

/** What the node does when it gains or loses an account (src/cluster/index.ts wires these). */
export interface OwnershipHooks {
  /** The lease was acquired: start the account's session (and its EA). */
  start(accountId: string, epoch: number): Promise<void>;
  /** Stop the account's session (and its EA) here; `lost`: the lease is already gone. */
  stop(accountId: string, reason: "lost" | "hand_over"): Promise<void>;
  /** A lease changed hands (announce it to the other nodes). */
  announce(accountId: string, holder: string | null, epoch: number): void;
  /** Nodes that stopped heart-beating since the last look. */
  nodesDied(nodes: readonly string[]): void;
  /** Counted lease changes (metrics). */
  changed?(change: "acquired" | "lost" | "released" | "handed_over"): void;
}

export interface OwnershipOptions {
  readonly nodeId: string;
  readonly advertiseUrl: string;
  /** This boot's id (replaced by setBoot with the services' holder boot). */
  readonly boot: string;
  readonly ttlMs: number;
  readonly store: LeaseStore;
  readonly hooks: OwnershipHooks;
  readonly logger: Logger;
  /** A monotonic clock, ms (default performance.now). */
  readonly now?: () => number;
}

interface Local {
  state: LeaseState;
  epoch: number;
  /** Local monotonic deadline of the lease (see leaseDeadline). */
  deadline: number;
}

/** Acquisitions run this many at a time (a node taking over thousands of accounts). */
const ACQUIRE_PARALLEL = 16;
/** Acquisitions per round; the rest wait for the next round (run at once). */
const ACQUIRE_PER_ROUND = 256;
/**
 * Rounds between two reads of the whole lease table when nothing announced a change: a safety
 * net. Changes that matter are announced (a lease freed or taken, an account added or removed)
 * or seen in the live set (a node joined, left, drained or restarted), and those trigger a read.
 */
const FULL_VIEW_EVERY = 10;

export class Ownership {
  private readonly local = new Map<string, Local>();
  /** The holder and epoch of every account as last read or announced. */
  private readonly owners = new Map<string, { holder: string | null; epoch: number }>();
  private live: LiveNode[] = [];
  private liveIds = new Set<string>();
  private draining = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private readonly now: () => number;
  private readonly marginMs: number;
  private healthy = false;
  /** The next round reads the whole lease table (see FULL_VIEW_EVERY). */
  private viewWanted = true;
  /** Rounds read the whole table until then (monotonic ms): set when the live set changes. */
  private viewUntil = 0;
  private roundsSinceView = 0;
  /** The live set as of the last round (node, boot, draining), to see it change. */
  private liveSignature = "";
  /** The local deadline of the last heartbeat that came back: every lease of the node lives by it. */
  private heartbeatDeadline = 0;
  private readonly period: number;

  constructor(private readonly opts: OwnershipOptions) {
    this.now = opts.now ?? (() => performance.now());
    this.boot = opts.boot;
    this.marginMs = Math.max(100, Math.floor(opts.ttlMs / 4));
    this.period = Math.max(100, Math.floor(opts.ttlMs / 4));
  }

  /** The boot id the heartbeat carries (set before `start`). */
  setBoot(boot: string): void {
    this.boot = boot;
  }

  private boot: string;

  get nodeId(): string {
    return this.opts.nodeId;
  }

  /** Runs the first round (so routes know the owners), then one every TTL/4. */
  async start(): Promise<void> {
    await this.tick();
    const period = this.period;
    this.timer = setInterval(() => {
      void this.beat();
      this.kick(false);
    }, period);
    this.watchdog = setInterval(() => this.expireOverdue(), Math.max(50, Math.floor(period / 4)));
  }

  /**
   * Runs a round soon; `changed` (the default: a lease or an account changed somewhere) makes it
   * read the whole lease table, the periodic rounds only heart-beat and renew.
   */
  kick(changed = true): void {
    if (changed) {
      this.viewWanted = true;
    }
    if (this.draining) {
      return; // a draining node takes nothing and must not heart-beat after it left
    }
    if (this.ticking) {
      this.again = true;
      return;
    }
    void this.tick();
  }

  /** Whether the last round reached the database (readiness). */
  get isHealthy(): boolean {
    return this.healthy;
  }

  /** Session starts in flight, per account (acquired, its session not opened here yet). */
  private readonly starting = new Map<string, Promise<void>>();

  /** Resolves once the account's session, acquired here, has been opened (null: nothing to wait). */
  ready(accountId: string): Promise<void> | null {
    return this.starting.get(accountId) ?? null;
  }

  /** Whether this node serves the account now, at `epoch` when given. */
  isServing(accountId: string, epoch?: number): boolean {
    const l = this.local.get(accountId);
    return (
      l !== undefined &&
      isLeaseServing(l.state) &&
      this.now() < l.deadline &&
      (epoch === undefined || epoch === l.epoch)
    );
  }

  /** The account's owner as this node knows it (itself when serving). */
  ownerOf(accountId: string): { holder: string | null; epoch: number } {
    const l = this.local.get(accountId);
    if (l && isLeaseServing(l.state) && this.now() < l.deadline) {
      return { holder: this.opts.nodeId, epoch: l.epoch };
    }
    const o = this.owners.get(accountId);
    if (o && o.holder === this.opts.nodeId) {
      return { holder: null, epoch: o.epoch }; // ours in the table, but not serving (yet / any more)
    }
    return o ?? { holder: null, epoch: 0 };
  }

  /** Re-reads one account's lease (a forwarded call was refused as stale). */
  async refresh(accountId: string): Promise<{ holder: string | null; epoch: number }> {
    const row = await this.opts.store.one(accountId);
    const o = row ?? { holder: null, epoch: 0 };
    this.noteOwner(accountId, o.holder, o.epoch);
    return this.ownerOf(accountId);
  }

  /** Another node announced a lease change. */
  noteOwner(accountId: string, holder: string | null, epoch: number): void {
    const known = this.owners.get(accountId);
    if (!known || epoch >= known.epoch) {
      this.owners.set(accountId, { holder, epoch });
    }
  }

  /** The account is gone: forget it (its session is stopped by the caller). */
  forget(accountId: string): void {
    const l = this.local.get(accountId);
    this.owners.delete(accountId);
    if (l && isLeaseMine(l.state)) {
      this.local.delete(accountId);
      void this.opts.hooks.stop(accountId, "lost");
    }
  }

  liveNodes(): readonly LiveNode[] {
    return this.live;
  }

  /** Whether a holder `<node>/<boot>` is a live node's current boot. */
  isHolderAlive(holder: string): boolean {
    const slash = holder.lastIndexOf("/");
    const node = holder.slice(0, slash);
    const boot = holder.slice(slash + 1);
    return this.live.some((n) => n.nodeId === node && n.boot === boot);
  }

  /** Accounts this node serves, with their epochs. */
  served(): Array<{ accountId: string; epoch: number }> {
    const out: Array<{ accountId: string; epoch: number }> = [];
    for (const [accountId, l] of this.local) {
      if (isLeaseServing(l.state)) {
        out.push({ accountId, epoch: l.epoch });
      }
    }
    return out;
  }

  /** Every account's known holder (for /admin/cluster). */
  allOwners(): ReadonlyMap<string, { holder: string | null; epoch: number }> {
    const merged = new Map(this.owners);
    for (const { accountId, epoch } of this.served()) {
      merged.set(accountId, { holder: this.opts.nodeId, epoch });
    }
    return merged;
  }

  /**
   * SIGTERM: stop taking leases, hand every held one over (session stopped first, then the
   * lease released, so the next owner never overlaps), and leave the live set.
   */
  async drain(): Promise<void> {
    this.draining = true; // no more rounds; the heartbeat goes on (it keeps the leases) until left
    await this.ticking;
    await this.beat();
    const mine = [...this.local.entries()].filter(([, l]) => isLeaseMine(l.state));
    await Promise.all(mine.map(([id]) => this.handOver(id)));
    this.stop();
    await this.beating;
    await this.opts.store.leave().catch(() => undefined);
  }

  /** Stops the loops (the process is exiting). */
  stop(): void {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    if (this.watchdog) {
      clearInterval(this.watchdog);
      this.watchdog = null;
    }
  }

  // --- the loop ---------------------------------------------------------------------------------

  /** Takes in the live set just read: nodes that died, and whether it changed. */
  private noteLive(live: LiveNode[]): void {
    const ids = new Set(live.map((n) => n.nodeId));
    const signature = live.map((n) => `${n.nodeId}/${n.boot}/${n.draining}`).join(",");
    if (signature !== this.liveSignature) {
      // A node joined, left, drained or restarted: accounts move, and a dead node's leases
      // expire up to a TTL after it stopped heart-beating; read the table until they have.
      this.liveSignature = signature;
      this.viewUntil = this.now() + this.opts.ttlMs + 2 * this.period;
    }
    const died = [...this.liveIds].filter((n) => !ids.has(n));
    this.live = live;
    this.liveIds = ids;
    if (died.length > 0) {
      this.opts.hooks.nodesDied(died);
    }
  }

  private move(accountId: string, l: Local, event: LeaseEvent): boolean {
    const next = leaseTransition(l.state, event);
    if (next === null) {
      this.opts.logger.error(
        { accountId, from: l.state, event },
        "illegal lease transition refused",
      );
      return false;
    }
    l.state = next;
    return true;
  }

  private tick(): Promise<void> {
    this.ticking = this.round()
      .then(
        () => {
          this.healthy = true;
        },
        (err: unknown) => {
          this.healthy = false;
          this.opts.logger.warn({ err: String(err) }, "cluster lease round failed");
        },
      )
      .finally(() => {
        this.ticking = null;
        if (this.again && !this.draining) {
          this.again = false;
          this.kick();
        }
      });
    return this.ticking;
  }

  private async round(): Promise<void> {
    const { store } = this.opts;
    await this.beat();
    if (this.now() >= this.heartbeatDeadline) {
      throw new Error("the node's heartbeat was not renewed");
    }
    this.noteLive(await store.liveNodes());
    this.roundsSinceView += 1;
    if (
      !this.viewWanted &&
      this.now() >= this.viewUntil &&
      this.roundsSinceView < FULL_VIEW_EVERY
    ) {
      return; // nothing changed: the leases held are renewed, no account moves
    }
    this.viewWanted = false;
    this.roundsSinceView = 0;
    const view = await store.view();
    // The live set read again after the view, so it is at least as recent as the view's holders
    // (a node whose leases the view shows free has left it too).
    this.noteLive(await store.liveNodes());
    const ids = this.liveIds;
    // Place every account on the live, non-draining nodes.
    const targets = this.live.filter((n) => !n.draining).map((n) => n.nodeId);
    const wanted: string[] = [];
    const seen = new Set<string>();
    for (const { accountId, holder, epoch } of view) {
      seen.add(accountId);
      const l = this.local.get(accountId);
      if (!l || !isLeaseMine(l.state)) {
        this.noteOwner(accountId, holder, epoch);
      }
      if (holder !== null && !ids.has(holder)) {
        this.viewWanted = true; // a dead node's lease, not expired yet: look again next round
      }
      const target = placeAccount(accountId, targets);
      if (l && isLeaseServing(l.state)) {
        if (holder !== this.opts.nodeId || epoch !== l.epoch) {
          this.lose(accountId, l); // the table says it is not ours (any more) at our epoch
        } else if (target !== null && target !== this.opts.nodeId) {
          void this.handOver(accountId);
        }
        continue;
      }
      if (
        holder === this.opts.nodeId &&
        target !== this.opts.nodeId &&
        (!l || l.state === "free")
      ) {
        void this.releaseLeftover(accountId, epoch); // an earlier boot's, now another node's
        continue;
      }
      // Free, or this node's own from an earlier boot (this boot does not serve it): take it.
      if (
        target === this.opts.nodeId &&
        !this.draining &&
        (holder === null || holder === this.opts.nodeId) &&
        (!l || l.state === "free")
      ) {
        wanted.push(accountId);
      }
    }
    for (const accountId of [...this.owners.keys()]) {
      if (!seen.has(accountId)) {
        this.forget(accountId); // deleted
      }
    }
    // At most ACQUIRE_PER_ROUND per round (a node taking over thousands of accounts): the round
    // stays short, and the next one takes the rest.
    const batch = wanted.slice(0, ACQUIRE_PER_ROUND);
    for (let i = 0; i < batch.length; i += ACQUIRE_PARALLEL) {
      await Promise.all(batch.slice(i, i + ACQUIRE_PARALLEL).map((id) => this.acquire(id)));
    }
    if (wanted.length > batch.length) {
      this.again = true;
      this.viewWanted = true;
    }
  }

  /**
   * Renews the node's heartbeat, which keeps every lease it holds: their local deadlines move to
   * the heartbeat's. Runs on its own timer too, so a long round (thousands of acquisitions) never
   * starves it. A heartbeat that does not come back leaves the deadlines where they were, and the
   * watchdog stops serving at them.
   */
  private beating: Promise<void> | null = null;
  private beat(): Promise<void> {
    this.beating ??= (async () => {
      const sentAt = this.now();
      const continuous = await this.opts.store.heartbeat(
        this.opts.advertiseUrl,
        this.boot,
        this.draining,
      );
      const deadline = leaseDeadline(sentAt, this.opts.ttlMs, this.marginMs);
      this.heartbeatDeadline = Math.max(this.heartbeatDeadline, deadline);
      for (const [accountId, l] of this.local) {
        if (!isLeaseMine(l.state)) {
          continue;
        }
        if (continuous) {
          l.deadline = Math.max(l.deadline, deadline);
          this.move(accountId, l, "renewed");
        } else {
          // The node looked dead for a while (a stall): any of its leases may be another's now.
          this.lose(accountId, l);
        }
      }
    })()
      .catch((err: unknown) => {
        this.opts.logger.warn({ err: String(err) }, "cluster heartbeat failed");
      })
      .finally(() => {
        this.beating = null;
      });
    return this.beating;
  }

  /** Frees a lease an earlier boot of this node held, for the node the account belongs to now. */
  private async releaseLeftover(accountId: string, epoch: number): Promise<void> {
    if (await this.opts.store.release(accountId, epoch).catch(() => false)) {
      this.owners.set(accountId, { holder: null, epoch });
      this.opts.hooks.changed?.("released");
      this.opts.hooks.announce(accountId, null, epoch);
    }
  }

  private async acquire(accountId: string): Promise<void> {
    let l = this.local.get(accountId);
    if (!l) {
      l = { state: "free", epoch: 0, deadline: 0 };
      this.local.set(accountId, l);
    }
    if (!this.move(accountId, l, "acquire")) {
      return;
    }
    let epoch: number | null = null;
    try {
      epoch = await this.opts.store.acquire(accountId);
    } catch (err) {
      this.opts.logger.warn({ err: String(err), accountId }, "lease acquisition failed");
    }
    if (epoch === null) {
      this.move(accountId, l, "refused");
      return;
    }
    l.epoch = epoch;
    // The lease lives by the node's heartbeat: its deadline is the last heartbeat's.
    l.deadline = this.heartbeatDeadline;
    this.move(accountId, l, "acquired");
    this.owners.set(accountId, { holder: this.opts.nodeId, epoch });
    this.opts.hooks.changed?.("acquired");
    this.opts.hooks.announce(accountId, this.opts.nodeId, epoch);
    // The session starts in the background: the round (and the next acquisitions) go on, and
    // calls that arrive meanwhile wait for it (ready).
    const started: Promise<void> = this.opts.hooks
      .start(accountId, epoch)
      .catch((err: unknown) => {
        this.opts.logger.error(
          { err: String(err), accountId },
          "session start after acquisition failed",
        );
      })
      .finally(() => {
        if (this.starting.get(accountId) === started) {
          this.starting.delete(accountId);
        }
      });
    this.starting.set(accountId, started);
  }

  /** Stops the session, then releases the lease (the next owner never overlaps this one). */
  private async handOver(accountId: string): Promise<void> {
    const l = this.local.get(accountId);
    if (!l || !this.move(accountId, l, "hand_over")) {
      return;
    }
    try {
      await this.opts.hooks.stop(accountId, "hand_over");
    } catch (err) {
      this.opts.logger.error({ err: String(err), accountId }, "session stop for hand-over failed");
    }
    if (l.state !== "releasing") {
      return; // lost meanwhile
    }
    const released = await this.opts.store.release(accountId, l.epoch).catch(() => false);
    this.move(accountId, l, "released");
    this.owners.set(accountId, { holder: null, epoch: l.epoch });
    if (released) {
      this.opts.hooks.changed?.("handed_over");
      this.opts.hooks.announce(accountId, null, l.epoch);
    }
  }

  private lose(accountId: string, l: Local): void {
    const wasServing = isLeaseServing(l.state);
    if (!this.move(accountId, l, "lost")) {
      return;
    }
    this.owners.delete(accountId);
    // Unannounced: whoever takes it next (this node, maybe) sees it free once it has expired.
    this.viewUntil = Math.max(this.viewUntil, this.now() + this.opts.ttlMs + 2 * this.period);
    this.opts.hooks.changed?.("lost");
    this.opts.logger.warn({ accountId, epoch: l.epoch }, "account lease lost; session stopped");
    if (wasServing) {
      void this.opts.hooks.stop(accountId, "lost");
    }
  }

  /** Leases whose renewal did not come back before their deadline stop serving now. */
  private expireOverdue(): void {
    const now = this.now();
    for (const [accountId, l] of this.local) {
      if (isLeaseServing(l.state) && now >= l.deadline) {
        this.lose(accountId, l);
      }
    }
  }
}
