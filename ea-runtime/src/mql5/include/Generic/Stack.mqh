//+------------------------------------------------------------------+
//| Generic/Stack.mqh — CStack<T> (Standard Library).                |
//|                                                                  |
//| A last-in first-out stack of values of type T in an array: Push  |
//| (or Add) on top, Pop and Peek from the top (the default value of |
//| T when the stack is empty). CopyTo copies from the bottom (the   |
//| first pushed) to the top; Remove takes out the first element,    |
//| from the bottom, equal to the item. The capacity grows to 4,     |
//| then doubles; TrimExcess shrinks it to the count when less than  |
//| 90% is used. Equality is the default equality comparer of T.     |
//| Object pointers are stored, never deleted.                       |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\ICollection.mqh>
#include <Generic\Internal\DefaultEqualityComparer.mqh>

template<typename T>
class CStack : public ICollection<T>
  {
protected:
   T                 m_array[];        // bottom first; its size is the capacity
   int               m_size;           // number of elements
   CDefaultEqualityComparer<T> *m_equality;

public:
                     CStack(void);
                     CStack(const int capacity);
                     CStack(ICollection<T> *collection);
                     CStack(T &array[]);
                    ~CStack(void) { delete m_equality; }
   //--- ICollection<T>
   bool              Add(T value) { return(Push(value)); }
   int               Count(void) { return(m_size); }
   bool              Contains(T item);
   int               CopyTo(T &dst_array[], const int dst_start = 0);
   void              Clear(void) { m_size = 0; }
   bool              Remove(T item);
   //--- the stack
   bool              Push(T value);
   T                 Pop(void);
   T                 Peek(void);
   void              TrimExcess(void);

protected:
   void              Init(void);
  };
//+------------------------------------------------------------------+
//| Constructors: empty, with a capacity, or with the elements of a  |
//| collection or an array (the last one on top).                    |
//+------------------------------------------------------------------+
template<typename T>
CStack::CStack(void)
  {
   Init();
  }
template<typename T>
CStack::CStack(const int capacity)
  {
   Init();
   if(capacity > 0)
      ArrayResize(m_array, capacity);
  }
template<typename T>
CStack::CStack(ICollection<T> *collection)
  {
   Init();
   if(collection != NULL)
      m_size = collection.CopyTo(m_array, 0);
  }
template<typename T>
CStack::CStack(T &array[])
  {
   Init();
   int count = ArraySize(array);
   ArrayResize(m_array, count);
   for(int i = 0; i < count; i++)
      m_array[i] = array[i];
   m_size = count;
  }
template<typename T>
void CStack::Init(void)
  {
   m_size = 0;
   m_equality = new CDefaultEqualityComparer<T>();
  }
//+------------------------------------------------------------------+
//| True when an element equals item.                                |
//+------------------------------------------------------------------+
template<typename T>
bool CStack::Contains(T item)
  {
   for(int i = 0; i < m_size; i++)
      if(m_equality.Equals(m_array[i], item))
         return(true);
   return(false);
  }
//+------------------------------------------------------------------+
//| Copies the elements, bottom first, into dst_array from dst_start |
//| (a dynamic array is enlarged); returns how many were copied.     |
//+------------------------------------------------------------------+
template<typename T>
int CStack::CopyTo(T &dst_array[], const int dst_start)
  {
   if(dst_start < 0)
      return(0);
   if(ArraySize(dst_array) < dst_start + m_size)
      ArrayResize(dst_array, dst_start + m_size);
   int copied = 0;
   for(int i = 0; i < m_size && dst_start + i < ArraySize(dst_array); i++)
     {
      dst_array[dst_start + i] = m_array[i];
      copied++;
     }
   return(copied);
  }
//+------------------------------------------------------------------+
//| Removes the first element (from the bottom) equal to item.       |
//+------------------------------------------------------------------+
template<typename T>
bool CStack::Remove(T item)
  {
   for(int i = 0; i < m_size; i++)
     {
      if(!m_equality.Equals(m_array[i], item))
         continue;
      for(int j = i; j < m_size - 1; j++)
         m_array[j] = m_array[j + 1];
      m_size--;
      return(true);
     }
   return(false);
  }
//+------------------------------------------------------------------+
//| Pushes a value on top.                                           |
//+------------------------------------------------------------------+
template<typename T>
bool CStack::Push(T value)
  {
   int capacity = ArraySize(m_array);
   if(m_size == capacity)
     {
      int grown = (capacity == 0) ? 4 : capacity * 2;
      if(ArrayResize(m_array, grown) != grown)
         return(false);
     }
   m_array[m_size++] = value;
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes and returns the value on top.                            |
//+------------------------------------------------------------------+
template<typename T>
T CStack::Pop(void)
  {
   T value;
   if(m_size > 0)
      value = m_array[--m_size];
   return(value);
  }
//+------------------------------------------------------------------+
//| The value on top, left on the stack.                             |
//+------------------------------------------------------------------+
template<typename T>
T CStack::Peek(void)
  {
   T value;
   if(m_size > 0)
      value = m_array[m_size - 1];
   return(value);
  }
//+------------------------------------------------------------------+
//| Shrinks the capacity to the count when less than 90% is used.    |
//+------------------------------------------------------------------+
template<typename T>
void CStack::TrimExcess(void)
  {
   int threshold = (int)(ArraySize(m_array) * 0.9);
   if(m_size < threshold)
      ArrayResize(m_array, m_size);
  }
