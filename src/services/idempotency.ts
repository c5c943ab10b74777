// Idempotency-Key handling (ARCHITECTURE §5): per API key, the same key with the same request
// returns the first answer; with a different request 422 IDEMPOTENCY_MISMATCH; while the first
// is still running 409 IDEMPOTENCY_IN_PROGRESS. The first request's row is written before the
// request reaches the broker (the journaled intent) and keeps its answer for at least 24 h.
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { AppError } from "../http/errors.ts";
import { idempotencyKeys } from "../storage/schema/index.ts";
import type { ServiceDeps } from "./deps.ts";

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

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

export class IdempotencyService {
  private lastPurge = 0;

  constructor(private readonly deps: ServiceDeps) {}

  /**
   * Runs `fn` once per (API key, Idempotency-Key). Without a header it just runs `fn`.
   * `fn` returns the success status and envelope; AppErrors below 500 are stored and replayed
   * too (the request was answered), other failures free the key so a retry can run again —
   * except TRADE_OUTCOME_UNKNOWN, which is kept: retrying blindly could duplicate the order.
   */
  async run(
    opts: {
      keyId: string;
      header: string | undefined;
      method: string;
      path: string;
      body: unknown;
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
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({
        keyId: opts.keyId,
        idemKey,
        fingerprint,
        state: "in_progress",
        request: { method: opts.method, path: opts.path, body: opts.body ?? null },
        expiresAt: new Date(now + TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ idemKey: idempotencyKeys.idemKey });
    const where = and(eq(idempotencyKeys.keyId, opts.keyId), eq(idempotencyKeys.idemKey, idemKey));
    if (!claimed) {
      const [row] = await db.select().from(idempotencyKeys).where(where);
      if (!row) {
        throw new AppError(
          "IDEMPOTENCY_IN_PROGRESS",
          "A request with this Idempotency-Key is in progress",
        );
      }
      if (row.fingerprint !== fingerprint) {
        throw new AppError(
          "IDEMPOTENCY_MISMATCH",
          "This Idempotency-Key was used with a different request",
        );
      }
      if (row.state !== "done" || row.responseStatus === null) {
        throw new AppError(
          "IDEMPOTENCY_IN_PROGRESS",
          "A request with this Idempotency-Key is in progress",
        );
      }
      return { status: row.responseStatus, body: row.responseBody };
    }
    const store = (answer: IdempotentAnswer) =>
      db
        .update(idempotencyKeys)
        .set({ state: "done", responseStatus: answer.status, responseBody: answer.body as object })
        .where(where);
    try {
      const answer = await fn();
      await store(answer);
      return answer;
    } catch (err) {
      if (err instanceof AppError && (err.status < 500 || err.code === "TRADE_OUTCOME_UNKNOWN")) {
        await store({
          status: err.status,
          body: {
            ok: false,
            error: {
              code: err.code,
              message: err.message,
              ...(err.details ? { details: err.details } : {}),
            },
          },
        });
      } else {
        await db.delete(idempotencyKeys).where(where);
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
