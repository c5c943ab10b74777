//+------------------------------------------------------------------+
//| ChartObjects/ChartObjectsTxtControls.mqh — the text objects and  |
//| controls (Standard Library): CChartObjectText (OBJ_TEXT),        |
//| CChartObjectLabel (OBJ_LABEL), CChartObjectEdit (OBJ_EDIT),      |
//| CChartObjectButton (OBJ_BUTTON) and CChartObjectRectLabel        |
//| (OBJ_RECTANGLE_LABEL).                                           |
//|                                                                  |
//| A text is anchored at a time and price; the others are placed in |
//| pixels from a corner of the chart (X_Distance, Y_Distance,       |
//| Corner), so their Time/Price setters are refused (false). Edits, |
//| buttons and rectangle labels have a size in pixels (X_Size,      |
//| Y_Size) and a background colour; their Angle setter is refused.  |
//| Save/Load append each class's own properties to CChartObject's   |
//| record.                                                          |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "ChartObject.mqh"

//+------------------------------------------------------------------+
//| Text at a time and price.                                        |
//+------------------------------------------------------------------+
class CChartObjectText : public CChartObject
  {
public:
                     CChartObjectText(void) {}
                    ~CChartObjectText(void) {}
   bool              Create(long chart_id, const string name, const int window, const datetime time, const double price);
   //--- text properties
   double            Angle(void) const { return(GetDouble(OBJPROP_ANGLE)); }
   bool              Angle(const double angle) const { return(SetDouble(OBJPROP_ANGLE, angle)); }
   string            Font(void) const { return(GetString(OBJPROP_FONT)); }
   bool              Font(const string font) const { return(SetString(OBJPROP_FONT, font)); }
   int               FontSize(void) const { return((int)GetInteger(OBJPROP_FONTSIZE)); }
   bool              FontSize(const int size) const { return(SetInteger(OBJPROP_FONTSIZE, size)); }
   ENUM_ANCHOR_POINT Anchor(void) const;
   bool              Anchor(const ENUM_ANCHOR_POINT anchor) const { return(SetInteger(OBJPROP_ANCHOR, (long)anchor)); }
   virtual int       Type(void) const { return(OBJ_TEXT); }
   //--- file storage: CChartObject's record, then angle, font, size and anchor
   virtual bool      Save(const int file_handle);
   virtual bool      Load(const int file_handle);
  };
bool CChartObjectText::Create(long chart_id, const string name, const int window, const datetime time, const double price)
  {
   if(!ObjectCreate(chart_id, name, OBJ_TEXT, window, time, price))
      return(false);
   return(Attach(chart_id, name, window, 1));
  }
ENUM_ANCHOR_POINT CChartObjectText::Anchor(void) const
  {
   if(m_chart_id == -1)
      return((ENUM_ANCHOR_POINT)WRONG_VALUE);
   return((ENUM_ANCHOR_POINT)ObjectGetInteger(m_chart_id, m_name, OBJPROP_ANCHOR));
  }
bool CChartObjectText::Save(const int file_handle)
  {
   if(!CChartObject::Save(file_handle))
      return(false);
   return(SaveDouble(file_handle, OBJPROP_ANGLE) && SaveText(file_handle, Font()) &&
          SaveInteger(file_handle, OBJPROP_FONTSIZE) && SaveInteger(file_handle, OBJPROP_ANCHOR));
  }
bool CChartObjectText::Load(const int file_handle)
  {
   if(!CChartObject::Load(file_handle))
      return(false);
   string font;
   return(LoadDouble(file_handle, OBJPROP_ANGLE) && LoadText(file_handle, font) && Font(font) &&
          LoadInteger(file_handle, OBJPROP_FONTSIZE) && LoadInteger(file_handle, OBJPROP_ANCHOR));
  }
//+------------------------------------------------------------------+
//| Label: text placed in pixels from a corner of the chart.         |
//+------------------------------------------------------------------+
class CChartObjectLabel : public CChartObjectText
  {
public:
                     CChartObjectLabel(void) {}
                    ~CChartObjectLabel(void) {}
   bool              Create(long chart_id, const string name, const int window, const int X, const int Y);
   //--- placement in pixels
   int               X_Distance(void) const { return((int)GetInteger(OBJPROP_XDISTANCE)); }
   bool              X_Distance(const int X) const { return(SetInteger(OBJPROP_XDISTANCE, X)); }
   int               Y_Distance(void) const { return((int)GetInteger(OBJPROP_YDISTANCE)); }
   bool              Y_Distance(const int Y) const { return(SetInteger(OBJPROP_YDISTANCE, Y)); }
   int               X_Size(void) const { return((int)GetInteger(OBJPROP_XSIZE)); }
   int               Y_Size(void) const { return((int)GetInteger(OBJPROP_YSIZE)); }
   ENUM_BASE_CORNER  Corner(void) const;
   bool              Corner(const ENUM_BASE_CORNER corner) const { return(SetInteger(OBJPROP_CORNER, (long)corner)); }
   //--- a label has no time/price coordinates
   bool              Time(const datetime time) const { return(false); }
   bool              Price(const double price) const { return(false); }
   virtual int       Type(void) const { return(OBJ_LABEL); }
   //--- file storage: CChartObjectText's record, then X, Y and corner
   virtual bool      Save(const int file_handle);
   virtual bool      Load(const int file_handle);
  };
bool CChartObjectLabel::Create(long chart_id, const string name, const int window, const int X, const int Y)
  {
   if(!ObjectCreate(chart_id, name, OBJ_LABEL, window, 0, 0.0))
      return(false);
   if(!Attach(chart_id, name, window, 1))
      return(false);
   return(X_Distance(X) && Y_Distance(Y));
  }
ENUM_BASE_CORNER CChartObjectLabel::Corner(void) const
  {
   if(m_chart_id == -1)
      return((ENUM_BASE_CORNER)WRONG_VALUE);
   return((ENUM_BASE_CORNER)ObjectGetInteger(m_chart_id, m_name, OBJPROP_CORNER));
  }
bool CChartObjectLabel::Save(const int file_handle)
  {
   if(!CChartObjectText::Save(file_handle))
      return(false);
   return(SaveInteger(file_handle, OBJPROP_XDISTANCE) && SaveInteger(file_handle, OBJPROP_YDISTANCE) &&
          SaveInteger(file_handle, OBJPROP_CORNER));
  }
bool CChartObjectLabel::Load(const int file_handle)
  {
   if(!CChartObjectText::Load(file_handle))
      return(false);
   return(LoadInteger(file_handle, OBJPROP_XDISTANCE) && LoadInteger(file_handle, OBJPROP_YDISTANCE) &&
          LoadInteger(file_handle, OBJPROP_CORNER));
  }
//+------------------------------------------------------------------+
//| Edit box: a label with a size, a background and a border, whose  |
//| text the user may edit unless it is read-only.                   |
//+------------------------------------------------------------------+
class CChartObjectEdit : public CChartObjectLabel
  {
public:
                     CChartObjectEdit(void) {}
                    ~CChartObjectEdit(void) {}
   bool              Create(long chart_id, const string name, const int window, const int X, const int Y, const int sizeX, const int sizeY);
   //--- size in pixels
   bool              X_Size(const int X) const { return(SetInteger(OBJPROP_XSIZE, X)); }
   bool              Y_Size(const int Y) const { return(SetInteger(OBJPROP_YSIZE, Y)); }
   int               X_Size(void) const { return((int)GetInteger(OBJPROP_XSIZE)); }
   int               Y_Size(void) const { return((int)GetInteger(OBJPROP_YSIZE)); }
   //--- colours, editing, alignment
   color             BackColor(void) const;
   bool              BackColor(const color new_color) const { return(SetInteger(OBJPROP_BGCOLOR, (long)new_color)); }
   color             BorderColor(void) const;
   bool              BorderColor(const color new_color) const { return(SetInteger(OBJPROP_BORDER_COLOR, (long)new_color)); }
   bool              ReadOnly(void) const { return(GetFlag(OBJPROP_READONLY)); }
   bool              ReadOnly(const bool flag) const { return(SetInteger(OBJPROP_READONLY, flag)); }
   ENUM_ALIGN_MODE   TextAlign(void) const;
   bool              TextAlign(const ENUM_ALIGN_MODE align) const { return(SetInteger(OBJPROP_ALIGN, (long)align)); }
   //--- an edit box is not rotated
   double            Angle(void) const { return(GetDouble(OBJPROP_ANGLE)); }
   bool              Angle(const double angle) const { return(false); }
   virtual int       Type(void) const { return(OBJ_EDIT); }
   //--- file storage: CChartObjectLabel's record, then size, colours, read-only and alignment
   virtual bool      Save(const int file_handle);
   virtual bool      Load(const int file_handle);

protected:
   //--- makes an object of `type` and sets place and size
   bool              CreateSized(long chart_id, const string name, const int window, const ENUM_OBJECT type,
                                 const int X, const int Y, const int sizeX, const int sizeY);
  };
bool CChartObjectEdit::CreateSized(long chart_id, const string name, const int window, const ENUM_OBJECT type,
                                   const int X, const int Y, const int sizeX, const int sizeY)
  {
   if(!ObjectCreate(chart_id, name, type, window, 0, 0.0))
      return(false);
   if(!Attach(chart_id, name, window, 1))
      return(false);
   return(X_Distance(X) && Y_Distance(Y) && X_Size(sizeX) && Y_Size(sizeY));
  }
bool CChartObjectEdit::Create(long chart_id, const string name, const int window, const int X, const int Y, const int sizeX, const int sizeY)
  {
   return(CreateSized(chart_id, name, window, OBJ_EDIT, X, Y, sizeX, sizeY));
  }
color CChartObjectEdit::BackColor(void) const
  {
   return(GetColor(OBJPROP_BGCOLOR));
  }
color CChartObjectEdit::BorderColor(void) const
  {
   return(GetColor(OBJPROP_BORDER_COLOR));
  }
ENUM_ALIGN_MODE CChartObjectEdit::TextAlign(void) const
  {
   if(m_chart_id == -1)
      return((ENUM_ALIGN_MODE)WRONG_VALUE);
   return((ENUM_ALIGN_MODE)ObjectGetInteger(m_chart_id, m_name, OBJPROP_ALIGN));
  }
bool CChartObjectEdit::Save(const int file_handle)
  {
   if(!CChartObjectLabel::Save(file_handle))
      return(false);
   return(SaveInteger(file_handle, OBJPROP_XSIZE) && SaveInteger(file_handle, OBJPROP_YSIZE) &&
          SaveInteger(file_handle, OBJPROP_BGCOLOR) && SaveInteger(file_handle, OBJPROP_BORDER_COLOR) &&
          SaveInteger(file_handle, OBJPROP_READONLY) && SaveInteger(file_handle, OBJPROP_ALIGN));
  }
bool CChartObjectEdit::Load(const int file_handle)
  {
   if(!CChartObjectLabel::Load(file_handle))
      return(false);
   return(LoadInteger(file_handle, OBJPROP_XSIZE) && LoadInteger(file_handle, OBJPROP_YSIZE) &&
          LoadInteger(file_handle, OBJPROP_BGCOLOR) && LoadInteger(file_handle, OBJPROP_BORDER_COLOR) &&
          LoadInteger(file_handle, OBJPROP_READONLY) && LoadInteger(file_handle, OBJPROP_ALIGN));
  }
//+------------------------------------------------------------------+
//| Button: an edit-like box with a pressed/released state.          |
//+------------------------------------------------------------------+
class CChartObjectButton : public CChartObjectEdit
  {
public:
                     CChartObjectButton(void) {}
                    ~CChartObjectButton(void) {}
   bool              Create(long chart_id, const string name, const int window, const int X, const int Y, const int sizeX, const int sizeY);
   //--- pressed (true) or released
   bool              State(void) const { return(GetFlag(OBJPROP_STATE)); }
   bool              State(const bool state) const { return(SetInteger(OBJPROP_STATE, state)); }
   virtual int       Type(void) const { return(OBJ_BUTTON); }
   //--- file storage: CChartObjectEdit's record, then the state
   virtual bool      Save(const int file_handle);
   virtual bool      Load(const int file_handle);
  };
bool CChartObjectButton::Create(long chart_id, const string name, const int window, const int X, const int Y, const int sizeX, const int sizeY)
  {
   return(CreateSized(chart_id, name, window, OBJ_BUTTON, X, Y, sizeX, sizeY));
  }
bool CChartObjectButton::Save(const int file_handle)
  {
   return(CChartObjectEdit::Save(file_handle) && SaveInteger(file_handle, OBJPROP_STATE));
  }
bool CChartObjectButton::Load(const int file_handle)
  {
   return(CChartObjectEdit::Load(file_handle) && LoadInteger(file_handle, OBJPROP_STATE));
  }
//+------------------------------------------------------------------+
//| Rectangle label: a filled rectangle placed in pixels.            |
//+------------------------------------------------------------------+
class CChartObjectRectLabel : public CChartObjectLabel
  {
public:
                     CChartObjectRectLabel(void) {}
                    ~CChartObjectRectLabel(void) {}
   bool              Create(long chart_id, const string name, const int window, const int X, const int Y, const int sizeX, const int sizeY);
   //--- size in pixels
   bool              X_Size(const int X) const { return(SetInteger(OBJPROP_XSIZE, X)); }
   bool              Y_Size(const int Y) const { return(SetInteger(OBJPROP_YSIZE, Y)); }
   int               X_Size(void) const { return((int)GetInteger(OBJPROP_XSIZE)); }
   int               Y_Size(void) const { return((int)GetInteger(OBJPROP_YSIZE)); }
   //--- background and border
   color             BackColor(void) const;
   bool              BackColor(const color new_color) const { return(SetInteger(OBJPROP_BGCOLOR, (long)new_color)); }
   ENUM_BORDER_TYPE  BorderType(void) const;
   bool              BorderType(const ENUM_BORDER_TYPE flag) const { return(SetInteger(OBJPROP_BORDER_TYPE, (long)flag)); }
   //--- a rectangle label is not rotated
   double            Angle(void) const { return(GetDouble(OBJPROP_ANGLE)); }
   bool              Angle(const double angle) const { return(false); }
   virtual int       Type(void) const { return(OBJ_RECTANGLE_LABEL); }
   //--- file storage: CChartObjectLabel's record, then size, background and border type
   virtual bool      Save(const int file_handle);
   virtual bool      Load(const int file_handle);
  };
bool CChartObjectRectLabel::Create(long chart_id, const string name, const int window, const int X, const int Y, const int sizeX, const int sizeY)
  {
   if(!ObjectCreate(chart_id, name, OBJ_RECTANGLE_LABEL, window, 0, 0.0))
      return(false);
   if(!Attach(chart_id, name, window, 1))
      return(false);
   return(X_Distance(X) && Y_Distance(Y) && X_Size(sizeX) && Y_Size(sizeY));
  }
color CChartObjectRectLabel::BackColor(void) const
  {
   return(GetColor(OBJPROP_BGCOLOR));
  }
ENUM_BORDER_TYPE CChartObjectRectLabel::BorderType(void) const
  {
   if(m_chart_id == -1)
      return((ENUM_BORDER_TYPE)WRONG_VALUE);
   return((ENUM_BORDER_TYPE)ObjectGetInteger(m_chart_id, m_name, OBJPROP_BORDER_TYPE));
  }
bool CChartObjectRectLabel::Save(const int file_handle)
  {
   if(!CChartObjectLabel::Save(file_handle))
      return(false);
   return(SaveInteger(file_handle, OBJPROP_XSIZE) && SaveInteger(file_handle, OBJPROP_YSIZE) &&
          SaveInteger(file_handle, OBJPROP_BGCOLOR) && SaveInteger(file_handle, OBJPROP_BORDER_TYPE));
  }
bool CChartObjectRectLabel::Load(const int file_handle)
  {
   if(!CChartObjectLabel::Load(file_handle))
      return(false);
   return(LoadInteger(file_handle, OBJPROP_XSIZE) && LoadInteger(file_handle, OBJPROP_YSIZE) &&
          LoadInteger(file_handle, OBJPROP_BGCOLOR) && LoadInteger(file_handle, OBJPROP_BORDER_TYPE));
  }
