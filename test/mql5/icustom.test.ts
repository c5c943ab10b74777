// iCustom: a custom indicator (an MQL5 program with OnCalculate) uploaded with the EA is compiled
// into the EA's program and run in the same sandbox: its inputs come from iCustom's parameters in
// order, its buffers (SetIndexBuffer) are read with CopyBuffer, its globals are its own; an
// unknown indicator name gives INVALID_HANDLE.
import { describe, expect, test } from "bun:test";
import { compileMql5 } from "../../ea-runtime/src/mql5/compile.ts";
import { barsFromCloses, initEvent, inProcess } from "../ea-runtime/harness.ts";

// A "double moving average": buffer 0 = SMA(period) × factor; buffer 1 = the close (series-ordered).
const INDICATOR = `
#property indicator_chart_window
#property indicator_buffers 3
#property indicator_plots   2
input int    Period = 3;
input double Factor = 2.0;
double Scaled[];
double Closes[];
double Work[];
int    calls = 0;
int OnInit()
  {
   SetIndexBuffer(0, Scaled, INDICATOR_DATA);
   SetIndexBuffer(1, Closes, INDICATOR_DATA);
   SetIndexBuffer(2, Work, INDICATOR_CALCULATIONS);
   ArraySetAsSeries(Closes, true);
   IndicatorSetString(INDICATOR_SHORTNAME, "DMA(" + IntegerToString(Period) + ")");
   PlotIndexSetInteger(0, PLOT_DRAW_BEGIN, Period - 1);
   return(INIT_SUCCEEDED);
  }
int OnCalculate(const int rates_total, const int prev_calculated, const datetime &time[],
                const double &open[], const double &high[], const double &low[],
                const double &close[], const long &tick_volume[], const long &volume[],
                const int &spread[])
  {
   calls++;
   int start = prev_calculated > 0 ? prev_calculated - 1 : 0;
   for(int i = start; i < rates_total; i++)
     {
      double sum = 0;
      int n = 0;
      for(int k = i; k > i - Period && k >= 0; k--) { sum += close[k]; n++; }
      Scaled[i] = sum / n * Factor;
      Work[i] = calls;
      Closes[rates_total - 1 - i] = close[i];
     }
   return(rates_total);
  }
`;

const EA = `
int h1, h2, bad;
int OnInit()
  {
   h1 = iCustom(_Symbol, PERIOD_CURRENT, "Indicators\\\\DMA", 3, 2.0);
   h2 = iCustom(_Symbol, PERIOD_CURRENT, "dma.ex5", 2, 1.0);
   bad = iCustom(_Symbol, PERIOD_CURRENT, "NoSuch");
   Print(h1 != INVALID_HANDLE, " ", h2 != INVALID_HANDLE, " ", h1 != h2, " ", bad, " ", GetLastError());
   return(INIT_SUCCEEDED);
  }
void OnTick()
  {
   double a[], b[], c[];
   ArraySetAsSeries(a, true);
   int n = CopyBuffer(h1, 0, 0, 2, a);
   int m = CopyBuffer(h2, 0, 0, 1, b);
   int k = CopyBuffer(h1, 1, 0, 1, c);
   PrintFormat("%d %.4f %.4f %d %.4f %d %.4f", n, a[0], a[1], m, b[0], k, c[0]);
  }
`;

describe("iCustom", () => {
  test("an uploaded indicator runs with its inputs; its buffers are read with CopyBuffer", async () => {
    const enc = new TextEncoder();
    const r = compileMql5({
      main: { name: "ea.mq5", bytes: enc.encode(EA) },
      indicators: [{ name: "Indicators/DMA.mq5", bytes: enc.encode(INDICATOR) }],
      now: 1_764_115_200,
    });
    if (!r.ok) {
      throw new Error(r.error);
    }
    const rt = await inProcess();
    const printed: string[] = [];
    const collect = <O extends { logs: { text: string }[] }>(o: O): O => {
      for (const l of o.logs) {
        printed.push(l.text);
      }
      return o;
    };
    expect(collect(rt.load(r.js)).ok).toBe(true);
    const closes = [1, 2, 3, 4, 5, 6];
    collect(rt.dispatch(initEvent(barsFromCloses(closes))));
    collect(rt.dispatch({ type: "tick" }));
    // h1: SMA3×2 of the last two closes (6: (4+5+6)/3×2 = 10; 5: 8); h2: SMA2×1 of 6 = 5.5;
    // buffer 1 (series-ordered in the indicator) reads in time order: its newest value is 6.
    expect(printed).toEqual(["true true true -1 4802", "2 10.0000 8.0000 1 5.5000 1 6.0000"]);
  });

  test("an indicator without OnCalculate is refused at compile time", () => {
    const enc = new TextEncoder();
    const r = compileMql5({
      main: { name: "ea.mq5", bytes: enc.encode("void OnTick() {}") },
      indicators: [{ name: "Broken.mq5", bytes: enc.encode("int OnInit() { return 0; }") }],
      now: 0,
    });
    expect(r.ok ? "" : r.error).toBe("Broken.mq5:1:1: a custom indicator must define OnCalculate");
  });
});
