//+------------------------------------------------------------------+
//| Indicators/Trend.mqh — the trend indicators                      |
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
//| CiADX (iADX): Average Directional Movement Index                 |
//+------------------------------------------------------------------+
class CiADX : public CIndicator
  {
protected:
   int               m_ma_period;

public:
                     CiADX(void) : m_ma_period(-1) {}
                    ~CiADX(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      return(Attach(iADX(m_symbol, m_period, ma_period), 3, "ADX"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
   double            Plus(const int index) const { return(GetData(1, index)); }
   double            Minus(const int index) const { return(GetData(2, index)); }
  };
//+------------------------------------------------------------------+
//| CiADXWilder (iADXWilder): ADX by Welles Wilder                   |
//+------------------------------------------------------------------+
class CiADXWilder : public CIndicator
  {
protected:
   int               m_ma_period;

public:
                     CiADXWilder(void) : m_ma_period(-1) {}
                    ~CiADXWilder(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      return(Attach(iADXWilder(m_symbol, m_period, ma_period), 3, "ADXWilder"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
   double            Plus(const int index) const { return(GetData(1, index)); }
   double            Minus(const int index) const { return(GetData(2, index)); }
  };
//+------------------------------------------------------------------+
//| CiBands (iBands): Bollinger Bands                                |
//+------------------------------------------------------------------+
class CiBands : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_ma_shift;
   double            m_deviation;
   int               m_applied;

public:
                     CiBands(void) : m_ma_period(-1), m_ma_shift(-1), m_deviation(0.0), m_applied(-1) {}
                    ~CiBands(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               MaShift(void) const { return(m_ma_shift); }
   double            Deviation(void) const { return(m_deviation); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int ma_shift, const double deviation, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_ma_shift = ma_shift;
      m_deviation = deviation;
      m_applied = applied;
      return(Attach(iBands(m_symbol, m_period, ma_period, ma_shift, deviation, (ENUM_APPLIED_PRICE)applied), 3, "Bands"));
     }
   double            Base(const int index) const { return(GetData(0, index)); }
   double            Upper(const int index) const { return(GetData(1, index)); }
   double            Lower(const int index) const { return(GetData(2, index)); }
  };
//+------------------------------------------------------------------+
//| CiEnvelopes (iEnvelopes): Envelopes                              |
//+------------------------------------------------------------------+
class CiEnvelopes : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_ma_shift;
   ENUM_MA_METHOD    m_ma_method;
   int               m_applied;
   double            m_deviation;

public:
                     CiEnvelopes(void) : m_ma_period(-1), m_ma_shift(-1), m_ma_method((ENUM_MA_METHOD)WRONG_VALUE), m_applied(-1), m_deviation(0.0) {}
                    ~CiEnvelopes(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               MaShift(void) const { return(m_ma_shift); }
   ENUM_MA_METHOD    MaMethod(void) const { return(m_ma_method); }
   int               Applied(void) const { return(m_applied); }
   double            Deviation(void) const { return(m_deviation); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int ma_shift, const ENUM_MA_METHOD ma_method, const int applied, const double deviation)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_ma_shift = ma_shift;
      m_ma_method = ma_method;
      m_applied = applied;
      m_deviation = deviation;
      return(Attach(iEnvelopes(m_symbol, m_period, ma_period, ma_shift, ma_method, (ENUM_APPLIED_PRICE)applied, deviation), 2, "Envelopes"));
     }
   double            Upper(const int index) const { return(GetData(0, index)); }
   double            Lower(const int index) const { return(GetData(1, index)); }
  };
//+------------------------------------------------------------------+
//| CiIchimoku (iIchimoku): Ichimoku Kinko Hyo                       |
//+------------------------------------------------------------------+
class CiIchimoku : public CIndicator
  {
protected:
   int               m_tenkan_sen;
   int               m_kijun_sen;
   int               m_senkou_span_b;

public:
                     CiIchimoku(void) : m_tenkan_sen(-1), m_kijun_sen(-1), m_senkou_span_b(-1) {}
                    ~CiIchimoku(void) {}
   int               TenkanSenPeriod(void) const { return(m_tenkan_sen); }
   int               KijunSenPeriod(void) const { return(m_kijun_sen); }
   int               SenkouSpanBPeriod(void) const { return(m_senkou_span_b); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int tenkan_sen, const int kijun_sen, const int senkou_span_b)
     {
      SetSymbolPeriod(symbol, period);
      m_tenkan_sen = tenkan_sen;
      m_kijun_sen = kijun_sen;
      m_senkou_span_b = senkou_span_b;
      return(Attach(iIchimoku(m_symbol, m_period, tenkan_sen, kijun_sen, senkou_span_b), 5, "Ichimoku"));
     }
   double            TenkanSen(const int index) const { return(GetData(0, index)); }
   double            KijunSen(const int index) const { return(GetData(1, index)); }
   double            SenkouSpanA(const int index) const { return(GetData(2, index)); }
   double            SenkouSpanB(const int index) const { return(GetData(3, index)); }
   double            ChinkouSpan(const int index) const { return(GetData(4, index)); }
  };
//+------------------------------------------------------------------+
//| CiMA (iMA): Moving Average                                       |
//+------------------------------------------------------------------+
class CiMA : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_ma_shift;
   ENUM_MA_METHOD    m_ma_method;
   int               m_applied;

public:
                     CiMA(void) : m_ma_period(-1), m_ma_shift(-1), m_ma_method((ENUM_MA_METHOD)WRONG_VALUE), m_applied(-1) {}
                    ~CiMA(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               MaShift(void) const { return(m_ma_shift); }
   ENUM_MA_METHOD    MaMethod(void) const { return(m_ma_method); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int ma_shift, const ENUM_MA_METHOD ma_method, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_ma_shift = ma_shift;
      m_ma_method = ma_method;
      m_applied = applied;
      return(Attach(iMA(m_symbol, m_period, ma_period, ma_shift, ma_method, (ENUM_APPLIED_PRICE)applied), 1, "MA"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiSAR (iSAR): Parabolic SAR                                      |
//+------------------------------------------------------------------+
class CiSAR : public CIndicator
  {
protected:
   double            m_step;
   double            m_maximum;

public:
                     CiSAR(void) : m_step(0.0), m_maximum(0.0) {}
                    ~CiSAR(void) {}
   double            SarStep(void) const { return(m_step); }
   double            Maximum(void) const { return(m_maximum); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const double step, const double maximum)
     {
      SetSymbolPeriod(symbol, period);
      m_step = step;
      m_maximum = maximum;
      return(Attach(iSAR(m_symbol, m_period, step, maximum), 1, "SAR"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiStdDev (iStdDev): Standard Deviation                           |
//+------------------------------------------------------------------+
class CiStdDev : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_ma_shift;
   ENUM_MA_METHOD    m_ma_method;
   int               m_applied;

public:
                     CiStdDev(void) : m_ma_period(-1), m_ma_shift(-1), m_ma_method((ENUM_MA_METHOD)WRONG_VALUE), m_applied(-1) {}
                    ~CiStdDev(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               MaShift(void) const { return(m_ma_shift); }
   ENUM_MA_METHOD    MaMethod(void) const { return(m_ma_method); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int ma_shift, const ENUM_MA_METHOD ma_method, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_ma_shift = ma_shift;
      m_ma_method = ma_method;
      m_applied = applied;
      return(Attach(iStdDev(m_symbol, m_period, ma_period, ma_shift, ma_method, (ENUM_APPLIED_PRICE)applied), 1, "StdDev"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiDEMA (iDEMA): Double Exponential Moving Average                |
//+------------------------------------------------------------------+
class CiDEMA : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_ind_shift;
   int               m_applied;

public:
                     CiDEMA(void) : m_ma_period(-1), m_ind_shift(-1), m_applied(-1) {}
                    ~CiDEMA(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               IndShift(void) const { return(m_ind_shift); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int ind_shift, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_ind_shift = ind_shift;
      m_applied = applied;
      return(Attach(iDEMA(m_symbol, m_period, ma_period, ind_shift, (ENUM_APPLIED_PRICE)applied), 1, "DEMA"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiTEMA (iTEMA): Triple Exponential Moving Average                |
//+------------------------------------------------------------------+
class CiTEMA : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_ind_shift;
   int               m_applied;

public:
                     CiTEMA(void) : m_ma_period(-1), m_ind_shift(-1), m_applied(-1) {}
                    ~CiTEMA(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               IndShift(void) const { return(m_ind_shift); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int ind_shift, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_ind_shift = ind_shift;
      m_applied = applied;
      return(Attach(iTEMA(m_symbol, m_period, ma_period, ind_shift, (ENUM_APPLIED_PRICE)applied), 1, "TEMA"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiFrAMA (iFrAMA): Fractal Adaptive Moving Average                |
//+------------------------------------------------------------------+
class CiFrAMA : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_ind_shift;
   int               m_applied;

public:
                     CiFrAMA(void) : m_ma_period(-1), m_ind_shift(-1), m_applied(-1) {}
                    ~CiFrAMA(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               IndShift(void) const { return(m_ind_shift); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int ind_shift, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_ind_shift = ind_shift;
      m_applied = applied;
      return(Attach(iFrAMA(m_symbol, m_period, ma_period, ind_shift, (ENUM_APPLIED_PRICE)applied), 1, "FrAMA"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiAMA (iAMA): Adaptive Moving Average                            |
//+------------------------------------------------------------------+
class CiAMA : public CIndicator
  {
protected:
   int               m_ma_period;
   int               m_fast_ema_period;
   int               m_slow_ema_period;
   int               m_ind_shift;
   int               m_applied;

public:
                     CiAMA(void) : m_ma_period(-1), m_fast_ema_period(-1), m_slow_ema_period(-1), m_ind_shift(-1), m_applied(-1) {}
                    ~CiAMA(void) {}
   int               MaPeriod(void) const { return(m_ma_period); }
   int               FastEmaPeriod(void) const { return(m_fast_ema_period); }
   int               SlowEmaPeriod(void) const { return(m_slow_ema_period); }
   int               IndShift(void) const { return(m_ind_shift); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int ma_period, const int fast_ema_period, const int slow_ema_period, const int ind_shift, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_ma_period = ma_period;
      m_fast_ema_period = fast_ema_period;
      m_slow_ema_period = slow_ema_period;
      m_ind_shift = ind_shift;
      m_applied = applied;
      return(Attach(iAMA(m_symbol, m_period, ma_period, fast_ema_period, slow_ema_period, ind_shift, (ENUM_APPLIED_PRICE)applied), 1, "AMA"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
//| CiVIDyA (iVIDyA): Variable Index Dynamic Average                 |
//+------------------------------------------------------------------+
class CiVIDyA : public CIndicator
  {
protected:
   int               m_cmo_period;
   int               m_ema_period;
   int               m_ind_shift;
   int               m_applied;

public:
                     CiVIDyA(void) : m_cmo_period(-1), m_ema_period(-1), m_ind_shift(-1), m_applied(-1) {}
                    ~CiVIDyA(void) {}
   int               CmoPeriod(void) const { return(m_cmo_period); }
   int               EmaPeriod(void) const { return(m_ema_period); }
   int               IndShift(void) const { return(m_ind_shift); }
   int               Applied(void) const { return(m_applied); }
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period, const int cmo_period, const int ema_period, const int ind_shift, const int applied)
     {
      SetSymbolPeriod(symbol, period);
      m_cmo_period = cmo_period;
      m_ema_period = ema_period;
      m_ind_shift = ind_shift;
      m_applied = applied;
      return(Attach(iVIDyA(m_symbol, m_period, cmo_period, ema_period, ind_shift, (ENUM_APPLIED_PRICE)applied), 1, "VIDyA"));
     }
   double            Main(const int index) const { return(GetData(0, index)); }
  };
//+------------------------------------------------------------------+
