//+------------------------------------------------------------------+
//| Expert/ExpertTrailing.mqh — CExpertTrailing (Standard Library),  |
//| the trailing stop of the MQL5 Wizard's expert.                   |
//|                                                                  |
//| CheckTrailingStopLong/Short(position, sl, tp) return true with   |
//| the new stop loss and take profit of the selected position       |
//| (EMPTY_VALUE: leave it); this base never moves them.             |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ExpertBase.mqh"
#include <Trade/PositionInfo.mqh>

class CExpertTrailing : public CExpertBase
  {
public:
                     CExpertTrailing(void) {}
                    ~CExpertTrailing(void) {}
   virtual bool      CheckTrailingStopLong(CPositionInfo *position, double &sl, double &tp) { return(false); }
   virtual bool      CheckTrailingStopShort(CPositionInfo *position, double &sl, double &tp) { return(false); }
  };
//+------------------------------------------------------------------+
