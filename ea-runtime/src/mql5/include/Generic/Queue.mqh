//+------------------------------------------------------------------+
//| Generic/Queue.mqh — CQueue<T> (Standard Library).                |
//|                                                                  |
//| A first-in first-out queue of values of type T in a ring buffer: |
//| Enqueue (or Add) at the tail, Dequeue and Peek at the head (the  |
//| default value of T when the queue is empty). CopyTo copies from  |
//| the head (the next to dequeue) to the tail; Remove takes out the |
//| first element, from the head, equal to the item. The capacity    |
//| grows to 4, then doubles; TrimExcess shrinks it to the count     |
//| when less than 90% is used. Equality is the default equality     |
//| comparer of T. Object pointers are stored, never deleted.        |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\ICollection.mqh>
#include <Generic\Internal\DefaultEqualityComparer.mqh>

template<typename T>
class CQueue : public ICollection<T>
  {
protected:
   T                 m_array[];        // ring buffer; its size is the capacity
   int               m_head;           // index of the first element
   int               m_size;           // number of elements
   CDefaultEqualityComparer<T> *m_equality;

public:
                     CQueue(void);
                     CQueue(const int capacity);
                     CQueue(ICollection<T> *collection);
                     CQueue(T &array[]);
                    ~CQueue(void) { delete m_equality; }
   //--- ICollection<T>
   bool              Add(T value) { return(Enqueue(value)); }
   int               Count(void) { return(m_size); }
   bool              Contains(T item);
   int               CopyTo(T &dst_array[], const int dst_start = 0);
   void              Clear(void) { m_head = 0; m_size = 0; }
   bool              Remove(T item);
   //--- the queue
   bool              Enqueue(T value);
   T                 Dequeue(void);
   T                 Peek(void);
   void              TrimExcess(void);

protected:
   void              Init(void);
   //--- reallocates the buffer with `capacity` places, the head at 0
   void              Relocate(const int capacity);
  };
//+------------------------------------------------------------------+
//| Constructors: empty, with a capacity, or with the elements of a  |
//| collection or an array (the first one at the head).              |
//+------------------------------------------------------------------+
template<typename T>
CQueue::CQueue(void)
  {
   Init();
  }
template<typename T>
CQueue::CQueue(const int capacity)
  {
   Init();
   if(capacity > 0)
      ArrayResize(m_array, capacity);
  }
template<typename T>
CQueue::CQueue(ICollection<T> *collection)
  {
   Init();
   if(collection != NULL)
      m_size = collection.CopyTo(m_array, 0);
  }
template<typename T>
CQueue::CQueue(T &array[])
  {
   Init();
   int count = ArraySize(array);
   ArrayResize(m_array, count);
   for(int i = 0; i < count; i++)
      m_array[i] = array[i];
   m_size = count;
  }
template<typename T>
void CQueue::Init(void)
  {
   m_head = 0;
   m_size = 0;
   m_equality = new CDefaultEqualityComparer<T>();
  }
template<typename T>
void CQueue::Relocate(const int capacity)
  {
   T copy[];
   ArrayResize(copy, capacity);
   int capacity_now = ArraySize(m_array);
   for(int i = 0; i < m_size; i++)
      copy[i] = m_array[(m_head + i) % capacity_now];
   ArrayResize(m_array, capacity);
   for(int i = 0; i < m_size; i++)
      m_array[i] = copy[i];
   m_head = 0;
  }
//+------------------------------------------------------------------+
//| True when an element equals item.                                |
//+------------------------------------------------------------------+
template<typename T>
bool CQueue::Contains(T item)
  {
   int capacity = ArraySize(m_array);
   for(int i = 0; i < m_size; i++)
      if(m_equality.Equals(m_array[(m_head + i) % capacity], item))
         return(true);
   return(false);
  }
//+------------------------------------------------------------------+
//| Copies the elements, head first, into dst_array from dst_start   |
//| (a dynamic array is enlarged); returns how many were copied.     |
//+------------------------------------------------------------------+
template<typename T>
int CQueue::CopyTo(T &dst_array[], const int dst_start)
  {
   if(dst_start < 0)
      return(0);
   if(ArraySize(dst_array) < dst_start + m_size)
      ArrayResize(dst_array, dst_start + m_size);
   int capacity = ArraySize(m_array);
   int copied = 0;
   for(int i = 0; i < m_size && dst_start + i < ArraySize(dst_array); i++)
     {
      dst_array[dst_start + i] = m_array[(m_head + i) % capacity];
      copied++;
     }
   return(copied);
  }
//+------------------------------------------------------------------+
//| Removes the first element (from the head) equal to item.         |
//+------------------------------------------------------------------+
template<typename T>
bool CQueue::Remove(T item)
  {
   int capacity = ArraySize(m_array);
   for(int i = 0; i < m_size; i++)
     {
      if(!m_equality.Equals(m_array[(m_head + i) % capacity], item))
         continue;
      for(int j = i; j < m_size - 1; j++)
         m_array[(m_head + j) % capacity] = m_array[(m_head + j + 1) % capacity];
      m_size--;
      return(true);
     }
   return(false);
  }
//+------------------------------------------------------------------+
//| Adds a value at the tail.                                        |
//+------------------------------------------------------------------+
template<typename T>
bool CQueue::Enqueue(T value)
  {
   int capacity = ArraySize(m_array);
   if(m_size == capacity)
     {
      Relocate(capacity == 0 ? 4 : capacity * 2);
      capacity = ArraySize(m_array);
     }
   m_array[(m_head + m_size) % capacity] = value;
   m_size++;
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes and returns the value at the head.                       |
//+------------------------------------------------------------------+
template<typename T>
T CQueue::Dequeue(void)
  {
   T value;
   if(m_size == 0)
      return(value);
   value = m_array[m_head];
   m_head = (m_head + 1) % ArraySize(m_array);
   m_size--;
   return(value);
  }
//+------------------------------------------------------------------+
//| The value at the head, left in the queue.                        |
//+------------------------------------------------------------------+
template<typename T>
T CQueue::Peek(void)
  {
   T value;
   if(m_size > 0)
      value = m_array[m_head];
   return(value);
  }
//+------------------------------------------------------------------+
//| Shrinks the capacity to the count when less than 90% is used.    |
//+------------------------------------------------------------------+
template<typename T>
void CQueue::TrimExcess(void)
  {
   int threshold = (int)(ArraySize(m_array) * 0.9);
   if(m_size < threshold)
      Relocate(m_size);
  }
