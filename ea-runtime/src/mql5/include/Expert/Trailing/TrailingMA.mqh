//+------------------------------------------------------------------+
//| Expert/Trailing/TrailingMA.mqh — CTrailingMA (Standard Library): |
//| the MQL5 Wizard's trailing stop on a Moving Average.             |
//|                                                                  |
//| The stop loss of a long moves up to the MA of the last closed    |
//| bar when that is above the current stop loss (the open price     |
//| when there is none) and far enough below the bid (the stops      |
//| level); a short's moves down to the MA plus the spread, above the|
//| ask. The take profit is left alone.                              |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Trailing Stop based on MA                                  |
//| Type=Trailing                                                    |
//| Name=MA                                                          |
//| Class=CTrailingMA                                                |
//| Page=trailing_ma                                                 |
//| Parameter=Period,int,12,Period of MA                             |
//| Parameter=Shift,int,0,Shift of MA                                |
//| Parameter=Method,ENUM_MA_METHOD,MODE_SMA,Method of averaging     |
//| Parameter=Applied,ENUM_APPLIED_PRICE,PRICE_CLOSE,Prices series   |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertTrailing.mqh>

class CTrailingMA : public CExpertTrailing
  {
protected:
   CiMA             *m_MA;             // made by InitIndicators, owned by the collection
   int               m_ma_period;
   int               m_ma_shift;
   ENUM_MA_METHOD    m_ma_method;
   ENUM_APPLIED_PRICE m_ma_applied;

public:
                     CTrailingMA(void) : m_MA(NULL), m_ma_period(12), m_ma_shift(0), m_ma_method(MODE_SMA), m_ma_applied(PRICE_CLOSE) {}
                    ~CTrailingMA(void) {}
   //--- parameters
   void              Period(int period) { m_ma_period = period; }
   void              Shift(int shift) { m_ma_shift = shift; }
   void              Method(ENUM_MA_METHOD method) { m_ma_method = method; }
   void              Applied(ENUM_APPLIED_PRICE applied) { m_ma_applied = applied; }
   //--- initialisation
   virtual bool      ValidationSettings(void);
   virtual bool      InitIndicators(CIndicators *indicators);
   //--- checks
   virtual bool      CheckTrailingStopLong(CPositionInfo *position, double &sl, double &tp);
   virtual bool      CheckTrailingStopShort(CPositionInfo *position, double &sl, double &tp);
  };
//+------------------------------------------------------------------+
bool CTrailingMA::ValidationSettings(void)
  {
   if(!CExpertTrailing::ValidationSettings())
      return(false);
   if(m_ma_period <= 0)
     {
      PrintFormat("%s: the period of the MA must be greater than 0 (%d)", __FUNCTION__, m_ma_period);
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
bool CTrailingMA::InitIndicators(CIndicators *indicators)
  {
   if(indicators == NULL)
      return(false);
   if(!CExpertTrailing::InitIndicators(indicators))
      return(false);
   if(m_MA == NULL)
     {
      m_MA = new CiMA;
      if(!indicators.Add(m_MA))
        {
         delete m_MA;
         m_MA = NULL;
         return(false);
        }
     }
   if(!m_MA.Create(m_symbol.Name(), m_period, m_ma_period, m_ma_shift, m_ma_method, m_ma_applied))
     {
      Print(__FUNCTION__ + ": error creating the MA");
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
bool CTrailingMA::CheckTrailingStopLong(CPositionInfo *position, double &sl, double &tp)
  {
   if(position == NULL || m_MA == NULL)
      return(false);
   m_symbol.RefreshRates();
   int digits = m_symbol.Digits();
   double level = NormalizeDouble(m_symbol.Bid() - m_symbol.StopsLevel() * m_symbol.Point(), digits);
   double new_sl = NormalizeDouble(m_MA.Main(1), digits);
   double position_sl = position.StopLoss();
   double base = (position_sl == 0.0) ? position.PriceOpen() : position_sl;
   sl = EMPTY_VALUE;
   tp = EMPTY_VALUE;
   if(new_sl > base && new_sl < level)
      sl = new_sl;
   return(sl != EMPTY_VALUE);
  }
//+------------------------------------------------------------------+
bool CTrailingMA::CheckTrailingStopShort(CPositionInfo *position, double &sl, double &tp)
  {
   if(position == NULL || m_MA == NULL)
      return(false);
   m_symbol.RefreshRates();
   int digits = m_symbol.Digits();
   double level = NormalizeDouble(m_symbol.Ask() + m_symbol.StopsLevel() * m_symbol.Point(), digits);
   double new_sl = NormalizeDouble(m_MA.Main(1) + m_symbol.Spread() * m_symbol.Point(), digits);
   double position_sl = position.StopLoss();
   double base = (position_sl == 0.0) ? position.PriceOpen() : position_sl;
   sl = EMPTY_VALUE;
   tp = EMPTY_VALUE;
   if(new_sl < base && new_sl > level)
      sl = new_sl;
   return(sl != EMPTY_VALUE);
  }
//+------------------------------------------------------------------+
