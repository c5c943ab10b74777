// Persists the runtime's Outcome.storage deltas (MQL5 global variables and files) and hands the
// stored state to the next run of an EA on the account.
//
// Instances: `load` (at launch) binds an instance to its account and EA; `record` takes every
// completion of the pool for that instance and queues its delta; the instance's `deinit`
// completion (or `forget`, when it failed) unbinds it. A load waits (at most `handoverMs`) until
// the account's earlier instances are unbound and their writes done, so a run started while the
// previous one is still in OnDeinit, or right after, reads everything the previous one wrote.
//
// Writes are queued per account and run one at a time, in order: deltas that arrive while a
// write runs are merged (src/ea/storage-wire.ts) and go in the next transaction, so a chatty EA
// costs one write in flight, not one per event. A failed write stays queued and is retried (1 s,
// doubling up to 30 s); `close` tries what is left once more, then gives up with an error line.
// Nothing crosses accounts: one account's writes never wait for another's.
import type { Completion } from "../../ea/protocol.ts";
import { mergeStorageDeltas, type StorageDelta } from "../../ea/storage-wire.ts";
import type { ServiceDeps } from "../deps.ts";
import { EaStorageStore, type StoredState } from "./storage-store.ts";

interface Pending {
  eaId: string;
  delta: StorageDelta;
}

interface Binding {
  accountId: string;
  eaId: string;
  /** Resolves when the instance is unbound. */
  done: Promise<void>;
  unbind: () => void;
}

export interface EaStorageWriterOptions {
  /** Bytes each file store may hold (LoadMeta.storage.quotaBytes). */
  quotaBytes: number;
  /** First retry delay after a failed write, ms (doubles up to 30 s). Default 1000. */
  retryMs?: number;
  /** Longest wait of a load for the account's earlier instance to finish, ms. Default 10000. */
  handoverMs?: number;
}

export class EaStorageWriter {
  private readonly store: EaStorageStore;
  /** accountId → deltas not yet written, oldest first (consecutive ones of one EA merged). */
  private readonly queues = new Map<string, Pending[]>();
  /** accountId → the running write loop. */
  private readonly running = new Map<string, Promise<void>>();
  /** instanceId → its account and EA, while it may still report changes. */
  private readonly bindings = new Map<string, Binding>();
  private closed = false;
  /** Wakes the loops waiting to retry (close). */
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly deps: Pick<ServiceDeps, "db" | "logger">,
    private readonly opts: EaStorageWriterOptions,
  ) {
    this.store = new EaStorageStore(deps.db);
  }

  /**
   * LoadMeta.storage for instance `instanceId` of EA `eaId` on the account, read after the
   * account's earlier instances finished and their writes are done; binds the instance.
   */
  async load(
    instanceId: string,
    accountId: string,
    eaId: string,
  ): Promise<StoredState & { quotaBytes: number }> {
    const earlier = [...this.bindings.entries()]
      .filter(([id, b]) => id !== instanceId && b.accountId === accountId)
      .map(([, b]) => b.done);
    if (earlier.length > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.all(earlier),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, this.opts.handoverMs ?? 10_000);
        }),
      ]);
      clearTimeout(timer);
    }
    await this.settled(accountId);
    const state = await this.store.load(accountId, eaId);
    this.forget(instanceId);
    let unbind = (): void => {};
    const done = new Promise<void>((resolve) => {
      unbind = resolve;
    });
    this.bindings.set(instanceId, { accountId, eaId, done, unbind });
    return { ...state, quotaBytes: this.opts.quotaBytes };
  }

  /** A completion of the pool for an instance: its delta is queued; `deinit` unbinds it. */
  record(instanceId: string, eventType: string, c: Completion): void {
    const b = this.bindings.get(instanceId);
    if (!b) {
      return;
    }
    const outcome = c.result === "ok" || c.result === "error" ? c.outcome : undefined;
    if (outcome?.storage) {
      this.queue(b.accountId, b.eaId, outcome.storage);
    }
    if (eventType === "deinit") {
      this.forget(instanceId);
    }
  }

  /** The instance ended without a deinit completion (a failure): unbinds it. */
  forget(instanceId: string): void {
    const b = this.bindings.get(instanceId);
    if (b) {
      this.bindings.delete(instanceId);
      b.unbind();
    }
  }

  /** Queues a delta of EA `eaId` on the account. */
  queue(accountId: string, eaId: string, delta: StorageDelta): void {
    if (!delta.globals?.length && !delta.files?.length) {
      return;
    }
    const queue = this.queues.get(accountId) ?? [];
    const last = queue[queue.length - 1];
    if (last && last.eaId === eaId && queue.length > 1) {
      // The head may be being written: only merge into entries behind it.
      last.delta = mergeStorageDeltas(last.delta, delta) ?? last.delta;
    } else {
      queue.push({ eaId, delta });
    }
    this.queues.set(accountId, queue);
    this.kick(accountId);
  }

  /** Resolves when the account has nothing queued (or its writes gave up). */
  async settled(accountId: string): Promise<void> {
    for (;;) {
      const loop = this.running.get(accountId);
      if (!loop) {
        return;
      }
      await loop;
    }
  }

  /** Writes what is queued (one more try for failed writes) and stops retrying. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.wakers) {
      wake();
    }
    for (const accountId of this.queues.keys()) {
      this.kick(accountId);
    }
    await Promise.all([...this.running.keys()].map((a) => this.settled(a)));
  }

  private kick(accountId: string): Promise<void> | undefined {
    if (this.running.has(accountId)) {
      return this.running.get(accountId);
    }
    const loop = this.drain(accountId).finally(() => {
      this.running.delete(accountId);
      if (this.queues.get(accountId)?.length) {
        this.kick(accountId);
      }
    });
    this.running.set(accountId, loop);
    return loop;
  }

  private async drain(accountId: string): Promise<void> {
    let delay = this.opts.retryMs ?? 1000;
    for (;;) {
      const queue = this.queues.get(accountId);
      const head = queue?.[0];
      if (!queue || !head) {
        this.queues.delete(accountId);
        return;
      }
      try {
        await this.store.apply(accountId, head.eaId, head.delta);
        queue.shift();
        delay = this.opts.retryMs ?? 1000;
      } catch (err) {
        if (this.closed) {
          this.deps.logger.error(
            { accountId, eaId: head.eaId, err: String(err) },
            "EA global variables/files not saved; dropped at shutdown",
          );
          this.queues.delete(accountId);
          return;
        }
        this.deps.logger.warn(
          { accountId, eaId: head.eaId, err: String(err), retryMs: delay },
          "EA global variables/files not saved; retrying",
        );
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            clearTimeout(timer);
            this.wakers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, delay);
          this.wakers.add(wake);
        });
        delay = Math.min(delay * 2, 30_000);
      }
    }
  }
}
