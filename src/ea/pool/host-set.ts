// The pool's K host slots: one HostProcess per slot, replaced after an unexpected exit with a
// backoff that grows with the crashes of the last minute; no restarts once shut down.

import { HostProcess, type HostProcessConfig } from "./host-process.ts";
import type { PoolLogger } from "./logger.ts";

/** Crashes older than this no longer lengthen the restart delay. */
const CRASH_WINDOW_MS = 60_000;

/** Delay before restarting a host after the `recentCrashes`-th crash in the window: 50 ms,
 * doubling per crash, at most 5 s. */
export function restartDelayMs(recentCrashes: number): number {
  return Math.min(5000, 50 * 2 ** Math.min(recentCrashes - 1, 7));
}

export class HostSet {
  private readonly hosts: HostProcess[] = [];
  private readonly crashes: number[] = [];
  private shuttingDown = false;

  /**
   * @param onHostLost called when the current host of a slot exits (before its restart is
   *   scheduled), to settle the instances it held.
   */
  constructor(
    count: number,
    private readonly config: HostProcessConfig,
    private readonly logger: PoolLogger,
    private readonly onHostLost: (host: HostProcess) => void,
  ) {
    for (let slot = 0; slot < Math.max(1, count); slot++) {
      this.hosts.push(this.spawn(slot));
    }
  }

  /** The current host of every slot (alive or not), by slot. */
  list(): readonly HostProcess[] {
    return this.hosts;
  }

  /** Resolves when every slot has a ready host; throws after `timeoutMs`. */
  async ready(timeoutMs = 15_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const states = await Promise.all(this.hosts.map((h) => (h.alive ? h.ready : false)));
      if (states.every(Boolean)) {
        return;
      }
      if (performance.now() > deadline) {
        throw new Error("EA hosts did not become ready");
      }
      await Bun.sleep(20);
    }
  }

  /** Stops restarting, says `bye` to every live host and waits for them to exit. */
  async shutdown(graceMs: number): Promise<void> {
    this.shuttingDown = true;
    await Promise.all(this.hosts.map((h) => h.shutdown(graceMs)));
  }

  private spawn(slot: number): HostProcess {
    return new HostProcess(slot, this.config, (host, code) => this.exited(host, code));
  }

  private exited(host: HostProcess, code: number | null): void {
    if (this.hosts[host.slot] !== host) {
      return;
    }
    const unexpected = !this.shuttingDown;
    if (unexpected) {
      this.logger.error(
        { slot: host.slot, pid: host.pid, code, unresponsive: host.killedUnresponsive },
        "EA host exited; restarting",
      );
    }
    this.onHostLost(host);
    if (unexpected) {
      const now = performance.now();
      this.crashes.push(now);
      while (this.crashes.length > 0 && (this.crashes[0] ?? now) < now - CRASH_WINDOW_MS) {
        this.crashes.shift();
      }
      setTimeout(() => {
        if (!this.shuttingDown && this.hosts[host.slot] === host) {
          this.hosts[host.slot] = this.spawn(host.slot);
        }
      }, restartDelayMs(this.crashes.length));
    }
  }
}
