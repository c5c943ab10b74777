// What the compiler says about programs it cannot compile, and what its analysis reports about
// the ones it can: `file:line:column: message` at the MQL5 source (headers included), several
// errors at once, inputs with their MQL5 types and defaults as written, event handlers.
import { describe, expect, test } from "bun:test";
import { compile, compileError } from "./support.ts";

describe("compile errors", () => {
  test("an undeclared name is reported at its MQL5 line and column", () => {
    expect(compileError("void OnTick()\n  {\n   int a = b + 1;\n  }\n")).toBe(
      "test.mq5:3:12: 'b' - undeclared identifier",
    );
  });

  test("several independent errors are listed, one per line", () => {
    const err = compileError(
      "void OnTick()\n  {\n   int a = ;\n   double d = 1.0\n   Print(d);\n  }\nvoid OnTimer() { x = 1; }\n",
    );
    const lines = err.split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const l of lines) {
      expect(l).toMatch(/^test\.mq5:\d+:\d+: .+/);
    }
    expect(lines[0]).toStartWith("test.mq5:3:");
    expect(lines[1]).toStartWith("test.mq5:5:");
  });

  test("errors in an uploaded header name the header and its line", () => {
    const err = compileError('#include "Lib.mqh"\nvoid OnTick() { Helper(); }\n', {
      "Lib.mqh": "// helper library\nvoid Helper()\n  {\n   undefinedCall();\n  }\n",
    });
    expect(err).toBe("Lib.mqh:4:4: 'undefinedCall' - undeclared identifier");
  });

  test("type errors: wrong argument types, assignments to constants and inputs", () => {
    expect(compileError("input int N = 5;\nvoid OnTick() { N = 6; }\n")).toBe(
      "test.mq5:2:17: the expression cannot be assigned (a constant, an input or a temporary value)",
    );
    expect(
      compileError(
        "void F(int a) {}\nvoid OnTick() { CTrade t; F(t); }\n#include <Trade/Trade.mqh>\n",
      ),
    ).toBe("test.mq5:2:27: 'F' - wrong parameters count or types (CTrade)");
  });

  test("#import, a missing include, an indicator and a program without handlers are refused", () => {
    expect(
      compileError(
        '#import "user32.dll"\nint MessageBoxW(int, string, string, int);\n#import\nvoid OnTick() {}\n',
      ),
    ).toContain("test.mq5:1:1: #import is not supported");
    expect(compileError("#include <NoSuch\\File.mqh>\nvoid OnTick() {}\n")).toBe(
      'test.mq5:1:1: cannot open include file "NoSuch/File.mqh"',
    );
    expect(
      compileError(
        "int OnCalculate(const int total, const int prev, const int begin, const double &price[]) { return total; }\n",
      ),
    ).toContain("this program is an indicator (OnCalculate)");
    expect(compileError("int OnInit() { return 0; }\n")).toBe(
      "test.mq5:1:1: an EA must define at least one event handler (OnTick, OnTimer, OnTrade, OnTradeTransaction, OnBookEvent, OnChartEvent)",
    );
  });

  test("a built-in this runtime does not offer yet is refused by name", () => {
    expect(compileError('void OnTick() { SendFTP("report.txt"); }\n')).toBe(
      "test.mq5:1:17: 'SendFTP' is not available in this runtime yet",
    );
  });
});

describe("analysis", () => {
  test("inputs in declaration order with their MQL5 type and default as written", () => {
    const r = compile(`
enum Mode { Conservative, Aggressive = 4 };
input group "Signal"
input int             Period   = 14;
input double          Lots     = 0.10;
input ENUM_TIMEFRAMES TF       = PERIOD_H4;
input Mode            Style    = Aggressive;
input bool            UseTrail = true;
sinput string         Comment_ = "tas";
input datetime        Start    = D'2024.01.31 12:30';
input color           Line     = clrRed;
input ulong           Magic    = 18446744073709551615;
input datetime        Built    = __DATE__;
int counter = 0;
int OnInit() { return INIT_SUCCEEDED; }
void OnTick() {}
void OnTimer() {}
void OnDeinit(const int reason) {}
`);
    if (!r.ok) {
      throw new Error(r.error);
    }
    expect(r.inputParams).toEqual([
      { name: "Period", type: "int", default: "14" },
      { name: "Lots", type: "double", default: "0.10" },
      {
        name: "TF",
        type: "ENUM_TIMEFRAMES",
        default: "PERIOD_H4",
        enum: "ENUM_TIMEFRAMES",
        enumValues: expect.arrayContaining(["PERIOD_M1", "PERIOD_H4", "PERIOD_MN1"]),
      },
      {
        name: "Style",
        type: "Mode",
        default: "Aggressive",
        enum: "Mode",
        enumValues: ["Conservative", "Aggressive"],
      },
      { name: "UseTrail", type: "bool", default: "true" },
      { name: "Comment_", type: "string", default: "tas" },
      { name: "Start", type: "datetime", default: "2024.01.31 12:30" },
      { name: "Line", type: "color", default: "clrRed" },
      { name: "Magic", type: "ulong", default: "18446744073709551615" },
      { name: "Built", type: "datetime", default: "2025.11.26 00:00" },
    ]);
    expect(r.eventHandlers).toEqual(["OnInit", "OnDeinit", "OnTick", "OnTimer"]);
  });
});
