//+------------------------------------------------------------------+
//| Generic/Internal/DefaultComparer.mqh                             |
//|                                                                  |
//| CDefaultComparer<T>: the order the sorted collections, Sort and  |
//| BinarySearch use when they are given no comparer.                |
//|  - scalars and strings: Compare() of CompareFunction.mqh;        |
//|  - pointers to a class implementing IComparable<T>: the object's |
//|    Compare() (a NULL object compares equal);                     |
//|  - other pointers: all equal (NULL below any object).            |
//| The choice is made by the static type T, with overloads (the     |
//| protected CompareOf): an object pointer converts to its          |
//| interface before it converts to bool.                            |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\IComparer.mqh>
#include <Generic\Interfaces\IComparable.mqh>
#include "CompareFunction.mqh"

template<typename T>
class CDefaultComparer : public IComparer<T>
  {
public:
                     CDefaultComparer(void) {}
                    ~CDefaultComparer(void) {}
   //--- IComparer<T>
   virtual int       Compare(T x, T y) { return(CompareOf(x, y)); }

protected:
   //--- an IComparable object; the scalars (an enum is an int)
   int               CompareOf(IComparable<T> *x, T y) { return(x == NULL ? 0 : x.Compare(y)); }
   int               CompareOf(const int x, const int y) { return(::Compare(x, y)); }
   int               CompareOf(const bool x, const bool y) { return(::Compare(x, y)); }
   int               CompareOf(const char x, const char y) { return(::Compare(x, y)); }
   int               CompareOf(const uchar x, const uchar y) { return(::Compare(x, y)); }
   int               CompareOf(const short x, const short y) { return(::Compare(x, y)); }
   int               CompareOf(const ushort x, const ushort y) { return(::Compare(x, y)); }
   int               CompareOf(const color x, const color y) { return(::Compare(x, y)); }
   int               CompareOf(const uint x, const uint y) { return(::Compare(x, y)); }
   int               CompareOf(const long x, const long y) { return(::Compare(x, y)); }
   int               CompareOf(const ulong x, const ulong y) { return(::Compare(x, y)); }
   int               CompareOf(const datetime x, const datetime y) { return(::Compare(x, y)); }
   int               CompareOf(const float x, const float y) { return(::Compare(x, y)); }
   int               CompareOf(const double x, const double y) { return(::Compare(x, y)); }
   int               CompareOf(const string x, const string y) { return(::Compare(x, y)); }
  };
