//+------------------------------------------------------------------+
//| Generic/Interfaces/IComparer.mqh                                 |
//|                                                                  |
//| IComparer<T>: an ordering of two values of type T, given to the  |
//| sorted collections and to Sort/BinarySearch to replace the       |
//| default order (Generic/Internal/DefaultComparer.mqh).            |
//+------------------------------------------------------------------+
template<typename T>
interface IComparer
  {
   //--- <0, 0 or >0 as x is below, equal to or above y
   int               Compare(T x, T y);
  };
