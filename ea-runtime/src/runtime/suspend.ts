/**
 * Sleep for compiled MQL5: a handler that (transitively) calls Sleep is compiled to a generator
 * that yields the milliseconds to sleep. The runtime then returns from the event at once with
 * `Outcome.sleep`, keeping the generator; the host sends a `resume` event when the time is up
 * and the handler continues where it stopped. No host thread is held and the sleep does not
 * count against the handler's time limit.
 *
 * Owns: the suspended handler, and the events that arrive meanwhile — their snapshots are
 * applied at once (the EA sees fresh prices after Sleep, as in MT5) while their handlers wait
 * in order (ticks and timers coalesced, as MT5 keeps at most one of each queued), to run after
 * the suspended handler has finished. OnInit, OnDeinit and OnTester are run to the end at once
 * (a Sleep there returns immediately).
 * Must not import anything outside ea-runtime/src/runtime.
 */

/** A generator made by a compiled handler. */
export interface HandlerRun {
  next(): { done?: boolean; value: unknown };
  return(value?: unknown): unknown;
}

export function isHandlerRun(v: unknown): v is HandlerRun {
  return (
    typeof v === "object" &&
    v !== null &&
    typeof Reflect.get(v, "next") === "function" &&
    typeof Reflect.get(v, "return") === "function" &&
    typeof Reflect.get(v, "throw") === "function"
  );
}

/** A handler call waiting for the suspended one. */
export interface DeferredCall {
  readonly type: string;
  readonly run: () => unknown;
}

export class Suspension {
  private current: HandlerRun | undefined;
  private readonly waiting: DeferredCall[] = [];

  get suspended(): boolean {
    return this.current !== undefined;
  }

  /**
   * Starts a handler's result: a plain value is done; a generator runs to its first Sleep.
   * Returns the milliseconds to sleep, or undefined when the handler finished.
   */
  start(result: unknown): number | undefined {
    if (!isHandlerRun(result)) {
      return undefined;
    }
    this.current = result;
    return this.step();
  }

  /** Runs a handler's result to its end, sleeps skipped (OnInit, OnDeinit, OnTester). */
  finish(result: unknown): unknown {
    if (!isHandlerRun(result)) {
      return result;
    }
    for (;;) {
      const r = result.next();
      if (r.done) {
        return r.value;
      }
    }
  }

  /** Continues the suspended handler; then runs waiting calls until one sleeps. */
  resume(): number | undefined {
    if (this.current) {
      const ms = this.step();
      if (ms !== undefined) {
        return ms;
      }
    }
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      const ms = this.start(next.run());
      if (ms !== undefined) {
        return ms;
      }
    }
    return undefined;
  }

  /** Queues a handler call while suspended; a tick or timer already waiting is not doubled. */
  defer(call: DeferredCall): void {
    if (
      (call.type === "tick" || call.type === "timer") &&
      this.waiting.some((w) => w.type === call.type)
    ) {
      return;
    }
    this.waiting.push(call);
  }

  /** Abandons the suspended handler and what waits (deinit). */
  abandon(): void {
    const c = this.current;
    this.current = undefined;
    this.waiting.length = 0;
    c?.return(undefined);
  }

  private step(): number | undefined {
    const c = this.current;
    if (!c) {
      return undefined;
    }
    let r: { done?: boolean; value: unknown };
    try {
      r = c.next();
    } catch (e) {
      this.current = undefined;
      throw e;
    }
    if (r.done) {
      this.current = undefined;
      return undefined;
    }
    const ms = Number(r.value);
    return Number.isFinite(ms) && ms > 0 ? Math.trunc(ms) : 0;
  }
}
