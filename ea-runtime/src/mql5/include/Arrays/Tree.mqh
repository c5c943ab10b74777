//+------------------------------------------------------------------+
//| Arrays/Tree.mqh — class CTree (Standard Library).                |
//|                                                                  |
//| Balanced (AVL) binary search tree of CTreeNode descendants,      |
//| ordered by their virtual Compare(); equal keys go to the right.  |
//| The tree owns its nodes: Delete, Clear and the destructor delete |
//| them (Detach does not). Files are not available in this runtime: |
//| Save and Load return false.                                      |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "TreeNode.mqh"

class CTree : public CTreeNode
  {
protected:
   CTreeNode        *m_root_node;      // root (NULL: empty tree)

public:
                     CTree(void) : m_root_node(NULL) {}
                    ~CTree(void) { Clear(); }
   //--- the root node
   CTreeNode        *Root(void) const { return(m_root_node); }
   //--- object type
   virtual int       Type(void) const { return(0x9999); }
   //--- file storage (files are not available in this runtime)
   virtual bool      Save(const int file_handle) { return(false); }
   virtual bool      Load(const int file_handle) { return(false); }
   //--- makes a node (used by Load); derived classes override
   virtual CTreeNode *CreateElement(void) { return(NULL); }
   //--- adding and removing
   CTreeNode        *Insert(CTreeNode *new_node);
   bool              Detach(CTreeNode *node);
   bool              Delete(CTreeNode *node);
   void              Clear(void);
   //--- a node equal to `node` (Compare), or NULL
   CTreeNode        *Find(const CTreeNode *node);

protected:
   //--- puts `child` where `node` hangs (in its owner, or as the root)
   void              Replace(CTreeNode *node, CTreeNode *child);
   CTreeNode        *RotateLeft(CTreeNode *node);
   CTreeNode        *RotateRight(CTreeNode *node);
   //--- restores the AVL property at `node`; the subtree's new root
   CTreeNode        *Rebalance(CTreeNode *node);
   //--- rebalances from `node` up to the root
   void              RebalanceUp(CTreeNode *node);
   //--- true when `node` hangs in this tree
   bool              Contains(const CTreeNode *node) const;
   //--- deletes the subtree of `node`
   void              DeleteSubtree(CTreeNode *node);
  };
//+------------------------------------------------------------------+
//| Adds a node; returns it, or NULL for an invalid pointer.         |
//+------------------------------------------------------------------+
CTreeNode *CTree::Insert(CTreeNode *new_node)
  {
   if(!CheckPointer(new_node))
      return(NULL);
   new_node.Owner(NULL);
   new_node.Left(NULL);
   new_node.Right(NULL);
   new_node.RefreshBalance();
   if(m_root_node == NULL)
     {
      m_root_node = new_node;
      return(new_node);
     }
   CTreeNode *node = m_root_node;
   while(true)
     {
      if(node.Compare(new_node) > 0)
        {
         if(node.Left() == NULL)
           {
            node.Left(new_node);
            break;
           }
         node = node.Left();
        }
      else
        {
         if(node.Right() == NULL)
           {
            node.Right(new_node);
            break;
           }
         node = node.Right();
        }
     }
   new_node.Owner(node);
   RebalanceUp(node);
   return(new_node);
  }
//+------------------------------------------------------------------+
//| Removes a node from the tree without deleting it.                |
//+------------------------------------------------------------------+
bool CTree::Detach(CTreeNode *node)
  {
   if(!CheckPointer(node) || !Contains(node))
      return(false);
   CTreeNode *start;
   if(node.Left() != NULL && node.Right() != NULL)
     {
      //--- the successor (leftmost of the right subtree) takes its place
      CTreeNode *next = node.Right();
      while(next.Left() != NULL)
         next = next.Left();
      start = (next.Owner() == node) ? next : next.Owner();
      Replace(next, next.Right());
      next.Left(node.Left());
      if(next.Left() != NULL)
         next.Left().Owner(next);
      next.Right(node.Right());
      if(next.Right() != NULL)
         next.Right().Owner(next);
      Replace(node, next);
     }
   else
     {
      start = node.Owner();
      Replace(node, node.Left() != NULL ? node.Left() : node.Right());
     }
   RebalanceUp(start);
   node.Owner(NULL);
   node.Left(NULL);
   node.Right(NULL);
   node.RefreshBalance();
   return(true);
  }
//+------------------------------------------------------------------+
//| Removes a node from the tree and deletes it.                     |
//+------------------------------------------------------------------+
bool CTree::Delete(CTreeNode *node)
  {
   if(!Detach(node))
      return(false);
   if(CheckPointer(node) == POINTER_DYNAMIC)
      delete node;
   return(true);
  }
//+------------------------------------------------------------------+
//| Deletes every node.                                              |
//+------------------------------------------------------------------+
void CTree::Clear(void)
  {
   DeleteSubtree(m_root_node);
   m_root_node = NULL;
  }
//+------------------------------------------------------------------+
//| A node equal to `node`, or NULL.                                 |
//+------------------------------------------------------------------+
CTreeNode *CTree::Find(const CTreeNode *node)
  {
   if(!CheckPointer(node))
      return(NULL);
   CTreeNode *cur = m_root_node;
   while(cur != NULL)
     {
      int r = cur.Compare(node);
      if(r == 0)
         return(cur);
      cur = (r > 0) ? cur.Left() : cur.Right();
     }
   return(NULL);
  }
//+------------------------------------------------------------------+
//| Puts `child` where `node` hangs.                                 |
//+------------------------------------------------------------------+
void CTree::Replace(CTreeNode *node, CTreeNode *child)
  {
   CTreeNode *owner = node.Owner();
   if(child != NULL)
      child.Owner(owner);
   if(owner == NULL)
      m_root_node = child;
   else if(owner.Left() == node)
      owner.Left(child);
   else
      owner.Right(child);
  }
//+------------------------------------------------------------------+
//| Rotates left around `node`; the subtree's new root.              |
//+------------------------------------------------------------------+
CTreeNode *CTree::RotateLeft(CTreeNode *node)
  {
   CTreeNode *top = node.Right();
   node.Right(top.Left());
   if(top.Left() != NULL)
      top.Left().Owner(node);
   Replace(node, top);
   top.Left(node);
   node.Owner(top);
   node.RefreshBalance();
   top.RefreshBalance();
   return(top);
  }
//+------------------------------------------------------------------+
//| Rotates right around `node`; the subtree's new root.             |
//+------------------------------------------------------------------+
CTreeNode *CTree::RotateRight(CTreeNode *node)
  {
   CTreeNode *top = node.Left();
   node.Left(top.Right());
   if(top.Right() != NULL)
      top.Right().Owner(node);
   Replace(node, top);
   top.Right(node);
   node.Owner(top);
   node.RefreshBalance();
   top.RefreshBalance();
   return(top);
  }
//+------------------------------------------------------------------+
//| Restores the AVL property at `node`.                             |
//+------------------------------------------------------------------+
CTreeNode *CTree::Rebalance(CTreeNode *node)
  {
   node.RefreshBalance();
   int diff = node.BalanceL() - node.BalanceR();
   if(diff > 1)
     {
      CTreeNode *left = node.Left();
      if(left.BalanceL() < left.BalanceR())
         RotateLeft(left);
      return(RotateRight(node));
     }
   if(diff < -1)
     {
      CTreeNode *right = node.Right();
      if(right.BalanceR() < right.BalanceL())
         RotateRight(right);
      return(RotateLeft(node));
     }
   return(node);
  }
//+------------------------------------------------------------------+
//| Rebalances from `node` up to the root.                           |
//+------------------------------------------------------------------+
void CTree::RebalanceUp(CTreeNode *node)
  {
   while(node != NULL)
     {
      node = Rebalance(node);
      node = node.Owner();
     }
  }
//+------------------------------------------------------------------+
//| True when `node` hangs in this tree.                             |
//+------------------------------------------------------------------+
bool CTree::Contains(const CTreeNode *node) const
  {
   if(node == m_root_node)
      return(true);
   CTreeNode *top = node.Owner();
   while(top != NULL && top.Owner() != NULL)
      top = top.Owner();
   return(top != NULL && top == m_root_node);
  }
//+------------------------------------------------------------------+
//| Deletes the subtree of `node`.                                   |
//+------------------------------------------------------------------+
void CTree::DeleteSubtree(CTreeNode *node)
  {
   if(node == NULL)
      return;
   DeleteSubtree(node.Left());
   DeleteSubtree(node.Right());
   if(CheckPointer(node) == POINTER_DYNAMIC)
      delete node;
  }
//+------------------------------------------------------------------+
