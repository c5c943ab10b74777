//+------------------------------------------------------------------+
//| ChartObjects/ChartObjectSubChart.mqh — class CChartObjectSubChart|
//| (Standard Library): a chart object (OBJ_CHART) placed in pixels, |
//| showing a symbol and timeframe at a scale, with or without its   |
//| date and price scales.                                           |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ChartObject.mqh"

class CChartObjectSubChart : public CChartObject
  {
public:
                     CChartObjectSubChart(void) {}
                    ~CChartObjectSubChart(void) {}
   bool              Create(long chart_id, const string name, const int window, const int X, const int Y, const int sizeX, const int sizeY);
   //--- placement and size in pixels
   int               X_Distance(void) const { return((int)GetInteger(OBJPROP_XDISTANCE)); }
   bool              X_Distance(const int X) const { return(SetInteger(OBJPROP_XDISTANCE, X)); }
   int               Y_Distance(void) const { return((int)GetInteger(OBJPROP_YDISTANCE)); }
   bool              Y_Distance(const int Y) const { return(SetInteger(OBJPROP_YDISTANCE, Y)); }
   ENUM_BASE_CORNER  Corner(void) const;
   bool              Corner(const ENUM_BASE_CORNER corner) const { return(SetInteger(OBJPROP_CORNER, (long)corner)); }
   int               X_Size(void) const { return((int)GetInteger(OBJPROP_XSIZE)); }
   bool              X_Size(const int size) const { return(SetInteger(OBJPROP_XSIZE, size)); }
   int               Y_Size(void) const { return((int)GetInteger(OBJPROP_YSIZE)); }
   bool              Y_Size(const int size) const { return(SetInteger(OBJPROP_YSIZE, size)); }
   //--- what it shows
   string            Symbol(void) const { return(GetString(OBJPROP_SYMBOL)); }
   bool              Symbol(const string symbol) const { return(SetString(OBJPROP_SYMBOL, symbol)); }
   int               Period(void) const { return((int)GetInteger(OBJPROP_PERIOD)); }
   bool              Period(const int period) const { return(SetInteger(OBJPROP_PERIOD, period)); }
   int               Scale(void) const { return((int)GetInteger(OBJPROP_CHART_SCALE)); }
   bool              Scale(const int scale) const { return(SetInteger(OBJPROP_CHART_SCALE, scale)); }
   bool              DateScale(void) const { return(GetFlag(OBJPROP_DATE_SCALE)); }
   bool              DateScale(const bool scale) const { return(SetInteger(OBJPROP_DATE_SCALE, scale)); }
   bool              PriceScale(void) const { return(GetFlag(OBJPROP_PRICE_SCALE)); }
   bool              PriceScale(const bool scale) const { return(SetInteger(OBJPROP_PRICE_SCALE, scale)); }
   //--- no time/price coordinates
   bool              Time(const datetime time) const { return(false); }
   bool              Price(const double price) const { return(false); }
   virtual int       Type(void) const { return(OBJ_CHART); }
  };
bool CChartObjectSubChart::Create(long chart_id, const string name, const int window, const int X, const int Y, const int sizeX, const int sizeY)
  {
   if(!ObjectCreate(chart_id, name, OBJ_CHART, window, 0, 0.0))
      return(false);
   if(!Attach(chart_id, name, window, 1))
      return(false);
   return(X_Distance(X) && Y_Distance(Y) && X_Size(sizeX) && Y_Size(sizeY));
  }
ENUM_BASE_CORNER CChartObjectSubChart::Corner(void) const
  {
   if(m_chart_id == -1)
      return((ENUM_BASE_CORNER)WRONG_VALUE);
   return((ENUM_BASE_CORNER)ObjectGetInteger(m_chart_id, m_name, OBJPROP_CORNER));
  }
