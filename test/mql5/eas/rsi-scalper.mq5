//+------------------------------------------------------------------+
//| rsi-scalper.mq5 — RSI scalper on the raw trade API               |
//| MqlTradeRequest / MqlTradeResult with OrderSend, ZeroMemory,     |
//| the filling mode the symbol allows, PositionSelect*. Buys when   |
//| RSI leaves the oversold zone, sells when it leaves overbought,   |
//| exits on the middle line or a fixed profit / loss in points.     |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "2.03"

input int     RsiPeriod     = 7;
input double  Oversold      = 30.0;
input double  Overbought    = 70.0;
input double  ExitLevel     = 50.0;
input double  Volume        = 0.05;
input int     TakePoints    = 120;
input int     StopPoints    = 90;
input int     Deviation     = 20;
input long    Magic         = 4401;
input bool    CloseOnExit   = true;

int    rsiHandle = INVALID_HANDLE;
ulong  positionTicket = 0;
int    sent = 0;
int    failed = 0;

//--- the filling mode this symbol accepts for market orders
ENUM_ORDER_TYPE_FILLING FillingFor(const string symbol)
  {
   long modes = SymbolInfoInteger(symbol, SYMBOL_FILLING_MODE);
   if((modes & SYMBOL_FILLING_FOK) == SYMBOL_FILLING_FOK)
      return(ORDER_FILLING_FOK);
   if((modes & SYMBOL_FILLING_IOC) == SYMBOL_FILLING_IOC)
      return(ORDER_FILLING_IOC);
   return(ORDER_FILLING_RETURN);
  }

bool SendMarket(ENUM_ORDER_TYPE type, double volume, ulong position, string comment)
  {
   MqlTradeRequest request;
   MqlTradeResult  result;
   ZeroMemory(request);
   ZeroMemory(result);
   request.action       = TRADE_ACTION_DEAL;
   request.symbol       = _Symbol;
   request.volume       = volume;
   request.type         = type;
   request.price        = (type == ORDER_TYPE_BUY) ? SymbolInfoDouble(_Symbol, SYMBOL_ASK)
                                                   : SymbolInfoDouble(_Symbol, SYMBOL_BID);
   request.deviation    = Deviation;
   request.magic        = Magic;
   request.type_filling = FillingFor(_Symbol);
   request.comment      = comment;
   if(position > 0)
      request.position = position;
   else
     {
      double point = SymbolInfoDouble(_Symbol, SYMBOL_POINT);
      int digits = (int)SymbolInfoInteger(_Symbol, SYMBOL_DIGITS);
      if(type == ORDER_TYPE_BUY)
        {
         request.sl = NormalizeDouble(request.price - StopPoints * point, digits);
         request.tp = NormalizeDouble(request.price + TakePoints * point, digits);
        }
      else
        {
         request.sl = NormalizeDouble(request.price + StopPoints * point, digits);
         request.tp = NormalizeDouble(request.price - TakePoints * point, digits);
        }
     }
   sent++;
   if(!OrderSend(request, result))
     {
      failed++;
      PrintFormat("OrderSend %s failed: retcode=%u error=%d", EnumToString(type), result.retcode, GetLastError());
      return(false);
     }
   PrintFormat("%s %.2f %s: retcode=%u deal=%I64u order=%I64u price=%.5f",
               comment, volume, EnumToString(type), result.retcode, result.deal, result.order, result.price);
   return(result.retcode == TRADE_RETCODE_DONE || result.retcode == TRADE_RETCODE_PLACED);
  }

//--- our position on this symbol, if any (hedging accounts may hold several)
bool FindPosition()
  {
   if(positionTicket > 0 && PositionSelectByTicket(positionTicket))
      return(true);
   positionTicket = 0;
   if(AccountInfoInteger(ACCOUNT_MARGIN_MODE) != ACCOUNT_MARGIN_MODE_RETAIL_HEDGING)
     {
      // netting: at most one position per symbol
      if(PositionSelect(_Symbol) && PositionGetInteger(POSITION_MAGIC) == Magic)
        {
         positionTicket = (ulong)PositionGetInteger(POSITION_TICKET);
         return(true);
        }
      return(false);
     }
   int total = PositionsTotal();
   for(int i = 0; i < total; i++)
     {
      ulong ticket = PositionGetTicket(i);
      if(ticket > 0 && PositionGetString(POSITION_SYMBOL) == _Symbol && PositionGetInteger(POSITION_MAGIC) == Magic)
        {
         positionTicket = ticket;
         return(true);
        }
     }
   return(false);
  }

int OnInit()
  {
   if(Oversold >= Overbought)
     {
      Print("Oversold must be below Overbought");
      return(INIT_PARAMETERS_INCORRECT);
     }
   rsiHandle = iRSI(_Symbol, _Period, RsiPeriod, PRICE_CLOSE);
   if(rsiHandle == INVALID_HANDLE)
      return(INIT_FAILED);
   Print("RSI scalper ready, filling ", EnumToString(FillingFor(_Symbol)));
   return(INIT_SUCCEEDED);
  }

void OnDeinit(const int reason)
  {
   PrintFormat("RSI scalper: %d requests, %d failed", sent, failed);
   IndicatorRelease(rsiHandle);
  }

void OnTick()
  {
   double rsi[];
   ArraySetAsSeries(rsi, true);
   if(CopyBuffer(rsiHandle, 0, 0, 3, rsi) < 3)
      return;
   if(FindPosition())
     {
      long type = PositionGetInteger(POSITION_TYPE);
      double profit = PositionGetDouble(POSITION_PROFIT);
      if(!CloseOnExit)
         return;
      bool exit_long  = type == POSITION_TYPE_BUY && rsi[0] >= ExitLevel && rsi[1] < ExitLevel;
      bool exit_short = type == POSITION_TYPE_SELL && rsi[0] <= ExitLevel && rsi[1] > ExitLevel;
      if(exit_long || exit_short)
        {
         double volume = PositionGetDouble(POSITION_VOLUME);
         ENUM_ORDER_TYPE close_type = (type == POSITION_TYPE_BUY) ? ORDER_TYPE_SELL : ORDER_TYPE_BUY;
         PrintFormat("closing #%I64u at RSI %.1f, profit %.2f", positionTicket, rsi[0], profit);
         if(SendMarket(close_type, volume, positionTicket, "rsi exit"))
            positionTicket = 0;
        }
      return;
     }
   // entries on the bar's RSI leaving a zone
   if(rsi[1] < Oversold && rsi[0] >= Oversold)
      SendMarket(ORDER_TYPE_BUY, Volume, 0, "rsi long");
   else if(rsi[1] > Overbought && rsi[0] <= Overbought)
      SendMarket(ORDER_TYPE_SELL, Volume, 0, "rsi short");
  }
//+------------------------------------------------------------------+
