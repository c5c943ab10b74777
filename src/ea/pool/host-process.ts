// One Node EA host process: spawned on the host script and greeted with `hello`, spoken to in
// length-prefixed frames over stdin/stdout (../protocol.ts), its stderr read as log lines, its
// exit answering every request still waiting. Replaced by a new HostProcess on restart.

import type { Subprocess } from "bun";
import {
  type Completion,
  encodeFrame,
  FrameDecoder,
  firstError,
  type HeapStats,
  type HostToPool,
  HostToPoolCheck,
  type PoolToHost,
  PROTOCOL_VERSION,
  type SandboxLimits,
} from "../protocol.ts";
import type { PoolLogger } from "./logger.ts";
import type { CallMessage } from "./trade-calls.ts";

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

/** What every host of a pool is started with. */
export interface HostProcessConfig {
  /** Node 20 executable. */
  nodePath: string;
  /** The bundled host script (./bundle.ts). */
  script: string;
  /** Runtime bundle text sent in `hello`. */
  bundle: string;
  limits: SandboxLimits;
  isolatedVmPath: string;
  watchdogGraceMs: number;
  logger: PoolLogger;
  /** Builds the `callResult` for a trade call from the host's isolate; never rejects. */
  answerCall(m: CallMessage): Promise<PoolToHost>;
  /** One line of the host's stderr. */
  logLine(slot: number, line: string): void;
}

type ResultMessage = Extract<HostToPool, { type: "result" }>;
type StatsMessage = Extract<HostToPool, { type: "stats" }>;
type Distributive<T> = T extends unknown ? Omit<T, "id"> : never;
type RequestBody = Distributive<
  Extract<PoolToHost, { id: number; type: "start" | "event" | "batch" | "stop" | "stats" }>
>;
/** The requests about one sandbox, answered by `result`. */
export type SandboxRequest = Exclude<RequestBody, { type: "stats" }>;

/** What a sandbox request came to. A host that died first gives its gone completion. */
export interface SandboxAnswer {
  completion: Completion;
  /** The sandbox is gone after it (true when the host died). */
  gone: boolean;
  /** Batch: events run (0 when the host died). */
  runs: number;
  /** The host answered with `result`. */
  answered: boolean;
}

interface PendingRequest {
  resolve: (m: ResultMessage | StatsMessage | undefined) => void;
}

export class HostProcess {
  private readonly proc: Subprocess<"pipe", "pipe", "pipe">;
  /** Resolves true on the host's `ready`, false if it exits first. */
  readonly ready: Promise<boolean>;
  private markReady: (ok: boolean) => void = () => undefined;
  private readonly pending = new Map<number, PendingRequest>();
  private nextId = 1;
  private lastHeard = performance.now();
  /** Host calls (trade calls, WebRequests) the pool is answering: the host waits on the pool. */
  private answering = 0;
  private live = true;
  /** Set when the pool killed it for not answering. */
  killedUnresponsive = false;

  constructor(
    readonly slot: number,
    private readonly config: HostProcessConfig,
    private readonly onExit: (host: HostProcess, code: number | null) => void,
  ) {
    this.ready = new Promise((r) => {
      this.markReady = r;
    });
    this.proc = Bun.spawn([config.nodePath, "--no-node-snapshot", config.script], {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      env: {},
    });
    void this.readFrames();
    void this.readLogs();
    void this.proc.exited.then((code) => this.exited(code));
    this.send({
      type: "hello",
      v: PROTOCOL_VERSION,
      hostId: slot,
      bundle: config.bundle,
      limits: config.limits,
      isolatedVmPath: config.isolatedVmPath,
      watchdogGraceMs: config.watchdogGraceMs,
    });
  }

  /** False once the process has exited. */
  get alive(): boolean {
    return this.live;
  }

  get pid(): number {
    return this.proc.pid;
  }

  /** Requests sent and not answered yet. */
  get outstanding(): number {
    return this.pending.size;
  }

  /** Ms since the host last wrote to stdout (or since its first outstanding request, or since
   * the pool answered its last call); 0 while the pool is answering a call of the host's (the
   * host bounds that wait itself: a WebRequest may take its whole timeout). */
  silentFor(): number {
    return this.answering > 0 ? 0 : performance.now() - this.lastHeard;
  }

  /** The completion of requests cut short by this host's death. */
  goneCompletion(): Completion {
    return this.killedUnresponsive
      ? {
          result: "disposed",
          reason: "hostUnresponsive",
          message: "host process stopped responding",
        }
      : { result: "disposed", reason: "hostCrashed", message: "host process crashed" };
  }

  private send(message: PoolToHost): boolean {
    if (!this.live) {
      return false;
    }
    try {
      this.proc.stdin.write(encodeFrame(message));
      this.proc.stdin.flush();
      return true;
    } catch (err) {
      this.config.logger.warn({ slot: this.slot, err: String(err) }, "EA host write failed");
      return false;
    }
  }

  /** Sends start / event / batch / stop and waits for its `result`. */
  async run(body: SandboxRequest): Promise<SandboxAnswer> {
    const answer = await this.request(body);
    if (answer?.type === "result") {
      return {
        completion: answer.completion,
        gone: answer.gone,
        runs: answer.runs ?? 0,
        answered: true,
      };
    }
    return { completion: this.goneCompletion(), gone: true, runs: 0, answered: false };
  }

  /** Heap statistics of the host's sandboxes; undefined when it is not alive and ready. */
  async stats(): Promise<HostStats | undefined> {
    if (!(this.alive && (await this.ready))) {
      return undefined;
    }
    const answer = await this.request({ type: "stats" });
    if (answer?.type !== "stats") {
      return undefined;
    }
    return {
      hostSlot: this.slot,
      pid: this.pid,
      rssBytes: answer.rssBytes,
      heapUsedBytes: answer.heapUsedBytes,
      instances: answer.instances.map((i) => ({ ...i, hostSlot: this.slot })),
    };
  }

  private kill(): void {
    if (this.live) {
      this.proc.kill("SIGKILL");
    }
  }

  /** Kills a host that stopped answering; its requests end as "hostUnresponsive". */
  killUnresponsive(): void {
    this.killedUnresponsive = true;
    this.kill();
  }

  /** Says `bye` and waits for the exit; kills the host if it is still there after `graceMs`. */
  async shutdown(graceMs: number): Promise<void> {
    if (!this.alive) {
      return;
    }
    this.send({ type: "bye" });
    const exited = await Promise.race([
      this.proc.exited.then(() => true),
      Bun.sleep(graceMs).then(() => false),
    ]);
    if (!exited) {
      this.kill();
      await this.proc.exited;
    }
  }

  /** Sends a request; resolves with its answer, or undefined when the host died first. */
  private request(body: RequestBody): Promise<ResultMessage | StatsMessage | undefined> {
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
      this.config.logger.error({ slot: this.slot, err: String(err) }, "EA host stream failed");
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
        this.config.logLine(this.slot, carry.slice(0, nl));
        carry = carry.slice(nl + 1);
        nl = carry.indexOf("\n");
      }
    }
    if (carry) {
      this.config.logLine(this.slot, carry);
    }
  }

  private onMessage(m: unknown): void {
    const logger = this.config.logger;
    if (!HostToPoolCheck.Check(m)) {
      logger.error(
        { slot: this.slot, problem: firstError(HostToPoolCheck, m) },
        "EA host sent an invalid message",
      );
      return;
    }
    switch (m.type) {
      case "ready":
        if (m.v !== PROTOCOL_VERSION) {
          logger.error({ slot: this.slot, v: m.v }, "EA host protocol mismatch");
          this.kill();
          return;
        }
        logger.debug({ slot: this.slot, pid: m.pid, node: m.node }, "EA host ready");
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
        this.answering += 1;
        void this.config.answerCall(m).then((reply) => {
          this.answering -= 1;
          this.lastHeard = performance.now();
          this.send(reply);
        });
        return;
      case "fault":
        logger.warn({ slot: this.slot, message: m.message }, "EA host fault");
        return;
      case "bye":
        return; // the host is exiting on request; its exit is handled by the process watcher
      default: {
        const never: never = m;
        logger.warn({ message: never }, "unknown EA host message");
      }
    }
  }

  private exited(code: number | null): void {
    this.live = false;
    this.markReady(false);
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) {
      p.resolve(undefined);
    }
    this.onExit(this, code);
  }
}
