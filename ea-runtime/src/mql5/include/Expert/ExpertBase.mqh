//+------------------------------------------------------------------+
//| Expert/ExpertBase.mqh — CExpertBase (Standard Library), base of  |
//| the MQL5 Wizard's expert, signal, trailing and money classes.    |
//|                                                                  |
//| Holds the symbol (a CSymbolInfo shared with the expert), the     |
//| timeframe, the magic number, the point adjusted for 3/5-digit    |
//| quotes and the price series the module uses (UsedSeries). Life  |
//| cycle: Init (phase FIRST → TUNING), parameter setters,           |
//| ValidationSettings (→ VALIDATION), InitIndicators (→ COMPLETE).  |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Object.mqh>
#include <Trade/SymbolInfo.mqh>
#include <Trade/AccountInfo.mqh>
#include <Indicators/Indicators.mqh>

//--- trend types
enum ENUM_TYPE_TREND
  {
   TYPE_TREND_HARD_DOWN = 0,
   TYPE_TREND_DOWN      = 1,
   TYPE_TREND_FLAT      = 2,
   TYPE_TREND_UP        = 3,
   TYPE_TREND_HARD_UP   = 4
  };
//--- series a module reads (bit flags of UsedSeries)
enum ENUM_USED_SERIES
  {
   USE_SERIES_OPEN        = 0x1,
   USE_SERIES_HIGH        = 0x2,
   USE_SERIES_LOW         = 0x4,
   USE_SERIES_CLOSE       = 0x8,
   USE_SERIES_SPREAD      = 0x10,
   USE_SERIES_TIME        = 0x20,
   USE_SERIES_TICK_VOLUME = 0x40,
   USE_SERIES_REAL_VOLUME = 0x80
  };
//--- initialisation phases
enum ENUM_INIT_PHASE
  {
   INIT_PHASE_FIRST      = 0,   // before Init
   INIT_PHASE_TUNING     = 1,   // parameters may be set
   INIT_PHASE_VALIDATION = 2,   // parameters checked
   INIT_PHASE_COMPLETE   = 3    // indicators made
  };
//--- does the module use a series
#define IS_OPEN_SERIES_USAGE        ((m_used_series&USE_SERIES_OPEN)!=0)
#define IS_HIGH_SERIES_USAGE        ((m_used_series&USE_SERIES_HIGH)!=0)
#define IS_LOW_SERIES_USAGE         ((m_used_series&USE_SERIES_LOW)!=0)
#define IS_CLOSE_SERIES_USAGE       ((m_used_series&USE_SERIES_CLOSE)!=0)
#define IS_SPREAD_SERIES_USAGE      ((m_used_series&USE_SERIES_SPREAD)!=0)
#define IS_TIME_SERIES_USAGE        ((m_used_series&USE_SERIES_TIME)!=0)
#define IS_TICK_VOLUME_SERIES_USAGE ((m_used_series&USE_SERIES_TICK_VOLUME)!=0)
#define IS_REAL_VOLUME_SERIES_USAGE ((m_used_series&USE_SERIES_REAL_VOLUME)!=0)

class CExpertBase : public CObject
  {
protected:
   ulong             m_magic;
   ENUM_ACCOUNT_MARGIN_MODE m_margin_mode;
   CSymbolInfo      *m_symbol;         // shared with the expert (owned when m_own_symbol)
   ENUM_TIMEFRAMES   m_period;
   double            m_adjusted_point; // point × 10 for 3/5-digit quotes
   ENUM_INIT_PHASE   m_init_phase;
   bool              m_other_symbol;   // the module works on another symbol
   bool              m_other_period;   // … or another timeframe
   bool              m_own_symbol;
   int               m_used_series;    // ENUM_USED_SERIES flags
   bool              m_every_tick;
   //--- price series (given by the owner, or made here for another symbol/timeframe)
   CiOpen           *m_open;
   CiHigh           *m_high;
   CiLow            *m_low;
   CiClose          *m_close;
   CiSpread         *m_spread;
   CiTime           *m_time;
   CiTickVolume     *m_tick_volume;
   CiRealVolume     *m_real_volume;

public:
                     CExpertBase(void) : m_magic(0), m_margin_mode(ACCOUNT_MARGIN_MODE_RETAIL_HEDGING), m_symbol(NULL),
                                         m_period(PERIOD_CURRENT), m_adjusted_point(1.0), m_init_phase(INIT_PHASE_FIRST),
                                         m_other_symbol(false), m_other_period(false), m_own_symbol(false), m_used_series(0),
                                         m_every_tick(false), m_open(NULL), m_high(NULL), m_low(NULL), m_close(NULL),
                                         m_spread(NULL), m_time(NULL), m_tick_volume(NULL), m_real_volume(NULL) {}
                    ~CExpertBase(void) { if(m_own_symbol && CheckPointer(m_symbol) == POINTER_DYNAMIC) delete m_symbol; }
   //--- state
   ENUM_INIT_PHASE   InitPhase(void) const { return(m_init_phase); }
   virtual int       UsedSeries(void);
   void              EveryTick(const bool value) { m_every_tick = value; }
   //--- data of the used series: bar `ind` (0 = newest)
   double            Open(const int ind) const;
   double            High(const int ind) const;
   double            Low(const int ind) const;
   double            Close(const int ind) const;
   int               Spread(const int ind) const;
   datetime          Time(const int ind) const;
   long              TickVolume(const int ind) const;
   long              RealVolume(const int ind) const;
   //--- initialisation
   virtual bool      Init(CSymbolInfo *symbol, ENUM_TIMEFRAMES period, double point);
   bool              Symbol(string name);
   bool              Period(ENUM_TIMEFRAMES value);
   void              Magic(ulong value) { m_magic = value; }
   void              SetMarginMode(void) { m_margin_mode = (ENUM_ACCOUNT_MARGIN_MODE)AccountInfoInteger(ACCOUNT_MARGIN_MODE); }
   virtual bool      ValidationSettings(void);
   virtual bool      SetPriceSeries(CiOpen *open, CiHigh *high, CiLow *low, CiClose *close);
   virtual bool      SetOtherSeries(CiSpread *spread, CiTime *time, CiTickVolume *tick_volume, CiRealVolume *real_volume);
   virtual bool      InitIndicators(CIndicators *indicators = NULL);

protected:
   //--- make the series this module needs and nobody gave it
   bool              InitOpen(CIndicators *indicators);
   bool              InitHigh(CIndicators *indicators);
   bool              InitLow(CIndicators *indicators);
   bool              InitClose(CIndicators *indicators);
   bool              InitSpread(CIndicators *indicators);
   bool              InitTime(CIndicators *indicators);
   bool              InitTickVolume(CIndicators *indicators);
   bool              InitRealVolume(CIndicators *indicators);
   //--- price units of the level parameters (points of a 4/2-digit quote)
   double            PriceLevelUnit(void) const { return(m_adjusted_point); }
   //--- first bar analysed: the forming one when every tick counts, else the last closed one
   int               StartIndex(void) const { return(m_every_tick ? 0 : 1); }
   bool              CompareMagic(ulong magic) const { return(m_magic == magic); }
   bool              IsHedging(void) const { return(m_margin_mode == ACCOUNT_MARGIN_MODE_RETAIL_HEDGING); }
   bool              OwnSeries(void) const { return(m_other_symbol || m_other_period); }
  };
//+------------------------------------------------------------------+
int CExpertBase::UsedSeries(void)
  {
   return(m_used_series);
  }
//+------------------------------------------------------------------+
double CExpertBase::Open(const int ind) const
  {
   return(m_open == NULL ? EMPTY_VALUE : m_open.GetData(ind));
  }
//+------------------------------------------------------------------+
double CExpertBase::High(const int ind) const
  {
   return(m_high == NULL ? EMPTY_VALUE : m_high.GetData(ind));
  }
//+------------------------------------------------------------------+
double CExpertBase::Low(const int ind) const
  {
   return(m_low == NULL ? EMPTY_VALUE : m_low.GetData(ind));
  }
//+------------------------------------------------------------------+
double CExpertBase::Close(const int ind) const
  {
   return(m_close == NULL ? EMPTY_VALUE : m_close.GetData(ind));
  }
//+------------------------------------------------------------------+
int CExpertBase::Spread(const int ind) const
  {
   return(m_spread == NULL ? INT_MAX : m_spread.GetData(ind));
  }
//+------------------------------------------------------------------+
datetime CExpertBase::Time(const int ind) const
  {
   return(m_time == NULL ? 0 : m_time.GetData(ind));
  }
//+------------------------------------------------------------------+
long CExpertBase::TickVolume(const int ind) const
  {
   return(m_tick_volume == NULL ? 0 : m_tick_volume.GetData(ind));
  }
//+------------------------------------------------------------------+
long CExpertBase::RealVolume(const int ind) const
  {
   return(m_real_volume == NULL ? 0 : m_real_volume.GetData(ind));
  }
//+------------------------------------------------------------------+
//| Binds the module to the expert's symbol, timeframe and point.    |
//+------------------------------------------------------------------+
bool CExpertBase::Init(CSymbolInfo *symbol, ENUM_TIMEFRAMES period, double point)
  {
   if(m_init_phase != INIT_PHASE_FIRST)
     {
      Print(__FUNCTION__ + ": the module is initialised already");
      return(false);
     }
   if(symbol == NULL)
     {
      Print(__FUNCTION__ + ": no symbol");
      return(false);
     }
   m_symbol = symbol;
   m_period = (period == PERIOD_CURRENT) ? _Period : period;
   m_adjusted_point = point;
   m_other_symbol = false;
   m_other_period = false;
   SetMarginMode();
   m_init_phase = INIT_PHASE_TUNING;
   return(true);
  }
//+------------------------------------------------------------------+
//| Makes the module work on another symbol (during tuning).         |
//+------------------------------------------------------------------+
bool CExpertBase::Symbol(string name)
  {
   if(m_init_phase != INIT_PHASE_TUNING)
      return(false);
   if(m_symbol != NULL && m_symbol.Name() == name)
      return(true);
   CSymbolInfo *symbol = new CSymbolInfo;
   if(!symbol.Name(name))
     {
      delete symbol;
      return(false);
     }
   symbol.Refresh();
   if(m_own_symbol && CheckPointer(m_symbol) == POINTER_DYNAMIC)
      delete m_symbol;
   m_symbol = symbol;
   m_own_symbol = true;
   m_other_symbol = true;
   return(true);
  }
//+------------------------------------------------------------------+
//| Makes the module work on another timeframe (during tuning).      |
//+------------------------------------------------------------------+
bool CExpertBase::Period(ENUM_TIMEFRAMES value)
  {
   if(m_init_phase != INIT_PHASE_TUNING)
      return(false);
   if(value == PERIOD_CURRENT)
      value = _Period;
   if(value == m_period)
      return(true);
   m_period = value;
   m_other_period = true;
   return(true);
  }
//+------------------------------------------------------------------+
bool CExpertBase::ValidationSettings(void)
  {
   if(m_init_phase == INIT_PHASE_VALIDATION)
      return(true);
   if(m_init_phase != INIT_PHASE_TUNING)
     {
      Print(__FUNCTION__ + ": the module is not initialised (call Init first)");
      return(false);
     }
   m_init_phase = INIT_PHASE_VALIDATION;
   return(true);
  }
//+------------------------------------------------------------------+
//| The owner's price series (kept unless the module has its own     |
//| symbol or timeframe).                                            |
//+------------------------------------------------------------------+
bool CExpertBase::SetPriceSeries(CiOpen *open, CiHigh *high, CiLow *low, CiClose *close)
  {
   if(m_init_phase != INIT_PHASE_VALIDATION)
      return(false);
   if(OwnSeries())
      return(true);
   if((IS_OPEN_SERIES_USAGE && open == NULL) || (IS_HIGH_SERIES_USAGE && high == NULL) ||
      (IS_LOW_SERIES_USAGE && low == NULL) || (IS_CLOSE_SERIES_USAGE && close == NULL))
      return(false);
   m_open = open;
   m_high = high;
   m_low = low;
   m_close = close;
   return(true);
  }
//+------------------------------------------------------------------+
bool CExpertBase::SetOtherSeries(CiSpread *spread, CiTime *time, CiTickVolume *tick_volume, CiRealVolume *real_volume)
  {
   if(m_init_phase != INIT_PHASE_VALIDATION)
      return(false);
   if(OwnSeries())
      return(true);
   if((IS_SPREAD_SERIES_USAGE && spread == NULL) || (IS_TIME_SERIES_USAGE && time == NULL) ||
      (IS_TICK_VOLUME_SERIES_USAGE && tick_volume == NULL) || (IS_REAL_VOLUME_SERIES_USAGE && real_volume == NULL))
      return(false);
   m_spread = spread;
   m_time = time;
   m_tick_volume = tick_volume;
   m_real_volume = real_volume;
   return(true);
  }
//+------------------------------------------------------------------+
//| Makes the used series nobody gave (they join `indicators`, which |
//| refreshes and owns them).                                        |
//+------------------------------------------------------------------+
bool CExpertBase::InitIndicators(CIndicators *indicators)
  {
   if(indicators == NULL)
      return(false);
   if(m_init_phase != INIT_PHASE_VALIDATION)
     {
      Print(__FUNCTION__ + ": the settings are not validated (call ValidationSettings first)");
      return(false);
     }
   if(IS_OPEN_SERIES_USAGE && !InitOpen(indicators))
      return(false);
   if(IS_HIGH_SERIES_USAGE && !InitHigh(indicators))
      return(false);
   if(IS_LOW_SERIES_USAGE && !InitLow(indicators))
      return(false);
   if(IS_CLOSE_SERIES_USAGE && !InitClose(indicators))
      return(false);
   if(IS_SPREAD_SERIES_USAGE && !InitSpread(indicators))
      return(false);
   if(IS_TIME_SERIES_USAGE && !InitTime(indicators))
      return(false);
   if(IS_TICK_VOLUME_SERIES_USAGE && !InitTickVolume(indicators))
      return(false);
   if(IS_REAL_VOLUME_SERIES_USAGE && !InitRealVolume(indicators))
      return(false);
   m_init_phase = INIT_PHASE_COMPLETE;
   return(true);
  }
//+------------------------------------------------------------------+
bool CExpertBase::InitOpen(CIndicators *indicators)
  {
   if(m_open != NULL)
      return(true);
   m_open = new CiOpen;
   if(!indicators.Add(m_open))
     {
      delete m_open;
      m_open = NULL;
      return(false);
     }
   return(m_open.Create(m_symbol.Name(), m_period));
  }
//+------------------------------------------------------------------+
bool CExpertBase::InitHigh(CIndicators *indicators)
  {
   if(m_high != NULL)
      return(true);
   m_high = new CiHigh;
   if(!indicators.Add(m_high))
     {
      delete m_high;
      m_high = NULL;
      return(false);
     }
   return(m_high.Create(m_symbol.Name(), m_period));
  }
//+------------------------------------------------------------------+
bool CExpertBase::InitLow(CIndicators *indicators)
  {
   if(m_low != NULL)
      return(true);
   m_low = new CiLow;
   if(!indicators.Add(m_low))
     {
      delete m_low;
      m_low = NULL;
      return(false);
     }
   return(m_low.Create(m_symbol.Name(), m_period));
  }
//+------------------------------------------------------------------+
bool CExpertBase::InitClose(CIndicators *indicators)
  {
   if(m_close != NULL)
      return(true);
   m_close = new CiClose;
   if(!indicators.Add(m_close))
     {
      delete m_close;
      m_close = NULL;
      return(false);
     }
   return(m_close.Create(m_symbol.Name(), m_period));
  }
//+------------------------------------------------------------------+
bool CExpertBase::InitSpread(CIndicators *indicators)
  {
   if(m_spread != NULL)
      return(true);
   m_spread = new CiSpread;
   if(!indicators.Add(m_spread))
     {
      delete m_spread;
      m_spread = NULL;
      return(false);
     }
   return(m_spread.Create(m_symbol.Name(), m_period));
  }
//+------------------------------------------------------------------+
bool CExpertBase::InitTime(CIndicators *indicators)
  {
   if(m_time != NULL)
      return(true);
   m_time = new CiTime;
   if(!indicators.Add(m_time))
     {
      delete m_time;
      m_time = NULL;
      return(false);
     }
   return(m_time.Create(m_symbol.Name(), m_period));
  }
//+------------------------------------------------------------------+
bool CExpertBase::InitTickVolume(CIndicators *indicators)
  {
   if(m_tick_volume != NULL)
      return(true);
   m_tick_volume = new CiTickVolume;
   if(!indicators.Add(m_tick_volume))
     {
      delete m_tick_volume;
      m_tick_volume = NULL;
      return(false);
     }
   return(m_tick_volume.Create(m_symbol.Name(), m_period));
  }
//+------------------------------------------------------------------+
bool CExpertBase::InitRealVolume(CIndicators *indicators)
  {
   if(m_real_volume != NULL)
      return(true);
   m_real_volume = new CiRealVolume;
   if(!indicators.Add(m_real_volume))
     {
      delete m_real_volume;
      m_real_volume = NULL;
      return(false);
     }
   return(m_real_volume.Create(m_symbol.Name(), m_period));
  }
//+------------------------------------------------------------------+
