//+------------------------------------------------------------------+
//| ChartObjects/ChartObjectsFibo.mqh — the Fibonacci tools          |
//| (Standard Library): CChartObjectFibo (OBJ_FIBO, retracement),    |
//| CChartObjectFiboTimes (OBJ_FIBOTIMES), CChartObjectFiboFan       |
//| (OBJ_FIBOFAN), CChartObjectFiboArc (OBJ_FIBOARC),                |
//| CChartObjectFiboChannel (OBJ_FIBOCHANNEL) and                    |
//| CChartObjectFiboExpansion (OBJ_EXPANSION). Their levels are read |
//| and changed with CChartObject's Level* methods.                  |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ChartObjectsLines.mqh"

//+------------------------------------------------------------------+
//| Fibonacci retracement between two points.                        |
//+------------------------------------------------------------------+
class CChartObjectFibo : public CChartObjectTrend
  {
public:
                     CChartObjectFibo(void) {}
                    ~CChartObjectFibo(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2);
   virtual int       Type(void) const { return(OBJ_FIBO); }
  };
bool CChartObjectFibo::Create(long chart_id, const string name, const int window,
                              const datetime time1, const double price1,
                              const datetime time2, const double price2)
  {
   if(!ObjectCreate(chart_id, name, OBJ_FIBO, window, time1, price1, time2, price2))
      return(false);
   return(Attach(chart_id, name, window, 2));
  }
//+------------------------------------------------------------------+
//| Fibonacci time zones.                                            |
//+------------------------------------------------------------------+
class CChartObjectFiboTimes : public CChartObject
  {
public:
                     CChartObjectFiboTimes(void) {}
                    ~CChartObjectFiboTimes(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2);
   virtual int       Type(void) const { return(OBJ_FIBOTIMES); }
  };
bool CChartObjectFiboTimes::Create(long chart_id, const string name, const int window,
                                   const datetime time1, const double price1,
                                   const datetime time2, const double price2)
  {
   if(!ObjectCreate(chart_id, name, OBJ_FIBOTIMES, window, time1, price1, time2, price2))
      return(false);
   return(Attach(chart_id, name, window, 2));
  }
//+------------------------------------------------------------------+
//| Fibonacci fan.                                                   |
//+------------------------------------------------------------------+
class CChartObjectFiboFan : public CChartObject
  {
public:
                     CChartObjectFiboFan(void) {}
                    ~CChartObjectFiboFan(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2);
   virtual int       Type(void) const { return(OBJ_FIBOFAN); }
  };
bool CChartObjectFiboFan::Create(long chart_id, const string name, const int window,
                                 const datetime time1, const double price1,
                                 const datetime time2, const double price2)
  {
   if(!ObjectCreate(chart_id, name, OBJ_FIBOFAN, window, time1, price1, time2, price2))
      return(false);
   return(Attach(chart_id, name, window, 2));
  }
//+------------------------------------------------------------------+
//| Fibonacci arcs, with a scale; drawn as full ellipses or not.     |
//+------------------------------------------------------------------+
class CChartObjectFiboArc : public CChartObject
  {
public:
                     CChartObjectFiboArc(void) {}
                    ~CChartObjectFiboArc(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2, const double scale);
   double            Scale(void) const { return(GetDouble(OBJPROP_SCALE)); }
   bool              Scale(const double scale) const { return(SetDouble(OBJPROP_SCALE, scale)); }
   bool              Ellipse(void) const { return(GetFlag(OBJPROP_ELLIPSE)); }
   bool              Ellipse(const bool ellipse) const { return(SetInteger(OBJPROP_ELLIPSE, ellipse)); }
   virtual int       Type(void) const { return(OBJ_FIBOARC); }
  };
bool CChartObjectFiboArc::Create(long chart_id, const string name, const int window,
                                 const datetime time1, const double price1,
                                 const datetime time2, const double price2, const double scale)
  {
   if(!ObjectCreate(chart_id, name, OBJ_FIBOARC, window, time1, price1, time2, price2))
      return(false);
   if(!Attach(chart_id, name, window, 2))
      return(false);
   return(Scale(scale));
  }
//+------------------------------------------------------------------+
//| Fibonacci channel.                                               |
//+------------------------------------------------------------------+
class CChartObjectFiboChannel : public CChartObjectTrend
  {
public:
                     CChartObjectFiboChannel(void) {}
                    ~CChartObjectFiboChannel(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2,
                            const datetime time3, const double price3);
   virtual int       Type(void) const { return(OBJ_FIBOCHANNEL); }
  };
bool CChartObjectFiboChannel::Create(long chart_id, const string name, const int window,
                                     const datetime time1, const double price1,
                                     const datetime time2, const double price2,
                                     const datetime time3, const double price3)
  {
   if(!ObjectCreate(chart_id, name, OBJ_FIBOCHANNEL, window, time1, price1, time2, price2, time3, price3))
      return(false);
   return(Attach(chart_id, name, window, 3));
  }
//+------------------------------------------------------------------+
//| Fibonacci expansion.                                             |
//+------------------------------------------------------------------+
class CChartObjectFiboExpansion : public CChartObjectTrend
  {
public:
                     CChartObjectFiboExpansion(void) {}
                    ~CChartObjectFiboExpansion(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2,
                            const datetime time3, const double price3);
   virtual int       Type(void) const { return(OBJ_EXPANSION); }
  };
bool CChartObjectFiboExpansion::Create(long chart_id, const string name, const int window,
                                       const datetime time1, const double price1,
                                       const datetime time2, const double price2,
                                       const datetime time3, const double price3)
  {
   if(!ObjectCreate(chart_id, name, OBJ_EXPANSION, window, time1, price1, time2, price2, time3, price3))
      return(false);
   return(Attach(chart_id, name, window, 3));
  }
