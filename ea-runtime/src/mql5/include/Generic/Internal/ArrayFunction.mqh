//+------------------------------------------------------------------+
//| Generic/Internal/ArrayFunction.mqh                               |
//|                                                                  |
//| Array helpers of the generic collections (function templates):   |
//| linear searches with an equality comparer, binary search and a   |
//| stable merge sort with a comparer, over a range of an array.     |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\IComparer.mqh>
#include <Generic\Interfaces\IEqualityComparer.mqh>
//+------------------------------------------------------------------+
//| First index in [start_index, start_index+count) whose element    |
//| equals value, or -1.                                             |
//+------------------------------------------------------------------+
template<typename T>
int ArrayIndexOf(T &array[], T value, const int start_index, const int count, IEqualityComparer<T> *comparer)
  {
   int end = start_index + count;
   for(int i = start_index; i < end; i++)
      if(comparer.Equals(array[i], value))
         return(i);
   return(-1);
  }
//+------------------------------------------------------------------+
//| Last index in (start_index-count, start_index] whose element     |
//| equals value, or -1 (the search runs backwards).                 |
//+------------------------------------------------------------------+
template<typename T>
int ArrayLastIndexOf(T &array[], T value, const int start_index, const int count, IEqualityComparer<T> *comparer)
  {
   int end = start_index - count;
   for(int i = start_index; i > end; i--)
      if(comparer.Equals(array[i], value))
         return(i);
   return(-1);
  }
//+------------------------------------------------------------------+
//| Binary search of value in [start_index, start_index+count),      |
//| sorted by comparer: the index of an equal element, or the bitwise|
//| complement (a negative number) of the index of the first larger  |
//| element (start_index+count when there is none).                  |
//+------------------------------------------------------------------+
template<typename T>
int ArrayBinarySearch(T &array[], const int start_index, const int count, T value, IComparer<T> *comparer)
  {
   int lo = start_index;
   int hi = start_index + count - 1;
   while(lo <= hi)
     {
      int mid = lo + ((hi - lo) >> 1);
      int order = comparer.Compare(array[mid], value);
      if(order == 0)
         return(mid);
      if(order < 0)
         lo = mid + 1;
      else
         hi = mid - 1;
     }
   return(~lo);
  }
//+------------------------------------------------------------------+
//| Sorts [start_index, start_index+count) by comparer, keeping the  |
//| order of equal elements (bottom-up merge sort).                  |
//+------------------------------------------------------------------+
template<typename T>
void ArrayStableSort(T &array[], const int start_index, const int count, IComparer<T> *comparer)
  {
   if(count < 2)
      return;
   T buffer[];
   ArrayResize(buffer, count);
   for(int width = 1; width < count; width *= 2)
     {
      for(int left = 0; left < count; left += 2 * width)
        {
         int mid = MathMin(left + width, count);
         int right = MathMin(left + 2 * width, count);
         int i = left, j = mid, k = left;
         while(i < mid && j < right)
           {
            if(comparer.Compare(array[start_index + j], array[start_index + i]) < 0)
               buffer[k++] = array[start_index + j++];
            else
               buffer[k++] = array[start_index + i++];
           }
         while(i < mid)
            buffer[k++] = array[start_index + i++];
         while(j < right)
            buffer[k++] = array[start_index + j++];
        }
      for(int n = 0; n < count; n++)
         array[start_index + n] = buffer[n];
     }
  }
