/**
 * The MQL5 economic calendar: CalendarCountries, CalendarCountryById, CalendarEventById,
 * CalendarEventByCountry, CalendarEventByCurrency, CalendarValueById, CalendarValueHistory,
 * CalendarValueHistoryByEvent, CalendarValueLast and CalendarValueLastByEvent, over the calendar
 * the host hands over: the whole calendar in `LoadMeta.calendar` at load, and again in an event's
 * `snapshot.calendar` when it changed (it replaces the one held). No call crosses to the host.
 *
 * Semantics (the MQL5 reference and the MQL5 book):
 * - Times are server times (TimeTradeServer), as the host sends them. CalendarValueHistory*
 *   select `from <= time < to`; `to` = 0 means no upper bound (from = to = 0: every value); a
 *   `to` at or before `from` selects nothing. Values come ordered by time, then id; countries
 *   and events by id.
 * - Arrays: a dynamic array is resized to the answer; a fixed one gets what fits, and
 *   GetLastError() is ERR_CALENDAR_MORE_DATA (5400). The functions answer the count copied.
 * - Country and currency filters: NULL or "" means no filter; both given: both must hold. A
 *   value's country and currency are those of its event's country. Codes compare exactly.
 * - CalendarEventByCountry with a code no country of the calendar has fails with
 *   ERR_INTERNAL_ERROR (4001) and answers 0, as MT5 does; on an empty calendar (nothing loaded)
 *   every list function answers 0 without an error.
 * - CalendarCountryById / CalendarEventById / CalendarValueById: false with
 *   ERR_CALENDAR_NO_DATA (5402) for an unknown id; the struct is left as it was.
 * - CalendarValueLast(change_id, …): the calendar has a change id (0 before anything was
 *   loaded) and every value the change id of the load that last added or changed it.
 *   change_id = 0 answers 0, leaves the array alone and sets change_id to the current one;
 *   otherwise the values changed after `change_id` (filtered) are copied and change_id becomes
 *   the current one. CalendarValueLastByEvent does the same for one event.
 * - Absent values (`null` on the wire) are LONG_MIN in MqlCalendarValue (structs.ts).
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { fillArray, isDynamicArray } from "./arrays.ts";
import { CALENDAR_ERRORS } from "./calendar-constants.ts";
import { ERR } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { isRecord, numField, strField } from "./protocol.ts";
import {
  CALENDAR_NO_VALUE,
  MqlCalendarCountry,
  MqlCalendarEvent,
  MqlCalendarValue,
} from "./structs.ts";

const E = (name: string): number => CALENDAR_ERRORS[name] ?? ERR[name] ?? 4001;

/** A country (MqlCalendarCountry's fields). */
export interface WireCalendarCountry {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2 ("US", "EU", "WW"). */
  code: string;
  currency: string;
  currency_symbol: string;
  url_name: string;
}

/** An event kind (MqlCalendarEvent's fields; enums as their MQL5 numbers). */
export interface WireCalendarEvent {
  id: number;
  type: number;
  sector: number;
  frequency: number;
  time_mode: number;
  country_id: number;
  unit: number;
  importance: number;
  multiplier: number;
  digits: number;
  source_url: string;
  event_code: string;
  name: string;
}

/** A value of an event (MqlCalendarValue's fields, plus the change id of its last change). */
export interface WireCalendarValue {
  id: number;
  event_id: number;
  /** Release time, server time (s). */
  time: number;
  /** First day of the reporting period, 00:00 (s). */
  period: number;
  revision: number;
  /** Value × 10^6, or null when absent (LONG_MIN in MqlCalendarValue). */
  actual_value: number | null;
  prev_value: number | null;
  revised_prev_value: number | null;
  forecast_value: number | null;
  impact_type: number;
  /** The calendar change that last added or changed the value (CalendarValueLast). */
  change_id: number;
}

/** The whole calendar (LoadMeta.calendar, WireSnapshot.calendar). */
export interface WireCalendar {
  /** The calendar's current change id (0: nothing ever loaded). */
  change_id: number;
  countries: WireCalendarCountry[];
  events: WireCalendarEvent[];
  values: WireCalendarValue[];
}

const COUNTRY_NUMBERS = ["id"] as const;
const COUNTRY_STRINGS = ["name", "code", "currency", "currency_symbol", "url_name"] as const;
const EVENT_NUMBERS = [
  "id",
  "type",
  "sector",
  "frequency",
  "time_mode",
  "country_id",
  "unit",
  "importance",
  "multiplier",
  "digits",
] as const;
const EVENT_STRINGS = ["source_url", "event_code", "name"] as const;
const VALUE_NUMBERS = ["id", "event_id", "time", "period", "revision", "impact_type"] as const;
const VALUE_OPTIONAL = [
  "actual_value",
  "prev_value",
  "revised_prev_value",
  "forecast_value",
] as const;

function readRecord<T>(
  raw: unknown,
  numbers: readonly string[],
  strings: readonly string[],
): T | undefined {
  if (!isRecord(raw)) {
    return undefined;
  }
  const id = numField(raw, "id", Number.NaN);
  if (!Number.isFinite(id)) {
    return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const k of numbers) {
    out[k] = Math.trunc(numField(raw, k));
  }
  for (const k of strings) {
    out[k] = strField(raw, k);
  }
  return out as T;
}

function readValue(raw: unknown): WireCalendarValue | undefined {
  const v = readRecord<WireCalendarValue>(raw, [...VALUE_NUMBERS, "change_id"], []);
  if (!v || !isRecord(raw)) {
    return undefined;
  }
  for (const k of VALUE_OPTIONAL) {
    const x = raw[k];
    v[k] = typeof x === "number" && Number.isFinite(x) ? Math.trunc(x) : null;
  }
  return v;
}

const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;
const byTime = (a: WireCalendarValue, b: WireCalendarValue): number =>
  a.time - b.time || a.id - b.id;

/** The calendar one program sees, indexed. */
class CalendarData {
  readonly changeId: number;
  readonly countries: readonly WireCalendarCountry[];
  readonly events: readonly WireCalendarEvent[];
  /** Ordered by time, then id. */
  readonly values: readonly WireCalendarValue[];
  readonly countryById = new Map<number, WireCalendarCountry>();
  readonly eventById = new Map<number, WireCalendarEvent>();
  readonly valueById = new Map<number, WireCalendarValue>();
  /** Each event's values, ordered by time, then id. */
  readonly valuesOf = new Map<number, WireCalendarValue[]>();

  constructor(raw: unknown) {
    const w = isRecord(raw) ? raw : {};
    const list = (k: string): unknown[] => (Array.isArray(w[k]) ? (w[k] as unknown[]) : []);
    this.changeId = Math.max(0, Math.trunc(numField(w, "change_id")));
    const countries: WireCalendarCountry[] = [];
    for (const c of list("countries")) {
      const country = readRecord<WireCalendarCountry>(c, COUNTRY_NUMBERS, COUNTRY_STRINGS);
      if (country && !this.countryById.has(country.id)) {
        this.countryById.set(country.id, country);
        countries.push(country);
      }
    }
    const events: WireCalendarEvent[] = [];
    for (const e of list("events")) {
      const event = readRecord<WireCalendarEvent>(e, EVENT_NUMBERS, EVENT_STRINGS);
      if (event && !this.eventById.has(event.id)) {
        this.eventById.set(event.id, event);
        events.push(event);
      }
    }
    const values: WireCalendarValue[] = [];
    for (const v of list("values")) {
      const value = readValue(v);
      if (value && !this.valueById.has(value.id)) {
        this.valueById.set(value.id, value);
        values.push(value);
      }
    }
    this.countries = countries.sort(byId);
    this.events = events.sort(byId);
    this.values = values.sort(byTime);
    for (const v of this.values) {
      const of = this.valuesOf.get(v.event_id);
      if (of) {
        of.push(v);
      } else {
        this.valuesOf.set(v.event_id, [v]);
      }
    }
  }

  get empty(): boolean {
    return this.countries.length === 0 && this.events.length === 0 && this.values.length === 0;
  }

  /** The country of an event, if the calendar has it. */
  countryOfEvent(eventId: number): WireCalendarCountry | undefined {
    const e = this.eventById.get(eventId);
    return e ? this.countryById.get(e.country_id) : undefined;
  }
}

const EMPTY = new CalendarData(undefined);
const calendars = new WeakMap<RuntimeContext, CalendarData>();

/** The calendar of a context (empty until the host sends one). */
function calendarOf(ctx: RuntimeContext): CalendarData {
  return calendars.get(ctx) ?? EMPTY;
}

/**
 * Takes the calendar the host sent (LoadMeta.calendar, WireSnapshot.calendar): it replaces the
 * one held. Read tolerantly: malformed records are skipped. Absent (`undefined`) changes nothing.
 */
export function seedCalendar(ctx: RuntimeContext, raw: unknown): void {
  if (raw === undefined) {
    return;
  }
  calendars.set(ctx, new CalendarData(raw));
}

// ───────────────────────────── struct filling ─────────────────────────────

const absent = (v: number | null): number | bigint => (v === null ? CALENDAR_NO_VALUE : v);

function fillCountry(target: Record<string, unknown>, c: WireCalendarCountry): void {
  for (const k of [...COUNTRY_NUMBERS, ...COUNTRY_STRINGS]) {
    target[k] = c[k];
  }
}

function fillEvent(target: Record<string, unknown>, e: WireCalendarEvent): void {
  for (const k of [...EVENT_NUMBERS, ...EVENT_STRINGS]) {
    target[k] = e[k];
  }
}

function fillValue(target: Record<string, unknown>, v: WireCalendarValue): void {
  for (const k of VALUE_NUMBERS) {
    target[k] = v[k];
  }
  for (const k of VALUE_OPTIONAL) {
    target[k] = absent(v[k]);
  }
}

function newCountry(c: WireCalendarCountry): MqlCalendarCountry {
  const out = new MqlCalendarCountry();
  fillCountry(out as unknown as Record<string, unknown>, c);
  return out;
}

function newEvent(e: WireCalendarEvent): MqlCalendarEvent {
  const out = new MqlCalendarEvent();
  fillEvent(out as unknown as Record<string, unknown>, e);
  return out;
}

function newValue(v: WireCalendarValue): MqlCalendarValue {
  const out = new MqlCalendarValue();
  fillValue(out as unknown as Record<string, unknown>, v);
  return out;
}

// ───────────────────────────── arguments ─────────────────────────────

/** A numeric argument (ulong ids and datetimes may come as bigints from compiled MQL5). */
function num(v: unknown): number {
  if (typeof v === "bigint") {
    return Number(v);
  }
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** A filter argument: NULL, undefined and "" are no filter. */
function filterText(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function isHolder(v: unknown): v is { value: unknown } {
  return isRecord(v) && "value" in v;
}

export function calendarApi(ctx: RuntimeContext): Record<string, unknown> {
  /** Copies `rows` into `target` (see the header); answers the count copied. */
  const copyOut = <T>(target: unknown, rows: readonly T[]): number => {
    if (!Array.isArray(target)) {
      ctx.setError(E("ERR_INVALID_ARRAY"));
      return 0;
    }
    fillArray(target as T[], rows);
    const copied = isDynamicArray(target) ? rows.length : Math.min(rows.length, target.length);
    if (copied < rows.length) {
      ctx.setError(E("ERR_CALENDAR_MORE_DATA"));
    }
    return copied;
  };

  /** The values passing the country/currency filters (NULL/"" = none). */
  const filtered = (
    cal: CalendarData,
    values: readonly WireCalendarValue[],
    country: unknown,
    currency: unknown,
  ): WireCalendarValue[] => {
    const code = filterText(country);
    const cur = filterText(currency);
    if (code === "" && cur === "") {
      return [...values];
    }
    return values.filter((v) => {
      const c = cal.countryOfEvent(v.event_id);
      return (
        c !== undefined && (code === "" || c.code === code) && (cur === "" || c.currency === cur)
      );
    });
  };

  const inRange = (values: readonly WireCalendarValue[], from: unknown, to: unknown) => {
    const lo = num(from);
    const hi = to === undefined ? 0 : num(to);
    if (hi !== 0 && hi <= lo) {
      return [];
    }
    return values.filter((v) => v.time >= lo && (hi === 0 || v.time < hi));
  };

  /** Fills a struct by id: true, or false with ERR_CALENDAR_NO_DATA. */
  const byIdInto = <T>(
    found: T | undefined,
    target: unknown,
    fill: (t: Record<string, unknown>, x: T) => void,
  ): boolean => {
    if (!isRecord(target)) {
      ctx.setError(E("ERR_INVALID_PARAMETER"));
      return false;
    }
    if (found === undefined) {
      ctx.setError(E("ERR_CALENDAR_NO_DATA"));
      return false;
    }
    fill(target, found);
    return true;
  };

  /** CalendarValueLast*: the values changed after the holder's change id (see the header). */
  const changedSince = (
    changeId: unknown,
    target: unknown,
    pick: (cal: CalendarData, since: number) => WireCalendarValue[],
  ): number => {
    if (!isHolder(changeId)) {
      ctx.setError(E("ERR_INVALID_PARAMETER"));
      return 0;
    }
    const cal = calendarOf(ctx);
    const since = num(changeId.value);
    changeId.value = cal.changeId;
    if (since === 0) {
      return 0;
    }
    return copyOut(target, pick(cal, since).map(newValue));
  };

  return {
    CalendarCountryById: (id: unknown, country: unknown): boolean =>
      byIdInto(calendarOf(ctx).countryById.get(num(id)), country, fillCountry),

    CalendarEventById: (id: unknown, event: unknown): boolean =>
      byIdInto(calendarOf(ctx).eventById.get(num(id)), event, fillEvent),

    CalendarValueById: (id: unknown, value: unknown): boolean =>
      byIdInto(calendarOf(ctx).valueById.get(num(id)), value, fillValue),

    CalendarCountries: (countries: unknown): number =>
      copyOut(countries, calendarOf(ctx).countries.map(newCountry)),

    CalendarEventByCountry: (country: unknown, events: unknown): number => {
      const cal = calendarOf(ctx);
      const code = filterText(country);
      if (code === "") {
        return copyOut(events, cal.events.map(newEvent));
      }
      const ids = new Set(cal.countries.filter((c) => c.code === code).map((c) => c.id));
      if (ids.size === 0 && !cal.empty) {
        ctx.setError(E("ERR_INTERNAL_ERROR"));
        return 0;
      }
      return copyOut(events, cal.events.filter((e) => ids.has(e.country_id)).map(newEvent));
    },

    CalendarEventByCurrency: (currency: unknown, events: unknown): number => {
      const cal = calendarOf(ctx);
      const cur = filterText(currency);
      const ids = new Set(
        cal.countries.filter((c) => cur === "" || c.currency === cur).map((c) => c.id),
      );
      const picked = cur === "" ? cal.events : cal.events.filter((e) => ids.has(e.country_id));
      return copyOut(events, picked.map(newEvent));
    },

    CalendarValueHistoryByEvent: (
      eventId: unknown,
      values: unknown,
      from: unknown,
      to?: unknown,
    ): number => {
      const of = calendarOf(ctx).valuesOf.get(num(eventId)) ?? [];
      return copyOut(values, inRange(of, from, to).map(newValue));
    },

    CalendarValueHistory: (
      values: unknown,
      from: unknown,
      to?: unknown,
      country?: unknown,
      currency?: unknown,
    ): number => {
      const cal = calendarOf(ctx);
      const picked = filtered(cal, inRange(cal.values, from, to), country, currency);
      return copyOut(values, picked.map(newValue));
    },

    CalendarValueLastByEvent: (eventId: unknown, changeId: unknown, values: unknown): number =>
      changedSince(changeId, values, (cal, since) =>
        (cal.valuesOf.get(num(eventId)) ?? []).filter((v) => v.change_id > since),
      ),

    CalendarValueLast: (
      changeId: unknown,
      values: unknown,
      country?: unknown,
      currency?: unknown,
    ): number =>
      changedSince(changeId, values, (cal, since) =>
        filtered(
          cal,
          cal.values.filter((v) => v.change_id > since),
          country,
          currency,
        ),
      ),
  };
}
