//+------------------------------------------------------------------+
//| Expert/ExpertMoney.mqh — CExpertMoney (Standard Library), the    |
//| money management of the MQL5 Wizard's expert.                    |
//|                                                                  |
//| CheckOpenLong/CheckOpenShort(price, sl) give the volume of a new |
//| position (0: do not open): this base gives the symbol's minimum  |
//| volume when Percent % of the free margin pays for it.            |
//| CheckReverse gives the volume of the opposite position.          |
//| CheckClose gives the volume to close at once: the whole position |
//| when its loss exceeds Percent % of the balance (0: never).       |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ExpertBase.mqh"
#include <Trade/AccountInfo.mqh>
#include <Trade/PositionInfo.mqh>

class CExpertMoney : public CExpertBase
  {
protected:
   double            m_percent;        // share of the free margin / balance risked, %
   CAccountInfo      m_account;

public:
                     CExpertMoney(void) : m_percent(10.0) {}
                    ~CExpertMoney(void) {}
   //--- parameters
   void              Percent(double percent) { m_percent = percent; }
   //--- initialisation
   virtual bool      ValidationSettings(void);
   //--- volumes
   virtual double    CheckOpenLong(double price, double sl);
   virtual double    CheckOpenShort(double price, double sl);
   virtual double    CheckReverse(CPositionInfo *position, double sl);
   virtual double    CheckClose(CPositionInfo *position);

protected:
   //--- `lots` rounded down to the volume step, within the symbol's limits (0 below the minimum)
   double            NormalizeLots(double lots);
  };
//+------------------------------------------------------------------+
bool CExpertMoney::ValidationSettings(void)
  {
   if(!CExpertBase::ValidationSettings())
      return(false);
   if(m_percent < 0.0 || m_percent > 100.0)
     {
      PrintFormat("%s: the percentage of money must be within 0..100 (%g)", __FUNCTION__, m_percent);
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| The minimum volume, when Percent % of the free margin covers it. |
//+------------------------------------------------------------------+
double CExpertMoney::CheckOpenLong(double price, double sl)
  {
   if(m_symbol == NULL)
      return(0.0);
   if(price == 0.0 || price == EMPTY_VALUE)
      price = m_symbol.Ask();
   double lots = m_account.MaxLotCheck(m_symbol.Name(), ORDER_TYPE_BUY, price, m_percent);
   if(lots < m_symbol.LotsMin())
      return(0.0);
   return(m_symbol.LotsMin());
  }
//+------------------------------------------------------------------+
double CExpertMoney::CheckOpenShort(double price, double sl)
  {
   if(m_symbol == NULL)
      return(0.0);
   if(price == 0.0 || price == EMPTY_VALUE)
      price = m_symbol.Bid();
   double lots = m_account.MaxLotCheck(m_symbol.Name(), ORDER_TYPE_SELL, price, m_percent);
   if(lots < m_symbol.LotsMin())
      return(0.0);
   return(m_symbol.LotsMin());
  }
//+------------------------------------------------------------------+
//| Volume of the position opposite to `position`.                   |
//+------------------------------------------------------------------+
double CExpertMoney::CheckReverse(CPositionInfo *position, double sl)
  {
   if(position == NULL || m_symbol == NULL)
      return(0.0);
   m_symbol.RefreshRates();
   if(position.PositionType() == POSITION_TYPE_BUY)
      return(CheckOpenShort(m_symbol.Bid(), sl));
   return(CheckOpenLong(m_symbol.Ask(), sl));
  }
//+------------------------------------------------------------------+
//| The whole position when it lost more than Percent % of the       |
//| balance.                                                         |
//+------------------------------------------------------------------+
double CExpertMoney::CheckClose(CPositionInfo *position)
  {
   if(position == NULL || m_percent == 0.0)
      return(0.0);
   if(-position.Profit() > m_account.Balance() * m_percent / 100.0)
      return(position.Volume());
   return(0.0);
  }
//+------------------------------------------------------------------+
double CExpertMoney::NormalizeLots(double lots)
  {
   double step = m_symbol.LotsStep();
   if(step > 0.0)
      lots = step * MathFloor(lots / step + 1e-9);
   lots = NormalizeDouble(lots, 8);
   if(lots < m_symbol.LotsMin())
      return(0.0);
   if(lots > m_symbol.LotsMax())
      lots = m_symbol.LotsMax();
   return(lots);
  }
//+------------------------------------------------------------------+
