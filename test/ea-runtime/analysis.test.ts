/**
 * Static analysis of EA programs: handlers and typed inputs read without running code,
 * TypeScript transpiled (with line mapping for runtime errors), and broken programs rejected
 * with "line L, column C: message".
 */

import { describe, expect, test } from "bun:test";
import { analyseProgram } from "../../ea-runtime/src/analysis/index.ts";
import { barsFromCloses, initEvent, inProcess } from "./harness.ts";

describe("good programs", () => {
  test("JS: handlers and every input type", () => {
    const r = analyseProgram(
      `const Period = input.int(10);
const Lots = input.double(-0.5);
const Trail = input.bool(true);
const Note = input.string("hi");
const Start = input.datetime("2024.01.31 08:00");
const Color = input.color(clrRed);
const Tf = input.enum(ENUM_TIMEFRAMES, PERIOD_H4);
const Method = input.enum(ENUM_MA_METHOD, 3);
function OnInit() { return INIT_SUCCEEDED; }
function OnTick() {}
const OnTimer = () => {};`,
      "ea.js",
    );
    expect(r.ok).toBe(true);
    if (!r.ok) {
      return;
    }
    expect(r.eventHandlers).toEqual(["OnInit", "OnTick", "OnTimer"]);
    expect(r.inputParams.map((p) => [p.name, p.type, p.default])).toEqual([
      ["Period", "int", "10"],
      ["Lots", "double", "-0.5"],
      ["Trail", "bool", "true"],
      ["Note", "string", "hi"],
      ["Start", "datetime", "2024.01.31 08:00"],
      ["Color", "color", "clrRed"],
      ["Tf", "enum", "PERIOD_H4"],
      ["Method", "enum", "MODE_LWMA"],
    ]);
    expect(r.inputParams[6]?.enum).toBe("ENUM_TIMEFRAMES");
    expect(r.js).toContain('input.int(10, "Period")');
    expect(r.js).toContain('input.enum(ENUM_TIMEFRAMES, PERIOD_H4, "Tf")');
  });

  test("TS: types erased, runtime errors reported at TypeScript source lines", async () => {
    const source = `interface Signal {
  up: boolean;
}

type Num = number;

const Threshold: Num = input.double(1.5);

function check(s: Signal): never {
  throw new Error("signal " + s.up + " " + Threshold);
}

function OnTick(): void {
  check({ up: true });
}
`;
    const r = analyseProgram(source, "ea.ts");
    expect(r.ok).toBe(true);
    if (!r.ok) {
      return;
    }
    expect(r.js).not.toContain("interface");
    expect(r.inputParams).toEqual([{ name: "Threshold", type: "double", default: "1.5" }]);
    const ea = await inProcess();
    expect(ea.load(r.js).ok).toBe(true);
    ea.dispatch(initEvent(barsFromCloses([1, 2, 3])));
    const out = ea.dispatch({ type: "tick" });
    expect(out.error?.message).toMatch(/^Error: signal true 1.5 \(line 10, column \d+\)$/);
    expect(out.error?.stack).toMatch(/at check \(line 10, .*\n {4}at OnTick \(line 14, /);
  });
});

describe("broken programs", () => {
  const bad = (source: string, fileName = "ea.js"): string => {
    const r = analyseProgram(source, fileName);
    expect(r.ok).toBe(false);
    return r.ok ? "" : r.error;
  };

  test("syntax errors give line and column", () => {
    expect(bad("function OnTick() {\n  let x = ;\n}")).toBe(
      "line 2, column 11: Expression expected.",
    );
    expect(bad("function OnTick() {\n  if (a {\n}")).toMatch(/^line 2, column 9: /);
    expect(bad("const x: number = 1;\nfunction OnTick(){}", "ea.js")).toMatch(
      /^line 1, column 10: .*TypeScript/,
    );
    expect(bad("let a = <>;\nfunction OnTick(){}", "ea.ts")).toMatch(/^line 1, column \d+: /);
  });

  test("import, export, require and import() are rejected", () => {
    expect(bad("import { x } from 'y';\nfunction OnTick(){}")).toMatch(
      /^line 1, column 1: .*import\/export are not supported/,
    );
    expect(bad("function OnInit(){}\nexport function OnTick(){}")).toMatch(/^line 2, column 1: /);
    expect(bad("function OnTick(){\n  const fs = require('fs');\n}")).toBe(
      "line 2, column 14: require() is not available in an EA: the MQL5 API is global",
    );
    expect(bad("function OnTick(){ import('x'); }")).toMatch(/^line 1, column 20: dynamic import/);
    expect(bad("import fs = require('fs');\nfunction OnTick(){}", "ea.ts")).toMatch(
      /^line 1, column 1: /,
    );
  });

  test("malformed inputs are rejected where they are written", () => {
    expect(bad("let P = input.int(1);\nfunction OnTick(){}")).toBe(
      'line 1, column 5: input "P" must be declared with const',
    );
    expect(bad("const P = input.int(1.5);\nfunction OnTick(){}")).toBe(
      'line 1, column 21: default of input "P" must be an integer literal',
    );
    expect(bad("const P = input.int(x);\nfunction OnTick(){}")).toMatch(/^line 1, column 21: /);
    expect(bad("const P = input.enum(ENUM_NOPE, 1);\nfunction OnTick(){}")).toMatch(
      /^line 1, column 22: input.enum needs/,
    );
    expect(bad("const P = input.float(1);\nfunction OnTick(){}")).toMatch(
      /^line 1, column 11: unknown input type/,
    );
    expect(bad("function OnTick(){ const P = input.int(1); }")).toMatch(
      /^line 1, column 30: inputs are declared only/,
    );
  });

  test("a program without an event handler is rejected", () => {
    expect(bad("function OnInit(){ return 0; }")).toMatch(
      /^line 1, column 1: an EA must define at least one event handler/,
    );
  });
});
