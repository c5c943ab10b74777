/**
 * Indicator values through the real runtime (iXxx + CopyBuffer) against values computed here
 * from the MT5 definitions: literal hand-worked series, plus straightforward reference
 * implementations over a 60-bar fixture; and incremental feeding (bar by bar, forming-bar
 * updates) giving the same values as one batch.
 */

import { describe, expect, test } from "bun:test";
import fixture from "./fixtures/bars.json";
import { barsFromCloses, initEvent, inProcess } from "./harness.ts";

type Bar = Record<string, number>;

/** Creates the indicator in OnInit and prints every buffer's full content on each tick. */
async function values(create: string, rates: Bar[], buffers = 1): Promise<number[][]> {
  const ea = await inProcess();
  const prog = `
let h;
function OnInit() { h = ${create}; return h === INVALID_HANDLE ? INIT_FAILED : INIT_SUCCEEDED; }
function OnTick() {
  const all = [];
  for (let b = 0; b < ${buffers}; b++) {
    const buf = [];
    const n = CopyBuffer(h, b, 0, Bars(_Symbol, _Period), buf);
    all.push(n < 0 ? ["error", GetLastError()] : buf);
  }
  Print(JSON.stringify(all));
}`;
  expect(ea.load(prog, { maxLogLineLength: 1_000_000 }).ok).toBe(true);
  expect(ea.dispatch(initEvent(rates)).initResult).toBe(0);
  const out = ea.dispatch({ type: "tick", snapshot: {} });
  expect(out.ok).toBe(true);
  return JSON.parse(out.logs[0]?.text ?? "[]") as number[][];
}

const closes = (fixture as { closes: number[] }).closes;
const rates = barsFromCloses(closes);
const col = (k: string): number[] => rates.map((r) => r[k] ?? 0);
const close = col("close");
const high = col("high");
const low = col("low");

// ---- reference implementations from the definitions ---------------------------------------

function sma(p: number[], n: number): number[] {
  return p.map((_, i) =>
    i < n - 1 ? 0 : p.slice(i - n + 1, i + 1).reduce((a, b) => a + b, 0) / n,
  );
}
function ema(p: number[], n: number): number[] {
  const k = 2 / (n + 1);
  const out: number[] = [];
  p.forEach((v, i) => {
    out.push(i === 0 ? v : v * k + (out[i - 1] ?? 0) * (1 - k));
  });
  return out;
}
function smma(p: number[], n: number): number[] {
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
function lwma(p: number[], n: number): number[] {
  const ws = (n * (n + 1)) / 2;
  return p.map((_, i) => {
    if (i < n - 1) {
      return 0;
    }
    let s = 0;
    for (let j = 0; j < n; j++) {
      s += (n - j) * (p[i - j] ?? 0);
    }
    return s / ws;
  });
}
function rsi(p: number[], n: number): number[] {
  const out: number[] = p.map(() => 0);
  let up = 0;
  let dn = 0;
  for (let i = 1; i <= n; i++) {
    const d = (p[i] ?? 0) - (p[i - 1] ?? 0);
    up += Math.max(d, 0);
    dn += Math.max(-d, 0);
  }
  up /= n;
  dn /= n;
  const val = (u: number, d: number) => (d === 0 ? (u === 0 ? 50 : 100) : 100 - 100 / (1 + u / d));
  out[n] = val(up, dn);
  for (let i = n + 1; i < p.length; i++) {
    const d = (p[i] ?? 0) - (p[i - 1] ?? 0);
    up = (up * (n - 1) + Math.max(d, 0)) / n;
    dn = (dn * (n - 1) + Math.max(-d, 0)) / n;
    out[i] = val(up, dn);
  }
  return out;
}
function trueRange(i: number): number {
  const pc = close[i - 1] ?? 0;
  return Math.max(high[i] ?? 0, pc) - Math.min(low[i] ?? 0, pc);
}

function expectClose(actual: number[] | undefined, expected: number[], from = 0): void {
  expect(actual).toBeDefined();
  expect(actual?.length).toBe(expected.length);
  for (let i = from; i < expected.length; i++) {
    expect(actual?.[i] ?? Number.NaN).toBeCloseTo(expected[i] ?? Number.NaN, 9);
  }
}

describe("hand-worked series", () => {
  test("iMA SMA(3) of 1..5 is 0,0,2,3,4", async () => {
    const v = await values(
      "iMA(_Symbol, PERIOD_H1, 3, 0, MODE_SMA, PRICE_CLOSE)",
      barsFromCloses([1, 2, 3, 4, 5]),
    );
    expectClose(v[0], [0, 0, 2, 3, 4]);
  });

  test("iMA EMA(3) seeds with the first price: 1, 1.5, 2.25, 3.125", async () => {
    const v = await values(
      "iMA(_Symbol, PERIOD_H1, 3, 0, MODE_EMA, PRICE_CLOSE)",
      barsFromCloses([1, 2, 3, 4]),
    );
    expectClose(v[0], [1, 1.5, 2.25, 3.125]);
  });

  test("iRSI(2) of 1,2,1,2,3 is 0,0,50,75,87.5 (SMA seed then Wilder)", async () => {
    const v = await values(
      "iRSI(_Symbol, PERIOD_H1, 2, PRICE_CLOSE)",
      barsFromCloses([1, 2, 1, 2, 3]),
    );
    expectClose(v[0], [0, 0, 50, 75, 87.5]);
  });

  test("iATR(2) is the simple average of true range", async () => {
    const r: Bar[] = [
      { time: 1_700_000_000, open: 10, high: 11, low: 9, close: 10 },
      { time: 1_700_003_600, open: 10, high: 12, low: 10, close: 11 }, // TR 2
      { time: 1_700_007_200, open: 11, high: 11.5, low: 8, close: 9 }, // TR 3.5
      { time: 1_700_010_800, open: 9, high: 10, low: 9, close: 9.5 }, // TR 1 (prev close 9)
    ];
    const v = await values("iATR(_Symbol, PERIOD_H1, 2)", r);
    expectClose(v[0], [0, 0, 2.75, 2.25]);
  });

  test("iBands(3, dev 2): SMA middle, population stddev from bar `period` on", async () => {
    const v = await values(
      "iBands(_Symbol, PERIOD_H1, 3, 0, 2.0, PRICE_CLOSE)",
      barsFromCloses([1, 2, 3, 5]),
      3,
    );
    // bar 3: window 2,3,5 → mean 10/3, var = ((2-10/3)^2+(3-10/3)^2+(5-10/3)^2)/3 = 14/9
    const sd = Math.sqrt(14 / 9);
    expectClose(v[0], [0, 0, 2, 10 / 3]);
    expectClose(v[1], [0, 0, 2, 10 / 3 + 2 * sd]);
    expectClose(v[2], [0, 0, 2, 10 / 3 - 2 * sd]);
  });
});

describe("60-bar fixture against reference implementations", () => {
  test.each([
    ["MODE_SMA", sma],
    ["MODE_EMA", ema],
    ["MODE_SMMA", smma],
    ["MODE_LWMA", lwma],
  ] as const)("iMA %s(10)", async (mode, ref) => {
    const v = await values(`iMA(_Symbol, PERIOD_H1, 10, 0, ${mode}, PRICE_CLOSE)`, rates);
    expectClose(v[0], ref(close, 10));
  });

  test("iMA applied prices (median, typical, weighted)", async () => {
    const median = rates.map((r) => ((r.high ?? 0) + (r.low ?? 0)) / 2);
    const typical = rates.map((r) => ((r.high ?? 0) + (r.low ?? 0) + (r.close ?? 0)) / 3);
    const weighted = rates.map((r) => ((r.high ?? 0) + (r.low ?? 0) + 2 * (r.close ?? 0)) / 4);
    expectClose(
      (await values("iMA(_Symbol, 0, 5, 0, MODE_SMA, PRICE_MEDIAN)", rates))[0],
      sma(median, 5),
    );
    expectClose(
      (await values("iMA(_Symbol, 0, 5, 0, MODE_SMA, PRICE_TYPICAL)", rates))[0],
      sma(typical, 5),
    );
    expectClose(
      (await values("iMA(_Symbol, 0, 5, 0, MODE_SMA, PRICE_WEIGHTED)", rates))[0],
      sma(weighted, 5),
    );
    expectClose(
      (await values("iMA(_Symbol, 0, 5, 0, MODE_SMA, PRICE_OPEN)", rates))[0],
      sma(col("open"), 5),
    );
    expectClose(
      (await values("iMA(_Symbol, 0, 5, 0, MODE_SMA, PRICE_HIGH)", rates))[0],
      sma(high, 5),
    );
    expectClose(
      (await values("iMA(_Symbol, 0, 5, 0, MODE_SMA, PRICE_LOW)", rates))[0],
      sma(low, 5),
    );
  });

  test("iRSI(14)", async () => {
    const v = await values("iRSI(_Symbol, PERIOD_H1, 14, PRICE_CLOSE)", rates);
    expectClose(v[0], rsi(close, 14));
  });

  test("iMACD(12,26,9): EMA difference, SMA signal", async () => {
    const v = await values("iMACD(_Symbol, PERIOD_H1, 12, 26, 9, PRICE_CLOSE)", rates, 2);
    const f = ema(close, 12);
    const s = ema(close, 26);
    const macd = close.map((_, i) => (f[i] ?? 0) - (s[i] ?? 0));
    expectClose(v[0], macd);
    expectClose(v[1], sma(macd, 9));
  });

  test("iBands(20, 2)", async () => {
    const v = await values("iBands(_Symbol, PERIOD_H1, 20, 0, 2.0, PRICE_CLOSE)", rates, 3);
    const mid = sma(close, 20);
    const sd = close.map((_, i) => {
      if (i < 20) {
        return 0;
      }
      const m = mid[i] ?? 0;
      return Math.sqrt(close.slice(i - 19, i + 1).reduce((a, x) => a + (x - m) ** 2, 0) / 20);
    });
    expectClose(v[0], mid);
    expectClose(
      v[1],
      mid.map((m, i) => m + 2 * (sd[i] ?? 0)),
    );
    expectClose(
      v[2],
      mid.map((m, i) => m - 2 * (sd[i] ?? 0)),
    );
  });

  test("iATR(14): SMA of true range", async () => {
    const v = await values("iATR(_Symbol, PERIOD_H1, 14)", rates);
    const tr = close.map((_, i) => (i === 0 ? 0 : trueRange(i)));
    const expected = close.map((_, i) =>
      i < 14 ? 0 : tr.slice(i - 13, i + 1).reduce((a, b) => a + b, 0) / 14,
    );
    expectClose(v[0], expected);
  });

  test("iStochastic(5,3,3, SMA, low/high) with slowing", async () => {
    const v = await values(
      "iStochastic(_Symbol, PERIOD_H1, 5, 3, 3, MODE_SMA, STO_LOWHIGH)",
      rates,
      2,
    );
    const ll = close.map((_, i) => (i < 4 ? 0 : Math.min(...low.slice(i - 4, i + 1))));
    const hh = close.map((_, i) => (i < 4 ? 0 : Math.max(...high.slice(i - 4, i + 1))));
    const main = close.map((_, i) => {
      if (i < 4 + 2) {
        return 0;
      }
      let num = 0;
      let den = 0;
      for (let k = i - 2; k <= i; k++) {
        num += (close[k] ?? 0) - (ll[k] ?? 0);
        den += (hh[k] ?? 0) - (ll[k] ?? 0);
      }
      return den === 0 ? 100 : (num / den) * 100;
    });
    expectClose(v[0], main);
    expectClose(v[1], sma(main, 3));
  });

  test("iCCI(14) on typical price", async () => {
    const v = await values("iCCI(_Symbol, PERIOD_H1, 14, PRICE_TYPICAL)", rates);
    const tp = rates.map((r) => ((r.high ?? 0) + (r.low ?? 0) + (r.close ?? 0)) / 3);
    const expected = tp.map((p, i) => {
      if (i < 13) {
        return 0;
      }
      const w = tp.slice(i - 13, i + 1);
      const m = w.reduce((a, b) => a + b, 0) / 14;
      const md = w.reduce((a, b) => a + Math.abs(b - m), 0) / 14;
      return md === 0 ? 0 : (p - m) / (0.015 * md);
    });
    expectClose(v[0], expected);
  });

  test("iADX(14): MT5's ADX (EMA smoothing), +DI and -DI", async () => {
    const v = await values("iADX(_Symbol, PERIOD_H1, 14)", rates, 3);
    const k = 2 / 15;
    const pdi = [0];
    const ndi = [0];
    const adx = [0];
    for (let i = 1; i < close.length; i++) {
      let up = Math.max((high[i] ?? 0) - (high[i - 1] ?? 0), 0);
      let dn = Math.max((low[i - 1] ?? 0) - (low[i] ?? 0), 0);
      if (up > dn) {
        dn = 0;
      } else if (up < dn) {
        up = 0;
      } else {
        up = 0;
        dn = 0;
      }
      const pc = close[i - 1] ?? 0;
      const tr = Math.max(
        (high[i] ?? 0) - (low[i] ?? 0),
        Math.abs((high[i] ?? 0) - pc),
        Math.abs((low[i] ?? 0) - pc),
      );
      const p = (tr === 0 ? 0 : (100 * up) / tr) * k + (pdi[i - 1] ?? 0) * (1 - k);
      const n = (tr === 0 ? 0 : (100 * dn) / tr) * k + (ndi[i - 1] ?? 0) * (1 - k);
      pdi.push(p);
      ndi.push(n);
      const dx = p + n === 0 ? 0 : (100 * Math.abs(p - n)) / (p + n);
      adx.push(dx * k + (adx[i - 1] ?? 0) * (1 - k));
    }
    expectClose(v[0], adx);
    expectClose(v[1], pdi);
    expectClose(v[2], ndi);
  });
});

describe("incremental calculation", () => {
  test("bars fed one by one (with forming-bar updates) equal one batch", async () => {
    const ea = await inProcess();
    const prog = `
let hs = [];
function OnInit() {
  hs = [iMA(_Symbol, 0, 10, 0, MODE_EMA, PRICE_CLOSE), iRSI(_Symbol, 0, 14, PRICE_CLOSE),
        iATR(_Symbol, 0, 14), iADX(_Symbol, 0, 14), iStochastic(_Symbol, 0, 5, 3, 3, MODE_SMA, STO_LOWHIGH),
        iMACD(_Symbol, 0, 12, 26, 9, PRICE_CLOSE), iCCI(_Symbol, 0, 14, PRICE_TYPICAL), iBands(_Symbol, 0, 20, 0, 2, PRICE_CLOSE)];
}
function OnTick() {
  const last = [];
  for (const h of hs) { const b = []; CopyBuffer(h, 0, 0, 1, b); last.push(b[0] ?? null); }
  Print(JSON.stringify(last));
}`;
    expect(ea.load(prog).ok).toBe(true);
    ea.dispatch(initEvent(rates.slice(0, 5)));
    let lastLine = "";
    for (let i = 5; i < rates.length; i++) {
      const bar = rates[i] as Bar;
      // First a provisional version of the forming bar, then its final values.
      const provisional = { ...bar, close: (bar.open ?? 0) + 0.1, high: (bar.high ?? 0) + 1 };
      ea.dispatch({
        type: "tick",
        snapshot: { bars: [{ symbol: "EURUSD", timeframe: "H1", rates: [provisional] }] },
      });
      const out = ea.dispatch({
        type: "tick",
        snapshot: { bars: [{ symbol: "EURUSD", timeframe: "H1", rates: [bar] }] },
      });
      lastLine = out.logs[0]?.text ?? "";
    }
    const batch = await inProcess();
    expect(batch.load(prog).ok).toBe(true);
    batch.dispatch(initEvent(rates));
    const expected = batch.dispatch({ type: "tick" }).logs[0]?.text ?? "";
    const a = JSON.parse(lastLine) as number[];
    const b = JSON.parse(expected) as number[];
    expect(a.length).toBe(8);
    a.forEach((x, i) => {
      expect(x).toBeCloseTo(b[i] ?? Number.NaN, 9);
    });
  });

  test("CopyBuffer before enough bars fails with ERR_INDICATOR_DATA_NOT_FOUND (4806)", async () => {
    const ea = await inProcess();
    ea.load(`let h; function OnInit(){ h = iRSI(_Symbol, 0, 14, PRICE_CLOSE); }
function OnTick(){ const b=[]; Print(CopyBuffer(h,0,0,1,b), " ", GetLastError()); }`);
    ea.dispatch(initEvent(rates.slice(0, 10)));
    expect(ea.dispatch({ type: "tick" }).logs[0]?.text).toBe("-1 4806");
  });

  test("an indicator on a series the host has not sent reports it in seriesInUse", async () => {
    const ea = await inProcess();
    ea.load(`let h; function OnInit(){ h = iMA(_Symbol, PERIOD_H4, 3, 0, MODE_SMA, PRICE_CLOSE); }
function OnTick(){ const b=[]; Print(CopyBuffer(h,0,0,1,b), " ", GetLastError(), " ", b[0]); }`);
    const init = ea.dispatch(initEvent(rates));
    expect(init.seriesInUse).toContainEqual({ symbol: "EURUSD", timeframe: "H4", bars: 0 });
    expect(ea.dispatch({ type: "tick" }).logs[0]?.text).toBe("-1 4806 null");
    const h4 = barsFromCloses([1, 2, 3, 4], 1_700_000_000).map((r, i) => ({
      ...r,
      time: 1_700_000_000 + i * 14400,
    }));
    const out = ea.dispatch({
      type: "tick",
      snapshot: { bars: [{ symbol: "EURUSD", timeframe: "H4", rates: h4, replace: true }] },
    });
    expect(out.logs[0]?.text).toBe("1 4806 3");
  });
});
