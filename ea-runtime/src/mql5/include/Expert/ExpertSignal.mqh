//+------------------------------------------------------------------+
//| Expert/ExpertSignal.mqh — CExpertSignal (Standard Library), the  |
//| trading signal of the MQL5 Wizard's expert.                      |
//|                                                                  |
//| A signal votes with LongCondition()/ShortCondition() (0…100 each;|
//| a module overrides them) times its Weight, and averages in the   |
//| Direction() of its filters (AddFilter): the sum of the votes     |
//| that are not zero, over their number (filters always count). A   |
//| filter answering EMPTY_VALUE forbids trading. Ignore/Invert are  |
//| bit masks over the filters' indexes.                             |
//| The expert opens a long when Direction() >= ThresholdOpen, a     |
//| short when -Direction() >= ThresholdOpen, closes a long when     |
//| -Direction() >= ThresholdClose (a short when Direction() >= it). |
//| Levels are in points of a 4/2-digit quote: the entry is          |
//| PriceLevel away from the quote (0: at the market; >0 better, a   |
//| limit order; <0 worse, a stop order), the stop loss StopLevel and|
//| the take profit TakeLevel away from the entry (0: none); pending |
//| orders expire after Expiration bars.                             |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ExpertBase.mqh"
#include <Trade/OrderInfo.mqh>

//--- is pattern `p` used (PatternsUsage bit p)
#define IS_PATTERN_USAGE(p) ((m_patterns_usage&(((int)1)<<(p)))!=0)

class CExpertSignal : public CExpertBase
  {
protected:
   double            m_base_price;     // entry base proposed by a condition (0: the quote)
   CArrayObj         m_filters;        // the filters (owned)
   double            m_weight;         // multiplier of this signal's own vote
   int               m_patterns_usage; // bit mask of the market models used
   int               m_general;        // index of the filter giving the levels (-1: this one)
   long              m_ignore;         // filters not polled (bit per index)
   long              m_invert;         // filters whose vote is reversed (bit per index)
   int               m_threshold_open; // 0…100
   int               m_threshold_close;// 0…100
   double            m_price_level;
   double            m_stop_level;
   double            m_take_level;
   int               m_expiration;     // bars
   double            m_direction;      // Direction() computed by SetDirection

public:
                     CExpertSignal(void) : m_base_price(0.0), m_weight(1.0), m_patterns_usage(-1), m_general(-1),
                                           m_ignore(0), m_invert(0), m_threshold_open(50), m_threshold_close(100),
                                           m_price_level(0.0), m_stop_level(0.0), m_take_level(0.0),
                                           m_expiration(0), m_direction(0.0) {}
                    ~CExpertSignal(void) {}
   //--- parameters
   void              BasePrice(double value) { m_base_price = value; }
   virtual int       UsedSeries(void);
   void              Weight(double value) { m_weight = value; }
   void              PatternsUsage(int value) { m_patterns_usage = value; }
   void              General(int value) { m_general = value; }
   void              Ignore(long value) { m_ignore = value; }
   void              Invert(long value) { m_invert = value; }
   void              ThresholdOpen(int value) { m_threshold_open = value; }
   void              ThresholdClose(int value) { m_threshold_close = value; }
   void              PriceLevel(double value) { m_price_level = value; }
   void              StopLevel(double value) { m_stop_level = value; }
   void              TakeLevel(double value) { m_take_level = value; }
   void              Expiration(int value) { m_expiration = value; }
   void              Magic(ulong value);
   //--- initialisation
   virtual bool      ValidationSettings(void);
   virtual bool      InitIndicators(CIndicators *indicators);
   virtual bool      AddFilter(CExpertSignal *filter);
   //--- the votes
   virtual int       LongCondition(void) { return(0); }
   virtual int       ShortCondition(void) { return(0); }
   virtual double    Direction(void);
   void              SetDirection(void) { m_direction = Direction(); }
   double            CurrentDirection(void) const { return(m_direction); }
   //--- opening
   virtual bool      CheckOpenLong(double &price, double &sl, double &tp, datetime &expiration);
   virtual bool      CheckOpenShort(double &price, double &sl, double &tp, datetime &expiration);
   virtual bool      OpenLongParams(double &price, double &sl, double &tp, datetime &expiration);
   virtual bool      OpenShortParams(double &price, double &sl, double &tp, datetime &expiration);
   //--- closing
   virtual bool      CheckCloseLong(double &price);
   virtual bool      CheckCloseShort(double &price);
   virtual bool      CloseLongParams(double &price);
   virtual bool      CloseShortParams(double &price);
   //--- reversing
   virtual bool      CheckReverseLong(double &price, double &sl, double &tp, datetime &expiration);
   virtual bool      CheckReverseShort(double &price, double &sl, double &tp, datetime &expiration);
   //--- moving pending orders
   virtual bool      CheckTrailingOrderLong(COrderInfo *order, double &price) { return(false); }
   virtual bool      CheckTrailingOrderShort(COrderInfo *order, double &price) { return(false); }

protected:
   //--- the filter giving the levels, or NULL for this signal
   CExpertSignal    *GeneralFilter(void);
  };
//+------------------------------------------------------------------+
//| Series used by the signal and its filters.                       |
//+------------------------------------------------------------------+
int CExpertSignal::UsedSeries(void)
  {
   int used = m_used_series;
   for(int i = 0; i < m_filters.Total(); i++)
     {
      CExpertSignal *filter = m_filters.At(i);
      if(filter != NULL)
         used |= filter.UsedSeries();
     }
   return(used);
  }
//+------------------------------------------------------------------+
//| The magic number, for the signal and its filters.                |
//+------------------------------------------------------------------+
void CExpertSignal::Magic(ulong value)
  {
   m_magic = value;
   for(int i = 0; i < m_filters.Total(); i++)
     {
      CExpertSignal *filter = m_filters.At(i);
      if(filter != NULL)
         filter.Magic(value);
     }
  }
//+------------------------------------------------------------------+
bool CExpertSignal::ValidationSettings(void)
  {
   if(!CExpertBase::ValidationSettings())
      return(false);
   if(m_threshold_open < 0 || m_threshold_open > 100 || m_threshold_close < 0 || m_threshold_close > 100)
     {
      PrintFormat("%s: the thresholds must be within 0..100 (open %d, close %d)", __FUNCTION__, m_threshold_open, m_threshold_close);
      return(false);
     }
   for(int i = 0; i < m_filters.Total(); i++)
     {
      CExpertSignal *filter = m_filters.At(i);
      if(filter != NULL && !filter.ValidationSettings())
         return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| The signal's series, then each filter's series and indicators.   |
//+------------------------------------------------------------------+
bool CExpertSignal::InitIndicators(CIndicators *indicators)
  {
   if(indicators == NULL)
      return(false);
   if(!CExpertBase::InitIndicators(indicators))
      return(false);
   for(int i = 0; i < m_filters.Total(); i++)
     {
      CExpertSignal *filter = m_filters.At(i);
      if(filter == NULL)
         continue;
      filter.SetPriceSeries(m_open, m_high, m_low, m_close);
      filter.SetOtherSeries(m_spread, m_time, m_tick_volume, m_real_volume);
      if(!filter.InitIndicators(indicators))
         return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds a filter (the signal owns it from then on).                 |
//+------------------------------------------------------------------+
bool CExpertSignal::AddFilter(CExpertSignal *filter)
  {
   if(filter == NULL)
      return(false);
   if(!filter.Init(m_symbol, m_period, m_adjusted_point))
      return(false);
   if(!m_filters.Add(filter))
      return(false);
   filter.EveryTick(m_every_tick);
   filter.Magic(m_magic);
   return(true);
  }
//+------------------------------------------------------------------+
//| Weighted vote of the signal and its filters (> 0: up, < 0: down; |
//| EMPTY_VALUE: a filter forbids trading).                          |
//+------------------------------------------------------------------+
double CExpertSignal::Direction(void)
  {
   double result = m_weight * (LongCondition() - ShortCondition());
   int voters = (result == 0.0) ? 0 : 1;
   for(int i = 0; i < m_filters.Total(); i++)
     {
      long mask = ((long)1) << i;
      if((m_ignore & mask) != 0)
         continue;
      CExpertSignal *filter = m_filters.At(i);
      if(filter == NULL)
         continue;
      double direction = filter.Direction();
      if(direction == EMPTY_VALUE)
         return(EMPTY_VALUE);
      if((m_invert & mask) != 0)
         result -= direction;
      else
         result += direction;
      voters++;
     }
   if(voters != 0)
      result /= voters;
   return(result);
  }
//+------------------------------------------------------------------+
CExpertSignal *CExpertSignal::GeneralFilter(void)
  {
   if(m_general < 0 || m_general >= m_filters.Total())
      return(NULL);
   CExpertSignal *general = m_filters.At(m_general);
   return(general);
  }
//+------------------------------------------------------------------+
//| Buy when the direction reaches the opening threshold.            |
//+------------------------------------------------------------------+
bool CExpertSignal::CheckOpenLong(double &price, double &sl, double &tp, datetime &expiration)
  {
   bool result = false;
   if(m_direction != EMPTY_VALUE && m_direction >= m_threshold_open)
      result = OpenLongParams(price, sl, tp, expiration);
   m_base_price = 0.0;
   return(result);
  }
//+------------------------------------------------------------------+
//| Sell when the opposite direction reaches the opening threshold.  |
//+------------------------------------------------------------------+
bool CExpertSignal::CheckOpenShort(double &price, double &sl, double &tp, datetime &expiration)
  {
   bool result = false;
   if(m_direction != EMPTY_VALUE && -m_direction >= m_threshold_open)
      result = OpenShortParams(price, sl, tp, expiration);
   m_base_price = 0.0;
   return(result);
  }
//+------------------------------------------------------------------+
//| Entry, stop loss, take profit and expiration of a buy.           |
//+------------------------------------------------------------------+
bool CExpertSignal::OpenLongParams(double &price, double &sl, double &tp, datetime &expiration)
  {
   CExpertSignal *general = GeneralFilter();
   if(general != NULL)
      return(general.OpenLongParams(price, sl, tp, expiration));
   m_symbol.RefreshRates();
   double unit = PriceLevelUnit();
   double base = (m_base_price == 0.0) ? m_symbol.Ask() : m_base_price;
   price = m_symbol.NormalizePrice(base - m_price_level * unit);
   sl = (m_stop_level == 0.0) ? 0.0 : m_symbol.NormalizePrice(price - m_stop_level * unit);
   tp = (m_take_level == 0.0) ? 0.0 : m_symbol.NormalizePrice(price + m_take_level * unit);
   expiration += m_expiration * PeriodSeconds(m_period);
   return(true);
  }
//+------------------------------------------------------------------+
//| Entry, stop loss, take profit and expiration of a sell.          |
//+------------------------------------------------------------------+
bool CExpertSignal::OpenShortParams(double &price, double &sl, double &tp, datetime &expiration)
  {
   CExpertSignal *general = GeneralFilter();
   if(general != NULL)
      return(general.OpenShortParams(price, sl, tp, expiration));
   m_symbol.RefreshRates();
   double unit = PriceLevelUnit();
   double base = (m_base_price == 0.0) ? m_symbol.Bid() : m_base_price;
   price = m_symbol.NormalizePrice(base + m_price_level * unit);
   sl = (m_stop_level == 0.0) ? 0.0 : m_symbol.NormalizePrice(price + m_stop_level * unit);
   tp = (m_take_level == 0.0) ? 0.0 : m_symbol.NormalizePrice(price - m_take_level * unit);
   expiration += m_expiration * PeriodSeconds(m_period);
   return(true);
  }
//+------------------------------------------------------------------+
//| Close a long when the opposite direction reaches the closing     |
//| threshold.                                                       |
//+------------------------------------------------------------------+
bool CExpertSignal::CheckCloseLong(double &price)
  {
   bool result = false;
   if(m_direction != EMPTY_VALUE && -m_direction >= m_threshold_close)
      result = CloseLongParams(price);
   m_base_price = 0.0;
   return(result);
  }
//+------------------------------------------------------------------+
bool CExpertSignal::CheckCloseShort(double &price)
  {
   bool result = false;
   if(m_direction != EMPTY_VALUE && m_direction >= m_threshold_close)
      result = CloseShortParams(price);
   m_base_price = 0.0;
   return(result);
  }
//+------------------------------------------------------------------+
//| A long closes at the bid (PriceLevel away, as the entry of the   |
//| opposite sell).                                                  |
//+------------------------------------------------------------------+
bool CExpertSignal::CloseLongParams(double &price)
  {
   CExpertSignal *general = GeneralFilter();
   if(general != NULL)
      return(general.CloseLongParams(price));
   m_symbol.RefreshRates();
   double base = (m_base_price == 0.0) ? m_symbol.Bid() : m_base_price;
   price = m_symbol.NormalizePrice(base + m_price_level * PriceLevelUnit());
   return(true);
  }
//+------------------------------------------------------------------+
bool CExpertSignal::CloseShortParams(double &price)
  {
   CExpertSignal *general = GeneralFilter();
   if(general != NULL)
      return(general.CloseShortParams(price));
   m_symbol.RefreshRates();
   double base = (m_base_price == 0.0) ? m_symbol.Ask() : m_base_price;
   price = m_symbol.NormalizePrice(base - m_price_level * PriceLevelUnit());
   return(true);
  }
//+------------------------------------------------------------------+
//| Reverse a long: the signal closes it and opens a sell at the     |
//| same price.                                                      |
//+------------------------------------------------------------------+
bool CExpertSignal::CheckReverseLong(double &price, double &sl, double &tp, datetime &expiration)
  {
   double close_price = EMPTY_VALUE;
   if(!CheckCloseLong(close_price))
      return(false);
   if(!CheckOpenShort(price, sl, tp, expiration))
      return(false);
   return(close_price == price);
  }
//+------------------------------------------------------------------+
bool CExpertSignal::CheckReverseShort(double &price, double &sl, double &tp, datetime &expiration)
  {
   double close_price = EMPTY_VALUE;
   if(!CheckCloseShort(close_price))
      return(false);
   if(!CheckOpenLong(price, sl, tp, expiration))
      return(false);
   return(close_price == price);
  }
//+------------------------------------------------------------------+
