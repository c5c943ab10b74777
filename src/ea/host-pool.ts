/**
 * The Bun-side pool of EA host processes: K Node 20 processes (`node --no-node-snapshot`), each
 * holding many isolated-vm sandboxes (ea-runtime/src/host/). This is the module the service
 * imports; the jobs live in ./pool/ and are composed here:
 *
 * - ./pool/bundle.ts: the host script (Bun.build, once per pool, into `workDir`);
 * - ./pool/host-process.ts: one host: spawn, `hello`, framed IPC over stdin/stdout
 *   (./protocol.ts), stderr log lines (./pool/logger.ts), exit;
 * - ./pool/host-set.ts: the K slots, a crashed host restarted with a backoff;
 * - ./pool/watchdog.ts: a host silent for `unresponsiveMs` with requests outstanding is killed;
 * - ./pool/placement.ts: a new instance goes to the live host with the fewest instances (and
 *   stays there);
 * - ./pool/instance.ts: one instance's status (through src/domain/ea-lifecycle.ts), counters and
 *   what each completion does to it; ./pool/instance-queue.ts its event queue (one call in
 *   flight; ticks coalesced to the latest with their snapshot deltas merged, one timer event
 *   pending at most); ./pool/timers.ts its EventSetTimer timer;
 * - ./pool/trade-calls.ts: trade calls answered through the injected TradeGateway.
 *
 * Failure handling: a completion that is not "ok" stops the instance (status "error", text from
 * describeFailure); a host that exits is restarted and its instances are reported errored
 * ("host process crashed"); a host with requests outstanding that says nothing for
 * `unresponsiveMs` is killed and handled the same way. Nothing here throws into the caller for
 * sandbox failures: every dispatch resolves with a Completion.
 *
 * Must not import Elysia, the database or broker sessions (the lead wires those in through the
 * gateway and the listeners).
 */

import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRuntimeBundle } from "../../ea-runtime/src/runtime/build.ts";
import { canEaTransition, isEaFinal } from "../domain/ea-lifecycle.ts";
import { buildHostScript } from "./pool/bundle.ts";
import type { HostProcess, HostStats } from "./pool/host-process.ts";
import { HostSet } from "./pool/host-set.ts";
import {
  type InstanceContext,
  type InstanceInfo,
  PoolInstance,
  stoppedCompletion,
} from "./pool/instance.ts";
import { ListenerSet } from "./pool/listeners.ts";
import { logHostLine, NOOP_LOGGER, type PoolLogger } from "./pool/logger.ts";
import { leastLoadedHost, waitForLiveHost } from "./pool/placement.ts";
import { REASON_CLOSE, REASON_REMOVE } from "./pool/reasons.ts";
import { answerTradeCall, type TradeGateway } from "./pool/trade-calls.ts";
import { defaultUnresponsiveMs, startWatchdog } from "./pool/watchdog.ts";
import { answerWebRequestCall, type WebRequestGateway } from "./pool/web-request-calls.ts";
import { type Completion, DEFAULT_LIMITS, type SandboxLimits } from "./protocol.ts";
import { WEB_REQUEST_KIND } from "./web-request-wire.ts";

export { buildHostScript } from "./pool/bundle.ts";
export type { HostStats, InstanceStats } from "./pool/host-process.ts";
export type { InstanceInfo, InstanceStatus } from "./pool/instance.ts";
export type { PoolLogger } from "./pool/logger.ts";
export {
  REASON_CLOSE,
  REASON_INITFAILED,
  REASON_PROGRAM,
  REASON_REMOVE,
} from "./pool/reasons.ts";
export type {
  TradeAnswer,
  TradeCall,
  TradeCallKind,
  TradeGateway,
} from "./pool/trade-calls.ts";
export type { WebRequestGateway } from "./pool/web-request-calls.ts";

// ───────────────────────────── public types ─────────────────────────────

/** What to run: an analysed program and its LoadMeta, plus the init event's data. */
export interface EaInstanceSpec {
  instanceId: string;
  /** `analyseProgram(...).js`. */
  programJs: string;
  /** LoadMeta: symbol, timeframe, inputs, … (ea-runtime/README.md). */
  meta: Record<string, unknown>;
  /** Fields of the init event (snapshot, history); `type` is set by the pool. */
  init?: Record<string, unknown>;
  /** Overrides of the pool's limits for this instance. */
  limits?: Partial<SandboxLimits>;
}

export interface EaHostPoolOptions {
  /** Host processes (K). */
  hosts: number;
  limits?: Partial<SandboxLimits>;
  gateway: TradeGateway;
  /** Makes EAs' WebRequest calls; without it every WebRequest fails with 4014. */
  webRequests?: WebRequestGateway;
  logger?: PoolLogger;
  /** Time source for startedAt/stoppedAt. */
  clock?: { now(): number };
  /** Folder for the bundled host script (DATA_DIR/tmp in the service). Default: OS tmp. */
  workDir?: string;
  /** Node 20 executable. Default: `node` on PATH. */
  nodePath?: string;
  /** Runtime bundle text. Default: buildRuntimeBundle(). */
  bundle?: string;
  /** A host with outstanding requests that is silent this long is killed. Default:
   * loadWallMs + wallMs + hostCallTimeoutMs + 3000. */
  unresponsiveMs?: number;
  /** Stop an instance on an uncaught exception in a handler (MT5 removes the EA). Default true. */
  stopOnException?: boolean;
  /** Snapshot delta to attach to timer events. */
  timerSnapshot?: (instanceId: string) => Record<string, unknown> | undefined;
  /** Host's own watchdog grace past a call's deadline before it kills itself, ms. Default 2000. */
  watchdogGraceMs?: number;
}

/** Listener of every completed event (logs, comment, timer…), including timer events. */
export type EventListener = (instanceId: string, eventType: string, completion: Completion) => void;
export type ErrorListener = (info: InstanceInfo) => void;

export interface EaHostPool {
  /** Loads the program and runs OnInit. Resolves with the init completion (or the failure). */
  start(spec: EaInstanceSpec): Promise<Completion>;
  /** Queues an event; ticks arriving while a call runs are coalesced to the latest. */
  dispatch(instanceId: string, event: Record<string, unknown>): Promise<Completion>;
  /** Runs events back to back in one crossing of the pipe (replays, backtests, benchmarks). */
  dispatchBatch(
    instanceId: string,
    events: Record<string, unknown>[],
  ): Promise<{ completion: Completion; runs: number }>;
  /** Runs OnDeinit(reason) and disposes the sandbox. REASON_REMOVE (1) by default. */
  stop(instanceId: string, reason?: number): Promise<Completion>;
  status(instanceId: string): InstanceInfo | undefined;
  list(): InstanceInfo[];
  /** Heap statistics per instance and RSS per host. */
  stats(): Promise<HostStats[]>;
  onInstanceError(listener: ErrorListener): () => void;
  onEvent(listener: EventListener): () => void;
  /** Process ids of the live hosts, by slot (tests, metrics). */
  hostPids(): (number | undefined)[];
  /** Resolves when every host slot has a ready host. */
  ready(): Promise<void>;
  /** Runs OnDeinit(REASON_CLOSE) for running instances (unless `deinit: false`), says `bye`. */
  close(options?: { deinit?: boolean }): Promise<void>;
}

// ───────────────────────────── the pool ─────────────────────────────

/** How long a closing host may take to exit after `bye` before it is killed, ms. */
const BYE_GRACE_MS = 2000;

/** Spawns the pool and waits until every host is ready. */
export async function createEaHostPool(options: EaHostPoolOptions): Promise<EaHostPool> {
  const logger = options.logger ?? NOOP_LOGGER;
  const clock = options.clock ?? { now: () => Date.now() };
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const workDir = options.workDir ?? join(tmpdir(), "tas-ea-host");
  const [script, bundle] = await Promise.all([
    buildHostScript(workDir),
    options.bundle ?? buildRuntimeBundle(),
  ]);
  const instances = new Map<string, PoolInstance>();
  const errorListeners = new ListenerSet<[InstanceInfo]>(
    logger,
    "EA instance error listener failed",
  );
  const eventListeners = new ListenerSet<[string, string, Completion]>(
    logger,
    "EA event listener failed",
  );
  let closing = false;

  const hosts = new HostSet(
    options.hosts,
    {
      nodePath: options.nodePath ?? Bun.which("node") ?? "node",
      script,
      bundle,
      limits,
      isolatedVmPath: Bun.resolveSync("isolated-vm", import.meta.dir),
      watchdogGraceMs: options.watchdogGraceMs ?? 2000,
      logger,
      answerCall: (m) =>
        m.kind === WEB_REQUEST_KIND
          ? answerWebRequestCall(options.webRequests, m)
          : answerTradeCall(options.gateway, m),
      logLine: (slot, line) => logHostLine(logger, slot, line),
    },
    logger,
    (host) => {
      for (const inst of instances.values()) {
        if (inst.host === host) {
          inst.hostLost();
        }
      }
    },
  );
  const stopWatchdog = startWatchdog(
    () => hosts.list(),
    options.unresponsiveMs ?? defaultUnresponsiveMs(limits),
    logger,
  );

  const instanceContext: InstanceContext = {
    logger,
    clock,
    stopOnException: options.stopOnException ?? true,
    emitEvent: (instanceId, eventType, c) => eventListeners.emit(instanceId, eventType, c),
    emitError: (info) => errorListeners.emit(info),
    expertRemove: (instanceId) => {
      void pool.stop(instanceId, REASON_REMOVE);
    },
    timerFired: (instanceId) => {
      const snapshot = options.timerSnapshot?.(instanceId);
      void pool.dispatch(instanceId, snapshot ? { type: "timer", snapshot } : { type: "timer" });
    },
  };

  const pool: EaHostPool = {
    async start(spec) {
      const existing = instances.get(spec.instanceId);
      if (existing && !isEaFinal(existing.status)) {
        return { result: "error", message: `instance ${spec.instanceId} is already running` };
      }
      if (closing) {
        return stoppedCompletion("the EA host pool is closing");
      }
      const instLimits: SandboxLimits = { ...limits, ...spec.limits };
      let host: HostProcess;
      try {
        host = await waitForLiveHost(
          () => leastLoadedHost(hosts.list(), instances.values()),
          () => closing,
        );
      } catch (err) {
        return { result: "disposed", reason: "hostCrashed", message: String(err) };
      }
      const inst = new PoolInstance(host, instLimits, spec.instanceId, instanceContext);
      instances.set(spec.instanceId, inst);
      return inst.init({
        type: "start",
        instanceId: spec.instanceId,
        programJs: spec.programJs,
        meta: spec.meta,
        init: { ...spec.init, type: "init" },
        limits: instLimits,
      });
    },

    dispatch(instanceId, event) {
      const inst = instances.get(instanceId);
      if (inst?.status !== "running") {
        return Promise.resolve(stoppedCompletion(`instance ${instanceId} is not running`));
      }
      return inst.dispatch(event);
    },

    dispatchBatch(instanceId, events) {
      const inst = instances.get(instanceId);
      if (inst?.status !== "running") {
        return Promise.resolve({
          completion: stoppedCompletion(`instance ${instanceId} is not running`),
          runs: 0,
        });
      }
      return inst.dispatchBatch(events);
    },

    stop(instanceId, reason = REASON_REMOVE) {
      const inst = instances.get(instanceId);
      if (!(inst && canEaTransition(inst.status, "stop"))) {
        return Promise.resolve(stoppedCompletion(`instance ${instanceId} is not running`));
      }
      return inst.stop(reason);
    },

    status(instanceId) {
      return instances.get(instanceId)?.snapshot();
    },

    list() {
      return [...instances.values()].map((i) => i.snapshot());
    },

    async stats() {
      const out = await Promise.all(hosts.list().map((h) => h.stats()));
      return out.filter((s): s is HostStats => s !== undefined);
    },

    onInstanceError(listener) {
      return errorListeners.add(listener);
    },

    onEvent(listener) {
      return eventListeners.add(listener);
    },

    hostPids() {
      return hosts.list().map((h) => (h.alive ? h.pid : undefined));
    },

    ready() {
      return hosts.ready();
    },

    async close(closeOptions = {}) {
      if (closing) {
        return;
      }
      if (closeOptions.deinit ?? true) {
        const running = [...instances.values()].filter((i) => i.status === "running");
        await Promise.race([
          Promise.allSettled(running.map((i) => pool.stop(i.id, REASON_CLOSE))),
          Bun.sleep(limits.wallMs + 2000),
        ]);
      }
      closing = true;
      stopWatchdog();
      for (const inst of instances.values()) {
        inst.poolClosed();
      }
      await hosts.shutdown(BYE_GRACE_MS);
    },
  };

  await pool.ready();
  return pool;
}
