// The daily usage snapshot job: at the configured UTC time (`TAS_SNAPSHOT_TIME_UTC`) it stores
// one snapshot per admin for the day's slot (src/domain/schedule.ts owns the slot arithmetic).
//
// Exactly once per day per admin, with any number of nodes and restarts: the slot key depends
// only on the time, and the (admin_id, slot_key) unique index lets one insert per slot win
// (src/services/usage.ts takeScheduled). This class only decides when to try: `runDue()` runs
// the job when the slot in force has not been run by this instance yet — so the first call after
// a start always tries, which takes a slot missed while the service was down (and is a no-op if
// another node already filled it). Slots older than the one in force are not back-filled: usage
// in the past cannot be measured now.
//
// The timer wakes at the next scheduled instant, or within the hour if that is later (so a
// wall-clock jump is noticed), is unref'd (it never keeps the process alive), and `stop()`
// clears it and waits for a run in progress. Time comes only from the injected clock.

import { dailySlot, isDue, nextRunAt } from "../domain/schedule.ts";
import type { Logger } from "../logging/logger.ts";
import type { Clock } from "./deps.ts";
import type { UsageService } from "./usage.ts";

/** Longest sleep between two checks, in ms. */
const MAX_SLEEP_MS = 60 * 60_000;
/** Delay before retrying after a failed run, in ms. */
const RETRY_MS = 60_000;

export interface SnapshotSchedulerOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Minutes after UTC midnight of the daily run (parseDailyTime of the config). */
  readonly minutesUtc: number;
}

/** What one `runDue()` call did. */
export type SchedulerRun =
  | { readonly ran: false }
  | { readonly ran: true; readonly slotKey: string; readonly stored: number };

export class SnapshotScheduler {
  /** The latest slot this instance has run (null until the first run). */
  private lastSlotKey: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<SchedulerRun> | null = null;
  private stopped = true;

  constructor(
    private readonly usage: UsageService,
    private readonly options: SnapshotSchedulerOptions,
  ) {}

  /**
   * Runs the job if the slot in force at the clock's time has not been run by this instance;
   * otherwise does nothing. Concurrent calls share one run. Throws when the job fails (the
   * slot then stays due).
   */
  runDue(): Promise<SchedulerRun> {
    this.inFlight ??= this.runOnce().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async runOnce(): Promise<SchedulerRun> {
    const now = this.options.clock.now();
    if (!isDue(now, this.options.minutesUtc, this.lastSlotKey)) {
      return { ran: false };
    }
    const { slotKey } = dailySlot(now, this.options.minutesUtc);
    const stored = await this.usage.takeScheduled(slotKey);
    this.lastSlotKey = slotKey;
    this.options.logger.info({ slotKey, stored }, "daily usage snapshots");
    return { ran: true, slotKey, stored };
  }

  /** Starts the timer; the first check runs at once (catching up a missed slot). */
  start(): void {
    if (!this.stopped) {
      return;
    }
    this.stopped = false;
    this.arm(0);
  }

  private arm(delayMs: number): void {
    if (this.stopped) {
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tick();
    }, delayMs);
    this.timer.unref();
  }

  private tick(): void {
    this.runDue().then(
      () => {
        const now = this.options.clock.now();
        const wait = nextRunAt(now, this.options.minutesUtc) - now;
        this.arm(Math.min(Math.max(wait, 0), MAX_SLEEP_MS));
      },
      (err: unknown) => {
        this.options.logger.error({ err }, "daily usage snapshots failed; retrying in a minute");
        this.arm(RETRY_MS);
      },
    );
  }

  /** Stops the timer and waits for a run in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.inFlight?.catch(() => undefined);
  }
}
