/**
 * The runtime's local copy of the trading state, fed by snapshots.
 *
 * Owns: normalising wire records (missing fields get MQL5 zero values), merging a snapshot into
 * the current state, and the per-event scratch state (logs, last error, comment, timer request).
 * Reads by the MQL5 API are served from here, so only trade calls leave the isolate.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import {
  boolField,
  isRecord,
  type LogLevel,
  type LogLine,
  numField,
  strField,
  type WireAccount,
  type WireDeal,
  type WireOrder,
  type WirePosition,
  type WireSnapshot,
  type WireSymbol,
  type WireTick,
} from "./protocol.ts";

/** Copies the fields of `template` from `rec` (or `base`), coercing each to the template's type. */
export function normalize<T extends object>(rec: unknown, template: T, base?: T): T {
  const src = isRecord(rec) ? rec : {};
  const tpl = template as unknown as Record<string, unknown>;
  const from = (base ?? template) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(tpl)) {
    const def = from[key] ?? tpl[key];
    if (!(key in src)) {
      out[key] = def;
      continue;
    }
    if (typeof def === "number") {
      out[key] = numField(src, key, def);
    } else if (typeof def === "string") {
      out[key] = strField(src, key, def);
    } else {
      out[key] = boolField(src, key, def === true);
    }
  }
  return out as unknown as T;
}

export const TICK_TEMPLATE: WireTick = {
  time: 0,
  bid: 0,
  ask: 0,
  last: 0,
  volume: 0,
  time_msc: 0,
  flags: 0,
  volume_real: 0,
};

export const SYMBOL_TEMPLATE: Omit<WireSymbol, "tick"> = {
  name: "",
  digits: 5,
  point: 0.00001,
  contract_size: 100000,
  volume_min: 0.01,
  volume_max: 100,
  volume_step: 0.01,
  volume_limit: 0,
  stops_level: 0,
  freeze_level: 0,
  tick_size: 0.00001,
  tick_value: 1,
  tick_value_profit: 0,
  tick_value_loss: 0,
  currency_base: "",
  currency_profit: "",
  currency_margin: "",
  trade_mode: 4,
  execution_mode: 2,
  calc_mode: 0,
  filling_mode: 3,
  expiration_mode: 15,
  order_mode: 127,
  swap_long: 0,
  swap_short: 0,
  margin_initial: 0,
  margin_maintenance: 0,
  margin_rate: 1,
  spread: 0,
  description: "",
  path: "",
};

export const ACCOUNT_TEMPLATE: WireAccount = {
  login: 0,
  balance: 0,
  credit: 0,
  profit: 0,
  equity: 0,
  margin: 0,
  margin_free: 0,
  margin_level: 0,
  margin_so_call: 0,
  margin_so_so: 0,
  leverage: 100,
  limit_orders: 0,
  margin_so_mode: 0,
  trade_allowed: true,
  trade_expert: true,
  trade_mode: 0,
  margin_mode: 2,
  currency_digits: 2,
  fifo_close: false,
  currency: "USD",
  name: "",
  server: "",
  company: "",
};

export const POSITION_TEMPLATE: WirePosition = {
  ticket: 0,
  symbol: "",
  type: 0,
  magic: 0,
  identifier: 0,
  reason: 0,
  volume: 0,
  price_open: 0,
  sl: 0,
  tp: 0,
  price_current: 0,
  swap: 0,
  profit: 0,
  time: 0,
  time_msc: 0,
  time_update: 0,
  time_update_msc: 0,
  comment: "",
  external_id: "",
};

export const ORDER_TEMPLATE: WireOrder = {
  ticket: 0,
  symbol: "",
  type: 0,
  state: 1,
  magic: 0,
  volume_initial: 0,
  volume_current: 0,
  price_open: 0,
  sl: 0,
  tp: 0,
  price_current: 0,
  price_stoplimit: 0,
  time_setup: 0,
  time_setup_msc: 0,
  time_expiration: 0,
  time_done: 0,
  time_done_msc: 0,
  type_filling: 0,
  type_time: 0,
  position_id: 0,
  position_by_id: 0,
  reason: 0,
  comment: "",
  external_id: "",
};

export const DEAL_TEMPLATE: WireDeal = {
  ticket: 0,
  order: 0,
  symbol: "",
  type: 0,
  entry: 0,
  magic: 0,
  reason: 0,
  position_id: 0,
  volume: 0,
  price: 0,
  commission: 0,
  swap: 0,
  profit: 0,
  fee: 0,
  sl: 0,
  tp: 0,
  time: 0,
  time_msc: 0,
  comment: "",
  external_id: "",
};

/** Ticks kept per symbol for CopyTicks (the most recent ones the EA received). */
export const TICKS_KEPT = 4096;

export interface SymbolState {
  spec: Omit<WireSymbol, "tick">;
  tick: WireTick;
  /** The ticks received since load, oldest first, at most TICKS_KEPT (CopyTicks). */
  ticks: WireTick[];
  /** Highest/lowest bid and ask seen since load (SYMBOL_BIDHIGH …). */
  bidHigh: number;
  bidLow: number;
  askHigh: number;
  askLow: number;
}

/** Trading state as last told by the host. */
export class TradeState {
  timeMs = 0;
  gmtOffset = 0;
  chartSymbol: string;
  readonly symbols = new Map<string, SymbolState>();
  account: WireAccount = { ...ACCOUNT_TEMPLATE };
  positions: WirePosition[] = [];
  orders: WireOrder[] = [];
  /** All history known locally, ordered by time. */
  deals: WireDeal[] = [];
  historyOrders: WireOrder[] = [];

  constructor(chartSymbol: string) {
    this.chartSymbol = chartSymbol;
  }

  symbol(name: string): SymbolState | undefined {
    return this.symbols.get(name);
  }

  private ensureSymbol(name: string): SymbolState {
    let s = this.symbols.get(name);
    if (!s) {
      s = {
        spec: { ...SYMBOL_TEMPLATE, name },
        tick: { ...TICK_TEMPLATE },
        ticks: [],
        bidHigh: 0,
        bidLow: 0,
        askHigh: 0,
        askLow: 0,
      };
      this.symbols.set(name, s);
    }
    return s;
  }

  private setTick(s: SymbolState, raw: unknown): void {
    const t = normalize(raw, TICK_TEMPLATE, s.tick);
    if (t.time_msc === 0 && t.time !== 0) {
      t.time_msc = t.time * 1000;
    }
    if (t.time === 0 && t.time_msc !== 0) {
      t.time = Math.floor(t.time_msc / 1000);
    }
    s.tick = t;
    const last = s.ticks[s.ticks.length - 1];
    if (
      t.time_msc > 0 &&
      (!last || t.time_msc >= last.time_msc) &&
      (last?.bid !== t.bid ||
        last.ask !== t.ask ||
        last.last !== t.last ||
        last.time_msc !== t.time_msc)
    ) {
      s.ticks.push(t);
      if (s.ticks.length > TICKS_KEPT + 256) {
        s.ticks.splice(0, s.ticks.length - TICKS_KEPT);
      }
    }
    if (t.bid > 0) {
      s.bidHigh = s.bidHigh === 0 ? t.bid : Math.max(s.bidHigh, t.bid);
      s.bidLow = s.bidLow === 0 ? t.bid : Math.min(s.bidLow, t.bid);
    }
    if (t.ask > 0) {
      s.askHigh = s.askHigh === 0 ? t.ask : Math.max(s.askHigh, t.ask);
      s.askLow = s.askLow === 0 ? t.ask : Math.min(s.askLow, t.ask);
    }
  }

  /** Merges a (partial) snapshot. */
  apply(snap: WireSnapshot | undefined): void {
    if (!isRecord(snap)) {
      return;
    }
    if (typeof snap.time === "number") {
      this.timeMs = snap.time;
    }
    if (typeof snap.gmtOffset === "number") {
      this.gmtOffset = snap.gmtOffset;
    }
    if (Array.isArray(snap.symbols)) {
      for (const raw of snap.symbols) {
        if (!isRecord(raw) || typeof raw.name !== "string") {
          continue;
        }
        const s = this.ensureSymbol(raw.name);
        s.spec = normalize(raw, SYMBOL_TEMPLATE, s.spec);
        if (isRecord(raw.tick)) {
          this.setTick(s, raw.tick);
        }
      }
    }
    if (isRecord(snap.tick)) {
      const s = this.ensureSymbol(this.chartSymbol);
      this.setTick(s, snap.tick);
      if (typeof snap.time !== "number" && s.tick.time_msc > this.timeMs) {
        // Without an explicit server time, TimeCurrent is the time of the last quote (as in MT5).
        this.timeMs = s.tick.time_msc;
      }
    }
    if (isRecord(snap.account)) {
      this.account = normalize(snap.account, ACCOUNT_TEMPLATE, this.account);
    }
    if (Array.isArray(snap.positions)) {
      this.positions = snap.positions.map((p) => normalize(p, POSITION_TEMPLATE));
    }
    if (Array.isArray(snap.orders)) {
      this.orders = snap.orders.map((o) => normalize(o, ORDER_TEMPLATE));
    }
    if (Array.isArray(snap.deals)) {
      this.addDeals(snap.deals);
    }
    if (Array.isArray(snap.historyOrders)) {
      this.addHistoryOrders(snap.historyOrders);
    }
    if (this.timeMs === 0) {
      const t = this.symbols.get(this.chartSymbol)?.tick.time_msc ?? 0;
      this.timeMs = t;
    }
  }

  addDeals(list: readonly unknown[]): void {
    const known = new Set(this.deals.map((d) => d.ticket));
    for (const raw of list) {
      const d = normalize(raw, DEAL_TEMPLATE);
      if (d.time_msc === 0) {
        d.time_msc = d.time * 1000;
      }
      if (!known.has(d.ticket)) {
        known.add(d.ticket);
        this.deals.push(d);
      }
    }
    this.deals.sort((a, b) => a.time_msc - b.time_msc || a.ticket - b.ticket);
  }

  addHistoryOrders(list: readonly unknown[]): void {
    const known = new Set(this.historyOrders.map((o) => o.ticket));
    for (const raw of list) {
      const o = normalize(raw, ORDER_TEMPLATE);
      if (!known.has(o.ticket)) {
        known.add(o.ticket);
        this.historyOrders.push(o);
      }
    }
    this.historyOrders.sort((a, b) => a.time_setup - b.time_setup || a.ticket - b.ticket);
  }
}

/** Scratch state of one load/dispatch call. */
export class EventScratch {
  logs: LogLine[] = [];
  dropped = 0;
  comment: string | undefined = undefined;
  timer: { seconds: number } | null | undefined = undefined;
  remove = false;

  constructor(
    private readonly maxLines: number,
    private readonly maxLength: number,
  ) {}

  log(level: LogLevel, text: string, time: number): void {
    if (this.logs.length >= this.maxLines) {
      this.dropped += 1;
      return;
    }
    const clipped = text.length > this.maxLength ? `${text.slice(0, this.maxLength)}…` : text;
    this.logs.push({ level, text: clipped, time });
  }
}
