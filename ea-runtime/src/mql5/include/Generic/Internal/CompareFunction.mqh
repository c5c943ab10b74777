//+------------------------------------------------------------------+
//| Generic/Internal/CompareFunction.mqh                             |
//|                                                                  |
//| Compare(x, y): default order of every scalar type and of strings |
//| (the < and > operators; false before true): -1, 0 or 1 as x is   |
//| below, equal to or above y. An enum compares as an int. Objects  |
//| are ordered by the default comparer (DefaultComparer.mqh): with  |
//| their Compare() when their class implements IComparable, as      |
//| equal otherwise.                                                 |
//+------------------------------------------------------------------+
int Compare(const int x, const int y)           { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const bool x, const bool y)         { return(x == y ? 0 : (x ? 1 : -1)); }
int Compare(const char x, const char y)         { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const uchar x, const uchar y)       { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const short x, const short y)       { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const ushort x, const ushort y)     { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const color x, const color y)       { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const uint x, const uint y)         { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const long x, const long y)         { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const ulong x, const ulong y)       { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const datetime x, const datetime y) { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const float x, const float y)       { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const double x, const double y)     { return(x > y ? 1 : (x < y ? -1 : 0)); }
int Compare(const string x, const string y)     { return(x > y ? 1 : (x < y ? -1 : 0)); }
