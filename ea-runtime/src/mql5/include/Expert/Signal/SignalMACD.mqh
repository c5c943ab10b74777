//+------------------------------------------------------------------+
//| Expert/Signal/SignalMACD.mqh — CSignalMACD (Standard Library):   |
//| the MQL5 Wizard's signal of the MACD oscillator.                 |
//|                                                                  |
//| Market models, analysed on bar StartIndex() while the main line  |
//| rises (falls, for sells); a later model replaces an earlier one: |
//|  0 (weight 10) the main line rises;                              |
//|  1 (30) it turned up (fell on the bar before);                   |
//|  2 (80) it crossed the signal line upwards;                      |
//|  3 (50) it crossed the zero level upwards;                       |
//|  4 (60) divergence: below zero, its last trough is above the one |
//|     before while the price's low at it is below;                 |
//|  5 (100) double divergence: three such troughs in a row.         |
//| Parameters: PeriodFast (12), PeriodSlow (24), PeriodSignal (9),  |
//| Applied (PRICE_CLOSE), Pattern_0 … Pattern_5, Weight.            |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Signals of oscillator 'MACD'                               |
//| Type=SignalAdvanced                                              |
//| Name=MACD                                                        |
//| ShortName=MACD                                                   |
//| Class=CSignalMACD                                                |
//| Page=signal_macd                                                 |
//| Parameter=PeriodFast,int,12,Period of fast EMA                   |
//| Parameter=PeriodSlow,int,24,Period of slow EMA                   |
//| Parameter=PeriodSignal,int,9,Period of averaging of difference   |
//| Parameter=Applied,ENUM_APPLIED_PRICE,PRICE_CLOSE,Prices series   |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertSignal.mqh>

//--- bars searched back for the troughs and peaks of the divergences
#define MACD_EXTREMUM_DEPTH 50

class CSignalMACD : public CExpertSignal
  {
protected:
   CiMACD            m_MACD;
   int               m_period_fast;
   int               m_period_slow;
   int               m_period_signal;
   ENUM_APPLIED_PRICE m_applied;
   int               m_pattern_0;
   int               m_pattern_1;
   int               m_pattern_2;
   int               m_pattern_3;
   int               m_pattern_4;
   int               m_pattern_5;

public:
                     CSignalMACD(void) : m_period_fast(12), m_period_slow(24), m_period_signal(9), m_applied(PRICE_CLOSE),
                                         m_pattern_0(10), m_pattern_1(30), m_pattern_2(80), m_pattern_3(50),
                                         m_pattern_4(60), m_pattern_5(100)
     {
      m_used_series = USE_SERIES_HIGH + USE_SERIES_LOW;
     }
                    ~CSignalMACD(void) {}
   //--- parameters
   void              PeriodFast(int value) { m_period_fast = value; }
   void              PeriodSlow(int value) { m_period_slow = value; }
   void              PeriodSignal(int value) { m_period_signal = value; }
   void              Applied(ENUM_APPLIED_PRICE value) { m_applied = value; }
   void              Pattern_0(int value) { m_pattern_0 = value; }
   void              Pattern_1(int value) { m_pattern_1 = value; }
   void              Pattern_2(int value) { m_pattern_2 = value; }
   void              Pattern_3(int value) { m_pattern_3 = value; }
   void              Pattern_4(int value) { m_pattern_4 = value; }
   void              Pattern_5(int value) { m_pattern_5 = value; }
   //--- initialisation
   virtual bool      ValidationSettings(void);
   virtual bool      InitIndicators(CIndicators *indicators);
   //--- the votes
   virtual int       LongCondition(void);
   virtual int       ShortCondition(void);

protected:
   double            Main(int ind) { return(m_MACD.Main(ind)); }
   double            Signal(int ind) { return(m_MACD.Signal(ind)); }
   double            DiffMain(int ind) { return(Main(ind) - Main(ind + 1)); }
   double            State(int ind) { return(Main(ind) - Signal(ind)); }
   //--- divergences found from bar idx back (0, 1 = divergence, 2 = double divergence)
   int               Divergences(int idx, bool bullish);
  };
//+------------------------------------------------------------------+
bool CSignalMACD::ValidationSettings(void)
  {
   if(!CExpertSignal::ValidationSettings())
      return(false);
   if(m_period_fast <= 0 || m_period_slow <= 0 || m_period_signal <= 0 || m_period_fast >= m_period_slow)
     {
      PrintFormat("%s: the periods must be positive and the slow one above the fast one (%d, %d, %d)",
                  __FUNCTION__, m_period_fast, m_period_slow, m_period_signal);
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
bool CSignalMACD::InitIndicators(CIndicators *indicators)
  {
   if(indicators == NULL)
      return(false);
   if(!CExpertSignal::InitIndicators(indicators))
      return(false);
   if(!indicators.Add(GetPointer(m_MACD)))
      return(false);
   if(!m_MACD.Create(m_symbol.Name(), m_period, m_period_fast, m_period_slow, m_period_signal, m_applied))
     {
      Print(__FUNCTION__ + ": error creating the MACD");
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| Troughs (bullish) or peaks of the main line beyond zero, from    |
//| bar idx back: how many consecutive pairs diverge from the price  |
//| (the oscillator's extreme weaker while the price's is stronger), |
//| up to 2.                                                         |
//+------------------------------------------------------------------+
int CSignalMACD::Divergences(int idx, bool bullish)
  {
   int bars[3];
   int found = 0;
   for(int i = idx + 1; i < idx + MACD_EXTREMUM_DEPTH && found < 3; i++)
     {
      double v = Main(i);
      double before = Main(i + 1);
      double after = Main(i - 1);
      if(v == EMPTY_VALUE || before == EMPTY_VALUE)
         break;
      bool extreme = bullish ? (v < 0.0 && v < after && v <= before) : (v > 0.0 && v > after && v >= before);
      if(extreme)
         bars[found++] = i;
     }
   int count = 0;
   for(int k = 0; k + 1 < found && count < 2; k++)
     {
      int recent = bars[k];
      int older = bars[k + 1];
      bool diverges = bullish ? (Main(recent) > Main(older) && Low(recent) < Low(older))
                              : (Main(recent) < Main(older) && High(recent) > High(older));
      if(!diverges)
         break;
      count++;
     }
   return(count);
  }
//+------------------------------------------------------------------+
//| Vote for a buy.                                                  |
//+------------------------------------------------------------------+
int CSignalMACD::LongCondition(void)
  {
   int idx = StartIndex();
   int result = 0;
   if(DiffMain(idx) <= 0.0)
      return(0);
   if(IS_PATTERN_USAGE(0))
      result = m_pattern_0;
   if(IS_PATTERN_USAGE(1) && DiffMain(idx + 1) < 0.0)
      result = m_pattern_1;
   if(IS_PATTERN_USAGE(2) && State(idx) > 0.0 && State(idx + 1) < 0.0)
      result = m_pattern_2;
   if(IS_PATTERN_USAGE(3) && Main(idx) > 0.0 && Main(idx + 1) < 0.0)
      result = m_pattern_3;
   if((IS_PATTERN_USAGE(4) || IS_PATTERN_USAGE(5)) && Main(idx) < 0.0)
     {
      int divergences = Divergences(idx, true);
      if(IS_PATTERN_USAGE(4) && divergences >= 1)
         result = m_pattern_4;
      if(IS_PATTERN_USAGE(5) && divergences >= 2)
         result = m_pattern_5;
     }
   return(result);
  }
//+------------------------------------------------------------------+
//| Vote for a sell.                                                 |
//+------------------------------------------------------------------+
int CSignalMACD::ShortCondition(void)
  {
   int idx = StartIndex();
   int result = 0;
   if(DiffMain(idx) >= 0.0)
      return(0);
   if(IS_PATTERN_USAGE(0))
      result = m_pattern_0;
   if(IS_PATTERN_USAGE(1) && DiffMain(idx + 1) > 0.0)
      result = m_pattern_1;
   if(IS_PATTERN_USAGE(2) && State(idx) < 0.0 && State(idx + 1) > 0.0)
      result = m_pattern_2;
   if(IS_PATTERN_USAGE(3) && Main(idx) < 0.0 && Main(idx + 1) > 0.0)
      result = m_pattern_3;
   if((IS_PATTERN_USAGE(4) || IS_PATTERN_USAGE(5)) && Main(idx) > 0.0)
     {
      int divergences = Divergences(idx, false);
      if(IS_PATTERN_USAGE(4) && divergences >= 1)
         result = m_pattern_4;
      if(IS_PATTERN_USAGE(5) && divergences >= 2)
         result = m_pattern_5;
     }
   return(result);
  }
//+------------------------------------------------------------------+
