//+------------------------------------------------------------------+
//| ma-cross.mq5 — moving-average crossover EA (test program)        |
//| Opens one position per signal on a closed bar, reverses on the   |
//| opposite cross. Written for the compiler's end-to-end tests.     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "1.00"
#property strict

#include <Trade\Trade.mqh>
#include <Trade\PositionInfo.mqh>

input group "Signal"
input int            FastPeriod = 5;          // fast MA period
input int            SlowPeriod = 12;         // slow MA period
input ENUM_MA_METHOD MaMethod   = MODE_EMA;   // smoothing
input group "Risk"
input double         Lots       = 0.1;
input int            StopPoints = 200;
input ulong          Magic      = 20240101;

CTrade         trade;
CPositionInfo  position;
int            fastHandle = INVALID_HANDLE;
int            slowHandle = INVALID_HANDLE;
datetime       lastBar    = 0;
int            signals    = 0;

int OnInit()
  {
   if(FastPeriod >= SlowPeriod)
     {
      Print("FastPeriod must be smaller than SlowPeriod");
      return(INIT_PARAMETERS_INCORRECT);
     }
   fastHandle = iMA(_Symbol, PERIOD_CURRENT, FastPeriod, 0, MaMethod, PRICE_CLOSE);
   slowHandle = iMA(_Symbol, PERIOD_CURRENT, SlowPeriod, 0, MaMethod, PRICE_CLOSE);
   if(fastHandle == INVALID_HANDLE || slowHandle == INVALID_HANDLE)
      return(INIT_FAILED);
   trade.SetExpertMagicNumber(Magic);
   trade.SetDeviationInPoints(10);
   PrintFormat("ready %s fast=%d slow=%d", _Symbol, FastPeriod, SlowPeriod);
   return(INIT_SUCCEEDED);
  }

void OnDeinit(const int reason)
  {
   IndicatorRelease(fastHandle);
   IndicatorRelease(slowHandle);
  }

bool SelectOwnPosition()
  {
   for(int i = PositionsTotal() - 1; i >= 0; i--)
      if(position.SelectByIndex(i) && position.Symbol() == _Symbol && position.Magic() == Magic)
         return(true);
   return(false);
  }

void OnTick()
  {
   datetime bar = iTime(_Symbol, PERIOD_CURRENT, 0);
   if(bar == 0 || bar == lastBar)
      return;
   double fast[], slow[];
   ArraySetAsSeries(fast, true);
   ArraySetAsSeries(slow, true);
   if(CopyBuffer(fastHandle, 0, 1, 2, fast) != 2 || CopyBuffer(slowHandle, 0, 1, 2, slow) != 2)
      return;
   lastBar = bar;
   bool up   = fast[1] <= slow[1] && fast[0] > slow[0];
   bool down = fast[1] >= slow[1] && fast[0] < slow[0];
   if(!up && !down)
      return;
   signals++;
   if(SelectOwnPosition())
     {
      bool isBuy = position.PositionType() == POSITION_TYPE_BUY;
      if((isBuy && up) || (!isBuy && down))
         return;
      trade.PositionClose(position.Ticket());
     }
   double ask = SymbolInfoDouble(_Symbol, SYMBOL_ASK);
   double bid = SymbolInfoDouble(_Symbol, SYMBOL_BID);
   if(up)
      trade.Buy(Lots, _Symbol, ask, NormalizeDouble(ask - StopPoints * _Point, _Digits), 0.0, "ma up");
   else
      trade.Sell(Lots, _Symbol, bid, NormalizeDouble(bid + StopPoints * _Point, _Digits), 0.0, "ma down");
  }
//+------------------------------------------------------------------+
