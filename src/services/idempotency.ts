// Idempotency-Key handling (ARCHITECTURE §5): per API key, the same key with the same request
// returns the first answer; with a different request 422 IDEMPOTENCY_MISMATCH; while the first
// is still running 409 IDEMPOTENCY_IN_PROGRESS. The first request's row is written before the
// request reaches the broker (the journaled intent) and keeps its answer for at least 24 h.
// A row is held by the process running it (`<node>/<boot>`); a row whose holder died (a kill -9
// mid-request) is recovered: by the next retry of its key, and when the account's session
// reconnects after a restart. Recovery asks the request's kind what became of it: an order is
// looked up in the order journal and at the broker (its first answer rebuilt from the broker's
// record, or "not executed", which lets the retry run it now, once).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { AppError, errorBody } from "../domain/errors.ts";
import { holderName, isDeadHolder } from "../domain/holders.ts";
import { type HotStatement, hotStatement, sqlLiteral } from "../storage/prepared.ts";
import { type IdempotencyKeyRow, idempotencyKeys } from "../storage/schema/index.ts";
import type { ServiceDeps } from "./deps.ts";

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** What an idempotent request does; it decides how a dead holder's row is recovered. */
export type IdempotentKind = "order" | "close" | "close_all" | "demo";

/**
 * What became of a request whose holder died: its answer (rebuilt from what the broker knows),
 * or proof that it was not executed, so the retry may run it (once: the retry holds the key).
 */
export type Recovery = { readonly answer: IdempotentAnswer } | { readonly notExecuted: true };

/** Finds the outcome of an interrupted request from its recorded intent. */
export type Recoverer = (intent: unknown) => Promise<Recovery>;

/** Canonical JSON (sorted object keys) so equal bodies fingerprint equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonical).join(",")}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The row of one (API key, Idempotency-Key). */
const keyRow = (keyId: string, idemKey: string) =>
  and(eq(idempotencyKeys.keyId, keyId), eq(idempotencyKeys.idemKey, idemKey));

export class IdempotencyService {
  private lastPurge = 0;
  private readonly recoverers = new Map<IdempotentKind, Recoverer>();
  /** This process, as the holder of the requests it runs. */
  readonly holder: string;
  /**
   * The two writes on every keyed request's path, prepared (src/storage/prepared.ts): claiming
   * the key, and storing the answer. Built by drizzle and planned anew they took 1.5–1.8 ms each
   * on PGlite under one-at-a-time orders, where the order journal's prepared writes took 0.2–0.3.
   */
  private readonly claimKey: HotStatement<{ idem_key: string }>;
  private readonly storeAnswer: HotStatement<never>;

  constructor(
    private readonly deps: ServiceDeps,
    holder: string = holderName(deps.config.nodeId, randomBytes(6).toString("hex")),
  ) {
    this.holder = holder;
    // No conflict target: a key already claimed (any state) returns no row, as drizzle's
    // onConflictDoNothing() did.
    this.claimKey = hotStatement(
      deps.db,
      "idempotency_claim",
      ["uuid", "text", "text", "text", "text", "jsonb", "jsonb", "timestamptz", "timestamptz"],
      `insert into idempotency_keys
         (key_id, idem_key, fingerprint, state, holder, kind, intent, request, created_at, expires_at)
       values ($1, $2, $3, ${sqlLiteral("in_progress")}, $4, $5, $6, $7, $8, $9)
       on conflict do nothing
       returning idem_key`,
    );
    this.storeAnswer = hotStatement(
      deps.db,
      "idempotency_store",
      ["uuid", "text", "int4", "jsonb"],
      `update idempotency_keys set state = ${sqlLiteral("done")}, response_status = $3,
         response_body = $4
       where key_id = $1 and idem_key = $2`,
    );
  }

  /**
   * How rows of `kind` left by a dead holder are recovered. A kind without one (close-all, demo
   * creation) is taken as not executed: its retry runs it again (close-all closes what is still
   * open; a demo account half-created at the broker is left unused).
   */
  setRecoverer(kind: IdempotentKind, recoverer: Recoverer): void {
    this.recoverers.set(kind, recoverer);
  }

  /**
   * Runs `fn` once per (API key, Idempotency-Key). Without a header it just runs `fn`.
   * `fn` returns the success status and envelope; AppErrors below 500 are stored and replayed
   * too (the request was answered), other failures and 429s (refused before anything was
   * done: come back later) free the key so a retry can run again — except
   * TRADE_OUTCOME_UNKNOWN, which is kept: retrying blindly could duplicate the order.
   * `intent` is what recovery of `kind` needs should this process die while `fn` runs.
   */
  async run(
    opts: {
      keyId: string;
      header: string | undefined;
      method: string;
      path: string;
      body: unknown;
      kind: IdempotentKind;
      intent?: Record<string, unknown>;
    },
    fn: () => Promise<IdempotentAnswer>,
  ): Promise<IdempotentAnswer> {
    if (opts.header === undefined) {
      return fn();
    }
    const idemKey = opts.header.trim();
    if (!KEY_SHAPE.test(idemKey)) {
      throw new AppError(
        "VALIDATION_ERROR",
        "Invalid 'Idempotency-Key': 1-255 visible ASCII characters",
        { field: "Idempotency-Key" },
      );
    }
    const fingerprint = createHash("sha256")
      .update(`${opts.method} ${opts.path}\n${canonical(opts.body)}`)
      .digest("hex");
    const now = this.deps.clock.now();
    await this.purge(now);
    const db = this.deps.db;
    const [claimed] = await this.claimKey.run([
      opts.keyId,
      idemKey,
      fingerprint,
      this.holder,
      opts.kind,
      opts.intent ? JSON.stringify(opts.intent) : null,
      JSON.stringify({ method: opts.method, path: opts.path, body: opts.body ?? null }),
      new Date(now).toISOString(),
      new Date(now + TTL_MS).toISOString(),
    ]);
    if (claimed) {
      return this.execute(opts.keyId, idemKey, fn);
    }
    const where = keyRow(opts.keyId, idemKey);
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) {
      throw inProgress();
    }
    if (row.fingerprint !== fingerprint) {
      throw new AppError(
        "IDEMPOTENCY_MISMATCH",
        "This Idempotency-Key was used with a different request",
      );
    }
    if (row.state === "done" && row.responseStatus !== null) {
      // An answer of unknown outcome (504) is not the end: the retry learns what became of the
      // request (from the journal and the broker), or runs it if it never executed.
      if (!(row.responseStatus === 504 && (await this.reopenUnknown(row)))) {
        return { status: row.responseStatus, body: row.responseBody };
      }
    } else if (!this.isOrphan(row) || !(await this.takeOver(row))) {
      throw inProgress();
    }
    const recovery = await this.recover(row);
    if ("answer" in recovery) {
      return recovery.answer;
    }
    // Not executed: this retry runs the request, as its first attempt, under the new intent.
    await db
      .update(idempotencyKeys)
      .set({ intent: opts.intent ?? null })
      .where(where);
    return this.execute(opts.keyId, idemKey, fn);
  }

  /**
   * Recovers the rows of dead holders that need no broker (kinds without a recoverer are freed
   * for their retry) and, with `accountId`, the account's orders (called once its session is
   * connected and its journal reconciled). Returns how many rows were resolved.
   */
  async recoverOrphans(accountId?: string): Promise<number> {
    const rows = await this.deps.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.state, "in_progress"),
          accountId === undefined
            ? undefined
            : sql`${idempotencyKeys.intent} ->> 'accountId' = ${accountId}`,
        ),
      );
    let resolved = 0;
    for (const row of rows) {
      const hasRecoverer = row.kind !== null && this.recoverers.has(row.kind as IdempotentKind);
      if ((accountId === undefined && hasRecoverer) || !this.isOrphan(row)) {
        continue;
      }
      if (!(await this.takeOver(row))) {
        continue;
      }
      const where = and(
        eq(idempotencyKeys.keyId, row.keyId),
        eq(idempotencyKeys.idemKey, row.idemKey),
      );
      try {
        const recovery = await this.recover(row);
        if ("notExecuted" in recovery) {
          await this.deps.db.delete(idempotencyKeys).where(where);
        }
        resolved++;
      } catch (err) {
        this.deps.logger.warn(
          { err: String(err), kind: row.kind },
          "idempotency recovery will be retried",
        );
      }
    }
    return resolved;
  }

  private isOrphan(row: IdempotencyKeyRow): boolean {
    return (
      isDeadHolder(row.holder, this.holder, this.deps.clock.now() - row.createdAt.getTime()) ||
      (row.holder !== null && this.holderAlive?.(row.holder) === false)
    );
  }

  /** Cluster mode: whether another process's holder is alive (its node heart-beats, same boot). */
  private holderAlive: ((holder: string) => boolean) | null = null;

  /** Cluster mode: a holder whose node stopped heart-beating (or restarted) is dead at once. */
  knowHolders(alive: (holder: string) => boolean): void {
    this.holderAlive = alive;
  }

  /** Takes a row answered 504 back in progress under this process; false if another did. */
  private async reopenUnknown(row: IdempotencyKeyRow): Promise<boolean> {
    const taken = await this.deps.db
      .update(idempotencyKeys)
      .set({ state: "in_progress", holder: this.holder, responseStatus: null, responseBody: null })
      .where(
        and(
          eq(idempotencyKeys.keyId, row.keyId),
          eq(idempotencyKeys.idemKey, row.idemKey),
          eq(idempotencyKeys.state, "done"),
          eq(idempotencyKeys.responseStatus, 504),
        ),
      )
      .returning({ idemKey: idempotencyKeys.idemKey });
    return taken.length > 0;
  }

  /** Makes this process the holder of a dead holder's row; false if another got there first. */
  private async takeOver(row: IdempotencyKeyRow): Promise<boolean> {
    const taken = await this.deps.db
      .update(idempotencyKeys)
      .set({ holder: this.holder })
      .where(
        and(
          eq(idempotencyKeys.keyId, row.keyId),
          eq(idempotencyKeys.idemKey, row.idemKey),
          eq(idempotencyKeys.state, "in_progress"),
          row.holder === null
            ? isNull(idempotencyKeys.holder)
            : eq(idempotencyKeys.holder, row.holder),
        ),
      )
      .returning({ idemKey: idempotencyKeys.idemKey });
    return taken.length > 0;
  }

  /**
   * Asks the row's kind what became of it, holding the row. An answer is stored; a recovery
   * that cannot finish yet (the account's session is not connected) releases the row to
   * whoever comes next and answers IDEMPOTENCY_IN_PROGRESS.
   */
  private async recover(row: IdempotencyKeyRow): Promise<Recovery> {
    const where = and(
      eq(idempotencyKeys.keyId, row.keyId),
      eq(idempotencyKeys.idemKey, row.idemKey),
    );
    const recoverer =
      row.kind === null ? undefined : this.recoverers.get(row.kind as IdempotentKind);
    let recovery: Recovery;
    try {
      recovery = recoverer ? await recoverer(row.intent) : { notExecuted: true };
    } catch (err) {
      await this.deps.db.update(idempotencyKeys).set({ holder: null }).where(where);
      const reason = err instanceof AppError ? err.message : "the broker could not be asked";
      throw new AppError(
        "IDEMPOTENCY_IN_PROGRESS",
        `The request with this Idempotency-Key was interrupted by a restart; its outcome is being recovered (${reason}). Retry shortly.`,
        { recovering: true },
        { "Retry-After": "1" },
      );
    }
    if ("answer" in recovery) {
      await this.deps.db
        .update(idempotencyKeys)
        .set({
          state: "done",
          responseStatus: recovery.answer.status,
          responseBody: recovery.answer.body as object,
        })
        .where(where);
    }
    return recovery;
  }

  /** Runs `fn` on a row this process holds, storing its answer (or freeing the key). */
  private async execute(
    keyId: string,
    idemKey: string,
    fn: () => Promise<IdempotentAnswer>,
  ): Promise<IdempotentAnswer> {
    const store = (answer: IdempotentAnswer) =>
      this.storeAnswer.run([
        keyId,
        idemKey,
        answer.status,
        answer.body == null ? null : JSON.stringify(answer.body),
      ]);
    try {
      const answer = await fn();
      await store(answer);
      return answer;
    } catch (err) {
      if (err instanceof AppError && isFinalAnswer(err)) {
        await store({ status: err.status, body: errorBody(err) });
      } else {
        await this.deps.db.delete(idempotencyKeys).where(keyRow(keyId, idemKey));
      }
      throw err;
    }
  }

  /** Deletes expired keys, at most once a minute. */
  private async purge(now: number): Promise<void> {
    if (now - this.lastPurge < 60_000) {
      return;
    }
    this.lastPurge = now;
    await this.deps.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, new Date(now)));
  }
}

/** Whether an error is the request's answer for good (stored and replayed to its retries). */
const isFinalAnswer = (err: AppError): boolean =>
  (err.status < 500 && err.status !== 429) || err.code === "TRADE_OUTCOME_UNKNOWN";

const inProgress = () =>
  new AppError("IDEMPOTENCY_IN_PROGRESS", "A request with this Idempotency-Key is in progress");
