/**
 * The IPC contract between the Bun-side EA host pool (src/ea/host-pool.ts) and the Node EA host
 * processes (ea-runtime/src/host/).
 *
 * Owns: every message as a TypeBox schema in two unions tagged by `type` (pool → host and
 * host → pool), the protocol version checked in the first message (`hello` / `ready`), the
 * sandbox limits and the closed sandbox completion type, and the length-prefixed framing.
 * Both sides import this file (the host is bundled from TypeScript with Bun.build), so there is
 * one declaration of each wire shape; both sides validate what they receive with a compiled
 * checker.
 *
 * Framing: each message is a 4-byte big-endian byte length followed by that many bytes of UTF-8
 * JSON. Pool → host travels on the host's stdin, host → pool on its stdout; stderr carries the
 * host's log lines. Request ids are per connection, chosen by the sender of the request.
 *
 * Must not import Bun, Node or isolated-vm APIs (it runs on both sides).
 */

import { type Static, Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { AlertEntrySchema, ChartDeltaSchema } from "./chart-wire.ts";
import { StorageDeltaSchema } from "./storage-wire.ts";

/** Bumped on any incompatible change; `hello.v` must equal the host's own value. */
export const PROTOCOL_VERSION = 1;

// ───────────────────────────── limits and completions ─────────────────────────────

/** Per-instance sandbox limits (ARCHITECTURE §7). */
export const SandboxLimitsSchema = Type.Object({
  /** Isolate heap limit, MB (isolated-vm `memoryLimit`). Default 64. */
  memoryMb: Type.Integer({ minimum: 8, maximum: 4096 }),
  /** Wall time one handler call may spend in the isolate, ms (time waiting on answered trade
   * calls is not charged). Default 100. */
  wallMs: Type.Integer({ minimum: 1 }),
  /** Wall time for loading the program (top-level code), ms. Default 1000. */
  loadWallMs: Type.Integer({ minimum: 1 }),
  /** Longest wait for the pool's answer to one trade call, ms; past it the call is an overrun
   * and the isolate is disposed. Default 5000. */
  hostCallTimeoutMs: Type.Integer({ minimum: 1 }),
  /** Log lines per instance per second; extra lines are counted in `logsDropped`. Default 100. */
  logLinesPerSecond: Type.Integer({ minimum: 1 }),
});
export type SandboxLimits = Static<typeof SandboxLimitsSchema>;

export const DEFAULT_LIMITS: SandboxLimits = {
  memoryMb: 64,
  wallMs: 100,
  loadWallMs: 1000,
  hostCallTimeoutMs: 5000,
  logLinesPerSecond: 100,
};

/** One log line of an outcome (ea-runtime/README.md). */
export const LogLineSchema = Type.Object({
  level: Type.Union([
    Type.Literal("info"),
    Type.Literal("alert"),
    Type.Literal("warn"),
    Type.Literal("error"),
  ]),
  text: Type.String(),
  /** Server time, ms. */
  time: Type.Number(),
});

/** What `__tas.load` / `__tas.dispatch` return (ea-runtime/README.md "Outcome"). */
export const OutcomeSchema = Type.Object({
  ok: Type.Boolean(),
  error: Type.Optional(
    Type.Object({ message: Type.String(), stack: Type.Optional(Type.String()) }),
  ),
  /** A critical MQL5 run-time error: the instance is stopped whatever the exception policy. */
  fatal: Type.Optional(Type.Boolean()),
  /** The handler called Sleep: the pool sends a `resume` event after this many ms. */
  sleep: Type.Optional(Type.Number()),
  logs: Type.Array(LogLineSchema),
  logsDropped: Type.Optional(Type.Number()),
  comment: Type.Optional(Type.String()),
  /** EventSetTimer / EventKillTimer; absent = unchanged. */
  timer: Type.Optional(Type.Union([Type.Object({ seconds: Type.Number() }), Type.Null()])),
  indicatorsInUse: Type.Optional(Type.Array(Type.Unknown())),
  seriesInUse: Type.Optional(
    Type.Array(
      Type.Object({ symbol: Type.String(), timeframe: Type.String(), bars: Type.Number() }),
    ),
  ),
  initResult: Type.Optional(Type.Number()),
  testerResult: Type.Optional(Type.Number()),
  remove: Type.Optional(Type.Boolean()),
  handlers: Type.Optional(Type.Array(Type.String())),
  /** The chart's changes (objects, properties, comment; `reset` = the whole chart). */
  chart: Type.Optional(ChartDeltaSchema),
  /** Alert / SendNotification / SendMail calls of the event. */
  alerts: Type.Optional(Type.Array(AlertEntrySchema)),
  /** Global variables and files the event changed, to persist (./storage-wire.ts). */
  storage: Type.Optional(StorageDeltaSchema),
});
export type Outcome = Static<typeof OutcomeSchema>;

/** Why a sandbox is gone. */
export const DisposedReasonSchema = Type.Union([
  /** The isolate reached its memory limit. */
  Type.Literal("memory"),
  /** isolated-vm reported a catastrophic error. */
  Type.Literal("catastrophic"),
  /** The host process died (set by the pool). */
  Type.Literal("hostCrashed"),
  /** The host process stopped answering and was killed (set by the pool). */
  Type.Literal("hostUnresponsive"),
  /** The instance is not running (stopped, errored or unknown). */
  Type.Literal("stopped"),
]);
export type DisposedReason = Static<typeof DisposedReasonSchema>;

/**
 * The closed result of running one event in a sandbox (xxscreeps' TickCompletion). Classified
 * in exactly one place (ea-runtime/src/host/sandbox.ts `classify`); the pool maps it to the
 * instance status and `last_error` text (src/ea/sandbox-types.ts `describeFailure`).
 */
export const CompletionSchema = Type.Union([
  Type.Object({
    result: Type.Literal("ok"),
    outcome: OutcomeSchema,
    /** Wall time of the call, ms (trade-call waits included). */
    wallMs: Type.Number(),
    /** Isolate CPU time of the call, ms. */
    cpuMs: Type.Number(),
  }),
  Type.Object({
    result: Type.Literal("timedOut"),
    /** MQL5 handler name (OnTick…) or "load". */
    handler: Type.String(),
    limitMs: Type.Number(),
    /** Set when the overrun happened while blocked in a trade call (its kind). */
    blockedIn: Type.Optional(Type.String()),
  }),
  Type.Object({
    result: Type.Literal("disposed"),
    reason: DisposedReasonSchema,
    message: Type.String(),
  }),
  Type.Object({
    result: Type.Literal("error"),
    /** The user's exception (with its line) or the sandbox failure. */
    message: Type.String(),
    /** Present when the runtime reported the exception (logs of the event are in it). */
    outcome: Type.Optional(OutcomeSchema),
  }),
]);
export type Completion = Static<typeof CompletionSchema>;

/** Isolate heap statistics (subset of v8.getHeapStatistics), bytes. */
export const HeapStatsSchema = Type.Object({
  totalHeapSize: Type.Number(),
  usedHeapSize: Type.Number(),
  heapSizeLimit: Type.Number(),
  /** Memory outside the heap that counts against the limit (ArrayBuffers…). */
  externallyAllocatedSize: Type.Number(),
  /** Isolate CPU time since creation, ms. */
  cpuMs: Type.Number(),
  /** Isolate wall time since creation, ms. */
  wallMs: Type.Number(),
});
export type HeapStats = Static<typeof HeapStatsSchema>;

// ───────────────────────────── pool → host ─────────────────────────────

const Json = Type.Record(Type.String(), Type.Unknown());

export const PoolToHostSchema = Type.Union([
  /** First message: protocol version, the runtime bundle text and the default limits. */
  Type.Object({
    type: Type.Literal("hello"),
    v: Type.Integer(),
    hostId: Type.Integer(),
    /** The IIFE from buildRuntimeBundle(), evaluated in every isolate. */
    bundle: Type.String(),
    limits: SandboxLimitsSchema,
    /** Absolute path of isolated-vm's entry (the host is bundled outside node_modules). */
    isolatedVmPath: Type.String(),
    /** How often the host's watchdog thread checks for a stuck main thread, ms. */
    watchdogGraceMs: Type.Integer({ minimum: 10 }),
  }),
  /** Create a sandbox, load the program, run `init` (OnInit). Answered by `result`. */
  Type.Object({
    type: Type.Literal("start"),
    id: Type.Integer(),
    instanceId: Type.String(),
    programJs: Type.String(),
    /** LoadMeta (ea-runtime/README.md). */
    meta: Json,
    /** The init event (snapshot, history). */
    init: Json,
    limits: Type.Optional(SandboxLimitsSchema),
  }),
  /** One event (WireEvent JSON object). Answered by `result`. */
  Type.Object({
    type: Type.Literal("event"),
    id: Type.Integer(),
    instanceId: Type.String(),
    event: Json,
  }),
  /** Several events run back to back (backtests, replays); stops at the first failure.
   * Answered by `result` with the last completion and `runs`. */
  Type.Object({
    type: Type.Literal("batch"),
    id: Type.Integer(),
    instanceId: Type.String(),
    events: Type.Array(Json),
  }),
  /** Optionally run `deinit` (OnDeinit(reason)), then dispose. Answered by `result`. */
  Type.Object({
    type: Type.Literal("stop"),
    id: Type.Integer(),
    instanceId: Type.String(),
    /** REASON_* for OnDeinit; null = dispose without calling OnDeinit. */
    reason: Type.Union([Type.Integer(), Type.Null()]),
  }),
  /** Heap statistics of every sandbox and the host RSS. Answered by `stats`. */
  Type.Object({ type: Type.Literal("stats"), id: Type.Integer() }),
  /** The answer to a host `call`: HostAnswer JSON text, or an error message. */
  Type.Object({
    type: Type.Literal("callResult"),
    id: Type.Integer(),
    answer: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
  }),
  /** Dispose everything, answer `bye`, exit. */
  Type.Object({ type: Type.Literal("bye") }),
]);
export type PoolToHost = Static<typeof PoolToHostSchema>;

// ───────────────────────────── host → pool ─────────────────────────────

export const HostToPoolSchema = Type.Union([
  /** Answer to `hello`. */
  Type.Object({
    type: Type.Literal("ready"),
    v: Type.Integer(),
    hostId: Type.Integer(),
    pid: Type.Integer(),
    node: Type.String(),
  }),
  /** Answer to start / event / batch / stop. */
  Type.Object({
    type: Type.Literal("result"),
    id: Type.Integer(),
    instanceId: Type.String(),
    completion: CompletionSchema,
    /** batch: events run. */
    runs: Type.Optional(Type.Integer()),
    /** The sandbox is gone after this completion (timedOut, disposed, stopped). */
    gone: Type.Boolean(),
  }),
  /** A synchronous trade call from inside the isolate (`__host_call`); the isolate is blocked
   * until `callResult` with the same id arrives. */
  Type.Object({
    type: Type.Literal("call"),
    id: Type.Integer(),
    instanceId: Type.String(),
    kind: Type.String(),
    /** The runtime's payload JSON text, passed through. */
    payload: Type.String(),
  }),
  Type.Object({
    type: Type.Literal("stats"),
    id: Type.Integer(),
    rssBytes: Type.Number(),
    heapUsedBytes: Type.Number(),
    instances: Type.Array(Type.Object({ instanceId: Type.String(), heap: HeapStatsSchema })),
  }),
  /** A protocol problem the host could not attribute to a request (bad frame, wrong version). */
  Type.Object({ type: Type.Literal("fault"), message: Type.String() }),
  /** Last message before the host exits after `bye`. */
  Type.Object({ type: Type.Literal("bye") }),
]);
export type HostToPool = Static<typeof HostToPoolSchema>;

/** Compiled checkers (TypeBox's TypeCompiler), one per direction. */
export const PoolToHostCheck = TypeCompiler.Compile(PoolToHostSchema);
export const HostToPoolCheck = TypeCompiler.Compile(HostToPoolSchema);

/** First validation error of a message, for fault text. */
export function firstError(check: typeof PoolToHostCheck | typeof HostToPoolCheck, v: unknown) {
  const e = check.Errors(v).First();
  return e ? `${e.path || "/"}: ${e.message}` : "invalid message";
}

// ───────────────────────────── framing ─────────────────────────────

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Largest frame either side accepts, bytes (a runtime bundle is ~150 KB, snapshots less). */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

/** Encodes one message as a length-prefixed frame. Throws on values JSON cannot encode. */
export function encodeFrame(message: PoolToHost | HostToPool): Uint8Array {
  const body = encoder.encode(JSON.stringify(message));
  const out = new Uint8Array(4 + body.byteLength);
  new DataView(out.buffer).setUint32(0, body.byteLength, false);
  out.set(body, 4);
  return out;
}

/**
 * Incremental frame decoder: push chunks as they arrive, get back parsed JSON values (not yet
 * validated). Throws on a frame larger than MAX_FRAME_BYTES or a body that is not JSON.
 */
export class FrameDecoder {
  private buf: Uint8Array = new Uint8Array(0);
  private start = 0;
  private end = 0;

  push(chunk: Uint8Array): unknown[] {
    this.append(chunk);
    const out: unknown[] = [];
    for (;;) {
      const available = this.end - this.start;
      if (available < 4) {
        break;
      }
      const view = new DataView(this.buf.buffer, this.buf.byteOffset + this.start, 4);
      const len = view.getUint32(0, false);
      if (len > MAX_FRAME_BYTES) {
        throw new Error(`frame of ${len} bytes exceeds ${MAX_FRAME_BYTES}`);
      }
      if (available < 4 + len) {
        break;
      }
      const body = this.buf.subarray(this.start + 4, this.start + 4 + len);
      this.start += 4 + len;
      out.push(JSON.parse(decoder.decode(body)));
    }
    if (this.start === this.end) {
      this.start = 0;
      this.end = 0;
    }
    return out;
  }

  private append(chunk: Uint8Array): void {
    if (this.end + chunk.byteLength > this.buf.byteLength) {
      const live = this.end - this.start;
      const size = Math.max(live + chunk.byteLength, this.buf.byteLength * 2, 64 * 1024);
      const next = new Uint8Array(size);
      next.set(this.buf.subarray(this.start, this.end), 0);
      this.buf = next;
      this.start = 0;
      this.end = live;
    }
    this.buf.set(chunk, this.end);
    this.end += chunk.byteLength;
  }
}
