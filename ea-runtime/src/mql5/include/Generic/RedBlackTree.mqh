//+------------------------------------------------------------------+
//| Generic/RedBlackTree.mqh — CRedBlackTree<T>,                     |
//| CRedBlackTreeNode<T> (Standard Library).                         |
//|                                                                  |
//| A red-black tree: a balanced binary search tree of distinct      |
//| values ordered by an IComparer<T> (the default comparer of T     |
//| unless one is given: the tree does not delete a given comparer). |
//| Adding a value equal to one in the tree is refused. Missing      |
//| children and the root's parent are NULL. CopyTo walks the values |
//| in ascending order. The tree owns its nodes (deleted by Remove…, |
//| Clear and the destructor); values that are object pointers are   |
//| never deleted.                                                   |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Generic\Interfaces\ICollection.mqh>
#include <Generic\Interfaces\IComparer.mqh>
#include <Generic\Internal\DefaultComparer.mqh>

enum ENUM_RED_BLACK_TREE_NODE_TYPE
  {
   RED_BLACK_TREE_NODE_RED,
   RED_BLACK_TREE_NODE_BLACK
  };
//+------------------------------------------------------------------+
//| A node: its value, colour, parent and children.                  |
//+------------------------------------------------------------------+
template<typename T>
class CRedBlackTreeNode
  {
protected:
   T                 m_value;
   CRedBlackTreeNode<T> *m_parent;
   CRedBlackTreeNode<T> *m_left;
   CRedBlackTreeNode<T> *m_right;
   ENUM_RED_BLACK_TREE_NODE_TYPE m_color;

public:
                     CRedBlackTreeNode(void) : m_parent(NULL), m_left(NULL), m_right(NULL), m_color(RED_BLACK_TREE_NODE_BLACK) {}
                     CRedBlackTreeNode(T value) : m_value(value), m_parent(NULL), m_left(NULL), m_right(NULL), m_color(RED_BLACK_TREE_NODE_RED) {}
                    ~CRedBlackTreeNode(void) {}
   //--- the value
   T                 Value(void) { return(m_value); }
   void              Value(T value) { m_value = value; }
   //--- links
   CRedBlackTreeNode<T> *Parent(void) { return(m_parent); }
   void              Parent(CRedBlackTreeNode<T> *node) { m_parent = node; }
   CRedBlackTreeNode<T> *Left(void) { return(m_left); }
   void              Left(CRedBlackTreeNode<T> *node) { m_left = node; }
   CRedBlackTreeNode<T> *Right(void) { return(m_right); }
   void              Right(CRedBlackTreeNode<T> *node) { m_right = node; }
   //--- colour
   ENUM_RED_BLACK_TREE_NODE_TYPE Color(void) { return(m_color); }
   void              Color(ENUM_RED_BLACK_TREE_NODE_TYPE clr) { m_color = clr; }
   //--- true when the node has no children
   bool              IsLeaf(void) { return(m_left == NULL && m_right == NULL); }
   //--- a new black node with the default value (the caller deletes it)
   static CRedBlackTreeNode<T> *CreateEmptyNode(void) { return(new CRedBlackTreeNode<T>()); }
  };
//+------------------------------------------------------------------+
//| The tree.                                                        |
//+------------------------------------------------------------------+
template<typename T>
class CRedBlackTree : public ICollection<T>
  {
protected:
   CRedBlackTreeNode<T> *m_root;
   int               m_count;
   IComparer<T>     *m_comparer;
   bool              m_own_comparer;   // the default comparer, deleted with the tree

public:
                     CRedBlackTree(void);
                     CRedBlackTree(IComparer<T> *comparer);
                     CRedBlackTree(ICollection<T> *collection);
                     CRedBlackTree(ICollection<T> *collection, IComparer<T> *comparer);
                     CRedBlackTree(T &array[]);
                     CRedBlackTree(T &array[], IComparer<T> *comparer);
                    ~CRedBlackTree(void);
   //--- the root node (NULL when empty), the comparer
   CRedBlackTreeNode<T> *Root(void) { return(m_root); }
   IComparer<T>     *Comparer(void) { return(m_comparer); }
   //--- ICollection<T>
   bool              Add(T value);
   int               Count(void) { return(m_count); }
   bool              Contains(T item) { return(Find(item) != NULL); }
   int               CopyTo(T &dst_array[], const int dst_start = 0);
   void              Clear(void);
   bool              Remove(T value);
   //--- smallest / largest value; false when the tree is empty
   bool              TryGetMin(T &min);
   bool              TryGetMax(T &max);
   //--- removing a node of this tree, the smallest or the largest value
   bool              Remove(CRedBlackTreeNode<T> *node);
   bool              RemoveMin(void);
   bool              RemoveMax(void);
   //--- the node of value, of the smallest, of the largest value (or NULL)
   CRedBlackTreeNode<T> *Find(T value);
   CRedBlackTreeNode<T> *FindMin(void) { return(m_root == NULL ? NULL : Minimum(m_root)); }
   CRedBlackTreeNode<T> *FindMax(void) { return(m_root == NULL ? NULL : Maximum(m_root)); }

protected:
   void              Init(IComparer<T> *comparer);
   bool              IsRed(CRedBlackTreeNode<T> *node) { return(node != NULL && node.Color() == RED_BLACK_TREE_NODE_RED); }
   CRedBlackTreeNode<T> *Minimum(CRedBlackTreeNode<T> *node);
   CRedBlackTreeNode<T> *Maximum(CRedBlackTreeNode<T> *node);
   //--- next / previous node in order (NULL at the end)
   CRedBlackTreeNode<T> *Successor(CRedBlackTreeNode<T> *node);
   CRedBlackTreeNode<T> *Predecessor(CRedBlackTreeNode<T> *node);
   void              RotateLeft(CRedBlackTreeNode<T> *node);
   void              RotateRight(CRedBlackTreeNode<T> *node);
   void              InsertFixup(CRedBlackTreeNode<T> *node);
   //--- puts v in u's place under u's parent
   void              Transplant(CRedBlackTreeNode<T> *u, CRedBlackTreeNode<T> *v);
   //--- unlinks and deletes a node of this tree
   void              DeleteNode(CRedBlackTreeNode<T> *node);
   void              DeleteFixup(CRedBlackTreeNode<T> *node, CRedBlackTreeNode<T> *parent);
   void              DeleteSubtree(CRedBlackTreeNode<T> *node);
  };
//+------------------------------------------------------------------+
//| Constructors: empty or with the values of a collection or an     |
//| array, with the default or a given comparer.                     |
//+------------------------------------------------------------------+
template<typename T>
CRedBlackTree::CRedBlackTree(void)
  {
   Init(NULL);
  }
template<typename T>
CRedBlackTree::CRedBlackTree(IComparer<T> *comparer)
  {
   Init(comparer);
  }
template<typename T>
CRedBlackTree::CRedBlackTree(ICollection<T> *collection)
  {
   Init(NULL);
   if(collection == NULL)
      return;
   T values[];
   int count = collection.CopyTo(values, 0);
   for(int i = 0; i < count; i++)
      Add(values[i]);
  }
template<typename T>
CRedBlackTree::CRedBlackTree(ICollection<T> *collection, IComparer<T> *comparer)
  {
   Init(comparer);
   if(collection == NULL)
      return;
   T values[];
   int count = collection.CopyTo(values, 0);
   for(int i = 0; i < count; i++)
      Add(values[i]);
  }
template<typename T>
CRedBlackTree::CRedBlackTree(T &array[])
  {
   Init(NULL);
   for(int i = 0; i < ArraySize(array); i++)
      Add(array[i]);
  }
template<typename T>
CRedBlackTree::CRedBlackTree(T &array[], IComparer<T> *comparer)
  {
   Init(comparer);
   for(int i = 0; i < ArraySize(array); i++)
      Add(array[i]);
  }
template<typename T>
CRedBlackTree::~CRedBlackTree(void)
  {
   Clear();
   if(m_own_comparer)
      delete m_comparer;
  }
template<typename T>
void CRedBlackTree::Init(IComparer<T> *comparer)
  {
   m_root = NULL;
   m_count = 0;
   m_own_comparer = (comparer == NULL);
   if(m_own_comparer)
      m_comparer = new CDefaultComparer<T>();
   else
      m_comparer = comparer;
  }
//+------------------------------------------------------------------+
//| Extremes and in-order neighbours.                                |
//+------------------------------------------------------------------+
template<typename T>
CRedBlackTreeNode<T> *CRedBlackTree::Minimum(CRedBlackTreeNode<T> *node)
  {
   while(node.Left() != NULL)
      node = node.Left();
   return(node);
  }
template<typename T>
CRedBlackTreeNode<T> *CRedBlackTree::Maximum(CRedBlackTreeNode<T> *node)
  {
   while(node.Right() != NULL)
      node = node.Right();
   return(node);
  }
template<typename T>
CRedBlackTreeNode<T> *CRedBlackTree::Successor(CRedBlackTreeNode<T> *node)
  {
   if(node.Right() != NULL)
      return(Minimum(node.Right()));
   CRedBlackTreeNode<T> *parent = node.Parent();
   while(parent != NULL && node == parent.Right())
     {
      node = parent;
      parent = parent.Parent();
     }
   return(parent);
  }
template<typename T>
CRedBlackTreeNode<T> *CRedBlackTree::Predecessor(CRedBlackTreeNode<T> *node)
  {
   if(node.Left() != NULL)
      return(Maximum(node.Left()));
   CRedBlackTreeNode<T> *parent = node.Parent();
   while(parent != NULL && node == parent.Left())
     {
      node = parent;
      parent = parent.Parent();
     }
   return(parent);
  }
//+------------------------------------------------------------------+
//| Rotations.                                                       |
//+------------------------------------------------------------------+
template<typename T>
void CRedBlackTree::RotateLeft(CRedBlackTreeNode<T> *node)
  {
   CRedBlackTreeNode<T> *pivot = node.Right();
   node.Right(pivot.Left());
   if(pivot.Left() != NULL)
      pivot.Left().Parent(node);
   Transplant(node, pivot);
   pivot.Left(node);
   node.Parent(pivot);
  }
template<typename T>
void CRedBlackTree::RotateRight(CRedBlackTreeNode<T> *node)
  {
   CRedBlackTreeNode<T> *pivot = node.Left();
   node.Left(pivot.Right());
   if(pivot.Right() != NULL)
      pivot.Right().Parent(node);
   Transplant(node, pivot);
   pivot.Right(node);
   node.Parent(pivot);
  }
template<typename T>
void CRedBlackTree::Transplant(CRedBlackTreeNode<T> *u, CRedBlackTreeNode<T> *v)
  {
   CRedBlackTreeNode<T> *parent = u.Parent();
   if(parent == NULL)
      m_root = v;
   else
      if(u == parent.Left())
         parent.Left(v);
      else
         parent.Right(v);
   if(v != NULL)
      v.Parent(parent);
  }
//+------------------------------------------------------------------+
//| Adds a value; false when an equal one is in the tree.            |
//+------------------------------------------------------------------+
template<typename T>
bool CRedBlackTree::Add(T value)
  {
   CRedBlackTreeNode<T> *parent = NULL;
   CRedBlackTreeNode<T> *node = m_root;
   int order = 0;
   while(node != NULL)
     {
      order = m_comparer.Compare(value, node.Value());
      if(order == 0)
         return(false);
      parent = node;
      node = (order < 0) ? node.Left() : node.Right();
     }
   CRedBlackTreeNode<T> *fresh = new CRedBlackTreeNode<T>(value);
   fresh.Parent(parent);
   if(parent == NULL)
      m_root = fresh;
   else
      if(order < 0)
         parent.Left(fresh);
      else
         parent.Right(fresh);
   m_count++;
   InsertFixup(fresh);
   return(true);
  }
template<typename T>
void CRedBlackTree::InsertFixup(CRedBlackTreeNode<T> *node)
  {
   while(IsRed(node.Parent()))
     {
      CRedBlackTreeNode<T> *parent = node.Parent();
      CRedBlackTreeNode<T> *grand = parent.Parent();
      if(parent == grand.Left())
        {
         CRedBlackTreeNode<T> *uncle = grand.Right();
         if(IsRed(uncle))
           {
            parent.Color(RED_BLACK_TREE_NODE_BLACK);
            uncle.Color(RED_BLACK_TREE_NODE_BLACK);
            grand.Color(RED_BLACK_TREE_NODE_RED);
            node = grand;
            continue;
           }
         if(node == parent.Right())
           {
            node = parent;
            RotateLeft(node);
            parent = node.Parent();
           }
         parent.Color(RED_BLACK_TREE_NODE_BLACK);
         grand.Color(RED_BLACK_TREE_NODE_RED);
         RotateRight(grand);
        }
      else
        {
         CRedBlackTreeNode<T> *uncle = grand.Left();
         if(IsRed(uncle))
           {
            parent.Color(RED_BLACK_TREE_NODE_BLACK);
            uncle.Color(RED_BLACK_TREE_NODE_BLACK);
            grand.Color(RED_BLACK_TREE_NODE_RED);
            node = grand;
            continue;
           }
         if(node == parent.Left())
           {
            node = parent;
            RotateRight(node);
            parent = node.Parent();
           }
         parent.Color(RED_BLACK_TREE_NODE_BLACK);
         grand.Color(RED_BLACK_TREE_NODE_RED);
         RotateLeft(grand);
        }
     }
   m_root.Color(RED_BLACK_TREE_NODE_BLACK);
  }
//+------------------------------------------------------------------+
//| Unlinks a node (rebalancing) and deletes it.                     |
//+------------------------------------------------------------------+
template<typename T>
void CRedBlackTree::DeleteNode(CRedBlackTreeNode<T> *node)
  {
   CRedBlackTreeNode<T> *moved;          // the node that takes the removed place
   CRedBlackTreeNode<T> *moved_parent;
   ENUM_RED_BLACK_TREE_NODE_TYPE removed_color = node.Color();
   if(node.Left() == NULL)
     {
      moved = node.Right();
      moved_parent = node.Parent();
      Transplant(node, node.Right());
     }
   else
      if(node.Right() == NULL)
        {
         moved = node.Left();
         moved_parent = node.Parent();
         Transplant(node, node.Left());
        }
      else
        {
         CRedBlackTreeNode<T> *next = Minimum(node.Right());
         removed_color = next.Color();
         moved = next.Right();
         if(next.Parent() == node)
            moved_parent = next;
         else
           {
            moved_parent = next.Parent();
            Transplant(next, next.Right());
            next.Right(node.Right());
            next.Right().Parent(next);
           }
         Transplant(node, next);
         next.Left(node.Left());
         next.Left().Parent(next);
         next.Color(node.Color());
        }
   if(removed_color == RED_BLACK_TREE_NODE_BLACK)
      DeleteFixup(moved, moved_parent);
   m_count--;
   delete node;
  }
template<typename T>
void CRedBlackTree::DeleteFixup(CRedBlackTreeNode<T> *node, CRedBlackTreeNode<T> *parent)
  {
   while(node != m_root && !IsRed(node))
     {
      if(node == parent.Left())
        {
         CRedBlackTreeNode<T> *sibling = parent.Right();
         if(IsRed(sibling))
           {
            sibling.Color(RED_BLACK_TREE_NODE_BLACK);
            parent.Color(RED_BLACK_TREE_NODE_RED);
            RotateLeft(parent);
            sibling = parent.Right();
           }
         if(!IsRed(sibling.Left()) && !IsRed(sibling.Right()))
           {
            sibling.Color(RED_BLACK_TREE_NODE_RED);
            node = parent;
            parent = node.Parent();
            continue;
           }
         if(!IsRed(sibling.Right()))
           {
            sibling.Left().Color(RED_BLACK_TREE_NODE_BLACK);
            sibling.Color(RED_BLACK_TREE_NODE_RED);
            RotateRight(sibling);
            sibling = parent.Right();
           }
         sibling.Color(parent.Color());
         parent.Color(RED_BLACK_TREE_NODE_BLACK);
         sibling.Right().Color(RED_BLACK_TREE_NODE_BLACK);
         RotateLeft(parent);
        }
      else
        {
         CRedBlackTreeNode<T> *sibling = parent.Left();
         if(IsRed(sibling))
           {
            sibling.Color(RED_BLACK_TREE_NODE_BLACK);
            parent.Color(RED_BLACK_TREE_NODE_RED);
            RotateRight(parent);
            sibling = parent.Left();
           }
         if(!IsRed(sibling.Left()) && !IsRed(sibling.Right()))
           {
            sibling.Color(RED_BLACK_TREE_NODE_RED);
            node = parent;
            parent = node.Parent();
            continue;
           }
         if(!IsRed(sibling.Left()))
           {
            sibling.Right().Color(RED_BLACK_TREE_NODE_BLACK);
            sibling.Color(RED_BLACK_TREE_NODE_RED);
            RotateLeft(sibling);
            sibling = parent.Left();
           }
         sibling.Color(parent.Color());
         parent.Color(RED_BLACK_TREE_NODE_BLACK);
         sibling.Left().Color(RED_BLACK_TREE_NODE_BLACK);
         RotateRight(parent);
        }
      node = m_root;
     }
   if(node != NULL)
      node.Color(RED_BLACK_TREE_NODE_BLACK);
  }
template<typename T>
void CRedBlackTree::DeleteSubtree(CRedBlackTreeNode<T> *node)
  {
   if(node == NULL)
      return;
   DeleteSubtree(node.Left());
   DeleteSubtree(node.Right());
   delete node;
  }
//+------------------------------------------------------------------+
//| Copies the values in ascending order into dst_array from         |
//| dst_start (a dynamic array is enlarged); returns how many.       |
//+------------------------------------------------------------------+
template<typename T>
int CRedBlackTree::CopyTo(T &dst_array[], const int dst_start)
  {
   if(dst_start < 0)
      return(0);
   if(ArraySize(dst_array) < dst_start + m_count)
      ArrayResize(dst_array, dst_start + m_count);
   int copied = 0;
   for(CRedBlackTreeNode<T> *node = FindMin(); node != NULL && dst_start + copied < ArraySize(dst_array); node = Successor(node))
      dst_array[dst_start + copied++] = node.Value();
   return(copied);
  }
//+------------------------------------------------------------------+
//| Deletes every node.                                              |
//+------------------------------------------------------------------+
template<typename T>
void CRedBlackTree::Clear(void)
  {
   DeleteSubtree(m_root);
   m_root = NULL;
   m_count = 0;
  }
//+------------------------------------------------------------------+
//| Removes the value equal to value / a node of this tree.          |
//+------------------------------------------------------------------+
template<typename T>
bool CRedBlackTree::Remove(T value)
  {
   CRedBlackTreeNode<T> *node = Find(value);
   if(node == NULL)
      return(false);
   DeleteNode(node);
   return(true);
  }
template<typename T>
bool CRedBlackTree::Remove(CRedBlackTreeNode<T> *node)
  {
   if(node == NULL || Find(node.Value()) != node)
      return(false);
   DeleteNode(node);
   return(true);
  }
template<typename T>
bool CRedBlackTree::RemoveMin(void)
  {
   if(m_root == NULL)
      return(false);
   DeleteNode(Minimum(m_root));
   return(true);
  }
template<typename T>
bool CRedBlackTree::RemoveMax(void)
  {
   if(m_root == NULL)
      return(false);
   DeleteNode(Maximum(m_root));
   return(true);
  }
//+------------------------------------------------------------------+
//| Smallest / largest value.                                        |
//+------------------------------------------------------------------+
template<typename T>
bool CRedBlackTree::TryGetMin(T &min)
  {
   if(m_root == NULL)
      return(false);
   min = Minimum(m_root).Value();
   return(true);
  }
template<typename T>
bool CRedBlackTree::TryGetMax(T &max)
  {
   if(m_root == NULL)
      return(false);
   max = Maximum(m_root).Value();
   return(true);
  }
//+------------------------------------------------------------------+
//| The node whose value equals value, or NULL.                      |
//+------------------------------------------------------------------+
template<typename T>
CRedBlackTreeNode<T> *CRedBlackTree::Find(T value)
  {
   CRedBlackTreeNode<T> *node = m_root;
   while(node != NULL)
     {
      int order = m_comparer.Compare(value, node.Value());
      if(order == 0)
         return(node);
      node = (order < 0) ? node.Left() : node.Right();
     }
   return(NULL);
  }
