// The demo broker's trading engine: a simulated MetaTrader 5 trade server.
//
// Owns: accounts, open positions, active orders and quotes in memory, and every trading rule —
// market and pending execution, SL/TP, fill policies, expirations, hedging and netting, margin
// and stop-out, swaps at rollover, commissions, balance operations. Does NO I/O: no database, no
// network, no timers, no Date.now or Math.random — time comes from the injected clock (or the
// ticks' own times) and tickets from the injected sequences. The persistence layer restores it
// from records (`restore`) and commits the events each mutation returns before acknowledging.
//
// Every mutation returns the domain events it caused, in order, with full copies of the new
// records. Rejections are values ({ ok: false, reason, retcode, message }); a rejection changes
// nothing, but carries the events of the time that passed before the request was examined
// (expirations, rollover) in `events`.
//
// Time: the engine's time only moves forward. `advanceTo(t)` (and every request, at clock.now(),
// and every tick, at its timeMs) first expires orders and runs the 00:00 server-time rollovers
// that fell due, in time order.
//
// Layout: this file is the facade — reads, time, accounts and the trade operations, every trade
// operation starting with the one precondition path (preconditions.ts). The jobs behind it:
// market.ts (symbols, quotes per group, sessions), placement.ts (new orders), modification.ts
// (modify rules), orders.ts (order records, execution, closing orders), deals.ts (deals,
// realised P/L), triggers.ts (arming and firing the trigger books), stop-out.ts, rollover.ts
// (swaps), accounts.ts (account operation rules), mutation.ts, snapshot.ts, requests.ts.

import type { SymbolSpec } from "../symbols.ts";
import { listSymbols } from "../symbols.ts";
import { balanceAmount, openAccount } from "./accounts.ts";
import { Deals } from "./deals.ts";
import { executionPrice, requestFillPrice } from "./execution.ts";
import { TriggerHeap } from "./heap.ts";
import { Market } from "./market.ts";
import type { LiveAccount, LiveOrder, SymbolBook } from "./model.ts";
import { newAccount } from "./model.ts";
import { orderChange, positionChange } from "./modification.ts";
import { roundMoney } from "./money.ts";
import type { Mutation } from "./mutation.ts";
import { newMutation, rejected, reportBalances } from "./mutation.ts";
import { Orders } from "./orders.ts";
import { Placement } from "./placement.ts";
import type { PreconditionEnv } from "./preconditions.ts";
import { closeByPair, orderNumbered, positionNumbered, preconditions } from "./preconditions.ts";
import type {
  AccountResult,
  BalanceRequest,
  BalanceResult,
  CloseByRequest,
  ClosePositionRequest,
  ModifyOrderRequest,
  ModifyPositionRequest,
  OrderCheckResult,
  TradeResult,
} from "./requests.ts";
import { RETCODE_DONE, reject } from "./retcodes.ts";
import { evaluateAccount, opposite } from "./risk.ts";
import { rollover } from "./rollover.ts";
import { restoreRecords, snapshotState } from "./snapshot.ts";
import { transitionOrder, transitionPosition } from "./states.ts";
import { settleRisk } from "./stop-out.ts";
import type { TriggerActions } from "./triggers.ts";
import { armExpiry, armOrder, armStops, fireTriggers, layBands } from "./triggers.ts";
import type {
  AccountRecord,
  AccountSummary,
  Clock,
  EngineEvent,
  EngineState,
  NewAccount,
  OrderRecord,
  OrderRequest,
  PositionRecord,
  Quote,
  Tick,
  TicketSource,
} from "./types.ts";
import { checkCloseVolume, checkOrderFreeze, nextServerDayStart } from "./validation.ts";

export interface EngineOptions {
  clock: Clock;
  ids: TicketSource;
  /** Symbol catalog; defaults to the demo broker's 20 symbols. */
  symbols?: readonly SymbolSpec[];
  /**
   * Active pending orders an account may hold (MT5 ACCOUNT_LIMIT_ORDERS); a new pending order
   * beyond it is rejected with LIMIT_ORDERS (10033). 0 or omitted: no limit.
   */
  limitOrders?: number;
}

export class TradingEngine {
  private readonly clock: Clock;
  private readonly accounts = new Map<number, LiveAccount>();
  private readonly expiries = new TriggerHeap<LiveOrder>(false);
  private readonly market: Market;
  private readonly deals: Deals;
  /** Order records and their execution (orders.ts). */
  private readonly exec: Orders;
  private readonly placement: Placement;
  /** What the trade operations' preconditions read (preconditions.ts). */
  private readonly env: PreconditionEnv;
  /** What fired triggers call back into (triggers.ts). */
  private readonly actions: TriggerActions;
  private time: number;
  private nextRollover: number;

  constructor(options: EngineOptions) {
    this.clock = options.clock;
    this.market = new Market(options.symbols ?? listSymbols());
    this.deals = new Deals(this.market, options.ids);
    this.exec = new Orders(this.market, options.ids, this.deals);
    this.env = { accounts: this.accounts, market: this.market, now: () => this.clock.now() };
    const limitOrders = Math.max(0, options.limitOrders ?? 0);
    this.placement = new Placement(this.env, this.exec, this.deals, this.expiries, limitOrders);
    this.actions = {
      executeOrder: (o, q, m) => this.exec.executeOrder(o, q, m),
      closeByServer: (pos, price, placedType, comment, m) =>
        this.exec.closeByServer(pos, price, placedType, comment, m),
      settleRisk: (m) => settleRisk(this.market, this.exec, m),
    };
    this.time = this.clock.now();
    this.nextRollover = nextServerDayStart(this.time);
  }

  // ───────────────────────────── reads ─────────────────────────────

  /** UTC ms up to which time has been processed. */
  get timeMs(): number {
    return this.time;
  }

  symbol(name: string): SymbolSpec | undefined {
    return this.market.specOf(name);
  }

  /** The raw quote of `symbol`, or as accounts of `group` see it (groups.ts). */
  quote(symbol: string, group?: string): Quote | undefined {
    return this.market.quote(symbol, group);
  }

  account(login: number): AccountRecord | undefined {
    const acc = this.accounts.get(login);
    return acc ? { ...acc.record } : undefined;
  }

  summary(login: number): AccountSummary | undefined {
    const acc = this.accounts.get(login);
    if (!acc) {
      return undefined;
    }
    const r = acc.record;
    const fig = evaluateAccount(acc, this.market.deskOf(acc).look, this.market.conv, true);
    const marginLevel = fig.margin > 0 ? roundMoney((fig.equity / fig.margin) * 100) : 0;
    return {
      login: r.login,
      currency: r.currency,
      leverage: r.leverage,
      marginMode: r.marginMode,
      tradeAllowed: r.tradeAllowed,
      balance: r.balance,
      credit: r.credit,
      equity: fig.equity,
      margin: fig.margin,
      freeMargin: roundMoney(fig.equity - fig.margin),
      marginLevel,
      profit: roundMoney(fig.profit + fig.swap),
      marginCall: fig.margin > 0 && marginLevel <= r.marginCallLevel,
    };
  }

  /** Open positions with their current floating profit. */
  positions(login: number): PositionRecord[] {
    const acc = this.accounts.get(login);
    return acc ? [...acc.positions.values()].map((p) => this.market.view(p)) : [];
  }

  position(login: number, ticket: number): PositionRecord | undefined {
    const pos = this.accounts.get(login)?.positions.get(ticket);
    return pos ? this.market.view(pos) : undefined;
  }

  /** Active orders (Placed, or Partial FlashFill remainders). */
  orders(login: number): OrderRecord[] {
    const acc = this.accounts.get(login);
    return acc ? [...acc.orders.values()].map((o) => ({ ...o.record })) : [];
  }

  /** Number of live entries in the trigger heaps (diagnostics, benchmarks). */
  triggerCount(): number {
    return this.market.triggerCount();
  }

  // ───────────────────────── persistence seam ─────────────────────────

  /** Everything needed to rebuild the engine (see `restore`). */
  snapshot(): EngineState {
    return snapshotState(this.accounts.values(), this.market, this.time);
  }

  /**
   * Loads persisted state into an empty engine (throws if accounts are already loaded: that is
   * a bug of the caller). Rebuilds the trigger heaps, expirations and risk bands; emits nothing.
   */
  restore(state: EngineState): void {
    if (this.accounts.size > 0) {
      throw new Error("restore() needs an empty engine");
    }
    restoreRecords(state, this.accounts, this.market, this.expiries);
    if (state.timeMs > this.time) {
      this.time = state.timeMs;
    }
    this.nextRollover = nextServerDayStart(this.time);
    for (const acc of this.accounts.values()) {
      layBands(this.market, acc);
    }
  }

  // ───────────────────────────── time ─────────────────────────────

  /** Processes expirations and rollovers up to `timeMs` (no-op for a time in the past). */
  advanceTo(timeMs: number): { events: EngineEvent[] } {
    const m = this.begin(timeMs);
    this.finish(m);
    return { events: m.events };
  }

  /** Applies a tick: time first, then the quote, then pendings, SL/TP and stop-out. */
  applyTick(tick: Tick): { events: EngineEvent[] } {
    const m = this.begin(tick.timeMs);
    const book = this.market.sessionBook(tick.symbol);
    if (
      !book ||
      !Number.isFinite(tick.bid) ||
      !Number.isFinite(tick.ask) ||
      tick.bid <= 0 ||
      tick.ask < tick.bid
    ) {
      this.finish(m);
      return { events: m.events };
    }
    // Every group's quote moves first, then each group's book fires on its own prices.
    this.market.setQuote(book.spec, tick);
    if (this.market.tradeOpen(book, m.time)) {
      for (const d of this.market.allDesks()) {
        const dq = d.quotes.get(tick.symbol) as Quote;
        const dbook = d.books.get(tick.symbol) as SymbolBook;
        if (dbook.working.size > 0) {
          for (const o of [...dbook.working]) {
            this.exec.executeOrder(o, dq, m);
          }
        }
        fireTriggers(this.market, dbook, dq, m, this.actions);
      }
    }
    this.finish(m);
    return { events: m.events };
  }

  // ───────────────────────────── accounts ─────────────────────────────

  createAccount(input: NewAccount): AccountResult {
    const m = this.begin();
    const opening = openAccount(input, (login) => this.accounts.has(login), m.time);
    if (!opening.ok) {
      return rejected(m, opening);
    }
    const { record, deposit, credit } = opening;
    const acc = newAccount(record);
    this.accounts.set(record.login, acc);
    m.events.push({ type: "accountChanged", account: { ...record } });
    if (deposit > 0) {
      this.deals.bookBalance(acc, "balance", roundMoney(deposit), "Initial deposit", m);
    }
    if (credit > 0) {
      this.deals.bookBalance(acc, "credit", roundMoney(credit), "Initial credit", m);
    }
    this.finish(m);
    return { ok: true, account: { ...record }, events: m.events };
  }

  /** Balance or credit operation, booked as a DealBalance / DealCredit deal. */
  balanceOperation(req: BalanceRequest): BalanceResult {
    const m = this.begin();
    const acc = this.accounts.get(req.login);
    if (!acc) {
      return rejected(m, reject("INVALID", `unknown account ${req.login}`));
    }
    const checked = balanceAmount(this.market, acc, req);
    if (!checked.ok) {
      return rejected(m, checked);
    }
    const deal = this.deals.bookBalance(acc, req.kind, checked.amount, req.comment ?? "", m);
    this.finish(m);
    return { ok: true, deal: { ...deal }, account: { ...acc.record }, events: m.events };
  }

  // ───────────────────────────── trading ─────────────────────────────

  /**
   * MT5's OrderCheck: whether `req` would pass, and the account's margin figures after it,
   * without executing anything (no events, no state change). A market order is valued at the
   * current quote; a pending order as if filled now.
   */
  checkOrder(req: OrderRequest): OrderCheckResult {
    return this.placement.check(req);
  }

  /** Market or pending order (MT5 TRADE_ACTION_DEAL / TRADE_ACTION_PENDING). */
  sendOrder(req: OrderRequest): TradeResult {
    const m = this.begin();
    const pre = this.placement.precheck(req);
    if (!pre.ok) {
      return rejected(m, pre);
    }
    const out = this.placement.place(pre, req, m);
    if (!out.ok) {
      return { ...out, events: m.events };
    }
    this.finish(m);
    const pos = out.order.positionTicket
      ? (pre.acc.positions.get(out.order.positionTicket) ?? undefined)
      : undefined;
    return {
      ok: true,
      retcode: out.retcode,
      order: { ...out.order },
      deals: m.deals.map((d) => ({ ...d })),
      position: pos ? this.market.view(pos) : undefined,
      events: m.events,
    };
  }

  /** Changes SL/TP of an open position (TRADE_ACTION_SLTP). */
  modifyPosition(req: ModifyPositionRequest): TradeResult {
    const m = this.begin();
    const pre = preconditions(this.env, req.login, positionNumbered(req.ticket), {
      at: m.time,
      quote: "required",
    });
    if (!pre.ok) {
      return rejected(m, pre);
    }
    const { position: pos, spec, quote: q } = pre;
    const r = pos.record;
    const change = positionChange(spec, r, q, req);
    if (!change.ok) {
      return rejected(m, change);
    }
    transitionPosition(r, "modify");
    r.stopLoss = change.stopLoss;
    r.takeProfit = change.takeProfit;
    r.updateMs = m.time;
    armStops(this.market, pos);
    m.events.push({ type: "positionUpdated", position: this.market.view(pos) });
    this.finish(m);
    return {
      ok: true,
      retcode: RETCODE_DONE,
      order: undefined,
      deals: [],
      position: this.market.view(pos),
      events: m.events,
    };
  }

  /** Changes a pending order's prices, stops or expiration (TRADE_ACTION_MODIFY). */
  modifyOrder(req: ModifyOrderRequest): TradeResult {
    const m = this.begin();
    const pre = preconditions(this.env, req.login, orderNumbered(req.ticket), {
      check: ({ order }) =>
        order.record.state !== "Placed"
          ? reject("INVALID_ORDER", `order ${order.record.ticket} cannot be modified`)
          : undefined,
      at: m.time,
      quote: "required",
    });
    if (!pre.ok) {
      return rejected(m, pre);
    }
    const { order: o, spec, quote: q } = pre;
    const r = o.record;
    const change = orderChange(spec, r, q, req, m.time);
    if (!change.ok) {
      return rejected(m, change);
    }
    transitionOrder(r, "Placed");
    r.price = change.price;
    r.stopLimitPrice = change.stopLimitPrice;
    r.stopLoss = change.stopLoss;
    r.takeProfit = change.takeProfit;
    r.expirationType = change.expirationType;
    r.expirationMs = change.expirationMs;
    armOrder(this.market, o);
    armExpiry(this.expiries, o);
    m.events.push({ type: "orderUpdated", order: { ...r } });
    this.finish(m);
    return {
      ok: true,
      retcode: RETCODE_DONE,
      order: { ...r },
      deals: [],
      position: undefined,
      events: m.events,
    };
  }

  /** Deletes an active order (TRADE_ACTION_REMOVE). */
  cancelOrder(req: { login: number; ticket: number }): TradeResult {
    const m = this.begin();
    const pre = preconditions(this.env, req.login, orderNumbered(req.ticket), {
      at: m.time,
      quote: "optional",
    });
    if (!pre.ok) {
      return rejected(m, pre);
    }
    const { order: o, spec, quote: q } = pre;
    if (q && o.record.state === "Placed") {
      const frozen = checkOrderFreeze(spec, o.record.orderType, o.record.price, q);
      if (frozen) {
        return rejected(m, frozen);
      }
    }
    this.exec.finalizeOrder(o, "Cancelled", m);
    this.finish(m);
    return {
      ok: true,
      retcode: RETCODE_DONE,
      order: { ...o.record },
      deals: [],
      position: undefined,
      events: m.events,
    };
  }

  /** Closes a position fully or partly at market. */
  closePosition(req: ClosePositionRequest): TradeResult {
    const m = this.begin();
    const pre = preconditions(this.env, req.login, positionNumbered(req.ticket), {
      rights: "combined",
      check: ({ position, spec }) => checkCloseVolume(spec, position.record.volume, req.volume),
      at: m.time,
      quote: "required",
    });
    if (!pre.ok) {
      return rejected(m, pre);
    }
    const { position: pos, acc, spec, quote: q } = pre;
    const r = pos.record;
    const volume = req.volume ?? r.volume;
    const side = opposite(r.orderType);
    const price = requestFillPrice(
      spec,
      executionPrice(spec, side, volume, q),
      req.price,
      req.deviation,
      q,
    );
    if (typeof price !== "number") {
      return { ...price, events: m.events };
    }
    const order = this.exec.closeAtMarket(
      pos,
      volume,
      price,
      req.placedType ?? "Manually",
      req.comment ?? "",
      m,
      {
        expertId: req.expertId ?? r.expertId,
        clientOrderId: req.clientOrderId ?? "",
        requestId: req.requestId ?? 0,
        deviation: req.deviation ?? 0,
        requestedPrice: req.price ?? 0,
      },
    );
    this.finish(m);
    const still = acc.positions.get(r.ticket);
    return {
      ok: true,
      retcode: RETCODE_DONE,
      order: { ...order },
      deals: m.deals.map((d) => ({ ...d })),
      position: still ? this.market.view(still) : { ...r },
      events: m.events,
    };
  }

  /** Closes a position by an opposite one on the same symbol (hedging only, DealEntryOutBy). */
  closeBy(req: CloseByRequest): TradeResult {
    const m = this.begin();
    const pre = preconditions(this.env, req.login, closeByPair(req.ticket, req.byTicket), {
      rights: "combined",
      at: m.time,
      quote: "optional",
    });
    if (!pre.ok) {
      return rejected(m, pre);
    }
    const { position: pos, by, acc, spec } = pre;
    const volume = Math.min(pos.record.volume, by.record.volume);
    const price = by.record.openPrice;
    const order = this.exec.newOrder(acc, spec, "CloseBy", volume, m, {
      price,
      fillPolicy: "FillOrKill",
      placedType: req.placedType ?? "Manually",
      comment: req.comment ?? "",
      expertId: req.expertId ?? pos.record.expertId,
    });
    order.positionTicket = pos.record.ticket;
    order.positionByTicket = by.record.ticket;
    m.events.push({ type: "orderAdded", order: { ...order } });
    this.deals.exitDeal(
      pos,
      volume,
      price,
      order,
      "DealEntryOutBy",
      "closeBy",
      m,
      `[by #${by.record.ticket}]`,
    );
    this.deals.exitDeal(
      by,
      volume,
      price,
      order,
      "DealEntryOutBy",
      "closeBy",
      m,
      `[by #${pos.record.ticket}]`,
    );
    order.volumeCurrent = 0;
    transitionOrder(order, "Filled");
    order.doneMs = m.time;
    m.events.push({ type: "orderRemoved", order: { ...order } });
    this.finish(m);
    return {
      ok: true,
      retcode: RETCODE_DONE,
      order: { ...order },
      deals: m.deals.map((d) => ({ ...d })),
      position: undefined,
      events: m.events,
    };
  }

  // ───────────────────────── mutations and time ─────────────────────────

  /** Opens a mutation at `to` (the clock's time when omitted), processing the time before it. */
  private begin(to?: number): Mutation {
    const m = newMutation(this.time);
    this.advance(to ?? this.clock.now(), m);
    return m;
  }

  /** Expirations and rollovers due up to `to`, in time order. */
  private advance(to: number, m: Mutation): void {
    if (!(to > this.time)) {
      m.time = this.time;
      return;
    }
    for (;;) {
      const exp = this.expiries.peek();
      const expAt = exp ? exp.key : Number.POSITIVE_INFINITY;
      const next = Math.min(expAt, this.nextRollover);
      if (next > to) {
        break;
      }
      this.time = Math.max(this.time, next);
      m.time = this.time;
      if (exp && expAt <= this.nextRollover) {
        this.expiries.pop();
        exp.value.expiry = undefined;
        this.exec.finalizeOrder(exp.value, "Expired", m);
      } else {
        rollover(this.accounts.values(), this.market, this.nextRollover, m);
        this.nextRollover = nextServerDayStart(this.nextRollover);
      }
    }
    this.time = to;
    m.time = to;
  }

  /** Stop-out and risk bands for the accounts it touched, then their new balances. */
  private finish(m: Mutation): void {
    settleRisk(this.market, this.exec, m);
    reportBalances(m);
  }
}

/** Creates an engine on the given clock, ticket sequences and symbol catalog. */
export function createEngine(options: EngineOptions): TradingEngine {
  return new TradingEngine(options);
}

/** A simple in-memory ticket sequence (tests, benchmarks; persistence seeds its own). */
export function createTicketSequence(firstOrder = 1, firstDeal = 1): TicketSource {
  let order = firstOrder;
  let deal = firstDeal;
  return {
    order: () => order++,
    deal: () => deal++,
  };
}
