//+------------------------------------------------------------------+
//| Indicators/Volumes.mqh — the volume indicators                   |
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
//| CiAD (iAD): Accumulation/Distribution                            |
//+------------------------------------------------------------------+
class CiAD : public CIndicator
  {
protected:
   ENUM_APPLIED_VOLUME m_applied;

public:
                     CiAD(void) : m_applied((ENUM_APPLIED_VOLUME)WRONG_VALUE) {}
                    ~CiAD(void) {}
   ENUM_APPLIED_VOLUME Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const ENUM_APPLIED_VOLUME applied)
     {
      SetSymbolPeriod(symbol, period);
      m_applied = applied;
      return(Attach(iAD(m_symbol, m_period, applied), 1, "AD"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiMFI (iMFI): Money Flow Index                                   |
//+------------------------------------------------------------------+
class CiMFI : public CIndicator
  {
protected:
   int               m_ma_period;
   ENUM_APPLIED_VOLUME m_applied;

public:
                     CiMFI(void) : m_ma_period(-1), m_applied((ENUM_APPLIED_VOLUME)WRONG_VALUE) {}
                    ~CiMFI(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   ENUM_APPLIED_VOLUME Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const ENUM_APPLIED_VOLUME applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_applied = applied;
      return(Attach(iMFI(m_symbol, m_period, ma_period, applied), 1, "MFI"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiOBV (iOBV): On Balance Volume                                  |
//+------------------------------------------------------------------+
class CiOBV : public CIndicator
  {
protected:
   ENUM_APPLIED_VOLUME m_applied;

public:
                     CiOBV(void) : m_applied((ENUM_APPLIED_VOLUME)WRONG_VALUE) {}
                    ~CiOBV(void) {}
   ENUM_APPLIED_VOLUME Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const ENUM_APPLIED_VOLUME applied)
     {
      SetSymbolPeriod(symbol, period);
      m_applied = applied;
      return(Attach(iOBV(m_symbol, m_period, applied), 1, "OBV"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiVolumes (iVolumes): Volumes                                    |
//+------------------------------------------------------------------+
class CiVolumes : public CIndicator
  {
protected:
   ENUM_APPLIED_VOLUME m_applied;

public:
                     CiVolumes(void) : m_applied((ENUM_APPLIED_VOLUME)WRONG_VALUE) {}
                    ~CiVolumes(void) {}
   ENUM_APPLIED_VOLUME Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const ENUM_APPLIED_VOLUME applied)
     {
      SetSymbolPeriod(symbol, period);
      m_applied = applied;
      return(Attach(iVolumes(m_symbol, m_period, applied), 2, "Volumes"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
