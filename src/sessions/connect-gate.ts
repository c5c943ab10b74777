// At most so many broker logins in flight at once. A node that takes over thousands of accounts
// (a failover, a restart of the cluster) would otherwise send every login together: the broker
// queues them, those queued past the connector's 10 s timeout fail and back off (up to 60 s),
// and their abandoned logins still cost the broker (a password hash each), so the logins that
// follow time out too — minutes of plateaus measured with 10,000 accounts. Through the gate the
// sessions wait their turn without a timeout running, and every login sent is answered in time.
// Pure: no I/O, no timers.

export class ConnectGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`the gate needs a limit of at least 1, got ${limit}`);
    }
  }

  /** Logins in flight, and waiting for a turn. */
  get inFlight(): number {
    return this.active;
  }
  get queued(): number {
    return this.waiting.length;
  }

  /** Waits for a turn; the function returned ends it (calling it again does nothing). */
  acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      const start = () => {
        this.active += 1;
        let released = false;
        resolve(() => {
          if (released) {
            return;
          }
          released = true;
          this.active -= 1;
          this.waiting.shift()?.();
        });
      };
      if (this.active < this.limit) {
        start();
      } else {
        this.waiting.push(start);
      }
    });
  }
}
