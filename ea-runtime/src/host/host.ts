/// <reference types="node" />
/**
 * The EA host's main thread: holds the sandboxes of the instances placed on this host and runs
 * every pool request against them, one at a time, in arrival order.
 *
 * Threads: this thread enters isolates (`applySync`, ≈2 µs per crossing) and, when user code
 * makes a trade call, parks in `Atomics.wait` until the I/O thread (./io-thread.ts) drops the
 * pool's answer into the shared slot. All frames to the pool are written from this thread.
 * Configuration arrives in `hello`; nothing is read from the environment.
 */

import { createRequire } from "node:module";
import type IvmModule from "isolated-vm";
import { type AlertEntry, type ChartDelta, mergeChartDelta } from "../../../src/ea/chart-wire.ts";
import {
  type Completion,
  type Outcome,
  type PoolToHost,
  PROTOCOL_VERSION,
  type SandboxLimits,
} from "../../../src/ea/protocol.ts";
import { mergeStorageDeltas, type StorageDelta } from "../../../src/ea/storage-wire.ts";
import { DEADLINE, type Slot, SyncCaller, writeMessage } from "./bridge.ts";
import type { IoNotice } from "./io-thread.ts";
import { hostLog } from "./log.ts";
import { createIsolatedSandbox, type IsolatedSandbox, type SandboxOptions } from "./sandbox.ts";

interface Config {
  ivm: typeof IvmModule;
  bundle: string;
  limits: SandboxLimits;
  hostId: number;
}

/** Runs requests from the pool; `exit` ends the process. */
export class EaHost {
  private config: Config | undefined;
  private readonly sandboxes = new Map<string, IsolatedSandbox>();
  private readonly caller: SyncCaller;
  private readonly bundleCache: SandboxOptions["bundleCache"] = {};

  constructor(
    private readonly slot: Slot,
    private readonly exit: (code: number) => void,
  ) {
    this.caller = new SyncCaller(slot);
  }

  handle(message: PoolToHost | IoNotice): void {
    try {
      this.dispatch(message);
    } catch (err) {
      hostLog("error", "request failed", { type: message.type, error: String(err) });
      writeMessage({ type: "fault", message: `${message.type}: ${String(err)}` });
    }
  }

  private dispatch(m: PoolToHost | IoNotice): void {
    if (m.type === "__eof") {
      this.disposeAll();
      this.exit(0);
      return;
    }
    if (m.type === "__fault") {
      writeMessage({ type: "fault", message: m.message });
      return;
    }
    if (m.type === "hello") {
      this.hello(m);
      return;
    }
    const config = this.config;
    if (!config) {
      writeMessage({ type: "fault", message: `${m.type} before hello` });
      return;
    }
    switch (m.type) {
      case "start":
        this.start(config, m);
        return;
      case "event": {
        const completion = this.runEvent(m.instanceId, m.event);
        this.reply(m.id, m.instanceId, completion);
        return;
      }
      case "batch": {
        let runs = 0;
        let completion: Completion = emptyOk();
        // Only the last completion is answered: the chart changes and alerts of the events
        // before it are folded into its outcome (the pool's chart state must lose no change).
        let chart: ChartDelta | undefined;
        let alerts: AlertEntry[] = [];
        let storage: StorageDelta | undefined;
        for (const event of m.events) {
          completion = this.runEvent(m.instanceId, event);
          runs += 1;
          const outcome = completionOutcome(completion);
          if (outcome?.chart) {
            chart = mergeChartDelta(chart, outcome.chart);
          }
          if (outcome?.alerts) {
            alerts = [...alerts, ...outcome.alerts];
          }
          storage = mergeStorageDeltas(storage, outcome?.storage);
          if (completion.result !== "ok") {
            break;
          }
        }
        const last = completionOutcome(completion);
        if (last && chart) {
          last.chart = chart;
        }
        if (last && alerts.length > 0) {
          last.alerts = alerts;
        }
        if (last && storage) {
          last.storage = storage;
        }
        this.reply(m.id, m.instanceId, completion, runs);
        return;
      }
      case "stop": {
        const sandbox = this.sandboxes.get(m.instanceId);
        let completion: Completion = emptyOk();
        if (sandbox && m.reason !== null) {
          completion = sandbox.run({ type: "deinit", reason: m.reason });
        }
        sandbox?.dispose();
        this.sandboxes.delete(m.instanceId);
        writeMessage({
          type: "result",
          id: m.id,
          instanceId: m.instanceId,
          completion,
          gone: true,
        });
        return;
      }
      case "stats": {
        const mem = process.memoryUsage();
        writeMessage({
          type: "stats",
          id: m.id,
          rssBytes: mem.rss,
          heapUsedBytes: mem.heapUsed,
          instances: [...this.sandboxes.values()].map((s) => ({
            instanceId: s.instanceId,
            heap: s.heap(),
          })),
        });
        return;
      }
      case "bye":
        this.disposeAll();
        writeMessage({ type: "bye" });
        this.exit(0);
        return;
      case "callResult":
        // Delivered by the I/O thread; never posted here.
        return;
      default: {
        const never: never = m;
        writeMessage({ type: "fault", message: `unknown message ${JSON.stringify(never)}` });
      }
    }
  }

  private hello(m: Extract<PoolToHost, { type: "hello" }>): void {
    if (m.v !== PROTOCOL_VERSION) {
      writeMessage({
        type: "fault",
        message: `protocol version ${m.v} not supported (host speaks ${PROTOCOL_VERSION})`,
      });
      this.exit(2);
      return;
    }
    const ivm = createRequire(import.meta.url)(m.isolatedVmPath) as typeof IvmModule;
    this.config = { ivm, bundle: m.bundle, limits: m.limits, hostId: m.hostId };
    writeMessage({
      type: "ready",
      v: PROTOCOL_VERSION,
      hostId: m.hostId,
      pid: process.pid,
      node: process.version,
    });
  }

  private start(config: Config, m: Extract<PoolToHost, { type: "start" }>): void {
    if (this.sandboxes.has(m.instanceId)) {
      this.reply(m.id, m.instanceId, {
        result: "error",
        message: `instance ${m.instanceId} is already running on this host`,
      });
      return;
    }
    const limits = m.limits ?? config.limits;
    const { sandbox, completion } = createIsolatedSandbox(
      {
        ivm: config.ivm,
        bundle: config.bundle,
        bundleCache: this.bundleCache,
        instanceId: m.instanceId,
        limits,
        hostCall: (instanceId, kind, payload, timeoutMs) =>
          this.caller.call(instanceId, kind, payload, timeoutMs),
        deadline: (epochMs) => {
          this.slot.f64[DEADLINE] = epochMs;
        },
        onCatastrophic: (message) => {
          hostLog("error", "isolated-vm catastrophic error; aborting the host", { message });
          // isolated-vm's advice: the process is no longer sound. The pool restarts the host.
          process.abort();
        },
      },
      m.programJs,
      m.meta,
    );
    if (!sandbox) {
      this.reply(m.id, m.instanceId, completion);
      return;
    }
    this.sandboxes.set(m.instanceId, sandbox);
    const init = sandbox.run({ ...m.init, type: "init" });
    this.reply(m.id, m.instanceId, init);
  }

  private runEvent(instanceId: string, event: Record<string, unknown>): Completion {
    const sandbox = this.sandboxes.get(instanceId);
    if (!sandbox) {
      return {
        result: "disposed",
        reason: "stopped",
        message: `instance ${instanceId} is not running`,
      };
    }
    return sandbox.run(event);
  }

  /** Sends a result; a sandbox that timed out or was disposed is dropped first. */
  private reply(id: number, instanceId: string, completion: Completion, runs?: number): void {
    const sandbox = this.sandboxes.get(instanceId);
    const fatal = completion.result === "timedOut" || completion.result === "disposed";
    if (sandbox && (fatal || sandbox.disposed)) {
      sandbox.dispose();
      this.sandboxes.delete(instanceId);
    }
    writeMessage({
      type: "result",
      id,
      instanceId,
      completion,
      gone: !this.sandboxes.has(instanceId),
      ...(runs === undefined ? {} : { runs }),
    });
  }

  private disposeAll(): void {
    for (const s of this.sandboxes.values()) {
      s.dispose();
    }
    this.sandboxes.clear();
  }
}

/** The outcome a completion carries (ok, or a user exception the runtime reported). */
function completionOutcome(c: Completion): Outcome | undefined {
  return c.result === "ok" || c.result === "error" ? c.outcome : undefined;
}

function emptyOk(): Completion {
  return { result: "ok", outcome: { ok: true, logs: [] }, wallMs: 0, cpuMs: 0 };
}
