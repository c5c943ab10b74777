//+------------------------------------------------------------------+
//| SignalKit.mqh — helpers for momentum-macros.mq5                  |
//| Price macros, a clamp, journal macros that name the function,    |
//| a tracing switch, and a small momentum reader class.             |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#ifndef SIGNAL_KIT_MQH
#define SIGNAL_KIT_MQH

#define KIT_VERSION        "1.3"
#define KIT_MAX_LOOKBACK   50

//--- prices in points, normalised prices
#define PTS(n)             ((n) * _Point)
#define NORM(p)            NormalizeDouble((p), _Digits)
#define MAX2(a, b)         (((a) > (b)) ? (a) : (b))
#define MIN2(a, b)         (((a) < (b)) ? (a) : (b))
#define CLAMP(v, lo, hi)   MIN2(MAX2((v), (lo)), (hi))
#define SIGN(x)            (((x) > 0) - ((x) < 0))

//--- journal lines that say where they come from
#define LOG(text)          Print("[", __FUNCTION__, "] ", text)
#ifdef KIT_TRACE
   #define TRACE(text)     Print("trace ", __LINE__, ": ", text)
#else
   #define TRACE(text)
#endif

//+------------------------------------------------------------------+
//| Momentum: close[shift] - close[shift + period], in points        |
//+------------------------------------------------------------------+
class CMomentumReader
  {
private:
   string            m_symbol;
   ENUM_TIMEFRAMES   m_tf;
   int               m_period;
   double            m_closes[];

public:
                     CMomentumReader(void) : m_symbol(""), m_tf(PERIOD_CURRENT), m_period(10) { }
   bool              Init(const string symbol, const ENUM_TIMEFRAMES tf, const int period)
     {
      m_symbol = symbol;
      m_tf = tf;
      m_period = CLAMP(period, 1, KIT_MAX_LOOKBACK);
      ArraySetAsSeries(m_closes, true);
      TRACE(StringFormat("momentum %s period %d", symbol, m_period));
      return(m_period == period);
     }
   //--- momentum of the bar at `shift`, in points; false when bars are missing
   bool              Read(const int shift, double &points)
     {
      if(CopyClose(m_symbol, m_tf, shift, m_period + 1, m_closes) != m_period + 1)
         return(false);
      points = (m_closes[0] - m_closes[m_period]) / _Point;
      return(true);
     }
   int               Period(void) const { return(m_period); }
  };

//--- average of the first `count` values
double KitAverage(const double &values[], const int count)
  {
   int n = MIN2(count, ArraySize(values));
   if(n <= 0)
      return(0.0);
   double sum = 0.0;
   for(int i = 0; i < n; i++)
      sum += values[i];
   return(sum / n);
  }

#endif // SIGNAL_KIT_MQH
