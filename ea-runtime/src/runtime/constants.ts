/**
 * MQL5 constants exposed as globals inside the EA isolate.
 *
 * Owns: every numeric constant of the MQL5 API the runtime implements, grouped into named enums
 * (`MQL5_ENUMS`, also used by the static analyser for `input.enum(...)`) plus loose constants.
 * Values of trade constants, retcodes, timeframes, deal/order/position enums, runtime error codes
 * and colours are MQL5's real numeric values, and so are the terminal/program property ids
 * (TERMINAL_*, MQL_*, see ENUM_TERMINAL_INFO_INTEGER for the few exceptions). Property selectors
 * (SYMBOL_*, ACCOUNT_*, POSITION_*, ORDER_*, DEAL_* property ids) are opaque: MetaQuotes does not
 * document their numbers, so we number them per family; programs must use them by name.
 * Must not import anything but chart-constants.ts, file-constants.ts and calendar-constants.ts
 * (all import-free): the analyser imports this module too.
 */

import { CALENDAR_CONSTANT_TABLES, CALENDAR_ENUMS } from "./calendar-constants.ts";
import { CHART_CONSTANT_TABLES, CHART_ENUMS } from "./chart-constants.ts";
import {
  ENUM_FILE_POSITION,
  ENUM_FILE_PROPERTY_INTEGER,
  FILE_CONSTANT_TABLES,
  STORAGE_ERRORS,
} from "./file-constants.ts";

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
export const ENUM_APPLIED_VOLUME = seq(["VOLUME_TICK", "VOLUME_REAL"]);
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
  UPPER_LINE: 0,
  LOWER_LINE: 1,
  UPPER_HISTOGRAM: 0,
  LOWER_HISTOGRAM: 2,
  GATORJAW_LINE: 0,
  GATORTEETH_LINE: 1,
  GATORLIPS_LINE: 2,
  TENKANSEN_LINE: 0,
  KIJUNSEN_LINE: 1,
  SENKOUSPANA_LINE: 2,
  SENKOUSPANB_LINE: 3,
  CHIKOUSPAN_LINE: 4,
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
/** MQL5's values: the exchange modes start at 32, collateral is 64. */
export const ENUM_SYMBOL_CALC_MODE: EnumTable = {
  SYMBOL_CALC_MODE_FOREX: 0,
  SYMBOL_CALC_MODE_FUTURES: 1,
  SYMBOL_CALC_MODE_CFD: 2,
  SYMBOL_CALC_MODE_CFDINDEX: 3,
  SYMBOL_CALC_MODE_CFDLEVERAGE: 4,
  SYMBOL_CALC_MODE_FOREX_NO_LEVERAGE: 5,
  SYMBOL_CALC_MODE_EXCH_STOCKS: 32,
  SYMBOL_CALC_MODE_EXCH_FUTURES: 33,
  SYMBOL_CALC_MODE_EXCH_FUTURES_FORTS: 34,
  SYMBOL_CALC_MODE_EXCH_BONDS: 37,
  SYMBOL_CALC_MODE_EXCH_STOCKS_MOEX: 38,
  SYMBOL_CALC_MODE_EXCH_BONDS_MOEX: 39,
  SYMBOL_CALC_MODE_SERV_COLLATERAL: 64,
};
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
  ERR_STRUCT_WITHOBJECTS_ORCLASS: 4005,
  ERR_STRING_RESIZE_ERROR: 4008,
  ERR_NOTINITIALIZED_STRING: 4009,
  ERR_INVALID_POINTER: 4012,
  ERR_INVALID_POINTER_TYPE: 4013,
  ERR_FUNCTION_NOT_ALLOWED: 4014,
  ERR_MATH_OVERFLOW: 4019,
  ERR_SLEEP_ERROR: 4020,
  ERR_PROGRAM_STOPPED: 4022,
  ERR_INVALID_TYPE: 4023,
  ERR_INVALID_HANDLE: 4024,
  ERR_TOO_MANY_OBJECTS: 4025,
  ERR_CHART_WRONG_ID: 4101,
  ERR_CHART_NO_REPLY: 4102,
  ERR_CHART_NOT_FOUND: 4103,
  ERR_CHART_NO_EXPERT: 4104,
  ERR_CHART_CANNOT_OPEN: 4105,
  ERR_CHART_CANNOT_CHANGE: 4106,
  ERR_CHART_WRONG_PARAMETER: 4107,
  ERR_CHART_CANNOT_CREATE_TIMER: 4108,
  ERR_CHART_WRONG_PROPERTY: 4109,
  ERR_OBJECT_ERROR: 4201,
  ERR_OBJECT_NOT_FOUND: 4202,
  ERR_OBJECT_WRONG_PROPERTY: 4203,
  ERR_OBJECT_GETDATE_FAILED: 4204,
  ERR_OBJECT_GETVALUE_FAILED: 4205,
  ERR_MARKET_UNKNOWN_SYMBOL: 4301,
  ERR_MARKET_NOT_SELECTED: 4302,
  ERR_MARKET_WRONG_PROPERTY: 4303,
  ERR_MARKET_LASTTIME_UNKNOWN: 4304,
  ERR_HISTORY_NOT_FOUND: 4401,
  ERR_HISTORY_WRONG_PROPERTY: 4402,
  ERR_MAIL_SEND_FAILED: 4510,
  ERR_PLAY_SOUND_FAILED: 4511,
  ERR_MQL5_WRONG_PROPERTY: 4512,
  ERR_TERMINAL_WRONG_PROPERTY: 4513,
  ERR_FTP_SEND_FAILED: 4514,
  ERR_NOTIFICATION_SEND_FAILED: 4515,
  ERR_NOTIFICATION_WRONG_PARAMETER: 4516,
  ERR_NOTIFICATION_WRONG_SETTINGS: 4517,
  ERR_NOTIFICATION_TOO_FREQUENT: 4518,
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
  ERR_NO_STRING_DATE: 5030,
  ERR_WRONG_STRING_DATE: 5031,
  ERR_WRONG_STRING_TIME: 5032,
  ERR_STRING_TIME_ERROR: 5033,
  ERR_STRING_OUT_OF_MEMORY: 5034,
  ERR_STRING_SMALL_LEN: 5035,
  ERR_STRING_TOO_BIGNUMBER: 5036,
  ERR_WRONG_FORMATSTRING: 5037,
  ERR_TOO_MANY_FORMATTERS: 5038,
  ERR_TOO_MANY_PARAMETERS: 5039,
  ERR_WRONG_STRING_PARAMETER: 5040,
  ERR_STRINGPOS_OUTOFRANGE: 5041,
  ERR_STRING_ZEROADDED: 5042,
  ERR_STRING_UNKNOWNTYPE: 5043,
  ERR_WRONG_STRING_OBJECT: 5044,
  ERR_INCOMPATIBLE_ARRAYS: 5050,
  ERR_SMALL_ASSERIES_ARRAY: 5051,
  ERR_SMALL_ARRAY: 5052,
  ERR_ZEROSIZE_ARRAY: 5053,
  ERR_NUMBER_ARRAYS_ONLY: 5054,
  ERR_ONEDIM_ARRAYS_ONLY: 5055,
  ERR_SERIES_ARRAY: 5056,
  ERR_DOUBLE_ARRAY_ONLY: 5057,
  ERR_FLOAT_ARRAY_ONLY: 5058,
  ERR_LONG_ARRAY_ONLY: 5059,
  ERR_INT_ARRAY_ONLY: 5060,
  ERR_SHORT_ARRAY_ONLY: 5061,
  ERR_CHAR_ARRAY_ONLY: 5062,
  ERR_STRING_ARRAY_ONLY: 5063,
  ERR_WEBREQUEST_INVALID_ADDRESS: 5200,
  ERR_WEBREQUEST_CONNECT_FAILED: 5201,
  ERR_WEBREQUEST_TIMEOUT: 5202,
  ERR_WEBREQUEST_REQUEST_FAILED: 5203,
  ERR_USER_ERROR_FIRST: 65536,
  ...STORAGE_ERRORS,
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

/**
 * Terminal and program properties (TerminalInfo*, MQLInfo*). Unlike the selectors above these are
 * MQL5's real ids: they were read off the terminal by several independent bindings that agree
 * (the string and integer families share one numbering, e.g. TERMINAL_COMPANY = 0 while
 * TERMINAL_BUILD = 5). TERMINAL_KEYSTATE_* are 1000 + the Windows virtual-key code.
 * TERMINAL_X64/OPENCL_SUPPORT come from one binding only. The ids of TERMINAL_VPS, the screen and
 * window coordinates and TERMINAL_RETRANSMISSION could not be verified: they get ids from 2000
 * up, outside MQL5's range, so a program must use them by name.
 */
export const ENUM_TERMINAL_INFO_INTEGER: EnumTable = {
  TERMINAL_BUILD: 5,
  TERMINAL_CONNECTED: 6,
  TERMINAL_DLLS_ALLOWED: 7,
  TERMINAL_TRADE_ALLOWED: 8,
  TERMINAL_EMAIL_ENABLED: 9,
  TERMINAL_FTP_ENABLED: 10,
  TERMINAL_MAXBARS: 11,
  TERMINAL_CODEPAGE: 12,
  TERMINAL_MEMORY_PHYSICAL: 14,
  TERMINAL_MEMORY_TOTAL: 15,
  TERMINAL_MEMORY_AVAILABLE: 16,
  TERMINAL_MEMORY_USED: 17,
  TERMINAL_X64: 18,
  TERMINAL_OPENCL_SUPPORT: 19,
  TERMINAL_DISK_SPACE: 20,
  TERMINAL_CPU_CORES: 21,
  TERMINAL_MQID: 22,
  TERMINAL_COMMUNITY_ACCOUNT: 23,
  TERMINAL_COMMUNITY_CONNECTION: 24,
  TERMINAL_NOTIFICATIONS_ENABLED: 26,
  TERMINAL_SCREEN_DPI: 27,
  TERMINAL_PING_LAST: 28,
  TERMINAL_VPS: 2001,
  TERMINAL_SCREEN_LEFT: 2002,
  TERMINAL_SCREEN_TOP: 2003,
  TERMINAL_SCREEN_WIDTH: 2004,
  TERMINAL_SCREEN_HEIGHT: 2005,
  TERMINAL_LEFT: 2006,
  TERMINAL_TOP: 2007,
  TERMINAL_RIGHT: 2008,
  TERMINAL_BOTTOM: 2009,
  TERMINAL_KEYSTATE_TAB: 1009,
  TERMINAL_KEYSTATE_ENTER: 1013,
  TERMINAL_KEYSTATE_SHIFT: 1016,
  TERMINAL_KEYSTATE_CONTROL: 1017,
  TERMINAL_KEYSTATE_MENU: 1018,
  TERMINAL_KEYSTATE_CAPSLOCK: 1020,
  TERMINAL_KEYSTATE_ESCAPE: 1027,
  TERMINAL_KEYSTATE_PAGEUP: 1033,
  TERMINAL_KEYSTATE_PAGEDOWN: 1034,
  TERMINAL_KEYSTATE_END: 1035,
  TERMINAL_KEYSTATE_HOME: 1036,
  TERMINAL_KEYSTATE_LEFT: 1037,
  TERMINAL_KEYSTATE_UP: 1038,
  TERMINAL_KEYSTATE_RIGHT: 1039,
  TERMINAL_KEYSTATE_DOWN: 1040,
  TERMINAL_KEYSTATE_INSERT: 1045,
  TERMINAL_KEYSTATE_DELETE: 1046,
  TERMINAL_KEYSTATE_NUMLOCK: 1144,
  TERMINAL_KEYSTATE_SCRLOCK: 1145,
};
export const ENUM_TERMINAL_INFO_DOUBLE: EnumTable = {
  TERMINAL_COMMUNITY_BALANCE: 25,
  TERMINAL_RETRANSMISSION: 2101,
};
export const ENUM_TERMINAL_INFO_STRING: EnumTable = {
  TERMINAL_COMPANY: 0,
  TERMINAL_NAME: 1,
  TERMINAL_PATH: 2,
  TERMINAL_DATA_PATH: 3,
  TERMINAL_COMMONDATA_PATH: 4,
  TERMINAL_LANGUAGE: 13,
};
/** MQLInfoInteger ids (strings take 0 and 1, integers start at 2). */
export const ENUM_MQL_INFO_INTEGER: EnumTable = {
  MQL_PROGRAM_TYPE: 2,
  MQL_DLLS_ALLOWED: 3,
  MQL_TRADE_ALLOWED: 4,
  MQL_DEBUG: 5,
  MQL_TESTER: 6,
  MQL_OPTIMIZATION: 7,
  MQL_VISUAL_MODE: 8,
  MQL_LICENSE_TYPE: 9,
  MQL_PROFILER: 10,
  MQL_MEMORY_USED: 11,
  MQL_FRAME_MODE: 12,
  MQL_MEMORY_LIMIT: 13,
  MQL_SIGNALS_ALLOWED: 14,
  MQL_CODEPAGE: 15,
  MQL_FORWARD: 16,
  MQL_HANDLES_USED: 17,
  MQL_STARTED_FROM_CONFIG: 18,
};
export const ENUM_MQL_INFO_STRING: EnumTable = { MQL_PROGRAM_NAME: 0, MQL_PROGRAM_PATH: 1 };
export const ENUM_PROGRAM_TYPE: EnumTable = {
  PROGRAM_SCRIPT: 1,
  PROGRAM_EXPERT: 2,
  PROGRAM_INDICATOR: 4,
  PROGRAM_SERVICE: 5,
};
export const ENUM_LICENSE_TYPE = seq([
  "LICENSE_FREE",
  "LICENSE_DEMO",
  "LICENSE_FULL",
  "LICENSE_TIME",
]);
/** MathClassify's answers, numbered in the reference's table order. */
export const ENUM_FP_CLASS = seq(["FP_SUBNORMAL", "FP_NORMAL", "FP_ZERO", "FP_INFINITE", "FP_NAN"]);

/** MessageBox flags and answers (Windows' values, as MQL5 documents them). */
export const MESSAGEBOX: EnumTable = {
  IDOK: 1,
  IDCANCEL: 2,
  IDABORT: 3,
  IDRETRY: 4,
  IDIGNORE: 5,
  IDYES: 6,
  IDNO: 7,
  IDTRYAGAIN: 10,
  IDCONTINUE: 11,
  MB_OK: 0x0,
  MB_OKCANCEL: 0x1,
  MB_ABORTRETRYIGNORE: 0x2,
  MB_YESNOCANCEL: 0x3,
  MB_YESNO: 0x4,
  MB_RETRYCANCEL: 0x5,
  MB_CANCELTRYCONTINUE: 0x6,
  MB_ICONSTOP: 0x10,
  MB_ICONERROR: 0x10,
  MB_ICONHAND: 0x10,
  MB_ICONQUESTION: 0x20,
  MB_ICONEXCLAMATION: 0x30,
  MB_ICONWARNING: 0x30,
  MB_ICONINFORMATION: 0x40,
  MB_ICONASTERISK: 0x40,
  MB_DEFBUTTON1: 0x0,
  MB_DEFBUTTON2: 0x100,
  MB_DEFBUTTON3: 0x200,
  MB_DEFBUTTON4: 0x300,
};

/** Code pages of StringToCharArray / CharArrayToString. */
export const CODEPAGES: EnumTable = {
  CP_ACP: 0,
  CP_OEMCP: 1,
  CP_MACCP: 2,
  CP_THREAD_ACP: 3,
  CP_SYMBOL: 42,
  CP_UTF7: 65000,
  CP_UTF8: 65001,
};

/** ArrayPrint flags (bit values unverified: use them by name). */
export const ARRAYPRINT_FLAGS: EnumTable = {
  ARRAYPRINT_HEADER: 1,
  ARRAYPRINT_INDEX: 2,
  ARRAYPRINT_LIMIT: 4,
  ARRAYPRINT_ALIGN: 8,
  ARRAYPRINT_DATE: 16,
  ARRAYPRINT_MINUTES: 32,
  ARRAYPRINT_SECONDS: 64,
};

/** MQL5's web colours (the clr* table, 0x00BBGGRR values) plus clrNONE. */
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
  clrAliceBlue: rgb(240, 248, 255),
  clrAntiqueWhite: rgb(250, 235, 215),
  clrAquamarine: rgb(127, 255, 212),
  clrAzure: rgb(240, 255, 255),
  clrBeige: rgb(245, 245, 220),
  clrBisque: rgb(255, 228, 196),
  clrBlanchedAlmond: rgb(255, 235, 205),
  clrBlueViolet: rgb(138, 43, 226),
  clrBrown: rgb(165, 42, 42),
  clrBurlyWood: rgb(222, 184, 135),
  clrCadetBlue: rgb(95, 158, 160),
  clrChartreuse: rgb(127, 255, 0),
  clrChocolate: rgb(210, 105, 30),
  clrCoral: rgb(255, 127, 80),
  clrCornflowerBlue: rgb(100, 149, 237),
  clrCornsilk: rgb(255, 248, 220),
  clrDarkBlue: rgb(0, 0, 139),
  clrDarkGoldenrod: rgb(184, 134, 11),
  clrDarkGreen: rgb(0, 100, 0),
  clrDarkKhaki: rgb(189, 183, 107),
  clrDarkOliveGreen: rgb(85, 107, 47),
  clrDarkOrange: rgb(255, 140, 0),
  clrDarkOrchid: rgb(153, 50, 204),
  clrDarkSalmon: rgb(233, 150, 122),
  clrDarkSeaGreen: rgb(143, 188, 143),
  clrDarkSlateBlue: rgb(72, 61, 139),
  clrDarkSlateGray: rgb(47, 79, 79),
  clrDarkTurquoise: rgb(0, 206, 209),
  clrDarkViolet: rgb(148, 0, 211),
  clrDeepPink: rgb(255, 20, 147),
  clrFloralWhite: rgb(255, 250, 240),
  clrForestGreen: rgb(34, 139, 34),
  clrGainsboro: rgb(220, 220, 220),
  clrGhostWhite: rgb(248, 248, 255),
  clrGoldenrod: rgb(218, 165, 32),
  clrHoneydew: rgb(240, 255, 240),
  clrHotPink: rgb(255, 105, 180),
  clrIndianRed: rgb(205, 92, 92),
  clrIndigo: rgb(75, 0, 130),
  clrIvory: rgb(255, 255, 240),
  clrKhaki: rgb(240, 230, 140),
  clrLavender: rgb(230, 230, 250),
  clrLavenderBlush: rgb(255, 240, 245),
  clrLawnGreen: rgb(124, 252, 0),
  clrLemonChiffon: rgb(255, 250, 205),
  clrLightBlue: rgb(173, 216, 230),
  clrLightCoral: rgb(240, 128, 128),
  clrLightCyan: rgb(224, 255, 255),
  clrLightGoldenrod: rgb(250, 250, 210),
  clrLightGreen: rgb(144, 238, 144),
  clrLightPink: rgb(255, 182, 193),
  clrLightSalmon: rgb(255, 160, 122),
  clrLightSkyBlue: rgb(135, 206, 250),
  clrLightSlateGray: rgb(119, 136, 153),
  clrLightSteelBlue: rgb(176, 196, 222),
  clrLightYellow: rgb(255, 255, 224),
  clrLimeGreen: rgb(50, 205, 50),
  clrLinen: rgb(250, 240, 230),
  clrMediumAquamarine: rgb(102, 205, 170),
  clrMediumBlue: rgb(0, 0, 205),
  clrMediumOrchid: rgb(186, 85, 211),
  clrMediumPurple: rgb(147, 112, 219),
  clrMediumSlateBlue: rgb(123, 104, 238),
  clrMediumSpringGreen: rgb(0, 250, 154),
  clrMediumTurquoise: rgb(72, 209, 204),
  clrMediumVioletRed: rgb(199, 21, 133),
  clrMidnightBlue: rgb(25, 25, 112),
  clrMintCream: rgb(245, 255, 250),
  clrMistyRose: rgb(255, 228, 225),
  clrMoccasin: rgb(255, 228, 181),
  clrNavajoWhite: rgb(255, 222, 173),
  clrOldLace: rgb(253, 245, 230),
  clrOliveDrab: rgb(107, 142, 35),
  clrOrchid: rgb(218, 112, 214),
  clrPaleGoldenrod: rgb(238, 232, 170),
  clrPaleGreen: rgb(152, 251, 152),
  clrPaleTurquoise: rgb(175, 238, 238),
  clrPaleVioletRed: rgb(219, 112, 147),
  clrPapayaWhip: rgb(255, 239, 213),
  clrPeachPuff: rgb(255, 218, 185),
  clrPeru: rgb(205, 133, 63),
  clrPink: rgb(255, 192, 203),
  clrPlum: rgb(221, 160, 221),
  clrPowderBlue: rgb(176, 224, 230),
  clrRosyBrown: rgb(188, 143, 143),
  clrSaddleBrown: rgb(139, 69, 19),
  clrSalmon: rgb(250, 128, 114),
  clrSandyBrown: rgb(244, 164, 96),
  clrSeashell: rgb(255, 245, 238),
  clrSienna: rgb(160, 82, 45),
  clrSlateBlue: rgb(106, 90, 205),
  clrSlateGray: rgb(112, 128, 144),
  clrSnow: rgb(255, 250, 250),
  clrSpringGreen: rgb(0, 255, 127),
  clrTan: rgb(210, 180, 140),
  clrThistle: rgb(216, 191, 216),
  clrTurquoise: rgb(64, 224, 208),
  clrWheat: rgb(245, 222, 179),
  clrWhiteSmoke: rgb(245, 245, 245),
  clrYellowGreen: rgb(154, 205, 50),
  clrDarkCyan: rgb(0, 139, 139),
  clrDarkMagenta: rgb(139, 0, 139),
  clrDarkRed: rgb(139, 0, 0),
  clrFuchsia: rgb(255, 0, 255),
  clrCyan: rgb(0, 255, 255),
};

/** Enums an `input.enum(ENUM_X, MEMBER)` declaration may name. */
export const MQL5_ENUMS: Readonly<Record<string, EnumTable>> = {
  ENUM_TIMEFRAMES,
  ENUM_MA_METHOD,
  ENUM_APPLIED_PRICE,
  ENUM_STO_PRICE,
  ENUM_APPLIED_VOLUME,
  ENUM_ORDER_TYPE,
  ENUM_ORDER_TYPE_FILLING,
  ENUM_ORDER_TYPE_TIME,
  ENUM_POSITION_TYPE,
  ENUM_DAY_OF_WEEK,
  ENUM_DEAL_TYPE,
  ENUM_DEAL_ENTRY,
  ENUM_SERIESMODE,
  ENUM_ACCOUNT_MARGIN_MODE,
  ENUM_ACCOUNT_TRADE_MODE,
  ENUM_ACCOUNT_STOPOUT_MODE,
  ENUM_ORDER_STATE,
  ENUM_ORDER_REASON,
  ENUM_POSITION_REASON,
  ENUM_DEAL_REASON,
  ENUM_TRADE_REQUEST_ACTIONS,
  ENUM_TRADE_TRANSACTION_TYPE,
  ENUM_SYMBOL_TRADE_MODE,
  ENUM_SYMBOL_TRADE_EXECUTION,
  ENUM_SYMBOL_CALC_MODE,
  ENUM_INIT_RETCODE,
  ENUM_TERMINAL_INFO_INTEGER,
  ENUM_TERMINAL_INFO_DOUBLE,
  ENUM_TERMINAL_INFO_STRING,
  ENUM_MQL_INFO_INTEGER,
  ENUM_MQL_INFO_STRING,
  ENUM_PROGRAM_TYPE,
  ENUM_LICENSE_TYPE,
  ENUM_FP_CLASS,
  ...CHART_ENUMS,
  ENUM_FILE_POSITION,
  ENUM_FILE_PROPERTY_INTEGER,
  ...CALENDAR_ENUMS,
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
  COPY_TICKS_INFO: 1,
  COPY_TICKS_TRADE: 2,
  COPY_TICKS_ALL: -1,
  CHAR_MIN: -128,
  CHAR_MAX: 127,
  UCHAR_MAX: 255,
  SHORT_MIN: -32768,
  SHORT_MAX: 32767,
  USHORT_MAX: 65535,
  /** 18446744073709551615 has no double: the nearest one. */
  ULONG_MAX: 2 ** 64,
  DBL_DIG: 15,
  DBL_MANT_DIG: 53,
  DBL_MAX_10_EXP: 308,
  DBL_MAX_EXP: 1024,
  DBL_MIN_10_EXP: -307,
  DBL_MIN_EXP: -1021,
  FLT_DIG: 6,
  FLT_EPSILON: 1.192092896e-7,
  FLT_MANT_DIG: 24,
  FLT_MAX: 3.402823466e38,
  FLT_MAX_10_EXP: 38,
  FLT_MAX_EXP: 128,
  FLT_MIN: 1.175494351e-38,
  FLT_MIN_10_EXP: -37,
  FLT_MIN_EXP: -125,
  M_PI: Math.PI,
  M_E: Math.E,
  M_LOG2E: Math.LOG2E,
  M_LOG10E: Math.LOG10E,
  M_LN2: Math.LN2,
  M_LN10: Math.LN10,
  M_PI_2: Math.PI / 2,
  M_PI_4: Math.PI / 4,
  M_1_PI: 1 / Math.PI,
  M_2_PI: 2 / Math.PI,
  M_2_SQRTPI: 2 / Math.sqrt(Math.PI),
  M_SQRT2: Math.SQRT2,
  M_SQRT1_2: Math.SQRT1_2,
  TIME_DATE: 1,
  TIME_MINUTES: 2,
  TIME_SECONDS: 4,
  CHARTS_MAX: 100,
};

/**
 * Custom indicators' constants (iCustom modules): buffer kinds with MT5's values, then drawing
 * styles and the indicator/plot property selectors, numbered in the reference's order (opaque:
 * programs use them by name).
 */
export const CUSTOM_INDICATOR_CONSTANTS: EnumTable = {
  INDICATOR_DATA: 0,
  INDICATOR_COLOR_INDEX: 1,
  INDICATOR_CALCULATIONS: 2,
  ...seq(
    [
      "DRAW_NONE",
      "DRAW_LINE",
      "DRAW_SECTION",
      "DRAW_HISTOGRAM",
      "DRAW_HISTOGRAM2",
      "DRAW_ARROW",
      "DRAW_ZIGZAG",
      "DRAW_FILLING",
      "DRAW_BARS",
      "DRAW_CANDLES",
      "DRAW_COLOR_LINE",
      "DRAW_COLOR_SECTION",
      "DRAW_COLOR_HISTOGRAM",
      "DRAW_COLOR_HISTOGRAM2",
      "DRAW_COLOR_ARROW",
      "DRAW_COLOR_ZIGZAG",
      "DRAW_COLOR_BARS",
      "DRAW_COLOR_CANDLES",
    ],
    0,
  ),
  ...seq(
    [
      "PLOT_ARROW",
      "PLOT_ARROW_SHIFT",
      "PLOT_DRAW_BEGIN",
      "PLOT_DRAW_TYPE",
      "PLOT_SHOW_DATA",
      "PLOT_SHIFT",
      "PLOT_LINE_STYLE",
      "PLOT_LINE_WIDTH",
      "PLOT_COLOR_INDEXES",
      "PLOT_LINE_COLOR",
      "PLOT_EMPTY_VALUE",
      "PLOT_LABEL",
    ],
    0,
  ),
  ...seq(
    [
      "INDICATOR_DIGITS",
      "INDICATOR_HEIGHT",
      "INDICATOR_LEVELS",
      "INDICATOR_LEVELCOLOR",
      "INDICATOR_LEVELSTYLE",
      "INDICATOR_LEVELWIDTH",
      "INDICATOR_MINIMUM",
      "INDICATOR_MAXIMUM",
      "INDICATOR_LEVELVALUE",
      "INDICATOR_SHORTNAME",
      "INDICATOR_LEVELTEXT",
    ],
    0,
  ),
};

/** Every constant installed as a global (later tables never override earlier names). */
export function allConstants(): Record<string, number> {
  const out: Record<string, number> = {};
  const tables: EnumTable[] = [
    CUSTOM_INDICATOR_CONSTANTS,
    ENUM_TIMEFRAMES,
    ENUM_MA_METHOD,
    ENUM_APPLIED_PRICE,
    ENUM_STO_PRICE,
    ENUM_APPLIED_VOLUME,
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
    ENUM_TERMINAL_INFO_INTEGER,
    ENUM_TERMINAL_INFO_DOUBLE,
    ENUM_TERMINAL_INFO_STRING,
    ENUM_MQL_INFO_INTEGER,
    ENUM_MQL_INFO_STRING,
    ENUM_PROGRAM_TYPE,
    ENUM_LICENSE_TYPE,
    ENUM_FP_CLASS,
    MESSAGEBOX,
    CODEPAGES,
    ARRAYPRINT_FLAGS,
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
    ...CHART_CONSTANT_TABLES,
    ...FILE_CONSTANT_TABLES,
    ...CALENDAR_CONSTANT_TABLES,
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
