// The order journal and its reconciler. Every order placement is journaled (committed) with a
// client order id before it reaches the broker; its outcome is recorded when the broker answers.
// When the link breaks mid-request the outcome is unknown (504 TRADE_OUTCOME_UNKNOWN): as soon as
// the account's session is connected again the reconciler looks for the client order id among
// the broker's open and historical orders and records what happened — the order exists
// (`reconciled_filled`, with its ticket) or it never arrived (`reconciled_absent`) — and
// publishes the outcome on the account's `trades` WebSocket channel.
import { randomBytes } from "node:crypto";
import { and, eq, inArray, lt, or } from "drizzle-orm";
import type { OrderRecord, ServerTime, TradeOutcome } from "../broker/connector.ts";
import { AppError } from "../http/errors.ts";
import type { SessionManager } from "../sessions/manager.ts";
import { type HotStatement, hotStatement } from "../storage/prepared.ts";
import { type OrderJournalRow, orderJournal } from "../storage/schema/index.ts";
import type { ServiceDeps } from "./deps.ts";

export type JournalOutcome =
  | { state: "done"; ticket: number | null }
  | { state: "rejected"; note: string }
  | { state: "unknown"; note: string };

export interface TradePublisher {
  publishTrade(accountId: string, data: Record<string, unknown>): void;
}

/**
 * The longest an answered order's outcome waits to be written when no other order comes to
 * carry it (see settleLater).
 */
const OUTCOME_BATCH_MS = 20;

/** `sent` rows younger than this are still in flight and are left alone by the reconciler. */
const IN_FLIGHT_MS = 30_000;

export class OrderJournalService {
  private publisher: TradePublisher | null = null;
  private readonly running = new Set<string>();
  /** The two writes on every order's path, prepared (see src/storage/prepared.ts). */
  private readonly insertIntent: HotStatement<{ id: string }>;
  private readonly recordOutcomes: HotStatement<never>;
  /** Outcomes of answered orders, recorded together after the answers have gone out. */
  private later: Array<{ id: string; outcome: JournalOutcome; at: number }> = [];
  private flushing: Promise<void> | null = null;
  private laterTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly sessions: SessionManager,
  ) {
    this.insertIntent = hotStatement(
      deps.db,
      "order_journal_insert",
      ["uuid", "text", "jsonb"],
      `insert into order_journal (account_id, client_order_id, request, state)
       values ($1, $2, $3, 'sent') on conflict do nothing returning id`,
    );
    this.recordOutcomes = hotStatement(
      deps.db,
      "order_journal_settle",
      ["jsonb"],
      // $1 is {"<journal id>": {state, ticket, note, at}, …}. The rows are found through the
      // primary key (`id = any(…)`): a join against a set-returning function is planned for
      // 100 rows and turns into a sequential scan of the whole journal.
      `update order_journal j set
         state = $1::jsonb -> (j.id::text) ->> 'state',
         ticket = coalesce(($1::jsonb -> (j.id::text) ->> 'ticket')::bigint, j.ticket),
         note = coalesce($1::jsonb -> (j.id::text) ->> 'note', j.note),
         updated_at = ($1::jsonb -> (j.id::text) ->> 'at')::timestamptz
       where j.id = any (array(select jsonb_object_keys($1::jsonb))::uuid[])`,
    );
    sessions.onEvent((accountId, event) => {
      const health = event.health as { status?: string } | undefined;
      if (event.kind === "session" && health?.status === "connected") {
        void this.reconcile(accountId).catch((err: unknown) =>
          this.deps.logger.warn({ err, accountId }, "order reconciliation failed"),
        );
      }
    });
  }

  setPublisher(publisher: TradePublisher): void {
    this.publisher = publisher;
  }

  /** A client order id for a request that has none: `tas-` + 16 random hex digits. */
  newClientOrderId(): string {
    return `tas-${randomBytes(8).toString("hex")}`;
  }

  /**
   * Sends an order through `send` with its intent journaled first (committed) under a client
   * order id (the request's, or a generated one), and records the outcome. A link that breaks
   * mid-request leaves the intent `unknown` for the reconciler and rethrows the 504 with the
   * client order id. REST orders and EA orders both come through here.
   */
  async sendJournaled(
    accountId: string,
    request: Record<string, unknown>,
    send: (sent: Record<string, unknown>) => Promise<TradeOutcome>,
  ): Promise<{ outcome: TradeOutcome; clientOrderId: string }> {
    const clientOrderId =
      typeof request.clientOrderId === "string" && request.clientOrderId !== ""
        ? request.clientOrderId
        : this.newClientOrderId();
    const sent = { ...request, clientOrderId };
    const journalId = await this.record(accountId, clientOrderId, sent);
    if (journalId === null) {
      throw new AppError(
        "CONFLICT",
        `clientOrderId '${clientOrderId}' was already used on this account`,
        { field: "clientOrderId" },
      );
    }
    let outcome: TradeOutcome;
    try {
      const answer = send(sent);
      void this.writeQueued(); // earlier orders' outcomes, while this one is at the broker
      outcome = await answer;
    } catch (err) {
      if (err instanceof AppError && err.code === "TRADE_OUTCOME_UNKNOWN") {
        await this.settle(journalId, { state: "unknown", note: err.message });
        throw new AppError(err.code, err.message, { client_order_id: clientOrderId });
      }
      await this.settle(journalId, {
        state: "rejected",
        note: err instanceof AppError ? `${err.code}: ${err.message}` : "not sent",
      });
      throw err;
    }
    // The broker has committed the outcome: recording it here is bookkeeping, done off the
    // response path. Should the service die first, the row stays `sent` and the reconciler
    // resolves it from the broker on the next connection.
    this.settleLater(
      journalId,
      outcome.ok
        ? { state: "done", ticket: outcome.order?.ticket ?? outcome.position?.ticket ?? null }
        : { state: "rejected", note: `${outcome.reason} (${outcome.retcode})` },
    );
    return { outcome, clientOrderId };
  }

  /** Journals the intent (committed before the request is sent); null if the id was used. */
  async record(
    accountId: string,
    clientOrderId: string,
    request: Record<string, unknown>,
  ): Promise<string | null> {
    const [row] = await this.insertIntent.run([accountId, clientOrderId, JSON.stringify(request)]);
    return row?.id ?? null;
  }

  async settle(id: string, outcome: JournalOutcome): Promise<void> {
    await this.writeOutcomes([{ id, outcome, at: this.deps.clock.now() }]);
  }

  /**
   * Queues an outcome. The queue is written by the next order to be sent, while that order is
   * away at the broker (the main thread would only wait), or after OUTCOME_BATCH_MS when no
   * order follows; never on the path of an answer. Reads of the journal drain the queue first.
   */
  private settleLater(id: string, outcome: JournalOutcome): void {
    this.later.push({ id, outcome, at: this.deps.clock.now() });
    this.laterTimer ??= setTimeout(() => {
      this.laterTimer = null;
      void this.writeQueued();
    }, OUTCOME_BATCH_MS);
  }

  /** Writes the queued outcomes, one statement per batch; resolves when the queue is empty. */
  private writeQueued(): Promise<void> {
    if (this.flushing) {
      return this.flushing;
    }
    if (this.later.length === 0) {
      return Promise.resolve();
    }
    this.flushing = (async () => {
      try {
        while (this.later.length > 0) {
          const batch = this.later;
          this.later = [];
          await this.writeOutcomes(batch).catch((err: unknown) =>
            this.deps.logger.warn({ err, count: batch.length }, "journal settle failed"),
          );
        }
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  /** Resolves once every queued outcome is written (journal reads, shutdown, tests). */
  async drain(): Promise<void> {
    while (this.later.length > 0 || this.flushing) {
      await this.writeQueued();
    }
  }

  private async writeOutcomes(
    rows: ReadonlyArray<{ id: string; outcome: JournalOutcome; at: number }>,
  ): Promise<void> {
    const byId: Record<string, unknown> = {};
    for (const { id, outcome, at } of rows) {
      byId[id] = {
        state: outcome.state,
        ticket: outcome.state === "done" ? outcome.ticket : null,
        note: outcome.state === "done" ? null : outcome.note,
        at: new Date(at).toISOString(),
      };
    }
    await this.recordOutcomes.run([JSON.stringify(byId)]);
  }

  async entry(accountId: string, clientOrderId: string): Promise<OrderJournalRow | null> {
    await this.drain(); // outcomes still queued are part of the answer
    const [row] = await this.deps.db
      .select()
      .from(orderJournal)
      .where(
        and(eq(orderJournal.accountId, accountId), eq(orderJournal.clientOrderId, clientOrderId)),
      );
    return row ?? null;
  }

  /** Resolves the account's unknown (and stale in-flight) intents against the broker. */
  async reconcile(accountId: string): Promise<number> {
    if (this.running.has(accountId)) {
      return 0;
    }
    this.running.add(accountId);
    try {
      await this.drain(); // answered orders are settled, not reconciled
      const now = this.deps.clock.now();
      const pending = await this.deps.db
        .select()
        .from(orderJournal)
        .where(
          and(
            eq(orderJournal.accountId, accountId),
            or(
              eq(orderJournal.state, "unknown"),
              and(
                eq(orderJournal.state, "sent"),
                lt(orderJournal.createdAt, new Date(now - IN_FLIGHT_MS)),
              ),
            ),
          ),
        );
      if (pending.length === 0) {
        return 0;
      }
      // Search in broker time (a simulated broker's clock differs from ours): from as far back
      // as the oldest pending intent, plus a margin, to now at the broker.
      const brokerNow = (await this.sessions.call<ServerTime>(accountId, "serverTime")).time_ms;
      const lookback = now - Math.min(...pending.map((r) => r.createdAt.getTime())) + 10 * 60_000;
      const [open, history] = await Promise.all([
        this.sessions.call<OrderRecord[]>(accountId, "orders"),
        this.sessions.call<OrderRecord[]>(accountId, "historyOrders", {
          from: Math.max(0, brokerNow - lookback),
          to: brokerNow + 60_000,
        }),
      ]);
      const byClientId = new Map<string, OrderRecord>();
      for (const o of [...history, ...open]) {
        if (o.clientOrderId) {
          byClientId.set(o.clientOrderId, o);
        }
      }
      for (const row of pending) {
        const found = byClientId.get(row.clientOrderId);
        const state = found ? "reconciled_filled" : "reconciled_absent";
        const note = found
          ? `found at the broker after reconnect (order ${found.ticket}, ${found.state})`
          : "not found at the broker after reconnect: the order was never placed";
        await this.deps.db
          .update(orderJournal)
          .set({
            state,
            ticket: found?.ticket ?? null,
            note,
            updatedAt: new Date(this.deps.clock.now()),
          })
          .where(
            and(eq(orderJournal.id, row.id), inArray(orderJournal.state, ["unknown", "sent"])),
          );
        this.publisher?.publishTrade(accountId, {
          event: "order.reconciled",
          client_order_id: row.clientOrderId,
          outcome: found ? "placed" : "absent",
          ticket: found?.ticket ?? null,
          order_state: found?.state ?? null,
        });
      }
      return pending.length;
    } finally {
      this.running.delete(accountId);
    }
  }
}
