//+------------------------------------------------------------------+
//| momentum-macros.mq5 — momentum EA built on macros and a header    |
//| Trades the sign of the momentum of the last closed bar when it   |
//| exceeds a threshold and the recent average agrees; object-like,  |
//| function-like and conditional macros, and SignalKit.mqh uploaded |
//| with the program.                                                |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "1.00"

#define KIT_TRACE                      // SignalKit.mqh traces when this is defined
#include "SignalKit.mqh"
#include <Trade\Trade.mqh>

#define EA_NAME        "momentum-macros"
#define MAGIC_BASE     7000
#define HISTORY_SIZE   5
#define IS_NEW_BAR(t)  ((t) != g_last_bar)
#define DIRECTION_TEXT(d) ((d) > 0 ? "up" : ((d) < 0 ? "down" : "flat"))

#ifndef MAX_OPEN_TRADES
   #define MAX_OPEN_TRADES 2
#endif

#ifdef __MQL5__
   #define PLATFORM "MQL5"
#else
   #define PLATFORM "MQL4"
#endif

input int    MomentumPeriod   = 10;   // bars
input double ThresholdPoints  = 50;   // minimum momentum, points
input int    StopPoints       = 250;
input int    TakePoints       = 400;
input double Lots             = 0.1;
input int    MagicOffset      = 1;    // magic = MAGIC_BASE + offset

CTrade          g_trade;
CMomentumReader g_momentum;
datetime        g_last_bar = 0;
double          g_history[HISTORY_SIZE];
int             g_filled = 0;

int OwnPositions()
  {
   int n = 0;
   for(int i = PositionsTotal() - 1; i >= 0; i--)
      if(PositionGetTicket(i) > 0 && PositionGetInteger(POSITION_MAGIC) == MAGIC_BASE + MagicOffset)
         n++;
   return(n);
  }

void Remember(const double value)
  {
   for(int i = HISTORY_SIZE - 1; i > 0; i--)
      g_history[i] = g_history[i - 1];
   g_history[0] = value;
   g_filled = MIN2(g_filled + 1, HISTORY_SIZE);
  }

int OnInit()
  {
   if(!g_momentum.Init(_Symbol, PERIOD_CURRENT, MomentumPeriod))
     {
      LOG(StringFormat("period %d is outside 1..%d", MomentumPeriod, KIT_MAX_LOOKBACK));
      return(INIT_PARAMETERS_INCORRECT);
     }
   g_trade.SetExpertMagicNumber(MAGIC_BASE + MagicOffset);
   g_trade.SetDeviationInPoints(1000);
   ArrayInitialize(g_history, 0.0);
   LOG(StringFormat("%s on %s (kit %s), magic %d, at most %d trades", EA_NAME, PLATFORM,
                    KIT_VERSION, MAGIC_BASE + MagicOffset, MAX_OPEN_TRADES));
   return(INIT_SUCCEEDED);
  }

void OnTick()
  {
   datetime bar = iTime(_Symbol, PERIOD_CURRENT, 0);
   if(!IS_NEW_BAR(bar))
      return;
   double momentum;
   if(!g_momentum.Read(1, momentum))
      return;
   g_last_bar = bar;
   Remember(momentum);
   double average = KitAverage(g_history, g_filled);
   int direction = SIGN(momentum);
   TRACE(StringFormat("momentum %.1f avg %.1f %s", momentum, average, DIRECTION_TEXT(direction)));
   if(MathAbs(momentum) < ThresholdPoints || SIGN(average) != direction)
      return;
   if(OwnPositions() >= MAX_OPEN_TRADES)
      return;
   bool ok;
   if(direction > 0)
     {
      double ask = SymbolInfoDouble(_Symbol, SYMBOL_ASK);
      ok = g_trade.Buy(Lots, _Symbol, ask, NORM(ask - PTS(StopPoints)), NORM(ask + PTS(TakePoints)), EA_NAME);
     }
   else
     {
      double bid = SymbolInfoDouble(_Symbol, SYMBOL_BID);
      ok = g_trade.Sell(Lots, _Symbol, bid, NORM(bid + PTS(StopPoints)), NORM(bid - PTS(TakePoints)), EA_NAME);
     }
   LOG(StringFormat("%s momentum %.1f points: %s", DIRECTION_TEXT(direction), momentum,
                    ok ? "opened" : "refused " + IntegerToString(g_trade.ResultRetcode())));
  }
//+------------------------------------------------------------------+
