/**
 * iCustom: custom indicators (MQL5 programs with OnCalculate) uploaded with the EA, compiled into
 * its program as modules (the compiler's `$INDICATORS` table: lower-case name → a factory that
 * runs the indicator's global initialisers with its inputs and returns its handlers), run in the
 * same sandbox as one more indicator engine.
 *
 * Owns: the engine that drives a module's OnCalculate with MT5's contract (rates_total,
 * prev_calculated, the price arrays — or the short form with one price array —, indicator
 * buffers grown to rates_total before each call, series-ordered buffers read in time order by
 * CopyBuffer); the indicator-side API — SetIndexBuffer, IndicatorSet*, PlotIndexSet/Get* —
 * acting on the indicator being initialised or calculated; inputs given positionally as iCustom
 * passes them.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { isSeriesArray } from "./arrays.ts";
import type { RuntimeContext } from "./context.ts";
import type { Engine } from "./indicators/core.ts";
import { createInputApi } from "./program.ts";
import type { Series } from "./series.ts";

/** What a compiled indicator module's factory returns. */
interface ModuleHandlers {
  OnInit?: (...args: unknown[]) => unknown;
  OnCalculate?: (...args: unknown[]) => unknown;
  OnDeinit?: (...args: unknown[]) => unknown;
}

type Factory = (input: unknown) => ModuleHandlers;

/** ENUM_INDEXBUFFER_TYPE */
export const INDICATOR_DATA = 0;
export const INDICATOR_COLOR_INDEX = 1;
export const INDICATOR_CALCULATIONS = 2;

interface State {
  modules: Map<string, Factory>;
  /** The engine whose code is running (SetIndexBuffer & co. act on it). */
  current: CustomEngine | undefined;
}

const states = new WeakMap<RuntimeContext, State>();

function stateOf(ctx: RuntimeContext): State {
  let s = states.get(ctx);
  if (!s) {
    s = { modules: new Map(), current: undefined };
    states.set(ctx, s);
  }
  return s;
}

/** `Examples\MACD.ex5` → `macd`: how iCustom names find an uploaded indicator. */
export function indicatorKey(name: string): string {
  const base = name.replace(/\\/g, "/").split("/").pop() ?? name;
  return base.replace(/\.(ex5|mq5)$/i, "").toLowerCase();
}

/** The program's `$INDICATORS` table (set at load). */
export function setIndicatorModules(ctx: RuntimeContext, table: unknown): void {
  const s = stateOf(ctx);
  s.modules.clear();
  if (typeof table === "object" && table !== null) {
    for (const [k, v] of Object.entries(table)) {
      if (typeof v === "function") {
        s.modules.set(indicatorKey(k), v as Factory);
      }
    }
  }
}

/** Positional inputs: each input the indicator declares takes the next iCustom parameter. */
function positionalInputs(params: readonly unknown[]): unknown {
  let next = 0;
  const values: Record<string, string | number | boolean> = {};
  const api = createInputApi(values);
  const out: Record<string, unknown> = {};
  for (const [kind, f] of Object.entries(api)) {
    out[kind] = (...args: unknown[]): unknown => {
      const name = args[args.length - 1];
      const v = params[next];
      next += 1;
      if (
        typeof name === "string" &&
        (typeof v === "number" || typeof v === "string" || typeof v === "boolean")
      ) {
        values[name] = v;
      } else if (typeof name === "string" && typeof v === "bigint") {
        values[name] = String(v);
      }
      return typeof f === "function" ? Reflect.apply(f, undefined, args) : undefined;
    };
  }
  return out;
}

interface Registered {
  arr: number[];
  kind: number;
}

/** One iCustom handle's engine: a fresh instance of the indicator module. */
export class CustomEngine implements Engine {
  buffers: number[][] = [];
  allBuffers: number[][] = [];
  readonly lookback = 0;
  readonly shift = 0;
  private readonly registered: Registered[] = [];
  private readonly handlers: ModuleHandlers;
  private readonly fullForm: boolean;

  constructor(
    private readonly state: State,
    factory: Factory,
    params: readonly unknown[],
  ) {
    this.handlers = this.within(() => factory(positionalInputs(params)));
    const init = this.handlers.OnInit;
    if (init) {
      const r = this.within(() => init());
      if (typeof r === "number" && r !== 0) {
        throw new Error(`OnInit of the custom indicator failed with code ${r}`);
      }
    }
    this.fullForm = (this.handlers.OnCalculate?.length ?? 10) > 4;
    this.publish();
  }

  private within<T>(run: () => T): T {
    const previous = this.state.current;
    this.state.current = this;
    try {
      return run();
    } finally {
      this.state.current = previous;
    }
  }

  setBuffer(index: number, arr: unknown, kind: number): boolean {
    if (!Array.isArray(arr) || index < 0 || index > 511) {
      return false;
    }
    this.registered[index] = { arr: arr as number[], kind };
    this.publish();
    return true;
  }

  /** CopyBuffer reads buffers in time order; a series-ordered one is read through a copy. */
  private publish(): void {
    const all = this.registered.filter((r) => r !== undefined);
    this.allBuffers = all.map((r) => r.arr);
    this.buffers = all
      .filter((r) => r.kind !== INDICATOR_CALCULATIONS)
      .map((r) => (isSeriesArray(r.arr) ? [...r.arr].reverse() : r.arr));
  }

  calculate(s: Series, ratesTotal: number, prevCalculated: number): number {
    const calc = this.handlers.OnCalculate;
    if (!calc) {
      return 0;
    }
    // MT5 sizes indicator buffers to rates_total; new bars get slots (the newest end).
    for (const r of this.registered) {
      if (!r) {
        continue;
      }
      const missing = ratesTotal - r.arr.length;
      if (missing > 0) {
        const fill = new Array<number>(missing).fill(0);
        if (isSeriesArray(r.arr)) {
          r.arr.unshift(...fill);
        } else {
          r.arr.push(...fill);
        }
      }
    }
    const args = this.fullForm
      ? [
          ratesTotal,
          prevCalculated,
          s.time.slice(0, ratesTotal),
          s.open.slice(0, ratesTotal),
          s.high.slice(0, ratesTotal),
          s.low.slice(0, ratesTotal),
          s.close.slice(0, ratesTotal),
          s.tickVolume.slice(0, ratesTotal),
          s.realVolume.slice(0, ratesTotal),
          s.spread.slice(0, ratesTotal),
        ]
      : [ratesTotal, prevCalculated, 0, s.close.slice(0, ratesTotal)];
    const r = this.within(() => calc(...args));
    this.publish();
    return typeof r === "number" && r > 0 ? Math.min(Math.trunc(r), ratesTotal) : 0;
  }

  /** Old bars dropped: recalculate from scratch (MT5 gives prev_calculated = 0). */
  trimmed(): boolean {
    return false;
  }
}

/** Creates the engine of an uploaded indicator, or undefined when none has that name. */
export function customEngine(
  ctx: RuntimeContext,
  name: string,
  params: readonly unknown[],
): CustomEngine | undefined {
  const s = stateOf(ctx);
  const factory = s.modules.get(indicatorKey(name));
  return factory ? new CustomEngine(s, factory, params) : undefined;
}

/** The indicator-side API (called from a custom indicator's code). */
export function customIndicatorApi(ctx: RuntimeContext): Record<string, unknown> {
  const current = (): CustomEngine | undefined => stateOf(ctx).current;
  const props = new Map<string, unknown>();
  return {
    SetIndexBuffer: (index: unknown, arr: unknown, kind: unknown = INDICATOR_DATA): boolean =>
      current()?.setBuffer(Math.trunc(Number(index)), arr, Math.trunc(Number(kind ?? 0))) ?? false,
    IndicatorSetInteger: (prop: unknown, a: unknown, b?: unknown): boolean => {
      props.set(`i${String(prop)}:${b === undefined ? "" : String(a)}`, b ?? a);
      return current() !== undefined;
    },
    IndicatorSetDouble: (prop: unknown, a: unknown, b?: unknown): boolean => {
      props.set(`d${String(prop)}:${b === undefined ? "" : String(a)}`, b ?? a);
      return current() !== undefined;
    },
    IndicatorSetString: (prop: unknown, a: unknown, b?: unknown): boolean => {
      props.set(`s${String(prop)}:${b === undefined ? "" : String(a)}`, b ?? a);
      return current() !== undefined;
    },
    PlotIndexSetInteger: (plot: unknown, prop: unknown, a: unknown, b?: unknown): boolean => {
      props.set(`p${String(plot)}:${String(prop)}:${b === undefined ? "" : String(a)}`, b ?? a);
      return current() !== undefined;
    },
    PlotIndexSetDouble: (plot: unknown, prop: unknown, value: unknown): boolean => {
      props.set(`p${String(plot)}:${String(prop)}:`, value);
      return current() !== undefined;
    },
    PlotIndexSetString: (plot: unknown, prop: unknown, value: unknown): boolean => {
      props.set(`p${String(plot)}:${String(prop)}:`, value);
      return current() !== undefined;
    },
    PlotIndexGetInteger: (plot: unknown, prop: unknown, modifier: unknown = 0): number =>
      Number(
        props.get(`p${String(plot)}:${String(prop)}:${modifier === 0 ? "" : String(modifier)}`) ??
          0,
      ),
  };
}
