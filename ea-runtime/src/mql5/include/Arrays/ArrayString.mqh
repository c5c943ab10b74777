//+------------------------------------------------------------------+
//| Arrays/ArrayString.mqh — class CArrayString (Standard Library).  |
//|                                                                  |
//| Dynamic array of string values: adding, inserting, deleting,     |
//| sorting (ascending, whatever the mode) and searching the sorted  |
//| array. At() of a missing index returns an empty string.          |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "Array.mqh"

class CArrayString : public CArray
  {
protected:
   string            m_data[];         // elements; its size is the capacity

public:
                     CArrayString(void) {}
                    ~CArrayString(void) { Shutdown(); }
   //--- object type (TYPE_STRING)
   virtual int       Type(void) const { return(14); }
   //--- file storage (files are not available in this runtime)
   virtual bool      Save(const int file_handle) { return(false); }
   virtual bool      Load(const int file_handle) { return(false); }
   //--- memory
   bool              Reserve(const int size);
   bool              Resize(const int size);
   bool              Shutdown(void);
   //--- filling
   bool              Add(const string element);
   bool              AddArray(const string &src[]);
   bool              AddArray(const CArrayString *src);
   bool              Insert(const string element, const int pos);
   bool              InsertArray(const string &src[], const int pos);
   bool              InsertArray(const CArrayString *src, const int pos);
   bool              AssignArray(const string &src[]);
   bool              AssignArray(const CArrayString *src);
   //--- access
   string            At(const int index) const;
   string            operator[](const int index) const { return(At(index)); }
   //--- changing
   bool              Update(const int index, const string element);
   bool              Shift(const int index, const int shift);
   //--- deleting
   bool              Delete(const int index);
   bool              DeleteRange(int from, int to);
   //--- comparing
   bool              CompareArray(const string &array[]) const;
   bool              CompareArray(const CArrayString *array) const;
   //--- the sorted array
   bool              InsertSort(const string element);
   int               Search(const string element) const;
   int               SearchGreat(const string element) const;
   int               SearchLess(const string element) const;
   int               SearchGreatOrEqual(const string element) const;
   int               SearchLessOrEqual(const string element) const;
   int               SearchFirst(const string element) const;
   int               SearchLast(const string element) const;
   int               SearchLinear(const string element) const;

protected:
   virtual void      QuickSort(int beg, int end, const int mode);
   //--- -1, 0 or 1 as a is below, equal to or above b
   int               CompareElements(const string a, const string b) const;
   //--- first index whose element is >= (LowerBound) or > (UpperBound) element
   int               LowerBound(const string element) const;
   int               UpperBound(const string element) const;
   //--- makes room for `count` elements at pos (at most the end); their index or -1
   int               OpenGap(const int pos, const int count);
  };
//+------------------------------------------------------------------+
//| Makes room for `size` more elements.                             |
//+------------------------------------------------------------------+
bool CArrayString::Reserve(const int size)
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
bool CArrayString::Resize(const int size)
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
bool CArrayString::Shutdown(void)
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
bool CArrayString::Add(const string element)
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
bool CArrayString::AddArray(const string &src[])
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
//| Adds the elements of another CArrayString at the end.            |
//+------------------------------------------------------------------+
bool CArrayString::AddArray(const CArrayString *src)
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
int CArrayString::OpenGap(const int pos, const int count)
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
bool CArrayString::Insert(const string element, const int pos)
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
bool CArrayString::InsertArray(const string &src[], const int pos)
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
//| Inserts the elements of another CArrayString at pos.             |
//+------------------------------------------------------------------+
bool CArrayString::InsertArray(const CArrayString *src, const int pos)
  {
   if(!CheckPointer(src) || pos < 0)
      return(false);
   string copy[];
   int num = src.Total();
   ArrayResize(copy, num);
   for(int i = 0; i < num; i++)
      copy[i] = src.m_data[i];
   return(InsertArray(copy, pos));
  }
//+------------------------------------------------------------------+
//| Replaces the elements with those of an array.                    |
//+------------------------------------------------------------------+
bool CArrayString::AssignArray(const string &src[])
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
//| Replaces the elements with those of another CArrayString.        |
//+------------------------------------------------------------------+
bool CArrayString::AssignArray(const CArrayString *src)
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
//| The element at index; an empty string when there is none.        |
//+------------------------------------------------------------------+
string CArrayString::At(const int index) const
  {
   if(index < 0 || index >= m_data_total)
      return("");
   return(m_data[index]);
  }
//+------------------------------------------------------------------+
//| Replaces the element at index.                                   |
//+------------------------------------------------------------------+
bool CArrayString::Update(const int index, const string element)
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
bool CArrayString::Shift(const int index, const int shift)
  {
   int to = index + shift;
   if(index < 0 || index >= m_data_total || to < 0 || to >= m_data_total)
      return(false);
   if(shift == 0)
      return(true);
   string moved = m_data[index];
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
bool CArrayString::Delete(const int index)
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
bool CArrayString::DeleteRange(int from, int to)
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
bool CArrayString::CompareArray(const string &array[]) const
  {
   if(ArraySize(array) != m_data_total)
      return(false);
   for(int i = 0; i < m_data_total; i++)
      if(CompareElements(m_data[i], array[i]) != 0)
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| True when both CArrayString hold the same elements.              |
//+------------------------------------------------------------------+
bool CArrayString::CompareArray(const CArrayString *array) const
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
bool CArrayString::InsertSort(const string element)
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
int CArrayString::Search(const string element) const
  {
   return(SearchFirst(element));
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the first element above `element`, or  |
//| -1.                                                              |
//+------------------------------------------------------------------+
int CArrayString::SearchGreat(const string element) const
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
int CArrayString::SearchLess(const string element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1)
      return(-1);
   return(LowerBound(element) - 1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the first element >= `element`, or -1. |
//+------------------------------------------------------------------+
int CArrayString::SearchGreatOrEqual(const string element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1)
      return(-1);
   int pos = LowerBound(element);
   return(pos < m_data_total ? pos : -1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the last element <= `element`, or -1.  |
//+------------------------------------------------------------------+
int CArrayString::SearchLessOrEqual(const string element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1)
      return(-1);
   return(UpperBound(element) - 1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the first element equal to `element`.  |
//+------------------------------------------------------------------+
int CArrayString::SearchFirst(const string element) const
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
int CArrayString::SearchLast(const string element) const
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
int CArrayString::SearchLinear(const string element) const
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
void CArrayString::QuickSort(int beg, int end, const int mode)
  {
   while(beg < end)
     {
      string pivot = m_data[(beg + end) >> 1];
      int i = beg;
      int j = end;
      while(i <= j)
        {
         while(StringCompare(m_data[i], pivot) < 0)
            i++;
         while(StringCompare(m_data[j], pivot) > 0)
            j--;
         if(i <= j)
           {
            string swap = m_data[i];
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
int CArrayString::CompareElements(const string a, const string b) const
  {
   return(StringCompare(a, b));
  }
//+------------------------------------------------------------------+
//| First index whose element is not below `element` (binary         |
//| search).                                                         |
//+------------------------------------------------------------------+
int CArrayString::LowerBound(const string element) const
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
int CArrayString::UpperBound(const string element) const
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
