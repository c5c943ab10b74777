// Cluster mode, wired: the node's NATS bus, its leases (Ownership) and the Sessions router, plus
// what ties them to the services — a lease acquired starts the account's session and resumes its
// EA here, a lease lost or handed over stops them; the RPC handlers the owner answers (fenced by
// the lease epoch); and the broadcasts that make facts cluster-wide at once (lease changes,
// session health, deleted accounts, revoked keys). src/server.ts starts it when NATS_URL is set.
import { randomBytes } from "node:crypto";
import type { ClusterConfig } from "../config/index.ts";
import { AppError } from "../domain/errors.ts";
import type { Logger } from "../logging/logger.ts";
import type { AccountService } from "../services/accounts.ts";
import type { EaInstanceService } from "../services/ea-instances.ts";
import type { IdempotencyService } from "../services/idempotency.ts";
import type { KeyService } from "../services/keys.ts";
import type { OrderJournalService } from "../services/order-journal.ts";
import type { SessionManager } from "../sessions/manager.ts";
import type { Db } from "../storage/db.ts";
import type { StreamHub, StreamRouter } from "../streaming/hub.ts";
import { ClusterBus, type ClusterHandlers, NotOwnerError } from "./bus.ts";
import { ClusterSessions } from "./cluster-sessions.ts";
import { LeaseStore, type LiveNode } from "./lease-store.ts";
import { Ownership } from "./ownership.ts";
import {
  type AccountNotice,
  type ClusterArgs,
  type ClusterResult,
  clusterName,
  type KeyNotice,
  type LeaseNotice,
  type OwnedHealth,
} from "./rpc.ts";
import { ClusterStreams, StreamOrigin, StreamRelay } from "./streams.ts";

/** The services the cluster drives (attached once the composition root built them). */
export interface ClusterServices {
  /** This process's holder name `<node>/<boot>` (the node heart-beats with this boot). */
  readonly holder: string;
  readonly idempotency: Pick<IdempotencyService, "knowHolders">;
  readonly journal: Pick<OrderJournalService, "markNodeDead">;
  readonly accounts: Pick<AccountService, "sessionSpecOf" | "invalidateAccount" | "invalidateKey">;
  readonly keys: Pick<KeyService, "onChange" | "changedElsewhere">;
  readonly eaInstances: Pick<
    EaInstanceService,
    "placeOn" | "resumeAccount" | "releaseAccount" | "start" | "stop" | "status" | "logs" | "chart"
  >;
}

/** Counters the cluster reports (src/observability). */
export interface ClusterMetrics {
  leaseChange(change: "acquired" | "lost" | "released" | "handed_over"): void;
}

/** One node of the cluster, as `GET /admin/cluster` shows it. */
export interface ClusterNodeView {
  readonly node_id: string;
  readonly advertise_url: string;
  readonly draining: boolean;
  readonly self: boolean;
  readonly accounts: Array<{ account_id: string; epoch: number }>;
}

export class Cluster {
  readonly sessions: ClusterSessions;
  private services: ClusterServices | null = null;
  private metrics: ClusterMetrics | null = null;
  /** WebSocket streams across nodes (built over this node's hub by streamsFor). */
  private streams: ClusterStreams | null = null;
  private origin: StreamOrigin | null = null;
  private relay: StreamRelay | null = null;

  private constructor(
    private readonly config: ClusterConfig,
    readonly nodeId: string,
    private readonly bus: ClusterBus,
    readonly ownership: Ownership,
    private readonly local: SessionManager,
    private readonly logger: Logger,
    private readonly connectedSessions: ClusterSessions,
  ) {
    this.sessions = connectedSessions;
  }

  /** Connects to NATS and prepares the leases (nothing is acquired before `begin`). */
  static async create(opts: {
    readonly config: ClusterConfig;
    /** The database the nodes share (their cluster's name derives from it). */
    readonly databaseUrl: string;
    readonly nodeId: string;
    readonly db: Db;
    readonly local: SessionManager;
    readonly logger: Logger;
  }): Promise<Cluster> {
    const { config, nodeId, db, local, logger } = opts;
    const bus = await ClusterBus.connect(
      config.natsUrl,
      clusterName(opts.databaseUrl),
      nodeId,
      logger,
    );
    const store = new LeaseStore(db, nodeId, config.leaseTtlMs);
    let cluster: Cluster | null = null;
    const ownership = new Ownership({
      nodeId,
      advertiseUrl: config.advertiseUrl,
      boot: randomBytes(6).toString("hex"),
      ttlMs: config.leaseTtlMs,
      store,
      logger,
      hooks: {
        start: (accountId, epoch) => cluster?.startServing(accountId, epoch) ?? Promise.resolve(),
        stop: (accountId, reason) => cluster?.stopServing(accountId, reason) ?? Promise.resolve(),
        announce: (accountId, holder, epoch) =>
          bus.publish(bus.subjects.leases, { accountId, holder, epoch } satisfies LeaseNotice),
        nodesDied: (nodes) => cluster?.onNodesDied(nodes),
        changed: (change) => cluster?.metrics?.leaseChange(change),
      },
    });
    const sessions = new ClusterSessions(local, ownership, bus, logger);
    cluster = new Cluster(config, nodeId, bus, ownership, local, logger, sessions);
    return cluster;
  }

  /** What /ws subscribes through: this node's hub for its accounts, the relay for the others. */
  streamsFor(hub: StreamHub): StreamRouter {
    this.origin = new StreamOrigin(hub, this.bus);
    this.relay = new StreamRelay(this.nodeId, this.bus, this.sessions, this.logger);
    this.streams = new ClusterStreams(hub, this.relay, this.origin, this.ownership);
    return this.streams;
  }

  /** Wires the services: RPC handlers, broadcasts, EA placement. */
  attach(services: ClusterServices, metrics?: ClusterMetrics): void {
    this.services = services;
    this.metrics = metrics ?? null;
    const { bus, ownership, local } = this;
    // The node heart-beats with its services' boot, so a holder is dead once its node is.
    ownership.setBoot(services.holder.slice(services.holder.lastIndexOf("/") + 1));
    services.idempotency.knowHolders((holder) => ownership.isHolderAlive(holder));
    const handlers = this.handlers(services);
    bus.serve(this.nodeId, handlers);
    this.sessions.useHandlers(handlers);
    bus.subscribe<LeaseNotice>(bus.subjects.leases, (n) => {
      if (n.holder !== this.nodeId) {
        ownership.noteOwner(n.accountId, n.holder, n.epoch);
        if (n.holder !== null) {
          this.relay?.reopenAccount(n.accountId); // clients here follow the stream to its new owner
        }
      }
      if (n.holder === null) {
        ownership.kick(); // a free lease: maybe this node's to take
      }
    });
    bus.subscribe<OwnedHealth>(bus.subjects.sessionHealthAll, (owned, subject) => {
      const accountId = subject.split(".").at(-2); // <prefix>.acct.<id>.session
      if (accountId) {
        this.sessions.noteRemoteHealth(accountId, owned);
      }
    });
    bus.subscribe<AccountNotice>(bus.subjects.accounts, (n) => this.onAccountNotice(n));
    bus.subscribe<KeyNotice>(bus.subjects.keys, ({ origin, ...change }) => {
      if (origin !== this.nodeId) {
        services.keys.changedElsewhere(change);
      }
    });
    services.keys.onChange((change) => {
      bus.publish(bus.subjects.keys, { origin: this.nodeId, ...change } satisfies KeyNotice);
    });
    // The owner announces its sessions' health; the other nodes answer status reads from it.
    local.onEvent((accountId, event) => {
      if (event.kind === "session" && ownership.isServing(accountId)) {
        this.publishHealth(accountId);
      }
    });
    const ea = <M extends "eaStart" | "eaStop" | "eaStatus" | "eaLogs" | "eaChart">(
      method: M,
      args: ClusterArgs<M>,
    ) =>
      this.sessions.forward(args.accountId, false, () => [method, args]) as Promise<
        ClusterResult<M>
      >;
    services.eaInstances.placeOn({
      runsHere: (accountId) => ownership.isServing(accountId),
      start: (principal, accountId, req) => ea("eaStart", { principal, accountId, req }),
      stop: (principal, accountId) => ea("eaStop", { principal, accountId }),
      status: (principal, accountId) => ea("eaStatus", { principal, accountId }),
      logs: (principal, accountId, limit) => ea("eaLogs", { principal, accountId, limit }),
      chart: (principal, accountId) => ea("eaChart", { principal, accountId }),
    });
  }

  /** Takes this node's share of the leases (first round awaited), and learns everyone's health. */
  async begin(): Promise<void> {
    await this.ownership.start();
    await Promise.all(
      this.ownership
        .liveNodes()
        .filter((n) => n.nodeId !== this.nodeId)
        .map(async (n) => {
          const reply = await this.bus.request(n.nodeId, "healthAll", {}, 3000).catch(() => null);
          if (reply?.ok) {
            for (const [accountId, owned] of reply.data as Array<[string, OwnedHealth]>) {
              this.sessions.noteRemoteHealth(accountId, owned);
            }
          }
        }),
    );
  }

  /** Readiness: NATS connected and the last lease round reached the database. */
  readiness(): true | string {
    if (!this.bus.connected) {
      return "NATS is not connected";
    }
    return this.ownership.isHealthy ? true : "the lease round cannot reach the database";
  }

  get natsConnected(): boolean {
    return this.bus.connected;
  }

  /** SIGTERM: hand every lease over (sessions and EAs stop here first), then leave. */
  async drain(): Promise<void> {
    await this.ownership.drain();
    await this.bus.flush().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.ownership.stop();
    this.relay?.close();
    await this.bus.close().catch(() => undefined);
  }

  /** The nodes and the accounts each holds (GET /admin/cluster). */
  view(): { node_id: string; nodes: ClusterNodeView[]; unowned: string[] } {
    const byNode = new Map<string, Array<{ account_id: string; epoch: number }>>();
    const unowned: string[] = [];
    for (const [accountId, { holder, epoch }] of this.ownership.allOwners()) {
      if (holder === null) {
        unowned.push(accountId);
        continue;
      }
      const list = byNode.get(holder) ?? [];
      list.push({ account_id: accountId, epoch });
      byNode.set(holder, list);
    }
    const nodes: ClusterNodeView[] = this.ownership.liveNodes().map((n: LiveNode) => ({
      node_id: n.nodeId,
      advertise_url: n.advertiseUrl,
      draining: n.draining,
      self: n.nodeId === this.nodeId,
      accounts: (byNode.get(n.nodeId) ?? []).sort((a, b) =>
        a.account_id.localeCompare(b.account_id),
      ),
    }));
    return { node_id: this.nodeId, nodes, unowned: unowned.sort() };
  }

  // --- internals ----------------------------------------------------------------------------------

  private publishHealth(accountId: string): void {
    this.bus.publish(this.bus.subjects.sessionHealth(accountId), {
      health: this.local.healthOf(accountId),
      endpoint: this.local.endpointOf(accountId),
    } satisfies OwnedHealth);
  }

  private async startServing(accountId: string, epoch: number): Promise<void> {
    const services = this.services;
    if (!services) {
      return;
    }
    const spec = await services.accounts.sessionSpecOf(accountId);
    if (!spec) {
      return; // deleted meanwhile: the next round forgets it
    }
    this.sessions.forgetRemote(accountId);
    this.local.open(spec);
    this.publishHealth(accountId);
    this.streams?.gained(accountId);
    this.logger.info({ accountId, epoch }, "account session acquired");
    void services.eaInstances
      .resumeAccount(accountId)
      .catch((err: unknown) =>
        this.logger.error({ err: String(err), accountId }, "EA resume after acquisition failed"),
      );
  }

  private async stopServing(accountId: string, reason: "lost" | "hand_over"): Promise<void> {
    await this.services?.eaInstances
      .releaseAccount(accountId)
      .catch((err: unknown) =>
        this.logger.error({ err: String(err), accountId }, "EA release failed"),
      );
    this.streams?.lost(accountId);
    this.local.release(accountId);
    this.logger.info({ accountId, reason }, "account session released");
  }

  private onNodesDied(nodes: readonly string[]): void {
    const dead = new Set(nodes);
    for (const node of nodes) {
      this.bus.failRequestsTo(node);
      this.origin?.dropNode(node);
      void this.services?.journal
        .markNodeDead(node)
        .catch((err: unknown) =>
          this.logger.warn({ err: String(err), node }, "journal update failed"),
        );
    }
    for (const [accountId, { holder }] of this.ownership.allOwners()) {
      if (holder !== null && dead.has(holder)) {
        this.sessions.markOwnerLost(accountId);
      }
    }
    this.logger.warn({ nodes }, "cluster nodes stopped heart-beating; their accounts move");
  }

  private onAccountNotice(n: AccountNotice): void {
    const services = this.services;
    if (!services) {
      return;
    }
    services.accounts.invalidateAccount(n.accountId);
    if (n.keyId) {
      services.accounts.invalidateKey(n.keyId);
    }
    if (n.origin === this.nodeId) {
      return;
    }
    if (n.change === "removed") {
      this.sessions.forgetRemote(n.accountId);
      this.relay?.forget(n.accountId);
      if (this.ownership.isServing(n.accountId)) {
        this.local.remove(n.accountId);
      }
      this.ownership.forget(n.accountId);
      return;
    }
    this.ownership.kick(); // a new account may be this node's to take
  }

  private handlers(services: ClusterServices): ClusterHandlers {
    const { ownership, local } = this;
    /** Refuses unless this node serves the account (at `epoch`), once its session is open. */
    const fence = async (accountId: string, epoch?: number): Promise<void> => {
      await ownership.ready(accountId);
      if (!ownership.isServing(accountId, epoch)) {
        const o = ownership.ownerOf(accountId);
        throw new NotOwnerError(o.holder === this.nodeId ? null : o.holder, o.epoch);
      }
    };
    return {
      session: async ({ accountId, epoch, call }) => {
        await fence(accountId, epoch);
        return local.call(accountId, call.method, call.args as never);
      },
      view: async ({ accountId, view }) => {
        await fence(accountId);
        return local.view(accountId, view);
      },
      connect: async ({ accountId, waitMs }) => {
        await fence(accountId);
        return local.connect(accountId, waitMs);
      },
      disconnect: async ({ accountId }) => {
        await fence(accountId);
        local.disconnect(accountId);
        return null;
      },
      reopen: async ({ accountId }) => {
        await fence(accountId);
        const spec = await services.accounts.sessionSpecOf(accountId);
        if (spec) {
          local.open(spec);
        }
        return null;
      },
      healthAll: async () =>
        ownership
          .served()
          .map(({ accountId }): [string, OwnedHealth] => [
            accountId,
            { health: local.healthOf(accountId), endpoint: local.endpointOf(accountId) },
          ]),
      eaStart: async ({ principal, accountId, req }) => {
        await fence(accountId);
        return services.eaInstances.start(principal, accountId, req);
      },
      eaStop: async ({ principal, accountId }) => {
        await fence(accountId);
        return services.eaInstances.stop(principal, accountId);
      },
      eaStatus: async ({ principal, accountId }) => {
        await fence(accountId);
        return services.eaInstances.status(principal, accountId);
      },
      eaLogs: async ({ principal, accountId, limit }) => {
        await fence(accountId);
        return services.eaInstances.logs(principal, accountId, limit);
      },
      eaChart: async ({ principal, accountId }) => {
        await fence(accountId);
        return services.eaInstances.chart(principal, accountId);
      },
      streamOpen: async (args) => {
        await fence(args.accountId);
        if (!this.origin) {
          throw new AppError("INTERNAL_ERROR", "streams are not wired on this node");
        }
        return this.origin.open(args);
      },
      streamClose: async ({ accountId, node, channel, timeframe, symbols }) => {
        this.origin?.close(accountId, node, channel, timeframe, symbols);
        return null;
      },
    };
  }
}
