//+------------------------------------------------------------------+
//| Strings/String.mqh — class CString (Standard Library).           |
//|                                                                  |
//| A string with methods: assigning, appending, inserting,          |
//| comparing (StringCompare order), extracting, trimming, case,     |
//| searching, removing and replacing substrings. Positions count    |
//| characters from 0. Trim, TrimLeft and TrimRight remove spaces,   |
//| tabs, carriage returns and line feeds as well as the characters  |
//| of `targets`, and return how many characters they removed.       |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Object.mqh>

class CString : public CObject
  {
protected:
   string            m_string;         // the text

public:
                     CString(void) : m_string("") {}
                    ~CString(void) {}
   //--- the text and its length
   string            Str(void) const { return(m_string); }
   uint              Len(void) const { return((uint)StringLen(m_string)); }
   //--- copying out
   void              Copy(string &copy) const { copy = m_string; }
   void              Copy(CString *copy) const;
   //--- filling, assigning, appending, inserting
   bool              Fill(const short character) { return(StringFill(m_string, character)); }
   void              Assign(const string str) { m_string = str; }
   void              Assign(const CString *str);
   void              Append(const string str) { m_string += str; }
   void              Append(const CString *str);
   uint              Insert(const uint pos, const string substring);
   uint              Insert(const uint pos, const CString *substring);
   //--- comparing: -1, 0 or 1 as the text is below, equal to or above the other
   int               Compare(const string str) const { return(StringCompare(m_string, str, true)); }
   int               Compare(const CString *str) const;
   int               CompareNoCase(const string str) const { return(StringCompare(m_string, str, false)); }
   int               CompareNoCase(const CString *str) const;
   //--- extracting
   string            Left(const uint count) const;
   string            Right(const uint count) const;
   string            Mid(const uint pos, const uint count) const;
   //--- trimming
   int               Trim(const string targets);
   int               TrimLeft(const string targets);
   int               TrimRight(const string targets);
   //--- changing
   bool              Clear(void) { m_string = ""; return(true); }
   bool              ToUpper(void) { return(StringToUpper(m_string)); }
   bool              ToLower(void) { return(StringToLower(m_string)); }
   void              Reverse(void);
   //--- searching: a position, or -1
   int               Find(const uint start, const string substring) const;
   int               FindRev(const string substring) const;
   //--- removing and replacing every occurrence; how many there were
   uint              Remove(const string substring);
   uint              Replace(const string substring, const string newstring);

protected:
   //--- true for the characters the trims remove
   bool              IsTrimmed(const ushort ch, const string targets) const;
  };
//+------------------------------------------------------------------+
//| Copies the text into another CString.                            |
//+------------------------------------------------------------------+
void CString::Copy(CString *copy) const
  {
   if(CheckPointer(copy))
      copy.Assign(m_string);
  }
//+------------------------------------------------------------------+
//| Takes the text of another CString.                               |
//+------------------------------------------------------------------+
void CString::Assign(const CString *str)
  {
   if(CheckPointer(str))
      m_string = str.Str();
  }
//+------------------------------------------------------------------+
//| Appends the text of another CString.                             |
//+------------------------------------------------------------------+
void CString::Append(const CString *str)
  {
   if(CheckPointer(str))
      m_string += str.Str();
  }
//+------------------------------------------------------------------+
//| Inserts a substring before position pos (past the end: at the    |
//| end); the new length.                                            |
//+------------------------------------------------------------------+
uint CString::Insert(const uint pos, const string substring)
  {
   int len = StringLen(m_string);
   int at = ((long)pos < len) ? (int)pos : len;
   m_string = StringSubstr(m_string, 0, at) + substring + StringSubstr(m_string, at);
   return((uint)StringLen(m_string));
  }
//+------------------------------------------------------------------+
//| Inserts the text of another CString before position pos.         |
//+------------------------------------------------------------------+
uint CString::Insert(const uint pos, const CString *substring)
  {
   if(!CheckPointer(substring))
      return(Len());
   return(Insert(pos, substring.Str()));
  }
//+------------------------------------------------------------------+
//| Compares with the text of another CString (case matters).        |
//+------------------------------------------------------------------+
int CString::Compare(const CString *str) const
  {
   if(!CheckPointer(str))
      return(StringLen(m_string) > 0 ? 1 : 0);
   string other = str.Str();
   return(StringCompare(m_string, other, true));
  }
//+------------------------------------------------------------------+
//| Compares with the text of another CString (case ignored).        |
//+------------------------------------------------------------------+
int CString::CompareNoCase(const CString *str) const
  {
   if(!CheckPointer(str))
      return(StringLen(m_string) > 0 ? 1 : 0);
   string other = str.Str();
   return(StringCompare(m_string, other, false));
  }
//+------------------------------------------------------------------+
//| The first `count` characters.                                    |
//+------------------------------------------------------------------+
string CString::Left(const uint count) const
  {
   int len = StringLen(m_string);
   if((long)count >= len)
      return(m_string);
   return(StringSubstr(m_string, 0, (int)count));
  }
//+------------------------------------------------------------------+
//| The last `count` characters.                                     |
//+------------------------------------------------------------------+
string CString::Right(const uint count) const
  {
   int len = StringLen(m_string);
   if((long)count >= len)
      return(m_string);
   return(StringSubstr(m_string, len - (int)count));
  }
//+------------------------------------------------------------------+
//| `count` characters from position pos.                            |
//+------------------------------------------------------------------+
string CString::Mid(const uint pos, const uint count) const
  {
   int len = StringLen(m_string);
   if((long)pos >= len)
      return("");
   int n = ((long)pos + (long)count > len) ? len - (int)pos : (int)count;
   return(StringSubstr(m_string, (int)pos, n));
  }
//+------------------------------------------------------------------+
//| Whitespace, or one of the characters of `targets`.               |
//+------------------------------------------------------------------+
bool CString::IsTrimmed(const ushort ch, const string targets) const
  {
   if(ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n')
      return(true);
   int n = StringLen(targets);
   for(int i = 0; i < n; i++)
      if(StringGetCharacter(targets, i) == ch)
         return(true);
   return(false);
  }
//+------------------------------------------------------------------+
//| Removes the leading and trailing trimmed characters.             |
//+------------------------------------------------------------------+
int CString::Trim(const string targets)
  {
   int left = TrimLeft(targets);
   return(left + TrimRight(targets));
  }
//+------------------------------------------------------------------+
//| Removes the leading trimmed characters; how many.                |
//+------------------------------------------------------------------+
int CString::TrimLeft(const string targets)
  {
   int len = StringLen(m_string);
   int i = 0;
   while(i < len && IsTrimmed(StringGetCharacter(m_string, i), targets))
      i++;
   if(i > 0)
      m_string = StringSubstr(m_string, i);
   return(i);
  }
//+------------------------------------------------------------------+
//| Removes the trailing trimmed characters; how many.               |
//+------------------------------------------------------------------+
int CString::TrimRight(const string targets)
  {
   int len = StringLen(m_string);
   int i = len;
   while(i > 0 && IsTrimmed(StringGetCharacter(m_string, i - 1), targets))
      i--;
   if(i < len)
      m_string = StringSubstr(m_string, 0, i);
   return(len - i);
  }
//+------------------------------------------------------------------+
//| Reverses the order of the characters.                            |
//+------------------------------------------------------------------+
void CString::Reverse(void)
  {
   int len = StringLen(m_string);
   string reversed = "";
   for(int i = len - 1; i >= 0; i--)
      reversed += ShortToString(StringGetCharacter(m_string, i));
   m_string = reversed;
  }
//+------------------------------------------------------------------+
//| Position of the first occurrence of substring from `start`.      |
//+------------------------------------------------------------------+
int CString::Find(const uint start, const string substring) const
  {
   if(StringLen(substring) == 0 || (long)start >= StringLen(m_string))
      return(-1);
   return(StringFind(m_string, substring, (int)start));
  }
//+------------------------------------------------------------------+
//| Position of the last occurrence of substring.                    |
//+------------------------------------------------------------------+
int CString::FindRev(const string substring) const
  {
   if(StringLen(substring) == 0)
      return(-1);
   int last = -1;
   int pos = StringFind(m_string, substring, 0);
   while(pos >= 0)
     {
      last = pos;
      pos = StringFind(m_string, substring, pos + 1);
     }
   return(last);
  }
//+------------------------------------------------------------------+
//| Removes every occurrence of substring; how many.                 |
//+------------------------------------------------------------------+
uint CString::Remove(const string substring)
  {
   return(Replace(substring, ""));
  }
//+------------------------------------------------------------------+
//| Replaces every occurrence of substring by newstring; how many.   |
//+------------------------------------------------------------------+
uint CString::Replace(const string substring, const string newstring)
  {
   if(StringLen(substring) == 0)
      return(0);
   int n = StringReplace(m_string, substring, newstring);
   return(n > 0 ? (uint)n : 0);
  }
//+------------------------------------------------------------------+
