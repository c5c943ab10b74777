/**
 * Wire shapes between the EA host and the runtime inside the isolate.
 *
 * Owns: the TypeScript types of the JSON the host passes to `__tas.load` / `__tas.dispatch` and of
 * the outcome JSON they return, the payloads of `__host_call`, and tolerant readers that turn
 * parsed JSON (`unknown`) into those types. Everything here is plain data; times are MQL5
 * `datetime` seconds unless the field name ends in `_msc` / `Ms`.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import type { WireCalendar } from "./calendar.ts";
import type { ChartDelta, ChartState } from "./chart.ts";
import type { AlertEntry } from "./notify.ts";
import type { StorageDelta, WireStorage } from "./storage.ts";

/** A quote (MqlTick on the wire). */
export interface WireTick {
  /** Seconds since 1970 (server time). */
  time: number;
  bid: number;
  ask: number;
  last: number;
  volume: number;
  /** Milliseconds since 1970 (server time). */
  time_msc: number;
  /** TICK_FLAG_* bit set. */
  flags: number;
  volume_real: number;
}

/** Symbol specification; every field optional in a delta, merged by `name`. */
export interface WireSymbol {
  name: string;
  digits: number;
  point: number;
  contract_size: number;
  volume_min: number;
  volume_max: number;
  volume_step: number;
  volume_limit: number;
  /** Points. */
  stops_level: number;
  /** Points. */
  freeze_level: number;
  tick_size: number;
  /** Deposit-currency value of one tick per lot (SYMBOL_TRADE_TICK_VALUE = the profit value). */
  tick_value: number;
  /**
   * Deposit-currency value of one tick in the position's favour / against it, per lot: MT5
   * converts a profit and a loss at different sides of the conversion pair. They move with the
   * conversion quotes: the host sends fresh values as `symbols` deltas.
   */
  tick_value_profit: number;
  tick_value_loss: number;
  currency_base: string;
  currency_profit: string;
  currency_margin: string;
  /** SYMBOL_TRADE_MODE_* */
  trade_mode: number;
  /** SYMBOL_TRADE_EXECUTION_* */
  execution_mode: number;
  /** SYMBOL_CALC_MODE_* */
  calc_mode: number;
  /** SYMBOL_FILLING_* flags. */
  filling_mode: number;
  /** SYMBOL_EXPIRATION_* flags. */
  expiration_mode: number;
  /** SYMBOL_ORDER_* flags. */
  order_mode: number;
  swap_long: number;
  swap_short: number;
  margin_initial: number;
  margin_maintenance: number;
  /**
   * Initial margin rate (SymbolInfoMarginRate; the broker's Margin_Rate factor of the
   * ENUM_SYMBOL_CALC_MODE formulas), the same for every order type. Default 1.
   */
  margin_rate: number;
  /** Points; 0 = floating, derived from the tick. */
  spread: number;
  description: string;
  path: string;
  /** Latest quote of this symbol (the EA symbol's quote may also come as snapshot.tick). */
  tick?: WireTick;
}

export interface WireAccount {
  login: number;
  balance: number;
  credit: number;
  profit: number;
  equity: number;
  margin: number;
  margin_free: number;
  margin_level: number;
  margin_so_call: number;
  margin_so_so: number;
  leverage: number;
  limit_orders: number;
  margin_so_mode: number;
  trade_allowed: boolean;
  trade_expert: boolean;
  /** ACCOUNT_TRADE_MODE_* */
  trade_mode: number;
  /** ACCOUNT_MARGIN_MODE_* */
  margin_mode: number;
  currency_digits: number;
  fifo_close: boolean;
  currency: string;
  name: string;
  server: string;
  company: string;
}

export interface WirePosition {
  ticket: number;
  symbol: string;
  /** POSITION_TYPE_* */
  type: number;
  magic: number;
  identifier: number;
  reason: number;
  volume: number;
  price_open: number;
  sl: number;
  tp: number;
  price_current: number;
  swap: number;
  profit: number;
  time: number;
  time_msc: number;
  time_update: number;
  time_update_msc: number;
  comment: string;
  external_id: string;
}

/** A pending order, or a history order (then `state`/`time_done` are final). */
export interface WireOrder {
  ticket: number;
  symbol: string;
  /** ORDER_TYPE_* */
  type: number;
  /** ORDER_STATE_* */
  state: number;
  magic: number;
  volume_initial: number;
  volume_current: number;
  price_open: number;
  sl: number;
  tp: number;
  price_current: number;
  price_stoplimit: number;
  time_setup: number;
  time_setup_msc: number;
  time_expiration: number;
  time_done: number;
  time_done_msc: number;
  type_filling: number;
  type_time: number;
  position_id: number;
  position_by_id: number;
  reason: number;
  comment: string;
  external_id: string;
}

export interface WireDeal {
  ticket: number;
  order: number;
  symbol: string;
  /** DEAL_TYPE_* */
  type: number;
  /** DEAL_ENTRY_* */
  entry: number;
  magic: number;
  reason: number;
  position_id: number;
  volume: number;
  price: number;
  commission: number;
  swap: number;
  profit: number;
  fee: number;
  sl: number;
  tp: number;
  time: number;
  time_msc: number;
  comment: string;
  external_id: string;
}

/** One bar (MqlRates on the wire). */
export interface WireRate {
  /** Bar open time, seconds. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  tick_volume: number;
  spread: number;
  real_volume: number;
}

/**
 * Bars of one series. Bars are chronological; a bar whose time equals a stored bar's time
 * replaces it (the forming bar is re-sent as it changes), newer bars are appended. `replace`
 * drops what the runtime holds for the series first (first delivery or a history reload).
 */
export interface WireSeries {
  symbol: string;
  /** "M1" … "MN1" or the ENUM_TIMEFRAMES number. */
  timeframe: string | number;
  rates: WireRate[];
  replace?: boolean;
}

/**
 * State handed over before an event. Every field is optional: an absent field keeps the previous
 * value, a present one replaces it (`symbols` merge by name; `deals` and `historyOrders` are
 * appended to the local history).
 */
export interface WireSnapshot {
  /** Server time in milliseconds (TimeCurrent is this / 1000). */
  time?: number;
  /** Server time minus GMT, seconds (TimeGMT = TimeCurrent - gmtOffset). */
  gmtOffset?: number;
  /** Current quote of the EA's symbol. */
  tick?: WireTick;
  symbols?: Partial<WireSymbol>[];
  account?: Partial<WireAccount>;
  positions?: Partial<WirePosition>[];
  orders?: Partial<WireOrder>[];
  deals?: Partial<WireDeal>[];
  historyOrders?: Partial<WireOrder>[];
  bars?: WireSeries[];
  /** The economic calendar, whole, when it changed (replaces the one held; calendar.ts). */
  calendar?: WireCalendar;
}

export interface WireHistory {
  deals?: Partial<WireDeal>[];
  orders?: Partial<WireOrder>[];
  bars?: WireSeries[];
}

/** Options the host passes to `__tas.load`. */
export interface LoadMeta {
  symbol: string;
  /** "H1" or ENUM_TIMEFRAMES number. */
  timeframe: string | number;
  inputs: Record<string, string | number | boolean>;
  /** Cap on log lines kept per load/dispatch (default 200). */
  maxLogLines?: number;
  /** Cap on characters per log line (default 2000). */
  maxLogLineLength?: number;
  /** Bars kept per series (default 5000; older bars are dropped in chunks). */
  maxBars?: number;
  /** "snapshot" (default): HistorySelect filters local history; "host": asks `__host_call`. */
  history?: "snapshot" | "host";
  /** TimeLocal = TimeGMT + localOffset seconds (default 0). */
  localOffset?: number;
  /** The EA's name: MQLInfoString(MQL_PROGRAM_NAME) (default ""). */
  programName?: string;
  /** The isolate's memory limit in MB: MQLInfoInteger(MQL_MEMORY_LIMIT) (default 0 = unknown). */
  memoryLimitMb?: number;
  /** The chart to start on (objects, properties, comment; chart.ts ChartState). */
  chart?: Partial<ChartState> | Record<string, unknown>;
  /** Global variables and files earlier runs left (storage.ts WireStorage; read tolerantly). */
  storage?: WireStorage | Record<string, unknown>;
  /** The economic calendar (calendar.ts WireCalendar; read tolerantly); absent = empty. */
  calendar?: WireCalendar | Record<string, unknown>;
}

export type WireEvent =
  | { type: "init"; snapshot?: WireSnapshot; history?: WireHistory }
  | { type: "tick"; snapshot?: WireSnapshot }
  | { type: "timer"; snapshot?: WireSnapshot }
  | { type: "trade"; snapshot?: WireSnapshot }
  | {
      type: "tradeTransaction";
      snapshot?: WireSnapshot;
      transaction: Record<string, unknown>;
      request: Record<string, unknown>;
      result: Record<string, unknown>;
    }
  | { type: "bookEvent"; snapshot?: WireSnapshot; symbol: string }
  | {
      type: "chartEvent";
      snapshot?: WireSnapshot;
      id: number;
      lparam: number;
      dparam: number;
      sparam: string;
    }
  | { type: "tester"; snapshot?: WireSnapshot }
  /** The sleep an earlier Outcome asked for (`sleep`) is over: the handler continues. */
  | { type: "resume"; snapshot?: WireSnapshot }
  | { type: "deinit"; snapshot?: WireSnapshot; reason: number };

export type LogLevel = "info" | "alert" | "warn" | "error";

export interface LogLine {
  level: LogLevel;
  text: string;
  /** Server time in ms when the line was written. */
  time: number;
}

export interface IndicatorInfo {
  handle: number;
  /** "iMA", "iRSI", … */
  name: string;
  symbol: string;
  timeframe: string;
  params: number[];
}

export interface SeriesInfo {
  symbol: string;
  timeframe: string;
  /** Bars held; 0 means the host should start sending this series (with `replace: true`). */
  bars: number;
}

/** What `dispatch` (and `load`) return, as JSON. */
export interface Outcome {
  ok: boolean;
  /** Uncaught exception of the handler; `stack` lists user frames only. */
  error?: { message: string; stack?: string };
  /** The error is a critical MQL5 run-time error (array out of range, zero divide, invalid
   * pointer): MQL5 stops the program, so the host stops the instance whatever its policy. */
  fatal?: boolean;
  /** The handler called Sleep(ms) (compiled MQL5): send a `resume` event after that many ms. */
  sleep?: number;
  logs: LogLine[];
  /** Lines dropped because of maxLogLines. */
  logsDropped?: number;
  /** Set when Comment() was called during the event. */
  comment?: string;
  /** EventSetTimer → { seconds }; EventKillTimer → null; absent → unchanged. */
  timer?: { seconds: number } | null;
  /** Present when the set of indicator handles changed during the event. */
  indicatorsInUse?: IndicatorInfo[];
  /** Present when the EA touched a series the runtime holds no bars for, or the set changed. */
  seriesInUse?: SeriesInfo[];
  /** OnInit's return value (init events); non-zero means initialisation failed. */
  initResult?: number;
  /** OnTester's return value. */
  testerResult?: number;
  /** ExpertRemove() was called. */
  remove?: boolean;
  /** Handlers the program defines (load only). */
  handlers?: string[];
  /** Chart changes of the event (chart.ts ChartDelta; dispatch only, absent when none). */
  chart?: ChartDelta;
  /** Global variables and files the event changed, to persist (storage.ts StorageDelta). */
  storage?: StorageDelta;
  /** Alert / SendNotification / SendMail calls of the event (notify.ts). */
  alerts?: AlertEntry[];
}

/** Payloads of `__host_call(kind, payloadJson)`; answers are JSON of HostAnswer. */
export type HostCallKind = "OrderSend" | "OrderSendAsync" | "OrderCheck" | "HistorySelect";

export interface HostAnswer {
  /** MqlTradeResult / MqlTradeCheckResult fields (trade calls). */
  result?: Record<string, unknown>;
  /** State after the call (positions, orders, account, deals…), merged like an event snapshot. */
  snapshot?: WireSnapshot;
  /** HistorySelect answer. */
  deals?: Partial<WireDeal>[];
  orders?: Partial<WireOrder>[];
  /** Host-side failure; the call fails with ERR_TRADE_SEND_FAILED and this text as comment. */
  error?: string;
}

// ---- tolerant readers over parsed JSON ------------------------------------------------------

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function numField(o: Record<string, unknown>, key: string, fallback = 0): number {
  const v = o[key];
  if (typeof v === "number" && Number.isFinite(v)) {
    return v;
  }
  if (typeof v === "boolean") {
    return v ? 1 : 0;
  }
  if (typeof v === "bigint") {
    // A long/ulong of compiled MQL5 beyond 2^53 (a magic number, a ticket): the nearest double,
    // as the JSON wire carries numbers (not 0, which would drop the value).
    return Number(v);
  }
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) {
    return Number(v);
  }
  return fallback;
}

export function strField(o: Record<string, unknown>, key: string, fallback = ""): string {
  const v = o[key];
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : fallback;
}

export function boolField(o: Record<string, unknown>, key: string, fallback = false): boolean {
  const v = o[key];
  return typeof v === "boolean" ? v : typeof v === "number" ? v !== 0 : fallback;
}
