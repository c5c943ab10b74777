//+------------------------------------------------------------------+
//| ChartObjects/ChartObjectsGann.mqh — the Gann tools (Standard     |
//| Library): CChartObjectGannLine (OBJ_GANNLINE), CChartObjectGann- |
//| Fan (OBJ_GANNFAN) and CChartObjectGannGrid (OBJ_GANNGRID). Each  |
//| is made from a first point, a second time and a scale (pips per  |
//| bar, OBJPROP_SCALE); the fan and the grid have a direction       |
//| (Downtrend: OBJPROP_DIRECTION = GANN_DOWN_TREND).                |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ChartObjectsLines.mqh"

//+------------------------------------------------------------------+
//| Gann line.                                                       |
//+------------------------------------------------------------------+
class CChartObjectGannLine : public CChartObjectTrendByAngle
  {
public:
                     CChartObjectGannLine(void) {}
                    ~CChartObjectGannLine(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1, const datetime time2, const double ppb);
   double            PipsPerBar(void) const { return(GetDouble(OBJPROP_SCALE)); }
   bool              PipsPerBar(const double ppb) const { return(SetDouble(OBJPROP_SCALE, ppb)); }
   virtual int       Type(void) const { return(OBJ_GANNLINE); }
  };
bool CChartObjectGannLine::Create(long chart_id, const string name, const int window,
                                  const datetime time1, const double price1, const datetime time2, const double ppb)
  {
   if(!ObjectCreate(chart_id, name, OBJ_GANNLINE, window, time1, price1, time2, 0.0))
      return(false);
   if(!Attach(chart_id, name, window, 2))
      return(false);
   return(PipsPerBar(ppb));
  }
//+------------------------------------------------------------------+
//| Gann fan.                                                        |
//+------------------------------------------------------------------+
class CChartObjectGannFan : public CChartObjectTrend
  {
public:
                     CChartObjectGannFan(void) {}
                    ~CChartObjectGannFan(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1, const datetime time2, const double ppb);
   double            PipsPerBar(void) const { return(GetDouble(OBJPROP_SCALE)); }
   bool              PipsPerBar(const double ppb) const { return(SetDouble(OBJPROP_SCALE, ppb)); }
   bool              Downtrend(void) const { return(GetInteger(OBJPROP_DIRECTION) == GANN_DOWN_TREND); }
   bool              Downtrend(const bool downtrend) const { return(SetInteger(OBJPROP_DIRECTION, downtrend ? GANN_DOWN_TREND : GANN_UP_TREND)); }
   virtual int       Type(void) const { return(OBJ_GANNFAN); }
  };
bool CChartObjectGannFan::Create(long chart_id, const string name, const int window,
                                 const datetime time1, const double price1, const datetime time2, const double ppb)
  {
   if(!ObjectCreate(chart_id, name, OBJ_GANNFAN, window, time1, price1, time2, 0.0))
      return(false);
   if(!Attach(chart_id, name, window, 2))
      return(false);
   return(PipsPerBar(ppb));
  }
//+------------------------------------------------------------------+
//| Gann grid.                                                       |
//+------------------------------------------------------------------+
class CChartObjectGannGrid : public CChartObjectTrend
  {
public:
                     CChartObjectGannGrid(void) {}
                    ~CChartObjectGannGrid(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1, const datetime time2, const double ppb);
   double            PipsPerBar(void) const { return(GetDouble(OBJPROP_SCALE)); }
   bool              PipsPerBar(const double ppb) const { return(SetDouble(OBJPROP_SCALE, ppb)); }
   bool              Downtrend(void) const { return(GetInteger(OBJPROP_DIRECTION) == GANN_DOWN_TREND); }
   bool              Downtrend(const bool downtrend) const { return(SetInteger(OBJPROP_DIRECTION, downtrend ? GANN_DOWN_TREND : GANN_UP_TREND)); }
   virtual int       Type(void) const { return(OBJ_GANNGRID); }
  };
bool CChartObjectGannGrid::Create(long chart_id, const string name, const int window,
                                  const datetime time1, const double price1, const datetime time2, const double ppb)
  {
   if(!ObjectCreate(chart_id, name, OBJ_GANNGRID, window, time1, price1, time2, 0.0))
      return(false);
   if(!Attach(chart_id, name, window, 2))
      return(false);
   return(PipsPerBar(ppb));
  }
