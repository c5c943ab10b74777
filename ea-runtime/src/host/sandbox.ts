/// <reference types="node" />
/**
 * The EA sandbox: one isolated-vm isolate per EA instance, running the runtime bundle and one
 * program, behind an interface with a closed completion type (xxscreeps' Sandbox/TickCompletion).
 *
 * Owns: isolate creation (memory limit, no globals but the bundle's), the one privileged global
 * `__host_call` (an ivm.Callback answered synchronously through ./bridge.ts), entering the
 * isolate with `applySync` once per event, wall time (isolated-vm `timeout` for time in the
 * isolate + an explicit budget for trade-call waits + the I/O thread's deadline), the log-rate
 * cap, heap statistics, and `classify` — the only place that turns isolated-vm failures into
 * completions.
 */

import { TypeCompiler } from "@sinclair/typebox/compiler";
import type IvmModule from "isolated-vm";
import {
  type Completion,
  type HeapStats,
  type Outcome,
  OutcomeSchema,
  type SandboxLimits,
} from "../../../src/ea/protocol.ts";
import { handlerOf } from "../../../src/ea/sandbox-types.ts";
import { hostCallWaitMs } from "../../../src/ea/web-request-wire.ts";
import type { CallResult } from "./bridge.ts";

type Ivm = typeof IvmModule;
type Isolate = IvmModule.Isolate;
type Reference = IvmModule.Reference;

const OutcomeCheck = TypeCompiler.Compile(OutcomeSchema);

/** The sandbox seen by the host: run events, report heap, dispose. */
export interface Sandbox {
  readonly instanceId: string;
  readonly disposed: boolean;
  run(event: Record<string, unknown>): Completion;
  heap(): HeapStats;
  dispose(): void;
}

/** Synchronous trade call: blocks the calling thread until the pool answers or the timeout. */
export type HostCaller = (
  instanceId: string,
  kind: string,
  payload: string,
  timeoutMs: number,
) => CallResult;

/** Publishes the wall-clock deadline of the current call to the watchdog (0 = idle). */
export type DeadlineSink = (epochMs: number) => void;

export interface SandboxOptions {
  ivm: Ivm;
  bundle: string;
  /** Compiled-code cache of the bundle (produced by the first isolate of the host). */
  bundleCache: { data?: IvmModule.ExternalCopy<ArrayBuffer> };
  instanceId: string;
  limits: SandboxLimits;
  hostCall: HostCaller;
  deadline: DeadlineSink;
  onCatastrophic: (message: string) => void;
}

/** Globals removed before the bundle runs: shared memory/blocking waits and wasm. */
const REMOVED_GLOBALS = ["Atomics", "SharedArrayBuffer", "WebAssembly"];

interface CurrentCall {
  handler: string;
  limitMs: number;
  /** performance.now() at entry. */
  start: number;
  /** ms spent waiting on answered trade calls (not charged to the handler). */
  waited: number;
  /** Set when a trade call got no answer in time (its kind). */
  overrun?: string;
}

const nowMs = (): number => performance.now();

/** Creates a sandbox and loads the program; the sandbox is undefined when loading failed. */
export function createIsolatedSandbox(
  options: SandboxOptions,
  programJs: string,
  meta: Record<string, unknown>,
): { sandbox: IsolatedSandbox | undefined; completion: Completion } {
  const sandbox = new IsolatedSandbox(options);
  const completion = sandbox.load(programJs, meta);
  if (completion.result !== "ok" || !completion.outcome.ok) {
    sandbox.dispose();
    return {
      sandbox: undefined,
      completion:
        completion.result === "ok"
          ? {
              result: "error",
              message: completion.outcome.error?.message ?? "load failed",
              outcome: completion.outcome,
            }
          : completion,
    };
  }
  return { sandbox, completion };
}

export class IsolatedSandbox implements Sandbox {
  readonly instanceId: string;
  private readonly isolate: Isolate;
  private readonly ivm: Ivm;
  private readonly options: SandboxOptions;
  private dispatchRef: Reference | undefined;
  private loadRef: Reference | undefined;
  private current: CurrentCall | undefined;
  private catastrophic: string | undefined;
  private logWindowSecond = 0;
  private logLinesInWindow = 0;
  private isDisposed = false;

  constructor(options: SandboxOptions) {
    this.options = options;
    this.ivm = options.ivm;
    this.instanceId = options.instanceId;
    this.isolate = new options.ivm.Isolate({
      memoryLimit: options.limits.memoryMb,
      onCatastrophicError: (message: string) => {
        this.catastrophic = message;
        options.onCatastrophic(message);
      },
    });
  }

  get disposed(): boolean {
    return this.isDisposed || this.isolate.isDisposed;
  }

  /** Evaluates the bundle and runs `__tas.load(programJs, meta)` (top-level user code). */
  load(programJs: string, meta: Record<string, unknown>): Completion {
    const { ivm, isolate, options } = this;
    const limitMs = options.limits.loadWallMs;
    return this.enter("load", limitMs, () => {
      const context = isolate.createContextSync();
      const jail = context.global;
      for (const name of REMOVED_GLOBALS) {
        jail.deleteSync(name);
      }
      jail.setSync(
        "__host_call",
        new ivm.Callback((kind: unknown, payload: unknown) => this.onHostCall(kind, payload)),
      );
      const cached = options.bundleCache.data;
      const script = isolate.compileScriptSync(options.bundle, {
        filename: "ea-runtime.js",
        ...(cached ? { cachedData: cached } : { produceCachedData: true }),
      });
      // compileScriptSync returns Script & CachedDataResult; the typings only say Script.
      const produced: unknown = Reflect.get(script, "cachedData");
      if (!cached && produced instanceof ivm.ExternalCopy) {
        options.bundleCache.data = produced as IvmModule.ExternalCopy<ArrayBuffer>;
      }
      script.runSync(context, { timeout: limitMs });
      script.release();
      const tas = jail.getSync("__tas", { reference: true });
      this.loadRef = tas.getSync("load", { reference: true });
      this.dispatchRef = tas.getSync("dispatch", { reference: true });
      tas.release();
      jail.release();
      const runtimeMeta = {
        ...meta,
        maxLogLines: Math.min(
          typeof meta.maxLogLines === "number" ? meta.maxLogLines : 200,
          options.limits.logLinesPerSecond,
        ),
      };
      return this.loadRef.applySync(undefined, [programJs, JSON.stringify(runtimeMeta)], {
        timeout: limitMs,
      });
    });
  }

  /** Runs one event (WireEvent) through `__tas.dispatch`. */
  run(event: Record<string, unknown>): Completion {
    const ref = this.dispatchRef;
    const handler = handlerOf(String(event.type));
    if (!ref || this.disposed) {
      return { result: "disposed", reason: "stopped", message: "sandbox is disposed" };
    }
    const limitMs = this.options.limits.wallMs;
    const json = JSON.stringify(event);
    return this.enter(handler, limitMs, () =>
      ref.applySync(undefined, [json], { timeout: limitMs }),
    );
  }

  heap(): HeapStats {
    if (this.disposed) {
      return {
        totalHeapSize: 0,
        usedHeapSize: 0,
        heapSizeLimit: 0,
        externallyAllocatedSize: 0,
        cpuMs: 0,
        wallMs: 0,
      };
    }
    const h = this.isolate.getHeapStatisticsSync();
    return {
      totalHeapSize: h.total_heap_size,
      usedHeapSize: h.used_heap_size,
      heapSizeLimit: h.heap_size_limit,
      externallyAllocatedSize: h.externally_allocated_size,
      cpuMs: Number(this.isolate.cpuTime) / 1e6,
      wallMs: Number(this.isolate.wallTime) / 1e6,
    };
  }

  dispose(): void {
    this.isDisposed = true;
    this.dispatchRef = undefined;
    this.loadRef = undefined;
    if (!this.isolate.isDisposed) {
      try {
        this.isolate.dispose();
      } catch {
        // already being disposed by isolated-vm (memory limit)
      }
    }
  }

  /** Enters the isolate once, with the watchdog armed; classifies whatever happens. */
  private enter(handler: string, limitMs: number, body: () => unknown): Completion {
    const start = nowMs();
    const cpu0 = this.isolate.cpuTime;
    this.current = { handler, limitMs, start, waited: 0 };
    this.options.deadline(Date.now() + limitMs);
    try {
      const text = body();
      const call = this.current;
      if (call?.overrun) {
        return { result: "timedOut", handler, limitMs, blockedIn: call.overrun };
      }
      const outcome = parseOutcome(text);
      if (!outcome) {
        return { result: "error", message: "EA runtime returned an invalid outcome" };
      }
      this.capLogs(outcome);
      if (!outcome.ok) {
        return {
          result: "error",
          message: outcome.error?.message ?? `${handler} failed`,
          outcome,
        };
      }
      return {
        result: "ok",
        outcome,
        wallMs: nowMs() - start,
        cpuMs: Number(this.isolate.cpuTime - cpu0) / 1e6,
      };
    } catch (err) {
      return this.classify(err, handler, limitMs);
    } finally {
      this.current = undefined;
      this.options.deadline(0);
    }
  }

  /** The one place that maps isolated-vm failures to completions. */
  private classify(err: unknown, handler: string, limitMs: number): Completion {
    const message = err instanceof Error ? err.message : String(err);
    const overrun = this.current?.overrun;
    if (overrun) {
      return { result: "timedOut", handler, limitMs, blockedIn: overrun };
    }
    if (message === "Script execution timed out.") {
      return { result: "timedOut", handler, limitMs };
    }
    if (message.includes("memory limit")) {
      return { result: "disposed", reason: "memory", message };
    }
    if (this.catastrophic !== undefined) {
      return { result: "disposed", reason: "catastrophic", message: this.catastrophic };
    }
    if (message === "Isolate is disposed" || message.startsWith("Isolate was disposed")) {
      return { result: "disposed", reason: this.isDisposed ? "stopped" : "catastrophic", message };
    }
    return { result: "error", message };
  }

  /** `__host_call(kind, payloadJson)` from inside the isolate: one synchronous round trip. */
  private onHostCall(kind: unknown, payload: unknown): string {
    const call = this.current;
    if (!call || typeof kind !== "string" || typeof payload !== "string") {
      return JSON.stringify({ error: "trade calls are only allowed inside event handlers" });
    }
    // A WebRequest may wait for its own timeout (src/ea/web-request-wire.ts), trade calls
    // for hostCallTimeoutMs.
    const waitMs = hostCallWaitMs(kind, payload, this.options.limits.hostCallTimeoutMs);
    const t0 = nowMs();
    // The handler's own budget still applies after the wait; the wait has its own bound.
    const remaining = Math.max(0, call.limitMs - (t0 - call.start - call.waited));
    this.options.deadline(Date.now() + waitMs + remaining);
    const r = this.options.hostCall(this.instanceId, kind, payload, waitMs);
    const waited = nowMs() - t0;
    call.waited += waited;
    this.options.deadline(Date.now() + remaining);
    if (!r.ok && r.timedOut) {
      call.overrun = kind;
      // Disposing from inside the callback terminates the isolate's call at once.
      this.dispose();
      return "{}";
    }
    return r.ok ? r.answer : JSON.stringify({ error: r.error });
  }

  /** Enforces `logLinesPerSecond` across events (the runtime caps lines per event). */
  private capLogs(outcome: Outcome): void {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.logWindowSecond) {
      this.logWindowSecond = second;
      this.logLinesInWindow = 0;
    }
    const allowed = Math.max(0, this.options.limits.logLinesPerSecond - this.logLinesInWindow);
    if (outcome.logs.length > allowed) {
      const dropped = outcome.logs.length - allowed;
      outcome.logs = outcome.logs.slice(0, allowed);
      outcome.logsDropped = (outcome.logsDropped ?? 0) + dropped;
    }
    this.logLinesInWindow += outcome.logs.length;
  }
}

function parseOutcome(text: unknown): Outcome | undefined {
  if (typeof text !== "string") {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return OutcomeCheck.Check(parsed) ? parsed : undefined;
}
