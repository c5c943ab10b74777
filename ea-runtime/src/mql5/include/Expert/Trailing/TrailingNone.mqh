//+------------------------------------------------------------------+
//| Expert/Trailing/TrailingNone.mqh — CTrailingNone (Standard       |
//| Library): the MQL5 Wizard's "no trailing stop" module.           |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Trailing Stop not used                                     |
//| Type=Trailing                                                    |
//| Name=None                                                        |
//| Class=CTrailingNone                                              |
//| Page=trailing_none                                               |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertTrailing.mqh>

class CTrailingNone : public CExpertTrailing
  {
public:
                     CTrailingNone(void) {}
                    ~CTrailingNone(void) {}
   virtual bool      CheckTrailingStopLong(CPositionInfo *position, double &sl, double &tp) { return(false); }
   virtual bool      CheckTrailingStopShort(CPositionInfo *position, double &sl, double &tp) { return(false); }
  };
//+------------------------------------------------------------------+
