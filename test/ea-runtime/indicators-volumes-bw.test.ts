/**
 * Volume and Bill Williams indicators against hand computations of MT5's definitions: iOBV,
 * iMFI, iVolumes, iAD, iAO, iAC, iAlligator, iGator, iFractals, iBWMFI — values, colour-index
 * buffers (readable right after their data buffer), per-line plot shifts, EMPTY_VALUE / 0.0
 * warm-up, and AO/AC/Alligator/Gator over the 60-bar fixture against straightforward
 * implementations of the definitions.
 */

import { describe, expect, test } from "bun:test";
import fixture from "./fixtures/bars.json";
import { barsFromCloses, initEvent, inProcess } from "./harness.ts";
import {
  E,
  expectValues,
  flat,
  medians,
  ohlc,
  onTick,
  run,
  START,
  values,
} from "./indicator-support.ts";

describe("iOBV", () => {
  test("OBV: bar 0's volume, then ± the volume on an up / down close", async () => {
    const r = ohlc([
      [10, 10, 10, 10, 5, 100],
      [11, 11, 11, 11, 6, 200],
      [11, 11, 11, 11, 7, 300],
      [10, 10, 10, 10, 8, 400],
      [12, 12, 12, 12, 9, 500],
    ]);
    expectValues((await values("iOBV(_Symbol, PERIOD_H1, VOLUME_TICK)", r))[0], [5, 11, 11, 3, 12]);
    expectValues(
      (await values("iOBV(_Symbol, PERIOD_H1, VOLUME_REAL)", r))[0],
      [100, 300, 300, -100, 400],
    );
  });
});

describe("iMFI", () => {
  test("MFI(2): money flow ratio of typical price × volume; 100 without negative flow", async () => {
    const r = flat([10, 11, 10, 12, 13, 14], [1, 2, 3, 4, 5, 6]);
    const v = await values("iMFI(_Symbol, PERIOD_H1, 2, VOLUME_TICK)", r);
    // bar 2: 10 < 11 → negative 3 × 10; 11 > 10 → positive 2 × 11
    // bar 3: 12 > 10 → positive 4 × 12; 10 < 11 → negative 3 × 10
    expectValues(v[0], [E, E, 100 - 100 / (1 + 22 / 30), 100 - 100 / (1 + 48 / 30), 100, 100]);
  });
});

describe("iVolumes", () => {
  test("the volume and a colour buffer: 0 above the previous bar's volume, else 1", async () => {
    const r = ohlc([
      [1, 1, 1, 1, 5, 50],
      [1, 1, 1, 1, 7, 40],
      [1, 1, 1, 1, 7, 40],
      [1, 1, 1, 1, 3, 60],
    ]);
    const tick = await values("iVolumes(_Symbol, PERIOD_H1, VOLUME_TICK)", r, 2);
    expectValues(tick[0], [5, 7, 7, 3]);
    expectValues(tick[1], [0, 0, 1, 1]);
    const real = await values("iVolumes(_Symbol, PERIOD_H1, VOLUME_REAL)", r, 2);
    expectValues(real[0], [50, 40, 40, 60]);
    expectValues(real[1], [0, 1, 1, 0]);
  });
});

describe("iAD", () => {
  test("accumulation/distribution, cumulative from bar 0", async () => {
    const r = ohlc([
      [9.5, 10, 8, 9.5, 10],
      [9.5, 11, 9, 9.5, 20],
      [12, 12, 10, 12, 10],
      [12, 12, 12, 12, 5],
    ]);
    expectValues((await values("iAD(_Symbol, PERIOD_H1, VOLUME_TICK)", r))[0], [5, -5, 5, 5]);
    expect((await run("iAD(_Symbol, PERIOD_H1, VOLUME_TICK)", r.slice(0, 1))).barsCalculated).toBe(
      0,
    );
  });
});

describe("iAO / iAC", () => {
  // Median price = bar index: SMA(5) = i − 2, SMA(34) = i − 16.5, so AO = 14.5 from bar 33.
  const linear = medians(Array.from({ length: 40 }, (_, i) => i));

  test("AO: 0.0 up to bar 32, SMA(5) − SMA(34) of the median; colour 0 rising, 1 not", async () => {
    const v = await values("iAO(_Symbol, PERIOD_H1)", linear, 2);
    expectValues(v[0], [...Array(33).fill(0), ...Array(7).fill(14.5)]);
    expectValues(v[1], [...Array(33).fill(E), 0, ...Array(6).fill(1)]);
  });

  test("AC: 0.0 up to bar 36, AO − SMA(5) of AO; colour 0 when not falling", async () => {
    const v = await values("iAC(_Symbol, PERIOD_H1)", linear, 2);
    expectValues(v[0], Array(40).fill(0));
    expectValues(v[1], [...Array(37).fill(E), 0, 0, 0]);
  });

  test("AO needs 34 bars, AC 37", async () => {
    expect((await run("iAO(_Symbol, 0)", linear.slice(0, 33))).barsCalculated).toBe(0);
    expect((await run("iAO(_Symbol, 0)", linear.slice(0, 34))).barsCalculated).toBe(34);
    expect((await run("iAC(_Symbol, 0)", linear.slice(0, 36))).barsCalculated).toBe(0);
    expect((await run("iAC(_Symbol, 0)", linear.slice(0, 37))).barsCalculated).toBe(37);
  });
});

describe("iAlligator", () => {
  // medians 1..6; SMA(3) 0, 0, 2, 3, 4, 5; SMA(2) 0, 1.5, 2.5, 3.5, 4.5, 5.5; SMA(1) 1..6
  const r = medians([1, 2, 3, 4, 5, 6]);
  const create = "iAlligator(_Symbol, PERIOD_H1, 3, 2, 2, 1, 1, 1, MODE_SMA, PRICE_MEDIAN)";

  test("jaws, teeth, lips: three MAs, each plotted with its own shift", async () => {
    const v = await values(create, r, 3);
    expectValues(v[0], [E, E, 0, 0, 2, 3]); // GATORJAW_LINE, shift 2
    expectValues(v[1], [E, 0, 1.5, 2.5, 3.5, 4.5]); // GATORTEETH_LINE, shift 1
    expectValues(v[2], [E, 1, 2, 3, 4, 5]); // GATORLIPS_LINE, shift 1
  });

  test("values plotted ahead are read at negative positions", async () => {
    const lines = await onTick(
      `const h = ${create};
       const a = [], b = [], c = [];
       Print(CopyBuffer(h, GATORJAW_LINE, -2, 2, a), JSON.stringify(a));
       Print(CopyBuffer(h, GATORTEETH_LINE, -1, 1, b), JSON.stringify(b));
       Print(CopyBuffer(h, GATORLIPS_LINE, -2, 1, c), " ", GetLastError());`,
      r,
    );
    expect(lines).toEqual(["2[4,5]", "1[5.5]", "-1 4806"]);
  });

  test("nothing before max(jaw period + shift, teeth period + shift, 2 × lips period) bars", async () => {
    expect((await run(create, r.slice(0, 4), 3)).barsCalculated).toBe(0);
    expect((await run(create, r.slice(0, 5), 3)).barsCalculated).toBe(5);
  });
});

/** Plain window mean; 0.0 before the window is full (MT5's MA warm-up). */
function sma(p: readonly number[], n: number): number[] {
  return p.map((_, i) =>
    i < n - 1 ? 0 : p.slice(i - n + 1, i + 1).reduce((a, b) => a + b, 0) / n,
  );
}

/** SMMA: SMA seed at bar n − 1, then (prev × (n − 1) + price) / n. */
function smma(p: readonly number[], n: number): number[] {
  const out: number[] = [];
  p.forEach((v, i) => {
    if (i < n - 1) {
      out.push(0);
    } else if (i === n - 1) {
      out.push(p.slice(0, n).reduce((a, b) => a + b, 0) / n);
    } else {
      out.push(((out[i - 1] ?? 0) * (n - 1) + v) / n);
    }
  });
  return out;
}

/** Gator from its definition: raw histograms and colours (unshifted). */
function gator(
  jaws: number[],
  teeth: number[],
  lips: number[],
  [js, ts, ls]: [number, number, number],
  [tp, lp]: [number, number],
): [number[], number[], number[], number[]] {
  const up = js - ts;
  const lo = ts - ls;
  const shift = Math.max(up, lo);
  const n = jaws.length;
  const upper = Array(n).fill(0);
  const upColors = Array(n).fill(0);
  const lower = Array(n).fill(0);
  const loColors = Array(n).fill(0);
  for (let i = shift; i < n; i++) {
    if (i >= lo + ls + lp) {
      lower[i] = -Math.abs((teeth[i - lo] ?? 0) - (lips[i] ?? 0));
      const prev = lower[i - 1];
      loColors[i] = prev === lower[i] ? loColors[i - 1] : prev < lower[i] ? 1 : 0;
    }
    if (i >= up + ts + tp) {
      upper[i] = Math.abs((jaws[i - up] ?? 0) - (teeth[i] ?? 0));
      const prev = upper[i - 1];
      upColors[i] = prev === upper[i] ? upColors[i - 1] : prev < upper[i] ? 0 : 1;
    }
  }
  return [upper, upColors, lower, loColors];
}

/** Buffer `raw` as CopyBuffer returns it with a plot shift. */
function shifted(raw: readonly number[], shift: number): number[] {
  return raw.map((_, i) => (i - shift < 0 ? E : (raw[i - shift] ?? E)));
}

describe("iGator", () => {
  test("(4,3, 3,2, 2,1, SMA, median): |jaws − teeth| and −|teeth − lips|, realigned", async () => {
    const m = [1, 2, 4, 8, 16, 32, 20, 10, 15, 40, 30, 50];
    const v = await values(
      "iGator(_Symbol, PERIOD_H1, 4, 3, 3, 2, 2, 1, MODE_SMA, PRICE_MEDIAN)",
      medians(m),
      4,
    );
    const [upper, upColors, lower, loColors] = gator(
      sma(m, 4),
      sma(m, 3),
      sma(m, 2),
      [3, 2, 1],
      [3, 2],
    );
    // e.g. raw upper at bar 6 = |SMA4(bar 5) − SMA3(bar 6)| = |15 − 68/3|, drawn at bar 8
    expect(upper[6]).toBeCloseTo(Math.abs(15 - 68 / 3), 12);
    expectValues(v[0], shifted(upper, 2)); // UPPER_HISTOGRAM
    expectValues(v[1], shifted(upColors, 2));
    expectValues(v[2], shifted(lower, 1)); // LOWER_HISTOGRAM
    expectValues(v[3], shifted(loColors, 1));
    expect(new Set(upColors.slice(6))).toEqual(new Set([0, 1]));
  });

  test("parameters breaking Gator's order rules give INVALID_HANDLE", async () => {
    const lines = await onTick(
      `Print(iGator(_Symbol, 0, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN) !== INVALID_HANDLE);
       Print(iGator(_Symbol, 0, 8, 8, 13, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN), " ", GetLastError());
       Print(iGator(_Symbol, 0, 13, 5, 8, 8, 5, 3, MODE_SMMA, PRICE_MEDIAN), " ", GetLastError());`,
      medians([1, 2, 3]),
    );
    expect(lines).toEqual(["true", "-1 4808", "-1 4808"]);
  });
});

describe("iFractals", () => {
  test("up / down fractals on 5 bars, EMPTY_VALUE elsewhere; the last 3 bars undecided", async () => {
    const highs = [11, 12, 15, 12, 11, 12, 16, 12, 11, 10];
    const lows = [9, 8, 5, 8, 9, 8, 4, 8, 9, 10];
    const r = ohlc(highs.map((h, i) => [h, h, lows[i] ?? 0, h]));
    const v = await values("iFractals(_Symbol, PERIOD_H1)", r, 2);
    expectValues(v[0], [E, E, 15, E, E, E, 16, E, E, E]); // UPPER_LINE
    expectValues(v[1], [E, E, 5, E, E, E, 4, E, E, E]); // LOWER_LINE
  });

  test("an equal high on the left still counts, on the right it does not", async () => {
    const left = await values(
      "iFractals(_Symbol, 0)",
      ohlc([1, 3, 3, 2, 1, 0].map((h) => [h, h, -h, h])),
      2,
    );
    expectValues(left[0], [E, E, 3, E, E, E]);
    const right = await values(
      "iFractals(_Symbol, 0)",
      ohlc([1, 2, 3, 3, 1, 0].map((h) => [h, h, -h, h])),
      2,
    );
    expectValues(right[0], [E, E, E, E, E, E]);
  });
});

describe("iBWMFI", () => {
  const ranges = [0.001, 0.002, 0.001, 0.003, 0.0005, 0.001];
  const volumes = [10, 10, 20, 5, 4, 0];
  const r = ohlc(ranges.map((x, i) => [1.1, 1.1 + x, 1.1, 1.1, volumes[i] ?? 0]));
  const mfi = ranges.map((x, i) => (1.1 + x - 1.1) / 0.00001 / (volumes[i] || 1));
  mfi[5] = mfi[4] ?? 0; // volume 0 repeats the previous value

  test("(high − low) / _Point / volume; colours 0 ↑↑, 1 ↓↓, 2 MFI↑ vol↓, 3 MFI↓ vol↑", async () => {
    const v = await values("iBWMFI(_Symbol, PERIOD_H1, VOLUME_TICK)", r, 2);
    // The forming bar is scaled by the elapsed part of the hour: the snapshot is 60 s in.
    expectValues(v[0], [...mfi.slice(0, 5), (mfi[5] ?? 0) * (61 / 3600)]);
    expectValues(v[1], [0, 0, 3, 2, 1, 1]);
  });

  test("no scaling once the server time is past the forming bar's hour", async () => {
    const ea = await inProcess();
    ea.load(`let h; function OnInit() { h = iBWMFI(_Symbol, 0, VOLUME_TICK); }
function OnTick() { const b = []; CopyBuffer(h, 0, 0, 1, b); Print(JSON.stringify(b)); }`);
    ea.dispatch(initEvent(r));
    const later = (START + 5 * 3600 + 3600 + 10) * 1000;
    const out = ea.dispatch({ type: "tick", snapshot: { time: later } });
    expect(JSON.parse(out.logs[0]?.text ?? "[]")).toEqual([mfi[5]]);
  });
});

describe("60-bar fixture against the definitions", () => {
  const rates = barsFromCloses((fixture as { closes: number[] }).closes);
  const median = rates.map((b) => ((b.high ?? 0) + (b.low ?? 0)) / 2);

  test("iAO and iAC", async () => {
    const fast = sma(median, 5);
    const slow = sma(median, 34);
    const ao = median.map((_, i) => (i < 33 ? 0 : (fast[i] ?? 0) - (slow[i] ?? 0)));
    const aoColors = ao.map((x, i) => (i < 33 ? E : x > (ao[i - 1] ?? 0) ? 0 : 1));
    const v = await values("iAO(_Symbol, 0)", rates, 2);
    expectValues(v[0], ao);
    expectValues(v[1], aoColors);
    const ac = ao.map((x, i) =>
      i < 37 ? 0 : x - ao.slice(i - 4, i + 1).reduce((a, b) => a + b, 0) / 5,
    );
    const acColors = ac.map((x, i) => (i < 37 ? E : x >= (ac[i - 1] ?? 0) ? 0 : 1));
    const w = await values("iAC(_Symbol, 0)", rates, 2);
    expectValues(w[0], ac);
    expectValues(w[1], acColors);
  });

  test("iAlligator(13,8, 8,5, 5,3, SMMA, median) and iGator with the same parameters", async () => {
    const params = "13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN";
    const [jaws, teeth, lips] = [smma(median, 13), smma(median, 8), smma(median, 5)];
    const a = await values(`iAlligator(_Symbol, 0, ${params})`, rates, 3);
    expectValues(a[0], shifted(jaws, 8));
    expectValues(a[1], shifted(teeth, 5));
    expectValues(a[2], shifted(lips, 3));
    const g = await values(`iGator(_Symbol, 0, ${params})`, rates, 4);
    const [upper, upColors, lower, loColors] = gator(jaws, teeth, lips, [8, 5, 3], [8, 5]);
    expectValues(g[0], shifted(upper, 5));
    expectValues(g[1], shifted(upColors, 5));
    expectValues(g[2], shifted(lower, 3));
    expectValues(g[3], shifted(loColors, 3));
  });
});
