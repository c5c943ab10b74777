//+------------------------------------------------------------------+
//| Indicators/BillWilliams.mqh — Bill Williams' indicators          |
//| Standard Library classes: each Create(symbol, period,            |
//| parameters…) gets its handle from the i* function of the same    |
//| name and makes one CIndicatorBuffer per indicator buffer;        |
//| Refresh() (or CIndicators::Refresh) copies them; the accessors   |
//| (Main, Signal, Upper…) read bar `index` (0 = newest) as          |
//| CopyBuffer returns it, the indicator's own plot shift applied.   |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "Indicator.mqh"

//+------------------------------------------------------------------+
//| CiAC (iAC): Accelerator Oscillator                               |
//+------------------------------------------------------------------+
class CiAC : public CIndicator
  {
public:
                     CiAC(void) {}
                    ~CiAC(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period)
     {
      SetSymbolPeriod(symbol, period);
      return(Attach(iAC(m_symbol, m_period), 2, "AC"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiAlligator (iAlligator): Alligator                              |
//+------------------------------------------------------------------+
class CiAlligator : public CIndicator
  {
protected:
   int               m_jaw_period;
   int               m_jaw_shift;
   int               m_teeth_period;
   int               m_teeth_shift;
   int               m_lips_period;
   int               m_lips_shift;
   ENUM_MA_METHOD    m_ma_method;
   int               m_applied;

public:
                     CiAlligator(void) : m_jaw_period(-1), m_jaw_shift(-1), m_teeth_period(-1), m_teeth_shift(-1), m_lips_period(-1), m_lips_shift(-1), m_ma_method((ENUM_MA_METHOD)WRONG_VALUE), m_applied(-1) {}
                    ~CiAlligator(void) {}
   int               JawPeriod(void) const { return(m_jaw_period); }
   int               JawShift(void) const { return(m_jaw_shift); }
   int               TeethPeriod(void) const { return(m_teeth_period); }
   int               TeethShift(void) const { return(m_teeth_shift); }
   int               LipsPeriod(void) const { return(m_lips_period); }
   int               LipsShift(void) const { return(m_lips_shift); }
   ENUM_MA_METHOD    MaMethod(void) const { return(m_ma_method); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int jaw_period, const int jaw_shift, const int teeth_period, const int teeth_shift, const int lips_period, const int lips_shift, const ENUM_MA_METHOD ma_method, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_jaw_period = jaw_period;
      m_jaw_shift = jaw_shift;
      m_teeth_period = teeth_period;
      m_teeth_shift = teeth_shift;
      m_lips_period = lips_period;
      m_lips_shift = lips_shift;
      m_ma_method = ma_method;
      m_applied = applied;
      return(Attach(iAlligator(m_symbol, m_period, jaw_period, jaw_shift, teeth_period, teeth_shift, lips_period, lips_shift, ma_method, (ENUM_APPLIED_PRICE)applied), 3, "Alligator"));
     }
   double            Jaw(const int index) const { return(GetData(0, index)); }
   double            Teeth(const int index) const { return(GetData(1, index)); }
   double            Lips(const int index) const { return(GetData(2, index)); }
  };
//+------------------------------------------------------------------+
//| CiAO (iAO): Awesome Oscillator                                   |
//+------------------------------------------------------------------+
class CiAO : public CIndicator
  {
public:
                     CiAO(void) {}
                    ~CiAO(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period)
     {
      SetSymbolPeriod(symbol, period);
      return(Attach(iAO(m_symbol, m_period), 2, "AO"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiFractals (iFractals): Fractals                                 |
//+------------------------------------------------------------------+
class CiFractals : public CIndicator
  {
public:
                     CiFractals(void) {}
                    ~CiFractals(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period)
     {
      SetSymbolPeriod(symbol, period);
      return(Attach(iFractals(m_symbol, m_period), 2, "Fractals"));
     }
   double            Upper(const int index) const { return(GetData(0, index)); }
   double            Lower(const int index) const { return(GetData(1, index)); }
  };
//+------------------------------------------------------------------+
//| CiGator (iGator): Gator Oscillator                               |
//+------------------------------------------------------------------+
class CiGator : public CIndicator
  {
protected:
   int               m_jaw_period;
   int               m_jaw_shift;
   int               m_teeth_period;
   int               m_teeth_shift;
   int               m_lips_period;
   int               m_lips_shift;
   ENUM_MA_METHOD    m_ma_method;
   int               m_applied;

public:
                     CiGator(void) : m_jaw_period(-1), m_jaw_shift(-1), m_teeth_period(-1), m_teeth_shift(-1), m_lips_period(-1), m_lips_shift(-1), m_ma_method((ENUM_MA_METHOD)WRONG_VALUE), m_applied(-1) {}
                    ~CiGator(void) {}
   int               JawPeriod(void) const { return(m_jaw_period); }
   int               JawShift(void) const { return(m_jaw_shift); }
   int               TeethPeriod(void) const { return(m_teeth_period); }
   int               TeethShift(void) const { return(m_teeth_shift); }
   int               LipsPeriod(void) const { return(m_lips_period); }
   int               LipsShift(void) const { return(m_lips_shift); }
   ENUM_MA_METHOD    MaMethod(void) const { return(m_ma_method); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int jaw_period, const int jaw_shift, const int teeth_period, const int teeth_shift, const int lips_period, const int lips_shift, const ENUM_MA_METHOD ma_method, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_jaw_period = jaw_period;
      m_jaw_shift = jaw_shift;
      m_teeth_period = teeth_period;
      m_teeth_shift = teeth_shift;
      m_lips_period = lips_period;
      m_lips_shift = lips_shift;
      m_ma_method = ma_method;
      m_applied = applied;
      return(Attach(iGator(m_symbol, m_period, jaw_period, jaw_shift, teeth_period, teeth_shift, lips_period, lips_shift, ma_method, (ENUM_APPLIED_PRICE)applied), 4, "Gator"));
     }
   double            Upper(const int index) const { return(GetData(0, index)); }
   double            Lower(const int index) const { return(GetData(2, index)); }
  };
//+------------------------------------------------------------------+
//| CiBWMFI (iBWMFI): Market Facilitation Index                      |
//+------------------------------------------------------------------+
class CiBWMFI : public CIndicator
  {
protected:
   ENUM_APPLIED_VOLUME m_applied;

public:
                     CiBWMFI(void) : m_applied((ENUM_APPLIED_VOLUME)WRONG_VALUE) {}
                    ~CiBWMFI(void) {}
   ENUM_APPLIED_VOLUME Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const ENUM_APPLIED_VOLUME applied)
     {
      SetSymbolPeriod(symbol, period);
      m_applied = applied;
      return(Attach(iBWMFI(m_symbol, m_period, applied), 2, "BWMFI"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
