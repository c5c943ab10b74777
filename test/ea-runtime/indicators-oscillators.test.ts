/**
 * Oscillators against hand computations of MT5's definitions over small series: iMomentum,
 * iWPR, iRVI, iForce, iBearsPower, iBullsPower, iDeMarker, iTriX, iChaikin, iOsMA — values,
 * buffer order, warm-up (0.0 where MT5's source writes it, EMPTY_VALUE where it writes nothing
 * or EMPTY_VALUE), applied price / volume and the parameter fallbacks of the MT5 sources.
 */

import { describe, expect, test } from "bun:test";
import { E, expectValues, flat, ohlc, run, values } from "./indicator-support.ts";

describe("iMomentum", () => {
  test("Momentum(2) = price × 100 / price two bars back; bars 0..1 EMPTY_VALUE", async () => {
    const v = await values(
      "iMomentum(_Symbol, PERIOD_H1, 2, PRICE_CLOSE)",
      flat([10, 11, 12, 9, 12]),
    );
    expectValues(v[0], [E, E, 120, (9 * 100) / 11, 100]);
  });

  test("applied price: PRICE_HIGH", async () => {
    const r = ohlc([
      [1, 4, 1, 2],
      [2, 5, 1, 3],
      [3, 8, 2, 4],
    ]);
    const v = await values("iMomentum(_Symbol, PERIOD_H1, 1, PRICE_HIGH)", r);
    expectValues(v[0], [E, 125, 160]);
  });
});

describe("iWPR", () => {
  const r = ohlc([
    [9, 10, 8, 9],
    [10, 11, 9, 10],
    [11, 12, 10, 11],
    [11, 12, 10, 10],
    [10, 11, 10, 10.5],
    [5, 5, 5, 5],
    [5, 5, 5, 5],
    [5, 5, 5, 5],
  ]);

  test("WPR(3): 0.0 warm-up, −100·(HH − C)/(HH − LL), a flat range repeats the last value", async () => {
    const v = await values("iWPR(_Symbol, PERIOD_H1, 3)", r);
    expectValues(v[0], [
      0,
      0,
      (-(12 - 11) * 100) / (12 - 8),
      (-(12 - 10) * 100) / (12 - 9),
      (-(12 - 10.5) * 100) / (12 - 10),
      (-(12 - 5) * 100) / (12 - 5),
      (-(11 - 5) * 100) / (11 - 5),
      (-(11 - 5) * 100) / (11 - 5),
    ]);
  });

  test("a period below 3 falls back to 14 (WPR.mq5)", async () => {
    const long = ohlc(
      Array.from({ length: 30 }, (_, i) => {
        const c = 10 + Math.sin(i / 3);
        return [c, c + 0.5 + (i % 3) / 10, c - 0.4, c];
      }),
    );
    expect(await values("iWPR(_Symbol, 0, 2)", long)).toEqual(
      await values("iWPR(_Symbol, 0, 14)", long),
    );
  });
});

describe("iRVI", () => {
  test("RVI(1): 1,2,2,1-weighted bodies / ranges; signal the same weighting ÷ 6", async () => {
    const bodies = [1, -1, 1, 1, -1, 1, 1, 1, -1, 1];
    // Every bar spans 2 (body ± 0.5 wicks), so each RVI denominator is 2 + 4 + 4 + 2 = 12.
    const r = ohlc(
      bodies.map((b) => [10, 10 + Math.max(b, 0) + 0.5, 10 + Math.min(b, 0) - 0.5, 10 + b]),
    );
    const v = await values("iRVI(_Symbol, PERIOD_H1, 1)", r, 2);
    const b = (i: number): number => bodies[i] ?? 0;
    const rvi = bodies.map((_, i) =>
      i < 3 ? 0 : (b(i) + 2 * b(i - 1) + 2 * b(i - 2) + b(i - 3)) / 12,
    );
    const x = (i: number): number => rvi[i] ?? 0;
    const signal = bodies.map((_, i) =>
      i < 6 ? 0 : (x(i) + 2 * x(i - 1) + 2 * x(i - 2) + x(i - 3)) / 6,
    );
    expectValues(v[0], rvi); // MAIN_LINE
    expectValues(v[1], signal); // SIGNAL_LINE
  });

  test("nothing before period + 9 bars", async () => {
    const r = flat([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await run("iRVI(_Symbol, 0, 1)", r, 2)).barsCalculated).toBe(0);
  });
});

describe("iForce", () => {
  test("Force(2, SMA, VOLUME_TICK) = tick volume × (MA − previous MA) of the close", async () => {
    const v = await values(
      "iForce(_Symbol, PERIOD_H1, 2, MODE_SMA, VOLUME_TICK)",
      flat([1, 3, 5, 4], [10, 20, 30, 40]),
    );
    expectValues(v[0], [E, E, 30 * (4 - 2), 40 * (4.5 - 4)]);
  });

  test("VOLUME_REAL reads the real volume", async () => {
    const r = ohlc([
      [1, 1, 1, 1, 10, 100],
      [3, 3, 3, 3, 20, 200],
      [5, 5, 5, 5, 30, 300],
      [4, 4, 4, 4, 40, 400],
    ]);
    const v = await values("iForce(_Symbol, PERIOD_H1, 2, MODE_SMA, VOLUME_REAL)", r);
    expectValues(v[0], [E, E, 300 * (4 - 2), 400 * (4.5 - 4)]);
  });
});

describe("iBearsPower / iBullsPower", () => {
  // closes 3, 6, 9, 7 and EMA(2): 3, 5, 23/3, 65/9
  const r = ohlc([
    [3, 4, 2, 3],
    [6, 7, 5, 6],
    [9, 10, 8, 9],
    [8, 9, 6, 7],
  ]);

  test("Bears(2) = low − EMA(close, 2) from bar `period`", async () => {
    const v = await values("iBearsPower(_Symbol, PERIOD_H1, 2)", r);
    expectValues(v[0], [E, E, 8 - 23 / 3, 6 - 65 / 9]);
  });

  test("Bulls(2) = high − EMA(close, 2) from bar `period`", async () => {
    const v = await values("iBullsPower(_Symbol, PERIOD_H1, 2)", r);
    expectValues(v[0], [E, E, 10 - 23 / 3, 9 - 65 / 9]);
  });
});

describe("iDeMarker", () => {
  test("DeMarker(2) = SMA(DeMax) / (SMA(DeMax) + SMA(DeMin))", async () => {
    const r = ohlc([
      [9.5, 10, 9, 9.5],
      [10, 12, 8, 10],
      [10.5, 11, 10, 10.5],
      [11, 14, 9, 11],
    ]);
    // DeMax 0, 2, 0, 3; DeMin 0, 1, 0, 1
    const v = await values("iDeMarker(_Symbol, PERIOD_H1, 2)", r);
    expectValues(v[0], [0, 1 / 1.5, 1 / 1.5, 1.5 / 2]);
  });
});

describe("iTriX", () => {
  test("TRIX(2): rate of change of the triple EMA, EMPTY_VALUE before bar 3·(period−1)", async () => {
    // Triple EMA (k = 2/3) of 1, 2, 4, 8, 16 from bar 2: 73/27, 1057/243, 6043/729
    const v = await values("iTriX(_Symbol, PERIOD_H1, 2, PRICE_CLOSE)", flat([1, 2, 4, 8, 16]));
    expectValues(v[0], [E, E, E, 400 / 657, 2872 / 3171]);
  });
});

describe("iChaikin", () => {
  test("Chaikin(2, 3, EMA, VOLUME_TICK) = EMA(2) − EMA(3) of accumulation/distribution", async () => {
    const r = ohlc([
      [9.5, 10, 8, 9.5, 10], // AD += (1.5 − 0.5) / 2 × 10 = 5
      [9.5, 11, 9, 9.5, 20], // AD += (0.5 − 1.5) / 2 × 20 = −10
      [12, 12, 10, 12, 10], // AD += 2 / 2 × 10 = 10
      [12, 12, 12, 12, 5], // high = low: AD += 0
    ]);
    // AD 5, −5, 5, 5; EMA(2) 5, −5/3, 25/9, 115/27; EMA(3) 5, 0, 2.5, 3.75
    const v = await values("iChaikin(_Symbol, PERIOD_H1, 2, 3, MODE_EMA, VOLUME_TICK)", r);
    expectValues(v[0], [0, -5 / 3, 25 / 9 - 2.5, 115 / 27 - 3.75]);
  });

  test("SMA method: the first slow value at bar slow−1, 0.0 before", async () => {
    const r = flat([1, 2, 3, 4], [1, 1, 1, 1]);
    // flat bars (high = low) add nothing: AD is 0 everywhere
    const v = await values("iChaikin(_Symbol, 0, 2, 3, MODE_SMA, VOLUME_TICK)", r);
    expectValues(v[0], [0, 0, 0, 0]);
  });
});

describe("iOsMA", () => {
  test("OsMA(2, 3, 2) = MACD − SMA(MACD, 2)", async () => {
    // EMA(2) 1, 5/3, 29/9, 173/27; EMA(3) 1, 1.5, 2.75, 5.375;
    // MACD 0, 1/6, 17/36, 223/216; signal 0, 1/12, 23/72, 325/432
    const v = await values("iOsMA(_Symbol, PERIOD_H1, 2, 3, 2, PRICE_CLOSE)", flat([1, 2, 4, 8]));
    expectValues(v[0], [0, 1 / 12, 11 / 72, 121 / 432]);
  });
});
