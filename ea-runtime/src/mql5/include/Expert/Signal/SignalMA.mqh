//+------------------------------------------------------------------+
//| Expert/Signal/SignalMA.mqh — CSignalMA (Standard Library): the   |
//| MQL5 Wizard's signal of the Moving Average.                      |
//|                                                                  |
//| Market models, analysed on bar StartIndex() (the last closed bar |
//| unless every tick counts); the mirror image for sells:           |
//|  0 (weight 80) the close is above the MA;                        |
//|  1 (10) the bar opened above and closed below a rising MA (an    |
//|     unfinished piercing: a buy against the bar);                 |
//|  2 (60) the bar opened below and closed above a rising MA (the   |
//|     price crossed it; proposes entering at the MA);              |
//|  3 (60) the bar opened and closed above a rising MA and its low  |
//|     pierced it.                                                  |
//| A condition answers the weight of the most specific model that   |
//| holds (2 or 3 rather than 0).                                    |
//| Parameters: PeriodMA (12), Shift (0), Method (MODE_SMA), Applied |
//| (PRICE_CLOSE), Pattern_0 … Pattern_3, Weight.                    |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Signals of indicator 'Moving Average'                      |
//| Type=SignalAdvanced                                              |
//| Name=Moving Average                                              |
//| ShortName=MA                                                     |
//| Class=CSignalMA                                                  |
//| Page=signal_ma                                                   |
//| Parameter=PeriodMA,int,12,Period of averaging                    |
//| Parameter=Shift,int,0,Time shift                                 |
//| Parameter=Method,ENUM_MA_METHOD,MODE_SMA,Method of averaging     |
//| Parameter=Applied,ENUM_APPLIED_PRICE,PRICE_CLOSE,Prices series   |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertSignal.mqh>

class CSignalMA : public CExpertSignal
  {
protected:
   CiMA              m_ma;             // the indicator (joins the expert's collection)
   int               m_ma_period;
   int               m_ma_shift;
   ENUM_MA_METHOD    m_ma_method;
   ENUM_APPLIED_PRICE m_ma_applied;
   int               m_pattern_0;
   int               m_pattern_1;
   int               m_pattern_2;
   int               m_pattern_3;

public:
                     CSignalMA(void) : m_ma_period(12), m_ma_shift(0), m_ma_method(MODE_SMA), m_ma_applied(PRICE_CLOSE),
                                       m_pattern_0(80), m_pattern_1(10), m_pattern_2(60), m_pattern_3(60)
     {
      m_used_series = USE_SERIES_OPEN + USE_SERIES_HIGH + USE_SERIES_LOW + USE_SERIES_CLOSE;
     }
                    ~CSignalMA(void) {}
   //--- parameters
   void              PeriodMA(int value) { m_ma_period = value; }
   void              Shift(int value) { m_ma_shift = value; }
   void              Method(ENUM_MA_METHOD value) { m_ma_method = value; }
   void              Applied(ENUM_APPLIED_PRICE value) { m_ma_applied = value; }
   void              Pattern_0(int value) { m_pattern_0 = value; }
   void              Pattern_1(int value) { m_pattern_1 = value; }
   void              Pattern_2(int value) { m_pattern_2 = value; }
   void              Pattern_3(int value) { m_pattern_3 = value; }
   //--- initialisation
   virtual bool      ValidationSettings(void);
   virtual bool      InitIndicators(CIndicators *indicators);
   //--- the votes
   virtual int       LongCondition(void);
   virtual int       ShortCondition(void);

protected:
   bool              InitMA(CIndicators *indicators);
   double            MA(int ind) { return(m_ma.Main(ind)); }
   double            DiffMA(int ind) { return(MA(ind) - MA(ind + 1)); }
   double            DiffOpenMA(int ind) { return(Open(ind) - MA(ind)); }
   double            DiffHighMA(int ind) { return(High(ind) - MA(ind)); }
   double            DiffLowMA(int ind) { return(Low(ind) - MA(ind)); }
   double            DiffCloseMA(int ind) { return(Close(ind) - MA(ind)); }
  };
//+------------------------------------------------------------------+
bool CSignalMA::ValidationSettings(void)
  {
   if(!CExpertSignal::ValidationSettings())
      return(false);
   if(m_ma_period <= 0)
     {
      PrintFormat("%s: the period of the MA must be greater than 0 (%d)", __FUNCTION__, m_ma_period);
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
bool CSignalMA::InitIndicators(CIndicators *indicators)
  {
   if(indicators == NULL)
      return(false);
   if(!CExpertSignal::InitIndicators(indicators))
      return(false);
   return(InitMA(indicators));
  }
//+------------------------------------------------------------------+
bool CSignalMA::InitMA(CIndicators *indicators)
  {
   if(!indicators.Add(GetPointer(m_ma)))
     {
      Print(__FUNCTION__ + ": error adding the MA");
      return(false);
     }
   if(!m_ma.Create(m_symbol.Name(), m_period, m_ma_period, m_ma_shift, m_ma_method, m_ma_applied))
     {
      Print(__FUNCTION__ + ": error creating the MA");
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| Vote for a buy.                                                  |
//+------------------------------------------------------------------+
int CSignalMA::LongCondition(void)
  {
   int idx = StartIndex();
   int result = 0;
   double ma = MA(idx);
   bool rising = DiffMA(idx) > 0.0;
   if(DiffCloseMA(idx) < 0.0)
     {
      //--- closed below: only the unfinished piercing of a rising MA
      if(IS_PATTERN_USAGE(1) && DiffOpenMA(idx) > 0.0 && rising)
        {
         result = m_pattern_1;
         m_base_price = 0.0;
        }
      return(result);
     }
   //--- closed above the MA
   if(IS_PATTERN_USAGE(0))
      result = m_pattern_0;
   if(!rising)
      return(result);
   if(DiffOpenMA(idx) < 0.0)
     {
      //--- crossed it upwards during the bar
      if(IS_PATTERN_USAGE(2))
        {
         result = m_pattern_2;
         m_base_price = m_symbol.NormalizePrice(ma);
        }
     }
   else
      if(IS_PATTERN_USAGE(3) && DiffLowMA(idx) < 0.0)
        {
         //--- the low pierced it, the bar stayed above
         result = m_pattern_3;
         m_base_price = 0.0;
        }
   return(result);
  }
//+------------------------------------------------------------------+
//| Vote for a sell.                                                 |
//+------------------------------------------------------------------+
int CSignalMA::ShortCondition(void)
  {
   int idx = StartIndex();
   int result = 0;
   double ma = MA(idx);
   bool falling = DiffMA(idx) < 0.0;
   if(DiffCloseMA(idx) > 0.0)
     {
      //--- closed above: only the unfinished piercing of a falling MA
      if(IS_PATTERN_USAGE(1) && DiffOpenMA(idx) < 0.0 && falling)
        {
         result = m_pattern_1;
         m_base_price = 0.0;
        }
      return(result);
     }
   //--- closed below the MA (or on it)
   if(IS_PATTERN_USAGE(0))
      result = m_pattern_0;
   if(!falling)
      return(result);
   if(DiffOpenMA(idx) > 0.0)
     {
      //--- crossed it downwards during the bar
      if(IS_PATTERN_USAGE(2))
        {
         result = m_pattern_2;
         m_base_price = m_symbol.NormalizePrice(ma);
        }
     }
   else
      if(IS_PATTERN_USAGE(3) && DiffHighMA(idx) > 0.0)
        {
         //--- the high pierced it, the bar stayed below
         result = m_pattern_3;
         m_base_price = 0.0;
        }
   return(result);
  }
//+------------------------------------------------------------------+
