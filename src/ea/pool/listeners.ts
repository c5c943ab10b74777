// Subscriber lists for the pool's notifications (instance errors, completed events): a listener
// that throws is logged and does not stop the others.

import type { PoolLogger } from "./logger.ts";

export class ListenerSet<Args extends unknown[]> {
  private readonly listeners = new Set<(...args: Args) => void>();

  /** @param failureMessage logged when a listener throws. */
  constructor(
    private readonly logger: PoolLogger,
    private readonly failureMessage: string,
  ) {}

  /** Adds a listener; returns its removal. */
  add(listener: (...args: Args) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(...args: Args): void {
    for (const l of this.listeners) {
      try {
        l(...args);
      } catch (err) {
        this.logger.error({ err: String(err) }, this.failureMessage);
      }
    }
  }
}
