//+------------------------------------------------------------------+
//| Expert/Money/MoneyFixedRisk.mqh — CMoneyFixedRisk (Standard      |
//| Library): the MQL5 Wizard's money module risking a fixed share   |
//| of the balance.                                                  |
//|                                                                  |
//| The volume loses Percent % of the balance if the stop loss is    |
//| hit: balance × Percent / 100 over the loss of one lot from the   |
//| entry to the stop loss (OrderProfitCheck), rounded down to the   |
//| volume step, within the symbol's limits; the minimum volume when |
//| there is no stop loss.                                           |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Trading with fixed risk                                    |
//| Type=Money                                                       |
//| Name=FixRisk                                                     |
//| Class=CMoneyFixedRisk                                            |
//| Page=money_fixed_risk                                            |
//| Parameter=Percent,double,1.0,Risk percentage                     |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertMoney.mqh>

class CMoneyFixedRisk : public CExpertMoney
  {
public:
                     CMoneyFixedRisk(void) {}
                    ~CMoneyFixedRisk(void) {}
   virtual double    CheckOpenLong(double price, double sl) { return(Volume(ORDER_TYPE_BUY, price, sl)); }
   virtual double    CheckOpenShort(double price, double sl) { return(Volume(ORDER_TYPE_SELL, price, sl)); }

protected:
   double            Volume(ENUM_ORDER_TYPE type, double price, double sl);
  };
//+------------------------------------------------------------------+
double CMoneyFixedRisk::Volume(ENUM_ORDER_TYPE type, double price, double sl)
  {
   if(m_symbol == NULL)
      return(0.0);
   m_symbol.RefreshRates();
   if(price == 0.0 || price == EMPTY_VALUE)
      price = (type == ORDER_TYPE_BUY) ? m_symbol.Ask() : m_symbol.Bid();
   double min_lots = m_symbol.LotsMin();
   double max_lots = m_symbol.LotsMax();
   if(sl == 0.0)
      return(min_lots);
   double loss = -m_account.OrderProfitCheck(m_symbol.Name(), type, 1.0, price, sl);
   if(loss <= 0.0 || loss == EMPTY_VALUE)
      return(min_lots);
   double step = m_symbol.LotsStep();
   double lots = m_account.Balance() * m_percent / 100.0 / loss;
   if(step > 0.0)
      lots = step * MathFloor(lots / step + 1e-9);
   lots = NormalizeDouble(lots, 8);
   if(lots < min_lots)
      lots = min_lots;
   if(lots > max_lots)
      lots = max_lots;
   return(lots);
  }
//+------------------------------------------------------------------+
