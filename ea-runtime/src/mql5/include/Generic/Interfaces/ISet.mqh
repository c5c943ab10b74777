//+------------------------------------------------------------------+
//| Generic/Interfaces/ISet.mqh                                      |
//|                                                                  |
//| ISet<T>: a collection of distinct elements with set operations   |
//| against another collection or an array (an array's duplicates    |
//| count once).                                                     |
//+------------------------------------------------------------------+
#include "ICollection.mqh"

template<typename T>
interface ISet : public ICollection<T>
  {
   //--- removes the elements that are in the other collection
   void              ExceptWith(ICollection<T> *collection);
   void              ExceptWith(T &array[]);
   //--- keeps only the elements that are also in the other collection
   void              IntersectWith(ICollection<T> *collection);
   void              IntersectWith(T &array[]);
   //--- keeps the elements in exactly one of the two
   void              SymmetricExceptWith(ICollection<T> *collection);
   void              SymmetricExceptWith(T &array[]);
   //--- adds the elements of the other collection
   void              UnionWith(ICollection<T> *collection);
   void              UnionWith(T &array[]);
   //--- subset and superset tests (proper: and the two differ)
   bool              IsProperSubsetOf(ICollection<T> *collection);
   bool              IsProperSubsetOf(T &array[]);
   bool              IsProperSupersetOf(ICollection<T> *collection);
   bool              IsProperSupersetOf(T &array[]);
   bool              IsSubsetOf(ICollection<T> *collection);
   bool              IsSubsetOf(T &array[]);
   bool              IsSupersetOf(ICollection<T> *collection);
   bool              IsSupersetOf(T &array[]);
   //--- true when the two have an element in common
   bool              Overlaps(ICollection<T> *collection);
   bool              Overlaps(T &array[]);
   //--- true when the two hold the same elements
   bool              SetEquals(ICollection<T> *collection);
   bool              SetEquals(T &array[]);
  };
