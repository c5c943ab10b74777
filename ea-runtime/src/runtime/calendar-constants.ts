/**
 * MQL5 constants of the economic calendar: the enums of MqlCalendarEvent and MqlCalendarValue
 * (ENUM_CALENDAR_EVENT_*) and the calendar's run-time error codes (54xx).
 *
 * Values: each enum numbers its members from 0 in the reference's order ("Economic Calendar
 * structures"), as MetaTrader 5 does; the error codes are the reference's.
 * Must not import anything: constants.ts (which the analyser imports) includes these tables.
 */

type Table = Readonly<Record<string, number>>;

function seq(names: readonly string[]): Table {
  const out: Record<string, number> = {};
  names.forEach((name, i) => {
    out[name] = i;
  });
  return out;
}

export const ENUM_CALENDAR_EVENT_TYPE = seq([
  "CALENDAR_TYPE_EVENT",
  "CALENDAR_TYPE_INDICATOR",
  "CALENDAR_TYPE_HOLIDAY",
]);

export const ENUM_CALENDAR_EVENT_SECTOR = seq([
  "CALENDAR_SECTOR_NONE",
  "CALENDAR_SECTOR_MARKET",
  "CALENDAR_SECTOR_GDP",
  "CALENDAR_SECTOR_JOBS",
  "CALENDAR_SECTOR_PRICES",
  "CALENDAR_SECTOR_MONEY",
  "CALENDAR_SECTOR_TRADE",
  "CALENDAR_SECTOR_GOVERNMENT",
  "CALENDAR_SECTOR_BUSINESS",
  "CALENDAR_SECTOR_CONSUMER",
  "CALENDAR_SECTOR_HOUSING",
  "CALENDAR_SECTOR_TAXES",
  "CALENDAR_SECTOR_HOLIDAYS",
]);

export const ENUM_CALENDAR_EVENT_FREQUENCY = seq([
  "CALENDAR_FREQUENCY_NONE",
  "CALENDAR_FREQUENCY_WEEK",
  "CALENDAR_FREQUENCY_MONTH",
  "CALENDAR_FREQUENCY_QUARTER",
  "CALENDAR_FREQUENCY_YEAR",
  "CALENDAR_FREQUENCY_DAY",
]);

export const ENUM_CALENDAR_EVENT_TIMEMODE = seq([
  "CALENDAR_TIMEMODE_DATETIME",
  "CALENDAR_TIMEMODE_DATE",
  "CALENDAR_TIMEMODE_NOTIME",
  "CALENDAR_TIMEMODE_TENTATIVE",
]);

export const ENUM_CALENDAR_EVENT_UNIT = seq([
  "CALENDAR_UNIT_NONE",
  "CALENDAR_UNIT_PERCENT",
  "CALENDAR_UNIT_CURRENCY",
  "CALENDAR_UNIT_HOUR",
  "CALENDAR_UNIT_JOB",
  "CALENDAR_UNIT_RIG",
  "CALENDAR_UNIT_USD",
  "CALENDAR_UNIT_PEOPLE",
  "CALENDAR_UNIT_MORTGAGE",
  "CALENDAR_UNIT_VOTE",
  "CALENDAR_UNIT_BARREL",
  "CALENDAR_UNIT_CUBICFEET",
  "CALENDAR_UNIT_POSITION",
  "CALENDAR_UNIT_BUILDING",
]);

export const ENUM_CALENDAR_EVENT_IMPORTANCE = seq([
  "CALENDAR_IMPORTANCE_NONE",
  "CALENDAR_IMPORTANCE_LOW",
  "CALENDAR_IMPORTANCE_MODERATE",
  "CALENDAR_IMPORTANCE_HIGH",
]);

export const ENUM_CALENDAR_EVENT_MULTIPLIER = seq([
  "CALENDAR_MULTIPLIER_NONE",
  "CALENDAR_MULTIPLIER_THOUSANDS",
  "CALENDAR_MULTIPLIER_MILLIONS",
  "CALENDAR_MULTIPLIER_BILLIONS",
  "CALENDAR_MULTIPLIER_TRILLIONS",
]);

export const ENUM_CALENDAR_EVENT_IMPACT = seq([
  "CALENDAR_IMPACT_NA",
  "CALENDAR_IMPACT_POSITIVE",
  "CALENDAR_IMPACT_NEGATIVE",
]);

/** The calendar enums by name (MQL5_ENUMS: input types, EnumToString, the compiler's types). */
export const CALENDAR_ENUMS: Readonly<Record<string, Table>> = {
  ENUM_CALENDAR_EVENT_TYPE,
  ENUM_CALENDAR_EVENT_SECTOR,
  ENUM_CALENDAR_EVENT_FREQUENCY,
  ENUM_CALENDAR_EVENT_TIMEMODE,
  ENUM_CALENDAR_EVENT_UNIT,
  ENUM_CALENDAR_EVENT_IMPORTANCE,
  ENUM_CALENDAR_EVENT_MULTIPLIER,
  ENUM_CALENDAR_EVENT_IMPACT,
};

/** Run-time errors of the calendar functions. */
export const CALENDAR_ERRORS: Table = {
  /** A fixed array too small for the answer: the part that fits was copied. */
  ERR_CALENDAR_MORE_DATA: 5400,
  ERR_CALENDAR_TIMEOUT: 5401,
  /** No country, event or value with that id. */
  ERR_CALENDAR_NO_DATA: 5402,
};

/** Every table above, for allConstants(). */
export const CALENDAR_CONSTANT_TABLES: readonly Table[] = [
  ...Object.values(CALENDAR_ENUMS),
  CALENDAR_ERRORS,
];
