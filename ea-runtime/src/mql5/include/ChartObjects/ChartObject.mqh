//+------------------------------------------------------------------+
//| ChartObjects/ChartObject.mqh — class CChartObject (Standard      |
//| Library), base of the graphical object classes.                  |
//|                                                                  |
//| A CChartObject is bound to one graphical object of a chart (by   |
//| the derived classes' Create, or by Attach to an existing one)    |
//| and reads and changes its properties through the Object*         |
//| functions. Unbound (before Create/Attach, after Delete/Detach)   |
//| the setters return false and the getters a "no value" answer:    |
//| CLR_NONE for colours, WRONG_VALUE for styles, -1 for widths, 0   |
//| for other integers and times, EMPTY_VALUE for prices, false and  |
//| "". Anchor points are numbered from 0 below NumPoints().         |
//| The destructor deletes the bound object from its chart, as MT5's |
//| does; Detach first to leave the object on the chart.             |
//| Save/Load write and read the object's properties in a binary     |
//| file (opened with FILE_BIN) in this library's own layout.        |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Object.mqh>

class CChartObject : public CObject
  {
protected:
   long              m_chart_id;       // chart of the object; -1 unbound
   int               m_window;         // subwindow (0 = main window)
   string            m_name;           // object name
   int               m_num_points;     // anchor points

public:
                     CChartObject(void) { Detach(); }
                    ~CChartObject(void);
   //--- type id
   virtual int       Type(void) const { return(0x8888); }
   //--- binding
   long              ChartId(void) const { return(m_chart_id); }
   int               Window(void) const { return(m_window); }
   string            Name(void) const { return(m_name); }
   bool              Name(const string name);
   int               NumPoints(void) const { return(m_num_points); }
   bool              Attach(long chart_id, const string name, const int window, const int points);
   bool              SetPoint(const int point, const datetime time, const double price) const;
   bool              Delete(void);
   void              Detach(void);
   //--- anchor points
   datetime          Time(const int point) const;
   bool              Time(const int point, const datetime time) const;
   double            Price(const int point) const;
   bool              Price(const int point, const double price) const;
   //--- common properties
   color             Color(void) const;
   bool              Color(const color new_color) const;
   ENUM_LINE_STYLE   Style(void) const;
   bool              Style(const ENUM_LINE_STYLE new_style) const;
   int               Width(void) const;
   bool              Width(const int new_width) const;
   bool              Background(void) const { return(GetFlag(OBJPROP_BACK)); }
   bool              Background(const bool new_back) const { return(SetInteger(OBJPROP_BACK, new_back)); }
   bool              Fill(void) const { return(GetFlag(OBJPROP_FILL)); }
   bool              Fill(const bool new_fill) const { return(SetInteger(OBJPROP_FILL, new_fill)); }
   bool              Selected(void) const { return(GetFlag(OBJPROP_SELECTED)); }
   bool              Selected(const bool new_sel) const { return(SetInteger(OBJPROP_SELECTED, new_sel)); }
   bool              Selectable(void) const { return(GetFlag(OBJPROP_SELECTABLE)); }
   bool              Selectable(const bool new_sel) const { return(SetInteger(OBJPROP_SELECTABLE, new_sel)); }
   bool              Hidden(void) const { return(GetFlag(OBJPROP_HIDDEN)); }
   bool              Hidden(const bool new_hidden) const { return(SetInteger(OBJPROP_HIDDEN, new_hidden)); }
   long              Z_Order(void) const { return(GetInteger(OBJPROP_ZORDER)); }
   bool              Z_Order(const long value) const { return(SetInteger(OBJPROP_ZORDER, value)); }
   string            Description(void) const { return(GetString(OBJPROP_TEXT)); }
   bool              Description(const string new_text) const { return(SetString(OBJPROP_TEXT, new_text)); }
   string            Tooltip(void) const { return(GetString(OBJPROP_TOOLTIP)); }
   bool              Tooltip(const string new_text) const { return(SetString(OBJPROP_TOOLTIP, new_text)); }
   int               Timeframes(void) const { return((int)GetInteger(OBJPROP_TIMEFRAMES)); }
   virtual bool      Timeframes(const int timeframes) const { return(SetInteger(OBJPROP_TIMEFRAMES, timeframes)); }
   datetime          CreateTime(void) const { return((datetime)GetInteger(OBJPROP_CREATETIME)); }
   //--- levels (Fibonacci tools, Gann fan and grid)
   int               LevelsCount(void) const { return((int)GetInteger(OBJPROP_LEVELS)); }
   bool              LevelsCount(const int new_count) const { return(SetInteger(OBJPROP_LEVELS, new_count)); }
   color             LevelColor(const int level) const;
   bool              LevelColor(const int level, const color new_color) const;
   ENUM_LINE_STYLE   LevelStyle(const int level) const;
   bool              LevelStyle(const int level, const ENUM_LINE_STYLE new_style) const;
   int               LevelWidth(const int level) const;
   bool              LevelWidth(const int level, const int new_width) const;
   double            LevelValue(const int level) const;
   bool              LevelValue(const int level, const double new_value) const;
   string            LevelDescription(const int level) const;
   bool              LevelDescription(const int level, const string new_text) const;
   //--- any property (modifier -1: none)
   long              GetInteger(const ENUM_OBJECT_PROPERTY_INTEGER prop_id, const int modifier = -1) const;
   bool              GetInteger(const ENUM_OBJECT_PROPERTY_INTEGER prop_id, const int modifier, long &value) const;
   bool              SetInteger(const ENUM_OBJECT_PROPERTY_INTEGER prop_id, const int modifier, const long value) const;
   bool              SetInteger(const ENUM_OBJECT_PROPERTY_INTEGER prop_id, const long value) const;
   double            GetDouble(const ENUM_OBJECT_PROPERTY_DOUBLE prop_id, const int modifier = -1) const;
   bool              GetDouble(const ENUM_OBJECT_PROPERTY_DOUBLE prop_id, const int modifier, double &value) const;
   bool              SetDouble(const ENUM_OBJECT_PROPERTY_DOUBLE prop_id, const int modifier, const double value) const;
   bool              SetDouble(const ENUM_OBJECT_PROPERTY_DOUBLE prop_id, const double value) const;
   string            GetString(const ENUM_OBJECT_PROPERTY_STRING prop_id, const int modifier = -1) const;
   bool              GetString(const ENUM_OBJECT_PROPERTY_STRING prop_id, const int modifier, string &value) const;
   bool              SetString(const ENUM_OBJECT_PROPERTY_STRING prop_id, const int modifier, const string value) const;
   bool              SetString(const ENUM_OBJECT_PROPERTY_STRING prop_id, const string value) const;
   //--- moving every anchor point, or one, by a time and price offset
   bool              ShiftObject(const datetime d_time, const double d_price) const;
   bool              ShiftPoint(const int point, const datetime d_time, const double d_price) const;
   //--- file storage
   virtual bool      Save(const int file_handle);
   virtual bool      Load(const int file_handle);

protected:
   //--- a boolean property (false unbound)
   bool              GetFlag(const ENUM_OBJECT_PROPERTY_INTEGER prop_id) const;
   //--- a colour property (CLR_NONE unbound or when the object has none)
   color             GetColor(const ENUM_OBJECT_PROPERTY_INTEGER prop_id, const int modifier = 0) const;
   //--- strings in files: the length (int) then the characters
   bool              SaveText(const int file_handle, const string text) const;
   bool              LoadText(const int file_handle, string &text) const;
   //--- integer and double properties in files
   bool              SaveInteger(const int file_handle, const ENUM_OBJECT_PROPERTY_INTEGER prop_id) const;
   bool              LoadInteger(const int file_handle, const ENUM_OBJECT_PROPERTY_INTEGER prop_id) const;
   bool              SaveDouble(const int file_handle, const ENUM_OBJECT_PROPERTY_DOUBLE prop_id) const;
   bool              LoadDouble(const int file_handle, const ENUM_OBJECT_PROPERTY_DOUBLE prop_id) const;
  };
//+------------------------------------------------------------------+
//| Deletes the bound object from its chart.                         |
//+------------------------------------------------------------------+
CChartObject::~CChartObject(void)
  {
   if(m_chart_id != -1)
      ObjectDelete(m_chart_id, m_name);
  }
//+------------------------------------------------------------------+
//| Binds to an existing object of a chart (0 = the current chart);  |
//| false if the chart has no object of that name.                   |
//+------------------------------------------------------------------+
bool CChartObject::Attach(long chart_id, const string name, const int window, const int points)
  {
   if(ObjectFind(chart_id, name) < 0)
      return(false);
   if(chart_id == 0)
      chart_id = ChartID();
   m_chart_id = chart_id;
   m_window = window;
   m_name = name;
   m_num_points = points;
   return(true);
  }
//+------------------------------------------------------------------+
//| Unbinds, leaving the object on its chart.                        |
//+------------------------------------------------------------------+
void CChartObject::Detach(void)
  {
   m_chart_id = -1;
   m_window = -1;
   m_name = NULL;
   m_num_points = 0;
  }
//+------------------------------------------------------------------+
//| Deletes the bound object from its chart and unbinds.             |
//+------------------------------------------------------------------+
bool CChartObject::Delete(void)
  {
   if(m_chart_id == -1)
      return(false);
   bool result = ObjectDelete(m_chart_id, m_name);
   Detach();
   return(result);
  }
//+------------------------------------------------------------------+
//| Renames the object (false if the name is taken or empty).        |
//+------------------------------------------------------------------+
bool CChartObject::Name(const string name)
  {
   if(m_chart_id == -1)
      return(false);
   if(!ObjectSetString(m_chart_id, m_name, OBJPROP_NAME, name))
      return(false);
   m_name = name;
   return(true);
  }
//+------------------------------------------------------------------+
//| Moves an anchor point.                                           |
//+------------------------------------------------------------------+
bool CChartObject::SetPoint(const int point, const datetime time, const double price) const
  {
   if(m_chart_id == -1 || point < 0 || point >= m_num_points)
      return(false);
   return(ObjectMove(m_chart_id, m_name, point, time, price));
  }
//+------------------------------------------------------------------+
//| Time of an anchor point (0 unbound or out of range).             |
//+------------------------------------------------------------------+
datetime CChartObject::Time(const int point) const
  {
   if(m_chart_id == -1 || point < 0 || point >= m_num_points)
      return(0);
   return((datetime)ObjectGetInteger(m_chart_id, m_name, OBJPROP_TIME, point));
  }
//+------------------------------------------------------------------+
//| Sets the time of an anchor point.                                |
//+------------------------------------------------------------------+
bool CChartObject::Time(const int point, const datetime time) const
  {
   if(m_chart_id == -1 || point < 0 || point >= m_num_points)
      return(false);
   return(ObjectSetInteger(m_chart_id, m_name, OBJPROP_TIME, point, (long)time));
  }
//+------------------------------------------------------------------+
//| Price of an anchor point (EMPTY_VALUE unbound or out of range).  |
//+------------------------------------------------------------------+
double CChartObject::Price(const int point) const
  {
   if(m_chart_id == -1 || point < 0 || point >= m_num_points)
      return(EMPTY_VALUE);
   return(ObjectGetDouble(m_chart_id, m_name, OBJPROP_PRICE, point));
  }
//+------------------------------------------------------------------+
//| Sets the price of an anchor point.                               |
//+------------------------------------------------------------------+
bool CChartObject::Price(const int point, const double price) const
  {
   if(m_chart_id == -1 || point < 0 || point >= m_num_points)
      return(false);
   return(ObjectSetDouble(m_chart_id, m_name, OBJPROP_PRICE, point, price));
  }
//+------------------------------------------------------------------+
//| Colour (CLR_NONE unbound).                                       |
//+------------------------------------------------------------------+
color CChartObject::Color(void) const
  {
   return(GetColor(OBJPROP_COLOR));
  }
//+------------------------------------------------------------------+
//| Sets the colour.                                                 |
//+------------------------------------------------------------------+
bool CChartObject::Color(const color new_color) const
  {
   return(SetInteger(OBJPROP_COLOR, (long)new_color));
  }
//+------------------------------------------------------------------+
//| Line style (WRONG_VALUE unbound).                                |
//+------------------------------------------------------------------+
ENUM_LINE_STYLE CChartObject::Style(void) const
  {
   if(m_chart_id == -1)
      return((ENUM_LINE_STYLE)WRONG_VALUE);
   return((ENUM_LINE_STYLE)ObjectGetInteger(m_chart_id, m_name, OBJPROP_STYLE));
  }
//+------------------------------------------------------------------+
//| Sets the line style.                                             |
//+------------------------------------------------------------------+
bool CChartObject::Style(const ENUM_LINE_STYLE new_style) const
  {
   return(SetInteger(OBJPROP_STYLE, (long)new_style));
  }
//+------------------------------------------------------------------+
//| Line width (-1 unbound).                                         |
//+------------------------------------------------------------------+
int CChartObject::Width(void) const
  {
   if(m_chart_id == -1)
      return(-1);
   return((int)ObjectGetInteger(m_chart_id, m_name, OBJPROP_WIDTH));
  }
//+------------------------------------------------------------------+
//| Sets the line width.                                             |
//+------------------------------------------------------------------+
bool CChartObject::Width(const int new_width) const
  {
   return(SetInteger(OBJPROP_WIDTH, new_width));
  }
//+------------------------------------------------------------------+
//| A boolean property (false unbound).                              |
//+------------------------------------------------------------------+
bool CChartObject::GetFlag(const ENUM_OBJECT_PROPERTY_INTEGER prop_id) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ObjectGetInteger(m_chart_id, m_name, prop_id) != 0);
  }
//+------------------------------------------------------------------+
//| A colour property: CLR_NONE unbound, and for "no colour" however |
//| the value reads (-1 or 0xFFFFFFFF), so that it compares equal to |
//| clrNONE.                                                         |
//+------------------------------------------------------------------+
color CChartObject::GetColor(const ENUM_OBJECT_PROPERTY_INTEGER prop_id, const int modifier) const
  {
   if(m_chart_id == -1)
      return(CLR_NONE);
   long value = ObjectGetInteger(m_chart_id, m_name, prop_id, modifier);
   if(value == -1 || value == 0xFFFFFFFF)
      return(CLR_NONE);
   return((color)value);
  }
//+------------------------------------------------------------------+
//| Colour of a level (CLR_NONE unbound).                            |
//+------------------------------------------------------------------+
color CChartObject::LevelColor(const int level) const
  {
   return(GetColor(OBJPROP_LEVELCOLOR, level));
  }
//+------------------------------------------------------------------+
//| Sets the colour of a level.                                      |
//+------------------------------------------------------------------+
bool CChartObject::LevelColor(const int level, const color new_color) const
  {
   return(SetInteger(OBJPROP_LEVELCOLOR, level, (long)new_color));
  }
//+------------------------------------------------------------------+
//| Line style of a level (WRONG_VALUE unbound).                     |
//+------------------------------------------------------------------+
ENUM_LINE_STYLE CChartObject::LevelStyle(const int level) const
  {
   if(m_chart_id == -1)
      return((ENUM_LINE_STYLE)WRONG_VALUE);
   return((ENUM_LINE_STYLE)ObjectGetInteger(m_chart_id, m_name, OBJPROP_LEVELSTYLE, level));
  }
//+------------------------------------------------------------------+
//| Sets the line style of a level.                                  |
//+------------------------------------------------------------------+
bool CChartObject::LevelStyle(const int level, const ENUM_LINE_STYLE new_style) const
  {
   return(SetInteger(OBJPROP_LEVELSTYLE, level, (long)new_style));
  }
//+------------------------------------------------------------------+
//| Line width of a level (-1 unbound).                              |
//+------------------------------------------------------------------+
int CChartObject::LevelWidth(const int level) const
  {
   if(m_chart_id == -1)
      return(-1);
   return((int)ObjectGetInteger(m_chart_id, m_name, OBJPROP_LEVELWIDTH, level));
  }
//+------------------------------------------------------------------+
//| Sets the line width of a level.                                  |
//+------------------------------------------------------------------+
bool CChartObject::LevelWidth(const int level, const int new_width) const
  {
   return(SetInteger(OBJPROP_LEVELWIDTH, level, new_width));
  }
//+------------------------------------------------------------------+
//| Value of a level (EMPTY_VALUE unbound).                          |
//+------------------------------------------------------------------+
double CChartObject::LevelValue(const int level) const
  {
   if(m_chart_id == -1)
      return(EMPTY_VALUE);
   return(ObjectGetDouble(m_chart_id, m_name, OBJPROP_LEVELVALUE, level));
  }
//+------------------------------------------------------------------+
//| Sets the value of a level.                                       |
//+------------------------------------------------------------------+
bool CChartObject::LevelValue(const int level, const double new_value) const
  {
   return(SetDouble(OBJPROP_LEVELVALUE, level, new_value));
  }
//+------------------------------------------------------------------+
//| Text of a level ("" unbound).                                    |
//+------------------------------------------------------------------+
string CChartObject::LevelDescription(const int level) const
  {
   return(GetString(OBJPROP_LEVELTEXT, level));
  }
//+------------------------------------------------------------------+
//| Sets the text of a level.                                        |
//+------------------------------------------------------------------+
bool CChartObject::LevelDescription(const int level, const string new_text) const
  {
   return(SetString(OBJPROP_LEVELTEXT, level, new_text));
  }
//+------------------------------------------------------------------+
//| An integer property (0 unbound).                                 |
//+------------------------------------------------------------------+
long CChartObject::GetInteger(const ENUM_OBJECT_PROPERTY_INTEGER prop_id, const int modifier) const
  {
   if(m_chart_id == -1)
      return(0);
   if(modifier == -1)
      return(ObjectGetInteger(m_chart_id, m_name, prop_id));
   return(ObjectGetInteger(m_chart_id, m_name, prop_id, modifier));
  }
//+------------------------------------------------------------------+
//| An integer property into `value`; false on failure.              |
//+------------------------------------------------------------------+
bool CChartObject::GetInteger(const ENUM_OBJECT_PROPERTY_INTEGER prop_id, const int modifier, long &value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ObjectGetInteger(m_chart_id, m_name, prop_id, modifier, value));
  }
//+------------------------------------------------------------------+
//| Sets an integer property with a modifier.                        |
//+------------------------------------------------------------------+
bool CChartObject::SetInteger(const ENUM_OBJECT_PROPERTY_INTEGER prop_id, const int modifier, const long value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ObjectSetInteger(m_chart_id, m_name, prop_id, modifier, value));
  }
//+------------------------------------------------------------------+
//| Sets an integer property.                                        |
//+------------------------------------------------------------------+
bool CChartObject::SetInteger(const ENUM_OBJECT_PROPERTY_INTEGER prop_id, const long value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ObjectSetInteger(m_chart_id, m_name, prop_id, value));
  }
//+------------------------------------------------------------------+
//| A double property (EMPTY_VALUE unbound).                         |
//+------------------------------------------------------------------+
double CChartObject::GetDouble(const ENUM_OBJECT_PROPERTY_DOUBLE prop_id, const int modifier) const
  {
   if(m_chart_id == -1)
      return(EMPTY_VALUE);
   if(modifier == -1)
      return(ObjectGetDouble(m_chart_id, m_name, prop_id));
   return(ObjectGetDouble(m_chart_id, m_name, prop_id, modifier));
  }
//+------------------------------------------------------------------+
//| A double property into `value`; false on failure.                |
//+------------------------------------------------------------------+
bool CChartObject::GetDouble(const ENUM_OBJECT_PROPERTY_DOUBLE prop_id, const int modifier, double &value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ObjectGetDouble(m_chart_id, m_name, prop_id, modifier, value));
  }
//+------------------------------------------------------------------+
//| Sets a double property with a modifier.                          |
//+------------------------------------------------------------------+
bool CChartObject::SetDouble(const ENUM_OBJECT_PROPERTY_DOUBLE prop_id, const int modifier, const double value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ObjectSetDouble(m_chart_id, m_name, prop_id, modifier, value));
  }
//+------------------------------------------------------------------+
//| Sets a double property.                                          |
//+------------------------------------------------------------------+
bool CChartObject::SetDouble(const ENUM_OBJECT_PROPERTY_DOUBLE prop_id, const double value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ObjectSetDouble(m_chart_id, m_name, prop_id, value));
  }
//+------------------------------------------------------------------+
//| A string property ("" unbound).                                  |
//+------------------------------------------------------------------+
string CChartObject::GetString(const ENUM_OBJECT_PROPERTY_STRING prop_id, const int modifier) const
  {
   if(m_chart_id == -1)
      return("");
   if(modifier == -1)
      return(ObjectGetString(m_chart_id, m_name, prop_id));
   return(ObjectGetString(m_chart_id, m_name, prop_id, modifier));
  }
//+------------------------------------------------------------------+
//| A string property into `value`; false on failure.                |
//+------------------------------------------------------------------+
bool CChartObject::GetString(const ENUM_OBJECT_PROPERTY_STRING prop_id, const int modifier, string &value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ObjectGetString(m_chart_id, m_name, prop_id, modifier, value));
  }
//+------------------------------------------------------------------+
//| Sets a string property with a modifier.                          |
//+------------------------------------------------------------------+
bool CChartObject::SetString(const ENUM_OBJECT_PROPERTY_STRING prop_id, const int modifier, const string value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ObjectSetString(m_chart_id, m_name, prop_id, modifier, value));
  }
//+------------------------------------------------------------------+
//| Sets a string property.                                          |
//+------------------------------------------------------------------+
bool CChartObject::SetString(const ENUM_OBJECT_PROPERTY_STRING prop_id, const string value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ObjectSetString(m_chart_id, m_name, prop_id, value));
  }
//+------------------------------------------------------------------+
//| Moves every anchor point by d_time seconds and d_price.          |
//+------------------------------------------------------------------+
bool CChartObject::ShiftObject(const datetime d_time, const double d_price) const
  {
   if(m_chart_id == -1)
      return(false);
   for(int i = 0; i < m_num_points; i++)
      if(!ShiftPoint(i, d_time, d_price))
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| Moves one anchor point by d_time seconds and d_price.            |
//+------------------------------------------------------------------+
bool CChartObject::ShiftPoint(const int point, const datetime d_time, const double d_price) const
  {
   if(m_chart_id == -1 || point < 0 || point >= m_num_points)
      return(false);
   datetime time = (datetime)ObjectGetInteger(m_chart_id, m_name, OBJPROP_TIME, point);
   double price = ObjectGetDouble(m_chart_id, m_name, OBJPROP_PRICE, point);
   return(ObjectMove(m_chart_id, m_name, point, time + d_time, price + d_price));
  }
//+------------------------------------------------------------------+
//| Writes a string: its length, then its characters.                |
//+------------------------------------------------------------------+
bool CChartObject::SaveText(const int file_handle, const string text) const
  {
   int len = StringLen(text);
   if(FileWriteInteger(file_handle, len) != sizeof(int))
      return(false);
   return(len == 0 || FileWriteString(file_handle, text, len) > 0);
  }
//+------------------------------------------------------------------+
//| Reads a string written by SaveText.                              |
//+------------------------------------------------------------------+
bool CChartObject::LoadText(const int file_handle, string &text) const
  {
   ResetLastError();
   int len = FileReadInteger(file_handle);
   if(GetLastError() != 0 || len < 0)
      return(false);
   text = (len == 0) ? "" : FileReadString(file_handle, len);
   return(GetLastError() == 0);
  }
//+------------------------------------------------------------------+
//| Writes an integer property as a long.                            |
//+------------------------------------------------------------------+
bool CChartObject::SaveInteger(const int file_handle, const ENUM_OBJECT_PROPERTY_INTEGER prop_id) const
  {
   return(FileWriteLong(file_handle, ObjectGetInteger(m_chart_id, m_name, prop_id)) == sizeof(long));
  }
//+------------------------------------------------------------------+
//| Reads an integer property written by SaveInteger and sets it.    |
//+------------------------------------------------------------------+
bool CChartObject::LoadInteger(const int file_handle, const ENUM_OBJECT_PROPERTY_INTEGER prop_id) const
  {
   ResetLastError();
   long value = FileReadLong(file_handle);
   if(GetLastError() != 0)
      return(false);
   return(ObjectSetInteger(m_chart_id, m_name, prop_id, value));
  }
//+------------------------------------------------------------------+
//| Writes a double property.                                        |
//+------------------------------------------------------------------+
bool CChartObject::SaveDouble(const int file_handle, const ENUM_OBJECT_PROPERTY_DOUBLE prop_id) const
  {
   return(FileWriteDouble(file_handle, ObjectGetDouble(m_chart_id, m_name, prop_id)) == sizeof(double));
  }
//+------------------------------------------------------------------+
//| Reads a double property written by SaveDouble and sets it.       |
//+------------------------------------------------------------------+
bool CChartObject::LoadDouble(const int file_handle, const ENUM_OBJECT_PROPERTY_DOUBLE prop_id) const
  {
   ResetLastError();
   double value = FileReadDouble(file_handle);
   if(GetLastError() != 0)
      return(false);
   return(ObjectSetDouble(m_chart_id, m_name, prop_id, value));
  }
//+------------------------------------------------------------------+
//| Writes the object: a -1 marker (long), Type() (int), the name,   |
//| colour, style, width, background, selectable, hidden, z-order,   |
//| timeframes (longs), description, tooltip, the anchor points      |
//| (count, then time and price of each) and the levels (count, then |
//| value, colour, style, width and text of each). Strings are their |
//| length (int) then their characters. Derived classes append their |
//| own properties.                                                  |
//+------------------------------------------------------------------+
bool CChartObject::Save(const int file_handle)
  {
   if(file_handle == INVALID_HANDLE || m_chart_id == -1)
      return(false);
   if(FileWriteLong(file_handle, -1) != sizeof(long))
      return(false);
   if(FileWriteInteger(file_handle, Type()) != sizeof(int))
      return(false);
   if(!SaveText(file_handle, m_name))
      return(false);
   if(!SaveInteger(file_handle, OBJPROP_COLOR) || !SaveInteger(file_handle, OBJPROP_STYLE) ||
      !SaveInteger(file_handle, OBJPROP_WIDTH) || !SaveInteger(file_handle, OBJPROP_BACK) ||
      !SaveInteger(file_handle, OBJPROP_SELECTABLE) || !SaveInteger(file_handle, OBJPROP_HIDDEN) ||
      !SaveInteger(file_handle, OBJPROP_ZORDER) || !SaveInteger(file_handle, OBJPROP_TIMEFRAMES))
      return(false);
   if(!SaveText(file_handle, Description()) || !SaveText(file_handle, Tooltip()))
      return(false);
   if(FileWriteInteger(file_handle, m_num_points) != sizeof(int))
      return(false);
   for(int i = 0; i < m_num_points; i++)
     {
      if(FileWriteLong(file_handle, (long)Time(i)) != sizeof(long))
         return(false);
      if(FileWriteDouble(file_handle, Price(i)) != sizeof(double))
         return(false);
     }
   int levels = LevelsCount();
   if(FileWriteInteger(file_handle, levels) != sizeof(int))
      return(false);
   for(int i = 0; i < levels; i++)
     {
      if(FileWriteDouble(file_handle, LevelValue(i)) != sizeof(double))
         return(false);
      if(FileWriteLong(file_handle, GetInteger(OBJPROP_LEVELCOLOR, i)) != sizeof(long))
         return(false);
      if(FileWriteLong(file_handle, GetInteger(OBJPROP_LEVELSTYLE, i)) != sizeof(long))
         return(false);
      if(FileWriteLong(file_handle, GetInteger(OBJPROP_LEVELWIDTH, i)) != sizeof(long))
         return(false);
      if(!SaveText(file_handle, LevelDescription(i)))
         return(false);
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| Reads what Save wrote into the bound object (renaming it); false |
//| if the record is not of this class or the file ends.             |
//+------------------------------------------------------------------+
bool CChartObject::Load(const int file_handle)
  {
   if(file_handle == INVALID_HANDLE || m_chart_id == -1)
      return(false);
   ResetLastError();
   if(FileReadLong(file_handle) != -1 || GetLastError() != 0)
      return(false);
   if(FileReadInteger(file_handle) != Type() || GetLastError() != 0)
      return(false);
   string text;
   if(!LoadText(file_handle, text) || !Name(text))
      return(false);
   if(!LoadInteger(file_handle, OBJPROP_COLOR) || !LoadInteger(file_handle, OBJPROP_STYLE) ||
      !LoadInteger(file_handle, OBJPROP_WIDTH) || !LoadInteger(file_handle, OBJPROP_BACK) ||
      !LoadInteger(file_handle, OBJPROP_SELECTABLE) || !LoadInteger(file_handle, OBJPROP_HIDDEN) ||
      !LoadInteger(file_handle, OBJPROP_ZORDER) || !LoadInteger(file_handle, OBJPROP_TIMEFRAMES))
      return(false);
   if(!LoadText(file_handle, text) || !Description(text))
      return(false);
   if(!LoadText(file_handle, text) || !Tooltip(text))
      return(false);
   int points = FileReadInteger(file_handle);
   if(GetLastError() != 0)
      return(false);
   for(int i = 0; i < points; i++)
     {
      datetime time = (datetime)FileReadLong(file_handle);
      double price = FileReadDouble(file_handle);
      if(GetLastError() != 0)
         return(false);
      if(i < m_num_points && !SetPoint(i, time, price))
         return(false);
     }
   int levels = FileReadInteger(file_handle);
   if(GetLastError() != 0)
      return(false);
   if(levels > 0 && !LevelsCount(levels))
      return(false);
   for(int i = 0; i < levels; i++)
     {
      double value = FileReadDouble(file_handle);
      long clr = FileReadLong(file_handle);
      long style = FileReadLong(file_handle);
      long width = FileReadLong(file_handle);
      if(GetLastError() != 0 || !LoadText(file_handle, text))
         return(false);
      if(!LevelValue(i, value) || !SetInteger(OBJPROP_LEVELCOLOR, i, clr) ||
         !SetInteger(OBJPROP_LEVELSTYLE, i, style) || !SetInteger(OBJPROP_LEVELWIDTH, i, width) ||
         !LevelDescription(i, text))
         return(false);
     }
   return(true);
  }
