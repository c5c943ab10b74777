//+------------------------------------------------------------------+
//| Generic/Interfaces/IEqualityComparer.mqh                         |
//|                                                                  |
//| IEqualityComparer<T>: equality and hash codes for values of type |
//| T, given to the hash collections to replace the default ones     |
//| (Generic/Internal/DefaultEqualityComparer.mqh). Values that are  |
//| equal must have equal hash codes.                                |
//+------------------------------------------------------------------+
template<typename T>
interface IEqualityComparer
  {
   //--- true when x equals y
   bool              Equals(T x, T y);
   //--- hash code of value
   int               HashCode(T value);
  };
