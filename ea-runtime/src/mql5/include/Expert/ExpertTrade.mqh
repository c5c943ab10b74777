//+------------------------------------------------------------------+
//| Expert/ExpertTrade.mqh — CExpertTrade (Standard Library), the    |
//| CTrade of the MQL5 Wizard's expert.                              |
//|                                                                  |
//| Buy/Sell(volume, price, sl, tp) decide the order from the price  |
//| the signal asked for: at the market when the price is within the |
//| symbol's stops level of the current quote, else a limit or stop  |
//| order at that price (with the expiration set by                  |
//| SetOrderExpiration when the symbol allows a specified one).      |
//| Ordinary MQL5 source with bodies over the runtime's CTrade.      |
//+------------------------------------------------------------------+
#include <Trade/Trade.mqh>
#include <Trade/SymbolInfo.mqh>

class CExpertTrade : public CTrade
  {
protected:
   CSymbolInfo      *m_symbol;         // the expert's symbol (not owned)
   ENUM_ORDER_TYPE_TIME m_order_type_time;
   datetime          m_order_expiration;

public:
                     CExpertTrade(void) : m_symbol(NULL), m_order_type_time(ORDER_TIME_GTC), m_order_expiration(0) {}
                    ~CExpertTrade(void) {}
   //--- settings
   bool              SetSymbol(CSymbolInfo *symbol) { m_symbol = symbol; return(symbol != NULL); }
   bool              SetOrderTypeTime(ENUM_ORDER_TYPE_TIME order_type_time) { m_order_type_time = order_type_time; return(true); }
   bool              SetOrderExpiration(datetime order_expiration);
   //--- opening
   bool              Buy(double volume, double price, double sl, double tp, const string comment = "");
   bool              Sell(double volume, double price, double sl, double tp, const string comment = "");
  };
//+------------------------------------------------------------------+
//| Pending orders expire at `order_expiration` (0: good till        |
//| cancelled). False when the symbol does not take a specified      |
//| expiration: the expert then deletes the order itself.            |
//+------------------------------------------------------------------+
bool CExpertTrade::SetOrderExpiration(datetime order_expiration)
  {
   if(order_expiration == 0)
     {
      m_order_type_time = ORDER_TIME_GTC;
      m_order_expiration = 0;
      return(true);
     }
   string symbol = (m_symbol == NULL) ? _Symbol : m_symbol.Name();
   long modes = SymbolInfoInteger(symbol, SYMBOL_EXPIRATION_MODE);
   if((modes & SYMBOL_EXPIRATION_SPECIFIED) != 0)
     {
      m_order_type_time = ORDER_TIME_SPECIFIED;
      m_order_expiration = order_expiration;
      return(true);
     }
   m_order_type_time = ORDER_TIME_GTC;
   m_order_expiration = 0;
   return(false);
  }
//+------------------------------------------------------------------+
//| Buys at the market, or places a buy limit below / buy stop above |
//| the ask.                                                         |
//+------------------------------------------------------------------+
bool CExpertTrade::Buy(double volume, double price, double sl, double tp, const string comment)
  {
   if(m_symbol == NULL || volume <= 0.0)
      return(false);
   string symbol = m_symbol.Name();
   m_symbol.RefreshRates();
   double ask = m_symbol.Ask();
   double stops = m_symbol.StopsLevel() * m_symbol.Point();
   if(price != 0.0 && price != EMPTY_VALUE)
     {
      if(price > ask + stops)
         return(OrderOpen(symbol, ORDER_TYPE_BUY_STOP, volume, 0.0, m_symbol.NormalizePrice(price), sl, tp, m_order_type_time, m_order_expiration, comment));
      if(price < ask - stops)
         return(OrderOpen(symbol, ORDER_TYPE_BUY_LIMIT, volume, 0.0, m_symbol.NormalizePrice(price), sl, tp, m_order_type_time, m_order_expiration, comment));
     }
   return(PositionOpen(symbol, ORDER_TYPE_BUY, volume, ask, sl, tp, comment));
  }
//+------------------------------------------------------------------+
//| Sells at the market, or places a sell limit above / sell stop    |
//| below the bid.                                                   |
//+------------------------------------------------------------------+
bool CExpertTrade::Sell(double volume, double price, double sl, double tp, const string comment)
  {
   if(m_symbol == NULL || volume <= 0.0)
      return(false);
   string symbol = m_symbol.Name();
   m_symbol.RefreshRates();
   double bid = m_symbol.Bid();
   double stops = m_symbol.StopsLevel() * m_symbol.Point();
   if(price != 0.0 && price != EMPTY_VALUE)
     {
      if(price < bid - stops)
         return(OrderOpen(symbol, ORDER_TYPE_SELL_STOP, volume, 0.0, m_symbol.NormalizePrice(price), sl, tp, m_order_type_time, m_order_expiration, comment));
      if(price > bid + stops)
         return(OrderOpen(symbol, ORDER_TYPE_SELL_LIMIT, volume, 0.0, m_symbol.NormalizePrice(price), sl, tp, m_order_type_time, m_order_expiration, comment));
     }
   return(PositionOpen(symbol, ORDER_TYPE_SELL, volume, bid, sl, tp, comment));
  }
//+------------------------------------------------------------------+
