//+------------------------------------------------------------------+
//| Indicators/Oscilators.mqh — the oscillators                      |
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
//| CiATR (iATR): Average True Range                                 |
//+------------------------------------------------------------------+
class CiATR : public CIndicator
  {
protected:
   int               m_ma_period;

public:
                     CiATR(void) : m_ma_period(-1) {}
                    ~CiATR(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      return(Attach(iATR(m_symbol, m_period, ma_period), 1, "ATR"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiBearsPower (iBearsPower): Bears Power                          |
//+------------------------------------------------------------------+
class CiBearsPower : public CIndicator
  {
protected:
   int               m_ma_period;

public:
                     CiBearsPower(void) : m_ma_period(-1) {}
                    ~CiBearsPower(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      return(Attach(iBearsPower(m_symbol, m_period, ma_period), 1, "BearsPower"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiBullsPower (iBullsPower): Bulls Power                          |
//+------------------------------------------------------------------+
class CiBullsPower : public CIndicator
  {
protected:
   int               m_ma_period;

public:
                     CiBullsPower(void) : m_ma_period(-1) {}
                    ~CiBullsPower(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      return(Attach(iBullsPower(m_symbol, m_period, ma_period), 1, "BullsPower"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiCCI (iCCI): Commodity Channel Index                            |
//+------------------------------------------------------------------+
class CiCCI : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_applied;

public:
                     CiCCI(void) : m_ma_period(-1), m_applied(-1) {}
                    ~CiCCI(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_applied = applied;
      return(Attach(iCCI(m_symbol, m_period, ma_period, (ENUM_APPLIED_PRICE)applied), 1, "CCI"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiChaikin (iChaikin): Chaikin Oscillator                         |
//+------------------------------------------------------------------+
class CiChaikin : public CIndicator
  {
protected:
   int               m_fast_ma_period;
   int               m_slow_ma_period;
   ENUM_MA_METHOD    m_ma_method;
   ENUM_APPLIED_VOLUME m_applied;

public:
                     CiChaikin(void) : m_fast_ma_period(-1), m_slow_ma_period(-1), m_ma_method((ENUM_MA_METHOD)WRONG_VALUE), m_applied((ENUM_APPLIED_VOLUME)WRONG_VALUE) {}
                    ~CiChaikin(void) {}
   int               FastMaPeriod(void) const { return(m_fast_ma_period); }
   int               SlowMaPeriod(void) const { return(m_slow_ma_period); }
   ENUM_MA_METHOD    MaMethod(void) const { return(m_ma_method); }
   ENUM_APPLIED_VOLUME Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int fast_ma_period, const int slow_ma_period, const ENUM_MA_METHOD ma_method, const ENUM_APPLIED_VOLUME applied)
     {
      SetSymbolPeriod(symbol, period);
      m_fast_ma_period = fast_ma_period;
      m_slow_ma_period = slow_ma_period;
      m_ma_method = ma_method;
      m_applied = applied;
      return(Attach(iChaikin(m_symbol, m_period, fast_ma_period, slow_ma_period, ma_method, applied), 1, "Chaikin"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiDeMarker (iDeMarker): DeMarker                                 |
//+------------------------------------------------------------------+
class CiDeMarker : public CIndicator
  {
protected:
   int               m_ma_period;

public:
                     CiDeMarker(void) : m_ma_period(-1) {}
                    ~CiDeMarker(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      return(Attach(iDeMarker(m_symbol, m_period, ma_period), 1, "DeMarker"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiForce (iForce): Force Index                                    |
//+------------------------------------------------------------------+
class CiForce : public CIndicator
  {
protected:
   int               m_ma_period;
   ENUM_MA_METHOD    m_ma_method;
   ENUM_APPLIED_VOLUME m_applied;

public:
                     CiForce(void) : m_ma_period(-1), m_ma_method((ENUM_MA_METHOD)WRONG_VALUE), m_applied((ENUM_APPLIED_VOLUME)WRONG_VALUE) {}
                    ~CiForce(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   ENUM_MA_METHOD    MaMethod(void) const { return(m_ma_method); }
   ENUM_APPLIED_VOLUME Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const ENUM_MA_METHOD ma_method, const ENUM_APPLIED_VOLUME applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_ma_method = ma_method;
      m_applied = applied;
      return(Attach(iForce(m_symbol, m_period, ma_period, ma_method, applied), 1, "Force"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiMACD (iMACD): MACD                                             |
//+------------------------------------------------------------------+
class CiMACD : public CIndicator
  {
protected:
   int               m_fast_ema_period;
   int               m_slow_ema_period;
   int               m_signal_period;
   int               m_applied;

public:
                     CiMACD(void) : m_fast_ema_period(-1), m_slow_ema_period(-1), m_signal_period(-1), m_applied(-1) {}
                    ~CiMACD(void) {}
   int               FastEmaPeriod(void) const { return(m_fast_ema_period); }
   int               SlowEmaPeriod(void) const { return(m_slow_ema_period); }
   int               SignalPeriod(void) const { return(m_signal_period); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int fast_ema_period, const int slow_ema_period, const int signal_period, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_fast_ema_period = fast_ema_period;
      m_slow_ema_period = slow_ema_period;
      m_signal_period = signal_period;
      m_applied = applied;
      return(Attach(iMACD(m_symbol, m_period, fast_ema_period, slow_ema_period, signal_period, (ENUM_APPLIED_PRICE)applied), 2, "MACD"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
   double            Signal(const int index) const { return(GetData(1, index)); }
  };
//+------------------------------------------------------------------+
//| CiMomentum (iMomentum): Momentum                                 |
//+------------------------------------------------------------------+
class CiMomentum : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_applied;

public:
                     CiMomentum(void) : m_ma_period(-1), m_applied(-1) {}
                    ~CiMomentum(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_applied = applied;
      return(Attach(iMomentum(m_symbol, m_period, ma_period, (ENUM_APPLIED_PRICE)applied), 1, "Momentum"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiOsMA (iOsMA): Moving Average of Oscillator                     |
//+------------------------------------------------------------------+
class CiOsMA : public CIndicator
  {
protected:
   int               m_fast_ema_period;
   int               m_slow_ema_period;
   int               m_signal_period;
   int               m_applied;

public:
                     CiOsMA(void) : m_fast_ema_period(-1), m_slow_ema_period(-1), m_signal_period(-1), m_applied(-1) {}
                    ~CiOsMA(void) {}
   int               FastEmaPeriod(void) const { return(m_fast_ema_period); }
   int               SlowEmaPeriod(void) const { return(m_slow_ema_period); }
   int               SignalPeriod(void) const { return(m_signal_period); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int fast_ema_period, const int slow_ema_period, const int signal_period, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_fast_ema_period = fast_ema_period;
      m_slow_ema_period = slow_ema_period;
      m_signal_period = signal_period;
      m_applied = applied;
      return(Attach(iOsMA(m_symbol, m_period, fast_ema_period, slow_ema_period, signal_period, (ENUM_APPLIED_PRICE)applied), 1, "OsMA"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiRSI (iRSI): Relative Strength Index                            |
//+------------------------------------------------------------------+
class CiRSI : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_applied;

public:
                     CiRSI(void) : m_ma_period(-1), m_applied(-1) {}
                    ~CiRSI(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_applied = applied;
      return(Attach(iRSI(m_symbol, m_period, ma_period, (ENUM_APPLIED_PRICE)applied), 1, "RSI"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiRVI (iRVI): Relative Vigor Index                               |
//+------------------------------------------------------------------+
class CiRVI : public CIndicator
  {
protected:
   int               m_ma_period;

public:
                     CiRVI(void) : m_ma_period(-1) {}
                    ~CiRVI(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      return(Attach(iRVI(m_symbol, m_period, ma_period), 2, "RVI"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
   double            Signal(const int index) const { return(GetData(1, index)); }
  };
//+------------------------------------------------------------------+
//| CiStochastic (iStochastic): Stochastic Oscillator                |
//+------------------------------------------------------------------+
class CiStochastic : public CIndicator
  {
protected:
   int               m_kperiod;
   int               m_dperiod;
   int               m_slowing;
   ENUM_MA_METHOD    m_ma_method;
   ENUM_STO_PRICE    m_price_field;

public:
                     CiStochastic(void) : m_kperiod(-1), m_dperiod(-1), m_slowing(-1), m_ma_method((ENUM_MA_METHOD)WRONG_VALUE), m_price_field((ENUM_STO_PRICE)WRONG_VALUE) {}
                    ~CiStochastic(void) {}
   int               Kperiod(void) const { return(m_kperiod); }
   int               Dperiod(void) const { return(m_dperiod); }
   int               Slowing(void) const { return(m_slowing); }
   ENUM_MA_METHOD    MaMethod(void) const { return(m_ma_method); }
   ENUM_STO_PRICE    PriceField(void) const { return(m_price_field); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int Kperiod, const int Dperiod, const int slowing, const ENUM_MA_METHOD ma_method, const ENUM_STO_PRICE price_field)
     {
      SetSymbolPeriod(symbol, period);
      m_kperiod = Kperiod;
      m_dperiod = Dperiod;
      m_slowing = slowing;
      m_ma_method = ma_method;
      m_price_field = price_field;
      return(Attach(iStochastic(m_symbol, m_period, Kperiod, Dperiod, slowing, ma_method, price_field), 2, "Stochastic"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
   double            Signal(const int index) const { return(GetData(1, index)); }
  };
//+------------------------------------------------------------------+
//| CiTriX (iTriX): Triple Exponential Average                       |
//+------------------------------------------------------------------+
class CiTriX : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_applied;

public:
                     CiTriX(void) : m_ma_period(-1), m_applied(-1) {}
                    ~CiTriX(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_applied = applied;
      return(Attach(iTriX(m_symbol, m_period, ma_period, (ENUM_APPLIED_PRICE)applied), 1, "TriX"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiWPR (iWPR): Williams' Percent Range                            |
//+------------------------------------------------------------------+
class CiWPR : public CIndicator
  {
protected:
   int               m_calc_period;

public:
                     CiWPR(void) : m_calc_period(-1) {}
                    ~CiWPR(void) {}
   int               CalcPeriod(void) const { return(m_calc_period); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int calc_period)
     {
      SetSymbolPeriod(symbol, period);
      m_calc_period = calc_period;
      return(Attach(iWPR(m_symbol, m_period, calc_period), 1, "WPR"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
