//+------------------------------------------------------------------+
//| Trade/PositionInfo.mqh — class CPositionInfo (Standard Library). |
//|                                                                  |
//| Native class: declarations only, implemented by the runtime      |
//| (ea-runtime/src/runtime/stdlib.ts). Members it lacks are listed  |
//| in NATIVE_GAPS as "CPositionInfo::Name".                         |
//+------------------------------------------------------------------+
#include <Object.mqh>

class CPositionInfo : public CObject
  {
protected:
   ENUM_POSITION_TYPE m_type;          // state kept by StoreState
   double            m_volume;
   double            m_price;
   double            m_stop_loss;
   double            m_take_profit;

public:
                     CPositionInfo(void);
                    ~CPositionInfo(void);
   //--- integer properties of the selected position
   ulong             Ticket(void) const;
   datetime          Time(void) const;
   ulong             TimeMsc(void) const;
   datetime          TimeUpdate(void) const;
   ulong             TimeUpdateMsc(void) const;
   ENUM_POSITION_TYPE PositionType(void) const;
   string            TypeDescription(void) const;
   long              Magic(void) const;
   long              Identifier(void) const;
   //--- double properties
   double            Volume(void) const;
   double            PriceOpen(void) const;
   double            StopLoss(void) const;
   double            TakeProfit(void) const;
   double            PriceCurrent(void) const;
   double            Commission(void) const;
   double            Swap(void) const;
   double            Profit(void) const;
   //--- string properties
   string            Symbol(void) const;
   string            Comment(void) const;
   //--- any property
   bool              InfoInteger(const ENUM_POSITION_PROPERTY_INTEGER prop_id, long &var) const;
   bool              InfoDouble(const ENUM_POSITION_PROPERTY_DOUBLE prop_id, double &var) const;
   bool              InfoString(const ENUM_POSITION_PROPERTY_STRING prop_id, string &var) const;
   //--- text forms
   string            FormatType(string &str, const uint type) const;
   string            FormatPosition(string &str) const;
   //--- selection
   bool              Select(const string symbol);
   bool              SelectByMagic(const string symbol, const ulong magic);
   bool              SelectByTicket(const ulong ticket);
   bool              SelectByIndex(const int index);
   //--- change tracking
   void              StoreState(void);
   bool              CheckState(void);
  };
