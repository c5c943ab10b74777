// Whether this node should get traffic (GET /health/ready): a registry of named checks —
// the database from the composition root, NATS and the leases from the cluster code — each run
// with a short timeout, so that a hung dependency makes the node "not ready" instead of hanging
// the load balancer's probe. Liveness (GET /health/live) does not come here: a node that cannot
// reach its database is not ready, but restarting it would not help.
import { sql } from "drizzle-orm";
import type { Db } from "../storage/db.ts";

/** A check: `true` when ready, else why not (a short sentence for operators). */
export type ReadinessCheck = () => Promise<true | string>;

/** One check's result. */
export interface CheckResult {
  readonly ok: boolean;
  /** Why not ready (absent when ok). */
  readonly detail?: string;
}

/** Every check's result; ready when all are ok (and when there are none). */
export interface ReadinessReport {
  readonly ready: boolean;
  readonly checks: Readonly<Record<string, CheckResult>>;
}

export interface ReadinessOptions {
  /** Longest a check may take before it counts as failed, ms. Default 2000. */
  readonly timeoutMs?: number;
}

/** The longest detail kept from a failed check's error (it is shown without authentication). */
const MAX_DETAIL = 200;

export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private readonly timeoutMs: number;

  constructor(opts: ReadinessOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 2000;
  }

  /** Adds a named check; returns its removal. A name is registered once. */
  register(name: string, check: ReadinessCheck): () => void {
    if (this.checks.has(name)) {
      throw new Error(`readiness check "${name}" is already registered`);
    }
    this.checks.set(name, check);
    return () => {
      if (this.checks.get(name) === check) {
        this.checks.delete(name);
      }
    };
  }

  /** The registered checks' names. */
  names(): string[] {
    return [...this.checks.keys()];
  }

  /** Runs one registered check (with the timeout). */
  run(name: string): Promise<CheckResult> {
    const check = this.checks.get(name);
    if (check === undefined) {
      return Promise.resolve({ ok: false, detail: `no check named "${name}"` });
    }
    return this.runCheck(check);
  }

  /** Runs every check at once, each with the timeout. */
  async check(): Promise<ReadinessReport> {
    const entries = [...this.checks.entries()];
    const results = await Promise.all(entries.map(([, check]) => this.runCheck(check)));
    const checks: Record<string, CheckResult> = {};
    entries.forEach(([name], i) => {
      checks[name] = results[i] as CheckResult;
    });
    return { ready: results.every((r) => r.ok), checks };
  }

  private async runCheck(check: ReadinessCheck): Promise<CheckResult> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`timed out after ${this.timeoutMs} ms`), this.timeoutMs);
    });
    try {
      const verdict = await Promise.race([Promise.resolve().then(check), timeout]);
      return verdict === true ? { ok: true } : { ok: false, detail: clip(String(verdict)) };
    } catch (err) {
      return { ok: false, detail: clip(err instanceof Error ? err.message : String(err)) };
    } finally {
      clearTimeout(timer);
    }
  }
}

const clip = (text: string): string =>
  text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;

/** The database answers a query (`select 1`). */
export function databaseCheck(db: Db): ReadinessCheck {
  return async () => {
    await db.execute(sql`select 1`);
    return true;
  };
}
