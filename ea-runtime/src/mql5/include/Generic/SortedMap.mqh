//+------------------------------------------------------------------+
//| Generic/SortedMap.mqh — CSortedMap<TKey,TValue> (Standard        |
//| Library).                                                        |
//|                                                                  |
//| Key/value pairs with unique keys kept in ascending key order (a  |
//| red-black tree of CKeyValuePair, Generic/RedBlackTree.mqh). Keys |
//| are ordered and matched by an IComparer<TKey> (the default       |
//| comparer of TKey unless one is given: the map does not delete a  |
//| given comparer). CopyTo walks the keys in ascending order: keys  |
//| and values into two arrays, or new CKeyValuePair objects (the    |
//| caller deletes them). Add(pair) adds a copy of the pair.         |
//| TrySetValue changes the value of a key, adding the key when it   |
//| is missing; TryGetValue leaves its output alone for a missing    |
//| key. Values are compared (ContainsValue, Contains) with the      |
//| default equality comparer of TValue. Object pointers, keys or    |
//| values, are stored, never deleted.                               |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\IMap.mqh>
#include <Generic\Interfaces\IComparer.mqh>
#include <Generic\RedBlackTree.mqh>
#include <Generic\Internal\DefaultComparer.mqh>
#include <Generic\Internal\DefaultEqualityComparer.mqh>

template<typename TKey, typename TValue>
class CKeyValuePair;                   // defined in Generic/Interfaces/IMap.mqh
//+------------------------------------------------------------------+
//| Orders pairs by their keys with a key comparer.                  |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
class CKeyValuePairComparer : public IComparer<CKeyValuePair<TKey,TValue>*>
  {
protected:
   IComparer<TKey>  *m_comparer;

public:
                     CKeyValuePairComparer(IComparer<TKey> *comparer) : m_comparer(comparer) {}
   int               Compare(CKeyValuePair<TKey,TValue> *x, CKeyValuePair<TKey,TValue> *y) { return(m_comparer.Compare(x.Key(), y.Key())); }
  };
//+------------------------------------------------------------------+
//| The map.                                                         |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
class CSortedMap : public IMap<TKey,TValue>
  {
protected:
   CRedBlackTree<CKeyValuePair<TKey,TValue>*> *m_tree;
   IComparer<TKey>  *m_comparer;
   bool              m_own_comparer;   // the default comparer, deleted with the map
   CKeyValuePairComparer<TKey,TValue> *m_pair_comparer;
   CKeyValuePair<TKey,TValue> *m_probe; // key holder for searches
   CDefaultEqualityComparer<TValue> *m_value_equality;

public:
                     CSortedMap(void);
                     CSortedMap(IComparer<TKey> *comparer);
                     CSortedMap(IMap<TKey,TValue> *map);
                     CSortedMap(IMap<TKey,TValue> *map, IComparer<TKey> *comparer);
                    ~CSortedMap(void);
   //--- pairs (ICollection)
   bool              Add(CKeyValuePair<TKey,TValue> *pair);
   int               Count(void) { return(m_tree.Count()); }
   bool              Contains(CKeyValuePair<TKey,TValue> *item);
   int               CopyTo(CKeyValuePair<TKey,TValue> *&dst_array[], const int dst_start = 0);
   void              Clear(void);
   bool              Remove(CKeyValuePair<TKey,TValue> *item);
   //--- keys and values (IMap)
   bool              Add(TKey key, TValue value);
   bool              Contains(TKey key, TValue value);
   bool              Remove(TKey key);
   bool              TryGetValue(TKey key, TValue &value);
   bool              TrySetValue(TKey key, TValue value);
   int               CopyTo(TKey &dst_keys[], TValue &dst_values[], const int dst_start = 0);
   //--- the key comparer, key and value searches
   IComparer<TKey>  *Comparer(void) { return(m_comparer); }
   bool              ContainsKey(TKey key) { return(FindNode(key) != NULL); }
   bool              ContainsValue(TValue value);

protected:
   void              Init(IComparer<TKey> *comparer);
   void              AddMap(IMap<TKey,TValue> *map);
   CRedBlackTreeNode<CKeyValuePair<TKey,TValue>*> *FindNode(TKey key);
  };
//+------------------------------------------------------------------+
//| Constructors: empty, or with the pairs of another map; with the  |
//| default or a given key comparer.                                 |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
CSortedMap::CSortedMap(void)
  {
   Init(NULL);
  }
template<typename TKey, typename TValue>
CSortedMap::CSortedMap(IComparer<TKey> *comparer)
  {
   Init(comparer);
  }
template<typename TKey, typename TValue>
CSortedMap::CSortedMap(IMap<TKey,TValue> *map)
  {
   Init(NULL);
   AddMap(map);
  }
template<typename TKey, typename TValue>
CSortedMap::CSortedMap(IMap<TKey,TValue> *map, IComparer<TKey> *comparer)
  {
   Init(comparer);
   AddMap(map);
  }
template<typename TKey, typename TValue>
CSortedMap::~CSortedMap(void)
  {
   Clear();
   delete m_tree;
   delete m_pair_comparer;
   delete m_probe;
   delete m_value_equality;
   if(m_own_comparer)
      delete m_comparer;
  }
template<typename TKey, typename TValue>
void CSortedMap::Init(IComparer<TKey> *comparer)
  {
   m_own_comparer = (comparer == NULL);
   if(m_own_comparer)
      m_comparer = new CDefaultComparer<TKey>();
   else
      m_comparer = comparer;
   m_pair_comparer = new CKeyValuePairComparer<TKey,TValue>(m_comparer);
   m_tree = new CRedBlackTree<CKeyValuePair<TKey,TValue>*>(m_pair_comparer);
   m_probe = new CKeyValuePair<TKey,TValue>();
   m_value_equality = new CDefaultEqualityComparer<TValue>();
  }
template<typename TKey, typename TValue>
void CSortedMap::AddMap(IMap<TKey,TValue> *map)
  {
   if(map == NULL)
      return;
   TKey keys[];
   TValue values[];
   int count = map.CopyTo(keys, values, 0);
   for(int i = 0; i < count; i++)
      Add(keys[i], values[i]);
  }
template<typename TKey, typename TValue>
CRedBlackTreeNode<CKeyValuePair<TKey,TValue>*> *CSortedMap::FindNode(TKey key)
  {
   m_probe.Key(key);
   return(m_tree.Find(m_probe));
  }
//+------------------------------------------------------------------+
//| Pairs.                                                           |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
bool CSortedMap::Add(CKeyValuePair<TKey,TValue> *pair)
  {
   if(pair == NULL)
      return(false);
   return(Add(pair.Key(), pair.Value()));
  }
template<typename TKey, typename TValue>
bool CSortedMap::Contains(CKeyValuePair<TKey,TValue> *item)
  {
   if(item == NULL)
      return(false);
   return(Contains(item.Key(), item.Value()));
  }
template<typename TKey, typename TValue>
bool CSortedMap::Remove(CKeyValuePair<TKey,TValue> *item)
  {
   if(!Contains(item))
      return(false);
   return(Remove(item.Key()));
  }
//+------------------------------------------------------------------+
//| New pairs, in key order, into dst_array from dst_start (a        |
//| dynamic array is enlarged); the caller deletes them.             |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
int CSortedMap::CopyTo(CKeyValuePair<TKey,TValue> *&dst_array[], const int dst_start)
  {
   if(dst_start < 0)
      return(0);
   CKeyValuePair<TKey,TValue> *pairs[];
   int count = m_tree.CopyTo(pairs, 0);
   if(ArraySize(dst_array) < dst_start + count)
      ArrayResize(dst_array, dst_start + count);
   int copied = 0;
   for(int i = 0; i < count && dst_start + i < ArraySize(dst_array); i++)
     {
      dst_array[dst_start + i] = pairs[i].Clone();
      copied++;
     }
   return(copied);
  }
//+------------------------------------------------------------------+
//| Removes (and deletes) every pair.                                |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
void CSortedMap::Clear(void)
  {
   CKeyValuePair<TKey,TValue> *pairs[];
   int count = m_tree.CopyTo(pairs, 0);
   m_tree.Clear();
   for(int i = 0; i < count; i++)
      delete pairs[i];
  }
//+------------------------------------------------------------------+
//| Keys and values.                                                 |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
bool CSortedMap::Add(TKey key, TValue value)
  {
   CKeyValuePair<TKey,TValue> *pair = new CKeyValuePair<TKey,TValue>(key, value);
   if(m_tree.Add(pair))
      return(true);
   delete pair;
   return(false);
  }
template<typename TKey, typename TValue>
bool CSortedMap::Contains(TKey key, TValue value)
  {
   CRedBlackTreeNode<CKeyValuePair<TKey,TValue>*> *node = FindNode(key);
   return(node != NULL && m_value_equality.Equals(node.Value().Value(), value));
  }
template<typename TKey, typename TValue>
bool CSortedMap::Remove(TKey key)
  {
   CRedBlackTreeNode<CKeyValuePair<TKey,TValue>*> *node = FindNode(key);
   if(node == NULL)
      return(false);
   CKeyValuePair<TKey,TValue> *pair = node.Value();
   m_tree.Remove(node);
   delete pair;
   return(true);
  }
template<typename TKey, typename TValue>
bool CSortedMap::TryGetValue(TKey key, TValue &value)
  {
   CRedBlackTreeNode<CKeyValuePair<TKey,TValue>*> *node = FindNode(key);
   if(node == NULL)
      return(false);
   value = node.Value().Value();
   return(true);
  }
template<typename TKey, typename TValue>
bool CSortedMap::TrySetValue(TKey key, TValue value)
  {
   CRedBlackTreeNode<CKeyValuePair<TKey,TValue>*> *node = FindNode(key);
   if(node == NULL)
      return(Add(key, value));
   node.Value().Value(value);
   return(true);
  }
//+------------------------------------------------------------------+
//| Keys and values, in key order, from dst_start (dynamic arrays    |
//| are enlarged); returns how many pairs were copied.               |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
int CSortedMap::CopyTo(TKey &dst_keys[], TValue &dst_values[], const int dst_start)
  {
   if(dst_start < 0)
      return(0);
   CKeyValuePair<TKey,TValue> *pairs[];
   int count = m_tree.CopyTo(pairs, 0);
   if(ArraySize(dst_keys) < dst_start + count)
      ArrayResize(dst_keys, dst_start + count);
   if(ArraySize(dst_values) < dst_start + count)
      ArrayResize(dst_values, dst_start + count);
   int room = MathMin(ArraySize(dst_keys), ArraySize(dst_values));
   int copied = 0;
   for(int i = 0; i < count && dst_start + i < room; i++)
     {
      dst_keys[dst_start + i] = pairs[i].Key();
      dst_values[dst_start + i] = pairs[i].Value();
      copied++;
     }
   return(copied);
  }
template<typename TKey, typename TValue>
bool CSortedMap::ContainsValue(TValue value)
  {
   CKeyValuePair<TKey,TValue> *pairs[];
   int count = m_tree.CopyTo(pairs, 0);
   for(int i = 0; i < count; i++)
      if(m_value_equality.Equals(pairs[i].Value(), value))
         return(true);
   return(false);
  }
