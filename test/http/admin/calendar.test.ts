// /admin/calendar: the MQL5 economic calendar superadmins load for EAs — empty by default; a
// replace load and reading it back (enum names, UTC times, periods, values × 10^6 or null); an
// identical load changes nothing; merge adds and updates by id with change ids per value; a
// replace drops what it lacks; every kind of bad input is a VALIDATION_ERROR naming the field
// and changes nothing; the from/to filter; superadmin only; the audit entry; the rows; the
// OpenAPI document.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, calendarState, calendarValues } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let root: string;
let admin: string;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superToken();
  admin = (await t.createAdmin("calendar-admin")).token;
  key = (await t.createKey(root)).key;
}, 60_000);
afterAll(() => t.close());

const US = {
  id: 840,
  name: "United States",
  code: "US",
  currency: "USD",
  currency_symbol: "$",
  url_name: "united-states",
};
const EU = { id: 999, name: "European Union", code: "EU", currency: "EUR" };
const NFP = {
  id: 840030016,
  country_id: 840,
  name: "Nonfarm Payrolls",
  type: "CALENDAR_TYPE_INDICATOR",
  sector: "CALENDAR_SECTOR_JOBS",
  frequency: "CALENDAR_FREQUENCY_MONTH",
  time_mode: "CALENDAR_TIMEMODE_DATETIME",
  unit: "CALENDAR_UNIT_JOB",
  importance: "CALENDAR_IMPORTANCE_HIGH",
  multiplier: "CALENDAR_MULTIPLIER_THOUSANDS",
  digits: 0,
  source_url: "https://www.bls.gov",
  event_code: "nonfarm-payrolls",
};
const ECB = {
  id: 999010001,
  country_id: 999,
  name: "ECB Interest Rate Decision",
  type: "CALENDAR_TYPE_INDICATOR",
  importance: "CALENDAR_IMPORTANCE_HIGH",
  unit: "CALENDAR_UNIT_PERCENT",
  digits: 2,
};
const FEB = {
  id: 1001,
  event_id: NFP.id,
  time: "2024-03-08T13:30:00Z",
  period: "2024-02-01",
  actual_value: 275_000_000,
  prev_value: 353_000_000,
  revised_prev_value: 229_000_000,
  forecast_value: 200_000_000,
  impact_type: "CALENDAR_IMPACT_POSITIVE",
};
const MAR = {
  id: 1002,
  event_id: NFP.id,
  time: "2024-04-05T14:30:00+02:00",
  period: "2024-03-01",
  forecast_value: 200_000_000,
};
const RATE = {
  id: 3001,
  event_id: ECB.id,
  time: "2024-03-07T13:15:00Z",
  period: "2024-03-07",
  actual_value: 4_500_000,
  prev_value: 4_500_000,
  forecast_value: 4_500_000,
};
const FULL = { countries: [US, EU], events: [NFP, ECB], values: [FEB, MAR, RATE] };

const put = (body: unknown, auth: { token?: string; key?: string } = { token: root }) =>
  t.request("PUT", "/admin/calendar", { ...auth, body });
const get = (query = "", auth: { token?: string; key?: string } = { token: root }) =>
  t.request("GET", `/admin/calendar${query}`, auth);

/** The full answer of GET /admin/calendar after the first load. */
const LOADED = {
  change_id: 1,
  countries: [
    {
      id: 840,
      name: "United States",
      code: "US",
      currency: "USD",
      currency_symbol: "$",
      url_name: "united-states",
    },
    {
      id: 999,
      name: "European Union",
      code: "EU",
      currency: "EUR",
      currency_symbol: "",
      url_name: "",
    },
  ],
  events: [
    {
      id: 840030016,
      country_id: 840,
      name: "Nonfarm Payrolls",
      type: "CALENDAR_TYPE_INDICATOR",
      sector: "CALENDAR_SECTOR_JOBS",
      frequency: "CALENDAR_FREQUENCY_MONTH",
      time_mode: "CALENDAR_TIMEMODE_DATETIME",
      unit: "CALENDAR_UNIT_JOB",
      importance: "CALENDAR_IMPORTANCE_HIGH",
      multiplier: "CALENDAR_MULTIPLIER_THOUSANDS",
      digits: 0,
      source_url: "https://www.bls.gov",
      event_code: "nonfarm-payrolls",
    },
    {
      id: 999010001,
      country_id: 999,
      name: "ECB Interest Rate Decision",
      type: "CALENDAR_TYPE_INDICATOR",
      sector: "CALENDAR_SECTOR_NONE",
      frequency: "CALENDAR_FREQUENCY_NONE",
      time_mode: "CALENDAR_TIMEMODE_DATETIME",
      unit: "CALENDAR_UNIT_PERCENT",
      importance: "CALENDAR_IMPORTANCE_HIGH",
      multiplier: "CALENDAR_MULTIPLIER_NONE",
      digits: 2,
      source_url: "",
      event_code: "",
    },
  ],
  values: [
    {
      id: 3001,
      event_id: 999010001,
      time: "2024-03-07T13:15:00.000Z",
      period: "2024-03-07",
      revision: 0,
      actual_value: 4500000,
      prev_value: 4500000,
      revised_prev_value: null,
      forecast_value: 4500000,
      impact_type: "CALENDAR_IMPACT_NA",
      change_id: 1,
    },
    {
      id: 1001,
      event_id: 840030016,
      time: "2024-03-08T13:30:00.000Z",
      period: "2024-02-01",
      revision: 0,
      actual_value: 275000000,
      prev_value: 353000000,
      revised_prev_value: 229000000,
      forecast_value: 200000000,
      impact_type: "CALENDAR_IMPACT_POSITIVE",
      change_id: 1,
    },
    {
      id: 1002,
      event_id: 840030016,
      time: "2024-04-05T12:30:00.000Z",
      period: "2024-03-01",
      revision: 0,
      actual_value: null,
      prev_value: null,
      revised_prev_value: null,
      forecast_value: 200000000,
      impact_type: "CALENDAR_IMPACT_NA",
      change_id: 1,
    },
  ],
};

describe("loading and reading", () => {
  test("empty by default", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      data: { change_id: 0, countries: [], events: [], values: [] },
    });
  });

  test("a replace load answers what it did; GET reads it back with defaults filled", async () => {
    const res = await put(FULL);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      mode: "replace",
      change_id: 1,
      countries: 2,
      events: 2,
      values: 3,
      changed: { countries: 2, events: 2, values: 3 },
      removed: { countries: 0, events: 0, values: 0 },
    });
    expect((await get()).body.data).toEqual(LOADED);
  });

  test("the same load again changes nothing: the change id stays", async () => {
    const res = await put({ mode: "replace", ...FULL });
    expect(res.body.data).toMatchObject({
      change_id: 1,
      changed: { countries: 0, events: 0, values: 0 },
      removed: { countries: 0, events: 0, values: 0 },
    });
    expect((await get()).body.data).toEqual(LOADED);
  });

  test("merge updates and adds by id; each changed value gets the new change id", async () => {
    const res = await put({
      mode: "merge",
      values: [
        { ...MAR, actual_value: 303_000_000, revision: 1, impact_type: "CALENDAR_IMPACT_POSITIVE" },
        { id: 1003, event_id: NFP.id, time: "2024-05-03T12:30:00Z", period: "2024-04-01" },
      ],
    });
    expect(res.body.data).toEqual({
      mode: "merge",
      change_id: 2,
      countries: 2,
      events: 2,
      values: 4,
      changed: { countries: 0, events: 0, values: 2 },
      removed: { countries: 0, events: 0, values: 0 },
    });
    const values = (await get()).body.data.values as { id: number; change_id: number }[];
    expect(values.map((v) => [v.id, v.change_id])).toEqual([
      [3001, 1],
      [1001, 1],
      [1002, 2],
      [1003, 2],
    ]);
    expect(values[2]).toMatchObject({ actual_value: 303_000_000, revision: 1 });
  });

  test("from/to keep the values with from <= time < to", async () => {
    const res = await get(
      `?from=${encodeURIComponent("2024-03-08T13:30:00Z")}&to=${encodeURIComponent("2024-05-03T12:30:00Z")}`,
    );
    expect(res.body.data.values.map((v: { id: number }) => v.id)).toEqual([1001, 1002]);
    expect(res.body.data.countries.length).toBe(2);
    const bad = await get("?from=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "from" } });
  });

  test("replace drops what the body lacks", async () => {
    const res = await put({ countries: [US], events: [NFP], values: [FEB] });
    expect(res.body.data).toEqual({
      mode: "replace",
      change_id: 3,
      countries: 1,
      events: 1,
      values: 1,
      changed: { countries: 0, events: 0, values: 0 },
      removed: { countries: 1, events: 1, values: 3 },
    });
    const data = (await get()).body.data;
    expect(data.values).toEqual([LOADED.values[1]]);
    const rows = await t.deps.db.select().from(calendarValues);
    expect(rows.map((r) => [r.id, r.changeId, r.actualValue])).toEqual([[1001, 1, 275_000_000]]);
    const [state] = await t.deps.db.select().from(calendarState);
    expect(state?.changeId).toBe(3);
  });

  test("each load is in the audit log", async () => {
    const entries = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "calendar.load"));
    expect(entries.length).toBe(4);
    expect(entries.at(-1)).toMatchObject({
      actorType: "admin",
      targetType: "calendar",
      details: { mode: "replace", change_id: 3 },
    });
  });
});

describe("bad input is refused and changes nothing", () => {
  const cases: [string, unknown, string][] = [
    [
      "an unknown enum name",
      { ...FULL, events: [{ ...NFP, type: "CALENDAR_TYPE_NEWS" }, ECB] },
      "type",
    ],
    [
      "a day that does not exist",
      { ...FULL, values: [{ ...FEB, time: "2024-02-30T10:00:00Z" }] },
      "values[0].time",
    ],
    [
      "a time without a zone",
      { ...FULL, values: [{ ...FEB, time: "2024-03-08T13:30:00" }] },
      "values[0].time",
    ],
    ["a bad period", { ...FULL, values: [{ ...FEB, period: "2024-13-01" }] }, "values[0].period"],
    [
      "a time before 1970",
      { ...FULL, values: [{ ...FEB, time: "1969-12-31T23:00:00Z" }] },
      "values[0].time",
    ],
    ["a duplicate value id", { ...FULL, values: [FEB, { ...RATE, id: FEB.id }] }, "values[1].id"],
    [
      "a duplicate country code",
      { ...FULL, countries: [US, { ...EU, code: "US" }] },
      "countries[1].code",
    ],
    [
      "a value of an unknown event",
      { ...FULL, values: [FEB, { ...RATE, event_id: 5 }] },
      "values[1].event_id",
    ],
    [
      "an event of an unknown country",
      { ...FULL, events: [NFP, { ...ECB, country_id: 36 }] },
      "events[1].country_id",
    ],
    ["a lower-case country code", { ...FULL, countries: [{ ...US, code: "us" }, EU] }, "code"],
    ["a fractional value", { ...FULL, values: [{ ...FEB, actual_value: 2.5 }] }, "actual_value"],
    [
      "a value as a string",
      { ...FULL, values: [{ ...FEB, forecast_value: "200" }] },
      "forecast_value",
    ],
    ["a value beyond 2^53", { ...FULL, values: [{ ...FEB, prev_value: 2 ** 60 }] }, "prev_value"],
    ["a missing name", { ...FULL, events: [{ ...NFP, name: undefined }, ECB] }, "name"],
    ["an empty name", { ...FULL, countries: [{ ...US, name: "" }, EU] }, "name"],
    ["digits out of range", { ...FULL, events: [{ ...NFP, digits: 16 }, ECB] }, "digits"],
    ["a negative revision", { ...FULL, values: [{ ...FEB, revision: -1 }] }, "revision"],
    ["an unknown mode", { ...FULL, mode: "append" }, "mode"],
    ["an unknown field", { ...FULL, values: [{ ...FEB, actual: 275 }] }, "actual"],
    ["an unknown top-level field", { ...FULL, calendar: [] }, "calendar"],
    [
      "a merge taking another country's code",
      { mode: "merge", countries: [{ ...EU, id: 998, code: "US" }] },
      "countries[0].code",
    ],
    [
      "a merge value of an unknown event",
      { mode: "merge", values: [{ ...RATE, event_id: ECB.id }] },
      "values[0].event_id",
    ],
  ];

  for (const [label, body, field] of cases) {
    test(label, async () => {
      const before = (await get()).body.data;
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(res.body.ok).toBe(false);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(`${res.body.error.details?.field ?? ""} ${res.body.error.message}`).toContain(field);
      expect((await get()).body.data).toEqual(before);
    });
  }

  test("a body beyond the JSON guard (10,000 values): load a large calendar in merges", async () => {
    const values = Array.from({ length: 1000 }, (_, i) => ({ ...FEB, id: 10_000 + i }));
    const res = await put({ mode: "merge", values });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect((await get()).body.data.values.length).toBe(1);
  });
});

describe("who may load and read", () => {
  test("superadmin only: another admin and API keys are forbidden, no credentials 401", async () => {
    for (const auth of [{ token: admin }, { key }]) {
      expect((await put(FULL, auth)).status).toBe(403);
      const read = await get("", auth);
      expect(read.status).toBe(403);
      expect(read.body.error.code).toBe("FORBIDDEN");
    }
    expect((await put(FULL, {})).status).toBe(401);
    expect((await get("", {})).status).toBe(401);
    expect((await get()).body.data.change_id).toBe(3);
  });
});

describe("the OpenAPI document", () => {
  test("documents both operations, superadmin only, with their schemas", async () => {
    const doc = (await t.request("GET", "/openapi.json")).body;
    const path = doc.paths["/admin/calendar"];
    expect(path.put.operationId).toBe("loadEconomicCalendar");
    expect(path.get.operationId).toBe("getEconomicCalendar");
    expect(path.put.security).toEqual([{ BearerAuth: [] }]);
    expect(path.put.responses["400"]).toBeDefined();
    expect(path.put.responses["403"]).toBeDefined();
    expect(doc.components.schemas.CalendarValueInput.properties.impact_type).toBeDefined();
    expect(doc.components.schemas.CalendarEvent.properties.sector.enum.length).toBe(13);
  });
});
