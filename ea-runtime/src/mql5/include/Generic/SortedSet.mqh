//+------------------------------------------------------------------+
//| Generic/SortedSet.mqh — CSortedSet<T> (Standard Library).        |
//|                                                                  |
//| A set of distinct values kept in ascending order (a red-black    |
//| tree, Generic/RedBlackTree.mqh) with the set operations of ISet. |
//| Values are ordered and matched by an IComparer<T> (the default   |
//| comparer of T unless one is given: the set does not delete a     |
//| given comparer); values the comparer finds equal are the same    |
//| value. CopyTo copies in ascending order, GetReverse in           |
//| descending order, GetViewBetween the values from lower_value to  |
//| upper_value inclusive (the output array is resized to them).     |
//| The set operations taking another collection or an array use     |
//| this set's comparer for both. Object pointers are stored, never  |
//| deleted.                                                         |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\ISet.mqh>
#include <Generic\RedBlackTree.mqh>

template<typename T>
class CSortedSet : public ISet<T>
  {
protected:
   CRedBlackTree<T> *m_tree;

public:
                     CSortedSet(void) { m_tree = new CRedBlackTree<T>(); }
                     CSortedSet(IComparer<T> *comparer) { m_tree = new CRedBlackTree<T>(comparer); }
                     CSortedSet(ICollection<T> *collection) { m_tree = new CRedBlackTree<T>(collection); }
                     CSortedSet(ICollection<T> *collection, IComparer<T> *comparer) { m_tree = new CRedBlackTree<T>(collection, comparer); }
                     CSortedSet(T &array[]) { m_tree = new CRedBlackTree<T>(array); }
                     CSortedSet(T &array[], IComparer<T> *comparer) { m_tree = new CRedBlackTree<T>(array, comparer); }
                    ~CSortedSet(void) { delete m_tree; }
   //--- ICollection<T>
   bool              Add(T value) { return(m_tree.Add(value)); }
   int               Count(void) { return(m_tree.Count()); }
   bool              Contains(T item) { return(m_tree.Contains(item)); }
   int               CopyTo(T &dst_array[], const int dst_start = 0) { return(m_tree.CopyTo(dst_array, dst_start)); }
   void              Clear(void) { m_tree.Clear(); }
   bool              Remove(T item) { return(m_tree.Remove(item)); }
   //--- the comparer, smallest and largest values
   IComparer<T>     *Comparer(void) { return(m_tree.Comparer()); }
   bool              TryGetMin(T &min) { return(m_tree.TryGetMin(min)); }
   bool              TryGetMax(T &max) { return(m_tree.TryGetMax(max)); }
   //--- ISet<T>
   void              ExceptWith(ICollection<T> *collection);
   void              ExceptWith(T &array[]);
   void              IntersectWith(ICollection<T> *collection);
   void              IntersectWith(T &array[]);
   void              SymmetricExceptWith(ICollection<T> *collection);
   void              SymmetricExceptWith(T &array[]);
   void              UnionWith(ICollection<T> *collection);
   void              UnionWith(T &array[]);
   bool              IsProperSubsetOf(ICollection<T> *collection);
   bool              IsProperSubsetOf(T &array[]);
   bool              IsProperSupersetOf(ICollection<T> *collection);
   bool              IsProperSupersetOf(T &array[]);
   bool              IsSubsetOf(ICollection<T> *collection);
   bool              IsSubsetOf(T &array[]);
   bool              IsSupersetOf(ICollection<T> *collection);
   bool              IsSupersetOf(T &array[]);
   bool              Overlaps(ICollection<T> *collection);
   bool              Overlaps(T &array[]);
   bool              SetEquals(ICollection<T> *collection);
   bool              SetEquals(T &array[]);
   //--- the values from lower_value to upper_value (ascending); false when lower > upper
   bool              GetViewBetween(T &array[], T lower_value, T upper_value);
   //--- the values in descending order
   bool              GetReverse(T &array[]);

protected:
   //--- the values of a collection (NULL: none)
   int               ValuesOf(ICollection<T> *collection, T &values[]);
  };
template<typename T>
int CSortedSet::ValuesOf(ICollection<T> *collection, T &values[])
  {
   if(collection == NULL)
      return(0);
   return(collection.CopyTo(values, 0));
  }
//+------------------------------------------------------------------+
//| Set operations with an array (duplicates count once) or another  |
//| collection (its values copied first, so it may be this set).     |
//+------------------------------------------------------------------+
template<typename T>
void CSortedSet::ExceptWith(T &array[])
  {
   for(int i = 0; i < ArraySize(array); i++)
      m_tree.Remove(array[i]);
  }
template<typename T>
void CSortedSet::ExceptWith(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   ExceptWith(values);
  }
template<typename T>
void CSortedSet::IntersectWith(T &array[])
  {
   CRedBlackTree<T> *other = new CRedBlackTree<T>(array, m_tree.Comparer());
   T mine[];
   int count = m_tree.CopyTo(mine, 0);
   for(int i = 0; i < count; i++)
      if(!other.Contains(mine[i]))
         m_tree.Remove(mine[i]);
   delete other;
  }
template<typename T>
void CSortedSet::IntersectWith(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   IntersectWith(values);
  }
template<typename T>
void CSortedSet::SymmetricExceptWith(T &array[])
  {
   CRedBlackTree<T> *other = new CRedBlackTree<T>(array, m_tree.Comparer());
   T values[];
   int count = other.CopyTo(values, 0);
   for(int i = 0; i < count; i++)
      if(!m_tree.Remove(values[i]))
         m_tree.Add(values[i]);
   delete other;
  }
template<typename T>
void CSortedSet::SymmetricExceptWith(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   SymmetricExceptWith(values);
  }
template<typename T>
void CSortedSet::UnionWith(T &array[])
  {
   for(int i = 0; i < ArraySize(array); i++)
      m_tree.Add(array[i]);
  }
template<typename T>
void CSortedSet::UnionWith(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   UnionWith(values);
  }
template<typename T>
bool CSortedSet::IsSubsetOf(T &array[])
  {
   CRedBlackTree<T> *other = new CRedBlackTree<T>(array, m_tree.Comparer());
   T mine[];
   int count = m_tree.CopyTo(mine, 0);
   bool subset = true;
   for(int i = 0; i < count && subset; i++)
      if(!other.Contains(mine[i]))
         subset = false;
   delete other;
   return(subset);
  }
template<typename T>
bool CSortedSet::IsSubsetOf(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(IsSubsetOf(values));
  }
template<typename T>
bool CSortedSet::IsProperSubsetOf(T &array[])
  {
   CRedBlackTree<T> *other = new CRedBlackTree<T>(array, m_tree.Comparer());
   T mine[];
   int count = m_tree.CopyTo(mine, 0);
   bool subset = other.Count() > count;
   for(int i = 0; i < count && subset; i++)
      if(!other.Contains(mine[i]))
         subset = false;
   delete other;
   return(subset);
  }
template<typename T>
bool CSortedSet::IsProperSubsetOf(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(IsProperSubsetOf(values));
  }
template<typename T>
bool CSortedSet::IsSupersetOf(T &array[])
  {
   for(int i = 0; i < ArraySize(array); i++)
      if(!m_tree.Contains(array[i]))
         return(false);
   return(true);
  }
template<typename T>
bool CSortedSet::IsSupersetOf(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(IsSupersetOf(values));
  }
template<typename T>
bool CSortedSet::IsProperSupersetOf(T &array[])
  {
   if(!IsSupersetOf(array))
      return(false);
   CRedBlackTree<T> *other = new CRedBlackTree<T>(array, m_tree.Comparer());
   bool proper = m_tree.Count() > other.Count();
   delete other;
   return(proper);
  }
template<typename T>
bool CSortedSet::IsProperSupersetOf(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(IsProperSupersetOf(values));
  }
template<typename T>
bool CSortedSet::Overlaps(T &array[])
  {
   for(int i = 0; i < ArraySize(array); i++)
      if(m_tree.Contains(array[i]))
         return(true);
   return(false);
  }
template<typename T>
bool CSortedSet::Overlaps(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(Overlaps(values));
  }
template<typename T>
bool CSortedSet::SetEquals(T &array[])
  {
   if(!IsSupersetOf(array))
      return(false);
   CRedBlackTree<T> *other = new CRedBlackTree<T>(array, m_tree.Comparer());
   bool same = (other.Count() == m_tree.Count());
   delete other;
   return(same);
  }
template<typename T>
bool CSortedSet::SetEquals(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(SetEquals(values));
  }
//+------------------------------------------------------------------+
//| The values v with lower_value <= v <= upper_value, ascending.    |
//+------------------------------------------------------------------+
template<typename T>
bool CSortedSet::GetViewBetween(T &array[], T lower_value, T upper_value)
  {
   IComparer<T> *comparer = m_tree.Comparer();
   if(comparer.Compare(lower_value, upper_value) > 0)
      return(false);
   T values[];
   int count = m_tree.CopyTo(values, 0);
   int found = 0;
   for(int i = 0; i < count; i++)
      if(comparer.Compare(values[i], lower_value) >= 0 && comparer.Compare(values[i], upper_value) <= 0)
         found++;
   ArrayResize(array, found);
   int k = 0;
   for(int i = 0; i < count && k < ArraySize(array); i++)
      if(comparer.Compare(values[i], lower_value) >= 0 && comparer.Compare(values[i], upper_value) <= 0)
         array[k++] = values[i];
   return(true);
  }
//+------------------------------------------------------------------+
//| Every value, in descending order.                                |
//+------------------------------------------------------------------+
template<typename T>
bool CSortedSet::GetReverse(T &array[])
  {
   T values[];
   int count = m_tree.CopyTo(values, 0);
   ArrayResize(array, count);
   for(int i = 0; i < count && i < ArraySize(array); i++)
      array[i] = values[count - 1 - i];
   return(true);
  }
