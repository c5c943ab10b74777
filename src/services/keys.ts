// API keys: issue (plaintext once), list/get/patch, revoke, rotate, and the verification hot
// path — one SHA-256, one bounded LRU keyed by hash, one query on a miss. Revoking, disabling or
// rotating a key evicts it from this node's cache at once.
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { generateApiKey, hashApiKey, looksLikeApiKey } from "../domain/api-key.ts";
import { AppError, keyNotFound } from "../domain/errors.ts";
import { isUuid } from "../domain/ids.ts";
import type { Db } from "../storage/db.ts";
import { type ApiKeyRow, accounts, admins, apiKeys } from "../storage/schema/index.ts";
import { recordAudit } from "./audit.ts";
import type { Actor, ServiceDeps } from "./deps.ts";

/** The identity an authenticated API key resolves to. */
export interface KeyPrincipal {
  readonly kind: "key";
  readonly keyId: string;
  readonly adminId: string;
  readonly maxAccounts: number;
}

/** Which keys an admin-side caller may touch: its admin's, or all for a superadmin. */
export interface AdminScope {
  readonly adminId: string;
  readonly superadmin: boolean;
  readonly actor: Actor;
}

export interface KeyView {
  readonly id: string;
  readonly admin_id: string;
  readonly name: string;
  readonly prefix: string;
  readonly max_accounts: number;
  readonly is_enabled: boolean;
  readonly account_count: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly last_used_at: string | null;
}

export interface KeyPatch {
  readonly name?: string;
  readonly max_accounts?: number;
  readonly is_enabled?: boolean;
}

const toKeyView = (row: ApiKeyRow, accountCount: number): KeyView => ({
  id: row.id,
  admin_id: row.adminId,
  name: row.name,
  prefix: row.displayPrefix,
  max_accounts: row.maxAccounts,
  is_enabled: row.isEnabled,
  account_count: accountCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  last_used_at: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
});

type CacheEntry = { principal: KeyPrincipal } | { principal: null };

/** A key's cap when none is given (spec §5.4; the column default), lowered to its admin's cap. */
const DEFAULT_KEY_MAX_ACCOUNTS = 4;

/** The owning admin's account cap; a key's cap may not exceed it. */
async function adminCap(tx: Db, adminId: string): Promise<number> {
  const [admin] = await tx
    .select({ maxAccounts: admins.maxAccounts })
    .from(admins)
    .where(eq(admins.uuid, adminId));
  if (!admin) {
    throw keyNotFound();
  }
  return admin.maxAccounts;
}

/** Refuses a key cap above its admin's cap (400 VALIDATION_ERROR naming `max_accounts`). */
function checkKeyCap(maxAccounts: number, cap: number): void {
  if (maxAccounts > cap) {
    throw new AppError(
      "VALIDATION_ERROR",
      `Invalid 'max_accounts': ${maxAccounts} is above the admin's cap of ${cap} accounts`,
      { field: "max_accounts", admin_max_accounts: cap },
    );
  }
}

/** A key changed on one node (what the others evict; src/cluster broadcasts it). */
export interface KeyChange {
  readonly keyId: string;
  /** The key's hash before the change (the cache key of a negative entry, too). */
  readonly hash: string;
  /** Revoked, disabled or rotated: the key no longer authenticates (its WebSockets close). */
  readonly revoked: boolean;
  readonly removedAccounts: readonly string[];
}

export class KeyService {
  /** Verified keys by hash; `null` principals remember unknown keys briefly too. */
  private readonly cache: LRUCache<string, CacheEntry>;
  /** key id → hash, to evict by id. */
  private readonly hashById = new Map<string, string>();
  private readonly lastUsedWritten = new Map<string, number>();
  private readonly revokeListeners: Array<
    (keyId: string, removedAccounts: readonly string[]) => void
  > = [];
  private readonly changeListeners: Array<(change: KeyChange) => void> = [];

  constructor(private readonly deps: ServiceDeps) {
    const ttlMs = deps.config.keyCacheTtlSeconds * 1000;
    this.cache = new LRUCache<string, CacheEntry>({
      max: 10_000,
      ttl: Math.max(1, ttlMs),
      ttlAutopurge: false,
      perf: { now: () => deps.clock.now() },
      dispose: (value, hash) => {
        if (value.principal && this.hashById.get(value.principal.keyId) === hash) {
          this.hashById.delete(value.principal.keyId);
        }
      },
    });
  }

  /** Called when a key stops being valid (e.g. to close its WebSockets), with the accounts removed. */
  onRevoke(listener: (keyId: string, removedAccounts: readonly string[]) => void): void {
    this.revokeListeners.push(listener);
  }

  /**
   * Called after every change of a key made on this node (patched, rotated, revoked), for the
   * other nodes of a cluster to drop their cached copies.
   */
  onChange(listener: (change: KeyChange) => void): void {
    this.changeListeners.push(listener);
  }

  /**
   * Cluster mode: another node changed the key (a patch, a rotation, a revocation). Its cache
   * entries go at once, the negative one of a re-enabled key included, and for a revocation the
   * revocation listeners run here too (closing its WebSockets).
   */
  changedElsewhere(change: KeyChange): void {
    this.evict(
      { id: change.keyId, hash: change.hash },
      change.revoked,
      change.removedAccounts,
      false,
    );
  }

  /** Drops a key's cache entries (positive or negative) on this node; `local`: changed here. */
  private evict(
    key: { id: string; hash: string },
    revoked: boolean,
    removedAccounts: readonly string[] = [],
    local = true,
  ): void {
    const cachedHash = this.hashById.get(key.id);
    if (cachedHash) {
      this.cache.delete(cachedHash);
      this.hashById.delete(key.id);
    }
    this.cache.delete(key.hash);
    const keyId = key.id;
    if (revoked) {
      for (const listener of this.revokeListeners) {
        listener(keyId, removedAccounts);
      }
    }
    if (local) {
      const change: KeyChange = { keyId, hash: key.hash, revoked, removedAccounts };
      for (const listener of this.changeListeners) {
        listener(change);
      }
    }
  }

  /**
   * The cached answer for a presented key, without waiting: its principal, null (malformed, or
   * known to be unknown, disabled or revoked), or undefined when only the database can tell
   * (`verify`). Every keyed request asks this first: a cached key costs no promise.
   */
  verifyCached(presented: string): KeyPrincipal | null | undefined {
    if (!looksLikeApiKey(presented)) {
      return null;
    }
    return this.cache.get(hashApiKey(presented))?.principal;
  }

  /** Resolves a presented key to its principal, or null (unknown, disabled, revoked, malformed). */
  async verify(presented: string): Promise<KeyPrincipal | null> {
    if (!looksLikeApiKey(presented)) {
      return null;
    }
    const hash = hashApiKey(presented);
    const cached = this.cache.get(hash);
    if (cached) {
      return cached.principal;
    }
    const [row] = await this.deps.db
      .select({ id: apiKeys.id, adminId: apiKeys.adminId, maxAccounts: apiKeys.maxAccounts })
      .from(apiKeys)
      .where(and(eq(apiKeys.hash, hash), eq(apiKeys.isEnabled, true), isNull(apiKeys.revokedAt)));
    if (!row) {
      // Unknown keys are remembered for a shorter time so a new key works quickly.
      this.cache.set(hash, { principal: null }, { ttl: 2_000 });
      return null;
    }
    const principal: KeyPrincipal = {
      kind: "key",
      keyId: row.id,
      adminId: row.adminId,
      maxAccounts: row.maxAccounts,
    };
    this.cache.set(hash, { principal });
    this.hashById.set(row.id, hash);
    this.touch(row.id);
    return principal;
  }

  /** Records last use at most once a minute per key per node, off the request path. */
  private touch(keyId: string): void {
    const now = this.deps.clock.now();
    const last = this.lastUsedWritten.get(keyId) ?? 0;
    if (now - last < 60_000) {
      return;
    }
    this.lastUsedWritten.set(keyId, now);
    this.deps.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, keyId))
      .then(
        () => {},
        (err: unknown) => this.deps.logger.warn({ err, keyId }, "last_used_at update failed"),
      );
  }

  private scopeFilter(scope: AdminScope) {
    return scope.superadmin ? undefined : eq(apiKeys.adminId, scope.adminId);
  }

  private async accountCounts(keyIds: string[]): Promise<Map<string, number>> {
    if (keyIds.length === 0) {
      return new Map();
    }
    const rows = await this.deps.db
      .select({ keyId: accounts.keyId, n: count() })
      .from(accounts)
      .where(sql`${accounts.keyId} in ${keyIds}`)
      .groupBy(accounts.keyId);
    return new Map(rows.map((r) => [r.keyId, r.n]));
  }

  /** Loads a live key in scope, or throws 400 `Key not found` (also for other admins' keys). */
  private async loadInScope(scope: AdminScope, id: string): Promise<ApiKeyRow> {
    if (!isUuid(id)) {
      throw keyNotFound();
    }
    const [row] = await this.deps.db
      .select()
      .from(apiKeys)
      .where(
        and(eq(apiKeys.id, id.toLowerCase()), isNull(apiKeys.revokedAt), this.scopeFilter(scope)),
      );
    if (!row) {
      throw keyNotFound();
    }
    return row;
  }

  async create(
    scope: AdminScope,
    input: { name?: string; max_accounts?: number },
  ): Promise<KeyView & { key: string }> {
    const generated = generateApiKey(this.deps.randomBytes);
    return this.deps.db.transaction(async (tx) => {
      const cap = await adminCap(tx, scope.adminId);
      if (input.max_accounts !== undefined) {
        checkKeyCap(input.max_accounts, cap);
      }
      const [row] = await tx
        .insert(apiKeys)
        .values({
          adminId: scope.adminId,
          name: input.name ?? "",
          hash: generated.hash,
          displayPrefix: generated.displayPrefix,
          maxAccounts: input.max_accounts ?? Math.min(DEFAULT_KEY_MAX_ACCOUNTS, cap),
        })
        .returning();
      if (!row) {
        throw new Error("insert returned no row");
      }
      await recordAudit(tx, {
        actor: scope.actor,
        action: "key.create",
        targetType: "key",
        targetId: row.id,
        details: { name: row.name, max_accounts: row.maxAccounts, prefix: row.displayPrefix },
      });
      return { ...toKeyView(row, 0), key: generated.plaintext };
    });
  }

  /** Creates a key for an admin by username (CLI bootstrap). */
  async createForUsername(
    actor: Actor,
    username: string,
    input: { name?: string; max_accounts?: number },
  ): Promise<(KeyView & { key: string }) | null> {
    const [admin] = await this.deps.db
      .select({ uuid: admins.uuid })
      .from(admins)
      .where(eq(admins.username, username));
    if (!admin) {
      return null;
    }
    return this.create({ adminId: admin.uuid, superadmin: false, actor }, input);
  }

  async list(scope: AdminScope): Promise<KeyView[]> {
    const rows = await this.deps.db
      .select()
      .from(apiKeys)
      .where(and(isNull(apiKeys.revokedAt), this.scopeFilter(scope)))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
    const counts = await this.accountCounts(rows.map((r) => r.id));
    return rows.map((r) => toKeyView(r, counts.get(r.id) ?? 0));
  }

  async get(scope: AdminScope, id: string): Promise<KeyView> {
    const row = await this.loadInScope(scope, id);
    const counts = await this.accountCounts([row.id]);
    return toKeyView(row, counts.get(row.id) ?? 0);
  }

  async patch(scope: AdminScope, id: string, patch: KeyPatch): Promise<KeyView> {
    const existing = await this.loadInScope(scope, id);
    const [row] = await this.deps.db.transaction(async (tx) => {
      if (patch.max_accounts !== undefined) {
        checkKeyCap(patch.max_accounts, await adminCap(tx, existing.adminId));
      }
      const updated = await tx
        .update(apiKeys)
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.max_accounts !== undefined ? { maxAccounts: patch.max_accounts } : {}),
          ...(patch.is_enabled !== undefined ? { isEnabled: patch.is_enabled } : {}),
          updatedAt: new Date(this.deps.clock.now()),
        })
        .where(eq(apiKeys.id, existing.id))
        .returning();
      await recordAudit(tx, {
        actor: scope.actor,
        action: "key.update",
        targetType: "key",
        targetId: existing.id,
        details: { ...patch },
      });
      return updated;
    });
    if (!row) {
      throw keyNotFound();
    }
    this.evict(existing, patch.is_enabled === false);
    const counts = await this.accountCounts([row.id]);
    return toKeyView(row, counts.get(row.id) ?? 0);
  }

  /**
   * Revokes a key: it stops authenticating at once, and its accounts (reachable by no other key)
   * are removed. The key row stays, revoked, for the audit trail and billing history.
   */
  async revoke(
    scope: AdminScope,
    id: string,
  ): Promise<{ id: string; revoked: true; accounts_removed: number }> {
    const existing = await this.loadInScope(scope, id);
    const removed = await this.deps.db.transaction(async (tx) => {
      const gone = await tx
        .delete(accounts)
        .where(eq(accounts.keyId, existing.id))
        .returning({ id: accounts.id });
      await tx
        .update(apiKeys)
        .set({ revokedAt: new Date(this.deps.clock.now()), isEnabled: false })
        .where(eq(apiKeys.id, existing.id));
      await recordAudit(tx, {
        actor: scope.actor,
        action: "key.revoke",
        targetType: "key",
        targetId: existing.id,
        details: { accounts_removed: gone.length },
      });
      return gone.map((g) => g.id);
    });
    this.evict(existing, true, removed);
    return { id: existing.id, revoked: true, accounts_removed: removed.length };
  }

  /** Replaces the key's secret; the old secret stops working at once, accounts stay. */
  async rotate(scope: AdminScope, id: string): Promise<KeyView & { key: string }> {
    const existing = await this.loadInScope(scope, id);
    const generated = generateApiKey(this.deps.randomBytes);
    const row = await this.deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(apiKeys)
        .set({
          hash: generated.hash,
          displayPrefix: generated.displayPrefix,
          updatedAt: new Date(this.deps.clock.now()),
        })
        .where(eq(apiKeys.id, existing.id))
        .returning();
      await recordAudit(tx, {
        actor: scope.actor,
        action: "key.rotate",
        targetType: "key",
        targetId: existing.id,
        details: { prefix: generated.displayPrefix },
      });
      return updated;
    });
    if (!row) {
      throw keyNotFound();
    }
    this.evict(existing, true);
    const counts = await this.accountCounts([row.id]);
    return { ...toKeyView(row, counts.get(row.id) ?? 0), key: generated.plaintext };
  }
}
