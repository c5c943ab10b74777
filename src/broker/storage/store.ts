// Persistence of the demo broker: opens its database (PGlite in DATA_DIR/broker, or the
// `broker` schema on Postgres), restores the engine's state at start, and commits the engine's
// events, in order, in batches (group commit). A request is acknowledged only once its events
// are durable, so an acknowledged trade survives a kill: on Postgres (and in-memory PGlite) when
// the batch holding them is committed; on a file-backed PGlite when they are appended to the
// write-ahead log beside it (event-log.ts), the database being written behind from it.

import { fileURLToPath } from "node:url";
import { and, asc, eq, gte, lte, max, type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { EventLog } from "../../storage/event-log.ts";
import { openPglite } from "../../storage/pglite.ts";
import { type HotStatement, hotStatement } from "../../storage/prepared.ts";
import type {
  AccountRecord,
  DealRecord,
  EngineEvent,
  OrderRecord,
  OrderState,
  PositionRecord,
} from "../engine/types.ts";
import * as schema from "./schema.ts";
import { simAccounts, simDeals, simMeta, simOrders, simPositions } from "./schema.ts";

type BrokerDb = PgDatabase<PgQueryResultHKT, typeof schema>;

const MIGRATIONS = {
  migrationsFolder: fileURLToPath(new URL("../../../drizzle/broker", import.meta.url)),
  // The journal lives beside the service's (schema `drizzle`), not in `broker`, which the first
  // migration creates.
  migrationsSchema: "drizzle",
  migrationsTable: "__broker_migrations",
};

const OPEN_ORDER_STATES: ReadonlySet<OrderState> = new Set<OrderState>([
  "Started",
  "Placed",
  "Partial",
  "RequestAdding",
  "RequestModifying",
  "RequestCancelling",
]);

/** The group commit: one statement of data-modifying CTEs over four JSON arrays of rows. */
const COMMIT_SQL = `
      with a as (
        update broker.sim_accounts t set record = x.record, updated_at = now()
        from jsonb_to_recordset($1::jsonb) as x(login bigint, record jsonb)
        where t.login = x.login
        returning 1
      ), o as (
        insert into broker.sim_orders (ticket, login, open, setup_ms, record)
        select ticket, login, open, setup_ms, record
        from jsonb_to_recordset($2::jsonb)
          as x(ticket bigint, login bigint, open boolean, setup_ms bigint, record jsonb)
        on conflict (ticket) do update set open = excluded.open, record = excluded.record
        returning 1
      ), p as (
        insert into broker.sim_positions (ticket, login, open, record)
        select ticket, login, open, record
        from jsonb_to_recordset($3::jsonb)
          as x(ticket bigint, login bigint, open boolean, record jsonb)
        on conflict (ticket) do update set open = excluded.open, record = excluded.record
        returning 1
      ), d as (
        insert into broker.sim_deals (ticket, login, time_ms, position_ticket, record)
        select ticket, login, time_ms, position_ticket, record
        from jsonb_to_recordset($4::jsonb)
          as x(ticket bigint, login bigint, time_ms bigint, position_ticket bigint, record jsonb)
        on conflict do nothing
        returning 1
      ), m as (
        insert into broker.sim_meta (key, value)
        select 'log_seq', $5::jsonb where $5::jsonb is not null
        on conflict (key) do update set value = excluded.value
        returning 1
      )
      select (select count(*) from a) + (select count(*) from o) + (select count(*) from p)
        + (select count(*) from d) + (select count(*) from m) as n`;

/** The last write-ahead log commit the database holds (sim_meta), written with its rows. */
const LOG_SEQ_KEY = "log_seq";

/**
 * How long the write-behind waits to gather a batch: commits that come within it go to the
 * database as one statement. A read of the history (drain) does not wait for it.
 */
const BEHIND_MS = 20;

/** A log this large is written behind at once rather than after BEHIND_MS. */
const LOG_FLUSH_BYTES = 16 * 1024 * 1024;

export interface StoredAccount {
  readonly login: number;
  readonly server: string;
  readonly masterHash: string;
  readonly investorHash: string;
  readonly record: AccountRecord;
}

export interface RestoredState {
  readonly accounts: StoredAccount[];
  readonly positions: PositionRecord[];
  readonly orders: OrderRecord[];
  readonly maxOrderTicket: number;
  readonly maxDealTicket: number;
}

/** Commits waiting for the database: their events, the log seq they end at, their waiters. */
interface Queued {
  events: EngineEvent[];
  seq: number | null;
  resolve: () => void;
  reject: (e: unknown) => void;
}

const settled = () => {};

export class BrokerStore {
  private queue: Queued[] = [];
  private flushing = false;
  private batches = 0;
  private behindTimer: ReturnType<typeof setTimeout> | null = null;
  /** The last commit appended to the log (0 before the first). */
  private seq = 0;
  /** Why the write-behind failed: the store refuses every commit after it. */
  private failure: unknown = null;
  private readonly commitStatement: HotStatement<{ n: number }>;

  private constructor(
    private readonly db: BrokerDb,
    readonly kind: "pglite" | "postgres",
    private readonly closeFn: () => Promise<void>,
    /** The write-ahead log (file-backed PGlite only): commits are durable once appended. */
    private readonly log: EventLog<EngineEvent> | null = null,
  ) {
    this.commitStatement = hotStatement(
      db,
      "broker_commit",
      ["jsonb", "jsonb", "jsonb", "jsonb", "jsonb"],
      COMMIT_SQL,
    );
  }

  /** Opens and migrates the broker database. `dataDir` null → in-memory PGlite (tests). */
  static async open(opts: {
    databaseUrl: string | null;
    dataDir: string | null;
  }): Promise<BrokerStore> {
    if (opts.databaseUrl) {
      const client = postgres(opts.databaseUrl, { max: 4, onnotice: () => {} });
      const db = drizzlePostgres({ client, schema });
      await migratePostgres(db, MIGRATIONS);
      return new BrokerStore(db as unknown as BrokerDb, "postgres", () =>
        client.end({ timeout: 5 }),
      );
    }
    const client = await openPglite(opts.dataDir);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, MIGRATIONS);
    if (!opts.dataDir) {
      return new BrokerStore(db as unknown as BrokerDb, "pglite", () => client.close());
    }
    const { log, held } = EventLog.open<EngineEvent>(`${opts.dataDir}-events.log`);
    const store = new BrokerStore(db as unknown as BrokerDb, "pglite", () => client.close(), log);
    await store.replay(held);
    return store;
  }

  /**
   * Writes the log's commits the database does not hold yet (a stop before the write-behind
   * caught up) as one statement, then empties the log.
   */
  private async replay(held: Array<{ seq: number; events: EngineEvent[] }>): Promise<void> {
    const inDb = Number((await this.getMeta<number>(LOG_SEQ_KEY)) ?? 0);
    const missing = held.filter((c) => c.seq > inDb);
    const last = held[held.length - 1]?.seq ?? 0;
    if (missing.length > 0) {
      await this.commitStatement.run([
        ...commitRows(missing.flatMap((c) => c.events)),
        String(last),
      ]);
    }
    this.seq = Math.max(inDb, last);
    this.log?.clear();
  }

  async close(): Promise<void> {
    await this.drain();
    this.log?.close();
    await this.closeFn();
  }

  async restore(): Promise<RestoredState> {
    const accounts = await this.db.select().from(simAccounts);
    const positions = await this.db.select().from(simPositions).where(eq(simPositions.open, true));
    const orders = await this.db.select().from(simOrders).where(eq(simOrders.open, true));
    const [o] = await this.db.select({ m: max(simOrders.ticket) }).from(simOrders);
    const [p] = await this.db.select({ m: max(simPositions.ticket) }).from(simPositions);
    const [d] = await this.db.select({ m: max(simDeals.ticket) }).from(simDeals);
    return {
      accounts: accounts.map((a) => ({
        login: a.login,
        server: a.server,
        masterHash: a.masterHash,
        investorHash: a.investorHash,
        record: a.record,
      })),
      positions: positions.map((r) => r.record),
      orders: orders.map((r) => r.record),
      maxOrderTicket: Math.max(Number(o?.m ?? 0), Number(p?.m ?? 0)),
      maxDealTicket: Number(d?.m ?? 0),
    };
  }

  async getMeta<T>(key: string): Promise<T | null> {
    const [row] = await this.db.select().from(simMeta).where(eq(simMeta.key, key));
    return row ? (row.value as T) : null;
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(simMeta)
      .values({ key, value })
      .onConflictDoUpdate({ target: simMeta.key, set: { value } });
  }

  /** Inserts a new account row (the engine's account events then keep `record` current). */
  async insertAccount(account: StoredAccount, events: EngineEvent[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(simAccounts).values({
        login: account.login,
        server: account.server,
        masterHash: account.masterHash,
        investorHash: account.investorHash,
        record: account.record,
      });
      // Inside the transaction: drizzle runs the same statement on the transaction's connection.
      await tx.execute(commitSql(commitRows(events)));
    });
  }

  async deals(login: number, fromMs: number, toMs: number): Promise<DealRecord[]> {
    const rows = await this.db
      .select({ record: simDeals.record })
      .from(simDeals)
      .where(
        and(eq(simDeals.login, login), gte(simDeals.timeMs, fromMs), lte(simDeals.timeMs, toMs)),
      )
      .orderBy(asc(simDeals.timeMs), asc(simDeals.ticket));
    return rows.map((r) => r.record);
  }

  async dealsOfPosition(login: number, positionTicket: number): Promise<DealRecord[]> {
    const rows = await this.db
      .select({ record: simDeals.record })
      .from(simDeals)
      .where(and(eq(simDeals.login, login), eq(simDeals.positionTicket, positionTicket)))
      .orderBy(asc(simDeals.timeMs), asc(simDeals.ticket));
    return rows.map((r) => r.record);
  }

  async historyOrders(login: number, fromMs: number, toMs: number): Promise<OrderRecord[]> {
    const rows = await this.db
      .select({ record: simOrders.record })
      .from(simOrders)
      .where(
        and(
          eq(simOrders.login, login),
          eq(simOrders.open, false),
          gte(simOrders.setupMs, fromMs),
          lte(simOrders.setupMs, toMs),
        ),
      )
      .orderBy(asc(simOrders.setupMs), asc(simOrders.ticket));
    return rows.map((r) => r.record);
  }

  async closedPositions(login: number, fromMs: number, toMs: number): Promise<PositionRecord[]> {
    const rows = await this.db
      .select({ record: simPositions.record })
      .from(simPositions)
      .where(
        and(
          eq(simPositions.login, login),
          eq(simPositions.open, false),
          sql`(${simPositions.record}->>'closeMs')::bigint between ${fromMs} and ${toMs}`,
        ),
      );
    return rows.map((r) => r.record);
  }

  /**
   * Commits `events` in order with everything queued before them; resolves once they are
   * durable: appended to the log where there is one (at once), else committed to the database.
   */
  commit(events: EngineEvent[]): Promise<void> {
    if (this.failure !== null) {
      return Promise.reject(this.failure);
    }
    if (this.log && events.length > 0) {
      this.seq += 1;
      this.log.append(this.seq, events);
      this.queue.push({ events, seq: this.seq, resolve: settled, reject: settled });
      this.schedule(this.log.size >= LOG_FLUSH_BYTES);
      return Promise.resolve();
    }
    if (events.length === 0 && this.queue.length === 0 && !this.flushing) {
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ events, seq: null, resolve, reject });
      this.schedule(true);
    });
  }

  /** Waits until everything queued is in the database. */
  async drain(): Promise<void> {
    await this.commit([]);
  }

  /**
   * Starts writing the queue to the database: on the next macrotask (so every request already
   * readable on the sockets joins the batch), or after BEHIND_MS for the log's write-behind.
   */
  private schedule(now: boolean): void {
    if (this.flushing) {
      return; // the running flush takes what is queued
    }
    if (now) {
      if (this.behindTimer) {
        clearTimeout(this.behindTimer);
        this.behindTimer = null;
      }
      this.flushing = true;
      setImmediate(() => void this.flush());
    } else {
      this.behindTimer ??= setTimeout(() => {
        this.behindTimer = null;
        if (!this.flushing) {
          this.flushing = true;
          void this.flush();
        }
      }, BEHIND_MS);
    }
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        if (this.batches++ > 0) {
          // PGlite runs synchronously: yield to the event loop so requests that arrived during
          // the last commit join the next batch (group commit) instead of waiting one by one.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        const batch = this.queue;
        this.queue = [];
        try {
          const all = batch.flatMap((b) => b.events);
          const seq = batch.reduce<number | null>((last, b) => b.seq ?? last, null);
          if (all.length > 0) {
            await this.commitStatement.run([...commitRows(all), seq === null ? null : String(seq)]);
          }
          if (this.log && this.queue.length === 0) {
            this.log.clear(); // the database holds every commit the log did
          }
          for (const b of batch) {
            b.resolve();
          }
        } catch (err) {
          if (this.log) {
            // Acknowledged commits are in the log, not in the database: take no more (the next
            // start replays the log).
            this.failure = err;
            for (const b of this.queue) {
              b.reject(err);
            }
            this.queue = [];
          }
          for (const b of batch) {
            b.reject(err);
          }
        }
      }
    } finally {
      this.flushing = false;
      this.batches = 0;
    }
  }
}

/**
 * Folds a run of events into row writes (last write per row wins): the four JSON arrays of the
 * commit statement, which applies them as ONE statement (data-modifying CTEs), atomic by itself
 * and one round trip into the database however many rows the batch touches.
 */
function commitRows(events: EngineEvent[]): [string, string, string, string] {
  const accounts = new Map<number, AccountRecord>();
  const positions = new Map<number, PositionRecord>();
  const orders = new Map<number, OrderRecord>();
  const deals: DealRecord[] = [];
  for (const e of events) {
    switch (e.type) {
      case "accountChanged":
        accounts.set(e.account.login, e.account);
        break;
      case "orderAdded":
      case "orderUpdated":
      case "orderRemoved":
        orders.set(e.order.ticket, e.order);
        break;
      case "positionOpened":
      case "positionUpdated":
      case "positionClosed":
        positions.set(e.position.ticket, e.position);
        break;
      case "dealAdded":
        deals.push(e.deal);
        break;
    }
  }
  const accountRows = JSON.stringify(
    [...accounts.values()].map((r) => ({ login: r.login, record: r })),
  );
  const orderRows = JSON.stringify(
    [...orders.values()].map((r) => ({
      ticket: r.ticket,
      login: r.login,
      open: OPEN_ORDER_STATES.has(r.state),
      setup_ms: r.setupMs,
      record: r,
    })),
  );
  const positionRows = JSON.stringify(
    [...positions.values()].map((r) => ({
      ticket: r.ticket,
      login: r.login,
      open: r.state !== "Closed",
      record: r,
    })),
  );
  const dealRows = JSON.stringify(
    deals.map((r) => ({
      ticket: r.ticket,
      login: r.login,
      time_ms: r.timeMs,
      position_ticket: r.positionTicket,
      record: r,
    })),
  );
  return [accountRows, orderRows, positionRows, dealRows];
}

/** COMMIT_SQL as a drizzle query with bind parameters (for use inside a transaction). */
function commitSql(rows: readonly string[]): SQL {
  const params = [...rows, null]; // no log seq: the caller writes outside the log
  const parts = COMMIT_SQL.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 1 ? sql`${params[Number(part) - 1]}` : sql.raw(part))),
  );
}
