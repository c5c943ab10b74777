/**
 * Loading and running the EA program inside the isolate.
 *
 * Owns: the `input` global (typed input declarations resolved against the host's values),
 * compiling the program text into a strict function whose top-level declarations stay private,
 * finding the handlers, calling them, and turning exceptions into `{ message, stack }` with the
 * user's own line numbers (frames of the runtime are cut; lines are mapped back through the
 * `//# tas-lines=` table the analyser appends when it transpiled TypeScript).
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { COLORS, type EnumTable } from "./constants.ts";
import { stringToTime } from "./format.ts";

export const PROGRAM_URL = "ea-program.js";

export const HANDLER_NAMES = [
  "OnInit",
  "OnDeinit",
  "OnTick",
  "OnTimer",
  "OnTrade",
  "OnTradeTransaction",
  "OnBookEvent",
  "OnChartEvent",
  "OnTester",
] as const;

export type HandlerName = (typeof HANDLER_NAMES)[number];
export type Handlers = Partial<Record<HandlerName, (...args: unknown[]) => unknown>>;

type InputValue = string | number | boolean;

function coerceInt(v: InputValue): number {
  return typeof v === "boolean" ? (v ? 1 : 0) : Math.trunc(Number(v)) || 0;
}

function coerceColor(v: InputValue): number {
  if (typeof v === "number") {
    return Math.trunc(v);
  }
  const s = String(v).trim();
  const named = COLORS[s];
  if (named !== undefined) {
    return named;
  }
  const rgb = /^(\d+)\s*,\s*(\d+)\s*,\s*(\d+)$/.exec(s);
  if (rgb) {
    return Number(rgb[1]) | (Number(rgb[2]) << 8) | (Number(rgb[3]) << 16);
  }
  return Math.trunc(Number(s)) || 0;
}

function coerceDatetime(v: InputValue): number {
  if (typeof v === "number") {
    return Math.trunc(v);
  }
  const s = String(v);
  const t = stringToTime(s.replace(/^D'(.*)'$/, "$1"));
  return Number.isNaN(t) ? Math.trunc(Number(s)) || 0 : t;
}

/** The `input` object EA programs declare inputs with. */
export function createInputApi(
  values: Readonly<Record<string, InputValue>>,
): Record<string, unknown> {
  const pick = <T>(name: unknown, def: T, coerce: (v: InputValue) => T): T => {
    if (typeof name !== "string" || !Object.hasOwn(values, name)) {
      return def;
    }
    const v = values[name];
    return v === undefined ? def : coerce(v);
  };
  return {
    int: (def: unknown, name?: unknown): number => pick(name, coerceInt(numberish(def)), coerceInt),
    long: (def: unknown, name?: unknown): number =>
      pick(name, coerceInt(numberish(def)), coerceInt),
    uint: (def: unknown, name?: unknown): number =>
      pick(name, coerceInt(numberish(def)), coerceInt),
    double: (def: unknown, name?: unknown): number =>
      pick(name, Number(def) || 0, (v) => Number(v) || 0),
    bool: (def: unknown, name?: unknown): boolean =>
      pick(name, def === true, (v) => v === true || v === 1 || v === "true" || v === "1"),
    string: (def: unknown, name?: unknown): string =>
      pick(name, def === undefined ? "" : String(def), (v) => String(v)),
    datetime: (def: unknown, name?: unknown): number =>
      pick(name, coerceDatetime(numberish(def)), coerceDatetime),
    color: (def: unknown, name?: unknown): number =>
      pick(name, coerceColor(numberish(def)), coerceColor),
    enum: (table: unknown, def: unknown, name?: unknown): number => {
      const t: EnumTable = typeof table === "object" && table !== null ? (table as EnumTable) : {};
      const coerce = (v: InputValue): number => {
        if (typeof v === "string" && t[v] !== undefined) {
          return t[v] ?? 0;
        }
        return coerceInt(v);
      };
      return pick(name, coerce(numberish(def)), coerce);
    },
  };
}

function numberish(v: unknown): InputValue {
  return typeof v === "number" || typeof v === "string" || typeof v === "boolean" ? v : 0;
}

/** A generated line's origin: line of the program file, or of file `file` of the table. */
export interface LineOrigin {
  readonly file: number;
  readonly line: number;
}

/**
 * Generated-line → source-line table appended by the analyser (`//# tas-lines=1,1,2,…`) or the
 * MQL5 compiler (entries `L` or `F.L`, F indexing `//# tas-files=main.mq5|Trade/Trade.mqh`).
 */
export function readLineMap(js: string): LineOrigin[] | undefined {
  const m = /\/\/# tas-lines=([0-9.,]*)\s*$/.exec(js);
  if (!m?.[1]) {
    return undefined;
  }
  return m[1].split(",").map((x) => {
    const dot = x.indexOf(".");
    return dot < 0
      ? { file: 0, line: Number(x) }
      : { file: Number(x.slice(0, dot)), line: Number(x.slice(dot + 1)) };
  });
}

/** The file table of an MQL5 program (`//# tas-files=`), undefined for JS/TS programs. */
export function readFileTable(js: string): string[] | undefined {
  const m = /\/\/# tas-files=([^\n]*)\n/.exec(js);
  return m?.[1] ? m[1].split("|") : undefined;
}

export interface UserError {
  message: string;
  stack?: string;
  /** A critical MQL5 run-time error: the EA must be stopped. */
  fatal?: boolean;
}

interface SiteError {
  name: string;
  describeSite(): string;
}

function isSiteError(e: unknown): e is SiteError {
  return (
    e instanceof Error &&
    e.name === "MqlRuntimeError" &&
    typeof Reflect.get(e, "describeSite") === "function"
  );
}

/** Operator method names of compiled MQL5 (`$op_add`) back to their symbols. */
const OPERATOR_SYMBOLS: Record<string, string> = {
  add: "+",
  sub: "-",
  mul: "*",
  div: "/",
  mod: "%",
  "": "==",
  ne: "!=",
  lt: "<",
  gt: ">",
  le: "<=",
  ge: ">=",
  index: "[]",
  call: "()",
  assign: "=",
  not: "!",
  inv: "~",
  and: "&",
  or: "|",
  xor: "^",
  shl: "<<",
  shr: ">>",
  land: "&&",
  lor: "||",
  inc: "++",
  dec: "--",
};

/** `CFoo.Bar$1` → `CFoo::Bar`, `CFoo.$ctor2` → `CFoo::CFoo` (names of compiled MQL5). */
function mqlFunctionName(js: string): string {
  const parts = js.split(".");
  const cls = parts.length > 1 ? parts[parts.length - 2] : undefined;
  let fn = (parts[parts.length - 1] ?? js).replace(/\$\d+$/, "");
  if (/^\$ctor\d*$/.test(fn) && cls) {
    fn = cls;
  } else if (fn === "$dtor" && cls) {
    fn = `~${cls}`;
  }
  fn = fn.replace(/\$$/, "");
  if (fn.startsWith("$op_")) {
    fn = `operator${OPERATOR_SYMBOLS[fn.slice(4).replace(/eq$/, "")] ?? ""}${fn.endsWith("eq") && fn !== "$op_eq" ? "=" : ""}`;
  }
  return cls ? `${cls.replace(/\$$/, "")}::${fn}` : fn;
}

/** Locates user frames in `stack` and rewrites them with source positions. */
export class StackMapper {
  constructor(
    private readonly headerLines: number,
    private readonly lineMap: LineOrigin[] | undefined,
    /** MQL5 programs: the file table; frames then read `at Fn (file.mq5:line)`. */
    private readonly files?: string[],
  ) {}

  private mapLine(generated: number): LineOrigin {
    const line = generated - this.headerLines;
    return this.lineMap?.[line - 1] ?? { file: 0, line };
  }

  userFrames(stack: string): { name: string; line: number; column: number; file: number }[] {
    const out: { name: string; line: number; column: number; file: number }[] = [];
    for (const raw of stack.split("\n")) {
      const at = raw.indexOf(`${PROGRAM_URL}:`);
      if (at < 0) {
        continue;
      }
      const pos = /ea-program\.js:(\d+):(\d+)/.exec(raw.slice(at));
      if (!pos) {
        continue;
      }
      const named = /^\s*at (?:async )?(?:new )?([^\s(]+) \(/.exec(raw);
      const jsc = /^([^@\s]+)@/.exec(raw.trim());
      let name = named?.[1] ?? jsc?.[1] ?? "<program>";
      if (name === "eval" || name === "anonymous" || name === "<anonymous>") {
        name = "<program>";
      }
      const origin = this.mapLine(Number(pos[1]));
      out.push({ name, line: origin.line, column: Number(pos[2]), file: origin.file });
    }
    return out;
  }

  private frameText(f: { name: string; line: number; column: number; file: number }): string {
    if (this.files) {
      const name = f.name === "<program>" ? "<global>" : mqlFunctionName(f.name);
      return `    at ${name} (${this.files[f.file] ?? "?"}:${f.line})`;
    }
    return `    at ${f.name} (line ${f.line}, column ${f.column})`;
  }

  describe(err: unknown): UserError {
    if (!(err instanceof Error)) {
      let text: string;
      try {
        text = typeof err === "string" ? err : (JSON.stringify(err) ?? String(err));
      } catch {
        text = String(err);
      }
      return { message: `Uncaught ${text}` };
    }
    const stack = typeof err.stack === "string" ? err.stack : "";
    const frames = this.userFrames(stack);
    const top = frames[0];
    let result: UserError;
    if (isSiteError(err)) {
      result = { message: err.describeSite(), fatal: true };
    } else if (this.files) {
      const where = top ? ` in '${this.files[top.file] ?? "?"}' (${top.line})` : "";
      result = { message: `${err.name}: ${err.message}${where}` };
    } else {
      const where = top ? ` (line ${top.line}, column ${top.column})` : "";
      result = { message: `${err.name}: ${err.message}${where}` };
    }
    if (frames.length > 0) {
      result.stack = frames.map((f) => this.frameText(f)).join("\n");
    }
    return result;
  }
}

/** Number of lines the Function constructor puts before the body (engine-specific, probed). */
export function probeHeaderLines(): number {
  try {
    const f = new Function(`throw new Error("probe")\n//# sourceURL=${PROGRAM_URL}`);
    f();
  } catch (e) {
    const stack = e instanceof Error && typeof e.stack === "string" ? e.stack : "";
    const m = /ea-program\.js:(\d+):\d+/.exec(stack);
    if (m) {
      return Number(m[1]) - 1;
    }
  }
  return 2;
}

/**
 * Compiles the program. Its top level runs once (global initialisers, Print calls) and the
 * handlers it declares are returned. Throws what the program throws.
 */
export function compileProgram(programJs: string, extras?: { indicators?: unknown }): Handlers {
  const probes = [
    ...HANDLER_NAMES.map(
      (n) => `${JSON.stringify(n)}: typeof ${n} === "function" ? ${n} : undefined`,
    ),
    // Custom indicators compiled into an MQL5 program (iCustom).
    `"$INDICATORS": typeof $INDICATORS === "object" ? $INDICATORS : undefined`,
  ].join(", ");
  // "use strict" shares the first line so user line numbers stay put.
  const body = `"use strict";${programJs}\n;return { ${probes} };\n//# sourceURL=${PROGRAM_URL}`;
  const factory = new Function(body);
  const found: unknown = factory();
  const handlers: Handlers = {};
  if (extras && typeof found === "object" && found !== null) {
    extras.indicators = Reflect.get(found, "$INDICATORS");
  }
  if (typeof found === "object" && found !== null) {
    for (const n of HANDLER_NAMES) {
      const h: unknown = Reflect.get(found, n);
      if (typeof h === "function") {
        handlers[n] = (...args: unknown[]) => Reflect.apply(h, undefined, args);
      }
    }
  }
  return handlers;
}
