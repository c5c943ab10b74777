//+------------------------------------------------------------------+
//| Generic/Interfaces/ICollection.mqh                               |
//|                                                                  |
//| ICollection<T>: what every generic collection offers. CopyTo is  |
//| the way to walk the elements: it copies them, in the             |
//| collection's own order, into an array from dst_start on (a       |
//| dynamic array is enlarged to fit) and returns how many it        |
//| copied.                                                          |
//+------------------------------------------------------------------+
template<typename T>
interface ICollection
  {
   //--- adds a value; false when the collection refuses it
   bool              Add(T value);
   //--- number of elements
   int               Count(void);
   //--- true when an element equals item
   bool              Contains(T item);
   //--- copies the elements into dst_array from dst_start; how many
   int               CopyTo(T &dst_array[], const int dst_start = 0);
   //--- removes every element
   void              Clear(void);
   //--- removes an element equal to item; false when there is none
   bool              Remove(T item);
  };
