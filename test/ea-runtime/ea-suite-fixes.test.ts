/**
 * Runtime fixes found by the MQL5 EA suite (test/mql5/eas): printf's 64-bit conversions
 * (%I64d / %I64u / %llx…), long/ulong values beyond 2^53 in trade requests, and ArrayCopy of
 * struct arrays copying the structs (not sharing them).
 */

import { describe, expect, test } from "bun:test";
import { formatString } from "../../ea-runtime/src/runtime/format.ts";
import { numField } from "../../ea-runtime/src/runtime/protocol.ts";
import { barsFromCloses, initEvent, inProcess } from "./harness.ts";

describe("printf's 64-bit conversions", () => {
  test("%I64d, %I64u, %lld, %llu print the whole 64-bit value, numbers and bigints", () => {
    const f = (fmt: string, ...args: unknown[]) => formatString(fmt, args);
    expect(f("%I64u %I64d", 90000000001, 90000000001)).toBe("90000000001 90000000001");
    expect(f("%I64u", 9000000000000000001n)).toBe("9000000000000000001");
    expect(f("%llu", 18446744073709551615n)).toBe("18446744073709551615");
    expect(f("%lld %I64d", -9223372036854775808n, -5)).toBe("-9223372036854775808 -5");
    // an unsigned conversion of a negative long is its two's complement
    expect(f("%I64u %I64x %I64X %#llx", -1, -1, 255, 255)).toBe(
      "18446744073709551615 ffffffffffffffff FF 0xff",
    );
    expect(f("%I64o", 8)).toBe("10");
    // flags, width and precision apply as to %d
    expect(f("[%+I64d] [%12I64u] [%-6lld] [%08I64d] [%.5I64d]", 42, 7, 3, -42, 12)).toBe(
      "[+42] [           7] [3     ] [-0000042] [00012]",
    );
  });

  test("without a size the conversions keep their 32-bit meaning", () => {
    expect(formatString("%u %x", [-1, -1])).toBe("4294967295 ffffffff");
    expect(formatString("%u", [90000000001])).toBe("4100654081");
  });

  test("through PrintFormat in the bundle", async () => {
    const ea = await inProcess();
    ea.load(`function OnTick() { PrintFormat("magic %I64u ticket %I64d", 7700000000123, 123); }`);
    ea.dispatch(initEvent(barsFromCloses([1, 2, 3])));
    const out = ea.dispatch({ type: "tick" });
    expect(out.logs.map((l) => l.text)).toEqual(["magic 7700000000123 ticket 123"]);
  });
});

describe("long/ulong fields beyond 2^53 in the host wire", () => {
  test("numField reads a bigint as the nearest double (it used to read 0)", () => {
    expect(numField({ magic: 9000000000000000001n }, "magic")).toBe(9000000000000000000);
    expect(numField({ magic: 12n }, "magic")).toBe(12);
  });

  test("a bigint magic in an MqlTradeRequest reaches the host (rounded), not as 0", async () => {
    const ea = await inProcess();
    ea.load(`function OnTick() {
      const r = new MqlTradeRequest();
      const res = new MqlTradeResult();
      r.action = TRADE_ACTION_DEAL; r.symbol = _Symbol; r.volume = 0.1; r.type = ORDER_TYPE_BUY;
      r.magic = 9000000000000000001n;
      OrderSend(r, res);
    }`);
    ea.dispatch(initEvent(barsFromCloses([1, 2, 3])));
    expect(ea.dispatch({ type: "tick" }).ok).toBe(true);
    const call = ea.calls.find((c) => c.kind === "OrderSend");
    expect(call?.payload.magic).toBe(9000000000000000000);
  });
});

describe("ArrayCopy of struct arrays", () => {
  async function run(body: string): Promise<string[]> {
    const ea = await inProcess();
    expect(ea.load(`function OnTick() {\n${body}\n}`).ok).toBe(true);
    ea.dispatch(initEvent(barsFromCloses([1, 2, 3])));
    const out = ea.dispatch({ type: "tick" });
    expect(out.error).toBeUndefined();
    return out.logs.map((l) => l.text);
  }

  test("runtime structs and compiled structs are copied; pointers stay shared", async () => {
    const lines = await run(`
      const r1 = [new MqlRates()]; r1[0].close = 1.5;
      const r2 = []; ArrayCopy(r2, r1); r2[0].close = 2.5;
      // a compiled MQL5 struct: its prototype says $struct (ea-runtime/src/mql5/lower.ts)
      class P { constructor() { this.hits = 0; this.tags = [1]; } }
      Object.defineProperty(P.prototype, "$struct", { value: true });
      const a = [new P(), new P()]; a[0].hits = 1;
      const b = []; ArrayCopy(b, a, 0, 0, 1); b[0].hits = 9; b[0].tags[0] = 7;
      // an array of object pointers: ArrayCopy copies the pointers
      class C { constructor() { this.v = 1; } }
      const o = [new C()]; const p = []; ArrayCopy(p, o); p[0].v = 5;
      // rows of a two-dimensional array are copied too
      const m = [[1, 2], [3, 4]]; const n = []; ArrayCopy(n, m); n[1][0] = 30;
      Print(r1[0].close, " ", r2[0].close, " ", a[0].hits, " ", b[0].hits, " ", a[0].tags[0], " ",
        b.length, " ", b[0] instanceof P, " ", o[0].v, " ", p[0] === o[0], " ", m[1][0], " ", n[1][0]);`);
    expect(lines).toEqual(["1.5 2.5 1 9 1 1 true 5 true 3 30"]);
  });
});
