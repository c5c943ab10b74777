/**
 * The EA's chart as the server keeps it: graphical objects (ObjectCreate, ObjectDelete,
 * ObjectsDeleteAll, ObjectFind, ObjectName, ObjectsTotal, ObjectMove, ObjectSet… and ObjectGet…,
 * ObjectGetValueByTime/ObjectGetTimeByValue), the chart property table (ChartSet… and ChartGet…),
 * Comment and ChartRedraw. One chart per instance: the EA's own (chart id 0 or CHART_ID,
 * one window, no indicator subwindows).
 *
 * Owns: the object and property state of each RuntimeContext (kept here, by context), the
 * change tracking, and the wire shapes the host receives: `Outcome.chart` (a ChartDelta: the
 * first dispatch after load carries the whole state with `reset: true`, later ones the objects
 * created or changed — each in full — the names deleted, the chart properties changed and the
 * comment when it changed; absent when nothing changed) and `LoadMeta.chart` (a ChartState to
 * start from: the service restores an instance's chart after a restart).
 *
 * MQL5 behaviour kept: object names are unique per chart and ObjectName enumerates them in
 * lexicographic (case-sensitive) order; ObjectCreate on an existing name of the same type moves
 * the given anchor points and succeeds, of another type fails; objects made by a program are
 * hidden from the object list and not selectable; the read forms return the value (0 / "" with
 * _LastError set on failure), the `&` forms a bool with the value in a `{ value }` holder;
 * property ids of the three enums do not overlap, so an id of another enum is
 * ERR_OBJECT_WRONG_PROPERTY. Error codes: ERR_CHART_WRONG_ID (another chart),
 * ERR_OBJECT_NOT_FOUND, ERR_OBJECT_WRONG_PROPERTY (unknown or read-only property),
 * ERR_OBJECT_ERROR (a name taken by another type, a missing subwindow, a point or level index
 * out of range, an empty name, the object limit), ERR_OBJECT_GETDATE_FAILED /
 * ERR_OBJECT_GETVALUE_FAILED (an object that is not a line), ERR_CHART_WRONG_PROPERTY and
 * ERR_CHART_WRONG_PARAMETER for chart properties.
 *
 * Server choices (the reference is silent): the chart is 1280×560 pixels, one window; changes are
 * published at the end of the event that made them (as if ChartRedraw ran after every event), so
 * ChartRedraw only checks its chart id; at most MAX_OBJECTS objects; string values are clipped at
 * MAX_TEXT characters; line values by time are computed in bar space over the chart's bars (the
 * chart has no weekend gaps), continuing at the timeframe's bar length beyond them.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import {
  ENUM_CHART_PROPERTY_DOUBLE as CD,
  ENUM_CHART_PROPERTY_INTEGER as CI,
  ENUM_CHART_PROPERTY_STRING as CS,
  ENUM_OBJECT as OBJ,
  ENUM_OBJECT_PROPERTY_DOUBLE as OPD,
  ENUM_OBJECT_PROPERTY_INTEGER as OPI,
  ENUM_OBJECT_PROPERTY_STRING as OPS,
} from "./chart-constants.ts";
import { ERR, timeframeSeconds } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { printValue } from "./format.ts";
import { isRecord } from "./protocol.ts";
import type { Series } from "./series.ts";
import { CHART_ID } from "./terminal.ts";

// ───────────────────────────── wire shapes ─────────────────────────────

/** One anchor point: an MQL5 datetime (server seconds) and a price. */
export interface WirePoint {
  time: number;
  price: number;
}

/** One level of a level object (Fibonacci tools): OBJPROP_LEVELVALUE/COLOR/STYLE/WIDTH/TEXT. */
export interface WireLevel {
  value: number;
  color: number;
  style: number;
  width: number;
  text: string;
}

/** A graphical object in full. */
export interface WireChartObject {
  name: string;
  /** ENUM_OBJECT member name: "OBJ_TREND". */
  type: string;
  /** Subwindow (always 0: the chart has one window). */
  window: number;
  /** OBJPROP_CREATETIME (server seconds). */
  created: number;
  /** OBJPROP_TIME / OBJPROP_PRICE of each anchor point (modifier = index). */
  points: WirePoint[];
  /** Levels (OBJPROP_LEVELS of them); present only on objects that have levels. */
  levels?: WireLevel[];
  /** Every other property the object has, by OBJPROP_ name in lower case without the prefix
   * ("color", "fontsize", "text"); a value with a modifier above 0 as `name[modifier]`. Numbers
   * as ObjectGetInteger/Double return them (colours 0x00BBGGRR, booleans 0/1). */
  props: Record<string, number | string>;
}

/** What changed on the chart during an event (Outcome.chart). */
export interface ChartDelta {
  /** The whole state follows: replace what you hold. */
  reset?: true;
  /** The comment (Comment / CHART_COMMENT), when it changed. */
  comment?: string;
  /** Objects created or changed, each in full. */
  objects?: WireChartObject[];
  /** Names of objects deleted (or renamed away). */
  deleted?: string[];
  /** Chart properties that changed, by CHART_ name in lower case without the prefix. */
  properties?: Record<string, number | string>;
}

/** A chart in full (LoadMeta.chart; the service's stored state). */
export interface ChartState {
  comment: string;
  objects: WireChartObject[];
  properties: Record<string, number | string>;
}

// ───────────────────────────── tables ─────────────────────────────

/** Most objects one chart holds; ObjectCreate fails beyond (ERR_OBJECT_ERROR). */
export const MAX_OBJECTS = 5000;
/** Longest string property value / comment kept, characters. */
export const MAX_TEXT = 4096;
/** The chart's size in pixels (CHART_WIDTH_IN_PIXELS, default CHART_HEIGHT_IN_PIXELS). */
export const CHART_WIDTH_PX = 1280;
export const CHART_HEIGHT_PX = 560;

const E = (name: string): number => ERR[name] ?? 4001;
const rgb = (r: number, g: number, b: number): number => r | (g << 8) | (b << 16);
const clrRed = rgb(255, 0, 0);
const clrBlack = 0;
const clrWhite = rgb(255, 255, 255);
const clrLime = rgb(0, 255, 0);
const clrSilver = rgb(192, 192, 192);
const clrLightSlateGray = rgb(119, 136, 153);
const clrLimeGreen = rgb(50, 205, 50);
const clrLightGray = rgb(211, 211, 211);
const clrNONE = -1;
const EMPTY_VALUE = Number.MAX_VALUE;

const id = (t: Readonly<Record<string, number>>, name: string): number => t[name] ?? -1;
const keyOf = (name: string, prefix: string): string => name.slice(prefix.length).toLowerCase();
const typeName = new Map(Object.entries(OBJ).map(([n, v]) => [v, n]));

type Kind = "i" | "d" | "s";
interface PropInfo {
  readonly id: number;
  readonly name: string;
  readonly key: string;
  readonly kind: Kind;
}

function propTable(t: Readonly<Record<string, number>>, kind: Kind, prefix: string) {
  const out = new Map<number, PropInfo>();
  for (const [name, v] of Object.entries(t)) {
    out.set(v, { id: v, name, key: keyOf(name, prefix), kind });
  }
  return out;
}

const OBJECT_PROPS = new Map<number, PropInfo>([
  ...propTable(OPI, "i", "OBJPROP_"),
  ...propTable(OPD, "d", "OBJPROP_"),
  ...propTable(OPS, "s", "OBJPROP_"),
]);
const OBJECT_PROP_BY_KEY = new Map([...OBJECT_PROPS.values()].map((p) => [p.key, p]));
const CHART_PROPS = new Map<number, PropInfo>([
  ...propTable(CI, "i", "CHART_"),
  ...propTable(CD, "d", "CHART_"),
  ...propTable(CS, "s", "CHART_"),
]);

const P = {
  time: id(OPI, "OBJPROP_TIME"),
  price: id(OPD, "OBJPROP_PRICE"),
  type: id(OPI, "OBJPROP_TYPE"),
  created: id(OPI, "OBJPROP_CREATETIME"),
  name: id(OPS, "OBJPROP_NAME"),
  chartId: id(OPI, "OBJPROP_CHART_ID"),
  levels: id(OPI, "OBJPROP_LEVELS"),
  levelColor: id(OPI, "OBJPROP_LEVELCOLOR"),
  levelStyle: id(OPI, "OBJPROP_LEVELSTYLE"),
  levelWidth: id(OPI, "OBJPROP_LEVELWIDTH"),
  levelValue: id(OPD, "OBJPROP_LEVELVALUE"),
  levelText: id(OPS, "OBJPROP_LEVELTEXT"),
};

/** Integer object properties MT5 keeps as bool (any non-zero value reads back as 1). */
const BOOL_PROPS = new Set(
  [
    "BACK",
    "SELECTED",
    "SELECTABLE",
    "HIDDEN",
    "RAY_LEFT",
    "RAY_RIGHT",
    "RAY",
    "ELLIPSE",
    "DRAWLINES",
    "STATE",
    "DATE_SCALE",
    "PRICE_SCALE",
    "READONLY",
    "FILL",
  ].map((n) => id(OPI, `OBJPROP_${n}`)),
);

const T = (name: string): number => id(OBJ, name);

/** Anchor points of each object type (MT5's; screen objects keep one unused point). */
function pointCount(type: number): number {
  switch (type) {
    case T("OBJ_CHANNEL"):
    case T("OBJ_PITCHFORK"):
    case T("OBJ_FIBOCHANNEL"):
    case T("OBJ_EXPANSION"):
    case T("OBJ_ELLIOTWAVE3"):
    case T("OBJ_TRIANGLE"):
    case T("OBJ_ELLIPSE"):
      return 3;
    case T("OBJ_ELLIOTWAVE5"):
      return 5;
    case T("OBJ_TREND"):
    case T("OBJ_TRENDBYANGLE"):
    case T("OBJ_CYCLES"):
    case T("OBJ_ARROWED_LINE"):
    case T("OBJ_STDDEVCHANNEL"):
    case T("OBJ_REGRESSION"):
    case T("OBJ_GANNLINE"):
    case T("OBJ_GANNFAN"):
    case T("OBJ_GANNGRID"):
    case T("OBJ_FIBO"):
    case T("OBJ_FIBOTIMES"):
    case T("OBJ_FIBOFAN"):
    case T("OBJ_FIBOARC"):
    case T("OBJ_RECTANGLE"):
      return 2;
    default:
      return 1;
  }
}

const SCREEN_TYPES = new Set(
  [
    "OBJ_LABEL",
    "OBJ_BUTTON",
    "OBJ_BITMAP_LABEL",
    "OBJ_EDIT",
    "OBJ_RECTANGLE_LABEL",
    "OBJ_CHART",
  ].map(T),
);
const TEXT_TYPES = new Set(["OBJ_TEXT", "OBJ_LABEL", "OBJ_BUTTON", "OBJ_EDIT"].map(T));
const RAY_TYPES = new Set(
  [
    "OBJ_TREND",
    "OBJ_TRENDBYANGLE",
    "OBJ_ARROWED_LINE",
    "OBJ_CHANNEL",
    "OBJ_STDDEVCHANNEL",
    "OBJ_REGRESSION",
    "OBJ_GANNLINE",
    "OBJ_FIBO",
    "OBJ_FIBOCHANNEL",
    "OBJ_EXPANSION",
  ].map(T),
);
const FILL_TYPES = new Set(
  [
    "OBJ_RECTANGLE",
    "OBJ_TRIANGLE",
    "OBJ_ELLIPSE",
    "OBJ_CHANNEL",
    "OBJ_STDDEVCHANNEL",
    "OBJ_REGRESSION",
  ].map(T),
);
const LEVEL_TYPES = new Set(
  [
    "OBJ_FIBO",
    "OBJ_FIBOTIMES",
    "OBJ_FIBOFAN",
    "OBJ_FIBOARC",
    "OBJ_FIBOCHANNEL",
    "OBJ_EXPANSION",
    "OBJ_GANNFAN",
    "OBJ_GANNGRID",
  ].map(T),
);
const ARROW_CODES: ReadonlyMap<number, number> = new Map([
  [T("OBJ_ARROW_THUMB_UP"), 67],
  [T("OBJ_ARROW_THUMB_DOWN"), 68],
  [T("OBJ_ARROW_UP"), 241],
  [T("OBJ_ARROW_DOWN"), 242],
  [T("OBJ_ARROW_STOP"), 251],
  [T("OBJ_ARROW_CHECK"), 252],
  [T("OBJ_ARROW_LEFT_PRICE"), 5],
  [T("OBJ_ARROW_RIGHT_PRICE"), 6],
]);
/** OBJ_FIBO's levels as MT5 draws a new one (ratios of the 1st → 2nd point distance). */
const FIBO_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 1, 1.618, 2.618, 4.236];

/** The properties (besides points and levels) a new object of `type` has, by wire key. */
function defaultProps(
  type: number,
  chartSymbol: string,
  chartTf: number,
): Map<string, number | string> {
  const p = new Map<string, number | string>([
    ["color", clrRed],
    ["style", 0],
    ["width", 1],
    ["back", 0],
    ["selected", 0],
    ["selectable", 0],
    ["hidden", 1],
    ["zorder", 0],
    ["timeframes", 0x1fffff],
    ["text", ""],
    ["tooltip", ""],
  ]);
  if (TEXT_TYPES.has(type)) {
    p.set("font", "Arial");
    p.set("fontsize", 10);
    p.set("angle", 0);
    p.set("anchor", 0);
  }
  if (SCREEN_TYPES.has(type)) {
    p.set("corner", 0);
    p.set("xdistance", 0);
    p.set("ydistance", 0);
    p.set("xsize", 0);
    p.set("ysize", 0);
  }
  if (RAY_TYPES.has(type)) {
    p.set("ray_left", 0);
    p.set("ray_right", 0);
  }
  if (FILL_TYPES.has(type)) {
    p.set("fill", 0);
  }
  const arrow = ARROW_CODES.get(type);
  if (arrow !== undefined || type === T("OBJ_ARROW")) {
    p.set("arrowcode", arrow ?? 241);
    p.set("anchor", 0);
  }
  switch (type) {
    case T("OBJ_VLINE"):
      p.set("ray", 1);
      break;
    case T("OBJ_TRENDBYANGLE"):
    case T("OBJ_GANNLINE"):
    case T("OBJ_GANNFAN"):
    case T("OBJ_GANNGRID"):
      p.set("angle", EMPTY_VALUE);
      if (type !== T("OBJ_TRENDBYANGLE")) {
        p.set("scale", 1);
        p.set("direction", 0);
      }
      break;
    case T("OBJ_FIBOARC"):
      p.set("scale", 1);
      p.set("ellipse", 0);
      break;
    case T("OBJ_STDDEVCHANNEL"):
      p.set("deviation", 1);
      break;
    case T("OBJ_ELLIOTWAVE3"):
    case T("OBJ_ELLIOTWAVE5"):
      p.set("degree", 0);
      p.set("drawlines", 1);
      break;
    case T("OBJ_BUTTON"):
      p.set("color", clrBlack);
      p.set("bgcolor", clrLightGray);
      p.set("border_color", clrNONE);
      p.set("state", 0);
      p.set("xsize", 100);
      p.set("ysize", 20);
      break;
    case T("OBJ_EDIT"):
      p.set("color", clrBlack);
      p.set("bgcolor", clrWhite);
      p.set("border_color", clrNONE);
      p.set("readonly", 0);
      p.set("align", 1);
      p.set("xsize", 100);
      p.set("ysize", 20);
      break;
    case T("OBJ_RECTANGLE_LABEL"):
      p.set("bgcolor", clrWhite);
      p.set("border_type", 0);
      p.set("xsize", 100);
      p.set("ysize", 100);
      break;
    case T("OBJ_BITMAP"):
    case T("OBJ_BITMAP_LABEL"):
      p.set("bmpfile", "");
      p.set("xoffset", 0);
      p.set("yoffset", 0);
      p.set("anchor", 0);
      break;
    case T("OBJ_CHART"):
      p.set("symbol", chartSymbol);
      p.set("period", chartTf);
      p.set("date_scale", 1);
      p.set("price_scale", 1);
      p.set("chart_scale", 2);
      p.set("xsize", 300);
      p.set("ysize", 200);
      break;
  }
  return p;
}

interface ChartPropDefault {
  readonly value: number | string;
  /** Read-only or computed: not settable, not in the state. */
  readonly ro?: true;
  /** Allowed range of a settable integer/double. */
  readonly min?: number;
  readonly max?: number;
  readonly bool?: true;
}

/** MT5's chart in its default black scheme (bars, lime on black), as a fresh chart opens. */
const CHART_DEFAULTS: ReadonlyMap<string, ChartPropDefault> = new Map<string, ChartPropDefault>([
  ["CHART_SHOW", { value: 1, bool: true }],
  ["CHART_IS_OBJECT", { value: 0, ro: true }],
  ["CHART_BRING_TO_TOP", { value: 1, bool: true }],
  ["CHART_CONTEXT_MENU", { value: 1, bool: true }],
  ["CHART_CROSSHAIR_TOOL", { value: 1, bool: true }],
  ["CHART_MOUSE_SCROLL", { value: 1, bool: true }],
  ["CHART_EVENT_MOUSE_WHEEL", { value: 1, bool: true }],
  ["CHART_EVENT_MOUSE_MOVE", { value: 0, bool: true }],
  ["CHART_EVENT_OBJECT_CREATE", { value: 0, bool: true }],
  ["CHART_EVENT_OBJECT_DELETE", { value: 0, bool: true }],
  ["CHART_MODE", { value: 0, min: 0, max: 2 }],
  ["CHART_FOREGROUND", { value: 0, bool: true }],
  ["CHART_SHIFT", { value: 1, bool: true }],
  ["CHART_AUTOSCROLL", { value: 1, bool: true }],
  ["CHART_KEYBOARD_CONTROL", { value: 1, bool: true }],
  ["CHART_QUICK_NAVIGATION", { value: 1, bool: true }],
  ["CHART_SCALE", { value: 2, min: 0, max: 5 }],
  ["CHART_SCALEFIX", { value: 0, bool: true }],
  ["CHART_SCALEFIX_11", { value: 0, bool: true }],
  ["CHART_SCALE_PT_PER_BAR", { value: 0, bool: true }],
  ["CHART_SHOW_TICKER", { value: 1, bool: true }],
  ["CHART_SHOW_OHLC", { value: 0, bool: true }],
  ["CHART_SHOW_BID_LINE", { value: 1, bool: true }],
  ["CHART_SHOW_ASK_LINE", { value: 0, bool: true }],
  ["CHART_SHOW_LAST_LINE", { value: 0, bool: true }],
  ["CHART_SHOW_PERIOD_SEP", { value: 0, bool: true }],
  ["CHART_SHOW_GRID", { value: 1, bool: true }],
  ["CHART_SHOW_VOLUMES", { value: 0, min: 0, max: 2 }],
  ["CHART_SHOW_OBJECT_DESCR", { value: 0, bool: true }],
  ["CHART_SHOW_TRADE_LEVELS", { value: 1, bool: true }],
  ["CHART_SHOW_TRADE_HISTORY", { value: 1, bool: true }],
  ["CHART_DRAG_TRADE_LEVELS", { value: 1, bool: true }],
  ["CHART_SHOW_DATE_SCALE", { value: 1, bool: true }],
  ["CHART_SHOW_PRICE_SCALE", { value: 1, bool: true }],
  ["CHART_SHOW_ONE_CLICK", { value: 0, bool: true }],
  ["CHART_IS_MAXIMIZED", { value: 1, bool: true }],
  ["CHART_IS_MINIMIZED", { value: 0, bool: true }],
  ["CHART_IS_DOCKED", { value: 1, bool: true }],
  ["CHART_FLOAT_LEFT", { value: 0 }],
  ["CHART_FLOAT_TOP", { value: 0 }],
  ["CHART_FLOAT_RIGHT", { value: 0 }],
  ["CHART_FLOAT_BOTTOM", { value: 0 }],
  ["CHART_HEIGHT_IN_PIXELS", { value: CHART_HEIGHT_PX, min: 0 }],
  ["CHART_COLOR_BACKGROUND", { value: clrBlack }],
  ["CHART_COLOR_FOREGROUND", { value: clrWhite }],
  ["CHART_COLOR_GRID", { value: clrLightSlateGray }],
  ["CHART_COLOR_VOLUME", { value: clrLimeGreen }],
  ["CHART_COLOR_CHART_UP", { value: clrLime }],
  ["CHART_COLOR_CHART_DOWN", { value: clrLime }],
  ["CHART_COLOR_CHART_LINE", { value: clrLime }],
  ["CHART_COLOR_CANDLE_BULL", { value: clrBlack }],
  ["CHART_COLOR_CANDLE_BEAR", { value: clrWhite }],
  ["CHART_COLOR_BID", { value: clrLightSlateGray }],
  ["CHART_COLOR_ASK", { value: clrRed }],
  ["CHART_COLOR_LAST", { value: clrSilver }],
  ["CHART_COLOR_STOP_LEVEL", { value: clrRed }],
  ["CHART_SHIFT_SIZE", { value: 10, min: 10, max: 50 }],
  ["CHART_FIXED_POSITION", { value: 0, min: 0, max: 100 }],
  ["CHART_FIXED_MAX", { value: 0 }],
  ["CHART_FIXED_MIN", { value: 0 }],
  ["CHART_POINTS_PER_BAR", { value: 1, min: 0 }],
  // computed / read-only
  ["CHART_VISIBLE_BARS", { value: 0, ro: true }],
  ["CHART_WINDOWS_TOTAL", { value: 1, ro: true }],
  ["CHART_WINDOW_IS_VISIBLE", { value: 1, ro: true }],
  ["CHART_WINDOW_HANDLE", { value: 0, ro: true }],
  ["CHART_WINDOW_YDISTANCE", { value: 0, ro: true }],
  ["CHART_FIRST_VISIBLE_BAR", { value: 0, ro: true }],
  ["CHART_WIDTH_IN_BARS", { value: 0, ro: true }],
  ["CHART_WIDTH_IN_PIXELS", { value: CHART_WIDTH_PX, ro: true }],
  ["CHART_PRICE_MIN", { value: 0, ro: true }],
  ["CHART_PRICE_MAX", { value: 0, ro: true }],
  ["CHART_EXPERT_NAME", { value: "", ro: true }],
  ["CHART_SCRIPT_NAME", { value: "", ro: true }],
]);
/** Properties answered per subwindow (only 0 exists). */
const PER_WINDOW = new Set([
  "CHART_WINDOW_IS_VISIBLE",
  "CHART_WINDOW_YDISTANCE",
  "CHART_HEIGHT_IN_PIXELS",
  "CHART_PRICE_MIN",
  "CHART_PRICE_MAX",
]);
const COMMENT_ID = id(CS, "CHART_COMMENT");

// ───────────────────────────── state ─────────────────────────────

const clip = (s: string): string => (s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s);
const toNum = (v: unknown): number => {
  const n = typeof v === "bigint" ? Number(v) : typeof v === "boolean" ? (v ? 1 : 0) : Number(v);
  return Number.isFinite(n) ? n : 0;
};
const toInt = (v: unknown): number => Math.trunc(toNum(v));
const toStr = (v: unknown): string => clip(typeof v === "string" ? v : printValue(v ?? ""));

interface ChartObject {
  name: string;
  type: number;
  window: number;
  created: number;
  points: WirePoint[];
  levels: WireLevel[] | undefined;
  props: Map<string, number | string>;
}

function objectToWire(o: ChartObject): WireChartObject {
  const out: WireChartObject = {
    name: o.name,
    type: typeName.get(o.type) ?? String(o.type),
    window: o.window,
    created: o.created,
    points: o.points.map((p) => ({ time: p.time, price: p.price })),
    props: Object.fromEntries(o.props),
  };
  if (o.levels) {
    out.levels = o.levels.map((l) => ({ ...l }));
  }
  return out;
}

/** One instance's chart: objects, properties, comment, and what changed since last reported. */
export class ChartModel {
  readonly objects = new Map<string, ChartObject>();
  readonly props = new Map<string, number | string>();
  comment = "";
  private full = true;
  private readonly dirtyObjects = new Set<string>();
  private readonly dirtyProps = new Set<string>();
  private commentDirty = false;

  constructor(
    readonly chartSymbol: string,
    readonly chartTf: number,
  ) {
    for (const [name, d] of CHART_DEFAULTS) {
      if (!d.ro) {
        this.props.set(name, d.value);
      }
    }
  }

  touch(name: string): void {
    this.dirtyObjects.add(name);
  }

  setComment(text: string): void {
    const t = clip(text);
    if (t !== this.comment) {
      this.comment = t;
      this.commentDirty = true;
    }
  }

  setProp(name: string, value: number | string): void {
    if (this.props.get(name) !== value) {
      this.props.set(name, value);
      this.dirtyProps.add(name);
    }
  }

  newObject(name: string, type: number, window: number, created: number): ChartObject {
    const o: ChartObject = {
      name,
      type,
      window,
      created,
      points: Array.from({ length: pointCount(type) }, () => ({ time: 0, price: 0 })),
      levels: LEVEL_TYPES.has(type)
        ? type === T("OBJ_FIBO")
          ? FIBO_LEVELS.map((value) => ({ value, color: clrRed, style: 0, width: 1, text: "" }))
          : []
        : undefined,
      props: defaultProps(type, this.chartSymbol, this.chartTf),
    };
    this.objects.set(name, o);
    this.touch(name);
    return o;
  }

  delete(name: string): boolean {
    if (!this.objects.delete(name)) {
      return false;
    }
    this.touch(name);
    return true;
  }

  /** Names in ObjectName's order (lexicographic by UTF-16 code units, case-sensitive). */
  sortedNames(): string[] {
    return [...this.objects.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  state(): ChartState {
    return {
      comment: this.comment,
      objects: this.sortedNames().flatMap((n) => {
        const o = this.objects.get(n);
        return o ? [objectToWire(o)] : [];
      }),
      properties: this.wireProps(this.props.keys()),
    };
  }

  private wireProps(names: Iterable<string>): Record<string, number | string> {
    const out: Record<string, number | string> = {};
    for (const name of names) {
      const v = this.props.get(name);
      if (v !== undefined) {
        out[keyOf(name, "CHART_")] = v;
      }
    }
    return out;
  }

  /** The changes since the last call (the whole state the first time), or undefined. */
  takeDelta(): ChartDelta | undefined {
    if (this.full) {
      this.full = false;
      this.clearDirty();
      return { reset: true, ...this.state() };
    }
    if (this.dirtyObjects.size === 0 && this.dirtyProps.size === 0 && !this.commentDirty) {
      return undefined;
    }
    const delta: ChartDelta = {};
    if (this.commentDirty) {
      delta.comment = this.comment;
    }
    const objects: WireChartObject[] = [];
    const deleted: string[] = [];
    for (const name of [...this.dirtyObjects].sort()) {
      const o = this.objects.get(name);
      if (o) {
        objects.push(objectToWire(o));
      } else {
        deleted.push(name);
      }
    }
    if (objects.length > 0) {
      delta.objects = objects;
    }
    if (deleted.length > 0) {
      delta.deleted = deleted;
    }
    if (this.dirtyProps.size > 0) {
      delta.properties = this.wireProps(this.dirtyProps);
    }
    this.clearDirty();
    return delta;
  }

  private clearDirty(): void {
    this.dirtyObjects.clear();
    this.dirtyProps.clear();
    this.commentDirty = false;
  }

  /** Restores a stored chart (LoadMeta.chart); unknown types, keys and values are skipped. */
  seed(raw: unknown): void {
    if (!isRecord(raw)) {
      return;
    }
    if (typeof raw.comment === "string") {
      this.comment = clip(raw.comment);
    }
    if (isRecord(raw.properties)) {
      for (const [key, v] of Object.entries(raw.properties)) {
        const name = `CHART_${key.toUpperCase()}`;
        const d = CHART_DEFAULTS.get(name);
        if (d && !d.ro && typeof v === typeof d.value) {
          this.props.set(name, typeof v === "string" ? clip(v) : toNum(v));
        }
      }
    }
    for (const rawObj of Array.isArray(raw.objects) ? raw.objects : []) {
      if (!isRecord(rawObj) || typeof rawObj.name !== "string" || rawObj.name === "") {
        continue;
      }
      const type = typeof rawObj.type === "string" ? OBJ[rawObj.type] : undefined;
      if (type === undefined || this.objects.size >= MAX_OBJECTS) {
        continue;
      }
      const o = this.newObject(rawObj.name, type, 0, toInt(rawObj.created));
      const points = Array.isArray(rawObj.points) ? rawObj.points : [];
      o.points.forEach((p, i) => {
        const r = points[i];
        if (isRecord(r)) {
          p.time = toInt(r.time);
          p.price = toNum(r.price);
        }
      });
      if (o.levels && Array.isArray(rawObj.levels)) {
        o.levels = rawObj.levels.filter(isRecord).map((l) => ({
          value: toNum(l.value),
          color: toInt(l.color),
          style: toInt(l.style),
          width: toInt(l.width),
          text: typeof l.text === "string" ? clip(l.text) : "",
        }));
      }
      if (isRecord(rawObj.props)) {
        for (const [key, v] of Object.entries(rawObj.props)) {
          const info = OBJECT_PROP_BY_KEY.get(key.replace(/\[\d+\]$/, ""));
          if (info && (typeof v === "string") === (info.kind === "s")) {
            o.props.set(key, typeof v === "string" ? clip(v) : toNum(v));
          }
        }
      }
    }
    this.clearDirty();
    this.full = true;
  }
}

const models = new WeakMap<RuntimeContext, ChartModel>();

/** The chart of a context (created on first use). */
export function chartOf(ctx: RuntimeContext): ChartModel {
  let m = models.get(ctx);
  if (!m) {
    m = new ChartModel(ctx.chartSymbol, ctx.chartTimeframe);
    models.set(ctx, m);
  }
  return m;
}

/** LoadMeta.chart: the chart the program starts on. */
export function seedChart(ctx: RuntimeContext, raw: unknown): void {
  chartOf(ctx).seed(raw);
}

/** Outcome.chart of an event: what changed (everything after load), or undefined. */
export function takeChartDelta(ctx: RuntimeContext): ChartDelta | undefined {
  return chartOf(ctx).takeDelta();
}

// ───────────────────────────── the API ─────────────────────────────

export function chartApi(ctx: RuntimeContext): Record<string, unknown> {
  const chart = (): ChartModel => chartOf(ctx);
  const fail = <T>(err: string, value: T): T => {
    ctx.setError(E(err));
    return value;
  };
  const isThisChart = (chartId: unknown): boolean => {
    const c = toNum(chartId ?? 0);
    return c === 0 || c === CHART_ID;
  };
  const holder = (v: unknown): v is Record<string, unknown> => isRecord(v);
  /** Short form: the value (or `zero` on failure); long form: a bool and `ref.value`. */
  const answer = <T>(ref: unknown, v: T | undefined, zero: T): T | boolean => {
    if (holder(ref)) {
      if (v === undefined) {
        return false;
      }
      ref.value = v;
      return true;
    }
    return v === undefined ? zero : v;
  };

  /** The chart's bars (its symbol and timeframe) if the host sent them; never created here. */
  const chartSeries = (): Series | undefined => {
    for (const s of ctx.series.values()) {
      if (s.symbol === ctx.chartSymbol && s.timeframe === ctx.chartTimeframe && s.length > 0) {
        return s;
      }
    }
    return undefined;
  };

  const findObject = (chartId: unknown, name: unknown): ChartObject | undefined => {
    if (!isThisChart(chartId)) {
      return fail("ERR_CHART_WRONG_ID", undefined);
    }
    const o = typeof name === "string" ? chart().objects.get(name) : undefined;
    return o ?? fail("ERR_OBJECT_NOT_FOUND", undefined);
  };

  // ---- objects ------------------------------------------------------------------------------

  const movePoint = (o: ChartObject, index: number, time: unknown, price: unknown): void => {
    const p = o.points[index];
    if (!p) {
      return;
    }
    const t = toInt(time);
    const v = toNum(price);
    if (p.time !== t || p.price !== v) {
      p.time = t;
      p.price = v;
      chart().touch(o.name);
    }
  };

  const objectCreate = (
    chartId: unknown,
    name: unknown,
    type: unknown,
    window: unknown,
    ...coords: unknown[]
  ): boolean => {
    if (!isThisChart(chartId)) {
      return fail("ERR_CHART_WRONG_ID", false);
    }
    const t = toInt(type);
    if (typeof name !== "string" || name === "" || !typeName.has(t) || toInt(window) !== 0) {
      return fail("ERR_OBJECT_ERROR", false);
    }
    const c = chart();
    let o = c.objects.get(name);
    if (o && o.type !== t) {
      return fail("ERR_OBJECT_ERROR", false);
    }
    if (!o) {
      if (c.objects.size >= MAX_OBJECTS) {
        return fail("ERR_OBJECT_ERROR", false);
      }
      o = c.newObject(name, t, 0, ctx.now());
    }
    // MQL5 fills anchor points from the given (time, price) pairs; an existing object moves.
    for (let i = 0; i * 2 < coords.length && i < o.points.length; i += 1) {
      movePoint(o, i, coords[i * 2], coords[i * 2 + 1] ?? 0);
    }
    return true;
  };

  const filterNames = (window: unknown, type: unknown, prefix = ""): string[] => {
    const w = toInt(window ?? -1);
    const t = toInt(type ?? -1);
    const c = chart();
    return c.sortedNames().filter((n) => {
      const o = c.objects.get(n);
      return (
        o !== undefined &&
        n.startsWith(prefix) &&
        (w < 0 || o.window === w) &&
        (t < 0 || o.type === t)
      );
    });
  };

  const objectsDeleteAll = (chartId: unknown, ...args: unknown[]): number => {
    if (!isThisChart(chartId)) {
      return fail("ERR_CHART_WRONG_ID", -1);
    }
    const names =
      typeof args[0] === "string"
        ? filterNames(args[1], args[2], args[0])
        : filterNames(args[0], args[1]);
    for (const n of names) {
      chart().delete(n);
    }
    return names.length;
  };

  /** The level `index` of an object, or undefined (ERR_OBJECT_ERROR). */
  const levelAt = (o: ChartObject, index: number): WireLevel | undefined =>
    o.levels?.[index] ?? fail("ERR_OBJECT_ERROR", undefined);

  const LEVEL_FIELD = new Map<number, keyof WireLevel>([
    [P.levelColor, "color"],
    [P.levelStyle, "style"],
    [P.levelWidth, "width"],
    [P.levelValue, "value"],
    [P.levelText, "text"],
  ]);

  const propKey = (info: PropInfo, modifier: number): string =>
    modifier > 0 ? `${info.key}[${modifier}]` : info.key;

  /** Reads a property; undefined (with _LastError) on failure. */
  const getProp = (
    chartId: unknown,
    name: unknown,
    prop: unknown,
    modifier: unknown,
    kind: Kind,
  ): number | string | undefined => {
    const o = findObject(chartId, name);
    if (!o) {
      return undefined;
    }
    const pid = toInt(prop);
    const info = OBJECT_PROPS.get(pid);
    if (!info || info.kind !== kind) {
      return fail("ERR_OBJECT_WRONG_PROPERTY", undefined);
    }
    const mod = Math.max(0, toInt(modifier ?? 0));
    if (pid === P.time || pid === P.price) {
      const p = o.points[mod];
      if (!p) {
        return fail("ERR_OBJECT_ERROR", undefined);
      }
      return pid === P.time ? p.time : p.price;
    }
    const field = LEVEL_FIELD.get(pid);
    if (field) {
      return levelAt(o, mod)?.[field];
    }
    switch (pid) {
      case P.type:
        return o.type;
      case P.created:
        return o.created;
      case P.name:
        return o.name;
      case P.chartId:
        return 0;
      case P.levels:
        return o.levels?.length ?? 0;
    }
    return o.props.get(propKey(info, mod)) ?? (kind === "s" ? "" : 0);
  };

  const setProp = (
    chartId: unknown,
    name: unknown,
    prop: unknown,
    modifier: unknown,
    value: unknown,
    kind: Kind,
  ): boolean => {
    const o = findObject(chartId, name);
    if (!o) {
      return false;
    }
    const pid = toInt(prop);
    const info = OBJECT_PROPS.get(pid);
    if (!info || info.kind !== kind || pid === P.type || pid === P.created || pid === P.chartId) {
      return fail("ERR_OBJECT_WRONG_PROPERTY", false);
    }
    const mod = Math.max(0, toInt(modifier));
    const c = chart();
    if (pid === P.time || pid === P.price) {
      const p = o.points[mod];
      if (!p) {
        return fail("ERR_OBJECT_ERROR", false);
      }
      movePoint(o, mod, pid === P.time ? value : p.time, pid === P.price ? value : p.price);
      return true;
    }
    if (pid === P.name) {
      const next = toStr(value);
      if (next === o.name) {
        return true;
      }
      if (next === "" || c.objects.has(next)) {
        return fail("ERR_OBJECT_ERROR", false);
      }
      c.delete(o.name);
      o.name = next;
      c.objects.set(next, o);
      c.touch(next);
      return true;
    }
    if (pid === P.levels) {
      if (!o.levels) {
        return fail("ERR_OBJECT_ERROR", false);
      }
      const n = Math.max(0, Math.min(32, toInt(value)));
      if (n !== o.levels.length) {
        const color = toInt(o.props.get("color") ?? clrRed);
        o.levels.length = Math.min(o.levels.length, n);
        while (o.levels.length < n) {
          o.levels.push({ value: 0, color, style: 0, width: 1, text: "" });
        }
        c.touch(o.name);
      }
      return true;
    }
    const field = LEVEL_FIELD.get(pid);
    if (field) {
      const level = levelAt(o, mod);
      if (!level) {
        return false;
      }
      const v = field === "text" ? toStr(value) : field === "value" ? toNum(value) : toInt(value);
      if (level[field] !== v) {
        (level as unknown as Record<string, number | string>)[field] = v;
        c.touch(o.name);
      }
      return true;
    }
    const v =
      kind === "s"
        ? toStr(value)
        : kind === "d"
          ? toNum(value)
          : BOOL_PROPS.has(pid)
            ? toNum(value) !== 0
              ? 1
              : 0
            : toInt(value);
    const key = propKey(info, mod);
    if (o.props.get(key) !== v) {
      o.props.set(key, v);
      c.touch(o.name);
    }
    return true;
  };

  /** ObjectSetX(chart, name, prop, value) or ObjectSetX(chart, name, prop, modifier, value). */
  const setter =
    (kind: Kind) =>
    (chartId: unknown, name: unknown, prop: unknown, ...rest: unknown[]): boolean =>
      rest.length >= 2
        ? setProp(chartId, name, prop, rest[0], rest[1], kind)
        : setProp(chartId, name, prop, 0, rest[0], kind);

  /** ObjectGetX(chart, name, prop, modifier=0) → value; (…, modifier, &var) → bool. */
  const getter =
    <Z extends number | string>(kind: Kind, zero: Z) =>
    (chartId: unknown, name: unknown, prop: unknown, modifier?: unknown, ref?: unknown) =>
      answer(ref, getProp(chartId, name, prop, modifier, kind) as Z | undefined, zero);

  // ---- line values ---------------------------------------------------------------------------

  /** Bar-space position of a time on the chart (fractional bar index). */
  const barPos = (t: number): number => {
    const s = chartSeries();
    const tf = Math.max(1, timeframeSeconds(ctx.chartTimeframe));
    if (!s) {
      return t / tf;
    }
    const first = s.time[0] ?? 0;
    const lastIndex = s.length - 1;
    const last = s.time[lastIndex] ?? 0;
    if (t < first) {
      return (t - first) / tf;
    }
    if (t >= last) {
      return lastIndex + (t - last) / tf;
    }
    const i = s.indexAtOrBefore(t);
    const bt = s.time[i] ?? first;
    return i + Math.min(1, (t - bt) / tf);
  };
  /** The time of a bar-space position (the open time of the bar it falls in). */
  const timeAt = (x: number): number => {
    const s = chartSeries();
    const tf = Math.max(1, timeframeSeconds(ctx.chartTimeframe));
    if (!s) {
      return Math.round(x) * tf;
    }
    const i = Math.floor(x + 1e-9);
    const lastIndex = s.length - 1;
    if (i < 0) {
      return (s.time[0] ?? 0) + i * tf;
    }
    if (i > lastIndex) {
      return (s.time[lastIndex] ?? 0) + (i - lastIndex) * tf;
    }
    return s.time[i] ?? 0;
  };

  /** The line `lineId` of an object as (x0, y0, slope per bar), or undefined. */
  const lineOf = (o: ChartObject, lineId: number): [number, number, number] | undefined => {
    const [a, b, c] = o.points;
    const straight =
      o.type === T("OBJ_TREND") ||
      o.type === T("OBJ_TRENDBYANGLE") ||
      o.type === T("OBJ_ARROWED_LINE") ||
      o.type === T("OBJ_CHANNEL");
    if (o.type === T("OBJ_HLINE") && a && lineId === 0) {
      return [0, a.price, 0];
    }
    if (!straight || !a || !b || lineId < 0 || lineId > (o.type === T("OBJ_CHANNEL") ? 1 : 0)) {
      return undefined;
    }
    const xa = barPos(a.time);
    const xb = barPos(b.time);
    if (xa === xb) {
      return undefined;
    }
    const slope = (b.price - a.price) / (xb - xa);
    if (lineId === 1) {
      if (!c) {
        return undefined;
      }
      const xc = barPos(c.time);
      return [xc, c.price, slope];
    }
    return [xa, a.price, slope];
  };

  const valueByTime = (chartId: unknown, name: unknown, time: unknown, lineId: unknown = 0) => {
    const o = findObject(chartId, name);
    if (!o) {
      return 0;
    }
    const line = lineOf(o, toInt(lineId));
    if (!line) {
      return fail("ERR_OBJECT_GETVALUE_FAILED", 0);
    }
    const [x0, y0, slope] = line;
    return y0 + slope * (barPos(toInt(time)) - x0);
  };

  const timeByValue = (chartId: unknown, name: unknown, value: unknown, lineId: unknown = 0) => {
    const o = findObject(chartId, name);
    if (!o) {
      return 0;
    }
    const line = lineOf(o, toInt(lineId));
    if (!line || line[2] === 0) {
      return fail("ERR_OBJECT_GETDATE_FAILED", 0);
    }
    const [x0, y0, slope] = line;
    return timeAt(x0 + (toNum(value) - y0) / slope);
  };

  // ---- chart properties ----------------------------------------------------------------------

  /** Visible bars, first visible bar, width in bars and the price range shown. */
  const geometry = () => {
    const c = chart();
    const num = (n: string): number => toNum(c.props.get(n));
    const px = 2 ** Math.max(0, Math.min(5, num("CHART_SCALE")));
    const widthInBars = Math.floor(CHART_WIDTH_PX / px);
    const area = num("CHART_SHIFT")
      ? CHART_WIDTH_PX * (1 - num("CHART_SHIFT_SIZE") / 100)
      : CHART_WIDTH_PX;
    const s = chartSeries();
    const visible = Math.min(Math.floor(area / px), s?.length ?? 0);
    let lo = 0;
    let hi = 0;
    if (s && visible > 0) {
      lo = Number.POSITIVE_INFINITY;
      hi = Number.NEGATIVE_INFINITY;
      for (let i = s.length - visible; i < s.length; i += 1) {
        lo = Math.min(lo, s.low[i] ?? lo);
        hi = Math.max(hi, s.high[i] ?? hi);
      }
    }
    if (num("CHART_SCALEFIX")) {
      lo = num("CHART_FIXED_MIN");
      hi = num("CHART_FIXED_MAX");
    }
    return { widthInBars, visible, lo, hi };
  };

  const chartValue = (name: string): number | string | undefined => {
    const c = chart();
    if (name === "CHART_COMMENT") {
      return c.comment;
    }
    const stored = c.props.get(name);
    switch (name) {
      case "CHART_VISIBLE_BARS":
        return geometry().visible;
      case "CHART_FIRST_VISIBLE_BAR":
        return Math.max(0, geometry().visible - 1);
      case "CHART_WIDTH_IN_BARS":
        return geometry().widthInBars;
      case "CHART_PRICE_MIN":
        return geometry().lo;
      case "CHART_PRICE_MAX":
        return geometry().hi;
      case "CHART_FIXED_MIN":
        return toNum(c.props.get("CHART_SCALEFIX")) ? stored : geometry().lo;
      case "CHART_FIXED_MAX":
        return toNum(c.props.get("CHART_SCALEFIX")) ? stored : geometry().hi;
      case "CHART_EXPERT_NAME":
        return ctx.programName;
    }
    return stored ?? CHART_DEFAULTS.get(name)?.value;
  };

  const chartGet = (chartId: unknown, prop: unknown, subWindow: unknown, kind: Kind) => {
    if (!isThisChart(chartId)) {
      return fail("ERR_CHART_WRONG_ID", undefined);
    }
    const info = CHART_PROPS.get(toInt(prop));
    if (!info || info.kind !== kind) {
      return fail("ERR_CHART_WRONG_PROPERTY", undefined);
    }
    if (toInt(subWindow ?? 0) !== 0 && PER_WINDOW.has(info.name)) {
      return fail("ERR_CHART_WRONG_PARAMETER", undefined);
    }
    return chartValue(info.name);
  };

  const chartSet = (chartId: unknown, prop: unknown, value: unknown, kind: Kind): boolean => {
    if (!isThisChart(chartId)) {
      return fail("ERR_CHART_WRONG_ID", false);
    }
    const pid = toInt(prop);
    const info = CHART_PROPS.get(pid);
    if (!info || info.kind !== kind) {
      return fail("ERR_CHART_WRONG_PROPERTY", false);
    }
    if (pid === COMMENT_ID) {
      setComment(toStr(value));
      return true;
    }
    const d = CHART_DEFAULTS.get(info.name);
    if (!d || d.ro) {
      return fail("ERR_CHART_WRONG_PROPERTY", false);
    }
    if (kind === "s") {
      chart().setProp(info.name, toStr(value));
      return true;
    }
    let v = kind === "d" ? toNum(value) : toInt(value);
    if (d.bool) {
      v = v !== 0 ? 1 : 0;
    }
    if ((d.min !== undefined && v < d.min) || (d.max !== undefined && v > d.max)) {
      return fail("ERR_CHART_WRONG_PARAMETER", false);
    }
    chart().setProp(info.name, v);
    return true;
  };

  const setComment = (text: string): void => {
    ctx.scratch.comment = text;
    chart().setComment(text);
  };

  return {
    Comment: (...args: unknown[]): void => setComment(args.map(printValue).join("")),
    ChartRedraw: (chartId: unknown = 0): void => {
      if (!isThisChart(chartId)) {
        ctx.setError(E("ERR_CHART_WRONG_ID"));
      }
    },
    ChartSetInteger: (chartId: unknown, prop: unknown, ...rest: unknown[]): boolean =>
      chartSet(chartId, prop, rest.length >= 2 ? rest[1] : rest[0], "i"),
    ChartSetDouble: (chartId: unknown, prop: unknown, value: unknown): boolean =>
      chartSet(chartId, prop, value, "d"),
    ChartSetString: (chartId: unknown, prop: unknown, value: unknown): boolean =>
      chartSet(chartId, prop, value, "s"),
    ChartGetInteger: (chartId: unknown, prop: unknown, subWindow?: unknown, ref?: unknown) =>
      answer(ref, chartGet(chartId, prop, subWindow, "i") as number | undefined, 0),
    ChartGetDouble: (chartId: unknown, prop: unknown, subWindow?: unknown, ref?: unknown) =>
      answer(ref, chartGet(chartId, prop, subWindow, "d") as number | undefined, 0),
    ChartGetString: (chartId: unknown, prop: unknown, ref?: unknown) =>
      answer(ref, chartGet(chartId, prop, 0, "s") as string | undefined, ""),
    ObjectCreate: objectCreate,
    ObjectDelete: (chartId: unknown, name: unknown): boolean => {
      const o = findObject(chartId, name);
      return o ? chart().delete(o.name) : false;
    },
    ObjectsDeleteAll: objectsDeleteAll,
    ObjectFind: (chartId: unknown, name: unknown): number =>
      findObject(chartId, name)?.window ?? -1,
    ObjectName: (chartId: unknown, pos: unknown, window?: unknown, type?: unknown): string => {
      if (!isThisChart(chartId)) {
        return fail("ERR_CHART_WRONG_ID", "");
      }
      return filterNames(window, type)[toInt(pos)] ?? fail("ERR_OBJECT_NOT_FOUND", "");
    },
    ObjectsTotal: (chartId: unknown, window?: unknown, type?: unknown): number => {
      if (!isThisChart(chartId)) {
        return fail("ERR_CHART_WRONG_ID", -1);
      }
      return filterNames(window, type).length;
    },
    ObjectMove: (
      chartId: unknown,
      name: unknown,
      index: unknown,
      time: unknown,
      price: unknown,
    ): boolean => {
      const o = findObject(chartId, name);
      if (!o) {
        return false;
      }
      const i = toInt(index);
      if (!o.points[i]) {
        return fail("ERR_OBJECT_ERROR", false);
      }
      movePoint(o, i, time, price);
      return true;
    },
    ObjectSetInteger: setter("i"),
    ObjectSetDouble: setter("d"),
    ObjectSetString: setter("s"),
    ObjectGetInteger: getter("i", 0),
    ObjectGetDouble: getter("d", 0),
    ObjectGetString: getter("s", ""),
    ObjectGetValueByTime: valueByTime,
    ObjectGetTimeByValue: timeByValue,
  };
}
