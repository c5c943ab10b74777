//+------------------------------------------------------------------+
//| ChartObjects/ChartObjectsShapes.mqh — the shapes (Standard       |
//| Library): CChartObjectRectangle (OBJ_RECTANGLE, two corners),    |
//| CChartObjectTriangle (OBJ_TRIANGLE, three vertices) and          |
//| CChartObjectEllipse (OBJ_ELLIPSE, three points). Fill() and      |
//| Fill(bool) (CChartObject) fill them.                             |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ChartObject.mqh"

//+------------------------------------------------------------------+
//| Rectangle between two opposite corners.                          |
//+------------------------------------------------------------------+
class CChartObjectRectangle : public CChartObject
  {
public:
                     CChartObjectRectangle(void) {}
                    ~CChartObjectRectangle(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2);
   virtual int       Type(void) const { return(OBJ_RECTANGLE); }
  };
bool CChartObjectRectangle::Create(long chart_id, const string name, const int window,
                                   const datetime time1, const double price1,
                                   const datetime time2, const double price2)
  {
   if(!ObjectCreate(chart_id, name, OBJ_RECTANGLE, window, time1, price1, time2, price2))
      return(false);
   return(Attach(chart_id, name, window, 2));
  }
//+------------------------------------------------------------------+
//| Triangle through three vertices.                                 |
//+------------------------------------------------------------------+
class CChartObjectTriangle : public CChartObject
  {
public:
                     CChartObjectTriangle(void) {}
                    ~CChartObjectTriangle(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2,
                            const datetime time3, const double price3);
   virtual int       Type(void) const { return(OBJ_TRIANGLE); }
  };
bool CChartObjectTriangle::Create(long chart_id, const string name, const int window,
                                  const datetime time1, const double price1,
                                  const datetime time2, const double price2,
                                  const datetime time3, const double price3)
  {
   if(!ObjectCreate(chart_id, name, OBJ_TRIANGLE, window, time1, price1, time2, price2, time3, price3))
      return(false);
   return(Attach(chart_id, name, window, 3));
  }
//+------------------------------------------------------------------+
//| Ellipse: the first two points are the ends of a diameter, the    |
//| third sets the other axis.                                       |
//+------------------------------------------------------------------+
class CChartObjectEllipse : public CChartObject
  {
public:
                     CChartObjectEllipse(void) {}
                    ~CChartObjectEllipse(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2,
                            const datetime time3, const double price3);
   virtual int       Type(void) const { return(OBJ_ELLIPSE); }
  };
bool CChartObjectEllipse::Create(long chart_id, const string name, const int window,
                                 const datetime time1, const double price1,
                                 const datetime time2, const double price2,
                                 const datetime time3, const double price3)
  {
   if(!ObjectCreate(chart_id, name, OBJ_ELLIPSE, window, time1, price1, time2, price2, time3, price3))
      return(false);
   return(Attach(chart_id, name, window, 3));
  }
