//+------------------------------------------------------------------+
//| Expert/Money/MoneyFixedLot.mqh — CMoneyFixedLot (Standard        |
//| Library): the MQL5 Wizard's money module trading a fixed volume. |
//|                                                                  |
//| Every position is Lots lots (a multiple of the volume step       |
//| within the symbol's limits, checked by ValidationSettings);      |
//| Percent is the stop-out of CExpertMoney::CheckClose.             |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Trading with fixed trade volume                            |
//| Type=Money                                                       |
//| Name=FixLot                                                      |
//| Class=CMoneyFixedLot                                             |
//| Page=money_fixed_lot                                             |
//| Parameter=Percent,double,10.0,Percent                            |
//| Parameter=Lots,double,0.1,Fixed volume                           |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertMoney.mqh>

class CMoneyFixedLot : public CExpertMoney
  {
protected:
   double            m_lots;

public:
                     CMoneyFixedLot(void) : m_lots(0.1) {}
                    ~CMoneyFixedLot(void) {}
   //--- parameters
   void              Lots(double lots) { m_lots = lots; }
   //--- checks
   virtual bool      ValidationSettings(void);
   virtual double    CheckOpenLong(double price, double sl) { return(m_lots); }
   virtual double    CheckOpenShort(double price, double sl) { return(m_lots); }
  };
//+------------------------------------------------------------------+
bool CMoneyFixedLot::ValidationSettings(void)
  {
   if(!CExpertMoney::ValidationSettings())
      return(false);
   double min_lots = m_symbol.LotsMin();
   double max_lots = m_symbol.LotsMax();
   double step = m_symbol.LotsStep();
   if(m_lots < min_lots || m_lots > max_lots)
     {
      PrintFormat("%s: the volume must be within %g..%g (%g)", __FUNCTION__, min_lots, max_lots, m_lots);
      return(false);
     }
   if(step > 0.0 && MathAbs(m_lots / step - MathRound(m_lots / step)) > 1.0e-10)
     {
      PrintFormat("%s: the volume must be a multiple of %g (%g)", __FUNCTION__, step, m_lots);
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
