// The MQL5 economic calendar EAs read (CalendarValueHistory & co.): countries, event kinds and
// their values as MQL5 models them (MqlCalendarCountry, MqlCalendarEvent, MqlCalendarValue),
// loaded by superadmins (PUT /admin/calendar, src/services/calendar.ts) and handed to every EA
// run (LoadMeta.calendar; ea-runtime/src/runtime/calendar.ts). Empty until an admin loads one.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A country (MqlCalendarCountry). */
export const calendarCountries = pgTable(
  "calendar_countries",
  {
    /** ISO 3166-1 numeric id (0 for worldwide, 999 for the European Union, as MT5 has them). */
    id: bigint("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    /** ISO 3166-1 alpha-2 ("US", "EU", "WW"); unique. */
    code: text("code").notNull(),
    /** Currency code ("USD"). */
    currency: text("currency").notNull(),
    currencySymbol: text("currency_symbol").notNull(),
    /** The country's name in mql5.com URLs. */
    urlName: text("url_name").notNull(),
  },
  (t) => [uniqueIndex("calendar_countries_code_idx").on(t.code)],
);

/** An event kind (MqlCalendarEvent); enums stored as their MQL5 numbers. */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    countryId: bigint("country_id", { mode: "number" })
      .notNull()
      .references(() => calendarCountries.id),
    /** ENUM_CALENDAR_EVENT_TYPE */
    type: smallint("type").notNull(),
    /** ENUM_CALENDAR_EVENT_SECTOR */
    sector: smallint("sector").notNull(),
    /** ENUM_CALENDAR_EVENT_FREQUENCY */
    frequency: smallint("frequency").notNull(),
    /** ENUM_CALENDAR_EVENT_TIMEMODE */
    timeMode: smallint("time_mode").notNull(),
    /** ENUM_CALENDAR_EVENT_UNIT */
    unit: smallint("unit").notNull(),
    /** ENUM_CALENDAR_EVENT_IMPORTANCE */
    importance: smallint("importance").notNull(),
    /** ENUM_CALENDAR_EVENT_MULTIPLIER */
    multiplier: smallint("multiplier").notNull(),
    /** Decimal places of the values. */
    digits: integer("digits").notNull(),
    sourceUrl: text("source_url").notNull(),
    eventCode: text("event_code").notNull(),
    name: text("name").notNull(),
  },
  (t) => [index("calendar_events_country_idx").on(t.countryId)],
);

/**
 * A value of an event (MqlCalendarValue). The four values are value × 10^6, null when absent
 * (MQL5's LONG_MIN). `change_id`: the calendar change (calendar_state) that last added or
 * changed the row (CalendarValueLast).
 */
export const calendarValues = pgTable(
  "calendar_values",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => calendarEvents.id),
    /** Release time (UTC; EAs see it in server time). */
    time: timestamp("time", { withTimezone: true, mode: "date" }).notNull(),
    /** First day of the reporting period. */
    period: date("period", { mode: "string" }).notNull(),
    revision: integer("revision").notNull(),
    actualValue: bigint("actual_value", { mode: "number" }),
    prevValue: bigint("prev_value", { mode: "number" }),
    revisedPrevValue: bigint("revised_prev_value", { mode: "number" }),
    forecastValue: bigint("forecast_value", { mode: "number" }),
    /** ENUM_CALENDAR_EVENT_IMPACT */
    impactType: smallint("impact_type").notNull(),
    changeId: bigint("change_id", { mode: "number" }).notNull(),
  },
  (t) => [
    index("calendar_values_event_time_idx").on(t.eventId, t.time),
    index("calendar_values_time_idx").on(t.time),
  ],
);

/** The calendar's one state row: its change id (0 until the first load) and when it changed. */
export const calendarState = pgTable(
  "calendar_state",
  {
    /** Always 1. */
    id: smallint("id").primaryKey(),
    changeId: bigint("change_id", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("calendar_state_one_row", sql`${t.id} = 1`)],
);

export type CalendarCountryRow = typeof calendarCountries.$inferSelect;
export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export type CalendarValueRow = typeof calendarValues.$inferSelect;
