/**
 * The EA's chart in the runtime (chart.ts): graphical objects and their properties, the chart
 * property table, Comment, the MQL5 error codes of each failure, the changes reported in
 * Outcome.chart (everything on the first dispatch, then deltas) and LoadMeta.chart; and the
 * alerts of notify.ts (Outcome.alerts, SendNotification's frequency limit).
 */

import { describe, expect, test } from "bun:test";
import { barsFromCloses, initEvent, inProcess, type Outcome } from "./harness.ts";

const rates = barsFromCloses([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
const T0 = rates[0]?.time ?? 0;
const H = 3600;

/** Loads `body` as OnTick, runs init, then one tick; the tick's outcome and printed lines. */
async function tick(body: string, meta: Record<string, unknown> = {}, onInit = "") {
  const ea = await inProcess();
  const loaded = ea.load(
    `function OnInit() {\n${onInit}\nreturn 0; }\nfunction OnTick() {\n${body}\n}`,
    meta,
  );
  expect(loaded.error).toBeUndefined();
  const init = ea.dispatch(initEvent(rates));
  expect(init.error).toBeUndefined();
  const out = ea.dispatch({ type: "tick" });
  expect(out.error).toBeUndefined();
  return {
    ea,
    init,
    out,
    lines: out.logs.filter((l) => l.level === "info").map((l) => l.text),
  };
}

describe("MQL5 values", () => {
  test("ENUM_OBJECT, OBJPROP_*, CHART_* and ERR_OBJECT_* as MT5 numbers them", async () => {
    const { lines } = await tick(`
Print(OBJ_VLINE, " ", OBJ_HLINE, " ", OBJ_TREND, " ", OBJ_FIBO, " ", OBJ_RECTANGLE, " ", OBJ_ARROW_BUY, " ", OBJ_ARROW, " ", OBJ_TEXT, " ", OBJ_LABEL, " ", OBJ_BUTTON, " ", OBJ_EDIT, " ", OBJ_ARROWED_LINE, " ", OBJ_RECTANGLE_LABEL);
Print(OBJPROP_COLOR, " ", OBJPROP_STYLE, " ", OBJPROP_WIDTH, " ", OBJPROP_BACK, " ", OBJPROP_TIME, " ", OBJPROP_PRICE, " ", OBJPROP_NAME, " ", OBJPROP_TEXT, " ", OBJPROP_XDISTANCE, " ", OBJPROP_CORNER, " ", OBJPROP_FONTSIZE, " ", OBJPROP_RAY_RIGHT, " ", OBJPROP_LEVELVALUE);
Print(CHART_MODE, " ", CHART_SHIFT, " ", CHART_SHOW_GRID, " ", CHART_COMMENT, " ", CHART_COLOR_BACKGROUND, " ", CHART_SHIFT_SIZE, " ", CHART_WIDTH_IN_PIXELS, " ", CHART_PRICE_MAX, " ", CHART_IS_DOCKED, " ", CHART_SHOW_TICKER);
Print(ERR_OBJECT_ERROR, " ", ERR_OBJECT_NOT_FOUND, " ", ERR_OBJECT_WRONG_PROPERTY, " ", ERR_OBJECT_GETDATE_FAILED, " ", ERR_OBJECT_GETVALUE_FAILED);
Print(STYLE_DOT, " ", ANCHOR_CENTER, " ", CORNER_RIGHT_LOWER, " ", ALIGN_CENTER, " ", CHART_CANDLES, " ", OBJ_ALL_PERIODS, " ", CHARTEVENT_OBJECT_CLICK, " ", EnumToString(OBJ_HLINE, "ENUM_OBJECT"));`);
    expect(lines).toEqual([
      "0 1 2 12 20 31 100 101 102 103 107 108 110",
      "0 1 2 3 8 9 5 6 1012 1026 1002 1004 204",
      "0 2 17 20 21 3 106 109 51 118",
      "4201 4202 4203 4204 4205",
      "2 8 3 2 1 2097151 1 OBJ_HLINE",
    ]);
  });
});

describe("objects", () => {
  test("ObjectCreate keeps the anchor points of each type; the property forms and their errors", async () => {
    const { lines } = await tick(`
const t1 = ${T0 + 2 * H}, t2 = ${T0 + 5 * H};
Print(ObjectCreate(0, "tl", OBJ_TREND, 0, t1, 1.1, t2, 1.2), " ", ObjectCreate(0, "ch", OBJ_CHANNEL, 0, t1, 1, t2, 2, t2, 3), " ", ObjectCreate(ChartID(), "hl", OBJ_HLINE, 0, 0, 1.15));
Print(ObjectGetInteger(0, "tl", OBJPROP_TIME, 1) === t2, " ", ObjectGetDouble(0, "tl", OBJPROP_PRICE, 0), " ", ObjectGetDouble(0, "ch", OBJPROP_PRICE, 2), " ", ObjectGetInteger(0, "tl", OBJPROP_TYPE) === OBJ_TREND, " ", ObjectGetInteger(0, "tl", OBJPROP_CREATETIME) === TimeCurrent());
Print(ObjectGetInteger(0, "tl", OBJPROP_COLOR) === clrRed, " ", ObjectGetInteger(0, "tl", OBJPROP_WIDTH), " ", ObjectGetInteger(0, "tl", OBJPROP_SELECTABLE), " ", ObjectGetInteger(0, "tl", OBJPROP_HIDDEN), " ", ObjectGetString(0, "tl", OBJPROP_NAME));
Print(ObjectSetInteger(0, "tl", OBJPROP_COLOR, clrBlue), " ", ObjectSetInteger(0, "tl", OBJPROP_RAY_RIGHT, 7), " ", ObjectSetString(0, "tl", OBJPROP_TEXT, "support"), " ", ObjectSetDouble(0, "tl", OBJPROP_PRICE, 1, 1.25), " ", ObjectSetInteger(0, "tl", OBJPROP_TIME, 0, t1 + 3600));
const c = { value: 0 }, s = { value: "" }, d = { value: 0 };
Print(ObjectGetInteger(0, "tl", OBJPROP_COLOR, 0, c), " ", c.value === clrBlue, " ", ObjectGetInteger(0, "tl", OBJPROP_RAY_RIGHT), " ", ObjectGetString(0, "tl", OBJPROP_TEXT, 0, s), " ", s.value, " ", ObjectGetDouble(0, "tl", OBJPROP_PRICE, 1, d), " ", d.value, " ", ObjectGetInteger(0, "tl", OBJPROP_TIME, 0) === t1 + 3600);
ResetLastError(); Print(ObjectGetInteger(0, "nope", OBJPROP_COLOR), " ", GetLastError(), " ", ObjectGetInteger(0, "nope", OBJPROP_COLOR, 0, c), " ", ObjectSetInteger(0, "nope", OBJPROP_COLOR, 1), " ", ObjectDelete(0, "nope"), " ", ObjectFind(0, "nope"), " ", GetLastError());
ResetLastError(); Print(ObjectGetDouble(0, "tl", OBJPROP_COLOR), " ", GetLastError(), " ", ObjectSetInteger(0, "tl", OBJPROP_TYPE, OBJ_HLINE), " ", ObjectSetString(0, "tl", 12345, "x"), " ", GetLastError());
ResetLastError(); Print(ObjectGetDouble(0, "tl", OBJPROP_PRICE, 5), " ", GetLastError(), " ", ObjectMove(0, "tl", 2, t1, 1), " ", ObjectSetDouble(0, "hl", OBJPROP_PRICE, 1, 1), " ", GetLastError());
ResetLastError(); Print(ObjectCreate(0, "tl", OBJ_HLINE, 0, 0, 1), " ", GetLastError(), " ", ObjectCreate(0, "", OBJ_HLINE, 0, 0, 1), " ", ObjectCreate(0, "x", OBJ_HLINE, 1, 0, 1), " ", ObjectCreate(0, "x", 999, 0, 0, 1), " ", GetLastError());
ResetLastError(); Print(ObjectCreate(42, "x", OBJ_HLINE, 0, 0, 1), " ", GetLastError(), " ", ObjectsTotal(42), " ", ObjectFind(42, "tl"));
ResetLastError(); Print(ObjectCreate(0, "tl", OBJ_TREND, 0, t1, 1.3), " ", GetLastError(), " ", ObjectGetDouble(0, "tl", OBJPROP_PRICE, 0), " ", ObjectGetDouble(0, "tl", OBJPROP_PRICE, 1), " ", ObjectMove(0, "tl", 1, t2, 1.4), " ", ObjectGetDouble(0, "tl", OBJPROP_PRICE, 1));`);
    expect(lines).toEqual([
      "true true true",
      "true 1.1 3 true true",
      "true 1 0 1 tl",
      "true true true true true",
      "true true 1 true support true 1.25 true",
      "0 4202 false false false -1 4202",
      "0 4203 false false 4203",
      "0 4201 false false 4201",
      "false 4201 false false false 4201",
      "false 4101 -1 -1",
      "true 0 1.3 1.25 true 1.4",
    ]);
  });

  test("every ENUM_OBJECT type is created with MT5's number of anchor points", async () => {
    const { out } = await tick(`
for (const [name, type] of Object.entries(ENUM_OBJECT)) {
  if (!ObjectCreate(0, name, type, 0, ${T0}, 1, ${T0 + H}, 2, ${T0 + 2 * H}, 3, ${T0 + 3 * H}, 4, ${T0 + 4 * H}, 5)) Print("failed ", name);
}
Print(ObjectsTotal(0));`);
    const objects = out.chart?.objects ?? [];
    const points = Object.fromEntries(objects.map((o) => [o.type, o.points.length]));
    expect(points).toMatchObject({
      OBJ_VLINE: 1,
      OBJ_HLINE: 1,
      OBJ_TREND: 2,
      OBJ_CHANNEL: 3,
      OBJ_PITCHFORK: 3,
      OBJ_FIBO: 2,
      OBJ_EXPANSION: 3,
      OBJ_ELLIOTWAVE5: 5,
      OBJ_ELLIOTWAVE3: 3,
      OBJ_RECTANGLE: 2,
      OBJ_TRIANGLE: 3,
      OBJ_ELLIPSE: 3,
      OBJ_ARROW_UP: 1,
      OBJ_TEXT: 1,
      OBJ_LABEL: 1,
      OBJ_RECTANGLE_LABEL: 1,
    });
    expect(objects).toHaveLength(44);
    expect(out.logs.map((l) => l.text)).toEqual(["44"]);
    const fibo = objects.find((o) => o.type === "OBJ_FIBO");
    expect(fibo?.levels?.map((l) => l.value)).toEqual([
      0, 0.236, 0.382, 0.5, 0.618, 1, 1.618, 2.618, 4.236,
    ]);
    const up = objects.find((o) => o.type === "OBJ_ARROW_UP");
    expect(up?.props.arrowcode).toBe(241);
    const label = objects.find((o) => o.type === "OBJ_LABEL");
    expect(label?.props).toMatchObject({ font: "Arial", fontsize: 10, corner: 0, xdistance: 0 });
  });

  test("ObjectName in lexicographic order, ObjectsTotal by type, ObjectsDeleteAll by prefix, window and type", async () => {
    const { lines } = await tick(`
for (const n of ["b2", "B1", "a3", "sig_2", "sig_10"]) ObjectCreate(0, n, n.startsWith("sig") ? OBJ_ARROW_BUY : OBJ_HLINE, 0, 0, 1);
const names = []; for (let i = 0; i < ObjectsTotal(0); i++) names.push(ObjectName(0, i));
Print(names.join(","), " ", ObjectsTotal(0, -1, OBJ_ARROW_BUY), " ", ObjectsTotal(0, 0, OBJ_HLINE), " ", ObjectsTotal(0, 1), " ", ObjectName(0, 0, -1, OBJ_ARROW_BUY), " [", ObjectName(0, 9), "] ", GetLastError());
Print(ObjectsDeleteAll(0, "sig_"), " ", ObjectsTotal(0), " ", ObjectsDeleteAll(0, 0, OBJ_ARROW_BUY), " ", ObjectsDeleteAll(0, "zz"), " ", ObjectFind(0, "a3"), " ", ObjectDelete(0, "a3"), " ", ObjectsDeleteAll(0), " ", ObjectsTotal(0));`);
    expect(lines).toEqual(["B1,a3,b2,sig_10,sig_2 2 3 0 sig_10 [] 4202", "2 3 0 0 0 true 2 0"]);
  });

  test("levels, renaming, line values in bar space", async () => {
    const t1 = T0 + 2 * H;
    const t2 = T0 + 4 * H;
    const { lines } = await tick(`
ObjectCreate(0, "f", OBJ_FIBO, 0, ${t1}, 1, ${t2}, 2);
Print(ObjectGetInteger(0, "f", OBJPROP_LEVELS), " ", ObjectGetDouble(0, "f", OBJPROP_LEVELVALUE, 4), " ", ObjectSetInteger(0, "f", OBJPROP_LEVELS, 2), " ", ObjectSetString(0, "f", OBJPROP_LEVELTEXT, 1, "half"), " ", ObjectGetString(0, "f", OBJPROP_LEVELTEXT, 1), " ", ObjectGetDouble(0, "f", OBJPROP_LEVELVALUE, 4), " ", GetLastError());
ResetLastError(); Print(ObjectSetString(0, "f", OBJPROP_NAME, "fib"), " ", ObjectFind(0, "f"), " ", ObjectFind(0, "fib"), " ", ObjectCreate(0, "x", OBJ_HLINE, 0, 0, 1), " ", ObjectSetString(0, "x", OBJPROP_NAME, "fib"), " ", GetLastError());
ObjectCreate(0, "tl", OBJ_TREND, 0, ${t1}, 1.0, ${t2}, 1.2);
ResetLastError(); Print(ObjectGetValueByTime(0, "tl", ${t1 + 3 * H}).toFixed(4), " ", ObjectGetValueByTime(0, "tl", ${T0 + 9 * H + 2 * H}).toFixed(4), " ", ObjectGetTimeByValue(0, "tl", 1.3) === ${T0 + 5 * H}, " ", ObjectGetValueByTime(0, "x", 0), " ", GetLastError());
ObjectCreate(0, "flat", OBJ_TREND, 0, ${t1}, 1.0, ${t2}, 1.0);
ResetLastError(); Print(ObjectGetTimeByValue(0, "flat", 1.1), " ", GetLastError(), " ", ObjectGetValueByTime(0, "fib", ${t1}), " ", GetLastError());`);
    expect(lines).toEqual([
      "9 0.618 true true half 0 4201",
      "true -1 0 true false 4201",
      "1.3000 1.9000 true 1 0",
      "0 4204 0 4205",
    ]);
  });
});

describe("the chart", () => {
  test("properties: defaults, the two get forms, bool and range checks, read-only ones, CHART_COMMENT", async () => {
    const { lines } = await tick(
      `
const v = { value: -1 };
Print(ChartGetInteger(0, CHART_MODE), " ", ChartGetInteger(0, CHART_SHOW_GRID), " ", ChartGetInteger(0, CHART_COLOR_BACKGROUND) === clrBlack, " ", ChartGetDouble(0, CHART_SHIFT_SIZE), " ", ChartGetInteger(0, CHART_WINDOWS_TOTAL), " ", ChartGetInteger(0, CHART_WIDTH_IN_PIXELS), " ", ChartGetInteger(0, CHART_SCALE));
Print(ChartSetInteger(0, CHART_MODE, CHART_CANDLES), " ", ChartSetInteger(0, CHART_SHOW_GRID, 5), " ", ChartSetInteger(0, CHART_COLOR_BACKGROUND, clrWhite), " ", ChartSetDouble(0, CHART_SHIFT_SIZE, 20), " ", ChartGetInteger(0, CHART_MODE, 0, v), " ", v.value, " ", ChartGetInteger(0, CHART_SHOW_GRID), " ", ChartGetDouble(0, CHART_SHIFT_SIZE));
ResetLastError(); Print(ChartSetInteger(0, CHART_MODE, 7), " ", GetLastError(), " ", ChartSetDouble(0, CHART_SHIFT_SIZE, 80), " ", GetLastError());
ResetLastError(); Print(ChartSetInteger(0, CHART_WIDTH_IN_PIXELS, 10), " ", GetLastError(), " ", ChartSetInteger(0, CHART_SHIFT_SIZE, 10), " ", ChartGetDouble(0, CHART_MODE), " ", GetLastError(), " ", ChartGetInteger(0, CHART_WINDOW_IS_VISIBLE, 1), " ", GetLastError());
ResetLastError(); Print(ChartSetInteger(7, CHART_MODE, 0), " ", GetLastError(), " ", ChartGetInteger(7, CHART_MODE), " ", ChartRedraw(7), " ", GetLastError());
Comment("equity ", 10050.5);
const s = { value: "" };
Print(ChartGetString(0, CHART_COMMENT), " | ", ChartSetString(0, CHART_COMMENT, "via property"), " ", ChartGetString(0, CHART_COMMENT, s), " ", s.value, " | ", ChartGetString(0, CHART_EXPERT_NAME));
Print(ChartGetInteger(0, CHART_VISIBLE_BARS), " ", ChartGetInteger(0, CHART_FIRST_VISIBLE_BAR), " ", ChartGetInteger(0, CHART_WIDTH_IN_BARS), " ", ChartGetDouble(0, CHART_PRICE_MIN), " ", ChartGetDouble(0, CHART_PRICE_MAX), " ", ChartGetDouble(0, CHART_FIXED_MAX));`,
      { programName: "Painter" },
    );
    expect(lines).toEqual([
      "0 1 true 10 1 1280 2",
      "true true true true true 1 1 20",
      "false 4107 false 4107",
      "false 4109 false 0 4109 0 4107",
      "false 4101 0 null 4101",
      "equity 10050.5 | true true via property | Painter",
      "10 9 320 0.5 10.5 10.5",
    ]);
  });

  test("Outcome.chart: everything first, then only what changed; nothing when nothing changed", async () => {
    const ea = await inProcess();
    ea.load(`
function OnInit() {
  ObjectCreate(0, "lbl", OBJ_LABEL, 0, 0, 0);
  ObjectSetString(0, "lbl", OBJPROP_TEXT, "starting");
  ObjectCreate(0, "old", OBJ_VLINE, 0, ${T0}, 0);
  return 0;
}
let n = 0;
function OnTick() {
  n += 1;
  if (n === 1) { ObjectSetString(0, "lbl", OBJPROP_TEXT, "tick"); ObjectDelete(0, "old"); ChartSetInteger(0, CHART_SHOW_GRID, false); Comment("one"); }
  if (n === 2) { ObjectSetString(0, "lbl", OBJPROP_TEXT, "tick"); ChartSetInteger(0, CHART_SHOW_GRID, false); Comment("one"); ChartRedraw(); }
  if (n === 3) { ObjectCreate(0, "tmp", OBJ_HLINE, 0, 0, 1); ObjectDelete(0, "tmp"); ObjectCreate(0, "old", OBJ_HLINE, 0, 0, 1.5); }
}`);
    const init = ea.dispatch(initEvent(rates));
    expect(init.chart?.reset).toBe(true);
    expect(init.chart?.comment).toBe("");
    expect(init.chart?.objects?.map((o) => [o.name, o.type, o.props.text])).toEqual([
      ["lbl", "OBJ_LABEL", "starting"],
      ["old", "OBJ_VLINE", ""],
    ]);
    expect(init.chart?.properties).toMatchObject({ mode: 0, show_grid: 1, scale: 2 });
    const first = ea.dispatch({ type: "tick" }) as Outcome;
    expect(first.chart).toEqual({
      comment: "one",
      objects: [
        expect.objectContaining({ name: "lbl", props: expect.objectContaining({ text: "tick" }) }),
      ],
      deleted: ["old"],
      properties: { show_grid: 0 },
    });
    expect(first.comment).toBe("one");
    const same = ea.dispatch({ type: "tick" });
    expect(same.chart).toBeUndefined();
    const third = ea.dispatch({ type: "tick" });
    expect(third.chart).toEqual({
      objects: [expect.objectContaining({ name: "old", type: "OBJ_HLINE" })],
      deleted: ["tmp"],
    });
  });

  test("LoadMeta.chart: the EA starts on the stored chart; ObjectCreate on an object it finds there moves it", async () => {
    const stored = {
      comment: "kept",
      properties: { mode: 1, color_background: 16777215, bogus: 3, width_in_pixels: 5 },
      objects: [
        {
          name: "line",
          type: "OBJ_HLINE",
          window: 0,
          created: T0,
          points: [{ time: 0, price: 1.2 }],
          props: { color: 255, text: "stop", nonsense: 1, width: "wide" },
        },
        { name: "bad", type: "OBJ_NOPE", window: 0, created: 0, points: [], props: {} },
      ],
    };
    const { init, lines } = await tick(
      `Print(ObjectsTotal(0), " ", ObjectGetString(0, "line", OBJPROP_TEXT), " ", ObjectGetDouble(0, "line", OBJPROP_PRICE), " ", ChartGetInteger(0, CHART_MODE), " ", ChartGetString(0, CHART_COMMENT));`,
      { chart: stored },
      `Print(ObjectCreate(0, "line", OBJ_HLINE, 0, 0, 1.25), " ", GetLastError());`,
    );
    expect(init.logs.map((l) => l.text)).toEqual(["true 0"]);
    expect(lines).toEqual(["1 stop 1.25 1 kept"]);
    expect(init.chart).toMatchObject({ reset: true, comment: "kept" });
    expect(init.chart?.objects).toEqual([
      {
        name: "line",
        type: "OBJ_HLINE",
        window: 0,
        created: T0,
        points: [{ time: 0, price: 1.25 }],
        props: expect.objectContaining({ color: 255, text: "stop", width: 1 }),
      },
    ]);
    expect(init.chart?.properties).toMatchObject({ mode: 1, color_background: 16777215 });
    expect(init.chart?.properties).not.toHaveProperty("bogus");
    expect(init.chart?.properties).not.toHaveProperty("width_in_pixels");
  });

  test("string values are clipped at 4096 characters", async () => {
    const { out } = await tick(
      `ObjectCreate(0, "t", OBJ_TEXT, 0, 0, 1); ObjectSetString(0, "t", OBJPROP_TEXT, "x".repeat(5000)); Comment("y".repeat(5000));`,
    );
    expect(String(out.chart?.objects?.[0]?.props.text).length).toBe(4096);
    expect(out.chart?.comment?.length).toBe(4096);
  });
});

describe("alerts", () => {
  test("Alert, SendNotification and SendMail: log lines and Outcome.alerts; MessageBox only logs", async () => {
    const { out, lines } = await tick(`
Alert("price ", 1.1);
Print(SendNotification("filled"), " ", SendMail("Report", "equity 10050"), " ", MessageBox("sure?"));`);
    expect(lines).toEqual(["true true 0"]);
    expect(out.logs.filter((l) => l.level === "alert").map((l) => l.text)).toEqual([
      "price 1.1",
      "Notification: filled",
      "Mail: Report | equity 10050",
      "MessageBox: sure?",
    ]);
    const time = out.logs[0]?.time ?? 0;
    expect(out.alerts).toEqual([
      { kind: "alert", text: "price 1.1", time },
      { kind: "notification", text: "filled", time },
      { kind: "mail", subject: "Report", text: "equity 10050", time },
    ]);
  });

  test("SendNotification: at most 2 a second and 10 a minute (ERR_NOTIFICATION_TOO_FREQUENT), 255 characters", async () => {
    const ea = await inProcess();
    ea.load(
      `function OnTick() { Print(SendNotification("a".repeat(300)), " ", SendNotification("b"), " ", SendNotification("c"), " ", GetLastError()); }`,
    );
    ea.dispatch(initEvent(rates));
    const t = (rates[rates.length - 1]?.time ?? 0) + 60;
    const at = (s: number) => ea.dispatch({ type: "tick", snapshot: { time: (t + s) * 1000 } });
    const first = at(0);
    expect(first.logs.filter((l) => l.level === "info").map((l) => l.text)).toEqual([
      "true true false 4518",
    ]);
    expect(first.alerts?.[0]?.text).toHaveLength(255);
    expect(first.alerts).toHaveLength(2);
    for (let s = 2; s <= 8; s += 2) {
      at(s);
    }
    // 10 sent within the minute: the next one is refused until the oldest leaves the window.
    expect(at(10).logs.map((l) => l.text)).toContain("false false false 4518");
    expect(at(61).logs.map((l) => l.text)).toContain("true true false 4518");
  });
});
