//+------------------------------------------------------------------+
//| Arrays/ArrayLong.mqh — class CArrayLong (Standard Library).      |
//|                                                                  |
//| Dynamic array of long or ulong values: adding, inserting,        |
//| deleting,                                                        |
//| sorting (ascending, whatever the mode) and searching the sorted  |
//| array. At() of a missing index returns LONG_MAX.                 |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "Array.mqh"

class CArrayLong : public CArray
  {
protected:
   long              m_data[];         // elements; its size is the capacity

public:
                     CArrayLong(void) {}
                    ~CArrayLong(void) { Shutdown(); }
   //--- object type (TYPE_LONG)
   virtual int       Type(void) const { return(10); }
   //--- file storage (files are not available in this runtime)
   virtual bool      Save(const int file_handle) { return(false); }
   virtual bool      Load(const int file_handle) { return(false); }
   //--- memory
   bool              Reserve(const int size);
   bool              Resize(const int size);
   bool              Shutdown(void);
   //--- filling
   bool              Add(const long element);
   bool              AddArray(const long &src[]);
   bool              AddArray(const CArrayLong *src);
   bool              Insert(const long element, const int pos);
   bool              InsertArray(const long &src[], const int pos);
   bool              InsertArray(const CArrayLong *src, const int pos);
   bool              AssignArray(const long &src[]);
   bool              AssignArray(const CArrayLong *src);
   //--- access
   long              At(const int index) const;
   long              operator[](const int index) const { return(At(index)); }
   //--- index of the smallest / largest of `count` elements from `start`
   int               Minimum(const int start, const int count) const;
   int               Maximum(const int start, const int count) const;
   //--- changing
   bool              Update(const int index, const long element);
   bool              Shift(const int index, const int shift);
   //--- deleting
   bool              Delete(const int index);
   bool              DeleteRange(int from, int to);
   //--- comparing
   bool              CompareArray(const long &array[]) const;
   bool              CompareArray(const CArrayLong *array) const;
   //--- the sorted array
   bool              InsertSort(const long element);
   int               Search(const long element) const;
   int               SearchGreat(const long element) const;
   int               SearchLess(const long element) const;
   int               SearchGreatOrEqual(const long element) const;
   int               SearchLessOrEqual(const long element) const;
   int               SearchFirst(const long element) const;
   int               SearchLast(const long element) const;
   int               SearchLinear(const long element) const;

protected:
   virtual void      QuickSort(int beg, int end, const int mode);
   //--- -1, 0 or 1 as a is below, equal to or above b
   int               CompareElements(const long a, const long b) const;
   //--- first index whose element is >= (LowerBound) or > (UpperBound) element
   int               LowerBound(const long element) const;
   int               UpperBound(const long element) const;
   //--- makes room for `count` elements at pos (at most the end); their index or -1
   int               OpenGap(const int pos, const int count);
  };
//+------------------------------------------------------------------+
//| Makes room for `size` more elements.                             |
//+------------------------------------------------------------------+
bool CArrayLong::Reserve(const int size)
  {
   if(size <= 0)
      return(false);
   if(Available() >= size)
      return(true);
   int new_max = GrownSize(size);
   if(ArrayResize(m_data, new_max) != new_max)
      return(false);
   m_data_max = new_max;
   return(true);
  }
//+------------------------------------------------------------------+
//| Sets the capacity to `size` in whole steps; drops what is past   |
//| it.                                                              |
//+------------------------------------------------------------------+
bool CArrayLong::Resize(const int size)
  {
   if(size < 0)
      return(false);
   int new_max = (size + m_step_resize - 1) / m_step_resize * m_step_resize;
   if(m_data_total > size)
      m_data_total = size;
   if(new_max == m_data_max)
      return(true);
   if(ArrayResize(m_data, new_max) != new_max)
      return(false);
   m_data_max = new_max;
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes every element and frees the memory.                      |
//+------------------------------------------------------------------+
bool CArrayLong::Shutdown(void)
  {
   ArrayFree(m_data);
   m_data_total = 0;
   m_data_max = 0;
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds an element at the end.                                      |
//+------------------------------------------------------------------+
bool CArrayLong::Add(const long element)
  {
   if(!Reserve(1))
      return(false);
   m_data[m_data_total++] = element;
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds the elements of an array at the end.                        |
//+------------------------------------------------------------------+
bool CArrayLong::AddArray(const long &src[])
  {
   int num = ArraySize(src);
   if(num == 0)
      return(true);
   if(!Reserve(num))
      return(false);
   for(int i = 0; i < num; i++)
      m_data[m_data_total++] = src[i];
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds the elements of another CArrayLong at the end.              |
//+------------------------------------------------------------------+
bool CArrayLong::AddArray(const CArrayLong *src)
  {
   if(!CheckPointer(src))
      return(false);
   int num = src.Total();
   if(num == 0)
      return(true);
   if(!Reserve(num))
      return(false);
   for(int i = 0; i < num; i++)
      m_data[m_data_total++] = src.m_data[i];
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Makes room for `count` elements at pos (past the end: at the     |
//| end).                                                            |
//+------------------------------------------------------------------+
int CArrayLong::OpenGap(const int pos, const int count)
  {
   int at = (pos < m_data_total) ? pos : m_data_total;
   if(count <= 0)
      return(at);
   if(!Reserve(count))
      return(-1);
   for(int i = m_data_total - 1; i >= at; i--)
      m_data[i + count] = m_data[i];
   m_data_total += count;
   return(at);
  }
//+------------------------------------------------------------------+
//| Inserts an element at pos (past the end: at the end).            |
//+------------------------------------------------------------------+
bool CArrayLong::Insert(const long element, const int pos)
  {
   if(pos < 0)
      return(false);
   int at = OpenGap(pos, 1);
   if(at < 0)
      return(false);
   m_data[at] = element;
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Inserts the elements of an array at pos.                         |
//+------------------------------------------------------------------+
bool CArrayLong::InsertArray(const long &src[], const int pos)
  {
   if(pos < 0)
      return(false);
   int num = ArraySize(src);
   int at = OpenGap(pos, num);
   if(at < 0)
      return(false);
   for(int i = 0; i < num; i++)
      m_data[at + i] = src[i];
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Inserts the elements of another CArrayLong at pos.               |
//+------------------------------------------------------------------+
bool CArrayLong::InsertArray(const CArrayLong *src, const int pos)
  {
   if(!CheckPointer(src) || pos < 0)
      return(false);
   long copy[];
   int num = src.Total();
   ArrayResize(copy, num);
   for(int i = 0; i < num; i++)
      copy[i] = src.m_data[i];
   return(InsertArray(copy, pos));
  }
//+------------------------------------------------------------------+
//| Replaces the elements with those of an array.                    |
//+------------------------------------------------------------------+
bool CArrayLong::AssignArray(const long &src[])
  {
   int num = ArraySize(src);
   Clear();
   if(m_data_max < num && !Reserve(num))
      return(false);
   for(int i = 0; i < num; i++)
      m_data[i] = src[i];
   m_data_total = num;
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Replaces the elements with those of another CArrayLong.          |
//+------------------------------------------------------------------+
bool CArrayLong::AssignArray(const CArrayLong *src)
  {
   if(!CheckPointer(src))
      return(false);
   if(src == GetPointer(this))
      return(true);
   int num = src.Total();
   Clear();
   if(m_data_max < num && !Reserve(num))
      return(false);
   for(int i = 0; i < num; i++)
      m_data[i] = src.m_data[i];
   m_data_total = num;
   m_sort_mode = src.SortMode();
   return(true);
  }
//+------------------------------------------------------------------+
//| The element at index; LONG_MAX when there is none.               |
//+------------------------------------------------------------------+
long CArrayLong::At(const int index) const
  {
   if(index < 0 || index >= m_data_total)
      return(LONG_MAX);
   return(m_data[index]);
  }
//+------------------------------------------------------------------+
//| Index of the smallest element among `count` from `start`, or -1. |
//+------------------------------------------------------------------+
int CArrayLong::Minimum(const int start, const int count) const
  {
   int n = (count < 0 || start + count > m_data_total) ? m_data_total - start : count;
   if(start < 0 || n <= 0)
      return(-1);
   int best = start;
   for(int i = start + 1; i < start + n; i++)
      if(m_data[i] < m_data[best])
         best = i;
   return(best);
  }
//+------------------------------------------------------------------+
//| Index of the largest element among `count` from `start`, or -1.  |
//+------------------------------------------------------------------+
int CArrayLong::Maximum(const int start, const int count) const
  {
   int n = (count < 0 || start + count > m_data_total) ? m_data_total - start : count;
   if(start < 0 || n <= 0)
      return(-1);
   int best = start;
   for(int i = start + 1; i < start + n; i++)
      if(m_data[i] > m_data[best])
         best = i;
   return(best);
  }
//+------------------------------------------------------------------+
//| Replaces the element at index.                                   |
//+------------------------------------------------------------------+
bool CArrayLong::Update(const int index, const long element)
  {
   if(index < 0 || index >= m_data_total)
      return(false);
   m_data[index] = element;
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Moves the element at index by `shift` places (the others close   |
//| up).                                                             |
//+------------------------------------------------------------------+
bool CArrayLong::Shift(const int index, const int shift)
  {
   int to = index + shift;
   if(index < 0 || index >= m_data_total || to < 0 || to >= m_data_total)
      return(false);
   if(shift == 0)
      return(true);
   long moved = m_data[index];
   if(shift > 0)
      for(int i = index; i < to; i++)
         m_data[i] = m_data[i + 1];
   else
      for(int i = index; i > to; i--)
         m_data[i] = m_data[i - 1];
   m_data[to] = moved;
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes the element at index.                                    |
//+------------------------------------------------------------------+
bool CArrayLong::Delete(const int index)
  {
   if(index < 0 || index >= m_data_total)
      return(false);
   for(int i = index + 1; i < m_data_total; i++)
      m_data[i - 1] = m_data[i];
   m_data_total--;
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes the elements from..to (inclusive; in either order).      |
//+------------------------------------------------------------------+
bool CArrayLong::DeleteRange(int from, int to)
  {
   if(from < 0 || to < 0)
      return(false);
   if(from > to)
     {
      int swap = from;
      from = to;
      to = swap;
     }
   if(from >= m_data_total)
      return(false);
   if(to >= m_data_total)
      to = m_data_total - 1;
   int count = to - from + 1;
   for(int i = to + 1; i < m_data_total; i++)
      m_data[i - count] = m_data[i];
   m_data_total -= count;
   return(true);
  }
//+------------------------------------------------------------------+
//| True when the array holds the same elements as `array`.          |
//+------------------------------------------------------------------+
bool CArrayLong::CompareArray(const long &array[]) const
  {
   if(ArraySize(array) != m_data_total)
      return(false);
   for(int i = 0; i < m_data_total; i++)
      if(CompareElements(m_data[i], array[i]) != 0)
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| True when both CArrayLong hold the same elements.                |
//+------------------------------------------------------------------+
bool CArrayLong::CompareArray(const CArrayLong *array) const
  {
   if(!CheckPointer(array) || array.Total() != m_data_total)
      return(false);
   for(int i = 0; i < m_data_total; i++)
      if(CompareElements(m_data[i], array.m_data[i]) != 0)
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| Inserts into the sorted array, after the elements equal to it.   |
//+------------------------------------------------------------------+
bool CArrayLong::InsertSort(const long element)
  {
   if(m_sort_mode == -1)
      return(false);
   int at = OpenGap(UpperBound(element), 1);
   if(at < 0)
      return(false);
   m_data[at] = element;
   return(true);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of an element equal to `element`, or -1.  |
//+------------------------------------------------------------------+
int CArrayLong::Search(const long element) const
  {
   return(SearchFirst(element));
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the first element above `element`, or  |
//| -1.                                                              |
//+------------------------------------------------------------------+
int CArrayLong::SearchGreat(const long element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1)
      return(-1);
   int pos = UpperBound(element);
   return(pos < m_data_total ? pos : -1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the last element below `element`, or   |
//| -1.                                                              |
//+------------------------------------------------------------------+
int CArrayLong::SearchLess(const long element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1)
      return(-1);
   return(LowerBound(element) - 1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the first element >= `element`, or -1. |
//+------------------------------------------------------------------+
int CArrayLong::SearchGreatOrEqual(const long element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1)
      return(-1);
   int pos = LowerBound(element);
   return(pos < m_data_total ? pos : -1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the last element <= `element`, or -1.  |
//+------------------------------------------------------------------+
int CArrayLong::SearchLessOrEqual(const long element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1)
      return(-1);
   return(UpperBound(element) - 1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the first element equal to `element`.  |
//+------------------------------------------------------------------+
int CArrayLong::SearchFirst(const long element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1)
      return(-1);
   int pos = LowerBound(element);
   if(pos < m_data_total && CompareElements(m_data[pos], element) == 0)
      return(pos);
   return(-1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the last element equal to `element`.   |
//+------------------------------------------------------------------+
int CArrayLong::SearchLast(const long element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1)
      return(-1);
   int pos = UpperBound(element) - 1;
   if(pos >= 0 && CompareElements(m_data[pos], element) == 0)
      return(pos);
   return(-1);
  }
//+------------------------------------------------------------------+
//| Any array: position of the first element equal to `element`.     |
//+------------------------------------------------------------------+
int CArrayLong::SearchLinear(const long element) const
  {
   for(int i = 0; i < m_data_total; i++)
      if(CompareElements(m_data[i], element) == 0)
         return(i);
   return(-1);
  }
//+------------------------------------------------------------------+
//| Sorts the elements beg..end in ascending order (Hoare            |
//| partition).                                                      |
//+------------------------------------------------------------------+
void CArrayLong::QuickSort(int beg, int end, const int mode)
  {
   while(beg < end)
     {
      long pivot = m_data[(beg + end) >> 1];
      int i = beg;
      int j = end;
      while(i <= j)
        {
         while(m_data[i] < pivot)
            i++;
         while(m_data[j] > pivot)
            j--;
         if(i <= j)
           {
            long swap = m_data[i];
            m_data[i] = m_data[j];
            m_data[j] = swap;
            i++;
            j--;
           }
        }
      //--- the smaller part by recursion, the larger one by the loop
      if(j - beg < end - i)
        {
         if(beg < j)
            QuickSort(beg, j, mode);
         beg = i;
        }
      else
        {
         if(i < end)
            QuickSort(i, end, mode);
         end = j;
        }
     }
  }
//+------------------------------------------------------------------+
//| -1, 0 or 1 as a is below, equal to or above b.                   |
//+------------------------------------------------------------------+
int CArrayLong::CompareElements(const long a, const long b) const
  {
   if(a > b)
      return(1);
   if(a < b)
      return(-1);
   return(0);
  }
//+------------------------------------------------------------------+
//| First index whose element is not below `element` (binary         |
//| search).                                                         |
//+------------------------------------------------------------------+
int CArrayLong::LowerBound(const long element) const
  {
   int lo = 0;
   int hi = m_data_total;
   while(lo < hi)
     {
      int mid = (lo + hi) >> 1;
      if(CompareElements(m_data[mid], element) < 0)
         lo = mid + 1;
      else
         hi = mid;
     }
   return(lo);
  }
//+------------------------------------------------------------------+
//| First index whose element is above `element` (binary search).    |
//+------------------------------------------------------------------+
int CArrayLong::UpperBound(const long element) const
  {
   int lo = 0;
   int hi = m_data_total;
   while(lo < hi)
     {
      int mid = (lo + hi) >> 1;
      if(CompareElements(m_data[mid], element) <= 0)
         lo = mid + 1;
      else
         hi = mid;
     }
   return(lo);
  }
//+------------------------------------------------------------------+
