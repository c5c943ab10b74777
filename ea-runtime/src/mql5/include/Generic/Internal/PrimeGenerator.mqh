//+------------------------------------------------------------------+
//| Generic/Internal/PrimeGenerator.mqh                              |
//|                                                                  |
//| CPrimeGenerator: bucket counts of the hash collections (static   |
//| methods). GetPrime(min) is the smallest prime >= min (at least   |
//| 3); ExpandPrime(old_size) the one after doubling old_size.       |
//+------------------------------------------------------------------+
#define PRIME_GENERATOR_MAX_SIZE 0x7FEFFFFD

class CPrimeGenerator
  {
public:
   //--- true when candidate is a prime number (trial division)
   static bool       IsPrime(const int candidate)
     {
      if(candidate < 2)
         return(false);
      if((candidate & 1) == 0)
         return(candidate == 2);
      for(int divisor = 3; (long)divisor * divisor <= candidate; divisor += 2)
         if(candidate % divisor == 0)
            return(false);
      return(true);
     }
   //--- smallest prime >= min, at least 3
   static int        GetPrime(const int min)
     {
      if(min <= 3)
         return(3);
      for(int candidate = min | 1; candidate < PRIME_GENERATOR_MAX_SIZE; candidate += 2)
         if(IsPrime(candidate))
            return(candidate);
      return(PRIME_GENERATOR_MAX_SIZE);
     }
   //--- prime for a table grown from old_size: about twice as large
   static int        ExpandPrime(const int old_size)
     {
      long doubled = 2 * (long)old_size;
      if(doubled >= PRIME_GENERATOR_MAX_SIZE)
         return(PRIME_GENERATOR_MAX_SIZE);
      return(GetPrime((int)doubled));
     }
  };
