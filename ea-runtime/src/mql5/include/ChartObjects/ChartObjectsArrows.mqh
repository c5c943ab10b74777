//+------------------------------------------------------------------+
//| ChartObjects/ChartObjectsArrows.mqh — the arrows (Standard       |
//| Library): CChartObjectArrow (OBJ_ARROW, any Wingdings code) and  |
//| the fixed kinds CChartObjectArrowThumbUp, …ThumbDown, …ArrowUp,  |
//| …ArrowDown, …Stop, …Check, …LeftPrice, …RightPrice, …Buy and     |
//| …Sell (OBJ_ARROW_THUMB_UP … OBJ_ARROW_SELL), whose code cannot   |
//| be changed (ArrowCode(code) answers false).                      |
//| Arrow codes are uchar here (32…255, Wingdings), so codes above   |
//| 127 keep their value.                                            |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ChartObject.mqh"

//+------------------------------------------------------------------+
//| Arrow at a time and price, drawn with a Wingdings character.     |
//+------------------------------------------------------------------+
class CChartObjectArrow : public CChartObject
  {
public:
                     CChartObjectArrow(void) {}
                    ~CChartObjectArrow(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price, const uchar code);
   //--- the character and where the arrow is anchored
   uchar             ArrowCode(void) const { return((uchar)GetInteger(OBJPROP_ARROWCODE)); }
   virtual bool      ArrowCode(const uchar code) const { return(SetInteger(OBJPROP_ARROWCODE, code)); }
   ENUM_ARROW_ANCHOR Anchor(void) const;
   bool              Anchor(const ENUM_ARROW_ANCHOR anchor) const { return(SetInteger(OBJPROP_ANCHOR, (long)anchor)); }
   virtual int       Type(void) const { return(OBJ_ARROW); }
   //--- file storage: CChartObject's record, then the code and the anchor
   virtual bool      Save(const int file_handle);
   virtual bool      Load(const int file_handle);

protected:
   //--- makes an arrow of a fixed kind
   bool              CreateKind(long chart_id, const string name, const int window, const ENUM_OBJECT type,
                                const datetime time, const double price);
  };
bool CChartObjectArrow::Create(long chart_id, const string name, const int window, const datetime time, const double price, const uchar code)
  {
   if(!ObjectCreate(chart_id, name, OBJ_ARROW, window, time, price))
      return(false);
   if(!Attach(chart_id, name, window, 1))
      return(false);
   return(ArrowCode(code));
  }
bool CChartObjectArrow::CreateKind(long chart_id, const string name, const int window, const ENUM_OBJECT type,
                                   const datetime time, const double price)
  {
   if(!ObjectCreate(chart_id, name, type, window, time, price))
      return(false);
   return(Attach(chart_id, name, window, 1));
  }
ENUM_ARROW_ANCHOR CChartObjectArrow::Anchor(void) const
  {
   if(m_chart_id == -1)
      return((ENUM_ARROW_ANCHOR)WRONG_VALUE);
   return((ENUM_ARROW_ANCHOR)ObjectGetInteger(m_chart_id, m_name, OBJPROP_ANCHOR));
  }
bool CChartObjectArrow::Save(const int file_handle)
  {
   if(!CChartObject::Save(file_handle))
      return(false);
   return(SaveInteger(file_handle, OBJPROP_ARROWCODE) && SaveInteger(file_handle, OBJPROP_ANCHOR));
  }
bool CChartObjectArrow::Load(const int file_handle)
  {
   if(!CChartObject::Load(file_handle))
      return(false);
   ResetLastError();
   long code = FileReadLong(file_handle);
   if(GetLastError() != 0)
      return(false);
   //--- the fixed kinds keep their own code
   if(Type() == OBJ_ARROW && !SetInteger(OBJPROP_ARROWCODE, code))
      return(false);
   return(LoadInteger(file_handle, OBJPROP_ANCHOR));
  }
//+------------------------------------------------------------------+
//| The fixed kinds.                                                 |
//+------------------------------------------------------------------+
class CChartObjectArrowThumbUp : public CChartObjectArrow
  {
public:
                     CChartObjectArrowThumbUp(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price) { return(CreateKind(chart_id, name, window, OBJ_ARROW_THUMB_UP, time, price)); }
   virtual bool      ArrowCode(const uchar code) const { return(false); }
   uchar             ArrowCode(void) const { return(CChartObjectArrow::ArrowCode()); }
   virtual int       Type(void) const { return(OBJ_ARROW_THUMB_UP); }
  };
class CChartObjectArrowThumbDown : public CChartObjectArrow
  {
public:
                     CChartObjectArrowThumbDown(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price) { return(CreateKind(chart_id, name, window, OBJ_ARROW_THUMB_DOWN, time, price)); }
   virtual bool      ArrowCode(const uchar code) const { return(false); }
   uchar             ArrowCode(void) const { return(CChartObjectArrow::ArrowCode()); }
   virtual int       Type(void) const { return(OBJ_ARROW_THUMB_DOWN); }
  };
class CChartObjectArrowUp : public CChartObjectArrow
  {
public:
                     CChartObjectArrowUp(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price) { return(CreateKind(chart_id, name, window, OBJ_ARROW_UP, time, price)); }
   virtual bool      ArrowCode(const uchar code) const { return(false); }
   uchar             ArrowCode(void) const { return(CChartObjectArrow::ArrowCode()); }
   virtual int       Type(void) const { return(OBJ_ARROW_UP); }
  };
class CChartObjectArrowDown : public CChartObjectArrow
  {
public:
                     CChartObjectArrowDown(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price) { return(CreateKind(chart_id, name, window, OBJ_ARROW_DOWN, time, price)); }
   virtual bool      ArrowCode(const uchar code) const { return(false); }
   uchar             ArrowCode(void) const { return(CChartObjectArrow::ArrowCode()); }
   virtual int       Type(void) const { return(OBJ_ARROW_DOWN); }
  };
class CChartObjectArrowStop : public CChartObjectArrow
  {
public:
                     CChartObjectArrowStop(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price) { return(CreateKind(chart_id, name, window, OBJ_ARROW_STOP, time, price)); }
   virtual bool      ArrowCode(const uchar code) const { return(false); }
   uchar             ArrowCode(void) const { return(CChartObjectArrow::ArrowCode()); }
   virtual int       Type(void) const { return(OBJ_ARROW_STOP); }
  };
class CChartObjectArrowCheck : public CChartObjectArrow
  {
public:
                     CChartObjectArrowCheck(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price) { return(CreateKind(chart_id, name, window, OBJ_ARROW_CHECK, time, price)); }
   virtual bool      ArrowCode(const uchar code) const { return(false); }
   uchar             ArrowCode(void) const { return(CChartObjectArrow::ArrowCode()); }
   virtual int       Type(void) const { return(OBJ_ARROW_CHECK); }
  };
class CChartObjectArrowLeftPrice : public CChartObjectArrow
  {
public:
                     CChartObjectArrowLeftPrice(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price) { return(CreateKind(chart_id, name, window, OBJ_ARROW_LEFT_PRICE, time, price)); }
   virtual bool      ArrowCode(const uchar code) const { return(false); }
   uchar             ArrowCode(void) const { return(CChartObjectArrow::ArrowCode()); }
   virtual int       Type(void) const { return(OBJ_ARROW_LEFT_PRICE); }
  };
class CChartObjectArrowRightPrice : public CChartObjectArrow
  {
public:
                     CChartObjectArrowRightPrice(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price) { return(CreateKind(chart_id, name, window, OBJ_ARROW_RIGHT_PRICE, time, price)); }
   virtual bool      ArrowCode(const uchar code) const { return(false); }
   uchar             ArrowCode(void) const { return(CChartObjectArrow::ArrowCode()); }
   virtual int       Type(void) const { return(OBJ_ARROW_RIGHT_PRICE); }
  };
class CChartObjectArrowBuy : public CChartObjectArrow
  {
public:
                     CChartObjectArrowBuy(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price) { return(CreateKind(chart_id, name, window, OBJ_ARROW_BUY, time, price)); }
   virtual bool      ArrowCode(const uchar code) const { return(false); }
   uchar             ArrowCode(void) const { return(CChartObjectArrow::ArrowCode()); }
   virtual int       Type(void) const { return(OBJ_ARROW_BUY); }
  };
class CChartObjectArrowSell : public CChartObjectArrow
  {
public:
                     CChartObjectArrowSell(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price) { return(CreateKind(chart_id, name, window, OBJ_ARROW_SELL, time, price)); }
   virtual bool      ArrowCode(const uchar code) const { return(false); }
   uchar             ArrowCode(void) const { return(CChartObjectArrow::ArrowCode()); }
   virtual int       Type(void) const { return(OBJ_ARROW_SELL); }
  };
