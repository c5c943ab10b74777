// One instance's event queue: one call in flight at a time, in arrival order; a tick or timer
// event queued behind one of the same type is merged into it (snapshot deltas merged).

import type { Completion } from "../protocol.ts";
import { coalesceEvents } from "../sandbox-types.ts";

type Json = Record<string, unknown>;

export type CompletionWaiter = (c: Completion) => void;
export interface BatchResult {
  completion: Completion;
  runs: number;
}

export type QueueItem =
  | { kind: "event"; event: Json; waiters: CompletionWaiter[] }
  | { kind: "batch"; events: Json[]; waiters: ((r: BatchResult) => void)[] }
  | { kind: "stop"; reason: number | null; waiters: CompletionWaiter[] };

export class InstanceQueue {
  private items: QueueItem[] = [];
  private busy = false;

  /**
   * @param run runs one item and resolves its waiters.
   * @param runFailed told when `run` rejects (the queue goes on).
   */
  constructor(
    private readonly run: (item: QueueItem) => Promise<void>,
    private readonly runFailed: (err: unknown) => void,
  ) {}

  /** Holds the queue while something outside it talks to the sandbox (OnInit). */
  hold(): void {
    this.busy = true;
  }

  /** Ends a hold; queued items wait for the next push or pump(). */
  release(): void {
    this.busy = false;
  }

  /** Queues an event. Returns true when it was merged into the tick or timer queued last. */
  pushEvent(event: Json, waiter: CompletionWaiter): boolean {
    const type = event.type;
    const last = this.items[this.items.length - 1];
    let merged = false;
    if (
      (type === "tick" || type === "timer") &&
      last?.kind === "event" &&
      last.event.type === type
    ) {
      last.event = coalesceEvents(last.event, event);
      last.waiters.push(waiter);
      merged = true;
    } else {
      this.items.push({ kind: "event", event, waiters: [waiter] });
    }
    this.pump();
    return merged;
  }

  pushBatch(events: Json[], waiter: (r: BatchResult) => void): void {
    this.items.push({ kind: "batch", events, waiters: [waiter] });
    this.pump();
  }

  pushStop(reason: number | null, waiter: CompletionWaiter): void {
    this.items.push({ kind: "stop", reason, waiters: [waiter] });
    this.pump();
  }

  /** Empties the queue, answering every waiter with `c` (a batch with 0 runs). */
  drain(c: Completion): void {
    const items = this.items.splice(0);
    for (const item of items) {
      if (item.kind === "batch") {
        for (const w of item.waiters) {
          w({ completion: c, runs: 0 });
        }
      } else {
        for (const w of item.waiters) {
          w(c);
        }
      }
    }
  }

  /** Starts the next item unless one is in flight or the queue is held. */
  pump(): void {
    if (this.busy) {
      return;
    }
    const item = this.items.shift();
    if (!item) {
      return;
    }
    this.busy = true;
    void this.run(item)
      .catch(this.runFailed)
      .finally(() => {
        this.busy = false;
        this.pump();
      });
  }
}
