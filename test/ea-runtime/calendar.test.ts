// The MQL5 economic calendar of the EA runtime (calendar.ts), run as compiled MQL5 (and once as
// JavaScript) in the real bundle over a calendar handed over in LoadMeta.calendar: each
// function's answer, the arrays it fills (dynamic, fixed, series), the structs by reference,
// absent values (LONG_MIN, Has*/Get*), the time range and the country/currency filters,
// change_id for CalendarValueLast*, the error codes, a calendar replaced by snapshot.calendar,
// and the empty calendar (no events, no error).
import { describe, expect, test } from "bun:test";
import type { WireCalendar } from "../../ea-runtime/src/runtime/calendar.ts";
import { compile } from "../mql5/support.ts";
import { barsFromCloses, type InProcess, initEvent, inProcess } from "./harness.ts";

/** Server time (s) of `YYYY-MM-DD HH:MM`. */
const st = (text: string): number => Date.parse(`${text.replace(" ", "T")}:00Z`) / 1000;

const NFP = 840030016;
const US_CPI = 840030005;
const ECB_RATE = 999010001;
const DE_CPI = 276010001;

const CALENDAR: WireCalendar = {
  change_id: 2,
  countries: [
    {
      id: 999,
      name: "European Union",
      code: "EU",
      currency: "EUR",
      currency_symbol: "€",
      url_name: "european-union",
    },
    {
      id: 840,
      name: "United States",
      code: "US",
      currency: "USD",
      currency_symbol: "$",
      url_name: "united-states",
    },
    {
      id: 276,
      name: "Germany",
      code: "DE",
      currency: "EUR",
      currency_symbol: "€",
      url_name: "germany",
    },
  ],
  events: [
    {
      id: NFP,
      type: 1,
      sector: 3,
      frequency: 2,
      time_mode: 0,
      country_id: 840,
      unit: 4,
      importance: 3,
      multiplier: 1,
      digits: 0,
      source_url: "https://www.bls.gov",
      event_code: "nonfarm-payrolls",
      name: "Nonfarm Payrolls",
    },
    {
      id: US_CPI,
      type: 1,
      sector: 4,
      frequency: 2,
      time_mode: 0,
      country_id: 840,
      unit: 1,
      importance: 3,
      multiplier: 0,
      digits: 1,
      source_url: "https://www.bls.gov",
      event_code: "cpi-mm",
      name: "CPI m/m",
    },
    {
      id: ECB_RATE,
      type: 1,
      sector: 5,
      frequency: 0,
      time_mode: 0,
      country_id: 999,
      unit: 1,
      importance: 3,
      multiplier: 0,
      digits: 2,
      source_url: "https://www.ecb.europa.eu",
      event_code: "ecb-interest-rate-decision",
      name: "ECB Interest Rate Decision",
    },
    {
      id: DE_CPI,
      type: 1,
      sector: 4,
      frequency: 2,
      time_mode: 0,
      country_id: 276,
      unit: 1,
      importance: 2,
      multiplier: 0,
      digits: 1,
      source_url: "https://www.destatis.de",
      event_code: "cpi-mm",
      name: "CPI m/m",
    },
  ],
  values: [
    {
      id: 1002,
      event_id: NFP,
      time: st("2024-03-08 15:30"),
      period: st("2024-02-01 00:00"),
      revision: 0,
      actual_value: 275_000_000,
      prev_value: 353_000_000,
      revised_prev_value: 229_000_000,
      forecast_value: 200_000_000,
      impact_type: 1,
      change_id: 2,
    },
    {
      id: 1001,
      event_id: NFP,
      time: st("2024-02-02 15:30"),
      period: st("2024-01-01 00:00"),
      revision: 0,
      actual_value: 353_000_000,
      prev_value: 216_000_000,
      revised_prev_value: 333_000_000,
      forecast_value: 180_000_000,
      impact_type: 1,
      change_id: 1,
    },
    {
      id: 1003,
      event_id: NFP,
      time: st("2024-04-05 15:30"),
      period: st("2024-03-01 00:00"),
      revision: 0,
      actual_value: null,
      prev_value: 275_000_000,
      revised_prev_value: null,
      forecast_value: 200_000_000,
      impact_type: 0,
      change_id: 1,
    },
    {
      id: 2001,
      event_id: US_CPI,
      time: st("2024-03-12 14:30"),
      period: st("2024-02-01 00:00"),
      revision: 0,
      actual_value: 400_000,
      prev_value: 300_000,
      revised_prev_value: null,
      forecast_value: 400_000,
      impact_type: 0,
      change_id: 1,
    },
    {
      id: 3001,
      event_id: ECB_RATE,
      time: st("2024-03-07 15:15"),
      period: st("2024-03-07 00:00"),
      revision: 0,
      actual_value: 4_500_000,
      prev_value: 4_500_000,
      revised_prev_value: null,
      forecast_value: 4_500_000,
      impact_type: 0,
      change_id: 2,
    },
    {
      id: 4001,
      event_id: DE_CPI,
      time: st("2024-03-12 09:00"),
      period: st("2024-02-01 00:00"),
      revision: 1,
      actual_value: 400_000,
      prev_value: 200_000,
      revised_prev_value: null,
      forecast_value: 400_000,
      impact_type: 2,
      change_id: 1,
    },
  ],
};

interface CalendarRun {
  rt: InProcess;
  printed: string[];
  /** Dispatches a tick with `snapshot` and returns the lines it printed. */
  tick(snapshot?: Record<string, unknown>): string[];
}

/** Compiles an EA (OnInit = `init`, OnTick = `tick`), loads it with `calendar`, runs OnInit. */
async function runEa(
  init: string,
  opts: { tick?: string; globals?: string; calendar?: unknown } = {},
): Promise<CalendarRun> {
  const src = `${opts.globals ?? ""}
int OnInit() {
${init}
return INIT_SUCCEEDED;
}
void OnTick() {
${opts.tick ?? ""}
}
`;
  const c = compile(src);
  if (!c.ok) {
    throw new Error(`compile failed:\n${c.error}`);
  }
  const rt = await inProcess();
  const printed: string[] = [];
  const collect = (o: { ok: boolean; logs: { level: string; text: string }[] }): string[] => {
    const lines = o.logs.map((l) => (l.level === "info" ? l.text : `[${l.level}] ${l.text}`));
    printed.push(...lines);
    return lines;
  };
  const meta = opts.calendar !== undefined ? { calendar: opts.calendar } : {};
  const loaded = rt.load(c.js, meta);
  if (!loaded.ok) {
    throw new Error(`load failed: ${loaded.error?.message}`);
  }
  const first = rt.dispatch(initEvent(barsFromCloses([1.1, 1.2, 1.3])));
  collect(first);
  if (!first.ok) {
    throw new Error(`OnInit failed: ${first.error?.message}\n${printed.join("\n")}`);
  }
  return {
    rt,
    printed,
    tick: (snapshot = {}) => {
      const o = rt.dispatch({ type: "tick", snapshot });
      if (!o.ok) {
        throw new Error(`OnTick failed: ${o.error?.message}`);
      }
      return collect(o);
    },
  };
}

/** The lines OnInit prints with the test calendar (or `calendar`; null: none at all). */
async function printed(
  body: string,
  calendar: unknown = CALENDAR,
  globals = "",
): Promise<string[]> {
  return (await runEa(body, { globals, ...(calendar !== null ? { calendar } : {}) })).printed;
}

/** Prints one value per line: id event time actual (or "none") forecast. */
const PRINT_VALUES = `
void PrintValues(MqlCalendarValue &v[], int n)
  {
   for(int i = 0; i < n; i++)
      Print(v[i].id, " ", TimeToString(v[i].time), " ",
            v[i].HasActualValue() ? DoubleToString(v[i].GetActualValue(), 1) : "none", " ",
            DoubleToString(v[i].GetForecastValue(), 1));
  }
`;

describe("countries and events", () => {
  test("CalendarCountries fills the array by id; CalendarCountryById fills the struct", async () => {
    expect(
      await printed(`
      MqlCalendarCountry all[];
      int n = CalendarCountries(all);
      Print(n, " ", ArraySize(all), " ", GetLastError());
      for(int i = 0; i < n; i++)
         Print(all[i].id, " ", all[i].code, " ", all[i].name, " ", all[i].currency, " ",
               all[i].currency_symbol, " ", all[i].url_name);
      MqlCalendarCountry c;
      ResetLastError();
      Print(CalendarCountryById(840, c), " ", c.name, " ", GetLastError());
      Print(CalendarCountryById(392, c), " ", c.name, " ", GetLastError());
    `),
    ).toEqual([
      "3 3 0",
      "276 DE Germany EUR € germany",
      "840 US United States USD $ united-states",
      "999 EU European Union EUR € european-union",
      "true United States 0",
      "false United States 5402",
    ]);
  });

  test("CalendarEventById, EnumToString of its enums; an unknown id fails with 5402", async () => {
    expect(
      await printed(`
      MqlCalendarEvent e;
      Print(CalendarEventById(${NFP}, e), " ", e.id, " ", e.name, " ", e.event_code, " ",
            e.country_id, " ", e.digits, " ", e.source_url);
      Print(EnumToString(e.type), " ", EnumToString(e.sector), " ", EnumToString(e.frequency), " ",
            EnumToString(e.time_mode), " ", EnumToString(e.unit), " ",
            EnumToString(e.importance), " ", EnumToString(e.multiplier));
      Print(e.importance == CALENDAR_IMPORTANCE_HIGH, " ", (int)CALENDAR_UNIT_JOB, " ",
            (int)CALENDAR_MULTIPLIER_THOUSANDS, " ", (int)CALENDAR_SECTOR_HOLIDAYS);
      ResetLastError();
      Print(CalendarEventById(1, e), " ", GetLastError(), " ", e.id);
    `),
    ).toEqual([
      `true ${NFP} Nonfarm Payrolls nonfarm-payrolls 840 0 https://www.bls.gov`,
      "CALENDAR_TYPE_INDICATOR CALENDAR_SECTOR_JOBS CALENDAR_FREQUENCY_MONTH CALENDAR_TIMEMODE_DATETIME CALENDAR_UNIT_JOB CALENDAR_IMPORTANCE_HIGH CALENDAR_MULTIPLIER_THOUSANDS",
      "true 4 1 12",
      `false 5402 ${NFP}`,
    ]);
  });

  test('CalendarEventByCountry: by code, all for NULL or "", 4001 for a code the calendar lacks', async () => {
    expect(
      await printed(`
      MqlCalendarEvent e[];
      int n = CalendarEventByCountry("US", e);
      Print(n, " ", e[0].id, " ", e[1].id, " ", GetLastError());
      Print(CalendarEventByCountry("EU", e), " ", e[0].name);
      Print(CalendarEventByCountry(NULL, e), " ", CalendarEventByCountry("", e), " ", ArraySize(e));
      ResetLastError();
      Print(CalendarEventByCountry("JP", e), " ", GetLastError());
    `),
    ).toEqual([`2 ${US_CPI} ${NFP} 0`, "1 ECB Interest Rate Decision", "4 4 4", "0 4001"]);
  });

  test("CalendarEventByCurrency: the events of the currency's countries; none for another", async () => {
    expect(
      await printed(`
      MqlCalendarEvent e[];
      int n = CalendarEventByCurrency("EUR", e);
      Print(n, " ", e[0].id, " ", e[1].id);
      ResetLastError();
      Print(CalendarEventByCurrency("JPY", e), " ", ArraySize(e), " ", GetLastError());
      Print(CalendarEventByCurrency("", e));
    `),
    ).toEqual([`2 ${DE_CPI} ${ECB_RATE}`, "0 0 0", "4"]);
  });
});

describe("values", () => {
  test("CalendarValueById: the scaled fields, LONG_MIN for an absent value, Has*/Get*", async () => {
    expect(
      await printed(`
      MqlCalendarValue v;
      Print(CalendarValueById(1002, v), " ", v.event_id, " ", TimeToString(v.time), " ",
            TimeToString(v.period, TIME_DATE), " ", v.revision, " ", EnumToString(v.impact_type));
      Print(v.actual_value, " ", v.prev_value, " ", v.revised_prev_value, " ", v.forecast_value);
      Print(v.GetActualValue(), " ", v.GetPreviousValue(), " ", v.GetRevisedValue(), " ", v.GetForecastValue());
      Print(CalendarValueById(1003, v), " ", v.actual_value, " ", v.actual_value == LONG_MIN, " ",
            v.HasActualValue(), " ", v.HasPreviousValue(), " ", v.HasRevisedValue(), " ",
            v.HasForecastValue(), " ", MathIsValidNumber(v.GetActualValue()), " ",
            v.GetPreviousValue());
      long a = v.revised_prev_value;
      Print(a == LONG_MIN, " ", a);
      ResetLastError();
      Print(CalendarValueById(5, v), " ", GetLastError(), " ", v.id);
    `),
    ).toEqual([
      `true ${NFP} 2024.03.08 15:30 2024.02.01 0 CALENDAR_IMPACT_POSITIVE`,
      "275000000 353000000 229000000 200000000",
      "275.0 353.0 229.0 200.0",
      "true -9223372036854775808 true false true false true false 275.0",
      "true -9223372036854775808",
      "false 5402 1003",
    ]);
  });

  test("CalendarValueHistory: from <= time < to, by time; to 0 = open; country and currency filters", async () => {
    expect(
      await printed(
        `
      MqlCalendarValue v[];
      int n = CalendarValueHistory(v, 0, 0);
      Print("all ", n, " ", GetLastError());
      PrintValues(v, n);
      n = CalendarValueHistory(v, D'2024.03.07 15:15', D'2024.03.12 14:30');
      Print("range ", n);
      PrintValues(v, n);
      Print("US ", CalendarValueHistory(v, D'2024.03.07 15:15', D'2024.03.12 14:30', "US"), " ", v[0].id);
      n = CalendarValueHistory(v, D'2024.03.07', 0, NULL, "EUR");
      Print("EUR ", n, " ", v[0].id, " ", v[1].id);
      Print("DE+EUR ", CalendarValueHistory(v, 0, 0, "DE", "EUR"), " ", v[0].id);
      Print("US+EUR ", CalendarValueHistory(v, 0, 0, "US", "EUR"), " ", ArraySize(v));
      Print("from ", CalendarValueHistory(v, D'2024.03.12 14:30'), " ", v[0].id, " ", v[1].id);
      Print("to<=from ", CalendarValueHistory(v, D'2024.03.12', D'2024.03.01'), " ",
            CalendarValueHistory(v, D'2024.03.12', D'2024.03.12'), " ", GetLastError());
    `,
        CALENDAR,
        PRINT_VALUES,
      ),
    ).toEqual([
      "all 6 0",
      "1001 2024.02.02 15:30 353.0 180.0",
      "3001 2024.03.07 15:15 4.5 4.5",
      "1002 2024.03.08 15:30 275.0 200.0",
      "4001 2024.03.12 09:00 0.4 0.4",
      "2001 2024.03.12 14:30 0.4 0.4",
      "1003 2024.04.05 15:30 none 200.0",
      "range 3",
      "3001 2024.03.07 15:15 4.5 4.5",
      "1002 2024.03.08 15:30 275.0 200.0",
      "4001 2024.03.12 09:00 0.4 0.4",
      "US 1 1002",
      "EUR 2 3001 4001",
      "DE+EUR 1 4001",
      "US+EUR 0 0",
      "from 2 2001 1003",
      "to<=from 0 0 0",
    ]);
  });

  test("CalendarValueHistoryByEvent: one event's values in the range; none for an unknown event", async () => {
    expect(
      await printed(`
      MqlCalendarValue v[];
      Print(CalendarValueHistoryByEvent(${NFP}, v, 0), " ", v[0].id, " ", v[1].id, " ", v[2].id);
      Print(CalendarValueHistoryByEvent(${NFP}, v, D'2024.02.02 15:31', D'2024.04.05 15:30'), " ", v[0].id);
      ResetLastError();
      Print(CalendarValueHistoryByEvent(12345, v, 0), " ", ArraySize(v), " ", GetLastError());
    `),
    ).toEqual(["3 1001 1002 1003", "1 1002", "0 0 0"]);
  });

  test("a fixed array gets what fits and ERR_CALENDAR_MORE_DATA; a series array newest first", async () => {
    expect(
      await printed(`
      MqlCalendarValue fixed[2];
      int n = CalendarValueHistory(fixed, 0, 0);
      Print(n, " ", GetLastError(), " ", fixed[0].id, " ", fixed[1].id, " ", ERR_CALENDAR_MORE_DATA);
      MqlCalendarEvent few[1];
      ResetLastError();
      Print(CalendarEventByCountry("US", few), " ", GetLastError(), " ", few[0].id);
      MqlCalendarValue s[];
      ArraySetAsSeries(s, true);
      ResetLastError();
      Print(CalendarValueHistoryByEvent(${NFP}, s, 0), " ", s[0].id, " ", s[2].id, " ", GetLastError());
    `),
    ).toEqual([`2 5400 1001 3001 5400`, `1 5400 ${US_CPI}`, "3 1003 1001 0"]);
  });

  test("ArrayPrint shows an absent value as LONG_MIN", async () => {
    const lines = await printed(`
      MqlCalendarValue v[];
      CalendarValueHistoryByEvent(${NFP}, v, D'2024.04.01');
      ArrayPrint(v);
    `);
    expect(lines.join("\n")).toContain("-9223372036854775808");
    expect(lines.join("\n")).toContain("2024.04.05 15:30:00");
  });
});

describe("change ids", () => {
  test("CalendarValueLast: 0 gives the current id; then the values changed since; filters", async () => {
    expect(
      await printed(`
      MqlCalendarValue v[];
      ulong change = 0;
      Print(CalendarValueLast(change, v), " ", change, " ", ArraySize(v), " ", GetLastError());
      change = 1;
      int n = CalendarValueLast(change, v);
      Print(n, " ", change, " ", v[0].id, " ", v[1].id);
      change = 1;
      Print(CalendarValueLast(change, v, "US"), " ", v[0].id, " ", CalendarValueLast(change, v));
      change = 1;
      Print(CalendarValueLast(change, v, NULL, "EUR"), " ", v[0].id);
      change = 1;
      Print(CalendarValueLastByEvent(${NFP}, change, v), " ", v[0].id, " ", change);
      Print(CalendarValueLastByEvent(${NFP}, change, v), " ", ArraySize(v));
      change = 0;
      Print(CalendarValueLastByEvent(${NFP}, change, v), " ", change);
    `),
    ).toEqual(["0 2 0 0", "2 2 3001 1002", "1 1002 0", "1 3001", "1 1002 2", "0 0", "0 2"]);
  });

  test("a calendar in snapshot.calendar replaces the one held: the next CalendarValueLast sees the change", async () => {
    const r = await runEa(
      `
      MqlCalendarValue v[];
      CalendarValueLast(change, v);
      Print("init change ", change);
    `,
      {
        globals: "ulong change = 0;",
        tick: `
      MqlCalendarValue v[];
      int n = CalendarValueLast(change, v);
      Print("tick ", n, " ", change);
      for(int i = 0; i < n; i++)
         Print(v[i].id, " ", v[i].GetActualValue(), " ", v[i].revision);
    `,
        calendar: CALENDAR,
      },
    );
    expect(r.printed).toEqual(["init change 2"]);
    expect(r.tick()).toEqual(["tick 0 2"]);
    const published = {
      ...CALENDAR,
      change_id: 3,
      values: CALENDAR.values.map((v) =>
        v.id === 1003 ? { ...v, actual_value: 303_000_000, revision: 1, change_id: 3 } : v,
      ),
    };
    expect(r.tick({ calendar: published })).toEqual(["tick 1 3", "1003 303.0 1"]);
    expect(r.tick()).toEqual(["tick 0 3"]);
  });
});

describe("the empty calendar", () => {
  test("nothing loaded: every list is empty without an error; by id fails with 5402", async () => {
    const body = `
      MqlCalendarCountry c[];
      MqlCalendarEvent e[];
      MqlCalendarValue v[];
      ulong change = 0;
      Print(CalendarCountries(c), " ", CalendarEventByCountry("US", e), " ",
            CalendarEventByCurrency("USD", e), " ", CalendarValueHistory(v, 0, 0), " ",
            CalendarValueHistory(v, D'2024.01.01', 0, "US"), " ",
            CalendarValueHistoryByEvent(${NFP}, v, 0), " ", CalendarValueLast(change, v), " ",
            change, " ", GetLastError());
      change = 5;
      Print(CalendarValueLast(change, v), " ", change, " ", CalendarValueLastByEvent(1, change, v), " ", GetLastError());
      MqlCalendarValue one;
      Print(CalendarValueById(1002, one), " ", GetLastError());
    `;
    const expected = ["0 0 0 0 0 0 0 0 0", "0 0 0 0", "false 5402"];
    expect(await printed(body, null)).toEqual(expected);
    expect(await printed(body, { change_id: 0, countries: [], events: [], values: [] })).toEqual(
      expected,
    );
  });
});

describe("JavaScript EAs", () => {
  test("the same functions and structs; change_id as a { value } holder", async () => {
    const rt = await inProcess();
    const program = `
function OnInit() {
  const v = new MqlCalendarValue();
  Print(CalendarValueById(1003, v), " ", v.HasActualValue(), " ", v.GetForecastValue(), " ", typeof v.actual_value);
  const all = [];
  Print(CalendarValueHistory(all, 0), " ", all[0] instanceof MqlCalendarValue, " ", all[5].id);
  const change = { value: 0 };
  Print(CalendarValueLast(change, all), " ", change.value, " ", CalendarValueLast({ value: 1 }, all, "US"));
  const c = new MqlCalendarCountry();
  Print(CalendarCountryById(999, c), " ", c.code, " ", CALENDAR_IMPORTANCE_MODERATE);
  return INIT_SUCCEEDED;
}
`;
    expect(rt.load(program, { calendar: CALENDAR }).ok).toBe(true);
    const o = rt.dispatch(initEvent(barsFromCloses([1.1, 1.2])));
    expect(o.logs.map((l) => l.text)).toEqual([
      "true false 200 bigint",
      "6 true 1003",
      "0 2 1",
      "true EU 2",
    ]);
  });
});
