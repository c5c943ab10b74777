//+------------------------------------------------------------------+
//| Arrays/Array.mqh — class CArray (Standard Library).              |
//|                                                                  |
//| Base of the dynamic arrays (CArrayChar … CArrayObj): element     |
//| count, capacity (grown in multiples of Step), sort state.        |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//| Files are not available in this runtime: Save/Load return false. |
//+------------------------------------------------------------------+
#include <Object.mqh>

class CArray : public CObject
  {
protected:
   int               m_step_resize;    // capacity grows by this many elements
   int               m_data_total;     // elements in use
   int               m_data_max;       // capacity
   int               m_sort_mode;      // mode of the last Sort, -1 when unsorted

public:
                     CArray(void) : m_step_resize(16), m_data_total(0), m_data_max(0), m_sort_mode(-1) {}
                    ~CArray(void) {}
   //--- attributes
   int               Step(void) const { return(m_step_resize); }
   bool              Step(const int step);
   int               Total(void) const { return(m_data_total); }
   int               Available(void) const { return(m_data_max - m_data_total); }
   int               Max(void) const { return(m_data_max); }
   bool              IsSorted(const int mode = 0) const { return(m_sort_mode == mode); }
   int               SortMode(void) const { return(m_sort_mode); }
   //--- removes every element (the capacity stays)
   void              Clear(void) { m_data_total = 0; }
   //--- file storage
   virtual bool      Save(const int file_handle) { return(false); }
   virtual bool      Load(const int file_handle) { return(false); }
   //--- sorting
   void              Sort(const int mode = 0);

protected:
   //--- sorts elements beg..end (inclusive); a plain CArray has none
   virtual void      QuickSort(int beg, int end, const int mode) { m_sort_mode = -1; }
   //--- capacity for `count` more elements: whole steps, at least `count`
   int               GrownSize(const int count) const;
  };
//+------------------------------------------------------------------+
//| Sets the growth step; false (nothing changed) unless step > 0.   |
//+------------------------------------------------------------------+
bool CArray::Step(const int step)
  {
   if(step <= 0)
      return(false);
   m_step_resize = step;
   return(true);
  }
//+------------------------------------------------------------------+
//| Sorts in `mode` unless already sorted so.                        |
//+------------------------------------------------------------------+
void CArray::Sort(const int mode)
  {
   if(IsSorted(mode))
      return;
   m_sort_mode = mode;
   if(m_data_total <= 1)
      return;
   QuickSort(0, m_data_total - 1, mode);
  }
//+------------------------------------------------------------------+
//| Capacity needed for `count` more elements, in whole steps.       |
//+------------------------------------------------------------------+
int CArray::GrownSize(const int count) const
  {
   int missing = count - Available();
   if(missing <= 0)
      return(m_data_max);
   int steps = (missing + m_step_resize - 1) / m_step_resize;
   return(m_data_max + steps * m_step_resize);
  }
//+------------------------------------------------------------------+
