// Compiler (and wire) gaps met while writing the EA suite (test/mql5/eas): each is a minimal
// reproduction written as MQL5 specifies the behaviour; fixed ones are plain tests, the one left
// (a magic number beyond 2^53 on the JSON host wire and in the broker's records) is a test.todo
// (`bun test --todo test/mql5/compiler-gaps-eas.test.ts` runs it). The EAs avoid these forms
// where an equally natural one exists (TimeToString instead of printing a datetime, MathMax on
// two doubles, a base class instead of an interface, magic numbers below 2^53).
import { describe, expect, test } from "bun:test";
import { printedBy, run } from "./support.ts";

describe("printing typed values", () => {
  // Today: "1735787045" for both (the seconds).
  test("Print and (string) of a datetime give YYYY.MM.DD HH:MI:SS", async () => {
    const lines = await printedBy(`
      datetime t = D'2025.01.02 03:04:05';
      Print(t);
      Print("at " + (string)t);`);
    expect(lines).toEqual(["2025.01.02 03:04:05", "at 2025.01.02 03:04:05"]);
  });

  // Today: "255 197121" and "255" (the numbers).
  test("Print and (string) of a color give its name, or R,G,B", async () => {
    const lines = await printedBy(`
      color c = clrRed;
      color o = C'1,2,3';
      Print(c, " ", o);
      Print("line " + (string)c);`);
    expect(lines).toEqual(["clrRed 1,2,3", "line clrRed"]);
  });

  // Today: "3.141592741012573" (the double's digits).
  test("Print of a float shows 5 digits after the point", async () => {
    expect(await printedBy("float f = (float)M_PI; Print(f);")).toEqual(["3.14159"]);
  });
});

describe("overloads of the math built-ins", () => {
  // Today: "2 1 3 2" — the compiler picks the (int, int) / (long, long) overload and truncates
  // the double argument (`MathMax(i, (d | 0))`).
  test("MathMax/MathMin/fmax with an int and a double take the double overload", async () => {
    const lines = await printedBy(`
      int i = 1; double d = 2.5; long l = 3;
      Print(MathMax(i, d), " ", MathMin(d, i), " ", MathMax(l, d), " ", fmax(i, d));`);
    expect(lines).toEqual(["2.5 1.0 3.0 2.5"]);
  });
});

describe("classes", () => {
  // Today OnInit fails with: TypeError: undefined is not an object (evaluating
  // 'IShape.prototype.Area.call') in 'test.mq5' (…) — the call through the interface is
  // lowered as a non-virtual call of the interface's (bodiless) method.
  test("a method called through an interface pointer runs the implementation", async () => {
    const lines = await printedBy(
      `IShape *s = new CSquare(2);
       Print(s.Area());
       delete s;`,
      `interface IShape { double Area(void); };
       class CSquare : public IShape
         {
          double m_side;
       public:
                   CSquare(double side) : m_side(side) {}
          double   Area(void) { return(m_side * m_side); }
         };`,
    );
    expect(lines).toEqual(["4.0"]);
  });
});

describe("64-bit values beyond 2^53", () => {
  // Today: "9000000000000000000" — the default goes through a double
  // (`input.long($m.ltod(9000000000000000001n), …)`).
  test("a ulong input default keeps all its digits", async () => {
    const r = await run(`
input ulong Magic = 9000000000000000001;
int OnInit() { Print(Magic); return(INIT_SUCCEEDED); }
void OnTick() {}
`);
    expect(r.printed).toEqual(["9000000000000000001"]);
  });

  // The host wire is JSON numbers: a magic above 2^53 reaches the host rounded
  // (9000000000000000000), so PositionGetInteger(POSITION_MAGIC) == Magic fails for a position
  // the EA opened. (Before the EA suite it was sent as 0; see test/ea-runtime/ea-suite-fixes.)
  test.todo("a ulong magic number reaches OrderSend's host call exactly", async () => {
    const r = await run(`
#include <Trade\\Trade.mqh>
CTrade trade;
int OnInit() { trade.SetExpertMagicNumber(9000000000000000001); return(INIT_SUCCEEDED); }
void OnTick() { trade.Buy(0.1); }
`);
    r.tick();
    const call = r.rt.calls.find((c) => c.kind === "OrderSend");
    expect(String(call?.payload.magic)).toBe("9000000000000000001");
  });
});
