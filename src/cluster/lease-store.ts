// The cluster's rows in Postgres (schema: src/storage/schema/cluster.ts): node heartbeats and
// account leases. A lease is held as long as its node's heartbeat is younger than the TTL: the
// node renews one row per period however many accounts it serves (renewing every lease each
// second cost Postgres 0.32 cores at 2,000 accounts), and every lease of a node that stopped
// heart-beating is free at once. Every statement is one conditional write or read timed by the database's own
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
  /** The holder of the lease while its node is live; null when free or its node is dead. */
  readonly holder: string | null;
  readonly epoch: number;
}

export class LeaseStore {
  private readonly heartbeatStmt: HotStatement<{ continuous: boolean | null }>;
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
  private readonly releaseStmt: HotStatement<{ account_id: string }>;
  private readonly leaveStmt: HotStatement<never>;

  constructor(
    db: Db,
    private readonly nodeId: string,
    ttlMs: number,
  ) {
    const ttl = `(${Math.round(ttlMs)} * interval '1 millisecond')`;
    /** The node of lease `l` is live (its heartbeat is younger than the TTL). */
    const liveHolder = (l: string) =>
      `exists (select 1 from cluster_nodes n where n.node_id = ${l}.node_id and n.heartbeat_at > now() - ${ttl})`;
    // `continuous`: the previous heartbeat was this boot's and still live, so no other node can
    // have taken a lease of this node in between (the sub-statement reads the row as it was).
    this.heartbeatStmt = hotStatement(
      db,
      "cluster_heartbeat",
      ["text", "text", "text", "bool"],
      `with prev as (select boot, heartbeat_at from cluster_nodes where node_id = $1)
       insert into cluster_nodes (node_id, advertise_url, boot, started_at, heartbeat_at, draining)
       values ($1, $2, $3, now(), now(), $4)
       on conflict (node_id) do update set advertise_url = excluded.advertise_url,
         started_at = case when cluster_nodes.boot = excluded.boot then cluster_nodes.started_at else now() end,
         boot = excluded.boot, heartbeat_at = now(), draining = excluded.draining
       returning (select p.boot = $3 and p.heartbeat_at > now() - ${ttl} from prev p) as continuous`,
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
         case when ${liveHolder("l")} then l.node_id end as holder,
         coalesce(l.epoch, 0)::text as epoch
       from accounts a left join account_leases l on l.account_id = a.id`,
    );
    this.oneStmt = hotStatement(
      db,
      "cluster_lease_one",
      ["uuid"],
      `select case when ${liveHolder("l")} then l.node_id end as holder, l.epoch::text as epoch
       from account_leases l where l.account_id = $1`,
    );
    // Taken only when free, held by a dead node, or left by an earlier boot of this node (one
    // process per node id: when it starts, its earlier boot is dead); the epoch grows at every
    // acquisition.
    this.acquireStmt = hotStatement(
      db,
      "cluster_lease_acquire",
      ["uuid", "text"],
      `insert into account_leases as l (account_id, node_id, epoch, acquired_at)
       select $1, $2, 1, now() where exists (select 1 from accounts where id = $1)
       on conflict (account_id) do update set node_id = excluded.node_id, epoch = l.epoch + 1,
         acquired_at = now()
       where l.node_id is null or l.node_id = excluded.node_id or not ${liveHolder("l")}
       returning epoch::text as epoch`,
    );
    this.releaseStmt = hotStatement(
      db,
      "cluster_lease_release",
      ["uuid", "text", "int8"],
      `update account_leases set node_id = null
       where account_id = $1 and node_id = $2 and epoch = $3 returning account_id::text`,
    );
    this.leaveStmt = hotStatement(
      db,
      "cluster_node_leave",
      ["text"],
      `update cluster_nodes set heartbeat_at = now() - interval '1 day' where node_id = $1`,
    );
  }

  /**
   * Renews this node's heartbeat, and with it all its leases (registering it on its first call).
   * True when the previous heartbeat was this boot's and had not expired: the leases held since
   * are still this node's. False: they may have been taken meanwhile.
   */
  async heartbeat(advertiseUrl: string, boot: string, draining: boolean): Promise<boolean> {
    const [row] = await this.heartbeatStmt.run([this.nodeId, advertiseUrl, boot, draining]);
    return row?.continuous === true;
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

  /** Every account with the holder of its lease (null when free or its node is dead). */
  async view(): Promise<LeaseView[]> {
    const rows = await this.viewStmt.run([]);
    return rows.map((r) => ({ accountId: r.account_id, holder: r.holder, epoch: Number(r.epoch) }));
  }

  /** One account's holder (null if free or its node is dead); null when it has no lease row. */
  async one(accountId: string): Promise<{ holder: string | null; epoch: number } | null> {
    const [row] = await this.oneStmt.run([accountId]);
    return row ? { holder: row.holder, epoch: Number(row.epoch) } : null;
  }

  /** Takes a free lease: its new epoch, or null if a live node holds it (or no account). */
  async acquire(accountId: string): Promise<number | null> {
    const [row] = await this.acquireStmt.run([accountId, this.nodeId]);
    return row ? Number(row.epoch) : null;
  }

  /** Releases a lease this node holds at `epoch` (true if it did). */
  async release(accountId: string, epoch: number): Promise<boolean> {
    return (await this.releaseStmt.run([accountId, this.nodeId, epoch])).length > 0;
  }

  /** Marks this node dead at once, its leases free (a clean exit: others need not wait for the TTL). */
  async leave(): Promise<void> {
    await this.leaveStmt.run([this.nodeId]);
  }
}
