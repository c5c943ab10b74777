/**
 * MQL5 structures as JS classes (usable with `new`, fields default to MQL5's zero values).
 *
 * Owns: MqlTick, MqlRates, MqlDateTime, MqlTradeRequest, MqlTradeResult, MqlTradeCheckResult,
 * MqlTradeTransaction, MqlCalendarCountry/Event/Value, and helpers that copy wire records into
 * them. Functions with struct reference parameters (SymbolInfoTick, TimeToStruct, OrderSend…)
 * fill the object they are given, so any object with these field names works too.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { isRecord, numField, strField } from "./protocol.ts";

export class MqlTick {
  time = 0;
  bid = 0;
  ask = 0;
  last = 0;
  volume = 0;
  time_msc = 0;
  flags = 0;
  volume_real = 0;
}

export class MqlRates {
  time = 0;
  open = 0;
  high = 0;
  low = 0;
  close = 0;
  tick_volume = 0;
  spread = 0;
  real_volume = 0;
}

export class MqlDateTime {
  year = 0;
  mon = 0;
  day = 0;
  hour = 0;
  min = 0;
  sec = 0;
  day_of_week = 0;
  day_of_year = 0;
}

export class MqlTradeRequest {
  /** TRADE_ACTION_* */
  action = 0;
  magic = 0;
  order = 0;
  symbol = "";
  volume = 0;
  price = 0;
  stoplimit = 0;
  sl = 0;
  tp = 0;
  deviation = 0;
  /** ORDER_TYPE_* */
  type = 0;
  /** ORDER_FILLING_* */
  type_filling = 0;
  /** ORDER_TIME_* */
  type_time = 0;
  expiration = 0;
  comment = "";
  position = 0;
  position_by = 0;
}

export class MqlTradeResult {
  /** TRADE_RETCODE_* */
  retcode = 0;
  deal = 0;
  order = 0;
  volume = 0;
  price = 0;
  bid = 0;
  ask = 0;
  comment = "";
  request_id = 0;
  retcode_external = 0;
}

export class MqlTradeCheckResult {
  retcode = 0;
  balance = 0;
  equity = 0;
  profit = 0;
  margin = 0;
  margin_free = 0;
  margin_level = 0;
  comment = "";
}

export class MqlTradeTransaction {
  deal = 0;
  order = 0;
  symbol = "";
  /** TRADE_TRANSACTION_* */
  type = 0;
  order_type = 0;
  order_state = 0;
  deal_type = 0;
  time_type = 0;
  time_expiration = 0;
  price = 0;
  price_trigger = 0;
  price_sl = 0;
  price_tp = 0;
  volume = 0;
  position = 0;
  position_by = 0;
}

/** Economic calendar: a country (CalendarCountries, CalendarCountryById). */
export class MqlCalendarCountry {
  id = 0;
  name = "";
  code = "";
  currency = "";
  currency_symbol = "";
  url_name = "";
}

/** Economic calendar: an event kind (CalendarEventById, CalendarEventByCountry/Currency). */
export class MqlCalendarEvent {
  id = 0;
  /** ENUM_CALENDAR_EVENT_TYPE */
  type = 0;
  /** ENUM_CALENDAR_EVENT_SECTOR */
  sector = 0;
  /** ENUM_CALENDAR_EVENT_FREQUENCY */
  frequency = 0;
  /** ENUM_CALENDAR_EVENT_TIMEMODE */
  time_mode = 0;
  country_id = 0;
  /** ENUM_CALENDAR_EVENT_UNIT */
  unit = 0;
  /** ENUM_CALENDAR_EVENT_IMPORTANCE */
  importance = 0;
  /** ENUM_CALENDAR_EVENT_MULTIPLIER */
  multiplier = 0;
  digits = 0;
  source_url = "";
  event_code = "";
  name = "";
}

/**
 * MQL5's LONG_MIN, which a calendar value field holds when the value is absent: -2^63 as a
 * bigint, the form compiled MQL5 gives every long beyond 2^53 (so `v.actual_value == LONG_MIN`
 * holds in MQL5). JS programs use HasActualValue() & co.
 */
export const CALENDAR_NO_VALUE = -9223372036854775808n;

const calendarValueOf = (v: number | bigint): number =>
  v === CALENDAR_NO_VALUE ? Number.NaN : Number(v) / 1_000_000;

/**
 * Economic calendar: one value of an event (CalendarValue*). The four `*_value` fields hold the
 * value × 10^6, or CALENDAR_NO_VALUE (LONG_MIN) when it is absent; Get*Value() answer the value
 * itself (÷ 10^6), NaN when absent.
 */
export class MqlCalendarValue {
  id = 0;
  event_id = 0;
  /** Release time, server time. */
  time = 0;
  /** Reporting period (its first day, 00:00). */
  period = 0;
  revision = 0;
  actual_value: number | bigint = 0;
  prev_value: number | bigint = 0;
  revised_prev_value: number | bigint = 0;
  forecast_value: number | bigint = 0;
  /** ENUM_CALENDAR_EVENT_IMPACT */
  impact_type = 0;

  HasActualValue(): boolean {
    return this.actual_value !== CALENDAR_NO_VALUE;
  }
  HasPreviousValue(): boolean {
    return this.prev_value !== CALENDAR_NO_VALUE;
  }
  HasRevisedValue(): boolean {
    return this.revised_prev_value !== CALENDAR_NO_VALUE;
  }
  HasForecastValue(): boolean {
    return this.forecast_value !== CALENDAR_NO_VALUE;
  }
  GetActualValue(): number {
    return calendarValueOf(this.actual_value);
  }
  GetPreviousValue(): number {
    return calendarValueOf(this.prev_value);
  }
  GetRevisedValue(): number {
    return calendarValueOf(this.revised_prev_value);
  }
  GetForecastValue(): number {
    return calendarValueOf(this.forecast_value);
  }
}

/** Field names of each struct, in declaration order (used to copy and serialise). */
export const REQUEST_FIELDS = Object.keys(new MqlTradeRequest());
export const RESULT_FIELDS = Object.keys(new MqlTradeResult());
export const CHECK_RESULT_FIELDS = Object.keys(new MqlTradeCheckResult());
export const TRANSACTION_FIELDS = Object.keys(new MqlTradeTransaction());

/**
 * Copies the listed fields from `src` into `target` (numbers stay numbers, strings strings),
 * when `target` is an object. Returns `target`.
 */
export function assignFields(target: unknown, src: unknown, fields: readonly string[]): unknown {
  if (!isRecord(target) || !isRecord(src)) {
    return target;
  }
  for (const key of fields) {
    if (!(key in src)) {
      continue;
    }
    target[key] = typeof target[key] === "string" ? strField(src, key) : numField(src, key);
  }
  return target;
}

/** Plain JSON-safe copy of a request-like object (unknown fields dropped). */
export function requestToWire(req: unknown): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  const src = isRecord(req) ? req : {};
  for (const key of REQUEST_FIELDS) {
    const isString = key === "symbol" || key === "comment";
    out[key] = isString ? strField(src, key, "") : numField(src, key, 0);
  }
  return out;
}

/**
 * Field kinds of the struct classes where a JS number does not say it (ArrayPrint prints an int
 * as `5` and a double as `5.00000`, a datetime as a date). Fields not listed are doubles when
 * numeric; objects of other classes get a column's kind from its values.
 */
export const STRUCT_FIELD_KINDS = new Map<unknown, Readonly<Record<string, "int" | "datetime">>>([
  [MqlRates, { time: "datetime", tick_volume: "int", spread: "int", real_volume: "int" }],
  [MqlTick, { time: "datetime", volume: "int", time_msc: "int", flags: "int" }],
  [MqlDateTime, { year: "int", mon: "int", day: "int", hour: "int", min: "int", sec: "int" }],
  [
    MqlTradeRequest,
    {
      action: "int",
      magic: "int",
      order: "int",
      deviation: "int",
      type: "int",
      type_filling: "int",
      type_time: "int",
      expiration: "datetime",
      position: "int",
      position_by: "int",
    },
  ],
  [
    MqlTradeResult,
    { retcode: "int", deal: "int", order: "int", request_id: "int", retcode_external: "int" },
  ],
  [MqlTradeCheckResult, { retcode: "int" }],
  [MqlCalendarCountry, { id: "int" }],
  [
    MqlCalendarEvent,
    {
      id: "int",
      type: "int",
      sector: "int",
      frequency: "int",
      time_mode: "int",
      country_id: "int",
      unit: "int",
      importance: "int",
      multiplier: "int",
      digits: "int",
    },
  ],
  [
    MqlCalendarValue,
    {
      id: "int",
      event_id: "int",
      time: "datetime",
      period: "datetime",
      revision: "int",
      actual_value: "int",
      prev_value: "int",
      revised_prev_value: "int",
      forecast_value: "int",
      impact_type: "int",
    },
  ],
  [
    MqlTradeTransaction,
    {
      deal: "int",
      order: "int",
      type: "int",
      order_type: "int",
      order_state: "int",
      deal_type: "int",
      time_type: "int",
      time_expiration: "datetime",
      position: "int",
      position_by: "int",
    },
  ],
]);

/**
 * ZeroMemory: numbers become 0, strings "", booleans false, nested objects and arrays are
 * zeroed recursively (arrays keep their length). `{ value }` holders are objects too, so a
 * scalar reference is zeroed the same way. Returns whether `target` could be zeroed.
 */
export function zeroMemory(target: unknown): boolean {
  if (Array.isArray(target)) {
    for (let i = 0; i < target.length; i += 1) {
      target[i] = zeroOf(target[i]);
    }
    return true;
  }
  if (!isRecord(target)) {
    return false;
  }
  for (const key of Object.keys(target)) {
    target[key] = zeroOf(target[key]);
  }
  return true;
}

function zeroOf(v: unknown): unknown {
  if (typeof v === "number") {
    return 0;
  }
  if (typeof v === "string") {
    return "";
  }
  if (typeof v === "boolean") {
    return false;
  }
  if (typeof v === "bigint") {
    return 0n;
  }
  if (typeof v === "object" && v !== null) {
    zeroMemory(v);
  }
  return v;
}
