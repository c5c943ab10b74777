//+------------------------------------------------------------------+
//| ChartObjects/ChartObjectsLines.mqh — the line objects (Standard  |
//| Library): CChartObjectVLine (OBJ_VLINE), CChartObjectHLine       |
//| (OBJ_HLINE), CChartObjectTrend (OBJ_TREND), CChartObjectTrend-   |
//| ByAngle (OBJ_TRENDBYANGLE), CChartObjectCycles (OBJ_CYCLES) and  |
//| CChartObjectArrowedLine (OBJ_ARROWED_LINE).                      |
//|                                                                  |
//| Create makes the object on a chart (0 = the current chart) and   |
//| binds to it; false if ObjectCreate fails (a name taken by an     |
//| object of another type, a missing subwindow…).                   |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ChartObject.mqh"

//+------------------------------------------------------------------+
//| Vertical line: one anchor point, its time.                       |
//+------------------------------------------------------------------+
class CChartObjectVLine : public CChartObject
  {
public:
                     CChartObjectVLine(void) {}
                    ~CChartObjectVLine(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time);
   virtual int       Type(void) const { return(OBJ_VLINE); }
  };
bool CChartObjectVLine::Create(long chart_id, const string name, const int window, const datetime time)
  {
   if(!ObjectCreate(chart_id, name, OBJ_VLINE, window, time, 0.0))
      return(false);
   return(Attach(chart_id, name, window, 1));
  }
//+------------------------------------------------------------------+
//| Horizontal line: one anchor point, its price.                    |
//+------------------------------------------------------------------+
class CChartObjectHLine : public CChartObject
  {
public:
                     CChartObjectHLine(void) {}
                    ~CChartObjectHLine(void) {}
   bool              Create(long chart_id, const string name, const int window, const double price);
   virtual int       Type(void) const { return(OBJ_HLINE); }
  };
bool CChartObjectHLine::Create(long chart_id, const string name, const int window, const double price)
  {
   if(!ObjectCreate(chart_id, name, OBJ_HLINE, window, 0, price))
      return(false);
   return(Attach(chart_id, name, window, 1));
  }
//+------------------------------------------------------------------+
//| Trend line through two points, with rays to the left and right.  |
//+------------------------------------------------------------------+
class CChartObjectTrend : public CChartObject
  {
public:
                     CChartObjectTrend(void) {}
                    ~CChartObjectTrend(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2);
   bool              RayLeft(void) const { return(GetFlag(OBJPROP_RAY_LEFT)); }
   bool              RayLeft(const bool new_ray) const { return(SetInteger(OBJPROP_RAY_LEFT, new_ray)); }
   bool              RayRight(void) const { return(GetFlag(OBJPROP_RAY_RIGHT)); }
   bool              RayRight(const bool new_ray) const { return(SetInteger(OBJPROP_RAY_RIGHT, new_ray)); }
   virtual int       Type(void) const { return(OBJ_TREND); }
   //--- file storage: CChartObject's record, then the two ray flags
   virtual bool      Save(const int file_handle);
   virtual bool      Load(const int file_handle);
  };
bool CChartObjectTrend::Create(long chart_id, const string name, const int window,
                               const datetime time1, const double price1,
                               const datetime time2, const double price2)
  {
   if(!ObjectCreate(chart_id, name, OBJ_TREND, window, time1, price1, time2, price2))
      return(false);
   return(Attach(chart_id, name, window, 2));
  }
bool CChartObjectTrend::Save(const int file_handle)
  {
   if(!CChartObject::Save(file_handle))
      return(false);
   return(SaveInteger(file_handle, OBJPROP_RAY_LEFT) && SaveInteger(file_handle, OBJPROP_RAY_RIGHT));
  }
bool CChartObjectTrend::Load(const int file_handle)
  {
   if(!CChartObject::Load(file_handle))
      return(false);
   return(LoadInteger(file_handle, OBJPROP_RAY_LEFT) && LoadInteger(file_handle, OBJPROP_RAY_RIGHT));
  }
//+------------------------------------------------------------------+
//| Trend line by angle: two points, the angle in degrees.           |
//+------------------------------------------------------------------+
class CChartObjectTrendByAngle : public CChartObjectTrend
  {
public:
                     CChartObjectTrendByAngle(void) {}
                    ~CChartObjectTrendByAngle(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2);
   double            Angle(void) const { return(GetDouble(OBJPROP_ANGLE)); }
   bool              Angle(const double angle) const { return(SetDouble(OBJPROP_ANGLE, angle)); }
   virtual int       Type(void) const { return(OBJ_TRENDBYANGLE); }
  };
bool CChartObjectTrendByAngle::Create(long chart_id, const string name, const int window,
                                      const datetime time1, const double price1,
                                      const datetime time2, const double price2)
  {
   if(!ObjectCreate(chart_id, name, OBJ_TRENDBYANGLE, window, time1, price1, time2, price2))
      return(false);
   return(Attach(chart_id, name, window, 2));
  }
//+------------------------------------------------------------------+
//| Cycle lines: two points fix the interval.                        |
//+------------------------------------------------------------------+
class CChartObjectCycles : public CChartObject
  {
public:
                     CChartObjectCycles(void) {}
                    ~CChartObjectCycles(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2);
   virtual int       Type(void) const { return(OBJ_CYCLES); }
  };
bool CChartObjectCycles::Create(long chart_id, const string name, const int window,
                                const datetime time1, const double price1,
                                const datetime time2, const double price2)
  {
   if(!ObjectCreate(chart_id, name, OBJ_CYCLES, window, time1, price1, time2, price2))
      return(false);
   return(Attach(chart_id, name, window, 2));
  }
//+------------------------------------------------------------------+
//| Arrowed line: a trend line ending in an arrow.                   |
//+------------------------------------------------------------------+
class CChartObjectArrowedLine : public CChartObjectTrend
  {
public:
                     CChartObjectArrowedLine(void) {}
                    ~CChartObjectArrowedLine(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2);
   virtual int       Type(void) const { return(OBJ_ARROWED_LINE); }
  };
bool CChartObjectArrowedLine::Create(long chart_id, const string name, const int window,
                                     const datetime time1, const double price1,
                                     const datetime time2, const double price2)
  {
   if(!ObjectCreate(chart_id, name, OBJ_ARROWED_LINE, window, time1, price1, time2, price2))
      return(false);
   return(Attach(chart_id, name, window, 2));
  }
