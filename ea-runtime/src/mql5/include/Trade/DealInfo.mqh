//+------------------------------------------------------------------+
//| Trade/DealInfo.mqh — class CDealInfo (Standard Library).         |
//|                                                                  |
//| Native class: declarations only, implemented by the runtime      |
//| (ea-runtime/src/runtime/stdlib.ts). Members it lacks are listed  |
//| in NATIVE_GAPS as "CDealInfo::Name".                             |
//+------------------------------------------------------------------+
#include <Object.mqh>

class CDealInfo : public CObject
  {
protected:
   ulong             m_ticket;         // ticket of the deal

public:
                     CDealInfo(void);
                    ~CDealInfo(void);
   void              Ticket(const ulong ticket);
   ulong             Ticket(void) const;
   //--- integer properties
   long              Order(void) const;
   datetime          Time(void) const;
   ulong             TimeMsc(void) const;
   ENUM_DEAL_TYPE    DealType(void) const;
   string            TypeDescription(void) const;
   ENUM_DEAL_ENTRY   Entry(void) const;
   string            EntryDescription(void) const;
   long              Magic(void) const;
   long              PositionId(void) const;
   //--- double properties
   double            Volume(void) const;
   double            Price(void) const;
   double            Commission(void) const;
   double            Swap(void) const;
   double            Profit(void) const;
   //--- string properties
   string            Symbol(void) const;
   string            Comment(void) const;
   string            ExternalId(void) const;
   //--- any property
   bool              InfoInteger(ENUM_DEAL_PROPERTY_INTEGER prop_id, long &var) const;
   bool              InfoDouble(ENUM_DEAL_PROPERTY_DOUBLE prop_id, double &var) const;
   bool              InfoString(ENUM_DEAL_PROPERTY_STRING prop_id, string &var) const;
   //--- text forms
   string            FormatAction(string &str, const uint action) const;
   string            FormatEntry(string &str, const uint entry) const;
   string            FormatDeal(string &str) const;
   //--- selection in the history selected by HistorySelect
   bool              SelectByIndex(const int index);
  };
