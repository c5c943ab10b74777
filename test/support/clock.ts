// A controllable clock for tests: follows wall time until frozen, then moves only when told.
import type { Clock } from "../../src/services/deps.ts";

export class TestClock implements Clock {
  private frozenAt: number | null = null;

  now(): number {
    return this.frozenAt ?? Date.now();
  }

  freeze(at: number = Date.now()): this {
    this.frozenAt = at;
    return this;
  }

  advance(ms: number): void {
    this.frozenAt = this.now() + ms;
  }
}
