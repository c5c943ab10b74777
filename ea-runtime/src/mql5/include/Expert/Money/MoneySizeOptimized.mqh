//+------------------------------------------------------------------+
//| Expert/Money/MoneySizeOptimized.mqh — CMoneySizeOptimized        |
//| (Standard Library): the MQL5 Wizard's money module that trades   |
//| less after consecutive losses.                                   |
//|                                                                  |
//| The volume whose margin is Percent % of the free margin          |
//| (MaxLotCheck), reduced after two or more consecutive losing      |
//| deals on the symbol (the latest closed deals, newest first, up to|
//| the first winning one): volume - volume × losses /               |
//| DecreaseFactor, rounded to 2 decimals, then to the volume step,  |
//| within the symbol's limits.                                      |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
// wizard description start
//+------------------------------------------------------------------+
//| Description of the class                                         |
//| Title=Trading with optimized trade volume                        |
//| Type=Money                                                       |
//| Name=SizeOptimized                                               |
//| Class=CMoneySizeOptimized                                        |
//| Page=money_size_optimized                                        |
//| Parameter=DecreaseFactor,double,3.0,Decrease factor              |
//| Parameter=Percent,double,10.0,Percent                            |
//+------------------------------------------------------------------+
// wizard description end
#include <Expert/ExpertMoney.mqh>
#include <Trade/DealInfo.mqh>

class CMoneySizeOptimized : public CExpertMoney
  {
protected:
   double            m_decrease_factor;

public:
                     CMoneySizeOptimized(void) : m_decrease_factor(3.0) {}
                    ~CMoneySizeOptimized(void) {}
   //--- parameters
   void              DecreaseFactor(double decrease_factor) { m_decrease_factor = decrease_factor; }
   //--- checks
   virtual bool      ValidationSettings(void);
   virtual double    CheckOpenLong(double price, double sl);
   virtual double    CheckOpenShort(double price, double sl);

protected:
   double            Optimize(double lots);
  };
//+------------------------------------------------------------------+
bool CMoneySizeOptimized::ValidationSettings(void)
  {
   if(!CExpertMoney::ValidationSettings())
      return(false);
   if(m_decrease_factor <= 0.0)
     {
      PrintFormat("%s: the decrease factor must be greater than 0 (%g)", __FUNCTION__, m_decrease_factor);
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
double CMoneySizeOptimized::CheckOpenLong(double price, double sl)
  {
   if(m_symbol == NULL)
      return(0.0);
   if(price == 0.0 || price == EMPTY_VALUE)
     {
      m_symbol.RefreshRates();
      price = m_symbol.Ask();
     }
   return(Optimize(m_account.MaxLotCheck(m_symbol.Name(), ORDER_TYPE_BUY, price, m_percent)));
  }
//+------------------------------------------------------------------+
double CMoneySizeOptimized::CheckOpenShort(double price, double sl)
  {
   if(m_symbol == NULL)
      return(0.0);
   if(price == 0.0 || price == EMPTY_VALUE)
     {
      m_symbol.RefreshRates();
      price = m_symbol.Bid();
     }
   return(Optimize(m_account.MaxLotCheck(m_symbol.Name(), ORDER_TYPE_SELL, price, m_percent)));
  }
//+------------------------------------------------------------------+
//| Reduces `lots` after consecutive losses.                         |
//+------------------------------------------------------------------+
double CMoneySizeOptimized::Optimize(double lots)
  {
   double lot = lots;
   HistorySelect(0, TimeCurrent());
   int losses = 0;
   CDealInfo deal;
   for(int i = HistoryDealsTotal() - 1; i >= 0; i--)
     {
      ulong ticket = HistoryDealGetTicket(i);
      if(ticket == 0)
         break;
      deal.Ticket(ticket);
      if(deal.Symbol() != m_symbol.Name())
         continue;
      ENUM_DEAL_ENTRY entry = deal.Entry();
      if(entry != DEAL_ENTRY_OUT && entry != DEAL_ENTRY_INOUT && entry != DEAL_ENTRY_OUT_BY)
         continue;
      double profit = deal.Profit();
      if(profit > 0.0)
         break;
      if(profit < 0.0)
         losses++;
     }
   if(losses > 1)
      lot = NormalizeDouble(lot - lot * losses / m_decrease_factor, 2);
   double step = m_symbol.LotsStep();
   if(step > 0.0)
      lot = step * MathFloor(lot / step + 1e-9);
   lot = NormalizeDouble(lot, 8);
   if(lot < m_symbol.LotsMin())
      lot = m_symbol.LotsMin();
   if(lot > m_symbol.LotsMax())
      lot = m_symbol.LotsMax();
   return(lot);
  }
//+------------------------------------------------------------------+
