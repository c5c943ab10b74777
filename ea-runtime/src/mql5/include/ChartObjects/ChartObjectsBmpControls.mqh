//+------------------------------------------------------------------+
//| ChartObjects/ChartObjectsBmpControls.mqh — the pictures          |
//| (Standard Library): CChartObjectBitmap (OBJ_BITMAP, at a time    |
//| and price) and CChartObjectBmpLabel (OBJ_BITMAP_LABEL, placed in |
//| pixels, with an "on" and an "off" picture and a state).          |
//| The server keeps the picture names (OBJPROP_BMPFILE) but draws   |
//| nothing from them: resources are not available here.             |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ChartObject.mqh"

//+------------------------------------------------------------------+
//| Picture at a time and price.                                     |
//+------------------------------------------------------------------+
class CChartObjectBitmap : public CChartObject
  {
public:
                     CChartObjectBitmap(void) {}
                    ~CChartObjectBitmap(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price);
   string            BmpFile(void) const { return(GetString(OBJPROP_BMPFILE)); }
   bool              BmpFile(const string name) const { return(SetString(OBJPROP_BMPFILE, name)); }
   int               X_Offset(void) const { return((int)GetInteger(OBJPROP_XOFFSET)); }
   bool              X_Offset(const int X) const { return(SetInteger(OBJPROP_XOFFSET, X)); }
   int               Y_Offset(void) const { return((int)GetInteger(OBJPROP_YOFFSET)); }
   bool              Y_Offset(const int Y) const { return(SetInteger(OBJPROP_YOFFSET, Y)); }
   virtual int       Type(void) const { return(OBJ_BITMAP); }
  };
bool CChartObjectBitmap::Create(long chart_id, const string name, const int window, const datetime time, const double price)
  {
   if(!ObjectCreate(chart_id, name, OBJ_BITMAP, window, time, price))
      return(false);
   return(Attach(chart_id, name, window, 1));
  }
//+------------------------------------------------------------------+
//| Picture placed in pixels from a corner, with two states.         |
//+------------------------------------------------------------------+
class CChartObjectBmpLabel : public CChartObject
  {
public:
                     CChartObjectBmpLabel(void) {}
                    ~CChartObjectBmpLabel(void) {}
   bool              Create(long chart_id, const string name, const int window, const int X, const int Y);
   int               X_Distance(void) const { return((int)GetInteger(OBJPROP_XDISTANCE)); }
   bool              X_Distance(const int X) const { return(SetInteger(OBJPROP_XDISTANCE, X)); }
   int               Y_Distance(void) const { return((int)GetInteger(OBJPROP_YDISTANCE)); }
   bool              Y_Distance(const int Y) const { return(SetInteger(OBJPROP_YDISTANCE, Y)); }
   int               X_Size(void) const { return((int)GetInteger(OBJPROP_XSIZE)); }
   int               Y_Size(void) const { return((int)GetInteger(OBJPROP_YSIZE)); }
   int               X_Offset(void) const { return((int)GetInteger(OBJPROP_XOFFSET)); }
   bool              X_Offset(const int X) const { return(SetInteger(OBJPROP_XOFFSET, X)); }
   int               Y_Offset(void) const { return((int)GetInteger(OBJPROP_YOFFSET)); }
   bool              Y_Offset(const int Y) const { return(SetInteger(OBJPROP_YOFFSET, Y)); }
   ENUM_BASE_CORNER  Corner(void) const;
   bool              Corner(const ENUM_BASE_CORNER corner) const { return(SetInteger(OBJPROP_CORNER, (long)corner)); }
   //--- pictures: modifier 0 = on (pressed), 1 = off
   string            BmpFileOn(void) const { return(GetString(OBJPROP_BMPFILE, 0)); }
   bool              BmpFileOn(const string name) const { return(SetString(OBJPROP_BMPFILE, 0, name)); }
   string            BmpFileOff(void) const { return(GetString(OBJPROP_BMPFILE, 1)); }
   bool              BmpFileOff(const string name) const { return(SetString(OBJPROP_BMPFILE, 1, name)); }
   bool              State(void) const { return(GetFlag(OBJPROP_STATE)); }
   bool              State(const bool state) const { return(SetInteger(OBJPROP_STATE, state)); }
   //--- a picture label has no time/price coordinates
   bool              Time(const datetime time) const { return(false); }
   bool              Price(const double price) const { return(false); }
   virtual int       Type(void) const { return(OBJ_BITMAP_LABEL); }
  };
bool CChartObjectBmpLabel::Create(long chart_id, const string name, const int window, const int X, const int Y)
  {
   if(!ObjectCreate(chart_id, name, OBJ_BITMAP_LABEL, window, 0, 0.0))
      return(false);
   if(!Attach(chart_id, name, window, 1))
      return(false);
   return(X_Distance(X) && Y_Distance(Y));
  }
ENUM_BASE_CORNER CChartObjectBmpLabel::Corner(void) const
  {
   if(m_chart_id == -1)
      return((ENUM_BASE_CORNER)WRONG_VALUE);
   return((ENUM_BASE_CORNER)ObjectGetInteger(m_chart_id, m_name, OBJPROP_CORNER));
  }
