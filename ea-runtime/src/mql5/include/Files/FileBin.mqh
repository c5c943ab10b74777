//+------------------------------------------------------------------+
//| Files/FileBin.mqh — class CFileBin (Standard Library).           |
//|                                                                  |
//| A binary file (FILE_BIN), little-endian: Write* answer the bytes |
//| (arrays: the elements) written, 0 without an open file; Read*    |
//| answer true when the value was read whole (arrays: the elements  |
//| read). WriteString(value) writes the length (int) and then the   |
//| characters, which ReadString(value) reads back; the forms with a |
//| size write or read exactly that many characters. WriteObject and |
//| ReadObject call the object's Save/Load with the file's handle.   |
//| Not here: the member templates WriteArray/ReadArray,             |
//| WriteStruct/ReadStruct and WriteEnum/ReadEnum (use the typed     |
//| array methods, and WriteInteger((int)value) for an enum).        |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include "File.mqh"

class CFileBin : public CFile
  {
public:
                     CFileBin(void) {}
                    ~CFileBin(void) {}
   //--- opens as a binary file
   int               Open(const string file_name, const int open_flags) { return(CFile::Open(file_name, open_flags | FILE_BIN)); }
   //--- writing values
   uint              WriteChar(const char value);
   uint              WriteShort(const short value);
   uint              WriteInteger(const int value);
   uint              WriteLong(const long value);
   uint              WriteFloat(const float value);
   uint              WriteDouble(const double value);
   uint              WriteString(const string value);
   uint              WriteString(const string value, const int size);
   //--- writing arrays (count WHOLE_ARRAY: to the end)
   uint              WriteCharArray(const char &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   uint              WriteShortArray(const short &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   uint              WriteIntegerArray(const int &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   uint              WriteLongArray(const long &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   uint              WriteFloatArray(const float &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   uint              WriteDoubleArray(const double &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   //--- an object by its Save
   bool              WriteObject(CObject *object);
   //--- reading values
   bool              ReadChar(char &value);
   bool              ReadShort(short &value);
   bool              ReadInteger(int &value);
   bool              ReadLong(long &value);
   bool              ReadFloat(float &value);
   bool              ReadDouble(double &value);
   bool              ReadString(string &value);
   bool              ReadString(string &value, const int size);
   //--- reading arrays
   uint              ReadCharArray(char &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   uint              ReadShortArray(short &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   uint              ReadIntegerArray(int &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   uint              ReadLongArray(long &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   uint              ReadFloatArray(float &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   uint              ReadDoubleArray(double &array[], const int start_item = 0, const int items_count = WHOLE_ARRAY);
   //--- an object by its Load
   bool              ReadObject(CObject *object);
  };
//+------------------------------------------------------------------+
//| Values.                                                          |
//+------------------------------------------------------------------+
uint CFileBin::WriteChar(const char value)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteInteger(m_handle, value, CHAR_VALUE));
  }
uint CFileBin::WriteShort(const short value)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteInteger(m_handle, value, SHORT_VALUE));
  }
uint CFileBin::WriteInteger(const int value)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteInteger(m_handle, value, INT_VALUE));
  }
uint CFileBin::WriteLong(const long value)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteLong(m_handle, value));
  }
uint CFileBin::WriteFloat(const float value)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteFloat(m_handle, value));
  }
uint CFileBin::WriteDouble(const double value)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteDouble(m_handle, value));
  }
//+------------------------------------------------------------------+
//| The length (int), then the characters; answers the bytes of the  |
//| characters.                                                      |
//+------------------------------------------------------------------+
uint CFileBin::WriteString(const string value)
  {
   if(m_handle == INVALID_HANDLE)
      return(0);
   int size = StringLen(value);
   if(FileWriteInteger(m_handle, size, INT_VALUE) != sizeof(int))
      return(0);
   return(FileWriteString(m_handle, value, size));
  }
uint CFileBin::WriteString(const string value, const int size)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteString(m_handle, value, size));
  }
//+------------------------------------------------------------------+
//| Arrays.                                                          |
//+------------------------------------------------------------------+
uint CFileBin::WriteCharArray(const char &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteArray(m_handle, array, start_item, items_count));
  }
uint CFileBin::WriteShortArray(const short &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteArray(m_handle, array, start_item, items_count));
  }
uint CFileBin::WriteIntegerArray(const int &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteArray(m_handle, array, start_item, items_count));
  }
uint CFileBin::WriteLongArray(const long &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteArray(m_handle, array, start_item, items_count));
  }
uint CFileBin::WriteFloatArray(const float &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteArray(m_handle, array, start_item, items_count));
  }
uint CFileBin::WriteDoubleArray(const double &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileWriteArray(m_handle, array, start_item, items_count));
  }
bool CFileBin::WriteObject(CObject *object)
  {
   if(m_handle == INVALID_HANDLE || CheckPointer(object) == POINTER_INVALID)
      return(false);
   return(object.Save(m_handle));
  }
//+------------------------------------------------------------------+
//| Reading values: true when read whole.                            |
//+------------------------------------------------------------------+
bool CFileBin::ReadChar(char &value)
  {
   if(m_handle == INVALID_HANDLE)
      return(false);
   ResetLastError();
   value = (char)FileReadInteger(m_handle, CHAR_VALUE);
   return(GetLastError() == 0);
  }
bool CFileBin::ReadShort(short &value)
  {
   if(m_handle == INVALID_HANDLE)
      return(false);
   ResetLastError();
   value = (short)FileReadInteger(m_handle, SHORT_VALUE);
   return(GetLastError() == 0);
  }
bool CFileBin::ReadInteger(int &value)
  {
   if(m_handle == INVALID_HANDLE)
      return(false);
   ResetLastError();
   value = FileReadInteger(m_handle, INT_VALUE);
   return(GetLastError() == 0);
  }
bool CFileBin::ReadLong(long &value)
  {
   if(m_handle == INVALID_HANDLE)
      return(false);
   ResetLastError();
   value = FileReadLong(m_handle);
   return(GetLastError() == 0);
  }
bool CFileBin::ReadFloat(float &value)
  {
   if(m_handle == INVALID_HANDLE)
      return(false);
   ResetLastError();
   value = FileReadFloat(m_handle);
   return(GetLastError() == 0);
  }
bool CFileBin::ReadDouble(double &value)
  {
   if(m_handle == INVALID_HANDLE)
      return(false);
   ResetLastError();
   value = FileReadDouble(m_handle);
   return(GetLastError() == 0);
  }
//+------------------------------------------------------------------+
//| A string written by WriteString(value).                          |
//+------------------------------------------------------------------+
bool CFileBin::ReadString(string &value)
  {
   if(m_handle == INVALID_HANDLE)
      return(false);
   ResetLastError();
   int size = FileReadInteger(m_handle, INT_VALUE);
   if(GetLastError() != 0 || size < 0)
      return(false);
   if(size == 0)
     {
      value = "";
      return(true);
     }
   return(ReadString(value, size));
  }
bool CFileBin::ReadString(string &value, const int size)
  {
   if(m_handle == INVALID_HANDLE)
      return(false);
   value = FileReadString(m_handle, size);
   return(StringLen(value) == size);
  }
//+------------------------------------------------------------------+
//| Reading arrays: the elements read.                               |
//+------------------------------------------------------------------+
uint CFileBin::ReadCharArray(char &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileReadArray(m_handle, array, start_item, items_count));
  }
uint CFileBin::ReadShortArray(short &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileReadArray(m_handle, array, start_item, items_count));
  }
uint CFileBin::ReadIntegerArray(int &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileReadArray(m_handle, array, start_item, items_count));
  }
uint CFileBin::ReadLongArray(long &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileReadArray(m_handle, array, start_item, items_count));
  }
uint CFileBin::ReadFloatArray(float &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileReadArray(m_handle, array, start_item, items_count));
  }
uint CFileBin::ReadDoubleArray(double &array[], const int start_item, const int items_count)
  {
   return(m_handle == INVALID_HANDLE ? 0 : FileReadArray(m_handle, array, start_item, items_count));
  }
bool CFileBin::ReadObject(CObject *object)
  {
   if(m_handle == INVALID_HANDLE || CheckPointer(object) == POINTER_INVALID)
      return(false);
   return(object.Load(m_handle));
  }
