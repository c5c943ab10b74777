//+------------------------------------------------------------------+
//| Arrays/ArrayObj.mqh — class CArrayObj (Standard Library).        |
//|                                                                  |
//| Dynamic array of CObject pointers. Sorting and the searches of   |
//| the sorted array order the elements by their virtual Compare(),  |
//| in the mode given to Sort. With FreeMode on (the default) the    |
//| array owns its elements: Delete, DeleteRange, Clear, Resize,     |
//| Update, Shutdown and the destructor delete the objects they      |
//| remove (Detach does not).                                        |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "Array.mqh"

class CArrayObj : public CArray
  {
protected:
   CObject          *m_data[];         // elements; its size is the capacity
   bool              m_free_mode;      // delete the elements removed

public:
                     CArrayObj(void) : m_free_mode(true) {}
                    ~CArrayObj(void) { Shutdown(); }
   //--- memory management flag
   bool              FreeMode(void) const { return(m_free_mode); }
   void              FreeMode(const bool mode) { m_free_mode = mode; }
   //--- object type
   virtual int       Type(void) const { return(0x7778); }
   //--- file storage (files are not available in this runtime)
   virtual bool      Save(const int file_handle) { return(false); }
   virtual bool      Load(const int file_handle) { return(false); }
   //--- makes the element at index (used by Load); derived classes override
   virtual bool      CreateElement(const int index) { return(false); }
   //--- memory
   bool              Reserve(const int size);
   bool              Resize(const int size);
   bool              Shutdown(void);
   //--- filling
   bool              Add(CObject *element);
   bool              AddArray(const CArrayObj *src);
   bool              Insert(CObject *element, const int pos);
   bool              InsertArray(const CArrayObj *src, const int pos);
   bool              AssignArray(const CArrayObj *src);
   //--- access
   CObject          *At(const int index) const;
   //--- changing
   bool              Update(const int index, CObject *element);
   bool              Shift(const int index, const int shift);
   //--- deleting
   CObject          *Detach(const int index);
   bool              Delete(const int index);
   bool              DeleteRange(int from, int to);
   void              Clear(void);
   //--- comparing
   bool              CompareArray(const CArrayObj *array) const;
   //--- the sorted array
   bool              InsertSort(CObject *element);
   int               Search(const CObject *element) const;
   int               SearchGreat(const CObject *element) const;
   int               SearchLess(const CObject *element) const;
   int               SearchGreatOrEqual(const CObject *element) const;
   int               SearchLessOrEqual(const CObject *element) const;
   int               SearchFirst(const CObject *element) const;
   int               SearchLast(const CObject *element) const;

protected:
   virtual void      QuickSort(int beg, int end, const int mode);
   //--- deletes the element at index when the array owns it
   void              FreeElement(const int index);
   //--- first index whose element is >= (LowerBound) or > (UpperBound) element
   int               LowerBound(const CObject *element) const;
   int               UpperBound(const CObject *element) const;
   //--- makes room for `count` elements at pos (at most the end); their index or -1
   int               OpenGap(const int pos, const int count);
  };
//+------------------------------------------------------------------+
//| Makes room for `size` more elements.                             |
//+------------------------------------------------------------------+
bool CArrayObj::Reserve(const int size)
  {
   if(size <= 0)
      return(false);
   if(Available() >= size)
      return(true);
   int new_max = GrownSize(size);
   if(ArrayResize(m_data, new_max) != new_max)
      return(false);
   for(int i = m_data_max; i < new_max; i++)
      m_data[i] = NULL;
   m_data_max = new_max;
   return(true);
  }
//+------------------------------------------------------------------+
//| Sets the capacity to `size` in whole steps; the elements past it |
//| are removed (deleted in FreeMode).                               |
//+------------------------------------------------------------------+
bool CArrayObj::Resize(const int size)
  {
   if(size < 0)
      return(false);
   int new_max = (size + m_step_resize - 1) / m_step_resize * m_step_resize;
   for(int i = size; i < m_data_total; i++)
     {
      FreeElement(i);
      m_data[i] = NULL;
     }
   if(m_data_total > size)
      m_data_total = size;
   if(new_max == m_data_max)
      return(true);
   if(ArrayResize(m_data, new_max) != new_max)
      return(false);
   for(int i = m_data_max; i < new_max; i++)
      m_data[i] = NULL;
   m_data_max = new_max;
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes every element (deleted in FreeMode), frees the memory.   |
//+------------------------------------------------------------------+
bool CArrayObj::Shutdown(void)
  {
   Clear();
   ArrayFree(m_data);
   m_data_max = 0;
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Deletes the element at index if the array owns it.               |
//+------------------------------------------------------------------+
void CArrayObj::FreeElement(const int index)
  {
   if(m_free_mode && CheckPointer(m_data[index]) == POINTER_DYNAMIC)
      delete m_data[index];
  }
//+------------------------------------------------------------------+
//| Adds an element at the end; false for an invalid pointer.        |
//+------------------------------------------------------------------+
bool CArrayObj::Add(CObject *element)
  {
   if(!CheckPointer(element))
      return(false);
   if(!Reserve(1))
      return(false);
   m_data[m_data_total++] = element;
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds the elements of another array at the end (the pointers are  |
//| shared: at most one of the arrays should be in FreeMode).        |
//+------------------------------------------------------------------+
bool CArrayObj::AddArray(const CArrayObj *src)
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
//| Makes room for `count` elements at pos (past the end: at the end)|
//+------------------------------------------------------------------+
int CArrayObj::OpenGap(const int pos, const int count)
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
bool CArrayObj::Insert(CObject *element, const int pos)
  {
   if(pos < 0 || !CheckPointer(element))
      return(false);
   int at = OpenGap(pos, 1);
   if(at < 0)
      return(false);
   m_data[at] = element;
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Inserts the elements of another array at pos (pointers shared).  |
//+------------------------------------------------------------------+
bool CArrayObj::InsertArray(const CArrayObj *src, const int pos)
  {
   if(!CheckPointer(src) || pos < 0)
      return(false);
   int num = src.Total();
   CObject *copy[];
   ArrayResize(copy, num);
   for(int i = 0; i < num; i++)
      copy[i] = src.m_data[i];
   int at = OpenGap(pos, num);
   if(at < 0)
      return(false);
   for(int i = 0; i < num; i++)
      m_data[at + i] = copy[i];
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Replaces the elements (the old ones deleted in FreeMode) with    |
//| those of another array (pointers shared).                        |
//+------------------------------------------------------------------+
bool CArrayObj::AssignArray(const CArrayObj *src)
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
//| The element at index; NULL when there is none.                   |
//+------------------------------------------------------------------+
CObject *CArrayObj::At(const int index) const
  {
   if(index < 0 || index >= m_data_total)
      return(NULL);
   return(m_data[index]);
  }
//+------------------------------------------------------------------+
//| Replaces the element at index (the old one deleted in FreeMode). |
//+------------------------------------------------------------------+
bool CArrayObj::Update(const int index, CObject *element)
  {
   if(index < 0 || index >= m_data_total || !CheckPointer(element))
      return(false);
   if(m_data[index] != element)
      FreeElement(index);
   m_data[index] = element;
   m_sort_mode = -1;
   return(true);
  }
//+------------------------------------------------------------------+
//| Moves the element at index by `shift` places (others close up).  |
//+------------------------------------------------------------------+
bool CArrayObj::Shift(const int index, const int shift)
  {
   int to = index + shift;
   if(index < 0 || index >= m_data_total || to < 0 || to >= m_data_total)
      return(false);
   if(shift == 0)
      return(true);
   CObject *moved = m_data[index];
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
//| Removes the element at index without deleting it and returns it; |
//| NULL when there is none.                                         |
//+------------------------------------------------------------------+
CObject *CArrayObj::Detach(const int index)
  {
   if(index < 0 || index >= m_data_total)
      return(NULL);
   CObject *element = m_data[index];
   for(int i = index + 1; i < m_data_total; i++)
      m_data[i - 1] = m_data[i];
   m_data[--m_data_total] = NULL;
   return(element);
  }
//+------------------------------------------------------------------+
//| Removes the element at index (deleted in FreeMode).              |
//+------------------------------------------------------------------+
bool CArrayObj::Delete(const int index)
  {
   if(index < 0 || index >= m_data_total)
      return(false);
   FreeElement(index);
   for(int i = index + 1; i < m_data_total; i++)
      m_data[i - 1] = m_data[i];
   m_data[--m_data_total] = NULL;
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes the elements from..to (inclusive; in either order).      |
//+------------------------------------------------------------------+
bool CArrayObj::DeleteRange(int from, int to)
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
   for(int i = from; i <= to; i++)
      FreeElement(i);
   int count = to - from + 1;
   for(int i = to + 1; i < m_data_total; i++)
      m_data[i - count] = m_data[i];
   for(int i = m_data_total - count; i < m_data_total; i++)
      m_data[i] = NULL;
   m_data_total -= count;
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes every element (deleted in FreeMode); capacity stays.     |
//+------------------------------------------------------------------+
void CArrayObj::Clear(void)
  {
   for(int i = 0; i < m_data_total; i++)
     {
      FreeElement(i);
      m_data[i] = NULL;
     }
   m_data_total = 0;
  }
//+------------------------------------------------------------------+
//| True when both arrays hold equal elements (Compare in mode 0).   |
//+------------------------------------------------------------------+
bool CArrayObj::CompareArray(const CArrayObj *array) const
  {
   if(!CheckPointer(array) || array.Total() != m_data_total)
      return(false);
   for(int i = 0; i < m_data_total; i++)
      if(m_data[i] != array.m_data[i] && m_data[i].Compare(array.m_data[i], 0) != 0)
         return(false);
   return(true);
  }
//+------------------------------------------------------------------+
//| Inserts into the sorted array, after the elements equal to it.   |
//+------------------------------------------------------------------+
bool CArrayObj::InsertSort(CObject *element)
  {
   if(m_sort_mode == -1 || !CheckPointer(element))
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
int CArrayObj::Search(const CObject *element) const
  {
   return(SearchFirst(element));
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the first element above `element`.     |
//+------------------------------------------------------------------+
int CArrayObj::SearchGreat(const CObject *element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1 || !CheckPointer(element))
      return(-1);
   int pos = UpperBound(element);
   return(pos < m_data_total ? pos : -1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the last element below `element`.      |
//+------------------------------------------------------------------+
int CArrayObj::SearchLess(const CObject *element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1 || !CheckPointer(element))
      return(-1);
   return(LowerBound(element) - 1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the first element >= `element`.        |
//+------------------------------------------------------------------+
int CArrayObj::SearchGreatOrEqual(const CObject *element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1 || !CheckPointer(element))
      return(-1);
   int pos = LowerBound(element);
   return(pos < m_data_total ? pos : -1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the last element <= `element`.         |
//+------------------------------------------------------------------+
int CArrayObj::SearchLessOrEqual(const CObject *element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1 || !CheckPointer(element))
      return(-1);
   return(UpperBound(element) - 1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the first element equal to `element`.  |
//+------------------------------------------------------------------+
int CArrayObj::SearchFirst(const CObject *element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1 || !CheckPointer(element))
      return(-1);
   int pos = LowerBound(element);
   if(pos < m_data_total && m_data[pos].Compare(element, m_sort_mode) == 0)
      return(pos);
   return(-1);
  }
//+------------------------------------------------------------------+
//| Sorted array: position of the last element equal to `element`.   |
//+------------------------------------------------------------------+
int CArrayObj::SearchLast(const CObject *element) const
  {
   if(m_data_total == 0 || m_sort_mode == -1 || !CheckPointer(element))
      return(-1);
   int pos = UpperBound(element) - 1;
   if(pos >= 0 && m_data[pos].Compare(element, m_sort_mode) == 0)
      return(pos);
   return(-1);
  }
//+------------------------------------------------------------------+
//| Sorts the elements beg..end by Compare(…, mode), ascending.      |
//+------------------------------------------------------------------+
void CArrayObj::QuickSort(int beg, int end, const int mode)
  {
   while(beg < end)
     {
      CObject *pivot = m_data[(beg + end) >> 1];
      int i = beg;
      int j = end;
      while(i <= j)
        {
         while(m_data[i].Compare(pivot, mode) < 0)
            i++;
         while(m_data[j].Compare(pivot, mode) > 0)
            j--;
         if(i <= j)
           {
            CObject *swap = m_data[i];
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
//| First index whose element is not below `element`.                |
//+------------------------------------------------------------------+
int CArrayObj::LowerBound(const CObject *element) const
  {
   int lo = 0;
   int hi = m_data_total;
   while(lo < hi)
     {
      int mid = (lo + hi) >> 1;
      if(m_data[mid].Compare(element, m_sort_mode) < 0)
         lo = mid + 1;
      else
         hi = mid;
     }
   return(lo);
  }
//+------------------------------------------------------------------+
//| First index whose element is above `element`.                    |
//+------------------------------------------------------------------+
int CArrayObj::UpperBound(const CObject *element) const
  {
   int lo = 0;
   int hi = m_data_total;
   while(lo < hi)
     {
      int mid = (lo + hi) >> 1;
      if(m_data[mid].Compare(element, m_sort_mode) <= 0)
         lo = mid + 1;
      else
         hi = mid;
     }
   return(lo);
  }
//+------------------------------------------------------------------+
