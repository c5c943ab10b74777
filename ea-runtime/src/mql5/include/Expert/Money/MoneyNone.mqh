//+------------------------------------------------------------------+
//| Expert/Money/MoneyNone.mqh — CMoneyNone (Standard Library): the  |
//| MQL5 Wizard's money module trading the symbol's minimum volume.  |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Trading with minimal allowed trade volume                  |
//| Type=Money                                                       |
//| Name=MinLot                                                      |
//| Class=CMoneyNone                                                 |
//| Page=money_none                                                  |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertMoney.mqh>

class CMoneyNone : public CExpertMoney
  {
public:
                     CMoneyNone(void) {}
                    ~CMoneyNone(void) {}
   virtual double    CheckOpenLong(double price, double sl) { return(m_symbol == NULL ? 0.0 : m_symbol.LotsMin()); }
   virtual double    CheckOpenShort(double price, double sl) { return(m_symbol == NULL ? 0.0 : m_symbol.LotsMin()); }
  };
//+------------------------------------------------------------------+
