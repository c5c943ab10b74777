//+------------------------------------------------------------------+
//| Expert/Signal/SignalRSI.mqh — CSignalRSI (Standard Library): the |
//| MQL5 Wizard's signal of the Relative Strength Index.             |
//|                                                                  |
//| Market models, analysed on bar StartIndex() while the RSI rises  |
//| (falls, for sells; levels mirrored around 50); a later model     |
//| replaces an earlier one:                                         |
//|  0 (weight 70) the RSI rises;                                    |
//|  1 (100) it turned up from below 30 (oversold);                  |
//|  2 (90) failed swing: its last trough is above the one before    |
//|     and it rose above the peak between them;                     |
//|  3 (80) divergence: its last trough is above the one before while|
//|     the price's low at it is below;                              |
//|  4 (100) double divergence: three such troughs in a row;         |
//|  5 (20) head and shoulders: not detected by this implementation. |
//| Parameters: PeriodRSI (8), Applied (PRICE_CLOSE), Pattern_0 …    |
//| Pattern_5, Weight.                                               |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Signals of oscillator 'Relative Strength Index'            |
//| Type=SignalAdvanced                                              |
//| Name=Relative Strength Index                                     |
//| ShortName=RSI                                                    |
//| Class=CSignalRSI                                                 |
//| Page=signal_rsi                                                  |
//| Parameter=PeriodRSI,int,8,Period of calculation                  |
//| Parameter=Applied,ENUM_APPLIED_PRICE,PRICE_CLOSE,Prices series   |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertSignal.mqh>

//--- bars searched back for the troughs and peaks
#define RSI_EXTREMUM_DEPTH 50

class CSignalRSI : public CExpertSignal
  {
protected:
   CiRSI             m_rsi;
   int               m_periodRSI;
   ENUM_APPLIED_PRICE m_applied;
   int               m_pattern_0;
   int               m_pattern_1;
   int               m_pattern_2;
   int               m_pattern_3;
   int               m_pattern_4;
   int               m_pattern_5;

public:
                     CSignalRSI(void) : m_periodRSI(8), m_applied(PRICE_CLOSE),
                                        m_pattern_0(70), m_pattern_1(100), m_pattern_2(90), m_pattern_3(80),
                                        m_pattern_4(100), m_pattern_5(20)
     {
      m_used_series = USE_SERIES_HIGH + USE_SERIES_LOW;
     }
                    ~CSignalRSI(void) {}
   //--- parameters
   void              PeriodRSI(int value) { m_periodRSI = value; }
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
   double            RSI(int ind) { return(m_rsi.Main(ind)); }
   double            DiffRSI(int ind) { return(RSI(ind) - RSI(ind + 1)); }
   //--- the last troughs (bullish) or peaks of the RSI from bar idx back, recent first
   int               Extremes(int idx, bool troughs, int &bars[], int max_count);
   //--- the model (2, 3 or 4) the extremes show, -1 for none
   int               ExtremeModel(int idx, bool bullish);
  };
//+------------------------------------------------------------------+
bool CSignalRSI::ValidationSettings(void)
  {
   if(!CExpertSignal::ValidationSettings())
      return(false);
   if(m_periodRSI <= 0)
     {
      PrintFormat("%s: the period of the RSI must be greater than 0 (%d)", __FUNCTION__, m_periodRSI);
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
bool CSignalRSI::InitIndicators(CIndicators *indicators)
  {
   if(indicators == NULL)
      return(false);
   if(!CExpertSignal::InitIndicators(indicators))
      return(false);
   if(!indicators.Add(GetPointer(m_rsi)))
      return(false);
   if(!m_rsi.Create(m_symbol.Name(), m_period, m_periodRSI, m_applied))
     {
      Print(__FUNCTION__ + ": error creating the RSI");
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
int CSignalRSI::Extremes(int idx, bool troughs, int &bars[], int max_count)
  {
   int found = 0;
   for(int i = idx + 1; i < idx + RSI_EXTREMUM_DEPTH && found < max_count; i++)
     {
      double v = RSI(i);
      double before = RSI(i + 1);
      double after = RSI(i - 1);
      if(v == EMPTY_VALUE || before == EMPTY_VALUE)
         break;
      if(troughs ? (v < after && v <= before) : (v > after && v >= before))
         bars[found++] = i;
     }
   return(found);
  }
//+------------------------------------------------------------------+
//| 4: double divergence, 3: divergence, 2: failed swing, -1: none.  |
//+------------------------------------------------------------------+
int CSignalRSI::ExtremeModel(int idx, bool bullish)
  {
   int lows[3];
   int highs[1];
   int n = Extremes(idx, bullish, lows, 3);
   if(n < 2)
      return(-1);
   int divergences = 0;
   for(int k = 0; k + 1 < n && divergences < 2; k++)
     {
      bool stronger = bullish ? (RSI(lows[k]) > RSI(lows[k + 1])) : (RSI(lows[k]) < RSI(lows[k + 1]));
      bool price_weaker = bullish ? (Low(lows[k]) < Low(lows[k + 1])) : (High(lows[k]) > High(lows[k + 1]));
      if(!stronger || !price_weaker)
         break;
      divergences++;
     }
   if(divergences >= 2 && IS_PATTERN_USAGE(4))
      return(4);
   if(divergences >= 1 && IS_PATTERN_USAGE(3))
      return(3);
   //--- failed swing: a higher trough, and the RSI beyond the peak between the two troughs
   bool higher = bullish ? (RSI(lows[0]) > RSI(lows[1])) : (RSI(lows[0]) < RSI(lows[1]));
   if(higher && IS_PATTERN_USAGE(2) && Extremes(idx, !bullish, highs, 1) == 1 && highs[0] < lows[1] && highs[0] > lows[0])
     {
      if(bullish ? (RSI(idx) > RSI(highs[0])) : (RSI(idx) < RSI(highs[0])))
         return(2);
     }
   return(-1);
  }
//+------------------------------------------------------------------+
//| Vote for a buy.                                                  |
//+------------------------------------------------------------------+
int CSignalRSI::LongCondition(void)
  {
   int idx = StartIndex();
   int result = 0;
   if(DiffRSI(idx) <= 0.0)
      return(0);
   if(IS_PATTERN_USAGE(0))
      result = m_pattern_0;
   if(IS_PATTERN_USAGE(1) && DiffRSI(idx + 1) < 0.0 && RSI(idx + 1) < 30.0)
      result = m_pattern_1;
   switch(ExtremeModel(idx, true))
     {
      case 2: result = m_pattern_2; break;
      case 3: result = m_pattern_3; break;
      case 4: result = m_pattern_4; break;
     }
   return(result);
  }
//+------------------------------------------------------------------+
//| Vote for a sell.                                                 |
//+------------------------------------------------------------------+
int CSignalRSI::ShortCondition(void)
  {
   int idx = StartIndex();
   int result = 0;
   if(DiffRSI(idx) >= 0.0)
      return(0);
   if(IS_PATTERN_USAGE(0))
      result = m_pattern_0;
   if(IS_PATTERN_USAGE(1) && DiffRSI(idx + 1) > 0.0 && RSI(idx + 1) > 70.0)
      result = m_pattern_1;
   switch(ExtremeModel(idx, false))
     {
      case 2: result = m_pattern_2; break;
      case 3: result = m_pattern_3; break;
      case 4: result = m_pattern_4; break;
     }
   return(result);
  }
//+------------------------------------------------------------------+
