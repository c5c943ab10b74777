// One EA instance on its host: its counters and status (every change through eaTransition in
// src/domain/ea-lifecycle.ts), and what each completion does to it (counters, timer, failure,
// ExpertRemove). Its events go through its InstanceQueue, its EventSetTimer through its EaTimer.

import {
  canEaTransition,
  EA_INITIAL_STATE,
  type EaLifecycleEvent,
  type EaLifecycleState,
  eaTransition,
  isEaActive,
  isEaFinal,
} from "../../domain/ea-lifecycle.ts";
import type { Completion, SandboxLimits } from "../protocol.ts";
import { describeFailure } from "../sandbox-types.ts";
import type { HostProcess, SandboxRequest } from "./host-process.ts";
import { type BatchResult, InstanceQueue, type QueueItem } from "./instance-queue.ts";
import type { PoolLogger } from "./logger.ts";
import { REASON_INITFAILED } from "./reasons.ts";
import { EaTimer } from "./timers.ts";

type Json = Record<string, unknown>;

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

/** What an instance needs from its pool. */
export interface InstanceContext {
  logger: PoolLogger;
  clock: { now(): number };
  /** Stop on an uncaught exception in a handler. */
  stopOnException: boolean;
  /** Every completed event, deinit included. */
  emitEvent(instanceId: string, eventType: string, completion: Completion): void;
  /** The instance stopped with status "error". */
  emitError(info: InstanceInfo): void;
  /** The EA called ExpertRemove. */
  expertRemove(instanceId: string): void;
  /** The EA's EventSetTimer period elapsed. */
  timerFired(instanceId: string): void;
}

/** The longest Sleep honoured in one piece (a longer one resumes after this; MQL5 has no cap). */
const MAX_SLEEP_MS = 24 * 3_600_000;

export function stoppedCompletion(message: string): Completion {
  return { result: "disposed", reason: "stopped", message };
}

export class PoolInstance {
  private readonly info: Omit<InstanceInfo, "timerSeconds">;
  private readonly queue: InstanceQueue;
  private readonly timer: EaTimer;
  /** The pending `resume` of a handler suspended in Sleep. */
  private sleeping: ReturnType<typeof setTimeout> | undefined;

  /** A new run in EA_INITIAL_STATE; its queue is held until init() has run OnInit. */
  constructor(
    readonly host: HostProcess,
    readonly limits: SandboxLimits,
    instanceId: string,
    private readonly ctx: InstanceContext,
  ) {
    this.info = {
      instanceId,
      status: EA_INITIAL_STATE,
      lastError: undefined,
      hostSlot: host.slot,
      tickCount: 0,
      ticksCoalesced: 0,
      eventsRun: 0,
      startedAt: ctx.clock.now(),
      stoppedAt: undefined,
    };
    this.queue = new InstanceQueue(
      (item) => this.run(item),
      (err) => ctx.logger.error({ instanceId, err: String(err) }, "EA event failed"),
    );
    this.queue.hold();
    this.timer = new EaTimer(() => ctx.timerFired(instanceId));
  }

  get id(): string {
    return this.info.instanceId;
  }

  get status(): InstanceStatus {
    return this.info.status;
  }

  /** A copy of the instance's info. */
  snapshot(): InstanceInfo {
    return { ...this.info, timerSeconds: this.timer.seconds };
  }

  /** Loads the program and runs OnInit; a non-zero OnInit code stops the instance
   * (OnDeinit(REASON_INITFAILED)). Then lets queued events run. */
  async init(request: Extract<SandboxRequest, { type: "start" }>): Promise<Completion> {
    const { completion: c, gone } = await this.host.run(request);
    this.queue.release();
    if (!canEaTransition(this.info.status, "started")) {
      // The host died meanwhile (fail() already ran), or stop() came during OnInit: its queued
      // stop runs now.
      this.queue.pump();
      return c;
    }
    this.move("started");
    this.settle("init", c, gone);
    if (this.info.status === "running" && c.result === "ok") {
      const code = c.outcome.initResult ?? 0;
      if (code !== 0) {
        this.fail(
          { result: "error", message: `OnInit failed with code ${code}` },
          false,
          REASON_INITFAILED,
        );
      }
    }
    this.queue.pump();
    return c;
  }

  /** Queues an event (the pool checked the instance is running). */
  dispatch(event: Json): Promise<Completion> {
    return new Promise((resolveCompletion) => {
      if (this.queue.pushEvent(event, resolveCompletion) && event.type === "tick") {
        this.info.ticksCoalesced += 1;
      }
    });
  }

  dispatchBatch(events: Json[]): Promise<BatchResult> {
    return new Promise((resolveBatch) => this.queue.pushBatch(events, resolveBatch));
  }

  /** Moves to `stopping`, answers what is queued, then runs OnDeinit(reason) and disposes. The
   * pool checked that "stop" is allowed. */
  stop(reason: number): Promise<Completion> {
    this.move("stop");
    this.timer.clear();
    this.wakeUp();
    this.queue.drain(stoppedCompletion(`instance ${this.id} is stopping`));
    return new Promise((resolveStop) => this.queue.pushStop(reason, resolveStop));
  }

  /** Its host exited: a stopping instance is stopped, any other live one errored. */
  hostLost(): void {
    if (isEaFinal(this.info.status)) {
      return;
    }
    const c = this.host.goneCompletion();
    if (this.info.status === "stopping") {
      this.finishStopped();
    } else {
      this.fail(c);
    }
  }

  /** The pool is closing: no timer, stopped if active, every waiter answered. */
  poolClosed(): void {
    this.timer.clear();
    this.wakeUp();
    if (isEaActive(this.info.status)) {
      this.finishStopped();
    }
    this.queue.drain(stoppedCompletion("the EA host pool closed"));
  }

  /** Moves through the lifecycle table; an illegal event is logged, not applied. */
  private move(event: EaLifecycleEvent): boolean {
    const from = this.info.status;
    const next = eaTransition(from, event);
    if (next === null) {
      this.ctx.logger.error(
        { instanceId: this.id, from, event },
        "illegal EA instance transition refused",
      );
      return false;
    }
    this.info.status = next;
    return true;
  }

  /** Stops the instance with status "error" after a failed completion; when the sandbox is
   * still there, disposes it (running OnDeinit(deinitReason) unless null). */
  private fail(c: Completion, gone = true, deinitReason: number | null = null): void {
    if (isEaFinal(this.info.status) || !this.move("crash")) {
      return;
    }
    const lastError = describeFailure(c, this.limits) ?? "failed";
    this.info.lastError = lastError;
    this.info.stoppedAt = this.ctx.clock.now();
    this.timer.clear();
    this.wakeUp();
    this.queue.drain(stoppedCompletion(`instance stopped: ${lastError}`));
    if (!gone) {
      void this.host.run({ type: "stop", instanceId: this.id, reason: deinitReason });
    }
    this.ctx.logger.warn({ instanceId: this.id, lastError }, "EA instance stopped with an error");
    this.ctx.emitError(this.snapshot());
  }

  private finishStopped(): void {
    if (!this.move("stopped")) {
      return;
    }
    this.info.stoppedAt = this.ctx.clock.now();
    this.timer.clear();
    this.wakeUp();
  }

  /**
   * A handler is suspended in Sleep (compiled MQL5): a `resume` event goes through the queue
   * when the time is up; events queued meanwhile reach the runtime, which holds their handlers.
   */
  private sleepFor(ms: number): void {
    this.wakeUp();
    this.sleeping = setTimeout(
      () => {
        this.sleeping = undefined;
        if (this.info.status === "running") {
          void this.dispatch({ type: "resume" });
        }
      },
      Math.max(0, Math.min(ms, MAX_SLEEP_MS)),
    );
  }

  private wakeUp(): void {
    if (this.sleeping) {
      clearTimeout(this.sleeping);
      this.sleeping = undefined;
    }
  }

  /** Handles a completion of an event: counters, timer, failures, ExpertRemove. */
  private settle(eventType: string, c: Completion, gone: boolean, runs = 1): void {
    if (c.result === "ok" || c.result === "error") {
      this.info.eventsRun += runs;
      if (eventType === "tick") {
        this.info.tickCount += runs;
      }
    }
    if (c.result === "ok") {
      this.timer.apply(c.outcome.timer);
      if (c.outcome.sleep !== undefined) {
        this.sleepFor(c.outcome.sleep);
      }
    }
    this.ctx.emitEvent(this.id, eventType, c);
    if (this.info.status !== "running") {
      return;
    }
    if (c.result !== "ok") {
      // A critical MQL5 run-time error stops the program whatever the exception policy.
      if (c.result === "error" && !this.ctx.stopOnException && !gone && !c.outcome?.fatal) {
        return;
      }
      this.fail(c, gone);
      return;
    }
    if (c.outcome.remove) {
      this.ctx.expertRemove(this.id);
    }
  }

  /** Runs one queue item on the host and answers its waiters. */
  private async run(item: QueueItem): Promise<void> {
    const instanceId = this.id;
    if (item.kind === "stop") {
      const r = await this.host.run({ type: "stop", instanceId, reason: item.reason });
      if (r.answered) {
        this.ctx.emitEvent(instanceId, "deinit", r.completion);
      }
      if (this.info.status === "stopping") {
        this.finishStopped();
      }
      for (const w of item.waiters) {
        w(r.completion);
      }
      return;
    }
    if (item.kind === "batch") {
      const r = await this.host.run({ type: "batch", instanceId, events: item.events });
      const ticks = item.events.filter((e) => e.type === "tick").length;
      this.settle(
        ticks > 0 ? "tick" : "batch",
        r.completion,
        r.gone,
        ticks > 0 ? Math.min(r.runs, ticks) : r.runs,
      );
      for (const w of item.waiters) {
        w({ completion: r.completion, runs: r.runs });
      }
      return;
    }
    const eventType = String(item.event.type);
    const r = await this.host.run({ type: "event", instanceId, event: item.event });
    this.settle(eventType, r.completion, r.gone);
    for (const w of item.waiters) {
      w(r.completion);
    }
  }
}
