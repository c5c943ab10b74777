//+------------------------------------------------------------------+
//| Charts/Chart.mqh — class CChart (Standard Library).              |
//|                                                                  |
//| Reads and changes the properties of a chart through the Chart*   |
//| functions. Attach() binds to the program's chart, Attach(id) to  |
//| any id, FirstChart/NextChart walk the terminal's charts (here    |
//| only the EA's own). Unbound (ChartId() == -1, after Detach) the  |
//| setters return false and the getters a "no value" answer:        |
//| WRONG_VALUE for modes and integers, CLR_NONE for colours, 0.0    |
//| for doubles, false and "".                                       |
//| Server choices: the destructor leaves the chart open (MT5 closes |
//| a chart still bound; here the only chart is the EA's own, which  |
//| the EA cannot close); Open, Close, Navigate, SetSymbolPeriod,    |
//| ApplyTemplate, ScreenShot, the *OnDropped and Indicator* methods |
//| call the built-ins of the same name, which this runtime does not |
//| offer yet: calling them stops the program with "'ChartOpen' is   |
//| not available in this runtime yet".                              |
//| Save/Load write and read the settable properties in a binary     |
//| file, in this library's own layout.                              |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Object.mqh>

class CChart : public CObject
  {
protected:
   long              m_chart_id;       // chart identifier; -1 unbound

public:
                     CChart(void) : m_chart_id(-1) {}
                    ~CChart(void) {}
   //--- type id
   virtual int       Type(void) const { return(0x1111); }
   long              ChartId(void) const { return(m_chart_id); }
   //--- general properties
   ENUM_CHART_MODE   Mode(void) const { return((ENUM_CHART_MODE)GetIntegerOr(CHART_MODE, WRONG_VALUE)); }
   bool              Mode(const ENUM_CHART_MODE mode) const { return(SetInteger(CHART_MODE, (long)mode)); }
   bool              Foreground(void) const { return(GetFlag(CHART_FOREGROUND)); }
   bool              Foreground(const bool foreground) const { return(SetInteger(CHART_FOREGROUND, foreground)); }
   bool              Shift(void) const { return(GetFlag(CHART_SHIFT)); }
   bool              Shift(const bool shift) const { return(SetInteger(CHART_SHIFT, shift)); }
   double            ShiftSize(void) const { return(GetDouble(CHART_SHIFT_SIZE)); }
   bool              ShiftSize(double shift) const;
   bool              AutoScroll(void) const { return(GetFlag(CHART_AUTOSCROLL)); }
   bool              AutoScroll(const bool auto_scroll) const { return(SetInteger(CHART_AUTOSCROLL, auto_scroll)); }
   int               Scale(void) const { return((int)GetIntegerOr(CHART_SCALE, WRONG_VALUE)); }
   bool              Scale(int scale) const;
   bool              ScaleFix(void) const { return(GetFlag(CHART_SCALEFIX)); }
   bool              ScaleFix(const bool scale_fix) const { return(SetInteger(CHART_SCALEFIX, scale_fix)); }
   bool              ScaleFix_11(void) const { return(GetFlag(CHART_SCALEFIX_11)); }
   bool              ScaleFix_11(const bool scale_fix_11) const { return(SetInteger(CHART_SCALEFIX_11, scale_fix_11)); }
   double            FixedMax(void) const { return(GetDouble(CHART_FIXED_MAX)); }
   bool              FixedMax(const double max) const { return(SetDouble(CHART_FIXED_MAX, max)); }
   double            FixedMin(void) const { return(GetDouble(CHART_FIXED_MIN)); }
   bool              FixedMin(const double min) const { return(SetDouble(CHART_FIXED_MIN, min)); }
   bool              ScalePPB(void) const { return(GetFlag(CHART_SCALE_PT_PER_BAR)); }
   bool              ScalePPB(const bool scale_ppb) const { return(SetInteger(CHART_SCALE_PT_PER_BAR, scale_ppb)); }
   double            PointsPerBar(void) const { return(GetDouble(CHART_POINTS_PER_BAR)); }
   bool              PointsPerBar(const double points_per_bar) const { return(SetDouble(CHART_POINTS_PER_BAR, points_per_bar)); }
   //--- what is shown
   bool              ShowOHLC(void) const { return(GetFlag(CHART_SHOW_OHLC)); }
   bool              ShowOHLC(const bool show) const { return(SetInteger(CHART_SHOW_OHLC, show)); }
   bool              ShowLineBid(void) const { return(GetFlag(CHART_SHOW_BID_LINE)); }
   bool              ShowLineBid(const bool show) const { return(SetInteger(CHART_SHOW_BID_LINE, show)); }
   bool              ShowLineAsk(void) const { return(GetFlag(CHART_SHOW_ASK_LINE)); }
   bool              ShowLineAsk(const bool show) const { return(SetInteger(CHART_SHOW_ASK_LINE, show)); }
   bool              ShowLastLine(void) const { return(GetFlag(CHART_SHOW_LAST_LINE)); }
   bool              ShowLastLine(const bool show) const { return(SetInteger(CHART_SHOW_LAST_LINE, show)); }
   bool              ShowPeriodSep(void) const { return(GetFlag(CHART_SHOW_PERIOD_SEP)); }
   bool              ShowPeriodSep(const bool show) const { return(SetInteger(CHART_SHOW_PERIOD_SEP, show)); }
   bool              ShowGrid(void) const { return(GetFlag(CHART_SHOW_GRID)); }
   bool              ShowGrid(const bool show) const { return(SetInteger(CHART_SHOW_GRID, show)); }
   ENUM_CHART_VOLUME_MODE ShowVolumes(void) const { return((ENUM_CHART_VOLUME_MODE)GetIntegerOr(CHART_SHOW_VOLUMES, WRONG_VALUE)); }
   bool              ShowVolumes(const ENUM_CHART_VOLUME_MODE show) const { return(SetInteger(CHART_SHOW_VOLUMES, (long)show)); }
   bool              ShowObjectDescr(void) const { return(GetFlag(CHART_SHOW_OBJECT_DESCR)); }
   bool              ShowObjectDescr(const bool show) const { return(SetInteger(CHART_SHOW_OBJECT_DESCR, show)); }
   bool              ShowDateScale(void) const { return(GetFlag(CHART_SHOW_DATE_SCALE)); }
   bool              ShowDateScale(const bool show) const { return(SetInteger(CHART_SHOW_DATE_SCALE, show)); }
   bool              ShowPriceScale(void) const { return(GetFlag(CHART_SHOW_PRICE_SCALE)); }
   bool              ShowPriceScale(const bool show) const { return(SetInteger(CHART_SHOW_PRICE_SCALE, show)); }
   bool              ShowTradeLevels(void) const { return(GetFlag(CHART_SHOW_TRADE_LEVELS)); }
   bool              ShowTradeLevels(const bool show) const { return(SetInteger(CHART_SHOW_TRADE_LEVELS, show)); }
   bool              ShowOneClick(void) const { return(GetFlag(CHART_SHOW_ONE_CLICK)); }
   bool              ShowOneClick(const bool show) const { return(SetInteger(CHART_SHOW_ONE_CLICK, show)); }
   //--- colours
   color             ColorBackground(void) const { return(GetColor(CHART_COLOR_BACKGROUND)); }
   bool              ColorBackground(const color new_color) const { return(SetInteger(CHART_COLOR_BACKGROUND, (long)new_color)); }
   color             ColorForeground(void) const { return(GetColor(CHART_COLOR_FOREGROUND)); }
   bool              ColorForeground(const color new_color) const { return(SetInteger(CHART_COLOR_FOREGROUND, (long)new_color)); }
   color             ColorGrid(void) const { return(GetColor(CHART_COLOR_GRID)); }
   bool              ColorGrid(const color new_color) const { return(SetInteger(CHART_COLOR_GRID, (long)new_color)); }
   color             ColorBarUp(void) const { return(GetColor(CHART_COLOR_CHART_UP)); }
   bool              ColorBarUp(const color new_color) const { return(SetInteger(CHART_COLOR_CHART_UP, (long)new_color)); }
   color             ColorBarDown(void) const { return(GetColor(CHART_COLOR_CHART_DOWN)); }
   bool              ColorBarDown(const color new_color) const { return(SetInteger(CHART_COLOR_CHART_DOWN, (long)new_color)); }
   color             ColorCandleBull(void) const { return(GetColor(CHART_COLOR_CANDLE_BULL)); }
   bool              ColorCandleBull(const color new_color) const { return(SetInteger(CHART_COLOR_CANDLE_BULL, (long)new_color)); }
   color             ColorCandleBear(void) const { return(GetColor(CHART_COLOR_CANDLE_BEAR)); }
   bool              ColorCandleBear(const color new_color) const { return(SetInteger(CHART_COLOR_CANDLE_BEAR, (long)new_color)); }
   color             ColorChartLine(void) const { return(GetColor(CHART_COLOR_CHART_LINE)); }
   bool              ColorChartLine(const color new_color) const { return(SetInteger(CHART_COLOR_CHART_LINE, (long)new_color)); }
   color             ColorVolumes(void) const { return(GetColor(CHART_COLOR_VOLUME)); }
   bool              ColorVolumes(const color new_color) const { return(SetInteger(CHART_COLOR_VOLUME, (long)new_color)); }
   color             ColorLineBid(void) const { return(GetColor(CHART_COLOR_BID)); }
   bool              ColorLineBid(const color new_color) const { return(SetInteger(CHART_COLOR_BID, (long)new_color)); }
   color             ColorLineAsk(void) const { return(GetColor(CHART_COLOR_ASK)); }
   bool              ColorLineAsk(const color new_color) const { return(SetInteger(CHART_COLOR_ASK, (long)new_color)); }
   color             ColorLineLast(void) const { return(GetColor(CHART_COLOR_LAST)); }
   bool              ColorLineLast(const color new_color) const { return(SetInteger(CHART_COLOR_LAST, (long)new_color)); }
   color             ColorStopLevels(void) const { return(GetColor(CHART_COLOR_STOP_LEVEL)); }
   bool              ColorStopLevels(const color new_color) const { return(SetInteger(CHART_COLOR_STOP_LEVEL, (long)new_color)); }
   //--- behaviour
   bool              BringToTop(void) const { return(SetInteger(CHART_BRING_TO_TOP, true)); }
   bool              EventObjectCreate(const bool flag = true) const { return(SetInteger(CHART_EVENT_OBJECT_CREATE, flag)); }
   bool              EventObjectDelete(const bool flag = true) const { return(SetInteger(CHART_EVENT_OBJECT_DELETE, flag)); }
   bool              EventMouseMove(const bool flag = true) const { return(SetInteger(CHART_EVENT_MOUSE_MOVE, flag)); }
   bool              MouseScroll(const bool flag = true) const { return(SetInteger(CHART_MOUSE_SCROLL, flag)); }
   bool              DragTradeLevels(const bool flag = true) const { return(SetInteger(CHART_DRAG_TRADE_LEVELS, flag)); }
   bool              KeyboardControl(const bool flag = true) const { return(SetInteger(CHART_KEYBOARD_CONTROL, flag)); }
   bool              ContextMenu(const bool flag = true) const { return(SetInteger(CHART_CONTEXT_MENU, flag)); }
   bool              CrosshairTool(const bool flag = true) const { return(SetInteger(CHART_CROSSHAIR_TOOL, flag)); }
   //--- read-only properties (windows by number, 0 = the main window)
   int               VisibleBars(void) const { return((int)GetIntegerOr(CHART_VISIBLE_BARS, WRONG_VALUE)); }
   int               WindowsTotal(void) const { return((int)GetIntegerOr(CHART_WINDOWS_TOTAL, WRONG_VALUE)); }
   bool              WindowIsVisible(const int num) const;
   int               WindowHandle(void) const { return((int)GetIntegerOr(CHART_WINDOW_HANDLE, WRONG_VALUE)); }
   int               FirstVisibleBar(void) const { return((int)GetIntegerOr(CHART_FIRST_VISIBLE_BAR, WRONG_VALUE)); }
   int               WidthInBars(void) const { return((int)GetIntegerOr(CHART_WIDTH_IN_BARS, WRONG_VALUE)); }
   int               WidthInPixels(void) const { return((int)GetIntegerOr(CHART_WIDTH_IN_PIXELS, WRONG_VALUE)); }
   int               HeightInPixels(const int num) const;
   int               SubwindowY(const int num) const;
   double            PriceMin(const int num) const;
   double            PriceMax(const int num) const;
   bool              IsObject(void) const { return(GetFlag(CHART_IS_OBJECT)); }
   //--- binding
   void              Attach(void) { m_chart_id = ChartID(); }
   void              Attach(const long chart) { m_chart_id = chart; }
   void              FirstChart(void) { m_chart_id = ChartFirst(); }
   void              NextChart(void) { m_chart_id = ChartNext(m_chart_id); }
   long              Open(const string symbol_name, const ENUM_TIMEFRAMES timeframe);
   void              Detach(void) { m_chart_id = -1; }
   void              Close(void);
   bool              Navigate(const ENUM_CHART_POSITION position, const int shift = 0) const;
   //--- the chart's symbol and timeframe, redrawing
   string            Symbol(void) const { return(ChartSymbol(m_chart_id)); }
   ENUM_TIMEFRAMES   Period(void) const { return(ChartPeriod(m_chart_id)); }
   void              Redraw(void) const { ChartRedraw(m_chart_id); }
   //--- any property
   long              GetInteger(const ENUM_CHART_PROPERTY_INTEGER prop_id, const int sub_window = 0) const;
   bool              GetInteger(const ENUM_CHART_PROPERTY_INTEGER prop_id, const int sub_window, long &value) const;
   double            GetDouble(const ENUM_CHART_PROPERTY_DOUBLE prop_id, const int sub_window = 0) const;
   bool              GetDouble(const ENUM_CHART_PROPERTY_DOUBLE prop_id, const int sub_window, double &value) const;
   string            GetString(const ENUM_CHART_PROPERTY_STRING prop_id) const;
   bool              GetString(const ENUM_CHART_PROPERTY_STRING prop_id, string &value) const;
   bool              SetInteger(const ENUM_CHART_PROPERTY_INTEGER prop_id, const long value) const;
   bool              SetDouble(const ENUM_CHART_PROPERTY_DOUBLE prop_id, const double value) const;
   bool              SetString(const ENUM_CHART_PROPERTY_STRING prop_id, const string value) const;
   //--- built-ins this runtime does not offer yet (see the header)
   bool              SetSymbolPeriod(const string symbol_name, const ENUM_TIMEFRAMES timeframe) const;
   bool              ApplyTemplate(const string filename) const;
   bool              ScreenShot(const string filename, const int width, const int height, const ENUM_ALIGN_MODE align_mode = ALIGN_RIGHT) const;
   int               WindowOnDropped(void) const { return(ChartWindowOnDropped()); }
   double            PriceOnDropped(void) const { return(ChartPriceOnDropped()); }
   datetime          TimeOnDropped(void) const { return(ChartTimeOnDropped()); }
   int               XOnDropped(void) const { return(ChartXOnDropped()); }
   int               YOnDropped(void) const { return(ChartYOnDropped()); }
   bool              IndicatorAdd(const int subwin, const int handle) const;
   bool              IndicatorDelete(const int subwin, const string name) const;
   int               IndicatorsTotal(const int subwin) const;
   string            IndicatorName(const int subwin, const int index) const;
   //--- file storage
   virtual bool      Save(const int file_handle);
   virtual bool      Load(const int file_handle);

protected:
   long              GetIntegerOr(const ENUM_CHART_PROPERTY_INTEGER prop_id, const long unbound) const;
   bool              GetFlag(const ENUM_CHART_PROPERTY_INTEGER prop_id) const;
   color             GetColor(const ENUM_CHART_PROPERTY_INTEGER prop_id) const;
   //--- the properties Save/Load write (their count)
   int               SavedIntegers(ENUM_CHART_PROPERTY_INTEGER &ids[]) const;
   int               SavedDoubles(ENUM_CHART_PROPERTY_DOUBLE &ids[]) const;
  };
//+------------------------------------------------------------------+
//| An integer property (`unbound` when not bound).                  |
//+------------------------------------------------------------------+
long CChart::GetIntegerOr(const ENUM_CHART_PROPERTY_INTEGER prop_id, const long unbound) const
  {
   if(m_chart_id == -1)
      return(unbound);
   return(ChartGetInteger(m_chart_id, prop_id));
  }
//+------------------------------------------------------------------+
//| A boolean property (false when not bound).                       |
//+------------------------------------------------------------------+
bool CChart::GetFlag(const ENUM_CHART_PROPERTY_INTEGER prop_id) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartGetInteger(m_chart_id, prop_id) != 0);
  }
//+------------------------------------------------------------------+
//| A colour property (CLR_NONE when not bound or for no colour).    |
//+------------------------------------------------------------------+
color CChart::GetColor(const ENUM_CHART_PROPERTY_INTEGER prop_id) const
  {
   if(m_chart_id == -1)
      return(CLR_NONE);
   long value = ChartGetInteger(m_chart_id, prop_id);
   if(value == -1 || value == 0xFFFFFFFF)
      return(CLR_NONE);
   return((color)value);
  }
//+------------------------------------------------------------------+
//| Right margin in percent of the chart's width (10 to 50).         |
//+------------------------------------------------------------------+
bool CChart::ShiftSize(double shift) const
  {
   if(shift < 10.0)
      shift = 10.0;
   if(shift > 50.0)
      shift = 50.0;
   return(SetDouble(CHART_SHIFT_SIZE, shift));
  }
//+------------------------------------------------------------------+
//| Scale 0 (narrowest bars) to 5; out-of-range values are clamped.  |
//+------------------------------------------------------------------+
bool CChart::Scale(int scale) const
  {
   if(scale < 0)
      scale = 0;
   if(scale > 5)
      scale = 5;
   return(SetInteger(CHART_SCALE, scale));
  }
bool CChart::WindowIsVisible(const int num) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartGetInteger(m_chart_id, CHART_WINDOW_IS_VISIBLE, num) != 0);
  }
int CChart::HeightInPixels(const int num) const
  {
   if(m_chart_id == -1)
      return(WRONG_VALUE);
   return((int)ChartGetInteger(m_chart_id, CHART_HEIGHT_IN_PIXELS, num));
  }
int CChart::SubwindowY(const int num) const
  {
   if(m_chart_id == -1)
      return(WRONG_VALUE);
   return((int)ChartGetInteger(m_chart_id, CHART_WINDOW_YDISTANCE, num));
  }
double CChart::PriceMin(const int num) const
  {
   if(m_chart_id == -1)
      return(0.0);
   return(ChartGetDouble(m_chart_id, CHART_PRICE_MIN, num));
  }
double CChart::PriceMax(const int num) const
  {
   if(m_chart_id == -1)
      return(0.0);
   return(ChartGetDouble(m_chart_id, CHART_PRICE_MAX, num));
  }
//+------------------------------------------------------------------+
//| Opens a chart and binds to it (ChartOpen).                       |
//+------------------------------------------------------------------+
long CChart::Open(const string symbol_name, const ENUM_TIMEFRAMES timeframe)
  {
   m_chart_id = ChartOpen(symbol_name, timeframe);
   if(m_chart_id == 0)
      m_chart_id = -1;
   return(m_chart_id);
  }
//+------------------------------------------------------------------+
//| Closes the bound chart (ChartClose) and unbinds.                 |
//+------------------------------------------------------------------+
void CChart::Close(void)
  {
   if(m_chart_id == -1)
      return;
   ChartClose(m_chart_id);
   m_chart_id = -1;
  }
bool CChart::Navigate(const ENUM_CHART_POSITION position, const int shift) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartNavigate(m_chart_id, position, shift));
  }
//+------------------------------------------------------------------+
//| Any property, by the Chart* functions.                           |
//+------------------------------------------------------------------+
long CChart::GetInteger(const ENUM_CHART_PROPERTY_INTEGER prop_id, const int sub_window) const
  {
   if(m_chart_id == -1)
      return(0);
   return(ChartGetInteger(m_chart_id, prop_id, sub_window));
  }
bool CChart::GetInteger(const ENUM_CHART_PROPERTY_INTEGER prop_id, const int sub_window, long &value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartGetInteger(m_chart_id, prop_id, sub_window, value));
  }
double CChart::GetDouble(const ENUM_CHART_PROPERTY_DOUBLE prop_id, const int sub_window) const
  {
   if(m_chart_id == -1)
      return(0.0);
   return(ChartGetDouble(m_chart_id, prop_id, sub_window));
  }
bool CChart::GetDouble(const ENUM_CHART_PROPERTY_DOUBLE prop_id, const int sub_window, double &value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartGetDouble(m_chart_id, prop_id, sub_window, value));
  }
string CChart::GetString(const ENUM_CHART_PROPERTY_STRING prop_id) const
  {
   if(m_chart_id == -1)
      return("");
   return(ChartGetString(m_chart_id, prop_id));
  }
bool CChart::GetString(const ENUM_CHART_PROPERTY_STRING prop_id, string &value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartGetString(m_chart_id, prop_id, value));
  }
bool CChart::SetInteger(const ENUM_CHART_PROPERTY_INTEGER prop_id, const long value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartSetInteger(m_chart_id, prop_id, value));
  }
bool CChart::SetDouble(const ENUM_CHART_PROPERTY_DOUBLE prop_id, const double value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartSetDouble(m_chart_id, prop_id, value));
  }
bool CChart::SetString(const ENUM_CHART_PROPERTY_STRING prop_id, const string value) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartSetString(m_chart_id, prop_id, value));
  }
//+------------------------------------------------------------------+
//| Wrappers of built-ins this runtime does not offer yet.           |
//+------------------------------------------------------------------+
bool CChart::SetSymbolPeriod(const string symbol_name, const ENUM_TIMEFRAMES timeframe) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartSetSymbolPeriod(m_chart_id, symbol_name, timeframe));
  }
bool CChart::ApplyTemplate(const string filename) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartApplyTemplate(m_chart_id, filename));
  }
bool CChart::ScreenShot(const string filename, const int width, const int height, const ENUM_ALIGN_MODE align_mode) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartScreenShot(m_chart_id, filename, width, height, align_mode));
  }
bool CChart::IndicatorAdd(const int subwin, const int handle) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartIndicatorAdd(m_chart_id, subwin, handle));
  }
bool CChart::IndicatorDelete(const int subwin, const string name) const
  {
   if(m_chart_id == -1)
      return(false);
   return(ChartIndicatorDelete(m_chart_id, subwin, name));
  }
int CChart::IndicatorsTotal(const int subwin) const
  {
   if(m_chart_id == -1)
      return(0);
   return(ChartIndicatorsTotal(m_chart_id, subwin));
  }
string CChart::IndicatorName(const int subwin, const int index) const
  {
   if(m_chart_id == -1)
      return("");
   return(ChartIndicatorName(m_chart_id, subwin, index));
  }
//+------------------------------------------------------------------+
//| The settable properties Save/Load write, in this order.          |
//+------------------------------------------------------------------+
int CChart::SavedIntegers(ENUM_CHART_PROPERTY_INTEGER &ids[]) const
  {
   ENUM_CHART_PROPERTY_INTEGER list[] =
     {
      CHART_MODE, CHART_FOREGROUND, CHART_SHIFT, CHART_AUTOSCROLL, CHART_SCALE, CHART_SCALEFIX,
      CHART_SCALEFIX_11, CHART_SCALE_PT_PER_BAR, CHART_SHOW_OHLC, CHART_SHOW_BID_LINE,
      CHART_SHOW_ASK_LINE, CHART_SHOW_LAST_LINE, CHART_SHOW_PERIOD_SEP, CHART_SHOW_GRID,
      CHART_SHOW_VOLUMES, CHART_SHOW_OBJECT_DESCR, CHART_SHOW_DATE_SCALE, CHART_SHOW_PRICE_SCALE,
      CHART_SHOW_TRADE_LEVELS, CHART_COLOR_BACKGROUND, CHART_COLOR_FOREGROUND, CHART_COLOR_GRID,
      CHART_COLOR_VOLUME, CHART_COLOR_CHART_UP, CHART_COLOR_CHART_DOWN, CHART_COLOR_CHART_LINE,
      CHART_COLOR_CANDLE_BULL, CHART_COLOR_CANDLE_BEAR, CHART_COLOR_BID, CHART_COLOR_ASK,
      CHART_COLOR_LAST, CHART_COLOR_STOP_LEVEL
     };
   int total = ArraySize(list);
   ArrayResize(ids, total);
   for(int i = 0; i < total; i++)
      ids[i] = list[i];
   return(total);
  }
int CChart::SavedDoubles(ENUM_CHART_PROPERTY_DOUBLE &ids[]) const
  {
   ENUM_CHART_PROPERTY_DOUBLE list[] = {CHART_SHIFT_SIZE, CHART_FIXED_MAX, CHART_FIXED_MIN, CHART_POINTS_PER_BAR};
   int total = ArraySize(list);
   ArrayResize(ids, total);
   for(int i = 0; i < total; i++)
      ids[i] = list[i];
   return(total);
  }
//+------------------------------------------------------------------+
//| Writes a -1 marker (long), Type() (int), then each property of   |
//| SavedIntegers as a long and of SavedDoubles as a double.         |
//+------------------------------------------------------------------+
bool CChart::Save(const int file_handle)
  {
   if(file_handle == INVALID_HANDLE || m_chart_id == -1)
      return(false);
   if(FileWriteLong(file_handle, -1) != sizeof(long) || FileWriteInteger(file_handle, Type()) != sizeof(int))
      return(false);
   ENUM_CHART_PROPERTY_INTEGER ints[];
   ENUM_CHART_PROPERTY_DOUBLE doubles[];
   int n_ints = SavedIntegers(ints);
   int n_doubles = SavedDoubles(doubles);
   for(int i = 0; i < n_ints; i++)
      if(FileWriteLong(file_handle, ChartGetInteger(m_chart_id, ints[i])) != sizeof(long))
         return(false);
   for(int i = 0; i < n_doubles; i++)
      if(FileWriteDouble(file_handle, ChartGetDouble(m_chart_id, doubles[i])) != sizeof(double))
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| Reads what Save wrote and sets it on the bound chart.            |
//+------------------------------------------------------------------+
bool CChart::Load(const int file_handle)
  {
   if(file_handle == INVALID_HANDLE || m_chart_id == -1)
      return(false);
   ResetLastError();
   if(FileReadLong(file_handle) != -1 || FileReadInteger(file_handle) != Type() || GetLastError() != 0)
      return(false);
   ENUM_CHART_PROPERTY_INTEGER ints[];
   ENUM_CHART_PROPERTY_DOUBLE doubles[];
   int n_ints = SavedIntegers(ints);
   int n_doubles = SavedDoubles(doubles);
   for(int i = 0; i < n_ints; i++)
     {
      long value = FileReadLong(file_handle);
      if(GetLastError() != 0 || !ChartSetInteger(m_chart_id, ints[i], value))
         return(false);
     }
   for(int i = 0; i < n_doubles; i++)
     {
      double value = FileReadDouble(file_handle);
      if(GetLastError() != 0 || !ChartSetDouble(m_chart_id, doubles[i], value))
         return(false);
     }
   return(true);
  }
