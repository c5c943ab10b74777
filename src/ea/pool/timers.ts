// An instance's EventSetTimer timer: at most one interval per instance, replaced by a new
// EventSetTimer, removed by EventKillTimer (an outcome's `timer: null`) or when the run ends.

import type { Outcome } from "../protocol.ts";

/** Shortest period the pool runs, ms. */
const MIN_PERIOD_MS = 10;

export class EaTimer {
  private handle: ReturnType<typeof setInterval> | undefined;
  private period: number | undefined;

  /** @param fire called on every period (the pool queues a timer event). */
  constructor(private readonly fire: () => void) {}

  /** The active period, seconds; undefined when no timer runs. */
  get seconds(): number | undefined {
    return this.period;
  }

  /** Applies an outcome's `timer`: absent = unchanged, null = kill, `{ seconds }` = (re)set. */
  apply(timer: Outcome["timer"]): void {
    if (timer === null) {
      this.clear();
    } else if (timer) {
      this.clear();
      this.period = timer.seconds;
      this.handle = setInterval(this.fire, Math.max(MIN_PERIOD_MS, timer.seconds * 1000));
    }
  }

  clear(): void {
    if (this.handle) {
      clearInterval(this.handle);
      this.handle = undefined;
    }
    this.period = undefined;
  }
}
