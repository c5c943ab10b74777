//+------------------------------------------------------------------+
//| Generic/Interfaces/IMap.mqh                                      |
//|                                                                  |
//| IMap<TKey,TValue>: a collection of key/value pairs with unique   |
//| keys. As an ICollection its elements are CKeyValuePair pointers: |
//| CopyTo(pairs) makes new pairs, which the caller deletes.         |
//|                                                                  |
//| CKeyValuePair<TKey,TValue> is defined here (it is what IMap is a |
//| collection of); Generic/HashMap.mqh and SortedMap.mqh include    |
//| this file.                                                       |
//+------------------------------------------------------------------+
#include "ICollection.mqh"
#include "IComparable.mqh"
#include <Generic\Internal\DefaultComparer.mqh>
#include <Generic\Internal\DefaultEqualityComparer.mqh>
//+------------------------------------------------------------------+
//| A key and its value. Pairs compare, equal and hash by their key. |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
class CKeyValuePair : public IComparable<CKeyValuePair<TKey,TValue>*>
  {
protected:
   TKey              m_key;
   TValue            m_value;

public:
                     CKeyValuePair(void) {}
                     CKeyValuePair(TKey key, TValue value) : m_key(key), m_value(value) {}
                    ~CKeyValuePair(void) {}
   //--- the key
   TKey              Key(void) { return(m_key); }
   void              Key(TKey key) { m_key = key; }
   //--- the value
   TValue            Value(void) { return(m_value); }
   void              Value(TValue value) { m_value = value; }
   //--- a new pair with the same key and value (the caller deletes it)
   CKeyValuePair<TKey,TValue> *Clone(void) { return(new CKeyValuePair<TKey,TValue>(m_key, m_value)); }
   //--- order, equality and hash code of the keys (default comparers of TKey)
   int               Compare(CKeyValuePair<TKey,TValue> *pair);
   bool              Equals(CKeyValuePair<TKey,TValue> *pair);
   int               HashCode(void);
  };
//+------------------------------------------------------------------+
//| Compares the keys in their default order.                        |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
int CKeyValuePair::Compare(CKeyValuePair<TKey,TValue> *pair)
  {
   CDefaultComparer<TKey> comparer;
   return(comparer.Compare(m_key, pair.Key()));
  }
//+------------------------------------------------------------------+
//| True when the keys are equal.                                    |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
bool CKeyValuePair::Equals(CKeyValuePair<TKey,TValue> *pair)
  {
   CDefaultEqualityComparer<TKey> comparer;
   return(comparer.Equals(m_key, pair.Key()));
  }
//+------------------------------------------------------------------+
//| Hash code of the key.                                            |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
int CKeyValuePair::HashCode(void)
  {
   CDefaultEqualityComparer<TKey> comparer;
   return(comparer.HashCode(m_key));
  }
//+------------------------------------------------------------------+
//| IMap<TKey,TValue>.                                               |
//+------------------------------------------------------------------+
template<typename TKey, typename TValue>
interface IMap : public ICollection<CKeyValuePair<TKey,TValue>*>
  {
   //--- adds a key and its value; false when the key is already there
   bool              Add(TKey key, TValue value);
   //--- true when key is there with a value equal to value
   bool              Contains(TKey key, TValue value);
   //--- removes key and its value; false when the key is not there
   bool              Remove(TKey key);
   //--- the value of key into value; false (value untouched) when the key is not there
   bool              TryGetValue(TKey key, TValue &value);
   //--- sets the value of key (adding the key when it is not there)
   bool              TrySetValue(TKey key, TValue value);
   //--- copies the keys and the values, in the map's order, from dst_start; how many
   int               CopyTo(TKey &dst_keys[], TValue &dst_values[], const int dst_start = 0);
  };
