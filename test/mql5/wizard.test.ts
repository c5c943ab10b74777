// The MQL5 Wizard framework written in MQL5 under ea-runtime/src/mql5/include (Indicators/*,
// Expert/*): EAs in the form MetaEditor's Wizard generates compile with their exact analysis and
// trade in-process as their signal implies (the OrderSend requests the runtime sends to the
// host); unit programs per class: the indicator classes read what CopyBuffer returns, the money
// modules' volumes by hand computation, the signals' votes, the trailing modules' stops.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { findStandardHeader } from "../../ea-runtime/src/mql5/include/index.ts";
import { type HostCallRecord, initEvent } from "../ea-runtime/harness.ts";
import { compile, type Run, run } from "./support.ts";

const WIZARD_DIR = join(import.meta.dir, "wizard");
const readWizard = (file: string): string => readFileSync(join(WIZARD_DIR, file), "utf8");

// ---------------------------------------------------------------------------------------------
// Market data: H1 bars with small wicks, quotes
// ---------------------------------------------------------------------------------------------

const H = 3600;
/** An hour boundary. */
const T0 = 1_699_999_200;
const SPREAD = 0.0001;

interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  tick_volume: number;
  spread: number;
  real_volume: number;
}

const round5 = (x: number): number => Math.round(x * 1e5) / 1e5;

function bar(i: number, open: number, close: number): Bar {
  return {
    time: T0 + i * H,
    open,
    high: round5(Math.max(open, close) + 0.0002),
    low: round5(Math.min(open, close) - 0.0002),
    close,
    tick_volume: 100 + i,
    spread: 10,
    real_volume: 0,
  };
}

/** Bars from closes, each opening at the previous close. */
function barsOf(closes: number[]): Bar[] {
  return closes.map((c, i) => bar(i, i === 0 ? c : (closes[i - 1] as number), c));
}

function quote(time: number, bid: number): Record<string, unknown> {
  return {
    time: time * 1000,
    tick: {
      bid,
      ask: round5(bid + SPREAD),
      last: 0,
      volume: 0,
      time,
      time_msc: time * 1000,
      flags: 6,
    },
  };
}

/** An init event: `bars` as H1 history (the last one forming), the quote at `bid`. */
function initAt(bars: Bar[], bid: number, extra: Record<string, unknown> = {}) {
  const ev = initEvent(bars as unknown as Record<string, number>[], extra);
  const t = (bars[bars.length - 1] as Bar).time + 60;
  Object.assign(ev.snapshot as Record<string, unknown>, quote(t, bid));
  return ev;
}

/** A tick snapshot: a quote, optionally bars (closed one re-sent + new forming one), positions. */
function tickAt(
  time: number,
  bid: number,
  bars?: Bar[],
  positions?: Record<string, unknown>[],
): Record<string, unknown> {
  return {
    ...quote(time, bid),
    ...(bars ? { bars: [{ symbol: "EURUSD", timeframe: "H1", rates: bars }] } : {}),
    ...(positions ? { positions } : {}),
  };
}

const orderSends = (calls: HostCallRecord[]): Record<string, unknown>[] =>
  calls.filter((c) => c.kind === "OrderSend").map((c) => c.payload);

/** The fields of a request a test looks at. */
function brief(p: Record<string, unknown>): Record<string, unknown> {
  const { action, type, volume, price, sl, tp, magic, position } = p;
  return { action, type, volume, price, sl, tp, magic, position };
}

function expectOk(r: Run): void {
  expect({ ok: r.init.ok, error: r.init.error, initResult: r.init.initResult }).toEqual({
    ok: true,
    error: undefined,
    initResult: 0,
  });
}

// ---------------------------------------------------------------------------------------------
// Headers
// ---------------------------------------------------------------------------------------------

const WIZARD_HEADERS = [
  "Indicators/Series.mqh",
  "Indicators/TimeSeries.mqh",
  "Indicators/Indicator.mqh",
  "Indicators/Indicators.mqh",
  "Indicators/Trend.mqh",
  "Indicators/Oscilators.mqh",
  "Indicators/Volumes.mqh",
  "Indicators/BillWilliams.mqh",
  "Expert/ExpertBase.mqh",
  "Expert/ExpertTrade.mqh",
  "Expert/ExpertSignal.mqh",
  "Expert/ExpertMoney.mqh",
  "Expert/ExpertTrailing.mqh",
  "Expert/Expert.mqh",
  "Expert/Signal/SignalMA.mqh",
  "Expert/Signal/SignalMACD.mqh",
  "Expert/Signal/SignalRSI.mqh",
  "Expert/Signal/SignalITF.mqh",
  "Expert/Trailing/TrailingNone.mqh",
  "Expert/Trailing/TrailingFixedPips.mqh",
  "Expert/Trailing/TrailingMA.mqh",
  "Expert/Money/MoneyNone.mqh",
  "Expert/Money/MoneyFixedLot.mqh",
  "Expert/Money/MoneyFixedRisk.mqh",
  "Expert/Money/MoneyFixedMargin.mqh",
  "Expert/Money/MoneySizeOptimized.mqh",
];

describe("headers", () => {
  test("the Wizard's headers are present under their MT5 paths, as MetaEditor spells includes", () => {
    for (const path of WIZARD_HEADERS) {
      expect({ path, found: findStandardHeader(path.replace(/\//g, "\\"))?.path }).toEqual({
        path,
        found: path,
      });
    }
  });

  test("each header compiles on its own", () => {
    for (const path of WIZARD_HEADERS) {
      const r = compile(
        `#include <${path}>\nint OnInit() { return INIT_SUCCEEDED; }\nvoid OnTick() {}\n`,
      );
      expect({ path, error: r.ok ? "" : r.error }).toEqual({ path, error: "" });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// A Wizard EA: MA signal, no trailing, fixed lot
// ---------------------------------------------------------------------------------------------

/** 20 H1 bars falling 10 pips a bar from 1.1; the last one (1.0810) is forming. */
const FALLING = barsOf(Array.from({ length: 20 }, (_, i) => round5(1.1 - 0.001 * i)));

describe("Wizard EA: MA signal, no trailing, fixed lot", () => {
  const src = readWizard("wizard-ma.mq5");

  test("compiles with the exact analysis", () => {
    const r = compile(src, {}, "WizardMA.mq5");
    if (!r.ok) {
      throw new Error(r.error);
    }
    expect(r.inputParams).toEqual([
      { name: "Expert_Title", type: "string", default: "WizardMA" },
      { name: "Signal_ThresholdOpen", type: "int", default: "10" },
      { name: "Signal_ThresholdClose", type: "int", default: "10" },
      { name: "Signal_PriceLevel", type: "double", default: "0.0" },
      { name: "Signal_StopLevel", type: "double", default: "50.0" },
      { name: "Signal_TakeLevel", type: "double", default: "50.0" },
      { name: "Signal_Expiration", type: "int", default: "4" },
      { name: "Signal_MA_PeriodMA", type: "int", default: "5" },
      { name: "Signal_MA_Shift", type: "int", default: "0" },
      {
        name: "Signal_MA_Method",
        type: "ENUM_MA_METHOD",
        default: "MODE_SMA",
        enum: "ENUM_MA_METHOD",
        enumValues: ["MODE_SMA", "MODE_EMA", "MODE_SMMA", "MODE_LWMA"],
      },
      {
        name: "Signal_MA_Applied",
        type: "ENUM_APPLIED_PRICE",
        default: "PRICE_CLOSE",
        enum: "ENUM_APPLIED_PRICE",
        enumValues: [
          "PRICE_CLOSE",
          "PRICE_OPEN",
          "PRICE_HIGH",
          "PRICE_LOW",
          "PRICE_MEDIAN",
          "PRICE_TYPICAL",
          "PRICE_WEIGHTED",
        ],
      },
      { name: "Signal_MA_Weight", type: "double", default: "1.0" },
      { name: "Money_FixLot_Percent", type: "double", default: "10.0" },
      { name: "Money_FixLot_Lots", type: "double", default: "0.1" },
    ]);
    expect([...r.eventHandlers].sort()).toEqual([
      "OnDeinit",
      "OnInit",
      "OnTick",
      "OnTimer",
      "OnTrade",
    ]);
    expect(r.properties).toEqual({ copyright: "TAS", version: "1.00" });
    expect(r.warnings).toEqual([]);
  });

  test("sells below a falling MA, reverses when a bar crosses it upwards, waits for the next bar", async () => {
    const r = await run(src, {}, { name: "WizardMA.mq5", init: initAt(FALLING, 1.081) });
    expectOk(r);
    expect(r.init.indicatorsInUse?.map((i) => [i.name, i.params])).toEqual([["iMA", [5, 0, 0, 1]]]);
    expect(orderSends(r.rt.calls)).toEqual([]);

    // First tick: the last closed bar (1.0820) is below its falling SMA(5) (1.0840) and opened
    // below it: model 0 of the sell, weight 80 ≥ 10. Sell 0.1 at the bid, SL/TP 50 points of a
    // 4-digit quote away.
    const first = r.tick(tickAt(T0 + 19 * H + 120, 1.081));
    expect(first.ok).toBe(true);
    expect(orderSends(r.rt.calls).map(brief)).toEqual([
      {
        action: 1,
        type: 1,
        volume: 0.1,
        price: 1.081,
        sl: 1.086,
        tp: 1.076,
        magic: 12345,
        position: 0,
      },
    ]);

    // A second tick in the same bar: nothing (every_tick is off).
    r.tick(tickAt(T0 + 19 * H + 300, 1.0805));
    expect(orderSends(r.rt.calls).length).toBe(1);

    // The bar closes 100 pips up (1.0820 → 1.0920), crossing the now rising MA: buy model 2
    // (weight 60) → direction +60 ≥ 10 with our sell open: close it, then buy at the ask.
    const sell = {
      ticket: 1001,
      symbol: "EURUSD",
      type: 1,
      magic: 12345,
      identifier: 1001,
      volume: 0.1,
      price_open: 1.081,
      sl: 1.086,
      tp: 1.076,
      price_current: 1.0922,
      profit: -112,
      time: T0 + 19 * H + 120,
    };
    const crossed = [bar(19, 1.082, 1.092), bar(20, 1.092, 1.0921)];
    const second = r.tick(tickAt(T0 + 20 * H + 30, 1.0921, crossed, [sell]));
    expect(second.ok).toBe(true);
    expect(orderSends(r.rt.calls).slice(1).map(brief)).toEqual([
      {
        action: 1,
        type: 0,
        volume: 0.1,
        price: 1.0922,
        sl: 0,
        tp: 0,
        magic: 12345,
        position: 1001,
      },
      {
        action: 1,
        type: 0,
        volume: 0.1,
        price: 1.0922,
        sl: 1.0872,
        tp: 1.0972,
        magic: 12345,
        position: 0,
      },
    ]);

    // Still the same bar: no new request; OnTrade and OnTimer do nothing by default.
    r.tick(tickAt(T0 + 20 * H + 90, 1.093));
    r.dispatch({ type: "trade" });
    r.dispatch({ type: "timer" });
    expect(orderSends(r.rt.calls).length).toBe(3);
    expect(r.printed).toEqual([]);
  });

  test("a position of its own agreeing with the signal is kept; another magic's is not its own", async () => {
    const r = await run(src, {}, { name: "WizardMA.mq5", init: initAt(FALLING, 1.081) });
    const sell = {
      ticket: 7,
      symbol: "EURUSD",
      type: 1,
      magic: 12345,
      identifier: 7,
      volume: 0.1,
      price_open: 1.085,
      sl: 0,
      tp: 0,
      price_current: 1.0811,
      profit: 39,
      time: T0,
    };
    r.tick(tickAt(T0 + 19 * H + 120, 1.081, undefined, [sell]));
    expect(orderSends(r.rt.calls)).toEqual([]);

    // Someone else's sell (magic 1) on a hedging account: the EA opens its own.
    const r2 = await run(src, {}, { name: "WizardMA.mq5", init: initAt(FALLING, 1.081) });
    r2.tick(tickAt(T0 + 19 * H + 120, 1.081, undefined, [{ ...sell, magic: 1 }]));
    expect(orderSends(r2.rt.calls).map(brief)).toEqual([
      {
        action: 1,
        type: 1,
        volume: 0.1,
        price: 1.081,
        sl: 1.086,
        tp: 1.076,
        magic: 12345,
        position: 0,
      },
    ]);
  });

  test("invalid settings fail OnInit with the module's message", async () => {
    const r = await run(
      src,
      { Money_FixLot_Lots: 0.015 },
      { name: "WizardMA.mq5", init: initAt(FALLING, 1.081) },
    );
    expect(r.init.initResult).toBe(1);
    expect(r.printed).toEqual([
      "CMoneyFixedLot::ValidationSettings: the volume must be a multiple of 0.01 (0.015)",
      "CExpert::ValidationSettings: error of the money management's settings",
    ]);
    const p = await run(
      src,
      { Signal_MA_PeriodMA: 0 },
      { name: "WizardMA.mq5", init: initAt(FALLING, 1.081) },
    );
    expect(p.init.initResult).toBe(1);
    expect(p.printed[0]).toBe(
      "CSignalMA::ValidationSettings: the period of the MA must be greater than 0 (0)",
    );
  });
});

// ---------------------------------------------------------------------------------------------
// A Wizard EA with three filters, fixed-pips trailing and fixed-risk money
// ---------------------------------------------------------------------------------------------

/** 80 H1 bars falling faster and faster from 1.2 (the last one forming). */
const ACCELERATING = barsOf(Array.from({ length: 80 }, (_, i) => round5(1.2 - 0.00002 * i * i)));
const LAST = (ACCELERATING[79] as Bar).close;

describe("Wizard EA: MACD + RSI + time filter, fixed-pips trailing, fixed risk", () => {
  const src = readWizard("wizard-multi.mq5");

  test("compiles with its inputs and creates the MACD and the RSI", async () => {
    const c = compile(src, {}, "WizardMulti.mq5");
    if (!c.ok) {
      throw new Error(c.error);
    }
    expect(c.inputParams.map((p) => p.name)).toEqual([
      "Expert_Title",
      "Signal_ThresholdOpen",
      "Signal_ThresholdClose",
      "Signal_PriceLevel",
      "Signal_StopLevel",
      "Signal_TakeLevel",
      "Signal_Expiration",
      "Signal_MACD_PeriodFast",
      "Signal_MACD_PeriodSlow",
      "Signal_MACD_PeriodSignal",
      "Signal_MACD_Applied",
      "Signal_MACD_Weight",
      "Signal_RSI_PeriodRSI",
      "Signal_RSI_Applied",
      "Signal_RSI_Weight",
      "Signal_ITF_GoodHourOfDay",
      "Signal_ITF_BadHoursOfDay",
      "Signal_ITF_GoodDayOfWeek",
      "Signal_ITF_BadDaysOfWeek",
      "Signal_ITF_Weight",
      "Trailing_FixedPips_StopLevel",
      "Trailing_FixedPips_ProfitLevel",
      "Money_FixRisk_Percent",
    ]);
    const r = await run(src, {}, { name: "WizardMulti.mq5", init: initAt(ACCELERATING, LAST) });
    expectOk(r);
    expect(r.init.indicatorsInUse?.map((i) => [i.name, i.params])).toEqual([
      ["iMACD", [12, 24, 9, 1]],
      ["iRSI", [8, 1]],
    ]);
  });

  test("sells the volume that risks 1% of the balance, then trails the stop; a bad hour forbids it", async () => {
    // MACD falling below its signal line: sell model 0 (10); RSI flat at 0 and the time filter: no
    // vote but they count: direction -10/3. With ThresholdOpen 3 the EA sells; the risk of the
    // 50-point stop on one lot is 500 USD, 1% of 10000 USD is 100: 0.2 lots.
    const inputs = { Signal_ThresholdOpen: 3 };
    const r = await run(src, inputs, { name: "WizardMulti.mq5", init: initAt(ACCELERATING, LAST) });
    expectOk(r);
    r.tick(tickAt(T0 + 79 * H + 120, LAST));
    expect(orderSends(r.rt.calls).map(brief)).toEqual([
      {
        action: 1,
        type: 1,
        volume: 0.2,
        price: LAST,
        sl: round5(LAST + 0.005),
        tp: round5(LAST - 0.005),
        magic: 777,
        position: 0,
      },
    ]);

    // Next bar, the price 80 pips lower: the ask is 130 pips under the stop loss, more than the
    // 30-point trailing level: SL 30 points above the ask, TP 50 points below it.
    const ask = round5(LAST - 0.008 + SPREAD);
    const position = {
      ticket: 42,
      symbol: "EURUSD",
      type: 1,
      magic: 777,
      identifier: 42,
      volume: 0.2,
      price_open: LAST,
      sl: round5(LAST + 0.005),
      tp: round5(LAST - 0.005),
      price_current: ask,
      profit: 160,
      time: T0 + 79 * H + 120,
    };
    const next = [
      bar(79, (ACCELERATING[78] as Bar).close, LAST),
      bar(80, LAST, round5(LAST - 0.008)),
    ];
    r.tick(tickAt(T0 + 80 * H + 60, round5(LAST - 0.008), next, [position]));
    expect(orderSends(r.rt.calls).slice(1).map(brief)).toEqual([
      {
        action: 6,
        type: 0,
        volume: 0,
        price: 0,
        sl: round5(ask + 0.003),
        tp: round5(ask - 0.005),
        magic: 777,
        position: 42,
      },
    ]);

    // Every hour bad: the time filter forbids any trade.
    const allHours = 0xffffff;
    const b = await run(
      src,
      { ...inputs, Signal_ITF_BadHoursOfDay: allHours },
      {
        name: "WizardMulti.mq5",
        init: initAt(ACCELERATING, LAST),
      },
    );
    b.tick(tickAt(T0 + 79 * H + 120, LAST));
    expect(orderSends(b.rt.calls)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Indicator and series classes against the i* functions
// ---------------------------------------------------------------------------------------------

/** 150 H1 bars of a wave with a trend. */
const WAVE = barsOf(
  Array.from({ length: 150 }, (_, i) => round5(1.1 + 0.0004 * i + 0.01 * Math.sin(i / 6))),
);

const INDICATOR_PROGRAM = `
#include <Indicators/Indicators.mqh>
int failures = 0;
void Compare(CIndicator *ind, int handle, string name)
  {
   if(ind.Handle() != handle)
     {
      Print(name, ": handle ", ind.Handle(), " != ", handle);
      failures++;
      return;
     }
   if(ind.BuffersTotal() == 0)
     {
      Print(name, ": no buffers");
      failures++;
      return;
     }
   for(int b = 0; b < ind.BuffersTotal(); b++)
      for(int i = 0; i < 40; i++)
        {
         double v[];
         double expected = (CopyBuffer(handle, b, i, 1, v) == 1) ? v[0] : EMPTY_VALUE;
         if(ind.GetData(b, i) != expected)
           {
            Print(name, " buffer ", b, " bar ", i, ": ", ind.GetData(b, i), " != ", expected);
            failures++;
            return;
           }
        }
  }
#define CHECK(cls, name, params, fn) { cls *x = new cls; list.Add(x); if(!x.Create params) { Print(name, ": Create failed"); failures++; } else { list.Refresh(); Compare(x, fn, name); } }
int OnInit()
  {
   CIndicators list;
   string s = _Symbol;
   ENUM_TIMEFRAMES p = PERIOD_H1;
   CHECK(CiMA, "MA", (s, p, 10, 2, MODE_EMA, PRICE_TYPICAL), iMA(s, p, 10, 2, MODE_EMA, PRICE_TYPICAL));
   CHECK(CiADX, "ADX", (s, p, 14), iADX(s, p, 14));
   CHECK(CiADXWilder, "ADXWilder", (s, p, 14), iADXWilder(s, p, 14));
   CHECK(CiBands, "Bands", (s, p, 20, 0, 2.0, PRICE_CLOSE), iBands(s, p, 20, 0, 2.0, PRICE_CLOSE));
   CHECK(CiEnvelopes, "Envelopes", (s, p, 14, 0, MODE_SMA, PRICE_CLOSE, 0.1), iEnvelopes(s, p, 14, 0, MODE_SMA, PRICE_CLOSE, 0.1));
   CHECK(CiIchimoku, "Ichimoku", (s, p, 9, 26, 52), iIchimoku(s, p, 9, 26, 52));
   CHECK(CiSAR, "SAR", (s, p, 0.02, 0.2), iSAR(s, p, 0.02, 0.2));
   CHECK(CiStdDev, "StdDev", (s, p, 20, 0, MODE_SMA, PRICE_CLOSE), iStdDev(s, p, 20, 0, MODE_SMA, PRICE_CLOSE));
   CHECK(CiDEMA, "DEMA", (s, p, 14, 0, PRICE_CLOSE), iDEMA(s, p, 14, 0, PRICE_CLOSE));
   CHECK(CiTEMA, "TEMA", (s, p, 14, 0, PRICE_CLOSE), iTEMA(s, p, 14, 0, PRICE_CLOSE));
   CHECK(CiFrAMA, "FrAMA", (s, p, 14, 0, PRICE_CLOSE), iFrAMA(s, p, 14, 0, PRICE_CLOSE));
   CHECK(CiAMA, "AMA", (s, p, 9, 2, 30, 0, PRICE_CLOSE), iAMA(s, p, 9, 2, 30, 0, PRICE_CLOSE));
   CHECK(CiVIDyA, "VIDyA", (s, p, 9, 12, 0, PRICE_CLOSE), iVIDyA(s, p, 9, 12, 0, PRICE_CLOSE));
   CHECK(CiATR, "ATR", (s, p, 14), iATR(s, p, 14));
   CHECK(CiBearsPower, "BearsPower", (s, p, 13), iBearsPower(s, p, 13));
   CHECK(CiBullsPower, "BullsPower", (s, p, 13), iBullsPower(s, p, 13));
   CHECK(CiCCI, "CCI", (s, p, 14, PRICE_TYPICAL), iCCI(s, p, 14, PRICE_TYPICAL));
   CHECK(CiChaikin, "Chaikin", (s, p, 3, 10, MODE_EMA, VOLUME_TICK), iChaikin(s, p, 3, 10, MODE_EMA, VOLUME_TICK));
   CHECK(CiDeMarker, "DeMarker", (s, p, 14), iDeMarker(s, p, 14));
   CHECK(CiForce, "Force", (s, p, 13, MODE_SMA, VOLUME_TICK), iForce(s, p, 13, MODE_SMA, VOLUME_TICK));
   CHECK(CiMACD, "MACD", (s, p, 12, 26, 9, PRICE_CLOSE), iMACD(s, p, 12, 26, 9, PRICE_CLOSE));
   CHECK(CiMomentum, "Momentum", (s, p, 14, PRICE_CLOSE), iMomentum(s, p, 14, PRICE_CLOSE));
   CHECK(CiOsMA, "OsMA", (s, p, 12, 26, 9, PRICE_CLOSE), iOsMA(s, p, 12, 26, 9, PRICE_CLOSE));
   CHECK(CiRSI, "RSI", (s, p, 14, PRICE_CLOSE), iRSI(s, p, 14, PRICE_CLOSE));
   CHECK(CiRVI, "RVI", (s, p, 10), iRVI(s, p, 10));
   CHECK(CiStochastic, "Stochastic", (s, p, 5, 3, 3, MODE_SMA, STO_LOWHIGH), iStochastic(s, p, 5, 3, 3, MODE_SMA, STO_LOWHIGH));
   CHECK(CiTriX, "TriX", (s, p, 14, PRICE_CLOSE), iTriX(s, p, 14, PRICE_CLOSE));
   CHECK(CiWPR, "WPR", (s, p, 14), iWPR(s, p, 14));
   CHECK(CiAD, "AD", (s, p, VOLUME_TICK), iAD(s, p, VOLUME_TICK));
   CHECK(CiMFI, "MFI", (s, p, 14, VOLUME_TICK), iMFI(s, p, 14, VOLUME_TICK));
   CHECK(CiOBV, "OBV", (s, p, VOLUME_TICK), iOBV(s, p, VOLUME_TICK));
   CHECK(CiVolumes, "Volumes", (s, p, VOLUME_TICK), iVolumes(s, p, VOLUME_TICK));
   CHECK(CiAC, "AC", (s, p), iAC(s, p));
   CHECK(CiAlligator, "Alligator", (s, p, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN), iAlligator(s, p, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN));
   CHECK(CiAO, "AO", (s, p), iAO(s, p));
   CHECK(CiFractals, "Fractals", (s, p), iFractals(s, p));
   CHECK(CiGator, "Gator", (s, p, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN), iGator(s, p, 13, 8, 8, 5, 5, 3, MODE_SMMA, PRICE_MEDIAN));
   CHECK(CiBWMFI, "BWMFI", (s, p, VOLUME_TICK), iBWMFI(s, p, VOLUME_TICK));
   //--- the named accessors read their buffers
   CiMACD *macd = list.At(20);
   CiBands *bands = list.At(3);
   CiIchimoku *ichimoku = list.At(5);
   CiGator *gator = list.At(36);
   CiADX *adx = list.At(1);
   Print(macd.Name(), " ", macd.Main(3) == macd.GetData(0, 3), " ", macd.Signal(3) == macd.GetData(1, 3),
         " ", bands.Upper(2) == bands.GetData(1, 2), " ", bands.Lower(2) == bands.GetData(2, 2),
         " ", ichimoku.ChinkouSpan(30) == ichimoku.GetData(4, 30), " ", gator.Lower(5) == gator.GetData(2, 5),
         " ", adx.Minus(1) == adx.GetData(2, 1), " ", macd.FastEmaPeriod(), " ", bands.Deviation());
   Print("indicators ", list.Total(), " failures ", failures);
   return(INIT_SUCCEEDED);
  }
void OnTick() {}
`;

describe("indicator classes", () => {
  test("every class reads, buffer by buffer and bar by bar, what CopyBuffer returns from the handle its i* function gives", async () => {
    const r = await run(INDICATOR_PROGRAM, {}, { init: initAt(WAVE, 1.16) });
    expectOk(r);
    expect(r.printed).toEqual([
      "MACD true true true true true true true 12 2.0",
      "indicators 38 failures 0",
    ]);
  });

  test("Refresh follows new bars; the forming bar is updated in place", async () => {
    const r = await run(
      `#include <Indicators/Indicators.mqh>
CIndicators list;
CiMA *ma;
CiClose *cl;
int OnInit()
  {
   ma = new CiMA; list.Add(ma); ma.Create(NULL, PERIOD_CURRENT, 3, 0, MODE_SMA, PRICE_CLOSE);
   cl = new CiClose; list.Add(cl); cl.Create(NULL, PERIOD_CURRENT);
   return(INIT_SUCCEEDED);
  }
void OnTick()
  {
   list.Refresh();
   double v[];
   CopyBuffer(ma.Handle(), 0, 0, 2, v);
   CDoubleBuffer *closes = cl.At(0);
   Print(cl.GetData(0), " ", cl.GetData(1), " ", ma.Main(0) == v[1], " ", ma.Main(1) == v[0], " ", closes.Total());
  }`,
      {},
      { init: initAt(FALLING, 1.081) },
    );
    r.tick(tickAt(T0 + 19 * H + 60, 1.081));
    r.tick(tickAt(T0 + 19 * H + 120, 1.0805, [bar(19, 1.082, 1.0805)]));
    r.tick(tickAt(T0 + 20 * H + 60, 1.0795, [bar(19, 1.082, 1.08), bar(20, 1.08, 1.0795)]));
    expect(r.printed).toEqual([
      "1.081 1.082 true true 20",
      "1.0805 1.082 true true 20",
      "1.0795 1.08 true true 21",
    ]);
  });

  test("series classes read the bars: prices, times, spreads, volumes; extremes", async () => {
    const r = await run(
      `#include <Indicators/TimeSeries.mqh>
int OnInit()
  {
   CiOpen o; o.Create(NULL, PERIOD_CURRENT); o.Refresh();
   CiHigh h; h.Create(_Symbol, PERIOD_H1); h.Refresh();
   CiLow l; l.Create(_Symbol, PERIOD_H1); l.Refresh();
   CiClose c; c.Create(_Symbol, PERIOD_H1); c.Refresh();
   CiTime t; t.Create(_Symbol, PERIOD_H1); t.Refresh();
   CiSpread s; s.Create(_Symbol, PERIOD_H1); s.Refresh();
   CiTickVolume v; v.Create(_Symbol, PERIOD_H1); v.Refresh();
   CiRealVolume rv; rv.Create(_Symbol, PERIOD_H1); rv.Refresh();
   Print(o.GetData(0), " ", h.GetData(1), " ", l.GetData(1), " ", c.GetData(19), " ", c.GetData(20) == EMPTY_VALUE);
   Print(t.GetData(0) == iTime(_Symbol, PERIOD_H1, 0), " ", s.GetData(2), " ", v.GetData(0), " ", rv.GetData(0), " ", o.Name(), " ", o.PeriodDescription());
   int at;
   Print(c.MaxValue(0, 20, at), " ", at, " ", c.MinIndex(0, 5), " ", c.MinValue(3, 2, at), " ", at);
   double a[];
   Print(c.GetData(1, 3, a), " ", a[0], " ", a[2]);
   return(INIT_SUCCEEDED);
  }
void OnTick() {}`,
      {},
      { init: initAt(FALLING, 1.081) },
    );
    expect(r.printed).toEqual([
      "1.082 1.0832 1.0818 1.1 true",
      "true 10 119 0 Open H1",
      "1.1 19 0 1.084 3",
      "3 1.084 1.082",
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Money modules
// ---------------------------------------------------------------------------------------------

describe("money modules", () => {
  test("volumes by hand: fixed lot, fixed risk, fixed margin, size optimized, none", async () => {
    // EURUSD: contract 100000, volume 0.01…50 step 0.01, leverage 100, account in USD with
    // balance 10000 and free margin 9850; the bid is 1.1.
    const deals = [25, -10, -10, -10].map((profit, i) => ({
      ticket: 500 + i,
      order: 400 + i,
      symbol: "EURUSD",
      type: 1,
      entry: 1,
      magic: 0,
      position_id: 300 + i,
      volume: 0.1,
      price: 1.1,
      profit,
      time: T0 - (10 - i) * H,
    }));
    const r = await run(
      `#include <Expert/Money/MoneyNone.mqh>
#include <Expert/Money/MoneyFixedLot.mqh>
#include <Expert/Money/MoneyFixedRisk.mqh>
#include <Expert/Money/MoneyFixedMargin.mqh>
#include <Expert/Money/MoneySizeOptimized.mqh>
CSymbolInfo *sym;
int OnInit()
  {
   sym = new CSymbolInfo; sym.Name(_Symbol); sym.Refresh(); sym.RefreshRates();
   CMoneyFixedLot fl; fl.Init(sym, PERIOD_H1, 0.0001); fl.Lots(0.3);
   Print("fixed lot ", fl.ValidationSettings(), " ", fl.CheckOpenLong(0.0, 0.0), " ", fl.CheckOpenShort(1.1, 1.2));
   CMoneyFixedLot big; big.Init(sym, PERIOD_H1, 0.0001); big.Lots(60); Print("too big ", big.ValidationSettings());
   CMoneyFixedRisk fr; fr.Init(sym, PERIOD_H1, 0.0001); fr.Percent(1.0); fr.ValidationSettings();
   Print("fixed risk ", fr.CheckOpenLong(1.1, 1.095), " ", fr.CheckOpenShort(1.1, 1.1075), " ", fr.CheckOpenLong(1.1, 0.0));
   CMoneyFixedMargin fm; fm.Init(sym, PERIOD_H1, 0.0001); fm.Percent(10.0); fm.ValidationSettings();
   Print("fixed margin ", fm.CheckOpenLong(0.0, 0.0), " ", fm.CheckOpenShort(1.1, 0.0));
   CMoneySizeOptimized so; so.Init(sym, PERIOD_H1, 0.0001); so.Percent(10.0); so.DecreaseFactor(10.0); so.ValidationSettings();
   Print("size optimized ", so.CheckOpenLong(0.0, 0.0));
   CMoneyNone mn; mn.Init(sym, PERIOD_H1, 0.0001); Print("none ", mn.CheckOpenLong(0.0, 0.0));
   CExpertMoney base; base.Init(sym, PERIOD_H1, 0.0001); base.Percent(101); Print("base ", base.ValidationSettings(), " ", base.CheckOpenLong(0.0, 0.0));
   return(INIT_SUCCEEDED);
  }
void OnTick() {}`,
      {},
      { init: { ...initAt(FALLING, 1.1, { deals }) } },
    );
    expectOk(r);
    // fixed risk: a buy at 1.1 stopped at 1.095 loses 0.005 × 100000 = 500 USD a lot; 1% of the
    // balance is 100 → 0.2; a sell to 1.1075: 750 a lot → 0.1333 → 0.13; no stop: the minimum.
    // fixed margin: one lot needs 100000 / 100 = 1000 EUR = 1100 USD; 10% of 9850 → 0.8954 →
    // 0.9 (MaxLotCheck rounds to 2 decimals, then down to the step).
    // size optimized: 0.9 after 3 losses in a row with factor 10: 0.9 - 0.9 × 3 / 10 = 0.63.
    expect(r.printed).toEqual([
      "fixed lot true 0.3 0.3",
      "CMoneyFixedLot::ValidationSettings: the volume must be within 0.01..50 (60)",
      "too big false",
      "fixed risk 0.2 0.13 0.01",
      "fixed margin 0.9 0.9",
      "size optimized 0.63",
      "none 0.01",
      "CExpertMoney::ValidationSettings: the percentage of money must be within 0..100 (101)",
      "CAccountInfo::MaxLotCheck invalid parameters",
      "base false 0.0",
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Signals
// ---------------------------------------------------------------------------------------------

/** A program whose OnTick prints the votes of a signal set up by `setup` (a CExpertSignal *sig). */
function signalProgram(includes: string, setup: string): string {
  return `${includes}
CSymbolInfo *sym;
CIndicators indicators;
CExpertSignal *sig;
int OnInit()
  {
   sym = new CSymbolInfo; sym.Name(_Symbol); sym.Refresh();
${setup}
   if(!sig.ValidationSettings() || !sig.InitIndicators(GetPointer(indicators)))
      return(INIT_FAILED);
   return(INIT_SUCCEEDED);
  }
void OnTick()
  {
   sym.RefreshRates();
   indicators.Refresh();
   Print(sig.LongCondition(), " ", sig.ShortCondition(), " ", sig.Direction());
  }`;
}

describe("signals", () => {
  test("MA: close below a falling MA sells (80); a bar crossing a rising MA buys (60)", async () => {
    const r = await run(
      signalProgram(
        "#include <Expert/Signal/SignalMA.mqh>",
        `   CSignalMA *ma = new CSignalMA; sig = ma;
   ma.Init(sym, PERIOD_H1, 0.0001); ma.PeriodMA(5);`,
      ),
      {},
      { init: initAt(FALLING, 1.081) },
    );
    expectOk(r);
    r.tick(tickAt(T0 + 19 * H + 60, 1.081));
    r.tick(tickAt(T0 + 20 * H + 60, 1.0921, [bar(19, 1.082, 1.092), bar(20, 1.092, 1.0921)]));
    expect(r.printed).toEqual(["0 80 -80.0", "60 0 60.0"]);
  });

  test("the main signal averages its filters: weights, Ignore, Invert, a prohibiting time filter", async () => {
    const setup = (extra: string): string => `   sig = new CExpertSignal;
   sig.Init(sym, PERIOD_H1, 0.0001);
   CSignalMA *ma = new CSignalMA; sig.AddFilter(ma); ma.PeriodMA(5); ma.Weight(0.5);
   CSignalITF *itf = new CSignalITF; sig.AddFilter(itf);
${extra}`;
    const includes =
      "#include <Expert/Signal/SignalMA.mqh>\n#include <Expert/Signal/SignalITF.mqh>";
    const directions: string[] = [];
    // The tick is at 17:01 on a Wednesday (T0 is 2023.11.14 22:00).
    for (const extra of [
      "",
      "   sig.Invert(1);",
      "   sig.Ignore(2);",
      "   itf.BadHoursOfDay(1 << 17);",
      "   itf.GoodDayOfWeek(0);",
    ]) {
      const r = await run(
        signalProgram(includes, setup(extra)),
        {},
        { init: initAt(FALLING, 1.081) },
      );
      expectOk(r);
      r.tick(tickAt(T0 + 19 * H + 60, 1.081));
      directions.push(r.printed.join("|"));
    }
    // MA: -80 × 0.5 = -40; the time filter votes 0 and counts: -40 / 2 = -20.
    expect(directions).toEqual([
      "0 0 -20.0",
      "0 0 20.0",
      "0 0 -40.0",
      "0 0 1.797693134862316e+308",
      "0 0 1.797693134862316e+308",
    ]);
  });

  test("MACD: a main line falling below its signal sells (model 0); crossing it upwards buys (model 2)", async () => {
    const r = await run(
      signalProgram(
        "#include <Expert/Signal/SignalMACD.mqh>",
        `   CSignalMACD *m = new CSignalMACD; sig = m;
   m.Init(sym, PERIOD_H1, 0.0001); m.PeriodFast(12); m.PeriodSlow(24); m.PeriodSignal(9);`,
      ),
      {},
      { init: initAt(ACCELERATING, LAST) },
    );
    expectOk(r);
    r.tick(tickAt(T0 + 79 * H + 60, LAST));
    // A bar closing 150 pips up: the main line turns up (model 1) and crosses its signal line
    // (model 2, 80, which replaces it).
    const up = round5(LAST + 0.015);
    r.tick(
      tickAt(T0 + 80 * H + 60, up, [bar(79, (ACCELERATING[78] as Bar).close, up), bar(80, up, up)]),
    );
    expect(r.printed).toEqual(["0 10 -10.0", "80 0 80.0"]);
  });

  test("RSI: turning up from oversold buys, turning down from overbought sells", async () => {
    const src = signalProgram(
      "#include <Expert/Signal/SignalRSI.mqh>",
      `   CSignalRSI *rsi = new CSignalRSI; sig = rsi;
   rsi.Init(sym, PERIOD_H1, 0.0001); rsi.PeriodRSI(8);`,
    );
    // A slow zigzag around 1.1, then 6 bars down hard, then one bar up.
    const closes: number[] = Array.from({ length: 40 }, (_, i) =>
      round5(1.1 + (i % 2 === 0 ? 0 : 0.0005)),
    );
    for (let k = 1; k <= 6; k++) {
      closes.push(round5(1.1 - 0.002 * k));
    }
    closes.push(round5(1.088 + 0.003));
    closes.push(round5(1.091));
    const down = await run(src, {}, { init: initAt(barsOf(closes), 1.091) });
    down.tick(tickAt((barsOf(closes)[closes.length - 1] as Bar).time + 60, 1.091));
    const mirrored = closes.map((c) => round5(2.2 - c));
    const up = await run(src, {}, { init: initAt(barsOf(mirrored), 1.109) });
    up.tick(tickAt((barsOf(mirrored)[mirrored.length - 1] as Bar).time + 60, 1.109));
    // Model 1 (100): the RSI was below 30 and falling, and turned up (mirrored for the sell).
    expect([down.printed, up.printed]).toEqual([["100 0 100.0"], ["0 100 -100.0"]]);
  });
});

// ---------------------------------------------------------------------------------------------
// Trailing modules
// ---------------------------------------------------------------------------------------------

describe("trailing modules", () => {
  const program = (setup: string): string => `#include <Expert/Trailing/TrailingFixedPips.mqh>
#include <Expert/Trailing/TrailingMA.mqh>
#include <Expert/Trailing/TrailingNone.mqh>
CSymbolInfo *sym;
CIndicators indicators;
CExpertTrailing *trailing;
CPositionInfo position;
int OnInit()
  {
   sym = new CSymbolInfo; sym.Name(_Symbol); sym.Refresh();
${setup}
   if(!trailing.ValidationSettings() || !trailing.InitIndicators(GetPointer(indicators)))
      return(INIT_FAILED);
   return(INIT_SUCCEEDED);
  }
void OnTick()
  {
   sym.RefreshRates();
   indicators.Refresh();
   position.SelectByIndex(0);
   double sl = 0, tp = 0;
   bool move = position.PositionType() == POSITION_TYPE_BUY ? trailing.CheckTrailingStopLong(GetPointer(position), sl, tp)
                                                            : trailing.CheckTrailingStopShort(GetPointer(position), sl, tp);
   Print(move, " ", sl == EMPTY_VALUE ? "-" : DoubleToString(sl, 5), " ", tp == EMPTY_VALUE ? "-" : DoubleToString(tp, 5));
  }`;
  const long = (open: number, sl: number) => ({
    ticket: 9,
    symbol: "EURUSD",
    type: 0,
    magic: 0,
    identifier: 9,
    volume: 0.1,
    price_open: open,
    sl,
    tp: 0,
    time: T0,
  });

  test("fixed pips: the stop follows 30 points behind once the price is 30 points past it", async () => {
    const r = await run(
      program(`   CTrailingFixedPips *t = new CTrailingFixedPips; trailing = t;
   t.Init(sym, PERIOD_H1, 0.0001); t.StopLevel(30); t.ProfitLevel(50);`),
      {},
      { init: initAt(FALLING, 1.081) },
    );
    expectOk(r);
    r.tick(tickAt(T0 + 19 * H + 60, 1.0835, undefined, [long(1.081, 0)]));
    r.tick(tickAt(T0 + 19 * H + 120, 1.0845, undefined, [long(1.081, 0)]));
    r.tick(tickAt(T0 + 19 * H + 180, 1.0844, undefined, [long(1.081, 1.0815)]));
    expect(r.printed).toEqual(["false - -", "true 1.08150 1.08950", "false - -"]);
  });

  test("MA: a long's stop moves up to the MA of the last closed bar", async () => {
    // Rising closes 1.0 + 0.001 i: SMA(5) of bar 1 (close 1.018) is 1.016.
    const rising = barsOf(Array.from({ length: 20 }, (_, i) => round5(1.0 + 0.001 * i)));
    const r = await run(
      program(`   CTrailingMA *t = new CTrailingMA; trailing = t;
   t.Init(sym, PERIOD_H1, 0.0001); t.Period(5); t.Shift(0); t.Method(MODE_SMA); t.Applied(PRICE_CLOSE);`),
      {},
      { init: initAt(rising, 1.019) },
    );
    expectOk(r);
    r.tick(tickAt(T0 + 19 * H + 60, 1.019, undefined, [long(1.01, 0)]));
    r.tick(tickAt(T0 + 19 * H + 120, 1.019, undefined, [long(1.01, 1.017)]));
    expect(r.printed).toEqual(["true 1.01600 -", "false - -"]);
  });

  test("none never moves the stop", async () => {
    const r = await run(
      program("   trailing = new CTrailingNone; trailing.Init(sym, PERIOD_H1, 0.0001);"),
      {},
      { init: initAt(FALLING, 1.081) },
    );
    r.tick(tickAt(T0 + 19 * H + 60, 1.2, undefined, [long(1.081, 0)]));
    expect(r.printed).toEqual(["false 0.00000 0.00000"]);
  });
});
