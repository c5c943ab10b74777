//+------------------------------------------------------------------+
//| news-straddle.mq5 — pending-order straddle around a news time    |
//| Driven by a one-second timer: shortly before the release it      |
//| brackets the market with a buy stop and a sell stop that expire  |
//| after the window; when one side fills, the other is deleted.     |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "1.00"

#include <Trade\Trade.mqh>
#include <Trade\OrderInfo.mqh>

enum STRADDLE_STATE
  {
   STATE_WAITING,     // before the window
   STATE_ARMED,       // both orders pending
   STATE_TRIGGERED,   // one side filled
   STATE_DONE         // window over
  };

input datetime NewsTime         = D'2026.11.18 15:30'; // release time (server)
input int      MinutesBefore    = 2;                   // arm this long before
input int      WindowMinutes    = 30;                  // orders expire this long after
input int      DistancePoints   = 100;                 // from the market to each stop order
input int      StopLossPoints   = 150;
input int      TakeProfitPoints = 300;
input double   Lots             = 0.1;
input ulong    Magic            = 660066;
input uint     TimerSeconds     = 1;

CTrade          trade;
COrderInfo      order;
STRADDLE_STATE  state = STATE_WAITING;
ulong           buyTicket = 0;
ulong           sellTicket = 0;
int             timerCalls = 0;

int OnInit()
  {
   if(!EventSetTimer(TimerSeconds))
     {
      Print("cannot start the timer: ", GetLastError());
      return(INIT_FAILED);
     }
   trade.SetExpertMagicNumber(Magic);
   PrintFormat("straddle for %s, armed from %s", TimeToString(NewsTime, TIME_DATE | TIME_MINUTES),
               TimeToString(NewsTime - MinutesBefore * 60, TIME_DATE | TIME_MINUTES));
   return(INIT_SUCCEEDED);
  }

void OnDeinit(const int reason)
  {
   EventKillTimer();
   PrintFormat("straddle stopped in state %s after %d timer calls", EnumToString(state), timerCalls);
  }

bool PendingAlive(const ulong ticket)
  {
   return(ticket != 0 && order.Select(ticket));
  }

bool Arm()
  {
   double ask = SymbolInfoDouble(_Symbol, SYMBOL_ASK);
   double bid = SymbolInfoDouble(_Symbol, SYMBOL_BID);
   if(ask <= 0.0 || bid <= 0.0)
      return(false);
   double dist = DistancePoints * _Point;
   datetime expiry = NewsTime + WindowMinutes * 60;
   double buy_price = NormalizeDouble(ask + dist, _Digits);
   double sell_price = NormalizeDouble(bid - dist, _Digits);
   if(!trade.BuyStop(Lots, buy_price, _Symbol,
                     NormalizeDouble(buy_price - StopLossPoints * _Point, _Digits),
                     NormalizeDouble(buy_price + TakeProfitPoints * _Point, _Digits),
                     ORDER_TIME_SPECIFIED, expiry, "straddle buy"))
     {
      Print("buy stop refused: ", trade.ResultRetcodeDescription());
      return(false);
     }
   buyTicket = trade.ResultOrder();
   if(!trade.SellStop(Lots, sell_price, _Symbol,
                      NormalizeDouble(sell_price + StopLossPoints * _Point, _Digits),
                      NormalizeDouble(sell_price - TakeProfitPoints * _Point, _Digits),
                      ORDER_TIME_SPECIFIED, expiry, "straddle sell"))
     {
      Print("sell stop refused: ", trade.ResultRetcodeDescription());
      trade.OrderDelete(buyTicket);
      buyTicket = 0;
      return(false);
     }
   sellTicket = trade.ResultOrder();
   PrintFormat("armed: buy stop #%I64u at %s, sell stop #%I64u at %s, expiring %s",
               buyTicket, DoubleToString(buy_price, _Digits), sellTicket,
               DoubleToString(sell_price, _Digits), TimeToString(expiry, TIME_DATE | TIME_MINUTES));
   return(true);
  }

void OnTimer()
  {
   timerCalls++;
   datetime now = TimeCurrent();
   switch(state)
     {
      case STATE_WAITING:
         if(now >= NewsTime + WindowMinutes * 60)
           {
            state = STATE_DONE;
            Print("the news window has passed");
           }
         else if(now >= NewsTime - MinutesBefore * 60 && Arm())
            state = STATE_ARMED;
         break;
      case STATE_ARMED:
        {
         bool buy_alive = PendingAlive(buyTicket);
         bool sell_alive = PendingAlive(sellTicket);
         if(buy_alive && sell_alive)
            break;
         if(!buy_alive && !sell_alive)
           {
            state = STATE_DONE;
            Print("both stop orders are gone");
            break;
           }
         ulong other = buy_alive ? buyTicket : sellTicket;
         PrintFormat("%s side filled, deleting #%I64u", buy_alive ? "sell" : "buy", other);
         if(!trade.OrderDelete(other))
            Print("OrderDelete failed: ", trade.ResultRetcode());
         state = STATE_TRIGGERED;
         break;
        }
      case STATE_TRIGGERED:
         if(now >= NewsTime + WindowMinutes * 60)
           {
            state = STATE_DONE;
            Print("window closed");
           }
         break;
      default:
         break;
     }
  }

void OnTradeTransaction(const MqlTradeTransaction &trans,
                        const MqlTradeRequest &request,
                        const MqlTradeResult &result)
  {
   if(trans.type != TRADE_TRANSACTION_DEAL_ADD)
      return;
   if(trans.order == buyTicket || trans.order == sellTicket)
      PrintFormat("deal #%I64u from order #%I64u: %s %.2f at %s", trans.deal, trans.order,
                  EnumToString(trans.deal_type), trans.volume, DoubleToString(trans.price, _Digits));
  }
//+------------------------------------------------------------------+
