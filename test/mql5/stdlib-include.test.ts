// The rest of the Standard Library include tree, written as MQL5 under
// ea-runtime/src/mql5/include: the graphical object classes (ChartObjects/*), CChart
// (Charts/Chart.mqh), CTerminalInfo (Trade/TerminalInfo.mqh), CDateTime (Tools/DateTime.mqh), the
// moving averages (MovingAverages.mqh) and the file classes (Files/File.mqh, FileTxt.mqh,
// FileBin.mqh). Small programs compiled with the real headers and run in the EA runtime: objects
// made through the classes are checked with ObjectFind/ObjectGet*, chart properties with
// ChartGet*, dates and averages against values computed by hand, files by reading back what was
// written.
import { describe, expect, test } from "bun:test";
import { printedBy, run } from "./support.ts";

const T1 = "D'2025.11.24 10:00'";
const T2 = "D'2025.11.25 10:00'";
const T3 = "D'2025.11.26 10:00'";

describe("CChartObject", () => {
  test("unbound answers, Attach, Name, common properties seen by ObjectGet*", async () => {
    const lines = await printedBy(
      `CChartObject o;
       Print(o.ChartId(), " ", o.Window(), " ", o.Name() == NULL, " ", o.NumPoints(), " ", o.Type() == 0x8888);
       Print(o.Color(), " ", o.Style(), " ", o.Width(), " ", o.Background(), " ", o.Selected(), " ", o.Z_Order(), " ", o.Description() == "", " ", o.Time(0), " ", o.Price(0) == EMPTY_VALUE, " ", o.LevelsCount());
       Print(o.Color(clrBlue), " ", o.Description("x"), " ", o.SetPoint(0, 0, 1.0), " ", o.Name("y"), " ", o.Delete());
       ObjectCreate(0, "tl", OBJ_TREND, 0, ${T1}, 1.1, ${T2}, 1.2);
       Print(o.Attach(0, "none", 0, 2), " ", o.ChartId());
       Print(o.Attach(0, "tl", 0, 2), " ", o.ChartId() == ChartID(), " ", o.Window(), " ", o.Name(), " ", o.NumPoints());
       Print(o.Color(), " ", o.Style(), " ", o.Width(), " ", o.Hidden(), " ", o.Selectable(), " ", o.Timeframes() == OBJ_ALL_PERIODS, " ", o.CreateTime() == (datetime)ObjectGetInteger(0, "tl", OBJPROP_CREATETIME));
       Print(o.Color(clrBlue), o.Style(STYLE_DASHDOT), o.Width(3), o.Background(true), o.Fill(true), o.Selected(true), o.Selectable(true), o.Hidden(false), o.Z_Order(7), o.Description("up"), o.Tooltip("tip"), o.Timeframes(OBJ_PERIOD_H1 | OBJ_PERIOD_D1));
       Print(ObjectGetInteger(0, "tl", OBJPROP_COLOR) == clrBlue, " ", ObjectGetInteger(0, "tl", OBJPROP_STYLE), " ", ObjectGetInteger(0, "tl", OBJPROP_WIDTH), " ", ObjectGetInteger(0, "tl", OBJPROP_BACK), " ", ObjectGetInteger(0, "tl", OBJPROP_FILL), " ", ObjectGetInteger(0, "tl", OBJPROP_SELECTED), " ", ObjectGetInteger(0, "tl", OBJPROP_SELECTABLE), " ", ObjectGetInteger(0, "tl", OBJPROP_HIDDEN), " ", ObjectGetInteger(0, "tl", OBJPROP_ZORDER), " ", ObjectGetString(0, "tl", OBJPROP_TEXT), " ", ObjectGetString(0, "tl", OBJPROP_TOOLTIP), " ", ObjectGetInteger(0, "tl", OBJPROP_TIMEFRAMES) == (OBJ_PERIOD_H1 | OBJ_PERIOD_D1));
       Print(o.Color() == clrBlue, " ", o.Style() == STYLE_DASHDOT, " ", o.Width(), " ", o.Background(), " ", o.Fill(), " ", o.Selected(), " ", o.Selectable(), " ", o.Hidden(), " ", o.Z_Order(), " ", o.Description(), " ", o.Tooltip());
       ObjectCreate(0, "other", OBJ_HLINE, 0, 0, 1.0);
       Print(o.Name("other"), " ", o.Name(), " ", o.Name("tl2"), " ", o.Name(), " ", ObjectFind(0, "tl"), " ", ObjectFind(0, "tl2"), " ", ObjectGetInteger(0, "tl2", OBJPROP_WIDTH));`,
      "#include <ChartObjects/ChartObject.mqh>",
    );
    expect(lines).toEqual([
      "-1 -1 true 0 true",
      "clrNONE -1 -1 false false 0 true 1970.01.01 00:00:00 true 0",
      "false false false false false",
      "false -1",
      "true true 0 tl 2",
      "clrRed 0 1 true false true true",
      "truetruetruetruetruetruetruetruetruetruetruetrue",
      "true 3 3 1 1 1 1 0 7 up tip true",
      "true true 3 true true true true false 7 up tip",
      "false tl true tl2 -1 0 3",
    ]);
  });

  test("anchor points: Time, Price, SetPoint, ShiftPoint, ShiftObject, out-of-range points", async () => {
    const lines = await printedBy(
      `CChartObject o;
       ObjectCreate(0, "r", OBJ_RECTANGLE, 0, ${T1}, 1.1, ${T2}, 1.2);
       o.Attach(0, "r", 0, 2);
       Print(o.Time(0), " ", o.Price(0), " ", o.Time(1), " ", o.Price(1), " ", o.Time(2), " ", o.Price(-1) == EMPTY_VALUE);
       Print(o.Time(1, ${T3}), " ", o.Price(0, 1.05), " ", o.Time(2, ${T3}), " ", o.Price(2, 1.0), " ", o.SetPoint(2, 0, 0), " ", o.SetPoint(0, ${T2}, 1.15));
       Print((datetime)ObjectGetInteger(0, "r", OBJPROP_TIME, 0), " ", ObjectGetDouble(0, "r", OBJPROP_PRICE, 0), " ", (datetime)ObjectGetInteger(0, "r", OBJPROP_TIME, 1), " ", ObjectGetDouble(0, "r", OBJPROP_PRICE, 1));
       Print(o.ShiftPoint(1, -3600, 0.25), " ", o.ShiftPoint(2, 0, 0), " ", o.Time(1), " ", o.Price(1));
       Print(o.ShiftObject(86400, -0.5), " ", o.Time(0), " ", o.Price(0), " ", o.Time(1), " ", o.Price(1));`,
      "#include <ChartObjects/ChartObject.mqh>",
    );
    expect(lines).toEqual([
      "2025.11.24 10:00:00 1.1 2025.11.25 10:00:00 1.2 1970.01.01 00:00:00 true",
      "true true false false false true",
      "2025.11.25 10:00:00 1.15 2025.11.26 10:00:00 1.2",
      "true false 2025.11.26 09:00:00 1.45",
      "true 2025.11.26 10:00:00 0.6499999999999999 2025.11.27 09:00:00 0.95",
    ]);
  });

  test("levels, the Get/Set* forms with modifiers, Delete, Detach and the destructor", async () => {
    const lines = await printedBy(
      `CChartObject o;
       ObjectCreate(0, "fib", OBJ_FIBO, 0, ${T1}, 1.0, ${T2}, 2.0);
       o.Attach(0, "fib", 0, 2);
       Print(o.LevelsCount(), " ", o.LevelValue(2), " ", o.LevelsCount(3), " ", o.LevelsCount(), " ", ObjectGetInteger(0, "fib", OBJPROP_LEVELS));
       Print(o.LevelValue(1, 0.75), o.LevelColor(1, clrYellow), o.LevelStyle(1, STYLE_DOT), o.LevelWidth(1, 2), o.LevelDescription(1, "three quarters"), " ", o.LevelValue(5, 1.0));
       Print(ObjectGetDouble(0, "fib", OBJPROP_LEVELVALUE, 1), " ", ObjectGetInteger(0, "fib", OBJPROP_LEVELCOLOR, 1) == clrYellow, " ", ObjectGetInteger(0, "fib", OBJPROP_LEVELSTYLE, 1), " ", ObjectGetInteger(0, "fib", OBJPROP_LEVELWIDTH, 1), " ", ObjectGetString(0, "fib", OBJPROP_LEVELTEXT, 1));
       Print(o.LevelValue(1), " ", o.LevelColor(1) == clrYellow, " ", o.LevelStyle(1) == STYLE_DOT, " ", o.LevelWidth(1), " ", o.LevelDescription(1));
       long v = 0;
       double d = 0;
       string s = "";
       Print(o.GetInteger(OBJPROP_TYPE) == OBJ_FIBO, " ", o.GetInteger(OBJPROP_TIME, 1) == ${T2}, " ", o.GetInteger(OBJPROP_WIDTH, 0, v), " ", v, " ", o.GetDouble(OBJPROP_PRICE, 1), " ", o.GetDouble(OBJPROP_LEVELVALUE, 0, d), " ", d, " ", o.GetString(OBJPROP_LEVELTEXT, 1), " ", o.GetString(OBJPROP_NAME, 0, s), " ", s);
       Print(o.SetInteger(OBJPROP_WIDTH, 4), o.SetInteger(OBJPROP_LEVELWIDTH, 0, 5), o.SetDouble(OBJPROP_PRICE, 1, 2.5), o.SetDouble(OBJPROP_SCALE, 3.0), o.SetString(OBJPROP_TEXT, "fibo"), o.SetString(OBJPROP_LEVELTEXT, 2, "top"), " ", o.SetInteger(OBJPROP_TYPE, 1));
       Print(ObjectGetInteger(0, "fib", OBJPROP_WIDTH), " ", ObjectGetInteger(0, "fib", OBJPROP_LEVELWIDTH, 0), " ", ObjectGetDouble(0, "fib", OBJPROP_PRICE, 1), " ", ObjectGetDouble(0, "fib", OBJPROP_SCALE), " ", ObjectGetString(0, "fib", OBJPROP_TEXT), " ", ObjectGetString(0, "fib", OBJPROP_LEVELTEXT, 2));
       Print(o.Delete(), " ", ObjectFind(0, "fib"), " ", o.ChartId(), " ", o.Name() == NULL, " ", o.NumPoints(), " ", o.Delete());
       ObjectCreate(0, "a", OBJ_VLINE, 0, ${T1}, 0);
       ObjectCreate(0, "b", OBJ_VLINE, 0, ${T1}, 0);
       CChartObject *pa = new CChartObject;
       CChartObject *pb = new CChartObject;
       pa.Attach(0, "a", 0, 1);
       pb.Attach(0, "b", 0, 1);
       pb.Detach();
       delete pa;
       delete pb;
       Print(ObjectFind(0, "a"), " ", ObjectFind(0, "b"));`,
      "#include <ChartObjects/ChartObject.mqh>",
    );
    expect(lines).toEqual([
      "9 0.382 true 3 3",
      "truetruetruetruetrue false",
      "0.75 true 2 2 three quarters",
      "0.75 true true 2 three quarters",
      "true true true 1 2.0 true 0.0 three quarters true fib",
      "truetruetruetruetruetrue false",
      "4 5 2.5 3.0 fibo top",
      "true -1 -1 true 0 false",
      "-1 0",
    ]);
  });
  test("a global object deletes its chart object when the program ends, unless detached", async () => {
    const r = await run(
      `#include <ChartObjects/ChartObjectsTxtControls.mqh>
CChartObjectLabel g_label;
CChartObjectLabel g_kept;
int OnInit()
  {
   g_label.Create(0, "status", 0, 5, 5);
   g_kept.Create(0, "kept", 0, 5, 25);
   g_kept.Detach();
   return(INIT_SUCCEEDED);
  }
void OnTick() {}
void OnDeinit(const int reason) { Print(ObjectsTotal(0)); }
`,
    );
    expect(r.init.chart?.objects?.map((o) => o.name)).toEqual(["kept", "status"]);
    const end = r.dispatch({ type: "deinit", reason: 1 });
    expect(r.printed).toEqual(["2"]);
    expect(end.chart).toEqual({ deleted: ["status"] });
  });
});

describe("ChartObjectsLines.mqh", () => {
  test("vertical, horizontal, trend, by angle, cycles, arrowed line", async () => {
    const lines = await printedBy(
      `CChartObjectVLine v;
       CChartObjectHLine h;
       CChartObjectTrend t;
       CChartObjectTrendByAngle a;
       CChartObjectCycles c;
       CChartObjectArrowedLine al;
       Print(v.Create(0, "v", 0, ${T1}), h.Create(0, "h", 0, 1.25), t.Create(0, "t", 0, ${T1}, 1.0, ${T2}, 1.5), a.Create(0, "a", 0, ${T1}, 1.0, ${T3}, 2.0), c.Create(0, "c", 0, ${T1}, 0, ${T2}, 0), al.Create(0, "al", 0, ${T2}, 1.0, ${T3}, 1.1));
       Print(ObjectGetInteger(0, "v", OBJPROP_TYPE) == OBJ_VLINE, ObjectGetInteger(0, "h", OBJPROP_TYPE) == OBJ_HLINE, ObjectGetInteger(0, "t", OBJPROP_TYPE) == OBJ_TREND, ObjectGetInteger(0, "a", OBJPROP_TYPE) == OBJ_TRENDBYANGLE, ObjectGetInteger(0, "c", OBJPROP_TYPE) == OBJ_CYCLES, ObjectGetInteger(0, "al", OBJPROP_TYPE) == OBJ_ARROWED_LINE);
       Print(v.Type() == OBJ_VLINE, h.Type() == OBJ_HLINE, t.Type() == OBJ_TREND, a.Type() == OBJ_TRENDBYANGLE, c.Type() == OBJ_CYCLES, al.Type() == OBJ_ARROWED_LINE, " ", v.NumPoints(), h.NumPoints(), t.NumPoints(), a.NumPoints(), c.NumPoints(), al.NumPoints());
       Print(v.Time(0), " ", h.Price(0), " ", t.Price(1), " ", (datetime)ObjectGetInteger(0, "t", OBJPROP_TIME, 1), " ", al.Time(1));
       Print(t.RayLeft(), " ", t.RayRight(), " ", t.RayLeft(true), " ", t.RayRight(true), " ", ObjectGetInteger(0, "t", OBJPROP_RAY_LEFT), " ", ObjectGetInteger(0, "t", OBJPROP_RAY_RIGHT), " ", t.RayLeft(), " ", al.RayRight());
       Print(a.Angle(30.0), " ", a.Angle(), " ", ObjectGetDouble(0, "a", OBJPROP_ANGLE));
       Print(h.Create(0, "t", 0, 1.0), " ", h.Name(), " ", t.Create(0, "t", 0, ${T2}, 3.0, ${T3}, 4.0), " ", t.Price(0), " ", ObjectsTotal(0));
       CChartObjectHLine bad;
       Print(bad.Create(0, "t", 0, 1.0), " ", bad.ChartId(), " ", bad.Create(1, "x", 0, 1.0), " ", ObjectFind(0, "x"));`,
      "#include <ChartObjects/ChartObjectsLines.mqh>",
    );
    expect(lines).toEqual([
      "truetruetruetruetruetrue",
      "truetruetruetruetruetrue",
      "truetruetruetruetruetrue 112222",
      "2025.11.24 10:00:00 1.25 1.5 2025.11.25 10:00:00 2025.11.26 10:00:00",
      "false false true true 1 1 true false",
      "true 30.0 30.0",
      "false h true 3.0 6",
      "false -1 false -1",
    ]);
  });
});

describe("ChartObjectsTxtControls.mqh", () => {
  test("text and label", async () => {
    const lines = await printedBy(
      `CChartObjectText t;
       Print(t.Create(0, "txt", 0, ${T2}, 1.5), " ", ObjectGetInteger(0, "txt", OBJPROP_TYPE) == OBJ_TEXT, " ", t.Type() == OBJ_TEXT, " ", t.Price(0), " ", t.Font(), " ", t.FontSize(), " ", t.Angle(), " ", t.Anchor());
       Print(t.Description("note"), t.Font("Courier New"), t.FontSize(14), t.Angle(90), t.Anchor(ANCHOR_CENTER), " ", ObjectGetString(0, "txt", OBJPROP_TEXT), " ", ObjectGetString(0, "txt", OBJPROP_FONT), " ", ObjectGetInteger(0, "txt", OBJPROP_FONTSIZE), " ", ObjectGetDouble(0, "txt", OBJPROP_ANGLE), " ", ObjectGetInteger(0, "txt", OBJPROP_ANCHOR) == ANCHOR_CENTER, " ", t.Anchor() == ANCHOR_CENTER);
       CChartObjectLabel l;
       Print(l.Anchor(), " ", l.Corner(), " ", l.X_Distance());
       Print(l.Create(0, "lbl", 0, 15, 25), " ", ObjectGetInteger(0, "lbl", OBJPROP_TYPE) == OBJ_LABEL, " ", l.Type() == OBJ_LABEL, " ", ObjectGetInteger(0, "lbl", OBJPROP_XDISTANCE), " ", ObjectGetInteger(0, "lbl", OBJPROP_YDISTANCE), " ", l.X_Distance(), " ", l.Y_Distance(), " ", l.X_Size(), " ", l.Y_Size(), " ", l.Corner() == CORNER_LEFT_UPPER);
       Print(l.X_Distance(40), l.Y_Distance(50), l.Corner(CORNER_RIGHT_LOWER), l.Description("P/L: 12.50"), l.Color(clrWhite), l.FontSize(9), " ", l.Time(${T1}), " ", l.Price(1.0));
       Print(ObjectGetInteger(0, "lbl", OBJPROP_XDISTANCE), " ", ObjectGetInteger(0, "lbl", OBJPROP_YDISTANCE), " ", ObjectGetInteger(0, "lbl", OBJPROP_CORNER) == CORNER_RIGHT_LOWER, " ", ObjectGetString(0, "lbl", OBJPROP_TEXT), " ", ObjectGetInteger(0, "lbl", OBJPROP_COLOR) == clrWhite, " ", ObjectGetInteger(0, "lbl", OBJPROP_FONTSIZE));`,
      "#include <ChartObjects/ChartObjectsTxtControls.mqh>",
    );
    expect(lines).toEqual([
      "true true true 1.5 Arial 10 0.0 0",
      "truetruetruetruetrue note Courier New 14 90.0 true true",
      "-1 -1 0",
      "true true true 15 25 15 25 0 0 true",
      "truetruetruetruetruetrue false false",
      "40 50 true P/L: 12.50 true 9",
    ]);
  });

  test("edit, button and rectangle label", async () => {
    const lines = await printedBy(
      `CChartObjectEdit e;
       Print(e.Create(0, "ed", 0, 10, 20, 120, 22), " ", ObjectGetInteger(0, "ed", OBJPROP_TYPE) == OBJ_EDIT, " ", e.Type() == OBJ_EDIT, " ", e.X_Distance(), " ", e.Y_Distance(), " ", e.X_Size(), " ", e.Y_Size(), " ", e.BackColor() == clrWhite, " ", e.BorderColor(), " ", e.BorderColor() == clrNONE, " ", e.ReadOnly(), " ", e.TextAlign() == ALIGN_LEFT);
       Print(e.X_Size(60), e.Y_Size(18), e.BackColor(clrYellow), e.BorderColor(clrGray), e.ReadOnly(true), e.TextAlign(ALIGN_RIGHT), e.Description("0.10"), " ", e.Angle(45), " ", e.Angle());
       Print(ObjectGetInteger(0, "ed", OBJPROP_XSIZE), " ", ObjectGetInteger(0, "ed", OBJPROP_YSIZE), " ", ObjectGetInteger(0, "ed", OBJPROP_BGCOLOR) == clrYellow, " ", ObjectGetInteger(0, "ed", OBJPROP_BORDER_COLOR) == clrGray, " ", ObjectGetInteger(0, "ed", OBJPROP_READONLY), " ", ObjectGetInteger(0, "ed", OBJPROP_ALIGN) == ALIGN_RIGHT, " ", ObjectGetString(0, "ed", OBJPROP_TEXT), " ", e.ReadOnly(), " ", e.TextAlign() == ALIGN_RIGHT);
       CChartObjectButton b;
       Print(b.State(), " ", b.Create(0, "btn", 0, 5, 6, 80, 24), " ", ObjectGetInteger(0, "btn", OBJPROP_TYPE) == OBJ_BUTTON, " ", b.Type() == OBJ_BUTTON, " ", b.X_Distance(), " ", b.Y_Distance(), " ", b.X_Size(), " ", b.Y_Size(), " ", b.State(), " ", b.BackColor() == clrLightGray);
       Print(b.State(true), " ", ObjectGetInteger(0, "btn", OBJPROP_STATE), " ", b.State(), " ", b.Description("Close all"), " ", ObjectGetString(0, "btn", OBJPROP_TEXT));
       ObjectSetInteger(0, "btn", OBJPROP_STATE, false);
       Print(b.State());
       CChartObjectRectLabel r;
       Print(r.Create(0, "panel", 0, 0, 0, 200, 150), " ", ObjectGetInteger(0, "panel", OBJPROP_TYPE) == OBJ_RECTANGLE_LABEL, " ", r.Type() == OBJ_RECTANGLE_LABEL, " ", r.X_Size(), " ", r.Y_Size(), " ", r.BackColor() == clrWhite, " ", r.BorderType() == BORDER_FLAT);
       Print(r.BackColor(clrNavy), r.BorderType(BORDER_SUNKEN), r.X_Size(210), r.Y_Size(160), " ", r.Angle(10), " ", ObjectGetInteger(0, "panel", OBJPROP_BGCOLOR) == clrNavy, " ", ObjectGetInteger(0, "panel", OBJPROP_BORDER_TYPE) == BORDER_SUNKEN, " ", ObjectGetInteger(0, "panel", OBJPROP_XSIZE), " ", ObjectGetInteger(0, "panel", OBJPROP_YSIZE));
       CChartObjectEdit taken;
       Print(taken.Create(0, "btn", 0, 1, 1, 1, 1), " ", taken.ChartId(), " ", ObjectGetInteger(0, "btn", OBJPROP_TYPE) == OBJ_BUTTON);`,
      "#include <ChartObjects/ChartObjectsTxtControls.mqh>",
    );
    expect(lines).toEqual([
      "true true true 10 20 120 22 true clrNONE true false true",
      "truetruetruetruetruetruetrue false 0.0",
      "60 18 true true 1 true 0.10 true true",
      "false true true true 5 6 80 24 false true",
      "true 1 true true Close all",
      "false",
      "true true true 200 150 true true",
      "truetruetruetrue false true true 210 160",
      "false -1 true",
    ]);
  });
});

describe("ChartObjectsShapes.mqh and ChartObjectsArrows.mqh", () => {
  test("rectangle, triangle, ellipse", async () => {
    const lines = await printedBy(
      `CChartObjectRectangle r;
       CChartObjectTriangle t;
       CChartObjectEllipse e;
       Print(r.Create(0, "r", 0, ${T1}, 1.0, ${T2}, 2.0), t.Create(0, "t", 0, ${T1}, 1.0, ${T2}, 2.0, ${T3}, 1.5), e.Create(0, "e", 0, ${T1}, 1.0, ${T3}, 1.0, ${T2}, 1.5));
       Print(ObjectGetInteger(0, "r", OBJPROP_TYPE) == OBJ_RECTANGLE, ObjectGetInteger(0, "t", OBJPROP_TYPE) == OBJ_TRIANGLE, ObjectGetInteger(0, "e", OBJPROP_TYPE) == OBJ_ELLIPSE, " ", r.Type() == OBJ_RECTANGLE, t.Type() == OBJ_TRIANGLE, e.Type() == OBJ_ELLIPSE, " ", r.NumPoints(), t.NumPoints(), e.NumPoints());
       Print(r.Price(1), " ", t.Time(2), " ", t.Price(2), " ", e.Time(1), " ", ObjectGetDouble(0, "e", OBJPROP_PRICE, 2));
       Print(r.Fill(), " ", r.Fill(true), " ", ObjectGetInteger(0, "r", OBJPROP_FILL), " ", r.Fill(), " ", t.Fill(true), " ", e.Fill(), " ", r.Background(true), " ", ObjectGetInteger(0, "r", OBJPROP_BACK));`,
      "#include <ChartObjects/ChartObjectsShapes.mqh>",
    );
    expect(lines).toEqual([
      "truetruetrue",
      "truetruetrue truetruetrue 233",
      "2.0 2025.11.26 10:00:00 1.5 2025.11.26 10:00:00 1.5",
      "false true 1 true true false true 1",
    ]);
  });

  test("an arrow with any code, the fixed kinds, the anchor", async () => {
    const lines = await printedBy(
      `CChartObjectArrow a;
       Print(a.ArrowCode(), " ", a.Anchor(), " ", a.Create(0, "a", 0, ${T2}, 1.2, 233), " ", ObjectGetInteger(0, "a", OBJPROP_TYPE) == OBJ_ARROW, " ", a.Type() == OBJ_ARROW, " ", a.ArrowCode(), " ", ObjectGetInteger(0, "a", OBJPROP_ARROWCODE), " ", a.Anchor() == ANCHOR_TOP);
       Print(a.ArrowCode(159), " ", ObjectGetInteger(0, "a", OBJPROP_ARROWCODE), " ", a.Anchor(ANCHOR_BOTTOM), " ", ObjectGetInteger(0, "a", OBJPROP_ANCHOR) == ANCHOR_BOTTOM, " ", a.Time(0), " ", a.Price(0));
       CChartObjectArrowUp up;
       CChartObjectArrowDown down;
       CChartObjectArrowThumbUp tu;
       CChartObjectArrowThumbDown td;
       CChartObjectArrowStop st;
       CChartObjectArrowCheck ch;
       CChartObjectArrowLeftPrice lp;
       CChartObjectArrowRightPrice rp;
       CChartObjectArrowBuy buy;
       CChartObjectArrowSell sell;
       Print(up.Create(0, "up", 0, ${T1}, 1.0), down.Create(0, "down", 0, ${T1}, 1.0), tu.Create(0, "tu", 0, ${T1}, 1.0), td.Create(0, "td", 0, ${T1}, 1.0), st.Create(0, "st", 0, ${T1}, 1.0), ch.Create(0, "ch", 0, ${T1}, 1.0), lp.Create(0, "lp", 0, ${T1}, 1.0), rp.Create(0, "rp", 0, ${T1}, 1.0), buy.Create(0, "buy", 0, ${T1}, 1.0), sell.Create(0, "sell", 0, ${T1}, 1.0));
       Print(ObjectGetInteger(0, "up", OBJPROP_TYPE) == OBJ_ARROW_UP, ObjectGetInteger(0, "down", OBJPROP_TYPE) == OBJ_ARROW_DOWN, ObjectGetInteger(0, "tu", OBJPROP_TYPE) == OBJ_ARROW_THUMB_UP, ObjectGetInteger(0, "td", OBJPROP_TYPE) == OBJ_ARROW_THUMB_DOWN, ObjectGetInteger(0, "st", OBJPROP_TYPE) == OBJ_ARROW_STOP, ObjectGetInteger(0, "ch", OBJPROP_TYPE) == OBJ_ARROW_CHECK, ObjectGetInteger(0, "lp", OBJPROP_TYPE) == OBJ_ARROW_LEFT_PRICE, ObjectGetInteger(0, "rp", OBJPROP_TYPE) == OBJ_ARROW_RIGHT_PRICE, ObjectGetInteger(0, "buy", OBJPROP_TYPE) == OBJ_ARROW_BUY, ObjectGetInteger(0, "sell", OBJPROP_TYPE) == OBJ_ARROW_SELL);
       Print(up.Type() == OBJ_ARROW_UP, down.Type() == OBJ_ARROW_DOWN, tu.Type() == OBJ_ARROW_THUMB_UP, td.Type() == OBJ_ARROW_THUMB_DOWN, st.Type() == OBJ_ARROW_STOP, ch.Type() == OBJ_ARROW_CHECK, lp.Type() == OBJ_ARROW_LEFT_PRICE, rp.Type() == OBJ_ARROW_RIGHT_PRICE, buy.Type() == OBJ_ARROW_BUY, sell.Type() == OBJ_ARROW_SELL);
       Print(up.ArrowCode(), " ", down.ArrowCode(), " ", tu.ArrowCode(), " ", td.ArrowCode(), " ", st.ArrowCode(), " ", ch.ArrowCode(), " ", lp.ArrowCode(), " ", rp.ArrowCode());
       CChartObjectArrow *p = GetPointer(up);
       Print(up.ArrowCode(100), " ", p.ArrowCode(100), " ", up.ArrowCode(), " ", up.Anchor(ANCHOR_BOTTOM), " ", up.Anchor() == ANCHOR_BOTTOM);`,
      "#include <ChartObjects/ChartObjectsArrows.mqh>",
    );
    expect(lines).toEqual([
      "0 -1 true true true 233 233 true",
      "true 159 true true 2025.11.25 10:00:00 1.2",
      "truetruetruetruetruetruetruetruetruetrue",
      "truetruetruetruetruetruetruetruetruetrue",
      "truetruetruetruetruetruetruetruetruetrue",
      "241 242 67 68 251 252 5 6",
      "false false 241 true true",
    ]);
  });
});

describe("Fibonacci, channels, Gann, Elliott, pictures, chart object", () => {
  test("Fibonacci tools and their levels", async () => {
    const lines = await printedBy(
      `CChartObjectFibo f;
       CChartObjectFiboTimes ft;
       CChartObjectFiboFan ff;
       CChartObjectFiboArc fa;
       CChartObjectFiboChannel fc;
       CChartObjectFiboExpansion fe;
       Print(f.Create(0, "f", 0, ${T1}, 1.0, ${T2}, 2.0), ft.Create(0, "ft", 0, ${T1}, 1.0, ${T2}, 2.0), ff.Create(0, "ff", 0, ${T1}, 1.0, ${T2}, 2.0), fa.Create(0, "fa", 0, ${T1}, 1.0, ${T2}, 2.0, 2.5), fc.Create(0, "fc", 0, ${T1}, 1.0, ${T2}, 2.0, ${T3}, 1.5), fe.Create(0, "fe", 0, ${T1}, 1.0, ${T2}, 2.0, ${T3}, 1.5));
       Print(ObjectGetInteger(0, "f", OBJPROP_TYPE) == OBJ_FIBO, ObjectGetInteger(0, "ft", OBJPROP_TYPE) == OBJ_FIBOTIMES, ObjectGetInteger(0, "ff", OBJPROP_TYPE) == OBJ_FIBOFAN, ObjectGetInteger(0, "fa", OBJPROP_TYPE) == OBJ_FIBOARC, ObjectGetInteger(0, "fc", OBJPROP_TYPE) == OBJ_FIBOCHANNEL, ObjectGetInteger(0, "fe", OBJPROP_TYPE) == OBJ_EXPANSION, " ", f.Type() == OBJ_FIBO, ft.Type() == OBJ_FIBOTIMES, ff.Type() == OBJ_FIBOFAN, fa.Type() == OBJ_FIBOARC, fc.Type() == OBJ_FIBOCHANNEL, fe.Type() == OBJ_EXPANSION);
       Print(f.NumPoints(), ft.NumPoints(), ff.NumPoints(), fa.NumPoints(), fc.NumPoints(), fe.NumPoints(), " ", f.LevelsCount(), " ", f.LevelValue(4), " ", f.LevelValue(8), " ", fe.Price(2));
       Print(fa.Scale(), " ", ObjectGetDouble(0, "fa", OBJPROP_SCALE), " ", fa.Ellipse(), " ", fa.Ellipse(true), " ", ObjectGetInteger(0, "fa", OBJPROP_ELLIPSE), " ", fa.Scale(1.5), " ", fa.Scale());
       Print(f.RayRight(true), " ", ObjectGetInteger(0, "f", OBJPROP_RAY_RIGHT), " ", f.LevelsCount(2), " ", f.LevelValue(1, 0.5), " ", ObjectGetInteger(0, "f", OBJPROP_LEVELS), " ", ObjectGetDouble(0, "f", OBJPROP_LEVELVALUE, 1));`,
      "#include <ChartObjects/ChartObjectsFibo.mqh>",
    );
    expect(lines).toEqual([
      "truetruetruetruetruetrue",
      "truetruetruetruetruetrue truetruetruetruetruetrue",
      "222233 9 0.618 4.236 1.5",
      "2.5 2.5 false true 1 true 1.5",
      "true 1 true true 2 0.5",
    ]);
  });

  test("channels, Gann tools, Elliott waves", async () => {
    const lines = await printedBy(
      `CChartObjectChannel c;
       CChartObjectRegression r;
       CChartObjectStdDevChannel s;
       CChartObjectPitchfork p;
       Print(c.Create(0, "c", 0, ${T1}, 1.0, ${T2}, 2.0, ${T1}, 1.5), r.Create(0, "r", 0, ${T1}, ${T3}), s.Create(0, "s", 0, ${T1}, ${T3}, 2.5), p.Create(0, "p", 0, ${T1}, 1.0, ${T2}, 2.0, ${T3}, 1.5));
       Print(ObjectGetInteger(0, "c", OBJPROP_TYPE) == OBJ_CHANNEL, ObjectGetInteger(0, "r", OBJPROP_TYPE) == OBJ_REGRESSION, ObjectGetInteger(0, "s", OBJPROP_TYPE) == OBJ_STDDEVCHANNEL, ObjectGetInteger(0, "p", OBJPROP_TYPE) == OBJ_PITCHFORK, " ", c.Type() == OBJ_CHANNEL, r.Type() == OBJ_REGRESSION, s.Type() == OBJ_STDDEVCHANNEL, p.Type() == OBJ_PITCHFORK, " ", c.NumPoints(), r.NumPoints(), s.NumPoints(), p.NumPoints());
       Print(r.Time(1), " ", s.Deviation(), " ", ObjectGetDouble(0, "s", OBJPROP_DEVIATION), " ", s.Deviation(1.5), " ", s.Deviation(), " ", c.RayRight(true), " ", ObjectGetInteger(0, "c", OBJPROP_RAY_RIGHT));
       CChartObjectGannLine gl;
       CChartObjectGannFan gf;
       CChartObjectGannGrid gg;
       Print(gl.Create(0, "gl", 0, ${T1}, 1.0, ${T2}, 0.5), gf.Create(0, "gf", 0, ${T1}, 1.0, ${T2}, 0.25), gg.Create(0, "gg", 0, ${T1}, 1.0, ${T2}, 2.0), " ", ObjectGetInteger(0, "gl", OBJPROP_TYPE) == OBJ_GANNLINE, ObjectGetInteger(0, "gf", OBJPROP_TYPE) == OBJ_GANNFAN, ObjectGetInteger(0, "gg", OBJPROP_TYPE) == OBJ_GANNGRID, " ", gl.Type() == OBJ_GANNLINE, gf.Type() == OBJ_GANNFAN, gg.Type() == OBJ_GANNGRID);
       Print(gl.PipsPerBar(), " ", gf.PipsPerBar(), " ", ObjectGetDouble(0, "gg", OBJPROP_SCALE), " ", gl.Angle(45), " ", gl.Angle(), " ", gf.Downtrend(), " ", gf.Downtrend(true), " ", gf.Downtrend(), " ", ObjectGetInteger(0, "gf", OBJPROP_DIRECTION) == GANN_DOWN_TREND, " ", gg.Downtrend());
       CChartObjectElliottWave3 w3;
       CChartObjectElliottWave5 w5;
       Print(w3.Create(0, "w3", 0, ${T1}, 1.0, ${T2}, 2.0, ${T3}, 1.5), w5.Create(0, "w5", 0, 1000, 1.0, 2000, 2.0, 3000, 1.5, 4000, 2.5, 5000, 2.0), " ", ObjectGetInteger(0, "w3", OBJPROP_TYPE) == OBJ_ELLIOTWAVE3, ObjectGetInteger(0, "w5", OBJPROP_TYPE) == OBJ_ELLIOTWAVE5, " ", w3.Type() == OBJ_ELLIOTWAVE3, w5.Type() == OBJ_ELLIOTWAVE5, " ", w3.NumPoints(), w5.NumPoints(), " ", (long)w5.Time(4), " ", w5.Price(3));
       Print(w3.Degree() == ELLIOTT_GRAND_SUPERCYCLE, " ", w3.Lines(), " ", w3.Degree(ELLIOTT_MINOR), " ", w3.Lines(false), " ", w3.Degree() == ELLIOTT_MINOR, " ", ObjectGetInteger(0, "w3", OBJPROP_DEGREE) == ELLIOTT_MINOR, " ", ObjectGetInteger(0, "w3", OBJPROP_DRAWLINES), " ", w5.Degree(ELLIOTT_CYCLE), " ", w5.Degree() == ELLIOTT_CYCLE);`,
      `#include <ChartObjects/ChartObjectsChannels.mqh>
       #include <ChartObjects/ChartObjectsGann.mqh>
       #include <ChartObjects/ChartObjectsElliott.mqh>`,
    );
    expect(lines).toEqual([
      "truetruetruetrue",
      "truetruetruetrue truetruetruetrue 3223",
      "2025.11.26 10:00:00 2.5 2.5 true 1.5 true 1",
      "truetruetrue truetruetrue truetruetrue",
      "0.5 0.25 2.0 true 45.0 false true true true false",
      "truetrue truetrue truetrue 35 5000 2.5",
      "true true true true true true 0 true true",
    ]);
  });

  test("bitmap, bitmap label, chart object", async () => {
    const lines = await printedBy(
      `CChartObjectBitmap b;
       CChartObjectBmpLabel bl;
       CChartObjectSubChart sc;
       Print(b.Create(0, "b", 0, ${T2}, 1.5), bl.Create(0, "bl", 0, 30, 40), sc.Create(0, "sc", 0, 10, 20, 300, 200), " ", ObjectGetInteger(0, "b", OBJPROP_TYPE) == OBJ_BITMAP, ObjectGetInteger(0, "bl", OBJPROP_TYPE) == OBJ_BITMAP_LABEL, ObjectGetInteger(0, "sc", OBJPROP_TYPE) == OBJ_CHART, " ", b.Type() == OBJ_BITMAP, bl.Type() == OBJ_BITMAP_LABEL, sc.Type() == OBJ_CHART);
       Print(b.BmpFile("\\\\Images\\\\dollar.bmp"), " ", b.BmpFile(), " ", b.X_Offset(3), b.Y_Offset(4), " ", b.X_Offset(), b.Y_Offset(), " ", ObjectGetInteger(0, "b", OBJPROP_XOFFSET));
       Print(bl.X_Distance(), " ", bl.Y_Distance(), " ", bl.BmpFileOn("on.bmp"), bl.BmpFileOff("off.bmp"), " ", bl.BmpFileOn(), " ", bl.BmpFileOff(), " ", ObjectGetString(0, "bl", OBJPROP_BMPFILE, 1), " ", bl.State(), " ", bl.State(true), " ", bl.State(), " ", bl.Corner(CORNER_RIGHT_UPPER), " ", bl.Corner() == CORNER_RIGHT_UPPER, " ", bl.Time(${T1}));
       Print(sc.X_Distance(), " ", sc.Y_Distance(), " ", sc.X_Size(), " ", sc.Y_Size(), " ", sc.Symbol(), " ", sc.Period() == PERIOD_H1, " ", sc.Scale(), " ", sc.DateScale(), " ", sc.PriceScale());
       Print(sc.Symbol("GBPUSD"), sc.Period(PERIOD_D1), sc.Scale(4), sc.DateScale(false), sc.PriceScale(false), " ", ObjectGetString(0, "sc", OBJPROP_SYMBOL), " ", ObjectGetInteger(0, "sc", OBJPROP_PERIOD) == PERIOD_D1, " ", ObjectGetInteger(0, "sc", OBJPROP_CHART_SCALE), " ", sc.DateScale(), " ", sc.PriceScale());`,
      `#include <ChartObjects/ChartObjectsBmpControls.mqh>
       #include <ChartObjects/ChartObjectSubChart.mqh>`,
    );
    expect(lines).toEqual([
      "truetruetrue truetruetrue truetruetrue",
      "true \\Images\\dollar.bmp truetrue 34 3",
      "30 40 truetrue on.bmp off.bmp off.bmp false true true true true false",
      "10 20 300 200 EURUSD true 2 true true",
      "truetruetruetruetrue GBPUSD true 4 false false",
    ]);
  });

  test("Save and Load through a binary file restore the properties and the name", async () => {
    const lines = await printedBy(
      `CChartObjectButton b;
       b.Create(0, "btn", 0, 12, 34, 90, 26);
       b.Description("Buy 0.10");
       b.Color(clrWhite);
       b.BackColor(clrGreen);
       b.BorderColor(clrNONE);
       b.FontSize(11);
       b.Font("Tahoma");
       b.Corner(CORNER_RIGHT_UPPER);
       b.State(true);
       b.Tooltip("buy now");
       b.Z_Order(3);
       CChartObjectFibo f;
       f.Create(0, "fib", 0, ${T1}, 1.0, ${T2}, 2.0);
       f.LevelsCount(2);
       f.LevelValue(1, 0.5);
       f.LevelColor(1, clrAqua);
       f.LevelDescription(1, "half");
       f.RayRight(true);
       CChartObjectArrow a;
       a.Create(0, "arrow", 0, ${T2}, 1.25, 159);
       a.Anchor(ANCHOR_BOTTOM);
       CChartObjectArrowUp up;
       up.Create(0, "up", 0, ${T1}, 1.5);
       int h = FileOpen("objects.bin", FILE_WRITE | FILE_BIN);
       Print(b.Save(h), " ", f.Save(h), " ", b.Save(INVALID_HANDLE), " ", a.Save(h), " ", up.Save(h));
       FileClose(h);
       b.Delete();
       f.Delete();
       a.Delete();
       up.Delete();
       CChartObjectArrow a2;
       a2.Create(0, "tmp3", 0, ${T3}, 1.0, 32);
       CChartObjectArrowUp up2;
       up2.Create(0, "tmp4", 0, ${T3}, 1.0);
       CChartObjectButton b2;
       b2.Create(0, "tmp", 0, 0, 0, 10, 10);
       CChartObjectFibo f2;
       f2.Create(0, "tmp2", 0, ${T3}, 5.0, ${T3}, 6.0);
       CChartObjectLabel wrong;
       wrong.Create(0, "lbl", 0, 0, 0);
       h = FileOpen("objects.bin", FILE_READ | FILE_BIN);
       Print(b2.Load(h), " ", f2.Load(h), " ", a2.Load(h), " ", up2.Load(h), " ", FileIsEnding(h));
       FileSeek(h, 0, SEEK_SET);
       Print(wrong.Load(h), " ", wrong.Name());
       FileClose(h);
       Print(b2.Name(), " ", ObjectFind(0, "tmp"), " ", ObjectGetString(0, "btn", OBJPROP_TEXT), " ", ObjectGetInteger(0, "btn", OBJPROP_XDISTANCE), " ", ObjectGetInteger(0, "btn", OBJPROP_YDISTANCE), " ", ObjectGetInteger(0, "btn", OBJPROP_XSIZE), " ", ObjectGetInteger(0, "btn", OBJPROP_YSIZE), " ", b2.Color() == clrWhite, " ", b2.BackColor() == clrGreen, " ", b2.BorderColor() == clrNONE, " ", b2.FontSize(), " ", b2.Font(), " ", b2.Corner() == CORNER_RIGHT_UPPER, " ", b2.State(), " ", b2.Tooltip(), " ", b2.Z_Order());
       Print(f2.Name(), " ", f2.Time(0), " ", f2.Price(1), " ", f2.LevelsCount(), " ", f2.LevelValue(1), " ", f2.LevelColor(1) == clrAqua, " ", f2.LevelDescription(1), " ", f2.RayRight());
       Print(a2.Name(), " ", a2.Time(0), " ", a2.Price(0), " ", a2.ArrowCode(), " ", a2.Anchor() == ANCHOR_BOTTOM, " ", up2.Name(), " ", up2.Price(0), " ", up2.ArrowCode());`,
      `#include <ChartObjects/ChartObjectsTxtControls.mqh>
       #include <ChartObjects/ChartObjectsFibo.mqh>
       #include <ChartObjects/ChartObjectsArrows.mqh>`,
    );
    expect(lines).toEqual([
      "true true false true true",
      "true true true true true",
      "false lbl",
      "btn -1 Buy 0.10 12 34 90 26 true true true 11 Tahoma true true buy now 3",
      "fib 2025.11.24 10:00:00 2.0 2 0.5 true half true",
      "arrow 2025.11.25 10:00:00 1.25 159 true up 1.5 241",
    ]);
  });
});

describe("CChart", () => {
  test("unbound answers; Attach; properties read and changed through Chart*", async () => {
    const lines = await printedBy(
      `CChart c;
       Print(c.ChartId(), " ", c.Type() == 0x1111, " ", c.Mode(), " ", c.Scale(), " ", c.ColorBackground(), " ", c.Shift(), " ", c.ShiftSize(), " ", c.VisibleBars(), " ", c.GetInteger(CHART_MODE), " ", c.GetString(CHART_COMMENT) == "", " ", c.Mode(CHART_LINE), " ", c.SetInteger(CHART_SHOW_GRID, 0));
       c.Attach();
       Print(c.ChartId() == ChartID(), " ", c.Symbol(), " ", c.Period() == PERIOD_H1);
       Print(c.Mode() == CHART_BARS, " ", c.Foreground(), " ", c.Shift(), " ", c.ShiftSize(), " ", c.AutoScroll(), " ", c.Scale(), " ", c.ScaleFix(), " ", c.ScaleFix_11(), " ", c.ScalePPB(), " ", c.PointsPerBar());
       Print(c.ShowOHLC(), " ", c.ShowLineBid(), " ", c.ShowLineAsk(), " ", c.ShowLastLine(), " ", c.ShowPeriodSep(), " ", c.ShowGrid(), " ", c.ShowVolumes() == CHART_VOLUME_HIDE, " ", c.ShowObjectDescr(), " ", c.ShowDateScale(), " ", c.ShowPriceScale(), " ", c.ShowTradeLevels(), " ", c.ShowOneClick());
       Print(c.ColorBackground() == clrBlack, " ", c.ColorForeground() == clrWhite, " ", c.ColorBarUp() == clrLime, " ", c.ColorCandleBear() == clrWhite, " ", c.ColorLineAsk() == clrRed, " ", c.ColorStopLevels() == clrRed);
       Print(c.Mode(CHART_CANDLES), c.Foreground(true), c.Shift(false), c.AutoScroll(false), c.Scale(4), c.ScaleFix(true), c.FixedMax(1.3), c.FixedMin(1.0), c.ShowGrid(false), c.ShowVolumes(CHART_VOLUME_TICK), c.ShowLineAsk(true), c.ColorBackground(clrWhite), c.ColorGrid(clrSilver), c.ColorCandleBull(clrGreen));
       Print(ChartGetInteger(0, CHART_MODE) == CHART_CANDLES, " ", ChartGetInteger(0, CHART_FOREGROUND), " ", ChartGetInteger(0, CHART_SHIFT), " ", ChartGetInteger(0, CHART_AUTOSCROLL), " ", ChartGetInteger(0, CHART_SCALE), " ", ChartGetInteger(0, CHART_SCALEFIX), " ", ChartGetDouble(0, CHART_FIXED_MAX), " ", ChartGetDouble(0, CHART_FIXED_MIN), " ", ChartGetInteger(0, CHART_SHOW_GRID), " ", ChartGetInteger(0, CHART_SHOW_VOLUMES) == CHART_VOLUME_TICK, " ", ChartGetInteger(0, CHART_SHOW_ASK_LINE), " ", ChartGetInteger(0, CHART_COLOR_BACKGROUND) == clrWhite, " ", c.ColorGrid() == clrSilver, " ", c.ColorCandleBull() == clrGreen);
       Print(c.Scale(9), " ", c.Scale(), " ", c.Scale(-2), " ", c.Scale(), " ", c.ShiftSize(5), " ", c.ShiftSize(), " ", c.ShiftSize(80), " ", c.ShiftSize(), " ", c.ShiftSize(25.5), " ", ChartGetDouble(0, CHART_SHIFT_SIZE));
       Print(c.BringToTop(), c.EventObjectCreate(), c.EventObjectDelete(false), c.EventMouseMove(), c.MouseScroll(false), " ", ChartGetInteger(0, CHART_EVENT_OBJECT_CREATE), ChartGetInteger(0, CHART_EVENT_OBJECT_DELETE), ChartGetInteger(0, CHART_EVENT_MOUSE_MOVE), ChartGetInteger(0, CHART_MOUSE_SCROLL));
       Print(c.WindowsTotal(), " ", c.WindowIsVisible(0), " ", c.WidthInPixels(), " ", c.HeightInPixels(0), " ", c.SubwindowY(0), " ", c.IsObject(), " ", c.VisibleBars() == ChartGetInteger(0, CHART_VISIBLE_BARS), " ", c.FirstVisibleBar() == ChartGetInteger(0, CHART_FIRST_VISIBLE_BAR), " ", c.WidthInBars() == ChartGetInteger(0, CHART_WIDTH_IN_BARS), " ", c.PriceMax(0), " ", c.PriceMin(0), " ", c.WindowHandle());
       long v = 0;
       double d = 0;
       string s = "";
       Print(c.SetString(CHART_COMMENT, "hello"), " ", c.GetString(CHART_COMMENT), " ", c.GetString(CHART_COMMENT, s), " ", s, " ", c.GetInteger(CHART_SCALE, 0, v), " ", v, " ", c.GetDouble(CHART_FIXED_MAX, 0, d), " ", d, " ", c.GetDouble(CHART_FIXED_MIN), " ", c.SetDouble(CHART_SHIFT_SIZE, 99), " ", c.SetInteger(CHART_WINDOWS_TOTAL, 2));
       c.Redraw();
       c.Detach();
       Print(c.ChartId(), " ", c.Mode(CHART_BARS), " ", ChartGetInteger(0, CHART_MODE) == CHART_CANDLES);
       c.FirstChart();
       Print(c.ChartId() == ChartID());
       c.NextChart();
       Print(c.ChartId());
       c.Attach(0);
       Print(c.ChartId(), " ", c.Mode() == CHART_CANDLES, " ", c.Symbol());`,
      "#include <Charts/Chart.mqh>",
    );
    expect(lines).toEqual([
      "-1 true -1 -1 clrNONE false 0.0 -1 0 true false false",
      "true EURUSD true",
      "true false true 10.0 true 2 false false false 1.0",
      "false true false false false true true false true true true false",
      "true true true true true true",
      "truetruetruetruetruetruetruetruetruetruetruetruetruetrue",
      "true 1 0 0 4 1 1.3 1.0 0 true 1 true true true",
      "true 5 true 0 true 10.0 true 50.0 true 25.5",
      "truetruetruetruetrue 1010",
      "1 true 1280 560 0 false true true true 1.3 1.0 0",
      "true hello true hello true 0 true 1.3 1.0 false false",
      "-1 false true",
      "true",
      "-1",
      "0 true EURUSD",
    ]);
  });

  test("Save and Load through a binary file restore the settable properties", async () => {
    const lines = await printedBy(
      `CChart c;
       c.Attach();
       c.Mode(CHART_LINE);
       c.Scale(1);
       c.ShowGrid(false);
       c.ColorBackground(clrNavy);
       c.ShiftSize(30);
       int h = FileOpen("chart.bin", FILE_WRITE | FILE_BIN);
       Print(c.Save(h), " ", FileTell(h));
       FileClose(h);
       c.Mode(CHART_BARS);
       c.Scale(5);
       c.ShowGrid(true);
       c.ColorBackground(clrBlack);
       c.ShiftSize(10);
       h = FileOpen("chart.bin", FILE_READ | FILE_BIN);
       Print(c.Load(h), " ", FileIsEnding(h));
       FileClose(h);
       Print(c.Mode() == CHART_LINE, " ", c.Scale(), " ", c.ShowGrid(), " ", c.ColorBackground() == clrNavy, " ", c.ShiftSize());
       CChart none;
       Print(none.Save(h), " ", none.Load(h));`,
      "#include <Charts/Chart.mqh>",
    );
    expect(lines).toEqual(["true 300", "true true", "true 1 false true 30.0", "false false"]);
  });

  test("a method over a built-in the runtime lacks stops the program when called", async () => {
    const lines = await printedBy(
      `CChart c;
       Print(c.Navigate(CHART_END, 10));
       c.Attach();
       Print(c.Navigate(CHART_END, 10));
       Print("not reached");`,
      "#include <Charts/Chart.mqh>",
    );
    expect(lines[0]).toBe("false");
    expect(lines.at(-1)).toStartWith(
      "ERROR 'ChartNavigate' is not available in this runtime yet in 'Charts/Chart.mqh'",
    );
    expect(lines).not.toContain("not reached");
  });
});

describe("CTerminalInfo", () => {
  test("the terminal's properties as the runtime answers them", async () => {
    const lines = await printedBy(
      `CTerminalInfo t;
       Print(t.Build(), " ", t.IsConnected(), " ", t.IsDLLsAllowed(), " ", t.IsTradeAllowed(), " ", t.IsEmailEnabled(), " ", t.IsFtpEnabled(), " ", t.MaxBars(), " ", t.CodePage(), " ", t.CPUCores(), " ", t.IsX64(), " ", t.OpenCLSupport());
       Print(t.MemoryPhysical() == TerminalInfoInteger(TERMINAL_MEMORY_PHYSICAL), " ", t.MemoryTotal() == TerminalInfoInteger(TERMINAL_MEMORY_TOTAL), " ", t.MemoryAvailable() == TerminalInfoInteger(TERMINAL_MEMORY_AVAILABLE), " ", t.MemoryUsed(), " ", t.DiskSpace() == TerminalInfoInteger(TERMINAL_DISK_SPACE));
       Print(t.Language(), "|", t.Name(), "|", t.Company(), "|", t.Path(), "|", t.DataPath(), "|", t.CommonDataPath());
       Print(t.InfoInteger(TERMINAL_SCREEN_DPI), " ", t.InfoInteger(TERMINAL_VPS), " ", t.InfoString(TERMINAL_NAME), " ", t.Type());`,
      "#include <Trade/TerminalInfo.mqh>",
    );
    expect(lines).toEqual([
      "4620 true false true true false 5000 1252 1 true 0",
      "true true true 0 true",
      "English|TAS Terminal|TAS|C:\\TAS\\Terminal|C:\\TAS\\Terminal\\Data|C:\\TAS\\Common",
      "96 0 TAS Terminal 0",
    ]);
  });
});

describe("CDateTime", () => {
  const show = `
string Show(CDateTime &d)
  {
   return(TimeToString(d.DateTime(), TIME_DATE | TIME_SECONDS) + " " + d.ShortDayName() + " " + IntegerToString(d.day_of_year));
  }`;

  test("names, days in the month, conversions", async () => {
    const lines = await printedBy(
      `CDateTime d;
       d.DateTime(D'2024.01.31 23:59:30');
       Print(d.year, ".", d.mon, ".", d.day, " ", d.hour, ":", d.min, ":", d.sec, " ", d.day_of_week, " ", d.day_of_year, " ", d.DateTime());
       Print(d.MonthName(), " ", d.ShortMonthName(), " ", d.DayName(), " ", d.ShortDayName(), " ", d.DaysInMonth());
       Print(d.MonthName(5), " ", d.ShortMonthName(9), " ", d.DayName(6), " ", d.ShortDayName(0), " ", d.MonthName(0), " ", d.ShortMonthName(13), " ", d.DayName(-1), " ", d.ShortDayName(7));
       int years[] = {2023, 2024, 1900, 2000, 2100};
       string s = "";
       for(int i = 0; i < 5; i++)
         {
          d.year = years[i];
          d.mon = 2;
          s += IntegerToString(d.DaysInMonth()) + " ";
         }
       d.mon = 4;
       s += IntegerToString(d.DaysInMonth()) + " ";
       d.mon = 12;
       s += IntegerToString(d.DaysInMonth()) + " ";
       d.mon = 13;
       s += IntegerToString(d.DaysInMonth());
       Print(s);
       MqlDateTime m;
       TimeToStruct(D'2010.06.15 08:30', m);
       m.day_of_week = 9;
       d.DateTime(m);
       Print(d.day_of_week, " ", d.DateTime());
       d.Date(D'2020.02.29 15:00');
       Print(Show(d));
       d.Time(D'2000.01.01 12:34:56');
       Print(Show(d));
       MqlDateTime t;
       TimeToStruct(D'1999.12.31 01:02:03', t);
       d.Time(t);
       d.Date(t);
       Print(Show(d));`,
      `#include <Tools/DateTime.mqh>
       ${show}`,
    );
    expect(lines).toEqual([
      "2024.1.31 23:59:30 3 30 2024.01.31 23:59:30",
      "January jan Wednesday We 31",
      "May sep Saturday Su Bad month Bad month Bad day of week Bad day of week",
      "28 29 28 29 28 30 31 0",
      "9 2010.06.15 08:30:00",
      "2020.02.29 08:30:00 Sa 59",
      "2020.02.29 12:34:56 Sa 59",
      "1999.12.31 01:02:03 Fr 364",
    ]);
  });

  test("setters ignore values out of range; moves carry and keep the day in the month", async () => {
    const lines = await printedBy(
      `CDateTime d;
       d.DateTime(D'2024.01.31 23:59:30');
       d.MonInc();
       Print(Show(d));
       d.SecInc(45);
       Print(Show(d));
       d.DayDec(30);
       Print(Show(d));
       d.YearInc();
       d.Mon(2);
       d.Day(29);
       Print(Show(d));
       d.Sec(60);
       d.Min(-1);
       d.Hour(24);
       d.Hour(7);
       d.Year(1969);
       d.Mon(13);
       d.Day(0);
       Print(Show(d));
       d.MonDec(14);
       Print(Show(d));
       d.HourInc(-30);
       Print(Show(d));
       d.Date(D'2020.02.29');
       d.YearInc();
       Print(Show(d));
       d.MinInc(90);
       d.SecDec(-4);
       Print(Show(d));
       d.DayInc(365);
       Print(Show(d));
       d.YearDec(2);
       d.MonInc(0);
       Print(Show(d));
       d.day = 31;
       d.mon = 4;
       d.DayCheck();
       Print(Show(d), " ", d.DayName());
       d.DateTime(D'2024.12.31 23:30');
       d.MinInc(45);
       Print(Show(d));
       d.MonInc(25);
       Print(Show(d));
       d.HourDec(49);
       d.Sec(59);
       d.Min(59);
       d.Day(31);
       Print(Show(d));`,
      `#include <Tools/DateTime.mqh>
       ${show}`,
    );
    expect(lines).toEqual([
      "2024.02.29 23:59:30 Th 59",
      "2024.03.01 00:00:15 Fr 60",
      "2024.01.31 00:00:15 We 30",
      "2025.02.28 00:00:15 Fr 58",
      "2025.02.28 07:00:15 Fr 58",
      "2023.12.28 07:00:15 Th 361",
      "2023.12.27 01:00:15 We 360",
      "2021.02.28 01:00:15 Su 58",
      "2021.02.28 02:30:19 Su 58",
      "2022.02.28 02:30:19 Mo 58",
      "2020.02.28 02:30:19 Fr 58",
      "2020.04.30 02:30:19 Th 120 Thursday",
      "2025.01.01 00:15:00 We 0",
      "2027.02.01 00:15:00 Mo 31",
      "2027.01.31 23:59:59 Su 30",
    ]);
  });
});

describe("MovingAverages.mqh", () => {
  const dump = `
string Dump(const double &a[])
  {
   string s = "";
   for(int i = 0; i < ArraySize(a); i++)
      s += (i > 0 ? "," : "") + DoubleToString(a[i], 4);
   return(s);
  }`;

  test("one value: SimpleMA, ExponentialMA, SmoothedMA, LinearWeightedMA", async () => {
    const lines = await printedBy(
      `double p[] = {2, 4, 6, 8, 10, 12, 14, 16};
       Print(SimpleMA(3, 4, p), " ", SimpleMA(7, 4, p), " ", SimpleMA(2, 4, p), " ", SimpleMA(7, 1, p), " ", SimpleMA(7, 0, p));
       Print(ExponentialMA(4, 3, 5.0, p), " ", ExponentialMA(0, 1, 99.0, p), " ", ExponentialMA(1, 0, 5.0, p), " ", ExponentialMA(7, 7, 12.0, p));
       Print(SmoothedMA(3, 4, 0.0, p), " ", SmoothedMA(4, 4, 5.0, p), " ", SmoothedMA(2, 4, 1.0, p), " ", SmoothedMA(5, 4, 6.25, p));
       Print(LinearWeightedMA(2, 3, p), " ", LinearWeightedMA(7, 4, p), " ", LinearWeightedMA(1, 3, p), " ", LinearWeightedMA(0, 1, p));`,
      "#include <MovingAverages.mqh>",
    );
    expect(lines).toEqual([
      "5.0 13.0 0.0 16.0 0.0",
      "7.5 2.0 0.0 13.0",
      "2.0 6.25 0.0 7.6875",
      "4.666666666666667 14.0 0.0 2.0",
    ]);
  });

  test("whole buffers: the four averages, begin, weight_sum", async () => {
    const lines = await printedBy(
      `double p[] = {1, 3, 2, 6, 4, 8};
       double b[];
       Print(SimpleMAOnBuffer(6, 0, 0, 3, p, b), " ", Dump(b));
       double b1[];
       Print(SimpleMAOnBuffer(6, 0, 1, 3, p, b1), " ", Dump(b1));
       double e[6];
       Print(ExponentialMAOnBuffer(6, 0, 0, 3, p, e), " ", Dump(e));
       double e2[];
       Print(ExponentialMAOnBuffer(6, 0, 2, 3, p, e2), " ", Dump(e2));
       double s[];
       Print(SmoothedMAOnBuffer(6, 0, 0, 3, p, s), " ", Dump(s));
       double w[];
       int ws = 0;
       Print(LinearWeightedMAOnBuffer(6, 0, 0, 3, p, w, ws), " ", ws, " ", Dump(w));
       double w2[];
       Print(LinearWeightedMAOnBuffer(6, 0, 3, 3, p, w2), " ", Dump(w2));
       double one[];
       Print(SimpleMAOnBuffer(6, 0, 0, 1, p, one), " ", Dump(one));`,
      `#include <MovingAverages.mqh>
       ${dump}`,
    );
    expect(lines).toEqual([
      "6 0.0000,0.0000,2.0000,3.6667,4.0000,6.0000",
      "6 0.0000,0.0000,0.0000,3.6667,4.0000,6.0000",
      "6 1.0000,2.0000,2.0000,4.0000,4.0000,6.0000",
      "6 0.0000,0.0000,2.0000,4.0000,4.0000,6.0000",
      "6 0.0000,0.0000,2.0000,3.3333,3.5556,5.0370",
      "6 6 0.0000,0.0000,2.1667,4.1667,4.3333,6.3333",
      "6 0.0000,0.0000,0.0000,0.0000,0.0000,6.3333",
      "6 1.0000,3.0000,2.0000,6.0000,4.0000,8.0000",
    ]);
  });

  test("the *OnBuffer functions give iMA's values on the chart's closes", async () => {
    const lines = await printedBy(
      `double closes[];
       int n = CopyClose(_Symbol, _Period, 0, 50, closes);
       ENUM_MA_METHOD methods[] = {MODE_SMA, MODE_EMA, MODE_SMMA, MODE_LWMA};
       string s = IntegerToString(n);
       for(int m = 0; m < 4; m++)
         {
          double mine[];
          int ws = 0;
          switch(methods[m])
            {
             case MODE_SMA:  SimpleMAOnBuffer(n, 0, 0, 7, closes, mine); break;
             case MODE_EMA:  ExponentialMAOnBuffer(n, 0, 0, 7, closes, mine); break;
             case MODE_SMMA: SmoothedMAOnBuffer(n, 0, 0, 7, closes, mine); break;
             default:        LinearWeightedMAOnBuffer(n, 0, 0, 7, closes, mine, ws); break;
            }
          double theirs[];
          int handle = iMA(_Symbol, _Period, 7, 0, methods[m], PRICE_CLOSE);
          int got = CopyBuffer(handle, 0, 0, n, theirs);
          double worst = 0;
          for(int i = 6; i < n; i++)
             worst = MathMax(worst, MathAbs(mine[i] - theirs[i]));
          s += " " + IntegerToString(got) + ":" + (worst < 1e-12 ? "same" : DoubleToString(worst, 15));
         }
       Print(s);`,
      "#include <MovingAverages.mqh>",
    );
    expect(lines).toEqual(["50 50:same 50:same 50:same 50:same"]);
  });

  test("prev_calculated continues from the last bar; bad periods; series arrays", async () => {
    const lines = await printedBy(
      `double p[];
       ArrayResize(p, 6);
       p[0] = 1; p[1] = 3; p[2] = 2; p[3] = 6; p[4] = 4; p[5] = 8;
       double b[];
       int done = SimpleMAOnBuffer(6, 0, 0, 3, p, b);
       ArrayResize(p, 7);
       p[6] = 10;
       b[0] = 99;
       b[5] = -1;
       Print(SimpleMAOnBuffer(7, done, 0, 3, p, b), " ", Dump(b));
       Print(SimpleMAOnBuffer(7, 50, 0, 3, p, b), " ", Dump(b));
       double e[];
       ExponentialMAOnBuffer(6, 0, 0, 3, p, e);
       e[0] = 99;
       Print(ExponentialMAOnBuffer(7, 6, 0, 3, p, e), " ", Dump(e));
       double untouched[] = {5, 5};
       Print(SimpleMAOnBuffer(6, 0, 4, 3, p, untouched), " ", SimpleMAOnBuffer(6, 0, 0, 0, p, untouched), " ", ExponentialMAOnBuffer(2, 0, 0, 3, p, untouched), " ", SmoothedMAOnBuffer(6, 0, 0, -1, p, untouched), " ", LinearWeightedMAOnBuffer(6, 0, 6, 1, p, untouched), " ", Dump(untouched));
       double fixed[3];
       Print(SimpleMAOnBuffer(6, 0, 0, 3, p, fixed), " ", Dump(fixed));
       ArrayResize(p, 6);
       ArraySetAsSeries(p, true);
       double r[];
       ArraySetAsSeries(r, true);
       Print(p[0], " ", SimpleMAOnBuffer(6, 0, 0, 3, p, r), " ", Dump(r), " ", ArrayGetAsSeries(p), " ", ArrayGetAsSeries(r), " ", p[0]);`,
      `#include <MovingAverages.mqh>
       ${dump}`,
    );
    expect(lines).toEqual([
      "7 99.0000,0.0000,2.0000,3.6667,4.0000,6.0000,7.3333",
      "7 0.0000,0.0000,2.0000,3.6667,4.0000,6.0000,7.3333",
      "7 99.0000,2.0000,2.0000,4.0000,4.0000,6.0000,8.0000",
      "0 0 0 0 0 5.0000,5.0000",
      "0 0.0000,0.0000,0.0000",
      "8.0 6 6.0000,4.0000,3.6667,2.0000,0.0000,0.0000 true true 8.0",
    ]);
  });
});

describe("Files/File.mqh, FileTxt.mqh, FileBin.mqh", () => {
  test("CFileTxt: opening, writing and reading lines, flags, Unicode setting", async () => {
    const lines = await printedBy(
      `CFileTxt t;
       Print(t.Handle() == INVALID_HANDLE, " ", t.FileName() == "", " ", t.Flags() == FILE_ANSI, " ", t.Size(), " ", t.Tell(), " ", t.IsEnding(), " ", t.IsLineEnding(), " ", t.WriteString("x"), " ", t.ReadString() == "", " ", t.Delete());
       int h = t.Open("notes/a.txt", FILE_WRITE);
       Print(h != INVALID_HANDLE, " ", t.Handle() == h, " ", t.FileName(), " ", t.Flags() == (FILE_ANSI | FILE_WRITE | FILE_TXT), " ", t.WriteString("first line\\r\\n"), " ", t.WriteString("second"), " ", t.Size(), " ", t.Tell());
       t.SetUnicode(true);
       t.SetCommon(true);
       Print(t.Flags() == (FILE_ANSI | FILE_WRITE | FILE_TXT));
       t.Close();
       Print(t.Handle() == INVALID_HANDLE, " ", t.FileName() == "", " ", t.Flags() == FILE_ANSI, " ", t.IsExist("notes/a.txt"), " ", FileIsExist("notes\\\\a.txt"));
       t.Open("notes/a.txt", FILE_READ);
       Print(t.ReadString(), "|", t.IsLineEnding(), "|", t.IsEnding(), "|", t.ReadString(), "|", t.IsEnding(), "|", t.ReadString() == "");
       t.Seek(6, SEEK_SET);
       Print(t.Tell(), " ", t.ReadString());
       t.Flush();
       t.Close();
       t.SetUnicode(true);
       Print(t.Flags() == FILE_UNICODE, " ", t.Open("u.txt", FILE_WRITE) != INVALID_HANDLE, " ", t.Flags() == (FILE_UNICODE | FILE_WRITE | FILE_TXT), " ", t.WriteString("héllo"), " ", t.Size());
       t.Close();
       h = FileOpen("u.txt", FILE_READ | FILE_TXT | FILE_UNICODE);
       Print(FileReadString(h));
       FileClose(h);
       t.SetUnicode(false);
       Print(t.Flags() == FILE_ANSI, " ", t.Open("missing.txt", FILE_READ) == INVALID_HANDLE, " ", t.Handle() == INVALID_HANDLE, " ", t.FileName() == "");`,
      "#include <Files/FileTxt.mqh>",
    );
    expect(lines).toEqual([
      "true true true 0 0 false false 0 true false",
      "true true notes/a.txt true 12 6 18 18",
      "true",
      "true true true true true",
      "first line|true|false|second|true|true",
      "6 line",
      "true true true 10 12",
      "héllo",
      "true true true true",
    ]);
  });

  test("CFile: CSV and binary opens, common folder, deleting, copying, moving, folders, searches", async () => {
    const lines = await printedBy(
      `CFile f;
       Print(f.Open("x.csv", FILE_WRITE | FILE_CSV) != INVALID_HANDLE, " ", f.Flags() == (FILE_ANSI | FILE_WRITE | FILE_CSV), " ", FileWrite(f.Handle(), "a", 1), " ", f.IsLineEnding());
       Print(f.Open("y.bin", FILE_WRITE | FILE_BIN) != INVALID_HANDLE, " ", f.FileName(), " ", FileDelete("x.csv"), " ", f.IsLineEnding());
       f.Close();
       f.SetCommon(true);
       Print(f.Flags() == (FILE_ANSI | FILE_COMMON), " ", f.Open("c.txt", FILE_WRITE) != INVALID_HANDLE, " ", (f.Flags() & FILE_COMMON) != 0);
       f.Close();
       Print(f.Flags() == (FILE_ANSI | FILE_COMMON), " ", FileIsExist("c.txt"), " ", FileIsExist("c.txt", FILE_COMMON), " ", f.IsExist("c.txt", FILE_COMMON), " ", f.FolderCreate("cf"));
       string name = "";
       long search = f.FileFindFirst("*", name);
       string next = "";
       Print(search != INVALID_HANDLE, " ", name, " ", f.FileFindNext(search, next), " ", next, " ", f.FileFindNext(search, next));
       f.FileFindClose(search);
       Print(f.FolderDelete("cf"), " ", f.Delete("c.txt", FILE_COMMON), " ", FileIsExist("c.txt", FILE_COMMON));
       f.SetCommon(false);
       f.Open("d.txt", FILE_WRITE);
       Print(f.Delete("d.txt"), " ", f.Handle() == INVALID_HANDLE, " ", f.IsExist("d.txt"));
       f.Open("e.txt", FILE_WRITE);
       Print(f.Delete(), " ", f.IsExist("e.txt"), " ", f.Delete("e.txt"));
       h = FileOpen("notes/a.txt", FILE_WRITE | FILE_TXT);
       FileWriteString(h, "abc");
       FileClose(h);
       Print(f.Copy("notes/a.txt", 0, "notes/b.txt", 0), " ", f.Copy("notes/a.txt", 0, "notes/b.txt", 0), " ", f.Copy("notes/a.txt", 0, "notes/b.txt", FILE_REWRITE), " ", f.Move("notes/b.txt", 0, "notes/c.txt", 0), " ", f.IsExist("notes/b.txt"), " ", f.IsExist("notes/c.txt"));
       Print(f.FolderClean("notes"), " ", f.IsExist("notes/a.txt"), " ", f.FolderDelete("notes"), " ", f.FolderDelete("notes"));`,
      "#include <Files/File.mqh>\nint h;",
    );
    expect(lines).toEqual([
      "true true 5 false",
      "true y.bin true false",
      "true true true",
      "true false true true true",
      "true c.txt true cf\\ false",
      "true true false",
      "true true false",
      "true false false",
      "true false true true false true",
      "true false true false",
    ]);
  });

  test("CFileBin: values, strings, arrays and objects written and read back", async () => {
    const lines = await printedBy(
      `CFileBin b;
       Print(b.WriteInteger(1), " ", b.WriteDoubleArray(arr), " ", b.WriteObject(GetPointer(pt)));
       int h = b.Open("data/values.bin", FILE_WRITE);
       Print(h != INVALID_HANDLE, " ", (b.Flags() & FILE_BIN) != 0, " ", b.IsLineEnding());
       Print(b.WriteChar(-3), " ", b.WriteShort(-300), " ", b.WriteInteger(-70000), " ", b.WriteLong(1234567890123), " ", b.WriteFloat(0.5f), " ", b.WriteDouble(3.25), " ", b.WriteString("héllo"), " ", b.WriteString(""), " ", b.WriteString("abcdef", 3), " ", b.Tell());
       char ch[] = {1, -2, 3};
       short sh[] = {-1000, 2000};
       int in[] = {7, 8, 9, 10};
       long lo[] = {-5, 9007199254740993};
       float fl[] = {1.25f, -2.5f};
       Print(b.WriteCharArray(ch), " ", b.WriteShortArray(sh), " ", b.WriteIntegerArray(in, 1, 2), " ", b.WriteLongArray(lo), " ", b.WriteFloatArray(fl), " ", b.WriteDoubleArray(arr), " ", b.Tell());
       pt.x = 42;
       pt.y = 2.75;
       Print(b.WriteObject(GetPointer(pt)), " ", b.WriteObject(NULL), " ", b.Size());
       b.Close();
       b.Open("data/values.bin", FILE_READ);
       char c = 0;
       short s = 0;
       int i = 0;
       long l = 0;
       float fv = 0;
       double d = 0;
       string str = "", empty = "x", part = "";
       Print(b.ReadChar(c), b.ReadShort(s), b.ReadInteger(i), b.ReadLong(l), b.ReadFloat(fv), b.ReadDouble(d), b.ReadString(str), b.ReadString(empty), b.ReadString(part, 3), " ", c, " ", s, " ", i, " ", l, " ", (double)fv, " ", d, " ", str, " [", empty, "] ", part);
       char ch2[];
       short sh2[];
       int in2[];
       long lo2[];
       float fl2[];
       double db2[];
       Print(b.ReadCharArray(ch2, 0, 3), " ", b.ReadShortArray(sh2, 0, 2), " ", b.ReadIntegerArray(in2, 0, 2), " ", b.ReadLongArray(lo2, 0, 2), " ", b.ReadFloatArray(fl2, 0, 2), " ", b.ReadDoubleArray(db2, 1, 2));
       Print(ch2[1], " ", sh2[0], " ", in2[0], in2[1], " ", lo2[1], " ", (double)fl2[1], " ", ArraySize(db2), " ", db2[0], " ", db2[2]);
       CPoint back;
       Print(b.ReadObject(GetPointer(back)), " ", back.x, " ", back.y, " ", b.IsEnding(), " ", b.ReadInteger(i), " ", b.ReadObject(NULL));
       b.Close();
       CFileBin u;
       u.SetUnicode(true);
       u.Open("data/u.bin", FILE_WRITE);
       Print(u.WriteString("héllo"), " ", u.WriteString("ab", 4), " ", u.Size());
       u.Close();
       u.Open("data/u.bin", FILE_READ);
       Print(u.ReadString(str), " ", str, " ", u.ReadString(part, 4), " ", part, " ", u.ReadString(str));`,
      `#include <Files/FileBin.mqh>
       double arr[] = {1.5, 2.5};
       class CPoint : public CObject
         {
       public:
          int               x;
          double            y;
                            CPoint(void) : x(0), y(0) {}
          virtual bool      Save(const int handle) { return(FileWriteInteger(handle, x) == 4 && FileWriteDouble(handle, y) == 8); }
          virtual bool      Load(const int handle) { x = FileReadInteger(handle); y = FileReadDouble(handle); return(true); }
         };
       CPoint pt;`,
    );
    expect(lines).toEqual([
      "0 0 false",
      "true true false",
      "1 2 4 8 4 8 5 0 3 43",
      "3 2 2 2 2 2 98",
      "true false 110",
      "truetruetruetruetruetruetruetruetrue -3 -300 -70000 1234567890123 0.5 3.25 héllo [] abc",
      "3 2 2 2 2 2",
      "-2 -1000 89 9007199254740993 -2.5 3 0.0 2.5",
      "true 42 2.75 true false false",
      "10 8 22",
      "true héllo false ab false",
    ]);
  });
});

describe("every header together", () => {
  const ALL = [
    "ChartObjects/ChartObject.mqh",
    "ChartObjects/ChartObjectsLines.mqh",
    "ChartObjects/ChartObjectsTxtControls.mqh",
    "ChartObjects/ChartObjectsShapes.mqh",
    "ChartObjects/ChartObjectsArrows.mqh",
    "ChartObjects/ChartObjectsFibo.mqh",
    "ChartObjects/ChartObjectsChannels.mqh",
    "ChartObjects/ChartObjectsGann.mqh",
    "ChartObjects/ChartObjectsElliott.mqh",
    "ChartObjects/ChartObjectsBmpControls.mqh",
    "ChartObjects/ChartObjectSubChart.mqh",
    "Charts/Chart.mqh",
    "Trade/TerminalInfo.mqh",
    "Tools/DateTime.mqh",
    "MovingAverages.mqh",
    "Files/File.mqh",
    "Files/FileTxt.mqh",
    "Files/FileBin.mqh",
  ];

  test("an EA including all of them (MT5 spellings) runs its handlers", async () => {
    const includes = ALL.map((p) => `#include <${p.replace(/\//g, "\\")}>`).join("\n");
    const r = await run(
      `${includes}
#include <Arrays/ArrayObj.mqh>
#include <Trade/Trade.mqh>
CArrayObj     g_objects;
CChart        g_chart;
CTerminalInfo g_terminal;
CFileTxt      g_log;
int OnInit()
  {
   g_chart.Attach();
   g_chart.Mode(CHART_CANDLES);
   CChartObjectRectLabel *panel = new CChartObjectRectLabel;
   panel.Create(0, "ea.panel", 0, 10, 10, 200, 60);
   g_objects.Add(panel);
   CChartObjectLabel *label = new CChartObjectLabel;
   label.Create(0, "ea.label", 0, 20, 20);
   g_objects.Add(label);
   CChartObjectButton *button = new CChartObjectButton;
   button.Create(0, "ea.button", 0, 20, 40, 80, 20);
   button.Description("Close");
   g_objects.Add(button);
   CChartObjectHLine *level = new CChartObjectHLine;
   level.Create(0, "ea.level", 0, 1.1);
   g_objects.Add(level);
   g_log.Open("ea.log", FILE_WRITE);
   g_log.WriteString("start " + g_terminal.Name() + "\\r\\n");
   Print(ObjectsTotal(0), " ", g_objects.Total(), " ", g_terminal.IsConnected(), " ", g_chart.Mode() == CHART_CANDLES);
   return(INIT_SUCCEEDED);
  }
void OnTick()
  {
   double closes[];
   int n = CopyClose(_Symbol, _Period, 0, 10, closes);
   double sma[];
   SimpleMAOnBuffer(n, 0, 0, 5, closes, sma);
   CDateTime now;
   now.DateTime(TimeCurrent());
   CChartObjectLabel *label = g_objects.At(1);
   label.Description(now.ShortDayName() + " " + DoubleToString(sma[n - 1], 5));
   CChartObjectHLine *level = g_objects.At(3);
   level.Price(0, NormalizeDouble(SimpleMA(n - 1, 5, closes), 5));
   Print(n, " ", MathAbs(sma[n - 1] - SimpleMA(n - 1, 5, closes)) < 1e-12, " ", StringLen(label.Description()) > 3, " ", ObjectGetDouble(0, "ea.level", OBJPROP_PRICE) == NormalizeDouble(sma[n - 1], 5));
  }
void OnDeinit(const int reason)
  {
   g_log.WriteString("stop\\r\\n");
   g_log.Close();
   g_objects.Clear();
   CFileTxt check;
   check.Open("ea.log", FILE_READ);
   string first = check.ReadString();
   Print(ObjectsTotal(0), " ", first, " ", check.ReadString());
   check.Close();
  }
`,
    );
    expect(r.init.ok).toBe(true);
    expect(r.tick().ok).toBe(true);
    expect(r.dispatch({ type: "deinit", reason: 1 }).ok).toBe(true);
    expect(r.printed).toEqual(["4 4 true true", "10 true true true", "0 start TAS Terminal stop"]);
  });
});
