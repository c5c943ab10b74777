//+------------------------------------------------------------------+
//| macd-trend.mq5 — MACD signal-line EA with an EMA trend filter     |
//| One class owns the indicators, the trade objects and the rules:  |
//| opens on a MACD/signal cross in the direction of the EMA slope,  |
//| closes on the opposite cross, trails the stop once in profit.    |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "1.10"
#property description "MACD cross with EMA filter and trailing stop"

#include <Trade\Trade.mqh>
#include <Trade\PositionInfo.mqh>
#include <Trade\SymbolInfo.mqh>
#include <Trade\AccountInfo.mqh>

input double InpLots          = 0.1;   // Lots
input int    InpTakeProfit    = 500;   // Take profit, points
input int    InpTrailingStop  = 150;   // Trailing stop, points
input int    InpMacdFast      = 12;    // MACD fast EMA
input int    InpMacdSlow      = 26;    // MACD slow EMA
input int    InpMacdSignal    = 9;     // MACD signal period
input double InpMacdOpenLevel = 3;     // MACD open level, points
input double InpMacdCloseLevel= 2;     // MACD close level, points
input int    InpTrendPeriod   = 26;    // EMA trend period
input long   InpMagic         = 120001; // Magic number

#define MACD_EA_MAGIC_BASE 120000

//+------------------------------------------------------------------+
//| The expert: state and rules                                       |
//+------------------------------------------------------------------+
class CMacdTrendExpert
  {
protected:
   double            m_adjusted_point;   // points for 3/5-digit quotes
   CTrade            m_trade;
   CSymbolInfo       m_symbol;
   CPositionInfo     m_position;
   CAccountInfo      m_account;
   int               m_macd_handle;
   int               m_ema_handle;
   double            m_macd[];
   double            m_signal[];
   double            m_ema[];
   double            m_macd_open_level;
   double            m_macd_close_level;
   double            m_trailing_stop;
   double            m_take_profit;
   int               m_opened;
   int               m_closed;
   int               m_trailed;

public:
                     CMacdTrendExpert(void);
                    ~CMacdTrendExpert(void);
   bool              Init(void);
   void              Deinit(void);
   bool              Processing(void);
   string            Summary(void) const;

protected:
   bool              CheckInputs(void);
   bool              InitIndicators(void);
   bool              LongClosed(void);
   bool              ShortClosed(void);
   bool              LongTrailed(void);
   bool              ShortTrailed(void);
   bool              LongOpened(void);
   bool              ShortOpened(void);
   bool              SelectOwn(void);
  };

CMacdTrendExpert ExtExpert;

CMacdTrendExpert::CMacdTrendExpert(void) : m_adjusted_point(0),
                                           m_macd_handle(INVALID_HANDLE),
                                           m_ema_handle(INVALID_HANDLE),
                                           m_macd_open_level(0),
                                           m_macd_close_level(0),
                                           m_trailing_stop(0),
                                           m_take_profit(0),
                                           m_opened(0),
                                           m_closed(0),
                                           m_trailed(0)
  {
   ArraySetAsSeries(m_macd, true);
   ArraySetAsSeries(m_signal, true);
   ArraySetAsSeries(m_ema, true);
  }

CMacdTrendExpert::~CMacdTrendExpert(void)
  {
  }

bool CMacdTrendExpert::Init(void)
  {
   if(!m_symbol.Name(Symbol()))
      return(false);
   m_symbol.Refresh();
   // 3- and 5-digit quotes count levels in tenths of a pip
   int digits_adjust = (m_symbol.Digits() == 3 || m_symbol.Digits() == 5) ? 10 : 1;
   m_adjusted_point = m_symbol.Point() * digits_adjust;
   m_macd_open_level  = InpMacdOpenLevel * m_symbol.Point();
   m_macd_close_level = InpMacdCloseLevel * m_symbol.Point();
   m_trailing_stop    = InpTrailingStop * m_symbol.Point();
   m_take_profit      = InpTakeProfit * m_symbol.Point();
   m_trade.SetExpertMagicNumber(InpMagic);
   m_trade.SetMarginMode();
   m_trade.SetTypeFillingBySymbol(Symbol());
   m_trade.SetDeviationInPoints(1000);
   if(!CheckInputs())
      return(false);
   if(!InitIndicators())
      return(false);
   PrintFormat("MACD trend on %s: balance %.2f %s, leverage 1:%d, adjusted point %.5f",
               m_symbol.Name(), m_account.Balance(), m_account.Currency(),
               (int)m_account.Leverage(), m_adjusted_point);
   return(true);
  }

bool CMacdTrendExpert::CheckInputs(void)
  {
   if(InpLots < m_symbol.LotsMin() || InpLots > m_symbol.LotsMax())
     {
      PrintFormat("Lots must be between %.2f and %.2f", m_symbol.LotsMin(), m_symbol.LotsMax());
      return(false);
     }
   if(MathAbs(InpLots / m_symbol.LotsStep() - MathRound(InpLots / m_symbol.LotsStep())) > 1.0E-10)
     {
      Print("Lots is not a multiple of the volume step ", m_symbol.LotsStep());
      return(false);
     }
   if(InpTakeProfit <= InpTrailingStop)
     {
      Print("Take profit must be greater than the trailing stop");
      return(false);
     }
   if(InpMacdFast >= InpMacdSlow)
     {
      Print("The fast MACD period must be shorter than the slow one");
      return(false);
     }
   return(true);
  }

bool CMacdTrendExpert::InitIndicators(void)
  {
   m_macd_handle = iMACD(NULL, 0, InpMacdFast, InpMacdSlow, InpMacdSignal, PRICE_CLOSE);
   if(m_macd_handle == INVALID_HANDLE)
     {
      Print("Error creating the MACD indicator");
      return(false);
     }
   m_ema_handle = iMA(NULL, 0, InpTrendPeriod, 0, MODE_EMA, PRICE_CLOSE);
   if(m_ema_handle == INVALID_HANDLE)
     {
      Print("Error creating the EMA indicator");
      return(false);
     }
   return(true);
  }

void CMacdTrendExpert::Deinit(void)
  {
   IndicatorRelease(m_macd_handle);
   IndicatorRelease(m_ema_handle);
  }

bool CMacdTrendExpert::SelectOwn(void)
  {
   for(int i = PositionsTotal() - 1; i >= 0; i--)
     {
      if(!m_position.SelectByIndex(i))
         continue;
      if(m_position.Symbol() == m_symbol.Name() && m_position.Magic() == InpMagic)
         return(true);
     }
   return(false);
  }

//--- a long position closes on a bearish cross above the close level
bool CMacdTrendExpert::LongClosed(void)
  {
   if(m_macd[0] > 0 && m_macd[0] < m_signal[0] && m_macd[1] > m_signal[1] && m_macd[0] > m_macd_close_level)
     {
      if(m_trade.PositionClose(m_position.Ticket()))
        {
         m_closed++;
         Print("Long closed on a bearish MACD cross");
        }
      else
         Print("Error closing the long position: ", m_trade.ResultRetcodeDescription());
      return(true);
     }
   return(false);
  }

bool CMacdTrendExpert::ShortClosed(void)
  {
   if(m_macd[0] < 0 && m_macd[0] > m_signal[0] && m_macd[1] < m_signal[1] && MathAbs(m_macd[0]) > m_macd_close_level)
     {
      if(m_trade.PositionClose(m_position.Ticket()))
        {
         m_closed++;
         Print("Short closed on a bullish MACD cross");
        }
      else
         Print("Error closing the short position: ", m_trade.ResultRetcodeDescription());
      return(true);
     }
   return(false);
  }

bool CMacdTrendExpert::LongTrailed(void)
  {
   if(InpTrailingStop <= 0)
      return(false);
   double bid = m_symbol.Bid();
   if(bid - m_position.PriceOpen() <= m_trailing_stop)
      return(false);
   double sl = m_symbol.NormalizePrice(bid - m_trailing_stop);
   double tp = m_position.TakeProfit();
   if(m_position.StopLoss() < sl || m_position.StopLoss() == 0.0)
     {
      if(m_trade.PositionModify(m_position.Ticket(), sl, tp))
        {
         m_trailed++;
         PrintFormat("Long stop trailed to %s", DoubleToString(sl, m_symbol.Digits()));
        }
      return(true);
     }
   return(false);
  }

bool CMacdTrendExpert::ShortTrailed(void)
  {
   if(InpTrailingStop <= 0)
      return(false);
   double ask = m_symbol.Ask();
   if(m_position.PriceOpen() - ask <= m_trailing_stop)
      return(false);
   double sl = m_symbol.NormalizePrice(ask + m_trailing_stop);
   double tp = m_position.TakeProfit();
   if(m_position.StopLoss() > sl || m_position.StopLoss() == 0.0)
     {
      if(m_trade.PositionModify(m_position.Ticket(), sl, tp))
        {
         m_trailed++;
         PrintFormat("Short stop trailed to %s", DoubleToString(sl, m_symbol.Digits()));
        }
      return(true);
     }
   return(false);
  }

//--- a long position opens on a bullish cross below the open level, EMA rising
bool CMacdTrendExpert::LongOpened(void)
  {
   if(m_macd[0] < 0 && m_macd[0] > m_signal[0] && m_macd[1] < m_signal[1] &&
      MathAbs(m_macd[0]) > m_macd_open_level && m_ema[0] > m_ema[1])
     {
      double price = m_symbol.Ask();
      double tp = m_symbol.NormalizePrice(price + m_take_profit);
      if(m_account.FreeMarginCheck(Symbol(), ORDER_TYPE_BUY, InpLots, price) < 0.0)
        {
         Print("Not enough money for ", InpLots, " lots");
         return(true);
        }
      if(m_trade.PositionOpen(Symbol(), ORDER_TYPE_BUY, InpLots, price, 0.0, tp, "macd long"))
        {
         m_opened++;
         PrintFormat("Long opened at %s, tp %s", DoubleToString(price, m_symbol.Digits()), DoubleToString(tp, m_symbol.Digits()));
        }
      else
         Print("Error opening long: ", m_trade.ResultRetcode(), " ", m_trade.ResultComment());
      return(true);
     }
   return(false);
  }

bool CMacdTrendExpert::ShortOpened(void)
  {
   if(m_macd[0] > 0 && m_macd[0] < m_signal[0] && m_macd[1] > m_signal[1] &&
      m_macd[0] > m_macd_open_level && m_ema[0] < m_ema[1])
     {
      double price = m_symbol.Bid();
      double tp = m_symbol.NormalizePrice(price - m_take_profit);
      if(m_account.FreeMarginCheck(Symbol(), ORDER_TYPE_SELL, InpLots, price) < 0.0)
        {
         Print("Not enough money for ", InpLots, " lots");
         return(true);
        }
      if(m_trade.PositionOpen(Symbol(), ORDER_TYPE_SELL, InpLots, price, 0.0, tp, "macd short"))
        {
         m_opened++;
         PrintFormat("Short opened at %s, tp %s", DoubleToString(price, m_symbol.Digits()), DoubleToString(tp, m_symbol.Digits()));
        }
      else
         Print("Error opening short: ", m_trade.ResultRetcode(), " ", m_trade.ResultComment());
      return(true);
     }
   return(false);
  }

bool CMacdTrendExpert::Processing(void)
  {
   if(!m_symbol.RefreshRates())
      return(false);
   if(BarsCalculated(m_macd_handle) < 2 || BarsCalculated(m_ema_handle) < 2)
      return(false);
   if(CopyBuffer(m_macd_handle, 0, 0, 2, m_macd) != 2 ||
      CopyBuffer(m_macd_handle, 1, 0, 2, m_signal) != 2 ||
      CopyBuffer(m_ema_handle, 0, 0, 2, m_ema) != 2)
      return(false);
   if(SelectOwn())
     {
      if(m_position.PositionType() == POSITION_TYPE_BUY)
        {
         if(LongClosed())
            return(true);
         if(LongTrailed())
            return(true);
        }
      else
        {
         if(ShortClosed())
            return(true);
         if(ShortTrailed())
            return(true);
        }
      return(false);
     }
   if(LongOpened())
      return(true);
   if(ShortOpened())
      return(true);
   return(false);
  }

string CMacdTrendExpert::Summary(void) const
  {
   return(StringFormat("opened %d, closed %d, trailed %d", m_opened, m_closed, m_trailed));
  }

//+------------------------------------------------------------------+
int OnInit(void)
  {
   if(InpMagic < MACD_EA_MAGIC_BASE)
      Print("Magic number below ", MACD_EA_MAGIC_BASE, ": it may collide with manual trades");
   if(!ExtExpert.Init())
      return(INIT_FAILED);
   return(INIT_SUCCEEDED);
  }

void OnDeinit(const int reason)
  {
   Print("MACD trend stopped (reason ", reason, "): ", ExtExpert.Summary());
   ExtExpert.Deinit();
  }

void OnTick(void)
  {
   static datetime limit_time = 0;
   // one decision per second is plenty
   if(TimeCurrent() >= limit_time)
     {
      if(Bars(Symbol(), Period()) > 2 * InpMacdSlow)
        {
         if(ExtExpert.Processing())
            limit_time = TimeCurrent() + 1;
        }
     }
  }
//+------------------------------------------------------------------+
