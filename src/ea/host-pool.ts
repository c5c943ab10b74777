/**
 * The Bun-side pool of EA host processes: K Node 20 processes (`node --no-node-snapshot`), each
 * holding many isolated-vm sandboxes (ea-runtime/src/host/).
 *
 * Owns: bundling the host script (Bun.build, once per pool, into `workDir`), spawning and
 * restarting hosts, the framed IPC over the hosts' stdin/stdout (./protocol.ts), placing
 * instances on hosts (fewest instances first; an instance stays on its host), the per-instance
 * event queue (one call in flight; ticks coalesced to the latest with their snapshot deltas
 * merged, one timer event pending at most), EventSetTimer timers, answering trade calls through
 * the injected TradeGateway, instance status and `last_error`, heap statistics, and shutdown
 * with a final `bye`.
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

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Subprocess } from "bun";
import { buildRuntimeBundle } from "../../ea-runtime/src/runtime/build.ts";
import {
  canEaTransition,
  EA_INITIAL_STATE,
  type EaLifecycleEvent,
  type EaLifecycleState,
  eaTransition,
  isEaActive,
  isEaFinal,
} from "../domain/ea-lifecycle.ts";
import {
  type Completion,
  DEFAULT_LIMITS,
  encodeFrame,
  FrameDecoder,
  firstError,
  type HeapStats,
  type HostToPool,
  HostToPoolCheck,
  type PoolToHost,
  PROTOCOL_VERSION,
  type SandboxLimits,
} from "./protocol.ts";
import { coalesceEvents, describeFailure } from "./sandbox-types.ts";

// ───────────────────────────── public types ─────────────────────────────

/** Trade-call kinds that cross from the isolate (ea-runtime/README.md "__host_call kinds"). */
export type TradeCallKind = "OrderSend" | "OrderSendAsync" | "OrderCheck" | "HistorySelect";

const TRADE_CALL_KINDS: ReadonlySet<string> = new Set<TradeCallKind>([
  "OrderSend",
  "OrderSendAsync",
  "OrderCheck",
  "HistorySelect",
]);

/** A synchronous trade call made by an EA, as the gateway receives it. */
export interface TradeCall {
  instanceId: string;
  kind: TradeCallKind;
  /** MqlTradeRequest fields (OrderSend/OrderSendAsync/OrderCheck) or `{ from, to }` (s). */
  payload: Record<string, unknown>;
}

/** The answer given back to the runtime (its HostAnswer). */
export interface TradeAnswer {
  /** MqlTradeResult / MqlTradeCheckResult fields. */
  result?: Record<string, unknown>;
  /** Snapshot delta merged at once (new positions, orders, account, deals). */
  snapshot?: Record<string, unknown>;
  /** HistorySelect. */
  deals?: Record<string, unknown>[];
  orders?: Record<string, unknown>[];
  /** Makes the call fail with ERR_TRADE_SEND_FAILED / TRADE_RETCODE_ERROR. */
  error?: string;
}

/** Answers EA trade calls (the service implements it with broker sessions). */
export interface TradeGateway {
  call(call: TradeCall): Promise<TradeAnswer> | TradeAnswer;
}

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

/** The instance lifecycle (src/domain/ea-lifecycle.ts), including `stopping`. */
export type InstanceStatus = EaLifecycleState;

export interface InstanceInfo {
  instanceId: string;
  status: InstanceStatus;
  /** Why the instance stopped with status "error". */
  lastError: string | undefined;
  /** Host slot (0 … hosts−1) holding the sandbox. */
  hostSlot: number;
  /** OnTick calls run. */
  tickCount: number;
  /** Ticks merged into a pending tick instead of running. */
  ticksCoalesced: number;
  /** Events run (any type). */
  eventsRun: number;
  /** Clock ms. */
  startedAt: number;
  stoppedAt: number | undefined;
  /** Active EventSetTimer period, seconds. */
  timerSeconds: number | undefined;
}

export interface InstanceStats {
  instanceId: string;
  hostSlot: number;
  heap: HeapStats;
}

export interface HostStats {
  hostSlot: number;
  pid: number;
  rssBytes: number;
  heapUsedBytes: number;
  instances: InstanceStats[];
}

/** Minimal structured logger (pino-compatible). */
export interface PoolLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface EaHostPoolOptions {
  /** Host processes (K). */
  hosts: number;
  limits?: Partial<SandboxLimits>;
  gateway: TradeGateway;
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

/** MQL5 deinit reasons used by the pool. */
export const REASON_PROGRAM = 0;
export const REASON_REMOVE = 1;
export const REASON_INITFAILED = 8;
export const REASON_CLOSE = 9;

// ───────────────────────────── host script ─────────────────────────────

const HOST_ENTRY = resolve(import.meta.dir, "../../ea-runtime/src/host/main.ts");

/** Bundles ea-runtime/src/host into one ESM file under `workDir`; returns its path. */
export async function buildHostScript(workDir: string): Promise<string> {
  const out = await Bun.build({
    entrypoints: [HOST_ENTRY],
    target: "node",
    format: "esm",
    external: ["isolated-vm"],
    minify: false,
  });
  const first = out.outputs[0];
  if (!out.success || !first) {
    throw new Error(`EA host build failed: ${out.logs.map((l) => String(l)).join("\n")}`);
  }
  const text = await first.text();
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 16);
  mkdirSync(workDir, { recursive: true });
  const path = join(workDir, `ea-host-${hash}.mjs`);
  if (!existsSync(path)) {
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  }
  return path;
}

// ───────────────────────────── hosts ─────────────────────────────

type ResultMessage = Extract<HostToPool, { type: "result" }>;
type StatsMessage = Extract<HostToPool, { type: "stats" }>;
type Distributive<T> = T extends unknown ? Omit<T, "id"> : never;
type RequestBody = Distributive<
  Extract<PoolToHost, { id: number; type: "start" | "event" | "batch" | "stop" | "stats" }>
>;

interface PendingRequest {
  resolve: (m: ResultMessage | StatsMessage | undefined) => void;
}

const noopLogger: PoolLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** One host process in one slot; replaced by a new HostProcess on restart. */
class HostProcess {
  readonly proc: Subprocess<"pipe", "pipe", "pipe">;
  readonly ready: Promise<boolean>;
  private markReady: (ok: boolean) => void = () => undefined;
  private readonly pending = new Map<number, PendingRequest>();
  private nextId = 1;
  private lastHeard = performance.now();
  alive = true;
  /** Set when the pool killed it for not answering. */
  killedUnresponsive = false;
  byeReceived = false;

  constructor(
    readonly slot: number,
    script: string,
    private readonly pool: PoolInternals,
  ) {
    this.ready = new Promise((r) => {
      this.markReady = r;
    });
    this.proc = Bun.spawn([pool.nodePath, "--no-node-snapshot", script], {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      env: {},
    });
    void this.readFrames();
    void this.readLogs();
    void this.proc.exited.then((code) => this.onExit(code));
    this.send({
      type: "hello",
      v: PROTOCOL_VERSION,
      hostId: slot,
      bundle: pool.bundle,
      limits: pool.limits,
      isolatedVmPath: pool.isolatedVmPath,
      watchdogGraceMs: pool.watchdogGraceMs,
    });
  }

  get pid(): number {
    return this.proc.pid;
  }

  get outstanding(): number {
    return this.pending.size;
  }

  silentFor(): number {
    return performance.now() - this.lastHeard;
  }

  send(message: PoolToHost): boolean {
    if (!this.alive) {
      return false;
    }
    try {
      this.proc.stdin.write(encodeFrame(message));
      this.proc.stdin.flush();
      return true;
    } catch (err) {
      this.pool.logger.warn({ slot: this.slot, err: String(err) }, "EA host write failed");
      return false;
    }
  }

  /** Sends a request; resolves with its answer, or undefined when the host died first. */
  request(body: RequestBody): Promise<ResultMessage | StatsMessage | undefined> {
    const id = this.nextId++;
    return new Promise((resolveAnswer) => {
      if (this.pending.size === 0) {
        this.lastHeard = performance.now();
      }
      this.pending.set(id, { resolve: resolveAnswer });
      if (!this.send({ ...body, id } as PoolToHost)) {
        this.pending.delete(id);
        resolveAnswer(undefined);
      }
    });
  }

  kill(): void {
    if (this.alive) {
      this.proc.kill("SIGKILL");
    }
  }

  private async readFrames(): Promise<void> {
    const decoder = new FrameDecoder();
    const reader = this.proc.stdout.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          break;
        }
        this.lastHeard = performance.now();
        for (const m of decoder.push(value)) {
          this.onMessage(m);
        }
      }
    } catch (err) {
      this.pool.logger.error({ slot: this.slot, err: String(err) }, "EA host stream failed");
      this.kill();
    }
  }

  private async readLogs(): Promise<void> {
    const reader = this.proc.stderr.getReader();
    const text = new TextDecoder();
    let carry = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      carry += text.decode(value, { stream: true });
      let nl = carry.indexOf("\n");
      while (nl >= 0) {
        this.pool.hostLog(this.slot, carry.slice(0, nl));
        carry = carry.slice(nl + 1);
        nl = carry.indexOf("\n");
      }
    }
    if (carry) {
      this.pool.hostLog(this.slot, carry);
    }
  }

  private onMessage(m: unknown): void {
    if (!HostToPoolCheck.Check(m)) {
      this.pool.logger.error(
        { slot: this.slot, problem: firstError(HostToPoolCheck, m) },
        "EA host sent an invalid message",
      );
      return;
    }
    switch (m.type) {
      case "ready":
        if (m.v !== PROTOCOL_VERSION) {
          this.pool.logger.error({ slot: this.slot, v: m.v }, "EA host protocol mismatch");
          this.kill();
          return;
        }
        this.pool.logger.debug({ slot: this.slot, pid: m.pid, node: m.node }, "EA host ready");
        this.markReady(true);
        return;
      case "result":
      case "stats": {
        const p = this.pending.get(m.id);
        if (p) {
          this.pending.delete(m.id);
          p.resolve(m);
        }
        return;
      }
      case "call":
        void this.answerCall(m);
        return;
      case "fault":
        this.pool.logger.warn({ slot: this.slot, message: m.message }, "EA host fault");
        return;
      case "bye":
        this.byeReceived = true;
        return;
      default: {
        const never: never = m;
        this.pool.logger.warn({ message: never }, "unknown EA host message");
      }
    }
  }

  private async answerCall(m: Extract<HostToPool, { type: "call" }>): Promise<void> {
    let reply: PoolToHost;
    try {
      if (!TRADE_CALL_KINDS.has(m.kind)) {
        throw new Error(`unsupported host call ${m.kind}`);
      }
      const payload: unknown = JSON.parse(m.payload);
      if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
        throw new Error("host call payload must be an object");
      }
      const answer = await this.pool.gateway.call({
        instanceId: m.instanceId,
        kind: m.kind as TradeCallKind,
        payload: payload as Record<string, unknown>,
      });
      reply = { type: "callResult", id: m.id, answer: JSON.stringify(answer) };
    } catch (err) {
      reply = {
        type: "callResult",
        id: m.id,
        error: err instanceof Error ? err.message : String(err),
      };
    }
    this.send(reply);
  }

  private onExit(code: number | null): void {
    this.alive = false;
    this.markReady(false);
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) {
      p.resolve(undefined);
    }
    this.pool.hostExited(this, code);
  }
}

/** What HostProcess needs from the pool. */
interface PoolInternals {
  nodePath: string;
  bundle: string;
  limits: SandboxLimits;
  isolatedVmPath: string;
  watchdogGraceMs: number;
  gateway: TradeGateway;
  logger: PoolLogger;
  hostLog(slot: number, line: string): void;
  hostExited(host: HostProcess, code: number | null): void;
}

// ───────────────────────────── instances ─────────────────────────────

type Json = Record<string, unknown>;

type QueueItem =
  | { kind: "event"; event: Json; waiters: ((c: Completion) => void)[] }
  | {
      kind: "batch";
      events: Json[];
      waiters: ((r: { completion: Completion; runs: number }) => void)[];
    }
  | { kind: "stop"; reason: number | null; waiters: ((c: Completion) => void)[] };

interface Instance {
  info: InstanceInfo;
  limits: SandboxLimits;
  host: HostProcess;
  queue: QueueItem[];
  busy: boolean;
  timer: ReturnType<typeof setInterval> | undefined;
}

function stoppedCompletion(message: string): Completion {
  return { result: "disposed", reason: "stopped", message };
}

function hostGone(host: HostProcess): Completion {
  return host.killedUnresponsive
    ? { result: "disposed", reason: "hostUnresponsive", message: "host process stopped responding" }
    : { result: "disposed", reason: "hostCrashed", message: "host process crashed" };
}

/** Spawns the pool and waits until every host is ready. */
export async function createEaHostPool(options: EaHostPoolOptions): Promise<EaHostPool> {
  const logger = options.logger ?? noopLogger;
  const clock = options.clock ?? { now: () => Date.now() };
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const workDir = options.workDir ?? join(tmpdir(), "tas-ea-host");
  const nodePath = options.nodePath ?? Bun.which("node") ?? "node";
  const [script, bundle] = await Promise.all([
    buildHostScript(workDir),
    options.bundle ?? buildRuntimeBundle(),
  ]);
  const unresponsiveMs =
    options.unresponsiveMs ?? limits.loadWallMs + limits.wallMs + limits.hostCallTimeoutMs + 3000;
  const stopOnException = options.stopOnException ?? true;
  const hosts: HostProcess[] = [];
  const instances = new Map<string, Instance>();
  const errorListeners = new Set<ErrorListener>();
  const eventListeners = new Set<EventListener>();
  const crashes: number[] = [];
  let closing = false;

  const internals: PoolInternals = {
    nodePath,
    bundle,
    limits,
    isolatedVmPath: Bun.resolveSync("isolated-vm", import.meta.dir),
    watchdogGraceMs: options.watchdogGraceMs ?? 2000,
    gateway: options.gateway,
    logger,
    hostLog(slot, line) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      if (typeof parsed === "object" && parsed !== null) {
        const level = Reflect.get(parsed, "level");
        const msg = String(Reflect.get(parsed, "msg") ?? "");
        const fields = { ...parsed, slot, component: "ea-host" };
        if (level === "error") {
          logger.error(fields, msg);
        } else if (level === "warn") {
          logger.warn(fields, msg);
        } else {
          logger.debug(fields, msg);
        }
      } else {
        logger.warn({ slot, component: "ea-host", line }, "EA host stderr");
      }
    },
    hostExited(host, code) {
      if (hosts[host.slot] !== host) {
        return;
      }
      const unexpected = !closing;
      if (unexpected) {
        logger.error(
          { slot: host.slot, pid: host.pid, code, unresponsive: host.killedUnresponsive },
          "EA host exited; restarting",
        );
      }
      for (const inst of instances.values()) {
        if (inst.host === host && !isEaFinal(inst.info.status)) {
          const c = hostGone(host);
          if (inst.info.status === "stopping") {
            finishStopped(inst);
          } else {
            fail(inst, c);
          }
        }
      }
      if (unexpected) {
        const now = performance.now();
        crashes.push(now);
        while (crashes.length > 0 && (crashes[0] ?? now) < now - 60_000) {
          crashes.shift();
        }
        const delay = Math.min(5000, 50 * 2 ** Math.min(crashes.length - 1, 7));
        setTimeout(() => {
          if (!closing && hosts[host.slot] === host) {
            hosts[host.slot] = new HostProcess(host.slot, script, internals);
          }
        }, delay);
      }
    },
  };

  for (let slot = 0; slot < Math.max(1, options.hosts); slot++) {
    hosts.push(new HostProcess(slot, script, internals));
  }

  const liveness = setInterval(() => {
    for (const h of hosts) {
      if (h.alive && h.outstanding > 0 && h.silentFor() > unresponsiveMs) {
        logger.error(
          { slot: h.slot, pid: h.pid, silentMs: h.silentFor() },
          "EA host unresponsive; killing it",
        );
        h.killedUnresponsive = true;
        h.kill();
      }
    }
  }, 250);

  /** Moves the instance through the lifecycle table; an illegal event is logged, not applied. */
  function move(inst: Instance, event: EaLifecycleEvent): boolean {
    const from = inst.info.status;
    const next = eaTransition(from, event);
    if (next === null) {
      logger.error(
        { instanceId: inst.info.instanceId, from, event },
        "illegal EA instance transition refused",
      );
      return false;
    }
    inst.info.status = next;
    return true;
  }

  function emitError(inst: Instance): void {
    const snapshot = { ...inst.info };
    for (const l of errorListeners) {
      try {
        l(snapshot);
      } catch (err) {
        logger.error({ err: String(err) }, "EA instance error listener failed");
      }
    }
  }

  function emitEvent(instanceId: string, eventType: string, completion: Completion): void {
    for (const l of eventListeners) {
      try {
        l(instanceId, eventType, completion);
      } catch (err) {
        logger.error({ err: String(err) }, "EA event listener failed");
      }
    }
  }

  function clearTimer(inst: Instance): void {
    if (inst.timer) {
      clearInterval(inst.timer);
      inst.timer = undefined;
    }
    inst.info.timerSeconds = undefined;
  }

  function drainQueue(inst: Instance, c: Completion): void {
    const queue = inst.queue.splice(0);
    for (const item of queue) {
      if (item.kind === "batch") {
        for (const w of item.waiters) {
          w({ completion: c, runs: 0 });
        }
      } else {
        for (const w of item.waiters) {
          w(c);
        }
      }
    }
  }

  /** Stops an instance with status "error" after a failed completion. */
  function fail(
    inst: Instance,
    c: Completion,
    gone = true,
    deinitReason: number | null = null,
  ): void {
    if (isEaFinal(inst.info.status) || !move(inst, "crash")) {
      return;
    }
    inst.info.lastError = describeFailure(c, inst.limits) ?? "failed";
    inst.info.stoppedAt = clock.now();
    clearTimer(inst);
    drainQueue(inst, stoppedCompletion(`instance stopped: ${inst.info.lastError}`));
    if (!gone) {
      void inst.host.request({
        type: "stop",
        instanceId: inst.info.instanceId,
        reason: deinitReason,
      });
    }
    logger.warn(
      { instanceId: inst.info.instanceId, lastError: inst.info.lastError },
      "EA instance stopped with an error",
    );
    emitError(inst);
  }

  function finishStopped(inst: Instance): void {
    if (!move(inst, "stopped")) {
      return;
    }
    inst.info.stoppedAt = clock.now();
    clearTimer(inst);
  }

  function applyOutcome(inst: Instance, c: Completion): void {
    if (c.result !== "ok") {
      return;
    }
    const timer = c.outcome.timer;
    if (timer === null) {
      clearTimer(inst);
    } else if (timer) {
      clearTimer(inst);
      const id = inst.info.instanceId;
      inst.info.timerSeconds = timer.seconds;
      inst.timer = setInterval(
        () => {
          const snapshot = options.timerSnapshot?.(id);
          void pool.dispatch(id, snapshot ? { type: "timer", snapshot } : { type: "timer" });
        },
        Math.max(10, timer.seconds * 1000),
      );
    }
  }

  /** Handles a completion of an event: counters, timers, failures, ExpertRemove. */
  function settle(inst: Instance, eventType: string, c: Completion, gone: boolean, runs = 1): void {
    if (c.result === "ok" || c.result === "error") {
      inst.info.eventsRun += runs;
      if (eventType === "tick") {
        inst.info.tickCount += runs;
      }
    }
    applyOutcome(inst, c);
    emitEvent(inst.info.instanceId, eventType, c);
    if (inst.info.status !== "running") {
      return;
    }
    if (c.result !== "ok") {
      if (c.result === "error" && !stopOnException && !gone) {
        return;
      }
      fail(inst, c, gone);
      return;
    }
    if (c.outcome.remove) {
      void pool.stop(inst.info.instanceId, REASON_REMOVE);
    }
  }

  async function runItem(inst: Instance, item: QueueItem): Promise<void> {
    const instanceId = inst.info.instanceId;
    if (item.kind === "stop") {
      const answer = await inst.host.request({ type: "stop", instanceId, reason: item.reason });
      const c = answer?.type === "result" ? answer.completion : hostGone(inst.host);
      if (answer?.type === "result") {
        emitEvent(instanceId, "deinit", c);
      }
      if (inst.info.status === "stopping") {
        finishStopped(inst);
      }
      for (const w of item.waiters) {
        w(c);
      }
      return;
    }
    if (item.kind === "batch") {
      const answer = await inst.host.request({ type: "batch", instanceId, events: item.events });
      const c = answer?.type === "result" ? answer.completion : hostGone(inst.host);
      const runs = answer?.type === "result" ? (answer.runs ?? 0) : 0;
      const ticks = item.events.filter((e) => e.type === "tick").length;
      settle(
        inst,
        ticks > 0 ? "tick" : "batch",
        c,
        answer?.type === "result" ? answer.gone : true,
        ticks > 0 ? Math.min(runs, ticks) : runs,
      );
      for (const w of item.waiters) {
        w({ completion: c, runs });
      }
      return;
    }
    const eventType = String(item.event.type);
    const answer = await inst.host.request({ type: "event", instanceId, event: item.event });
    const c = answer?.type === "result" ? answer.completion : hostGone(inst.host);
    settle(inst, eventType, c, answer?.type === "result" ? answer.gone : true);
    for (const w of item.waiters) {
      w(c);
    }
  }

  function pump(inst: Instance): void {
    if (inst.busy) {
      return;
    }
    const item = inst.queue.shift();
    if (!item) {
      return;
    }
    inst.busy = true;
    void runItem(inst, item)
      .catch((err: unknown) => {
        logger.error({ instanceId: inst.info.instanceId, err: String(err) }, "EA event failed");
      })
      .finally(() => {
        inst.busy = false;
        pump(inst);
      });
  }

  function pickHost(): HostProcess {
    let best: HostProcess | undefined;
    let bestCount = Number.POSITIVE_INFINITY;
    for (const h of hosts) {
      if (!h.alive) {
        continue;
      }
      let count = 0;
      for (const inst of instances.values()) {
        if (inst.host === h && isEaActive(inst.info.status)) {
          count += 1;
        }
      }
      if (count < bestCount) {
        best = h;
        bestCount = count;
      }
    }
    if (!best) {
      throw new Error("no EA host process is available");
    }
    return best;
  }

  async function waitForLiveHost(): Promise<HostProcess> {
    const deadline = performance.now() + 10_000;
    for (;;) {
      try {
        const h = pickHost();
        if (await h.ready) {
          return h;
        }
      } catch {
        // every host is restarting
      }
      if (performance.now() > deadline || closing) {
        throw new Error("no EA host process is available");
      }
      await Bun.sleep(20);
    }
  }

  const pool: EaHostPool = {
    async start(spec) {
      const existing = instances.get(spec.instanceId);
      if (existing && !isEaFinal(existing.info.status)) {
        return { result: "error", message: `instance ${spec.instanceId} is already running` };
      }
      if (closing) {
        return stoppedCompletion("the EA host pool is closing");
      }
      const instLimits: SandboxLimits = { ...limits, ...spec.limits };
      let host: HostProcess;
      try {
        host = await waitForLiveHost();
      } catch (err) {
        return { result: "disposed", reason: "hostCrashed", message: String(err) };
      }
      const inst: Instance = {
        info: {
          instanceId: spec.instanceId,
          status: EA_INITIAL_STATE,
          lastError: undefined,
          hostSlot: host.slot,
          tickCount: 0,
          ticksCoalesced: 0,
          eventsRun: 0,
          startedAt: clock.now(),
          stoppedAt: undefined,
          timerSeconds: undefined,
        },
        limits: instLimits,
        host,
        queue: [],
        busy: true,
        timer: undefined,
      };
      instances.set(spec.instanceId, inst);
      const answer = await host.request({
        type: "start",
        instanceId: spec.instanceId,
        programJs: spec.programJs,
        meta: spec.meta,
        init: { ...spec.init, type: "init" },
        limits: instLimits,
      });
      const c = answer?.type === "result" ? answer.completion : hostGone(host);
      const gone = answer?.type === "result" ? answer.gone : true;
      inst.busy = false;
      if (!canEaTransition(inst.info.status, "started")) {
        return c; // the host died meanwhile and fail() already ran
      }
      move(inst, "started");
      settle(inst, "init", c, gone);
      if (inst.info.status === "running" && c.result === "ok") {
        const code = c.outcome.initResult ?? 0;
        if (code !== 0) {
          fail(
            inst,
            { result: "error", message: `OnInit failed with code ${code}` },
            false,
            REASON_INITFAILED,
          );
        }
      }
      pump(inst);
      return c;
    },

    dispatch(instanceId, event) {
      const inst = instances.get(instanceId);
      if (inst?.info.status !== "running") {
        return Promise.resolve(stoppedCompletion(`instance ${instanceId} is not running`));
      }
      return new Promise((resolveCompletion) => {
        const type = event.type;
        const last = inst.queue[inst.queue.length - 1];
        if (
          (type === "tick" || type === "timer") &&
          last?.kind === "event" &&
          last.event.type === type
        ) {
          last.event = coalesceEvents(last.event, event);
          last.waiters.push(resolveCompletion);
          if (type === "tick") {
            inst.info.ticksCoalesced += 1;
          }
        } else {
          inst.queue.push({ kind: "event", event, waiters: [resolveCompletion] });
        }
        pump(inst);
      });
    },

    dispatchBatch(instanceId, events) {
      const inst = instances.get(instanceId);
      if (inst?.info.status !== "running") {
        return Promise.resolve({
          completion: stoppedCompletion(`instance ${instanceId} is not running`),
          runs: 0,
        });
      }
      return new Promise((resolveBatch) => {
        inst.queue.push({ kind: "batch", events, waiters: [resolveBatch] });
        pump(inst);
      });
    },

    stop(instanceId, reason = REASON_REMOVE) {
      const inst = instances.get(instanceId);
      if (!(inst && canEaTransition(inst.info.status, "stop"))) {
        return Promise.resolve(stoppedCompletion(`instance ${instanceId} is not running`));
      }
      move(inst, "stop");
      clearTimer(inst);
      drainQueue(inst, stoppedCompletion(`instance ${instanceId} is stopping`));
      return new Promise((resolveStop) => {
        inst.queue.push({ kind: "stop", reason, waiters: [resolveStop] });
        pump(inst);
      });
    },

    status(instanceId) {
      const inst = instances.get(instanceId);
      return inst ? { ...inst.info } : undefined;
    },

    list() {
      return [...instances.values()].map((i) => ({ ...i.info }));
    },

    async stats() {
      const out = await Promise.all(
        hosts.map(async (h) => {
          if (!(h.alive && (await h.ready))) {
            return undefined;
          }
          const answer = await h.request({ type: "stats" });
          if (answer?.type !== "stats") {
            return undefined;
          }
          return {
            hostSlot: h.slot,
            pid: h.pid,
            rssBytes: answer.rssBytes,
            heapUsedBytes: answer.heapUsedBytes,
            instances: answer.instances.map((i) => ({ ...i, hostSlot: h.slot })),
          } satisfies HostStats;
        }),
      );
      return out.filter((s): s is HostStats => s !== undefined);
    },

    onInstanceError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },

    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },

    hostPids() {
      return hosts.map((h) => (h.alive ? h.pid : undefined));
    },

    async ready() {
      const deadline = performance.now() + 15_000;
      for (;;) {
        const states = await Promise.all(hosts.map((h) => (h.alive ? h.ready : false)));
        if (states.every(Boolean)) {
          return;
        }
        if (performance.now() > deadline) {
          throw new Error("EA hosts did not become ready");
        }
        await Bun.sleep(20);
      }
    },

    async close(closeOptions = {}) {
      if (closing) {
        return;
      }
      if (closeOptions.deinit ?? true) {
        const running = [...instances.values()].filter((i) => i.info.status === "running");
        await Promise.race([
          Promise.allSettled(running.map((i) => pool.stop(i.info.instanceId, REASON_CLOSE))),
          Bun.sleep(limits.wallMs + 2000),
        ]);
      }
      closing = true;
      clearInterval(liveness);
      for (const inst of instances.values()) {
        clearTimer(inst);
        if (isEaActive(inst.info.status)) {
          finishStopped(inst);
        }
        drainQueue(inst, stoppedCompletion("the EA host pool closed"));
      }
      await Promise.all(
        hosts.map(async (h) => {
          if (!h.alive) {
            return;
          }
          h.send({ type: "bye" });
          const exited = await Promise.race([
            h.proc.exited.then(() => true),
            Bun.sleep(2000).then(() => false),
          ]);
          if (!exited) {
            h.kill();
            await h.proc.exited;
          }
        }),
      );
    },
  };

  await pool.ready();
  return pool;
}
