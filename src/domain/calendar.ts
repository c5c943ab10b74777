// The economic calendar's rules (MQL5's MqlCalendarCountry / MqlCalendarEvent / MqlCalendarValue
// as admins load them): reading a load request into records (enum names to MQL5 numbers, times
// and periods checked), and planning a load against the stored calendar — the next calendar,
// what to write and delete, and the change ids CalendarValueLast reports. Every refusal is a
// VALIDATION_ERROR naming the field (`values[3].event_id`); nothing is written then.
//
// Loads: `replace` makes the request the whole calendar (rows it lacks are deleted); `merge`
// adds and updates rows by id and deletes nothing. The result must be whole: every event's
// country and every value's event in it, country codes unique, at most CALENDAR_LIMITS rows.
// Change ids: the calendar's grows by one with every load that changes anything; a value added
// or changed by a load gets the load's change id, the others keep theirs.
// Pure: no I/O.
import {
  ENUM_CALENDAR_EVENT_FREQUENCY,
  ENUM_CALENDAR_EVENT_IMPACT,
  ENUM_CALENDAR_EVENT_IMPORTANCE,
  ENUM_CALENDAR_EVENT_MULTIPLIER,
  ENUM_CALENDAR_EVENT_SECTOR,
  ENUM_CALENDAR_EVENT_TIMEMODE,
  ENUM_CALENDAR_EVENT_TYPE,
  ENUM_CALENDAR_EVENT_UNIT,
} from "../../ea-runtime/src/runtime/calendar-constants.ts";
import { validationError } from "./errors.ts";

/**
 * Most rows the calendar holds. Every EA run holds the whole calendar in its isolate: 20,000
 * values take about 7 MB of its memory limit (64 MB by default).
 */
export const CALENDAR_LIMITS = { countries: 300, events: 5_000, values: 20_000 } as const;

type EnumTable = Readonly<Record<string, number>>;

/** The enum of each enum field of an event, and the value's impact. */
export const CALENDAR_EVENT_ENUMS = {
  type: ENUM_CALENDAR_EVENT_TYPE,
  sector: ENUM_CALENDAR_EVENT_SECTOR,
  frequency: ENUM_CALENDAR_EVENT_FREQUENCY,
  time_mode: ENUM_CALENDAR_EVENT_TIMEMODE,
  unit: ENUM_CALENDAR_EVENT_UNIT,
  importance: ENUM_CALENDAR_EVENT_IMPORTANCE,
  multiplier: ENUM_CALENDAR_EVENT_MULTIPLIER,
} as const satisfies Record<string, EnumTable>;
export const CALENDAR_IMPACT_ENUM: EnumTable = ENUM_CALENDAR_EVENT_IMPACT;

export type EventEnumField = keyof typeof CALENDAR_EVENT_ENUMS;
const EVENT_ENUM_FIELDS = Object.keys(CALENDAR_EVENT_ENUMS) as EventEnumField[];

/** Member names of an enum, in value order. */
export const enumNames = (table: EnumTable): string[] =>
  Object.entries(table)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);

/** The member name of `value` (the first one; "" if none). */
export function enumName(table: EnumTable, value: number): string {
  for (const [name, v] of Object.entries(table)) {
    if (v === value) {
      return name;
    }
  }
  return "";
}

// ───────────────────────────── records ─────────────────────────────

export interface CalendarCountry {
  readonly id: number;
  readonly name: string;
  readonly code: string;
  readonly currency: string;
  readonly currency_symbol: string;
  readonly url_name: string;
}

/** An event kind; enum fields as MQL5 numbers. */
export interface CalendarEvent {
  readonly id: number;
  readonly country_id: number;
  readonly type: number;
  readonly sector: number;
  readonly frequency: number;
  readonly time_mode: number;
  readonly unit: number;
  readonly importance: number;
  readonly multiplier: number;
  readonly digits: number;
  readonly source_url: string;
  readonly event_code: string;
  readonly name: string;
}

/** A value of an event without its change id. */
export interface CalendarValueFields {
  readonly id: number;
  readonly event_id: number;
  /** Release time, UTC ms. */
  readonly time_ms: number;
  /** First day of the reporting period, `YYYY-MM-DD`. */
  readonly period: string;
  readonly revision: number;
  /** Value × 10^6; null when absent. */
  readonly actual_value: number | null;
  readonly prev_value: number | null;
  readonly revised_prev_value: number | null;
  readonly forecast_value: number | null;
  /** ENUM_CALENDAR_EVENT_IMPACT */
  readonly impact_type: number;
}

export interface CalendarValue extends CalendarValueFields {
  /** The load that last added or changed the value. */
  readonly change_id: number;
}

/** The whole calendar. */
export interface CalendarData {
  /** 0 until the first load that changes anything. */
  readonly change_id: number;
  readonly countries: readonly CalendarCountry[];
  readonly events: readonly CalendarEvent[];
  readonly values: readonly CalendarValue[];
}

export const EMPTY_CALENDAR: CalendarData = { change_id: 0, countries: [], events: [], values: [] };

// ───────────────────────────── load requests ─────────────────────────────

export type CalendarLoadMode = "replace" | "merge";

export interface CalendarCountryInput {
  readonly id: number;
  readonly name: string;
  readonly code: string;
  readonly currency: string;
  readonly currency_symbol?: string | undefined;
  readonly url_name?: string | undefined;
}

export interface CalendarEventInput {
  readonly id: number;
  readonly country_id: number;
  readonly name: string;
  readonly type: string;
  readonly importance: string;
  readonly sector?: string | undefined;
  readonly frequency?: string | undefined;
  readonly time_mode?: string | undefined;
  readonly unit?: string | undefined;
  readonly multiplier?: string | undefined;
  readonly digits?: number | undefined;
  readonly source_url?: string | undefined;
  readonly event_code?: string | undefined;
}

export interface CalendarValueInput {
  readonly id: number;
  readonly event_id: number;
  /** ISO 8601 date-time with a time zone (`2024-03-08T13:30:00Z`). */
  readonly time: string;
  /** `YYYY-MM-DD`. */
  readonly period: string;
  readonly revision?: number | undefined;
  readonly actual_value?: number | null | undefined;
  readonly prev_value?: number | null | undefined;
  readonly revised_prev_value?: number | null | undefined;
  readonly forecast_value?: number | null | undefined;
  readonly impact_type?: string | undefined;
}

export interface CalendarLoadInput {
  readonly mode?: CalendarLoadMode | undefined;
  readonly countries?: readonly CalendarCountryInput[] | undefined;
  readonly events?: readonly CalendarEventInput[] | undefined;
  readonly values?: readonly CalendarValueInput[] | undefined;
}

/** A load request read into records, in request order. */
export interface CalendarLoad {
  readonly mode: CalendarLoadMode;
  readonly countries: readonly CalendarCountry[];
  readonly events: readonly CalendarEvent[];
  readonly values: readonly CalendarValueFields[];
}

const MAX_ID = Number.MAX_SAFE_INTEGER;
/** MQL5 datetimes end with 3000.12.31 23:59:59. */
const MIN_YEAR = 1970;
const MAX_YEAR = 3000;

function int(v: unknown, field: string, min: number, max: number): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < min || v > max) {
    throw validationError(field, `expected an integer from ${min} to ${max}`);
  }
  return v;
}

function text(v: unknown, field: string, min: number, max: number): string {
  if (typeof v !== "string" || v.length < min || v.length > max) {
    throw validationError(field, `expected a string of ${min} to ${max} characters`);
  }
  return v;
}

function pattern(v: unknown, field: string, re: RegExp, what: string): string {
  if (typeof v !== "string" || !re.test(v)) {
    throw validationError(field, `expected ${what}`);
  }
  return v;
}

function member(table: EnumTable, v: unknown, field: string): number {
  const n = typeof v === "string" && Object.hasOwn(table, v) ? table[v] : undefined;
  if (n === undefined) {
    throw validationError(field, `expected one of ${enumNames(table).join(", ")}`);
  }
  return n;
}

function scaled(v: unknown, field: string): number | null {
  if (v === undefined || v === null) {
    return null;
  }
  return int(v, field, -MAX_ID, MAX_ID);
}

const daysIn = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(y: number, m: number, d: number): boolean {
  return y >= MIN_YEAR && y <= MAX_YEAR && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
}

/** `2024-03-08T13:30:00Z` (or with an offset) → UTC ms; a refusal names the field. */
export function parseCalendarTime(v: unknown, field: string): number {
  const m = typeof v === "string" ? DATE_TIME_RE.exec(v) : null;
  const [y, mo, d, h, mi] = (m?.slice(1, 6) ?? []).map(Number) as number[];
  const s = Number(m?.[6] ?? 0);
  const zone = m?.[8] ?? "Z";
  const zh = Number(zone.slice(1, 3));
  const zm = Number(zone.slice(4, 6));
  if (
    !m ||
    y === undefined ||
    mo === undefined ||
    d === undefined ||
    h === undefined ||
    mi === undefined ||
    !validDate(y, mo, d) ||
    h > 23 ||
    mi > 59 ||
    s > 59 ||
    (zone !== "Z" && (zh > 23 || zm > 59))
  ) {
    throw validationError(
      field,
      "expected an ISO 8601 date-time with a time zone, e.g. 2024-03-08T13:30:00Z",
    );
  }
  const ms = Number(`0.${m[7] ?? "0"}`) * 1000;
  const offset = zone === "Z" ? 0 : (zone[0] === "-" ? -1 : 1) * (zh * 60 + zm) * 60_000;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, Math.floor(ms)) - offset;
  if (utc < 0 || new Date(utc).getUTCFullYear() > MAX_YEAR) {
    throw validationError(field, `expected a time from ${MIN_YEAR} to ${MAX_YEAR}`);
  }
  return utc;
}

/** `YYYY-MM-DD` (a real date, 1970–3000). */
export function parseCalendarDate(v: unknown, field: string): string {
  const m = typeof v === "string" ? DATE_RE.exec(v) : null;
  if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
    throw validationError(field, "expected a date YYYY-MM-DD from 1970 to 3000");
  }
  return m[0];
}

/** Refuses a second row with the same key in one list. */
function unique<T>(rows: readonly T[], list: string, key: (r: T) => string | number, name = "id") {
  const seen = new Map<string | number, number>();
  rows.forEach((r, i) => {
    const k = key(r);
    const first = seen.get(k);
    if (first !== undefined) {
      throw validationError(`${list}[${i}].${name}`, `${name} ${k} is also ${list}[${first}]'s`);
    }
    seen.set(k, i);
  });
}

/** Reads a load request (already shaped by the route's schema) into records. */
export function readCalendarLoad(input: CalendarLoadInput): CalendarLoad {
  const countries = (input.countries ?? []).map((c, i): CalendarCountry => {
    const at = `countries[${i}]`;
    return {
      id: int(c.id, `${at}.id`, 0, MAX_ID),
      name: text(c.name, `${at}.name`, 1, 256),
      code: pattern(c.code, `${at}.code`, /^[A-Z]{2}$/, "two capital letters (ISO 3166-1 alpha-2)"),
      currency: pattern(c.currency, `${at}.currency`, /^[A-Z]{3}$/, "three capital letters"),
      currency_symbol: text(c.currency_symbol ?? "", `${at}.currency_symbol`, 0, 16),
      url_name: text(c.url_name ?? "", `${at}.url_name`, 0, 128),
    };
  });
  const events = (input.events ?? []).map((e, i): CalendarEvent => {
    const at = `events[${i}]`;
    const defaults: Record<EventEnumField, string> = {
      type: e.type,
      importance: e.importance,
      sector: e.sector ?? "CALENDAR_SECTOR_NONE",
      frequency: e.frequency ?? "CALENDAR_FREQUENCY_NONE",
      time_mode: e.time_mode ?? "CALENDAR_TIMEMODE_DATETIME",
      unit: e.unit ?? "CALENDAR_UNIT_NONE",
      multiplier: e.multiplier ?? "CALENDAR_MULTIPLIER_NONE",
    };
    const enums = {} as Record<EventEnumField, number>;
    for (const f of EVENT_ENUM_FIELDS) {
      enums[f] = member(CALENDAR_EVENT_ENUMS[f], defaults[f], `${at}.${f}`);
    }
    return {
      id: int(e.id, `${at}.id`, 1, MAX_ID),
      country_id: int(e.country_id, `${at}.country_id`, 0, MAX_ID),
      ...enums,
      digits: int(e.digits ?? 0, `${at}.digits`, 0, 15),
      source_url: text(e.source_url ?? "", `${at}.source_url`, 0, 512),
      event_code: text(e.event_code ?? "", `${at}.event_code`, 0, 128),
      name: text(e.name, `${at}.name`, 1, 256),
    };
  });
  const values = (input.values ?? []).map((v, i): CalendarValueFields => {
    const at = `values[${i}]`;
    return {
      id: int(v.id, `${at}.id`, 1, MAX_ID),
      event_id: int(v.event_id, `${at}.event_id`, 1, MAX_ID),
      time_ms: parseCalendarTime(v.time, `${at}.time`),
      period: parseCalendarDate(v.period, `${at}.period`),
      revision: int(v.revision ?? 0, `${at}.revision`, 0, 2_147_483_647),
      actual_value: scaled(v.actual_value, `${at}.actual_value`),
      prev_value: scaled(v.prev_value, `${at}.prev_value`),
      revised_prev_value: scaled(v.revised_prev_value, `${at}.revised_prev_value`),
      forecast_value: scaled(v.forecast_value, `${at}.forecast_value`),
      impact_type: member(
        CALENDAR_IMPACT_ENUM,
        v.impact_type ?? "CALENDAR_IMPACT_NA",
        `${at}.impact_type`,
      ),
    };
  });
  unique(countries, "countries", (c) => c.id);
  unique(countries, "countries", (c) => c.code, "code");
  unique(events, "events", (e) => e.id);
  unique(values, "values", (v) => v.id);
  return { mode: input.mode ?? "replace", countries, events, values };
}

// ───────────────────────────── planning a load ─────────────────────────────

export interface CalendarCounts {
  readonly countries: number;
  readonly events: number;
  readonly values: number;
}

/** What a load does to the stored calendar. */
export interface CalendarPlan {
  /** The calendar after the load. */
  readonly next: CalendarData;
  /** Rows to insert or update. */
  readonly upsert: {
    readonly countries: readonly CalendarCountry[];
    readonly events: readonly CalendarEvent[];
    readonly values: readonly CalendarValue[];
  };
  /** Ids of rows to delete (replace only). */
  readonly remove: {
    readonly countries: readonly number[];
    readonly events: readonly number[];
    readonly values: readonly number[];
  };
}

function sameFields<T extends object>(a: T, b: T, skip?: keyof T): boolean {
  for (const k of Object.keys(a) as (keyof T)[]) {
    if (k !== skip && a[k] !== b[k]) {
      return false;
    }
  }
  return true;
}

/** The rows of `next` that `current` lacks or holds differently, and the ids it drops. */
function diff<T extends { id: number }>(
  current: readonly T[],
  next: readonly T[],
  skip?: keyof T,
): { changed: T[]; removed: number[] } {
  const before = new Map(current.map((r) => [r.id, r]));
  const changed = next.filter((r) => {
    const old = before.get(r.id);
    return !old || !sameFields(old, r, skip);
  });
  const ids = new Set(next.map((r) => r.id));
  return { changed, removed: current.filter((r) => !ids.has(r.id)).map((r) => r.id) };
}

/** `list` with `rows` added or replacing the rows of the same id (merge). */
function mergeById<T extends { id: number }>(list: readonly T[], rows: readonly T[]): T[] {
  const out = new Map(list.map((r) => [r.id, r]));
  for (const r of rows) {
    out.set(r.id, r);
  }
  return [...out.values()];
}

const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;

/**
 * Plans `load` against the stored calendar: checks the resulting calendar is whole and within
 * the limits (refusals name the request's field), and works out the writes and change ids.
 */
export function planCalendarLoad(current: CalendarData, load: CalendarLoad): CalendarPlan {
  const replace = load.mode === "replace";
  const countries = (
    replace ? [...load.countries] : mergeById(current.countries, load.countries)
  ).sort(byId);
  const events = (replace ? [...load.events] : mergeById(current.events, load.events)).sort(byId);
  const valueFields: CalendarValueFields[] = replace
    ? [...load.values]
    : mergeById<CalendarValueFields>(current.values, load.values);

  // Whole: unique codes, known countries and events (a refusal points at the request's row).
  const idsByCode = new Map<string, number[]>();
  for (const c of countries) {
    idsByCode.set(c.code, [...(idsByCode.get(c.code) ?? []), c.id]);
  }
  load.countries.forEach((c, i) => {
    const other = idsByCode.get(c.code)?.find((id) => id !== c.id);
    if (other !== undefined) {
      throw validationError(`countries[${i}].code`, `'${c.code}' is the code of country ${other}`);
    }
  });
  const countryIds = new Set(countries.map((c) => c.id));
  load.events.forEach((e, i) => {
    if (!countryIds.has(e.country_id)) {
      throw validationError(
        `events[${i}].country_id`,
        `no country ${e.country_id} in the calendar`,
      );
    }
  });
  const eventIds = new Set(events.map((e) => e.id));
  load.values.forEach((v, i) => {
    if (!eventIds.has(v.event_id)) {
      throw validationError(`values[${i}].event_id`, `no event ${v.event_id} in the calendar`);
    }
  });
  const counts: CalendarCounts = {
    countries: countries.length,
    events: events.length,
    values: valueFields.length,
  };
  for (const list of ["countries", "events", "values"] as const) {
    if (counts[list] > CALENDAR_LIMITS[list]) {
      throw validationError(
        list,
        `the calendar would hold ${counts[list]} ${list}; at most ${CALENDAR_LIMITS[list]}`,
      );
    }
  }

  const oldValues = new Map(current.values.map((v) => [v.id, v]));
  const countryDiff = diff(current.countries, countries);
  const eventDiff = diff(current.events, events);
  const valueChanged = new Set(
    valueFields
      .filter((v) => {
        const old = oldValues.get(v.id);
        return !old || !sameFields<CalendarValueFields>(v, old);
      })
      .map((v) => v.id),
  );
  const kept = new Set(valueFields.map((v) => v.id));
  const removedValues = replace
    ? current.values.filter((v) => !kept.has(v.id)).map((v) => v.id)
    : [];
  const anything =
    countryDiff.changed.length +
      countryDiff.removed.length +
      eventDiff.changed.length +
      eventDiff.removed.length +
      valueChanged.size +
      removedValues.length >
    0;
  const changeId = anything ? current.change_id + 1 : current.change_id;
  const values: CalendarValue[] = valueFields
    .map((v) => ({
      ...v,
      change_id: valueChanged.has(v.id) ? changeId : (oldValues.get(v.id)?.change_id ?? changeId),
    }))
    .sort((a, b) => a.time_ms - b.time_ms || a.id - b.id);
  return {
    next: { change_id: changeId, countries, events, values },
    upsert: {
      countries: countryDiff.changed,
      events: eventDiff.changed,
      values: values.filter((v) => valueChanged.has(v.id)),
    },
    remove: {
      countries: replace ? countryDiff.removed : [],
      events: replace ? eventDiff.removed : [],
      values: removedValues,
    },
  };
}
