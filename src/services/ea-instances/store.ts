// The SQL of EA instances: the ea_instances rows (operational state: status, tick_count, times,
// last_error, the EA's chart), the batched ea_logs lines, and the running-EA count that usage limits read.
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { EA_ACTIVE_STATES, type EaInstanceStatus } from "../../domain/ea-lifecycle.ts";
import { AppError } from "../../domain/errors.ts";
import {
  accounts,
  type EaInstanceRow,
  eaInstances,
  eaLogs,
  type StoredChart,
} from "../../storage/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import type { RunningEaSource } from "../usage.ts";
import type { InputValue } from "./inputs.ts";
import type { EaLogLine } from "./views.ts";

/** RunningEaSource over the ea_instances table: running instances per key of an admin. */
export function dbRunningEas(deps: Pick<ServiceDeps, "db">): RunningEaSource {
  return {
    async runningByKey(adminId) {
      const rows = await deps.db
        .select({ keyId: accounts.keyId, n: sql<number>`count(*)::int` })
        .from(eaInstances)
        .innerJoin(accounts, eq(accounts.id, eaInstances.accountId))
        .where(and(eq(accounts.adminId, adminId), eq(eaInstances.status, "running")))
        .groupBy(accounts.keyId);
      return new Map(rows.map((r) => [r.keyId, Number(r.n)]));
    },
  };
}

/** A new instance row. */
export interface NewInstance {
  readonly accountId: string;
  readonly eaId: string;
  readonly symbol: string;
  readonly timeframe: string;
  readonly inputs: Record<string, InputValue>;
  readonly status: EaInstanceStatus;
}

/** The operational state written back to an instance row. */
export interface InstanceState {
  readonly status: EaInstanceStatus;
  readonly tickCount: number;
  readonly lastError: string;
  readonly stoppedAt: Date | null;
  /** The chart, when it changed since the row last stored it. */
  readonly chart?: StoredChart;
}

interface QueuedLog {
  instanceId: string;
  accountId: string;
  at: Date;
  level: string;
  message: string;
}

export class EaInstanceStore {
  /** Log lines not yet written to ea_logs (flushed with the periodic flush and before reads). */
  private logQueue: QueuedLog[] = [];

  constructor(
    private readonly deps: Pick<ServiceDeps, "db" | "clock">,
    /** Log lines kept per instance. */
    private readonly logLines: number,
  ) {}

  /** Stores a new instance started now. */
  async insert(values: NewInstance): Promise<EaInstanceRow> {
    const now = new Date(this.deps.clock.now());
    const [row] = await this.deps.db
      .insert(eaInstances)
      .values({ ...values, startedAt: now, createdAt: now, updatedAt: now })
      .returning();
    if (!row) {
      throw new AppError("INTERNAL_ERROR", "the EA instance could not be stored");
    }
    return row;
  }

  /** Writes an instance's state; false when its row is gone (account or EA deleted). */
  async save(id: string, state: InstanceState): Promise<boolean> {
    const updated = await this.deps.db
      .update(eaInstances)
      .set({ ...state, updatedAt: new Date(this.deps.clock.now()) })
      .where(eq(eaInstances.id, id))
      .returning({ id: eaInstances.id });
    return updated.length > 0;
  }

  /** Ends a stored instance that is not in memory (one that could not resume). */
  async fail(id: string, status: EaInstanceStatus, lastError: string): Promise<void> {
    await this.deps.db
      .update(eaInstances)
      .set({
        status,
        lastError,
        stoppedAt: new Date(this.deps.clock.now()),
        updatedAt: new Date(this.deps.clock.now()),
      })
      .where(eq(eaInstances.id, id));
  }

  /** The account's latest instance row. */
  async latest(accountId: string): Promise<EaInstanceRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(eaInstances)
      .where(eq(eaInstances.accountId, accountId))
      .orderBy(desc(eaInstances.startedAt), desc(eaInstances.createdAt))
      .limit(1);
    return row;
  }

  /** The id of the account's latest-started instance. */
  async latestId(accountId: string): Promise<string | undefined> {
    const [row] = await this.deps.db
      .select({ id: eaInstances.id })
      .from(eaInstances)
      .where(eq(eaInstances.accountId, accountId))
      .orderBy(desc(eaInstances.startedAt))
      .limit(1);
    return row?.id;
  }

  /** The rows of instances that were starting or running (to resume after a restart). */
  async active(): Promise<EaInstanceRow[]> {
    return await this.deps.db
      .select()
      .from(eaInstances)
      .where(inArray(eaInstances.status, [...EA_ACTIVE_STATES]));
  }

  /** Queues a log line for the next flush. */
  queueLog(line: QueuedLog): void {
    this.logQueue.push(line);
  }

  /** The newest `limit` stored log lines of an instance, newest last. */
  async logs(instanceId: string, limit: number): Promise<EaLogLine[]> {
    const rows = await this.deps.db
      .select()
      .from(eaLogs)
      .where(eq(eaLogs.instanceId, instanceId))
      .orderBy(desc(eaLogs.id))
      .limit(Math.max(1, limit));
    return rows
      .reverse()
      .map((r) => ({ time: r.at.toISOString(), level: r.level, message: r.message }));
  }

  /** Writes queued log lines in one insert and keeps the newest lines per instance. */
  async flushLogs(): Promise<void> {
    if (this.logQueue.length === 0) {
      return;
    }
    const batch = this.logQueue;
    this.logQueue = [];
    const db = this.deps.db;
    for (let i = 0; i < batch.length; i += 500) {
      await db.insert(eaLogs).values(batch.slice(i, i + 500));
    }
    for (const instanceId of new Set(batch.map((l) => l.instanceId))) {
      const [cut] = await db
        .select({ id: eaLogs.id })
        .from(eaLogs)
        .where(eq(eaLogs.instanceId, instanceId))
        .orderBy(desc(eaLogs.id))
        .offset(this.logLines)
        .limit(1);
      if (cut) {
        await db
          .delete(eaLogs)
          .where(and(eq(eaLogs.instanceId, instanceId), lte(eaLogs.id, cut.id)));
      }
    }
  }
}
