// The client trading and market-data API over broker sessions: loads the key's account (so a
// foreign account is ACCOUNT_NOT_FOUND like an unknown one), calls its session through the
// Sessions, and shapes the answer with the pure functions of src/domain/trading. Reads are
// served by the session's live mirror; writes go to the broker and come back as records or as
// 422 rejections carrying the MT5 retcode.

import type {
  DealRecord,
  OrderRecord,
  Quote,
  ServerTime,
  SymbolSpec,
  TradeOutcome,
} from "../broker/connector.ts";
import type { Timeframe } from "../broker/feed/types.ts";
import { isTradeSessionOpen } from "../broker/symbols.ts";
import { AppError, validationError } from "../domain/errors.ts";
import { computePerformance, type PerformanceMetrics } from "../domain/performance.ts";
import {
  describeRateLimit,
  RETCODE_TOO_MANY_REQUESTS,
  type TradeLimits,
} from "../domain/trade-limits.ts";
import type { AccountSummaryView } from "../domain/trading/account.ts";
import {
  type CloseAllItem,
  type CloseAllResult,
  type CloseOutcome,
  closeAllResult,
} from "../domain/trading/close-all.ts";
import { type MarketStatusItem, marketStatusItem } from "../domain/trading/market.ts";
import type { ModifyChanges } from "../domain/trading/order-request.ts";
import {
  type ApiDeal,
  type ApiHistoryOrder,
  type ApiPositionDetail,
  type ApiPositionRecord,
  toClosedPositionRecord,
  toDeal,
  toHistoryOrder,
  toPendingOrderRecord,
  toPositionRecord,
  UNKNOWN_SYMBOL,
  withNetProfit,
} from "../domain/trading/records.ts";
import { parseServerTime } from "../mt5/server-time.ts";
import { symbolCatalogCache } from "../sessions/catalog-cache.ts";
import type {
  SessionCallArgs,
  SessionMethod,
  SessionOrderRequest,
  SessionResult,
} from "../sessions/contract.ts";
import type { Sessions } from "../sessions/sessions.ts";
import type { ViewName } from "../sessions/views.ts";
import type { AccountService } from "./accounts.ts";
import type { KeyPrincipal } from "./keys.ts";
import type { OrderJournalService } from "./order-journal.ts";
import type { RenderedJson } from "./rendered-json.ts";
import { type AccountSymbolSpec, AccountTickValues, accountSymbolSpec } from "./tick-values.ts";

export type { AccountSummaryView };

/** TRADE_RETCODE_DONE: what the broker answers an executed or placed order. */
const RETCODE_DONE = 10009;

/** How far back recovery looks for a cancelled order (an idempotency key lives 24 h). */
const RECOVERY_LOOKBACK_MS = 25 * 60 * 60 * 1000;

export type RejectionMapper = (reason: string, retcode: number, message: string) => AppError;

export class TradingService {
  /**
   * Symbol catalogs per broker endpoint (the session workers' shared catalog, copied once per
   * endpoint rather than once per account, and read again after CATALOG_TTL_MS).
   */
  private readonly catalogs = symbolCatalogCache<Map<string, SymbolSpec>>();

  constructor(
    private readonly accounts: AccountService,
    private readonly sessions: Sessions,
    private readonly reject: RejectionMapper,
    private readonly journal: OrderJournalService,
    /** Trade rate per account and the cap on pending orders (none when omitted). */
    private readonly limits?: TradeLimits,
  ) {}

  /**
   * Counts one trade request of the account against its trade rate, before it goes to the
   * broker: over the limit → 429 TOO_MANY_REQUESTS (retcode 10024) with Retry-After, and the
   * request is neither journaled nor sent.
   */
  private admitTrade(accountId: string): void {
    const admission = this.limits?.rate.admit(accountId);
    if (admission && !admission.allowed) {
      throw new AppError(
        "TOO_MANY_REQUESTS",
        `Too many trade requests on this account: the limit is ${describeRateLimit(admission.scope, admission.limit)}; retry in ${admission.retryAfterSec} s`,
        {
          retcode: RETCODE_TOO_MANY_REQUESTS,
          reason: "TOO_MANY_REQUESTS",
          scope: admission.scope,
          rate_per_second: admission.limit.ratePerSec,
          burst: admission.limit.burst,
          retry_after_seconds: admission.retryAfterSec,
        },
        { "Retry-After": String(admission.retryAfterSec) },
      );
    }
  }

  /** Loads the key's account (404 otherwise) and returns its id. */
  async own(principal: KeyPrincipal, id: string): Promise<string> {
    return (await this.accounts.load(principal, id)).id;
  }

  private call<M extends SessionMethod>(
    accountId: string,
    method: M,
    ...args: SessionCallArgs<M>
  ): Promise<SessionResult<M>> {
    return this.sessions.call(accountId, method, ...args);
  }

  /**
   * The symbol catalog of the account's broker. Like every read of an account, it needs the
   * account's session connected (503 otherwise), even when the endpoint's catalog is cached.
   */
  symbolSpecs(accountId: string): Promise<Map<string, SymbolSpec>> {
    const endpoint = this.sessions.endpointOf(accountId);
    const load = async () => {
      const list = await this.call(accountId, "symbols");
      return new Map(list.map((s) => [s.name, s]));
    };
    if (endpoint === null || this.sessions.statusOf(accountId) !== "connected") {
      return load(); // the session worker answers why not (503), and nothing is cached
    }
    return this.catalogs.get(endpoint, load);
  }

  async spec(accountId: string, symbol: string): Promise<SymbolSpec> {
    const spec = (await this.symbolSpecs(accountId)).get(symbol);
    if (!spec) {
      throw new AppError("SYMBOL_NOT_FOUND", `Symbol '${symbol}' is not offered by this broker`);
    }
    return spec;
  }

  /**
   * The symbol specs as the account sees them: tick values in its deposit currency at the
   * current conversion quotes (MT5 SYMBOL_TRADE_TICK_VALUE/_PROFIT/_LOSS), see tick-values.ts.
   */
  async accountSymbols(accountId: string, only?: string): Promise<AccountSymbolSpec[]> {
    const specs = [...(await this.symbolSpecs(accountId)).values()];
    const picked = only === undefined ? specs : specs.filter((s) => s.name === only);
    if (only !== undefined && picked.length === 0) {
      throw new AppError("SYMBOL_NOT_FOUND", `Symbol '${only}' is not offered by this broker`);
    }
    const account = await this.call(accountId, "summary");
    const book = await AccountTickValues.load(
      specs,
      account.currency,
      (symbol) => this.call(accountId, "quote", { symbol }),
      picked,
    );
    return picked.map((s) => accountSymbolSpec(s, book.of(s)));
  }

  private async specOrDefault(
    accountId: string,
    symbol: string,
  ): Promise<{ digits: number; contractSize: number }> {
    return (await this.symbolSpecs(accountId)).get(symbol) ?? UNKNOWN_SYMBOL;
  }

  /**
   * A read view of the account's live mirror as JSON text, shaped and serialized in its session
   * worker (src/sessions/views.ts): the HTTP reads forward it as it is.
   */
  async rendered(accountId: string, view: ViewName): Promise<RenderedJson> {
    return (await this.sessions.view(accountId, view)) as RenderedJson;
  }

  private async viewData<T>(accountId: string, view: ViewName): Promise<T> {
    return (JSON.parse(await this.rendered(accountId, view)) as { data: T }).data;
  }

  summary(accountId: string): Promise<AccountSummaryView> {
    return this.viewData(accountId, "summary");
  }

  positionRecords(accountId: string): Promise<ApiPositionRecord[]> {
    return this.viewData(accountId, "positions");
  }

  pendingRecords(accountId: string): Promise<ApiPositionRecord[]> {
    return this.viewData(accountId, "pending");
  }

  async position(accountId: string, ticket: number): Promise<ApiPositionDetail> {
    const positions = await this.call(accountId, "positions");
    const p = positions.find((x) => x.ticket === ticket);
    if (!p) {
      throw new AppError("POSITION_NOT_FOUND", `No open position with ticket ${ticket}`);
    }
    const deals = await this.call(accountId, "dealsOfPosition", { position: ticket });
    return withNetProfit(toPositionRecord(p, await this.specOrDefault(accountId, p.symbol), deals));
  }

  async fills(accountId: string, ticket: number): Promise<ApiDeal[]> {
    const deals = await this.call(accountId, "dealsOfPosition", { position: ticket });
    if (deals.length === 0) {
      throw new AppError("POSITION_NOT_FOUND", `No position with ticket ${ticket}`);
    }
    return deals.map(toDeal);
  }

  async deals(accountId: string, fromMs: number, toMs: number): Promise<DealRecord[]> {
    return this.call(accountId, "deals", { from: fromMs, to: toMs });
  }

  async closedPositions(
    accountId: string,
    fromMs: number,
    toMs: number,
  ): Promise<ApiPositionRecord[]> {
    const list = await this.call(accountId, "closedPositions", {
      from: fromMs,
      to: toMs,
    });
    // How each was closed: the final exit deal is booked at the close time, inside the range.
    const exits = new Map<number, DealRecord>();
    if (list.length > 0) {
      for (const d of await this.deals(accountId, fromMs, toMs)) {
        exits.set(d.ticket, d);
      }
    }
    const out: ApiPositionRecord[] = [];
    for (const p of list.sort((a, b) => a.closeMs - b.closeMs || a.ticket - b.ticket)) {
      const closePlacedType = exits.get(p.dealOutTicket)?.placedType;
      out.push(
        toClosedPositionRecord(
          p,
          await this.specOrDefault(accountId, p.symbol),
          undefined,
          closePlacedType ? { closePlacedType } : {},
        ),
      );
    }
    return out;
  }

  /** Orders placed in [fromMs, toMs] that are in a final state (filled, cancelled, …). */
  async historyOrders(accountId: string, fromMs: number, toMs: number): Promise<ApiHistoryOrder[]> {
    const orders = await this.call(accountId, "historyOrders", {
      from: fromMs,
      to: toMs,
    });
    const specs = await this.symbolSpecs(accountId);
    return orders.map((o) => toHistoryOrder(o, specs.get(o.symbol) ?? UNKNOWN_SYMBOL));
  }

  async performance(accountId: string, fromMs: number, toMs: number): Promise<PerformanceMetrics> {
    // Trades closing in the window may have opened before it: fetch from the epoch, filter by close.
    const deals = (await this.deals(accountId, 0, toMs)).map(toDeal);
    return computePerformance(deals, { fromMs, toMs });
  }

  async quote(accountId: string, symbol: string): Promise<Quote> {
    await this.spec(accountId, symbol);
    const q = await this.call(accountId, "quote", { symbol });
    if (!q) {
      throw new AppError("SYMBOL_NOT_FOUND", `No quote for '${symbol}'`);
    }
    return q;
  }

  bars(
    accountId: string,
    symbol: string,
    timeframe: Timeframe,
    query: { from?: number; to?: number; count?: number },
  ) {
    return this.call(accountId, "bars", { symbol, timeframe, query });
  }

  /** Market status of `symbols` (ARCHITECTURE §5): tradeable now, quote and spread. */
  async marketStatus(accountId: string, symbols: readonly string[]): Promise<MarketStatusItem[]> {
    const now = (await this.brokerTime(accountId)).time_ms;
    const items: MarketStatusItem[] = [];
    for (const symbol of symbols) {
      const spec = await this.spec(accountId, symbol);
      const quote = await this.quote(accountId, symbol).catch(() => null);
      const tradeable = spec.tradeMode !== "disabled" && isTradeSessionOpen(spec, now);
      items.push(marketStatusItem(spec, quote, tradeable));
    }
    return items;
  }

  /**
   * Performance over the window given as server-time strings: `from` defaults to the beginning,
   * `to` to now at the broker; malformed → 400 `invalid date format`.
   */
  async performanceBetween(
    accountId: string,
    from?: string,
    to?: string,
  ): Promise<PerformanceMetrics> {
    const fromMs = from === undefined ? 0 : parseServerTime(from);
    if (fromMs === null) {
      throw validationError("from", "invalid date format");
    }
    const toMs =
      to === undefined ? (await this.brokerTime(accountId)).time_ms : parseServerTime(to);
    if (toMs === null) {
      throw validationError("to", "invalid date format");
    }
    if (fromMs > toMs) {
      throw validationError("from", "from must not be after to");
    }
    return this.performance(accountId, fromMs, toMs);
  }

  /** The broker's clock (simulated time on a backtest broker, wall time otherwise). */
  brokerTime(accountId: string): Promise<ServerTime> {
    return this.call(accountId, "serverTime");
  }

  // --- writes ---------------------------------------------------------------------------------

  /** Turns a trade outcome into the resulting record, or throws the 422 rejection. */
  private settle(outcome: TradeOutcome): Extract<TradeOutcome, { ok: true }> {
    if (!outcome.ok) {
      throw this.reject(outcome.reason, outcome.retcode, outcome.message);
    }
    return outcome;
  }

  /**
   * Places an order: journals the intent with its client order id (committed), sends it, and
   * records the outcome. A broken link leaves the intent `unknown` for the reconciler and answers
   * 504 TRADE_OUTCOME_UNKNOWN with the client order id.
   */
  async placeOrder(
    accountId: string,
    request: SessionOrderRequest,
  ): Promise<ApiPositionRecord & { retcode: number; clientOrderId: string }> {
    const symbol = String(request.symbol);
    const spec = await this.spec(accountId, symbol);
    this.admitTrade(accountId);
    const limitOrders = this.limits?.maxPendingOrders ?? 0;
    const { outcome, clientOrderId } = await this.journal.sendJournaled(
      accountId,
      request,
      (sent) => this.call(accountId, "sendOrder", { request: sent, limitOrders }),
    );
    const done = this.settle(outcome);
    if (done.position) {
      const record =
        done.position.state === "Closed"
          ? toClosedPositionRecord(done.position, spec, done.deals)
          : toPositionRecord(done.position, spec, done.deals);
      return { ...record, retcode: done.retcode, clientOrderId };
    }
    if (done.order) {
      return { ...toPendingOrderRecord(done.order, spec), retcode: done.retcode, clientOrderId };
    }
    throw new AppError("INTERNAL_ERROR", "The broker answered without a record");
  }

  /** A client order id for an order that names none (journaled with the intent). */
  newClientOrderId(): string {
    return this.journal.newClientOrderId();
  }

  /**
   * The answer an order placement gave, or would have given, for an intent whose process died
   * before answering (idempotency recovery): the record of what the order placed, found at the
   * broker, or null when the order was not executed (a retry may send it).
   */
  async recoverOrder(
    intent: unknown,
  ): Promise<(ApiPositionRecord & { retcode: number; clientOrderId: string }) | null> {
    const { accountId, clientOrderId } = (intent ?? {}) as Record<string, unknown>;
    if (typeof accountId !== "string" || typeof clientOrderId !== "string") {
      return null; // nothing was journaled for it
    }
    const resolution = await this.journal.resolve(accountId, clientOrderId);
    if (!resolution.executed) {
      return null;
    }
    const order = resolution.order;
    const spec = await this.specOrDefault(accountId, order.symbol);
    if (order.positionTicket > 0) {
      const deals = await this.call(accountId, "dealsOfPosition", {
        position: order.positionTicket,
      });
      const record = await this.positionRecord(accountId, order, spec, deals);
      if (record) {
        return { ...record, retcode: RETCODE_DONE, clientOrderId };
      }
    }
    return { ...toPendingOrderRecord(order, spec), retcode: RETCODE_DONE, clientOrderId };
  }

  /**
   * The answer a close or cancel gave, or would have given, for a request whose process died
   * before answering (idempotency recovery): a position's close is found through its journaled
   * client order id, a pending order's cancel in the broker's order history; null when nothing
   * was done (a retry may send it).
   */
  async recoverClose(intent: unknown) {
    const { accountId, ticket, clientOrderId } = (intent ?? {}) as Record<string, unknown>;
    if (typeof accountId !== "string" || typeof ticket !== "number") {
      return null;
    }
    if (typeof clientOrderId === "string") {
      const resolution = await this.journal.resolve(accountId, clientOrderId);
      if (resolution.executed) {
        const close = resolution.order;
        const spec = await this.specOrDefault(accountId, close.symbol);
        const deals = await this.call(accountId, "dealsOfPosition", {
          position: close.positionTicket,
        });
        return {
          ...(await this.positionRecord(accountId, close, spec, deals)),
          retcode: RETCODE_DONE,
          deals: deals.filter((d) => d.orderTicket === close.ticket).map(toDeal),
        };
      }
    }
    const open = await this.call(accountId, "orders");
    if (open.some((o) => o.ticket === ticket)) {
      return null;
    }
    const now = (await this.brokerTime(accountId)).time_ms;
    const cancelled = (
      await this.call(accountId, "historyOrders", {
        from: Math.max(0, now - RECOVERY_LOOKBACK_MS),
        to: now + 60_000,
      })
    ).find((o) => o.ticket === ticket && o.state === "Cancelled");
    if (!cancelled) {
      return null;
    }
    const spec = await this.specOrDefault(accountId, cancelled.symbol);
    return { ...toPendingOrderRecord(cancelled, spec), retcode: RETCODE_DONE, deals: [] };
  }

  /** The record of the position an order opened, changed or closed: open, or closed since. */
  private async positionRecord(
    accountId: string,
    order: OrderRecord,
    spec: { digits: number; contractSize: number },
    deals: readonly DealRecord[],
  ): Promise<ApiPositionRecord | null> {
    const position = (await this.call(accountId, "positions")).find(
      (p) => p.ticket === order.positionTicket,
    );
    if (position) {
      return toPositionRecord(position, spec, deals);
    }
    const closed = (
      await this.call(accountId, "closedPositions", {
        from: Math.max(0, order.setupMs - 1000),
        to: (await this.brokerTime(accountId)).time_ms + 60_000,
      })
    ).find((p) => p.ticket === order.positionTicket);
    return closed ? toClosedPositionRecord(closed, spec, deals) : null;
  }

  /** What became of an order intent (after a 504 the reconciler fills it in on reconnect). */
  async intent(accountId: string, clientOrderId: string) {
    const row = await this.journal.entry(accountId, clientOrderId);
    if (!row) {
      throw new AppError(
        "ORDER_NOT_FOUND",
        `No order intent with clientOrderId '${clientOrderId}'`,
      );
    }
    return {
      client_order_id: row.clientOrderId,
      state: row.state,
      ticket: row.ticket,
      note: row.note,
      request: row.request,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** Which open thing a ticket names: a position, a pending order, or nothing. */
  async kindOf(accountId: string, ticket: number): Promise<"position" | "order"> {
    const positions = await this.call(accountId, "positions");
    if (positions.some((p) => p.ticket === ticket)) {
      return "position";
    }
    const orders = await this.call(accountId, "orders");
    if (orders.some((o) => o.ticket === ticket)) {
      return "order";
    }
    throw new AppError(
      "ORDER_NOT_FOUND",
      `No open position or pending order with ticket ${ticket}`,
    );
  }

  private async recordOf(accountId: string, done: Extract<TradeOutcome, { ok: true }>) {
    if (done.position) {
      const spec = await this.specOrDefault(accountId, done.position.symbol);
      return done.position.state === "Closed"
        ? toClosedPositionRecord(done.position, spec, done.deals)
        : toPositionRecord(done.position, spec, done.deals);
    }
    if (done.order) {
      return toPendingOrderRecord(
        done.order,
        await this.specOrDefault(accountId, done.order.symbol),
      );
    }
    return null;
  }

  async modify(accountId: string, ticket: number, change: ModifyChanges) {
    const kind = await this.kindOf(accountId, ticket);
    this.admitTrade(accountId);
    const outcome =
      kind === "position"
        ? await this.call(accountId, "modifyPosition", {
            ticket,
            ...(change.stopLoss !== undefined ? { stopLoss: change.stopLoss } : {}),
            ...(change.takeProfit !== undefined ? { takeProfit: change.takeProfit } : {}),
          })
        : await this.call(accountId, "modifyOrder", { ticket, ...change });
    return this.recordOf(accountId, this.settle(outcome));
  }

  /**
   * Closes a position (partially with `volume`) or cancels a pending order. A position's close is
   * an order at the broker: it is journaled under `clientOrderId` (generated when none) first.
   */
  async closeOrCancel(accountId: string, ticket: number, volume?: number, clientOrderId?: string) {
    const kind = await this.kindOf(accountId, ticket);
    this.admitTrade(accountId);
    const outcome =
      kind === "position"
        ? (
            await this.journal.sendJournaled(
              accountId,
              {
                action: "close",
                ticket,
                ...(volume !== undefined ? { volume } : {}),
                clientOrderId: clientOrderId ?? this.journal.newClientOrderId(),
              },
              (sent) =>
                this.call(accountId, "closePosition", {
                  ticket,
                  ...(volume !== undefined ? { volume } : {}),
                  clientOrderId: sent.clientOrderId,
                }),
            )
          ).outcome
        : await this.call(accountId, "cancelOrder", { ticket });
    const done = this.settle(outcome);
    return {
      ...(await this.recordOf(accountId, done)),
      retcode: done.retcode,
      deals: done.deals.map(toDeal),
    };
  }

  async closeBy(accountId: string, ticket: number, byTicket: number) {
    this.admitTrade(accountId);
    const done = this.settle(await this.call(accountId, "closeBy", { ticket, byTicket }));
    return { retcode: done.retcode, deals: done.deals.map(toDeal) };
  }

  /**
   * Closes every open position; each ticket ends in `closed` or `failed`. It counts as one trade
   * request against the account's rate: an emergency exit is not refused halfway through.
   */
  async closeAll(accountId: string): Promise<CloseAllResult> {
    this.admitTrade(accountId);
    const positions = await this.call(accountId, "positions");
    const items: CloseAllItem[] = [];
    for (const p of positions.sort((a, b) => a.ticket - b.ticket)) {
      let outcome: CloseOutcome;
      try {
        outcome = await this.call(accountId, "closePosition", { ticket: p.ticket });
      } catch (err) {
        const e = err instanceof AppError ? err : new AppError("INTERNAL_ERROR", "close failed");
        outcome = { ok: false, code: e.code, message: e.message };
      }
      items.push({ ticket: p.ticket, symbol: p.symbol, outcome });
    }
    return closeAllResult(items);
  }
}
