//+------------------------------------------------------------------+
//| Expert/Expert.mqh — CExpert (Standard Library), the expert the   |
//| MQL5 Wizard generates: one signal, one trailing stop and one     |
//| money management module driving a CExpertTrade.                  |
//|                                                                  |
//| Set up: Init(symbol, period, every_tick, magic), InitSignal,     |
//| InitTrailing, InitMoney (the expert owns the modules given),     |
//| ValidationSettings, InitIndicators; OnTick/OnTrade/OnTimer from  |
//| the program's handlers; Deinit at the end.                       |
//| On each new bar of the period (each tick with every_tick) it     |
//| refreshes the series and indicators, computes the signal's       |
//| direction once, then with a position of its own (symbol and      |
//| magic): reverses it, else closes it (money stop-out or signal),  |
//| else trails its stop; with a pending order of its own: deletes it|
//| when expired or when the signal closes its side, else lets the   |
//| signal move it; with neither: opens a long or a short.           |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ExpertBase.mqh"
#include "ExpertTrade.mqh"
#include "ExpertSignal.mqh"
#include "ExpertMoney.mqh"
#include "ExpertTrailing.mqh"
#include <Trade/PositionInfo.mqh>
#include <Trade/OrderInfo.mqh>
#include <Trade/DealInfo.mqh>
#include <Trade/AccountInfo.mqh>

class CExpert : public CExpertBase
  {
protected:
   int               m_max_orders;     // positions and pending orders at most
   datetime          m_last_bar;       // open time of the bar last processed
   datetime          m_expiration;     // expiration the expert enforces itself (0: none)
   //--- event processing flags
   bool              m_on_tick_process;
   bool              m_on_trade_process;
   bool              m_on_timer_process;
   bool              m_on_chart_event_process;
   bool              m_on_book_event_process;
   //--- collections and modules
   CIndicators       m_indicators;     // every series and indicator of the modules
   CExpertTrade     *m_trade;
   CExpertSignal    *m_signal;
   CExpertMoney     *m_money;
   CExpertTrailing  *m_trailing;
   bool              m_check_volume;   // check the margin before opening
   //--- trade objects
   CPositionInfo     m_position;
   CDealInfo         m_deal;
   COrderInfo        m_order;
   CAccountInfo      m_account;

public:
                     CExpert(void) : m_max_orders(1), m_last_bar(0), m_expiration(0),
                                     m_on_tick_process(true), m_on_trade_process(false), m_on_timer_process(false),
                                     m_on_chart_event_process(false), m_on_book_event_process(false),
                                     m_trade(NULL), m_signal(NULL), m_money(NULL), m_trailing(NULL),
                                     m_check_volume(false) {}
                    ~CExpert(void) {}
   //--- initialisation
   bool              Init(string symbol, ENUM_TIMEFRAMES period, bool every_tick, ulong magic = 0);
   void              Magic(ulong value);
   //--- parameters
   int               MaxOrders(void) const { return(m_max_orders); }
   void              MaxOrders(int value) { m_max_orders = value; }
   void              OnTickProcess(bool value) { m_on_tick_process = value; }
   void              OnTradeProcess(bool value) { m_on_trade_process = value; }
   void              OnTimerProcess(bool value) { m_on_timer_process = value; }
   void              OnChartEventProcess(bool value) { m_on_chart_event_process = value; }
   void              OnBookEventProcess(bool value) { m_on_book_event_process = value; }
   void              CheckVolume(bool value) { m_check_volume = value; }
   //--- the modules (NULL: the base module, which does nothing of its own)
   virtual bool      InitSignal(CExpertSignal *signal = NULL);
   virtual bool      InitTrailing(CExpertTrailing *trailing = NULL);
   virtual bool      InitMoney(CExpertMoney *money = NULL);
   virtual bool      InitTrade(ulong magic, CExpertTrade *trade = NULL);
   virtual void      Deinit(void);
   //--- set-up checks and indicators
   virtual bool      ValidationSettings(void);
   virtual bool      InitIndicators(CIndicators *indicators = NULL);
   //--- events
   virtual void      OnTick(void);
   virtual void      OnTrade(void);
   virtual void      OnTimer(void);
   virtual void      OnChartEvent(const int id, const long &lparam, const double &dparam, const string &sparam) {}
   virtual void      OnBookEvent(const string &symbol) {}

protected:
   virtual bool      InitParameters(void) { return(true); }
   virtual void      DeinitTrade(void);
   virtual void      DeinitSignal(void);
   virtual void      DeinitTrailing(void);
   virtual void      DeinitMoney(void);
   virtual void      DeinitIndicators(void) { m_indicators.Clear(); }
   //--- one pass
   virtual bool      Refresh(void);
   virtual bool      Processing(void);
   virtual bool      SelectPosition(void);
   //--- opening
   virtual bool      CheckOpen(void);
   virtual bool      CheckOpenLong(void);
   virtual bool      CheckOpenShort(void);
   virtual bool      OpenLong(double price, double sl, double tp);
   virtual bool      OpenShort(double price, double sl, double tp);
   //--- reversing
   virtual bool      CheckReverse(void);
   virtual bool      CheckReverseLong(void);
   virtual bool      CheckReverseShort(void);
   virtual bool      ReverseLong(double price, double sl, double tp);
   virtual bool      ReverseShort(double price, double sl, double tp);
   //--- closing
   virtual bool      CheckClose(void);
   virtual bool      CheckCloseLong(void);
   virtual bool      CheckCloseShort(void);
   virtual bool      CloseAll(double lot);
   virtual bool      Close(void);
   virtual bool      CloseLong(double price);
   virtual bool      CloseShort(double price);
   //--- trailing the position
   virtual bool      CheckTrailingStop(void);
   virtual bool      CheckTrailingStopLong(void);
   virtual bool      CheckTrailingStopShort(void);
   virtual bool      TrailingStopLong(double sl, double tp);
   virtual bool      TrailingStopShort(double sl, double tp);
   //--- pending orders
   virtual bool      CheckTrailingOrderLong(void);
   virtual bool      CheckTrailingOrderShort(void);
   virtual bool      TrailingOrderLong(double delta);
   virtual bool      TrailingOrderShort(double delta);
   virtual bool      CheckDeleteOrderLong(void);
   virtual bool      CheckDeleteOrderShort(void);
   virtual bool      DeleteOrders(void);
   virtual bool      DeleteOrdersLong(void);
   virtual bool      DeleteOrdersShort(void);
   virtual bool      DeleteOrder(void);
   virtual bool      DeleteOrderLong(void) { return(DeleteOrder()); }
   virtual bool      DeleteOrderShort(void) { return(DeleteOrder()); }
   //--- volumes
   double            LotOpenLong(double price, double sl);
   double            LotOpenShort(double price, double sl);
   double            LotReverse(double sl);
   double            LotCheck(double volume, double price, ENUM_ORDER_TYPE order_type);
   //--- the expert's own positions and orders
   int               OwnPositions(void);
   bool              IsOwnOrder(void);
  };
//+------------------------------------------------------------------+
//| Binds the expert to the chart's symbol and timeframe, makes the  |
//| trade object and the base modules.                               |
//+------------------------------------------------------------------+
bool CExpert::Init(string symbol, ENUM_TIMEFRAMES period, bool every_tick, ulong magic)
  {
   if(period == PERIOD_CURRENT)
      period = _Period;
   if(symbol != _Symbol || period != _Period)
     {
      PrintFormat("%s: wrong symbol or timeframe (must be %s:%s)", __FUNCTION__, _Symbol, EnumToString(_Period));
      return(false);
     }
   if(m_symbol == NULL)
     {
      m_symbol = new CSymbolInfo;
      m_own_symbol = true;
     }
   if(!m_symbol.Name(symbol))
      return(false);
   m_symbol.Refresh();
   m_symbol.RefreshRates();
   m_period = period;
   m_every_tick = every_tick;
   m_magic = magic;
   m_last_bar = 0;
   SetMarginMode();
   int digits = m_symbol.Digits();
   m_adjusted_point = m_symbol.Point() * ((digits == 3 || digits == 5) ? 10 : 1);
   if(!InitTrade(magic))
      return(false);
   if(!InitSignal())
      return(false);
   if(!InitTrailing())
      return(false);
   if(!InitMoney())
      return(false);
   if(!InitParameters())
      return(false);
   m_init_phase = INIT_PHASE_TUNING;
   return(true);
  }
//+------------------------------------------------------------------+
//| The magic number of the expert, its trade object and modules.    |
//+------------------------------------------------------------------+
void CExpert::Magic(ulong value)
  {
   m_magic = value;
   if(m_trade != NULL)
      m_trade.SetExpertMagicNumber(value);
   if(m_signal != NULL)
      m_signal.Magic(value);
   if(m_money != NULL)
      m_money.Magic(value);
   if(m_trailing != NULL)
      m_trailing.Magic(value);
  }
//+------------------------------------------------------------------+
bool CExpert::InitTrade(ulong magic, CExpertTrade *trade)
  {
   if(m_trade != NULL && m_trade != trade)
      delete m_trade;
   m_trade = (trade == NULL) ? new CExpertTrade : trade;
   m_trade.SetSymbol(m_symbol);
   m_trade.SetExpertMagicNumber(magic);
   m_trade.SetMarginMode();
   m_trade.SetDeviationInPoints((ulong)(3 * m_adjusted_point / m_symbol.Point()));
   return(true);
  }
//+------------------------------------------------------------------+
bool CExpert::InitSignal(CExpertSignal *signal)
  {
   if(m_signal != NULL && m_signal != signal)
      delete m_signal;
   m_signal = (signal == NULL) ? new CExpertSignal : signal;
   if(!m_signal.Init(m_symbol, m_period, m_adjusted_point))
      return(false);
   m_signal.EveryTick(m_every_tick);
   m_signal.Magic(m_magic);
   return(true);
  }
//+------------------------------------------------------------------+
bool CExpert::InitTrailing(CExpertTrailing *trailing)
  {
   if(m_trailing != NULL && m_trailing != trailing)
      delete m_trailing;
   m_trailing = (trailing == NULL) ? new CExpertTrailing : trailing;
   if(!m_trailing.Init(m_symbol, m_period, m_adjusted_point))
      return(false);
   m_trailing.EveryTick(m_every_tick);
   m_trailing.Magic(m_magic);
   return(true);
  }
//+------------------------------------------------------------------+
bool CExpert::InitMoney(CExpertMoney *money)
  {
   if(m_money != NULL && m_money != money)
      delete m_money;
   m_money = (money == NULL) ? new CExpertMoney : money;
   if(!m_money.Init(m_symbol, m_period, m_adjusted_point))
      return(false);
   m_money.EveryTick(m_every_tick);
   m_money.Magic(m_magic);
   return(true);
  }
//+------------------------------------------------------------------+
//| Frees the modules, the indicators and the trade object.          |
//+------------------------------------------------------------------+
void CExpert::Deinit(void)
  {
   DeinitTrade();
   DeinitSignal();
   DeinitTrailing();
   DeinitMoney();
   DeinitIndicators();
  }
//+------------------------------------------------------------------+
void CExpert::DeinitTrade(void)
  {
   if(m_trade != NULL)
     {
      delete m_trade;
      m_trade = NULL;
     }
  }
//+------------------------------------------------------------------+
void CExpert::DeinitSignal(void)
  {
   if(m_signal != NULL)
     {
      delete m_signal;
      m_signal = NULL;
     }
  }
//+------------------------------------------------------------------+
void CExpert::DeinitTrailing(void)
  {
   if(m_trailing != NULL)
     {
      delete m_trailing;
      m_trailing = NULL;
     }
  }
//+------------------------------------------------------------------+
void CExpert::DeinitMoney(void)
  {
   if(m_money != NULL)
     {
      delete m_money;
      m_money = NULL;
     }
  }
//+------------------------------------------------------------------+
//| Checks the expert's and every module's settings.                 |
//+------------------------------------------------------------------+
bool CExpert::ValidationSettings(void)
  {
   if(!CExpertBase::ValidationSettings())
      return(false);
   if(m_signal == NULL || m_trailing == NULL || m_money == NULL)
     {
      Print(__FUNCTION__ + ": a module is missing (call Init first)");
      return(false);
     }
   if(!m_signal.ValidationSettings())
     {
      Print(__FUNCTION__ + ": error of the signal's settings");
      return(false);
     }
   if(!m_trailing.ValidationSettings())
     {
      Print(__FUNCTION__ + ": error of the trailing's settings");
      return(false);
     }
   if(!m_money.ValidationSettings())
     {
      Print(__FUNCTION__ + ": error of the money management's settings");
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| Makes the series every module uses, then the modules'            |
//| indicators; all join the expert's collection (the argument is    |
//| not used).                                                       |
//+------------------------------------------------------------------+
bool CExpert::InitIndicators(CIndicators *indicators)
  {
   CIndicators *collection = GetPointer(m_indicators);
   m_used_series |= m_signal.UsedSeries();
   m_used_series |= m_trailing.UsedSeries();
   m_used_series |= m_money.UsedSeries();
   if(!CExpertBase::InitIndicators(collection))
      return(false);
   m_signal.SetPriceSeries(m_open, m_high, m_low, m_close);
   m_signal.SetOtherSeries(m_spread, m_time, m_tick_volume, m_real_volume);
   if(!m_signal.InitIndicators(collection))
     {
      Print(__FUNCTION__ + ": error initializing the signal's indicators");
      return(false);
     }
   m_trailing.SetPriceSeries(m_open, m_high, m_low, m_close);
   m_trailing.SetOtherSeries(m_spread, m_time, m_tick_volume, m_real_volume);
   if(!m_trailing.InitIndicators(collection))
     {
      Print(__FUNCTION__ + ": error initializing the trailing's indicators");
      return(false);
     }
   m_money.SetPriceSeries(m_open, m_high, m_low, m_close);
   m_money.SetOtherSeries(m_spread, m_time, m_tick_volume, m_real_volume);
   if(!m_money.InitIndicators(collection))
     {
      Print(__FUNCTION__ + ": error initializing the money management's indicators");
      return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
void CExpert::OnTick(void)
  {
   if(!m_on_tick_process || m_init_phase != INIT_PHASE_COMPLETE)
      return;
   if(!Refresh())
      return;
   Processing();
  }
//+------------------------------------------------------------------+
//| Positions and orders come from the terminal's state on each      |
//| pass: nothing to track between passes.                           |
//+------------------------------------------------------------------+
void CExpert::OnTrade(void)
  {
   if(!m_on_trade_process)
      return;
  }
//+------------------------------------------------------------------+
//| With OnTimerProcess(true) a timer event makes a pass as a tick.  |
//+------------------------------------------------------------------+
void CExpert::OnTimer(void)
  {
   if(!m_on_timer_process || m_init_phase != INIT_PHASE_COMPLETE)
      return;
   if(!Refresh())
      return;
   Processing();
  }
//+------------------------------------------------------------------+
//| Fresh quotes; false (no pass) until a new bar of the period      |
//| opens, unless every tick counts; then the series and indicators. |
//+------------------------------------------------------------------+
bool CExpert::Refresh(void)
  {
   if(!m_symbol.RefreshRates())
      return(false);
   if(!m_every_tick)
     {
      datetime bar = iTime(m_symbol.Name(), m_period, 0);
      if(bar == 0 || bar == m_last_bar)
         return(false);
      m_last_bar = bar;
     }
   m_indicators.Refresh();
   return(true);
  }
//+------------------------------------------------------------------+
//| One pass: true when a trade request was sent.                    |
//+------------------------------------------------------------------+
bool CExpert::Processing(void)
  {
   m_signal.SetDirection();
   if(SelectPosition())
     {
      if(CheckReverse())
         return(true);
      if(!CheckClose())
        {
         if(CheckTrailingStop())
            return(true);
         return(false);
        }
      // closed: an opening may follow on this pass
     }
   for(int i = OrdersTotal() - 1; i >= 0; i--)
     {
      if(!m_order.SelectByIndex(i) || !IsOwnOrder())
         continue;
      ENUM_ORDER_TYPE type = m_order.OrderType();
      if(type == ORDER_TYPE_BUY_LIMIT || type == ORDER_TYPE_BUY_STOP || type == ORDER_TYPE_BUY_STOP_LIMIT)
        {
         if(CheckDeleteOrderLong())
            return(true);
         if(CheckTrailingOrderLong())
            return(true);
        }
      else
        {
         if(CheckDeleteOrderShort())
            return(true);
         if(CheckTrailingOrderShort())
            return(true);
        }
      return(false);
     }
   if(OwnPositions() >= m_max_orders)
      return(false);
   return(CheckOpen());
  }
//+------------------------------------------------------------------+
//| Selects the expert's position on its symbol (its magic number    |
//| when the account hedges).                                        |
//+------------------------------------------------------------------+
bool CExpert::SelectPosition(void)
  {
   if(IsHedging())
      return(m_position.SelectByMagic(m_symbol.Name(), m_magic));
   return(m_position.Select(m_symbol.Name()));
  }
//+------------------------------------------------------------------+
int CExpert::OwnPositions(void)
  {
   int count = 0;
   for(int i = PositionsTotal() - 1; i >= 0; i--)
     {
      CPositionInfo position;
      if(!position.SelectByIndex(i))
         continue;
      if(position.Symbol() == m_symbol.Name() && (!IsHedging() || position.Magic() == (long)m_magic))
         count++;
     }
   return(count);
  }
//+------------------------------------------------------------------+
bool CExpert::IsOwnOrder(void)
  {
   return(m_order.Symbol() == m_symbol.Name() && m_order.Magic() == (long)m_magic);
  }
//+------------------------------------------------------------------+
bool CExpert::CheckOpen(void)
  {
   if(CheckOpenLong())
      return(true);
   if(CheckOpenShort())
      return(true);
   return(false);
  }
//+------------------------------------------------------------------+
bool CExpert::CheckOpenLong(void)
  {
   double price = EMPTY_VALUE;
   double sl = 0.0;
   double tp = 0.0;
   datetime expiration = TimeCurrent();
   if(!m_signal.CheckOpenLong(price, sl, tp, expiration))
      return(false);
   m_expiration = 0;
   if(!m_trade.SetOrderExpiration(expiration))
      m_expiration = expiration;
   return(OpenLong(price, sl, tp));
  }
//+------------------------------------------------------------------+
bool CExpert::CheckOpenShort(void)
  {
   double price = EMPTY_VALUE;
   double sl = 0.0;
   double tp = 0.0;
   datetime expiration = TimeCurrent();
   if(!m_signal.CheckOpenShort(price, sl, tp, expiration))
      return(false);
   m_expiration = 0;
   if(!m_trade.SetOrderExpiration(expiration))
      m_expiration = expiration;
   return(OpenShort(price, sl, tp));
  }
//+------------------------------------------------------------------+
bool CExpert::OpenLong(double price, double sl, double tp)
  {
   if(price == EMPTY_VALUE)
      return(false);
   double lot = LotOpenLong(price, sl);
   if(m_check_volume)
      lot = LotCheck(lot, price, ORDER_TYPE_BUY);
   if(lot == 0.0)
      return(false);
   return(m_trade.Buy(lot, price, sl, tp));
  }
//+------------------------------------------------------------------+
bool CExpert::OpenShort(double price, double sl, double tp)
  {
   if(price == EMPTY_VALUE)
      return(false);
   double lot = LotOpenShort(price, sl);
   if(m_check_volume)
      lot = LotCheck(lot, price, ORDER_TYPE_SELL);
   if(lot == 0.0)
      return(false);
   return(m_trade.Sell(lot, price, sl, tp));
  }
//+------------------------------------------------------------------+
bool CExpert::CheckReverse(void)
  {
   if(m_position.PositionType() == POSITION_TYPE_BUY)
      return(CheckReverseLong());
   return(CheckReverseShort());
  }
//+------------------------------------------------------------------+
bool CExpert::CheckReverseLong(void)
  {
   double price = EMPTY_VALUE;
   double sl = 0.0;
   double tp = 0.0;
   datetime expiration = TimeCurrent();
   if(!m_signal.CheckReverseLong(price, sl, tp, expiration))
      return(false);
   return(ReverseLong(price, sl, tp));
  }
//+------------------------------------------------------------------+
bool CExpert::CheckReverseShort(void)
  {
   double price = EMPTY_VALUE;
   double sl = 0.0;
   double tp = 0.0;
   datetime expiration = TimeCurrent();
   if(!m_signal.CheckReverseShort(price, sl, tp, expiration))
      return(false);
   return(ReverseShort(price, sl, tp));
  }
//+------------------------------------------------------------------+
//| Turns the long into a short of the money module's volume: on a   |
//| hedging account by closing it and selling; on a netting account  |
//| by one sell of both volumes.                                     |
//+------------------------------------------------------------------+
bool CExpert::ReverseLong(double price, double sl, double tp)
  {
   if(price == EMPTY_VALUE)
      return(false);
   double lot = LotReverse(sl);
   if(lot == 0.0)
      return(false);
   if(IsHedging())
     {
      if(!m_trade.PositionClose(m_position.Ticket()))
         return(false);
      return(m_trade.Sell(lot, price, sl, tp));
     }
   return(m_trade.Sell(lot + m_position.Volume(), price, sl, tp));
  }
//+------------------------------------------------------------------+
bool CExpert::ReverseShort(double price, double sl, double tp)
  {
   if(price == EMPTY_VALUE)
      return(false);
   double lot = LotReverse(sl);
   if(lot == 0.0)
      return(false);
   if(IsHedging())
     {
      if(!m_trade.PositionClose(m_position.Ticket()))
         return(false);
      return(m_trade.Buy(lot, price, sl, tp));
     }
   return(m_trade.Buy(lot + m_position.Volume(), price, sl, tp));
  }
//+------------------------------------------------------------------+
//| Closes the position on the money module's stop-out or on the     |
//| signal (then deletes the pending orders of that side).           |
//+------------------------------------------------------------------+
bool CExpert::CheckClose(void)
  {
   double lot = m_money.CheckClose(GetPointer(m_position));
   if(lot != 0.0)
      return(CloseAll(lot));
   if(m_position.PositionType() == POSITION_TYPE_BUY)
     {
      if(CheckCloseLong())
        {
         DeleteOrdersLong();
         return(true);
        }
     }
   else
     {
      if(CheckCloseShort())
        {
         DeleteOrdersShort();
         return(true);
        }
     }
   return(false);
  }
//+------------------------------------------------------------------+
bool CExpert::CheckCloseLong(void)
  {
   double price = EMPTY_VALUE;
   if(!m_signal.CheckCloseLong(price))
      return(false);
   return(CloseLong(price));
  }
//+------------------------------------------------------------------+
bool CExpert::CheckCloseShort(void)
  {
   double price = EMPTY_VALUE;
   if(!m_signal.CheckCloseShort(price))
      return(false);
   return(CloseShort(price));
  }
//+------------------------------------------------------------------+
//| Closes `lot` of the position (all of it when lot covers it) and  |
//| deletes the expert's pending orders.                             |
//+------------------------------------------------------------------+
bool CExpert::CloseAll(double lot)
  {
   bool result;
   if(lot >= m_position.Volume())
      result = m_trade.PositionClose(m_position.Ticket());
   else
      result = m_trade.PositionClosePartial(m_position.Ticket(), lot);
   DeleteOrders();
   return(result);
  }
//+------------------------------------------------------------------+
bool CExpert::Close(void)
  {
   return(m_trade.PositionClose(m_position.Ticket()));
  }
//+------------------------------------------------------------------+
bool CExpert::CloseLong(double price)
  {
   if(price == EMPTY_VALUE)
      return(false);
   return(Close());
  }
//+------------------------------------------------------------------+
bool CExpert::CloseShort(double price)
  {
   if(price == EMPTY_VALUE)
      return(false);
   return(Close());
  }
//+------------------------------------------------------------------+
bool CExpert::CheckTrailingStop(void)
  {
   if(m_position.PositionType() == POSITION_TYPE_BUY)
      return(CheckTrailingStopLong());
   return(CheckTrailingStopShort());
  }
//+------------------------------------------------------------------+
bool CExpert::CheckTrailingStopLong(void)
  {
   double sl = EMPTY_VALUE;
   double tp = EMPTY_VALUE;
   if(!m_trailing.CheckTrailingStopLong(GetPointer(m_position), sl, tp))
      return(false);
   double position_sl = m_position.StopLoss();
   double position_tp = m_position.TakeProfit();
   sl = (sl == EMPTY_VALUE) ? position_sl : m_symbol.NormalizePrice(sl);
   tp = (tp == EMPTY_VALUE) ? position_tp : m_symbol.NormalizePrice(tp);
   if(sl == position_sl && tp == position_tp)
      return(false);
   return(TrailingStopLong(sl, tp));
  }
//+------------------------------------------------------------------+
bool CExpert::CheckTrailingStopShort(void)
  {
   double sl = EMPTY_VALUE;
   double tp = EMPTY_VALUE;
   if(!m_trailing.CheckTrailingStopShort(GetPointer(m_position), sl, tp))
      return(false);
   double position_sl = m_position.StopLoss();
   double position_tp = m_position.TakeProfit();
   sl = (sl == EMPTY_VALUE) ? position_sl : m_symbol.NormalizePrice(sl);
   tp = (tp == EMPTY_VALUE) ? position_tp : m_symbol.NormalizePrice(tp);
   if(sl == position_sl && tp == position_tp)
      return(false);
   return(TrailingStopShort(sl, tp));
  }
//+------------------------------------------------------------------+
bool CExpert::TrailingStopLong(double sl, double tp)
  {
   return(m_trade.PositionModify(m_position.Ticket(), sl, tp));
  }
//+------------------------------------------------------------------+
bool CExpert::TrailingStopShort(double sl, double tp)
  {
   return(m_trade.PositionModify(m_position.Ticket(), sl, tp));
  }
//+------------------------------------------------------------------+
//| Moves the selected buy order to the price the signal asks for.   |
//+------------------------------------------------------------------+
bool CExpert::CheckTrailingOrderLong(void)
  {
   double price = EMPTY_VALUE;
   if(!m_signal.CheckTrailingOrderLong(GetPointer(m_order), price))
      return(false);
   return(TrailingOrderLong(m_order.PriceOpen() - price));
  }
//+------------------------------------------------------------------+
bool CExpert::CheckTrailingOrderShort(void)
  {
   double price = EMPTY_VALUE;
   if(!m_signal.CheckTrailingOrderShort(GetPointer(m_order), price))
      return(false);
   return(TrailingOrderShort(m_order.PriceOpen() - price));
  }
//+------------------------------------------------------------------+
//| Moves the selected order, its stop loss and take profit down by  |
//| `delta`.                                                         |
//+------------------------------------------------------------------+
bool CExpert::TrailingOrderLong(double delta)
  {
   if(delta == 0.0)
      return(false);
   double price = m_symbol.NormalizePrice(m_order.PriceOpen() - delta);
   double sl = (m_order.StopLoss() == 0.0) ? 0.0 : m_symbol.NormalizePrice(m_order.StopLoss() - delta);
   double tp = (m_order.TakeProfit() == 0.0) ? 0.0 : m_symbol.NormalizePrice(m_order.TakeProfit() - delta);
   return(m_trade.OrderModify(m_order.Ticket(), price, sl, tp, m_order.TypeTime(), m_order.TimeExpiration()));
  }
//+------------------------------------------------------------------+
bool CExpert::TrailingOrderShort(double delta)
  {
   return(TrailingOrderLong(delta));
  }
//+------------------------------------------------------------------+
//| Deletes the selected buy order when its time is up or when the   |
//| signal would close a long.                                       |
//+------------------------------------------------------------------+
bool CExpert::CheckDeleteOrderLong(void)
  {
   if(m_expiration != 0 && TimeCurrent() > m_expiration)
     {
      m_expiration = 0;
      return(DeleteOrderLong());
     }
   double price = EMPTY_VALUE;
   if(m_signal.CheckCloseLong(price))
      return(DeleteOrderLong());
   return(false);
  }
//+------------------------------------------------------------------+
bool CExpert::CheckDeleteOrderShort(void)
  {
   if(m_expiration != 0 && TimeCurrent() > m_expiration)
     {
      m_expiration = 0;
      return(DeleteOrderShort());
     }
   double price = EMPTY_VALUE;
   if(m_signal.CheckCloseShort(price))
      return(DeleteOrderShort());
   return(false);
  }
//+------------------------------------------------------------------+
bool CExpert::DeleteOrder(void)
  {
   return(m_trade.OrderDelete(m_order.Ticket()));
  }
//+------------------------------------------------------------------+
bool CExpert::DeleteOrders(void)
  {
   bool result = true;
   for(int i = OrdersTotal() - 1; i >= 0; i--)
     {
      if(!m_order.SelectByIndex(i) || !IsOwnOrder())
         continue;
      if(!DeleteOrder())
         result = false;
     }
   return(result);
  }
//+------------------------------------------------------------------+
bool CExpert::DeleteOrdersLong(void)
  {
   bool result = true;
   for(int i = OrdersTotal() - 1; i >= 0; i--)
     {
      if(!m_order.SelectByIndex(i) || !IsOwnOrder())
         continue;
      ENUM_ORDER_TYPE type = m_order.OrderType();
      if(type != ORDER_TYPE_BUY_LIMIT && type != ORDER_TYPE_BUY_STOP && type != ORDER_TYPE_BUY_STOP_LIMIT)
         continue;
      if(!DeleteOrderLong())
         result = false;
     }
   return(result);
  }
//+------------------------------------------------------------------+
bool CExpert::DeleteOrdersShort(void)
  {
   bool result = true;
   for(int i = OrdersTotal() - 1; i >= 0; i--)
     {
      if(!m_order.SelectByIndex(i) || !IsOwnOrder())
         continue;
      ENUM_ORDER_TYPE type = m_order.OrderType();
      if(type != ORDER_TYPE_SELL_LIMIT && type != ORDER_TYPE_SELL_STOP && type != ORDER_TYPE_SELL_STOP_LIMIT)
         continue;
      if(!DeleteOrderShort())
         result = false;
     }
   return(result);
  }
//+------------------------------------------------------------------+
double CExpert::LotOpenLong(double price, double sl)
  {
   return(m_money.CheckOpenLong(price, sl));
  }
//+------------------------------------------------------------------+
double CExpert::LotOpenShort(double price, double sl)
  {
   return(m_money.CheckOpenShort(price, sl));
  }
//+------------------------------------------------------------------+
double CExpert::LotReverse(double sl)
  {
   return(m_money.CheckReverse(GetPointer(m_position), sl));
  }
//+------------------------------------------------------------------+
//| `volume`, or the largest volume the free margin pays for when it |
//| does not pay for `volume` (0 when not even the minimum).         |
//+------------------------------------------------------------------+
double CExpert::LotCheck(double volume, double price, ENUM_ORDER_TYPE order_type)
  {
   if(volume <= 0.0)
      return(0.0);
   double margin = m_account.MarginCheck(m_symbol.Name(), order_type, volume, price);
   if(margin == EMPTY_VALUE)
      return(0.0);
   if(margin <= m_account.FreeMargin())
      return(volume);
   double max_volume = m_account.MaxLotCheck(m_symbol.Name(), order_type, price, 100);
   return(max_volume < volume ? max_volume : volume);
  }
//+------------------------------------------------------------------+
