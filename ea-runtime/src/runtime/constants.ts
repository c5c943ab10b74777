/**
 * MQL5 constants exposed as globals inside the EA isolate.
 *
 * Owns: every numeric constant of the MQL5 API the runtime implements, grouped into named enums
 * (`MQL5_ENUMS`, also used by the static analyser for `input.enum(...)`) plus loose constants.
 * Values of trade constants, retcodes, timeframes, deal/order/position enums, runtime error codes
 * and colours are MQL5's real numeric values. Property selectors (SYMBOL_*, ACCOUNT_*,
 * POSITION_*, ORDER_*, DEAL_* property ids) are opaque: MetaQuotes does not document their
 * numbers, so we number them per family; programs must use them by name.
 * Must not import anything: the analyser imports this module too.
 */

/** One enum: member name → value. */
export type EnumTable = Readonly<Record<string, number>>;

function seq(names: readonly string[], start = 0): EnumTable {
  const out: Record<string, number> = {};
  names.forEach((name, i) => {
    out[name] = start + i;
  });
  return out;
}

/** MQL5 colour literal from RGB (colours are 0x00BBGGRR). */
function rgb(r: number, g: number, b: number): number {
  return r | (g << 8) | (b << 16);
}

export const ENUM_TIMEFRAMES: EnumTable = {
  PERIOD_CURRENT: 0,
  PERIOD_M1: 1,
  PERIOD_M2: 2,
  PERIOD_M3: 3,
  PERIOD_M4: 4,
  PERIOD_M5: 5,
  PERIOD_M6: 6,
  PERIOD_M10: 10,
  PERIOD_M12: 12,
  PERIOD_M15: 15,
  PERIOD_M20: 20,
  PERIOD_M30: 30,
  PERIOD_H1: 0x4001,
  PERIOD_H2: 0x4002,
  PERIOD_H3: 0x4003,
  PERIOD_H4: 0x4004,
  PERIOD_H6: 0x4006,
  PERIOD_H8: 0x4008,
  PERIOD_H12: 0x400c,
  PERIOD_D1: 0x4018,
  PERIOD_W1: 0x8001,
  PERIOD_MN1: 0xc001,
};

/** Length of each timeframe in seconds (MN1 nominal 30 days; bars come from the host anyway). */
export function timeframeSeconds(tf: number): number {
  if (tf >= 0xc000) {
    return 2592000 * (tf - 0xc000);
  }
  if (tf >= 0x8000) {
    return 604800 * (tf - 0x8000);
  }
  if (tf >= 0x4000) {
    return 3600 * (tf - 0x4000);
  }
  return 60 * tf;
}

/** "H1" ↔ PERIOD_H1 (the wire format names timeframes by their suffix). */
export function timeframeFromName(name: string): number | undefined {
  return ENUM_TIMEFRAMES[`PERIOD_${name.toUpperCase()}`];
}

export function timeframeName(tf: number): string {
  for (const [k, v] of Object.entries(ENUM_TIMEFRAMES)) {
    if (v === tf && k !== "PERIOD_CURRENT") {
      return k.slice("PERIOD_".length);
    }
  }
  return String(tf);
}

export const ENUM_MA_METHOD = seq(["MODE_SMA", "MODE_EMA", "MODE_SMMA", "MODE_LWMA"]);
export const ENUM_APPLIED_PRICE: EnumTable = {
  PRICE_CLOSE: 1,
  PRICE_OPEN: 2,
  PRICE_HIGH: 3,
  PRICE_LOW: 4,
  PRICE_MEDIAN: 5,
  PRICE_TYPICAL: 6,
  PRICE_WEIGHTED: 7,
};
export const ENUM_STO_PRICE = seq(["STO_LOWHIGH", "STO_CLOSECLOSE"]);
export const ENUM_SERIESMODE = seq([
  "MODE_OPEN",
  "MODE_LOW",
  "MODE_HIGH",
  "MODE_CLOSE",
  "MODE_VOLUME",
  "MODE_REAL_VOLUME",
]);
/** Buffer numbers of the built-in indicators. */
export const INDICATOR_LINES: EnumTable = {
  MAIN_LINE: 0,
  SIGNAL_LINE: 1,
  BASE_LINE: 0,
  UPPER_BAND: 1,
  LOWER_BAND: 2,
  PLUSDI_LINE: 1,
  MINUSDI_LINE: 2,
};

export const ENUM_TRADE_REQUEST_ACTIONS: EnumTable = {
  TRADE_ACTION_DEAL: 1,
  TRADE_ACTION_PENDING: 5,
  TRADE_ACTION_SLTP: 6,
  TRADE_ACTION_MODIFY: 7,
  TRADE_ACTION_REMOVE: 8,
  TRADE_ACTION_CLOSE_BY: 10,
};
export const ENUM_ORDER_TYPE = seq([
  "ORDER_TYPE_BUY",
  "ORDER_TYPE_SELL",
  "ORDER_TYPE_BUY_LIMIT",
  "ORDER_TYPE_SELL_LIMIT",
  "ORDER_TYPE_BUY_STOP",
  "ORDER_TYPE_SELL_STOP",
  "ORDER_TYPE_BUY_STOP_LIMIT",
  "ORDER_TYPE_SELL_STOP_LIMIT",
  "ORDER_TYPE_CLOSE_BY",
]);
export const ENUM_ORDER_TYPE_FILLING = seq([
  "ORDER_FILLING_FOK",
  "ORDER_FILLING_IOC",
  "ORDER_FILLING_RETURN",
  "ORDER_FILLING_BOC",
]);
export const ENUM_ORDER_TYPE_TIME = seq([
  "ORDER_TIME_GTC",
  "ORDER_TIME_DAY",
  "ORDER_TIME_SPECIFIED",
  "ORDER_TIME_SPECIFIED_DAY",
]);
export const ENUM_ORDER_STATE = seq([
  "ORDER_STATE_STARTED",
  "ORDER_STATE_PLACED",
  "ORDER_STATE_CANCELED",
  "ORDER_STATE_PARTIAL",
  "ORDER_STATE_FILLED",
  "ORDER_STATE_REJECTED",
  "ORDER_STATE_EXPIRED",
  "ORDER_STATE_REQUEST_ADD",
  "ORDER_STATE_REQUEST_MODIFY",
  "ORDER_STATE_REQUEST_CANCEL",
]);
export const ENUM_ORDER_REASON = seq([
  "ORDER_REASON_CLIENT",
  "ORDER_REASON_MOBILE",
  "ORDER_REASON_WEB",
  "ORDER_REASON_EXPERT",
  "ORDER_REASON_SL",
  "ORDER_REASON_TP",
  "ORDER_REASON_SO",
]);
export const ENUM_POSITION_TYPE = seq(["POSITION_TYPE_BUY", "POSITION_TYPE_SELL"]);
export const ENUM_POSITION_REASON = seq([
  "POSITION_REASON_CLIENT",
  "POSITION_REASON_MOBILE",
  "POSITION_REASON_WEB",
  "POSITION_REASON_EXPERT",
]);
export const ENUM_DEAL_TYPE = seq([
  "DEAL_TYPE_BUY",
  "DEAL_TYPE_SELL",
  "DEAL_TYPE_BALANCE",
  "DEAL_TYPE_CREDIT",
  "DEAL_TYPE_CHARGE",
  "DEAL_TYPE_CORRECTION",
  "DEAL_TYPE_BONUS",
  "DEAL_TYPE_COMMISSION",
  "DEAL_TYPE_COMMISSION_DAILY",
  "DEAL_TYPE_COMMISSION_MONTHLY",
  "DEAL_TYPE_COMMISSION_AGENT_DAILY",
  "DEAL_TYPE_COMMISSION_AGENT_MONTHLY",
  "DEAL_TYPE_INTEREST",
  "DEAL_TYPE_BUY_CANCELED",
  "DEAL_TYPE_SELL_CANCELED",
  "DEAL_DIVIDEND",
  "DEAL_DIVIDEND_FRANKED",
  "DEAL_TAX",
]);
export const ENUM_DEAL_ENTRY = seq([
  "DEAL_ENTRY_IN",
  "DEAL_ENTRY_OUT",
  "DEAL_ENTRY_INOUT",
  "DEAL_ENTRY_OUT_BY",
]);
export const ENUM_DEAL_REASON = seq([
  "DEAL_REASON_CLIENT",
  "DEAL_REASON_MOBILE",
  "DEAL_REASON_WEB",
  "DEAL_REASON_EXPERT",
  "DEAL_REASON_SL",
  "DEAL_REASON_TP",
  "DEAL_REASON_SO",
  "DEAL_REASON_ROLLOVER",
  "DEAL_REASON_VMARGIN",
  "DEAL_REASON_SPLIT",
]);
export const ENUM_TRADE_TRANSACTION_TYPE = seq([
  "TRADE_TRANSACTION_ORDER_ADD",
  "TRADE_TRANSACTION_ORDER_UPDATE",
  "TRADE_TRANSACTION_ORDER_DELETE",
  "TRADE_TRANSACTION_HISTORY_ADD",
  "TRADE_TRANSACTION_HISTORY_UPDATE",
  "TRADE_TRANSACTION_HISTORY_DELETE",
  "TRADE_TRANSACTION_DEAL_ADD",
  "TRADE_TRANSACTION_DEAL_UPDATE",
  "TRADE_TRANSACTION_DEAL_DELETE",
  "TRADE_TRANSACTION_POSITION",
  "TRADE_TRANSACTION_REQUEST",
]);
export const ENUM_ACCOUNT_TRADE_MODE = seq([
  "ACCOUNT_TRADE_MODE_DEMO",
  "ACCOUNT_TRADE_MODE_CONTEST",
  "ACCOUNT_TRADE_MODE_REAL",
]);
export const ENUM_ACCOUNT_MARGIN_MODE = seq([
  "ACCOUNT_MARGIN_MODE_RETAIL_NETTING",
  "ACCOUNT_MARGIN_MODE_EXCHANGE",
  "ACCOUNT_MARGIN_MODE_RETAIL_HEDGING",
]);
export const ENUM_ACCOUNT_STOPOUT_MODE = seq([
  "ACCOUNT_STOPOUT_MODE_PERCENT",
  "ACCOUNT_STOPOUT_MODE_MONEY",
]);
export const ENUM_SYMBOL_TRADE_MODE = seq([
  "SYMBOL_TRADE_MODE_DISABLED",
  "SYMBOL_TRADE_MODE_LONGONLY",
  "SYMBOL_TRADE_MODE_SHORTONLY",
  "SYMBOL_TRADE_MODE_CLOSEONLY",
  "SYMBOL_TRADE_MODE_FULL",
]);
export const ENUM_SYMBOL_TRADE_EXECUTION = seq([
  "SYMBOL_TRADE_EXECUTION_REQUEST",
  "SYMBOL_TRADE_EXECUTION_INSTANT",
  "SYMBOL_TRADE_EXECUTION_MARKET",
  "SYMBOL_TRADE_EXECUTION_EXCHANGE",
]);
export const ENUM_SYMBOL_CALC_MODE = seq([
  "SYMBOL_CALC_MODE_FOREX",
  "SYMBOL_CALC_MODE_FUTURES",
  "SYMBOL_CALC_MODE_CFD",
  "SYMBOL_CALC_MODE_CFDINDEX",
  "SYMBOL_CALC_MODE_CFDLEVERAGE",
  "SYMBOL_CALC_MODE_EXCH_STOCKS",
  "SYMBOL_CALC_MODE_EXCH_FUTURES",
  "SYMBOL_CALC_MODE_EXCH_FUTURES_FORTS",
  "SYMBOL_CALC_MODE_EXCH_BONDS",
  "SYMBOL_CALC_MODE_EXCH_STOCKS_MOEX",
  "SYMBOL_CALC_MODE_EXCH_BONDS_MOEX",
  "SYMBOL_CALC_MODE_SERV_COLLATERAL",
]);
/** Flags of SYMBOL_FILLING_MODE / SYMBOL_EXPIRATION_MODE / SYMBOL_ORDER_MODE. */
export const SYMBOL_FLAGS: EnumTable = {
  SYMBOL_FILLING_FOK: 1,
  SYMBOL_FILLING_IOC: 2,
  SYMBOL_FILLING_BOC: 4,
  SYMBOL_EXPIRATION_GTC: 1,
  SYMBOL_EXPIRATION_DAY: 2,
  SYMBOL_EXPIRATION_SPECIFIED: 4,
  SYMBOL_EXPIRATION_SPECIFIED_DAY: 8,
  SYMBOL_ORDER_MARKET: 1,
  SYMBOL_ORDER_LIMIT: 2,
  SYMBOL_ORDER_STOP: 4,
  SYMBOL_ORDER_STOP_LIMIT: 8,
  SYMBOL_ORDER_SL: 16,
  SYMBOL_ORDER_TP: 32,
  SYMBOL_ORDER_CLOSEBY: 64,
};
export const TICK_FLAGS: EnumTable = {
  TICK_FLAG_BID: 2,
  TICK_FLAG_ASK: 4,
  TICK_FLAG_LAST: 8,
  TICK_FLAG_VOLUME: 16,
  TICK_FLAG_BUY: 32,
  TICK_FLAG_SELL: 64,
};
export const ENUM_INIT_RETCODE: EnumTable = {
  INIT_SUCCEEDED: 0,
  INIT_FAILED: 1,
  INIT_PARAMETERS_INCORRECT: 32767,
  INIT_AGENT_NOT_SUITABLE: 32766,
};
export const ENUM_DEINIT_REASON = seq([
  "REASON_PROGRAM",
  "REASON_REMOVE",
  "REASON_RECOMPILE",
  "REASON_CHARTCHANGE",
  "REASON_CHARTCLOSE",
  "REASON_PARAMETERS",
  "REASON_ACCOUNT",
  "REASON_TEMPLATE",
  "REASON_INITFAILED",
  "REASON_CLOSE",
]);
export const ENUM_DAY_OF_WEEK = seq([
  "SUNDAY",
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
]);

/** Trade server return codes (real MQL5 values). */
export const ENUM_TRADE_RETCODE: EnumTable = {
  TRADE_RETCODE_REQUOTE: 10004,
  TRADE_RETCODE_REJECT: 10006,
  TRADE_RETCODE_CANCEL: 10007,
  TRADE_RETCODE_PLACED: 10008,
  TRADE_RETCODE_DONE: 10009,
  TRADE_RETCODE_DONE_PARTIAL: 10010,
  TRADE_RETCODE_ERROR: 10011,
  TRADE_RETCODE_TIMEOUT: 10012,
  TRADE_RETCODE_INVALID: 10013,
  TRADE_RETCODE_INVALID_VOLUME: 10014,
  TRADE_RETCODE_INVALID_PRICE: 10015,
  TRADE_RETCODE_INVALID_STOPS: 10016,
  TRADE_RETCODE_TRADE_DISABLED: 10017,
  TRADE_RETCODE_MARKET_CLOSED: 10018,
  TRADE_RETCODE_NO_MONEY: 10019,
  TRADE_RETCODE_PRICE_CHANGED: 10020,
  TRADE_RETCODE_PRICE_OFF: 10021,
  TRADE_RETCODE_INVALID_EXPIRATION: 10022,
  TRADE_RETCODE_ORDER_CHANGED: 10023,
  TRADE_RETCODE_TOO_MANY_REQUESTS: 10024,
  TRADE_RETCODE_NO_CHANGES: 10025,
  TRADE_RETCODE_SERVER_DISABLES_AT: 10026,
  TRADE_RETCODE_CLIENT_DISABLES_AT: 10027,
  TRADE_RETCODE_LOCKED: 10028,
  TRADE_RETCODE_FROZEN: 10029,
  TRADE_RETCODE_INVALID_FILL: 10030,
  TRADE_RETCODE_CONNECTION: 10031,
  TRADE_RETCODE_ONLY_REAL: 10032,
  TRADE_RETCODE_LIMIT_ORDERS: 10033,
  TRADE_RETCODE_LIMIT_VOLUME: 10034,
  TRADE_RETCODE_INVALID_ORDER: 10035,
  TRADE_RETCODE_POSITION_CLOSED: 10036,
  TRADE_RETCODE_INVALID_CLOSE_VOLUME: 10038,
  TRADE_RETCODE_CLOSE_ORDER_EXIST: 10039,
  TRADE_RETCODE_LIMIT_POSITIONS: 10040,
  TRADE_RETCODE_REJECT_CANCEL: 10041,
  TRADE_RETCODE_LONG_ONLY: 10042,
  TRADE_RETCODE_SHORT_ONLY: 10043,
  TRADE_RETCODE_CLOSE_ONLY: 10044,
  TRADE_RETCODE_FIFO_CLOSE: 10045,
  TRADE_RETCODE_HEDGE_PROHIBITED: 10046,
};

/** Runtime error codes returned by GetLastError() (real MQL5 values). */
export const ERR: EnumTable = {
  ERR_SUCCESS: 0,
  ERR_INTERNAL_ERROR: 4001,
  ERR_WRONG_INTERNAL_PARAMETER: 4002,
  ERR_INVALID_PARAMETER: 4003,
  ERR_NOT_ENOUGH_MEMORY: 4004,
  ERR_INVALID_ARRAY: 4006,
  ERR_ARRAY_RESIZE_ERROR: 4007,
  ERR_INVALID_DATETIME: 4010,
  ERR_ARRAY_BAD_SIZE: 4011,
  ERR_FUNCTION_NOT_ALLOWED: 4014,
  ERR_CHART_CANNOT_CREATE_TIMER: 4108,
  ERR_MARKET_UNKNOWN_SYMBOL: 4301,
  ERR_MARKET_NOT_SELECTED: 4302,
  ERR_MARKET_WRONG_PROPERTY: 4303,
  ERR_MARKET_LASTTIME_UNKNOWN: 4304,
  ERR_HISTORY_NOT_FOUND: 4401,
  ERR_HISTORY_WRONG_PROPERTY: 4402,
  ERR_ACCOUNT_WRONG_PROPERTY: 4701,
  ERR_TRADE_WRONG_PROPERTY: 4751,
  ERR_TRADE_DISABLED: 4752,
  ERR_TRADE_POSITION_NOT_FOUND: 4753,
  ERR_TRADE_ORDER_NOT_FOUND: 4754,
  ERR_TRADE_DEAL_NOT_FOUND: 4755,
  ERR_TRADE_SEND_FAILED: 4756,
  ERR_TRADE_CALC_FAILED: 4758,
  ERR_INDICATOR_UNKNOWN_SYMBOL: 4801,
  ERR_INDICATOR_CANNOT_CREATE: 4802,
  ERR_INDICATOR_NO_MEMORY: 4803,
  ERR_INDICATOR_DATA_NOT_FOUND: 4806,
  ERR_INDICATOR_WRONG_HANDLE: 4807,
  ERR_INDICATOR_WRONG_PARAMETERS: 4808,
  ERR_INDICATOR_WRONG_INDEX: 4812,
  ERR_WRONG_FORMATSTRING: 5037,
  ERR_SMALL_ARRAY: 5052,
  ERR_ZEROSIZE_ARRAY: 5053,
  ERR_USER_ERROR_FIRST: 65536,
};

/** Property selectors (opaque numbers, one range per Get function family). */
export const SYMBOL_DOUBLE_PROPS = seq(
  [
    "SYMBOL_BID",
    "SYMBOL_BIDHIGH",
    "SYMBOL_BIDLOW",
    "SYMBOL_ASK",
    "SYMBOL_ASKHIGH",
    "SYMBOL_ASKLOW",
    "SYMBOL_LAST",
    "SYMBOL_LASTHIGH",
    "SYMBOL_LASTLOW",
    "SYMBOL_POINT",
    "SYMBOL_TRADE_TICK_VALUE",
    "SYMBOL_TRADE_TICK_VALUE_PROFIT",
    "SYMBOL_TRADE_TICK_VALUE_LOSS",
    "SYMBOL_TRADE_TICK_SIZE",
    "SYMBOL_TRADE_CONTRACT_SIZE",
    "SYMBOL_VOLUME_MIN",
    "SYMBOL_VOLUME_MAX",
    "SYMBOL_VOLUME_STEP",
    "SYMBOL_VOLUME_LIMIT",
    "SYMBOL_SWAP_LONG",
    "SYMBOL_SWAP_SHORT",
    "SYMBOL_MARGIN_INITIAL",
    "SYMBOL_MARGIN_MAINTENANCE",
    "SYMBOL_VOLUME_REAL",
  ],
  100,
);
export const SYMBOL_INTEGER_PROPS = seq(
  [
    "SYMBOL_SELECT",
    "SYMBOL_VISIBLE",
    "SYMBOL_VOLUME",
    "SYMBOL_TIME",
    "SYMBOL_TIME_MSC",
    "SYMBOL_DIGITS",
    "SYMBOL_SPREAD",
    "SYMBOL_SPREAD_FLOAT",
    "SYMBOL_TRADE_STOPS_LEVEL",
    "SYMBOL_TRADE_FREEZE_LEVEL",
    "SYMBOL_TRADE_MODE",
    "SYMBOL_TRADE_CALC_MODE",
    "SYMBOL_TRADE_EXEMODE",
    "SYMBOL_FILLING_MODE",
    "SYMBOL_EXPIRATION_MODE",
    "SYMBOL_ORDER_MODE",
    "SYMBOL_EXIST",
    "SYMBOL_CUSTOM",
  ],
  200,
);
export const SYMBOL_STRING_PROPS = seq(
  [
    "SYMBOL_NAME",
    "SYMBOL_CURRENCY_BASE",
    "SYMBOL_CURRENCY_PROFIT",
    "SYMBOL_CURRENCY_MARGIN",
    "SYMBOL_DESCRIPTION",
    "SYMBOL_PATH",
  ],
  300,
);
export const ACCOUNT_DOUBLE_PROPS = seq(
  [
    "ACCOUNT_BALANCE",
    "ACCOUNT_CREDIT",
    "ACCOUNT_PROFIT",
    "ACCOUNT_EQUITY",
    "ACCOUNT_MARGIN",
    "ACCOUNT_MARGIN_FREE",
    "ACCOUNT_MARGIN_LEVEL",
    "ACCOUNT_MARGIN_SO_CALL",
    "ACCOUNT_MARGIN_SO_SO",
  ],
  400,
);
export const ACCOUNT_INTEGER_PROPS = seq(
  [
    "ACCOUNT_LOGIN",
    "ACCOUNT_TRADE_MODE",
    "ACCOUNT_LEVERAGE",
    "ACCOUNT_LIMIT_ORDERS",
    "ACCOUNT_MARGIN_SO_MODE",
    "ACCOUNT_TRADE_ALLOWED",
    "ACCOUNT_TRADE_EXPERT",
    "ACCOUNT_MARGIN_MODE",
    "ACCOUNT_CURRENCY_DIGITS",
    "ACCOUNT_FIFO_CLOSE",
  ],
  500,
);
export const ACCOUNT_STRING_PROPS = seq(
  ["ACCOUNT_NAME", "ACCOUNT_SERVER", "ACCOUNT_CURRENCY", "ACCOUNT_COMPANY"],
  600,
);
export const POSITION_DOUBLE_PROPS = seq(
  [
    "POSITION_VOLUME",
    "POSITION_PRICE_OPEN",
    "POSITION_SL",
    "POSITION_TP",
    "POSITION_PRICE_CURRENT",
    "POSITION_SWAP",
    "POSITION_PROFIT",
  ],
  700,
);
export const POSITION_INTEGER_PROPS = seq(
  [
    "POSITION_TICKET",
    "POSITION_TIME",
    "POSITION_TIME_MSC",
    "POSITION_TIME_UPDATE",
    "POSITION_TIME_UPDATE_MSC",
    "POSITION_TYPE",
    "POSITION_MAGIC",
    "POSITION_IDENTIFIER",
    "POSITION_REASON",
  ],
  800,
);
export const POSITION_STRING_PROPS = seq(
  ["POSITION_SYMBOL", "POSITION_COMMENT", "POSITION_EXTERNAL_ID"],
  900,
);
export const ORDER_DOUBLE_PROPS = seq(
  [
    "ORDER_VOLUME_INITIAL",
    "ORDER_VOLUME_CURRENT",
    "ORDER_PRICE_OPEN",
    "ORDER_SL",
    "ORDER_TP",
    "ORDER_PRICE_CURRENT",
    "ORDER_PRICE_STOPLIMIT",
  ],
  1000,
);
export const ORDER_INTEGER_PROPS = seq(
  [
    "ORDER_TICKET",
    "ORDER_TIME_SETUP",
    "ORDER_TYPE",
    "ORDER_STATE",
    "ORDER_TIME_EXPIRATION",
    "ORDER_TIME_DONE",
    "ORDER_TIME_SETUP_MSC",
    "ORDER_TIME_DONE_MSC",
    "ORDER_TYPE_FILLING",
    "ORDER_TYPE_TIME",
    "ORDER_MAGIC",
    "ORDER_REASON",
    "ORDER_POSITION_ID",
    "ORDER_POSITION_BY_ID",
  ],
  1100,
);
export const ORDER_STRING_PROPS = seq(["ORDER_SYMBOL", "ORDER_COMMENT", "ORDER_EXTERNAL_ID"], 1200);
export const DEAL_DOUBLE_PROPS = seq(
  [
    "DEAL_VOLUME",
    "DEAL_PRICE",
    "DEAL_COMMISSION",
    "DEAL_SWAP",
    "DEAL_PROFIT",
    "DEAL_FEE",
    "DEAL_SL",
    "DEAL_TP",
  ],
  1300,
);
export const DEAL_INTEGER_PROPS = seq(
  [
    "DEAL_TICKET",
    "DEAL_ORDER",
    "DEAL_TIME",
    "DEAL_TIME_MSC",
    "DEAL_TYPE",
    "DEAL_ENTRY",
    "DEAL_MAGIC",
    "DEAL_REASON",
    "DEAL_POSITION_ID",
  ],
  1400,
);
export const DEAL_STRING_PROPS = seq(["DEAL_SYMBOL", "DEAL_COMMENT", "DEAL_EXTERNAL_ID"], 1500);

/** Web colours (subset of MQL5's clr* table) plus clrNONE. */
export const COLORS: EnumTable = {
  clrNONE: -1,
  CLR_NONE: -1,
  clrBlack: rgb(0, 0, 0),
  clrWhite: rgb(255, 255, 255),
  clrRed: rgb(255, 0, 0),
  clrLime: rgb(0, 255, 0),
  clrBlue: rgb(0, 0, 255),
  clrYellow: rgb(255, 255, 0),
  clrAqua: rgb(0, 255, 255),
  clrMagenta: rgb(255, 0, 255),
  clrGreen: rgb(0, 128, 0),
  clrNavy: rgb(0, 0, 128),
  clrMaroon: rgb(128, 0, 0),
  clrPurple: rgb(128, 0, 128),
  clrTeal: rgb(0, 128, 128),
  clrOlive: rgb(128, 128, 0),
  clrGray: rgb(128, 128, 128),
  clrSilver: rgb(192, 192, 192),
  clrOrange: rgb(255, 165, 0),
  clrOrangeRed: rgb(255, 69, 0),
  clrGold: rgb(255, 215, 0),
  clrDodgerBlue: rgb(30, 144, 255),
  clrDeepSkyBlue: rgb(0, 191, 255),
  clrSkyBlue: rgb(135, 206, 235),
  clrCrimson: rgb(220, 20, 60),
  clrLightGray: rgb(211, 211, 211),
  clrDarkGray: rgb(169, 169, 169),
  clrDimGray: rgb(105, 105, 105),
  clrGreenYellow: rgb(173, 255, 47),
  clrLightSeaGreen: rgb(32, 178, 170),
  clrSeaGreen: rgb(46, 139, 87),
  clrMediumSeaGreen: rgb(60, 179, 113),
  clrTomato: rgb(255, 99, 71),
  clrFireBrick: rgb(178, 34, 34),
  clrSteelBlue: rgb(70, 130, 180),
  clrRoyalBlue: rgb(65, 105, 225),
  clrViolet: rgb(238, 130, 238),
};

/** Enums an `input.enum(ENUM_X, MEMBER)` declaration may name. */
export const MQL5_ENUMS: Readonly<Record<string, EnumTable>> = {
  ENUM_TIMEFRAMES,
  ENUM_MA_METHOD,
  ENUM_APPLIED_PRICE,
  ENUM_STO_PRICE,
  ENUM_ORDER_TYPE,
  ENUM_ORDER_TYPE_FILLING,
  ENUM_ORDER_TYPE_TIME,
  ENUM_POSITION_TYPE,
  ENUM_DAY_OF_WEEK,
  ENUM_DEAL_TYPE,
  ENUM_DEAL_ENTRY,
  ENUM_SERIESMODE,
  ENUM_ACCOUNT_MARGIN_MODE,
};

/** Loose numeric constants. */
export const MISC: EnumTable = {
  EMPTY_VALUE: Number.MAX_VALUE,
  DBL_MAX: Number.MAX_VALUE,
  DBL_MIN: 2.2250738585072014e-308,
  DBL_EPSILON: Number.EPSILON,
  INT_MAX: 2147483647,
  INT_MIN: -2147483648,
  UINT_MAX: 4294967295,
  LONG_MAX: Number.MAX_SAFE_INTEGER,
  LONG_MIN: Number.MIN_SAFE_INTEGER,
  WRONG_VALUE: -1,
  INVALID_HANDLE: -1,
  WHOLE_ARRAY: -1,
  M_PI: Math.PI,
  M_E: Math.E,
  TIME_DATE: 1,
  TIME_MINUTES: 2,
  TIME_SECONDS: 4,
  CHARTS_MAX: 100,
};

/** Every constant installed as a global (later tables never override earlier names). */
export function allConstants(): Record<string, number> {
  const out: Record<string, number> = {};
  const tables: EnumTable[] = [
    ENUM_TIMEFRAMES,
    ENUM_MA_METHOD,
    ENUM_APPLIED_PRICE,
    ENUM_STO_PRICE,
    ENUM_SERIESMODE,
    INDICATOR_LINES,
    ENUM_TRADE_REQUEST_ACTIONS,
    ENUM_ORDER_TYPE,
    ENUM_ORDER_TYPE_FILLING,
    ENUM_ORDER_TYPE_TIME,
    ENUM_ORDER_STATE,
    ENUM_ORDER_REASON,
    ENUM_POSITION_TYPE,
    ENUM_POSITION_REASON,
    ENUM_DEAL_TYPE,
    ENUM_DEAL_ENTRY,
    ENUM_DEAL_REASON,
    ENUM_TRADE_TRANSACTION_TYPE,
    ENUM_ACCOUNT_TRADE_MODE,
    ENUM_ACCOUNT_MARGIN_MODE,
    ENUM_ACCOUNT_STOPOUT_MODE,
    ENUM_SYMBOL_TRADE_MODE,
    ENUM_SYMBOL_TRADE_EXECUTION,
    ENUM_SYMBOL_CALC_MODE,
    SYMBOL_FLAGS,
    TICK_FLAGS,
    ENUM_INIT_RETCODE,
    ENUM_DEINIT_REASON,
    ENUM_DAY_OF_WEEK,
    ENUM_TRADE_RETCODE,
    ERR,
    SYMBOL_DOUBLE_PROPS,
    SYMBOL_INTEGER_PROPS,
    SYMBOL_STRING_PROPS,
    ACCOUNT_DOUBLE_PROPS,
    ACCOUNT_INTEGER_PROPS,
    ACCOUNT_STRING_PROPS,
    POSITION_DOUBLE_PROPS,
    POSITION_INTEGER_PROPS,
    POSITION_STRING_PROPS,
    ORDER_DOUBLE_PROPS,
    ORDER_INTEGER_PROPS,
    ORDER_STRING_PROPS,
    DEAL_DOUBLE_PROPS,
    DEAL_INTEGER_PROPS,
    DEAL_STRING_PROPS,
    COLORS,
    MISC,
  ];
  for (const table of tables) {
    for (const [k, v] of Object.entries(table)) {
      if (!(k in out)) {
        out[k] = v;
      }
    }
  }
  return out;
}

/** Human text for a trade retcode (used by CTrade.ResultRetcodeDescription). */
export function retcodeDescription(code: number): string {
  const texts: Record<number, string> = {
    10004: "requote",
    10006: "request rejected",
    10007: "request canceled by trader",
    10008: "order placed",
    10009: "request completed",
    10010: "only part of the request was completed",
    10011: "request processing error",
    10012: "request canceled by timeout",
    10013: "invalid request",
    10014: "invalid volume in the request",
    10015: "invalid price in the request",
    10016: "invalid stops in the request",
    10017: "trade is disabled",
    10018: "market is closed",
    10019: "there is not enough money to complete the request",
    10020: "prices changed",
    10021: "there are no quotes to process the request",
    10022: "invalid order expiration date in the request",
    10023: "order state changed",
    10024: "too frequent requests",
    10025: "no changes in request",
    10026: "autotrading disabled by server",
    10027: "autotrading disabled by client terminal",
    10028: "request locked for processing",
    10029: "order or position frozen",
    10030: "invalid order filling type",
    10031: "no connection with the trade server",
    10032: "operation is allowed only for live accounts",
    10033: "the number of pending orders has reached the limit",
    10034: "the volume of orders and positions for the symbol has reached the limit",
    10035: "incorrect or prohibited order type",
    10036: "position with the specified identifier has already been closed",
    10038: "a close volume exceeds the current position volume",
    10039: "a close order already exists for a specified position",
    10040: "the number of open positions has reached the limit",
    10041: "the pending order activation request is rejected, the order is canceled",
    10042: "only long positions are allowed",
    10043: "only short positions are allowed",
    10044: "only position closing is allowed",
    10045: "position closing is allowed only by FIFO rule",
    10046: "opposite positions on a single symbol are disabled",
  };
  return texts[code] ?? `unknown retcode ${code}`;
}
