/**
 * The two shipped example EAs: analysed, loaded into the runtime bundle, fed bars and ticks,
 * and trading against the scripted host.
 */

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { analyseProgram } from "../../ea-runtime/src/analysis/index.ts";
import { acceptAll, barsFromCloses, initEvent, inProcess } from "./harness.ts";

function example(name: string): string {
  const r = analyseProgram(
    readFileSync(`${import.meta.dir}/../../ea-runtime/examples/${name}`, "utf8"),
    name,
  );
  if (!r.ok) {
    throw new Error(r.error);
  }
  return r.js;
}

describe("ma-crossover.js", () => {
  test("buys on an up-cross and reverses on a down-cross", async () => {
    const ea = await inProcess(acceptAll());
    expect(
      ea.load(example("ma-crossover.js"), {
        inputs: { FastPeriod: 2, SlowPeriod: 4, MaMethod: "MODE_SMA" },
      }).ok,
    ).toBe(true);
    // Falling then rising: the fast SMA(2) crosses above SMA(4).
    const closes = [10, 9, 8, 7, 6, 5, 6, 8, 10];
    const rates = barsFromCloses(closes);
    const init = ea.dispatch(initEvent(rates.slice(0, 8)));
    expect(init.initResult).toBe(0);
    // New bar 8 opens; bars 6 and 7 closed: SMA2 = 5.5/7 vs SMA4 = 5.5/6.25 → cross up at bar 7.
    let out = ea.dispatch({
      type: "tick",
      snapshot: { bars: [{ symbol: "EURUSD", timeframe: "H1", rates: [rates[8]] }] },
    });
    expect(out.ok).toBe(true);
    expect(ea.calls).toHaveLength(1);
    expect(ea.calls[0]?.payload).toMatchObject({
      action: 1,
      type: 0,
      volume: 0.1,
      magic: 20240101,
      price: 1.10012,
      sl: 1.09812,
      tp: 1.10412,
      type_filling: 1,
    });
    // Same bar again: nothing new.
    ea.dispatch({ type: "tick" });
    expect(ea.calls).toHaveLength(1);
    // Now the position exists; prices fall hard → down-cross closes the buy and sells.
    const position = {
      ticket: 1001,
      symbol: "EURUSD",
      type: 0,
      magic: 20240101,
      volume: 0.1,
      price_open: 1.10012,
    };
    const more = barsFromCloses([10, 9, 8, 7, 6, 5, 6, 8, 10, 4, 2, 1]).slice(9);
    out = ea.dispatch({
      type: "tick",
      snapshot: {
        positions: [position],
        bars: [{ symbol: "EURUSD", timeframe: "H1", rates: more }],
      },
    });
    expect(out.ok).toBe(true);
    const kinds = ea.calls.slice(1).map((c) => c.payload);
    expect(kinds[0]).toMatchObject({ action: 1, type: 1, position: 1001, volume: 0.1 });
    expect(kinds[1]).toMatchObject({ action: 1, type: 1, volume: 0.1, comment: "ma cross down" });
  });

  test("rejects FastPeriod >= SlowPeriod in OnInit", async () => {
    const ea = await inProcess();
    ea.load(example("ma-crossover.js"), { inputs: { FastPeriod: 30, SlowPeriod: 10 } });
    const out = ea.dispatch(initEvent(barsFromCloses([1, 2, 3])));
    expect(out.initResult).toBe(32767);
    expect(out.logs[0]?.text).toBe("FastPeriod must be smaller than SlowPeriod");
  });
});

describe("rsi-reversion.ts", () => {
  test("buys when RSI leaves oversold, with an ATR stop; reports account on the timer", async () => {
    const ea = await inProcess(acceptAll());
    expect(
      ea.load(example("rsi-reversion.ts"), { inputs: { RsiPeriod: 3, AtrPeriod: 3 } }).ok,
    ).toBe(true);
    const closes = [10, 11, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3];
    const rates = barsFromCloses(closes);
    const init = ea.dispatch(initEvent(rates));
    expect(init.initResult).toBe(0);
    expect(init.timer).toEqual({ seconds: 60 });
    let out = ea.dispatch({ type: "tick" }); // RSI deep in oversold
    expect(ea.calls).toHaveLength(0);
    expect(out.comment).toMatch(/^RSI\(3\) = /);
    // Two up bars: bar 12 closes up (RSI(3) on bar 12 > 30) and bar 13 is forming.
    const up = barsFromCloses([...closes, 6, 6.5]).slice(12);
    out = ea.dispatch({
      type: "tick",
      snapshot: { bars: [{ symbol: "EURUSD", timeframe: "H1", rates: up }] },
    });
    expect(out.ok).toBe(true);
    expect(ea.calls).toHaveLength(1);
    const req = ea.calls[0]?.payload ?? {};
    expect(req).toMatchObject({
      action: 1,
      type: 0,
      volume: 0.1,
      magic: 7001,
      type_filling: 1,
      comment: "rsi reversion",
    });
    expect(Number(req.sl)).toBeLessThan(1.1);
    expect(out.logs.some((l) => l.text.startsWith("bought 0.10 at 1.10012"))).toBe(true);
    const timer = ea.dispatch({ type: "timer" });
    expect(timer.logs[0]?.text).toBe("balance 10000.00 equity 10050.00 free margin 9850.00");
    expect(ea.dispatch({ type: "deinit", reason: 1 }).timer).toBeNull();
  });
});
