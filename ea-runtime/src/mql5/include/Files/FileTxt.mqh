//+------------------------------------------------------------------+
//| Files/FileTxt.mqh — class CFileTxt (Standard Library).           |
//|                                                                  |
//| A text file (FILE_TXT): WriteString writes the text as given     |
//| (add "\r\n" to end a line) and answers the bytes written;        |
//| ReadString reads up to the end of the line ("" at the end of the |
//| file). ANSI strings unless SetUnicode(true) (CFile).             |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "File.mqh"

class CFileTxt : public CFile
  {
public:
                     CFileTxt(void) {}
                    ~CFileTxt(void) {}
   //--- opens as a text file
   int               Open(const string file_name, const int open_flags) { return(CFile::Open(file_name, open_flags | FILE_TXT)); }
   //--- writing and reading
   uint              WriteString(const string value);
   string            ReadString(void);
  };
//+------------------------------------------------------------------+
//| Writes the text; the bytes written (0 without an open file).     |
//+------------------------------------------------------------------+
uint CFileTxt::WriteString(const string value)
  {
   if(m_handle == INVALID_HANDLE)
      return(0);
   return(FileWriteString(m_handle, value));
  }
//+------------------------------------------------------------------+
//| Reads the rest of the line ("" without an open file).            |
//+------------------------------------------------------------------+
string CFileTxt::ReadString(void)
  {
   if(m_handle == INVALID_HANDLE)
      return("");
   return(FileReadString(m_handle));
  }
