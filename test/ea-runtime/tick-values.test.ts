/**
 * Tick values inside the runtime: SYMBOL_TRADE_TICK_VALUE/_PROFIT/_LOSS read what the host sent
 * (deposit currency), a later `symbols` delta refreshes them, and OrderCalcProfit values a gain
 * with _PROFIT and a loss with _LOSS. Figures: a USD account on USDJPY at bid/ask 148.30/148.32,
 * one tick (0.001) of one lot = 100 JPY = 100/148.32 USD as a profit, 100/148.30 as a loss.
 */

import { describe, expect, test } from "bun:test";
import { barsFromCloses, EURUSD_SPEC, initEvent, inProcess } from "./harness.ts";

const USDJPY = {
  ...EURUSD_SPEC,
  name: "USDJPY",
  digits: 3,
  point: 0.001,
  tick_size: 0.001,
  tick_value: 100 / 148.32,
  tick_value_profit: 100 / 148.32,
  tick_value_loss: 100 / 148.3,
  currency_base: "USD",
  currency_profit: "JPY",
  currency_margin: "USD",
};

const PROGRAM = `function OnTick() {
  Print(DoubleToString(SymbolInfoDouble("USDJPY", SYMBOL_TRADE_TICK_VALUE), 6), " ",
    DoubleToString(SymbolInfoDouble("USDJPY", SYMBOL_TRADE_TICK_VALUE_PROFIT), 6), " ",
    DoubleToString(SymbolInfoDouble("USDJPY", SYMBOL_TRADE_TICK_VALUE_LOSS), 6));
  const p = { value: 0 };
  OrderCalcProfit(ORDER_TYPE_BUY, "USDJPY", 1, 148.3, 148.4, p);
  const l = { value: 0 };
  OrderCalcProfit(ORDER_TYPE_BUY, "USDJPY", 1, 148.4, 148.3, l);
  const s = { value: 0 };
  OrderCalcProfit(ORDER_TYPE_SELL, "USDJPY", 0.5, 148.4, 148.3, s);
  Print(DoubleToString(p.value, 4), " ", DoubleToString(l.value, 4), " ", DoubleToString(s.value, 4));
}`;

describe("tick values in the deposit currency", () => {
  test("SymbolInfoDouble and OrderCalcProfit use _PROFIT for a gain and _LOSS for a loss", async () => {
    const ea = await inProcess();
    expect(ea.load(PROGRAM).ok).toBe(true);
    ea.dispatch(initEvent(barsFromCloses([1, 2, 3]), { symbols: [EURUSD_SPEC, USDJPY] }));
    const lines = ea.dispatch({ type: "tick" }).logs.map((l) => l.text);
    // 100 ticks × 100/148.32 = 67.4218; −100 ticks × 100/148.30 = −67.4309; a sell gaining
    // 100 ticks on 0.5 lot = 33.7109.
    expect(lines).toEqual(["0.674218 0.674218 0.674309", "67.4218 -67.4309 33.7109"]);
  });

  test("a symbols delta from the host refreshes the values (USDJPY moved to 150.00/150.02)", async () => {
    const ea = await inProcess();
    expect(ea.load(PROGRAM).ok).toBe(true);
    ea.dispatch(initEvent(barsFromCloses([1, 2, 3]), { symbols: [EURUSD_SPEC, USDJPY] }));
    const fresh = {
      name: "USDJPY",
      tick_value: 100 / 150.02,
      tick_value_profit: 100 / 150.02,
      tick_value_loss: 100 / 150.0,
    };
    const lines = ea
      .dispatch({ type: "tick", snapshot: { symbols: [fresh] } })
      .logs.map((l) => l.text);
    // 100/150.02 = 0.666578, 100/150 = 0.666667; ×100 ticks; 0.5 lot × 100 ticks × 0.666578.
    expect(lines).toEqual(["0.666578 0.666578 0.666667", "66.6578 -66.6667 33.3289"]);
  });
});
