// The economic calendar's rules (src/domain/calendar.ts): times and dates, reading a load
// (defaults, enum numbers), planning replace and merge loads (writes, deletions, change ids),
// and the limits on what the calendar holds.
import { describe, expect, test } from "bun:test";
import {
  CALENDAR_LIMITS,
  type CalendarData,
  EMPTY_CALENDAR,
  enumName,
  parseCalendarDate,
  parseCalendarTime,
  planCalendarLoad,
  readCalendarLoad,
} from "../../src/domain/calendar.ts";
import { AppError } from "../../src/domain/errors.ts";

const refusal = (fn: () => unknown): { field: unknown; message: string } => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) {
      expect(err.code).toBe("VALIDATION_ERROR");
      return { field: err.details?.field, message: err.message };
    }
    throw err;
  }
  throw new Error("expected a refusal");
};

describe("times and dates", () => {
  test("ISO 8601 with Z or an offset, seconds and fractions optional", () => {
    expect(parseCalendarTime("2024-03-08T13:30:00Z", "t")).toBe(Date.UTC(2024, 2, 8, 13, 30));
    expect(parseCalendarTime("2024-03-08T13:30Z", "t")).toBe(Date.UTC(2024, 2, 8, 13, 30));
    expect(parseCalendarTime("2024-03-08T15:30:00+02:00", "t")).toBe(Date.UTC(2024, 2, 8, 13, 30));
    expect(parseCalendarTime("2024-03-08T08:30:00.250-05:00", "t")).toBe(
      Date.UTC(2024, 2, 8, 13, 30, 0, 250),
    );
    expect(parseCalendarTime("2024-02-29T00:00:00Z", "t")).toBe(Date.UTC(2024, 1, 29));
    for (const bad of [
      "2023-02-29T00:00:00Z",
      "2024-03-08 13:30:00Z",
      "2024-03-08T24:00:00Z",
      "2024-03-08T13:60:00Z",
      "2024-03-08T13:30:00",
      "2024-03-08T13:30:00+25:00",
      "3001-01-01T00:00:00Z",
      "1970-01-01T00:00:00+01:00",
      "",
    ]) {
      expect({ bad, field: refusal(() => parseCalendarTime(bad, "values[2].time")).field }).toEqual(
        { bad, field: "values[2].time" },
      );
    }
    expect(parseCalendarDate("2024-02-01", "p")).toBe("2024-02-01");
    expect(refusal(() => parseCalendarDate("2024-02-30", "p")).field).toBe("p");
    expect(refusal(() => parseCalendarDate("2024-2-1", "p")).field).toBe("p");
  });
});

const COUNTRY = { id: 840, name: "United States", code: "US", currency: "USD" };
const EVENT = {
  id: 1,
  country_id: 840,
  name: "NFP",
  type: "CALENDAR_TYPE_INDICATOR",
  importance: "CALENDAR_IMPORTANCE_HIGH",
};
const value = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  event_id: 1,
  time: new Date(Date.UTC(2024, 0, 1, 12) + (id - 1) * 86_400_000).toISOString(),
  period: "2024-01-01",
  ...extra,
});

describe("reading a load", () => {
  test("defaults and enum numbers", () => {
    const load = readCalendarLoad({ countries: [COUNTRY], events: [EVENT], values: [value(1)] });
    expect(load.mode).toBe("replace");
    expect(load.countries).toEqual([{ ...COUNTRY, currency_symbol: "", url_name: "" }]);
    expect(load.events[0]).toEqual({
      id: 1,
      country_id: 840,
      type: 1,
      sector: 0,
      frequency: 0,
      time_mode: 0,
      unit: 0,
      importance: 3,
      multiplier: 0,
      digits: 0,
      source_url: "",
      event_code: "",
      name: "NFP",
    });
    expect(load.values[0]).toEqual({
      id: 1,
      event_id: 1,
      time_ms: Date.UTC(2024, 0, 1, 12),
      period: "2024-01-01",
      revision: 0,
      actual_value: null,
      prev_value: null,
      revised_prev_value: null,
      forecast_value: null,
      impact_type: 0,
    });
    expect(enumName({ A: 0, B: 1 }, 1)).toBe("B");
  });
});

describe("planning", () => {
  const first = planCalendarLoad(
    EMPTY_CALENDAR,
    readCalendarLoad({ countries: [COUNTRY], events: [EVENT], values: [value(2), value(1)] }),
  );

  test("a first load writes everything under change id 1, values by time", () => {
    expect(first.next.change_id).toBe(1);
    expect(first.next.values.map((v) => [v.id, v.change_id])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(first.upsert.values.length).toBe(2);
    expect(first.remove).toEqual({ countries: [], events: [], values: [] });
  });

  test("merge: only what differs is written; unchanged values keep their change id", () => {
    const plan = planCalendarLoad(
      first.next,
      readCalendarLoad({
        mode: "merge",
        values: [value(1), value(2, { actual_value: 5_000_000 }), value(3)],
      }),
    );
    expect(plan.next.change_id).toBe(2);
    expect(plan.upsert.values.map((v) => [v.id, v.change_id])).toEqual([
      [2, 2],
      [3, 2],
    ]);
    expect(plan.next.values.map((v) => [v.id, v.change_id])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
    ]);
    expect(plan.upsert.countries).toEqual([]);
    expect(plan.upsert.events).toEqual([]);
  });

  test("replace: what the body lacks is deleted; an unchanged replace keeps the change id", () => {
    const empty = planCalendarLoad(first.next, readCalendarLoad({}));
    expect(empty.next).toEqual({ change_id: 2, countries: [], events: [], values: [] });
    expect(empty.remove).toEqual({ countries: [840], events: [1], values: [1, 2] });
    const same = planCalendarLoad(
      first.next,
      readCalendarLoad({ countries: [COUNTRY], events: [EVENT], values: [value(1), value(2)] }),
    );
    expect(same.next.change_id).toBe(1);
    expect(same.upsert).toEqual({ countries: [], events: [], values: [] });
  });

  test("the limits hold for the calendar after the load", () => {
    const full: CalendarData = {
      ...first.next,
      values: Array.from({ length: CALENDAR_LIMITS.values }, (_, i) => ({
        ...first.next.values[0]!,
        id: i + 1,
      })),
    };
    const more = readCalendarLoad({ mode: "merge", values: [value(CALENDAR_LIMITS.values + 1)] });
    expect(refusal(() => planCalendarLoad(full, more))).toEqual({
      field: "values",
      message: `Invalid 'values': the calendar would hold ${CALENDAR_LIMITS.values + 1} values; at most ${CALENDAR_LIMITS.values}`,
    });
    // Updating one of them stays within the limit.
    expect(
      planCalendarLoad(full, readCalendarLoad({ mode: "merge", values: [value(7)] })).next.values
        .length,
    ).toBe(CALENDAR_LIMITS.values);
  });
});
