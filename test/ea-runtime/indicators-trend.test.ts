/**
 * Trend indicators against hand computations of MT5's definitions over small series: iEnvelopes,
 * iDEMA, iTEMA, iFrAMA, iVIDyA, iAMA, iStdDev, iSAR, iIchimoku, iADXWilder — values, buffer
 * order, EMPTY_VALUE / 0.0 warm-up, plot shifts (including CopyBuffer's negative start for values
 * plotted ahead) and the bar counts below which nothing is calculated.
 */

import { describe, expect, test } from "bun:test";
import { E, expectValues, flat, ohlc, onTick, run, values } from "./indicator-support.ts";

describe("iEnvelopes", () => {
  test("SMA(3) ± 10 %, first envelope at bar `period`, buffers UPPER_LINE, LOWER_LINE", async () => {
    const v = await values(
      "iEnvelopes(_Symbol, PERIOD_H1, 3, 0, MODE_SMA, PRICE_CLOSE, 10.0)",
      flat([1, 2, 3, 4, 5]),
      2,
    );
    expectValues(v[0], [E, E, E, 1.1 * 3, 1.1 * 4]);
    expectValues(v[1], [E, E, E, 0.9 * 3, 0.9 * 4]);
  });

  test("ma_shift moves both lines right; the last value is read at position −1", async () => {
    const lines = await onTick(
      `const h = iEnvelopes(_Symbol, 0, 3, 1, MODE_SMA, PRICE_CLOSE, 10.0);
       const a = [], b = [], c = [];
       Print(CopyBuffer(h, UPPER_LINE, 0, 5, a), JSON.stringify(a));
       Print(CopyBuffer(h, LOWER_LINE, -1, 1, b), JSON.stringify(b));
       Print(CopyBuffer(h, LOWER_LINE, -2, 1, c), " ", GetLastError());`,
      flat([1, 2, 3, 4, 5]),
    );
    expect(lines[0]).toBe(`5${JSON.stringify([E, E, E, E, 1.1 * 3])}`);
    expect(lines[1]).toBe(`1${JSON.stringify([0.9 * 4])}`);
    expect(lines[2]).toBe("-1 4806");
  });
});

describe("iDEMA / iTEMA", () => {
  // closes 1, 2, 4, 8 and EMA(2) (k = 2/3): EMA 1, 5/3, 29/9, 173/27; EMA of EMA seeded at bar 1
  // with 5/3: 5/3, 73/27, 419/81; EMA of that seeded at bar 2 with 73/27: 73/27, 1057/243.
  test("DEMA(2) = 2·EMA − EMA(EMA); warm-up bar 0 is 2·EMA (second EMA 0.0 there)", async () => {
    const v = await values("iDEMA(_Symbol, PERIOD_H1, 2, 0, PRICE_CLOSE)", flat([1, 2, 4, 8]));
    expectValues(v[0], [2, 5 / 3, 2 * (29 / 9) - 73 / 27, 2 * (173 / 27) - 419 / 81]);
  });

  test("TEMA(2) = 3·EMA − 3·EMA(EMA) + EMA(EMA(EMA))", async () => {
    const v = await values("iTEMA(_Symbol, PERIOD_H1, 2, 0, PRICE_CLOSE)", flat([1, 2, 4, 8]));
    expectValues(v[0], [
      3,
      3 * (5 / 3) - 3 * (5 / 3),
      3 * (29 / 9) - 3 * (73 / 27) + 73 / 27,
      3 * (173 / 27) - 3 * (419 / 81) + 1057 / 243,
    ]);
  });

  test("DEMA needs 2·period−1 bars, TEMA 3·period−2; the shift moves the line", async () => {
    expect((await values("iDEMA(_Symbol, 0, 3, 0, PRICE_CLOSE)", flat([1, 2, 3, 4])))[0]).toEqual([
      "error",
      4806,
    ] as never);
    expect(
      (await run("iDEMA(_Symbol, 0, 3, 0, PRICE_CLOSE)", flat([1, 2, 3, 4, 5]))).barsCalculated,
    ).toBe(5);
    expect((await values("iTEMA(_Symbol, 0, 2, 0, PRICE_CLOSE)", flat([1, 2, 4])))[0]).toEqual([
      "error",
      4806,
    ] as never);
    const shifted = await values("iDEMA(_Symbol, 0, 2, 2, PRICE_CLOSE)", flat([1, 2, 4, 8]));
    expectValues(shifted[0], [E, E, 2, 5 / 3]);
  });
});

describe("iFrAMA", () => {
  test("FrAMA(2): price up to bar 2·N−2, then the fractal-dimension EMA", async () => {
    const r = ohlc([
      [1.5, 2, 1, 1.5],
      [1.5, 5, 2, 4],
      [4, 4, 3, 3.5],
      [3.5, 6, 3, 5],
      [5, 7, 5, 6],
    ]);
    const v = await values("iFrAMA(_Symbol, PERIOD_H1, 2, 0, PRICE_CLOSE)", r);
    const alpha = (n1: number, n2: number, n3: number): number =>
      Math.exp(-4.6 * ((Math.log(n1 + n2) - Math.log(n3)) / Math.log(2) - 1));
    // bar 3: ranges of bars 2..3 (6 − 3), 0..1 (5 − 1), 0..3 (6 − 1)
    const a3 = alpha((6 - 3) / 2, (5 - 1) / 2, (6 - 1) / 4);
    const f3 = a3 * 5 + (1 - a3) * 3.5;
    // bar 4: bars 3..4 (7 − 3), 1..2 (5 − 2), 1..4 (7 − 2)
    const a4 = alpha((7 - 3) / 2, (5 - 2) / 2, (7 - 2) / 4);
    expectValues(v[0], [1.5, 4, 3.5, f3, a4 * 6 + (1 - a4) * f3]);
  });
});

describe("iVIDyA", () => {
  test("VIDyA(CMO 2, EMA 2): price up to bar cmo+ema−2, then EMA scaled by |CMO|", async () => {
    const v = await values(
      "iVIDyA(_Symbol, PERIOD_H1, 2, 2, 0, PRICE_CLOSE)",
      flat([1, 2, 4, 3, 5]),
    );
    // bar 3: changes −1, +2 → CMO 1/3, factor 2/3 · 1/3; bar 4: +2, −1 → the same factor.
    const k = (2 / 3) * (1 / 3);
    const v3 = 3 * k + 4 * (1 - k);
    expectValues(v[0], [1, 2, 4, v3, 5 * k + v3 * (1 - k)]);
  });
});

describe("iAMA", () => {
  test("AMA(2, 2, 30): 0.0, price seed at bar period−1, then SSC² steps", async () => {
    const v = await values(
      "iAMA(_Symbol, PERIOD_H1, 2, 2, 30, 0, PRICE_CLOSE)",
      flat([1, 2, 4, 3]),
    );
    const fast = 2 / 3;
    const slow = 2 / 31;
    const ama2 = fast * fast * (4 - 2) + 2; // ER = |4 − 1| / (2 + 1) = 1
    const ssc3 = (1 / 3) * (fast - slow) + slow; // ER = |3 − 2| / (1 + 2)
    expectValues(v[0], [0, 2, ama2, ssc3 * ssc3 * (3 - ama2) + ama2]);
  });

  test("periods ≤ 0 fall back to AMA.mq5's 10 / 2 / 30", async () => {
    const r = flat(Array.from({ length: 15 }, (_, i) => 1 + Math.sin(i)));
    const a = await values("iAMA(_Symbol, 0, 0, 0, 0, 0, PRICE_CLOSE)", r);
    const b = await values("iAMA(_Symbol, 0, 10, 2, 30, 0, PRICE_CLOSE)", r);
    expectValues(a[0], b[0] ?? []);
  });
});

describe("iStdDev", () => {
  test("StdDev(3, SMA): population deviation around the SMA, 0.0 before bar period−1", async () => {
    const v = await values(
      "iStdDev(_Symbol, PERIOD_H1, 3, 0, MODE_SMA, PRICE_CLOSE)",
      flat([1, 2, 3, 5]),
    );
    expectValues(v[0], [0, 0, Math.sqrt(2 / 3), Math.sqrt(14 / 9)]);
  });

  test("StdDev(3, EMA): deviation around the EMA seeded with the SMA", async () => {
    const v = await values(
      "iStdDev(_Symbol, PERIOD_H1, 3, 0, MODE_EMA, PRICE_CLOSE)",
      flat([1, 2, 3, 5]),
    );
    const ema3 = 5 * 0.5 + 2 * 0.5;
    const dev3 = ((5 - ema3) ** 2 + (3 - ema3) ** 2 + (2 - ema3) ** 2) / 3;
    expectValues(v[0], [0, 0, Math.sqrt(2 / 3), Math.sqrt(dev3)]);
  });

  test("a shift of 1 moves the line; a period ≤ 1 falls back to 20", async () => {
    const v = await values("iStdDev(_Symbol, 0, 3, 1, MODE_SMA, PRICE_CLOSE)", flat([1, 2, 3, 5]));
    expectValues(v[0], [E, 0, 0, Math.sqrt(2 / 3)]);
    const r = flat(Array.from({ length: 25 }, (_, i) => (i * 7) % 5));
    const a = await values("iStdDev(_Symbol, 0, 1, 0, MODE_SMA, PRICE_CLOSE)", r);
    const b = await values("iStdDev(_Symbol, 0, 20, 0, MODE_SMA, PRICE_CLOSE)", r);
    expectValues(a[0], b[0] ?? []);
  });
});

describe("iSAR", () => {
  // high/low: starts SHORT at bar 0, turns LONG at bar 2 (SAR 11 < high 12), a new high at bar
  // 3 raises AF to 0.04, turns SHORT at bar 5 (SAR above low 9) at the highest high since bar 2.
  const r = ohlc([
    [9.5, 10, 9, 9.5],
    [10.5, 11, 10, 10.5],
    [11.5, 12, 11, 11.5],
    [12.5, 13, 12, 12.5],
    [12, 12.5, 11, 12],
    [10, 12, 9, 10],
    [9, 10, 8.5, 9],
  ]);

  test("SAR(0.02, 0.2) step by step", async () => {
    const v = await values("iSAR(_Symbol, PERIOD_H1, 0.02, 0.2)", r);
    const s3 = 9 + 0.02 * (12 - 9);
    const s4 = s3 + 0.04 * (13 - s3);
    expectValues(v[0], [10, 11, 9, s3, s4, 13, 13 + 0.02 * (9 - 13)]);
  });

  test("SAR(0.1, 0.15): the acceleration factor stops at the maximum", async () => {
    const v = await values("iSAR(_Symbol, PERIOD_H1, 0.1, 0.15)", r);
    const s3 = 9 + 0.1 * (12 - 9);
    expectValues(v[0], [10, 11, 9, s3, s3 + 0.15 * (13 - s3), 13, 13 + 0.1 * (9 - 13)]);
  });

  test("the forming bar never reverses: its SAR comes from the finished bars", async () => {
    const v = await values("iSAR(_Symbol, PERIOD_H1, 0.02, 0.2)", r.slice(0, 6));
    const s3 = 9 + 0.02 * (12 - 9);
    const s4 = s3 + 0.04 * (13 - s3);
    expectValues(v[0], [10, 11, 9, s3, s4, s4 + 0.04 * (13 - s4)]);
  });

  test("negative step / maximum fall back to 0.02 / 0.2; fewer than 3 bars: nothing", async () => {
    const a = await values("iSAR(_Symbol, 0, -1, -1)", r);
    const b = await values("iSAR(_Symbol, 0, 0.02, 0.2)", r);
    expectValues(a[0], b[0] ?? []);
    expect((await run("iSAR(_Symbol, 0, 0.02, 0.2)", r.slice(0, 2))).barsCalculated).toBe(0);
  });
});

describe("iIchimoku", () => {
  const r = ohlc([
    [9, 10, 8, 9],
    [9, 12, 9, 11],
    [11, 11, 7, 8],
    [8, 13, 10, 12],
    [12, 14, 12, 13],
    [13, 13, 11, 12],
  ]);

  test("(2, 3, 4): five buffers, Senkou spans kijun bars ahead, Chikou kijun bars back", async () => {
    const v = await values("iIchimoku(_Symbol, PERIOD_H1, 2, 3, 4)", r, 5);
    expectValues(v[0], [9, 10, 9.5, 10, 12, 12.5]); // TENKANSEN_LINE
    expectValues(v[1], [9, 10, 9.5, 10, 10.5, 12]); // KIJUNSEN_LINE
    expectValues(v[2], [E, E, E, 9, 10, 9.5]); // SENKOUSPANA_LINE: (tenkan + kijun) / 2
    expectValues(v[3], [E, E, E, 9, 10, 9.5]); // SENKOUSPANB_LINE: 4-bar mid-range
    expectValues(v[4], [12, 13, 12, E, E, E]); // CHIKOUSPAN_LINE: close
  });

  test("the spans' last kijun values are read at negative positions, nothing beyond", async () => {
    const lines = await onTick(
      `const h = iIchimoku(_Symbol, 0, 2, 3, 4);
       const a = [], b = [], c = [], d = [];
       Print(CopyBuffer(h, SENKOUSPANA_LINE, -3, 3, a), JSON.stringify(a));
       Print(CopyBuffer(h, SENKOUSPANB_LINE, -3, 3, b), JSON.stringify(b));
       Print(CopyBuffer(h, SENKOUSPANA_LINE, -4, 2, c), " ", GetLastError());
       ResetLastError();
       Print(CopyBuffer(h, CHIKOUSPAN_LINE, -1, 1, d), " ", GetLastError());`,
      r,
    );
    expect(lines).toEqual(["3[10,11.25,12.25]", "3[10,10.5,10.5]", "-1 4806", "-1 4806"]);
  });
});

describe("iADXWilder", () => {
  test("ADX Wilder(2): SmoothedMA of TR/DM from bar `period`, DX, ADX", async () => {
    const r = ohlc([
      [9, 10, 8, 9],
      [10, 11, 9, 10],
      [9, 10, 7, 8],
      [10, 12, 9, 11],
      [12, 13, 11, 12],
    ]);
    const v = await values("iADXWilder(_Symbol, PERIOD_H1, 2)", r, 3);
    // TR 2, 3, 4, 2; +DM 1, 0, 2, 1; −DM 0, 2, 0, 0 (bars 1..4); ATR 1.5, 2.75, 2.375 (bars 2..4)
    // +DM avg 0, 1, 1; −DM avg 1, 0.5, 0.25; DX 100, 100/3, 60; ADX 50, 125/3, 305/6
    expectValues(v[0], [0, 0, 50, 125 / 3, 305 / 6]);
    expectValues(v[1], [0, 0, 0, 100 / 2.75, 100 / 2.375]);
    expectValues(v[2], [0, 0, 200 / 3, 50 / 2.75, 25 / 2.375]);
  });

  test("a period outside 1..99 falls back to 14", async () => {
    const r = ohlc(
      Array.from({ length: 40 }, (_, i) => {
        const c = 10 + Math.sin(i);
        return [c, c + 1 + Math.abs(Math.cos(i)), c - 1, c];
      }),
    );
    const a = await values("iADXWilder(_Symbol, 0, 100)", r, 3);
    const b = await values("iADXWilder(_Symbol, 0, 14)", r, 3);
    expect(a).toEqual(b);
  });
});
