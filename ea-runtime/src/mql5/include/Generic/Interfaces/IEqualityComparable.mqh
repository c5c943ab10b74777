//+------------------------------------------------------------------+
//| Generic/Interfaces/IEqualityComparable.mqh                       |
//|                                                                  |
//| IEqualityComparable<T>: an object that can tell whether it       |
//| equals another value and give its hash code. The default         |
//| equality comparer (Generic/Internal/DefaultEqualityComparer.mqh) |
//| uses these methods for element types that implement them, so     |
//| objects stored in hash maps and sets are matched by value.       |
//+------------------------------------------------------------------+
template<typename T>
interface IEqualityComparable
  {
   //--- true when this object equals value
   bool              Equals(T value);
   //--- hash code: equal objects must give equal codes
   int               HashCode(void);
  };
