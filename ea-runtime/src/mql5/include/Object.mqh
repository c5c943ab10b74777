//+------------------------------------------------------------------+
//| Object.mqh — class CObject, root of the Standard Library.        |
//|                                                                  |
//| Unlike the Trade/*.mqh classes (native: declarations only, the   |
//| runtime implements them), CObject is ordinary MQL5 source with   |
//| bodies, compiled with the program, so user classes can derive    |
//| from it and keep it in lists.                                    |
//+------------------------------------------------------------------+
class CObject
  {
private:
   CObject          *m_prev;          // previous item in a list
   CObject          *m_next;          // next item in a list

public:
                     CObject(void) : m_prev(NULL), m_next(NULL) {}
                    ~CObject(void) {}
   //--- list links
   CObject          *Prev(void) const { return(m_prev); }
   void              Prev(CObject *node) { m_prev = node; }
   CObject          *Next(void) const { return(m_next); }
   void              Next(CObject *node) { m_next = node; }
   //--- file storage (no-ops unless overridden)
   virtual bool      Save(const int file_handle) { return(true); }
   virtual bool      Load(const int file_handle) { return(true); }
   //--- type id (0 unless overridden)
   virtual int       Type(void) const { return(0); }
   //--- ordering used by sorted collections (equal unless overridden)
   virtual int       Compare(const CObject *node, const int mode = 0) const { return(0); }
  };
