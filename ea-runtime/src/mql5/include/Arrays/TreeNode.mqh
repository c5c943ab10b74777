//+------------------------------------------------------------------+
//| Arrays/TreeNode.mqh — class CTreeNode (Standard Library).        |
//|                                                                  |
//| Node of the balanced binary tree CTree: links to its owner       |
//| (parent) and left/right children, and its balance, the height of |
//| the subtree it roots (1 for a leaf). Derived classes hold a key, |
//| order nodes by overriding Compare() and make instances in        |
//| CreateSample(). Files are not available in this runtime:         |
//| SaveNode and LoadNode return false.                              |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Object.mqh>

class CTreeNode : public CObject
  {
private:
   CTreeNode        *m_p_node;         // owner (parent)
   CTreeNode        *m_l_node;         // left child: the smaller keys
   CTreeNode        *m_r_node;         // right child: the larger keys
   int               m_balance;        // height of the subtree

public:
                     CTreeNode(void) : m_p_node(NULL), m_l_node(NULL), m_r_node(NULL), m_balance(1) {}
                    ~CTreeNode(void) {}
   //--- links
   CTreeNode        *Owner(void) const { return(m_p_node); }
   void              Owner(CTreeNode *node) { m_p_node = node; }
   CTreeNode        *Left(void) const { return(m_l_node); }
   void              Left(CTreeNode *node) { m_l_node = node; }
   CTreeNode        *Right(void) const { return(m_r_node); }
   void              Right(CTreeNode *node) { m_r_node = node; }
   //--- balance: height of this subtree, of the left and of the right one
   int               Balance(void) const { return(m_balance); }
   int               BalanceL(void) const { return(m_l_node == NULL ? 0 : m_l_node.Balance()); }
   int               BalanceR(void) const { return(m_r_node == NULL ? 0 : m_r_node.Balance()); }
   //--- object type
   virtual int       Type(void) const { return(0x8888); }
   //--- recomputes the balance from the children's; returns it
   int               RefreshBalance(void);
   //--- the child on the side of `node`: left when node is below this one
   CTreeNode        *GetNext(const CTreeNode *node);
   //--- file storage (files are not available in this runtime)
   bool              SaveNode(const int file_handle) { return(false); }
   bool              LoadNode(const int file_handle, CTreeNode *main) { return(false); }

protected:
   //--- a new instance of the node's class; derived classes override
   virtual CTreeNode *CreateSample(void) { return(NULL); }
  };
//+------------------------------------------------------------------+
//| Height of this subtree from the children's.                      |
//+------------------------------------------------------------------+
int CTreeNode::RefreshBalance(void)
  {
   int l = BalanceL();
   int r = BalanceR();
   m_balance = (l > r ? l : r) + 1;
   return(m_balance);
  }
//+------------------------------------------------------------------+
//| The child to descend into when looking for `node`.               |
//+------------------------------------------------------------------+
CTreeNode *CTreeNode::GetNext(const CTreeNode *node)
  {
   if(Compare(node) > 0)
      return(m_l_node);
   return(m_r_node);
  }
//+------------------------------------------------------------------+
