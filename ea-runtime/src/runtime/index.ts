/**
 * Entry point of the EA runtime bundle (evaluated in a fresh isolate before any user code).
 *
 * Owns the host contract:
 *  - captures the one privileged global `__host_call(kind, payloadJson): string` and deletes it;
 *  - installs the MQL5 API as non-writable globals and freezes the built-in prototypes and
 *    constructors the runtime relies on;
 *  - exposes `globalThis.__tas = { load(programJs, metaJson|meta), dispatch(eventJson) }`, both
 *    returning Outcome JSON. `load` removes `__tas` from the global before user code runs, so the
 *    host must keep its own references to `load` and `dispatch` (isolated-vm: get them as
 *    References right after evaluating the bundle).
 * Plain ECMAScript only: no Node, Bun or DOM APIs; imports only from ea-runtime/src/runtime.
 */

import { API_MODULES } from "./api-modules.ts";
import { seedCalendar } from "./calendar.ts";
import { seedChart, takeChartDelta } from "./chart.ts";
import { allConstants, MQL5_ENUMS } from "./constants.ts";
import { type HostCall, RuntimeContext } from "./context.ts";
import { setIndicatorModules } from "./custom-indicators.ts";
import { mqlGlobal } from "./mql.ts";
import { takeAlerts } from "./notify.ts";
import {
  compileProgram,
  createInputApi,
  HANDLER_NAMES,
  type Handlers,
  probeHeaderLines,
  readFileTable,
  readLineMap,
  StackMapper,
  type UserError,
} from "./program.ts";
import {
  isRecord,
  type LoadMeta,
  type Outcome,
  type WireEvent,
  type WireSeries,
} from "./protocol.ts";
import { EventScratch } from "./state.ts";
import { stdlibClasses } from "./stdlib.ts";
import { seedStorage, takeStorageDelta } from "./storage.ts";
import {
  assignFields,
  MqlCalendarCountry,
  MqlCalendarEvent,
  MqlCalendarValue,
  MqlDateTime,
  MqlRates,
  MqlTick,
  MqlTradeCheckResult,
  MqlTradeRequest,
  MqlTradeResult,
  MqlTradeTransaction,
  REQUEST_FIELDS,
  RESULT_FIELDS,
  TRANSACTION_FIELDS,
} from "./structs.ts";
import { Suspension } from "./suspend.ts";

/** ECMAScript's Symbol, captured before the MQL5 `Symbol()` global takes its name. */
const JsSymbol = globalThis.Symbol;

/**
 * MQL5's `Symbol()` (the chart symbol) under the global name ECMAScript uses for symbols: it
 * carries every static of the real Symbol (`Symbol.iterator`, `Symbol.for`…) and its prototype,
 * so JS code using them keeps working; `Symbol("desc")` with an argument still makes a JS symbol.
 */
function hybridSymbol(chartSymbol: () => string): unknown {
  const f = function (this: unknown, ...args: unknown[]): unknown {
    if (args.length === 0) {
      return chartSymbol();
    }
    return JsSymbol(String(args[0]));
  };
  for (const key of Reflect.ownKeys(JsSymbol)) {
    if (key === "length" || key === "name" || key === "prototype") {
      continue;
    }
    const d = Object.getOwnPropertyDescriptor(JsSymbol, key);
    if (d) {
      Object.defineProperty(f, key, d);
    }
  }
  Object.defineProperty(f, "prototype", { value: JsSymbol.prototype });
  Object.defineProperty(f, "name", { value: "Symbol" });
  return f;
}

/** Built-ins whose bindings and prototypes are frozen before user code runs. */
const INTRINSICS = [
  "Object",
  "Function",
  "Array",
  "String",
  "Number",
  "Boolean",
  "Symbol",
  "BigInt",
  "Error",
  "TypeError",
  "RangeError",
  "SyntaxError",
  "ReferenceError",
  "EvalError",
  "URIError",
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "Promise",
  "RegExp",
  "Date",
  "JSON",
  "Math",
  "Reflect",
  "ArrayBuffer",
  "DataView",
  "Float64Array",
  "Float32Array",
  "Int32Array",
  "Uint32Array",
  "Int16Array",
  "Uint16Array",
  "Int8Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "Proxy",
];

function freezeDeep(value: unknown): void {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) {
    return;
  }
  Object.freeze(value);
  if (typeof value === "function") {
    const proto: unknown = Reflect.get(value, "prototype");
    if (typeof proto === "object" && proto !== null) {
      Object.freeze(proto);
    }
  }
}

function hardenRealm(g: object): void {
  for (const name of INTRINSICS) {
    const v: unknown = Reflect.get(g, name);
    if (v === undefined) {
      continue;
    }
    freezeDeep(v);
    Object.defineProperty(g, name, {
      value: v,
      writable: false,
      configurable: false,
      enumerable: false,
    });
  }
  // Prototypes reachable only through instances.
  const arrayIter = Object.getPrototypeOf([][JsSymbol.iterator]());
  freezeDeep(arrayIter);
  freezeDeep(Object.getPrototypeOf(arrayIter));
  freezeDeep(Object.getPrototypeOf(new Map().entries()));
  freezeDeep(Object.getPrototypeOf(new Set().values()));
  freezeDeep(Object.getPrototypeOf(""[JsSymbol.iterator]()));
  freezeDeep(Object.getPrototypeOf(Uint8Array));
  freezeDeep(Object.getPrototypeOf(function* gen() {}));
  freezeDeep(Object.getPrototypeOf(async () => {}));
}

function define(g: object, name: string, value: unknown): void {
  Object.defineProperty(g, name, {
    value,
    writable: false,
    configurable: false,
    enumerable: false,
  });
}

function defineGetter(g: object, name: string, get: () => unknown): void {
  Object.defineProperty(g, name, { get, configurable: false, enumerable: false });
}

interface Loaded {
  ctx: RuntimeContext;
  handlers: Handlers;
  mapper: StackMapper;
  /** A handler suspended in Sleep, and the handler calls waiting for it. */
  suspension: Suspension;
}

function toMeta(raw: unknown): LoadMeta | undefined {
  const v: unknown = typeof raw === "string" ? JSON.parse(raw) : raw;
  if (!isRecord(v) || typeof v.symbol !== "string") {
    return undefined;
  }
  const inputs: Record<string, string | number | boolean> = {};
  if (isRecord(v.inputs)) {
    for (const [k, x] of Object.entries(v.inputs)) {
      if (typeof x === "string" || typeof x === "number" || typeof x === "boolean") {
        inputs[k] = x;
      }
    }
  }
  const meta: LoadMeta = {
    symbol: v.symbol,
    timeframe: typeof v.timeframe === "string" || typeof v.timeframe === "number" ? v.timeframe : 0,
    inputs,
  };
  if (typeof v.maxLogLines === "number") {
    meta.maxLogLines = v.maxLogLines;
  }
  if (typeof v.maxLogLineLength === "number") {
    meta.maxLogLineLength = v.maxLogLineLength;
  }
  if (typeof v.maxBars === "number") {
    meta.maxBars = v.maxBars;
  }
  if (v.history === "host" || v.history === "snapshot") {
    meta.history = v.history;
  }
  if (typeof v.localOffset === "number") {
    meta.localOffset = v.localOffset;
  }
  if (typeof v.programName === "string") {
    meta.programName = v.programName;
  }
  if (typeof v.memoryLimitMb === "number") {
    meta.memoryLimitMb = v.memoryLimitMb;
  }
  if (isRecord(v.chart)) {
    meta.chart = v.chart;
  }
  if (isRecord(v.storage)) {
    meta.storage = v.storage;
  }
  if (isRecord(v.calendar)) {
    meta.calendar = v.calendar;
  }
  return meta;
}

/** The log line of an uncaught error: its message, and for a critical MQL5 error its MQL5 stack. */
function errorLogText(error: UserError): string {
  return error.fatal && error.stack ? `${error.message}\n${error.stack}` : error.message;
}

/** Installs the runtime on `g` (the isolate's global object). */
export function installRuntime(g: object): void {
  const hostCallRaw: unknown = Reflect.get(g, "__host_call");
  Reflect.deleteProperty(g, "__host_call");
  const hostCall: HostCall =
    typeof hostCallRaw === "function"
      ? (kind, payload) => String(Reflect.apply(hostCallRaw, undefined, [kind, payload]))
      : () => JSON.stringify({ error: "no host connection" });

  const headerLines = probeHeaderLines();
  let loaded: Loaded | undefined;
  let busy = false;

  // The context lives behind a mutable cell so API globals can be installed once, up front.
  let current: RuntimeContext | undefined;
  const ctxOf = (): RuntimeContext => {
    if (!current) {
      throw new Error("EA runtime: no program loaded");
    }
    return current;
  };
  const lazyApi = (
    build: (ctx: RuntimeContext) => Record<string, unknown>,
  ): Record<string, unknown> => {
    const names = Object.keys(
      build(new RuntimeContext({ symbol: "", timeframe: 0, inputs: {} }, hostCall)),
    );
    const cache = new WeakMap<RuntimeContext, Record<string, unknown>>();
    const out: Record<string, unknown> = {};
    for (const name of names) {
      out[name] = (...args: unknown[]): unknown => {
        const ctx = ctxOf();
        let table = cache.get(ctx);
        if (!table) {
          table = build(ctx);
          cache.set(ctx, table);
        }
        const f = table[name];
        return typeof f === "function" ? Reflect.apply(f, undefined, args) : undefined;
      };
    }
    return out;
  };

  const api: Record<string, unknown> = {};
  for (const build of API_MODULES) {
    for (const [name, f] of Object.entries(lazyApi(build))) {
      if (name in api) {
        throw new Error(`EA runtime: ${name} is defined by two API modules`);
      }
      api[name] = f;
    }
  }
  const classes = stdlibClasses(api);
  const structs = {
    MqlTick,
    MqlRates,
    MqlDateTime,
    MqlTradeRequest,
    MqlTradeResult,
    MqlTradeCheckResult,
    MqlTradeTransaction,
    MqlCalendarCountry,
    MqlCalendarEvent,
    MqlCalendarValue,
  };
  let inputApi: Record<string, unknown> = createInputApi({});
  const inputProxy: Record<string, unknown> = {};
  for (const key of Object.keys(inputApi)) {
    inputProxy[key] = (...args: unknown[]): unknown => {
      const f = inputApi[key];
      return typeof f === "function" ? Reflect.apply(f, undefined, args) : undefined;
    };
  }
  Object.freeze(inputProxy);

  for (const [name, value] of Object.entries(allConstants())) {
    define(g, name, value);
  }
  for (const [name, table] of Object.entries(MQL5_ENUMS)) {
    define(g, name, Object.freeze({ ...table }));
  }
  api.Symbol = hybridSymbol(() => current?.chartSymbol ?? "");
  for (const [name, value] of Object.entries({ ...api, ...classes, ...structs })) {
    freezeDeep(value);
    define(g, name, value);
  }
  define(g, "input", inputProxy);
  define(g, "__mql", mqlGlobal);
  defineGetter(g, "_Symbol", () => current?.chartSymbol ?? "");
  defineGetter(g, "_Period", () => current?.chartTimeframe ?? 0);
  defineGetter(g, "_Point", () =>
    current ? (current.state.symbol(current.chartSymbol)?.spec.point ?? 0) : 0,
  );
  defineGetter(g, "_Digits", () =>
    current ? (current.state.symbol(current.chartSymbol)?.spec.digits ?? 0) : 0,
  );
  defineGetter(g, "_LastError", () => current?.lastError ?? 0);
  defineGetter(g, "_StopFlag", () => current?.stopped ?? false);
  defineGetter(g, "_UninitReason", () => current?.uninitReason ?? 0);
  defineGetter(g, "_RandomSeed", () => current?.randomSeed ?? 1);
  define(g, "_IsX64", 1);

  /** `chart`: report the chart's changes (dispatch; the first one after load has them all). */
  const finish = (ctx: RuntimeContext, outcome: Outcome, chart = false): string => {
    const s = ctx.scratch;
    outcome.logs = s.logs;
    if (s.dropped > 0) {
      outcome.logsDropped = s.dropped;
      outcome.logs.push({
        level: "warn",
        text: `${s.dropped} log line(s) dropped (limit ${ctx.maxLogLines} per event)`,
        time: ctx.state.timeMs,
      });
    }
    if (s.comment !== undefined) {
      outcome.comment = s.comment;
    }
    if (s.timer !== undefined) {
      outcome.timer = s.timer;
    }
    if (s.remove) {
      outcome.remove = true;
    }
    if (ctx.indicatorsChanged) {
      outcome.indicatorsInUse = ctx.indicatorsInUse();
      ctx.indicatorsChanged = false;
    }
    if (ctx.seriesChanged) {
      outcome.seriesInUse = ctx.seriesInUse();
      ctx.seriesChanged = false;
    }
    const alerts = takeAlerts(ctx);
    if (alerts) {
      outcome.alerts = alerts;
    }
    const delta = chart ? takeChartDelta(ctx) : undefined;
    if (delta) {
      outcome.chart = delta;
    }
    // Changes made while loading (top-level code) go out with the init event.
    const stored = chart ? takeStorageDelta(ctx) : undefined;
    if (stored) {
      outcome.storage = stored;
    }
    return JSON.stringify(outcome);
  };

  const fail = (message: string): string =>
    JSON.stringify({ ok: false, error: { message }, logs: [] } satisfies Outcome);

  const load = (programJs: unknown, rawMeta: unknown): string => {
    if (busy) {
      return fail("EA runtime: re-entrant call");
    }
    if (loaded) {
      return fail("EA runtime: a program is already loaded in this isolate");
    }
    Reflect.deleteProperty(g, "__tas");
    let meta: LoadMeta | undefined;
    try {
      meta = toMeta(rawMeta);
    } catch {
      meta = undefined;
    }
    if (!meta || typeof programJs !== "string") {
      return fail("EA runtime: load(programJs, meta) needs a program string and meta.symbol");
    }
    const ctx = new RuntimeContext(meta, hostCall);
    current = ctx;
    seedChart(ctx, meta.chart);
    seedStorage(ctx, meta.storage);
    seedCalendar(ctx, meta.calendar);
    inputApi = createInputApi(meta.inputs);
    const mapper = new StackMapper(headerLines, readLineMap(programJs), readFileTable(programJs));
    busy = true;
    try {
      const extras: { indicators?: unknown } = {};
      const handlers = compileProgram(programJs, extras);
      setIndicatorModules(ctx, extras.indicators);
      loaded = { ctx, handlers, mapper, suspension: new Suspension() };
      const names = HANDLER_NAMES.filter((n) => handlers[n] !== undefined);
      return finish(ctx, { ok: true, logs: [], handlers: names });
    } catch (e) {
      const error = mapper.describe(e);
      ctx.scratch.log("error", errorLogText(error), ctx.state.timeMs);
      return finish(ctx, {
        ok: false,
        error: { message: error.message, ...(error.stack ? { stack: error.stack } : {}) },
        logs: [],
        ...(error.fatal ? { fatal: true } : {}),
      });
    } finally {
      busy = false;
    }
  };

  const call = (l: Loaded, name: (typeof HANDLER_NAMES)[number], args: unknown[]): unknown => {
    const h = l.handlers[name];
    return h ? h(...args) : undefined;
  };

  /** Runs a handler that may Sleep (compiled MQL5); while one sleeps, later ones wait. */
  const callMaySleep = (
    l: Loaded,
    outcome: Outcome,
    type: string,
    name: (typeof HANDLER_NAMES)[number],
    args: unknown[],
  ): void => {
    if (l.suspension.suspended) {
      l.suspension.defer({ type, run: () => call(l, name, args) });
      return;
    }
    const ms = l.suspension.start(call(l, name, args));
    if (ms !== undefined) {
      outcome.sleep = ms;
    }
  };

  const dispatch = (eventJson: unknown): string => {
    if (busy) {
      return fail("EA runtime: re-entrant call");
    }
    const l = loaded;
    if (!l) {
      return fail("EA runtime: dispatch before load");
    }
    let event: WireEvent;
    try {
      const parsed: unknown = typeof eventJson === "string" ? JSON.parse(eventJson) : eventJson;
      if (!isRecord(parsed) || typeof parsed.type !== "string") {
        return fail("EA runtime: event needs a type");
      }
      event = parsed as unknown as WireEvent;
    } catch {
      return fail("EA runtime: event is not valid JSON");
    }
    const ctx = l.ctx;
    ctx.scratch = new EventScratch(ctx.maxLogLines, ctx.maxLogLineLength);
    ctx.state.apply(event.snapshot);
    ctx.applySeries(event.snapshot?.bars);
    seedCalendar(ctx, event.snapshot?.calendar);
    const outcome: Outcome = { ok: true, logs: [] };
    busy = true;
    try {
      switch (event.type) {
        case "init": {
          const h = event.history;
          if (isRecord(h)) {
            if (Array.isArray(h.deals)) {
              ctx.state.addDeals(h.deals);
            }
            if (Array.isArray(h.orders)) {
              ctx.state.addHistoryOrders(h.orders);
            }
            if (Array.isArray(h.bars)) {
              ctx.applySeries(h.bars.filter(isRecord) as unknown as WireSeries[]);
            }
          }
          ctx.lastError = 0;
          const r = l.suspension.finish(call(l, "OnInit", []));
          outcome.initResult = typeof r === "number" ? Math.trunc(r) : r === false ? 1 : 0;
          break;
        }
        case "resume": {
          const ms = l.suspension.resume();
          if (ms !== undefined) {
            outcome.sleep = ms;
          }
          break;
        }
        case "tick":
          callMaySleep(l, outcome, "tick", "OnTick", []);
          break;
        case "timer":
          callMaySleep(l, outcome, "timer", "OnTimer", []);
          break;
        case "trade":
          callMaySleep(l, outcome, "trade", "OnTrade", []);
          break;
        case "tradeTransaction":
          callMaySleep(l, outcome, "tradeTransaction", "OnTradeTransaction", [
            assignFields(new MqlTradeTransaction(), event.transaction, TRANSACTION_FIELDS),
            assignFields(new MqlTradeRequest(), event.request, REQUEST_FIELDS),
            assignFields(new MqlTradeResult(), event.result, RESULT_FIELDS),
          ]);
          break;
        case "bookEvent":
          callMaySleep(l, outcome, "bookEvent", "OnBookEvent", [String(event.symbol)]);
          break;
        case "chartEvent":
          callMaySleep(l, outcome, "chartEvent", "OnChartEvent", [
            Number(event.id),
            Number(event.lparam),
            Number(event.dparam),
            String(event.sparam),
          ]);
          break;
        case "tester": {
          const r = l.suspension.finish(call(l, "OnTester", []));
          outcome.testerResult = typeof r === "number" ? r : 0;
          break;
        }
        case "deinit":
          ctx.uninitReason = Math.trunc(Number(event.reason) || 0);
          ctx.stopped = true;
          l.suspension.abandon();
          l.suspension.finish(call(l, "OnDeinit", [ctx.uninitReason]));
          break;
        default:
          return fail(
            `EA runtime: unknown event type ${JSON.stringify((event as { type: string }).type)}`,
          );
      }
    } catch (e) {
      const error = l.mapper.describe(e);
      outcome.ok = false;
      outcome.error = { message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
      if (error.fatal) {
        outcome.fatal = true;
      }
      ctx.scratch.log("error", errorLogText(error), ctx.state.timeMs);
    } finally {
      busy = false;
    }
    return finish(ctx, outcome, true);
  };

  hardenRealm(g);
  const tas = Object.freeze({ load, dispatch });
  Object.defineProperty(g, "__tas", {
    value: tas,
    writable: false,
    configurable: true,
    enumerable: false,
  });
}

installRuntime(globalThis);
