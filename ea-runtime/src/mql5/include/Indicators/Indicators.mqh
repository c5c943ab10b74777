//+------------------------------------------------------------------+
//| Indicators/Indicators.mqh — CIndicators (Standard Library) and   |
//| every series and indicator class.                                |
//|                                                                  |
//| CIndicators is a CArrayObj of series and indicators (CSeries)    |
//| refreshed together: Refresh() calls each one's Refresh. It owns  |
//| the objects made with `new` that are added to it (FreeMode);     |
//| objects added with GetPointer stay their owner's.                |
//| Create(symbol, period, ENUM_INDICATOR, …) needs IndicatorCreate, |
//| which this runtime does not have yet: it is not declared.        |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "TimeSeries.mqh"
#include "Trend.mqh"
#include "Oscilators.mqh"
#include "Volumes.mqh"
#include "BillWilliams.mqh"

class CIndicators : public CArrayObj
  {
public:
                     CIndicators(void) {}
                    ~CIndicators(void) {}
   //--- refreshes every series; returns the OBJ_PERIOD_* flags of their timeframes
   int               Refresh(void);
   //--- makes every series keep `size` bars
   bool              BufferResize(const int size);
  };
//+------------------------------------------------------------------+
int CIndicators::Refresh(void)
  {
   int flags = 0;
   for(int i = 0; i < Total(); i++)
     {
      CSeries *series = At(i);
      if(series == NULL)
         continue;
      series.Refresh(OBJ_ALL_PERIODS);
      flags |= series.Timeframe();
     }
   return(flags);
  }
//+------------------------------------------------------------------+
bool CIndicators::BufferResize(const int size)
  {
   bool result = true;
   for(int i = 0; i < Total(); i++)
     {
      CSeries *series = At(i);
      if(series != NULL && !series.BufferResize(size))
         result = false;
     }
   return(result);
  }
//+------------------------------------------------------------------+
