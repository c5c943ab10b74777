// The demo broker's symbol catalog: full MT5-style specifications of its 20 symbols, and the
// trade/quote session checks.
//
// Owns: the catalog data (frozen), lookups, and session membership. Pure: no I/O, no clock
// reads (callers pass the instant). Sessions are per server weekday (EET/EEST,
// src/mt5/server-time.ts) as half-open minute windows [from, to) with minutes since 00:00 server
// time. Units are those of the specification (src/mt5/symbol-spec.ts). Commission and spread
// markup are account-group properties (groups.ts: `demo` standard, `demo-raw` raw spread +
// commission), so every demo symbol's own commissionPerLot is 0.

import { serverMinuteOfDay, serverWeekday } from "../mt5/server-time.ts";
import type { SessionWindow, SymbolSpec, WeekSessions } from "../mt5/symbol-spec.ts";
import type { ConcreteFillPolicy, ExpirationType } from "../mt5/vocabulary.ts";

export type {
  ExecutionMode,
  MarginMode,
  SessionWindow,
  SwapMode,
  SymbolCategory,
  SymbolSpec,
  TradeMode,
  WeekSessions,
} from "../mt5/symbol-spec.ts";

const MON_TO_FRI = [1, 2, 3, 4, 5] as const;
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const WEDNESDAY = 3;

function week(
  weekdays: readonly number[],
  windows: readonly SessionWindow[],
  friday?: readonly SessionWindow[],
): WeekSessions {
  const out: SessionWindow[][] = [[], [], [], [], [], [], []];
  for (const d of weekdays) {
    out[d] = [...(d === 5 && friday ? friday : windows)];
  }
  return out;
}

const hm = (h: number, m: number): number => h * 60 + m;
const w = (from: number, to: number): SessionWindow => ({ from, to });

// FX: Sunday 22:00 UTC – Friday 22:00 UTC = server Monday 00:00 – Friday 24:00, with the
// rollover break: quotes 00:01–23:58, trading 00:01–23:57 (Friday closes at 23:55).
const FX_QUOTES = week(MON_TO_FRI, [w(hm(0, 1), hm(23, 59))], [w(hm(0, 1), hm(23, 55))]);
const FX_TRADE = week(MON_TO_FRI, [w(hm(0, 1), hm(23, 58))], [w(hm(0, 1), hm(23, 55))]);
// Metals: daily break 00:00–01:01 server (the CME metals pause, 17:00–18:00 New York).
const METAL_QUOTES = week(MON_TO_FRI, [w(hm(1, 1), hm(23, 59))], [w(hm(1, 1), hm(23, 55))]);
const METAL_TRADE = week(MON_TO_FRI, [w(hm(1, 1), hm(23, 58))], [w(hm(1, 1), hm(23, 55))]);
// US500: CME equity futures hours in server time: 01:05–23:15 and 23:30–23:55 (maintenance
// pause 16:15–16:30 New York), daily break 23:55–01:05.
const US500_SESSIONS = week(MON_TO_FRI, [w(hm(1, 5), hm(23, 15)), w(hm(23, 30), hm(23, 55))]);
// DE40: Eurex DAX futures 01:15–22:00 CET ≈ 03:15–23:00 server.
const DE40_SESSIONS = week(MON_TO_FRI, [w(hm(3, 15), hm(23, 0))]);
// Crypto: around the clock, every day.
const CRYPTO_SESSIONS = week(ALL_DAYS, [w(0, 1440)]);

const FX_FILLING: readonly ConcreteFillPolicy[] = ["FillOrKill", "ImmediateOrCancel", "FlashFill"];
const CFD_FILLING: readonly ConcreteFillPolicy[] = ["FillOrKill", "ImmediateOrCancel"];
const ALL_EXPIRATIONS: readonly ExpirationType[] = ["GTC", "Today", "Specified", "SpecifiedDay"];

function fx(
  name: string,
  description: string,
  swapLong: number,
  swapShort: number,
  stopsLevel = 10,
): SymbolSpec {
  const base = name.slice(0, 3);
  const quote = name.slice(3, 6);
  const jpy = quote === "JPY";
  const digits = jpy ? 3 : 5;
  const point = jpy ? 0.001 : 0.00001;
  return {
    name,
    description,
    category: "forex",
    digits,
    point,
    contractSize: 100_000,
    tickSize: point,
    tickValue: 100_000 * point,
    volumeMin: 0.01,
    volumeMax: 100,
    volumeStep: 0.01,
    stopsLevel,
    freezeLevel: 5,
    marginMode: "forex",
    marginRate: 1,
    marginHedged: 50_000,
    baseCurrency: base,
    profitCurrency: quote,
    marginCurrency: base,
    swapMode: "points",
    swapLong,
    swapShort,
    tripleSwapDay: WEDNESDAY,
    swapDays: MON_TO_FRI,
    commissionPerLot: 0,
    tradeMode: "full",
    executionMode: "instant",
    fillingModes: FX_FILLING,
    expirationModes: ALL_EXPIRATIONS,
    tradeSessions: FX_TRADE,
    quoteSessions: FX_QUOTES,
    liquidity: 50,
    slippageLotsPerPoint: 10,
  };
}

const CATALOG: readonly SymbolSpec[] = [
  fx("EURUSD", "Euro vs US Dollar", -7.2, 2.1),
  fx("GBPUSD", "Great Britain Pound vs US Dollar", -3.5, -1.2),
  fx("USDJPY", "US Dollar vs Japanese Yen", 14.5, -26.0),
  fx("USDCHF", "US Dollar vs Swiss Franc", 6.1, -14.2),
  fx("AUDUSD", "Australian Dollar vs US Dollar", -3.9, -0.6),
  fx("USDCAD", "US Dollar vs Canadian Dollar", 1.2, -8.3),
  fx("NZDUSD", "New Zealand Dollar vs US Dollar", -2.7, -1.5),
  fx("EURGBP", "Euro vs Great Britain Pound", -6.0, 1.1, 15),
  fx("EURJPY", "Euro vs Japanese Yen", 9.2, -21.0),
  fx("GBPJPY", "Great Britain Pound vs Japanese Yen", 15.1, -32.4, 20),
  fx("CADJPY", "Canadian Dollar vs Japanese Yen", 8.4, -18.0, 15),
  fx("EURCHF", "Euro vs Swiss Franc", 1.8, -7.5, 15),
  fx("AUDJPY", "Australian Dollar vs Japanese Yen", 7.0, -16.5, 15),
  fx("EURAUD", "Euro vs Australian Dollar", -9.8, 2.4, 20),
  {
    ...fx("XAUUSD", "Gold vs US Dollar", -55.2, 28.4),
    category: "metal",
    digits: 2,
    point: 0.01,
    contractSize: 100,
    tickSize: 0.01,
    tickValue: 1,
    volumeMax: 50,
    stopsLevel: 20,
    freezeLevel: 10,
    marginHedged: 50,
    tradeSessions: METAL_TRADE,
    quoteSessions: METAL_QUOTES,
    liquidity: 20,
    slippageLotsPerPoint: 5,
  },
  {
    ...fx("XAGUSD", "Silver vs US Dollar", -7.3, 2.1),
    category: "metal",
    digits: 3,
    point: 0.001,
    contractSize: 5000,
    tickSize: 0.001,
    tickValue: 5,
    volumeMax: 50,
    stopsLevel: 30,
    freezeLevel: 10,
    marginHedged: 2500,
    tradeSessions: METAL_TRADE,
    quoteSessions: METAL_QUOTES,
    liquidity: 20,
    slippageLotsPerPoint: 5,
  },
  {
    name: "US500",
    description: "US 500 Cash Index CFD",
    category: "index",
    digits: 2,
    point: 0.01,
    contractSize: 1,
    tickSize: 0.01,
    tickValue: 0.01,
    volumeMin: 0.1,
    volumeMax: 500,
    volumeStep: 0.1,
    stopsLevel: 50,
    freezeLevel: 20,
    marginMode: "cfdLeverage",
    marginRate: 1,
    marginHedged: 0.5,
    baseCurrency: "USD",
    profitCurrency: "USD",
    marginCurrency: "USD",
    swapMode: "points",
    swapLong: -62.5,
    swapShort: 18.4,
    tripleSwapDay: 5,
    swapDays: MON_TO_FRI,
    commissionPerLot: 0,
    tradeMode: "full",
    executionMode: "market",
    fillingModes: CFD_FILLING,
    expirationModes: ALL_EXPIRATIONS,
    tradeSessions: US500_SESSIONS,
    quoteSessions: US500_SESSIONS,
    liquidity: 100,
    slippageLotsPerPoint: 20,
  },
  {
    name: "DE40",
    description: "Germany 40 Cash Index CFD",
    category: "index",
    digits: 2,
    point: 0.01,
    contractSize: 1,
    tickSize: 0.01,
    tickValue: 0.01,
    volumeMin: 0.1,
    volumeMax: 500,
    volumeStep: 0.1,
    stopsLevel: 100,
    freezeLevel: 50,
    marginMode: "cfd",
    marginRate: 0.05,
    marginHedged: 0.5,
    baseCurrency: "EUR",
    profitCurrency: "EUR",
    marginCurrency: "EUR",
    swapMode: "points",
    swapLong: -120.0,
    swapShort: -35.0,
    tripleSwapDay: 5,
    swapDays: MON_TO_FRI,
    commissionPerLot: 0,
    tradeMode: "full",
    executionMode: "market",
    fillingModes: CFD_FILLING,
    expirationModes: ALL_EXPIRATIONS,
    tradeSessions: DE40_SESSIONS,
    quoteSessions: DE40_SESSIONS,
    liquidity: 100,
    slippageLotsPerPoint: 20,
  },
  {
    name: "BTCUSD",
    description: "Bitcoin vs US Dollar CFD",
    category: "crypto",
    digits: 2,
    point: 0.01,
    contractSize: 1,
    tickSize: 0.01,
    tickValue: 0.01,
    volumeMin: 0.01,
    volumeMax: 20,
    volumeStep: 0.01,
    stopsLevel: 1000,
    freezeLevel: 500,
    marginMode: "cfd",
    marginRate: 0.5,
    marginHedged: 0.5,
    baseCurrency: "BTC",
    profitCurrency: "USD",
    marginCurrency: "USD",
    swapMode: "interestCurrent",
    swapLong: -20,
    swapShort: -15,
    tripleSwapDay: null,
    swapDays: ALL_DAYS,
    commissionPerLot: 0,
    tradeMode: "full",
    executionMode: "market",
    fillingModes: CFD_FILLING,
    expirationModes: ["GTC", "Specified"],
    tradeSessions: CRYPTO_SESSIONS,
    quoteSessions: CRYPTO_SESSIONS,
    liquidity: 5,
    slippageLotsPerPoint: 1,
  },
  {
    name: "ETHUSD",
    description: "Ethereum vs US Dollar CFD",
    category: "crypto",
    digits: 2,
    point: 0.01,
    contractSize: 1,
    tickSize: 0.01,
    tickValue: 0.01,
    volumeMin: 0.01,
    volumeMax: 200,
    volumeStep: 0.01,
    stopsLevel: 100,
    freezeLevel: 50,
    marginMode: "cfd",
    marginRate: 0.5,
    marginHedged: 0.5,
    baseCurrency: "ETH",
    profitCurrency: "USD",
    marginCurrency: "USD",
    swapMode: "currencyDeposit",
    swapLong: -2.5,
    swapShort: -1.8,
    tripleSwapDay: null,
    swapDays: ALL_DAYS,
    commissionPerLot: 0,
    tradeMode: "full",
    executionMode: "market",
    fillingModes: CFD_FILLING,
    expirationModes: ["GTC", "Specified"],
    tradeSessions: CRYPTO_SESSIONS,
    quoteSessions: CRYPTO_SESSIONS,
    liquidity: 50,
    slippageLotsPerPoint: 10,
  },
];

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) {
      deepFreeze(v);
    }
  }
  return value;
}

deepFreeze(CATALOG);

const BY_NAME = new Map<string, SymbolSpec>(CATALOG.map((s) => [s.name, s]));

/** The spec of `name`, or undefined for an unknown symbol. */
export function getSymbol(name: string): SymbolSpec | undefined {
  return BY_NAME.get(name);
}

/** All 20 symbols in catalog order. */
export function listSymbols(): readonly SymbolSpec[] {
  return CATALOG;
}

function inSessions(sessions: WeekSessions, utcMs: number): boolean {
  const day = sessions[serverWeekday(utcMs)];
  if (!day) {
    return false;
  }
  const minute = serverMinuteOfDay(utcMs);
  for (const win of day) {
    if (minute >= win.from && minute < win.to) {
      return true;
    }
  }
  return false;
}

/** Whether trading is open for `spec` at `utcMs`. */
export function isTradeSessionOpen(spec: SymbolSpec, utcMs: number): boolean {
  return inSessions(spec.tradeSessions, utcMs);
}

/** Whether quotes flow for `spec` at `utcMs`. */
export function isQuoteSessionOpen(spec: SymbolSpec, utcMs: number): boolean {
  return inSessions(spec.quoteSessions, utcMs);
}
