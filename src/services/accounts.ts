// The account registry: broker accounts registered by API-key holders. Every lookup filters by
// the owning key inside the query, so "another key's account" and "no such account" are one code
// path and one answer. Secrets are sealed with the master key, bound to the account id.

import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { AppError, accountNotFound, validationError } from "../domain/errors.ts";
import { isUuid } from "../domain/ids.ts";
import type { SessionStatus } from "../domain/states.ts";
import { checkBrokerEndpoint, type Resolver, systemResolver } from "../security/ssrf.ts";
import type { SessionSpec } from "../sessions/protocol.ts";
import { type HotStatement, hotStatement } from "../storage/prepared.ts";
import { type AccountRow, accounts, admins, apiKeys } from "../storage/schema/index.ts";
import { recordAudit } from "./audit.ts";
import type { ServiceDeps } from "./deps.ts";
import type { AdminScope, KeyPrincipal } from "./keys.ts";
import { type RenderedJson, renderedList } from "./rendered-json.ts";

export type { SessionStatus };

/** Live session state, provided by the session layer. */
export interface SessionStatusSource {
  statusOf(accountId: string): SessionStatus;
  /** The node running the account's session (none for tools that run without sessions). */
  nodeOf?(accountId: string): string | null;
}

/** The session layer as the registry drives it (the SessionManager). */
export interface SessionControl extends SessionStatusSource {
  open(spec: SessionSpec): void;
  remove(accountId: string): void;
}

const hasControl = (s: SessionStatusSource): s is SessionControl =>
  typeof (s as Partial<SessionControl>).open === "function";

/** Resolves a broker server name to an access point (the broker directory). */
export interface ServerResolver {
  resolveServer(serverName: string): { host: string; port: number } | null;
}

export interface ProxyInput {
  readonly type: "socks5" | "http";
  readonly host: string;
  readonly port: number;
  readonly username?: string;
  readonly password?: string;
}

export interface AccountCreate {
  readonly label?: string;
  readonly terminal_login: number;
  readonly password: string;
  readonly server_name?: string;
  readonly broker_host?: string;
  readonly broker_port?: number;
  readonly auto_connect?: boolean;
  readonly hardware_id?: string;
  readonly proxy?: ProxyInput | null;
}

export interface AccountPatch {
  readonly label?: string;
  readonly password?: string;
  readonly is_enabled?: boolean;
  readonly auto_connect?: boolean;
  readonly proxy?: ProxyInput | null;
}

/** The client account record (ARCHITECTURE §5): never secrets. */
export interface AccountView {
  readonly id: string;
  readonly label: string;
  readonly server_name: string;
  readonly broker_host: string;
  readonly broker_port: number;
  readonly terminal_login: number;
  readonly is_enabled: boolean;
  readonly auto_connect: boolean;
  readonly hardware_id: string;
  readonly has_proxy: boolean;
  readonly session_status: SessionStatus;
  readonly created_at: string;
  readonly updated_at: string;
}

/** Decrypted connection details, handed to the session layer only. */
export interface AccountCredentials {
  readonly id: string;
  readonly brokerHost: string;
  readonly brokerPort: number;
  readonly serverName: string;
  readonly terminalLogin: number;
  readonly password: string;
  readonly hardwareId: string;
  readonly proxy: ProxyInput | null;
  readonly autoConnect: boolean;
  readonly isEnabled: boolean;
}

/**
 * A row's record rendered once per row object (rows are replaced, never changed): its dates, and
 * its JSON split around the one live field, the session status, for the account list.
 */
interface RenderedRow {
  /** The record's fields before the session status, in the record's order. */
  readonly fixed: Readonly<Omit<AccountView, "session_status" | "created_at" | "updated_at">>;
  readonly dates: { readonly created_at: string; readonly updated_at: string };
  /** `{"id":…,"has_proxy":…,"session_status":` */
  readonly head: string;
  /** `,"created_at":…,"updated_at":…}` */
  readonly tail: string;
}
const renderedRows = new WeakMap<AccountRow, RenderedRow>();
/** Each session status as a JSON string. */
const QUOTED_STATUS: Readonly<Record<SessionStatus, string>> = {
  disconnected: '"disconnected"',
  connecting: '"connecting"',
  connected: '"connected"',
  reconnecting: '"reconnecting"',
  auth_failed: '"auth_failed"',
  error: '"error"',
};
function renderedRow(row: AccountRow): RenderedRow {
  let r = renderedRows.get(row);
  if (!r) {
    const dates = {
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
    const fixed: Omit<AccountView, "session_status" | "created_at" | "updated_at"> = {
      id: row.id,
      label: row.label,
      server_name: row.serverName,
      broker_host: row.brokerHost,
      broker_port: row.brokerPort,
      terminal_login: row.terminalLogin,
      is_enabled: row.isEnabled,
      auto_connect: row.autoConnect,
      hardware_id: row.hardwareId,
      has_proxy: row.proxyEnc !== null,
    };
    r = {
      fixed,
      dates,
      head: `${JSON.stringify(fixed).slice(0, -1)},"session_status":`,
      tail: `,${JSON.stringify(dates).slice(1)}`,
    };
    renderedRows.set(row, r);
  }
  return r;
}
export class AccountService {
  /** Each key's accounts, in creation order, served from memory on the read path. */
  private readonly byKey = new Map<
    string,
    { rows: AccountRow[]; byId: Map<string, AccountRow>; version: number; expiresAt: number }
  >();
  /** Bumped by every invalidation, so a query that raced a write cannot cache rows from before it. */
  private generation = 0;
  /** The key's accounts_version, read on every cache expiry (prepared: src/storage/prepared.ts). */
  private readonly keyVersion: HotStatement<{ version: string }>;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly sessions: SessionStatusSource,
    private readonly servers: ServerResolver,
    /** DNS resolver of the SSRF guard (tests inject one; there is no DNS in CI). */
    private readonly resolve: Resolver = systemResolver,
  ) {
    this.keyVersion = hotStatement(
      deps.db,
      "api_key_accounts_version",
      ["uuid"],
      "select accounts_version::text as version from api_keys where id = $1",
    );
  }

  /**
   * SSRF guard: a client-supplied broker or proxy endpoint may not reach loopback, private,
   * link-local or metadata addresses unless the operator allow-list (or the embedded demo
   * broker) names it.
   */
  private async guardEndpoint(field: string, host: string, port: number): Promise<void> {
    const { config } = this.deps;
    const allow = [`${config.brokerHost}:${config.brokerPort}`, ...config.brokerAllowList];
    const verdict = await checkBrokerEndpoint(host, port, { allow, resolve: this.resolve });
    if (!verdict.ok) {
      throw validationError(field, verdict.reason);
    }
  }

  /** The account record (the list's rows are the same, rendered: `listRendered`). */
  private view(row: AccountRow): AccountView {
    const { fixed, dates } = renderedRow(row);
    return { ...fixed, session_status: this.sessions.statusOf(row.id), ...dates };
  }

  /** Opens (or refreshes) the account's broker session to match its row. */
  syncSession(row: AccountRow): void {
    if (!hasControl(this.sessions)) {
      return;
    }
    this.sessions.open(this.sessionSpec(row));
  }

  /** What the session layer needs to run the account's session (decrypted here). */
  sessionSpec(row: AccountRow): SessionSpec {
    const creds = this.credentials(row);
    return {
      id: row.id,
      host: creds.brokerHost,
      port: creds.brokerPort,
      login: creds.terminalLogin,
      password: creds.password,
      server: creds.serverName,
      connect: row.isEnabled && row.autoConnect,
    };
  }

  /** The session spec of an account by id (cluster mode: its lease came to this node). */
  async sessionSpecOf(accountId: string): Promise<SessionSpec | null> {
    const [row] = await this.deps.db.select().from(accounts).where(eq(accounts.id, accountId));
    return row ? this.sessionSpec(row) : null;
  }

  /** Forgets the cached accounts of whichever key holds `accountId` (changed on another node). */
  invalidateAccount(accountId: string): void {
    for (const [keyId, cached] of this.byKey) {
      if (cached.byId.has(accountId)) {
        this.invalidateKey(keyId);
      }
    }
  }

  /** Stops and forgets the sessions of removed accounts. */
  dropSessions(accountIds: readonly string[]): void {
    if (!hasControl(this.sessions)) {
      return;
    }
    for (const id of accountIds) {
      this.sessions.remove(id);
    }
  }

  /** At start: a session for every account (connecting the enabled auto_connect ones). */
  async openAllSessions(): Promise<number> {
    const rows = await this.deps.db.select().from(accounts);
    for (const row of rows) {
      this.syncSession(row);
    }
    return rows.length;
  }

  /** Forgets a key's cached accounts (after any write touching them, or a key revocation). */
  invalidateKey(keyId: string): void {
    this.generation += 1;
    this.byKey.delete(keyId);
  }

  /**
   * The key's accounts (in creation order, and by id), from memory. Every
   * `registryCacheTtlSeconds` the key's `accounts_version` is read, one primary-key lookup
   * (a trigger bumps it on any change to the key's accounts, on any node); only when it moved
   * are the accounts read again.
   */
  private async cachedOf(
    keyId: string,
  ): Promise<{ rows: AccountRow[]; byId: Map<string, AccountRow> }> {
    const now = this.deps.clock.now();
    const hit = this.byKey.get(keyId);
    if (hit && hit.expiresAt > now) {
      return hit;
    }
    const expiresAt = now + this.deps.config.registryCacheTtlSeconds * 1000;
    const generation = this.generation;
    // Read before the rows: rows newer than their version only cost one more read later.
    const [key] = await this.keyVersion.run([keyId]);
    const version = key ? Number(key.version) : -1;
    if (hit && hit.version === version && generation === this.generation) {
      hit.expiresAt = expiresAt;
      return hit;
    }
    const rows = await this.deps.db
      .select()
      .from(accounts)
      .where(eq(accounts.keyId, keyId))
      .orderBy(asc(accounts.createdAt), asc(accounts.id));
    const entry = { rows, byId: new Map(rows.map((r) => [r.id, r])), version, expiresAt };
    if (this.byKey.size > 50_000) {
      this.byKey.clear();
    }
    if (generation === this.generation) {
      this.byKey.set(keyId, entry);
    }
    return entry;
  }

  private sealProxy(id: string, proxy: ProxyInput | null | undefined): string | null {
    return proxy ? this.deps.secrets.seal(JSON.stringify(proxy), `${id}:proxy`) : null;
  }

  /** Where the session connects: an explicit host/port, or the directory entry of server_name. */
  private resolveEndpoint(input: AccountCreate): {
    host: string;
    port: number;
    serverName: string;
  } {
    const serverName = input.server_name?.trim() ?? "";
    if (input.broker_host !== undefined || input.broker_port !== undefined) {
      if (input.broker_host === undefined) {
        throw validationError("broker_host", "required together with broker_port");
      }
      if (input.broker_port === undefined) {
        throw validationError("broker_port", "required together with broker_host");
      }
      return { host: input.broker_host, port: input.broker_port, serverName };
    }
    if (serverName === "") {
      throw validationError("server_name", "give server_name, or broker_host and broker_port");
    }
    const found = this.servers.resolveServer(serverName);
    if (!found) {
      throw validationError(
        "server_name",
        `unknown server '${serverName}'; give broker_host and broker_port`,
      );
    }
    return { ...found, serverName };
  }

  async create(principal: KeyPrincipal, input: AccountCreate): Promise<AccountView> {
    const endpoint = this.resolveEndpoint(input);
    await this.guardEndpoint("broker_host", endpoint.host, endpoint.port);
    if (input.proxy) {
      await this.guardEndpoint("proxy.host", input.proxy.host, input.proxy.port);
    }
    const id = randomUUID();
    const row = await this.deps.db.transaction(async (tx) => {
      // Lock the key and admin rows so concurrent creations cannot both pass the caps.
      const [key] = await tx
        .select({ maxAccounts: apiKeys.maxAccounts })
        .from(apiKeys)
        .where(eq(apiKeys.id, principal.keyId))
        .for("update");
      const [admin] = await tx
        .select({ maxAccounts: admins.maxAccounts })
        .from(admins)
        .where(eq(admins.uuid, principal.adminId))
        .for("update");
      if (!key || !admin) {
        throw new AppError("UNAUTHORIZED", "Invalid API key");
      }
      const [forKey] = await tx
        .select({ n: count() })
        .from(accounts)
        .where(eq(accounts.keyId, principal.keyId));
      if ((forKey?.n ?? 0) >= key.maxAccounts) {
        throw new AppError(
          "ACCOUNT_LIMIT_REACHED",
          `This API key may hold at most ${key.maxAccounts} accounts`,
          { max_accounts: key.maxAccounts },
        );
      }
      const [forAdmin] = await tx
        .select({ n: count() })
        .from(accounts)
        .where(eq(accounts.adminId, principal.adminId));
      if ((forAdmin?.n ?? 0) >= admin.maxAccounts) {
        throw new AppError(
          "ACCOUNT_LIMIT_REACHED",
          "The account limit of this key's administrator is reached",
          { admin_max_accounts: admin.maxAccounts },
        );
      }
      const [inserted] = await tx
        .insert(accounts)
        .values({
          id,
          keyId: principal.keyId,
          adminId: principal.adminId,
          label: input.label ?? "",
          serverName: endpoint.serverName,
          brokerHost: endpoint.host,
          brokerPort: endpoint.port,
          terminalLogin: input.terminal_login,
          passwordEnc: this.deps.secrets.seal(input.password, `${id}:password`),
          proxyEnc: this.sealProxy(id, input.proxy),
          hardwareId: input.hardware_id ?? "",
          autoConnect: input.auto_connect ?? true,
        })
        .returning();
      if (!inserted) {
        throw new Error("insert returned no row");
      }
      await recordAudit(tx, {
        actor: { type: "key", id: principal.keyId },
        action: "account.create",
        targetType: "account",
        targetId: id,
        details: {
          terminal_login: input.terminal_login,
          broker_host: endpoint.host,
          broker_port: endpoint.port,
        },
      });
      return inserted;
    });
    this.invalidateKey(principal.keyId);
    this.syncSession(row);
    return this.view(row);
  }

  /**
   * The key's accounts, in creation order, as the success envelope's JSON text: the same records
   * as `get` answers (field for field, in the same order), each row's JSON rendered once and only
   * the live session status joined in per request.
   */
  async listRendered(principal: KeyPrincipal): Promise<RenderedJson> {
    const { rows } = await this.cachedOf(principal.keyId);
    return renderedList(
      rows.map((row) => {
        const r = renderedRow(row);
        return r.head + QUOTED_STATUS[this.sessions.statusOf(row.id)] + r.tail;
      }),
    );
  }

  /** The key's account, or ACCOUNT_NOT_FOUND (unknown id and another key's id alike). */
  async load(principal: KeyPrincipal, id: string): Promise<AccountRow> {
    if (!isUuid(id)) {
      throw accountNotFound();
    }
    const wanted = id.toLowerCase();
    const row = (await this.cachedOf(principal.keyId)).byId.get(wanted);
    if (!row) {
      throw accountNotFound();
    }
    return row;
  }

  async get(principal: KeyPrincipal, id: string): Promise<AccountView> {
    return this.view(await this.load(principal, id));
  }

  async patch(principal: KeyPrincipal, id: string, patch: AccountPatch): Promise<AccountView> {
    if (!isUuid(id)) {
      throw accountNotFound();
    }
    await this.load(principal, id);
    if (patch.proxy) {
      await this.guardEndpoint("proxy.host", patch.proxy.host, patch.proxy.port);
    }
    const row = await this.deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(accounts)
        .set({
          ...(patch.label !== undefined ? { label: patch.label } : {}),
          ...(patch.password !== undefined
            ? { passwordEnc: this.deps.secrets.seal(patch.password, `${id}:password`) }
            : {}),
          ...(patch.is_enabled !== undefined ? { isEnabled: patch.is_enabled } : {}),
          ...(patch.auto_connect !== undefined ? { autoConnect: patch.auto_connect } : {}),
          ...(patch.proxy !== undefined ? { proxyEnc: this.sealProxy(id, patch.proxy) } : {}),
          updatedAt: new Date(this.deps.clock.now()),
        })
        .where(and(eq(accounts.id, id), eq(accounts.keyId, principal.keyId)))
        .returning();
      if (!updated) {
        throw accountNotFound();
      }
      await recordAudit(tx, {
        actor: { type: "key", id: principal.keyId },
        action: "account.update",
        targetType: "account",
        targetId: id,
        details: {
          fields: Object.keys(patch),
        },
      });
      return updated;
    });
    this.invalidateKey(principal.keyId);
    this.syncSession(row);
    return this.view(row);
  }

  async delete(principal: KeyPrincipal, id: string): Promise<{ id: string; deleted: true }> {
    if (!isUuid(id)) {
      throw accountNotFound();
    }
    await this.deps.db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(accounts)
        .where(and(eq(accounts.id, id), eq(accounts.keyId, principal.keyId)))
        .returning({ id: accounts.id });
      if (!gone) {
        throw accountNotFound();
      }
      await recordAudit(tx, {
        actor: { type: "key", id: principal.keyId },
        action: "account.delete",
        targetType: "account",
        targetId: id,
      });
    });
    this.invalidateKey(principal.keyId);
    this.dropSessions([id]);
    return { id, deleted: true };
  }

  /** Decrypts an account's connection details for the session layer. */
  credentials(row: AccountRow): AccountCredentials {
    const proxy = row.proxyEnc
      ? (JSON.parse(this.deps.secrets.open(row.proxyEnc, `${row.id}:proxy`)) as ProxyInput)
      : null;
    return {
      id: row.id,
      brokerHost: row.brokerHost,
      brokerPort: row.brokerPort,
      serverName: row.serverName,
      terminalLogin: row.terminalLogin,
      password: this.deps.secrets.open(row.passwordEnc, `${row.id}:password`),
      hardwareId: row.hardwareId,
      proxy,
      autoConnect: row.autoConnect,
      isEnabled: row.isEnabled,
    };
  }

  /** `GET /admin/accounts`: the accounts of the caller's admin (all for a superadmin JWT). */
  async adminList(scope: AdminScope): Promise<Array<AccountView & { node_id: string | null }>> {
    const rows = await this.deps.db
      .select()
      .from(accounts)
      .where(scope.superadmin ? undefined : eq(accounts.adminId, scope.adminId))
      .orderBy(asc(accounts.createdAt), asc(accounts.id));
    return rows.map((r) => ({ ...this.view(r), node_id: this.sessions.nodeOf?.(r.id) ?? null }));
  }
}
