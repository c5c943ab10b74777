//+------------------------------------------------------------------+
//| Generic/Internal/DefaultEqualityComparer.mqh                     |
//|                                                                  |
//| CDefaultEqualityComparer<T>: the equality and hash codes the     |
//| hash collections use when they are given no comparer.            |
//|  - scalars and strings: Equals() and GetHashCode() of            |
//|    EqualFunction.mqh and HashFunction.mqh;                       |
//|  - pointers to a class implementing IEqualityComparable<T>: the  |
//|    object's Equals() and HashCode() (NULL equals only NULL);     |
//|  - other pointers: the same object (identity); every such        |
//|    object has the same hash code.                                |
//| The choice is made by the static type T, with overloads (the     |
//| protected EqualsOf/HashOf): an object pointer converts to its    |
//| interface before it converts to bool.                            |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\IEqualityComparer.mqh>
#include <Generic\Interfaces\IEqualityComparable.mqh>
#include "EqualFunction.mqh"
#include "HashFunction.mqh"

template<typename T>
class CDefaultEqualityComparer : public IEqualityComparer<T>
  {
public:
                     CDefaultEqualityComparer(void) {}
                    ~CDefaultEqualityComparer(void) {}
   //--- IEqualityComparer<T>
   virtual bool      Equals(T x, T y) { return(EqualsOf(x, x, y)); }
   virtual int       HashCode(T value) { return(HashOf(value)); }

protected:
   //--- equality: x is passed first as the overload selector
   bool              EqualsOf(IEqualityComparable<T> *object, T x, T y);
   bool              EqualsOf(const string selector, T x, T y) { return(x == y); }
   bool              EqualsOf(const bool selector, T x, T y) { return(x == y); }
   //--- hash codes of the scalars (an enum is an int)
   int               HashOf(IEqualityComparable<T> *object) { return(object == NULL ? 0 : object.HashCode()); }
   int               HashOf(const int value) { return(::GetHashCode(value)); }
   int               HashOf(const bool value) { return(::GetHashCode(value)); }
   int               HashOf(const char value) { return(::GetHashCode(value)); }
   int               HashOf(const uchar value) { return(::GetHashCode(value)); }
   int               HashOf(const short value) { return(::GetHashCode(value)); }
   int               HashOf(const ushort value) { return(::GetHashCode(value)); }
   int               HashOf(const color value) { return(::GetHashCode(value)); }
   int               HashOf(const uint value) { return(::GetHashCode(value)); }
   int               HashOf(const long value) { return(::GetHashCode(value)); }
   int               HashOf(const ulong value) { return(::GetHashCode(value)); }
   int               HashOf(const datetime value) { return(::GetHashCode(value)); }
   int               HashOf(const float value) { return(::GetHashCode(value)); }
   int               HashOf(const double value) { return(::GetHashCode(value)); }
   int               HashOf(const string value) { return(::GetHashCode(value)); }
  };
//+------------------------------------------------------------------+
//| An IEqualityComparable object: its own Equals (NULL equals only  |
//| NULL).                                                           |
//+------------------------------------------------------------------+
template<typename T>
bool CDefaultEqualityComparer::EqualsOf(IEqualityComparable<T> *object, T x, T y)
  {
   if(object == NULL)
      return(x == y);
   return(object.Equals(y));
  }
