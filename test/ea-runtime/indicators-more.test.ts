/**
 * Every technical indicator function but iCustom, across families: bar-by-bar feeding (with
 * forming-bar revisions, also of a moving average's seed bar) gives every buffer of every
 * indicator exactly the batch values; buffer counts and ERR_INDICATOR_WRONG_INDEX; shared handles
 * and IndicatorRelease; BarsCalculated; refused parameters; and an MQL5 program using the
 * indicator constants (VOLUME_TICK, UPPER_LINE, TENKANSEN_LINE…) compiled and run.
 */

import { describe, expect, test } from "bun:test";
import { compileMql5 } from "../../ea-runtime/src/mql5/compile.ts";
import fixture from "./fixtures/bars.json";
import { barsFromCloses, initEvent, inProcess } from "./harness.ts";
import { type Bar, expectValues, medians, onTick } from "./indicator-support.ts";

const rates = barsFromCloses((fixture as { closes: number[] }).closes);

/** Every built-in indicator, with its buffer count (data + colour buffers). */
const INDICATORS: readonly [string, number][] = [
  ["iMA(_Symbol, 0, 10, 0, MODE_SMA, PRICE_CLOSE)", 1],
  ["iMA(_Symbol, 0, 10, 1, MODE_LWMA, PRICE_MEDIAN)", 1],
  ["iRSI(_Symbol, 0, 14, PRICE_CLOSE)", 1],
  ["iMACD(_Symbol, 0, 12, 26, 9, PRICE_CLOSE)", 2],
  ["iBands(_Symbol, 0, 20, 0, 2.0, PRICE_CLOSE)", 3],
  ["iATR(_Symbol, 0, 14)", 1],
  ["iStochastic(_Symbol, 0, 5, 3, 3, MODE_EMA, STO_LOWHIGH)", 2],
  ["iCCI(_Symbol, 0, 14, PRICE_TYPICAL)", 1],
  ["iADX(_Symbol, 0, 14)", 3],
  ["iMomentum(_Symbol, 0, 10, PRICE_CLOSE)", 1],
  ["iSAR(_Symbol, 0, 0.02, 0.2)", 1],
  ["iEnvelopes(_Symbol, 0, 10, 2, MODE_LWMA, PRICE_TYPICAL, 0.5)", 2],
  ["iDEMA(_Symbol, 0, 8, 1, PRICE_CLOSE)", 1],
  ["iTEMA(_Symbol, 0, 6, 0, PRICE_WEIGHTED)", 1],
  ["iAO(_Symbol, 0)", 2],
  ["iAC(_Symbol, 0)", 2],
  ["iOBV(_Symbol, 0, VOLUME_TICK)", 1],
  ["iWPR(_Symbol, 0, 14)", 1],
  ["iRVI(_Symbol, 0, 10)", 2],
  ["iForce(_Symbol, 0, 13, MODE_EMA, VOLUME_TICK)", 1],
  ["iBearsPower(_Symbol, 0, 13)", 1],
  ["iBullsPower(_Symbol, 0, 13)", 1],
  ["iIchimoku(_Symbol, 0, 9, 26, 52)", 5],
  ["iFractals(_Symbol, 0)", 2],
  ["iAlligator(_Symbol, 0, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN)", 3],
  ["iGator(_Symbol, 0, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN)", 4],
  ["iMFI(_Symbol, 0, 14, VOLUME_TICK)", 1],
  ["iStdDev(_Symbol, 0, 20, 0, MODE_EMA, PRICE_CLOSE)", 1],
  ["iVolumes(_Symbol, 0, VOLUME_TICK)", 2],
  ["iFrAMA(_Symbol, 0, 14, 0, PRICE_CLOSE)", 1],
  ["iVIDyA(_Symbol, 0, 9, 12, 0, PRICE_CLOSE)", 1],
  ["iAMA(_Symbol, 0, 10, 2, 30, 0, PRICE_CLOSE)", 1],
  ["iTriX(_Symbol, 0, 14, PRICE_CLOSE)", 1],
  ["iOsMA(_Symbol, 0, 12, 26, 9, PRICE_CLOSE)", 1],
  ["iDeMarker(_Symbol, 0, 14)", 1],
  ["iChaikin(_Symbol, 0, 3, 10, MODE_EMA, VOLUME_TICK)", 1],
  ["iBWMFI(_Symbol, 0, VOLUME_TICK)", 2],
  ["iADXWilder(_Symbol, 0, 14)", 3],
  ["iAD(_Symbol, 0, VOLUME_TICK)", 1],
];

/** Creates every indicator in OnInit; each tick prints all buffers of all of them. */
const ALL_BUFFERS = `
const specs = [${INDICATORS.map(([c, n]) => `[() => ${c}, ${n}]`).join(",\n")}];
let hs = [];
function OnInit() { hs = specs.map(([make, n]) => [make(), n]); }
function OnTick() {
  const out = hs.map(([h, n]) => {
    const bufs = [];
    for (let b = 0; b < n; b++) {
      const buf = [];
      bufs.push(CopyBuffer(h, b, 0, Bars(_Symbol, _Period), buf) < 0 ? [] : buf);
    }
    return bufs;
  });
  Print(JSON.stringify(out));
}`;

const h1 = (bars: Bar[]): Record<string, unknown> => ({
  bars: [{ symbol: "EURUSD", timeframe: "H1", rates: bars }],
});

describe("incremental calculation", () => {
  test("bar by bar, with forming-bar revisions, every buffer equals the batch", async () => {
    const batch = await inProcess();
    expect(batch.load(ALL_BUFFERS, { maxLogLineLength: 10_000_000 }).ok).toBe(true);
    batch.dispatch(initEvent(rates));
    const expected = JSON.parse(
      batch.dispatch({ type: "tick" }).logs[0]?.text ?? "[]",
    ) as number[][][];
    expect(expected.length).toBe(INDICATORS.length);

    const ea = await inProcess();
    expect(ea.load(ALL_BUFFERS, { maxLogLineLength: 10_000_000 }).ok).toBe(true);
    ea.dispatch(initEvent(rates.slice(0, 5)));
    let last = "";
    for (let i = 5; i < rates.length; i++) {
      const bar = rates[i] as Bar;
      const provisional = {
        ...bar,
        close: (bar.open ?? 0) + 0.1,
        high: (bar.high ?? 0) + 1,
        low: (bar.low ?? 0) - 0.7,
        tick_volume: 1,
      };
      if (i % 2 === 0) {
        // the previous bar's final version arrives with the new bar's first version
        ea.dispatch({ type: "tick", snapshot: h1([rates[i - 1] as Bar, provisional]) });
      } else {
        ea.dispatch({ type: "tick", snapshot: h1([provisional]) });
      }
      ea.dispatch({ type: "tick", snapshot: h1([{ ...provisional, close: bar.close ?? 0 }]) });
      const snapshot: Record<string, unknown> = h1([bar]);
      if (i === rates.length - 1) {
        snapshot.time = ((bar.time ?? 0) + 60) * 1000; // as the batch's init snapshot
      }
      last = ea.dispatch({ type: "tick", snapshot }).logs[0]?.text ?? "";
    }
    const actual = JSON.parse(last) as number[][][];
    INDICATORS.forEach(([create, n], k) => {
      for (let b = 0; b < n; b++) {
        const want = expected[k]?.[b] ?? [];
        expect({ create, b, bars: want.length }).toEqual({ create, b, bars: rates.length });
        try {
          expectValues(actual[k]?.[b], want);
        } catch (e) {
          throw new Error(`${create} buffer ${b}: ${e}`);
        }
      }
    });
  });

  test("bars arriving several at once are all examined (iFractals, iSAR)", async () => {
    const prog = `let f, s;
function OnInit() { f = iFractals(_Symbol, 0); s = iSAR(_Symbol, 0, 0.02, 0.2); }
function OnTick() {
  const u = [], l = [], p = [];
  CopyBuffer(f, 0, 0, Bars(_Symbol, _Period), u);
  CopyBuffer(f, 1, 0, Bars(_Symbol, _Period), l);
  CopyBuffer(s, 0, 0, Bars(_Symbol, _Period), p);
  Print(JSON.stringify([u, l, p]));
}`;
    const batch = await inProcess();
    batch.load(prog, { maxLogLineLength: 1_000_000 });
    batch.dispatch(initEvent(rates));
    const want = batch.dispatch({ type: "tick" }).logs[0]?.text;
    const ea = await inProcess();
    ea.load(prog, { maxLogLineLength: 1_000_000 });
    ea.dispatch(initEvent(rates.slice(0, 20)));
    ea.dispatch({ type: "tick" });
    let got = "";
    for (let i = 20; i < rates.length; i += 7) {
      got = ea.dispatch({ type: "tick", snapshot: h1(rates.slice(i, i + 7)) }).logs[0]?.text ?? "";
    }
    expect(got).toBe(want ?? "");
  });
});

describe("trimmed history", () => {
  test("iSAR whose last reversal was trimmed away recalculates over the bars kept", async () => {
    // A steady climb: SAR turns LONG at bar 2 and never reverses again.
    const climb = barsFromCloses(Array.from({ length: 230 }, (_, i) => 100 + i));
    const prog = `let h; function OnInit() { h = iSAR(_Symbol, 0, 0.02, 0.2); }
function OnTick() { const b = []; CopyBuffer(h, 0, 0, Bars(_Symbol, _Period), b); Print(JSON.stringify(b)); }`;
    const ea = await inProcess();
    ea.load(prog, { maxBars: 100, maxLogLineLength: 1_000_000 });
    ea.dispatch(initEvent(climb.slice(0, 10)));
    let got = "";
    for (let i = 10; i < climb.length; i++) {
      got = ea.dispatch({ type: "tick", snapshot: h1([climb[i] as Bar]) }).logs[0]?.text ?? "";
    }
    const kept = JSON.parse(got) as number[];
    expect(kept.length).toBeLessThan(climb.length);
    const fresh = await inProcess();
    fresh.load(prog, { maxLogLineLength: 1_000_000 });
    fresh.dispatch(initEvent(climb.slice(climb.length - kept.length)));
    expect(fresh.dispatch({ type: "tick" }).logs[0]?.text).toBe(got);
  });
});

describe("handles and buffers", () => {
  test("each indicator has exactly its buffers; one more is ERR_INDICATOR_WRONG_INDEX", async () => {
    const lines = await onTick(
      INDICATORS.map(
        ([c, n]) => `{ const h = ${c}; const a = [], b = [];
  Print("${c}: ", CopyBuffer(h, ${n - 1}, 0, 3, a), " ", CopyBuffer(h, ${n}, 0, 3, b), " ", GetLastError());
  ResetLastError(); }`,
      ).join("\n"),
      rates,
    );
    expect(lines).toEqual(INDICATORS.map(([c]) => `${c}: 3 -1 4812`));
  });

  test("identical parameters share one handle; IndicatorRelease counts the references", async () => {
    const lines = await onTick(
      `const a = iSAR(_Symbol, 0, 0.02, 0.2), b = iSAR(null, PERIOD_H1, 0.02, 0.2);
       const c = iSAR(_Symbol, 0, 0.03, 0.2), d = iIchimoku(_Symbol, 0, 9, 26, 52);
       const e = iIchimoku(_Symbol, 0, 9, 26, 52), f = iAO(_Symbol, 0), g = iAO(_Symbol, 0);
       const x = iGator(_Symbol, 0, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN);
       const y = iAlligator(_Symbol, 0, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN);
       Print(a === b, " ", a !== c, " ", d === e, " ", f === g, " ", x !== y);
       Print(IndicatorRelease(a), " ", BarsCalculated(b), " ", IndicatorRelease(b), " ", BarsCalculated(a), " ", GetLastError());
       const h = iSAR(_Symbol, 0, 0.02, 0.2);
       Print(h !== INVALID_HANDLE, " ", BarsCalculated(h));`,
      rates,
    );
    expect(lines).toEqual(["true true true true true", "true 60 true -1 4807", "true 60"]);
  });

  test("BarsCalculated: 0 until enough bars, then every bar", async () => {
    const ea = await inProcess();
    ea.load(`let h; function OnInit() { h = iAC(_Symbol, 0); }
function OnTick() { ResetLastError(); const b = []; Print(BarsCalculated(h), " ", CopyBuffer(h, 0, 0, 1, b), " ", GetLastError()); }`);
    ea.dispatch(initEvent(rates.slice(0, 30)));
    expect(ea.dispatch({ type: "tick" }).logs[0]?.text).toBe("0 -1 4806");
    const out = ea.dispatch({ type: "tick", snapshot: h1(rates.slice(30, 40)) });
    expect(out.logs[0]?.text).toBe("40 1 0");
  });

  test("refused parameters: INVALID_HANDLE and ERR_INDICATOR_WRONG_PARAMETERS", async () => {
    const calls = [
      "iRVI(_Symbol, 0, 0)",
      "iEnvelopes(_Symbol, 0, 14, 0, 9, PRICE_CLOSE, 0.1)",
      "iForce(_Symbol, 0, 13, 7, VOLUME_TICK)",
      "iChaikin(_Symbol, 0, 0, 10, MODE_EMA, VOLUME_TICK)",
      "iIchimoku(_Symbol, 0, 9, 0, 52)",
      "iDEMA(_Symbol, 0, 0, 0, PRICE_CLOSE)",
      "iVIDyA(_Symbol, 0, 9, 0, 0, PRICE_CLOSE)",
      "iAlligator(_Symbol, 0, 13, 8, 8, 5, 0, 3, MODE_SMMA, PRICE_MEDIAN)",
      "iStdDev(_Symbol, 0, 20, 0, 4, PRICE_CLOSE)",
    ];
    const lines = await onTick(
      calls.map((c) => `ResetLastError(); Print(${c}, " ", GetLastError());`).join("\n"),
      rates,
    );
    expect(lines).toEqual(calls.map(() => "-1 4808"));
  });

  test("missing trailing parameters count as 0 in the sharing key", async () => {
    const lines = await onTick(
      `Print(iMomentum(_Symbol, 0, 14) === iMomentum(_Symbol, 0, 14, 0));`,
      medians([1, 2, 3]),
    );
    expect(lines).toEqual(["true"]);
  });
});

describe("MQL5 programs", () => {
  test("indicator constants and ENUM_APPLIED_VOLUME inputs compile and run", async () => {
    const src = `
input ENUM_APPLIED_VOLUME InpVolume = VOLUME_TICK;
int env, ich, gat, all, fr, obv;
int OnInit() {
  env = iEnvelopes(_Symbol, PERIOD_CURRENT, 14, 0, MODE_SMA, PRICE_CLOSE, 0.1);
  ich = iIchimoku(_Symbol, PERIOD_CURRENT, 9, 26, 52);
  gat = iGator(_Symbol, PERIOD_CURRENT, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN);
  all = iAlligator(_Symbol, PERIOD_CURRENT, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN);
  fr = iFractals(_Symbol, PERIOD_CURRENT);
  obv = iOBV(_Symbol, PERIOD_CURRENT, InpVolume);
  return INIT_SUCCEEDED;
}
void OnTick() {
  double up[], lo[], kijun[], chikou[], jaw[], hist[], frac[], vol[];
  ArraySetAsSeries(chikou, true);
  int n = CopyBuffer(env, UPPER_LINE, 0, 1, up) + CopyBuffer(env, LOWER_LINE, 0, 1, lo)
        + CopyBuffer(ich, KIJUNSEN_LINE, 0, 1, kijun) + CopyBuffer(ich, CHIKOUSPAN_LINE, 26, 1, chikou)
        + CopyBuffer(all, GATORJAW_LINE, 0, 1, jaw) + CopyBuffer(gat, LOWER_HISTOGRAM, 0, 1, hist)
        + CopyBuffer(fr, LOWER_LINE, 0, 1, frac) + CopyBuffer(obv, 0, 0, 1, vol);
  PrintFormat("%d %s %s %d %s", n, up[0] > lo[0] ? "up>lo" : "?", chikou[0] == iClose(_Symbol, PERIOD_CURRENT, 0) ? "chikou=close" : "?",
              UPPER_HISTOGRAM + LOWER_HISTOGRAM + TENKANSEN_LINE + SENKOUSPANA_LINE + SENKOUSPANB_LINE + GATORTEETH_LINE + GATORLIPS_LINE,
              hist[0] <= 0 ? "lower<=0" : "?");
}`;
    const enc = new TextEncoder();
    const compiled = compileMql5({
      main: { name: "indicators.mq5", bytes: enc.encode(src) },
      headers: [],
      now: 1_764_115_200,
    });
    if (!compiled.ok) {
      throw new Error(compiled.error);
    }
    const ea = await inProcess();
    expect(ea.load(compiled.js, { inputs: { InpVolume: "VOLUME_REAL" } }).ok).toBe(true);
    expect(ea.dispatch(initEvent(rates)).initResult).toBe(0);
    const out = ea.dispatch({ type: "tick" });
    expect(out.error).toBeUndefined();
    expect(out.logs.map((l) => l.text)).toEqual(["8 up>lo chikou=close 10 lower<=0"]);
  });
});
