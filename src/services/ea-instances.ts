// EA instances on accounts (spec §2.9, ARCHITECTURE §5 "EAs, client side", §7): start (inputs
// validated against the EA's input_params, one running EA per account, init snapshot built from
// the account's session), stop (OnDeinit), status with a live tick_count, recent logs, resuming
// the instances that were running when the service stopped, and the TradeGateway the EA host pool
// calls for OrderSend/OrderSendAsync/OrderCheck/HistorySelect.
//
// Data flow: the session manager forwards the ticks of the EA's symbol (`sessions.watch`) and the
// account's trade/account events; each tick goes to `pool.dispatch` with a snapshot delta (tick,
// forming bar, and whatever positions/orders/account/deals changed since the last event); the pool
// coalesces ticks while a handler runs.
//
// Tick values (SYMBOL_TRADE_TICK_VALUE/_PROFIT/_LOSS) are in the deposit currency and move with
// the conversion quotes, so the instance also watches the conversion legs of every profit
// currency (services/tick-values.ts: for a USD account USDJPY, USDCHF, GBPUSD, USDCAD, AUDUSD,
// EURUSD); a leg's tick only queues the new tick values of the symbols it converts (a `symbols`
// delta, delivered with the next event), so the runtime reads current values without knowing
// the conversion rules, which stay the engine's (`tickValuesIn`). Trade events also run OnTradeTransaction / OnTrade when
// the program defines them. Trade calls go through the same SessionManager methods as REST orders
// (expertId = the request's magic, placedType ByExpert) and answer with an MqlTradeResult and a
// fresh snapshot. A sandbox violation (pool onInstanceError) ends the instance with status
// `error` and the pool's describeFailure text as `last_error`. Trade requests count against the
// EA's and the account's trade rate (refused: retcode 10024, never sent) and orders against the
// account's cap on pending orders (10033); an EA that keeps being refused is stopped likewise.
//
// Instance rows are operational state (status, tick_count, times, last_error); the money state is
// the broker's. Logs are kept in memory only (bounded per instance).
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type {
  Bar,
  BrokerAccount,
  DealRecord,
  OrderRecord,
  PositionRecord,
  Quote,
  TradeOutcome,
} from "../broker/connector.ts";
import {
  EA_ACTIVE_STATES,
  EA_INITIAL_STATE,
  type EaInstanceStatus,
  type EaLifecycleEvent,
  type EaLifecycleState,
  eaTransition,
  eaVisibleStatus,
  isEaActive,
} from "../domain/ea-lifecycle.ts";
import { AppError, validationError } from "../domain/errors.ts";
import {
  describeRateLimit,
  RETCODE_TOO_MANY_REQUESTS,
  type RefusalKind,
  type RefusalWindow,
  refusalKindOf,
  refusalTripMessage,
  type TradeLimits,
} from "../domain/trade-limits.ts";
import {
  createEaHostPool,
  type EaHostPool,
  type EaHostPoolOptions,
  type InstanceInfo,
  type TradeAnswer,
  type TradeCall,
  type TradeGateway,
} from "../ea/host-pool.ts";
import { type Completion, DEFAULT_LIMITS, type SandboxLimits } from "../ea/protocol.ts";
import { describeFailure } from "../ea/sandbox-types.ts";
import {
  dealToWire,
  mqlRequestToOperation,
  orderToWire,
  positionToWire,
  quoteToWireTick,
  RETCODE,
  serverSecondsToUtcMs,
  symbolToWire,
  type TradeOperation,
  tickValuesToWire,
  utcToServerMs,
} from "../ea/trade-translation.ts";
import { serverOffsetMinutes } from "../mt5/server-time.ts";
import { TIMEFRAMES, type Timeframe } from "../mt5/vocabulary.ts";
import type { SessionEvent } from "../sessions/contract.ts";
import type { SessionManager } from "../sessions/manager.ts";
import {
  accounts,
  type EaInputParamRow,
  type EaInstanceRow,
  type EaRow,
  eaInstances,
  eaLogs,
} from "../storage/schema/index.ts";
import type { EaEventData } from "../streaming/messages.ts";
import type { AccountService } from "./accounts.ts";
import type { ServiceDeps } from "./deps.ts";
import type { EaService } from "./eas.ts";
import type { KeyPrincipal } from "./keys.ts";
import type { OrderJournalService } from "./order-journal.ts";
import { AccountTickValues } from "./tick-values.ts";
import type { RunningEaSource } from "./usage.ts";

/** Chart timeframes an EA may run on: every MT5 timeframe the service serves bars for. */
export const EA_TIMEFRAMES = TIMEFRAMES;
export type EaTimeframe = Timeframe;

/** EA status on an account (spec §2.9); `stopped_at` is "" while the instance runs. */
export interface EaStatusView {
  readonly instance_id: string;
  readonly ea_id: string;
  readonly symbol: string;
  readonly timeframe: string;
  readonly status: EaInstanceStatus;
  readonly tick_count: number;
  readonly last_error: string;
  readonly started_at: string;
  readonly stopped_at: string;
  readonly inputs: Record<string, InputValue>;
}

export interface EaLogLine {
  /** ISO 8601 UTC. */
  readonly time: string;
  /** info | alert | warn | error */
  readonly level: string;
  readonly message: string;
}

export type InputValue = string | number | boolean;

export interface EaStartRequest {
  readonly ea_id: string;
  readonly symbol: string;
  readonly timeframe: EaTimeframe;
  readonly inputs?: Record<string, unknown>;
}

/** Where EA status changes and log lines are published (the WebSocket hub's `ea` channel). */
export interface EaEventPublisher {
  publishEa(accountId: string, data: EaEventData): void;
}

export interface EaInstanceOptions {
  readonly sessions: SessionManager;
  readonly accounts: AccountService;
  readonly eas: EaService;
  /** The order journal: EA orders are journaled and reconciled like REST orders. */
  readonly journal?: OrderJournalService | undefined;
  /**
   * Trade rate per account and per EA instance, and the cap on pending orders (shared with the
   * REST trading service). None when omitted.
   */
  readonly tradeLimits?: TradeLimits | undefined;
  /** Counts each instance's refused trade requests (10024, 10033); a trip stops the instance. */
  readonly refusals?: RefusalWindow | undefined;
  /** Bars of the EA's symbol/timeframe sent with OnInit. Default 300. */
  readonly initBars?: number;
  /** Log lines kept per instance. Default 1000. */
  readonly logLines?: number;
  /** How often tick counts are persisted, ms. Default 5000. */
  readonly flushMs?: number;
  /** Longest wait for an account's session when resuming after a restart, ms. Default 60000. */
  readonly resumeWaitMs?: number;
}

type Json = Record<string, unknown>;

interface FormingBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  tick_volume: number;
  spread: number;
  real_volume: number;
}

/** One instance the service is running (or ran since it started). */
interface Live {
  readonly id: string;
  readonly accountId: string;
  readonly eaId: string;
  readonly symbol: string;
  readonly timeframe: EaTimeframe;
  readonly inputs: Record<string, InputValue>;
  readonly handlers: ReadonlySet<string>;
  readonly startedAt: Date;
  /** The lifecycle state (src/domain/ea-lifecycle.ts); the API shows eaVisibleStatus of it. */
  status: EaLifecycleState;
  tickCount: number;
  persistedTicks: number;
  lastError: string;
  stoppedAt: Date | null;
  login: number;
  point: number;
  positions: Map<number, PositionRecord>;
  orders: Map<number, OrderRecord>;
  /** Snapshot delta not yet delivered to the sandbox. */
  pending: Json;
  bar: FormingBar | null;
  lastQuote: Quote | null;
  /** The conversion quotes the tick values depend on, and the values they give. */
  tickValues: AccountTickValues;
  logs: EaLogLine[];
}

/** The symbols an instance watches: its own and the conversion legs of its tick values. */
function watchedSymbols(live: Live): string[] {
  return [...new Set([live.symbol, ...live.tickValues.legs()])];
}

/** MQL5 ENUM_TRADE_TRANSACTION_TYPE values. */
const TRANSACTION = {
  ORDER_ADD: 0,
  ORDER_UPDATE: 1,
  ORDER_DELETE: 2,
  DEAL_ADD: 6,
  POSITION: 9,
} as const;

const TIMEFRAME_SECONDS: Partial<Record<EaTimeframe, number>> = {
  M1: 60,
  M5: 300,
  M15: 900,
  M30: 1800,
  H1: 3600,
  H4: 14_400,
  D1: 86_400,
};

/** Open time (server seconds) of the `timeframe` bar holding server time `t` (seconds). */
export function barOpenTime(timeframe: EaTimeframe, t: number): number {
  const step = TIMEFRAME_SECONDS[timeframe];
  if (step !== undefined) {
    return Math.floor(t / step) * step;
  }
  if (timeframe === "W1") {
    // Weeks start on Sunday 00:00 server time; 1970-01-04 was a Sunday.
    const sunday = 3 * 86_400;
    return Math.floor((t - sunday) / 604_800) * 604_800 + sunday;
  }
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
}

const isRecord = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const errorText = (err: unknown): string =>
  err instanceof Error ? err.message : String(err ?? "unknown error");

/**
 * BrokerAccount → WireAccount (the runtime's AccountInfo* source); `limitOrders` is
 * ACCOUNT_LIMIT_ORDERS (0 = no limit).
 */
export function brokerAccountToWire(a: BrokerAccount, limitOrders = 0): Json {
  return {
    login: a.login,
    balance: a.balance,
    credit: a.credit,
    profit: a.profit,
    equity: a.equity,
    margin: a.margin,
    margin_free: a.freeMargin,
    margin_level: a.marginLevel,
    leverage: a.leverage,
    limit_orders: limitOrders,
    margin_so_mode: 0,
    trade_allowed: a.tradeAllowed,
    trade_expert: true,
    trade_mode: 0,
    margin_mode: a.marginMode === "hedging" ? 2 : 0,
    currency_digits: 2,
    fifo_close: false,
    currency: a.currency,
    name: a.name,
    server: a.server,
    company: a.company,
  };
}

/** Broker bar (UTC ms) → MqlRates (server seconds). */
export function barToRates(b: Bar): FormingBar {
  return {
    time: Math.floor(utcToServerMs(b.timeMs) / 1000),
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
    tick_volume: b.tickVolume,
    spread: b.spread,
    real_volume: 0,
  };
}

/** A session TradeOutcome → MqlTradeResult fields. */
export function outcomeToMql(o: TradeOutcome, quote: Quote | null): Json {
  const bid = quote?.bid ?? 0;
  const ask = quote?.ask ?? 0;
  if (!o.ok) {
    return {
      retcode: o.retcode,
      deal: 0,
      order: 0,
      volume: 0,
      price: 0,
      bid,
      ask,
      comment: o.message,
      request_id: 0,
      retcode_external: 0,
    };
  }
  const deal = o.deals.find((d) => d.type === "DealBuy" || d.type === "DealSell");
  const volume = o.deals.reduce((s, d) => s + d.volume, 0);
  return {
    retcode: o.retcode,
    deal: deal?.ticket ?? 0,
    order: o.order?.ticket ?? deal?.orderTicket ?? 0,
    volume: deal ? Math.round(volume * 1e8) / 1e8 : (o.order?.volumeInitial ?? 0),
    price: deal?.price ?? o.order?.price ?? 0,
    bid,
    ask,
    comment: deal ? "Request executed" : o.retcode === 10008 ? "Request placed" : "Done",
    request_id: 0,
    retcode_external: 0,
  };
}

const DATETIME_TEXT = /^\d{4}\.\d{2}\.\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const RGB_TEXT = /^\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*$/;
const COLOR_NAME = /^clr[A-Za-z]+$/;

/**
 * Checks start inputs against the EA's input_params: names must exist, values must fit the MQL5
 * type. Returns the values to pass to the runtime (which coerces them as docs/ea-format.md says).
 */
export function validateInputs(
  params: readonly EaInputParamRow[],
  inputs: Record<string, unknown> | undefined,
): Record<string, InputValue> {
  const out: Record<string, InputValue> = {};
  const byName = new Map(params.map((p) => [p.name, p]));
  for (const [name, value] of Object.entries(inputs ?? {})) {
    const field = `inputs.${name}`;
    const p = byName.get(name);
    if (!p) {
      const known = params.map((x) => x.name).join(", ");
      throw validationError(
        field,
        known ? `unknown input; this EA's inputs are ${known}` : "this EA declares no inputs",
      );
    }
    out[name] = checkInput(field, p, value);
  }
  return out;
}

function numeric(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v)) {
    return v;
  }
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) {
    return Number(v);
  }
  return undefined;
}

function checkInput(field: string, p: EaInputParamRow, value: unknown): InputValue {
  switch (p.type) {
    case "int": {
      const n = numeric(value);
      if (n === undefined || !Number.isSafeInteger(n)) {
        throw validationError(field, "expected an integer (int input)");
      }
      return n;
    }
    case "double": {
      const n = numeric(value);
      if (n === undefined) {
        throw validationError(field, "expected a number (double input)");
      }
      return n;
    }
    case "bool":
      if (typeof value === "boolean") {
        return value;
      }
      if (value === "true" || value === 1 || value === "1") {
        return true;
      }
      if (value === "false" || value === 0 || value === "0") {
        return false;
      }
      throw validationError(field, "expected true or false (bool input)");
    case "string":
      if (typeof value !== "string" || value.length > 10_000) {
        throw validationError(field, "expected a string of at most 10000 characters");
      }
      return value;
    case "datetime":
      if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) {
        return value;
      }
      if (typeof value === "string" && DATETIME_TEXT.test(value)) {
        return value;
      }
      throw validationError(
        field,
        'expected seconds or "yyyy.mm.dd [hh:mi[:ss]]" (datetime input)',
      );
    case "color":
      if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 0xffffff) {
        return value;
      }
      if (typeof value === "string" && (COLOR_NAME.test(value) || validRgb(value))) {
        return value;
      }
      throw validationError(field, 'expected a colour name (clrRed), "r,g,b" or a number');
    case "enum": {
      const members = p.enumValues ?? [];
      if (typeof value === "number" && Number.isInteger(value)) {
        return value;
      }
      if (typeof value === "string" && (members.length === 0 || members.includes(value))) {
        return value;
      }
      throw validationError(
        field,
        `expected one of ${members.join(", ")}${p.enum ? ` (${p.enum})` : ""}`,
      );
    }
    default:
      throw validationError(field, `input type ${p.type} is not supported`);
  }
}

function validRgb(v: string): boolean {
  return RGB_TEXT.test(v) && v.split(",").every((x) => Number(x) <= 255);
}

/** RunningEaSource over the ea_instances table: running instances per key of an admin. */
export function dbRunningEas(deps: Pick<ServiceDeps, "db">): RunningEaSource {
  return {
    async runningByKey(adminId) {
      const rows = await deps.db
        .select({ keyId: accounts.keyId, n: sql<number>`count(*)::int` })
        .from(eaInstances)
        .innerJoin(accounts, eq(accounts.id, eaInstances.accountId))
        .where(and(eq(accounts.adminId, adminId), eq(eaInstances.status, "running")))
        .groupBy(accounts.keyId);
      return new Map(rows.map((r) => [r.keyId, Number(r.n)]));
    },
  };
}

export class EaInstanceService implements TradeGateway {
  private pool: EaHostPool | null = null;
  private limits: SandboxLimits = DEFAULT_LIMITS;
  private publisher: EaEventPublisher | null = null;
  private readonly live = new Map<string, Live>();
  /** accountId → the instance occupying it (starting/running), or a reservation while starting. */
  private readonly byAccount = new Map<string, string>();
  /** accountId → the latest instance run since the service started (logs and status). */
  private readonly lastOf = new Map<string, string>();
  /** Log lines not yet written to ea_logs (flushed with the periodic flush and before reads). */
  private logQueue: Array<{
    instanceId: string;
    accountId: string;
    at: Date;
    level: string;
    message: string;
  }> = [];
  private flushTimer: ReturnType<typeof setInterval> | null = null;
  private closing = false;
  private readonly initBars: number;
  private readonly logLines: number;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly opts: EaInstanceOptions,
  ) {
    this.initBars = opts.initBars ?? 300;
    this.logLines = opts.logLines ?? 1000;
    opts.sessions.onEvent((accountId, event) => this.onSessionEvent(accountId, event));
    opts.eas.setStopper((eaId) => this.stopAllOf(eaId));
  }

  /** Connects the host pool (created with this service as its gateway). */
  attach(pool: EaHostPool, limits: Partial<SandboxLimits> = {}): void {
    this.pool = pool;
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    pool.onInstanceError((info) => this.onPoolError(info));
    pool.onEvent((instanceId, eventType, completion) =>
      this.onPoolEvent(instanceId, eventType, completion),
    );
    this.flushTimer ??= setInterval(() => void this.flush(), this.opts.flushMs ?? 5000);
    if (typeof this.flushTimer === "object" && "unref" in this.flushTimer) {
      this.flushTimer.unref();
    }
  }

  /** Publishes status changes and log lines (the WebSocket `ea` channel). */
  setPublisher(publisher: EaEventPublisher): void {
    this.publisher = publisher;
  }

  /** The pending snapshot delta of an instance (attached to timer events by the pool). */
  takeSnapshot(instanceId: string): Json | undefined {
    const l = this.live.get(instanceId);
    if (!l || Object.keys(l.pending).length === 0) {
      return undefined;
    }
    const delta = l.pending;
    l.pending = {};
    return delta;
  }

  // ───────────────────────────── API ─────────────────────────────

  async start(
    principal: KeyPrincipal,
    accountId: string,
    req: EaStartRequest,
  ): Promise<EaStatusView> {
    const account = await this.opts.accounts.load(principal, accountId);
    const ea = await this.opts.eas.loadRunnable(principal, req.ea_id);
    const inputs = validateInputs(ea.inputParams, req.inputs);
    if (this.byAccount.has(account.id)) {
      throw new AppError(
        "EA_ALREADY_RUNNING",
        "An EA is already running on this account; stop it first",
      );
    }
    const pool = this.requirePool();
    const status = this.opts.sessions.statusOf(account.id);
    if (status !== "connected") {
      throw new AppError(
        "SESSION_NOT_CONNECTED",
        `The account is not connected to its broker (session ${status})`,
        { session_status: status },
      );
    }
    const reservation = `reserved:${crypto.randomUUID()}`;
    this.byAccount.set(account.id, reservation);
    let live: Live;
    let init: Json;
    try {
      const prepared = await this.prepare(account.id, ea, req.symbol, req.timeframe);
      init = prepared.init;
      const now = new Date(this.deps.clock.now());
      const [row] = await this.deps.db
        .insert(eaInstances)
        .values({
          accountId: account.id,
          eaId: ea.id,
          symbol: req.symbol,
          timeframe: req.timeframe,
          inputs,
          status: eaVisibleStatus(EA_INITIAL_STATE),
          startedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) {
        throw new AppError("INTERNAL_ERROR", "the EA instance could not be stored");
      }
      live = this.newLive(row, ea, prepared);
    } catch (err) {
      this.byAccount.delete(account.id);
      throw err;
    }
    this.byAccount.set(account.id, live.id);
    await this.launch(pool, live, ea, init);
    return this.view(live);
  }

  async stop(principal: KeyPrincipal, accountId: string): Promise<EaStatusView> {
    const account = await this.opts.accounts.load(principal, accountId);
    const id = this.byAccount.get(account.id);
    const live = id ? this.live.get(id) : undefined;
    if (!live) {
      throw new AppError("EA_NOT_FOUND", "No EA is running on this account");
    }
    await this.stopLive(live);
    return this.view(live);
  }

  /** The running or last instance of the account, or null if none ever ran. */
  async status(principal: KeyPrincipal, accountId: string): Promise<EaStatusView | null> {
    const account = await this.opts.accounts.load(principal, accountId);
    const id = this.byAccount.get(account.id) ?? this.lastOf.get(account.id);
    const live = id ? this.live.get(id) : undefined;
    if (live) {
      return this.view(live);
    }
    const [row] = await this.deps.db
      .select()
      .from(eaInstances)
      .where(eq(eaInstances.accountId, account.id))
      .orderBy(desc(eaInstances.startedAt), desc(eaInstances.createdAt))
      .limit(1);
    return row ? this.rowView(row) : null;
  }

  /** Recent log lines of the running or last instance (newest last). */
  async logs(principal: KeyPrincipal, accountId: string, limit = 100): Promise<EaLogLine[]> {
    const account = await this.opts.accounts.load(principal, accountId);
    await this.flushLogs();
    let id = this.byAccount.get(account.id) ?? this.lastOf.get(account.id);
    if (!id) {
      // After a restart: the account's latest instance.
      const [row] = await this.deps.db
        .select({ id: eaInstances.id })
        .from(eaInstances)
        .where(eq(eaInstances.accountId, account.id))
        .orderBy(desc(eaInstances.startedAt))
        .limit(1);
      id = row?.id;
    }
    if (!id) {
      return [];
    }
    const rows = await this.deps.db
      .select()
      .from(eaLogs)
      .where(eq(eaLogs.instanceId, id))
      .orderBy(desc(eaLogs.id))
      .limit(Math.max(1, limit));
    return rows
      .reverse()
      .map((r) => ({ time: r.at.toISOString(), level: r.level, message: r.message }));
  }

  /** Writes queued log lines in one insert and keeps the newest lines per instance. */
  private async flushLogs(): Promise<void> {
    if (this.logQueue.length === 0) {
      return;
    }
    const batch = this.logQueue;
    this.logQueue = [];
    const db = this.deps.db;
    for (let i = 0; i < batch.length; i += 500) {
      await db.insert(eaLogs).values(batch.slice(i, i + 500));
    }
    for (const instanceId of new Set(batch.map((l) => l.instanceId))) {
      const [cut] = await db
        .select({ id: eaLogs.id })
        .from(eaLogs)
        .where(eq(eaLogs.instanceId, instanceId))
        .orderBy(desc(eaLogs.id))
        .offset(this.logLines)
        .limit(1);
      if (cut) {
        await db
          .delete(eaLogs)
          .where(and(eq(eaLogs.instanceId, instanceId), lte(eaLogs.id, cut.id)));
      }
    }
  }

  /** Stops every running instance of an EA (before the EA is deleted). */
  async stopAllOf(eaId: string): Promise<void> {
    const running = [...this.live.values()].filter((l) => l.eaId === eaId && isEaActive(l.status));
    await Promise.all(running.map((l) => this.stopLive(l)));
  }

  /**
   * Starts again the instances that were running when the service stopped. Each waits (bounded)
   * for its account's session; one that cannot come back ends with status `error`.
   */
  async resume(): Promise<number> {
    const pool = this.pool;
    if (!pool) {
      return 0;
    }
    const rows = await this.deps.db
      .select()
      .from(eaInstances)
      .where(inArray(eaInstances.status, [...EA_ACTIVE_STATES]));
    for (const row of rows) {
      void this.resumeOne(pool, row).catch((err: unknown) => {
        this.deps.logger.error({ instanceId: row.id, err: errorText(err) }, "EA resume failed");
      });
    }
    return rows.length;
  }

  /** Persists tick counts and stops listening; statuses stay so that running instances resume. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.flushTimer) {
      clearInterval(this.flushTimer);
      this.flushTimer = null;
    }
    await this.flush();
  }

  // ───────────────────────────── TradeGateway ─────────────────────────────

  async call(call: TradeCall): Promise<TradeAnswer> {
    const live = this.live.get(call.instanceId);
    if (!live || !isEaActive(live.status)) {
      return { error: "the EA instance is not running" };
    }
    const sessions = this.opts.sessions;
    try {
      if (call.kind === "HistorySelect") {
        const from = numberOf(call.payload.from);
        const to = numberOf(call.payload.to);
        const deals = await sessions.call(live.accountId, "deals", {
          from: serverSecondsToUtcMs(from),
          to: serverSecondsToUtcMs(to),
        });
        return { deals: deals.map(dealToWire), orders: [] };
      }
      const t = mqlRequestToOperation(call.payload, { login: live.login, placedType: "ByExpert" });
      if (!t.ok) {
        return { result: { retcode: t.retcode, comment: t.comment } };
      }
      if (call.kind === "OrderCheck" && t.operation.op === "sendOrder") {
        // New deals and pending orders: the broker validates and values them without executing.
        const c = await sessions.call(live.accountId, "checkOrder", {
          request: withoutLogin(t.operation.request),
        });
        return {
          result: c.ok
            ? {
                retcode: 0,
                balance: c.balance,
                equity: c.equity,
                profit: c.profit,
                margin: c.margin,
                margin_free: c.freeMargin,
                margin_level: c.marginLevel,
                comment: "Done",
              }
            : { retcode: c.retcode, comment: c.message },
        };
      }
      if (call.kind === "OrderCheck") {
        // Modifications, closes and deletions add no margin: the account as it stands.
        const a = await sessions.call(live.accountId, "summary");
        return {
          result: {
            retcode: 0,
            balance: a.balance,
            equity: a.equity,
            profit: a.profit,
            margin: a.margin,
            margin_free: a.freeMargin,
            margin_level: a.marginLevel,
            comment: "Done",
          },
        };
      }
      // A trade request for the broker: counted against the EA's and the account's trade rate
      // first; a refused one is neither journaled nor sent.
      const admission = this.opts.tradeLimits?.rate.admit(live.accountId, live.id);
      if (admission && !admission.allowed) {
        this.noteRefusal(live, "rate");
        return {
          result: refusedResult(
            live,
            RETCODE_TOO_MANY_REQUESTS,
            `too many trade requests: the limit is ${describeRateLimit(admission.scope, admission.limit)}`,
          ),
        };
      }
      const outcome = await this.sendOperation(live.accountId, t.operation);
      if (!outcome.ok) {
        const kind = refusalKindOf(outcome.retcode);
        if (kind) {
          this.noteRefusal(live, kind);
        }
      }
      const snapshot = await this.refreshSnapshot(live);
      if (outcome.ok) {
        snapshot.deals = outcome.deals.map(dealToWire);
      }
      return { result: outcomeToMql(outcome, live.lastQuote), snapshot };
    } catch (err) {
      const code = err instanceof AppError ? err.code : "INTERNAL_ERROR";
      // TRADE_RETCODE_CONNECTION (10031) when the session is down, else TRADE_RETCODE_ERROR.
      const retcode =
        code === "SESSION_NOT_CONNECTED" || code === "BROKER_UNAVAILABLE" ? 10031 : RETCODE.ERROR;
      return { result: refusedResult(live, retcode, errorText(err)) };
    }
  }

  // ───────────────────────────── internals ─────────────────────────────

  /** ACCOUNT_LIMIT_ORDERS: the cap on an account's pending orders (0 = none). */
  private get limitOrders(): number {
    return this.opts.tradeLimits?.maxPendingOrders ?? 0;
  }

  /**
   * Counts a refused trade request (10024 or 10033) of the instance; past the allowance the
   * instance is stopped with status `error` and the reason as `last_error`.
   */
  private noteRefusal(live: Live, kind: RefusalKind): void {
    const trip = this.opts.refusals?.record(live.id, kind);
    if (!trip || !isEaActive(live.status) || this.closing) {
      return;
    }
    live.lastError = refusalTripMessage(trip);
    this.addLog(live, "error", live.lastError);
    // The handler that made the request is still waiting for its answer: the pool stops the
    // sandbox (OnDeinit) once that handler returns; its further requests are refused meanwhile.
    void this.transition(live, "crash").catch((err: unknown) => {
      this.deps.logger.error({ instanceId: live.id, err: errorText(err) }, "EA status not saved");
    });
    void this.pool?.stop(live.id);
  }

  private requirePool(): EaHostPool {
    if (!this.pool) {
      throw new AppError("BROKER_UNAVAILABLE", "The EA runtime is not running on this server");
    }
    return this.pool;
  }

  /** Reads what OnInit needs from the account's session. */
  private async prepare(
    accountId: string,
    ea: EaRow,
    symbol: string,
    timeframe: EaTimeframe,
  ): Promise<{
    init: Json;
    login: number;
    point: number;
    positions: PositionRecord[];
    orders: OrderRecord[];
    bar: FormingBar | null;
    quote: Quote | null;
    tickValues: AccountTickValues;
  }> {
    const s = this.opts.sessions;
    const specs = await s.call(accountId, "symbols");
    const spec = specs.find((x) => x.name === symbol);
    if (!spec) {
      throw new AppError("SYMBOL_NOT_FOUND", `Symbol '${symbol}' is not offered by this broker`);
    }
    const now = this.deps.clock.now();
    const [account, positions, orders, quote, bars, deals] = await Promise.all([
      s.call(accountId, "summary"),
      s.call(accountId, "positions"),
      s.call(accountId, "orders"),
      s.call(accountId, "quote", { symbol }),
      s.call(accountId, "bars", { symbol, timeframe, query: { count: this.initBars } }),
      s
        .call(accountId, "deals", {
          from: now - 30 * 86_400_000,
          to: now + 86_400_000,
        })
        .catch(() => [] as DealRecord[]),
    ]);
    const tickValues = await AccountTickValues.load(specs, account.currency, (leg) =>
      s.call(accountId, "quote", { symbol: leg }),
    );
    const rates = bars.map(barToRates);
    const timeMs = quote?.timeMs ?? now;
    const snapshot: Json = {
      time: utcToServerMs(timeMs),
      gmtOffset: serverOffsetMinutes(timeMs) * 60,
      symbols: specs.map((x) => symbolToWire(x, tickValues.of(x))),
      account: brokerAccountToWire(account, this.limitOrders),
      positions: positions.map(positionToWire),
      orders: orders.map(orderToWire),
      ...(quote ? { tick: quoteToWireTick(quote) } : {}),
    };
    this.deps.logger.debug({ ea: ea.id, accountId, bars: rates.length }, "EA init snapshot");
    return {
      init: {
        snapshot,
        history: {
          bars: [{ symbol, timeframe, rates, replace: true }],
          deals: deals.slice(-1000).map(dealToWire),
        },
      },
      login: account.login,
      point: spec.point,
      positions,
      orders,
      bar: rates[rates.length - 1] ?? null,
      quote,
      tickValues,
    };
  }

  private newLive(
    row: EaInstanceRow,
    ea: EaRow,
    prepared: {
      login: number;
      point: number;
      positions: PositionRecord[];
      orders: OrderRecord[];
      bar: FormingBar | null;
      quote: Quote | null;
      tickValues: AccountTickValues;
    },
  ): Live {
    const live: Live = {
      id: row.id,
      accountId: row.accountId,
      eaId: row.eaId,
      symbol: row.symbol,
      timeframe: toTimeframe(row.timeframe),
      inputs: row.inputs,
      handlers: new Set(ea.eventHandlers),
      startedAt: row.startedAt,
      status: EA_INITIAL_STATE,
      tickCount: row.tickCount,
      persistedTicks: row.tickCount,
      lastError: "",
      stoppedAt: null,
      login: prepared.login,
      point: prepared.point,
      positions: new Map(prepared.positions.map((p) => [p.ticket, p])),
      orders: new Map(prepared.orders.map((o) => [o.ticket, o])),
      pending: {},
      bar: prepared.bar,
      lastQuote: prepared.quote,
      tickValues: prepared.tickValues,
      logs: [],
    };
    this.live.set(live.id, live);
    const previous = this.lastOf.get(live.accountId);
    if (previous && previous !== live.id) {
      this.live.delete(previous);
    }
    this.lastOf.set(live.accountId, live.id);
    return live;
  }

  /** Runs OnInit in the pool; on success the instance is running and receives ticks. */
  private async launch(pool: EaHostPool, live: Live, ea: EaRow, init: Json): Promise<void> {
    this.publishStatus(live);
    const c = await pool.start({
      instanceId: live.id,
      programJs: ea.programJs,
      meta: {
        symbol: live.symbol,
        timeframe: live.timeframe,
        inputs: live.inputs,
        maxBars: 5000,
      },
      init,
    });
    if (live.status !== "starting") {
      return; // failed meanwhile (onPoolError) or stopped
    }
    const info = pool.status(live.id);
    if (info?.status === "running" && c.result === "ok") {
      this.opts.sessions.watch(live.accountId, watchedSymbols(live), `ea:${live.id}`);
      await this.transition(live, "started");
      return;
    }
    if (info?.status === "stopped" || info?.status === "stopping") {
      await this.transition(live, "stopped"); // the pool stopped it (ExpertRemove, closing)
      return;
    }
    live.lastError =
      info?.lastError ?? describeFailure(c, this.limits) ?? "the EA could not be started";
    await this.transition(live, "crash");
  }

  private async resumeOne(pool: EaHostPool, row: EaInstanceRow): Promise<void> {
    const ea = await this.opts.eas.byId(row.eaId);
    const fail = async (message: string) => {
      const from = toStatus(row.status);
      const next = eaTransition(from, "crash");
      if (next === null) {
        this.deps.logger.error(
          { instanceId: row.id, from, event: "crash" },
          "illegal EA instance transition refused",
        );
        return;
      }
      await this.deps.db
        .update(eaInstances)
        .set({
          status: eaVisibleStatus(next),
          lastError: message,
          stoppedAt: new Date(this.deps.clock.now()),
          updatedAt: new Date(this.deps.clock.now()),
        })
        .where(eq(eaInstances.id, row.id));
    };
    if (ea?.status !== "ready") {
      await fail("could not resume after a restart: the EA is no longer available");
      return;
    }
    if (this.byAccount.has(row.accountId)) {
      await fail("could not resume after a restart: another EA was started on the account");
      return;
    }
    this.byAccount.set(row.accountId, `reserved:${row.id}`);
    try {
      const deadline = this.deps.clock.now() + (this.opts.resumeWaitMs ?? 60_000);
      while (this.opts.sessions.statusOf(row.accountId) !== "connected") {
        if (this.closing || this.deps.clock.now() > deadline) {
          throw new Error(`the account's session is ${this.opts.sessions.statusOf(row.accountId)}`);
        }
        await Bun.sleep(250);
      }
      const prepared = await this.prepare(
        row.accountId,
        ea,
        row.symbol,
        toTimeframe(row.timeframe),
      );
      const live = this.newLive(row, ea, prepared);
      this.byAccount.set(row.accountId, live.id);
      this.addLog(live, "info", "resumed after a service restart");
      await this.launch(pool, live, ea, prepared.init);
    } catch (err) {
      this.byAccount.delete(row.accountId);
      await fail(`could not resume after a restart: ${errorText(err)}`);
    }
  }

  private async stopLive(live: Live): Promise<void> {
    if (!isEaActive(live.status)) {
      return;
    }
    const pool = this.pool;
    await this.transition(live, "stop");
    if (pool) {
      await pool.stop(live.id);
    }
    if (live.status === "stopping") {
      await this.transition(live, "stopped");
    }
  }

  /**
   * Applies a lifecycle event; when the API's status changes, persists the row and publishes the
   * change. An event the lifecycle table refuses is logged and changes nothing.
   */
  private async transition(live: Live, event: EaLifecycleEvent): Promise<void> {
    const from = live.status;
    const next = eaTransition(from, event);
    if (next === null) {
      this.deps.logger.error(
        { instanceId: live.id, from, event },
        "illegal EA instance transition refused",
      );
      return;
    }
    live.status = next;
    if (isEaActive(from) && !isEaActive(next)) {
      live.stoppedAt = new Date(this.deps.clock.now());
      this.opts.tradeLimits?.rate.forgetEa(live.id);
      this.opts.refusals?.forget(live.id);
      this.opts.sessions.unwatch(live.accountId, watchedSymbols(live), `ea:${live.id}`);
      if (this.byAccount.get(live.accountId) === live.id) {
        this.byAccount.delete(live.accountId);
      }
    }
    if (eaVisibleStatus(next) === eaVisibleStatus(from)) {
      return; // stopping → stopped: the API shows it stopped already
    }
    this.publishStatus(live);
    await this.persist(live);
  }

  private async persist(live: Live): Promise<boolean> {
    const ticks = live.tickCount;
    const updated = await this.deps.db
      .update(eaInstances)
      .set({
        status: eaVisibleStatus(live.status),
        tickCount: ticks,
        lastError: live.lastError,
        stoppedAt: live.stoppedAt,
        updatedAt: new Date(this.deps.clock.now()),
      })
      .where(eq(eaInstances.id, live.id))
      .returning({ id: eaInstances.id });
    live.persistedTicks = ticks;
    return updated.length > 0;
  }

  /** Periodic: persist tick counts and log lines, drop instances whose row is gone. */
  private async flush(): Promise<void> {
    await this.flushLogs().catch((err: unknown) =>
      this.deps.logger.warn({ err: errorText(err) }, "EA log flush failed"),
    );
    for (const live of this.live.values()) {
      if (live.status !== "running") {
        continue;
      }
      if (live.tickCount === live.persistedTicks) {
        continue;
      }
      try {
        const exists = await this.persist(live);
        if (!exists && !this.closing) {
          // The account (or the EA) was deleted: the run has nowhere to trade.
          await this.stopLive(live);
        }
      } catch (err) {
        this.deps.logger.warn({ instanceId: live.id, err: errorText(err) }, "EA flush failed");
      }
    }
  }

  private onPoolError(info: InstanceInfo): void {
    const live = this.live.get(info.instanceId);
    if (!live || !isEaActive(live.status) || this.closing) {
      return;
    }
    live.lastError = info.lastError ?? "the EA stopped with an error";
    this.addLog(live, "error", `stopped: ${live.lastError}`);
    void this.transition(live, "crash").catch((err: unknown) => {
      this.deps.logger.error({ instanceId: live.id, err: errorText(err) }, "EA status not saved");
    });
  }

  private onPoolEvent(instanceId: string, _eventType: string, c: Completion): void {
    const live = this.live.get(instanceId);
    if (!live) {
      return;
    }
    const outcome = c.result === "ok" ? c.outcome : c.result === "error" ? c.outcome : undefined;
    if (!outcome) {
      return;
    }
    for (const line of outcome.logs) {
      const utcMs = serverSecondsToUtcMs(line.time / 1000);
      this.addLog(live, line.level, line.text, Number.isFinite(utcMs) ? utcMs : undefined);
    }
    if (outcome.logsDropped) {
      this.addLog(
        live,
        "warn",
        `${outcome.logsDropped} log lines dropped (limit ${this.limits.logLinesPerSecond} per second)`,
      );
    }
  }

  private addLog(live: Live, level: string, message: string, atMs?: number): void {
    const at = new Date(atMs ?? this.deps.clock.now());
    const line: EaLogLine = { time: at.toISOString(), level, message };
    this.logQueue.push({ instanceId: live.id, accountId: live.accountId, at, level, message });
    live.logs.push(line);
    if (live.logs.length > this.logLines) {
      live.logs.splice(0, live.logs.length - this.logLines);
    }
    this.publisher?.publishEa(live.accountId, {
      kind: "log",
      instance_id: live.id,
      level,
      message,
      time: line.time,
    });
  }

  private publishStatus(live: Live): void {
    this.publisher?.publishEa(live.accountId, {
      kind: "status",
      instance_id: live.id,
      ea_id: live.eaId,
      symbol: live.symbol,
      timeframe: live.timeframe,
      status: eaVisibleStatus(live.status),
      last_error: live.lastError,
    });
  }

  private onSessionEvent(accountId: string, event: SessionEvent): void {
    if (this.closing) {
      return; // a closed service leaves running instances alone (they resume after restart)
    }
    const id = this.byAccount.get(accountId);
    const live = id ? this.live.get(id) : undefined;
    if (live?.status !== "running" || !this.pool) {
      return;
    }
    switch (event.kind) {
      case "tick": {
        const quote = event.quote;
        this.onConversionQuote(live, quote);
        if (quote.symbol === live.symbol) {
          this.onTick(live, quote);
        }
        return;
      }
      case "trade":
        this.onTrade(live, event.events);
        return;
      case "account":
        live.pending.account = brokerAccountToWire(event.account, this.limitOrders);
        return;
      case "session":
      case "removed":
        return; // nothing for a running instance to forward
      default: {
        const _unhandled: never = event; // a new event kind must be handled here
        return;
      }
    }
  }

  /**
   * A conversion leg's quote: queues the new tick values of the symbols it converts, and the
   * leg's own quote (SymbolInfoDouble(leg, SYMBOL_BID/ASK) reads it, as in MT5's Market Watch).
   */
  private onConversionQuote(live: Live, quote: Quote): void {
    const moved = live.tickValues.setQuote(quote);
    if (moved.length === 0) {
      return;
    }
    // One queued entry per symbol, newer fields over older ones.
    const queued = new Map<string, Json>();
    for (const x of Array.isArray(live.pending.symbols) ? live.pending.symbols : []) {
      if (isRecord(x) && typeof x.name === "string") {
        queued.set(x.name, x);
      }
    }
    const merge = (name: string, fields: Json) =>
      queued.set(name, { ...queued.get(name), name, ...fields });
    merge(quote.symbol, { tick: quoteToWireTick(quote) });
    for (const spec of moved) {
      merge(spec.name, tickValuesToWire(live.tickValues.of(spec)));
    }
    live.pending.symbols = [...queued.values()];
  }

  private onTick(live: Live, quote: Quote): void {
    live.lastQuote = quote;
    live.tickCount += 1;
    const serverMs = utcToServerMs(quote.timeMs);
    const open = barOpenTime(live.timeframe, Math.floor(serverMs / 1000));
    const spread = live.point > 0 ? Math.round((quote.ask - quote.bid) / live.point) : 0;
    const bar = live.bar;
    if (bar && bar.time === open) {
      bar.high = Math.max(bar.high, quote.bid);
      bar.low = Math.min(bar.low, quote.bid);
      bar.close = quote.bid;
      bar.tick_volume += 1;
    } else if (!bar || open > bar.time) {
      live.bar = {
        time: open,
        open: quote.bid,
        high: quote.bid,
        low: quote.bid,
        close: quote.bid,
        tick_volume: 1,
        spread,
        real_volume: 0,
      };
    }
    const snapshot: Json = {
      ...this.takeSnapshot(live.id),
      time: serverMs,
      tick: quoteToWireTick(quote),
      ...(live.bar
        ? { bars: [{ symbol: live.symbol, timeframe: live.timeframe, rates: [{ ...live.bar }] }] }
        : {}),
    };
    this.dispatch(live, { type: "tick", snapshot });
  }

  private onTrade(live: Live, events: unknown[]): void {
    const transactions: Json[] = [];
    const deals: Json[] = [];
    for (const ev of events) {
      if (!isRecord(ev)) {
        continue;
      }
      const tx = this.applyTradeEvent(live, ev);
      if (tx) {
        transactions.push(tx);
      }
      if (ev.type === "dealAdded" && isRecord(ev.deal)) {
        deals.push(dealToWire(ev.deal as unknown as DealRecord));
      }
    }
    live.pending.positions = [...live.positions.values()].map(positionToWire);
    live.pending.orders = [...live.orders.values()].map(orderToWire);
    if (deals.length > 0) {
      const before = Array.isArray(live.pending.deals) ? live.pending.deals : [];
      live.pending.deals = [...before, ...deals];
    }
    if (live.handlers.has("OnTradeTransaction")) {
      for (const transaction of transactions) {
        this.dispatch(live, {
          type: "tradeTransaction",
          snapshot: this.takeSnapshot(live.id) ?? {},
          transaction,
          request: {},
          result: {},
        });
      }
    }
    if (live.handlers.has("OnTrade") && transactions.length > 0) {
      this.dispatch(live, { type: "trade", snapshot: this.takeSnapshot(live.id) ?? {} });
    }
  }

  /** Updates the instance's position/order mirror; returns the MqlTradeTransaction, if any. */
  private applyTradeEvent(live: Live, ev: Json): Json | undefined {
    const type = ev.type;
    if (
      (type === "positionOpened" || type === "positionUpdated" || type === "positionClosed") &&
      isRecord(ev.position)
    ) {
      const p = ev.position as unknown as PositionRecord;
      if (type === "positionClosed") {
        live.positions.delete(p.ticket);
      } else {
        live.positions.set(p.ticket, p);
      }
      return {
        type: TRANSACTION.POSITION,
        symbol: p.symbol,
        position: p.ticket,
        volume: p.volume,
        price: p.openPrice,
        price_sl: p.stopLoss,
        price_tp: p.takeProfit,
      };
    }
    if (
      (type === "orderAdded" || type === "orderUpdated" || type === "orderRemoved") &&
      isRecord(ev.order)
    ) {
      const o = ev.order as unknown as OrderRecord;
      const open = type !== "orderRemoved" && (o.state === "Placed" || o.state === "Partial");
      if (open) {
        live.orders.set(o.ticket, o);
      } else {
        live.orders.delete(o.ticket);
      }
      const wire = orderToWire(o);
      return {
        type:
          type === "orderAdded"
            ? TRANSACTION.ORDER_ADD
            : type === "orderUpdated"
              ? TRANSACTION.ORDER_UPDATE
              : TRANSACTION.ORDER_DELETE,
        order: o.ticket,
        symbol: o.symbol,
        order_type: wire.type,
        order_state: wire.state,
        time_type: wire.type_time,
        time_expiration: wire.time_expiration,
        price: o.price,
        price_trigger: o.stopLimitPrice,
        price_sl: o.stopLoss,
        price_tp: o.takeProfit,
        volume: o.volumeCurrent,
        position: o.positionTicket,
        position_by: o.positionByTicket,
      };
    }
    if (type === "dealAdded" && isRecord(ev.deal)) {
      const d = dealToWire(ev.deal as unknown as DealRecord);
      return {
        type: TRANSACTION.DEAL_ADD,
        deal: d.ticket,
        order: d.order,
        symbol: d.symbol,
        deal_type: d.type,
        price: d.price,
        volume: d.volume,
        position: d.position_id,
      };
    }
    return undefined;
  }

  private dispatch(live: Live, event: Json): void {
    const pool = this.pool;
    if (!pool) {
      return;
    }
    void pool.dispatch(live.id, event).then(() => {
      // ExpertRemove() stops the instance inside the pool. A pool closing under a closed
      // service (shutdown) stops its sandboxes too: that is no ExpertRemove, and the instance
      // stays running in storage so that it resumes.
      const info = pool.status(live.id);
      if (live.status === "running" && info?.status === "stopped" && !this.closing) {
        void this.transition(live, "stopped");
      }
    });
  }

  /** Sends an EA's trade operation to the account's session (orders are journaled first). */
  private async sendOperation(accountId: string, op: TradeOperation): Promise<TradeOutcome> {
    const sessions = this.opts.sessions;
    switch (op.op) {
      case "sendOrder": {
        const request = withoutLogin(op.request);
        const journal = this.opts.journal;
        const limitOrders = this.limitOrders;
        return journal
          ? (
              await journal.sendJournaled(accountId, request, (sent) =>
                sessions.call(accountId, "sendOrder", { request: sent, limitOrders }),
              )
            ).outcome
          : sessions.call(accountId, "sendOrder", { request, limitOrders });
      }
      case "closePosition":
        return sessions.call(accountId, op.op, withoutLogin(op.request));
      case "modifyPosition":
        return sessions.call(accountId, op.op, withoutLogin(op.request));
      case "modifyOrder":
        return sessions.call(accountId, op.op, withoutLogin(op.request));
      case "cancelOrder":
        return sessions.call(accountId, op.op, withoutLogin(op.request));
      case "closeBy":
        return sessions.call(accountId, op.op, withoutLogin(op.request));
      default: {
        const unhandled: never = op;
        throw new Error(`unknown trade operation ${JSON.stringify(unhandled)}`);
      }
    }
  }

  /** Fresh positions/orders/account after a trade call (also refreshes the mirror). */
  private async refreshSnapshot(live: Live): Promise<Json> {
    const s = this.opts.sessions;
    const [positions, orders, account] = await Promise.all([
      s.call(live.accountId, "positions"),
      s.call(live.accountId, "orders"),
      s.call(live.accountId, "summary"),
    ]);
    live.positions = new Map(positions.map((p) => [p.ticket, p]));
    live.orders = new Map(orders.map((o) => [o.ticket, o]));
    return {
      positions: positions.map(positionToWire),
      orders: orders.map(orderToWire),
      account: brokerAccountToWire(account, this.limitOrders),
    };
  }

  private view(live: Live): EaStatusView {
    return {
      instance_id: live.id,
      ea_id: live.eaId,
      symbol: live.symbol,
      timeframe: live.timeframe,
      status: eaVisibleStatus(live.status),
      tick_count: live.tickCount,
      last_error: live.lastError,
      started_at: live.startedAt.toISOString(),
      stopped_at: live.stoppedAt ? live.stoppedAt.toISOString() : "",
      inputs: live.inputs,
    };
  }

  private rowView(row: EaInstanceRow): EaStatusView {
    return {
      instance_id: row.id,
      ea_id: row.eaId,
      symbol: row.symbol,
      timeframe: row.timeframe,
      status: toStatus(row.status),
      tick_count: row.tickCount,
      last_error: row.lastError,
      started_at: row.startedAt.toISOString(),
      stopped_at: row.stoppedAt ? row.stoppedAt.toISOString() : "",
      inputs: row.inputs,
    };
  }
}

/** The MqlTradeResult of a request that did not reach the broker (refused, or the link down). */
function refusedResult(live: Live, retcode: number, comment: string): Json {
  return {
    retcode,
    deal: 0,
    order: 0,
    volume: 0,
    price: 0,
    bid: live.lastQuote?.bid ?? 0,
    ask: live.lastQuote?.ask ?? 0,
    comment,
    request_id: 0,
    retcode_external: 0,
  };
}

function numberOf(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** The request without its login (the session's account is implied) and undefined fields. */
function withoutLogin<T extends { login: number }>(request: T): Omit<T, "login"> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(request)) {
    if (k !== "login" && v !== undefined) {
      out[k] = v;
    }
  }
  return out as Omit<T, "login">;
}

function toTimeframe(v: string): EaTimeframe {
  const found = EA_TIMEFRAMES.find((t) => t === v);
  return found ?? "H1";
}

function toStatus(v: string): EaInstanceStatus {
  return v === "starting" || v === "running" || v === "stopped" ? v : "error";
}

/**
 * Creates the EA host pool with the configured limits, answering trade calls through `service`,
 * and attaches it. `workDir` holds the bundled host script (DATA_DIR/tmp in the service).
 */
export async function startEaPool(
  service: EaInstanceService,
  deps: Pick<ServiceDeps, "config" | "logger">,
  workDir: string,
  extra: Partial<EaHostPoolOptions> = {},
): Promise<EaHostPool> {
  const limits: Partial<SandboxLimits> = {
    memoryMb: deps.config.eaMemoryMb,
    wallMs: deps.config.eaHandlerMs,
    logLinesPerSecond: deps.config.eaLogLinesPerSec,
    ...extra.limits,
  };
  const pool = await createEaHostPool({
    hosts: deps.config.eaHosts,
    gateway: service,
    logger: deps.logger,
    workDir,
    timerSnapshot: (id) => service.takeSnapshot(id),
    ...extra,
    limits,
  });
  service.attach(pool, limits);
  return pool;
}
