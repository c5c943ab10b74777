//+------------------------------------------------------------------+
//| Trade/TerminalInfo.mqh — class CTerminalInfo (Standard Library). |
//|                                                                  |
//| Quick access to the client terminal's properties through         |
//| TerminalInfoInteger and TerminalInfoString; the answers are the  |
//| runtime's (ea-runtime/src/runtime/terminal.ts: a live terminal,  |
//| connected, 64-bit, DLLs not allowed…).                           |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+
#include <Object.mqh>

class CTerminalInfo : public CObject
  {
public:
                     CTerminalInfo(void) {}
                    ~CTerminalInfo(void) {}
   //--- integer properties
   int               Build(void) const { return(TerminalInfoInteger(TERMINAL_BUILD)); }
   bool              IsConnected(void) const { return(TerminalInfoInteger(TERMINAL_CONNECTED) != 0); }
   bool              IsDLLsAllowed(void) const { return(TerminalInfoInteger(TERMINAL_DLLS_ALLOWED) != 0); }
   bool              IsTradeAllowed(void) const { return(TerminalInfoInteger(TERMINAL_TRADE_ALLOWED) != 0); }
   bool              IsEmailEnabled(void) const { return(TerminalInfoInteger(TERMINAL_EMAIL_ENABLED) != 0); }
   bool              IsFtpEnabled(void) const { return(TerminalInfoInteger(TERMINAL_FTP_ENABLED) != 0); }
   int               MaxBars(void) const { return(TerminalInfoInteger(TERMINAL_MAXBARS)); }
   int               CodePage(void) const { return(TerminalInfoInteger(TERMINAL_CODEPAGE)); }
   int               CPUCores(void) const { return(TerminalInfoInteger(TERMINAL_CPU_CORES)); }
   int               MemoryPhysical(void) const { return(TerminalInfoInteger(TERMINAL_MEMORY_PHYSICAL)); }
   int               MemoryTotal(void) const { return(TerminalInfoInteger(TERMINAL_MEMORY_TOTAL)); }
   int               MemoryAvailable(void) const { return(TerminalInfoInteger(TERMINAL_MEMORY_AVAILABLE)); }
   int               MemoryUsed(void) const { return(TerminalInfoInteger(TERMINAL_MEMORY_USED)); }
   bool              IsX64(void) const { return(TerminalInfoInteger(TERMINAL_X64) != 0); }
   int               OpenCLSupport(void) const { return(TerminalInfoInteger(TERMINAL_OPENCL_SUPPORT)); }
   int               DiskSpace(void) const { return(TerminalInfoInteger(TERMINAL_DISK_SPACE)); }
   //--- string properties
   string            Language(void) const { return(TerminalInfoString(TERMINAL_LANGUAGE)); }
   string            Name(void) const { return(TerminalInfoString(TERMINAL_NAME)); }
   string            Company(void) const { return(TerminalInfoString(TERMINAL_COMPANY)); }
   string            Path(void) const { return(TerminalInfoString(TERMINAL_PATH)); }
   string            DataPath(void) const { return(TerminalInfoString(TERMINAL_DATA_PATH)); }
   string            CommonDataPath(void) const { return(TerminalInfoString(TERMINAL_COMMONDATA_PATH)); }
   //--- any property
   long              InfoInteger(const ENUM_TERMINAL_INFO_INTEGER prop_id) const { return(TerminalInfoInteger(prop_id)); }
   string            InfoString(const ENUM_TERMINAL_INFO_STRING prop_id) const { return(TerminalInfoString(prop_id)); }
  };
