//+------------------------------------------------------------------+
//| Generic/ArrayList.mqh — CArrayList<T> (Standard Library).        |
//|                                                                  |
//| A list of values of type T in a dynamic array: positions         |
//| 0..Count()-1, insertion and removal anywhere, linear and binary  |
//| searches, sorting, reversing. The capacity (the array's size)    |
//| grows to 4 on the first addition, then doubles; Capacity(n) sets |
//| it (never below Count()), TrimExcess() shrinks it to Count()     |
//| when less than 90% is used. Equality is the default equality     |
//| comparer of T; the order of Sort and BinarySearch the default    |
//| comparer of T unless an IComparer is given. Sort is stable.      |
//| Object pointers are stored, never deleted.                       |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\IList.mqh>
#include <Generic\Interfaces\IComparer.mqh>
#include <Generic\Internal\DefaultComparer.mqh>
#include <Generic\Internal\DefaultEqualityComparer.mqh>
#include <Generic\Internal\ArrayFunction.mqh>

template<typename T>
class CArrayList : public IList<T>
  {
protected:
   T                 m_items[];        // elements; the array's size is the capacity
   int               m_size;           // number of elements
   CDefaultEqualityComparer<T> *m_equality;
   CDefaultComparer<T> *m_order;

public:
                     CArrayList(void);
                     CArrayList(const int capacity);
                     CArrayList(ICollection<T> *collection);
                     CArrayList(T &array[]);
                    ~CArrayList(void);
   //--- capacity
   int               Capacity(void) { return(ArraySize(m_items)); }
   void              Capacity(const int capacity);
   void              TrimExcess(void);
   //--- ICollection<T>
   int               Count(void) { return(m_size); }
   bool              Contains(T item) { return(IndexOf(item) >= 0); }
   bool              Add(T value);
   int               CopyTo(T &dst_array[], const int dst_start = 0);
   void              Clear(void) { m_size = 0; }
   bool              Remove(T item);
   //--- access by position
   bool              TryGetValue(const int index, T &value);
   bool              TrySetValue(const int index, T value);
   //--- adding and inserting
   bool              AddRange(T &array[]);
   bool              AddRange(ICollection<T> *collection);
   bool              Insert(const int index, T item);
   bool              InsertRange(const int index, T &array[]);
   bool              InsertRange(const int index, ICollection<T> *collection);
   //--- searching
   int               BinarySearch(T item);
   int               BinarySearch(T item, IComparer<T> *comparer);
   int               BinarySearch(const int index, const int count, T item, IComparer<T> *comparer);
   int               IndexOf(T item);
   int               IndexOf(T item, const int start_index);
   int               IndexOf(T item, const int start_index, const int count);
   int               LastIndexOf(T item);
   int               LastIndexOf(T item, const int start_index);
   int               LastIndexOf(T item, const int start_index, const int count);
   //--- removing
   bool              RemoveAt(const int index);
   bool              RemoveRange(const int start_index, const int count);
   //--- reordering
   bool              Reverse(void) { return(Reverse(0, m_size)); }
   bool              Reverse(const int start_index, const int count);
   bool              Sort(void) { return(Sort(0, m_size, NULL)); }
   bool              Sort(IComparer<T> *comparer) { return(Sort(0, m_size, comparer)); }
   bool              Sort(const int start_index, const int count, IComparer<T> *comparer);

protected:
   void              Init(void);
   //--- makes room for `min` elements (capacity 4, then doubled)
   bool              EnsureCapacity(const int min);
   //--- opens `count` places at index (index <= m_size)
   bool              OpenGap(const int index, const int count);
  };
//+------------------------------------------------------------------+
//| Constructors: empty, with a capacity, or with the elements of a  |
//| collection or an array.                                          |
//+------------------------------------------------------------------+
template<typename T>
CArrayList::CArrayList(void)
  {
   Init();
  }
template<typename T>
CArrayList::CArrayList(const int capacity)
  {
   Init();
   if(capacity > 0)
      ArrayResize(m_items, capacity);
  }
template<typename T>
CArrayList::CArrayList(ICollection<T> *collection)
  {
   Init();
   AddRange(collection);
  }
template<typename T>
CArrayList::CArrayList(T &array[])
  {
   Init();
   AddRange(array);
  }
template<typename T>
CArrayList::~CArrayList(void)
  {
   delete m_equality;
   delete m_order;
  }
template<typename T>
void CArrayList::Init(void)
  {
   m_size = 0;
   m_equality = new CDefaultEqualityComparer<T>();
   m_order = new CDefaultComparer<T>();
  }
//+------------------------------------------------------------------+
//| Sets the capacity (ignored below the number of elements).        |
//+------------------------------------------------------------------+
template<typename T>
void CArrayList::Capacity(const int capacity)
  {
   if(capacity < m_size || capacity == ArraySize(m_items))
      return;
   ArrayResize(m_items, capacity);
  }
//+------------------------------------------------------------------+
//| Shrinks the capacity to the count when less than 90% is used.    |
//+------------------------------------------------------------------+
template<typename T>
void CArrayList::TrimExcess(void)
  {
   int threshold = (int)(ArraySize(m_items) * 0.9);
   if(m_size < threshold)
      ArrayResize(m_items, m_size);
  }
template<typename T>
bool CArrayList::EnsureCapacity(const int min)
  {
   int capacity = ArraySize(m_items);
   if(capacity >= min)
      return(true);
   int grown = (capacity == 0) ? 4 : capacity * 2;
   if(grown < min)
      grown = min;
   return(ArrayResize(m_items, grown) == grown);
  }
template<typename T>
bool CArrayList::OpenGap(const int index, const int count)
  {
   if(!EnsureCapacity(m_size + count))
      return(false);
   for(int i = m_size - 1; i >= index; i--)
      m_items[i + count] = m_items[i];
   m_size += count;
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds a value at the end.                                         |
//+------------------------------------------------------------------+
template<typename T>
bool CArrayList::Add(T value)
  {
   if(!EnsureCapacity(m_size + 1))
      return(false);
   m_items[m_size++] = value;
   return(true);
  }
//+------------------------------------------------------------------+
//| Copies the elements into dst_array from dst_start (a dynamic     |
//| array is enlarged); returns how many were copied.                |
//+------------------------------------------------------------------+
template<typename T>
int CArrayList::CopyTo(T &dst_array[], const int dst_start)
  {
   if(dst_start < 0)
      return(0);
   if(ArraySize(dst_array) < dst_start + m_size)
      ArrayResize(dst_array, dst_start + m_size);
   int copied = 0;
   for(int i = 0; i < m_size && dst_start + i < ArraySize(dst_array); i++)
     {
      dst_array[dst_start + i] = m_items[i];
      copied++;
     }
   return(copied);
  }
//+------------------------------------------------------------------+
//| Removes the first element equal to item.                         |
//+------------------------------------------------------------------+
template<typename T>
bool CArrayList::Remove(T item)
  {
   int index = IndexOf(item);
   if(index < 0)
      return(false);
   return(RemoveAt(index));
  }
//+------------------------------------------------------------------+
//| Reads / replaces the element at index.                           |
//+------------------------------------------------------------------+
template<typename T>
bool CArrayList::TryGetValue(const int index, T &value)
  {
   if(index < 0 || index >= m_size)
      return(false);
   value = m_items[index];
   return(true);
  }
template<typename T>
bool CArrayList::TrySetValue(const int index, T value)
  {
   if(index < 0 || index >= m_size)
      return(false);
   m_items[index] = value;
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds the elements of an array / a collection at the end.         |
//+------------------------------------------------------------------+
template<typename T>
bool CArrayList::AddRange(T &array[])
  {
   return(InsertRange(m_size, array));
  }
template<typename T>
bool CArrayList::AddRange(ICollection<T> *collection)
  {
   return(InsertRange(m_size, collection));
  }
//+------------------------------------------------------------------+
//| Inserts item before position index (0..Count()).                 |
//+------------------------------------------------------------------+
template<typename T>
bool CArrayList::Insert(const int index, T item)
  {
   if(index < 0 || index > m_size)
      return(false);
   if(!OpenGap(index, 1))
      return(false);
   m_items[index] = item;
   return(true);
  }
//+------------------------------------------------------------------+
//| Inserts the elements of an array / a collection before index.    |
//+------------------------------------------------------------------+
template<typename T>
bool CArrayList::InsertRange(const int index, T &array[])
  {
   if(index < 0 || index > m_size)
      return(false);
   int count = ArraySize(array);
   T copy[];
   ArrayResize(copy, count);
   for(int i = 0; i < count; i++)
      copy[i] = array[i];
   if(!OpenGap(index, count))
      return(false);
   for(int i = 0; i < count; i++)
      m_items[index + i] = copy[i];
   return(true);
  }
template<typename T>
bool CArrayList::InsertRange(const int index, ICollection<T> *collection)
  {
   if(index < 0 || index > m_size || collection == NULL)
      return(false);
   T copy[];
   int count = collection.CopyTo(copy, 0);
   if(!OpenGap(index, count))
      return(false);
   for(int i = 0; i < count; i++)
      m_items[index + i] = copy[i];
   return(true);
  }
//+------------------------------------------------------------------+
//| Binary search of the sorted list (or of a range of it): the      |
//| index of an equal element, or the bitwise complement of the      |
//| index of the first larger one.                                   |
//+------------------------------------------------------------------+
template<typename T>
int CArrayList::BinarySearch(T item)
  {
   return(BinarySearch(0, m_size, item, NULL));
  }
template<typename T>
int CArrayList::BinarySearch(T item, IComparer<T> *comparer)
  {
   return(BinarySearch(0, m_size, item, comparer));
  }
template<typename T>
int CArrayList::BinarySearch(const int index, const int count, T item, IComparer<T> *comparer)
  {
   if(index < 0 || count < 0 || index + count > m_size)
      return(-1);
   if(comparer == NULL)
      comparer = m_order;
   return(ArrayBinarySearch(m_items, index, count, item, comparer));
  }
//+------------------------------------------------------------------+
//| First position of item (from start_index, over count elements).  |
//+------------------------------------------------------------------+
template<typename T>
int CArrayList::IndexOf(T item)
  {
   return(ArrayIndexOf(m_items, item, 0, m_size, m_equality));
  }
template<typename T>
int CArrayList::IndexOf(T item, const int start_index)
  {
   if(start_index < 0 || start_index > m_size)
      return(-1);
   return(ArrayIndexOf(m_items, item, start_index, m_size - start_index, m_equality));
  }
template<typename T>
int CArrayList::IndexOf(T item, const int start_index, const int count)
  {
   if(start_index < 0 || count < 0 || start_index + count > m_size)
      return(-1);
   return(ArrayIndexOf(m_items, item, start_index, count, m_equality));
  }
//+------------------------------------------------------------------+
//| Last position of item, searching backwards from start_index      |
//| (the last element by default) over count elements.               |
//+------------------------------------------------------------------+
template<typename T>
int CArrayList::LastIndexOf(T item)
  {
   return(ArrayLastIndexOf(m_items, item, m_size - 1, m_size, m_equality));
  }
template<typename T>
int CArrayList::LastIndexOf(T item, const int start_index)
  {
   if(start_index < 0 || start_index >= m_size)
      return(-1);
   return(ArrayLastIndexOf(m_items, item, start_index, start_index + 1, m_equality));
  }
template<typename T>
int CArrayList::LastIndexOf(T item, const int start_index, const int count)
  {
   if(start_index < 0 || start_index >= m_size || count < 0 || count > start_index + 1)
      return(-1);
   return(ArrayLastIndexOf(m_items, item, start_index, count, m_equality));
  }
//+------------------------------------------------------------------+
//| Removes the element at index / count elements from start_index.  |
//+------------------------------------------------------------------+
template<typename T>
bool CArrayList::RemoveAt(const int index)
  {
   return(RemoveRange(index, 1));
  }
template<typename T>
bool CArrayList::RemoveRange(const int start_index, const int count)
  {
   if(start_index < 0 || count < 0 || start_index + count > m_size)
      return(false);
   if(count == 0)
      return(true);
   for(int i = start_index + count; i < m_size; i++)
      m_items[i - count] = m_items[i];
   m_size -= count;
   return(true);
  }
//+------------------------------------------------------------------+
//| Reverses the order of count elements from start_index.           |
//+------------------------------------------------------------------+
template<typename T>
bool CArrayList::Reverse(const int start_index, const int count)
  {
   if(start_index < 0 || count < 0 || start_index + count > m_size)
      return(false);
   for(int i = start_index, j = start_index + count - 1; i < j; i++, j--)
     {
      T swap = m_items[i];
      m_items[i] = m_items[j];
      m_items[j] = swap;
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| Sorts count elements from start_index (stable; NULL comparer:    |
//| the default order of T).                                         |
//+------------------------------------------------------------------+
template<typename T>
bool CArrayList::Sort(const int start_index, const int count, IComparer<T> *comparer)
  {
   if(start_index < 0 || count < 0 || start_index + count > m_size)
      return(false);
   if(comparer == NULL)
      comparer = m_order;
   ArrayStableSort(m_items, start_index, count, comparer);
   return(true);
  }
