//+------------------------------------------------------------------+
//| structs.mqh — the MQL5 predefined structures.                    |
//|                                                                  |
//| Implicitly included before every program (not an MT5 path).     |
//| Field names, order and types are MQL5's. The runtime provides    |
//| the structures it fills itself as JS classes with these fields   |
//| (ea-runtime/src/runtime/structs.ts); the others are listed in    |
//| NATIVE_GAPS (include/index.ts).                                  |
//+------------------------------------------------------------------+

// Date and time split into parts (TimeToStruct, StructToTime, TimeCurrent(dt)).
struct MqlDateTime
  {
   int               year;            // year
   int               mon;             // month, 1..12
   int               day;             // day of the month, 1..31
   int               hour;            // 0..23
   int               min;             // 0..59
   int               sec;             // 0..59
   int               day_of_week;     // 0 = Sunday .. 6 = Saturday
   int               day_of_year;     // 0 = 1 January
  };

// Last prices of a symbol (SymbolInfoTick, CopyTicks).
struct MqlTick
  {
   datetime          time;            // time of the last price update
   double            bid;             // current bid
   double            ask;             // current ask
   double            last;            // price of the last deal
   ulong             volume;          // volume of the last deal
   long              time_msc;        // time of the last update, ms
   uint              flags;           // TICK_FLAG_* of what changed
   double            volume_real;     // volume of the last deal, exact
  };

// One bar (CopyRates).
struct MqlRates
  {
   datetime          time;            // period start
   double            open;
   double            high;
   double            low;
   double            close;
   long              tick_volume;
   int               spread;
   long              real_volume;
  };

// One depth-of-market row (MarketBookGet).
struct MqlBookInfo
  {
   ENUM_BOOK_TYPE    type;            // BOOK_TYPE_*
   double            price;
   long              volume;
   double            volume_real;
  };

// One indicator input (IndicatorCreate, IndicatorParameters).
struct MqlParam
  {
   ENUM_DATATYPE     type;            // TYPE_* of the value held
   long              integer_value;
   double            double_value;
   string            string_value;
  };

// A trade request (OrderSend, OrderSendAsync, OrderCheck).
struct MqlTradeRequest
  {
   ENUM_TRADE_REQUEST_ACTIONS action; // TRADE_ACTION_*
   ulong             magic;           // expert id (magic number)
   ulong             order;           // order ticket
   string            symbol;
   double            volume;          // lots
   double            price;
   double            stoplimit;       // StopLimit level of the order
   double            sl;              // stop loss
   double            tp;              // take profit
   ulong             deviation;       // max price deviation, points
   ENUM_ORDER_TYPE   type;
   ENUM_ORDER_TYPE_FILLING type_filling;
   ENUM_ORDER_TYPE_TIME type_time;
   datetime          expiration;      // for ORDER_TIME_SPECIFIED
   string            comment;
   ulong             position;        // position ticket
   ulong             position_by;     // opposite position ticket
  };

// The trade server's answer to a request (OrderSend).
struct MqlTradeResult
  {
   uint              retcode;         // TRADE_RETCODE_*
   ulong             deal;            // deal ticket, if performed
   ulong             order;           // order ticket, if placed
   double            volume;          // volume confirmed by the broker
   double            price;           // price confirmed by the broker
   double            bid;             // current bid
   double            ask;             // current ask
   string            comment;         // broker comment
   uint              request_id;      // set by the terminal
   int               retcode_external; // external trading system's code
  };

// What OrderCheck found about a request.
struct MqlTradeCheckResult
  {
   uint              retcode;
   double            balance;         // balance after the deal
   double            equity;          // equity after the deal
   double            profit;          // floating profit
   double            margin;          // margin required
   double            margin_free;     // free margin left
   double            margin_level;    // margin level after the deal
   string            comment;
  };

// One trade transaction (OnTradeTransaction).
struct MqlTradeTransaction
  {
   ulong             deal;
   ulong             order;
   string            symbol;
   ENUM_TRADE_TRANSACTION_TYPE type;
   ENUM_ORDER_TYPE   order_type;
   ENUM_ORDER_STATE  order_state;
   ENUM_DEAL_TYPE    deal_type;
   ENUM_ORDER_TYPE_TIME time_type;
   datetime          time_expiration;
   double            price;
   double            price_trigger;   // stop limit activation price
   double            price_sl;
   double            price_tp;
   double            volume;          // lots
   ulong             position;
   ulong             position_by;
  };

// Economic calendar: a country.
struct MqlCalendarCountry
  {
   ulong             id;              // ISO 3166-1 numeric id
   string            name;
   string            code;            // ISO 3166-1 alpha-2
   string            currency;        // currency code
   string            currency_symbol;
   string            url_name;        // name used in mql5.com URLs
  };

// Economic calendar: an event kind.
struct MqlCalendarEvent
  {
   ulong             id;
   ENUM_CALENDAR_EVENT_TYPE type;
   ENUM_CALENDAR_EVENT_SECTOR sector;
   ENUM_CALENDAR_EVENT_FREQUENCY frequency;
   ENUM_CALENDAR_EVENT_TIMEMODE time_mode;
   ulong             country_id;
   ENUM_CALENDAR_EVENT_UNIT unit;
   ENUM_CALENDAR_EVENT_IMPORTANCE importance;
   ENUM_CALENDAR_EVENT_MULTIPLIER multiplier;
   uint              digits;          // decimal places of the values
   string            source_url;
   string            event_code;
   string            name;
  };

// Economic calendar: one published (or expected) value of an event.
// The *_value fields hold value * 10^6, or LONG_MIN when absent.
struct MqlCalendarValue
  {
   ulong             id;
   ulong             event_id;
   datetime          time;            // release time (trade server time)
   datetime          period;          // reporting period
   int               revision;
   long              actual_value;
   long              prev_value;
   long              revised_prev_value;
   long              forecast_value;
   ENUM_CALENDAR_EVENT_IMPACT impact_type;
   //--- accessors of the scaled values
   bool              HasActualValue(void) const;
   bool              HasPreviousValue(void) const;
   bool              HasRevisedValue(void) const;
   bool              HasForecastValue(void) const;
   double            GetActualValue(void) const;
   double            GetPreviousValue(void) const;
   double            GetRevisedValue(void) const;
   double            GetForecastValue(void) const;
  };
