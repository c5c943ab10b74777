// The demo broker: the trading engine, the price feed and the broker's store put together as one
// simulated trade server. Every mutation runs on the engine (synchronously, in arrival order),
// its events are committed through the store, and only then is the caller answered and the
// events published — so nothing is acknowledged before it is durable. Time comes from an
// injected clock, so the same broker runs on wall time or simulated time.
import { randomBytes, randomInt } from "node:crypto";
import { formatServerTime, serverOffsetMinutes, serverZoneName } from "../../mt5/server-time.ts";
import { DEMO_COMPANY, DEMO_SERVERS } from "../directory.ts";
import {
  type CloseByRequest,
  type ClosePositionRequest,
  createEngine,
  createTicketSequence,
  type ModifyOrderRequest,
  type ModifyPositionRequest,
  type OrderCheckResult,
  type TradeResult,
  type TradingEngine,
} from "../engine/index.ts";
import type {
  AccountMarginMode,
  AccountSummary,
  DealRecord,
  EngineEvent,
  OrderRecord,
  OrderRequest,
  PositionRecord,
  Quote,
} from "../engine/types.ts";
import {
  type Bar,
  type BarStore,
  createSyntheticFeed,
  DEFAULT_MAX_TICKS_PER_SECOND,
  DEFAULT_TICK_INTENSITY,
  getProfile,
  MarketFeed,
  ReplayFeed,
  type ReplaySeries,
  replayHistory,
  type TickSource,
  type Timeframe,
} from "../feed/index.ts";
import {
  DEFAULT_GROUP,
  findGroup,
  groupQuote,
  listGroups,
  markupSplit,
  pricingGroup,
} from "../groups.ts";
import type { BrokerStore, StoredAccount } from "../storage/store.ts";
import { getSymbol, isQuoteSessionOpen, listSymbols, type SymbolSpec } from "../symbols.ts";

/** The demo broker's default limit of active pending orders per account (MT5 servers have one). */
export const DEFAULT_LIMIT_ORDERS = 500;

export interface BrokerClock {
  now(): number;
}

export interface DemoBrokerOptions {
  readonly store: BrokerStore;
  readonly clock: BrokerClock;
  /** Feed seed; default: the stored one, or a new random one stored on first start. */
  readonly seed?: number;
  /** Days of M1 history back-filled at start (default 30). */
  readonly historyDays?: number;
  /** Cap of ticks per symbol per second, averaged over a minute (default 10; replay too). */
  readonly maxTicksPerSecond?: number;
  /** Scale on the synthetic feed's measured tick intensity (default 1 = as recorded). */
  readonly tickIntensity?: number;
  /** Active pending orders per account before LIMIT_ORDERS (10033); 0 = none (default 500). */
  readonly limitOrders?: number;
  /**
   * Replay recorded M1 bars instead of the synthetic feed (the clock must then run on the
   * recording's time: see `replayClock`). Only these symbols quote.
   */
  readonly replay?: { readonly series: readonly ReplaySeries[]; readonly startMs: number };
}

/** Builds a replay series for a catalog symbol from parsed MT4 bars (spread from its profile). */
export function replaySeries(symbol: string, bars: ReplaySeries["bars"]): ReplaySeries {
  const spec = getSymbol(symbol);
  if (!spec) {
    throw new Error(`replay: unknown symbol '${symbol}'`);
  }
  return {
    symbol,
    digits: spec.digits,
    bars,
    spreadPoints: getProfile(symbol)?.spreadPoints ?? 10,
  };
}

/** The servers of the demo company and their account margin modes. */
export const DEMO_SERVER_MODES: Readonly<Record<string, AccountMarginMode>> = {
  [DEMO_SERVERS.hedging]: "hedging",
  [DEMO_SERVERS.netting]: "netting",
};

export interface DemoAccountRequest {
  server?: string;
  group?: string;
  leverage?: number;
  currency?: string;
  deposit?: number;
  name?: string;
}

export interface DemoAccountCreated {
  login: number;
  password: string;
  investor_password: string;
  server: string;
  company: string;
  group: string;
  leverage: number;
  currency: string;
  balance: number;
  margin_mode: AccountMarginMode;
}

export interface AccountInfo extends AccountSummary {
  name: string;
  server: string;
  company: string;
  group: string;
  /** Margin call and stop-out levels, margin level percent (MT5 ACCOUNT_MARGIN_SO_CALL/_SO_SO). */
  marginCallLevel: number;
  stopOutLevel: number;
}

export type BrokerFailure = { ok: false; reason: string; retcode: number; message: string };

const ACCOUNT_CURRENCIES = new Set(["USD", "EUR", "GBP", "JPY", "CHF", "AUD", "CAD"]);
const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

function newPassword(): string {
  const bytes = randomBytes(12);
  let out = "";
  for (const b of bytes) {
    out += PASSWORD_ALPHABET[b % PASSWORD_ALPHABET.length];
  }
  return out;
}

const hashPassword = (pw: string) =>
  Bun.password.hash(pw, { algorithm: "argon2id", memoryCost: 4096, timeCost: 2 });

type Listener<T> = (value: T) => void;

export class DemoBroker {
  private readonly credentials = new Map<number, StoredAccount>();
  private readonly tickListeners: Listener<Quote[]>[] = [];
  private readonly eventListeners: Listener<EngineEvent[]>[] = [];
  private nextLogin: number;
  private stepping = false;

  private constructor(
    readonly engine: TradingEngine,
    readonly market: MarketFeed,
    private readonly store: BrokerStore,
    private readonly clock: BrokerClock,
    accounts: StoredAccount[],
  ) {
    for (const a of accounts) {
      this.credentials.set(a.login, a);
    }
    this.nextLogin = Math.max(100_000, ...accounts.map((a) => a.login)) + 1;
  }

  static async start(opts: DemoBrokerOptions): Promise<DemoBroker> {
    const { store, clock } = opts;
    const restored = await store.restore();
    let seed = opts.seed ?? (await store.getMeta<number>("feed.seed"));
    if (seed === null || seed === undefined) {
      seed = randomInt(1, 2 ** 31 - 1);
    }
    await store.setMeta("feed.seed", seed);
    const now = clock.now();
    let feed: TickSource;
    let history: BarStore;
    const maxTicksPerSecond = opts.maxTicksPerSecond ?? DEFAULT_MAX_TICKS_PER_SECOND;
    if (opts.replay) {
      const options = {
        series: opts.replay.series,
        startMs: opts.replay.startMs,
        seed,
        maxTicksPerSecond,
      };
      feed = new ReplayFeed(options);
      history = replayHistory(options, opts.replay.startMs);
    } else {
      ({ feed, history } = createSyntheticFeed({
        seed,
        startMs: now,
        historyDays: opts.historyDays ?? 30,
        maxTicksPerSecond,
        tickIntensity: opts.tickIntensity ?? DEFAULT_TICK_INTENSITY,
        isQuoteOpen: (symbol, utcMs) => {
          const spec = getSymbol(symbol);
          return spec ? isQuoteSessionOpen(spec, utcMs) : false;
        },
      }));
    }
    const market = new MarketFeed(feed, history);
    const engine = createEngine({
      clock,
      ids: createTicketSequence(restored.maxOrderTicket + 1, restored.maxDealTicket + 1),
      limitOrders: opts.limitOrders ?? DEFAULT_LIMIT_ORDERS,
    });
    // Seed quotes from the last history close of each symbol so prices exist from the start.
    const quotes: Quote[] = [];
    for (const spec of listSymbols()) {
      const last = history.query(spec.name, "M1", { count: 1 })[0];
      if (last) {
        const spread = Math.max(1, last.spread) * spec.point;
        quotes.push({
          symbol: spec.name,
          bid: last.close,
          ask: Number((last.close + spread).toFixed(spec.digits)),
          timeMs: Math.min(now, last.timeMs + 59_000),
        });
      }
    }
    engine.restore({
      accounts: restored.accounts.map((a) => a.record),
      positions: restored.positions,
      orders: restored.orders,
      quotes,
      timeMs: now,
    });
    return new DemoBroker(engine, market, store, clock, restored.accounts);
  }

  /** Called with the ticks of each step, after their effects are committed. */
  onTicks(listener: Listener<Quote[]>): void {
    this.tickListeners.push(listener);
  }

  /** Called with committed engine events (all accounts). */
  onEvents(listener: Listener<EngineEvent[]>): void {
    this.eventListeners.push(listener);
  }

  private publish(events: EngineEvent[]): void {
    if (events.length === 0) {
      return;
    }
    for (const l of this.eventListeners) {
      l(events);
    }
  }

  /** Commits, then publishes; a failed commit stops the broker (its state is no longer durable). */
  private async commit(events: EngineEvent[]): Promise<void> {
    try {
      await this.store.commit(events);
    } catch (err) {
      process.stderr.write(`demo broker: commit failed, stopping: ${(err as Error).message}\n`);
      process.exit(70);
    }
    this.publish(events);
  }

  /**
   * Advances the feed to the clock's now: applies every tick to the engine (pending triggers,
   * SL/TP, stop-out), processes expirations and rollovers, commits, then publishes.
   */
  async step(): Promise<void> {
    if (this.stepping) {
      return;
    }
    this.stepping = true;
    try {
      const now = this.clock.now();
      const { ticks } = this.market.advance(now);
      const events: EngineEvent[] = [];
      for (const tick of ticks) {
        for (const e of this.engine.applyTick(tick).events) {
          events.push(e);
        }
      }
      for (const e of this.engine.advanceTo(now).events) {
        events.push(e);
      }
      await this.commit(events);
      if (ticks.length > 0) {
        for (const l of this.tickListeners) {
          l(ticks);
        }
      }
    } finally {
      this.stepping = false;
    }
  }

  // --- accounts ---------------------------------------------------------------------------

  async createDemoAccount(req: DemoAccountRequest): Promise<DemoAccountCreated | BrokerFailure> {
    const server = req.server ?? DEMO_SERVERS.hedging;
    const marginMode = DEMO_SERVER_MODES[server];
    if (!marginMode) {
      return {
        ok: false,
        reason: "INVALID",
        retcode: 10013,
        message: `unknown server '${server}'`,
      };
    }
    const currency = (req.currency ?? "USD").toUpperCase();
    if (!ACCOUNT_CURRENCIES.has(currency)) {
      return {
        ok: false,
        reason: "INVALID",
        retcode: 10013,
        message: `unsupported currency '${currency}' (${[...ACCOUNT_CURRENCIES].join(", ")})`,
      };
    }
    const leverage = req.leverage ?? 100;
    const deposit = req.deposit ?? 10_000;
    const group = req.group ?? DEFAULT_GROUP;
    if (!findGroup(group)) {
      return {
        ok: false,
        reason: "INVALID",
        retcode: 10013,
        message: `unknown group '${group}' (${listGroups()
          .map((g) => g.name)
          .join(", ")})`,
      };
    }
    const login = this.nextLogin++;
    const password = newPassword();
    const investorPassword = newPassword();
    const result = this.engine.createAccount({
      login,
      name: req.name ?? `Demo ${login}`,
      group,
      currency,
      leverage,
      marginMode,
      deposit,
    });
    if (!result.ok) {
      return { ok: false, reason: result.reason, retcode: result.retcode, message: result.message };
    }
    const stored: StoredAccount = {
      login,
      server,
      masterHash: await hashPassword(password),
      investorHash: await hashPassword(investorPassword),
      record: result.account,
    };
    await this.store.insertAccount(stored, result.events);
    this.credentials.set(login, stored);
    this.publish(result.events);
    return {
      login,
      password,
      investor_password: investorPassword,
      server,
      company: DEMO_COMPANY,
      group,
      leverage,
      currency,
      balance: result.account.balance,
      margin_mode: marginMode,
    };
  }

  /** Checks a login: master password → trading, investor password → read-only; else null. */
  async authenticate(
    login: number,
    password: string,
    server?: string,
  ): Promise<{ trade: boolean; server: string } | null> {
    const account = this.credentials.get(login);
    if (!account || (server !== undefined && server !== "" && server !== account.server)) {
      await hashPassword(password); // same cost as a wrong password
      return null;
    }
    if (await Bun.password.verify(password, account.masterHash)) {
      return { trade: true, server: account.server };
    }
    if (await Bun.password.verify(password, account.investorHash)) {
      return { trade: false, server: account.server };
    }
    return null;
  }

  accountInfo(login: number): AccountInfo | undefined {
    const summary = this.engine.summary(login);
    const record = this.engine.account(login);
    const stored = this.credentials.get(login);
    if (!summary || !record || !stored) {
      return undefined;
    }
    return {
      ...summary,
      name: record.name,
      server: stored.server,
      company: DEMO_COMPANY,
      group: record.group,
      marginCallLevel: record.marginCallLevel,
      stopOutLevel: record.stopOutLevel,
    };
  }

  // --- market data ------------------------------------------------------------------------

  symbols(): readonly SymbolSpec[] {
    return listSymbols();
  }

  /** The group whose prices `login` sees (the default group's for an unknown login). */
  groupOf(login: number | null): string {
    return (login === null ? undefined : this.engine.account(login)?.group) ?? DEFAULT_GROUP;
  }

  /** The quote of `symbol` as accounts of `group` see it (groups.ts). */
  quote(symbol: string, group: string = DEFAULT_GROUP): Quote | undefined {
    return this.engine.quote(symbol, group);
  }

  /** A feed tick (raw prices) as accounts of `group` see it. */
  groupTick(tick: Quote, group: string): Quote {
    const spec = getSymbol(tick.symbol);
    return spec ? groupQuote(pricingGroup(group), spec, tick) : tick;
  }

  /** Bid bars of `symbol` as accounts of `group` see them: the raw bars moved by the markup. */
  bars(
    symbol: string,
    timeframe: Timeframe,
    query: { from?: number; to?: number; count?: number },
    group: string = DEFAULT_GROUP,
  ): Bar[] {
    const raw = this.market.bars(symbol, timeframe, {
      ...(query.from !== undefined ? { fromMs: query.from } : {}),
      ...(query.to !== undefined ? { toMs: query.to } : {}),
      ...(query.count !== undefined ? { count: query.count } : {}),
    });
    const spec = getSymbol(symbol);
    const [below, above] = spec ? markupSplit(pricingGroup(group), spec) : [0, 0];
    if (!spec || below + above === 0) {
      return raw;
    }
    const down = (x: number) => Number((x - below * spec.point).toFixed(spec.digits));
    return raw.map((b) => ({
      ...b,
      open: down(b.open),
      high: down(b.high),
      low: down(b.low),
      close: down(b.close),
      spread: b.spread + below + above,
    }));
  }

  serverTime(): { time_ms: number; server_time: string; offset_minutes: number; zone: string } {
    const now = this.clock.now();
    return {
      time_ms: now,
      server_time: formatServerTime(now),
      offset_minutes: serverOffsetMinutes(now),
      zone: serverZoneName(now),
    };
  }

  // --- account reads ----------------------------------------------------------------------

  positions(login: number): PositionRecord[] {
    return this.engine.positions(login);
  }

  orders(login: number): OrderRecord[] {
    return this.engine.orders(login);
  }

  async deals(login: number, fromMs: number, toMs: number): Promise<DealRecord[]> {
    await this.store.drain();
    return this.store.deals(login, fromMs, toMs);
  }

  async dealsOfPosition(login: number, position: number): Promise<DealRecord[]> {
    await this.store.drain();
    return this.store.dealsOfPosition(login, position);
  }

  async historyOrders(login: number, fromMs: number, toMs: number): Promise<OrderRecord[]> {
    await this.store.drain();
    return this.store.historyOrders(login, fromMs, toMs);
  }

  async closedPositions(login: number, fromMs: number, toMs: number): Promise<PositionRecord[]> {
    await this.store.drain();
    return this.store.closedPositions(login, fromMs, toMs);
  }

  /**
   * A dealer operation (MT5 manager's deposit, withdrawal, credit in/out): a DealBalance or
   * DealCredit deal, placedType ByDealer; a margin level it leaves at or below the stop-out level
   * stops the account out at once. Committed and published like a trade.
   */
  async dealerOperation(
    login: number,
    kind: "balance" | "credit",
    amount: number,
    comment?: string,
  ): Promise<ReturnType<TradingEngine["balanceOperation"]>> {
    const result = this.engine.balanceOperation({
      login,
      kind,
      amount,
      ...(comment !== undefined ? { comment } : {}),
    });
    await this.commit(result.events);
    return result;
  }

  // --- trading (each answer only after its events are committed) --------------------------

  private async settle(result: TradeResult): Promise<TradeResult> {
    await this.commit(result.events);
    return result;
  }

  /** OrderCheck: validates and values an order without executing it (nothing to commit). */
  checkOrder(login: number, req: Omit<OrderRequest, "login">): OrderCheckResult {
    return this.engine.checkOrder({ ...req, login });
  }

  sendOrder(login: number, req: Omit<OrderRequest, "login">): Promise<TradeResult> {
    return this.settle(this.engine.sendOrder({ ...req, login }));
  }

  modifyPosition(login: number, req: Omit<ModifyPositionRequest, "login">): Promise<TradeResult> {
    return this.settle(this.engine.modifyPosition({ ...req, login }));
  }

  modifyOrder(login: number, req: Omit<ModifyOrderRequest, "login">): Promise<TradeResult> {
    return this.settle(this.engine.modifyOrder({ ...req, login }));
  }

  closePosition(login: number, req: Omit<ClosePositionRequest, "login">): Promise<TradeResult> {
    return this.settle(this.engine.closePosition({ ...req, login }));
  }

  cancelOrder(login: number, ticket: number): Promise<TradeResult> {
    return this.settle(this.engine.cancelOrder({ login, ticket }));
  }

  closeBy(login: number, req: Omit<CloseByRequest, "login">): Promise<TradeResult> {
    return this.settle(this.engine.closeBy({ ...req, login }));
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}
