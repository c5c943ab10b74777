//+------------------------------------------------------------------+
//| bollinger-reversion.mq5 — Bollinger Bands mean reversion          |
//| Fades moves outside the bands: buys below the lower band, sells  |
//| above the upper one, takes profit at the middle band or the      |
//| opposite band. Entry, exit and sizing modes are the EA's own     |
//| enums, inputs are grouped.                                       |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "1.00"

#include <Trade\Trade.mqh>
#include <Trade\PositionInfo.mqh>

enum ENTRY_MODE
  {
   ENTRY_ON_TOUCH = 0,        // price touches the band
   ENTRY_ON_CLOSE_OUTSIDE,    // a bar closes outside
   ENTRY_ON_RETURN_INSIDE     // a bar closed outside, the next back inside
  };

enum EXIT_TARGET
  {
   EXIT_MIDDLE_BAND = 1,      // middle band
   EXIT_OPPOSITE_BAND = 2,    // the other band
   EXIT_NONE = 3              // stop / take profit only
  };

enum LOT_MODE
  {
   LOTS_FIXED,                // fixed volume
   LOTS_PER_10K               // volume per 10,000 of balance
  };

input group "Bands"
input int                BandsPeriod    = 20;
input double             BandsDeviation = 2.0;
input ENUM_APPLIED_PRICE BandsPrice     = PRICE_CLOSE;
input group "Rules"
input ENTRY_MODE         EntryMode      = ENTRY_ON_CLOSE_OUTSIDE;
input EXIT_TARGET        ExitTarget     = EXIT_MIDDLE_BAND;
input bool               AllowLong      = true;
input bool               AllowShort     = true;
input group "Sizing"
input LOT_MODE           LotMode        = LOTS_FIXED;
input double             LotValue       = 0.1;
input int                StopPoints     = 250;
input group "Identity"
input int                MagicNumber    = 808;
input string             TradeComment   = "bb-revert";

CTrade        trade;
CPositionInfo position;
int           bandsHandle = INVALID_HANDLE;
datetime      lastEntryBar = 0;

//--- buffers of iBands: 0 middle, 1 upper, 2 lower
double upper[], middle[], lower[];

int OnInit()
  {
   bandsHandle = iBands(_Symbol, PERIOD_CURRENT, BandsPeriod, 0, BandsDeviation, BandsPrice);
   if(bandsHandle == INVALID_HANDLE)
      return(INIT_FAILED);
   ArraySetAsSeries(upper, true);
   ArraySetAsSeries(middle, true);
   ArraySetAsSeries(lower, true);
   trade.SetExpertMagicNumber(MagicNumber);
   trade.SetDeviationInPoints(500);
   PrintFormat("bands %d/%.1f, entry %s, exit %s, lots %s", BandsPeriod, BandsDeviation,
               EnumToString(EntryMode), EnumToString(ExitTarget), EnumToString(LotMode));
   return(INIT_SUCCEEDED);
  }

void OnDeinit(const int reason)
  {
   IndicatorRelease(bandsHandle);
  }

double TradeLots()
  {
   double lots = LotValue;
   if(LotMode == LOTS_PER_10K)
      lots = LotValue * AccountInfoDouble(ACCOUNT_BALANCE) / 10000.0;
   double step = SymbolInfoDouble(_Symbol, SYMBOL_VOLUME_STEP);
   lots = MathRound(lots / step) * step;
   return(MathMax(lots, SymbolInfoDouble(_Symbol, SYMBOL_VOLUME_MIN)));
  }

//--- +1 buy, -1 sell, 0 nothing
int EntrySignal(const double bid, const double ask)
  {
   double close1 = iClose(_Symbol, PERIOD_CURRENT, 1);
   double close2 = iClose(_Symbol, PERIOD_CURRENT, 2);
   switch(EntryMode)
     {
      case ENTRY_ON_TOUCH:
         if(ask <= lower[0])
            return(1);
         if(bid >= upper[0])
            return(-1);
         break;
      case ENTRY_ON_CLOSE_OUTSIDE:
         if(close1 < lower[1])
            return(1);
         if(close1 > upper[1])
            return(-1);
         break;
      case ENTRY_ON_RETURN_INSIDE:
         if(close2 < lower[2] && close1 > lower[1])
            return(1);
         if(close2 > upper[2] && close1 < upper[1])
            return(-1);
         break;
     }
   return(0);
  }

bool ExitReached(const bool is_buy, const double bid, const double ask)
  {
   if(ExitTarget == EXIT_NONE)
      return(false);
   double target;
   if(ExitTarget == EXIT_MIDDLE_BAND)
      target = middle[0];
   else
      target = is_buy ? upper[0] : lower[0];
   return(is_buy ? bid >= target : ask <= target);
  }

void OnTick()
  {
   if(CopyBuffer(bandsHandle, BASE_LINE, 0, 3, middle) != 3 ||
      CopyBuffer(bandsHandle, UPPER_BAND, 0, 3, upper) != 3 ||
      CopyBuffer(bandsHandle, LOWER_BAND, 0, 3, lower) != 3)
      return;
   double bid = SymbolInfoDouble(_Symbol, SYMBOL_BID);
   double ask = SymbolInfoDouble(_Symbol, SYMBOL_ASK);
   if(position.SelectByMagic(_Symbol, MagicNumber))
     {
      bool is_buy = position.PositionType() == POSITION_TYPE_BUY;
      if(ExitReached(is_buy, bid, ask))
        {
         PrintFormat("exit %s at %s (%s)", is_buy ? "long" : "short",
                     DoubleToString(is_buy ? bid : ask, _Digits), EnumToString(ExitTarget));
         trade.PositionClose(position.Ticket());
        }
      return;
     }
   datetime bar = iTime(_Symbol, PERIOD_CURRENT, 0);
   if(bar == lastEntryBar)
      return;
   int signal = EntrySignal(bid, ask);
   int shown = (EntryMode == ENTRY_ON_TOUCH) ? 0 : 1;   // the bar the signal read
   if(signal > 0 && AllowLong)
     {
      lastEntryBar = bar;
      double sl = StopPoints > 0 ? NormalizeDouble(ask - StopPoints * _Point, _Digits) : 0.0;
      if(trade.Buy(TradeLots(), _Symbol, ask, sl, 0.0, TradeComment))
         PrintFormat("long below %s at %s", DoubleToString(lower[shown], _Digits), DoubleToString(ask, _Digits));
     }
   else if(signal < 0 && AllowShort)
     {
      lastEntryBar = bar;
      double sl = StopPoints > 0 ? NormalizeDouble(bid + StopPoints * _Point, _Digits) : 0.0;
      if(trade.Sell(TradeLots(), _Symbol, bid, sl, 0.0, TradeComment))
         PrintFormat("short above %s at %s", DoubleToString(upper[shown], _Digits), DoubleToString(bid, _Digits));
     }
  }
//+------------------------------------------------------------------+
