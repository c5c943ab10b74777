/**
 * Test support for the MQL5 EA suite (test/mql5/eas/*.mq5): the catalogue of the EAs with their
 * exact analysis, the generator of the large EA, and a small in-process paper market (quotes,
 * H1 bars, positions, pending orders, SL/TP, deals) that answers the runtime's OrderSend so an EA
 * sees its own trades the way it would on a broker.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Mql5InputParam } from "../../ea-runtime/src/mql5/compile.ts";
import type { HostScript } from "../ea-runtime/harness.ts";

export const EA_DIR = join(import.meta.dir, "eas");

export function readEa(file: string): string {
  return readFileSync(join(EA_DIR, file), "utf8");
}

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

type Param = Mql5InputParam;
const p = (name: string, type: string, def: string): Param => ({ name, type, default: def });
const e = (name: string, type: string, def: string, values: string[]): Param => ({
  name,
  type,
  default: def,
  enum: type,
  enumValues: values,
});

export const TIMEFRAMES = [
  "PERIOD_CURRENT",
  "PERIOD_M1",
  "PERIOD_M2",
  "PERIOD_M3",
  "PERIOD_M4",
  "PERIOD_M5",
  "PERIOD_M6",
  "PERIOD_M10",
  "PERIOD_M12",
  "PERIOD_M15",
  "PERIOD_M20",
  "PERIOD_M30",
  "PERIOD_H1",
  "PERIOD_H2",
  "PERIOD_H3",
  "PERIOD_H4",
  "PERIOD_H6",
  "PERIOD_H8",
  "PERIOD_H12",
  "PERIOD_D1",
  "PERIOD_W1",
  "PERIOD_MN1",
];

export interface EaSpec {
  /** Key used by the tests. */
  readonly key: string;
  /** The program file in test/mql5/eas. */
  readonly file: string;
  /** Headers uploaded with it (file names in test/mql5/eas). */
  readonly headers?: readonly string[];
  readonly inputParams: readonly Param[];
  readonly eventHandlers: readonly string[];
}

export const EAS: readonly EaSpec[] = [
  {
    key: "ma-cross",
    file: "ma-cross.mq5",
    inputParams: [
      p("FastPeriod", "int", "5"),
      p("SlowPeriod", "int", "12"),
      e("MaMethod", "ENUM_MA_METHOD", "MODE_EMA", [
        "MODE_SMA",
        "MODE_EMA",
        "MODE_SMMA",
        "MODE_LWMA",
      ]),
      p("Lots", "double", "0.1"),
      p("StopPoints", "int", "200"),
      p("Magic", "ulong", "20240101"),
    ],
    eventHandlers: ["OnInit", "OnDeinit", "OnTick"],
  },
  {
    key: "macd-trend",
    file: "macd-trend.mq5",
    inputParams: [
      p("InpLots", "double", "0.1"),
      p("InpTakeProfit", "int", "500"),
      p("InpTrailingStop", "int", "150"),
      p("InpMacdFast", "int", "12"),
      p("InpMacdSlow", "int", "26"),
      p("InpMacdSignal", "int", "9"),
      p("InpMacdOpenLevel", "double", "3"),
      p("InpMacdCloseLevel", "double", "2"),
      p("InpTrendPeriod", "int", "26"),
      p("InpMagic", "long", "120001"),
    ],
    eventHandlers: ["OnInit", "OnDeinit", "OnTick"],
  },
  {
    key: "atr-breakout",
    file: "atr-breakout.mq5",
    inputParams: [
      p("ChannelBars", "int", "20"),
      p("AtrPeriod", "int", "14"),
      p("AtrMultiplier", "double", "2.0"),
      p("RewardRatio", "double", "1.5"),
      p("RiskPercent", "double", "0.5"),
      p("MaxLots", "double", "1.0"),
      p("MaxPositions", "int", "1"),
      p("MagicNumber", "ulong", "310001"),
      p("Slippage", "uint", "30"),
      e("SignalTf", "ENUM_TIMEFRAMES", "PERIOD_CURRENT", TIMEFRAMES),
    ],
    eventHandlers: ["OnInit", "OnDeinit", "OnTick"],
  },
  {
    key: "rsi-scalper",
    file: "rsi-scalper.mq5",
    inputParams: [
      p("RsiPeriod", "int", "7"),
      p("Oversold", "double", "30.0"),
      p("Overbought", "double", "70.0"),
      p("ExitLevel", "double", "50.0"),
      p("Volume", "double", "0.05"),
      p("TakePoints", "int", "120"),
      p("StopPoints", "int", "90"),
      p("Deviation", "int", "20"),
      p("Magic", "long", "4401"),
      p("CloseOnExit", "bool", "true"),
    ],
    eventHandlers: ["OnInit", "OnDeinit", "OnTick"],
  },
  {
    key: "multi-grid",
    file: "multi-grid.mq5",
    inputParams: [
      p("GridSymbols", "string", "EURUSD,GBPUSD"),
      p("GridLevels", "int", "3"),
      p("GridStepPoints", "int", "150"),
      p("LevelLots", "double", "0.01"),
      p("GridMagic", "ulong", "550000"),
      p("RearmLevels", "bool", "true"),
    ],
    eventHandlers: ["OnInit", "OnDeinit", "OnTick"],
  },
  {
    key: "news-straddle",
    file: "news-straddle.mq5",
    inputParams: [
      p("NewsTime", "datetime", "2026.11.18 15:30"),
      p("MinutesBefore", "int", "2"),
      p("WindowMinutes", "int", "30"),
      p("DistancePoints", "int", "100"),
      p("StopLossPoints", "int", "150"),
      p("TakeProfitPoints", "int", "300"),
      p("Lots", "double", "0.1"),
      p("Magic", "ulong", "660066"),
      p("TimerSeconds", "uint", "1"),
    ],
    eventHandlers: ["OnInit", "OnDeinit", "OnTimer", "OnTradeTransaction"],
  },
  {
    key: "trailing-manager",
    file: "trailing-manager.mq5",
    inputParams: [
      p("InitialStopPoints", "int", "300"),
      p("BreakEvenPoints", "int", "100"),
      p("BreakEvenLockPoints", "int", "10"),
      p("TrailStartPoints", "int", "200"),
      p("TrailDistancePoints", "int", "150"),
      p("TrailStepPoints", "int", "20"),
      p("ManagedMagic", "long", "-1"),
      p("AllSymbols", "bool", "false"),
    ],
    eventHandlers: ["OnInit", "OnDeinit", "OnTick"],
  },
  {
    key: "bollinger-reversion",
    file: "bollinger-reversion.mq5",
    inputParams: [
      p("BandsPeriod", "int", "20"),
      p("BandsDeviation", "double", "2.0"),
      e("BandsPrice", "ENUM_APPLIED_PRICE", "PRICE_CLOSE", [
        "PRICE_CLOSE",
        "PRICE_OPEN",
        "PRICE_HIGH",
        "PRICE_LOW",
        "PRICE_MEDIAN",
        "PRICE_TYPICAL",
        "PRICE_WEIGHTED",
      ]),
      e("EntryMode", "ENTRY_MODE", "ENTRY_ON_CLOSE_OUTSIDE", [
        "ENTRY_ON_TOUCH",
        "ENTRY_ON_CLOSE_OUTSIDE",
        "ENTRY_ON_RETURN_INSIDE",
      ]),
      e("ExitTarget", "EXIT_TARGET", "EXIT_MIDDLE_BAND", [
        "EXIT_MIDDLE_BAND",
        "EXIT_OPPOSITE_BAND",
        "EXIT_NONE",
      ]),
      p("AllowLong", "bool", "true"),
      p("AllowShort", "bool", "true"),
      e("LotMode", "LOT_MODE", "LOTS_FIXED", ["LOTS_FIXED", "LOTS_PER_10K"]),
      p("LotValue", "double", "0.1"),
      p("StopPoints", "int", "250"),
      p("MagicNumber", "int", "808"),
      p("TradeComment", "string", "bb-revert"),
    ],
    eventHandlers: ["OnInit", "OnDeinit", "OnTick"],
  },
  {
    key: "martingale",
    file: "martingale.mq5",
    inputParams: [
      p("StartLots", "double", "0.01"),
      p("Multiplier", "double", "2.0"),
      p("MaxSteps", "int", "5"),
      p("TargetPoints", "int", "60"),
      p("StartDate", "datetime", "2020.01.01 00:00"),
      p("EndDate", "datetime", "2030.12.31 23:59"),
      p("FirstHour", "uchar", "0"),
      p("LastHour", "uchar", "23"),
      p("MagicNumber", "ulong", "9000000000000000001"),
      p("AccountFilter", "long", "0"),
    ],
    eventHandlers: ["OnInit", "OnDeinit", "OnTick"],
  },
  {
    key: "candle-patterns",
    file: "candle-patterns.mq5",
    inputParams: [
      p("MinBodyRatio", "double", "0.6"),
      p("PinTailRatio", "double", "2.0"),
      p("DojiBodyRatio", "double", "0.1"),
      p("MinStrength", "double", "0.5"),
      p("TradeVolume", "double", "0.1"),
      p("StopPoints", "int", "200"),
      p("TargetPoints", "int", "200"),
      p("Magic", "int", "1010"),
      p("ReportEveryBar", "bool", "true"),
    ],
    eventHandlers: ["OnInit", "OnDeinit", "OnTick"],
  },
  {
    key: "momentum-macros",
    file: "momentum-macros.mq5",
    headers: ["SignalKit.mqh"],
    inputParams: [
      p("MomentumPeriod", "int", "10"),
      p("ThresholdPoints", "double", "50"),
      p("StopPoints", "int", "250"),
      p("TakePoints", "int", "400"),
      p("Lots", "double", "0.1"),
      p("MagicOffset", "int", "1"),
    ],
    eventHandlers: ["OnInit", "OnTick"],
  },
];

export function eaSpec(key: string): EaSpec {
  const spec = EAS.find((s) => s.key === key);
  if (!spec) {
    throw new Error(`no EA ${key}`);
  }
  return spec;
}

/** The headers of an EA as `compile()` takes them. */
export function eaHeaders(spec: EaSpec): Record<string, string> {
  return Object.fromEntries((spec.headers ?? []).map((h) => [h, readEa(h)]));
}

// ---------------------------------------------------------------------------------------------
// The large generated EA
// ---------------------------------------------------------------------------------------------

export interface GeneratedEa {
  readonly source: string;
  readonly lines: number;
  readonly inputParams: Param[];
  readonly eventHandlers: string[];
}

/**
 * A large EA from a template (deterministic): `blocks` filter classes, each with its input
 * group (period, weight, switch), a helper function and a class deriving from a common base;
 * OnTick sums the enabled filters' votes and trades their consensus with CTrade.
 */
export function generateLargeEa(blocks = 64): GeneratedEa {
  const out: string[] = [];
  const params: Param[] = [];
  const w = (s = "") => out.push(s);
  w("//+------------------------------------------------------------------+");
  w(`//| consensus-${blocks}.mq5 — generated: ${blocks} voting filters`);
  w("//+------------------------------------------------------------------+");
  w('#property copyright "Trading Account Service tests"');
  w('#property version   "1.00"');
  w("");
  w("#include <Trade\\Trade.mqh>");
  w("");
  w('input group "Consensus"');
  w("input double VoteThreshold = 0.25;   // share of the votes needed to trade");
  w("input double Lots          = 0.1;");
  w("input int    StopPoints    = 300;");
  w("input int    TakePoints    = 300;");
  w("input ulong  Magic         = 424242;");
  params.push(
    p("VoteThreshold", "double", "0.25"),
    p("Lots", "double", "0.1"),
    p("StopPoints", "int", "300"),
    p("TakePoints", "int", "300"),
    p("Magic", "ulong", "424242"),
  );
  for (let k = 0; k < blocks; k += 1) {
    const period = 2 + (k % 9);
    const weight = (1 + (k % 4) * 0.25).toFixed(2);
    w(`input group "Filter ${k}"`);
    w(`input int    F${k}_Period  = ${period};`);
    w(`input double F${k}_Weight  = ${weight};`);
    w(`input bool   F${k}_Enabled = ${k % 7 === 6 ? "false" : "true"};`);
    params.push(
      p(`F${k}_Period`, "int", String(period)),
      p(`F${k}_Weight`, "double", weight),
      p(`F${k}_Enabled`, "bool", k % 7 === 6 ? "false" : "true"),
    );
  }
  w("");
  w("//--- a filter votes -1, 0 or +1 on the closes it is given (newest first)");
  w("class CFilterBase");
  w("  {");
  w("protected:");
  w("   string            m_name;");
  w("   int               m_period;");
  w("   double            m_weight;");
  w("   int               m_votes;");
  w("public:");
  w("                     CFilterBase(const string name, const int period, const double weight)");
  w("     : m_name(name), m_period(period), m_weight(weight), m_votes(0) { }");
  w("   virtual          ~CFilterBase(void) { }");
  w("   virtual int       Vote(const double &closes[]) = 0;");
  w("   string            Name(void) const { return(m_name); }");
  w("   double            Weight(void) const { return(m_weight); }");
  w("   int               Votes(void) const { return(m_votes); }");
  w("   int               Period(void) const { return(m_period); }");
  w("  };");
  w("");
  for (let k = 0; k < blocks; k += 1) {
    const kind = k % 3;
    w("//+------------------------------------------------------------------+");
    w(`//| Filter ${k}: ${["momentum", "mean reversion", "range position"][kind]}`);
    w("//+------------------------------------------------------------------+");
    w(`double Helper${k}(const double &closes[], const int period)`);
    w("  {");
    w("   int n = MathMin(period, ArraySize(closes) - 1);");
    w("   if(n <= 0)");
    w("      return(0.0);");
    w("   double acc = 0.0;");
    w("   for(int i = 0; i < n; i++)");
    w("     {");
    if (kind === 0) {
      w("      acc += closes[i] - closes[i + 1];");
    } else if (kind === 1) {
      w("      acc += closes[i];");
    } else {
      w("      acc = MathMax(acc, MathAbs(closes[i] - closes[n]));");
    }
    w("     }");
    if (kind === 1) {
      w("   acc = acc / n;");
    }
    w(`   // scale ${k}: in points`);
    w("   return(acc / _Point);");
    w("  }");
    w("");
    w(`class CFilter${k} : public CFilterBase`);
    w("  {");
    w("private:");
    w("   double            m_last;");
    w("   int               m_calls;");
    w("public:");
    w(`                     CFilter${k}(const int period, const double weight)`);
    w(`     : CFilterBase("f${k}", period, weight), m_last(0.0), m_calls(0) { }`);
    w("   virtual int       Vote(const double &closes[])");
    w("     {");
    w("      m_calls++;");
    w("      if(ArraySize(closes) <= m_period)");
    w("         return(0);");
    w(`      double value = Helper${k}(closes, m_period);`);
    w("      int vote = 0;");
    w(`      switch(${kind})`);
    w("        {");
    w("         case 0:");
    w("            vote = value > 0.0 ? 1 : (value < 0.0 ? -1 : 0);");
    w("            break;");
    w("         case 1:");
    w("            vote = closes[0] < value * _Point ? 1 : (closes[0] > value * _Point ? -1 : 0);");
    w("            break;");
    w("         default:");
    w("            vote = (closes[0] - closes[m_period]) > 0.0 ? 1 : -1;");
    w("            if(value == 0.0)");
    w("               vote = 0;");
    w("            break;");
    w("        }");
    w("      m_last = value;");
    w("      if(vote != 0)");
    w("         m_votes++;");
    w("      return(vote);");
    w("     }");
    w("   double            Last(void) const { return(m_last); }");
    w("   int               Calls(void) const { return(m_calls); }");
    w("  };");
    w("");
  }
  w("CTrade       trade;");
  w(`CFilterBase *filters[${blocks}];`);
  w("int          filterCount = 0;");
  w("datetime     lastBar = 0;");
  w("");
  w("int OnInit()");
  w("  {");
  w("   filterCount = 0;");
  for (let k = 0; k < blocks; k += 1) {
    w(`   if(F${k}_Enabled)`);
    w(`      filters[filterCount++] = new CFilter${k}(F${k}_Period, F${k}_Weight);`);
  }
  w("   trade.SetExpertMagicNumber(Magic);");
  w("   trade.SetDeviationInPoints(1000);");
  w('   PrintFormat("consensus of %d filters", filterCount);');
  w("   return(INIT_SUCCEEDED);");
  w("  }");
  w("");
  w("void OnDeinit(const int reason)");
  w("  {");
  w("   int votes = 0;");
  w("   for(int i = 0; i < filterCount; i++)");
  w("     {");
  w("      votes += filters[i].Votes();");
  w("      delete filters[i];");
  w("     }");
  w('   PrintFormat("consensus EA: %d votes cast", votes);');
  w("  }");
  w("");
  w("void OnTick()");
  w("  {");
  w("   datetime bar = iTime(_Symbol, PERIOD_CURRENT, 0);");
  w("   if(bar == lastBar)");
  w("      return;");
  w("   double closes[];");
  w("   ArraySetAsSeries(closes, true);");
  w("   if(CopyClose(_Symbol, PERIOD_CURRENT, 1, 12, closes) != 12)");
  w("      return;");
  w("   lastBar = bar;");
  w("   double score = 0.0, total = 0.0;");
  w("   for(int i = 0; i < filterCount; i++)");
  w("     {");
  w("      score += filters[i].Vote(closes) * filters[i].Weight();");
  w("      total += filters[i].Weight();");
  w("     }");
  w("   if(total <= 0.0)");
  w("      return;");
  w("   double consensus = score / total;");
  w('   PrintFormat("consensus %.3f", consensus);');
  w("   if(MathAbs(consensus) < VoteThreshold || PositionsTotal() > 0)");
  w("      return;");
  w("   double ask = SymbolInfoDouble(_Symbol, SYMBOL_ASK);");
  w("   double bid = SymbolInfoDouble(_Symbol, SYMBOL_BID);");
  w("   if(consensus > 0.0)");
  w("      trade.Buy(Lots, _Symbol, ask, NormalizeDouble(ask - StopPoints * _Point, _Digits),");
  w('                NormalizeDouble(ask + TakePoints * _Point, _Digits), "consensus buy");');
  w("   else");
  w("      trade.Sell(Lots, _Symbol, bid, NormalizeDouble(bid + StopPoints * _Point, _Digits),");
  w('                 NormalizeDouble(bid - TakePoints * _Point, _Digits), "consensus sell");');
  w("  }");
  w("//+------------------------------------------------------------------+");
  return {
    source: `${out.join("\n")}\n`,
    lines: out.length,
    inputParams: params,
    eventHandlers: ["OnInit", "OnDeinit", "OnTick"],
  };
}

// ---------------------------------------------------------------------------------------------
// The in-process paper market
// ---------------------------------------------------------------------------------------------

type Rec = Record<string, number | string>;

const SYMBOL_BASE = {
  digits: 5,
  point: 0.00001,
  contract_size: 100000,
  volume_min: 0.01,
  volume_max: 50,
  volume_step: 0.01,
  volume_limit: 0,
  stops_level: 10,
  freeze_level: 5,
  tick_size: 0.00001,
  tick_value: 1,
  tick_value_profit: 1,
  tick_value_loss: 1,
  currency_profit: "USD",
  trade_mode: 4,
  execution_mode: 2,
  calc_mode: 0,
  filling_mode: 3,
  expiration_mode: 15,
  order_mode: 127,
  spread: 10,
};

/** H1 seconds. */
const HOUR = 3600;
/** Ticks per H1 bar. */
const STEPS_PER_BAR = 4;

interface SymbolState {
  readonly name: string;
  readonly base: number;
  readonly phase: number;
  bid: number;
  ask: number;
}

/**
 * Quotes move along a fixed wave (deterministic), four ticks per H1 bar. Market orders fill at
 * the current quote, pending orders trigger on it, SL/TP close positions; every change comes
 * back to the runtime as a snapshot (positions, orders, new deals), on OrderSend's answer and
 * on the next tick.
 */
export class PaperMarket {
  /** Server time, seconds. */
  time: number;
  step = 0;
  readonly symbols: SymbolState[];
  positions: Rec[] = [];
  orders: Rec[] = [];
  deals: Rec[] = [];
  private newDeals: Rec[] = [];
  private transactions: Rec[] = [];
  private nextTicket = 5000;
  balance = 10_000;
  /** Every request the EA sent (OrderSend payloads) and the retcode it got. */
  readonly requests: { request: Record<string, unknown>; retcode: number }[] = [];
  /** History bars of the EA symbol (H1) given to OnInit. */
  readonly history: Rec[] = [];
  private forming: Rec | undefined;

  constructor(
    readonly historyBars = 120,
    readonly start = Date.UTC(2025, 10, 24, 8, 0, 0) / 1000,
  ) {
    this.symbols = [
      { name: "EURUSD", base: 1.1, phase: 0, bid: 0, ask: 0 },
      { name: "GBPUSD", base: 1.3, phase: 1.3, bid: 0, ask: 0 },
    ];
    this.time = start;
    for (let b = historyBars; b > 0; b -= 1) {
      const t = start - b * HOUR;
      const prices: number[] = [];
      for (let s = 0; s < STEPS_PER_BAR; s += 1) {
        prices.push(this.priceAt(this.symbols[0] as SymbolState, t + (s * HOUR) / STEPS_PER_BAR));
      }
      this.history.push(barOf(t, prices));
    }
    this.quote();
  }

  /** The wave: a slow swing, a faster one and a small ripple (bid, 5 digits). */
  priceAt(s: SymbolState, t: number): number {
    const x = (t - this.start) / HOUR;
    const v =
      s.base +
      0.004 * Math.sin(x / 9 + s.phase) +
      0.0018 * Math.sin(x / 2.1 + s.phase * 2) +
      0.0006 * Math.sin(x * 1.7);
    return Math.round(v * 1e5) / 1e5;
  }

  private quote(): void {
    for (const s of this.symbols) {
      s.bid = this.priceAt(s, this.time);
      s.ask = Math.round((s.bid + 0.0001) * 1e5) / 1e5;
    }
  }

  private sym(name: unknown): SymbolState | undefined {
    return this.symbols.find((s) => s.name === name);
  }

  private tickOf(s: SymbolState): Rec {
    return {
      bid: s.bid,
      ask: s.ask,
      last: 0,
      volume: 0,
      time: this.time,
      time_msc: this.time * 1000,
      flags: 6,
      volume_real: 0,
    };
  }

  /** The init event: specs, account, the EA symbol's quote and its H1 history. */
  initEvent(): Record<string, unknown> {
    return {
      type: "init",
      snapshot: {
        time: this.time * 1000,
        symbols: this.symbols.map((s) => ({
          ...SYMBOL_BASE,
          name: s.name,
          currency_base: s.name.slice(0, 3),
          currency_margin: s.name.slice(0, 3),
          description: s.name,
          tick: this.tickOf(s),
        })),
        tick: this.tickOf(this.symbols[0] as SymbolState),
        account: this.account(),
        positions: [],
        orders: [],
      },
      history: { bars: [{ symbol: "EURUSD", timeframe: "H1", rates: this.history }] },
    };
  }

  private account(): Rec {
    const profit = this.positions.reduce((a, x) => a + Number(x.profit), 0);
    return {
      login: 5001,
      balance: this.balance,
      equity: this.balance + profit,
      profit,
      margin: 0,
      margin_free: this.balance + profit,
      leverage: 100,
      currency: "USD",
      name: "Paper",
      server: "Paper-1",
      company: "TAS",
      trade_mode: 0,
      margin_mode: 2,
      trade_allowed: 1,
      trade_expert: 1,
      limit_orders: 200,
      currency_digits: 2,
    };
  }

  private changes(): Record<string, unknown> {
    const deals = this.newDeals;
    this.newDeals = [];
    return {
      positions: this.positions.map((x) => ({ ...x })),
      orders: this.orders.map((x) => ({ ...x })),
      account: this.account(),
      ...(deals.length > 0 ? { deals } : {}),
    };
  }

  /** Moves time by a quarter of an hour: quotes, forming bar, triggers; the tick snapshot. */
  advance(): Record<string, unknown> {
    this.step += 1;
    this.time += HOUR / STEPS_PER_BAR;
    this.quote();
    const eur = this.symbols[0] as SymbolState;
    const barTime = this.time - (this.time % HOUR);
    if (!this.forming || this.forming.time !== barTime) {
      this.forming = barOf(barTime, [eur.bid]);
    } else {
      const f = this.forming;
      f.high = Math.max(Number(f.high), eur.bid);
      f.low = Math.min(Number(f.low), eur.bid);
      f.close = eur.bid;
      f.tick_volume = Number(f.tick_volume) + 1;
    }
    this.triggers();
    return {
      time: this.time * 1000,
      tick: this.tickOf(eur),
      symbols: this.symbols.slice(1).map((s) => ({ name: s.name, tick: this.tickOf(s) })),
      bars: [{ symbol: "EURUSD", timeframe: "H1", rates: [{ ...this.forming }] }],
      ...this.changes(),
    };
  }

  private triggers(): void {
    for (const o of [...this.orders]) {
      const s = this.sym(o.symbol) as SymbolState;
      const price = Number(o.price_open);
      const type = Number(o.type);
      const expired = Number(o.type_time) === 2 && this.time >= Number(o.time_expiration);
      if (expired) {
        this.orders = this.orders.filter((x) => x !== o);
        continue;
      }
      const hit =
        (type === 2 && s.ask <= price) ||
        (type === 3 && s.bid >= price) ||
        (type === 4 && s.ask >= price) ||
        (type === 5 && s.bid <= price);
      if (hit) {
        this.orders = this.orders.filter((x) => x !== o);
        this.open(s, type % 2 === 0 ? 0 : 1, Number(o.volume_current), o, Number(o.ticket));
      }
    }
    for (const x of [...this.positions]) {
      const s = this.sym(x.symbol) as SymbolState;
      const buy = Number(x.type) === 0;
      const px = buy ? s.bid : s.ask;
      x.price_current = px;
      x.profit = this.profitOf(x, px);
      const sl = Number(x.sl);
      const tp = Number(x.tp);
      const stop = sl > 0 && (buy ? px <= sl : px >= sl);
      const take = tp > 0 && (buy ? px >= tp : px <= tp);
      if (stop || take) {
        this.close(x, Number(x.volume), 0, stop ? "[sl]" : "[tp]");
      }
    }
  }

  private profitOf(x: Rec, px: number): number {
    const diff = Number(x.type) === 0 ? px - Number(x.price_open) : Number(x.price_open) - px;
    return Math.round(diff * Number(x.volume) * 100000 * 100) / 100;
  }

  private open(s: SymbolState, dir: number, volume: number, req: Rec, order: number): Rec {
    const price = dir === 0 ? s.ask : s.bid;
    const ticket = order;
    const position: Rec = {
      ticket,
      identifier: ticket,
      symbol: s.name,
      type: dir,
      magic: Number(req.magic ?? 0),
      volume,
      price_open: price,
      sl: Number(req.sl ?? 0),
      tp: Number(req.tp ?? 0),
      price_current: price,
      swap: 0,
      profit: 0,
      time: this.time,
      time_msc: this.time * 1000,
      comment: String(req.comment ?? ""),
    };
    this.positions.push(position);
    this.addDeal(s.name, dir, 0, volume, price, 0, ticket, order, position.magic as number);
    return position;
  }

  private close(x: Rec, volume: number, order: number, comment: string): number {
    const s = this.sym(x.symbol) as SymbolState;
    const buy = Number(x.type) === 0;
    const px = buy ? s.bid : s.ask;
    const profit = this.profitOf({ ...x, volume }, px);
    this.balance += profit;
    const left = Math.round((Number(x.volume) - volume) * 100) / 100;
    if (left > 0) {
      x.volume = left;
    } else {
      this.positions = this.positions.filter((y) => y !== x);
    }
    const ticket = order || this.ticket();
    this.addDeal(
      s.name,
      buy ? 1 : 0,
      1,
      volume,
      px,
      profit,
      Number(x.ticket),
      ticket,
      Number(x.magic),
      comment,
    );
    return px;
  }

  private addDeal(
    symbol: string,
    type: number,
    entry: number,
    volume: number,
    price: number,
    profit: number,
    position: number,
    order: number,
    magic: number,
    comment = "",
  ): void {
    const deal: Rec = {
      ticket: this.ticket(),
      order,
      symbol,
      type,
      entry,
      magic,
      position_id: position,
      volume,
      price,
      commission: 0,
      swap: 0,
      profit,
      fee: 0,
      time: this.time,
      time_msc: this.time * 1000,
      comment,
    };
    this.deals.push(deal);
    this.newDeals.push(deal);
    this.transactions.push({
      type: 6, // TRADE_TRANSACTION_DEAL_ADD
      deal: deal.ticket as number,
      order,
      symbol,
      deal_type: type,
      volume,
      price,
      position,
    });
  }

  /** DEAL_ADD transactions since the last call (for OnTradeTransaction). */
  takeTransactions(): Rec[] {
    return this.transactions.splice(0);
  }

  /** A position opened outside the EA (by hand, another EA): it shows on the next tick. */
  openManual(symbol: string, dir: 0 | 1, volume: number, magic = 0): Rec {
    const s = this.sym(symbol) as SymbolState;
    return this.open(s, dir, volume, { magic, comment: "manual" }, this.ticket());
  }

  private ticket(): number {
    this.nextTicket += 1;
    return this.nextTicket;
  }

  /** The runtime's host: OrderSend/OrderSendAsync/OrderCheck/HistorySelect. */
  readonly host: HostScript = (kind, payload) => {
    if (kind === "OrderCheck") {
      return { result: { retcode: 0, balance: this.balance, equity: this.balance } };
    }
    if (kind === "HistorySelect") {
      return { deals: this.deals, orders: [] };
    }
    const result = this.send(payload as Rec);
    this.requests.push({ request: payload, retcode: Number(result.retcode) });
    return { result, snapshot: this.changes() };
  };

  private send(r: Rec): Rec {
    const s = this.sym(r.symbol);
    const fail = (retcode: number) => ({ retcode, comment: "refused" });
    const action = Number(r.action);
    if (action === 1) {
      if (!s || !(Number(r.volume) > 0)) {
        return fail(10014);
      }
      if (Number(r.position) > 0) {
        const x = this.positions.find((y) => y.ticket === Number(r.position));
        if (!x) {
          return fail(10036);
        }
        const order = this.ticket();
        const px = this.close(x, Math.min(Number(r.volume), Number(x.volume)), order, "");
        return {
          retcode: 10009,
          order,
          deal: this.nextTicket,
          volume: Number(r.volume),
          price: px,
        };
      }
      const order = this.ticket();
      const dir = Number(r.type) === 0 ? 0 : 1;
      const x = this.open(s, dir, Number(r.volume), r, order);
      return {
        retcode: 10009,
        order,
        deal: this.nextTicket,
        volume: Number(r.volume),
        price: Number(x.price_open),
        bid: s.bid,
        ask: s.ask,
      };
    }
    if (action === 5) {
      const type = Number(r.type);
      const price = Number(r.price);
      if (!s) {
        return fail(10013);
      }
      const gap = 10 * 0.00001;
      const ok =
        (type === 2 && price <= s.ask - gap) ||
        (type === 3 && price >= s.bid + gap) ||
        (type === 4 && price >= s.ask + gap) ||
        (type === 5 && price <= s.bid - gap);
      if (!ok) {
        return fail(10015);
      }
      const ticket = this.ticket();
      this.orders.push({
        ticket,
        symbol: s.name,
        type,
        state: 1,
        magic: Number(r.magic ?? 0),
        volume_initial: Number(r.volume),
        volume_current: Number(r.volume),
        price_open: price,
        sl: Number(r.sl ?? 0),
        tp: Number(r.tp ?? 0),
        price_current: type % 2 === 0 ? s.ask : s.bid,
        time_setup: this.time,
        time_setup_msc: this.time * 1000,
        type_time: Number(r.type_time ?? 0),
        time_expiration: Number(r.expiration ?? 0),
        type_filling: Number(r.type_filling ?? 0),
        comment: String(r.comment ?? ""),
      });
      return { retcode: 10008, order: ticket, volume: Number(r.volume), price };
    }
    if (action === 6) {
      const x = this.positions.find((y) => y.ticket === Number(r.position));
      if (!x) {
        return fail(10036);
      }
      x.sl = Number(r.sl);
      x.tp = Number(r.tp);
      return { retcode: 10009 };
    }
    if (action === 7 || action === 8) {
      const o = this.orders.find((y) => y.ticket === Number(r.order));
      if (!o) {
        return fail(10013);
      }
      if (action === 8) {
        this.orders = this.orders.filter((y) => y !== o);
      } else {
        o.price_open = Number(r.price);
        o.sl = Number(r.sl);
        o.tp = Number(r.tp);
      }
      return { retcode: 10009, order: Number(o.ticket) };
    }
    return fail(10013);
  }
}

function barOf(time: number, prices: number[]): Rec {
  const open = prices[0] as number;
  return {
    time,
    open,
    high: Math.max(...prices),
    low: Math.min(...prices),
    close: prices[prices.length - 1] as number,
    tick_volume: prices.length,
    spread: 10,
    real_volume: 0,
  };
}
