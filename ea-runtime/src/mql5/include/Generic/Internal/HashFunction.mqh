//+------------------------------------------------------------------+
//| Generic/Internal/HashFunction.mqh                                |
//|                                                                  |
//| GetHashCode(value): the default hash code of every scalar type   |
//| and of strings, as int. Equal values give equal codes (0.0 and   |
//| -0.0 included). Integers up to 32 bits hash to their value,      |
//| 64-bit integers to the xor of their halves, floating values to a |
//| mix of their binary mantissa and exponent, strings to            |
//| s[0]*31^(n-1) + … + s[n-1] (int arithmetic, wrapping). An enum   |
//| is an int: MQL5 hashes it with the int overload.                 |
//|                                                                  |
//| Objects are hashed by the default equality comparer              |
//| (DefaultEqualityComparer.mqh): by their HashCode() when their    |
//| class implements IEqualityComparable.                            |
//+------------------------------------------------------------------+
int GetHashCode(const int value)      { return(value); }
int GetHashCode(const bool value)     { return(value ? 1 : 0); }
int GetHashCode(const char value)     { return((int)value); }
int GetHashCode(const uchar value)    { return((int)value); }
int GetHashCode(const short value)    { return((int)value); }
int GetHashCode(const ushort value)   { return((int)value); }
int GetHashCode(const color value)    { return((int)value); }
int GetHashCode(const uint value)     { return((int)value); }
int GetHashCode(const long value)     { return((int)(value ^ (value >> 32))); }
int GetHashCode(const ulong value)    { return((int)(value ^ (value >> 32))); }
int GetHashCode(const datetime value) { return(GetHashCode((long)value)); }
//+------------------------------------------------------------------+
//| A double: its magnitude scaled by powers of 2^32 (exact) into    |
//| [1, 2^32), then the integer part, the next 32 bits of fraction,  |
//| the scale and the sign mixed.                                    |
//+------------------------------------------------------------------+
int GetHashCode(const double value)
  {
   if(value == 0.0)
      return(0);
   if(!MathIsValidNumber(value))
      return(value > 0 ? 0x7FF00000 : (value < 0 ? (int)0xFFF00000 : 0x7FF80000));
   double magnitude = MathAbs(value);
   int    scale = 0;
   while(magnitude >= 4294967296.0)
     {
      magnitude /= 4294967296.0;
      scale++;
     }
   while(magnitude < 1.0)
     {
      magnitude *= 4294967296.0;
      scale--;
     }
   long whole = (long)magnitude;
   long fraction = (long)((magnitude - (double)whole) * 4294967296.0);
   int  hash = (int)whole;
   hash = hash * 31 + (int)fraction;
   hash = hash * 31 + scale;
   return(value < 0 ? ~hash : hash);
  }
int GetHashCode(const float value)    { return(GetHashCode((double)value)); }
//+------------------------------------------------------------------+
//| A string: polynomial hash of its characters.                     |
//+------------------------------------------------------------------+
int GetHashCode(const string value)
  {
   int hash = 0;
   int len = StringLen(value);
   for(int i = 0; i < len; i++)
      hash = hash * 31 + (int)StringGetCharacter(value, i);
   return(hash);
  }
