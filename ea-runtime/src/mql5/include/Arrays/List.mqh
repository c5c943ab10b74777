//+------------------------------------------------------------------+
//| Arrays/List.mqh — class CList (Standard Library).                |
//|                                                                  |
//| Doubly linked list of CObject (the nodes' own Prev/Next links)   |
//| with a current node: GetFirstNode, GetNextNode, GetNodeAtIndex…  |
//| move it; Add and Insert make the new node current. Sort orders   |
//| the nodes by their virtual Compare() in the given mode; Search   |
//| finds a node of the sorted list. With FreeMode on (the default)  |
//| the list owns its nodes: DeleteCurrent, Delete, Clear and the    |
//| destructor delete them (DetachCurrent does not).                 |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Object.mqh>

class CList : public CObject
  {
protected:
   CObject          *m_first_node;     // head
   CObject          *m_last_node;      // tail
   CObject          *m_curr_node;      // current node (NULL: none)
   int               m_curr_idx;       // its index (-1: none)
   int               m_data_total;     // number of nodes
   bool              m_free_mode;      // delete the nodes removed
   bool              m_data_sort;      // sorted since the last change
   int               m_sort_mode;      // mode of the last Sort

public:
                     CList(void) : m_first_node(NULL), m_last_node(NULL), m_curr_node(NULL),
                                   m_curr_idx(-1), m_data_total(0), m_free_mode(true),
                                   m_data_sort(false), m_sort_mode(-1) {}
                    ~CList(void) { Clear(); }
   //--- attributes
   bool              FreeMode(void) const { return(m_free_mode); }
   void              FreeMode(bool mode) { m_free_mode = mode; }
   int               Total(void) const { return(m_data_total); }
   bool              IsSorted(void) const { return(m_data_sort); }
   int               SortMode(void) const { return(m_sort_mode); }
   //--- object type
   virtual int       Type(void) const { return(0x7779); }
   //--- file storage (files are not available in this runtime)
   virtual bool      Save(const int file_handle) { return(false); }
   virtual bool      Load(const int file_handle) { return(false); }
   //--- makes a node (used by Load); derived classes override
   virtual CObject  *CreateElement(void) { return(NULL); }
   //--- adding
   int               Add(CObject *new_node);
   int               Insert(CObject *new_node, int index);
   //--- navigation
   int               IndexOf(CObject *node);
   CObject          *GetNodeAtIndex(int index);
   CObject          *GetFirstNode(void);
   CObject          *GetPrevNode(void);
   CObject          *GetCurrentNode(void) { return(m_curr_node); }
   CObject          *GetNextNode(void);
   CObject          *GetLastNode(void);
   //--- deleting
   CObject          *DetachCurrent(void);
   bool              DeleteCurrent(void);
   bool              Delete(int index);
   void              Clear(void);
   //--- comparing
   bool              CompareList(CList *List);
   //--- ordering
   void              Sort(int mode);
   bool              MoveToIndex(int index);
   bool              Exchange(CObject *node1, CObject *node2);
   //--- the sorted list: a node equal to `element` (made current), or NULL
   CObject          *Search(CObject *element);

protected:
   //--- sorts nodes[beg..end] by Compare(…, mode), ascending
   void              QuickSort(CObject *&nodes[], int beg, int end, const int mode);
   //--- links `node` in before `before` (NULL: at the end)
   void              LinkBefore(CObject *node, CObject *before);
   //--- unlinks `node`; its links are cleared
   void              Unlink(CObject *node);
   //--- deletes `node` if the list owns it
   void              FreeNode(CObject *node);
  };
//+------------------------------------------------------------------+
//| Links `node` in before `before` (NULL: at the end).              |
//+------------------------------------------------------------------+
void CList::LinkBefore(CObject *node, CObject *before)
  {
   CObject *after = (before == NULL) ? m_last_node : before.Prev();
   node.Prev(after);
   node.Next(before);
   if(after == NULL)
      m_first_node = node;
   else
      after.Next(node);
   if(before == NULL)
      m_last_node = node;
   else
      before.Prev(node);
   m_data_total++;
  }
//+------------------------------------------------------------------+
//| Unlinks `node` (a node of this list); its links are cleared.     |
//+------------------------------------------------------------------+
void CList::Unlink(CObject *node)
  {
   CObject *prev = node.Prev();
   CObject *next = node.Next();
   if(prev == NULL)
      m_first_node = next;
   else
      prev.Next(next);
   if(next == NULL)
      m_last_node = prev;
   else
      next.Prev(prev);
   node.Prev(NULL);
   node.Next(NULL);
   m_data_total--;
  }
//+------------------------------------------------------------------+
//| Deletes `node` if the list owns it.                              |
//+------------------------------------------------------------------+
void CList::FreeNode(CObject *node)
  {
   if(m_free_mode && CheckPointer(node) == POINTER_DYNAMIC)
      delete node;
  }
//+------------------------------------------------------------------+
//| Adds a node at the end and makes it current; its index, or -1.   |
//+------------------------------------------------------------------+
int CList::Add(CObject *new_node)
  {
   if(!CheckPointer(new_node))
      return(-1);
   LinkBefore(new_node, NULL);
   m_curr_node = new_node;
   m_curr_idx = m_data_total - 1;
   m_data_sort = false;
   return(m_curr_idx);
  }
//+------------------------------------------------------------------+
//| Inserts a node at index (past the end: at the end) and makes it  |
//| current; its index, or -1.                                       |
//+------------------------------------------------------------------+
int CList::Insert(CObject *new_node, int index)
  {
   if(!CheckPointer(new_node) || index < 0)
      return(-1);
   if(index >= m_data_total)
      return(Add(new_node));
   LinkBefore(new_node, GetNodeAtIndex(index));
   m_curr_node = new_node;
   m_curr_idx = index;
   m_data_sort = false;
   return(index);
  }
//+------------------------------------------------------------------+
//| Index of `node` in the list, or -1.                              |
//+------------------------------------------------------------------+
int CList::IndexOf(CObject *node)
  {
   if(node == NULL)
      return(-1);
   if(node == m_curr_node)
      return(m_curr_idx);
   int i = 0;
   for(CObject *n = m_first_node; n != NULL; n = n.Next(), i++)
      if(n == node)
         return(i);
   return(-1);
  }
//+------------------------------------------------------------------+
//| Makes the node at index current and returns it; NULL (current    |
//| unchanged) when there is none.                                   |
//+------------------------------------------------------------------+
CObject *CList::GetNodeAtIndex(int index)
  {
   if(index < 0 || index >= m_data_total)
      return(NULL);
   //--- walk from the nearest of head, tail and current node
   CObject *node = m_first_node;
   int i = 0;
   if(m_data_total - 1 - index < index)
     {
      node = m_last_node;
      i = m_data_total - 1;
     }
   if(m_curr_node != NULL && MathAbs(m_curr_idx - index) < MathAbs(i - index))
     {
      node = m_curr_node;
      i = m_curr_idx;
     }
   for(; i < index; i++)
      node = node.Next();
   for(; i > index; i--)
      node = node.Prev();
   m_curr_node = node;
   m_curr_idx = index;
   return(node);
  }
//+------------------------------------------------------------------+
//| Makes the first node current and returns it (NULL: empty list).  |
//+------------------------------------------------------------------+
CObject *CList::GetFirstNode(void)
  {
   m_curr_node = m_first_node;
   m_curr_idx = (m_first_node == NULL) ? -1 : 0;
   return(m_curr_node);
  }
//+------------------------------------------------------------------+
//| Makes the node before the current one current and returns it;    |
//| NULL (current unchanged) at the head.                            |
//+------------------------------------------------------------------+
CObject *CList::GetPrevNode(void)
  {
   if(m_curr_node == NULL || m_curr_node.Prev() == NULL)
      return(NULL);
   m_curr_node = m_curr_node.Prev();
   m_curr_idx--;
   return(m_curr_node);
  }
//+------------------------------------------------------------------+
//| Makes the node after the current one current and returns it;     |
//| NULL (current unchanged) at the tail.                            |
//+------------------------------------------------------------------+
CObject *CList::GetNextNode(void)
  {
   if(m_curr_node == NULL || m_curr_node.Next() == NULL)
      return(NULL);
   m_curr_node = m_curr_node.Next();
   m_curr_idx++;
   return(m_curr_node);
  }
//+------------------------------------------------------------------+
//| Makes the last node current and returns it (NULL: empty list).   |
//+------------------------------------------------------------------+
CObject *CList::GetLastNode(void)
  {
   m_curr_node = m_last_node;
   m_curr_idx = m_data_total - 1;
   return(m_curr_node);
  }
//+------------------------------------------------------------------+
//| Removes the current node without deleting it and returns it; the |
//| next node (else the previous one) becomes current.               |
//+------------------------------------------------------------------+
CObject *CList::DetachCurrent(void)
  {
   CObject *node = m_curr_node;
   if(node == NULL)
      return(NULL);
   if(node.Next() != NULL)
      m_curr_node = node.Next();
   else
     {
      m_curr_node = node.Prev();
      m_curr_idx--;
     }
   Unlink(node);
   return(node);
  }
//+------------------------------------------------------------------+
//| Removes the current node (deleted in FreeMode).                  |
//+------------------------------------------------------------------+
bool CList::DeleteCurrent(void)
  {
   CObject *node = DetachCurrent();
   if(node == NULL)
      return(false);
   FreeNode(node);
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes the node at index (deleted in FreeMode).                 |
//+------------------------------------------------------------------+
bool CList::Delete(int index)
  {
   if(GetNodeAtIndex(index) == NULL)
      return(false);
   return(DeleteCurrent());
  }
//+------------------------------------------------------------------+
//| Removes every node (deleted in FreeMode).                        |
//+------------------------------------------------------------------+
void CList::Clear(void)
  {
   CObject *node = m_first_node;
   while(node != NULL)
     {
      CObject *next = node.Next();
      node.Prev(NULL);
      node.Next(NULL);
      FreeNode(node);
      node = next;
     }
   m_first_node = NULL;
   m_last_node = NULL;
   m_curr_node = NULL;
   m_curr_idx = -1;
   m_data_total = 0;
  }
//+------------------------------------------------------------------+
//| True when both lists hold equal nodes (Compare in mode 0).       |
//+------------------------------------------------------------------+
bool CList::CompareList(CList *List)
  {
   if(!CheckPointer(List) || List.Total() != m_data_total)
      return(false);
   CObject *a = m_first_node;
   CObject *b = List.m_first_node;
   while(a != NULL)
     {
      if(a != b && a.Compare(b, 0) != 0)
         return(false);
      a = a.Next();
      b = b.Next();
     }
   return(true);
  }
//+------------------------------------------------------------------+
//| Sorts the nodes by Compare(…, mode); the first becomes current.  |
//+------------------------------------------------------------------+
void CList::Sort(int mode)
  {
   if(m_data_total > 1)
     {
      CObject *nodes[];
      ArrayResize(nodes, m_data_total);
      int n = 0;
      for(CObject *node = m_first_node; node != NULL; node = node.Next())
         nodes[n++] = node;
      QuickSort(nodes, 0, n - 1, mode);
      //--- relink in the sorted order
      for(int i = 0; i < n; i++)
        {
         nodes[i].Prev(i > 0 ? nodes[i - 1] : NULL);
         nodes[i].Next(i < n - 1 ? nodes[i + 1] : NULL);
        }
      m_first_node = nodes[0];
      m_last_node = nodes[n - 1];
     }
   m_curr_node = m_first_node;
   m_curr_idx = (m_first_node == NULL) ? -1 : 0;
   m_sort_mode = mode;
   m_data_sort = true;
  }
//+------------------------------------------------------------------+
//| Sorts nodes[beg..end] by Compare(…, mode), ascending.            |
//+------------------------------------------------------------------+
void CList::QuickSort(CObject *&nodes[], int beg, int end, const int mode)
  {
   while(beg < end)
     {
      CObject *pivot = nodes[(beg + end) >> 1];
      int i = beg;
      int j = end;
      while(i <= j)
        {
         while(nodes[i].Compare(pivot, mode) < 0)
            i++;
         while(nodes[j].Compare(pivot, mode) > 0)
            j--;
         if(i <= j)
           {
            CObject *swap = nodes[i];
            nodes[i] = nodes[j];
            nodes[j] = swap;
            i++;
            j--;
           }
        }
      if(j - beg < end - i)
        {
         if(beg < j)
            QuickSort(nodes, beg, j, mode);
         beg = i;
        }
      else
        {
         if(i < end)
            QuickSort(nodes, i, end, mode);
         end = j;
        }
     }
  }
//+------------------------------------------------------------------+
//| Moves the current node to position index; it stays current.      |
//+------------------------------------------------------------------+
bool CList::MoveToIndex(int index)
  {
   if(m_curr_node == NULL || index < 0 || index >= m_data_total)
      return(false);
   if(index == m_curr_idx)
      return(true);
   CObject *node = m_curr_node;
   Unlink(node);
   m_curr_node = NULL;
   m_curr_idx = -1;
   CObject *before = (index < m_data_total) ? GetNodeAtIndex(index) : NULL;
   LinkBefore(node, before);
   m_curr_node = node;
   m_curr_idx = index;
   m_data_sort = false;
   return(true);
  }
//+------------------------------------------------------------------+
//| Swaps the places of two nodes of the list.                       |
//+------------------------------------------------------------------+
bool CList::Exchange(CObject *node1, CObject *node2)
  {
   int i1 = IndexOf(node1);
   int i2 = IndexOf(node2);
   if(i1 < 0 || i2 < 0)
      return(false);
   if(i1 == i2)
      return(true);
   if(i1 > i2)
     {
      CObject *n = node1;
      node1 = node2;
      node2 = n;
      int i = i1;
      i1 = i2;
      i2 = i;
     }
   //--- node1 comes first: put node2 before node1, then node1 where node2 was
   CObject *after2 = node2.Next();
   Unlink(node2);
   LinkBefore(node2, node1);
   Unlink(node1);
   LinkBefore(node1, after2);
   //--- the current node keeps its identity; its index may change
   if(m_curr_node == node1)
      m_curr_idx = i2;
   else if(m_curr_node == node2)
      m_curr_idx = i1;
   m_data_sort = false;
   return(true);
  }
//+------------------------------------------------------------------+
//| Sorted list: a node equal to `element` (Compare in the sort      |
//| mode), made current; NULL when none or the list is not sorted.   |
//+------------------------------------------------------------------+
CObject *CList::Search(CObject *element)
  {
   if(!m_data_sort || !CheckPointer(element))
      return(NULL);
   int i = 0;
   for(CObject *node = m_first_node; node != NULL; node = node.Next(), i++)
     {
      int r = node.Compare(element, m_sort_mode);
      if(r == 0)
        {
         m_curr_node = node;
         m_curr_idx = i;
         return(node);
        }
      if(r > 0)
         break;
     }
   return(NULL);
  }
//+------------------------------------------------------------------+
