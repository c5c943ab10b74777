//+------------------------------------------------------------------+
//| Generic/Internal/EqualFunction.mqh                               |
//|                                                                  |
//| Equals(x, y): default equality of every scalar type and of       |
//| strings (the == operator). An enum compares as an int. Objects   |
//| are compared by the default equality comparer                    |
//| (DefaultEqualityComparer.mqh): with their Equals() when their    |
//| class implements IEqualityComparable, by identity otherwise.     |
//+------------------------------------------------------------------+
bool Equals(const int x, const int y)           { return(x == y); }
bool Equals(const bool x, const bool y)         { return(x == y); }
bool Equals(const char x, const char y)         { return(x == y); }
bool Equals(const uchar x, const uchar y)       { return(x == y); }
bool Equals(const short x, const short y)       { return(x == y); }
bool Equals(const ushort x, const ushort y)     { return(x == y); }
bool Equals(const color x, const color y)       { return(x == y); }
bool Equals(const uint x, const uint y)         { return(x == y); }
bool Equals(const long x, const long y)         { return(x == y); }
bool Equals(const ulong x, const ulong y)       { return(x == y); }
bool Equals(const datetime x, const datetime y) { return(x == y); }
bool Equals(const float x, const float y)       { return(x == y); }
bool Equals(const double x, const double y)     { return(x == y); }
bool Equals(const string x, const string y)     { return(x == y); }
