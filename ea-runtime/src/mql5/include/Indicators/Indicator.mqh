//+------------------------------------------------------------------+
//| Indicators/Indicator.mqh — CIndicatorBuffer and CIndicator       |
//| (Standard Library).                                              |
//|                                                                  |
//| CIndicator is the base of the technical indicator classes        |
//| (CiMA, CiRSI…): it holds the handle the class's Create got from  |
//| the i* function and one CIndicatorBuffer per indicator buffer.   |
//| Refresh() copies the buffers (CopyBuffer); GetData(buffer, index)|
//| and the classes' accessors (Main, Signal…) read bar `index`      |
//| (0 = newest) of the last Refresh, with the indicator's own plot  |
//| shift already applied, exactly as CopyBuffer returns it.         |
//| Chart output (AddToChart) is not available in this runtime.      |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "Series.mqh"

//+------------------------------------------------------------------+
//| One indicator buffer in series order.                            |
//+------------------------------------------------------------------+
class CIndicatorBuffer : public CDoubleBuffer
  {
protected:
   int               m_offset;         // At(i) reads bar i - offset
   string            m_name;           // buffer name ("MAIN_LINE")

public:
                     CIndicatorBuffer(void) : m_offset(0), m_name("") {}
                    ~CIndicatorBuffer(void) {}
   int               Offset(void) const { return(m_offset); }
   void              Offset(const int offset) { m_offset = offset; }
   string            Name(void) const { return(m_name); }
   void              Name(const string name) { m_name = name; }
   //--- value of bar `index` (0 = newest); EMPTY_VALUE when not there
   double            At(const int index) const { return(CDoubleBuffer::At(index - m_offset)); }
   double            operator[](const int index) const { return(At(index)); }
   //--- copies the last Size() values of buffer `num` of an indicator
   bool              Refresh(const int handle, const int num) { return(Store(CopyBuffer(handle, num, 0, m_size, m_data))); }
   //--- copies the value of the forming bar only
   bool              RefreshCurrent(const int handle, const int num);
  };
//+------------------------------------------------------------------+
bool CIndicatorBuffer::RefreshCurrent(const int handle, const int num)
  {
   if(m_data_total == 0)
      return(Refresh(handle, num));
   double last[];
   if(CopyBuffer(handle, num, 0, 1, last) != 1)
      return(false);
   m_data[m_data_total - 1] = last[0];
   return(true);
  }
//+------------------------------------------------------------------+
//| Base of the technical indicators.                                |
//+------------------------------------------------------------------+
class CIndicator : public CSeries
  {
protected:
   int               m_handle;         // INVALID_HANDLE until Create succeeds
   string            m_status;         // parameters and handle, for the journal
   bool              m_full_release;   // release the handle when destroyed
   bool              m_redrawer;

public:
                     CIndicator(void) : m_handle(INVALID_HANDLE), m_status(""), m_full_release(false), m_redrawer(false) {}
                    ~CIndicator(void) { if(m_full_release && m_handle != INVALID_HANDLE) IndicatorRelease(m_handle); }
   //--- attributes
   int               Handle(void) const { return(m_handle); }
   string            Status(void) const { return(m_status); }
   void              FullRelease(const bool flag = true) { m_full_release = flag; }
   void              Redrawer(const bool flag) { m_redrawer = flag; }
   //--- buffers
   virtual bool      BufferResize(const int size);
   int               BarsCalculated(void) const { return(::BarsCalculated(m_handle)); }
   virtual void      Refresh(const int flags = OBJ_ALL_PERIODS);
   //--- data of the last Refresh: buffer `buffer_num`, bar `index` (0 = newest)
   double            GetData(const int buffer_num, const int index) const;
   //--- data copied straight from the indicator
   int               GetData(const int start_pos, const int count, const int buffer_num, double &buffer[]) const { return(CopyBuffer(m_handle, buffer_num, start_pos, count, buffer)); }
   int               GetData(const datetime start_time, const int count, const int buffer_num, double &buffer[]) const { return(CopyBuffer(m_handle, buffer_num, start_time, count, buffer)); }
   int               GetData(const datetime start_time, const datetime stop_time, const int buffer_num, double &buffer[]) const { return(CopyBuffer(m_handle, buffer_num, start_time, stop_time, buffer)); }
   //--- lowest / highest of `count` bars from `start` of a buffer
   int               Minimum(const int buffer_num, const int start, const int count) const { return(Extremum(buffer_num, start, count, true)); }
   double            MinValue(const int buffer_num, const int start, const int count, int &index) const;
   int               Maximum(const int buffer_num, const int start, const int count) const { return(Extremum(buffer_num, start, count, false)); }
   double            MaxValue(const int buffer_num, const int start, const int count, int &index) const;
   //--- chart output (not available in this runtime)
   bool              AddToChart(const long chart, const int subwin) { return(false); }
   bool              DeleteFromChart(const long chart, const int subwin) { return(false); }
   //--- names of the parameter values
   string            MethodDescription(const int val) const;
   string            PriceDescription(const int val) const;
   string            VolumeDescription(const int val) const;

protected:
   //--- makes `buffers` empty buffers bound to the indicator's symbol and timeframe
   bool              CreateBuffers(const string symbol, const ENUM_TIMEFRAMES period, const int buffers);
   //--- takes a handle from an i* function (after SetSymbolPeriod) and makes the buffers
   bool              Attach(const int handle, const int buffers, const string name);
   int               Extremum(const int buffer_num, const int start, const int count, const bool lowest) const;
  };
//+------------------------------------------------------------------+
bool CIndicator::BufferResize(const int size)
  {
   if(!CSeries::BufferResize(size))
      return(false);
   for(int i = 0; i < Total(); i++)
     {
      CIndicatorBuffer *buffer = At(i);
      if(buffer != NULL)
         buffer.Size(size);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| Copies every buffer (the forming bar only when no new bar came). |
//+------------------------------------------------------------------+
void CIndicator::Refresh(const int flags)
  {
   if(m_handle == INVALID_HANDLE)
      return;
   bool full = NeedFullRefresh();
   for(int i = 0; i < Total(); i++)
     {
      CIndicatorBuffer *buffer = At(i);
      if(buffer == NULL)
         continue;
      if(full)
         buffer.Refresh(m_handle, i);
      else
         buffer.RefreshCurrent(m_handle, i);
     }
  }
//+------------------------------------------------------------------+
double CIndicator::GetData(const int buffer_num, const int index) const
  {
   CIndicatorBuffer *buffer = At(buffer_num);
   if(buffer == NULL)
      return(EMPTY_VALUE);
   return(buffer.At(index));
  }
//+------------------------------------------------------------------+
int CIndicator::Extremum(const int buffer_num, const int start, const int count, const bool lowest) const
  {
   CIndicatorBuffer *buffer = At(buffer_num);
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
double CIndicator::MinValue(const int buffer_num, const int start, const int count, int &index) const
  {
   index = Extremum(buffer_num, start, count, true);
   return(index < 0 ? EMPTY_VALUE : GetData(buffer_num, index));
  }
//+------------------------------------------------------------------+
double CIndicator::MaxValue(const int buffer_num, const int start, const int count, int &index) const
  {
   index = Extremum(buffer_num, start, count, false);
   return(index < 0 ? EMPTY_VALUE : GetData(buffer_num, index));
  }
//+------------------------------------------------------------------+
string CIndicator::MethodDescription(const int val) const
  {
   switch(val)
     {
      case MODE_SMA:  return("SMA");
      case MODE_EMA:  return("EMA");
      case MODE_SMMA: return("SMMA");
      case MODE_LWMA: return("LWMA");
     }
   return("Unknown");
  }
//+------------------------------------------------------------------+
string CIndicator::PriceDescription(const int val) const
  {
   switch(val)
     {
      case PRICE_CLOSE:    return("Close");
      case PRICE_OPEN:     return("Open");
      case PRICE_HIGH:     return("High");
      case PRICE_LOW:      return("Low");
      case PRICE_MEDIAN:   return("Median");
      case PRICE_TYPICAL:  return("Typical");
      case PRICE_WEIGHTED: return("Weighted");
     }
   //--- another indicator's handle used as the price
   return("Handle " + IntegerToString(val));
  }
//+------------------------------------------------------------------+
string CIndicator::VolumeDescription(const int val) const
  {
   switch(val)
     {
      case 0: return("Tick");    // VOLUME_TICK
      case 1: return("Real");    // VOLUME_REAL
     }
   return("Unknown");
  }
//+------------------------------------------------------------------+
bool CIndicator::CreateBuffers(const string symbol, const ENUM_TIMEFRAMES period, const int buffers)
  {
   Clear();
   m_buffers_total = 0;
   for(int i = 0; i < buffers; i++)
     {
      CIndicatorBuffer *buffer = new CIndicatorBuffer;
      buffer.SetSymbolPeriod(symbol, period);
      buffer.Size(m_buffer_size);
      if(!Add(buffer))
        {
         delete buffer;
         return(false);
        }
     }
   m_buffers_total = buffers;
   return(true);
  }
//+------------------------------------------------------------------+
bool CIndicator::Attach(const int handle, const int buffers, const string name)
  {
   if(m_handle != INVALID_HANDLE && m_handle != handle)
      IndicatorRelease(m_handle);
   m_handle = handle;
   m_name = name;
   if(handle == INVALID_HANDLE)
     {
      m_status = "(" + m_symbol + "," + PeriodDescription() + ") invalid parameters";
      Clear();
      m_buffers_total = 0;
      return(false);
     }
   m_status = "(" + m_symbol + "," + PeriodDescription() + ") H=" + IntegerToString(handle);
   m_last_bar = 0;
   return(CreateBuffers(m_symbol, m_period, buffers));
  }
//+------------------------------------------------------------------+
