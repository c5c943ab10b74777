/**
 * MQL5 constants of the file functions and of the terminal's global variables: the FileOpen
 * flags, FileReadInteger/FileWriteInteger sizes, ENUM_FILE_POSITION (FileSeek),
 * ENUM_FILE_PROPERTY_INTEGER (FileGetInteger) and the run-time error codes of both groups.
 *
 * Values: the flags, the value sizes and the error codes are MQL5's (the reference's tables).
 * SEEK_SET/CUR/END are C's 0/1/2. ENUM_FILE_PROPERTY_INTEGER's members are numbered in the
 * reference's order (MetaQuotes documents the names only): use them by name.
 * Must not import anything: constants.ts (which the analyser imports) includes these tables.
 */

type Table = Readonly<Record<string, number>>;

/** FileOpen flags, CHAR_VALUE/SHORT_VALUE/INT_VALUE. */
export const FILE_FLAGS: Table = {
  FILE_READ: 1,
  FILE_WRITE: 2,
  FILE_BIN: 4,
  FILE_CSV: 8,
  FILE_TXT: 16,
  FILE_ANSI: 32,
  FILE_UNICODE: 64,
  FILE_SHARE_READ: 128,
  FILE_SHARE_WRITE: 256,
  FILE_REWRITE: 512,
  FILE_COMMON: 4096,
  CHAR_VALUE: 1,
  SHORT_VALUE: 2,
  INT_VALUE: 4,
};

export const ENUM_FILE_POSITION: Table = {
  SEEK_SET: 0,
  SEEK_CUR: 1,
  SEEK_END: 2,
};

export const ENUM_FILE_PROPERTY_INTEGER: Table = {
  FILE_EXISTS: 0,
  FILE_CREATE_DATE: 1,
  FILE_MODIFY_DATE: 2,
  FILE_ACCESS_DATE: 3,
  FILE_SIZE: 4,
  FILE_POSITION: 5,
  FILE_END: 6,
  FILE_LINE_END: 7,
  FILE_IS_COMMON: 8,
  FILE_IS_TEXT: 9,
  FILE_IS_BINARY: 10,
  FILE_IS_CSV: 11,
  FILE_IS_ANSI: 12,
  FILE_IS_READABLE: 13,
  FILE_IS_WRITABLE: 14,
};

/** Run-time errors of the global variables (45xx) and file (50xx) groups. */
export const STORAGE_ERRORS: Table = {
  ERR_GLOBALVARIABLE_NOT_FOUND: 4501,
  ERR_GLOBALVARIABLE_EXISTS: 4502,
  ERR_GLOBALVARIABLE_NOT_MODIFIED: 4503,
  ERR_GLOBALVARIABLE_CANNOTREAD: 4504,
  ERR_GLOBALVARIABLE_CANNOTWRITE: 4505,
  ERR_TOO_MANY_FILES: 5001,
  ERR_WRONG_FILENAME: 5002,
  ERR_TOO_LONG_FILENAME: 5003,
  ERR_CANNOT_OPEN_FILE: 5004,
  ERR_FILE_CACHEBUFFER_ERROR: 5005,
  ERR_CANNOT_DELETE_FILE: 5006,
  ERR_INVALID_FILEHANDLE: 5007,
  ERR_WRONG_FILEHANDLE: 5008,
  ERR_FILE_NOTTOWRITE: 5009,
  ERR_FILE_NOTTOREAD: 5010,
  ERR_FILE_NOTBIN: 5011,
  ERR_FILE_NOTTXT: 5012,
  ERR_FILE_NOTTXTORCSV: 5013,
  ERR_FILE_NOTCSV: 5014,
  ERR_FILE_READERROR: 5015,
  ERR_FILE_BINSTRINGSIZE: 5016,
  ERR_INCOMPATIBLE_FILE: 5017,
  ERR_FILE_IS_DIRECTORY: 5018,
  ERR_FILE_NOT_EXIST: 5019,
  ERR_FILE_CANNOT_REWRITE: 5020,
  ERR_WRONG_DIRECTORYNAME: 5021,
  ERR_DIRECTORY_NOT_EXIST: 5022,
  ERR_FILE_ISNOT_DIRECTORY: 5023,
  ERR_CANNOT_DELETE_DIRECTORY: 5024,
  ERR_CANNOT_CLEAN_DIRECTORY: 5025,
  ERR_FILE_WRITEERROR: 5026,
  ERR_FILE_ENDOFFILE: 5027,
};

/** The tables constants.ts installs as globals. */
export const FILE_CONSTANT_TABLES: readonly Table[] = [
  FILE_FLAGS,
  ENUM_FILE_POSITION,
  ENUM_FILE_PROPERTY_INTEGER,
];
