//+------------------------------------------------------------------+
//| ma-crossover.mq5 — MQL5 transcription of                         |
//| ea-runtime/examples/ma-crossover.js for `npm run bench mql5`:    |
//| same inputs, same indicator calls, same trade calls, so the only |
//| difference between the two is our compiler.                      |
//+------------------------------------------------------------------+
// Opens one position per signal: buy when the fast MA crosses above the slow MA on a closed bar,
// sell on the opposite cross, and closes an opposite position first. Stops in points.
#include <Trade\Trade.mqh>
#include <Trade\PositionInfo.mqh>

input int            FastPeriod       = 10;
input int            SlowPeriod       = 30;
input ENUM_MA_METHOD MaMethod         = MODE_EMA;
input double         Lots             = 0.1;
input int            StopLossPoints   = 200;
input int            TakeProfitPoints = 400;
input int            MagicNumber      = 20240101;

CTrade        trade;
CPositionInfo position;
int           fastHandle  = INVALID_HANDLE;
int           slowHandle  = INVALID_HANDLE;
datetime      lastBarTime = 0;

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
     {
      PrintFormat("cannot create indicators, error %d", GetLastError());
      return(INIT_FAILED);
     }
   trade.SetExpertMagicNumber(MagicNumber);
   trade.SetDeviationInPoints(10);
   trade.SetTypeFillingBySymbol(_Symbol);
   return(INIT_SUCCEEDED);
  }

void OnDeinit(const int reason)
  {
   IndicatorRelease(fastHandle);
   IndicatorRelease(slowHandle);
   PrintFormat("stopped, reason %d", reason);
  }

void OnTick()
  {
// Act once per bar, on the bars that just closed (index 1 and 2 in series order).
   datetime barTime = iTime(_Symbol, PERIOD_CURRENT, 0);
   if(barTime == 0 || barTime == lastBarTime)
      return;
   double fast[];
   double slow[];
   ArraySetAsSeries(fast, true);
   ArraySetAsSeries(slow, true);
   if(CopyBuffer(fastHandle, 0, 1, 2, fast) != 2 || CopyBuffer(slowHandle, 0, 1, 2, slow) != 2)
      return; // not enough history yet
   lastBarTime = barTime;
   bool crossedUp   = fast[1] <= slow[1] && fast[0] > slow[0];
   bool crossedDown = fast[1] >= slow[1] && fast[0] < slow[0];
   if(!crossedUp && !crossedDown)
      return;
   if(position.SelectByMagic(_Symbol, MagicNumber))
     {
      bool isBuy = position.PositionType() == POSITION_TYPE_BUY;
      if((isBuy && crossedUp) || (!isBuy && crossedDown))
         return; // already positioned in the signal's direction
      trade.PositionClose(position.Ticket());
     }
   double ask = SymbolInfoDouble(_Symbol, SYMBOL_ASK);
   double bid = SymbolInfoDouble(_Symbol, SYMBOL_BID);
   if(crossedUp)
     {
      double sl = StopLossPoints > 0 ? NormalizeDouble(ask - StopLossPoints * _Point, _Digits) : 0;
      double tp = TakeProfitPoints > 0 ? NormalizeDouble(ask + TakeProfitPoints * _Point, _Digits) : 0;
      if(!trade.Buy(Lots, _Symbol, ask, sl, tp, "ma cross up"))
         PrintFormat("buy failed: %d %s", trade.ResultRetcode(), trade.ResultRetcodeDescription());
     }
   else
     {
      double sl = StopLossPoints > 0 ? NormalizeDouble(bid + StopLossPoints * _Point, _Digits) : 0;
      double tp = TakeProfitPoints > 0 ? NormalizeDouble(bid - TakeProfitPoints * _Point, _Digits) : 0;
      if(!trade.Sell(Lots, _Symbol, bid, sl, tp, "ma cross down"))
         PrintFormat("sell failed: %d %s", trade.ResultRetcode(), trade.ResultRetcodeDescription());
     }
  }

void OnTradeTransaction(const MqlTradeTransaction &trans,
                        const MqlTradeRequest &request,
                        const MqlTradeResult &result)
  {
   if(trans.type == TRADE_TRANSACTION_DEAL_ADD)
      PrintFormat("deal #%d on %s, volume %.2f", trans.deal, trans.symbol, trans.volume);
  }
//+------------------------------------------------------------------+
