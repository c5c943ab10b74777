// Administrators: the one-time seed, login (argon2id, equal cost for unknown users, attempt
// limits), the read-only list, and the CLI's create/update/delete.
import { asc, count, eq, sql } from "drizzle-orm";
import { AppError, adminNotFound } from "../domain/errors.ts";
import { LoginLimiter } from "../domain/login-limiter.ts";
import { type AdminRow, admins } from "../storage/schema/index.ts";
import { recordAudit } from "./audit.ts";
import type { Actor, ServiceDeps } from "./deps.ts";

export type AdminRole = "admin" | "superadmin";

export interface AdminView {
  readonly id: number;
  readonly uuid: string;
  readonly username: string;
  readonly role: AdminRole;
  readonly max_accounts: number;
}

const USERNAME_RE = /^[A-Za-z0-9_.@-]{1,64}$/;

/** Checks the shape of admin credentials given to seed/CLI; throws VALIDATION_ERROR. */
export function validateCredentials(username: string, password: string): void {
  if (!USERNAME_RE.test(username)) {
    throw new AppError(
      "VALIDATION_ERROR",
      "Invalid 'username': 1-64 characters of letters, digits, _ . @ -",
      { field: "username" },
    );
  }
  if (password.length < 8 || password.length > 256) {
    throw new AppError("VALIDATION_ERROR", "Invalid 'password': 8-256 characters", {
      field: "password",
    });
  }
}

export const toAdminView = (row: AdminRow): AdminView => ({
  id: row.id,
  uuid: row.uuid,
  username: row.username,
  role: row.role as AdminRole,
  max_accounts: row.maxAccounts,
});

/** Serialises seeds: Postgres advisory lock id ("TASSEED" in ASCII, fits in int8). */
const SEED_LOCK_ID = 0x54_41_53_53_45_45_44;

export class AdminService {
  private readonly loginLimiter: LoginLimiter;
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly deps: ServiceDeps) {
    this.loginLimiter = new LoginLimiter({
      attemptsPerMinute: deps.config.loginAttemptsPerMinute,
      clock: deps.clock,
    });
  }

  private hashPassword(password: string): Promise<string> {
    return Bun.password.hash(password, { algorithm: "argon2id" });
  }

  /** Creates the first superadmin; exactly one concurrent caller wins, then 409 for ever. */
  async seed(username: string, password: string): Promise<AdminView> {
    validateCredentials(username, password);
    // A seeded deployment answers at once: an unauthenticated caller must not make it hash.
    const [seeded] = await this.deps.db
      .select({ n: count() })
      .from(admins)
      .where(eq(admins.role, "superadmin"));
    if ((seeded?.n ?? 0) > 0) {
      throw new AppError("ALREADY_SEEDED", "This deployment is already seeded");
    }
    const hash = await this.hashPassword(password);
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      const [existing] = await tx
        .select({ n: count() })
        .from(admins)
        .where(eq(admins.role, "superadmin"));
      if ((existing?.n ?? 0) > 0) {
        throw new AppError("ALREADY_SEEDED", "This deployment is already seeded");
      }
      const [row] = await tx
        .insert(admins)
        .values({ username, passwordHash: hash, role: "superadmin" })
        .onConflictDoNothing({ target: admins.username })
        .returning();
      if (!row) {
        throw new AppError("CONFLICT", "An admin with this username already exists");
      }
      await recordAudit(tx, {
        actor: { type: "system", id: "seed" },
        action: "admin.seed",
        targetType: "admin",
        targetId: row.uuid,
        details: { username },
      });
      return toAdminView(row);
    });
  }

  /**
   * Verifies a login. Unknown usernames verify against a dummy hash so both failures cost the
   * same. Attempts are limited per client address (password checks per minute, then backoff)
   * and per username from that address (backoff); see `LoginLimiter`. Nothing is limited per
   * username alone, so failures from one address never refuse the right password from another.
   */
  async login(username: string, password: string, clientAddress: string): Promise<AdminView> {
    const verdict = this.loginLimiter.begin(username, clientAddress);
    if (!verdict.allowed) {
      throw new AppError(
        "RATE_LIMITED",
        "Too many login attempts; try again later",
        { retry_after: verdict.retryAfterSec },
        { "Retry-After": String(verdict.retryAfterSec) },
      );
    }
    const [row] = await this.deps.db.select().from(admins).where(eq(admins.username, username));
    if (!this.dummyHash) {
      this.dummyHash = this.hashPassword("dummy-password-for-timing");
    }
    const hash = row ? row.passwordHash : await this.dummyHash;
    const valid = await Bun.password.verify(password, hash);
    if (!row || !valid) {
      this.loginLimiter.failed(username, clientAddress);
      throw new AppError("UNAUTHORIZED", "Invalid username or password");
    }
    this.loginLimiter.succeeded(username, clientAddress);
    return toAdminView(row);
  }

  async list(): Promise<AdminView[]> {
    const rows = await this.deps.db.select().from(admins).orderBy(asc(admins.id));
    return rows.map(toAdminView);
  }

  async findByUuid(uuid: string): Promise<AdminView | null> {
    const [row] = await this.deps.db.select().from(admins).where(eq(admins.uuid, uuid));
    return row ? toAdminView(row) : null;
  }

  /** Resolves an admin `{id}` path parameter: the uuid or the integer id. */
  async resolveRef(ref: string): Promise<AdminView> {
    let row: AdminRow | undefined;
    if (/^\d{1,9}$/.test(ref)) {
      [row] = await this.deps.db
        .select()
        .from(admins)
        .where(eq(admins.id, Number(ref)));
    } else if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref)) {
      [row] = await this.deps.db.select().from(admins).where(eq(admins.uuid, ref.toLowerCase()));
    }
    if (!row) {
      throw adminNotFound();
    }
    return toAdminView(row);
  }

  // --- CLI only -------------------------------------------------------------------------------

  async create(
    actor: Actor,
    input: { username: string; password: string; role: AdminRole; maxAccounts?: number },
  ): Promise<AdminView> {
    validateCredentials(input.username, input.password);
    const hash = await this.hashPassword(input.password);
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(admins)
        .values({
          username: input.username,
          passwordHash: hash,
          role: input.role,
          ...(input.maxAccounts !== undefined ? { maxAccounts: input.maxAccounts } : {}),
        })
        .onConflictDoNothing({ target: admins.username })
        .returning();
      if (!row) {
        throw new AppError("CONFLICT", `Admin '${input.username}' already exists`);
      }
      await recordAudit(tx, {
        actor,
        action: "admin.create",
        targetType: "admin",
        targetId: row.uuid,
        details: { username: row.username, role: row.role },
      });
      return toAdminView(row);
    });
  }

  async update(
    actor: Actor,
    username: string,
    input: { password?: string; role?: AdminRole; maxAccounts?: number },
  ): Promise<AdminView> {
    if (input.password !== undefined) {
      validateCredentials(username, input.password);
    }
    const hash = input.password !== undefined ? await this.hashPassword(input.password) : undefined;
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(admins)
        .set({
          ...(hash ? { passwordHash: hash } : {}),
          ...(input.role ? { role: input.role } : {}),
          ...(input.maxAccounts !== undefined ? { maxAccounts: input.maxAccounts } : {}),
          updatedAt: new Date(this.deps.clock.now()),
        })
        .where(eq(admins.username, username))
        .returning();
      if (!row) {
        throw adminNotFound();
      }
      await recordAudit(tx, {
        actor,
        action: "admin.update",
        targetType: "admin",
        targetId: row.uuid,
        details: {
          password_changed: hash !== undefined,
          ...(input.role ? { role: input.role } : {}),
          ...(input.maxAccounts !== undefined ? { max_accounts: input.maxAccounts } : {}),
        },
      });
      return toAdminView(row);
    });
  }

  /** Deletes an admin with its keys and accounts (cascade). */
  async delete(actor: Actor, username: string): Promise<AdminView> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx.delete(admins).where(eq(admins.username, username)).returning();
      if (!row) {
        throw adminNotFound();
      }
      await recordAudit(tx, {
        actor,
        action: "admin.delete",
        targetType: "admin",
        targetId: row.uuid,
        details: { username },
      });
      return toAdminView(row);
    });
  }
}
