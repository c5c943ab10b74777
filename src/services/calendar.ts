// The MQL5 economic calendar EAs read (ea-runtime/src/runtime/calendar.ts): loaded by superadmins
// (PUT /admin/calendar: the whole calendar, or rows merged by id), read back (GET), and handed to
// every EA run — whole in LoadMeta.calendar at start, and again to running instances through
// `onChange` listeners (the EA instance service queues it as the next event's
// `snapshot.calendar`). Empty until an admin loads one: EAs then get no countries, events or
// values, and no error.
//
// Storage: calendar_countries / calendar_events / calendar_values and the one calendar_state row
// (the change id). A load runs in one transaction holding that row's lock: it reads the stored
// calendar, plans the load (src/domain/calendar.ts: validation, change ids), writes only what
// changed and records an audit entry; a refused load writes nothing. The calendar is kept in
// memory by change id: a process whose copy is older (another node loaded) reads it again.
// Times: stored and served in UTC; EAs get server time (MQL5's calendar is in TimeTradeServer),
// periods as the day's 00:00.
import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { WireCalendar, WireCalendarValue } from "../../ea-runtime/src/runtime/calendar.ts";
import {
  CALENDAR_EVENT_ENUMS,
  CALENDAR_IMPACT_ENUM,
  type CalendarCounts,
  type CalendarData,
  type CalendarEvent,
  type CalendarLoadInput,
  type CalendarValue,
  EMPTY_CALENDAR,
  enumName,
  parseCalendarTime,
  planCalendarLoad,
  readCalendarLoad,
} from "../domain/calendar.ts";
import { utcToServerMs } from "../ea/trade-translation.ts";
import type { Db } from "../storage/db.ts";
import {
  calendarCountries,
  calendarEvents,
  calendarState,
  calendarValues,
} from "../storage/schema/index.ts";
import { recordAudit } from "./audit.ts";
import type { ServiceDeps } from "./deps.ts";
import type { AdminScope } from "./keys.ts";

export type { WireCalendar } from "../../ea-runtime/src/runtime/calendar.ts";

export interface CalendarCountryView {
  readonly id: number;
  readonly name: string;
  readonly code: string;
  readonly currency: string;
  readonly currency_symbol: string;
  readonly url_name: string;
}

/** An event kind with its enums by MQL5 name. */
export interface CalendarEventView {
  readonly id: number;
  readonly country_id: number;
  readonly name: string;
  readonly type: string;
  readonly sector: string;
  readonly frequency: string;
  readonly time_mode: string;
  readonly unit: string;
  readonly importance: string;
  readonly multiplier: string;
  readonly digits: number;
  readonly source_url: string;
  readonly event_code: string;
}

export interface CalendarValueView {
  readonly id: number;
  readonly event_id: number;
  /** ISO 8601, UTC. */
  readonly time: string;
  readonly period: string;
  readonly revision: number;
  readonly actual_value: number | null;
  readonly prev_value: number | null;
  readonly revised_prev_value: number | null;
  readonly forecast_value: number | null;
  readonly impact_type: string;
  readonly change_id: number;
}

export interface CalendarView {
  readonly change_id: number;
  readonly countries: CalendarCountryView[];
  readonly events: CalendarEventView[];
  readonly values: CalendarValueView[];
}

/** What a load did. */
export interface CalendarLoadResult {
  readonly mode: "replace" | "merge";
  /** The calendar's change id after the load (unchanged when the load changed nothing). */
  readonly change_id: number;
  /** Rows the calendar holds now. */
  readonly countries: number;
  readonly events: number;
  readonly values: number;
  /** Rows added or changed, and rows deleted, by the load. */
  readonly changed: CalendarCounts;
  readonly removed: CalendarCounts;
}

/** Told of every load that changed the calendar, with the whole new calendar as EAs get it. */
export type CalendarListener = (calendar: WireCalendar) => void;

/** What the EA instance service needs of the calendar. */
export interface CalendarSource {
  /** The calendar for a starting EA; undefined while nothing was ever loaded. */
  forEa(): Promise<WireCalendar | undefined>;
  onChange(listener: CalendarListener): void;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** `excluded.<column>` for every column but the key: an upsert that rewrites the row. */
function rewrite(table: PgTable): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (key !== "id") {
      set[key] = sql.raw(`excluded."${column.name}"`);
    }
  }
  return set;
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) {
    out.push(rows.slice(i, i + size));
  }
  return out;
}

const eventRow = (e: CalendarEvent) => ({
  id: e.id,
  countryId: e.country_id,
  type: e.type,
  sector: e.sector,
  frequency: e.frequency,
  timeMode: e.time_mode,
  unit: e.unit,
  importance: e.importance,
  multiplier: e.multiplier,
  digits: e.digits,
  sourceUrl: e.source_url,
  eventCode: e.event_code,
  name: e.name,
});

const valueRow = (v: CalendarValue) => ({
  id: v.id,
  eventId: v.event_id,
  time: new Date(v.time_ms),
  period: v.period,
  revision: v.revision,
  actualValue: v.actual_value,
  prevValue: v.prev_value,
  revisedPrevValue: v.revised_prev_value,
  forecastValue: v.forecast_value,
  impactType: v.impact_type,
  changeId: v.change_id,
});

/** The stored calendar, read in `tx` (with its change id). */
async function readCalendar(tx: Tx | Db, changeId: number): Promise<CalendarData> {
  const countries = await tx.select().from(calendarCountries);
  const events = await tx.select().from(calendarEvents);
  const values = await tx.select().from(calendarValues);
  return {
    change_id: changeId,
    countries: countries
      .map((c) => ({
        id: c.id,
        name: c.name,
        code: c.code,
        currency: c.currency,
        currency_symbol: c.currencySymbol,
        url_name: c.urlName,
      }))
      .sort((a, b) => a.id - b.id),
    events: events
      .map(
        (e): CalendarEvent => ({
          id: e.id,
          country_id: e.countryId,
          type: e.type,
          sector: e.sector,
          frequency: e.frequency,
          time_mode: e.timeMode,
          unit: e.unit,
          importance: e.importance,
          multiplier: e.multiplier,
          digits: e.digits,
          source_url: e.sourceUrl,
          event_code: e.eventCode,
          name: e.name,
        }),
      )
      .sort((a, b) => a.id - b.id),
    values: values
      .map(
        (v): CalendarValue => ({
          id: v.id,
          event_id: v.eventId,
          time_ms: v.time.getTime(),
          period: v.period,
          revision: v.revision,
          actual_value: v.actualValue,
          prev_value: v.prevValue,
          revised_prev_value: v.revisedPrevValue,
          forecast_value: v.forecastValue,
          impact_type: v.impactType,
          change_id: v.changeId,
        }),
      )
      .sort((a, b) => a.time_ms - b.time_ms || a.id - b.id),
  };
}

/** The calendar as EAs get it: server times, enums as numbers (runtime calendar.ts). */
export function calendarToWire(data: CalendarData): WireCalendar {
  return {
    change_id: data.change_id,
    countries: data.countries.map((c) => ({ ...c })),
    events: data.events.map((e) => ({ ...e })),
    values: data.values.map(
      (v): WireCalendarValue => ({
        id: v.id,
        event_id: v.event_id,
        time: Math.floor(utcToServerMs(v.time_ms) / 1000),
        period: Date.parse(`${v.period}T00:00:00Z`) / 1000,
        revision: v.revision,
        actual_value: v.actual_value,
        prev_value: v.prev_value,
        revised_prev_value: v.revised_prev_value,
        forecast_value: v.forecast_value,
        impact_type: v.impact_type,
        change_id: v.change_id,
      }),
    ),
  };
}

function eventView(e: CalendarEvent): CalendarEventView {
  const names = {} as Record<keyof typeof CALENDAR_EVENT_ENUMS, string>;
  for (const [field, table] of Object.entries(CALENDAR_EVENT_ENUMS)) {
    names[field as keyof typeof CALENDAR_EVENT_ENUMS] = enumName(
      table,
      e[field as keyof typeof CALENDAR_EVENT_ENUMS],
    );
  }
  return {
    id: e.id,
    country_id: e.country_id,
    name: e.name,
    ...names,
    digits: e.digits,
    source_url: e.source_url,
    event_code: e.event_code,
  };
}

function valueView(v: CalendarValue): CalendarValueView {
  return {
    id: v.id,
    event_id: v.event_id,
    time: new Date(v.time_ms).toISOString(),
    period: v.period,
    revision: v.revision,
    actual_value: v.actual_value,
    prev_value: v.prev_value,
    revised_prev_value: v.revised_prev_value,
    forecast_value: v.forecast_value,
    impact_type: enumName(CALENDAR_IMPACT_ENUM, v.impact_type),
    change_id: v.change_id,
  };
}

export class CalendarService implements CalendarSource {
  /** The calendar as last read or loaded, with its wire form once asked for. */
  private cache: { data: CalendarData; wire?: WireCalendar } | null = null;
  private readonly listeners: CalendarListener[] = [];

  constructor(private readonly deps: Pick<ServiceDeps, "db" | "logger">) {}

  onChange(listener: CalendarListener): void {
    this.listeners.push(listener);
  }

  /** The current calendar (read again when another process changed it). */
  async current(): Promise<CalendarData> {
    const [state] = await this.deps.db
      .select({ changeId: calendarState.changeId })
      .from(calendarState)
      .where(eq(calendarState.id, 1));
    const changeId = state?.changeId ?? 0;
    if (this.cache?.data.change_id === changeId) {
      return this.cache.data;
    }
    if (changeId === 0) {
      this.cache = { data: EMPTY_CALENDAR };
      return EMPTY_CALENDAR;
    }
    const data = await this.deps.db.transaction(
      async (tx) => {
        const [row] = await tx
          .select({ changeId: calendarState.changeId })
          .from(calendarState)
          .where(eq(calendarState.id, 1));
        return readCalendar(tx, row?.changeId ?? 0);
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    this.cache = { data };
    return data;
  }

  async forEa(): Promise<WireCalendar | undefined> {
    const data = await this.current();
    if (data.change_id === 0) {
      return undefined;
    }
    const cache = this.cache;
    if (cache?.data === data) {
      cache.wire ??= calendarToWire(data);
      return cache.wire;
    }
    return calendarToWire(data);
  }

  /**
   * `GET /admin/calendar`: the whole calendar; `from`/`to` (ISO date-times, optional) keep the
   * values with from <= time < to.
   */
  async read(query: { from?: string | undefined; to?: string | undefined }): Promise<CalendarView> {
    const from = query.from !== undefined ? parseCalendarTime(query.from, "from") : undefined;
    const to = query.to !== undefined ? parseCalendarTime(query.to, "to") : undefined;
    const data = await this.current();
    const values = data.values.filter(
      (v) => (from === undefined || v.time_ms >= from) && (to === undefined || v.time_ms < to),
    );
    return {
      change_id: data.change_id,
      countries: data.countries.map((c) => ({ ...c })),
      events: data.events.map(eventView),
      values: values.map(valueView),
    };
  }

  /** `PUT /admin/calendar` (superadmin): loads, or refuses with nothing changed. */
  async load(scope: AdminScope, input: CalendarLoadInput): Promise<CalendarLoadResult> {
    const load = readCalendarLoad(input);
    const { plan, before } = await this.deps.db.transaction(async (tx) => {
      await tx.insert(calendarState).values({ id: 1, changeId: 0 }).onConflictDoNothing();
      const [state] = await tx
        .select({ changeId: calendarState.changeId })
        .from(calendarState)
        .where(eq(calendarState.id, 1))
        .for("update");
      const current = await readCalendar(tx, state?.changeId ?? 0);
      const plan = planCalendarLoad(current, load);
      await this.write(tx, plan);
      if (plan.next.change_id !== current.change_id) {
        await tx
          .update(calendarState)
          .set({ changeId: plan.next.change_id, updatedAt: new Date() })
          .where(eq(calendarState.id, 1));
      }
      const result = summary(load.mode, plan);
      await recordAudit(tx, {
        actor: scope.actor,
        action: "calendar.load",
        targetType: "calendar",
        targetId: "economic-calendar",
        details: { ...result },
      });
      return { plan, before: current.change_id };
    });
    this.cache = { data: plan.next };
    if (plan.next.change_id !== before) {
      const wire = await this.forEa();
      for (const listener of this.listeners) {
        try {
          if (wire) {
            listener(wire);
          }
        } catch (err) {
          this.deps.logger.warn({ err: String(err) }, "calendar listener failed");
        }
      }
    }
    return summary(load.mode, plan);
  }

  private async write(tx: Tx, plan: ReturnType<typeof planCalendarLoad>): Promise<void> {
    const { upsert, remove } = plan;
    for (const ids of chunks(remove.values, 5000)) {
      await tx.delete(calendarValues).where(inArray(calendarValues.id, ids));
    }
    for (const rows of chunks(upsert.countries, 1000)) {
      await tx
        .insert(calendarCountries)
        .values(
          rows.map((c) => ({
            id: c.id,
            name: c.name,
            code: c.code,
            currency: c.currency,
            currencySymbol: c.currency_symbol,
            urlName: c.url_name,
          })),
        )
        .onConflictDoUpdate({
          target: calendarCountries.id,
          set: rewrite(calendarCountries),
        });
    }
    for (const rows of chunks(upsert.events, 1000)) {
      await tx
        .insert(calendarEvents)
        .values(rows.map(eventRow))
        .onConflictDoUpdate({
          target: calendarEvents.id,
          set: rewrite(calendarEvents),
        });
    }
    for (const rows of chunks(upsert.values, 1000)) {
      await tx
        .insert(calendarValues)
        .values(rows.map(valueRow))
        .onConflictDoUpdate({
          target: calendarValues.id,
          set: rewrite(calendarValues),
        });
    }
    for (const ids of chunks(remove.events, 5000)) {
      await tx.delete(calendarEvents).where(inArray(calendarEvents.id, ids));
    }
    for (const ids of chunks(remove.countries, 5000)) {
      await tx.delete(calendarCountries).where(inArray(calendarCountries.id, ids));
    }
  }
}

function summary(
  mode: "replace" | "merge",
  plan: ReturnType<typeof planCalendarLoad>,
): CalendarLoadResult {
  const { next, upsert, remove } = plan;
  return {
    mode,
    change_id: next.change_id,
    countries: next.countries.length,
    events: next.events.length,
    values: next.values.length,
    changed: {
      countries: upsert.countries.length,
      events: upsert.events.length,
      values: upsert.values.length,
    },
    removed: {
      countries: remove.countries.length,
      events: remove.events.length,
      values: remove.values.length,
    },
  };
}
