//+------------------------------------------------------------------+
//| candle-patterns.mq5 — candlestick pattern trader                  |
//| Classifies each closed bar (engulfing, pin bar, inside bar,      |
//| doji, momentum) with plain structs, trades the strongest signal  |
//| and keeps per-pattern statistics; the journal lines are built    |
//| with StringFormat.                                               |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "1.00"

#include <Trade\Trade.mqh>

enum PATTERN_KIND
  {
   PATTERN_NONE,
   PATTERN_ENGULFING,
   PATTERN_PIN_BAR,
   PATTERN_INSIDE_BAR,
   PATTERN_DOJI,
   PATTERN_MOMENTUM
  };

input double MinBodyRatio   = 0.6;   // momentum: body / range at least
input double PinTailRatio   = 2.0;   // pin bar: tail / body at least
input double DojiBodyRatio  = 0.1;   // doji: body / range at most
input double MinStrength    = 0.5;   // trade signals at least this strong
input double TradeVolume    = 0.1;
input int    StopPoints     = 200;
input int    TargetPoints   = 200;
input int    Magic          = 1010;
input bool   ReportEveryBar = true;

//--- one bar, with the measures the patterns use
struct BarInfo
  {
   datetime          time;
   double            open;
   double            high;
   double            low;
   double            close;
   double            Range(void) const { return(high - low); }
   double            Body(void) const { return(MathAbs(close - open)); }
   bool              Bullish(void) const { return(close > open); }
   double            UpperTail(void) const { return(high - MathMax(open, close)); }
   double            LowerTail(void) const { return(MathMin(open, close) - low); }
  };

//--- a pattern found on a bar
struct PatternHit
  {
   PATTERN_KIND      kind;
   int               direction;   // +1 buy, -1 sell, 0 none
   double            strength;    // 0..1
   BarInfo           bar;
   int               id;
  };

//--- counters per pattern kind
struct PatternStats
  {
   int               seen;
   int               traded;
   double            strengthSum;
  };

//--- the whole session
struct SessionStats
  {
   int               bars;
   int               signals;
   int               buys;
   int               sells;
   double            bestStrength;
   string            bestPattern;
   PatternStats      perKind[6];
  };

CTrade        trade;
SessionStats  session;
datetime      lastBarTime = 0;

int NextSignalId()
  {
   static int counter = 0;   // survives between calls
   counter++;
   return(counter);
  }

string PatternName(PATTERN_KIND kind)
  {
   switch(kind)
     {
      case PATTERN_ENGULFING:  return("engulfing");
      case PATTERN_PIN_BAR:    return("pin bar");
      case PATTERN_INSIDE_BAR: return("inside bar");
      case PATTERN_DOJI:       return("doji");
      case PATTERN_MOMENTUM:   return("momentum");
      default:                 return("none");
     }
  }

string DayKind(const datetime t)
  {
   MqlDateTime dt;
   TimeToStruct(t, dt);
   string kind = "";
   switch(dt.day_of_week)
     {
      case 1:
         kind = "week start, ";
      case 2:
      case 3:
      case 4:
         kind += "midweek";
         break;
      case 5:
         kind = "friday";
         break;
      default:
         kind = "weekend";
     }
   return(kind);
  }

bool LoadBar(const int shift, BarInfo &bar)
  {
   MqlRates rates[];
   if(CopyRates(_Symbol, PERIOD_CURRENT, shift, 1, rates) != 1)
      return(false);
   bar.time  = rates[0].time;
   bar.open  = rates[0].open;
   bar.high  = rates[0].high;
   bar.low   = rates[0].low;
   bar.close = rates[0].close;
   return(true);
  }

PatternHit Classify(const BarInfo &cur, const BarInfo &prev)
  {
   PatternHit hit;
   hit.kind = PATTERN_NONE;
   hit.direction = 0;
   hit.strength = 0.0;
   hit.bar = cur;
   hit.id = 0;
   double range = cur.Range();
   if(range <= 0.0)
      return(hit);
   double body_ratio = cur.Body() / range;
   if(cur.Bullish() != prev.Bullish() && cur.Body() > prev.Body() &&
      MathMax(cur.open, cur.close) >= MathMax(prev.open, prev.close) &&
      MathMin(cur.open, cur.close) <= MathMin(prev.open, prev.close))
     {
      hit.kind = PATTERN_ENGULFING;
      hit.direction = cur.Bullish() ? 1 : -1;
      hit.strength = MathMin(1.0, cur.Body() / MathMax(prev.Body(), _Point));
     }
   else if(cur.Body() > 0.0 && MathMax(cur.UpperTail(), cur.LowerTail()) >= PinTailRatio * cur.Body())
     {
      hit.kind = PATTERN_PIN_BAR;
      hit.direction = cur.LowerTail() > cur.UpperTail() ? 1 : -1;
      hit.strength = MathMax(cur.UpperTail(), cur.LowerTail()) / range;
     }
   else if(cur.high < prev.high && cur.low > prev.low)
     {
      hit.kind = PATTERN_INSIDE_BAR;
      hit.strength = 1.0 - range / prev.Range();
     }
   else if(body_ratio <= DojiBodyRatio)
     {
      hit.kind = PATTERN_DOJI;
      hit.strength = 1.0 - body_ratio;
     }
   else if(body_ratio >= MinBodyRatio)
     {
      hit.kind = PATTERN_MOMENTUM;
      hit.direction = cur.Bullish() ? 1 : -1;
      hit.strength = body_ratio;
     }
   return(hit);
  }

string Describe(const PatternHit &hit)
  {
   string dir;
   switch(hit.direction)
     {
      case 1:  dir = "BUY";  break;
      case -1: dir = "SELL"; break;
      default: dir = "-";
     }
   return(StringFormat("#%03d %-10s %-4s strength %.2f bar %s O=%.5f C=%.5f (%s)",
                       hit.id, PatternName(hit.kind), dir, hit.strength,
                       TimeToString(hit.bar.time, TIME_DATE | TIME_MINUTES),
                       hit.bar.open, hit.bar.close, DayKind(hit.bar.time)));
  }

bool OwnPositionOpen()
  {
   for(int i = PositionsTotal() - 1; i >= 0; i--)
      if(PositionGetTicket(i) > 0 && PositionGetInteger(POSITION_MAGIC) == Magic &&
         PositionGetString(POSITION_SYMBOL) == _Symbol)
         return(true);
   return(false);
  }

void Execute(PatternHit &hit)
  {
   session.perKind[hit.kind].traded++;
   double price, sl, tp;
   if(hit.direction > 0)
     {
      price = SymbolInfoDouble(_Symbol, SYMBOL_ASK);
      sl = NormalizeDouble(price - StopPoints * _Point, _Digits);
      tp = NormalizeDouble(price + TargetPoints * _Point, _Digits);
      if(trade.Buy(TradeVolume, _Symbol, price, sl, tp, PatternName(hit.kind)))
         session.buys++;
     }
   else
     {
      price = SymbolInfoDouble(_Symbol, SYMBOL_BID);
      sl = NormalizeDouble(price + StopPoints * _Point, _Digits);
      tp = NormalizeDouble(price - TargetPoints * _Point, _Digits);
      if(trade.Sell(TradeVolume, _Symbol, price, sl, tp, PatternName(hit.kind)))
         session.sells++;
     }
   Print(StringFormat("traded %s: %s %.2f at %.5f, retcode %u", PatternName(hit.kind),
                      hit.direction > 0 ? "buy" : "sell", TradeVolume, price, trade.ResultRetcode()));
  }

int OnInit()
  {
   ZeroMemory(session);
   session.bestPattern = "none";
   trade.SetExpertMagicNumber(Magic);
   trade.SetDeviationInPoints(1000);
   Print(StringFormat("candle patterns: momentum %.2f, pin %.1f, doji %.2f, min strength %.2f",
                      MinBodyRatio, PinTailRatio, DojiBodyRatio, MinStrength));
   return(INIT_SUCCEEDED);
  }

void OnTick()
  {
   datetime bar_time = iTime(_Symbol, PERIOD_CURRENT, 0);
   if(bar_time == lastBarTime)
      return;
   BarInfo cur, prev;
   if(!LoadBar(1, cur) || !LoadBar(2, prev))
      return;
   lastBarTime = bar_time;
   session.bars++;
   PatternHit hit = Classify(cur, prev);
   if(hit.kind == PATTERN_NONE)
      return;
   hit.id = NextSignalId();
   session.signals++;
   session.perKind[hit.kind].seen++;
   session.perKind[hit.kind].strengthSum += hit.strength;
   if(hit.strength > session.bestStrength)
     {
      session.bestStrength = hit.strength;
      session.bestPattern = PatternName(hit.kind);
     }
   if(ReportEveryBar)
      Print(Describe(hit));
   if(hit.direction != 0 && hit.strength >= MinStrength && !OwnPositionOpen())
      Execute(hit);
  }

void OnDeinit(const int reason)
  {
   string report = StringFormat("bars %d, signals %d, buys %d, sells %d, best %s (%.2f)",
                                session.bars, session.signals, session.buys, session.sells,
                                session.bestPattern, session.bestStrength);
   for(int k = PATTERN_ENGULFING; k <= PATTERN_MOMENTUM; k++)
     {
      PatternStats s = session.perKind[k];
      if(s.seen == 0)
         continue;
      report += StringFormat("; %s %d/%d avg %.2f", PatternName((PATTERN_KIND)k), s.traded, s.seen,
                             s.strengthSum / s.seen);
     }
   Print(report);
  }
//+------------------------------------------------------------------+
