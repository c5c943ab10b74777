// /admin/calendar — the MQL5 economic calendar EAs read (CalendarValueHistory & co.), superadmin
// only: PUT loads it in bulk (replace, or merge by id; every field checked, a refused load
// changes nothing), GET reads it back. Running EAs get a changed calendar with their next event.
// The rules live in src/domain/calendar.ts and src/services/calendar.ts.
import { Elysia } from "elysia";
import type { CalendarService } from "../../../services/calendar.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { operation } from "../../openapi/operation.ts";
import {
  CalendarLoadBody,
  CalendarLoadRecord,
  CalendarReadQuery,
  CalendarRecord,
} from "./model.ts";

export function adminCalendarModule(deps: AuthDeps & { calendar: CalendarService }) {
  return new Elysia({ name: "module.admin-calendar", prefix: "/admin/calendar", normalize: false })
    .use(authPlugin(deps))
    .put("", async ({ scope, body }) => ok(await deps.calendar.load(scope, body)), {
      admin: "superadmin",
      body: CalendarLoadBody,
      response: { 200: Envelope(CalendarLoadRecord) },
      detail: operation({
        id: "loadEconomicCalendar",
        tag: "eas",
        summary: "Load the economic calendar EAs read (superadmin)",
        description:
          "The MQL5 economic calendar (MqlCalendarCountry, MqlCalendarEvent, MqlCalendarValue) that EAs read with CalendarCountries, CalendarEventByCountry, CalendarValueHistory, CalendarValueLast… `mode: replace` (default) makes the body the whole calendar; `merge` adds or updates rows by id (load a large calendar in several requests, or publish new values). Every field is checked (enum names, dates, duplicate ids, each event's country and each value's event present in the resulting calendar, at most 300 countries, 5,000 events and 20,000 values); a refused load changes nothing. A load that changes something raises the calendar's change_id, and each added or changed value gets it (CalendarValueLast). Running EAs get the new calendar with their next event.",
        auth: "superadmin",
      }),
    })
    .get("", async ({ query }) => ok(await deps.calendar.read(query)), {
      admin: "superadmin",
      query: CalendarReadQuery,
      response: { 200: Envelope(CalendarRecord) },
      detail: operation({
        id: "getEconomicCalendar",
        tag: "eas",
        summary: "Read the economic calendar (superadmin)",
        description:
          "Countries and events by id, values by time (UTC) then id; `from`/`to` keep the values with from <= time < to. An empty calendar (never loaded) has change_id 0.",
        auth: "superadmin",
      }),
    });
}
