//+------------------------------------------------------------------+
//| multi-grid.mq5 — pending-order grid on several symbols           |
//| Around an anchor price per symbol it keeps buy limits below and  |
//| sell limits above, one price step apart, each with a take profit |
//| of one step. Levels whose order filled are re-armed once their   |
//| position is gone. The containers are written out here (an owning |
//| pointer list), not taken from the standard library.              |
//| Written for the compiler's end-to-end tests.                     |
//+------------------------------------------------------------------+
#property copyright "Trading Account Service tests"
#property version   "1.00"

#include <Trade\Trade.mqh>

input string GridSymbols    = "EURUSD,GBPUSD"; // symbols, comma-separated
input int    GridLevels     = 3;               // levels on each side
input int    GridStepPoints = 150;             // distance between levels
input double LevelLots      = 0.01;            // volume per level
input ulong  GridMagic      = 550000;          // magic of the first symbol (+1 per symbol)
input bool   RearmLevels    = true;            // re-place a level after its trade ended

//+------------------------------------------------------------------+
//| An owning list of object pointers                                |
//+------------------------------------------------------------------+
template<typename T>
class CPtrList
  {
private:
   T                *m_items[];
   int               m_total;
public:
                     CPtrList(void) : m_total(0) { }
                    ~CPtrList(void) { Clear(); }
   int               Total(void) const { return(m_total); }
   T                *At(const int index) const
     {
      if(index < 0 || index >= m_total)
         return(NULL);
      return(m_items[index]);
     }
   int               Add(T *item)
     {
      if(m_total >= ArraySize(m_items))
         ArrayResize(m_items, m_total + 1, 16);
      m_items[m_total] = item;
      m_total++;
      return(m_total - 1);
     }
   void              Clear(void)
     {
      for(int i = 0; i < m_total; i++)
         if(CheckPointer(m_items[i]) == POINTER_DYNAMIC)
            delete m_items[i];
      m_total = 0;
      ArrayFree(m_items);
     }
  };

//+------------------------------------------------------------------+
//| One grid level                                                   |
//+------------------------------------------------------------------+
class CGridLevel
  {
public:
   int               offset;      // -N..-1 below the anchor, 1..N above
   ENUM_ORDER_TYPE   type;
   double            price;
   ulong             order;       // pending order ticket, 0 when none
   int               fills;

                     CGridLevel(const int level_offset, const ENUM_ORDER_TYPE order_type, const double level_price)
     : offset(level_offset), type(order_type), price(level_price), order(0), fills(0) { }
   bool              IsBuy(void) const { return(type == ORDER_TYPE_BUY_LIMIT); }
  };

//+------------------------------------------------------------------+
//| The grid of one symbol                                           |
//+------------------------------------------------------------------+
class CSymbolGrid
  {
private:
   string            m_symbol;
   ulong             m_magic;
   double            m_point;
   int               m_digits;
   double            m_anchor;
   CTrade            m_trade;
   CPtrList<CGridLevel> m_levels;

   bool              HasPosition(const double open_price) const;
   bool              OrderAlive(const ulong ticket) const;
   bool              Place(CGridLevel *level);

public:
                     CSymbolGrid(const string symbol, const ulong magic);
   string            Symbol(void) const { return(m_symbol); }
   bool              Ready(void) const { return(m_anchor > 0.0); }
   bool              Build(void);
   void              Maintain(void);
   int               PendingCount(void) const;
   string            Describe(void) const;
  };

CSymbolGrid::CSymbolGrid(const string symbol, const ulong magic)
  {
   m_symbol = symbol;
   m_magic  = magic;
   m_point  = SymbolInfoDouble(symbol, SYMBOL_POINT);
   m_digits = (int)SymbolInfoInteger(symbol, SYMBOL_DIGITS);
   m_anchor = 0.0;
   m_trade.SetExpertMagicNumber(magic);
   m_trade.SetTypeFillingBySymbol(symbol);
  }

//--- lays the levels out around the current mid price; false while there is no quote yet
bool CSymbolGrid::Build(void)
  {
   double bid = SymbolInfoDouble(m_symbol, SYMBOL_BID);
   double ask = SymbolInfoDouble(m_symbol, SYMBOL_ASK);
   if(bid <= 0.0 || ask <= 0.0)
      return(false);
   m_anchor = NormalizeDouble((bid + ask) / 2.0, m_digits);
   double step = GridStepPoints * m_point;
   for(int i = 1; i <= GridLevels; i++)
     {
      m_levels.Add(new CGridLevel(-i, ORDER_TYPE_BUY_LIMIT, NormalizeDouble(m_anchor - i * step, m_digits)));
      m_levels.Add(new CGridLevel(i, ORDER_TYPE_SELL_LIMIT, NormalizeDouble(m_anchor + i * step, m_digits)));
     }
   PrintFormat("%s grid around %s: %d levels, step %d points", m_symbol,
               DoubleToString(m_anchor, m_digits), m_levels.Total(), GridStepPoints);
   for(int i = 0; i < m_levels.Total(); i++)
      Place(m_levels.At(i));
   return(true);
  }

bool CSymbolGrid::Place(CGridLevel *level)
  {
   double step = GridStepPoints * m_point;
   // a limit order must sit beyond the stops level on its side of the market
   double gap = (SymbolInfoInteger(m_symbol, SYMBOL_TRADE_STOPS_LEVEL) + 1) * m_point;
   if(level.IsBuy() && level.price > SymbolInfoDouble(m_symbol, SYMBOL_ASK) - gap)
      return(false);
   if(!level.IsBuy() && level.price < SymbolInfoDouble(m_symbol, SYMBOL_BID) + gap)
      return(false);
   bool ok;
   if(level.IsBuy())
      ok = m_trade.BuyLimit(LevelLots, level.price, m_symbol, 0.0,
                            NormalizeDouble(level.price + step, m_digits), ORDER_TIME_GTC, 0,
                            StringFormat("grid %d", level.offset));
   else
      ok = m_trade.SellLimit(LevelLots, level.price, m_symbol, 0.0,
                             NormalizeDouble(level.price - step, m_digits), ORDER_TIME_GTC, 0,
                             StringFormat("grid %d", level.offset));
   if(ok)
      level.order = m_trade.ResultOrder();
   else
      PrintFormat("%s level %d at %s refused: %u", m_symbol, level.offset,
                  DoubleToString(level.price, m_digits), m_trade.ResultRetcode());
   return(ok);
  }

bool CSymbolGrid::OrderAlive(const ulong ticket) const
  {
   if(ticket == 0 || !OrderSelect(ticket))
      return(false);
   ENUM_ORDER_STATE state = (ENUM_ORDER_STATE)OrderGetInteger(ORDER_STATE);
   return(state == ORDER_STATE_PLACED || state == ORDER_STATE_PARTIAL || state == ORDER_STATE_STARTED);
  }

bool CSymbolGrid::HasPosition(const double open_price) const
  {
   for(int i = PositionsTotal() - 1; i >= 0; i--)
     {
      if(PositionGetTicket(i) == 0)
         continue;
      if(PositionGetString(POSITION_SYMBOL) != m_symbol || (ulong)PositionGetInteger(POSITION_MAGIC) != m_magic)
         continue;
      if(MathAbs(PositionGetDouble(POSITION_PRICE_OPEN) - open_price) < GridStepPoints * m_point / 2.0)
         return(true);
     }
   return(false);
  }

void CSymbolGrid::Maintain(void)
  {
   for(int i = 0; i < m_levels.Total(); i++)
     {
      CGridLevel *level = m_levels.At(i);
      if(level.order != 0 && OrderAlive(level.order))
         continue;
      if(level.order != 0)
        {
         level.fills++;
         PrintFormat("%s level %d filled (#%I64u)", m_symbol, level.offset, level.order);
         level.order = 0;
        }
      if(RearmLevels && !HasPosition(level.price))
         Place(level);
     }
  }

int CSymbolGrid::PendingCount(void) const
  {
   int n = 0;
   for(int i = 0; i < m_levels.Total(); i++)
      if(m_levels.At(i).order != 0)
         n++;
   return(n);
  }

string CSymbolGrid::Describe(void) const
  {
   int fills = 0;
   for(int i = 0; i < m_levels.Total(); i++)
      fills += m_levels.At(i).fills;
   return(StringFormat("%s: %d pending, %d fills", m_symbol, PendingCount(), fills));
  }

//+------------------------------------------------------------------+
//| The expert                                                       |
//+------------------------------------------------------------------+
CPtrList<CSymbolGrid> grids;

int OnInit()
  {
   string names[];
   int count = StringSplit(GridSymbols, ',', names);
   if(count <= 0)
     {
      Print("no symbols in GridSymbols");
      return(INIT_PARAMETERS_INCORRECT);
     }
   for(int i = 0; i < count; i++)
     {
      string name = names[i];
      StringTrimLeft(name);
      StringTrimRight(name);
      if(name == "")
         continue;
      if(!SymbolSelect(name, true))
        {
         PrintFormat("symbol %s is not available", name);
         continue;
        }
      grids.Add(new CSymbolGrid(name, GridMagic + i));
     }
   PrintFormat("grid EA on %d symbol(s)", grids.Total());
   return(grids.Total() > 0 ? INIT_SUCCEEDED : INIT_FAILED);
  }

void OnDeinit(const int reason)
  {
   for(int i = 0; i < grids.Total(); i++)
      Print(grids.At(i).Describe());
   grids.Clear();
  }

void OnTick()
  {
   for(int i = 0; i < grids.Total(); i++)
     {
      CSymbolGrid *grid = grids.At(i);
      if(!grid.Ready())
        {
         grid.Build();
         continue;
        }
      grid.Maintain();
     }
  }
//+------------------------------------------------------------------+
