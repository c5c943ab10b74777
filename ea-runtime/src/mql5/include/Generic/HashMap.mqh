//+------------------------------------------------------------------+
//| Generic/HashMap.mqh — CHashMap<TKey,TValue> (Standard Library).  |
//|                                                                  |
//| A hash table of key/value pairs with unique keys (CKeyValuePair  |
//| comes with Generic/Interfaces/IMap.mqh). Keys are matched by an  |
//| IEqualityComparer<TKey> (the default equality comparer of TKey   |
//| unless one is given: the map does not delete a given comparer).  |
//| Entries live in arrays in the order they were added; the place   |
//| of a removed entry is reused by the next addition. The number of |
//| buckets is a prime, at least 3, about doubled when the entries   |
//| are full. CopyTo walks the entries in that order: keys and values|
//| into two arrays, or new CKeyValuePair objects (the caller        |
//| deletes them). TrySetValue changes the value of a key, adding    |
//| the key when it is missing; TryGetValue leaves its output alone  |
//| for a missing key. Values are compared (ContainsValue, Contains) |
//| with the default equality comparer of TValue. Object pointers,   |
//| keys or values, are stored, never deleted.                       |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\IMap.mqh>
#include <Generic\Interfaces\IEqualityComparer.mqh>
#include <Generic\Internal\DefaultEqualityComparer.mqh>
#include <Generic\Internal\PrimeGenerator.mqh>

template<typename TKey, typename TValue>
class CHashMap : public IMap<TKey,TValue>
  {
protected:
   int               m_buckets[];      // first entry of each bucket, -1 when empty
   int               m_hashes[];       // entries: hash code (-1: a free entry)
   int               m_nexts[];        //          next entry in the bucket / free list
   TKey              m_keys[];         //          key
   TValue            m_values[];       //          value
   int               m_count;          // entries used (free ones included)
   int               m_free_list;      // first free entry, -1 when none
   int               m_free_count;
   IEqualityComparer<TKey> *m_comparer;
   bool              m_own_comparer;   // the default comparer, deleted with the map
   CDefaultEqualityComparer<TValue> *m_value_equality;

public:
                     CHashMap(void);
                     CHashMap(const int capacity);
                     CHashMap(IEqualityComparer<TKey> *comparer);
                     CHashMap(const int capacity, IEqualityComparer<TKey> *comparer);
                     CHashMap(IMap<TKey,TValue> *map);
                     CHashMap(IMap<TKey,TValue> *map, IEqualityComparer<TKey> *comparer);
                    ~CHashMap(void);
   //--- pairs (ICollection)
   bool              Add(CKeyValuePair<TKey,TValue> *pair);
   int               Count(void) { return(m_count - m_free_count); }
   bool              Contains(CKeyValuePair<TKey,TValue> *item);
   int               CopyTo(CKeyValuePair<TKey,TValue> *&dst_array[], const int dst_start = 0);
   void              Clear(void);
   bool              Remove(CKeyValuePair<TKey,TValue> *item);
   //--- keys and values (IMap)
   bool              Add(TKey key, TValue value) { return(Insert(key, value, true)); }
   bool              Contains(TKey key, TValue value);
   bool              Remove(TKey key);
   bool              TryGetValue(TKey key, TValue &value);
   bool              TrySetValue(TKey key, TValue value) { return(Insert(key, value, false)); }
   int               CopyTo(TKey &dst_keys[], TValue &dst_values[], const int dst_start = 0);
   //--- the key comparer, key and value searches
   IEqualityComparer<TKey> *Comparer(void) { return(m_comparer); }
   bool              ContainsKey(TKey key) { return(FindEntry(key) >= 0); }
   bool              ContainsValue(TValue value);

protected:
   void              Init(const int capacity, IEqualityComparer<TKey> *comparer);
   void              Initialize(const int capacity);
   void              Resize(const int new_size);
   int               HashOf(TKey key) { return(m_comparer.HashCode(key) & 0x7FFFFFFF); }
   //--- index of the entry of key, or -1
   int               FindEntry(TKey key);
   //--- adds key (false when there: add) or sets its value (!add)
   bool              Insert(TKey key, TValue value, const bool add);
  };
//+------------------------------------------------------------------+
//| Constructors: empty (with a capacity and/or a key comparer), or  |
//| with the pairs of another map.                                   |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
CHashMap::CHashMap(void)
  {
   Init(0, NULL);
  }
template<typename TKey, typename TValue>
CHashMap::CHashMap(const int capacity)
  {
   Init(capacity, NULL);
  }
template<typename TKey, typename TValue>
CHashMap::CHashMap(IEqualityComparer<TKey> *comparer)
  {
   Init(0, comparer);
  }
template<typename TKey, typename TValue>
CHashMap::CHashMap(const int capacity, IEqualityComparer<TKey> *comparer)
  {
   Init(capacity, comparer);
  }
template<typename TKey, typename TValue>
CHashMap::CHashMap(IMap<TKey,TValue> *map)
  {
   Init(0, NULL);
   if(map == NULL)
      return;
   TKey keys[];
   TValue values[];
   int count = map.CopyTo(keys, values, 0);
   for(int i = 0; i < count; i++)
      Add(keys[i], values[i]);
  }
template<typename TKey, typename TValue>
CHashMap::CHashMap(IMap<TKey,TValue> *map, IEqualityComparer<TKey> *comparer)
  {
   Init(0, comparer);
   if(map == NULL)
      return;
   TKey keys[];
   TValue values[];
   int count = map.CopyTo(keys, values, 0);
   for(int i = 0; i < count; i++)
      Add(keys[i], values[i]);
  }
template<typename TKey, typename TValue>
CHashMap::~CHashMap(void)
  {
   if(m_own_comparer)
      delete m_comparer;
   delete m_value_equality;
  }
template<typename TKey, typename TValue>
void CHashMap::Init(const int capacity, IEqualityComparer<TKey> *comparer)
  {
   m_count = 0;
   m_free_list = -1;
   m_free_count = 0;
   m_own_comparer = (comparer == NULL);
   if(m_own_comparer)
      m_comparer = new CDefaultEqualityComparer<TKey>();
   else
      m_comparer = comparer;
   m_value_equality = new CDefaultEqualityComparer<TValue>();
   if(capacity > 0)
      Initialize(capacity);
  }
//+------------------------------------------------------------------+
//| Allocates the buckets and entries (a prime number of them).      |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
void CHashMap::Initialize(const int capacity)
  {
   int size = CPrimeGenerator::GetPrime(capacity);
   ArrayResize(m_buckets, size);
   ArrayInitialize(m_buckets, -1);
   ArrayResize(m_hashes, size);
   ArrayResize(m_nexts, size);
   ArrayResize(m_keys, size);
   ArrayResize(m_values, size);
   m_free_list = -1;
  }
//+------------------------------------------------------------------+
//| Grows the entries to new_size and rebuilds the buckets.          |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
void CHashMap::Resize(const int new_size)
  {
   ArrayResize(m_hashes, new_size);
   ArrayResize(m_nexts, new_size);
   ArrayResize(m_keys, new_size);
   ArrayResize(m_values, new_size);
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
template<typename TKey, typename TValue>
int CHashMap::FindEntry(TKey key)
  {
   int size = ArraySize(m_buckets);
   if(size == 0)
      return(-1);
   int hash = HashOf(key);
   for(int i = m_buckets[hash % size]; i >= 0; i = m_nexts[i])
      if(m_hashes[i] == hash && m_comparer.Equals(m_keys[i], key))
         return(i);
   return(-1);
  }
template<typename TKey, typename TValue>
bool CHashMap::Insert(TKey key, TValue value, const bool add)
  {
   if(ArraySize(m_buckets) == 0)
      Initialize(0);
   int hash = HashOf(key);
   int bucket = hash % ArraySize(m_buckets);
   for(int i = m_buckets[bucket]; i >= 0; i = m_nexts[i])
     {
      if(m_hashes[i] == hash && m_comparer.Equals(m_keys[i], key))
        {
         if(add)
            return(false);
         m_values[i] = value;
         return(true);
        }
     }
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
         Resize(CPrimeGenerator::ExpandPrime(m_count));
         bucket = hash % ArraySize(m_buckets);
        }
      index = m_count++;
     }
   m_hashes[index] = hash;
   m_nexts[index] = m_buckets[bucket];
   m_keys[index] = key;
   m_values[index] = value;
   m_buckets[bucket] = index;
   return(true);
  }
//+------------------------------------------------------------------+
//| Pairs.                                                           |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
bool CHashMap::Add(CKeyValuePair<TKey,TValue> *pair)
  {
   if(pair == NULL)
      return(false);
   return(Insert(pair.Key(), pair.Value(), true));
  }
template<typename TKey, typename TValue>
bool CHashMap::Contains(CKeyValuePair<TKey,TValue> *item)
  {
   if(item == NULL)
      return(false);
   return(Contains(item.Key(), item.Value()));
  }
template<typename TKey, typename TValue>
bool CHashMap::Remove(CKeyValuePair<TKey,TValue> *item)
  {
   if(!Contains(item))
      return(false);
   return(Remove(item.Key()));
  }
//+------------------------------------------------------------------+
//| New pairs, in the entries' order, into dst_array from dst_start  |
//| (a dynamic array is enlarged); the caller deletes them.          |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
int CHashMap::CopyTo(CKeyValuePair<TKey,TValue> *&dst_array[], const int dst_start)
  {
   if(dst_start < 0)
      return(0);
   if(ArraySize(dst_array) < dst_start + Count())
      ArrayResize(dst_array, dst_start + Count());
   int copied = 0;
   for(int i = 0; i < m_count && dst_start + copied < ArraySize(dst_array); i++)
      if(m_hashes[i] >= 0)
         dst_array[dst_start + copied++] = new CKeyValuePair<TKey,TValue>(m_keys[i], m_values[i]);
   return(copied);
  }
//+------------------------------------------------------------------+
//| Keys and values, in the entries' order, from dst_start (dynamic  |
//| arrays are enlarged); returns how many pairs were copied.        |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
int CHashMap::CopyTo(TKey &dst_keys[], TValue &dst_values[], const int dst_start)
  {
   if(dst_start < 0)
      return(0);
   if(ArraySize(dst_keys) < dst_start + Count())
      ArrayResize(dst_keys, dst_start + Count());
   if(ArraySize(dst_values) < dst_start + Count())
      ArrayResize(dst_values, dst_start + Count());
   int room = MathMin(ArraySize(dst_keys), ArraySize(dst_values));
   int copied = 0;
   for(int i = 0; i < m_count && dst_start + copied < room; i++)
     {
      if(m_hashes[i] < 0)
         continue;
      dst_keys[dst_start + copied] = m_keys[i];
      dst_values[dst_start + copied] = m_values[i];
      copied++;
     }
   return(copied);
  }
//+------------------------------------------------------------------+
//| Removes every pair (the capacity stays).                         |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
void CHashMap::Clear(void)
  {
   if(m_count == 0)
      return;
   ArrayInitialize(m_buckets, -1);
   TKey empty_key;
   TValue empty_value;
   for(int i = 0; i < m_count; i++)
     {
      m_keys[i] = empty_key;
      m_values[i] = empty_value;
     }
   m_count = 0;
   m_free_list = -1;
   m_free_count = 0;
  }
//+------------------------------------------------------------------+
//| Keys and values.                                                 |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
bool CHashMap::Contains(TKey key, TValue value)
  {
   int i = FindEntry(key);
   return(i >= 0 && m_value_equality.Equals(m_values[i], value));
  }
template<typename TKey, typename TValue>
bool CHashMap::Remove(TKey key)
  {
   int size = ArraySize(m_buckets);
   if(size == 0)
      return(false);
   int hash = HashOf(key);
   int bucket = hash % size;
   int last = -1;
   for(int i = m_buckets[bucket]; i >= 0; last = i, i = m_nexts[i])
     {
      if(m_hashes[i] != hash || !m_comparer.Equals(m_keys[i], key))
         continue;
      if(last < 0)
         m_buckets[bucket] = m_nexts[i];
      else
         m_nexts[last] = m_nexts[i];
      TKey empty_key;
      TValue empty_value;
      m_hashes[i] = -1;
      m_nexts[i] = m_free_list;
      m_keys[i] = empty_key;
      m_values[i] = empty_value;
      m_free_list = i;
      m_free_count++;
      return(true);
     }
   return(false);
  }
template<typename TKey, typename TValue>
bool CHashMap::TryGetValue(TKey key, TValue &value)
  {
   int i = FindEntry(key);
   if(i < 0)
      return(false);
   value = m_values[i];
   return(true);
  }
template<typename TKey, typename TValue>
bool CHashMap::ContainsValue(TValue value)
  {
   for(int i = 0; i < m_count; i++)
      if(m_hashes[i] >= 0 && m_value_equality.Equals(m_values[i], value))
         return(true);
   return(false);
  }
