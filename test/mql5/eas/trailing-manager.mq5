//+------------------------------------------------------------------+
//| trailing-manager.mq5 — stop-loss manager for open positions      |
//| Opens nothing: it watches the positions of its symbol (all, or   |
//| one magic number), gives a position without a stop an initial   |
//| stop, moves the stop to break-even after a gain, then trails it  |
//| behind the price in steps.                                       |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "1.02"

#include <Trade\Trade.mqh>
#include <Trade\PositionInfo.mqh>
#include <Trade\SymbolInfo.mqh>

input int    InitialStopPoints  = 300;  // stop for positions that have none (0 = leave)
input int    BreakEvenPoints    = 100;  // gain that moves the stop to entry
input int    BreakEvenLockPoints= 10;   // points locked in at break-even
input int    TrailStartPoints   = 200;  // gain that starts trailing
input int    TrailDistancePoints= 150;  // stop distance while trailing
input int    TrailStepPoints    = 20;   // move the stop at least this much
input long   ManagedMagic       = -1;   // -1 = every position of the symbol
input bool   AllSymbols         = false;

CTrade        trade;
CPositionInfo pos;
CSymbolInfo   sym;
int           modifications = 0;

int OnInit()
  {
   if(TrailDistancePoints <= 0 || TrailStepPoints < 0)
      return(INIT_PARAMETERS_INCORRECT);
   trade.SetDeviationInPoints(50);
   PrintFormat("managing %s positions of %s%s", ManagedMagic < 0 ? "all" : "magic " + IntegerToString(ManagedMagic),
               AllSymbols ? "every symbol" : _Symbol, InitialStopPoints > 0 ? ", adding missing stops" : "");
   return(INIT_SUCCEEDED);
  }

void OnDeinit(const int reason)
  {
   PrintFormat("trailing manager made %d modifications", modifications);
  }

//--- the stop this position should have now, or its current stop when nothing changes
double WantedStop(const bool is_buy, const double open, const double current_sl, const double bid, const double ask, const double point, const int digits)
  {
   double price = is_buy ? bid : ask;
   double gain = is_buy ? (price - open) : (open - price);
   double sl = current_sl;
   if(current_sl == 0.0 && InitialStopPoints > 0)
      sl = is_buy ? open - InitialStopPoints * point : open + InitialStopPoints * point;
   if(BreakEvenPoints > 0 && gain >= BreakEvenPoints * point)
     {
      double be = is_buy ? open + BreakEvenLockPoints * point : open - BreakEvenLockPoints * point;
      if(sl == 0.0 || (is_buy && be > sl) || (!is_buy && be < sl))
         sl = be;
     }
   if(gain >= TrailStartPoints * point)
     {
      double trail = is_buy ? price - TrailDistancePoints * point : price + TrailDistancePoints * point;
      double step = TrailStepPoints * point;
      if(sl == 0.0 || (is_buy && trail >= sl + step) || (!is_buy && trail <= sl - step))
         sl = trail;
     }
   return(NormalizeDouble(sl, digits));
  }

void ManagePosition()
  {
   string symbol = pos.Symbol();
   if(!sym.Name(symbol) || !sym.RefreshRates())
      return;
   bool is_buy = pos.PositionType() == POSITION_TYPE_BUY;
   double current_sl = pos.StopLoss();
   double sl = WantedStop(is_buy, pos.PriceOpen(), current_sl, sym.Bid(), sym.Ask(), sym.Point(), sym.Digits());
   if(sl == current_sl || sl == 0.0)
      return;
   // the stop must keep the broker's distance from the price
   double min_gap = (sym.StopsLevel() + 1) * sym.Point();
   if(is_buy && sym.Bid() - sl < min_gap)
      return;
   if(!is_buy && sl - sym.Ask() < min_gap)
      return;
   if(trade.PositionModify(pos.Ticket(), sl, pos.TakeProfit()))
     {
      modifications++;
      PrintFormat("#%I64u %s %s: stop %s -> %s", pos.Ticket(), symbol, pos.TypeDescription(),
                  DoubleToString(current_sl, sym.Digits()), DoubleToString(sl, sym.Digits()));
     }
   else
      PrintFormat("#%I64u modify failed: %u %s", pos.Ticket(), trade.ResultRetcode(), trade.ResultComment());
  }

void OnTick()
  {
   for(int i = PositionsTotal() - 1; i >= 0; i--)
     {
      if(!pos.SelectByIndex(i))
         continue;
      if(!AllSymbols && pos.Symbol() != _Symbol)
         continue;
      if(ManagedMagic >= 0 && pos.Magic() != ManagedMagic)
         continue;
      ManagePosition();
     }
  }
//+------------------------------------------------------------------+
