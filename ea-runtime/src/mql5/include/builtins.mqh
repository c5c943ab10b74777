//+------------------------------------------------------------------+
//| builtins.mqh — signatures of the MQL5 built-in API.              |
//|                                                                  |
//| Implicitly included before every program (not an MT5 path).     |
//| Declarations only: the bodies live in the JS runtime             |
//| (ea-runtime/src/runtime). Names the runtime does not implement   |
//| are listed in NATIVE_GAPS (include/index.ts).                    |
//|                                                                  |
//| Conventions understood by the binder:                            |
//|  - `void &a[]` / `const void &a[]`: an array of any element type |
//|    (written, resp. only read, by the function);                  |
//|  - `void &v`: any lvalue (struct, scalar, object) the function   |
//|    writes; `const void &v`: any value of any type, read only;    |
//|  - `...` as the last parameter: any number of arguments of any   |
//|    type (Print, Comment, StringFormat, iCustom…);                |
//|  - math functions overloaded for int/uint/long/ulong/float/double|
//|    return the type of their (widest) argument, as MQL5 does.     |
//| Enum parameter types are MQL5's own names (ENUM_TIMEFRAMES,      |
//| ENUM_SYMBOL_INFO_DOUBLE…); the constants are runtime globals.    |
//+------------------------------------------------------------------+

// ---------------------------------------------------------------- predefined variables
const string          _Symbol;         // chart symbol
const ENUM_TIMEFRAMES _Period;         // chart timeframe
const double          _Point;          // point of the chart symbol
const int             _Digits;         // digits of the chart symbol
const int             _LastError;      // GetLastError() value
const bool            _StopFlag;       // IsStopped() value
const int             _UninitReason;   // UninitializeReason() value
const int             _RandomSeed;     // current MathRand() state
const bool            _IsX64;          // 64-bit terminal

// ---------------------------------------------------------------- common functions
void   Alert(...);
ENUM_POINTER_TYPE CheckPointer(const void &anyobject);             // any object pointer
void   Comment(...);
int    CryptEncode(ENUM_CRYPT_METHOD method, const uchar &data[], const uchar &key[], uchar &result[]);
int    CryptDecode(ENUM_CRYPT_METHOD method, const uchar &data[], const uchar &key[], uchar &result[]);
void   DebugBreak();
void   ExpertRemove();
void   GetPointer(void &anyobject);                                   // returns a pointer to the argument's class (binder special case)
uint   GetTickCount();
ulong  GetTickCount64();
ulong  GetMicrosecondCount();
int    MessageBox(string text, string caption=NULL, int flags=0);
int    PeriodSeconds(ENUM_TIMEFRAMES period=PERIOD_CURRENT);
bool   PlaySound(string filename);
void   Print(...);
void   PrintFormat(string format_string, ...);
void   printf(string format_string, ...);
void   ResetLastError();
bool   ResourceCreate(const string resource_name, const string path);
bool   ResourceCreate(const string resource_name, const uint &data[], uint img_width, uint img_height, uint data_xoffset, uint data_yoffset, uint data_width, ENUM_COLOR_FORMAT color_format);
bool   ResourceFree(const string resource_name);
bool   ResourceReadImage(const string resource_name, uint &data[], uint &width, uint &height);
bool   ResourceSave(const string resource_name, const string file_name);
bool   SendFTP(string filename, string ftp_path=NULL);
bool   SendMail(string subject, string some_text);
bool   SendNotification(string text);
void   SetUserError(ushort user_error);
void   Sleep(int milliseconds);
bool   TerminalClose(int ret_code);
short  TranslateKey(int key_code);
void   ZeroMemory(void &variable);
string EnumToString(const void &value);                                // any enumeration value

// ---------------------------------------------------------------- checkup
int    GetLastError();
bool   IsStopped();
int    UninitializeReason();
int    TerminalInfoInteger(ENUM_TERMINAL_INFO_INTEGER property_id);
double TerminalInfoDouble(ENUM_TERMINAL_INFO_DOUBLE property_id);
string TerminalInfoString(ENUM_TERMINAL_INFO_STRING property_id);
int    MQLInfoInteger(ENUM_MQL_INFO_INTEGER property_id);
string MQLInfoString(ENUM_MQL_INFO_STRING property_id);
int    MQL5InfoInteger(ENUM_MQL_INFO_INTEGER property_id);             // old name of MQLInfoInteger
string MQL5InfoString(ENUM_MQL_INFO_STRING property_id);               // old name of MQLInfoString
string Symbol();
ENUM_TIMEFRAMES Period();
int    Digits();
double Point();

// ---------------------------------------------------------------- conversion
string CharToString(uchar char_code);
string CharArrayToString(const uchar &array[], int start=0, int count=-1, uint codepage=CP_ACP);
// char[] forms: MQL5 accepts char arrays here too (WebRequest's data[] and result[] are char[]).
string CharArrayToString(const char &array[], int start=0, int count=-1, uint codepage=CP_ACP);
bool   CharArrayToStruct(void &struct_object, const uchar &char_array[], uint start_pos=0);
bool   StructToCharArray(const void &struct_object, uchar &char_array[], uint start_pos=0);
uint   ColorToARGB(color clr, uchar alpha=255);
string ColorToString(color color_value, bool color_name=false);
string DoubleToString(double value, int digits=8);
string IntegerToString(long number, int str_len=0, ushort fill_symbol=' ');
string ShortToString(ushort symbol_code);
string ShortArrayToString(const ushort &array[], int start=0, int count=-1);
string TimeToString(datetime value, int mode=TIME_DATE|TIME_MINUTES);
double NormalizeDouble(double value, int digits);
int    StringToCharArray(string text_string, uchar &array[], int start=0, int count=-1, uint codepage=CP_ACP);
int    StringToCharArray(string text_string, char &array[], int start=0, int count=-1, uint codepage=CP_ACP);
color  StringToColor(string color_string);
double StringToDouble(string value);
long   StringToInteger(string value);
int    StringToShortArray(string text_string, ushort &array[], int start=0, int count=-1);
datetime StringToTime(string time_string);
string StringFormat(string format, ...);

// ---------------------------------------------------------------- math
int    MathAbs(int value);
uint   MathAbs(uint value);
long   MathAbs(long value);
ulong  MathAbs(ulong value);
float  MathAbs(float value);
double MathAbs(double value);
double MathArccos(double val);
double MathArcsin(double val);
double MathArctan(double value);
double MathArctan2(double y, double x);
int    MathClassify(double value);
double MathCeil(double val);
double MathCos(double value);
double MathExp(double value);
double MathFloor(double val);
double MathLog(double val);
double MathLog10(double val);
int    MathMax(int value1, int value2);
uint   MathMax(uint value1, uint value2);
long   MathMax(long value1, long value2);
ulong  MathMax(ulong value1, ulong value2);
float  MathMax(float value1, float value2);
double MathMax(double value1, double value2);
int    MathMin(int value1, int value2);
uint   MathMin(uint value1, uint value2);
long   MathMin(long value1, long value2);
ulong  MathMin(ulong value1, ulong value2);
float  MathMin(float value1, float value2);
double MathMin(double value1, double value2);
double MathMod(double value, double value2);
double MathPow(double base, double exponent);
int    MathRand();
double MathRound(double value);
double MathSin(double value);
double MathSqrt(double value);
void   MathSrand(int seed);
double MathTan(double rad);
bool   MathIsValidNumber(double number);
double MathExpm1(double value);
double MathLog1p(double value);
double MathArccosh(double value);
double MathArcsinh(double value);
double MathArctanh(double value);
double MathCosh(double value);
double MathSinh(double value);
double MathTanh(double value);
ushort MathSwap(ushort value);
uint   MathSwap(uint value);
ulong  MathSwap(ulong value);
// C-style aliases of the Math* functions
int    fabs(int value);
uint   fabs(uint value);
long   fabs(long value);
ulong  fabs(ulong value);
float  fabs(float value);
double fabs(double value);
int    fmax(int value1, int value2);
uint   fmax(uint value1, uint value2);
long   fmax(long value1, long value2);
ulong  fmax(ulong value1, ulong value2);
float  fmax(float value1, float value2);
double fmax(double value1, double value2);
int    fmin(int value1, int value2);
uint   fmin(uint value1, uint value2);
long   fmin(long value1, long value2);
ulong  fmin(ulong value1, ulong value2);
float  fmin(float value1, float value2);
double fmin(double value1, double value2);
double fmod(double value, double value2);
double pow(double base, double exponent);
double sqrt(double value);
double floor(double val);
double ceil(double val);
double round(double value);
double log(double val);
double log10(double val);
double exp(double value);
int    rand();
void   srand(int seed);
double acos(double val);
double asin(double val);
double atan(double value);
double atan2(double y, double x);
double cos(double value);
double sin(double value);
double tan(double rad);
double expm1(double value);
double log1p(double value);
double acosh(double value);
double asinh(double value);
double atanh(double value);
double cosh(double value);
double sinh(double value);
double tanh(double value);

// ---------------------------------------------------------------- strings
bool   StringAdd(string &string_var, string add_substring);
int    StringBufferLen(string string_var);
int    StringCompare(const string &string1, const string &string2, bool case_sensitive=true);
int    StringConcatenate(string &string_var, ...);
bool   StringFill(string &string_var, ushort character);
int    StringFind(string string_value, string match_substring, int start_pos=0);
ushort StringGetCharacter(string string_value, int pos);
bool   StringInit(string &string_var, int new_len=0, ushort character=0);
int    StringLen(string string_value);
bool   StringSetLength(string &string_var, uint new_length);
int    StringReplace(string &str, const string find, const string replacement);
bool   StringReserve(string &string_var, uint new_capacity);
bool   StringSetCharacter(string &string_var, int pos, ushort character);
int    StringSplit(const string string_value, const ushort separator, string &result[]);
string StringSubstr(string string_value, int start_pos, int length=-1);
bool   StringToLower(string &string_var);
bool   StringToUpper(string &string_var);
int    StringTrimLeft(string &string_var);
int    StringTrimRight(string &string_var);

// ---------------------------------------------------------------- date and time
datetime TimeCurrent();
datetime TimeCurrent(MqlDateTime &dt_struct);
datetime TimeTradeServer();
datetime TimeTradeServer(MqlDateTime &dt_struct);
datetime TimeLocal();
datetime TimeLocal(MqlDateTime &dt_struct);
datetime TimeGMT();
datetime TimeGMT(MqlDateTime &dt_struct);
int    TimeDaylightSavings();
int    TimeGMTOffset();
bool   TimeToStruct(datetime dt, MqlDateTime &dt_struct);
datetime StructToTime(MqlDateTime &dt_struct);

// ---------------------------------------------------------------- account information
double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE property_id);
long   AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER property_id);
string AccountInfoString(ENUM_ACCOUNT_INFO_STRING property_id);

// ---------------------------------------------------------------- market info
int    SymbolsTotal(bool selected);
bool   SymbolExist(const string name, bool &is_custom);
string SymbolName(int pos, bool selected);
bool   SymbolSelect(string name, bool select);
bool   SymbolIsSynchronized(string name);
double SymbolInfoDouble(string name, ENUM_SYMBOL_INFO_DOUBLE prop_id);
bool   SymbolInfoDouble(string name, ENUM_SYMBOL_INFO_DOUBLE prop_id, double &double_var);
long   SymbolInfoInteger(string name, ENUM_SYMBOL_INFO_INTEGER prop_id);
bool   SymbolInfoInteger(string name, ENUM_SYMBOL_INFO_INTEGER prop_id, long &long_var);
string SymbolInfoString(string name, ENUM_SYMBOL_INFO_STRING prop_id);
bool   SymbolInfoString(string name, ENUM_SYMBOL_INFO_STRING prop_id, string &string_var);
bool   SymbolInfoMarginRate(string name, ENUM_ORDER_TYPE order_type, double &initial_margin_rate, double &maintenance_margin_rate);
bool   SymbolInfoTick(string symbol, MqlTick &tick);
bool   SymbolInfoSessionQuote(string name, ENUM_DAY_OF_WEEK day_of_week, uint session_index, datetime &from, datetime &to);
bool   SymbolInfoSessionTrade(string name, ENUM_DAY_OF_WEEK day_of_week, uint session_index, datetime &from, datetime &to);
bool   MarketBookAdd(string symbol);
bool   MarketBookRelease(string symbol);
bool   MarketBookGet(string symbol, MqlBookInfo &book[]);

// ---------------------------------------------------------------- timeseries and indicator access
long   SeriesInfoInteger(string symbol_name, ENUM_TIMEFRAMES timeframe, ENUM_SERIES_INFO_INTEGER prop_id);
bool   SeriesInfoInteger(string symbol_name, ENUM_TIMEFRAMES timeframe, ENUM_SERIES_INFO_INTEGER prop_id, long &long_var);
int    Bars(string symbol_name, ENUM_TIMEFRAMES timeframe);
int    Bars(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, datetime stop_time);
int    BarsCalculated(int indicator_handle);
int    IndicatorCreate(string symbol, ENUM_TIMEFRAMES period, ENUM_INDICATOR indicator_type, int parameters_cnt=0, const MqlParam &parameters_array[]=NULL);
int    IndicatorParameters(int indicator_handle, ENUM_INDICATOR &indicator_type, MqlParam &parameters[]);
bool   IndicatorRelease(int indicator_handle);
int    CopyBuffer(int indicator_handle, int buffer_num, int start_pos, int count, double &buffer[]);
int    CopyBuffer(int indicator_handle, int buffer_num, datetime start_time, int count, double &buffer[]);
int    CopyBuffer(int indicator_handle, int buffer_num, datetime start_time, datetime stop_time, double &buffer[]);
int    CopyRates(string symbol_name, ENUM_TIMEFRAMES timeframe, int start_pos, int count, MqlRates &rates_array[]);
int    CopyRates(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, int count, MqlRates &rates_array[]);
int    CopyRates(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, datetime stop_time, MqlRates &rates_array[]);
int    CopyTime(string symbol_name, ENUM_TIMEFRAMES timeframe, int start_pos, int count, datetime &time_array[]);
int    CopyTime(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, int count, datetime &time_array[]);
int    CopyTime(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, datetime stop_time, datetime &time_array[]);
int    CopyOpen(string symbol_name, ENUM_TIMEFRAMES timeframe, int start_pos, int count, double &open_array[]);
int    CopyOpen(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, int count, double &open_array[]);
int    CopyOpen(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, datetime stop_time, double &open_array[]);
int    CopyHigh(string symbol_name, ENUM_TIMEFRAMES timeframe, int start_pos, int count, double &high_array[]);
int    CopyHigh(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, int count, double &high_array[]);
int    CopyHigh(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, datetime stop_time, double &high_array[]);
int    CopyLow(string symbol_name, ENUM_TIMEFRAMES timeframe, int start_pos, int count, double &low_array[]);
int    CopyLow(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, int count, double &low_array[]);
int    CopyLow(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, datetime stop_time, double &low_array[]);
int    CopyClose(string symbol_name, ENUM_TIMEFRAMES timeframe, int start_pos, int count, double &close_array[]);
int    CopyClose(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, int count, double &close_array[]);
int    CopyClose(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, datetime stop_time, double &close_array[]);
int    CopyTickVolume(string symbol_name, ENUM_TIMEFRAMES timeframe, int start_pos, int count, long &volume_array[]);
int    CopyTickVolume(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, int count, long &volume_array[]);
int    CopyTickVolume(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, datetime stop_time, long &volume_array[]);
int    CopyRealVolume(string symbol_name, ENUM_TIMEFRAMES timeframe, int start_pos, int count, long &volume_array[]);
int    CopyRealVolume(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, int count, long &volume_array[]);
int    CopyRealVolume(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, datetime stop_time, long &volume_array[]);
int    CopySpread(string symbol_name, ENUM_TIMEFRAMES timeframe, int start_pos, int count, int &spread_array[]);
int    CopySpread(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, int count, int &spread_array[]);
int    CopySpread(string symbol_name, ENUM_TIMEFRAMES timeframe, datetime start_time, datetime stop_time, int &spread_array[]);
int    CopyTicks(string symbol_name, MqlTick &ticks_array[], uint flags=COPY_TICKS_ALL, ulong from=0, uint count=0);
int    CopyTicksRange(const string symbol_name, MqlTick &ticks_array[], uint flags=COPY_TICKS_ALL, ulong from_msc=0, ulong to_msc=0);
int    iBars(const string symbol, ENUM_TIMEFRAMES timeframe);
int    iBarShift(const string symbol, ENUM_TIMEFRAMES timeframe, datetime time, bool exact=false);
double iClose(const string symbol, ENUM_TIMEFRAMES timeframe, int shift);
double iHigh(const string symbol, ENUM_TIMEFRAMES timeframe, int shift);
int    iHighest(const string symbol, ENUM_TIMEFRAMES timeframe, ENUM_SERIESMODE type, int count=WHOLE_ARRAY, int start=0);
double iLow(const string symbol, ENUM_TIMEFRAMES timeframe, int shift);
int    iLowest(const string symbol, ENUM_TIMEFRAMES timeframe, ENUM_SERIESMODE type, int count=WHOLE_ARRAY, int start=0);
double iOpen(const string symbol, ENUM_TIMEFRAMES timeframe, int shift);
datetime iTime(const string symbol, ENUM_TIMEFRAMES timeframe, int shift);
long   iTickVolume(const string symbol, ENUM_TIMEFRAMES timeframe, int shift);
long   iRealVolume(const string symbol, ENUM_TIMEFRAMES timeframe, int shift);
long   iVolume(const string symbol, ENUM_TIMEFRAMES timeframe, int shift);
long   iSpread(const string symbol, ENUM_TIMEFRAMES timeframe, int shift);

// ---------------------------------------------------------------- technical indicators (return a handle)
int    iAC(string symbol, ENUM_TIMEFRAMES period);
int    iAD(string symbol, ENUM_TIMEFRAMES period, ENUM_APPLIED_VOLUME applied_volume);
int    iADX(string symbol, ENUM_TIMEFRAMES period, int adx_period);
int    iADXWilder(string symbol, ENUM_TIMEFRAMES period, int adx_period);
int    iAlligator(string symbol, ENUM_TIMEFRAMES period, int jaw_period, int jaw_shift, int teeth_period, int teeth_shift, int lips_period, int lips_shift, ENUM_MA_METHOD ma_method, ENUM_APPLIED_PRICE applied_price);
int    iAMA(string symbol, ENUM_TIMEFRAMES period, int ama_period, int fast_ma_period, int slow_ma_period, int ama_shift, ENUM_APPLIED_PRICE applied_price);
int    iAO(string symbol, ENUM_TIMEFRAMES period);
int    iATR(string symbol, ENUM_TIMEFRAMES period, int ma_period);
int    iBearsPower(string symbol, ENUM_TIMEFRAMES period, int ma_period);
int    iBands(string symbol, ENUM_TIMEFRAMES period, int bands_period, int bands_shift, double deviation, ENUM_APPLIED_PRICE applied_price);
int    iBullsPower(string symbol, ENUM_TIMEFRAMES period, int ma_period);
int    iCCI(string symbol, ENUM_TIMEFRAMES period, int ma_period, ENUM_APPLIED_PRICE applied_price);
int    iChaikin(string symbol, ENUM_TIMEFRAMES period, int fast_ma_period, int slow_ma_period, ENUM_MA_METHOD ma_method, ENUM_APPLIED_VOLUME applied_volume);
int    iCustom(string symbol, ENUM_TIMEFRAMES period, string name, ...);  // indicator inputs follow the name
int    iDEMA(string symbol, ENUM_TIMEFRAMES period, int ma_period, int ma_shift, ENUM_APPLIED_PRICE applied_price);
int    iDeMarker(string symbol, ENUM_TIMEFRAMES period, int ma_period);
int    iEnvelopes(string symbol, ENUM_TIMEFRAMES period, int ma_period, int ma_shift, ENUM_MA_METHOD ma_method, ENUM_APPLIED_PRICE applied_price, double deviation);
int    iForce(string symbol, ENUM_TIMEFRAMES period, int ma_period, ENUM_MA_METHOD ma_method, ENUM_APPLIED_VOLUME applied_volume);
int    iFractals(string symbol, ENUM_TIMEFRAMES period);
int    iFrAMA(string symbol, ENUM_TIMEFRAMES period, int ma_period, int ma_shift, ENUM_APPLIED_PRICE applied_price);
int    iGator(string symbol, ENUM_TIMEFRAMES period, int jaw_period, int jaw_shift, int teeth_period, int teeth_shift, int lips_period, int lips_shift, ENUM_MA_METHOD ma_method, ENUM_APPLIED_PRICE applied_price);
int    iIchimoku(string symbol, ENUM_TIMEFRAMES period, int tenkan_sen, int kijun_sen, int senkou_span_b);
int    iBWMFI(string symbol, ENUM_TIMEFRAMES period, ENUM_APPLIED_VOLUME applied_volume);
int    iMomentum(string symbol, ENUM_TIMEFRAMES period, int mom_period, ENUM_APPLIED_PRICE applied_price);
int    iMFI(string symbol, ENUM_TIMEFRAMES period, int ma_period, ENUM_APPLIED_VOLUME applied_volume);
int    iMA(string symbol, ENUM_TIMEFRAMES period, int ma_period, int ma_shift, ENUM_MA_METHOD ma_method, ENUM_APPLIED_PRICE applied_price);
int    iOsMA(string symbol, ENUM_TIMEFRAMES period, int fast_ema_period, int slow_ema_period, int signal_period, ENUM_APPLIED_PRICE applied_price);
int    iMACD(string symbol, ENUM_TIMEFRAMES period, int fast_ema_period, int slow_ema_period, int signal_period, ENUM_APPLIED_PRICE applied_price);
int    iOBV(string symbol, ENUM_TIMEFRAMES period, ENUM_APPLIED_VOLUME applied_volume);
int    iSAR(string symbol, ENUM_TIMEFRAMES period, double step, double maximum);
int    iRSI(string symbol, ENUM_TIMEFRAMES period, int ma_period, ENUM_APPLIED_PRICE applied_price);
int    iRVI(string symbol, ENUM_TIMEFRAMES period, int ma_period);
int    iStdDev(string symbol, ENUM_TIMEFRAMES period, int ma_period, int ma_shift, ENUM_MA_METHOD ma_method, ENUM_APPLIED_PRICE applied_price);
int    iStochastic(string symbol, ENUM_TIMEFRAMES period, int Kperiod, int Dperiod, int slowing, ENUM_MA_METHOD ma_method, ENUM_STO_PRICE price_field);
int    iTEMA(string symbol, ENUM_TIMEFRAMES period, int ma_period, int ma_shift, ENUM_APPLIED_PRICE applied_price);
int    iTriX(string symbol, ENUM_TIMEFRAMES period, int ma_period, ENUM_APPLIED_PRICE applied_price);
int    iWPR(string symbol, ENUM_TIMEFRAMES period, int calc_period);
int    iVIDyA(string symbol, ENUM_TIMEFRAMES period, int cmo_period, int ema_period, int ma_shift, ENUM_APPLIED_PRICE applied_price);
int    iVolumes(string symbol, ENUM_TIMEFRAMES period, ENUM_APPLIED_VOLUME applied_volume);

// ---------------------------------------------------------------- arrays
int    ArrayBsearch(const void &array[], double value);               // numeric arrays sorted ascending
int    ArrayCopy(void &dst_array[], const void &src_array[], int dst_start=0, int src_start=0, int count=WHOLE_ARRAY);
int    ArrayCompare(const void &array1[], const void &array2[], int start1=0, int start2=0, int count=WHOLE_ARRAY);
void   ArrayFree(void &array[]);
bool   ArrayGetAsSeries(const void &array[]);
int    ArrayInitialize(void &array[], double value);                  // numeric, bool, color, datetime arrays
void   ArrayFill(void &array[], int start, int count, double value);  // numeric, bool, color, datetime arrays
bool   ArrayIsDynamic(const void &array[]);
bool   ArrayIsSeries(const void &array[]);
int    ArrayMaximum(const void &array[], int start=0, int count=WHOLE_ARRAY);
int    ArrayMinimum(const void &array[], int start=0, int count=WHOLE_ARRAY);
void   ArrayPrint(const void &array[], uint digits=_Digits, const string separator=NULL, ulong start=0, ulong count=WHOLE_ARRAY, ulong flags=ARRAYPRINT_HEADER|ARRAYPRINT_INDEX|ARRAYPRINT_LIMIT|ARRAYPRINT_ALIGN);
int    ArrayRange(const void &array[], int rank_index);
int    ArrayResize(void &array[], int new_size, int reserve_size=0);
bool   ArrayInsert(void &dst_array[], const void &src_array[], uint dst_start, uint src_start=0, uint count=WHOLE_ARRAY);
bool   ArrayRemove(void &array[], uint start, uint count=WHOLE_ARRAY);
bool   ArrayReverse(void &array[], uint start=0, uint count=WHOLE_ARRAY);
bool   ArraySetAsSeries(const void &array[], bool flag);
int    ArraySize(const void &array[]);
bool   ArraySort(void &array[]);
bool   ArraySwap(void &array1[], void &array2[]);

// ---------------------------------------------------------------- trade functions
bool   OrderCalcMargin(ENUM_ORDER_TYPE action, string symbol, double volume, double price, double &margin);
bool   OrderCalcProfit(ENUM_ORDER_TYPE action, string symbol, double volume, double price_open, double price_close, double &profit);
bool   OrderCheck(MqlTradeRequest &request, MqlTradeCheckResult &result);
bool   OrderSend(MqlTradeRequest &request, MqlTradeResult &result);
bool   OrderSendAsync(MqlTradeRequest &request, MqlTradeResult &result);
int    PositionsTotal();
string PositionGetSymbol(int index);
bool   PositionSelect(string symbol);
bool   PositionSelectByTicket(ulong ticket);
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE property_id);
bool   PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE property_id, double &double_var);
long   PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER property_id);
bool   PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER property_id, long &long_var);
string PositionGetString(ENUM_POSITION_PROPERTY_STRING property_id);
bool   PositionGetString(ENUM_POSITION_PROPERTY_STRING property_id, string &string_var);
ulong  PositionGetTicket(int index);
int    OrdersTotal();
ulong  OrderGetTicket(int index);
bool   OrderSelect(ulong ticket);
double OrderGetDouble(ENUM_ORDER_PROPERTY_DOUBLE property_id);
bool   OrderGetDouble(ENUM_ORDER_PROPERTY_DOUBLE property_id, double &double_var);
long   OrderGetInteger(ENUM_ORDER_PROPERTY_INTEGER property_id);
bool   OrderGetInteger(ENUM_ORDER_PROPERTY_INTEGER property_id, long &long_var);
string OrderGetString(ENUM_ORDER_PROPERTY_STRING property_id);
bool   OrderGetString(ENUM_ORDER_PROPERTY_STRING property_id, string &string_var);
bool   HistorySelect(datetime from_date, datetime to_date);
bool   HistorySelectByPosition(long position_id);
bool   HistoryOrderSelect(ulong ticket);
int    HistoryOrdersTotal();
ulong  HistoryOrderGetTicket(int index);
double HistoryOrderGetDouble(ulong ticket_number, ENUM_ORDER_PROPERTY_DOUBLE property_id);
bool   HistoryOrderGetDouble(ulong ticket_number, ENUM_ORDER_PROPERTY_DOUBLE property_id, double &double_var);
long   HistoryOrderGetInteger(ulong ticket_number, ENUM_ORDER_PROPERTY_INTEGER property_id);
bool   HistoryOrderGetInteger(ulong ticket_number, ENUM_ORDER_PROPERTY_INTEGER property_id, long &long_var);
string HistoryOrderGetString(ulong ticket_number, ENUM_ORDER_PROPERTY_STRING property_id);
bool   HistoryOrderGetString(ulong ticket_number, ENUM_ORDER_PROPERTY_STRING property_id, string &string_var);
bool   HistoryDealSelect(ulong ticket);
int    HistoryDealsTotal();
ulong  HistoryDealGetTicket(int index);
double HistoryDealGetDouble(ulong ticket_number, ENUM_DEAL_PROPERTY_DOUBLE property_id);
bool   HistoryDealGetDouble(ulong ticket_number, ENUM_DEAL_PROPERTY_DOUBLE property_id, double &double_var);
long   HistoryDealGetInteger(ulong ticket_number, ENUM_DEAL_PROPERTY_INTEGER property_id);
bool   HistoryDealGetInteger(ulong ticket_number, ENUM_DEAL_PROPERTY_INTEGER property_id, long &long_var);
string HistoryDealGetString(ulong ticket_number, ENUM_DEAL_PROPERTY_STRING property_id);
bool   HistoryDealGetString(ulong ticket_number, ENUM_DEAL_PROPERTY_STRING property_id, string &string_var);

// ---------------------------------------------------------------- events
bool   EventSetMillisecondTimer(int milliseconds);
bool   EventSetTimer(int seconds);
void   EventKillTimer();
bool   EventChartCustom(long chart_id, ushort custom_event_id, long lparam, double dparam, string sparam);

// ---------------------------------------------------------------- global variables of the terminal
bool   GlobalVariableCheck(string name);
datetime GlobalVariableTime(string name);
bool   GlobalVariableDel(string name);
double GlobalVariableGet(string name);
bool   GlobalVariableGet(string name, double &double_var);
string GlobalVariableName(int index);
datetime GlobalVariableSet(string name, double value);
void   GlobalVariablesFlush();
bool   GlobalVariableTemp(string name);
bool   GlobalVariableSetOnCondition(string name, double value, double check_value);
int    GlobalVariablesDeleteAll(string prefix_name=NULL, datetime limit_data=0);
int    GlobalVariablesTotal();

// ---------------------------------------------------------------- files
long   FileFindFirst(const string file_filter, string &returned_filename, int common_flag=0);
bool   FileFindNext(long search_handle, string &returned_filename);
void   FileFindClose(long search_handle);
bool   FileIsExist(const string file_name, int common_flag=0);
int    FileOpen(string file_name, int open_flags, short delimiter='\t', uint codepage=CP_ACP);
int    FileOpen(string file_name, int open_flags, string delimiter, uint codepage=CP_ACP);
void   FileClose(int file_handle);
bool   FileCopy(const string src_file_name, int common_flag, const string dst_file_name, int mode_flags);
bool   FileDelete(const string file_name, int common_flag=0);
bool   FileMove(const string src_file_name, int common_flag, const string dst_file_name, int mode_flags);
void   FileFlush(int file_handle);
long   FileGetInteger(int file_handle, ENUM_FILE_PROPERTY_INTEGER property_id);
long   FileGetInteger(const string file_name, ENUM_FILE_PROPERTY_INTEGER property_id, bool common_folder=false);
bool   FileIsEnding(int file_handle);
bool   FileIsLineEnding(int file_handle);
bool   FileReadBool(int file_handle);
datetime FileReadDatetime(int file_handle);
double FileReadDouble(int file_handle);
float  FileReadFloat(int file_handle);
int    FileReadInteger(int file_handle, int size=INT_VALUE);
long   FileReadLong(int file_handle);
double FileReadNumber(int file_handle);
string FileReadString(int file_handle, int length=-1);
uint   FileReadStruct(int file_handle, void &struct_object, int size=-1);
bool   FileSeek(int file_handle, long offset, ENUM_FILE_POSITION origin);
ulong  FileSize(int file_handle);
ulong  FileTell(int file_handle);
uint   FileWrite(int file_handle, ...);
uint   FileWriteDouble(int file_handle, double value);
uint   FileWriteFloat(int file_handle, float value);
uint   FileWriteInteger(int file_handle, int value, int size=INT_VALUE);
uint   FileWriteLong(int file_handle, long value);
uint   FileWriteString(int file_handle, const string text_string, int length=-1);
uint   FileWriteStruct(int file_handle, const void &struct_object, int size=-1);
//--- Arrays: JS arrays do not carry their element type, so each function is a template that
//--- passes three values of it, (T)-1, (T)0.1 and (T)4295033089.0, to the runtime's form with
//--- the extra parameters; from them the runtime tells char…ulong, float, double, bool and
//--- string apart (ea-runtime/src/runtime/files.ts). Arrays of structures are not supported.
uint   FileReadArray(int file_handle, void &array[], int start, int count, const void &probe_minus_one, const void &probe_tenth, const void &probe_wide);
uint   FileWriteArray(int file_handle, const void &array[], int start, int count, const void &probe_minus_one, const void &probe_tenth, const void &probe_wide);
long   FileLoad(const string file_name, void &buffer[], int common_flag, const void &probe_minus_one, const void &probe_tenth, const void &probe_wide);
bool   FileSave(const string file_name, const void &buffer[], int common_flag, const void &probe_minus_one, const void &probe_tenth, const void &probe_wide);
template<typename T>
uint   FileReadArray(int file_handle, T &array[], int start=0, int count=WHOLE_ARRAY)
  {
   return(FileReadArray(file_handle, array, start, count, (T)-1, (T)0.1, (T)4295033089.0));
  }
template<typename T>
uint   FileWriteArray(int file_handle, const T &array[], int start=0, int count=WHOLE_ARRAY)
  {
   return(FileWriteArray(file_handle, array, start, count, (T)-1, (T)0.1, (T)4295033089.0));
  }
template<typename T>
long   FileLoad(const string file_name, T &buffer[], int common_flag=0)
  {
   return(FileLoad(file_name, buffer, common_flag, (T)-1, (T)0.1, (T)4295033089.0));
  }
template<typename T>
bool   FileSave(const string file_name, const T &buffer[], int common_flag=0)
  {
   return(FileSave(file_name, buffer, common_flag, (T)-1, (T)0.1, (T)4295033089.0));
  }
bool   FolderCreate(string folder_name, int common_flag=0);
bool   FolderDelete(string folder_name, int common_flag=0);
bool   FolderClean(string folder_name, int common_flag=0);

// ---------------------------------------------------------------- charts
bool   ChartApplyTemplate(long chart_id, const string filename);
bool   ChartSaveTemplate(long chart_id, const string filename);
int    ChartWindowFind();
int    ChartWindowFind(long chart_id, string indicator_shortname);
bool   ChartTimePriceToXY(long chart_id, int sub_window, datetime time, double price, int &x, int &y);
bool   ChartXYToTimePrice(long chart_id, int x, int y, int &sub_window, datetime &time, double &price);
long   ChartOpen(string symbol, ENUM_TIMEFRAMES period);
long   ChartFirst();
long   ChartNext(long chart_id);
bool   ChartClose(long chart_id=0);
string ChartSymbol(long chart_id=0);
ENUM_TIMEFRAMES ChartPeriod(long chart_id=0);
void   ChartRedraw(long chart_id=0);
bool   ChartSetDouble(long chart_id, int prop_id, double value);
bool   ChartSetInteger(long chart_id, int prop_id, long value);
bool   ChartSetInteger(long chart_id, int prop_id, int sub_window, long value);
bool   ChartSetString(long chart_id, int prop_id, string str_value);
double ChartGetDouble(long chart_id, ENUM_CHART_PROPERTY_DOUBLE prop_id, int sub_window=0);
bool   ChartGetDouble(long chart_id, ENUM_CHART_PROPERTY_DOUBLE prop_id, int sub_window, double &double_var);
long   ChartGetInteger(long chart_id, ENUM_CHART_PROPERTY_INTEGER prop_id, int sub_window=0);
bool   ChartGetInteger(long chart_id, ENUM_CHART_PROPERTY_INTEGER prop_id, int sub_window, long &long_var);
string ChartGetString(long chart_id, ENUM_CHART_PROPERTY_STRING prop_id);
bool   ChartGetString(long chart_id, ENUM_CHART_PROPERTY_STRING prop_id, string &string_var);
bool   ChartNavigate(long chart_id, ENUM_CHART_POSITION position, int shift=0);
long   ChartID();
bool   ChartIndicatorAdd(long chart_id, int sub_window, int indicator_handle);
bool   ChartIndicatorDelete(long chart_id, int sub_window, const string indicator_shortname);
int    ChartIndicatorGet(long chart_id, int sub_window, const string indicator_shortname);
string ChartIndicatorName(long chart_id, int sub_window, int index);
int    ChartIndicatorsTotal(long chart_id, int sub_window);
int    ChartWindowOnDropped();
double ChartPriceOnDropped();
datetime ChartTimeOnDropped();
int    ChartXOnDropped();
int    ChartYOnDropped();
bool   ChartSetSymbolPeriod(long chart_id, string symbol, ENUM_TIMEFRAMES period);
bool   ChartScreenShot(long chart_id, string filename, int width, int height, ENUM_ALIGN_MODE align_mode=ALIGN_RIGHT);

// ---------------------------------------------------------------- graphical objects
bool   ObjectCreate(long chart_id, string name, ENUM_OBJECT type, int sub_window, datetime time1, double price1, ...);  // more time/price pairs may follow
string ObjectName(long chart_id, int pos, int sub_window=-1, int type=-1);
bool   ObjectDelete(long chart_id, string name);
int    ObjectsDeleteAll(long chart_id, int sub_window=-1, int type=-1);
int    ObjectsDeleteAll(long chart_id, const string prefix, int sub_window=-1, int object_type=-1);
int    ObjectFind(long chart_id, string name);
datetime ObjectGetTimeByValue(long chart_id, string name, double value, int line_id=0);
double ObjectGetValueByTime(long chart_id, string name, datetime time, int line_id=0);
bool   ObjectMove(long chart_id, string name, int point_index, datetime time, double price);
int    ObjectsTotal(long chart_id, int sub_window=-1, int type=-1);
bool   ObjectSetDouble(long chart_id, string name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, double prop_value);
bool   ObjectSetDouble(long chart_id, string name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, int prop_modifier, double prop_value);
bool   ObjectSetInteger(long chart_id, string name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, long prop_value);
bool   ObjectSetInteger(long chart_id, string name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, int prop_modifier, long prop_value);
bool   ObjectSetString(long chart_id, string name, ENUM_OBJECT_PROPERTY_STRING prop_id, string prop_value);
bool   ObjectSetString(long chart_id, string name, ENUM_OBJECT_PROPERTY_STRING prop_id, int prop_modifier, string prop_value);
double ObjectGetDouble(long chart_id, string name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, int prop_modifier=0);
bool   ObjectGetDouble(long chart_id, string name, ENUM_OBJECT_PROPERTY_DOUBLE prop_id, int prop_modifier, double &double_var);
long   ObjectGetInteger(long chart_id, string name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, int prop_modifier=0);
bool   ObjectGetInteger(long chart_id, string name, ENUM_OBJECT_PROPERTY_INTEGER prop_id, int prop_modifier, long &long_var);
string ObjectGetString(long chart_id, string name, ENUM_OBJECT_PROPERTY_STRING prop_id, int prop_modifier=0);
bool   ObjectGetString(long chart_id, string name, ENUM_OBJECT_PROPERTY_STRING prop_id, int prop_modifier, string &string_var);
bool   TextSetFont(const string name, int size, uint flags=0, int orientation=0);
bool   TextOut(const string text, int x, int y, uint anchor, uint &data[], uint width, uint height, uint color_value, ENUM_COLOR_FORMAT color_format);
bool   TextGetSize(const string text, uint &width, uint &height);

// ---------------------------------------------------------------- economic calendar
bool   CalendarCountryById(const long country_id, MqlCalendarCountry &country);
bool   CalendarEventById(ulong event_id, MqlCalendarEvent &event);
bool   CalendarValueById(ulong value_id, MqlCalendarValue &value);
int    CalendarCountries(MqlCalendarCountry &countries[]);
int    CalendarEventByCountry(string country_code, MqlCalendarEvent &events[]);
int    CalendarEventByCurrency(const string currency, MqlCalendarEvent &events[]);
int    CalendarValueHistoryByEvent(ulong event_id, MqlCalendarValue &values[], datetime datetime_from, datetime datetime_to=0);
int    CalendarValueHistory(MqlCalendarValue &values[], datetime datetime_from, datetime datetime_to=0, const string country_code=NULL, const string currency=NULL);
int    CalendarValueLastByEvent(ulong event_id, ulong &change_id, MqlCalendarValue &values[]);
int    CalendarValueLast(ulong &change_id, MqlCalendarValue &values[], const string country_code=NULL, const string currency=NULL);

// ---------------------------------------------------------------- strategy tester
void   TesterHideIndicators(bool hide);
double TesterStatistics(ENUM_STATISTICS statistic_id);
void   TesterStop();
bool   TesterDeposit(double money);
bool   TesterWithdrawal(double money);

// ---------------------------------------------------------------- network
int    WebRequest(const string method, const string url, const string cookie, const string referer, int timeout, const char &data[], int data_size, char &result[], string &result_headers);
int    WebRequest(const string method, const string url, const string headers, int timeout, const char &data[], char &result[], string &result_headers);

// ---------------------------------------------------------------- custom indicators
bool   SetIndexBuffer(int index, double &buffer[], ENUM_INDEXBUFFER_TYPE data_type=INDICATOR_DATA);
bool   IndicatorSetDouble(int prop_id, double prop_value);
bool   IndicatorSetDouble(int prop_id, int prop_modifier, double prop_value);
bool   IndicatorSetInteger(int prop_id, int prop_value);
bool   IndicatorSetInteger(int prop_id, int prop_modifier, int prop_value);
bool   IndicatorSetString(int prop_id, string prop_value);
bool   IndicatorSetString(int prop_id, int prop_modifier, string prop_value);
bool   PlotIndexSetDouble(int plot_index, int prop_id, double prop_value);
bool   PlotIndexSetInteger(int plot_index, int prop_id, int prop_value);
bool   PlotIndexSetInteger(int plot_index, int prop_id, int prop_modifier, int prop_value);
bool   PlotIndexSetString(int plot_index, int prop_id, string prop_value);
int    PlotIndexGetInteger(int plot_index, int prop_id, int prop_modifier=0);
