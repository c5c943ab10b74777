//+------------------------------------------------------------------+
//| Generic/Interfaces/IComparable.mqh                               |
//|                                                                  |
//| IComparable<T>: an object with a natural order. Compare returns  |
//| a negative number, 0 or a positive number as this object is      |
//| below, equal to or above value. The default comparer             |
//| (Generic/Internal/DefaultComparer.mqh) orders element types that |
//| implement it with this method (sorted maps and sets, Sort and    |
//| BinarySearch of CArrayList).                                     |
//+------------------------------------------------------------------+
#include "IEqualityComparable.mqh"

template<typename T>
interface IComparable : public IEqualityComparable<T>
  {
   //--- <0, 0 or >0 as this object is below, equal to or above value
   int               Compare(T value);
  };
