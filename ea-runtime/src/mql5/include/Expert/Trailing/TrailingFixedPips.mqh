//+------------------------------------------------------------------+
//| Expert/Trailing/TrailingFixedPips.mqh — CTrailingFixedPips       |
//| (Standard Library): the MQL5 Wizard's trailing stop at a fixed   |
//| distance.                                                        |
//|                                                                  |
//| Once the price has moved StopLevel points (of a 4/2-digit quote) |
//| beyond the position's stop loss (its open price when it has      |
//| none), the stop loss follows StopLevel behind the price (bid for |
//| a long, ask for a short) and, with ProfitLevel, the take profit  |
//| ProfitLevel ahead of it. StopLevel 0: never moves.               |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Trailing Stop based on fixed Stop Level                    |
//| Type=Trailing                                                    |
//| Name=FixedPips                                                   |
//| Class=CTrailingFixedPips                                         |
//| Page=trailing_fixed_pips                                         |
//| Parameter=StopLevel,int,30,Stop Loss trailing level (in points)  |
//| Parameter=ProfitLevel,int,50,Take Profit trailing level (points) |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertTrailing.mqh>

class CTrailingFixedPips : public CExpertTrailing
  {
protected:
   int               m_stop_level;
   int               m_profit_level;

public:
                     CTrailingFixedPips(void) : m_stop_level(30), m_profit_level(50) {}
                    ~CTrailingFixedPips(void) {}
   //--- parameters
   void              StopLevel(int stop_level) { m_stop_level = stop_level; }
   void              ProfitLevel(int profit_level) { m_profit_level = profit_level; }
   //--- checks
   virtual bool      ValidationSettings(void);
   virtual bool      CheckTrailingStopLong(CPositionInfo *position, double &sl, double &tp);
   virtual bool      CheckTrailingStopShort(CPositionInfo *position, double &sl, double &tp);
  };
//+------------------------------------------------------------------+
//| The levels must be beyond the symbol's stops level.              |
//+------------------------------------------------------------------+
bool CTrailingFixedPips::ValidationSettings(void)
  {
   if(!CExpertTrailing::ValidationSettings())
      return(false);
   double minimum = m_symbol.StopsLevel() * m_symbol.Point();
   if(m_stop_level < 0 || m_profit_level < 0 ||
      (m_stop_level != 0 && m_stop_level * m_adjusted_point <= minimum) ||
      (m_profit_level != 0 && m_profit_level * m_adjusted_point <= minimum))
     {
      PrintFormat("%s: the trailing levels must be 0 or above the stops level of %d points", __FUNCTION__, m_symbol.StopsLevel());
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
bool CTrailingFixedPips::CheckTrailingStopLong(CPositionInfo *position, double &sl, double &tp)
  {
   if(position == NULL || m_stop_level == 0)
      return(false);
   m_symbol.RefreshRates();
   double delta = m_stop_level * m_adjusted_point;
   double position_sl = position.StopLoss();
   double base = (position_sl == 0.0) ? position.PriceOpen() : position_sl;
   double price = m_symbol.Bid();
   sl = EMPTY_VALUE;
   tp = EMPTY_VALUE;
   if(price - base > delta)
     {
      sl = price - delta;
      if(m_profit_level != 0)
         tp = price + m_profit_level * m_adjusted_point;
     }
   return(sl != EMPTY_VALUE);
  }
//+------------------------------------------------------------------+
bool CTrailingFixedPips::CheckTrailingStopShort(CPositionInfo *position, double &sl, double &tp)
  {
   if(position == NULL || m_stop_level == 0)
      return(false);
   m_symbol.RefreshRates();
   double delta = m_stop_level * m_adjusted_point;
   double position_sl = position.StopLoss();
   double base = (position_sl == 0.0) ? position.PriceOpen() : position_sl;
   double price = m_symbol.Ask();
   sl = EMPTY_VALUE;
   tp = EMPTY_VALUE;
   if(base - price > delta)
     {
      sl = price + delta;
      if(m_profit_level != 0)
         tp = price - m_profit_level * m_adjusted_point;
     }
   return(sl != EMPTY_VALUE);
  }
//+------------------------------------------------------------------+
