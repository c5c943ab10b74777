//+------------------------------------------------------------------+
//| Trade/Trade.mqh — class CTrade (Standard Library).               |
//|                                                                  |
//| Native class: declarations only, implemented by the runtime      |
//| (ea-runtime/src/runtime/stdlib.ts). Members it lacks are listed  |
//| in NATIVE_GAPS as "CTrade::Name". Makes available what MT5's     |
//| Trade.mqh does: CObject and the order/deal/position info classes.|
//+------------------------------------------------------------------+
#include <Object.mqh>
#include "OrderInfo.mqh"
#include "HistoryOrderInfo.mqh"
#include "PositionInfo.mqh"
#include "DealInfo.mqh"

// How much CTrade writes to the journal.
enum ENUM_LOG_LEVELS
  {
   LOG_LEVEL_NO     = 0,   // nothing
   LOG_LEVEL_ERRORS = 1,   // failed operations only
   LOG_LEVEL_ALL    = 2    // every operation
  };

class CTrade : public CObject
  {
protected:
   MqlTradeRequest   m_request;        // last request sent
   MqlTradeResult    m_result;         // answer to it
   MqlTradeCheckResult m_check_result; // last OrderCheck result
   bool              m_async_mode;     // OrderSendAsync instead of OrderSend
   ulong             m_magic;          // magic number of every request
   ulong             m_deviation;      // default deviation, points
   ENUM_ORDER_TYPE_FILLING m_type_filling;
   ENUM_ACCOUNT_MARGIN_MODE m_margin_mode;
   ENUM_LOG_LEVELS   m_log_level;

public:
                     CTrade(void);
                    ~CTrade(void);
   //--- settings
   void              LogLevel(const ENUM_LOG_LEVELS log_level);
   void              SetAsyncMode(const bool mode);
   void              SetExpertMagicNumber(const ulong magic);
   void              SetDeviationInPoints(const ulong deviation);
   void              SetTypeFilling(const ENUM_ORDER_TYPE_FILLING filling);
   bool              SetTypeFillingBySymbol(const string symbol);
   void              SetMarginMode(void);
   //--- the last request
   void              Request(MqlTradeRequest &request) const;
   ENUM_TRADE_REQUEST_ACTIONS RequestAction(void) const;
   string            RequestActionDescription(void) const;
   ulong             RequestMagic(void) const;
   ulong             RequestOrder(void) const;
   ulong             RequestPosition(void) const;
   ulong             RequestPositionBy(void) const;
   string            RequestSymbol(void) const;
   double            RequestVolume(void) const;
   double            RequestPrice(void) const;
   double            RequestStopLimit(void) const;
   double            RequestSL(void) const;
   double            RequestTP(void) const;
   ulong             RequestDeviation(void) const;
   ENUM_ORDER_TYPE   RequestType(void) const;
   string            RequestTypeDescription(void) const;
   ENUM_ORDER_TYPE_FILLING RequestTypeFilling(void) const;
   string            RequestTypeFillingDescription(void) const;
   ENUM_ORDER_TYPE_TIME RequestTypeTime(void) const;
   string            RequestTypeTimeDescription(void) const;
   datetime          RequestExpiration(void) const;
   string            RequestComment(void) const;
   //--- the last result
   void              Result(MqlTradeResult &result) const;
   uint              ResultRetcode(void) const;
   string            ResultRetcodeDescription(void) const;
   int               ResultRetcodeExternal(void) const;
   ulong             ResultDeal(void) const;
   ulong             ResultOrder(void) const;
   double            ResultVolume(void) const;
   double            ResultPrice(void) const;
   double            ResultBid(void) const;
   double            ResultAsk(void) const;
   string            ResultComment(void) const;
   //--- the last check
   void              CheckResult(MqlTradeCheckResult &check_result) const;
   uint              CheckResultRetcode(void) const;
   string            CheckResultRetcodeDescription(void) const;
   double            CheckResultBalance(void) const;
   double            CheckResultEquity(void) const;
   double            CheckResultProfit(void) const;
   double            CheckResultMargin(void) const;
   double            CheckResultMarginFree(void) const;
   double            CheckResultMarginLevel(void) const;
   string            CheckResultComment(void) const;
   //--- positions
   bool              PositionOpen(const string symbol, const ENUM_ORDER_TYPE order_type, const double volume, const double price, const double sl, const double tp, const string comment = "");
   bool              PositionModify(const string symbol, const double sl, const double tp);
   bool              PositionModify(const ulong ticket, const double sl, const double tp);
   bool              PositionClose(const string symbol, const ulong deviation = ULONG_MAX);
   bool              PositionClose(const ulong ticket, const ulong deviation = ULONG_MAX);
   bool              PositionCloseBy(const ulong ticket, const ulong ticket_by);
   bool              PositionClosePartial(const string symbol, const double volume, const ulong deviation = ULONG_MAX);
   bool              PositionClosePartial(const ulong ticket, const double volume, const ulong deviation = ULONG_MAX);
   //--- pending orders
   bool              OrderOpen(const string symbol, const ENUM_ORDER_TYPE order_type, const double volume, const double limit_price, const double price, const double sl, const double tp, ENUM_ORDER_TYPE_TIME type_time = ORDER_TIME_GTC, const datetime expiration = 0, const string comment = "");
   bool              OrderModify(const ulong ticket, const double price, const double sl, const double tp, const ENUM_ORDER_TYPE_TIME type_time, const datetime expiration, const double stoplimit = 0.0);
   bool              OrderDelete(const ulong ticket);
   //--- shortcuts
   bool              Buy(const double volume, const string symbol = NULL, double price = 0.0, const double sl = 0.0, const double tp = 0.0, const string comment = "");
   bool              Sell(const double volume, const string symbol = NULL, double price = 0.0, const double sl = 0.0, const double tp = 0.0, const string comment = "");
   bool              BuyLimit(const double volume, const double price, const string symbol = NULL, const double sl = 0.0, const double tp = 0.0, const ENUM_ORDER_TYPE_TIME type_time = ORDER_TIME_GTC, const datetime expiration = 0, const string comment = "");
   bool              BuyStop(const double volume, const double price, const string symbol = NULL, const double sl = 0.0, const double tp = 0.0, const ENUM_ORDER_TYPE_TIME type_time = ORDER_TIME_GTC, const datetime expiration = 0, const string comment = "");
   bool              SellLimit(const double volume, const double price, const string symbol = NULL, const double sl = 0.0, const double tp = 0.0, const ENUM_ORDER_TYPE_TIME type_time = ORDER_TIME_GTC, const datetime expiration = 0, const string comment = "");
   bool              SellStop(const double volume, const double price, const string symbol = NULL, const double sl = 0.0, const double tp = 0.0, const ENUM_ORDER_TYPE_TIME type_time = ORDER_TIME_GTC, const datetime expiration = 0, const string comment = "");
   //--- checks and sending
   virtual double    CheckVolume(const string symbol, double volume, double price, ENUM_ORDER_TYPE order_type);
   virtual bool      OrderCheck(const MqlTradeRequest &request, MqlTradeCheckResult &check_result);
   virtual bool      OrderSend(const MqlTradeRequest &request, MqlTradeResult &result);
   //--- journal output and text forms
   void              PrintRequest(void) const;
   void              PrintResult(void) const;
   string            FormatPositionType(string &str, const uint type) const;
   string            FormatOrderType(string &str, const uint type) const;
   string            FormatOrderStatus(string &str, const uint status) const;
   string            FormatOrderTypeFilling(string &str, const uint type) const;
   string            FormatOrderTypeTime(string &str, const uint type) const;
   string            FormatOrderPrice(string &str, const double price_order, const double price_trigger, const uint digits) const;
   string            FormatRequest(string &str, const MqlTradeRequest &request) const;
   string            FormatRequestResult(string &str, const MqlTradeRequest &request, const MqlTradeResult &result) const;

protected:
   bool              FillingCheck(const string symbol);
   bool              ExpirationCheck(const string symbol);
   bool              OrderTypeCheck(const string symbol);
   void              ClearStructures(void);
   bool              IsStopped(const string function);
   bool              IsHedging(void) const;
   bool              SelectPosition(const string symbol);
  };
