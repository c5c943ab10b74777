// Wire shapes of /admin/calendar: the MQL5 economic calendar as admins load it (countries, event
// kinds, values: MqlCalendarCountry / MqlCalendarEvent / MqlCalendarValue with enums by their
// MQL5 names, times as ISO 8601 date-times, values × 10^6 or null), as it is read back, and what
// a load answers. Field rules beyond the schemas (dates, duplicate ids, references, limits) are
// src/domain/calendar.ts'. Response schemas carry no TypeBox `format` (see models/common.ts).
import type { Static, TString } from "@sinclair/typebox";
import { t } from "elysia";
import {
  CALENDAR_EVENT_ENUMS,
  CALENDAR_IMPACT_ENUM,
  CALENDAR_LIMITS,
  enumNames,
} from "../../../domain/calendar.ts";
import type { CalendarLoadResult, CalendarView } from "../../../services/calendar.ts";
import { assertType, Int, type Mutable, type Same, Text } from "../../models/common.ts";
import { named } from "../../openapi/schema.ts";

const MAX_ID = Number.MAX_SAFE_INTEGER;
/** Request objects refuse fields they do not declare (a misspelt `actual` is an error). */
const CLOSED = { additionalProperties: false } as const;

/** One of an enum's member names (a string to the type checker, the literal union on the wire). */
function EnumName(table: Readonly<Record<string, number>>, description: string): TString {
  return t.Union(
    enumNames(table).map((n) => t.Literal(n)),
    { description },
  ) as unknown as TString;
}

const E = CALENDAR_EVENT_ENUMS;
const Scaled = (description: string) =>
  t.Optional(
    t.Union([Int({ minimum: -MAX_ID, maximum: MAX_ID }), t.Null()], {
      description: `${description} × 10^6 (MQL5's scaling: 2.5 % is 2500000); null or absent: not set (LONG_MIN in MqlCalendarValue)`,
    }),
  );

// ───────────────────────────── requests ─────────────────────────────

export const CalendarCountryInput = named(
  "CalendarCountryInput",
  t.Object(
    {
      id: Int({
        minimum: 0,
        maximum: MAX_ID,
        description: "ISO 3166-1 numeric id (MT5: 0 worldwide, 999 European Union)",
      }),
      name: Text(256, { minLength: 1 }),
      code: t.String({
        pattern: "^[A-Z]{2}$",
        description: "ISO 3166-1 alpha-2 (US, EU, WW); unique",
      }),
      currency: t.String({ pattern: "^[A-Z]{3}$", description: "currency code (USD)" }),
      currency_symbol: t.Optional(Text(16, { description: 'default ""' })),
      url_name: t.Optional(Text(128, { description: 'name in mql5.com URLs; default ""' })),
    },
    CLOSED,
  ),
);

export const CalendarEventInput = named(
  "CalendarEventInput",
  t.Object(
    {
      id: Int({ minimum: 1, maximum: MAX_ID }),
      country_id: Int({ minimum: 0, maximum: MAX_ID, description: "a country of the calendar" }),
      name: Text(256, { minLength: 1 }),
      type: EnumName(E.type, "ENUM_CALENDAR_EVENT_TYPE"),
      importance: EnumName(E.importance, "ENUM_CALENDAR_EVENT_IMPORTANCE"),
      sector: t.Optional(
        EnumName(E.sector, "ENUM_CALENDAR_EVENT_SECTOR; default CALENDAR_SECTOR_NONE"),
      ),
      frequency: t.Optional(
        EnumName(E.frequency, "ENUM_CALENDAR_EVENT_FREQUENCY; default CALENDAR_FREQUENCY_NONE"),
      ),
      time_mode: t.Optional(
        EnumName(E.time_mode, "ENUM_CALENDAR_EVENT_TIMEMODE; default CALENDAR_TIMEMODE_DATETIME"),
      ),
      unit: t.Optional(EnumName(E.unit, "ENUM_CALENDAR_EVENT_UNIT; default CALENDAR_UNIT_NONE")),
      multiplier: t.Optional(
        EnumName(E.multiplier, "ENUM_CALENDAR_EVENT_MULTIPLIER; default CALENDAR_MULTIPLIER_NONE"),
      ),
      digits: t.Optional(
        Int({ minimum: 0, maximum: 15, description: "decimal places; default 0" }),
      ),
      source_url: t.Optional(Text(512, { description: 'default ""' })),
      event_code: t.Optional(Text(128, { description: 'e.g. nonfarm-payrolls; default ""' })),
    },
    CLOSED,
  ),
);

export const CalendarValueInput = named(
  "CalendarValueInput",
  t.Object(
    {
      id: Int({ minimum: 1, maximum: MAX_ID }),
      event_id: Int({ minimum: 1, maximum: MAX_ID, description: "an event of the calendar" }),
      time: Text(40, {
        description:
          "release time: ISO 8601 date-time with a time zone (2024-03-08T13:30:00Z); EAs see it in server time",
      }),
      period: Text(10, { description: "first day of the reporting period, YYYY-MM-DD" }),
      revision: t.Optional(Int({ minimum: 0, maximum: 2_147_483_647, description: "default 0" })),
      actual_value: Scaled("actual value"),
      prev_value: Scaled("previous value"),
      revised_prev_value: Scaled("revised previous value"),
      forecast_value: Scaled("forecast value"),
      impact_type: t.Optional(
        EnumName(CALENDAR_IMPACT_ENUM, "ENUM_CALENDAR_EVENT_IMPACT; default CALENDAR_IMPACT_NA"),
      ),
    },
    CLOSED,
  ),
);

export const CalendarLoadBody = named(
  "CalendarLoad",
  t.Object(
    {
      mode: t.Optional(
        t.Union([t.Literal("replace"), t.Literal("merge")], {
          description:
            "replace (default): the body is the whole calendar, rows it lacks are deleted; merge: rows are added or updated by id, none deleted",
        }),
      ),
      countries: t.Optional(t.Array(CalendarCountryInput, { maxItems: CALENDAR_LIMITS.countries })),
      events: t.Optional(t.Array(CalendarEventInput, { maxItems: CALENDAR_LIMITS.events })),
      values: t.Optional(t.Array(CalendarValueInput, { maxItems: CALENDAR_LIMITS.values })),
    },
    CLOSED,
  ),
);

export const CalendarReadQuery = t.Object({
  from: t.Optional(
    Text(40, { description: "values with time >= from (ISO 8601 date-time with a time zone)" }),
  ),
  to: t.Optional(Text(40, { description: "values with time < to (ISO 8601 date-time)" })),
});

// ───────────────────────────── answers ─────────────────────────────

const Counts = (description: string) =>
  t.Object({ countries: t.Integer(), events: t.Integer(), values: t.Integer() }, { description });

export const CalendarCountryRecord = named(
  "CalendarCountry",
  t.Object({
    id: t.Integer(),
    name: t.String(),
    code: t.String(),
    currency: t.String(),
    currency_symbol: t.String(),
    url_name: t.String(),
  }),
);

const Name = (table: Readonly<Record<string, number>>, description: string) =>
  EnumName(table, description);

export const CalendarEventRecord = named(
  "CalendarEvent",
  t.Object({
    id: t.Integer(),
    country_id: t.Integer(),
    name: t.String(),
    type: Name(E.type, "ENUM_CALENDAR_EVENT_TYPE"),
    sector: Name(E.sector, "ENUM_CALENDAR_EVENT_SECTOR"),
    frequency: Name(E.frequency, "ENUM_CALENDAR_EVENT_FREQUENCY"),
    time_mode: Name(E.time_mode, "ENUM_CALENDAR_EVENT_TIMEMODE"),
    unit: Name(E.unit, "ENUM_CALENDAR_EVENT_UNIT"),
    importance: Name(E.importance, "ENUM_CALENDAR_EVENT_IMPORTANCE"),
    multiplier: Name(E.multiplier, "ENUM_CALENDAR_EVENT_MULTIPLIER"),
    digits: t.Integer(),
    source_url: t.String(),
    event_code: t.String(),
  }),
);

const ScaledRecord = () =>
  t.Union([t.Integer(), t.Null()], { description: "× 10^6; null: not set" });

export const CalendarValueRecord = named(
  "CalendarValue",
  t.Object({
    id: t.Integer(),
    event_id: t.Integer(),
    time: t.String({ description: "date-time (ISO 8601, UTC)" }),
    period: t.String({ description: "date YYYY-MM-DD" }),
    revision: t.Integer(),
    actual_value: ScaledRecord(),
    prev_value: ScaledRecord(),
    revised_prev_value: ScaledRecord(),
    forecast_value: ScaledRecord(),
    impact_type: Name(CALENDAR_IMPACT_ENUM, "ENUM_CALENDAR_EVENT_IMPACT"),
    change_id: t.Integer({
      description: "the load that last added or changed the value (CalendarValueLast)",
    }),
  }),
);

export const CalendarRecord = named(
  "EconomicCalendar",
  t.Object({
    change_id: t.Integer({
      description:
        "the calendar's change id: grows with every load that changes it; 0 = never loaded",
    }),
    countries: t.Array(CalendarCountryRecord, { description: "by id" }),
    events: t.Array(CalendarEventRecord, { description: "by id" }),
    values: t.Array(CalendarValueRecord, { description: "by time, then id" }),
  }),
);
assertType<Same<Static<typeof CalendarRecord>, Mutable<CalendarView>>>();

export const CalendarLoadRecord = named(
  "CalendarLoadResult",
  t.Object({
    mode: t.Union([t.Literal("replace"), t.Literal("merge")]),
    change_id: t.Integer({ description: "the calendar's change id after the load" }),
    countries: t.Integer({ description: "countries the calendar holds now" }),
    events: t.Integer({ description: "events the calendar holds now" }),
    values: t.Integer({ description: "values the calendar holds now" }),
    changed: Counts("rows the load added or changed"),
    removed: Counts("rows the load deleted (replace)"),
  }),
);
assertType<Same<Static<typeof CalendarLoadRecord>, Mutable<CalendarLoadResult>>>();
