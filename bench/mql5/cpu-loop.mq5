//+------------------------------------------------------------------+
//| cpu-loop.mq5 — a CPU-bound OnTick for `npm run bench mql5`:      |
//| integer arithmetic in a loop, array indexing and a small class   |
//| method call per iteration, no runtime calls. cpu-loop.js is the  |
//| same program in JavaScript; both print the same checksum.        |
//| Workload 0 works in int (32-bit wrapping), 1 in long with values |
//| within 32 bits, 2 in long with values beyond 32 bits.            |
//+------------------------------------------------------------------+
input int Iterations = 5000;
input int Workload   = 0;

class CCounter
  {
private:
   int               m_total;
public:
                     CCounter(void) : m_total(0) {}
   void              Reset(void) { m_total = 0; }
   void              Add(const int v) { m_total += v & 0xffff; }
   int               Total(void) const { return(m_total); }
  };

int      table[256];
long     wide[256];
CCounter counter;
long     checksum = 0;

int OnInit()
  {
   for(int i = 0; i < 256; i++)
     {
      table[i] = i * 7919;
      wide[i] = i * 7919;
     }
   return(INIT_SUCCEEDED);
  }

// 32-bit: LCG step with wrap-around, shifts and masks, a read and a write of the table.
int IntRound(const int n)
  {
   int seed = 12345;
   for(int i = 0; i < n; i++)
     {
      seed = seed * 1103515245 + 12345;
      int k = (seed >> 16) & 255;
      table[k] = table[k] + i;
      counter.Add(table[(k + 1) & 255] ^ seed);
     }
   return(seed);
  }

// 64-bit, values that fit in 32 bits (as tickets, magic numbers and datetimes do): 27-bit LCG.
long LongRound(const int n)
  {
   long seed = 12345;
   for(int i = 0; i < n; i++)
     {
      seed = (seed * 1103 + 12345) & 0x7FFFFFF;
      int k = (int)((seed >> 16) & 255);
      wide[k] = wide[k] + i;
      counter.Add((int)(wide[(k + 1) & 255] ^ seed));
     }
   return(seed);
  }

// 64-bit, values wider than 32 bits: 36-bit LCG (products stay below 2^53).
long WideRound(const int n)
  {
   long seed = 12345;
   for(int i = 0; i < n; i++)
     {
      seed = (seed * 69069 + 1) & 0xFFFFFFFFF;
      int k = (int)((seed >> 16) & 255);
      wide[k] = wide[k] + i;
      counter.Add((int)(wide[(k + 1) & 255] ^ seed));
     }
   return(seed);
  }

void OnTick()
  {
   counter.Reset();
   switch(Workload)
     {
      case 0:
         checksum += IntRound(Iterations);
         break;
      case 1:
         checksum += LongRound(Iterations);
         break;
      default:
         checksum += WideRound(Iterations);
     }
   checksum += counter.Total();
  }

void OnDeinit(const int reason)
  {
   PrintFormat("checksum %I64d", checksum);
  }
//+------------------------------------------------------------------+
