// Market-data payloads and queries: spec §2.7 market status item, the trade-session and
// server-timezone payloads of ARCHITECTURE §5, the `?symbols=` list of market-status and the
// query of `ohlc/{symbol}`.
//
// Owns: spread maths, session window formatting, query validation. Pure: no I/O, no clock reads
// (callers pass the instant). Imports only broker time helpers and types.
//
// Decisions:
// - spread_points = round((ask − bid) / point); spread_pips = spread_points / 10 on 3- and
//   5-digit symbols (fractional pips), else spread_points. Without a quote, bid/ask/spreads are 0.
// - Trade-session payload: {symbol, open, server_time, sessions}; `open` = the instant lies in a
//   trade window; sessions has one key per server weekday, lower-case English names from
//   "sunday" to "saturday", each {trade: ["HH:MM-HH:MM", …], quote: […]} in server time, end
//   exclusive, a window ending at midnight written 24:00; a closed day has empty arrays.
// - Server timezone: {timezone: IANA fixed-offset name (Etc/GMT-2 winter, Etc/GMT-3 under US
//   daylight time — IANA signs are inverted), offset_minutes (120/180), dst (true at 180),
//   server_time `YYYY-MM-DDTHH:mm:ss`, utc_time ISO 8601 with milliseconds and Z}.
// - Symbol list: comma-separated; items trimmed, empty items skipped, duplicates dropped (first
//   kept), case preserved (broker symbol names are case-sensitive, e.g. suffixed "EURUSDm");
//   each item 1–32 of [A-Za-z0-9._#-]; at least 1, at most 50 distinct symbols.
// - OHLC query: timeframe required, one of M1 M5 M15 M30 H1 H4 D1 W1 MN1; from/to optional
//   server-time strings (from ≤ to); count 1..5000, default 100.

import {
  formatServerTime,
  parseServerTime,
  serverMinuteOfDay,
  serverOffsetMinutes,
  serverWeekday,
  serverZoneName,
} from "../../mt5/server-time.ts";
import type { WeekSessions } from "../../mt5/symbol-spec.ts";
import type { Quote } from "../../mt5/vocabulary.ts";
import { TIMEFRAMES, type Timeframe } from "../../mt5/vocabulary.ts";
import type { FieldError } from "./field-error.ts";

export const MAX_SYMBOLS = 50;
export const DEFAULT_BAR_COUNT = 100;
export const MAX_BAR_COUNT = 5000;
export const WEEKDAY_NAMES = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;

/** Spec §2.7 market status item. */
export interface MarketStatusItem {
  symbol: string;
  /** Trading is open for the symbol now (session, trade mode, connection: the caller decides). */
  tradeable: boolean;
  bid: number;
  ask: number;
  spread_points: number;
  spread_pips: number;
  digits: number;
}

/** The symbol fields a status item needs. */
export interface StatusSymbol {
  name: string;
  digits: number;
  /** 10^-digits. */
  point: number;
}

/** Spread in points and pips of a quote (see header). */
export function spreadOf(
  spec: Pick<StatusSymbol, "digits" | "point">,
  bid: number,
  ask: number,
): { points: number; pips: number } {
  const raw = Math.round((ask - bid) / spec.point);
  const points = raw === 0 ? 0 : raw;
  const fractional = spec.digits === 3 || spec.digits === 5;
  return { points, pips: fractional ? points / 10 : points };
}

/** Spec §2.7 item of one symbol; `quote` null when no price is known yet. */
export function marketStatusItem(
  spec: StatusSymbol,
  quote: Pick<Quote, "bid" | "ask"> | null,
  tradeable: boolean,
): MarketStatusItem {
  const bid = quote?.bid ?? 0;
  const ask = quote?.ask ?? 0;
  const spread = quote === null ? { points: 0, pips: 0 } : spreadOf(spec, bid, ask);
  return {
    symbol: spec.name,
    tradeable,
    bid,
    ask,
    spread_points: spread.points,
    spread_pips: spread.pips,
    digits: spec.digits,
  };
}

/** The symbol fields a trade-session payload needs. */
export interface SessionSymbol {
  name: string;
  tradeSessions: WeekSessions;
  quoteSessions: WeekSessions;
}

export interface DaySessions {
  trade: string[];
  quote: string[];
}

export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

export interface TradeSessionPayload {
  symbol: string;
  /** A trade window contains `nowMs`. */
  open: boolean;
  /** `YYYY-MM-DDTHH:mm:ss` server time of `nowMs`. */
  server_time: string;
  sessions: Record<WeekdayName, DaySessions>;
}

const pad2 = (n: number): string => String(n).padStart(2, "0");

/** Minutes since server midnight → "HH:MM" (1440 → "24:00"). */
export function formatMinute(minute: number): string {
  return `${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}`;
}

function windowsOf(sessions: WeekSessions, day: number): string[] {
  return (sessions[day] ?? []).map((w) => `${formatMinute(w.from)}-${formatMinute(w.to)}`);
}

/** Whether `utcMs` lies in one of the [from, to) windows of its server weekday. */
export function inSessionWindows(sessions: WeekSessions, utcMs: number): boolean {
  const minute = serverMinuteOfDay(utcMs);
  return (sessions[serverWeekday(utcMs)] ?? []).some((w) => minute >= w.from && minute < w.to);
}

/** `GET …/trade-session/{symbol}` payload (see header). */
export function tradeSessionPayload(spec: SessionSymbol, nowMs: number): TradeSessionPayload {
  const sessions = {} as Record<WeekdayName, DaySessions>;
  WEEKDAY_NAMES.forEach((name, day) => {
    sessions[name] = {
      trade: windowsOf(spec.tradeSessions, day),
      quote: windowsOf(spec.quoteSessions, day),
    };
  });
  return {
    symbol: spec.name,
    open: inSessionWindows(spec.tradeSessions, nowMs),
    server_time: formatServerTime(nowMs),
    sessions,
  };
}

export interface ServerTimezonePayload {
  /** IANA fixed-offset zone name, e.g. Etc/GMT-2 (= UTC+2). */
  timezone: string;
  /** Server time − UTC, minutes. */
  offset_minutes: number;
  /** The server is on its summer offset (US daylight time in force). */
  dst: boolean;
  server_time: string;
  /** ISO 8601 UTC. */
  utc_time: string;
}

/** `GET …/server-timezone` payload of the EET/EEST broker clock (see header). */
export function serverTimezonePayload(nowMs: number): ServerTimezonePayload {
  const offset = serverOffsetMinutes(nowMs);
  return {
    timezone: serverZoneName(nowMs),
    offset_minutes: offset,
    dst: offset === 180,
    server_time: formatServerTime(nowMs),
    utc_time: new Date(nowMs).toISOString(),
  };
}

const SYMBOL_RE = /^[A-Za-z0-9._#-]{1,32}$/;

/** Shows a bad item in a message without echoing a long input. */
function shown(item: string): string {
  return JSON.stringify(item.length > 40 ? `${item.slice(0, 40)}…` : item);
}

/** market-status `?symbols=` (see header). */
export function parseSymbolList(query: unknown): { ok: true; symbols: string[] } | FieldError {
  if (typeof query !== "string") {
    return { ok: false, field: "symbols", message: "symbols is required, e.g. EURUSD,GBPUSD" };
  }
  const symbols: string[] = [];
  const seen = new Set<string>();
  for (const raw of query.split(",")) {
    const item = raw.trim();
    if (item === "") {
      continue;
    }
    if (!SYMBOL_RE.test(item)) {
      return {
        ok: false,
        field: "symbols",
        message: `invalid symbol ${shown(item)}: use 1 to 32 of A-Z a-z 0-9 . _ # -`,
      };
    }
    if (!seen.has(item)) {
      seen.add(item);
      symbols.push(item);
    }
  }
  if (symbols.length === 0) {
    return { ok: false, field: "symbols", message: "symbols is required, e.g. EURUSD,GBPUSD" };
  }
  if (symbols.length > MAX_SYMBOLS) {
    return {
      ok: false,
      field: "symbols",
      message: `at most ${MAX_SYMBOLS} symbols per request (got ${symbols.length})`,
    };
  }
  return { ok: true, symbols };
}

/** Raw query of `ohlc/{symbol}`. */
export interface OhlcQueryInput {
  timeframe?: unknown;
  from?: unknown;
  to?: unknown;
  count?: unknown;
}

export interface OhlcQuery {
  timeframe: Timeframe;
  /** UTC ms; absent = not bounded. */
  fromMs?: number;
  toMs?: number;
  count: number;
}

function isTimeframe(value: unknown): value is Timeframe {
  return typeof value === "string" && (TIMEFRAMES as readonly string[]).includes(value);
}

/** Optional server-time bound: undefined when absent, null when malformed. */
function optionalTime(value: unknown): number | undefined | null {
  if (value === undefined) {
    return undefined;
  }
  return typeof value === "string" ? parseServerTime(value) : null;
}

/** `ohlc/{symbol}` query (see header). */
export function ohlcQuery(query: OhlcQueryInput): ({ ok: true } & OhlcQuery) | FieldError {
  if (query.timeframe === undefined) {
    return { ok: false, field: "timeframe", message: "is required" };
  }
  if (!isTimeframe(query.timeframe)) {
    return {
      ok: false,
      field: "timeframe",
      message: `timeframe must be one of ${TIMEFRAMES.join(", ")}`,
    };
  }
  const fromMs = optionalTime(query.from);
  if (fromMs === null) {
    return { ok: false, field: "from", message: "invalid date format" };
  }
  const toMs = optionalTime(query.to);
  if (toMs === null) {
    return { ok: false, field: "to", message: "invalid date format" };
  }
  if (fromMs !== undefined && toMs !== undefined && fromMs > toMs) {
    return { ok: false, field: "from", message: "from must not be later than to" };
  }
  let count = DEFAULT_BAR_COUNT;
  if (query.count !== undefined) {
    const n =
      typeof query.count === "number"
        ? query.count
        : typeof query.count === "string" && /^\d{1,9}$/.test(query.count)
          ? Number(query.count)
          : Number.NaN;
    if (!(Number.isSafeInteger(n) && n >= 1 && n <= MAX_BAR_COUNT)) {
      return {
        ok: false,
        field: "count",
        message: `count must be a whole number from 1 to ${MAX_BAR_COUNT}`,
      };
    }
    count = n;
  }
  const out: { ok: true } & OhlcQuery = { ok: true, timeframe: query.timeframe, count };
  if (fromMs !== undefined) {
    out.fromMs = fromMs;
  }
  if (toMs !== undefined) {
    out.toMs = toMs;
  }
  return out;
}

/** An OHLC bar as `GET …/ohlc/{symbol}` returns it (server-time string beside UTC ms). */
export function toApiBar(b: {
  timeMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  tickVolume: number;
  spread: number;
}) {
  return {
    time: formatServerTime(b.timeMs),
    timestampUTC: b.timeMs,
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
    tick_volume: b.tickVolume,
    spread: b.spread,
  };
}
