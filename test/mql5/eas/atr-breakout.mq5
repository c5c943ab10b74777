//+------------------------------------------------------------------+
//| atr-breakout.mq5 — channel breakout with ATR-sized stops          |
//| Buys when the ask breaks above the highest high of the last N    |
//| closed bars, sells below the lowest low; SL = ATR x multiplier,  |
//| TP = SL x reward ratio; the volume is sized from risk percent.   |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "1.00"

#include <Trade\Trade.mqh>

input group "Channel"
input int                ChannelBars   = 20;          // bars in the channel
input int                AtrPeriod     = 14;          // ATR period
input double             AtrMultiplier = 2.0;         // stop = ATR x this
input double             RewardRatio   = 1.5;         // take profit = stop x this
input group "Money"
input double             RiskPercent   = 0.5;         // risk per trade, % of balance
input double             MaxLots       = 1.0;         // volume cap
input int                MaxPositions  = 1;           // open positions at most
input group "Execution"
input ulong              MagicNumber   = 310001;
input uint               Slippage      = 30;          // points
input ENUM_TIMEFRAMES    SignalTf      = PERIOD_CURRENT;

CTrade   trade;
int      atrHandle   = INVALID_HANDLE;
datetime lastSignal  = 0;
int      breakouts   = 0;

//+------------------------------------------------------------------+
int OnInit()
  {
   if(ChannelBars < 2 || AtrPeriod < 1 || AtrMultiplier <= 0.0)
     {
      Print("invalid channel parameters");
      return(INIT_PARAMETERS_INCORRECT);
     }
   atrHandle = iATR(_Symbol, SignalTf, AtrPeriod);
   if(atrHandle == INVALID_HANDLE)
     {
      PrintFormat("iATR failed, error %d", GetLastError());
      return(INIT_FAILED);
     }
   trade.SetExpertMagicNumber(MagicNumber);
   trade.SetDeviationInPoints(Slippage);
   trade.SetTypeFillingBySymbol(_Symbol);
   trade.LogLevel(LOG_LEVEL_ERRORS);
   PrintFormat("breakout EA: %d-bar channel, ATR(%d) x %.1f on %s %s",
               ChannelBars, AtrPeriod, AtrMultiplier, _Symbol, EnumToString(SignalTf));
   return(INIT_SUCCEEDED);
  }

void OnDeinit(const int reason)
  {
   PrintFormat("breakout EA removed after %d breakouts", breakouts);
   IndicatorRelease(atrHandle);
  }

//--- volume for a stop of `stop_distance` price units, rounded down to the step
double LotsForRisk(double stop_distance)
  {
   double tick_value = SymbolInfoDouble(_Symbol, SYMBOL_TRADE_TICK_VALUE);
   double tick_size  = SymbolInfoDouble(_Symbol, SYMBOL_TRADE_TICK_SIZE);
   double step       = SymbolInfoDouble(_Symbol, SYMBOL_VOLUME_STEP);
   double min_lot    = SymbolInfoDouble(_Symbol, SYMBOL_VOLUME_MIN);
   if(tick_value <= 0.0 || tick_size <= 0.0 || stop_distance <= 0.0)
      return(min_lot);
   double risk_money = AccountInfoDouble(ACCOUNT_BALANCE) * RiskPercent / 100.0;
   double loss_per_lot = stop_distance / tick_size * tick_value;
   double lots = MathFloor(risk_money / loss_per_lot / step) * step;
   lots = MathMax(min_lot, MathMin(lots, MaxLots));
   return(NormalizeDouble(lots, 2));
  }

int CountOwnPositions()
  {
   int count = 0;
   for(int i = 0; i < PositionsTotal(); i++)
     {
      ulong ticket = PositionGetTicket(i);
      if(ticket == 0)
         continue;
      if(PositionGetString(POSITION_SYMBOL) == _Symbol && (ulong)PositionGetInteger(POSITION_MAGIC) == MagicNumber)
         count++;
     }
   return(count);
  }

void OnTick()
  {
   datetime bar_time = iTime(_Symbol, SignalTf, 0);
   if(bar_time == lastSignal)
      return;                                   // one entry per bar
   if(CountOwnPositions() >= MaxPositions)
      return;
   int hi_index = iHighest(_Symbol, SignalTf, MODE_HIGH, ChannelBars, 1);
   int lo_index = iLowest(_Symbol, SignalTf, MODE_LOW, ChannelBars, 1);
   if(hi_index < 0 || lo_index < 0)
      return;
   double channel_high = iHigh(_Symbol, SignalTf, hi_index);
   double channel_low  = iLow(_Symbol, SignalTf, lo_index);
   double atr[1];
   if(CopyBuffer(atrHandle, 0, 1, 1, atr) != 1 || atr[0] <= 0.0)
      return;
   MqlTick tick;
   if(!SymbolInfoTick(_Symbol, tick))
      return;
   double stop = atr[0] * AtrMultiplier;
   double min_stop = (SymbolInfoInteger(_Symbol, SYMBOL_TRADE_STOPS_LEVEL) + 5) * _Point;
   if(stop < min_stop)
      stop = min_stop;
   double target = stop * RewardRatio;
   if(tick.ask > channel_high)
     {
      double lots = LotsForRisk(stop);
      double sl = NormalizeDouble(tick.ask - stop, _Digits);
      double tp = NormalizeDouble(tick.ask + target, _Digits);
      breakouts++;
      lastSignal = bar_time;
      if(trade.Buy(lots, _Symbol, tick.ask, sl, tp, "breakout up"))
         PrintFormat("BUY %.2f at %.5f above %.5f, sl %.5f tp %.5f", lots, tick.ask, channel_high, sl, tp);
      else
         PrintFormat("buy failed: %u %s", trade.ResultRetcode(), trade.ResultRetcodeDescription());
     }
   else if(tick.bid < channel_low)
     {
      double lots = LotsForRisk(stop);
      double sl = NormalizeDouble(tick.bid + stop, _Digits);
      double tp = NormalizeDouble(tick.bid - target, _Digits);
      breakouts++;
      lastSignal = bar_time;
      if(trade.Sell(lots, _Symbol, tick.bid, sl, tp, "breakout down"))
         PrintFormat("SELL %.2f at %.5f below %.5f, sl %.5f tp %.5f", lots, tick.bid, channel_low, sl, tp);
      else
         PrintFormat("sell failed: %u %s", trade.ResultRetcode(), trade.ResultRetcodeDescription());
     }
  }
//+------------------------------------------------------------------+
