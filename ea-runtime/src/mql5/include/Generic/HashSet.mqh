//+------------------------------------------------------------------+
//| Generic/HashSet.mqh — CHashSet<T> (Standard Library).            |
//|                                                                  |
//| A hash table of distinct values with the set operations of ISet. |
//| Values are matched by an IEqualityComparer<T> (the default       |
//| equality comparer of T unless one is given: the set does not     |
//| delete a given comparer). Values live in an array in the order   |
//| they were added; the place of a removed value is reused by the   |
//| next addition; CopyTo walks that order. The number of buckets is |
//| a prime, at least 3, about doubled when the array is full;       |
//| TrimExcess packs the values and shrinks the table to the count.  |
//| The set operations taking another collection or an array use     |
//| this set's comparer for both. Object pointers are stored, never  |
//| deleted.                                                         |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\ISet.mqh>
#include <Generic\Interfaces\IEqualityComparer.mqh>
#include <Generic\Internal\DefaultEqualityComparer.mqh>
#include <Generic\Internal\PrimeGenerator.mqh>

template<typename T>
class CHashSet : public ISet<T>
  {
protected:
   int               m_buckets[];      // first slot of each bucket, -1 when empty
   int               m_hashes[];       // slots: hash code (-1: a free slot)
   int               m_nexts[];        //        next slot in the bucket / free list
   T                 m_slots[];        //        value
   int               m_count;          // slots used (free ones included)
   int               m_free_list;      // first free slot, -1 when none
   int               m_free_count;
   IEqualityComparer<T> *m_comparer;
   bool              m_own_comparer;   // the default comparer, deleted with the set

public:
                     CHashSet(void);
                     CHashSet(IEqualityComparer<T> *comparer);
                     CHashSet(ICollection<T> *collection);
                     CHashSet(ICollection<T> *collection, IEqualityComparer<T> *comparer);
                     CHashSet(T &array[]);
                     CHashSet(T &array[], IEqualityComparer<T> *comparer);
                    ~CHashSet(void);
   //--- ICollection<T>
   bool              Add(T value);
   int               Count(void) { return(m_count - m_free_count); }
   bool              Contains(T item) { return(FindSlot(item) >= 0); }
   int               CopyTo(T &dst_array[], const int dst_start = 0);
   void              Clear(void);
   bool              Remove(T item);
   //--- the comparer, packing
   IEqualityComparer<T> *Comparer(void) { return(m_comparer); }
   void              TrimExcess(void);
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

protected:
   void              Init(IEqualityComparer<T> *comparer);
   void              Initialize(const int capacity);
   void              Rehash(const int new_size);
   int               HashOf(T value) { return(m_comparer.HashCode(value) & 0x7FFFFFFF); }
   //--- index of the slot of value, or -1
   int               FindSlot(T value);
   //--- the values of a collection (NULL: none)
   int               ValuesOf(ICollection<T> *collection, T &values[]);
  };
//+------------------------------------------------------------------+
//| Constructors: empty or with the values of a collection or an     |
//| array, with the default or a given comparer.                     |
//+------------------------------------------------------------------+
template<typename T>
CHashSet::CHashSet(void)
  {
   Init(NULL);
  }
template<typename T>
CHashSet::CHashSet(IEqualityComparer<T> *comparer)
  {
   Init(comparer);
  }
template<typename T>
CHashSet::CHashSet(ICollection<T> *collection)
  {
   Init(NULL);
   UnionWith(collection);
  }
template<typename T>
CHashSet::CHashSet(ICollection<T> *collection, IEqualityComparer<T> *comparer)
  {
   Init(comparer);
   UnionWith(collection);
  }
template<typename T>
CHashSet::CHashSet(T &array[])
  {
   Init(NULL);
   UnionWith(array);
  }
template<typename T>
CHashSet::CHashSet(T &array[], IEqualityComparer<T> *comparer)
  {
   Init(comparer);
   UnionWith(array);
  }
template<typename T>
CHashSet::~CHashSet(void)
  {
   if(m_own_comparer)
      delete m_comparer;
  }
template<typename T>
void CHashSet::Init(IEqualityComparer<T> *comparer)
  {
   m_count = 0;
   m_free_list = -1;
   m_free_count = 0;
   m_own_comparer = (comparer == NULL);
   if(m_own_comparer)
      m_comparer = new CDefaultEqualityComparer<T>();
   else
      m_comparer = comparer;
  }
template<typename T>
void CHashSet::Initialize(const int capacity)
  {
   int size = CPrimeGenerator::GetPrime(capacity);
   ArrayResize(m_buckets, size);
   ArrayInitialize(m_buckets, -1);
   ArrayResize(m_hashes, size);
   ArrayResize(m_nexts, size);
   ArrayResize(m_slots, size);
   m_free_list = -1;
  }
//+------------------------------------------------------------------+
//| Sets the table to new_size (>= m_count) and rebuilds the buckets.|
//+------------------------------------------------------------------+
template<typename T>
void CHashSet::Rehash(const int new_size)
  {
   ArrayResize(m_hashes, new_size);
   ArrayResize(m_nexts, new_size);
   ArrayResize(m_slots, new_size);
   ArrayResize(m_buckets, new_size);
   ArrayInitialize(m_buckets, -1);
   for(int i = 0; i < m_count; i++)
     {
      if(m_hashes[i] < 0)
         continue;
      int bucket = m_hashes[i] % new_size;
      m_nexts[i] = m_buckets[bucket];
      m_buckets[bucket] = i;
     }
  }
template<typename T>
int CHashSet::FindSlot(T value)
  {
   int size = ArraySize(m_buckets);
   if(size == 0)
      return(-1);
   int hash = HashOf(value);
   for(int i = m_buckets[hash % size]; i >= 0; i = m_nexts[i])
      if(m_hashes[i] == hash && m_comparer.Equals(m_slots[i], value))
         return(i);
   return(-1);
  }
template<typename T>
int CHashSet::ValuesOf(ICollection<T> *collection, T &values[])
  {
   if(collection == NULL)
      return(0);
   return(collection.CopyTo(values, 0));
  }
//+------------------------------------------------------------------+
//| Adds a value; false when an equal one is there.                  |
//+------------------------------------------------------------------+
template<typename T>
bool CHashSet::Add(T value)
  {
   if(ArraySize(m_buckets) == 0)
      Initialize(0);
   int hash = HashOf(value);
   int bucket = hash % ArraySize(m_buckets);
   for(int i = m_buckets[bucket]; i >= 0; i = m_nexts[i])
      if(m_hashes[i] == hash && m_comparer.Equals(m_slots[i], value))
         return(false);
   int index;
   if(m_free_count > 0)
     {
      index = m_free_list;
      m_free_list = m_nexts[index];
      m_free_count--;
     }
   else
     {
      if(m_count == ArraySize(m_hashes))
        {
         Rehash(CPrimeGenerator::ExpandPrime(m_count));
         bucket = hash % ArraySize(m_buckets);
        }
      index = m_count++;
     }
   m_hashes[index] = hash;
   m_nexts[index] = m_buckets[bucket];
   m_slots[index] = value;
   m_buckets[bucket] = index;
   return(true);
  }
//+------------------------------------------------------------------+
//| Copies the values, in the slots' order, into dst_array from      |
//| dst_start (a dynamic array is enlarged); returns how many.       |
//+------------------------------------------------------------------+
template<typename T>
int CHashSet::CopyTo(T &dst_array[], const int dst_start)
  {
   if(dst_start < 0)
      return(0);
   if(ArraySize(dst_array) < dst_start + Count())
      ArrayResize(dst_array, dst_start + Count());
   int copied = 0;
   for(int i = 0; i < m_count && dst_start + copied < ArraySize(dst_array); i++)
      if(m_hashes[i] >= 0)
         dst_array[dst_start + copied++] = m_slots[i];
   return(copied);
  }
//+------------------------------------------------------------------+
//| Removes every value (the capacity stays).                        |
//+------------------------------------------------------------------+
template<typename T>
void CHashSet::Clear(void)
  {
   if(m_count == 0)
      return;
   ArrayInitialize(m_buckets, -1);
   T empty;
   for(int i = 0; i < m_count; i++)
      m_slots[i] = empty;
   m_count = 0;
   m_free_list = -1;
   m_free_count = 0;
  }
//+------------------------------------------------------------------+
//| Removes the value equal to item.                                 |
//+------------------------------------------------------------------+
template<typename T>
bool CHashSet::Remove(T item)
  {
   int size = ArraySize(m_buckets);
   if(size == 0)
      return(false);
   int hash = HashOf(item);
   int bucket = hash % size;
   int last = -1;
   for(int i = m_buckets[bucket]; i >= 0; last = i, i = m_nexts[i])
     {
      if(m_hashes[i] != hash || !m_comparer.Equals(m_slots[i], item))
         continue;
      if(last < 0)
         m_buckets[bucket] = m_nexts[i];
      else
         m_nexts[last] = m_nexts[i];
      T empty;
      m_hashes[i] = -1;
      m_nexts[i] = m_free_list;
      m_slots[i] = empty;
      m_free_list = i;
      m_free_count++;
      return(true);
     }
   return(false);
  }
//+------------------------------------------------------------------+
//| Packs the values (their order kept) into a table sized for them. |
//+------------------------------------------------------------------+
template<typename T>
void CHashSet::TrimExcess(void)
  {
   int count = Count();
   if(count == 0)
     {
      ArrayFree(m_buckets);
      ArrayFree(m_hashes);
      ArrayFree(m_nexts);
      ArrayFree(m_slots);
      m_count = 0;
      m_free_list = -1;
      m_free_count = 0;
      return;
     }
   int packed = 0;
   for(int i = 0; i < m_count; i++)
     {
      if(m_hashes[i] < 0)
         continue;
      m_hashes[packed] = m_hashes[i];
      m_slots[packed] = m_slots[i];
      packed++;
     }
   m_count = packed;
   m_free_list = -1;
   m_free_count = 0;
   Rehash(CPrimeGenerator::GetPrime(count));
  }
//+------------------------------------------------------------------+
//| Set operations with an array (duplicates count once) or another  |
//| collection (its values copied first, so it may be this set).     |
//+------------------------------------------------------------------+
template<typename T>
void CHashSet::ExceptWith(T &array[])
  {
   for(int i = 0; i < ArraySize(array); i++)
      Remove(array[i]);
  }
template<typename T>
void CHashSet::ExceptWith(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   ExceptWith(values);
  }
template<typename T>
void CHashSet::IntersectWith(T &array[])
  {
   CHashSet<T> *other = new CHashSet<T>(array, m_comparer);
   for(int i = 0; i < m_count; i++)
      if(m_hashes[i] >= 0 && !other.Contains(m_slots[i]))
         Remove(m_slots[i]);
   delete other;
  }
template<typename T>
void CHashSet::IntersectWith(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   IntersectWith(values);
  }
template<typename T>
void CHashSet::SymmetricExceptWith(T &array[])
  {
   CHashSet<T> *other = new CHashSet<T>(array, m_comparer);
   T values[];
   int count = other.CopyTo(values, 0);
   for(int i = 0; i < count; i++)
      if(!Remove(values[i]))
         Add(values[i]);
   delete other;
  }
template<typename T>
void CHashSet::SymmetricExceptWith(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   SymmetricExceptWith(values);
  }
template<typename T>
void CHashSet::UnionWith(T &array[])
  {
   for(int i = 0; i < ArraySize(array); i++)
      Add(array[i]);
  }
template<typename T>
void CHashSet::UnionWith(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   UnionWith(values);
  }
template<typename T>
bool CHashSet::IsSubsetOf(T &array[])
  {
   CHashSet<T> *other = new CHashSet<T>(array, m_comparer);
   bool subset = true;
   for(int i = 0; i < m_count && subset; i++)
      if(m_hashes[i] >= 0 && !other.Contains(m_slots[i]))
         subset = false;
   delete other;
   return(subset);
  }
template<typename T>
bool CHashSet::IsSubsetOf(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(IsSubsetOf(values));
  }
template<typename T>
bool CHashSet::IsProperSubsetOf(T &array[])
  {
   CHashSet<T> *other = new CHashSet<T>(array, m_comparer);
   bool subset = other.Count() > Count();
   for(int i = 0; i < m_count && subset; i++)
      if(m_hashes[i] >= 0 && !other.Contains(m_slots[i]))
         subset = false;
   delete other;
   return(subset);
  }
template<typename T>
bool CHashSet::IsProperSubsetOf(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(IsProperSubsetOf(values));
  }
template<typename T>
bool CHashSet::IsSupersetOf(T &array[])
  {
   for(int i = 0; i < ArraySize(array); i++)
      if(!Contains(array[i]))
         return(false);
   return(true);
  }
template<typename T>
bool CHashSet::IsSupersetOf(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(IsSupersetOf(values));
  }
template<typename T>
bool CHashSet::IsProperSupersetOf(T &array[])
  {
   if(!IsSupersetOf(array))
      return(false);
   CHashSet<T> *other = new CHashSet<T>(array, m_comparer);
   bool proper = Count() > other.Count();
   delete other;
   return(proper);
  }
template<typename T>
bool CHashSet::IsProperSupersetOf(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(IsProperSupersetOf(values));
  }
template<typename T>
bool CHashSet::Overlaps(T &array[])
  {
   for(int i = 0; i < ArraySize(array); i++)
      if(Contains(array[i]))
         return(true);
   return(false);
  }
template<typename T>
bool CHashSet::Overlaps(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(Overlaps(values));
  }
template<typename T>
bool CHashSet::SetEquals(T &array[])
  {
   if(!IsSupersetOf(array))
      return(false);
   CHashSet<T> *other = new CHashSet<T>(array, m_comparer);
   bool same = (other.Count() == Count());
   delete other;
   return(same);
  }
template<typename T>
bool CHashSet::SetEquals(ICollection<T> *collection)
  {
   T values[];
   ValuesOf(collection, values);
   return(SetEquals(values));
  }
