//+------------------------------------------------------------------+
//| Indicators/Series.mqh — CSeries and CDoubleBuffer (Standard      |
//| Library).                                                        |
//|                                                                  |
//| CSeries is the base of the price series (TimeSeries.mqh) and of  |
//| the technical indicators (Indicator.mqh): a CArrayObj of buffers |
//| bound to one symbol and timeframe. CDoubleBuffer is a buffer of  |
//| doubles read in series order: At(0) is the newest bar.           |
//| Refresh copies the last Size() bars again when a new bar opened  |
//| (or the history changed) and only the forming bar otherwise.     |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Arrays/ArrayObj.mqh>
#include <Arrays/ArrayDouble.mqh>

//--- bars a buffer keeps by default
#define DEFAULT_BUFFER_SIZE 1024

//+------------------------------------------------------------------+
//| The OBJ_PERIOD_* flag of a timeframe (0 for an unknown one).     |
//+------------------------------------------------------------------+
int SeriesTimeframeFlag(const ENUM_TIMEFRAMES period)
  {
   switch(period)
     {
      case PERIOD_M1:  return(0x00000001);
      case PERIOD_M2:  return(0x00000002);
      case PERIOD_M3:  return(0x00000004);
      case PERIOD_M4:  return(0x00000008);
      case PERIOD_M5:  return(0x00000010);
      case PERIOD_M6:  return(0x00000020);
      case PERIOD_M10: return(0x00000040);
      case PERIOD_M12: return(0x00000080);
      case PERIOD_M15: return(0x00000100);
      case PERIOD_M20: return(0x00000200);
      case PERIOD_M30: return(0x00000400);
      case PERIOD_H1:  return(0x00000800);
      case PERIOD_H2:  return(0x00001000);
      case PERIOD_H3:  return(0x00002000);
      case PERIOD_H4:  return(0x00004000);
      case PERIOD_H6:  return(0x00008000);
      case PERIOD_H8:  return(0x00010000);
      case PERIOD_H12: return(0x00020000);
      case PERIOD_D1:  return(0x00040000);
      case PERIOD_W1:  return(0x00080000);
      case PERIOD_MN1: return(0x00100000);
     }
   return(0);
  }

class CSeries : public CArrayObj
  {
protected:
   string            m_name;           // short name ("MA", "Close")
   int               m_buffers_total;  // buffers made by Create
   int               m_buffer_size;    // bars each buffer keeps
   int               m_timeframe_flags;// OBJ_PERIOD_* flag of m_period
   string            m_symbol;
   ENUM_TIMEFRAMES   m_period;
   bool              m_refresh_current;// Refresh may update the forming bar only
   datetime          m_last_bar;       // open time of the newest bar at the last Refresh
   int               m_last_bars;      // bars of the series at the last Refresh

public:
                     CSeries(void) : m_name(""), m_buffers_total(0), m_buffer_size(DEFAULT_BUFFER_SIZE),
                                     m_timeframe_flags(0), m_symbol(""), m_period(PERIOD_CURRENT),
                                     m_refresh_current(true), m_last_bar(0), m_last_bars(0) {}
                    ~CSeries(void) {}
   //--- attributes
   string            Name(void) const { return(m_name); }
   int               BuffersTotal(void) const { return(m_buffers_total); }
   int               BufferSize(void) const { return(m_buffer_size); }
   int               Timeframe(void) const { return(m_timeframe_flags); }
   string            Symbol(void) const { return(m_symbol); }
   ENUM_TIMEFRAMES   Period(void) const { return(m_period); }
   string            PeriodDescription(const int val = 0);
   void              RefreshCurrent(const bool flag) { m_refresh_current = flag; }
   //--- buffers
   virtual bool      BufferResize(const int size);
   virtual void      Refresh(const int flags = OBJ_ALL_PERIODS) {}

protected:
   //--- binds the series to a symbol (NULL or "": the chart's) and a timeframe (0: the chart's)
   bool              SetSymbolPeriod(const string symbol, const ENUM_TIMEFRAMES period);
   //--- true when Refresh must copy every bar again (new bar, history changed)
   bool              NeedFullRefresh(void);
  };
//+------------------------------------------------------------------+
//| "M1" … "MN1" for a timeframe (0: the series' own).               |
//+------------------------------------------------------------------+
string CSeries::PeriodDescription(const int val)
  {
   ENUM_TIMEFRAMES tf = (val == 0) ? m_period : (ENUM_TIMEFRAMES)val;
   if(tf == PERIOD_CURRENT)
      tf = _Period;
   string text = EnumToString(tf);
   if(StringFind(text, "PERIOD_") == 0)
      return(StringSubstr(text, 7));
   return(text);
  }
//+------------------------------------------------------------------+
//| Makes every buffer keep `size` bars.                             |
//+------------------------------------------------------------------+
bool CSeries::BufferResize(const int size)
  {
   if(size <= 0)
      return(false);
   m_buffer_size = size;
   m_last_bar = 0;
   return(true);
  }
//+------------------------------------------------------------------+
//| Resolves the chart's symbol and timeframe.                       |
//+------------------------------------------------------------------+
bool CSeries::SetSymbolPeriod(const string symbol, const ENUM_TIMEFRAMES period)
  {
   m_symbol = (symbol == NULL || symbol == "") ? _Symbol : symbol;
   m_period = (period == PERIOD_CURRENT) ? _Period : period;
   m_timeframe_flags = SeriesTimeframeFlag(m_period);
   m_last_bar = 0;
   m_last_bars = 0;
   return(true);
  }
//+------------------------------------------------------------------+
//| A new bar opened or bars were added/removed since the last call. |
//+------------------------------------------------------------------+
bool CSeries::NeedFullRefresh(void)
  {
   datetime bar = iTime(m_symbol, m_period, 0);
   int bars = Bars(m_symbol, m_period);
   bool full = (!m_refresh_current || bar != m_last_bar || bars != m_last_bars || bar == 0);
   m_last_bar = bar;
   m_last_bars = bars;
   return(full);
  }
//+------------------------------------------------------------------+
//| A buffer of doubles in series order (At(0) = newest bar). The    |
//| values are kept oldest first in m_data.                          |
//+------------------------------------------------------------------+
class CDoubleBuffer : public CArrayDouble
  {
protected:
   string            m_symbol;
   ENUM_TIMEFRAMES   m_period;
   int               m_size;           // bars to keep

public:
                     CDoubleBuffer(void) : m_symbol(""), m_period(PERIOD_CURRENT), m_size(DEFAULT_BUFFER_SIZE) {}
                    ~CDoubleBuffer(void) {}
   //--- bars kept
   int               Size(void) const { return(m_size); }
   void              Size(const int size) { if(size > 0) m_size = size; }
   //--- value of bar `index` (0 = newest); EMPTY_VALUE when not there
   double            At(const int index) const;
   double            operator[](const int index) const { return(At(index)); }
   //--- copying the data
   virtual bool      Refresh(void);
   virtual bool      RefreshCurrent(void);
   void              SetSymbolPeriod(const string symbol, const ENUM_TIMEFRAMES period);

protected:
   //--- copies `count` bars from position `start` (oldest first); derived classes say what
   virtual int       CopyData(const int start, const int count, double &dst[]) { return(-1); }
   //--- takes the values copied into m_data
   bool              Store(const int copied);
  };
//+------------------------------------------------------------------+
//| Value of bar `index` in series order.                            |
//+------------------------------------------------------------------+
double CDoubleBuffer::At(const int index) const
  {
   if(index < 0 || index >= m_data_total)
      return(EMPTY_VALUE);
   return(m_data[m_data_total - 1 - index]);
  }
//+------------------------------------------------------------------+
//| Copies the last Size() bars.                                     |
//+------------------------------------------------------------------+
bool CDoubleBuffer::Refresh(void)
  {
   return(Store(CopyData(0, m_size, m_data)));
  }
//+------------------------------------------------------------------+
//| Copies the forming bar only (everything when nothing is kept).   |
//+------------------------------------------------------------------+
bool CDoubleBuffer::RefreshCurrent(void)
  {
   if(m_data_total == 0)
      return(Refresh());
   double last[];
   if(CopyData(0, 1, last) != 1)
      return(false);
   m_data[m_data_total - 1] = last[0];
   return(true);
  }
//+------------------------------------------------------------------+
//| Binds the buffer to a symbol and a timeframe.                    |
//+------------------------------------------------------------------+
void CDoubleBuffer::SetSymbolPeriod(const string symbol, const ENUM_TIMEFRAMES period)
  {
   m_symbol = (symbol == NULL || symbol == "") ? _Symbol : symbol;
   m_period = (period == PERIOD_CURRENT) ? _Period : period;
  }
//+------------------------------------------------------------------+
//| Records `copied` values in m_data (nothing kept on failure).     |
//+------------------------------------------------------------------+
bool CDoubleBuffer::Store(const int copied)
  {
   m_sort_mode = -1;
   if(copied <= 0)
     {
      m_data_total = 0;
      return(false);
     }
   m_data_max = ArraySize(m_data);
   m_data_total = copied;
   return(true);
  }
//+------------------------------------------------------------------+
