//+------------------------------------------------------------------+
//| Generic/LinkedList.mqh — CLinkedList<T>, CLinkedListNode<T>      |
//| (Standard Library).                                              |
//|                                                                  |
//| A doubly linked list of values of type T. The nodes form a ring: |
//| Next() of the last node is the first node and Previous() of the  |
//| first node is the last one, so a walk stops after Count() nodes  |
//| (or on coming back to First()). Head() and First() are the first |
//| node, Last() the last one (NULL when the list is empty).         |
//| The list owns its nodes: the nodes it makes (AddFirst(value)…)   |
//| and the free nodes given to it (AddFirst(node)…, refused when    |
//| the node belongs to a list) are deleted by Remove, RemoveFirst,  |
//| RemoveLast, Clear and the destructor. Values that are object     |
//| pointers are never deleted. Equality (Contains, Find, Remove) is |
//| the default equality comparer of T.                              |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\ICollection.mqh>
#include <Generic\Internal\DefaultEqualityComparer.mqh>

template<typename T>
class CLinkedList;
//+------------------------------------------------------------------+
//| A node: its value, its neighbours and the list it belongs to.    |
//+------------------------------------------------------------------+
template<typename T>
class CLinkedListNode
  {
protected:
   CLinkedList<T>   *m_list;           // owning list, NULL for a free node
   CLinkedListNode<T> *m_next;
   CLinkedListNode<T> *m_prev;
   T                 m_item;

public:
                     CLinkedListNode(T value) : m_list(NULL), m_next(NULL), m_prev(NULL), m_item(value) {}
                     CLinkedListNode(CLinkedList<T> *list, T value) : m_list(list), m_next(NULL), m_prev(NULL), m_item(value) {}
                    ~CLinkedListNode(void) {}
   //--- the list the node belongs to (NULL: none)
   CLinkedList<T>   *List(void) { return(m_list); }
   void              List(CLinkedList<T> *list) { m_list = list; }
   //--- neighbours (the list is a ring)
   CLinkedListNode<T> *Next(void) { return(m_next); }
   void              Next(CLinkedListNode<T> *node) { m_next = node; }
   CLinkedListNode<T> *Previous(void) { return(m_prev); }
   void              Previous(CLinkedListNode<T> *node) { m_prev = node; }
   //--- the value
   T                 Value(void) { return(m_item); }
   void              Value(T value) { m_item = value; }
  };
//+------------------------------------------------------------------+
//| The list.                                                        |
//+------------------------------------------------------------------+
template<typename T>
class CLinkedList : public ICollection<T>
  {
protected:
   CLinkedListNode<T> *m_head;         // first node, NULL when empty
   int               m_count;
   CDefaultEqualityComparer<T> *m_equality;

public:
                     CLinkedList(void);
                     CLinkedList(ICollection<T> *collection);
                     CLinkedList(T &array[]);
                    ~CLinkedList(void);
   //--- ends
   CLinkedListNode<T> *Head(void) { return(m_head); }
   CLinkedListNode<T> *First(void) { return(m_head); }
   CLinkedListNode<T> *Last(void) { return(m_head == NULL ? NULL : m_head.Previous()); }
   //--- ICollection<T>
   int               Count(void) { return(m_count); }
   bool              Contains(T item) { return(Find(item) != NULL); }
   int               CopyTo(T &dst_array[], const int dst_start = 0);
   bool              Add(T value) { return(AddLast(value) != NULL); }
   void              Clear(void);
   bool              Remove(T item);
   //--- adding values (the new node) or free nodes (true when added)
   CLinkedListNode<T> *AddAfter(CLinkedListNode<T> *node, T value);
   bool              AddAfter(CLinkedListNode<T> *node, CLinkedListNode<T> *new_node);
   CLinkedListNode<T> *AddBefore(CLinkedListNode<T> *node, T value);
   bool              AddBefore(CLinkedListNode<T> *node, CLinkedListNode<T> *new_node);
   CLinkedListNode<T> *AddFirst(T value);
   bool              AddFirst(CLinkedListNode<T> *node);
   CLinkedListNode<T> *AddLast(T value);
   bool              AddLast(CLinkedListNode<T> *node);
   //--- removing (the node is deleted)
   bool              Remove(CLinkedListNode<T> *node);
   bool              RemoveFirst(void);
   bool              RemoveLast(void);
   //--- the first / last node whose value equals value, or NULL
   CLinkedListNode<T> *Find(T value);
   CLinkedListNode<T> *FindLast(T value);

protected:
   //--- a node of this list / a free node
   bool              IsOwnNode(CLinkedListNode<T> *node);
   bool              IsFreeNode(CLinkedListNode<T> *node);
   //--- links a free node before node (or as the only node when node is NULL)
   void              LinkBefore(CLinkedListNode<T> *node, CLinkedListNode<T> *new_node);
   //--- unlinks and deletes a node of this list
   void              Unlink(CLinkedListNode<T> *node);
  };
//+------------------------------------------------------------------+
//| Constructors: empty, or with the values of a collection or an    |
//| array (in their order).                                          |
//+------------------------------------------------------------------+
template<typename T>
CLinkedList::CLinkedList(void) : m_head(NULL), m_count(0)
  {
   m_equality = new CDefaultEqualityComparer<T>();
  }
template<typename T>
CLinkedList::CLinkedList(ICollection<T> *collection) : m_head(NULL), m_count(0)
  {
   m_equality = new CDefaultEqualityComparer<T>();
   if(collection == NULL)
      return;
   T values[];
   int count = collection.CopyTo(values, 0);
   for(int i = 0; i < count; i++)
      AddLast(values[i]);
  }
template<typename T>
CLinkedList::CLinkedList(T &array[]) : m_head(NULL), m_count(0)
  {
   m_equality = new CDefaultEqualityComparer<T>();
   for(int i = 0; i < ArraySize(array); i++)
      AddLast(array[i]);
  }
template<typename T>
CLinkedList::~CLinkedList(void)
  {
   Clear();
   delete m_equality;
  }
template<typename T>
bool CLinkedList::IsOwnNode(CLinkedListNode<T> *node)
  {
   return(node != NULL && node.List() == GetPointer(this));
  }
template<typename T>
bool CLinkedList::IsFreeNode(CLinkedListNode<T> *node)
  {
   return(node != NULL && node.List() == NULL);
  }
//+------------------------------------------------------------------+
//| Links new_node before node; into the empty list when node is     |
//| NULL.                                                            |
//+------------------------------------------------------------------+
template<typename T>
void CLinkedList::LinkBefore(CLinkedListNode<T> *node, CLinkedListNode<T> *new_node)
  {
   new_node.List(GetPointer(this));
   if(node == NULL)
     {
      new_node.Next(new_node);
      new_node.Previous(new_node);
      m_head = new_node;
     }
   else
     {
      CLinkedListNode<T> *prev = node.Previous();
      new_node.Next(node);
      new_node.Previous(prev);
      prev.Next(new_node);
      node.Previous(new_node);
     }
   m_count++;
  }
//+------------------------------------------------------------------+
//| Unlinks a node of this list and deletes it.                      |
//+------------------------------------------------------------------+
template<typename T>
void CLinkedList::Unlink(CLinkedListNode<T> *node)
  {
   if(node.Next() == node)
      m_head = NULL;
   else
     {
      CLinkedListNode<T> *prev = node.Previous();
      CLinkedListNode<T> *next = node.Next();
      prev.Next(next);
      next.Previous(prev);
      if(m_head == node)
         m_head = next;
     }
   m_count--;
   node.List(NULL);
   node.Next(NULL);
   node.Previous(NULL);
   delete node;
  }
//+------------------------------------------------------------------+
//| Copies the values, first to last, into dst_array from dst_start  |
//| (a dynamic array is enlarged); returns how many were copied.     |
//+------------------------------------------------------------------+
template<typename T>
int CLinkedList::CopyTo(T &dst_array[], const int dst_start)
  {
   if(dst_start < 0)
      return(0);
   if(ArraySize(dst_array) < dst_start + m_count)
      ArrayResize(dst_array, dst_start + m_count);
   int copied = 0;
   CLinkedListNode<T> *node = m_head;
   for(int i = 0; i < m_count && dst_start + i < ArraySize(dst_array); i++)
     {
      dst_array[dst_start + i] = node.Value();
      node = node.Next();
      copied++;
     }
   return(copied);
  }
//+------------------------------------------------------------------+
//| Deletes every node.                                              |
//+------------------------------------------------------------------+
template<typename T>
void CLinkedList::Clear(void)
  {
   CLinkedListNode<T> *node = m_head;
   for(int i = 0; i < m_count; i++)
     {
      CLinkedListNode<T> *next = node.Next();
      node.List(NULL);
      delete node;
      node = next;
     }
   m_head = NULL;
   m_count = 0;
  }
//+------------------------------------------------------------------+
//| Removes the first node whose value equals item.                  |
//+------------------------------------------------------------------+
template<typename T>
bool CLinkedList::Remove(T item)
  {
   CLinkedListNode<T> *node = Find(item);
   if(node == NULL)
      return(false);
   Unlink(node);
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds value / a free node after node (a node of this list).       |
//+------------------------------------------------------------------+
template<typename T>
CLinkedListNode<T> *CLinkedList::AddAfter(CLinkedListNode<T> *node, T value)
  {
   if(!IsOwnNode(node))
      return(NULL);
   CLinkedListNode<T> *new_node = new CLinkedListNode<T>(value);
   LinkBefore(node.Next(), new_node);
   return(new_node);
  }
template<typename T>
bool CLinkedList::AddAfter(CLinkedListNode<T> *node, CLinkedListNode<T> *new_node)
  {
   if(!IsOwnNode(node) || !IsFreeNode(new_node))
      return(false);
   LinkBefore(node.Next(), new_node);
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds value / a free node before node (a node of this list).      |
//+------------------------------------------------------------------+
template<typename T>
CLinkedListNode<T> *CLinkedList::AddBefore(CLinkedListNode<T> *node, T value)
  {
   if(!IsOwnNode(node))
      return(NULL);
   CLinkedListNode<T> *new_node = new CLinkedListNode<T>(value);
   LinkBefore(node, new_node);
   if(node == m_head)
      m_head = new_node;
   return(new_node);
  }
template<typename T>
bool CLinkedList::AddBefore(CLinkedListNode<T> *node, CLinkedListNode<T> *new_node)
  {
   if(!IsOwnNode(node) || !IsFreeNode(new_node))
      return(false);
   LinkBefore(node, new_node);
   if(node == m_head)
      m_head = new_node;
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds value / a free node at the start.                           |
//+------------------------------------------------------------------+
template<typename T>
CLinkedListNode<T> *CLinkedList::AddFirst(T value)
  {
   CLinkedListNode<T> *new_node = new CLinkedListNode<T>(value);
   LinkBefore(m_head, new_node);
   m_head = new_node;
   return(new_node);
  }
template<typename T>
bool CLinkedList::AddFirst(CLinkedListNode<T> *node)
  {
   if(!IsFreeNode(node))
      return(false);
   LinkBefore(m_head, node);
   m_head = node;
   return(true);
  }
//+------------------------------------------------------------------+
//| Adds value / a free node at the end.                             |
//+------------------------------------------------------------------+
template<typename T>
CLinkedListNode<T> *CLinkedList::AddLast(T value)
  {
   CLinkedListNode<T> *new_node = new CLinkedListNode<T>(value);
   LinkBefore(m_head, new_node);
   return(new_node);
  }
template<typename T>
bool CLinkedList::AddLast(CLinkedListNode<T> *node)
  {
   if(!IsFreeNode(node))
      return(false);
   LinkBefore(m_head, node);
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes (and deletes) a node of this list.                       |
//+------------------------------------------------------------------+
template<typename T>
bool CLinkedList::Remove(CLinkedListNode<T> *node)
  {
   if(!IsOwnNode(node))
      return(false);
   Unlink(node);
   return(true);
  }
template<typename T>
bool CLinkedList::RemoveFirst(void)
  {
   if(m_head == NULL)
      return(false);
   Unlink(m_head);
   return(true);
  }
template<typename T>
bool CLinkedList::RemoveLast(void)
  {
   if(m_head == NULL)
      return(false);
   Unlink(m_head.Previous());
   return(true);
  }
//+------------------------------------------------------------------+
//| The first / last node whose value equals value.                  |
//+------------------------------------------------------------------+
template<typename T>
CLinkedListNode<T> *CLinkedList::Find(T value)
  {
   CLinkedListNode<T> *node = m_head;
   for(int i = 0; i < m_count; i++)
     {
      if(m_equality.Equals(node.Value(), value))
         return(node);
      node = node.Next();
     }
   return(NULL);
  }
template<typename T>
CLinkedListNode<T> *CLinkedList::FindLast(T value)
  {
   if(m_head == NULL)
      return(NULL);
   CLinkedListNode<T> *node = m_head.Previous();
   for(int i = 0; i < m_count; i++)
     {
      if(m_equality.Equals(node.Value(), value))
         return(node);
      node = node.Previous();
     }
   return(NULL);
  }
