//+------------------------------------------------------------------+
//| Expert/Money/MoneyFixedMargin.mqh — CMoneyFixedMargin (Standard  |
//| Library): the MQL5 Wizard's money module using a fixed share of  |
//| the free margin.                                                 |
//|                                                                  |
//| The volume whose margin is Percent % of the free margin          |
//| (CAccountInfo::MaxLotCheck: rounded down to the volume step, 0   |
//| below the minimum volume).                                       |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Trading with fixed margin                                  |
//| Type=Money                                                       |
//| Name=FixMargin                                                   |
//| Class=CMoneyFixedMargin                                          |
//| Page=money_fixed_margin                                          |
//| Parameter=Percent,double,10.0,Percentage of margin               |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertMoney.mqh>

class CMoneyFixedMargin : public CExpertMoney
  {
public:
                     CMoneyFixedMargin(void) {}
                    ~CMoneyFixedMargin(void) {}
   virtual double    CheckOpenLong(double price, double sl);
   virtual double    CheckOpenShort(double price, double sl);
  };
//+------------------------------------------------------------------+
double CMoneyFixedMargin::CheckOpenLong(double price, double sl)
  {
   if(m_symbol == NULL)
      return(0.0);
   if(price == 0.0 || price == EMPTY_VALUE)
     {
      m_symbol.RefreshRates();
      price = m_symbol.Ask();
     }
   return(m_account.MaxLotCheck(m_symbol.Name(), ORDER_TYPE_BUY, price, m_percent));
  }
//+------------------------------------------------------------------+
double CMoneyFixedMargin::CheckOpenShort(double price, double sl)
  {
   if(m_symbol == NULL)
      return(0.0);
   if(price == 0.0 || price == EMPTY_VALUE)
     {
      m_symbol.RefreshRates();
      price = m_symbol.Bid();
     }
   return(m_account.MaxLotCheck(m_symbol.Name(), ORDER_TYPE_SELL, price, m_percent));
  }
//+------------------------------------------------------------------+
