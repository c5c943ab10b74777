//+------------------------------------------------------------------+
//| Indicators/TimeSeries.mqh — the price series classes (Standard   |
//| Library): CPriceSeries and CiOpen, CiHigh, CiLow, CiClose over   |
//| doubles; CiSpread (int), CiTime (datetime), CiTickVolume and      |
//| CiRealVolume (long). Create(symbol, period) binds a series;       |
//| Refresh() copies the bars (Copy* functions); GetData(index) reads |
//| bar `index` (0 = newest) of the last Refresh, GetData(start,      |
//| count, array) copies straight from the terminal.                  |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "Series.mqh"
#include <Arrays/ArrayInt.mqh>
#include <Arrays/ArrayLong.mqh>

//+------------------------------------------------------------------+
//| Buffers of the four prices.                                      |
//+------------------------------------------------------------------+
class COpenBuffer : public CDoubleBuffer
  {
protected:
   virtual int       CopyData(const int start, const int count, double &dst[]) { return(CopyOpen(m_symbol, m_period, start, count, dst)); }
  };
class CHighBuffer : public CDoubleBuffer
  {
protected:
   virtual int       CopyData(const int start, const int count, double &dst[]) { return(CopyHigh(m_symbol, m_period, start, count, dst)); }
  };
class CLowBuffer : public CDoubleBuffer
  {
protected:
   virtual int       CopyData(const int start, const int count, double &dst[]) { return(CopyLow(m_symbol, m_period, start, count, dst)); }
  };
class CCloseBuffer : public CDoubleBuffer
  {
protected:
   virtual int       CopyData(const int start, const int count, double &dst[]) { return(CopyClose(m_symbol, m_period, start, count, dst)); }
  };
//+------------------------------------------------------------------+
//| A series with one buffer of doubles.                             |
//+------------------------------------------------------------------+
class CPriceSeries : public CSeries
  {
public:
                     CPriceSeries(void) {}
                    ~CPriceSeries(void) {}
   //--- buffers
   virtual bool      BufferResize(const int size);
   virtual void      Refresh(const int flags = OBJ_ALL_PERIODS);
   //--- value of bar `index` (0 = newest); EMPTY_VALUE when not there
   double            GetData(const int index) const;
   //--- lowest / highest of `count` bars from `start` (series order)
   int               MinIndex(const int start, const int count) const;
   double            MinValue(const int start, const int count, int &index) const;
   int               MaxIndex(const int start, const int count) const;
   double            MaxValue(const int start, const int count, int &index) const;

protected:
   //--- binds the series and makes its buffer
   bool              CreateSeries(const string symbol, const ENUM_TIMEFRAMES period, CDoubleBuffer *buffer, const string name);
   int               Extremum(const int start, const int count, const bool lowest) const;
  };
//+------------------------------------------------------------------+
bool CPriceSeries::BufferResize(const int size)
  {
   if(!CSeries::BufferResize(size))
      return(false);
   CDoubleBuffer *buffer = At(0);
   if(buffer != NULL)
      buffer.Size(size);
   return(true);
  }
//+------------------------------------------------------------------+
void CPriceSeries::Refresh(const int flags)
  {
   CDoubleBuffer *buffer = At(0);
   if(buffer == NULL)
      return;
   if(NeedFullRefresh())
      buffer.Refresh();
   else
      buffer.RefreshCurrent();
  }
//+------------------------------------------------------------------+
double CPriceSeries::GetData(const int index) const
  {
   CDoubleBuffer *buffer = At(0);
   if(buffer == NULL)
      return(EMPTY_VALUE);
   return(buffer.At(index));
  }
//+------------------------------------------------------------------+
int CPriceSeries::Extremum(const int start, const int count, const bool lowest) const
  {
   CDoubleBuffer *buffer = At(0);
   if(buffer == NULL || start < 0 || count <= 0 || start + count > buffer.Total())
      return(-1);
   int best = start;
   for(int i = start + 1; i < start + count; i++)
     {
      double v = buffer.At(i);
      if(lowest ? (v < buffer.At(best)) : (v > buffer.At(best)))
         best = i;
     }
   return(best);
  }
//+------------------------------------------------------------------+
int CPriceSeries::MinIndex(const int start, const int count) const
  {
   return(Extremum(start, count, true));
  }
//+------------------------------------------------------------------+
double CPriceSeries::MinValue(const int start, const int count, int &index) const
  {
   index = Extremum(start, count, true);
   return(index < 0 ? EMPTY_VALUE : GetData(index));
  }
//+------------------------------------------------------------------+
int CPriceSeries::MaxIndex(const int start, const int count) const
  {
   return(Extremum(start, count, false));
  }
//+------------------------------------------------------------------+
double CPriceSeries::MaxValue(const int start, const int count, int &index) const
  {
   index = Extremum(start, count, false);
   return(index < 0 ? EMPTY_VALUE : GetData(index));
  }
//+------------------------------------------------------------------+
bool CPriceSeries::CreateSeries(const string symbol, const ENUM_TIMEFRAMES period, CDoubleBuffer *buffer, const string name)
  {
   Clear();
   SetSymbolPeriod(symbol, period);
   buffer.SetSymbolPeriod(m_symbol, m_period);
   buffer.Size(m_buffer_size);
   if(!Add(buffer))
     {
      delete buffer;
      return(false);
     }
   m_name = name;
   m_buffers_total = 1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Open prices.                                                     |
//+------------------------------------------------------------------+
class CiOpen : public CPriceSeries
  {
public:
                     CiOpen(void) {}
                    ~CiOpen(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period) { return(CreateSeries(symbol, period, new COpenBuffer, "Open")); }
   double            GetData(const int index) const { return(CPriceSeries::GetData(index)); }
   int               GetData(const int start_pos, const int count, double &buffer[]) const { return(CopyOpen(m_symbol, m_period, start_pos, count, buffer)); }
   int               GetData(const datetime start_time, const int count, double &buffer[]) const { return(CopyOpen(m_symbol, m_period, start_time, count, buffer)); }
   int               GetData(const datetime start_time, const datetime stop_time, double &buffer[]) const { return(CopyOpen(m_symbol, m_period, start_time, stop_time, buffer)); }
  };
//+------------------------------------------------------------------+
//| High prices.                                                     |
//+------------------------------------------------------------------+
class CiHigh : public CPriceSeries
  {
public:
                     CiHigh(void) {}
                    ~CiHigh(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period) { return(CreateSeries(symbol, period, new CHighBuffer, "High")); }
   double            GetData(const int index) const { return(CPriceSeries::GetData(index)); }
   int               GetData(const int start_pos, const int count, double &buffer[]) const { return(CopyHigh(m_symbol, m_period, start_pos, count, buffer)); }
   int               GetData(const datetime start_time, const int count, double &buffer[]) const { return(CopyHigh(m_symbol, m_period, start_time, count, buffer)); }
   int               GetData(const datetime start_time, const datetime stop_time, double &buffer[]) const { return(CopyHigh(m_symbol, m_period, start_time, stop_time, buffer)); }
  };
//+------------------------------------------------------------------+
//| Low prices.                                                      |
//+------------------------------------------------------------------+
class CiLow : public CPriceSeries
  {
public:
                     CiLow(void) {}
                    ~CiLow(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period) { return(CreateSeries(symbol, period, new CLowBuffer, "Low")); }
   double            GetData(const int index) const { return(CPriceSeries::GetData(index)); }
   int               GetData(const int start_pos, const int count, double &buffer[]) const { return(CopyLow(m_symbol, m_period, start_pos, count, buffer)); }
   int               GetData(const datetime start_time, const int count, double &buffer[]) const { return(CopyLow(m_symbol, m_period, start_time, count, buffer)); }
   int               GetData(const datetime start_time, const datetime stop_time, double &buffer[]) const { return(CopyLow(m_symbol, m_period, start_time, stop_time, buffer)); }
  };
//+------------------------------------------------------------------+
//| Close prices.                                                    |
//+------------------------------------------------------------------+
class CiClose : public CPriceSeries
  {
public:
                     CiClose(void) {}
                    ~CiClose(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period) { return(CreateSeries(symbol, period, new CCloseBuffer, "Close")); }
   double            GetData(const int index) const { return(CPriceSeries::GetData(index)); }
   int               GetData(const int start_pos, const int count, double &buffer[]) const { return(CopyClose(m_symbol, m_period, start_pos, count, buffer)); }
   int               GetData(const datetime start_time, const int count, double &buffer[]) const { return(CopyClose(m_symbol, m_period, start_time, count, buffer)); }
   int               GetData(const datetime start_time, const datetime stop_time, double &buffer[]) const { return(CopyClose(m_symbol, m_period, start_time, stop_time, buffer)); }
  };
//+------------------------------------------------------------------+
//| Buffer of spreads (int) in series order.                         |
//+------------------------------------------------------------------+
class CSpreadBuffer : public CArrayInt
  {
protected:
   string            m_symbol;
   ENUM_TIMEFRAMES   m_period;
   int               m_size;

public:
                     CSpreadBuffer(void) : m_symbol(""), m_period(PERIOD_CURRENT), m_size(DEFAULT_BUFFER_SIZE) {}
                    ~CSpreadBuffer(void) {}
   int               Size(void) const { return(m_size); }
   void              Size(const int size) { if(size > 0) m_size = size; }
   int               At(const int index) const { return((index < 0 || index >= m_data_total) ? INT_MAX : m_data[m_data_total - 1 - index]); }
   void              SetSymbolPeriod(const string symbol, const ENUM_TIMEFRAMES period) { m_symbol = symbol; m_period = period; }
   virtual bool      Refresh(void);
  };
//+------------------------------------------------------------------+
bool CSpreadBuffer::Refresh(void)
  {
   int copied = CopySpread(m_symbol, m_period, 0, m_size, m_data);
   m_sort_mode = -1;
   m_data_total = (copied > 0) ? copied : 0;
   m_data_max = ArraySize(m_data);
   return(copied > 0);
  }
//+------------------------------------------------------------------+
//| Buffer of long values (times, volumes) in series order.          |
//+------------------------------------------------------------------+
class CLongBuffer : public CArrayLong
  {
protected:
   string            m_symbol;
   ENUM_TIMEFRAMES   m_period;
   int               m_size;

public:
                     CLongBuffer(void) : m_symbol(""), m_period(PERIOD_CURRENT), m_size(DEFAULT_BUFFER_SIZE) {}
                    ~CLongBuffer(void) {}
   int               Size(void) const { return(m_size); }
   void              Size(const int size) { if(size > 0) m_size = size; }
   long              At(const int index) const { return((index < 0 || index >= m_data_total) ? LONG_MAX : m_data[m_data_total - 1 - index]); }
   void              SetSymbolPeriod(const string symbol, const ENUM_TIMEFRAMES period) { m_symbol = symbol; m_period = period; }
   virtual bool      Refresh(void);

protected:
   virtual int       CopyData(const int start, const int count, long &dst[]) { return(-1); }
  };
//+------------------------------------------------------------------+
bool CLongBuffer::Refresh(void)
  {
   int copied = CopyData(0, m_size, m_data);
   m_sort_mode = -1;
   m_data_total = (copied > 0) ? copied : 0;
   m_data_max = ArraySize(m_data);
   return(copied > 0);
  }
//+------------------------------------------------------------------+
//| Bar open times.                                                  |
//+------------------------------------------------------------------+
class CTimeBuffer : public CLongBuffer
  {
public:
                     CTimeBuffer(void) {}

protected:
   virtual int       CopyData(const int start, const int count, long &dst[]);
  };
//+------------------------------------------------------------------+
int CTimeBuffer::CopyData(const int start, const int count, long &dst[])
  {
   datetime times[];
   int copied = CopyTime(m_symbol, m_period, start, count, times);
   if(copied <= 0)
      return(copied);
   ArrayResize(dst, copied);
   for(int i = 0; i < copied; i++)
      dst[i] = (long)times[i];
   return(copied);
  }
//+------------------------------------------------------------------+
//| Tick volumes and real volumes.                                   |
//+------------------------------------------------------------------+
class CTickVolumeBuffer : public CLongBuffer
  {
protected:
   virtual int       CopyData(const int start, const int count, long &dst[]) { return(CopyTickVolume(m_symbol, m_period, start, count, dst)); }
  };
class CRealVolumeBuffer : public CLongBuffer
  {
protected:
   virtual int       CopyData(const int start, const int count, long &dst[]) { return(CopyRealVolume(m_symbol, m_period, start, count, dst)); }
  };
//+------------------------------------------------------------------+
//| Spreads.                                                         |
//+------------------------------------------------------------------+
class CiSpread : public CSeries
  {
public:
                     CiSpread(void) {}
                    ~CiSpread(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period);
   virtual bool      BufferResize(const int size);
   virtual void      Refresh(const int flags = OBJ_ALL_PERIODS);
   int               GetData(const int index) const;
   int               GetData(const int start_pos, const int count, int &buffer[]) const { return(CopySpread(m_symbol, m_period, start_pos, count, buffer)); }
   int               GetData(const datetime start_time, const int count, int &buffer[]) const { return(CopySpread(m_symbol, m_period, start_time, count, buffer)); }
   int               GetData(const datetime start_time, const datetime stop_time, int &buffer[]) const { return(CopySpread(m_symbol, m_period, start_time, stop_time, buffer)); }
  };
//+------------------------------------------------------------------+
bool CiSpread::Create(const string symbol, const ENUM_TIMEFRAMES period)
  {
   Clear();
   SetSymbolPeriod(symbol, period);
   CSpreadBuffer *buffer = new CSpreadBuffer;
   buffer.SetSymbolPeriod(m_symbol, m_period);
   buffer.Size(m_buffer_size);
   if(!Add(buffer))
     {
      delete buffer;
      return(false);
     }
   m_name = "Spread";
   m_buffers_total = 1;
   return(true);
  }
//+------------------------------------------------------------------+
bool CiSpread::BufferResize(const int size)
  {
   if(!CSeries::BufferResize(size))
      return(false);
   CSpreadBuffer *buffer = At(0);
   if(buffer != NULL)
      buffer.Size(size);
   return(true);
  }
//+------------------------------------------------------------------+
void CiSpread::Refresh(const int flags)
  {
   CSpreadBuffer *buffer = At(0);
   if(buffer != NULL)
      buffer.Refresh();
  }
//+------------------------------------------------------------------+
int CiSpread::GetData(const int index) const
  {
   CSpreadBuffer *buffer = At(0);
   return(buffer == NULL ? INT_MAX : buffer.At(index));
  }
//+------------------------------------------------------------------+
//| A series of long values (base of CiTime and the volumes).        |
//+------------------------------------------------------------------+
class CLongSeries : public CSeries
  {
public:
                     CLongSeries(void) {}
                    ~CLongSeries(void) {}
   virtual bool      BufferResize(const int size);
   virtual void      Refresh(const int flags = OBJ_ALL_PERIODS);

protected:
   bool              CreateSeries(const string symbol, const ENUM_TIMEFRAMES period, CLongBuffer *buffer, const string name);
   long              Value(const int index) const;
  };
//+------------------------------------------------------------------+
bool CLongSeries::BufferResize(const int size)
  {
   if(!CSeries::BufferResize(size))
      return(false);
   CLongBuffer *buffer = At(0);
   if(buffer != NULL)
      buffer.Size(size);
   return(true);
  }
//+------------------------------------------------------------------+
void CLongSeries::Refresh(const int flags)
  {
   CLongBuffer *buffer = At(0);
   if(buffer != NULL)
      buffer.Refresh();
  }
//+------------------------------------------------------------------+
bool CLongSeries::CreateSeries(const string symbol, const ENUM_TIMEFRAMES period, CLongBuffer *buffer, const string name)
  {
   Clear();
   SetSymbolPeriod(symbol, period);
   buffer.SetSymbolPeriod(m_symbol, m_period);
   buffer.Size(m_buffer_size);
   if(!Add(buffer))
     {
      delete buffer;
      return(false);
     }
   m_name = name;
   m_buffers_total = 1;
   return(true);
  }
//+------------------------------------------------------------------+
long CLongSeries::Value(const int index) const
  {
   CLongBuffer *buffer = At(0);
   return(buffer == NULL ? LONG_MAX : buffer.At(index));
  }
//+------------------------------------------------------------------+
//| Bar open times.                                                  |
//+------------------------------------------------------------------+
class CiTime : public CLongSeries
  {
public:
                     CiTime(void) {}
                    ~CiTime(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period) { return(CreateSeries(symbol, period, new CTimeBuffer, "Time")); }
   datetime          GetData(const int index) const { return((datetime)Value(index)); }
   int               GetData(const int start_pos, const int count, datetime &buffer[]) const { return(CopyTime(m_symbol, m_period, start_pos, count, buffer)); }
   int               GetData(const datetime start_time, const int count, datetime &buffer[]) const { return(CopyTime(m_symbol, m_period, start_time, count, buffer)); }
   int               GetData(const datetime start_time, const datetime stop_time, datetime &buffer[]) const { return(CopyTime(m_symbol, m_period, start_time, stop_time, buffer)); }
  };
//+------------------------------------------------------------------+
//| Tick volumes.                                                    |
//+------------------------------------------------------------------+
class CiTickVolume : public CLongSeries
  {
public:
                     CiTickVolume(void) {}
                    ~CiTickVolume(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period) { return(CreateSeries(symbol, period, new CTickVolumeBuffer, "TickVolume")); }
   long              GetData(const int index) const { return(Value(index)); }
   int               GetData(const int start_pos, const int count, long &buffer[]) const { return(CopyTickVolume(m_symbol, m_period, start_pos, count, buffer)); }
   int               GetData(const datetime start_time, const int count, long &buffer[]) const { return(CopyTickVolume(m_symbol, m_period, start_time, count, buffer)); }
   int               GetData(const datetime start_time, const datetime stop_time, long &buffer[]) const { return(CopyTickVolume(m_symbol, m_period, start_time, stop_time, buffer)); }
  };
//+------------------------------------------------------------------+
//| Real (exchange) volumes.                                         |
//+------------------------------------------------------------------+
class CiRealVolume : public CLongSeries
  {
public:
                     CiRealVolume(void) {}
                    ~CiRealVolume(void) {}
   bool              Create(const string symbol, const ENUM_TIMEFRAMES period) { return(CreateSeries(symbol, period, new CRealVolumeBuffer, "RealVolume")); }
   long              GetData(const int index) const { return(Value(index)); }
   int               GetData(const int start_pos, const int count, long &buffer[]) const { return(CopyRealVolume(m_symbol, m_period, start_pos, count, buffer)); }
   int               GetData(const datetime start_time, const int count, long &buffer[]) const { return(CopyRealVolume(m_symbol, m_period, start_time, count, buffer)); }
   int               GetData(const datetime start_time, const datetime stop_time, long &buffer[]) const { return(CopyRealVolume(m_symbol, m_period, start_time, stop_time, buffer)); }
  };
//+------------------------------------------------------------------+
