/**
 * The MQL5 compiler's entry point: one uploaded program (and the headers uploaded with it) in,
 * the JavaScript the EA runtime loads and the program's analysis out.
 *
 * Owns: the pipeline order (decode → preprocess → lex → parse → bind → lower → emit), include
 * resolution against the uploaded headers and the standard include tree (case-insensitive,
 * `\` or `/`), the implicit declaration headers, the analysis the API shows (`input_params` in
 * declaration order with their MQL5 type and default as written, `event_handlers`, `#property`
 * values) and the diagnostics rendered as `file:line:column: message`.
 * Pure: the clock comes in as `now`; no I/O.
 */

import { allConstants, MQL5_ENUMS } from "../runtime/constants.ts";
import { timeToString } from "../runtime/format.ts";
import { HANDLER_NAMES } from "../runtime/program.ts";
import type { Expr, Program, TopLevel } from "./ast.ts";
import { Binder } from "./binder.ts";
import { decodeMql5 } from "./decode.ts";
import { type Diagnostic, DiagnosticBag, formatDiagnostic } from "./diagnostics.ts";
import {
  findStandardHeader,
  IMPLICIT_HEADERS,
  normalizeIncludePath,
  runtimeGlobals,
  STANDARD_HEADERS,
} from "./include/index.ts";
import { lex } from "./lexer.ts";
import { type IndicatorModule, Lowering } from "./lower.ts";
import { parse } from "./parser.ts";
import { type IncludeResolver, preprocess, type SourceText } from "./preprocess.ts";
import type { Token } from "./tokens.ts";

/** Bump when the code the compiler generates changes meaning. */
const COMPILER_REVISION = "mql5-1";

/** FNV-1a of a text, hex (a fingerprint, not a security hash). */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * Version of the compiler: stored EAs compiled by another version are recompiled on start. It
 * covers the revision, the standard headers and the runtime's constant values (compiled code
 * inlines constants), so a runtime that renumbers a constant recompiles every MQL5 EA.
 */
export const COMPILER_VERSION = `${COMPILER_REVISION}+${fingerprint(
  JSON.stringify([allConstants(), MQL5_ENUMS, [...STANDARD_HEADERS]]),
)}`;

export interface Mql5InputParam {
  readonly name: string;
  /** The MQL5 type as written: `int`, `ulong`, `ENUM_TIMEFRAMES`, `MyMode`. */
  readonly type: string;
  readonly default: string;
  /** Enum inputs: the enum's name and member names. */
  readonly enum?: string;
  readonly enumValues?: string[];
}

export interface Mql5Source {
  /** File name as uploaded (`MyEA.mq5`). */
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface CompileInput {
  readonly main: Mql5Source;
  /** Headers uploaded with the program (`.mqh`), by their file name or relative path. */
  readonly headers?: readonly Mql5Source[];
  /** Custom indicators (`.mq5` with OnCalculate) the EA reaches with iCustom, by file name. */
  readonly indicators?: readonly Mql5Source[];
  /** Unix seconds, for __DATE__ and __DATETIME__. */
  readonly now: number;
}

export type CompileResult =
  | {
      readonly ok: true;
      readonly js: string;
      readonly inputParams: Mql5InputParam[];
      readonly eventHandlers: string[];
      readonly properties: Record<string, string>;
      readonly warnings: Diagnostic[];
    }
  | { readonly ok: false; readonly error: string; readonly errors: Diagnostic[] };

/** Handlers an EA needs at least one of. */
const ACTIVE_HANDLERS = [
  "OnTick",
  "OnTimer",
  "OnTrade",
  "OnTradeTransaction",
  "OnBookEvent",
  "OnChartEvent",
];

const MAX_REPORTED = 30;

const norm = normalizeIncludePath;

function dirOf(file: string): string {
  const i = file.lastIndexOf("/");
  return i < 0 ? "" : file.slice(0, i + 1);
}

/** Include lookup: uploaded headers first for "…", the standard tree first for <…>. */
export function makeResolver(uploaded: ReadonlyMap<string, SourceText>): IncludeResolver {
  const standard = {
    get(n: string): SourceText | undefined {
      const hit = findStandardHeader(n);
      return hit ? { file: hit.path, text: hit.text } : undefined;
    },
    has: (n: string): boolean => findStandardHeader(n) !== undefined,
  };
  const uploadedByBase = new Map<string, SourceText>();
  for (const [k, v] of uploaded) {
    const base = k.slice(k.lastIndexOf("/") + 1);
    if (!uploadedByBase.has(base)) {
      uploadedByBase.set(base, v);
    }
  }
  return {
    resolve(name, fromFile, system) {
      const n = norm(name);
      const rel = norm(dirOf(fromFile.replace(/\\/g, "/")) + name);
      const base = n.slice(n.lastIndexOf("/") + 1);
      const std = standard.get(rel) ?? standard.get(n);
      if (standard.has(norm(fromFile))) {
        // A standard header includes its siblings (beside it first), never an uploaded file.
        return std;
      }
      const user = uploaded.get(rel) ?? uploaded.get(n) ?? uploadedByBase.get(base);
      return system ? (standard.get(n) ?? user) : (user ?? std);
    },
  };
}

function decode(src: Mql5Source, bag: DiagnosticBag): string | undefined {
  const d = decodeMql5(src.bytes);
  if (!d.ok) {
    bag.error({ file: src.name, line: 1, col: 1 }, d.error);
    return undefined;
  }
  return d.text;
}

/** iCustom's name of an uploaded indicator: its file name without folder or extension. */
export function indicatorName(file: string): string {
  return (baseName(file).replace(/\.mq5$/i, "") || file).toLowerCase();
}

function baseName(name: string): string {
  const s = name.replace(/\\/g, "/");
  return s.slice(s.lastIndexOf("/") + 1);
}

/** Compiles one program. Never throws: an internal failure is reported as a diagnostic. */
export function compileMql5(input: CompileInput): CompileResult {
  const bag = new DiagnosticBag();
  try {
    return compileInto(input, bag);
  } catch (e) {
    bag.error(
      { file: baseName(input.main.name), line: 1, col: 1 },
      `internal compiler error: ${e instanceof Error ? e.message : String(e)}`,
    );
    return fail(bag);
  }
}

function compileInto(input: CompileInput, bag: DiagnosticBag): CompileResult {
  const mainName = baseName(input.main.name);
  const mainText = decode({ ...input.main, name: mainName }, bag);
  const uploaded = new Map<string, SourceText>();
  for (const h of input.headers ?? []) {
    const text = decode(h, bag);
    if (text !== undefined) {
      const file = h.name.replace(/\\/g, "/");
      uploaded.set(norm(file), { file, text });
    }
  }
  if (mainText === undefined) {
    return fail(bag);
  }
  const resolver = makeResolver(uploaded);
  // The implicit headers are preprocessed on their own (they define no macros).
  const tokens: Token[] = [];
  const nativeFiles = new Set<string>();
  for (const [path] of STANDARD_HEADERS) {
    nativeFiles.add(path);
  }
  for (const h of IMPLICIT_HEADERS) {
    const text = STANDARD_HEADERS.get(h) ?? "";
    const pp = preprocess({ main: { file: h, text }, resolver, now: input.now });
    for (const d of pp.diagnostics) {
      bag.items.push(d);
    }
    const t = lex(pp.text, pp.origins, bag);
    for (let i = 0; i < t.length - 1; i += 1) {
      tokens.push(t[i] as Token);
    }
  }
  /** Preprocesses, lexes and parses one program after the implicit headers. */
  const frontEnd = (file: string, text: string) => {
    const pp = preprocess({ main: { file, text }, resolver, now: input.now });
    for (const d of pp.diagnostics) {
      bag.items.push(d);
    }
    const all = [...tokens];
    for (const t of lex(pp.text, pp.origins, bag)) {
      all.push(t);
    }
    const typeNames = new Set<string>(Object.keys(MQL5_ENUMS));
    for (const t of all) {
      if (t.kind === "ident" && t.text.startsWith("ENUM_")) {
        typeNames.add(t.text);
      }
    }
    return { pp, program: parse(all, bag, { typeNames }) };
  };
  const bindOptions = { nativeFiles, runtimeClasses: runtimeGlobals() };
  const { pp, program } = frontEnd(mainName, mainText);
  if (bag.hasErrors) {
    return fail(bag);
  }
  refuseNonExperts(program, mainName, bag);
  const binder = new Binder(bag, bindOptions);
  binder.bind(program);
  // Custom indicators uploaded with the EA (iCustom): compiled into the program as modules.
  const modules: IndicatorModule[] = [];
  for (const ind of input.indicators ?? []) {
    const file = ind.name.replace(/\\/g, "/");
    const text = decode({ ...ind, name: file }, bag);
    if (text === undefined) {
      continue;
    }
    const m = frontEnd(file, text).program;
    if (!m.decls.some((d) => d.kind === "FuncDecl" && d.name === "OnCalculate" && d.body)) {
      bag.error({ file, line: 1, col: 1 }, "a custom indicator must define OnCalculate");
      continue;
    }
    const b = new Binder(bag, bindOptions);
    b.bind(m);
    modules.push({ name: indicatorName(file), binder: b });
  }
  if (bag.hasErrors) {
    return fail(bag);
  }
  const lowering = new Lowering(binder, bag);
  let js = lowering.lowerProgram(mainName, modules);
  const suspending = lowering.suspendingKeys();
  if (!bag.hasErrors && suspending.size > 0) {
    // Sleep: lowered again with the functions that reach it as generators (docs/mql5.md).
    js = new Lowering(binder, bag, suspending).lowerProgram(mainName, modules);
  }
  const handlers = binder.functions
    .filter((f) => f.def && (HANDLER_NAMES as readonly string[]).includes(f.name))
    .map((f) => f.name);
  if (!bag.hasErrors && !ACTIVE_HANDLERS.some((h) => handlers.includes(h))) {
    bag.error(
      { file: mainName, line: 1, col: 1 },
      `an EA must define at least one event handler (${ACTIVE_HANDLERS.join(", ")})`,
    );
  }
  if (bag.hasErrors) {
    return fail(bag);
  }
  const properties: Record<string, string> = {};
  for (const p of pp.properties) {
    properties[p.name] = p.value;
  }
  return {
    ok: true,
    js,
    inputParams: inputParams(binder),
    eventHandlers: HANDLER_NAMES.filter((h) => handlers.includes(h)),
    properties,
    warnings: bag.items.filter((d) => d.severity === "warning"),
  };
}

function refuseNonExperts(program: Program, file: string, bag: DiagnosticBag): void {
  const fn = (name: string): TopLevel | undefined =>
    program.decls.find(
      (d) => d.kind === "FuncDecl" && d.name === name && d.body && d.loc.file === file,
    );
  const calc = fn("OnCalculate");
  if (calc) {
    bag.error(
      calc.loc,
      "this program is an indicator (OnCalculate), not an Expert Advisor: upload it with the EA that calls it (iCustom)",
    );
  }
  const start = fn("OnStart");
  if (start) {
    bag.error(start.loc, "this program is a script (OnStart), not an Expert Advisor");
  }
}

function fail(bag: DiagnosticBag): CompileResult {
  const errors = bag.errors();
  const shown = errors.slice(0, MAX_REPORTED).map(formatDiagnostic);
  if (errors.length > MAX_REPORTED) {
    shown.push(`… and ${errors.length - MAX_REPORTED} more error(s)`);
  }
  return { ok: false, error: shown.join("\n"), errors };
}

/** The default of an input as the source writes it (constants evaluated). */
function defaultText(e: Expr | undefined, binder: Binder): string {
  if (!e) {
    return "";
  }
  switch (e.kind) {
    case "IntLit":
    case "CharLit":
    case "ColorLit":
      return String(e.value);
    case "FloatLit":
      return e.text.replace(/[fF]$/, "");
    case "StringLit":
      return e.value;
    case "BoolLit":
      return String(e.value);
    case "DatetimeLit": {
      const t = Number(e.value);
      return timeToString(t, t % 60 === 0 ? 3 : 5);
    }
    case "NullLit":
      return "";
    case "Ident":
    case "Scoped":
      if (binder.globals.get(e.name)?.k === "const") {
        return e.name;
      }
      break;
    case "Unary":
      if (e.op === "-" && (e.operand.kind === "IntLit" || e.operand.kind === "FloatLit")) {
        return `-${defaultText(e.operand, binder)}`;
      }
      break;
    case "Cast":
      return defaultText(e.expr, binder);
    default:
      break;
  }
  const v = binder.constValue(e);
  return v === undefined ? "" : String(v);
}

function inputParams(binder: Binder): Mql5InputParam[] {
  const out: Mql5InputParam[] = [];
  for (const g of binder.globalVars) {
    if (!g.sym.input) {
      continue;
    }
    const ty = g.sym.ty;
    const param: Mql5InputParam = {
      name: g.declarator.name,
      type: g.decl.type.name,
      default: defaultText(g.declarator.init, binder),
    };
    if (ty.k === "enum") {
      const members = [...ty.members.keys()];
      const d = param.default;
      const byValue = /^-?\d+$/.test(d)
        ? [...ty.members].find(([, v]) => String(v) === d)?.[0]
        : undefined;
      out.push({
        ...param,
        default: byValue ?? (d === "" ? (members[0] ?? "") : d),
        enum: ty.name,
        enumValues: members,
      });
    } else {
      out.push(param);
    }
  }
  return out;
}
