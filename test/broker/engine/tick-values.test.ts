// Tick values in the deposit currency (MT5 SYMBOL_TRADE_TICK_VALUE / _PROFIT / _LOSS): the
// catalog's profit-currency tick value converted at the profit side of the conversion path
// (direct pair: bid, inverse pair: 1/ask) and at the loss side (direct: ask, inverse: 1/bid).
// Expected figures are computed by hand from the quotes below.

import { describe, expect, test } from "bun:test";
import { Converter, roundMoney, tickValuesIn } from "../../../src/broker/engine/money.ts";
import type { Quote } from "../../../src/broker/engine/types.ts";
import { getSymbol, listSymbols, type SymbolSpec } from "../../../src/broker/symbols.ts";
import { setup } from "./helpers.ts";

const BOOK: Record<string, [number, number]> = {
  EURUSD: [1.1, 1.1001],
  GBPUSD: [1.25, 1.25015],
  USDJPY: [148.3, 148.32],
  USDCHF: [0.9, 0.9001],
  USDCAD: [1.35, 1.35015],
  EURGBP: [0.88, 0.88012],
  EURJPY: [165.0, 165.02],
};
const quotes = (symbol: string): Quote | undefined => {
  const q = BOOK[symbol];
  return q ? { symbol, bid: q[0], ask: q[1], timeMs: 0 } : undefined;
};
const conv = new Converter(listSymbols());

function spec(name: string): SymbolSpec {
  const s = getSymbol(name);
  if (!s) {
    throw new Error(`no ${name}`);
  }
  return s;
}

function values(name: string, currency: string) {
  const v = tickValuesIn(spec(name), currency, conv, quotes);
  if (!v) {
    throw new Error(`no tick values for ${name} in ${currency}`);
  }
  return v;
}

describe("tickValuesIn, USD account", () => {
  test("USDJPY: 100 JPY per tick is 100/ask USD for a profit and 100/bid for a loss", () => {
    const v = values("USDJPY", "USD");
    expect(spec("USDJPY").tickValue).toBeCloseTo(100, 10); // the catalog's JPY figure
    expect(v.tickValueProfit).toBeCloseTo(0.674217907, 8); // 100 / 148.32
    expect(v.tickValueLoss).toBeCloseTo(0.674308833, 8); // 100 / 148.30
    expect(v.tickValue).toBe(v.tickValueProfit);
  });

  test("EURJPY converts its JPY through USDJPY like USDJPY", () => {
    const v = values("EURJPY", "USD");
    expect(v.tickValueProfit).toBeCloseTo(0.674217907, 8);
    expect(v.tickValueLoss).toBeCloseTo(0.674308833, 8);
  });

  test("USDCHF: 1 CHF per tick is 1/0.9001 USD (profit) and 1/0.9000 (loss)", () => {
    const v = values("USDCHF", "USD");
    expect(v.tickValueProfit).toBeCloseTo(1.110987668, 8);
    expect(v.tickValueLoss).toBeCloseTo(1.111111111, 8);
  });

  test("EURGBP: 1 GBP per tick at GBPUSD's bid (profit) and ask (loss)", () => {
    const v = values("EURGBP", "USD");
    expect(v.tickValueProfit).toBeCloseTo(1.25, 10);
    expect(v.tickValueLoss).toBeCloseTo(1.25015, 10);
  });

  test("DE40: 0.01 EUR per tick at EURUSD's bid (profit) and ask (loss)", () => {
    const v = values("DE40", "USD");
    expect(v.tickValueProfit).toBeCloseTo(0.011, 12);
    expect(v.tickValueLoss).toBeCloseTo(0.011001, 12);
  });

  test("a USD-profit symbol needs no conversion", () => {
    expect(values("EURUSD", "USD")).toEqual({ tickValue: 1, tickValueProfit: 1, tickValueLoss: 1 });
    expect(values("XAUUSD", "USD").tickValueLoss).toBe(1);
  });
});

describe("tickValuesIn, EUR account", () => {
  test("EURUSD: 1 USD per tick is 1/1.1001 EUR (profit) and 1/1.1 (loss)", () => {
    const v = values("EURUSD", "EUR");
    expect(v.tickValueProfit).toBeCloseTo(0.909008272, 8);
    expect(v.tickValueLoss).toBeCloseTo(0.909090909, 8);
  });

  test("USDJPY converts JPY through the direct cross EURJPY", () => {
    const v = values("USDJPY", "EUR");
    expect(v.tickValueProfit).toBeCloseTo(0.605987153, 8); // 100 / 165.02
    expect(v.tickValueLoss).toBeCloseTo(0.606060606, 8); // 100 / 165.00
  });

  test("EURGBP: 1 GBP per tick is 1/0.88012 EUR (profit) and 1/0.88 (loss)", () => {
    const v = values("EURGBP", "EUR");
    expect(v.tickValueProfit).toBeCloseTo(1.136208699, 8);
    expect(v.tickValueLoss).toBeCloseTo(1.136363636, 8);
  });

  test("USDCAD goes CAD → USD → EUR, both legs on the same side", () => {
    const v = values("USDCAD", "EUR");
    expect(v.tickValueProfit).toBeCloseTo(0.673264654, 8); // 1 / 1.35015 / 1.1001
    expect(v.tickValueLoss).toBeCloseTo(0.673400673, 8); // 1 / 1.35 / 1.1
  });

  test("DE40 is already in EUR", () => {
    expect(values("DE40", "EUR").tickValue).toBeCloseTo(0.01, 12);
  });
});

describe("tickValuesIn, unavailable", () => {
  test("undefined without the conversion quote", () => {
    expect(tickValuesIn(spec("AUDJPY"), "USD", conv, () => undefined)).toBeUndefined();
  });

  test("undefined without a conversion path", () => {
    expect(tickValuesIn(spec("USDJPY"), "XYZ", conv, quotes)).toBeUndefined();
  });
});

describe("the engine values and books positions as the tick values say", () => {
  // USDJPY held on a USD account: its JPY profit converts through USDJPY itself. helpers.ts quotes
  // USDJPY 150.000/150.010; a 1-lot sell opens at the bid 150.000 and is valued at the ask; one
  // point (0.001) is 100 JPY.
  test("a USDJPY sell moves by the profit value per point in its favour and the loss value against", () => {
    const s = setup();
    s.account(1, { deposit: 100_000 });
    const r = s.engine.sendOrder({ login: 1, symbol: "USDJPY", orderType: "Sell", volume: 1 });
    if (!r.ok) {
      throw new Error(r.message);
    }
    const usdjpy = spec("USDJPY");
    const at = (bid: number, ask: number) => {
      s.tick("USDJPY", bid, ask);
      const v = tickValuesIn(usdjpy, "USD", conv, (x) =>
        x === "USDJPY" ? { symbol: x, bid, ask, timeMs: 0 } : undefined,
      );
      if (!v) {
        throw new Error("no tick values");
      }
      return { profit: s.engine.positions(1)[0]?.profit, v };
    };
    // 100 points in favour (ask 149.900): 10 000 JPY at 1/ask = 66.71 USD
    const up = at(149.89, 149.9);
    expect(up.profit).toBe(66.71);
    expect(up.profit).toBe(roundMoney(100 * up.v.tickValueProfit));
    // 100 points against (ask 150.100): 10 000 JPY at 1/bid 150.090 = −66.63 USD, where the
    // profit side (1/150.100) would give −66.62
    const down = at(150.09, 150.1);
    expect(down.profit).toBe(-66.63);
    expect(down.profit).toBe(-roundMoney(100 * down.v.tickValueLoss));
    // 5 000 points against (ask 155.000): −500 000 JPY ÷ 154.990 = −3 226.01 (profit side: −3 225.81)
    const far = at(154.99, 155);
    expect(far.profit).toBe(-3226.01);
    expect(far.profit).toBe(-roundMoney(5000 * far.v.tickValueLoss));
    // Closing books what the position showed.
    const ticket = s.engine.positions(1)[0]?.ticket ?? 0;
    const closed = s.engine.closePosition({ login: 1, ticket });
    if (!closed.ok) {
      throw new Error(closed.message);
    }
    expect(closed.deals.map((d) => d.profit)).toEqual([-3226.01]);
  });
});
