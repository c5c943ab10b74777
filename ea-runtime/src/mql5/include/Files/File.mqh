//+------------------------------------------------------------------+
//| Files/File.mqh — class CFile (Standard Library), base of         |
//| CFileTxt and CFileBin.                                           |
//|                                                                  |
//| Holds one open file (Handle(), INVALID_HANDLE when none) and     |
//| wraps the File* and Folder* functions. Strings are ANSI unless   |
//| SetUnicode(true) (FILE_UNICODE instead of FILE_ANSI); with       |
//| SetCommon(true) the file, folder and search methods work in the  |
//| common folder (FILE_COMMON). Both settings can change only while |
//| no file is open and survive Close. Open adds FILE_TXT when the   |
//| flags name neither FILE_BIN nor FILE_CSV, closes a file still    |
//| open, and answers the handle; Flags() are the settings and the   |
//| open flags of the file. The destructor closes the file.          |
//| Files live in the EA's sandbox (ea-runtime/src/runtime/files.ts).|
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Object.mqh>

class CFile : public CObject
  {
protected:
   int               m_handle;         // open file, or INVALID_HANDLE
   string            m_name;           // its name ("" when none)
   int               m_flags;          // settings | open flags of the file

private:
   int               m_settings;       // FILE_ANSI or FILE_UNICODE, and FILE_COMMON

public:
                     CFile(void) : m_handle(INVALID_HANDLE), m_name(""), m_flags(FILE_ANSI), m_settings(FILE_ANSI) {}
                    ~CFile(void) { Close(); }
   //--- the open file
   int               Handle(void) const { return(m_handle); }
   string            FileName(void) const { return(m_name); }
   int               Flags(void) const { return(m_flags); }
   //--- settings (only while no file is open)
   void              SetUnicode(const bool unicode);
   void              SetCommon(const bool common);
   //--- the open file
   int               Open(const string file_name, int open_flags, const short delimiter = '\t');
   void              Close(void);
   bool              Delete(void);
   ulong             Size(void);
   ulong             Tell(void);
   void              Seek(const long offset, const ENUM_FILE_POSITION origin);
   void              Flush(void);
   bool              IsEnding(void);
   bool              IsLineEnding(void);
   //--- files by name (common_flag: FILE_COMMON or 0)
   bool              Delete(const string file_name, const int common_flag = 0);
   bool              IsExist(const string file_name, const int common_flag = 0);
   bool              Copy(const string src_name, const int common_flag, const string dst_name, const int mode_flags);
   bool              Move(const string src_name, const int common_flag, const string dst_name, const int mode_flags);
   //--- folders and searches, in the folder SetCommon chose
   bool              FolderCreate(const string folder_name);
   bool              FolderDelete(const string folder_name);
   bool              FolderClean(const string folder_name);
   long              FileFindFirst(const string file_filter, string &returned_filename);
   bool              FileFindNext(const long search_handle, string &returned_filename);
   void              FileFindClose(const long search_handle);

protected:
   int               CommonFlag(void) const { return(m_settings & FILE_COMMON); }
  };
//+------------------------------------------------------------------+
//| Unicode (true) or ANSI strings for the files opened next.        |
//+------------------------------------------------------------------+
void CFile::SetUnicode(const bool unicode)
  {
   if(m_handle != INVALID_HANDLE)
      return;
   m_settings &= ~(FILE_ANSI | FILE_UNICODE);
   m_settings |= unicode ? FILE_UNICODE : FILE_ANSI;
   m_flags = m_settings;
  }
//+------------------------------------------------------------------+
//| The common folder (true) or the EA's own for what follows.       |
//+------------------------------------------------------------------+
void CFile::SetCommon(const bool common)
  {
   if(m_handle != INVALID_HANDLE)
      return;
   if(common)
      m_settings |= FILE_COMMON;
   else
      m_settings &= ~FILE_COMMON;
   m_flags = m_settings;
  }
//+------------------------------------------------------------------+
//| Opens a file (closing the one open); its handle or INVALID_HANDLE|
//+------------------------------------------------------------------+
int CFile::Open(const string file_name, int open_flags, const short delimiter)
  {
   Close();
   if((open_flags & (FILE_BIN | FILE_CSV)) == 0)
      open_flags |= FILE_TXT;
   //--- the string encoding is the setting's unless the flags name one
   int flags = open_flags | (m_settings & FILE_COMMON);
   if((open_flags & (FILE_ANSI | FILE_UNICODE)) == 0)
      flags |= m_settings & (FILE_ANSI | FILE_UNICODE);
   m_handle = ::FileOpen(file_name, flags, delimiter);
   if(m_handle != INVALID_HANDLE)
     {
      m_flags = flags;
      m_name = file_name;
     }
   return(m_handle);
  }
//+------------------------------------------------------------------+
//| Closes the open file.                                            |
//+------------------------------------------------------------------+
void CFile::Close(void)
  {
   if(m_handle == INVALID_HANDLE)
      return;
   ::FileClose(m_handle);
   m_handle = INVALID_HANDLE;
   m_name = "";
   m_flags = m_settings;
  }
//+------------------------------------------------------------------+
//| Closes and deletes the open file.                                |
//+------------------------------------------------------------------+
bool CFile::Delete(void)
  {
   if(m_handle == INVALID_HANDLE)
      return(false);
   string file_name = m_name;
   int common_flag = m_flags & FILE_COMMON;
   Close();
   return(::FileDelete(file_name, common_flag));
  }
//+------------------------------------------------------------------+
//| Size, position, seeking, flushing, end tests of the open file    |
//| (0 / false without one).                                         |
//+------------------------------------------------------------------+
ulong CFile::Size(void)
  {
   if(m_handle == INVALID_HANDLE)
      return(0);
   return(::FileSize(m_handle));
  }
ulong CFile::Tell(void)
  {
   if(m_handle == INVALID_HANDLE)
      return(0);
   return(::FileTell(m_handle));
  }
void CFile::Seek(const long offset, const ENUM_FILE_POSITION origin)
  {
   if(m_handle != INVALID_HANDLE)
      ::FileSeek(m_handle, offset, origin);
  }
void CFile::Flush(void)
  {
   if(m_handle != INVALID_HANDLE)
      ::FileFlush(m_handle);
  }
bool CFile::IsEnding(void)
  {
   if(m_handle == INVALID_HANDLE)
      return(false);
   return(::FileIsEnding(m_handle));
  }
bool CFile::IsLineEnding(void)
  {
   if(m_handle == INVALID_HANDLE || (m_flags & FILE_BIN) != 0)
      return(false);
   return(::FileIsLineEnding(m_handle));
  }
//+------------------------------------------------------------------+
//| Deletes a file by name (closing it first if it is the open one). |
//+------------------------------------------------------------------+
bool CFile::Delete(const string file_name, const int common_flag)
  {
   if(m_handle != INVALID_HANDLE && file_name == m_name &&
      (m_flags & FILE_COMMON) == (common_flag & FILE_COMMON))
      Close();
   return(::FileDelete(file_name, common_flag));
  }
bool CFile::IsExist(const string file_name, const int common_flag)
  {
   return(::FileIsExist(file_name, common_flag));
  }
bool CFile::Copy(const string src_name, const int common_flag, const string dst_name, const int mode_flags)
  {
   return(::FileCopy(src_name, common_flag, dst_name, mode_flags));
  }
bool CFile::Move(const string src_name, const int common_flag, const string dst_name, const int mode_flags)
  {
   return(::FileMove(src_name, common_flag, dst_name, mode_flags));
  }
//+------------------------------------------------------------------+
//| Folders and searches.                                            |
//+------------------------------------------------------------------+
bool CFile::FolderCreate(const string folder_name)
  {
   return(::FolderCreate(folder_name, CommonFlag()));
  }
bool CFile::FolderDelete(const string folder_name)
  {
   return(::FolderDelete(folder_name, CommonFlag()));
  }
bool CFile::FolderClean(const string folder_name)
  {
   return(::FolderClean(folder_name, CommonFlag()));
  }
long CFile::FileFindFirst(const string file_filter, string &returned_filename)
  {
   return(::FileFindFirst(file_filter, returned_filename, CommonFlag()));
  }
bool CFile::FileFindNext(const long search_handle, string &returned_filename)
  {
   return(::FileFindNext(search_handle, returned_filename));
  }
void CFile::FileFindClose(const long search_handle)
  {
   ::FileFindClose(search_handle);
  }
