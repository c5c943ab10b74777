//+------------------------------------------------------------------+
//| Generic/Interfaces/IList.mqh                                     |
//|                                                                  |
//| IList<T>: a collection whose elements have positions 0..Count-1. |
//+------------------------------------------------------------------+
#include "ICollection.mqh"

template<typename T>
interface IList : public ICollection<T>
  {
   //--- the element at index into value; false when index is out of range
   bool              TryGetValue(const int index, T &value);
   //--- replaces the element at index; false when index is out of range
   bool              TrySetValue(const int index, T value);
   //--- inserts item before position index (Count: at the end)
   bool              Insert(const int index, T item);
   //--- position of the first / last element equal to item, or -1
   int               IndexOf(T item);
   int               LastIndexOf(T item);
   //--- removes the element at index
   bool              RemoveAt(const int index);
  };
