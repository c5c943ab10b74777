/**
 * The MQL5 standard headers (ea-runtime/src/mql5/include): present under their MT5 paths,
 * embedded texts identical to the .mqh files, and the declarations matched against the real
 * runtime bundle: every runtime function, class, structure and class member is declared; every
 * declared name is either in the runtime or in NATIVE_GAPS (sorted, exact, no runtime name);
 * structure fields are the runtime's; runtimeGlobals() is what the bundle installs; every header
 * parses without diagnostics.
 */

import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import vm from "node:vm";
import { GENERATED_FILE, renderHeadersModule } from "../../ea-runtime/src/mql5/include/generate.ts";
import {
  findStandardHeader,
  IMPLICIT_HEADERS,
  NATIVE_GAPS,
  runtimeClassMembers,
  runtimeGlobals,
  STANDARD_HEADERS,
} from "../../ea-runtime/src/mql5/include/index.ts";
import { runtimeBundle } from "../ea-runtime/harness.ts";

const INCLUDE_DIR = join(import.meta.dir, "../../ea-runtime/src/mql5/include");

const EXPECTED_PATHS = [
  "builtins.mqh",
  "structs.mqh",
  "Object.mqh",
  "Trade/Trade.mqh",
  "Trade/PositionInfo.mqh",
  "Trade/OrderInfo.mqh",
  "Trade/DealInfo.mqh",
  "Trade/HistoryOrderInfo.mqh",
  "Trade/SymbolInfo.mqh",
  "Trade/AccountInfo.mqh",
];

// ---------------------------------------------------------------- a small declaration scanner

/** Comments, preprocessor lines, string and char literal contents removed. */
function clean(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(/\/\/[^\n]*/g, "")
    .replace(/^\s*#[^\n]*/gm, "")
    .replace(/\b(?:public|protected|private)\s*:(?!:)/g, "");
}

interface Stmt {
  readonly head: string;
  readonly body?: string;
}

/** Top-level statements of `src`: `head;` or `head { body }` (class bodies end at `};`). */
function statements(src: string): Stmt[] {
  const out: Stmt[] = [];
  let head = "";
  let i = 0;
  const balanced = (open: string, close: string): string => {
    const start = i;
    let depth = 0;
    do {
      if (src[i] === open) {
        depth += 1;
      } else if (src[i] === close) {
        depth -= 1;
      }
      i += 1;
    } while (depth > 0 && i < src.length);
    return src.slice(start, i);
  };
  while (i < src.length) {
    const c = src[i];
    if (c === "(") {
      head += balanced("(", ")");
    } else if (c === "{") {
      const block = balanced("{", "}");
      const isType = /^\s*(?:class|struct|enum|union|interface)\b/.test(head);
      if (isType) {
        const semi = src.indexOf(";", i);
        i = semi < 0 ? src.length : semi + 1;
      }
      out.push({ head: head.trim(), body: block.slice(1, -1) });
      head = "";
    } else if (c === ";") {
      if (head.trim() !== "") {
        out.push({ head: head.trim() });
      }
      head = "";
      i += 1;
    } else {
      head += c;
      i += 1;
    }
  }
  return out;
}

interface Decls {
  /** Function name → number of declarations (overloads). */
  readonly functions: Map<string, number>;
  readonly variables: Set<string>;
  /** Class or struct name → its members (methods and fields; constructors left out). */
  readonly types: Map<
    string,
    { keyword: string; methods: Set<string>; fields: string[]; hasBodies: boolean }
  >;
}

function declarations(text: string, into: Decls = emptyDecls()): Decls {
  for (const s of statements(clean(text))) {
    const type = /^(class|struct)\s+(\w+)/.exec(s.head);
    if (type?.[1] && type[2] && s.body !== undefined) {
      const name = type[2];
      const methods = new Set<string>();
      const fields: string[] = [];
      let hasBodies = false;
      for (const m of statements(s.body)) {
        const fn = /(~?\w+)\s*\(/.exec(m.head);
        if (fn?.[1]) {
          hasBodies ||= m.body !== undefined;
          if (fn[1] !== name && !fn[1].startsWith("~")) {
            methods.add(fn[1]);
          }
        } else {
          const field = /(\w+)\s*(?:\[[^\]]*\]\s*)*$/.exec(m.head);
          if (field?.[1]) {
            fields.push(field[1]);
          }
        }
      }
      into.types.set(name, { keyword: type[1], methods, fields, hasBodies });
      continue;
    }
    if (/^enum\b/.test(s.head)) {
      continue;
    }
    const fn = /(\w+)\s*\(/.exec(s.head);
    if (fn?.[1]) {
      into.functions.set(fn[1], (into.functions.get(fn[1]) ?? 0) + 1);
      continue;
    }
    const v = /(\w+)\s*$/.exec(s.head);
    if (v?.[1]) {
      into.variables.add(v[1]);
    }
  }
  return into;
}

function emptyDecls(): Decls {
  return { functions: new Map(), variables: new Set(), types: new Map() };
}

function header(path: string): string {
  const text = STANDARD_HEADERS.get(path);
  if (text === undefined) {
    throw new Error(`missing header ${path}`);
  }
  return text;
}

const implicit = emptyDecls();
for (const path of IMPLICIT_HEADERS) {
  declarations(header(path), implicit);
}
const library = emptyDecls();
for (const path of STANDARD_HEADERS.keys()) {
  if (!IMPLICIT_HEADERS.includes(path)) {
    declarations(header(path), library);
  }
}
/** Library classes implemented natively: declared without bodies (CObject is plain source). */
const nativeClasses = [...library.types].filter(([, t]) => !t.hasBodies);

// ---------------------------------------------------------------- the real runtime realm

interface Realm {
  /** Every global the bundle defined or replaced, except the `__` plumbing. */
  readonly names: Set<string>;
  readonly functions: Set<string>;
  readonly classes: Set<string>;
  readonly context: vm.Context;
}

let realmPromise: Promise<Realm> | undefined;

function realm(): Promise<Realm> {
  realmPromise ??= (async () => {
    const context = vm.createContext({});
    const before = new Map<string, unknown>();
    const read = (): Record<string, unknown> => vm.runInContext("globalThis", context);
    for (const key of Object.getOwnPropertyNames(read())) {
      before.set(key, read()[key]);
    }
    vm.runInContext("this.__host_call = () => '{}'", context);
    vm.runInContext(await runtimeBundle(), context);
    const g = read();
    const names = new Set<string>();
    const functions = new Set<string>();
    const classes = new Set<string>();
    for (const key of Object.getOwnPropertyNames(g)) {
      if (key.startsWith("__")) {
        continue;
      }
      const d = Object.getOwnPropertyDescriptor(g, key);
      const value = d && "value" in d ? d.value : undefined;
      if (before.has(key) && (d?.get !== undefined || Object.is(before.get(key), value))) {
        continue;
      }
      names.add(key);
      if (typeof value === "function") {
        const isClass = Function.prototype.toString.call(value).startsWith("class");
        (isClass ? classes : functions).add(key);
      }
    }
    return { names, functions, classes, context };
  })();
  return realmPromise;
}

/** The compile-time names the runtime lacks, computed from the declarations and the realm. */
async function computedGaps(): Promise<string[]> {
  const r = await realm();
  const gaps = new Set<string>();
  for (const name of [...implicit.functions.keys(), ...implicit.variables]) {
    if (!r.names.has(name)) {
      gaps.add(name);
    }
  }
  for (const name of implicit.types.keys()) {
    if (!r.classes.has(name)) {
      gaps.add(name);
    }
  }
  const members = runtimeClassMembers();
  for (const [name, t] of nativeClasses) {
    const have = members.get(name);
    if (!have) {
      gaps.add(name);
      continue;
    }
    for (const m of [...t.methods, ...t.fields]) {
      if (!have.has(m)) {
        gaps.add(`${name}::${m}`);
      }
    }
  }
  return [...gaps].sort();
}

// ---------------------------------------------------------------- tests

describe("header files", () => {
  test("every standard header is present under its MT5 path", () => {
    for (const path of EXPECTED_PATHS) {
      expect(STANDARD_HEADERS.get(path)?.length ?? 0).toBeGreaterThan(0);
    }
    expect(IMPLICIT_HEADERS).toEqual(["builtins.mqh", "structs.mqh"]);
    expect(findStandardHeader("trade\\TRADE.mqh")?.path).toBe("Trade/Trade.mqh");
    expect(findStandardHeader("Trade/Nope.mqh")).toBeUndefined();
  });

  test("the embedded texts are the .mqh files (else run generate.ts)", () => {
    const files = new Map<string, string>();
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir).sort()) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) {
          walk(p);
        } else if (name.endsWith(".mqh")) {
          files.set(relative(INCLUDE_DIR, p).replace(/\\/g, "/"), readFileSync(p, "utf8"));
        }
      }
    };
    walk(INCLUDE_DIR);
    expect([...STANDARD_HEADERS.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [path, text] of files) {
      expect({ path, same: STANDARD_HEADERS.get(path) === text }).toEqual({ path, same: true });
    }
    const generated = readFileSync(join(INCLUDE_DIR, GENERATED_FILE), "utf8");
    expect(generated).toBe(renderHeadersModule(files));
  });

  test("Trade.mqh makes the classes MT5's Trade.mqh makes available", () => {
    const includes = [...header("Trade/Trade.mqh").matchAll(/^#include\s+([<"][^>"]+[>"])/gm)];
    expect(includes.map((m) => m[1])).toEqual([
      "<Object.mqh>",
      '"OrderInfo.mqh"',
      '"HistoryOrderInfo.mqh"',
      '"PositionInfo.mqh"',
      '"DealInfo.mqh"',
    ]);
    for (const [name, t] of nativeClasses) {
      expect({
        name,
        derives: new RegExp(`class\\s+${name}\\s*:\\s*public\\s+CObject`).test(
          [...STANDARD_HEADERS.values()].join("\n"),
        ),
      }).toEqual({ name, derives: true });
      expect(t.keyword).toBe("class");
    }
  });

  test("builtins declare the 38 technical indicators, iCustom and the predefined variables", () => {
    const indicators = [...implicit.functions.keys()].filter((n) =>
      /^i(?:AC|AD|ADX|ADXWilder|Alligator|AMA|AO|ATR|BearsPower|Bands|BullsPower|CCI|Chaikin|DEMA|DeMarker|Envelopes|Force|Fractals|FrAMA|Gator|Ichimoku|BWMFI|Momentum|MFI|MA|OsMA|MACD|OBV|SAR|RSI|RVI|StdDev|Stochastic|TEMA|TriX|WPR|VIDyA|Volumes)$/.test(
        n,
      ),
    );
    expect(indicators.length).toBe(38);
    expect(implicit.functions.has("iCustom")).toBe(true);
    expect([...implicit.variables].sort()).toEqual(
      [
        "_Symbol",
        "_Period",
        "_Point",
        "_Digits",
        "_LastError",
        "_StopFlag",
        "_UninitReason",
        "_RandomSeed",
        "_IsX64",
      ].sort(),
    );
    // Both call forms of the property getters.
    for (const name of ["SymbolInfoDouble", "PositionGetInteger", "HistoryDealGetString"]) {
      expect({ name, n: implicit.functions.get(name) }).toEqual({ name, n: 2 });
    }
    expect(implicit.functions.get("CopyBuffer")).toBe(3);
  });
});

describe("declarations against the runtime", () => {
  test("runtimeGlobals() is exactly what the bundle installs", async () => {
    const r = await realm();
    expect([...runtimeGlobals()].sort()).toEqual([...r.names].sort());
  });

  test("every runtime function is declared in the implicit headers", async () => {
    const r = await realm();
    const missing = [...r.functions].filter((n) => !implicit.functions.has(n)).sort();
    expect(missing).toEqual([]);
  });

  test("every runtime class and structure is declared", async () => {
    const r = await realm();
    const declared = new Set([...implicit.types.keys(), ...library.types.keys()]);
    expect([...r.classes].filter((n) => !declared.has(n)).sort()).toEqual([]);
  });

  test("runtime structures have the header's fields, in order", async () => {
    const r = await realm();
    for (const [name, t] of implicit.types) {
      if (!r.classes.has(name)) {
        continue;
      }
      const fields = vm.runInContext(`Object.keys(new ${name}())`, r.context) as string[];
      expect({ name, fields: [...fields] }).toEqual({ name, fields: t.fields });
    }
  });

  test("every MQL5 method of a runtime class is declared in its header", () => {
    for (const [name, have] of runtimeClassMembers()) {
      const t = library.types.get(name);
      expect({ name, declared: t !== undefined }).toEqual({ name, declared: true });
      const declared = new Set([...(t?.methods ?? []), ...(t?.fields ?? [])]);
      // Lower-case names are the runtime's JS helpers (send, clear…), not MQL5 members.
      const missing = [...have].filter((m) => /^[A-Z]|^m_/.test(m) && !declared.has(m));
      expect({ name, missing }).toEqual({ name, missing: [] });
    }
  });

  test("NATIVE_GAPS is sorted, unique and lists exactly the declared names the runtime lacks", async () => {
    expect([...NATIVE_GAPS]).toEqual([...new Set(NATIVE_GAPS)].sort());
    const r = await realm();
    expect(NATIVE_GAPS.filter((n) => r.names.has(n))).toEqual([]);
    expect([...NATIVE_GAPS]).toEqual(await computedGaps());
  });
});

// ---------------------------------------------------------------- parsing

describe("parsing", () => {
  test("every header parses without diagnostics", async () => {
    const { lex } = await import("../../ea-runtime/src/mql5/lexer.ts");
    const { parse } = await import("../../ea-runtime/src/mql5/parser.ts");
    const { DiagnosticBag, formatDiagnostic } = await import(
      "../../ea-runtime/src/mql5/diagnostics.ts"
    );
    // Types the headers use but do not define: runtime enums, implicit structs, CObject.
    const typeNames = new Set<string>([...implicit.types.keys(), "CObject"]);
    for (const text of STANDARD_HEADERS.values()) {
      for (const m of text.matchAll(/\bENUM_[A-Z0-9_]+\b/g)) {
        typeNames.add(m[0]);
      }
    }
    const problems: string[] = [];
    for (const [path, text] of STANDARD_HEADERS) {
      // Directives (#include, #define, #ifdef…) are the preprocessor's; blank them so line
      // numbers stay (macro uses parse as names and calls).
      const body = text.replace(/^[ \t]*#[^\n]*/gm, "");
      const origins = body.split("\n").map((_, i) => ({ file: path, line: i + 1 }));
      const diags = new DiagnosticBag();
      parse(lex(body, origins, diags), diags, { typeNames });
      problems.push(...diags.items.map(formatDiagnostic));
    }
    expect(problems).toEqual([]);
  });
});
