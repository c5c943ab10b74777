//+------------------------------------------------------------------+
//| martingale.mq5 — alternating-direction martingale                 |
//| Keeps one position with a symmetric stop and target. After a     |
//| losing trade the next volume is multiplied, after a winner it    |
//| resets. Trades only inside a datetime window and a daily hour    |
//| range; the deal history tells how the last trade ended.          |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "1.00"

#include <Trade\Trade.mqh>
#include <Trade\DealInfo.mqh>

input group "Sequence"
input double   StartLots      = 0.01;
input double   Multiplier     = 2.0;
input int      MaxSteps       = 5;        // losses in a row before starting over
input int      TargetPoints   = 60;       // stop and target distance
input group "Window"
input datetime StartDate      = D'2020.01.01 00:00';
input datetime EndDate        = D'2030.12.31 23:59';
input uchar    FirstHour      = 0;        // trading hours (server time)
input uchar    LastHour       = 23;
input group "Identity"
input ulong    MagicNumber    = 9000000000000000001;  // 64-bit magic
input long     AccountFilter  = 0;        // run only on this login (0 = any)

CTrade     trade;
CDealInfo  deal;
int        lossStreak = 0;
long       lastDealSeen = 0;
bool       nextIsBuy = true;
double     realized = 0.0;

int OnInit()
  {
   if(EndDate <= StartDate)
     {
      Print("EndDate must be after StartDate");
      return(INIT_PARAMETERS_INCORRECT);
     }
   if(AccountFilter != 0 && AccountInfoInteger(ACCOUNT_LOGIN) != AccountFilter)
     {
      PrintFormat("this EA is locked to account %I64d", AccountFilter);
      return(INIT_FAILED);
     }
   trade.SetExpertMagicNumber(MagicNumber);
   trade.SetDeviationInPoints(1000);
   PrintFormat("martingale magic %I64u, window %s .. %s", MagicNumber,
               TimeToString(StartDate), TimeToString(EndDate));
   return(INIT_SUCCEEDED);
  }

bool InWindow(datetime now)
  {
   if(now < StartDate || now > EndDate)
      return(false);
   MqlDateTime t;
   TimeToStruct(now, t);
   return(t.hour >= FirstHour && t.hour <= LastHour);
  }

bool HasOpenPosition()
  {
   for(int i = PositionsTotal() - 1; i >= 0; i--)
     {
      ulong ticket = PositionGetTicket(i);
      if(ticket > 0 && PositionGetInteger(POSITION_MAGIC) == (long)MagicNumber &&
         PositionGetString(POSITION_SYMBOL) == _Symbol)
         return(true);
     }
   return(false);
  }

//--- reads closing deals not seen yet and updates the loss streak
void ReadHistory()
  {
   if(!HistorySelect(StartDate, TimeCurrent() + 86400))
      return;
   int total = HistoryDealsTotal();
   for(int i = 0; i < total; i++)
     {
      if(!deal.SelectByIndex(i))
         continue;
      if(deal.Magic() != (long)MagicNumber || deal.Entry() != DEAL_ENTRY_OUT)
         continue;
      if((long)deal.Ticket() <= lastDealSeen)
         continue;
      lastDealSeen = (long)deal.Ticket();
      double result = deal.Profit() + deal.Swap() + deal.Commission();
      realized += result;
      if(result < 0.0)
        {
         lossStreak++;
         PrintFormat("loss %.2f, streak %d", result, lossStreak);
        }
      else
        {
         lossStreak = 0;
         PrintFormat("win %.2f, sequence reset", result);
        }
      if(lossStreak >= MaxSteps)
        {
         Print("max steps reached, starting over");
         lossStreak = 0;
        }
     }
  }

double NextLots()
  {
   double lots = StartLots * MathPow(Multiplier, lossStreak);
   double step = SymbolInfoDouble(_Symbol, SYMBOL_VOLUME_STEP);
   double max_lot = SymbolInfoDouble(_Symbol, SYMBOL_VOLUME_MAX);
   lots = MathFloor(lots / step + 0.5) * step;
   return(NormalizeDouble(MathMin(lots, max_lot), 2));
  }

void OnTick()
  {
   ReadHistory();
   if(HasOpenPosition())
      return;
   if(!InWindow(TimeCurrent()))
      return;
   double lots = NextLots();
   double distance = TargetPoints * _Point;
   bool ok;
   if(nextIsBuy)
     {
      double ask = SymbolInfoDouble(_Symbol, SYMBOL_ASK);
      ok = trade.Buy(lots, _Symbol, ask, NormalizeDouble(ask - distance, _Digits),
                     NormalizeDouble(ask + distance, _Digits), "mg buy");
     }
   else
     {
      double bid = SymbolInfoDouble(_Symbol, SYMBOL_BID);
      ok = trade.Sell(lots, _Symbol, bid, NormalizeDouble(bid + distance, _Digits),
                      NormalizeDouble(bid - distance, _Digits), "mg sell");
     }
   if(ok)
     {
      PrintFormat("%s %.2f lots (step %d)", nextIsBuy ? "buy" : "sell", lots, lossStreak);
      nextIsBuy = !nextIsBuy;
     }
  }

void OnDeinit(const int reason)
  {
   PrintFormat("martingale realized %.2f, streak %d", realized, lossStreak);
  }
//+------------------------------------------------------------------+
