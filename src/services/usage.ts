// Usage snapshots (ARCHITECTURE §5 "Usage"): measures what an admin's keys use — users (live keys
// with at least one account), accounts, connected accounts, running EAs, and a per-key
// breakdown — and stores it with the instant it was taken. Snapshots are taken on demand
// (`POST /admin/usage/snapshots`) and by the daily job (src/services/snapshot-scheduler.ts),
// listed newest first, and read back by billing (the month's last snapshot).
//
// Live session state and running EAs come from injected sources, so this module knows nothing
// of the session workers or the EA hosts. Every snapshot is audited in the transaction that
// stores it. Must not import from src/http/modules.

import { and, asc, count, desc, eq, gte, isNull, lt, lte, type SQL } from "drizzle-orm";
import type { UsageSnapshot, UsageSnapshotKey } from "../domain/billing.ts";
import { adminNotFound, validationError } from "../domain/errors.ts";
import type { Db } from "../storage/db.ts";
import {
  accounts,
  admins,
  apiKeys,
  type UsageSnapshotRow,
  usageSnapshots,
} from "../storage/schema/index.ts";
import type { SessionStatusSource } from "./accounts.ts";
import type { AdminService } from "./admins.ts";
import { recordAudit } from "./audit.ts";
import type { Actor, ServiceDeps } from "./deps.ts";
import type { AdminScope } from "./keys.ts";

/** How many EA instances run per key of an admin, provided by the EA layer. */
export interface RunningEaSource {
  /** key id → running EA instances on that key's accounts; keys without any may be absent. */
  runningByKey(adminId: string): Promise<Map<string, number>>;
}

/** `scheduled`: the daily job; `on_demand`: POST /admin/usage/snapshots. */
export type SnapshotKind = "scheduled" | "on_demand";

/** A stored snapshot as the API returns it. */
export interface SnapshotView extends UsageSnapshot {
  readonly id: string;
  readonly admin_id: string;
  readonly kind: SnapshotKind;
  /** UTC date `YYYY-MM-DD` of the daily slot of a scheduled snapshot; null on demand. */
  readonly slot_key: string | null;
}

/** Raw query parameters of `GET /admin/usage/snapshots` (all optional strings). */
export interface SnapshotQuery {
  readonly from?: string;
  readonly to?: string;
  readonly admin_id?: string;
  readonly page?: string;
  readonly per_page?: string;
}

export interface SnapshotPage {
  readonly items: SnapshotView[];
  /** 0-based page number. */
  readonly page: number;
  readonly per_page: number;
  /** Snapshots matching the filters over all pages. */
  readonly total: number;
}

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 1000;
/** Highest accepted page number; keeps page × per_page far inside safe integers. */
export const MAX_PAGE = 1_000_000;

/** The scheduler's audit actor. */
export const SCHEDULER_ACTOR: Actor = { type: "system", id: "snapshot-scheduler" };

const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Parses an ISO 8601 instant of a query parameter: `YYYY-MM-DD` (UTC midnight) or
 * `YYYY-MM-DDTHH:mm[:ss[.fff]][Z|±HH:MM]`; without an offset the time is UTC. A space before
 * the offset is read as `+` (an unencoded `+` in a query string arrives as a space). Returns UTC
 * epoch milliseconds, or null for anything else (impossible dates included).
 */
export function parseInstant(text: string): number | null {
  const match = DATE_TIME_RE.exec(text.replace(/ (\d{2}:\d{2})$/, "+$1"));
  if (match === null) {
    return null;
  }
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) =>
    Number(match[i] ?? "0"),
  ) as [number, number, number, number, number, number];
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return null;
  }
  if (hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  const millis = Number((match[7] ?? "").padEnd(3, "0").slice(0, 3));
  let offsetMinutes = 0;
  const zone = match[8];
  if (zone !== undefined && zone !== "Z") {
    const offHours = Number(zone.slice(1, 3));
    const offMinutes = Number(zone.slice(4, 6));
    if (offHours > 23 || offMinutes > 59) {
      return null;
    }
    offsetMinutes = (zone.startsWith("-") ? -1 : 1) * (offHours * 60 + offMinutes);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
}

/** A non-negative integer query parameter in [min, max], or the fallback when absent. */
function intParam(
  raw: string | undefined,
  field: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) {
    return fallback;
  }
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw validationError(field, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function instantParam(raw: string | undefined, field: string): number | null {
  if (raw === undefined) {
    return null;
  }
  const ms = parseInstant(raw);
  if (ms === null) {
    throw validationError(
      field,
      "invalid date format; expected an ISO 8601 date-time such as 2026-01-31T00:05:00Z",
    );
  }
  return ms;
}

export const toSnapshotView = (row: UsageSnapshotRow): SnapshotView => ({
  id: row.id,
  admin_id: row.adminId,
  kind: row.kind as SnapshotKind,
  slot_key: row.slotKey,
  taken_at: row.takenAt.toISOString(),
  users: row.users,
  accounts: row.accounts,
  connected_accounts: row.connectedAccounts,
  running_eas: row.runningEas,
  per_key: row.perKey,
});

export class UsageService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly admins: AdminService,
    private readonly sessions: SessionStatusSource,
    private readonly eas: RunningEaSource,
  ) {}

  /**
   * Measures one admin's usage with `db` (a transaction, so keys and accounts are read
   * consistently). Live keys only (revoked keys have no accounts left); disabled keys count —
   * their accounts still exist. Every live key is listed in per_key, in creation order, even
   * with no account; `users` counts those with at least one.
   */
  private async measure(
    db: Db,
    adminId: string,
    running: Map<string, number>,
    takenAtMs: number,
  ): Promise<UsageSnapshot> {
    const keys = await db
      .select({ id: apiKeys.id, name: apiKeys.name, createdAt: apiKeys.createdAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.adminId, adminId), isNull(apiKeys.revokedAt)))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
    const rows = await db
      .select({ id: accounts.id, keyId: accounts.keyId })
      .from(accounts)
      .where(eq(accounts.adminId, adminId));
    const byKey = new Map<string, { accounts: number; connected: number }>();
    for (const row of rows) {
      const entry = byKey.get(row.keyId) ?? { accounts: 0, connected: 0 };
      entry.accounts += 1;
      if (this.sessions.statusOf(row.id) === "connected") {
        entry.connected += 1;
      }
      byKey.set(row.keyId, entry);
    }
    const perKey: UsageSnapshotKey[] = keys.map((key) => {
      const usage = byKey.get(key.id) ?? { accounts: 0, connected: 0 };
      return {
        key_id: key.id,
        key_name: key.name,
        key_created_at: key.createdAt.toISOString(),
        accounts: usage.accounts,
        connected_accounts: usage.connected,
        running_eas: running.get(key.id) ?? 0,
      };
    });
    const sum = (pick: (k: UsageSnapshotKey) => number): number =>
      perKey.reduce((total, k) => total + pick(k), 0);
    return {
      taken_at: new Date(takenAtMs).toISOString(),
      users: perKey.filter((k) => k.accounts > 0).length,
      accounts: sum((k) => k.accounts),
      connected_accounts: sum((k) => k.connected_accounts),
      running_eas: sum((k) => k.running_eas),
      per_key: perKey,
    };
  }

  /**
   * Measures and stores one snapshot of `adminId`, audited in the same transaction. A scheduled
   * snapshot whose slot is already filled (another node, or this one before a restart) is not
   * stored: the unique (admin_id, slot_key) index makes the insert a no-op, and null is returned.
   */
  private async takeOne(
    adminId: string,
    actor: Actor,
    slotKey: string | null,
  ): Promise<SnapshotView | null> {
    // Asked before the transaction: the EA layer is not held inside a database transaction.
    const running = await this.eas.runningByKey(adminId);
    return this.deps.db.transaction(async (tx) => {
      if (slotKey !== null) {
        const [filled] = await tx
          .select({ id: usageSnapshots.id })
          .from(usageSnapshots)
          .where(and(eq(usageSnapshots.adminId, adminId), eq(usageSnapshots.slotKey, slotKey)));
        if (filled) {
          return null;
        }
      }
      const takenAtMs = this.deps.clock.now();
      const usage = await this.measure(tx, adminId, running, takenAtMs);
      const [row] = await tx
        .insert(usageSnapshots)
        .values({
          adminId,
          takenAt: new Date(takenAtMs),
          kind: slotKey === null ? "on_demand" : "scheduled",
          slotKey,
          users: usage.users,
          accounts: usage.accounts,
          connectedAccounts: usage.connected_accounts,
          runningEas: usage.running_eas,
          perKey: usage.per_key,
        })
        .onConflictDoNothing({ target: [usageSnapshots.adminId, usageSnapshots.slotKey] })
        .returning();
      if (!row) {
        return null;
      }
      await recordAudit(tx, {
        actor,
        action: "usage.snapshot",
        targetType: "usage_snapshot",
        targetId: row.id,
        details: {
          admin_id: adminId,
          kind: row.kind,
          slot_key: slotKey,
          taken_at: usage.taken_at,
          users: usage.users,
          accounts: usage.accounts,
          connected_accounts: usage.connected_accounts,
          running_eas: usage.running_eas,
        },
      });
      return toSnapshotView(row);
    });
  }

  private async allAdminIds(): Promise<string[]> {
    const rows = await this.deps.db
      .select({ uuid: admins.uuid })
      .from(admins)
      .orderBy(asc(admins.id));
    return rows.map((r) => r.uuid);
  }

  /** `POST /admin/usage/snapshots`: one snapshot now — of every admin for a superadmin. */
  async takeNow(scope: AdminScope): Promise<SnapshotView[]> {
    const adminIds = scope.superadmin ? await this.allAdminIds() : [scope.adminId];
    const taken: SnapshotView[] = [];
    for (const adminId of adminIds) {
      const view = await this.takeOne(adminId, scope.actor, null);
      if (view) {
        taken.push(view);
      }
    }
    return taken;
  }

  /**
   * The daily job: fills slot `slotKey` for every admin that has no snapshot in it yet.
   * Safe to run on several nodes and again after a restart: each (admin, slot) is stored once.
   * Returns how many snapshots this call stored.
   */
  async takeScheduled(slotKey: string): Promise<number> {
    let stored = 0;
    for (const adminId of await this.allAdminIds()) {
      if (await this.takeOne(adminId, SCHEDULER_ACTOR, slotKey)) {
        stored += 1;
      }
    }
    return stored;
  }

  /**
   * `GET /admin/usage/snapshots`: newest first, paginated. An admin sees only its own
   * snapshots; `admin_id` (uuid or integer id) narrows a superadmin's list to one admin, and for
   * an admin must be itself — any other admin is answered ADMIN_NOT_FOUND, like an unknown one.
   * `from` and `to` are inclusive bounds on taken_at.
   */
  async list(scope: AdminScope, query: SnapshotQuery): Promise<SnapshotPage> {
    const fromMs = instantParam(query.from, "from");
    const toMs = instantParam(query.to, "to");
    if (fromMs !== null && toMs !== null && fromMs > toMs) {
      throw validationError("to", "must not be before 'from'");
    }
    const page = intParam(query.page, "page", 0, 0, MAX_PAGE);
    const perPage = intParam(query.per_page, "per_page", DEFAULT_PER_PAGE, 1, MAX_PER_PAGE);

    let adminId: string | null = scope.superadmin ? null : scope.adminId;
    if (query.admin_id !== undefined) {
      const wanted = await this.admins.resolveRef(query.admin_id);
      if (!scope.superadmin && wanted.uuid !== scope.adminId) {
        throw adminNotFound();
      }
      adminId = wanted.uuid;
    }

    const filters: SQL[] = [];
    if (adminId !== null) {
      filters.push(eq(usageSnapshots.adminId, adminId));
    }
    if (fromMs !== null) {
      filters.push(gte(usageSnapshots.takenAt, new Date(fromMs)));
    }
    if (toMs !== null) {
      filters.push(lte(usageSnapshots.takenAt, new Date(toMs)));
    }
    const where = filters.length > 0 ? and(...filters) : undefined;
    const rows = await this.deps.db
      .select()
      .from(usageSnapshots)
      .where(where)
      .orderBy(desc(usageSnapshots.takenAt), desc(usageSnapshots.id))
      .limit(perPage)
      .offset(page * perPage);
    const [total] = await this.deps.db.select({ n: count() }).from(usageSnapshots).where(where);
    return { items: rows.map(toSnapshotView), page, per_page: perPage, total: total?.n ?? 0 };
  }

  /** The admin's last snapshot taken in [fromMs, toMs), or null (billing's invoice source). */
  async lastIn(adminId: string, fromMs: number, toMs: number): Promise<SnapshotView | null> {
    const [row] = await this.deps.db
      .select()
      .from(usageSnapshots)
      .where(
        and(
          eq(usageSnapshots.adminId, adminId),
          gte(usageSnapshots.takenAt, new Date(fromMs)),
          lt(usageSnapshots.takenAt, new Date(toMs)),
        ),
      )
      .orderBy(desc(usageSnapshots.takenAt), desc(usageSnapshots.id))
      .limit(1);
    return row ? toSnapshotView(row) : null;
  }
}
