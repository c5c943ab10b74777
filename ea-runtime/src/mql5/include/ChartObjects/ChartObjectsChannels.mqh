//+------------------------------------------------------------------+
//| ChartObjects/ChartObjectsChannels.mqh — the channels (Standard   |
//| Library): CChartObjectChannel (OBJ_CHANNEL, equidistant: three   |
//| points), CChartObjectRegression (OBJ_REGRESSION: two times),     |
//| CChartObjectStdDevChannel (OBJ_STDDEVCHANNEL: two times and a    |
//| deviation) and CChartObjectPitchfork (OBJ_PITCHFORK: three       |
//| points). They derive from CChartObjectTrend (rays).              |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ChartObjectsLines.mqh"

//+------------------------------------------------------------------+
//| Equidistant channel.                                             |
//+------------------------------------------------------------------+
class CChartObjectChannel : public CChartObjectTrend
  {
public:
                     CChartObjectChannel(void) {}
                    ~CChartObjectChannel(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2,
                            const datetime time3, const double price3);
   virtual int       Type(void) const { return(OBJ_CHANNEL); }
  };
bool CChartObjectChannel::Create(long chart_id, const string name, const int window,
                                 const datetime time1, const double price1,
                                 const datetime time2, const double price2,
                                 const datetime time3, const double price3)
  {
   if(!ObjectCreate(chart_id, name, OBJ_CHANNEL, window, time1, price1, time2, price2, time3, price3))
      return(false);
   return(Attach(chart_id, name, window, 3));
  }
//+------------------------------------------------------------------+
//| Linear regression channel between two times.                     |
//+------------------------------------------------------------------+
class CChartObjectRegression : public CChartObjectTrend
  {
public:
                     CChartObjectRegression(void) {}
                    ~CChartObjectRegression(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time1, const datetime time2);
   virtual int       Type(void) const { return(OBJ_REGRESSION); }
  };
bool CChartObjectRegression::Create(long chart_id, const string name, const int window, const datetime time1, const datetime time2)
  {
   if(!ObjectCreate(chart_id, name, OBJ_REGRESSION, window, time1, 0.0, time2, 0.0))
      return(false);
   return(Attach(chart_id, name, window, 2));
  }
//+------------------------------------------------------------------+
//| Standard deviation channel between two times.                    |
//+------------------------------------------------------------------+
class CChartObjectStdDevChannel : public CChartObjectTrend
  {
public:
                     CChartObjectStdDevChannel(void) {}
                    ~CChartObjectStdDevChannel(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const datetime time2, const double deviation);
   double            Deviation(void) const { return(GetDouble(OBJPROP_DEVIATION)); }
   bool              Deviation(const double deviation) const { return(SetDouble(OBJPROP_DEVIATION, deviation)); }
   virtual int       Type(void) const { return(OBJ_STDDEVCHANNEL); }
  };
bool CChartObjectStdDevChannel::Create(long chart_id, const string name, const int window,
                                       const datetime time1, const datetime time2, const double deviation)
  {
   if(!ObjectCreate(chart_id, name, OBJ_STDDEVCHANNEL, window, time1, 0.0, time2, 0.0))
      return(false);
   if(!Attach(chart_id, name, window, 2))
      return(false);
   return(Deviation(deviation));
  }
//+------------------------------------------------------------------+
//| Andrews' pitchfork.                                              |
//+------------------------------------------------------------------+
class CChartObjectPitchfork : public CChartObjectTrend
  {
public:
                     CChartObjectPitchfork(void) {}
                    ~CChartObjectPitchfork(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2,
                            const datetime time3, const double price3);
   virtual int       Type(void) const { return(OBJ_PITCHFORK); }
  };
bool CChartObjectPitchfork::Create(long chart_id, const string name, const int window,
                                   const datetime time1, const double price1,
                                   const datetime time2, const double price2,
                                   const datetime time3, const double price3)
  {
   if(!ObjectCreate(chart_id, name, OBJ_PITCHFORK, window, time1, price1, time2, price2, time3, price3))
      return(false);
   return(Attach(chart_id, name, window, 3));
  }
