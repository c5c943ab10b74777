//+------------------------------------------------------------------+
//| ChartObjects/ChartObjectsElliott.mqh — the Elliott wave marks    |
//| (Standard Library): CChartObjectElliottWave3 (OBJ_ELLIOTWAVE3,   |
//| three points) and CChartObjectElliottWave5 (OBJ_ELLIOTWAVE5,     |
//| five points), with their degree and whether lines join the       |
//| points.                                                          |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ChartObject.mqh"

//+------------------------------------------------------------------+
//| Correction wave (A-B-C).                                         |
//+------------------------------------------------------------------+
class CChartObjectElliottWave3 : public CChartObject
  {
public:
                     CChartObjectElliottWave3(void) {}
                    ~CChartObjectElliottWave3(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2,
                            const datetime time3, const double price3);
   ENUM_ELLIOT_WAVE_DEGREE Degree(void) const;
   bool              Degree(const ENUM_ELLIOT_WAVE_DEGREE degree) const { return(SetInteger(OBJPROP_DEGREE, (long)degree)); }
   bool              Lines(void) const { return(GetFlag(OBJPROP_DRAWLINES)); }
   bool              Lines(const bool lines) const { return(SetInteger(OBJPROP_DRAWLINES, lines)); }
   virtual int       Type(void) const { return(OBJ_ELLIOTWAVE3); }
  };
bool CChartObjectElliottWave3::Create(long chart_id, const string name, const int window,
                                      const datetime time1, const double price1,
                                      const datetime time2, const double price2,
                                      const datetime time3, const double price3)
  {
   if(!ObjectCreate(chart_id, name, OBJ_ELLIOTWAVE3, window, time1, price1, time2, price2, time3, price3))
      return(false);
   return(Attach(chart_id, name, window, 3));
  }
ENUM_ELLIOT_WAVE_DEGREE CChartObjectElliottWave3::Degree(void) const
  {
   if(m_chart_id == -1)
      return((ENUM_ELLIOT_WAVE_DEGREE)WRONG_VALUE);
   return((ENUM_ELLIOT_WAVE_DEGREE)ObjectGetInteger(m_chart_id, m_name, OBJPROP_DEGREE));
  }
//+------------------------------------------------------------------+
//| Impulse wave (1-2-3-4-5).                                        |
//+------------------------------------------------------------------+
class CChartObjectElliottWave5 : public CChartObjectElliottWave3
  {
public:
                     CChartObjectElliottWave5(void) {}
                    ~CChartObjectElliottWave5(void) {}
   bool              Create(long chart_id, const string name, const int window,
                            const datetime time1, const double price1,
                            const datetime time2, const double price2,
                            const datetime time3, const double price3,
                            const datetime time4, const double price4,
                            const datetime time5, const double price5);
   virtual int       Type(void) const { return(OBJ_ELLIOTWAVE5); }
  };
bool CChartObjectElliottWave5::Create(long chart_id, const string name, const int window,
                                      const datetime time1, const double price1,
                                      const datetime time2, const double price2,
                                      const datetime time3, const double price3,
                                      const datetime time4, const double price4,
                                      const datetime time5, const double price5)
  {
   if(!ObjectCreate(chart_id, name, OBJ_ELLIOTWAVE5, window, time1, price1, time2, price2,
                    time3, price3, time4, price4, time5, price5))
      return(false);
   return(Attach(chart_id, name, window, 5));
  }
