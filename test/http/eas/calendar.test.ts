// The economic calendar through the real service, EA host pool and database: an MQL5 EA started
// before any load sees an empty calendar (0 countries, 0 values, no error); after a superadmin
// loads one, a new run reads the values the admin loaded (times in server time: UTC+2, +3 under
// US daylight time) and CalendarValueLast's change id; a value published while the EA runs
// (merge) reaches it with its next event.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";
import { until, upload } from "./support.ts";

const READER = `
ulong change = 0;

int OnInit()
  {
   MqlCalendarCountry countries[];
   MqlCalendarEvent events[];
   MqlCalendarValue values[];
   int c = CalendarCountries(countries);
   int e = CalendarEventByCountry("US", events);
   int n = CalendarValueHistory(values, 0, 0);
   Print("calendar countries=", c, " events=", e, " values=", n, " error=", GetLastError());
   for(int i = 0; i < n; i++)
      Print("value ", values[i].id, " ", TimeToString(values[i].time), " ",
            TimeToString(values[i].period, TIME_DATE), " actual=",
            values[i].HasActualValue() ? DoubleToString(values[i].GetActualValue(), 1) : "none",
            " forecast=", DoubleToString(values[i].GetForecastValue(), 1),
            " impact=", EnumToString(values[i].impact_type));
   CalendarValueLast(change, values);
   Print("change ", change);
   EventSetTimer(1);
   return(INIT_SUCCEEDED);
  }

void OnTimer()
  {
   MqlCalendarValue values[];
   int n = CalendarValueLast(change, values, "US");
   for(int i = 0; i < n; i++)
      Print("published ", values[i].id, " actual=", DoubleToString(values[i].GetActualValue(), 1),
            " change=", change);
  }

void OnTick() {}
`;

const CALENDAR = {
  countries: [
    { id: 840, name: "United States", code: "US", currency: "USD", currency_symbol: "$" },
  ],
  events: [
    {
      id: 840030016,
      country_id: 840,
      name: "Nonfarm Payrolls",
      type: "CALENDAR_TYPE_INDICATOR",
      importance: "CALENDAR_IMPORTANCE_HIGH",
      sector: "CALENDAR_SECTOR_JOBS",
      unit: "CALENDAR_UNIT_JOB",
      multiplier: "CALENDAR_MULTIPLIER_THOUSANDS",
    },
  ],
  values: [
    {
      id: 1001,
      event_id: 840030016,
      time: "2024-03-08T13:30:00Z",
      period: "2024-02-01",
      actual_value: 275_000_000,
      forecast_value: 200_000_000,
      impact_type: "CALENDAR_IMPACT_POSITIVE",
    },
    {
      id: 1002,
      event_id: 840030016,
      time: "2024-04-05T12:30:00Z",
      period: "2024-03-01",
      forecast_value: 200_000_000,
    },
  ],
};

const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);
let t: TestApp;
let root: string;
let key: string;
let reader: string;
let account: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { broker: true, brokerClock, ea: true, eaPool: { limits: { hostCallTimeoutMs: 5000 } } },
  );
  root = await t.superToken();
  key = (await t.createKey(root, { max_accounts: 10 })).key;
  const r = await upload(t, { token: root }, "CalendarReader.mq5", READER);
  expect(r.body.data.status).toBe("ready");
  reader = r.body.data.id;
  account = (await t.connectDemoAccount(key)).id;
}, 120_000);
afterAll(() => t.close());

async function logs(): Promise<string[]> {
  const res = await t.request("GET", `/api/accounts/${account}/ea/logs?limit=200`, { key });
  return (res.body.data as { message: string }[]).map((l) => l.message);
}

/** Starts the reader and returns its log lines once `last` was printed. */
async function start(last: RegExp): Promise<string[]> {
  const started = await t.request("POST", `/api/accounts/${account}/ea/start`, {
    key,
    body: { ea_id: reader, symbol: "EURUSD", timeframe: "M1" },
  });
  expect(started.body.data?.status).toBe("running");
  let lines: string[] = [];
  await until(async () => {
    lines = await logs();
    return lines.some((l) => last.test(l));
  }, 20_000);
  return lines;
}

async function stop(): Promise<void> {
  expect((await t.request("POST", `/api/accounts/${account}/ea/stop`, { key })).status).toBe(200);
}

describe("an MQL5 EA reading the calendar the admin loaded", () => {
  test("nothing loaded: no countries, events or values, and no error", async () => {
    const lines = await start(/^change /);
    expect(lines).toContain("calendar countries=0 events=0 values=0 error=0");
    expect(lines).toContain("change 0");
    await stop();
  }, 60_000);

  test("after a load: the admin's values in server time; a value published meanwhile arrives", async () => {
    const loaded = await t.request("PUT", "/admin/calendar", { token: root, body: CALENDAR });
    expect(loaded.status).toBe(200);
    expect(loaded.body.data.change_id).toBe(1);
    const lines = await start(/^change 1$/);
    const run = lines.slice(lines.lastIndexOf("calendar countries=1 events=1 values=2 error=0"));
    expect(run.slice(0, 4)).toEqual([
      "calendar countries=1 events=1 values=2 error=0",
      // 13:30 UTC before US daylight time: server UTC+2; 12:30 UTC after it: UTC+3.
      "value 1001 2024.03.08 15:30 2024.02.01 actual=275.0 forecast=200.0 impact=CALENDAR_IMPACT_POSITIVE",
      "value 1002 2024.04.05 15:30 2024.03.01 actual=none forecast=200.0 impact=CALENDAR_IMPACT_NA",
      "change 1",
    ]);

    const published = await t.request("PUT", "/admin/calendar", {
      token: root,
      body: {
        mode: "merge",
        values: [{ ...CALENDAR.values[1], actual_value: 303_000_000, revision: 1 }],
      },
    });
    expect(published.body.data).toMatchObject({ change_id: 2, changed: { values: 1 } });
    let found: string | undefined;
    await until(async () => {
      found = (await logs()).find((l) => l.startsWith("published "));
      return found !== undefined;
    }, 20_000);
    expect(found).toBe("published 1002 actual=303.0 change=2");
    await stop();
  }, 60_000);
});
