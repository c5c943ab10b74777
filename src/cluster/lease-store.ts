// The cluster's rows in Postgres (schema: src/storage/schema/cluster.ts): node heartbeats and
// account leases. Every statement is one conditional write or read timed by the database's own
// clock (`now()`), so nodes whose clocks disagree still agree on who holds what.
import type { Db } from "../storage/db.ts";
import { type HotStatement, hotStatement } from "../storage/prepared.ts";

export interface LiveNode {
  readonly nodeId: string;
  /** The node's current boot (its processes' holder names end with it). */
  readonly boot: string;
  readonly advertiseUrl: string;
  readonly draining: boolean;
}

/** An account and its lease row (if any), as the rebalancer reads them. */
export interface LeaseView {
  readonly accountId: string;
  /** The holder of a lease that has not expired; null when free or expired. */
  readonly holder: string | null;
  readonly epoch: number;
}

export class LeaseStore {
  private readonly heartbeatStmt: HotStatement<never>;
  private readonly liveStmt: HotStatement<{
    node_id: string;
    boot: string;
    advertise_url: string;
    draining: boolean;
  }>;
  private readonly viewStmt: HotStatement<{
    account_id: string;
    holder: string | null;
    epoch: string;
  }>;
  private readonly oneStmt: HotStatement<{ holder: string | null; epoch: string }>;
  private readonly acquireStmt: HotStatement<{ epoch: string }>;
  private readonly renewStmt: HotStatement<{ account_id: string; epoch: string }>;
  private readonly releaseStmt: HotStatement<{ account_id: string }>;
  private readonly leaveStmt: HotStatement<never>;

  constructor(
    db: Db,
    private readonly nodeId: string,
    ttlMs: number,
  ) {
    const ttl = `(${Math.round(ttlMs)} * interval '1 millisecond')`;
    this.heartbeatStmt = hotStatement(
      db,
      "cluster_heartbeat",
      ["text", "text", "text", "bool"],
      `insert into cluster_nodes (node_id, advertise_url, boot, started_at, heartbeat_at, draining)
       values ($1, $2, $3, now(), now(), $4)
       on conflict (node_id) do update set advertise_url = excluded.advertise_url,
         started_at = case when cluster_nodes.boot = excluded.boot then cluster_nodes.started_at else now() end,
         boot = excluded.boot, heartbeat_at = now(), draining = excluded.draining`,
    );
    this.liveStmt = hotStatement(
      db,
      "cluster_live_nodes",
      [],
      `select node_id, boot, advertise_url, draining from cluster_nodes
       where heartbeat_at > now() - ${ttl} order by node_id`,
    );
    this.viewStmt = hotStatement(
      db,
      "cluster_lease_view",
      [],
      `select a.id::text as account_id,
         case when l.expires_at > now() then l.node_id end as holder,
         coalesce(l.epoch, 0)::text as epoch
       from accounts a left join account_leases l on l.account_id = a.id`,
    );
    this.oneStmt = hotStatement(
      db,
      "cluster_lease_one",
      ["uuid"],
      `select case when expires_at > now() then node_id end as holder, epoch::text as epoch
       from account_leases where account_id = $1`,
    );
    // Taken only when free, expired, or left by an earlier boot of this node (one process per
    // node id: when it starts, its earlier boot is dead); the epoch grows at every acquisition.
    this.acquireStmt = hotStatement(
      db,
      "cluster_lease_acquire",
      ["uuid", "text"],
      `insert into account_leases as l (account_id, node_id, epoch, expires_at, acquired_at)
       select $1, $2, 1, now() + ${ttl}, now() where exists (select 1 from accounts where id = $1)
       on conflict (account_id) do update set node_id = excluded.node_id, epoch = l.epoch + 1,
         expires_at = excluded.expires_at, acquired_at = now()
       where l.node_id is null or l.expires_at <= now() or l.node_id = excluded.node_id
       returning epoch::text as epoch`,
    );
    // Renews the unexpired leases this process holds ($2: their ids, a JSON array) at once;
    // what is not returned was lost. Leases an earlier boot left are not renewed: they expire
    // unless this boot acquires them again (with a new epoch).
    this.renewStmt = hotStatement(
      db,
      "cluster_lease_renew",
      ["text", "jsonb"],
      `update account_leases set expires_at = now() + ${ttl}
       where node_id = $1 and expires_at > now()
         and account_id = any (array(select jsonb_array_elements_text($2::jsonb))::uuid[])
       returning account_id::text as account_id, epoch::text as epoch`,
    );
    this.releaseStmt = hotStatement(
      db,
      "cluster_lease_release",
      ["uuid", "text", "int8"],
      `update account_leases set node_id = null, expires_at = now()
       where account_id = $1 and node_id = $2 and epoch = $3 returning account_id::text`,
    );
    this.leaveStmt = hotStatement(
      db,
      "cluster_node_leave",
      ["text"],
      `update cluster_nodes set heartbeat_at = now() - interval '1 day' where node_id = $1`,
    );
  }

  /** Renews this node's heartbeat (registering it on its first call). */
  async heartbeat(advertiseUrl: string, boot: string, draining: boolean): Promise<void> {
    await this.heartbeatStmt.run([this.nodeId, advertiseUrl, boot, draining]);
  }

  /** Nodes whose heartbeat is younger than the TTL. */
  async liveNodes(): Promise<LiveNode[]> {
    const rows = await this.liveStmt.run([]);
    return rows.map((r) => ({
      nodeId: r.node_id,
      boot: r.boot,
      advertiseUrl: r.advertise_url,
      draining: r.draining,
    }));
  }

  /** Every account with the holder of its unexpired lease. */
  async view(): Promise<LeaseView[]> {
    const rows = await this.viewStmt.run([]);
    return rows.map((r) => ({ accountId: r.account_id, holder: r.holder, epoch: Number(r.epoch) }));
  }

  /** One account's holder (null if free or expired). */
  async one(accountId: string): Promise<{ holder: string | null; epoch: number } | null> {
    const [row] = await this.oneStmt.run([accountId]);
    return row ? { holder: row.holder, epoch: Number(row.epoch) } : null;
  }

  /** Takes a free or expired lease: its new epoch, or null if someone holds it (or no account). */
  async acquire(accountId: string): Promise<number | null> {
    const [row] = await this.acquireStmt.run([accountId, this.nodeId]);
    return row ? Number(row.epoch) : null;
  }

  /** Renews these leases of this node: account → epoch of each one still held. */
  async renew(accountIds: readonly string[]): Promise<Map<string, number>> {
    if (accountIds.length === 0) {
      return new Map();
    }
    const rows = await this.renewStmt.run([this.nodeId, JSON.stringify(accountIds)]);
    return new Map(rows.map((r) => [r.account_id, Number(r.epoch)]));
  }

  /** Releases a lease this node holds at `epoch` (true if it did). */
  async release(accountId: string, epoch: number): Promise<boolean> {
    return (await this.releaseStmt.run([accountId, this.nodeId, epoch])).length > 0;
  }

  /** Marks this node dead at once (a clean exit: others need not wait for the TTL). */
  async leave(): Promise<void> {
    await this.leaveStmt.run([this.nodeId]);
  }
}
