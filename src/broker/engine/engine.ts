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

import { serverWeekday } from "../../mt5/server-time.ts";
import { SENDABLE_ORDER_TYPES } from "../../mt5/vocabulary.ts";
import type { TradingGroup } from "../groups.ts";
import { groupCommission, groupQuote, isKnownGroup, pricingGroup, RAW_GROUP } from "../groups.ts";
import type { SymbolSpec } from "../symbols.ts";
import { isTradeSessionOpen, listSymbols } from "../symbols.ts";
import { requestFillPrice, resolveFillPolicy } from "./execution.ts";
import type { HeapEntry } from "./heap.ts";
import { removeEntry, TriggerHeap } from "./heap.ts";
import type { LiveAccount, LiveOrder, LivePosition, SymbolBook, Trigger } from "./model.ts";
import { newAccount, newBook } from "./model.ts";
import type { QuoteLookup } from "./money.ts";
import {
  Converter,
  closePrice,
  dailySwap,
  profitInProfitCurrency,
  roundMoney,
  roundPrice,
  roundVolume,
  swapCurrency,
} from "./money.ts";
import type { Rejection } from "./retcodes.ts";
import { RETCODE_DONE, RETCODE_DONE_PARTIAL, RETCODE_PLACED, reject } from "./retcodes.ts";
import {
  accountMargin,
  convertMoney,
  evaluateAccount,
  exposureOf,
  floatingProfit,
  opposite,
  rateOf,
  riskBands,
} from "./risk.ts";
import type { PositionEventKind } from "./states.ts";
import {
  FINAL_ORDER_STATES,
  POSITION_RECORD_STATE,
  transitionOrder,
  transitionPosition,
} from "./states.ts";
import type {
  AccountRecord,
  AccountSummary,
  Clock,
  ConcreteFillPolicy,
  DealEntry,
  DealRecord,
  EngineEvent,
  EngineState,
  ExpirationType,
  NewAccount,
  OrderRecord,
  OrderRequest,
  OrderType,
  PlacedType,
  PositionRecord,
  PositionSide,
  Quote,
  Tick,
  TicketSource,
} from "./types.ts";
import {
  checkOrderFreeze,
  checkPendingPrice,
  checkPositionFreeze,
  checkStops,
  checkVolume,
  isBuyType,
  nextServerDayStart,
  resolveExpiration,
} from "./validation.ts";

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

/** A rejection plus the time-driven events that happened before the request was examined. */
export type Rejected = Rejection & { events: EngineEvent[]; bid?: number; ask?: number };

/** Outcome of a trade operation. */
export type TradeResult =
  | {
      ok: true;
      /** RETCODE_DONE, RETCODE_DONE_PARTIAL or RETCODE_PLACED. */
      retcode: number;
      order: OrderRecord | undefined;
      deals: DealRecord[];
      position: PositionRecord | undefined;
      events: EngineEvent[];
    }
  | Rejected;

/** Account figures OrderCheck reports (after the checked order). */
export interface CheckFigures {
  balance: number;
  equity: number;
  profit: number;
  margin: number;
  freeMargin: number;
  marginLevel: number;
}

/** Outcome of checkOrder: retcode 0 when the order would pass. */
export type OrderCheckResult =
  | { ok: true; retcode: 0; figures: CheckFigures }
  | (Rejection & { ok: false; figures?: CheckFigures });

export type AccountResult = { ok: true; account: AccountRecord; events: EngineEvent[] } | Rejected;

export type BalanceResult =
  | { ok: true; deal: DealRecord; account: AccountRecord; events: EngineEvent[] }
  | Rejected;

export interface ModifyPositionRequest {
  login: number;
  ticket: number;
  /** New stop loss; 0 removes it; omitted keeps it. */
  stopLoss?: number;
  takeProfit?: number;
}

export interface ModifyOrderRequest {
  login: number;
  ticket: number;
  price?: number;
  stopLimitPrice?: number;
  stopLoss?: number;
  takeProfit?: number;
  expirationType?: ExpirationType;
  expirationMs?: number;
}

export interface ClosePositionRequest {
  login: number;
  ticket: number;
  /** Lots to close; the whole position when omitted. */
  volume?: number;
  /** Price the client saw, checked with `deviation`. */
  price?: number;
  deviation?: number;
  comment?: string;
  expertId?: number;
  placedType?: PlacedType;
  clientOrderId?: string;
  requestId?: number;
}

export interface CloseByRequest {
  login: number;
  ticket: number;
  byTicket: number;
  comment?: string;
  expertId?: number;
  placedType?: PlacedType;
}

export interface BalanceRequest {
  login: number;
  kind: "balance" | "credit";
  /** Positive: deposit / credit in; negative: withdrawal / credit out. */
  amount: number;
  comment?: string;
}

/** Mutable context of one mutation. */
interface Mutation {
  time: number;
  events: EngineEvent[];
  deals: DealRecord[];
  balanceDirty: Set<LiveAccount>;
  riskDirty: Set<LiveAccount>;
}

const EPS = 1e-9;
/** Order types `sendOrder` accepts (close-by has its own operation). */
const ORDER_TYPES: ReadonlySet<string> = new Set<string>(SENDABLE_ORDER_TYPES);

/**
 * One account group's view of the market (groups.ts): its quotes (the raw quotes with the
 * group's markup) and its trigger books, so fills, triggers, valuation and stop-out of its
 * accounts all see the group's prices.
 */
interface Desk {
  group: TradingGroup;
  quotes: Map<string, Quote>;
  books: Map<string, SymbolBook>;
  look: QuoteLookup;
}

export class TradingEngine {
  private readonly clock: Clock;
  private readonly ids: TicketSource;
  private readonly specs = new Map<string, SymbolSpec>();
  /** Per symbol: the trade-session cache (triggers live in the desks' books). */
  private readonly books = new Map<string, SymbolBook>();
  /** The raw quotes, as the feed sends them. */
  private readonly quotes = new Map<string, Quote>();
  /** Per pricing group, created with its first account. */
  private readonly desks = new Map<string, Desk>();
  private readonly accounts = new Map<number, LiveAccount>();
  private readonly expiries = new TriggerHeap<LiveOrder>(false);
  /** Realised profit of open positions' exits so far (closed record's `profit`). */
  private readonly realized = new WeakMap<LivePosition, number>();
  private readonly conv: Converter;
  private readonly specOf = (s: string): SymbolSpec | undefined => this.specs.get(s);
  private time: number;
  private nextRollover: number;
  private readonly limitOrders: number;

  constructor(options: EngineOptions) {
    this.clock = options.clock;
    this.ids = options.ids;
    this.limitOrders = Math.max(0, options.limitOrders ?? 0);
    const symbols = options.symbols ?? listSymbols();
    for (const s of symbols) {
      this.specs.set(s.name, s);
      this.books.set(s.name, newBook(s));
    }
    this.conv = new Converter(symbols);
    this.time = this.clock.now();
    this.nextRollover = nextServerDayStart(this.time);
  }

  // ───────────────────────────── reads ─────────────────────────────

  /** UTC ms up to which time has been processed. */
  get timeMs(): number {
    return this.time;
  }

  symbol(name: string): SymbolSpec | undefined {
    return this.specs.get(name);
  }

  /** The raw quote of `symbol`, or as accounts of `group` see it (groups.ts). */
  quote(symbol: string, group?: string): Quote | undefined {
    const q = this.quotes.get(symbol);
    const spec = this.specs.get(symbol);
    if (!q || !spec) {
      return undefined;
    }
    return { ...(group === undefined ? q : groupQuote(pricingGroup(group), spec, q)) };
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
    const fig = evaluateAccount(acc, this.deskOf(acc).look, this.conv, true);
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
    return acc ? [...acc.positions.values()].map((p) => this.view(p)) : [];
  }

  position(login: number, ticket: number): PositionRecord | undefined {
    const pos = this.accounts.get(login)?.positions.get(ticket);
    return pos ? this.view(pos) : undefined;
  }

  /** Active orders (Placed, or Partial FlashFill remainders). */
  orders(login: number): OrderRecord[] {
    const acc = this.accounts.get(login);
    return acc ? [...acc.orders.values()].map((o) => ({ ...o.record })) : [];
  }

  /** Number of live entries in the trigger heaps (diagnostics, benchmarks). */
  triggerCount(): number {
    let n = 0;
    for (const b of [...this.desks.values()].flatMap((d) => [...d.books.values()])) {
      n += b.askUp.size + b.askDown.size + b.bidUp.size + b.bidDown.size;
    }
    return n;
  }

  // ───────────────────────── persistence seam ─────────────────────────

  /** Everything needed to rebuild the engine (see `restore`). */
  snapshot(): EngineState {
    const accounts: AccountRecord[] = [];
    const positions: PositionRecord[] = [];
    const orders: OrderRecord[] = [];
    for (const acc of this.accounts.values()) {
      accounts.push({ ...acc.record });
      for (const p of acc.positions.values()) {
        positions.push({ ...p.record });
      }
      for (const o of acc.orders.values()) {
        orders.push({ ...o.record });
      }
    }
    return {
      accounts,
      positions,
      orders,
      quotes: [...this.quotes.values()].map((q) => ({ ...q })),
      timeMs: this.time,
    };
  }

  /**
   * Loads persisted state into an empty engine (throws if accounts are already loaded: that is
   * a bug of the caller). Rebuilds the trigger heaps, expirations and risk bands; emits nothing.
   */
  restore(state: EngineState): void {
    if (this.accounts.size > 0) {
      throw new Error("restore() needs an empty engine");
    }
    for (const q of state.quotes) {
      if (this.specs.has(q.symbol)) {
        this.quotes.set(q.symbol, { ...q });
      }
    }
    for (const a of state.accounts) {
      this.accounts.set(a.login, newAccount({ ...a }));
    }
    for (const p of state.positions) {
      const acc = this.accounts.get(p.login);
      const spec = this.specs.get(p.symbol);
      if (!acc || !spec) {
        throw new Error(`position ${p.ticket}: unknown account or symbol`);
      }
      const pos: LivePosition = {
        record: { ...p },
        spec,
        account: acc,
        sl: undefined,
        tp: undefined,
      };
      acc.positions.set(p.ticket, pos);
      if (acc.record.marginMode === "netting") {
        acc.bySymbol.set(p.symbol, pos);
      }
      this.armStops(pos);
    }
    for (const o of state.orders) {
      const acc = this.accounts.get(o.login);
      const spec = this.specs.get(o.symbol);
      if (!acc || !spec) {
        throw new Error(`order ${o.ticket}: unknown account or symbol`);
      }
      const live: LiveOrder = {
        record: { ...o },
        spec,
        account: acc,
        trigger: undefined,
        expiry: undefined,
        working: o.state === "Partial",
      };
      acc.orders.set(o.ticket, live);
      if (live.working) {
        this.deskBook(acc, spec).working.add(live);
      } else {
        this.armOrder(live);
      }
      this.armExpiry(live);
    }
    if (state.timeMs > this.time) {
      this.time = state.timeMs;
    }
    this.nextRollover = nextServerDayStart(this.time);
    for (const acc of this.accounts.values()) {
      this.layBands(acc);
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
    const book = this.books.get(tick.symbol);
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
    let q = this.quotes.get(tick.symbol);
    if (q) {
      q.bid = tick.bid;
      q.ask = tick.ask;
      q.timeMs = tick.timeMs;
    } else {
      q = { symbol: tick.symbol, bid: tick.bid, ask: tick.ask, timeMs: tick.timeMs };
      this.quotes.set(tick.symbol, q);
    }
    // Every group's quote moves first, then each group's book fires on its own prices.
    for (const d of this.desks.values()) {
      this.setDeskQuote(d, book.spec, q);
    }
    if (this.tradeOpen(book, m.time)) {
      for (const d of this.desks.values()) {
        const dq = d.quotes.get(tick.symbol) as Quote;
        const dbook = d.books.get(tick.symbol) as SymbolBook;
        if (dbook.working.size > 0) {
          for (const o of [...dbook.working]) {
            this.executeOrder(o, dq, m);
          }
        }
        this.fireTriggers(dbook, dq, m);
      }
    }
    this.finish(m);
    return { events: m.events };
  }

  // ───────────────────────────── accounts ─────────────────────────────

  createAccount(input: NewAccount): AccountResult {
    const m = this.begin();
    const bad = (message: string): Rejected => ({
      ...reject("INVALID", message),
      events: m.events,
    });
    if (!Number.isSafeInteger(input.login) || input.login <= 0) {
      return bad("login must be a positive integer");
    }
    if (this.accounts.has(input.login)) {
      return bad(`account ${input.login} already exists`);
    }
    if (!/^[A-Z]{3}$/.test(input.currency)) {
      return bad("currency must be a 3-letter code");
    }
    if (!Number.isInteger(input.leverage) || input.leverage < 1) {
      return bad("leverage must be a positive integer");
    }
    const deposit = input.deposit ?? 0;
    const credit = input.credit ?? 0;
    if (!Number.isFinite(deposit) || deposit < 0 || !Number.isFinite(credit) || credit < 0) {
      return bad("deposit and credit must be non-negative");
    }
    if (input.group !== undefined && !isKnownGroup(input.group)) {
      return bad(`unknown group '${input.group}'`);
    }
    const record: AccountRecord = {
      login: input.login,
      name: input.name ?? "",
      group: input.group ?? RAW_GROUP,
      currency: input.currency,
      leverage: input.leverage,
      marginMode: input.marginMode,
      balance: 0,
      credit: 0,
      marginCallLevel: input.marginCallLevel ?? 100,
      stopOutLevel: input.stopOutLevel ?? 50,
      tradeAllowed: input.tradeAllowed ?? true,
      createdMs: m.time,
    };
    const acc = newAccount(record);
    this.accounts.set(record.login, acc);
    m.events.push({ type: "accountChanged", account: { ...record } });
    if (deposit > 0) {
      this.bookBalance(acc, "balance", roundMoney(deposit), "Initial deposit", m);
    }
    if (credit > 0) {
      this.bookBalance(acc, "credit", roundMoney(credit), "Initial credit", m);
    }
    this.finish(m);
    return { ok: true, account: { ...record }, events: m.events };
  }

  /** Balance or credit operation, booked as a DealBalance / DealCredit deal. */
  balanceOperation(req: BalanceRequest): BalanceResult {
    const m = this.begin();
    const acc = this.accounts.get(req.login);
    if (!acc) {
      return this.rejected(m, reject("INVALID", `unknown account ${req.login}`));
    }
    const amount = roundMoney(req.amount);
    if (!Number.isFinite(req.amount) || amount === 0) {
      return this.rejected(m, reject("INVALID", "amount must be a non-zero number"));
    }
    if (amount < 0) {
      if (req.kind === "credit") {
        if (acc.record.credit + amount < -EPS) {
          return this.rejected(m, reject("NO_MONEY", "credit out exceeds the credit"));
        }
      } else {
        const fig = evaluateAccount(acc, this.deskOf(acc).look, this.conv, true);
        if (fig.equity + amount - fig.margin < -EPS || acc.record.balance + amount < -EPS) {
          return this.rejected(m, reject("NO_MONEY", "withdrawal exceeds the free margin"));
        }
      }
    }
    const deal = this.bookBalance(acc, req.kind, amount, req.comment ?? "", m);
    this.finish(m);
    return { ok: true, deal: { ...deal }, account: { ...acc.record }, events: m.events };
  }

  // ───────────────────────────── trading ─────────────────────────────

  /** Market or pending order (MT5 TRADE_ACTION_DEAL / TRADE_ACTION_PENDING). */
  /**
   * The checks every new order passes before it is executed or checked: account, trade rights,
   * symbol, order type, volume, session, quotes, stops and fill policy.
   */
  private precheck(req: OrderRequest):
    | {
        ok: true;
        acc: LiveAccount;
        spec: SymbolSpec;
        q: Quote;
        policy: ConcreteFillPolicy;
        sl: number;
        tp: number;
      }
    | { ok: false; rejection: Rejection } {
    const no = (rejection: Rejection) => ({ ok: false as const, rejection });
    const acc = this.accounts.get(req.login);
    if (!acc) {
      return no(reject("INVALID", `unknown account ${req.login}`));
    }
    if (!acc.record.tradeAllowed) {
      return no(reject("TRADE_DISABLED", "trading is disabled for the account"));
    }
    const spec = this.specs.get(req.symbol);
    if (!spec) {
      return no(reject("INVALID", `unknown symbol ${req.symbol}`));
    }
    if (spec.tradeMode === "disabled") {
      return no(reject("TRADE_DISABLED", `trading is disabled on ${spec.name}`));
    }
    if (!ORDER_TYPES.has(req.orderType)) {
      return no(reject("INVALID_ORDER", `unknown order type ${req.orderType}`));
    }
    const badVolume = checkVolume(spec, req.volume);
    if (badVolume) {
      return no(badVolume);
    }
    const q = this.deskOf(acc).quotes.get(spec.name);
    if (!this.tradeOpen(this.bookOf(spec), this.clock.now())) {
      return no(reject("MARKET_CLOSED", `${spec.name} trade session is closed`));
    }
    if (!q || !this.convertible(acc, spec)) {
      return no(reject("PRICE_OFF", `no quotes for ${spec.name}`));
    }
    const sl = req.stopLoss ?? 0;
    const tp = req.takeProfit ?? 0;
    if (!Number.isFinite(sl) || !Number.isFinite(tp) || sl < 0 || tp < 0) {
      return no(reject("INVALID_STOPS", "stop loss and take profit must be ≥ 0"));
    }
    const policy = resolveFillPolicy(spec, req.orderType, req.fillPolicy);
    if (typeof policy !== "string") {
      return no(policy);
    }
    return { ok: true, acc, spec, q, policy, sl, tp };
  }

  /**
   * MT5's OrderCheck: whether `req` would pass, and the account's margin figures after it,
   * without executing anything (no events, no state change). A market order is valued at the
   * current quote; a pending order as if filled now.
   */
  checkOrder(req: OrderRequest): OrderCheckResult {
    const pre = this.precheck(req);
    if (!pre.ok) {
      return pre.rejection;
    }
    const { acc, spec } = pre;
    if (req.orderType !== "Buy" && req.orderType !== "Sell") {
      const full = this.pendingLimitReached(acc);
      if (full) {
        return full;
      }
    }
    const side: PositionSide =
      req.orderType === "Buy" || req.orderType.startsWith("Buy") ? "Buy" : "Sell";
    const cur = exposureOf(acc, spec.name);
    let buy = cur.buy;
    let sell = cur.sell;
    if (acc.record.marginMode === "netting") {
      const net = buy - sell + (side === "Buy" ? req.volume : -req.volume);
      buy = Math.max(net, 0);
      sell = Math.max(-net, 0);
    } else if (side === "Buy") {
      buy += req.volume;
    } else {
      sell += req.volume;
    }
    const look = this.deskOf(acc).look;
    const fig = evaluateAccount(acc, look, this.conv, true);
    const margin = roundMoney(accountMargin(acc, look, this.conv, { spec, buy, sell }));
    const before = roundMoney(accountMargin(acc, look, this.conv));
    const freeMargin = roundMoney(fig.equity - margin);
    const figures = {
      balance: acc.record.balance,
      equity: fig.equity,
      profit: roundMoney(fig.profit + fig.swap),
      margin,
      freeMargin,
      marginLevel: margin > 0 ? roundMoney((fig.equity / margin) * 100) : 0,
    };
    if (margin > before + EPS && freeMargin + this.commission(acc, spec, req.volume) < -EPS) {
      return { ...reject("NO_MONEY", "not enough free margin"), figures };
    }
    return { ok: true, retcode: 0, figures };
  }

  sendOrder(req: OrderRequest): TradeResult {
    const m = this.begin();
    const pre = this.precheck(req);
    if (!pre.ok) {
      return this.rejected(m, pre.rejection);
    }
    const { acc, spec, q, policy, sl, tp } = pre;
    const out =
      req.orderType === "Buy" || req.orderType === "Sell"
        ? this.marketOrder(acc, spec, q, req, policy, sl, tp, m)
        : this.pendingOrder(acc, spec, q, req, policy, sl, tp, m);
    if (!out.ok) {
      return { ...out, events: m.events };
    }
    this.finish(m);
    const pos = out.order.positionTicket
      ? (acc.positions.get(out.order.positionTicket) ?? undefined)
      : undefined;
    return {
      ok: true,
      retcode: out.retcode,
      order: { ...out.order },
      deals: m.deals.map((d) => ({ ...d })),
      position: pos ? this.view(pos) : undefined,
      events: m.events,
    };
  }

  /** Changes SL/TP of an open position (TRADE_ACTION_SLTP). */
  modifyPosition(req: ModifyPositionRequest): TradeResult {
    const m = this.begin();
    const found = this.findPosition(req.login, req.ticket);
    if (!found.ok) {
      return this.rejected(m, found);
    }
    const pos = found.position;
    const spec = pos.spec;
    const r = pos.record;
    const q = this.deskOf(pos.account).quotes.get(spec.name);
    if (!this.tradeOpen(this.bookOf(spec), m.time)) {
      return this.rejected(m, reject("MARKET_CLOSED", `${spec.name} trade session is closed`));
    }
    if (!q) {
      return this.rejected(m, reject("PRICE_OFF", `no quotes for ${spec.name}`));
    }
    const sl = req.stopLoss ?? r.stopLoss;
    const tp = req.takeProfit ?? r.takeProfit;
    if (!Number.isFinite(sl) || !Number.isFinite(tp) || sl < 0 || tp < 0) {
      return this.rejected(m, reject("INVALID_STOPS", "stop loss and take profit must be ≥ 0"));
    }
    if (sl === r.stopLoss && tp === r.takeProfit) {
      return this.rejected(m, reject("NO_CHANGES", "stop loss and take profit are unchanged"));
    }
    const frozen = checkPositionFreeze(spec, r.orderType, r.stopLoss, r.takeProfit, q);
    if (frozen) {
      return this.rejected(m, frozen);
    }
    const badStops = checkStops(spec, r.orderType, closePrice(r.orderType, q), sl, tp);
    if (badStops) {
      return this.rejected(m, badStops);
    }
    this.positionEvent(pos, "modify");
    r.stopLoss = sl;
    r.takeProfit = tp;
    r.updateMs = m.time;
    this.armStops(pos);
    m.events.push({ type: "positionUpdated", position: this.view(pos) });
    this.finish(m);
    return {
      ok: true,
      retcode: RETCODE_DONE,
      order: undefined,
      deals: [],
      position: this.view(pos),
      events: m.events,
    };
  }

  /** Changes a pending order's prices, stops or expiration (TRADE_ACTION_MODIFY). */
  modifyOrder(req: ModifyOrderRequest): TradeResult {
    const m = this.begin();
    const found = this.findOrder(req.login, req.ticket);
    if (!found.ok) {
      return this.rejected(m, found);
    }
    const o = found.order;
    const r = o.record;
    const spec = o.spec;
    if (r.state !== "Placed") {
      return this.rejected(m, reject("INVALID_ORDER", `order ${r.ticket} cannot be modified`));
    }
    const q = this.deskOf(o.account).quotes.get(spec.name);
    if (!this.tradeOpen(this.bookOf(spec), m.time)) {
      return this.rejected(m, reject("MARKET_CLOSED", `${spec.name} trade session is closed`));
    }
    if (!q) {
      return this.rejected(m, reject("PRICE_OFF", `no quotes for ${spec.name}`));
    }
    const stopLimit = r.orderType === "BuyStopLimit" || r.orderType === "SellStopLimit";
    const price = req.price ?? r.price;
    const stopLimitPrice = stopLimit ? (req.stopLimitPrice ?? r.stopLimitPrice) : 0;
    const sl = req.stopLoss ?? r.stopLoss;
    const tp = req.takeProfit ?? r.takeProfit;
    const expirationType = req.expirationType ?? r.expirationType;
    let expirationMs = r.expirationMs;
    if (req.expirationType !== undefined || req.expirationMs !== undefined) {
      const resolved = resolveExpiration(spec, expirationType, req.expirationMs, m.time);
      if (typeof resolved !== "number") {
        return this.rejected(m, resolved);
      }
      expirationMs = resolved;
    }
    if (
      price === r.price &&
      stopLimitPrice === r.stopLimitPrice &&
      sl === r.stopLoss &&
      tp === r.takeProfit &&
      expirationType === r.expirationType &&
      expirationMs === r.expirationMs
    ) {
      return this.rejected(m, reject("NO_CHANGES", "the order is unchanged"));
    }
    const frozen = checkOrderFreeze(spec, r.orderType, r.price, q);
    if (frozen) {
      return this.rejected(m, frozen);
    }
    const badPrice = checkPendingPrice(spec, r.orderType, price, stopLimitPrice, q);
    if (badPrice) {
      return this.rejected(m, badPrice);
    }
    if (!Number.isFinite(sl) || !Number.isFinite(tp) || sl < 0 || tp < 0) {
      return this.rejected(m, reject("INVALID_STOPS", "stop loss and take profit must be ≥ 0"));
    }
    const side: PositionSide = isBuyType(r.orderType) ? "Buy" : "Sell";
    const badStops = checkStops(spec, side, stopLimit ? stopLimitPrice : price, sl, tp);
    if (badStops) {
      return this.rejected(m, badStops);
    }
    transitionOrder(r, "Placed");
    r.price = price;
    r.stopLimitPrice = stopLimitPrice;
    r.stopLoss = sl;
    r.takeProfit = tp;
    r.expirationType = expirationType;
    r.expirationMs = expirationMs;
    this.armOrder(o);
    this.armExpiry(o);
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
    const found = this.findOrder(req.login, req.ticket);
    if (!found.ok) {
      return this.rejected(m, found);
    }
    const o = found.order;
    const spec = o.spec;
    const q = this.deskOf(o.account).quotes.get(spec.name);
    if (!this.tradeOpen(this.bookOf(spec), m.time)) {
      return this.rejected(m, reject("MARKET_CLOSED", `${spec.name} trade session is closed`));
    }
    if (q && o.record.state === "Placed") {
      const frozen = checkOrderFreeze(spec, o.record.orderType, o.record.price, q);
      if (frozen) {
        return this.rejected(m, frozen);
      }
    }
    this.finalizeOrder(o, "Cancelled", m);
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
    const found = this.findPosition(req.login, req.ticket);
    if (!found.ok) {
      return this.rejected(m, found);
    }
    const pos = found.position;
    const acc = pos.account;
    const spec = pos.spec;
    const r = pos.record;
    if (!acc.record.tradeAllowed || spec.tradeMode === "disabled") {
      return this.rejected(m, reject("TRADE_DISABLED", "trading is disabled"));
    }
    const volume = req.volume ?? r.volume;
    if (req.volume !== undefined) {
      const badVolume = checkVolume(spec, volume);
      if (badVolume) {
        return this.rejected(m, badVolume);
      }
    }
    if (volume > r.volume + EPS) {
      return this.rejected(
        m,
        reject("INVALID_CLOSE_VOLUME", `close volume ${volume} exceeds the position's ${r.volume}`),
      );
    }
    const q = this.deskOf(acc).quotes.get(spec.name);
    if (!this.tradeOpen(this.bookOf(spec), m.time)) {
      return this.rejected(m, reject("MARKET_CLOSED", `${spec.name} trade session is closed`));
    }
    if (!q) {
      return this.rejected(m, reject("PRICE_OFF", `no quotes for ${spec.name}`));
    }
    const side = opposite(r.orderType);
    const price = requestFillPrice(
      spec,
      this.executionPrice(spec, side, volume, q),
      req.price,
      req.deviation,
      q,
    );
    if (typeof price !== "number") {
      return { ...price, events: m.events };
    }
    const order = this.closeAtMarket(
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
      position: still ? this.view(still) : { ...r },
      events: m.events,
    };
  }

  /** Closes a position by an opposite one on the same symbol (hedging only, DealEntryOutBy). */
  closeBy(req: CloseByRequest): TradeResult {
    const m = this.begin();
    const found = this.findPosition(req.login, req.ticket);
    if (!found.ok) {
      return this.rejected(m, found);
    }
    const pos = found.position;
    const acc = pos.account;
    if (acc.record.marginMode !== "hedging") {
      return this.rejected(m, reject("INVALID", "close-by needs a hedging account"));
    }
    const byFound = this.findPosition(req.login, req.byTicket);
    if (!byFound.ok) {
      return this.rejected(m, byFound);
    }
    const by = byFound.position;
    if (
      by === pos ||
      by.record.symbol !== pos.record.symbol ||
      by.record.orderType === pos.record.orderType
    ) {
      return this.rejected(
        m,
        reject("INVALID", "close-by needs an opposite position on the same symbol"),
      );
    }
    if (!acc.record.tradeAllowed || pos.spec.tradeMode === "disabled") {
      return this.rejected(m, reject("TRADE_DISABLED", "trading is disabled"));
    }
    if (!this.tradeOpen(this.bookOf(pos.spec), m.time)) {
      return this.rejected(m, reject("MARKET_CLOSED", `${pos.spec.name} trade session is closed`));
    }
    const volume = Math.min(pos.record.volume, by.record.volume);
    const price = by.record.openPrice;
    const order = this.newOrder(acc, pos.spec, "CloseBy", volume, m, {
      price,
      fillPolicy: "FillOrKill",
      placedType: req.placedType ?? "Manually",
      comment: req.comment ?? "",
      expertId: req.expertId ?? pos.record.expertId,
    });
    order.positionTicket = pos.record.ticket;
    order.positionByTicket = by.record.ticket;
    m.events.push({ type: "orderAdded", order: { ...order } });
    this.exitDeal(
      pos,
      volume,
      price,
      order,
      "DealEntryOutBy",
      "closeBy",
      m,
      `[by #${by.record.ticket}]`,
    );
    this.exitDeal(
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

  // ───────────────────────── order placement ─────────────────────────

  private marketOrder(
    acc: LiveAccount,
    spec: SymbolSpec,
    q: Quote,
    req: OrderRequest,
    policy: ConcreteFillPolicy,
    sl: number,
    tp: number,
    m: Mutation,
  ): ({ ok: true; retcode: number; order: OrderRecord } | Rejection) & {
    bid?: number;
    ask?: number;
  } {
    const side: PositionSide = req.orderType === "Buy" ? "Buy" : "Sell";
    let closing: LivePosition | undefined;
    if (req.position !== undefined && req.position !== 0) {
      closing = acc.positions.get(req.position);
      if (!closing) {
        return reject("POSITION_NOT_EXISTS", `position ${req.position} does not exist`);
      }
      if (closing.record.symbol !== spec.name || closing.record.orderType === side) {
        return reject("INVALID", "a closing order must be opposite to the position, same symbol");
      }
      if (req.volume > closing.record.volume + EPS) {
        return reject("INVALID_CLOSE_VOLUME", "close volume exceeds the position volume");
      }
    }
    const existing = acc.record.marginMode === "netting" ? acc.bySymbol.get(spec.name) : undefined;
    const reduces =
      closing !== undefined ||
      (existing !== undefined &&
        existing.record.orderType !== side &&
        req.volume <= existing.record.volume + EPS);
    const mode = this.tradeModeCheck(spec, side, reduces);
    if (mode) {
      return mode;
    }
    if (!closing && !reduces) {
      const badStops = checkStops(spec, side, side === "Buy" ? q.bid : q.ask, sl, tp);
      if (badStops) {
        return badStops;
      }
    }
    let fillVolume = req.volume;
    if (!closing && req.volume > spec.liquidity + EPS) {
      if (policy === "FillOrKill") {
        return reject(
          "REJECT",
          `only ${spec.liquidity} lots are available on ${spec.name}; FillOrKill cannot fill ${req.volume}`,
        );
      }
      fillVolume = spec.liquidity;
    }
    const price = requestFillPrice(
      spec,
      this.executionPrice(spec, side, fillVolume, q),
      req.price,
      req.deviation,
      q,
    );
    if (typeof price !== "number") {
      return price;
    }
    if (!reduces && !this.marginAllows(acc, spec, side, fillVolume)) {
      return reject("NO_MONEY", "not enough free margin");
    }
    const order = this.newOrder(acc, spec, req.orderType, req.volume, m, {
      price: req.price ?? 0,
      fillPolicy: policy,
      placedType: req.placedType ?? "Manually",
      comment: req.comment ?? "",
      expertId: req.expertId ?? 0,
      clientOrderId: req.clientOrderId ?? "",
      requestId: req.requestId ?? 0,
      deviation: req.deviation ?? 0,
      stopLoss: sl,
      takeProfit: tp,
    });
    m.events.push({ type: "orderAdded", order: { ...order } });
    this.fill(acc, spec, order, side, fillVolume, price, m, closing);
    order.volumeCurrent = roundVolume(order.volumeCurrent - fillVolume);
    if (order.volumeCurrent <= EPS) {
      order.volumeCurrent = 0;
      this.closeRecord(order, "Filled", m);
      return { ok: true, retcode: RETCODE_DONE, order };
    }
    if (policy === "ImmediateOrCancel") {
      this.closeRecord(order, "Cancelled", m);
      return { ok: true, retcode: RETCODE_DONE_PARTIAL, order };
    }
    // FlashFill (Return): the remainder stays active and fills tick by tick.
    transitionOrder(order, "Partial");
    const live: LiveOrder = {
      record: order,
      spec,
      account: acc,
      trigger: undefined,
      expiry: undefined,
      working: true,
    };
    acc.orders.set(order.ticket, live);
    this.deskBook(acc, spec).working.add(live);
    m.events.push({ type: "orderUpdated", order: { ...order } });
    return { ok: true, retcode: RETCODE_DONE_PARTIAL, order };
  }

  private pendingOrder(
    acc: LiveAccount,
    spec: SymbolSpec,
    q: Quote,
    req: OrderRequest,
    policy: ConcreteFillPolicy,
    sl: number,
    tp: number,
    m: Mutation,
  ): { ok: true; retcode: number; order: OrderRecord } | Rejection {
    const type = req.orderType;
    const side: PositionSide = isBuyType(type) ? "Buy" : "Sell";
    const mode = this.tradeModeCheck(spec, side, false);
    if (mode) {
      return mode;
    }
    const full = this.pendingLimitReached(acc);
    if (full) {
      return full;
    }
    if (req.price === undefined) {
      return reject("INVALID_PRICE", "a pending order needs a price");
    }
    const stopLimit = type === "BuyStopLimit" || type === "SellStopLimit";
    const stopLimitPrice = stopLimit ? (req.stopLimitPrice ?? 0) : 0;
    const badPrice = checkPendingPrice(spec, type, req.price, stopLimitPrice, q);
    if (badPrice) {
      return badPrice;
    }
    const badStops = checkStops(spec, side, stopLimit ? stopLimitPrice : req.price, sl, tp);
    if (badStops) {
      return badStops;
    }
    const expirationType = req.expirationType ?? "GTC";
    const expirationMs = resolveExpiration(spec, expirationType, req.expirationMs, m.time);
    if (typeof expirationMs !== "number") {
      return expirationMs;
    }
    const order = this.newOrder(acc, spec, type, req.volume, m, {
      price: req.price,
      stopLimitPrice,
      fillPolicy: policy,
      placedType: req.placedType ?? "Manually",
      comment: req.comment ?? "",
      expertId: req.expertId ?? 0,
      clientOrderId: req.clientOrderId ?? "",
      requestId: req.requestId ?? 0,
      stopLoss: sl,
      takeProfit: tp,
      expirationType,
      expirationMs,
    });
    transitionOrder(order, "Placed");
    const live: LiveOrder = {
      record: order,
      spec,
      account: acc,
      trigger: undefined,
      expiry: undefined,
      working: false,
    };
    acc.orders.set(order.ticket, live);
    this.armOrder(live);
    this.armExpiry(live);
    m.events.push({ type: "orderAdded", order: { ...order } });
    return { ok: true, retcode: RETCODE_PLACED, order };
  }

  /** LIMIT_ORDERS when the account holds `limitOrders` active orders already. */
  private pendingLimitReached(acc: LiveAccount): Rejection | undefined {
    if (this.limitOrders > 0 && acc.orders.size >= this.limitOrders) {
      return reject(
        "LIMIT_ORDERS",
        `the account already has ${acc.orders.size} pending orders; the limit is ${this.limitOrders}`,
      );
    }
    return undefined;
  }

  private tradeModeCheck(
    spec: SymbolSpec,
    side: PositionSide,
    reduces: boolean,
  ): Rejection | undefined {
    if (reduces) {
      return undefined;
    }
    switch (spec.tradeMode) {
      case "closeOnly":
        return reject("CLOSE_ONLY", `${spec.name} is close-only`);
      case "longOnly":
        return side === "Sell" ? reject("LONG_ONLY", `${spec.name} is long-only`) : undefined;
      case "shortOnly":
        return side === "Buy" ? reject("SHORT_ONLY", `${spec.name} is short-only`) : undefined;
      default:
        return undefined;
    }
  }

  /** Market execution price: ask/bid moved against the client one point per slippage step. */
  private executionPrice(spec: SymbolSpec, side: PositionSide, volume: number, q: Quote): number {
    const points = Math.floor(volume / spec.slippageLotsPerPoint + EPS);
    const base = side === "Buy" ? q.ask : q.bid;
    const slip = points * spec.point;
    return roundPrice(side === "Buy" ? base + slip : base - slip, spec.digits);
  }

  /** Whether free margin covers the margin after adding `volume` on `side` (netting: net). */
  private marginAllows(
    acc: LiveAccount,
    spec: SymbolSpec,
    side: PositionSide,
    volume: number,
  ): boolean {
    const look = this.deskOf(acc).look;
    const before = accountMargin(acc, look, this.conv);
    const cur = exposureOf(acc, spec.name);
    let buy = cur.buy;
    let sell = cur.sell;
    if (acc.record.marginMode === "netting") {
      const net = buy - sell + (side === "Buy" ? volume : -volume);
      buy = Math.max(net, 0);
      sell = Math.max(-net, 0);
    } else if (side === "Buy") {
      buy += volume;
    } else {
      sell += volume;
    }
    const after = roundMoney(accountMargin(acc, look, this.conv, { spec, buy, sell }));
    if (after <= before + EPS) {
      return true;
    }
    const fig = evaluateAccount(acc, look, this.conv, true);
    return fig.equity + this.commission(acc, spec, volume) - after >= -EPS;
  }

  // ───────────────────────── fills and deals ─────────────────────────

  /**
   * Books one fill of `order`: a deal and its effect on positions. `closing`: the position an
   * explicit closing order (hedging `position`, SL/TP, stop-out, close request) reduces.
   */
  private fill(
    acc: LiveAccount,
    spec: SymbolSpec,
    order: OrderRecord,
    side: PositionSide,
    volume: number,
    price: number,
    m: Mutation,
    closing?: LivePosition,
  ): void {
    if (closing) {
      order.positionTicket = closing.record.ticket;
      const kind: PositionEventKind = order.placedType === "OnStopOut" ? "stopOut" : "close";
      this.exitDeal(closing, volume, price, order, "DealEntryOut", kind, m, order.comment);
      return;
    }
    if (acc.record.marginMode === "netting") {
      const pos = acc.bySymbol.get(spec.name);
      if (pos && pos.record.orderType !== side) {
        order.positionTicket = pos.record.ticket;
        if (volume <= pos.record.volume + EPS) {
          this.exitDeal(pos, volume, price, order, "DealEntryOut", "close", m, order.comment);
        } else {
          this.reverseDeal(pos, volume, price, order, m);
        }
        return;
      }
      if (pos) {
        order.positionTicket = pos.record.ticket;
        this.increaseDeal(pos, volume, price, order, m);
        return;
      }
    } else {
      // A FlashFill order filling in parts keeps adding to the position it opened.
      const own = acc.positions.get(order.ticket);
      if (own) {
        order.positionTicket = own.record.ticket;
        this.increaseDeal(own, volume, price, order, m);
        return;
      }
    }
    this.openDeal(acc, spec, side, volume, price, order, m);
  }

  private newDeal(
    acc: LiveAccount,
    spec: SymbolSpec,
    order: OrderRecord,
    side: PositionSide,
    entry: DealEntry,
    positionTicket: number,
    volume: number,
    price: number,
    m: Mutation,
  ): DealRecord {
    return {
      ticket: this.ids.deal(),
      login: acc.record.login,
      orderTicket: order.ticket,
      positionTicket,
      symbol: spec.name,
      type: side === "Buy" ? "DealBuy" : "DealSell",
      entry,
      volume,
      price,
      profit: 0,
      swap: 0,
      commission: this.commission(acc, spec, volume),
      fee: 0,
      comment: order.comment,
      timeMs: m.time,
      expertId: order.expertId,
      placedType: order.placedType,
    };
  }

  private postDeal(acc: LiveAccount, deal: DealRecord, m: Mutation): void {
    acc.record.balance = roundMoney(
      acc.record.balance + deal.profit + deal.swap + deal.commission + deal.fee,
    );
    m.deals.push(deal);
    m.events.push({ type: "dealAdded", deal: { ...deal } });
    m.balanceDirty.add(acc);
    m.riskDirty.add(acc);
  }

  private openDeal(
    acc: LiveAccount,
    spec: SymbolSpec,
    side: PositionSide,
    volume: number,
    price: number,
    order: OrderRecord,
    m: Mutation,
  ): void {
    const deal = this.newDeal(
      acc,
      spec,
      order,
      side,
      "DealEntryIn",
      order.ticket,
      volume,
      price,
      m,
    );
    this.postDeal(acc, deal, m);
    const record: PositionRecord = {
      ticket: order.ticket,
      login: acc.record.login,
      symbol: spec.name,
      orderType: side,
      volume,
      openPrice: price,
      openMs: m.time,
      updateMs: m.time,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
      profit: 0,
      swap: 0,
      commission: deal.commission,
      fee: 0,
      priceCurrent: price,
      expertId: order.expertId,
      comment: order.comment,
      placedType: order.placedType,
      dealInTicket: deal.ticket,
      dealOutTicket: 0,
      closedVolume: 0,
      closePrice: 0,
      closeMs: 0,
      closeComment: "",
      state: POSITION_RECORD_STATE.Open,
    };
    const pos: LivePosition = { record, spec, account: acc, sl: undefined, tp: undefined };
    acc.positions.set(record.ticket, pos);
    if (acc.record.marginMode === "netting") {
      acc.bySymbol.set(spec.name, pos);
    }
    order.positionTicket = record.ticket;
    this.armStops(pos);
    m.events.push({ type: "positionOpened", position: this.view(pos) });
  }

  private increaseDeal(
    pos: LivePosition,
    volume: number,
    price: number,
    order: OrderRecord,
    m: Mutation,
  ): void {
    const r = pos.record;
    this.positionEvent(pos, "increase");
    const deal = this.newDeal(
      pos.account,
      pos.spec,
      order,
      r.orderType,
      "DealEntryIn",
      r.ticket,
      volume,
      price,
      m,
    );
    this.postDeal(pos.account, deal, m);
    const total = roundVolume(r.volume + volume);
    r.openPrice = (r.openPrice * r.volume + price * volume) / total;
    r.volume = total;
    r.commission = roundMoney(r.commission + deal.commission);
    r.updateMs = m.time;
    if (order.stopLoss !== 0 || order.takeProfit !== 0) {
      r.stopLoss = order.stopLoss;
      r.takeProfit = order.takeProfit;
    }
    this.armStops(pos);
    m.events.push({ type: "positionUpdated", position: this.view(pos) });
  }

  /** Realised profit of closing `volume` of `pos` at `price`, deposit currency, rounded. */
  private realisedProfit(pos: LivePosition, volume: number, price: number): number {
    const r = pos.record;
    const raw = profitInProfitCurrency(pos.spec, r.orderType, volume, r.openPrice, price);
    // A missing conversion quote is an edge of start-up; book at par rather than lose the deal.
    const booked = convertMoney(
      this.conv,
      raw,
      pos.spec.profitCurrency,
      pos.account.record.currency,
      this.deskOf(pos.account).look,
    );
    return roundMoney(booked ?? raw);
  }

  /** A deal reducing (or closing) `pos` by `volume` at `price`. */
  private exitDeal(
    pos: LivePosition,
    volume: number,
    price: number,
    order: OrderRecord,
    entry: DealEntry,
    kind: PositionEventKind,
    m: Mutation,
    comment: string,
  ): void {
    const r = pos.record;
    const full = volume >= r.volume - EPS;
    const closeVolume = full ? r.volume : volume;
    const deal = this.newDeal(
      pos.account,
      pos.spec,
      order,
      opposite(r.orderType),
      entry,
      r.ticket,
      closeVolume,
      price,
      m,
    );
    deal.comment = comment;
    deal.profit = this.realisedProfit(pos, closeVolume, price);
    deal.swap = full ? r.swap : roundMoney((r.swap * closeVolume) / r.volume);
    this.postDeal(pos.account, deal, m);
    this.realized.set(pos, roundMoney((this.realized.get(pos) ?? 0) + deal.profit));
    r.swap = roundMoney(r.swap - deal.swap);
    r.commission = roundMoney(r.commission + deal.commission);
    r.closedVolume = roundVolume(r.closedVolume + closeVolume);
    r.dealOutTicket = deal.ticket;
    r.closePrice = price;
    r.updateMs = m.time;
    if (full) {
      this.positionEvent(pos, kind); // → Closed
      r.volume = 0;
      r.closeMs = m.time;
      r.closeComment = comment;
      r.priceCurrent = price;
      r.profit = this.realized.get(pos) ?? deal.profit;
      this.dropPosition(pos);
      m.events.push({ type: "positionClosed", position: { ...r } });
    } else {
      this.positionEvent(pos, "partialClose");
      r.volume = roundVolume(r.volume - closeVolume);
      m.events.push({ type: "positionUpdated", position: this.view(pos) });
    }
  }

  /** Netting reversal: one DealEntryInOut closes the position and opens the rest the other way. */
  private reverseDeal(
    pos: LivePosition,
    volume: number,
    price: number,
    order: OrderRecord,
    m: Mutation,
  ): void {
    const r = pos.record;
    this.positionEvent(pos, "reverse");
    const side = opposite(r.orderType);
    const deal = this.newDeal(
      pos.account,
      pos.spec,
      order,
      side,
      "DealEntryInOut",
      r.ticket,
      volume,
      price,
      m,
    );
    deal.profit = this.realisedProfit(pos, r.volume, price);
    deal.swap = r.swap;
    this.postDeal(pos.account, deal, m);
    r.closedVolume = roundVolume(r.closedVolume + r.volume);
    r.orderType = side;
    r.volume = roundVolume(volume - r.volume);
    r.openPrice = price;
    r.openMs = m.time;
    r.updateMs = m.time;
    r.swap = 0;
    r.commission = deal.commission;
    r.dealInTicket = deal.ticket;
    r.stopLoss = order.stopLoss;
    r.takeProfit = order.takeProfit;
    this.realized.delete(pos);
    this.armStops(pos);
    m.events.push({ type: "positionUpdated", position: this.view(pos) });
  }

  private dropPosition(pos: LivePosition): void {
    const acc = pos.account;
    acc.positions.delete(pos.record.ticket);
    if (acc.bySymbol.get(pos.record.symbol) === pos) {
      acc.bySymbol.delete(pos.record.symbol);
    }
    removeEntry(pos.sl);
    removeEntry(pos.tp);
    pos.sl = undefined;
    pos.tp = undefined;
  }

  /** Applies a position event through the position table (src/broker/engine/states.ts). */
  private positionEvent(pos: LivePosition, kind: PositionEventKind): void {
    transitionPosition(pos.record, kind);
  }

  /** Closes `volume` of a position at `price` through a closing order (manual, SL, TP, SO). */
  private closeAtMarket(
    pos: LivePosition,
    volume: number,
    price: number,
    placedType: PlacedType,
    comment: string,
    m: Mutation,
    extra: {
      expertId: number;
      clientOrderId: string;
      requestId: number;
      deviation: number;
      requestedPrice: number;
    },
  ): OrderRecord {
    const r = pos.record;
    const order = this.newOrder(pos.account, pos.spec, opposite(r.orderType), volume, m, {
      price: extra.requestedPrice,
      fillPolicy: "FillOrKill",
      placedType,
      comment,
      expertId: extra.expertId,
      clientOrderId: extra.clientOrderId,
      requestId: extra.requestId,
      deviation: extra.deviation,
    });
    order.positionTicket = r.ticket;
    m.events.push({ type: "orderAdded", order: { ...order } });
    this.fill(pos.account, pos.spec, order, opposite(r.orderType), volume, price, m, pos);
    order.volumeCurrent = 0;
    this.closeRecord(order, "Filled", m);
    return order;
  }

  private newOrder(
    acc: LiveAccount,
    spec: SymbolSpec,
    type: OrderType,
    volume: number,
    m: Mutation,
    f: {
      price: number;
      fillPolicy: ConcreteFillPolicy;
      placedType: PlacedType;
      comment: string;
      expertId: number;
      stopLimitPrice?: number;
      stopLoss?: number;
      takeProfit?: number;
      clientOrderId?: string;
      requestId?: number;
      deviation?: number;
      expirationType?: ExpirationType;
      expirationMs?: number;
    },
  ): OrderRecord {
    return {
      ticket: this.ids.order(),
      login: acc.record.login,
      symbol: spec.name,
      orderType: type,
      state: "Started",
      volumeInitial: volume,
      volumeCurrent: volume,
      price: f.price,
      stopLimitPrice: f.stopLimitPrice ?? 0,
      stopLoss: f.stopLoss ?? 0,
      takeProfit: f.takeProfit ?? 0,
      fillPolicy: f.fillPolicy,
      expirationType: f.expirationType ?? "GTC",
      expirationMs: f.expirationMs ?? 0,
      setupMs: m.time,
      doneMs: 0,
      positionTicket: 0,
      positionByTicket: 0,
      deviation: f.deviation ?? 0,
      expertId: f.expertId,
      comment: f.comment,
      clientOrderId: f.clientOrderId ?? "",
      requestId: f.requestId ?? 0,
      placedType: f.placedType,
    };
  }

  /** Moves a (non-live) order record to a final state and reports it. */
  private closeRecord(order: OrderRecord, state: OrderRecord["state"], m: Mutation): void {
    transitionOrder(order, state);
    order.doneMs = m.time;
    m.events.push({ type: "orderRemoved", order: { ...order } });
  }

  /** Removes a live order from every structure and moves it to a final state. */
  private finalizeOrder(o: LiveOrder, state: OrderRecord["state"], m: Mutation): void {
    if (!FINAL_ORDER_STATES.has(state)) {
      throw new Error(`finalizeOrder needs a final state, got ${state}`);
    }
    removeEntry(o.trigger);
    removeEntry(o.expiry);
    o.trigger = undefined;
    o.expiry = undefined;
    if (o.working) {
      this.deskBook(o.account, o.spec).working.delete(o);
      o.working = false;
    }
    o.account.orders.delete(o.record.ticket);
    this.closeRecord(o.record, state, m);
  }

  /** Executes an active order at market (a triggered pending or a FlashFill remainder). */
  private executeOrder(o: LiveOrder, q: Quote, m: Mutation): void {
    const r = o.record;
    const acc = o.account;
    const spec = o.spec;
    const side: PositionSide = isBuyType(r.orderType) ? "Buy" : "Sell";
    const remaining = r.volumeCurrent;
    if (r.fillPolicy === "FillOrKill" && remaining > spec.liquidity + EPS) {
      this.finalizeOrder(o, "Cancelled", m);
      return;
    }
    const volume = Math.min(remaining, spec.liquidity);
    const existing = acc.record.marginMode === "netting" ? acc.bySymbol.get(spec.name) : undefined;
    const reduces =
      existing !== undefined &&
      existing.record.orderType !== side &&
      volume <= existing.record.volume + EPS;
    if (!reduces && !this.marginAllows(acc, spec, side, volume)) {
      this.finalizeOrder(o, "Rejected", m);
      return;
    }
    const price = this.executionPrice(spec, side, volume, q);
    this.fill(acc, spec, r, side, volume, price, m);
    r.volumeCurrent = roundVolume(remaining - volume);
    if (r.volumeCurrent <= EPS) {
      r.volumeCurrent = 0;
      this.finalizeOrder(o, "Filled", m);
    } else if (r.fillPolicy === "ImmediateOrCancel") {
      this.finalizeOrder(o, "Cancelled", m);
    } else {
      transitionOrder(r, "Partial");
      removeEntry(o.trigger);
      o.trigger = undefined;
      if (!o.working) {
        o.working = true;
        this.deskBook(acc, spec).working.add(o);
      }
      m.events.push({ type: "orderUpdated", order: { ...r } });
    }
  }

  // ───────────────────────── triggers ─────────────────────────

  /** The symbol's session book (its triggers are in the desks' books: `deskBook`). */
  private bookOf(spec: SymbolSpec): SymbolBook {
    const b = this.books.get(spec.name);
    if (!b) {
      throw new Error(`no book for ${spec.name}`);
    }
    return b;
  }

  /** The desk of `acc`'s pricing group, created (with the current quotes) on first use. */
  private deskOf(acc: LiveAccount): Desk {
    const group = pricingGroup(acc.record.group);
    let d = this.desks.get(group.name);
    if (!d) {
      const quotes = new Map<string, Quote>();
      const books = new Map<string, SymbolBook>();
      for (const s of this.specs.values()) {
        books.set(s.name, newBook(s));
      }
      d = { group, quotes, books, look: (s) => quotes.get(s) };
      for (const q of this.quotes.values()) {
        const spec = this.specs.get(q.symbol);
        if (spec) {
          this.setDeskQuote(d, spec, q);
        }
      }
      this.desks.set(group.name, d);
    }
    return d;
  }

  /** The trigger book of `spec` in `acc`'s desk. */
  private deskBook(acc: LiveAccount, spec: SymbolSpec): SymbolBook {
    const b = this.deskOf(acc).books.get(spec.name);
    if (!b) {
      throw new Error(`no book for ${spec.name}`);
    }
    return b;
  }

  private setDeskQuote(d: Desk, spec: SymbolSpec, raw: Quote): void {
    const g = groupQuote(d.group, spec, raw);
    const q = d.quotes.get(spec.name);
    if (q) {
      q.bid = g.bid;
      q.ask = g.ask;
      q.timeMs = g.timeMs;
    } else {
      d.quotes.set(spec.name, { ...g });
    }
  }

  /** Commission of a deal of `volume` lots for `acc` (its group's, plus the symbol's own). */
  private commission(acc: LiveAccount, spec: SymbolSpec, volume: number): number {
    return groupCommission(this.deskOf(acc).group, spec, volume, acc.record.currency);
  }

  private armOrder(o: LiveOrder): void {
    removeEntry(o.trigger);
    const book = this.deskBook(o.account, o.spec);
    const t: Trigger = { kind: "order", order: o };
    const r = o.record;
    switch (r.orderType) {
      case "BuyLimit":
        o.trigger = book.askDown.push(r.price, t);
        break;
      case "BuyStop":
      case "BuyStopLimit":
        o.trigger = book.askUp.push(r.price, t);
        break;
      case "SellLimit":
        o.trigger = book.bidUp.push(r.price, t);
        break;
      case "SellStop":
      case "SellStopLimit":
        o.trigger = book.bidDown.push(r.price, t);
        break;
      default:
        o.trigger = undefined;
    }
  }

  private armExpiry(o: LiveOrder): void {
    removeEntry(o.expiry);
    o.expiry = o.record.expirationMs > 0 ? this.expiries.push(o.record.expirationMs, o) : undefined;
  }

  private armStops(pos: LivePosition): void {
    removeEntry(pos.sl);
    removeEntry(pos.tp);
    pos.sl = undefined;
    pos.tp = undefined;
    const book = this.deskBook(pos.account, pos.spec);
    const r = pos.record;
    const buy = r.orderType === "Buy";
    if (r.stopLoss > 0) {
      const t: Trigger = { kind: "sl", position: pos };
      pos.sl = buy ? book.bidDown.push(r.stopLoss, t) : book.askUp.push(r.stopLoss, t);
    }
    if (r.takeProfit > 0) {
      const t: Trigger = { kind: "tp", position: pos };
      pos.tp = buy ? book.bidUp.push(r.takeProfit, t) : book.askDown.push(r.takeProfit, t);
    }
  }

  /** Pops every entry the quote has crossed, until nothing more fires. */
  private fireTriggers(book: SymbolBook, q: Quote, m: Mutation): void {
    const tol = book.spec.point / 100;
    for (let pass = 0; pass < 64; pass++) {
      let fired = false;
      let e: HeapEntry<Trigger> | undefined;
      for (e = book.askUp.peek(); e && e.key <= q.ask + tol; e = book.askUp.peek()) {
        book.askUp.pop();
        this.onTrigger(e.value, q, m);
        fired = true;
      }
      for (e = book.askDown.peek(); e && e.key >= q.ask - tol; e = book.askDown.peek()) {
        book.askDown.pop();
        this.onTrigger(e.value, q, m);
        fired = true;
      }
      for (e = book.bidUp.peek(); e && e.key <= q.bid + tol; e = book.bidUp.peek()) {
        book.bidUp.pop();
        this.onTrigger(e.value, q, m);
        fired = true;
      }
      for (e = book.bidDown.peek(); e && e.key >= q.bid - tol; e = book.bidDown.peek()) {
        book.bidDown.pop();
        this.onTrigger(e.value, q, m);
        fired = true;
      }
      if (!fired) {
        return;
      }
      // Stop-outs between passes, so a fill in one pass sees the account's real state.
      this.settleRisk(m);
    }
  }

  private onTrigger(t: Trigger, q: Quote, m: Mutation): void {
    switch (t.kind) {
      case "order": {
        const o = t.order;
        o.trigger = undefined;
        const r = o.record;
        if (r.orderType === "BuyStopLimit" || r.orderType === "SellStopLimit") {
          // The stop price is hit: the same order becomes a limit order at the stop-limit price,
          // with the Return policy (ENUM_ORDER_TYPE_FILLING; see execution.ts).
          r.orderType = r.orderType === "BuyStopLimit" ? "BuyLimit" : "SellLimit";
          r.fillPolicy = "FlashFill";
          r.price = r.stopLimitPrice;
          r.stopLimitPrice = 0;
          transitionOrder(r, "Placed");
          this.armOrder(o);
          m.events.push({ type: "orderUpdated", order: { ...r } });
          return;
        }
        this.executeOrder(o, q, m);
        return;
      }
      case "sl":
      case "tp": {
        const pos = t.position;
        if (t.kind === "sl") {
          pos.sl = undefined;
        } else {
          pos.tp = undefined;
        }
        const r = pos.record;
        if (r.state !== "Filled") {
          return;
        }
        const price = closePrice(r.orderType, q);
        const level = t.kind === "sl" ? r.stopLoss : r.takeProfit;
        const comment = `[${t.kind} ${level.toFixed(pos.spec.digits)}]`;
        this.closeAtMarket(pos, r.volume, price, t.kind === "sl" ? "OnSL" : "OnTP", comment, m, {
          expertId: r.expertId,
          clientOrderId: "",
          requestId: 0,
          deviation: 0,
          requestedPrice: 0,
        });
        return;
      }
      case "band":
        m.riskDirty.add(t.account);
        return;
      default: {
        const never: never = t;
        throw new Error(`unknown trigger ${String(never)}`);
      }
    }
  }

  // ───────────────────────── risk ─────────────────────────

  /** Runs stop-out and lays fresh risk bands for every account touched so far. */
  private settleRisk(m: Mutation): void {
    while (m.riskDirty.size > 0) {
      const first = m.riskDirty.values().next();
      if (first.done) {
        return;
      }
      const acc = first.value;
      this.stopOut(acc, m);
      m.riskDirty.delete(acc);
      this.layBands(acc);
    }
  }

  /** Closes the most losing positions first while the margin level is at or below stop-out. */
  private stopOut(acc: LiveAccount, m: Mutation): void {
    const desk = this.deskOf(acc);
    for (let guard = acc.positions.size + 1; guard > 0; guard--) {
      const fig = evaluateAccount(acc, desk.look, this.conv, true);
      if (fig.margin <= 0) {
        return;
      }
      const level = (fig.equity / fig.margin) * 100;
      if (level > acc.record.stopOutLevel) {
        return;
      }
      let worst: LivePosition | undefined;
      let worstResult = Number.POSITIVE_INFINITY;
      for (const pos of acc.positions.values()) {
        const q = desk.quotes.get(pos.record.symbol);
        if (!q || !this.tradeOpen(this.bookOf(pos.spec), m.time)) {
          continue;
        }
        const result =
          floatingProfit(pos, desk.look, this.conv, acc.record.currency) + pos.record.swap;
        if (result < worstResult) {
          worstResult = result;
          worst = pos;
        }
      }
      const q = worst ? desk.quotes.get(worst.record.symbol) : undefined;
      if (!worst || !q) {
        return;
      }
      const r = worst.record;
      this.closeAtMarket(
        worst,
        r.volume,
        closePrice(r.orderType, q),
        "OnStopOut",
        `[so ${level.toFixed(2)}%]`,
        m,
        {
          expertId: r.expertId,
          clientOrderId: "",
          requestId: 0,
          deviation: 0,
          requestedPrice: 0,
        },
      );
    }
  }

  private layBands(acc: LiveAccount): void {
    for (const e of acc.bands) {
      removeEntry(e);
    }
    acc.bands = [];
    const desk = this.deskOf(acc);
    const { bands } = riskBands(acc, desk.look, this.conv, this.specOf, acc.record.stopOutLevel);
    const t: Trigger = { kind: "band", account: acc };
    for (const b of bands) {
      const book = desk.books.get(b.symbol);
      if (!book) {
        continue;
      }
      const heap =
        b.side === "bid"
          ? b.direction === "down"
            ? book.bidDown
            : book.bidUp
          : b.direction === "down"
            ? book.askDown
            : book.askUp;
      acc.bands.push(heap.push(b.key, t));
    }
  }

  // ───────────────────────── time processing ─────────────────────────

  private begin(to?: number): Mutation {
    const m: Mutation = {
      time: this.time,
      events: [],
      deals: [],
      balanceDirty: new Set(),
      riskDirty: new Set(),
    };
    this.advance(to ?? this.clock.now(), m);
    return m;
  }

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
        this.finalizeOrder(exp.value, "Expired", m);
      } else {
        this.rollover(this.nextRollover, m);
        this.nextRollover = nextServerDayStart(this.nextRollover);
      }
    }
    this.time = to;
    m.time = to;
  }

  /** Daily swap at 00:00 server time for the server day that just ended. */
  private rollover(at: number, m: Mutation): void {
    const endedWeekday = serverWeekday(at - 1);
    for (const acc of this.accounts.values()) {
      if (acc.positions.size === 0) {
        continue;
      }
      for (const pos of acc.positions.values()) {
        const spec = pos.spec;
        if (spec.swapMode === "disabled" || !spec.swapDays.includes(endedWeekday)) {
          continue;
        }
        const q = this.deskOf(acc).quotes.get(spec.name);
        if (!q) {
          continue;
        }
        const r = pos.record;
        const days = spec.tripleSwapDay === endedWeekday ? 3 : 1;
        const raw = dailySwap(spec, r.orderType, r.volume, r.openPrice, q) * days;
        const ccy = swapCurrency(spec);
        const look = this.deskOf(acc).look;
        const converted =
          ccy === undefined ? raw : convertMoney(this.conv, raw, ccy, acc.record.currency, look);
        if (converted === undefined) {
          continue;
        }
        const amount = roundMoney(converted);
        if (amount === 0) {
          continue;
        }
        this.positionEvent(pos, "swap");
        r.swap = roundMoney(r.swap + amount);
        r.updateMs = at;
        m.events.push({ type: "positionUpdated", position: this.view(pos) });
      }
      m.riskDirty.add(acc);
    }
  }

  private finish(m: Mutation): void {
    this.settleRisk(m);
    for (const acc of m.balanceDirty) {
      m.events.push({ type: "accountChanged", account: { ...acc.record } });
    }
    m.balanceDirty.clear();
  }

  // ───────────────────────── helpers ─────────────────────────

  private rejected(m: Mutation, r: Rejection): Rejected {
    return { ...r, events: m.events };
  }

  private tradeOpen(book: SymbolBook, t: number): boolean {
    if (t >= book.sessionUntilMs || t < book.sessionUntilMs - 60_000) {
      book.sessionOpen = isTradeSessionOpen(book.spec, t);
      // Server offsets are whole hours, so UTC minutes are server minutes.
      book.sessionUntilMs = t - (((t % 60_000) + 60_000) % 60_000) + 60_000;
    }
    return book.sessionOpen;
  }

  private convertible(acc: LiveAccount, spec: SymbolSpec): boolean {
    const cur = acc.record.currency;
    const look = this.deskOf(acc).look;
    return (
      rateOf(this.conv, spec.profitCurrency, cur, look) !== undefined &&
      rateOf(this.conv, spec.marginCurrency, cur, look) !== undefined
    );
  }

  private findPosition(
    login: number,
    ticket: number,
  ): { ok: true; position: LivePosition } | Rejection {
    const acc = this.accounts.get(login);
    if (!acc) {
      return reject("INVALID", `unknown account ${login}`);
    }
    const position = acc.positions.get(ticket);
    if (!position) {
      return reject("POSITION_NOT_EXISTS", `position ${ticket} does not exist`);
    }
    return { ok: true, position };
  }

  private findOrder(login: number, ticket: number): { ok: true; order: LiveOrder } | Rejection {
    const acc = this.accounts.get(login);
    if (!acc) {
      return reject("INVALID", `unknown account ${login}`);
    }
    const order = acc.orders.get(ticket);
    if (!order) {
      return reject("INVALID_ORDER", `order ${ticket} does not exist`);
    }
    return { ok: true, order };
  }

  private bookBalance(
    acc: LiveAccount,
    kind: "balance" | "credit",
    amount: number,
    comment: string,
    m: Mutation,
  ): DealRecord {
    const deal: DealRecord = {
      ticket: this.ids.deal(),
      login: acc.record.login,
      orderTicket: 0,
      positionTicket: 0,
      symbol: "",
      type: kind === "balance" ? "DealBalance" : "DealCredit",
      entry: "DealEntryIn",
      volume: 0,
      price: 0,
      profit: amount,
      swap: 0,
      commission: 0,
      fee: 0,
      comment,
      timeMs: m.time,
      expertId: 0,
      placedType: "ByDealer",
    };
    if (kind === "balance") {
      acc.record.balance = roundMoney(acc.record.balance + amount);
    } else {
      acc.record.credit = roundMoney(acc.record.credit + amount);
    }
    m.deals.push(deal);
    m.events.push({ type: "dealAdded", deal: { ...deal } });
    m.balanceDirty.add(acc);
    m.riskDirty.add(acc);
    return deal;
  }

  /** A copy of a position record with its current floating profit and price. */
  private view(pos: LivePosition): PositionRecord {
    const r = pos.record;
    const desk = this.deskOf(pos.account);
    const q = desk.quotes.get(r.symbol);
    if (r.state !== "Filled" || !q) {
      return { ...r };
    }
    return {
      ...r,
      profit: roundMoney(floatingProfit(pos, desk.look, this.conv, pos.account.record.currency)),
      priceCurrent: closePrice(r.orderType, q),
    };
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
