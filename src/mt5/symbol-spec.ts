// An MT5 symbol specification (SYMBOL_* properties with the service's names): what every layer
// knows of a tradable symbol — contract, volumes, stops, margin and swap modes, execution and
// filling, sessions. The demo broker's catalog (src/broker/symbols.ts) fills it; a real broker's
// connector will fill it from the broker's own data.
//
// Units: stopsLevel/freezeLevel/swapLong/swapShort (points mode) are in points; tickValue is in
// the profit currency per lot per tick; commissionPerLot is charged per side, per lot, in the
// deposit currency; liquidity is the volume (lots) available at the quote for one fill. Sessions
// are per server weekday (./server-time.ts) as half-open minute windows [from, to).

import type { ConcreteFillPolicy, ExpirationType } from "./vocabulary.ts";

/** MT5 ENUM_SYMBOL_CALC_MODE (the ones a CFD/FX broker uses). */
export type MarginMode = "forex" | "forexNoLeverage" | "cfd" | "cfdIndex" | "cfdLeverage";

/** MT5 ENUM_SYMBOL_SWAP_MODE. */
export type SwapMode =
  | "disabled"
  /** swapLong/Short in points. */
  | "points"
  /** Money per lot per day in the base currency. */
  | "currencySymbol"
  /** Money per lot per day in the margin currency. */
  | "currencyMargin"
  /** Money per lot per day in the deposit currency. */
  | "currencyDeposit"
  /** Annual percent of the position value at the current price. */
  | "interestCurrent"
  /** Annual percent of the position value at the open price. */
  | "interestOpen";

/** MT5 ENUM_SYMBOL_TRADE_MODE. */
export type TradeMode = "disabled" | "longOnly" | "shortOnly" | "closeOnly" | "full";

/**
 * MT5 ENUM_SYMBOL_TRADE_EXECUTION. The fill policies each mode accepts and what it does with a
 * market request's price are in src/broker/engine/execution.ts (instant/request requote, market/exchange
 * fill at market).
 */
export type ExecutionMode = "request" | "instant" | "market" | "exchange";

export type SymbolCategory = "forex" | "metal" | "index" | "crypto";

/** A session window in minutes since 00:00 server time, [from, to). */
export interface SessionWindow {
  from: number;
  to: number;
}

/** Windows per server weekday, index 0 = Sunday … 6 = Saturday. */
export type WeekSessions = readonly (readonly SessionWindow[])[];

export interface SymbolSpec {
  name: string;
  description: string;
  category: SymbolCategory;
  /** Price decimals. */
  digits: number;
  /** 10^-digits. */
  point: number;
  /** Units of the base asset per lot. */
  contractSize: number;
  /** Minimal price change. */
  tickSize: number;
  /**
   * Value of one tick for one lot in the PROFIT currency (the catalog's raw datum; 100 JPY for
   * USDJPY). What an account sees as SYMBOL_TRADE_TICK_VALUE is this converted into its deposit
   * currency at the current quotes: `tickValuesIn` (src/broker/engine/money.ts).
   */
  tickValue: number;
  volumeMin: number;
  volumeMax: number;
  volumeStep: number;
  /** Min distance of SL/TP and pending prices from the market, points. */
  stopsLevel: number;
  /** Distance from the market within which orders/stops cannot be changed, points. */
  freezeLevel: number;
  marginMode: MarginMode;
  /** Initial margin rate multiplier (MT5 SYMBOL_MARGIN_INITIAL rate). */
  marginRate: number;
  /** Contract size used for the covered (hedged) volume, MT5 SYMBOL_MARGIN_HEDGED. */
  marginHedged: number;
  baseCurrency: string;
  profitCurrency: string;
  /** Currency the margin formula yields (CFDs: the profit currency, as price × size). */
  marginCurrency: string;
  swapMode: SwapMode;
  swapLong: number;
  swapShort: number;
  /** Server weekday whose rollover charges three days; null = no triple swap. */
  tripleSwapDay: number | null;
  /** Server weekdays whose end-of-day rollover charges swap (FX: Mon–Fri; crypto: all). */
  swapDays: readonly number[];
  /**
   * Deposit currency per lot per side charged by the symbol itself, on top of the account
   * group's commission (src/broker/groups.ts). 0 on every demo symbol: the demo broker charges by group.
   */
  commissionPerLot: number;
  tradeMode: TradeMode;
  executionMode: ExecutionMode;
  fillingModes: readonly ConcreteFillPolicy[];
  expirationModes: readonly ExpirationType[];
  tradeSessions: WeekSessions;
  quoteSessions: WeekSessions;
  /** Lots available at the quote for one fill (deterministic liquidity model). */
  liquidity: number;
  /** Market orders slip one point against the client per this many lots filled. */
  slippageLotsPerPoint: number;
}
