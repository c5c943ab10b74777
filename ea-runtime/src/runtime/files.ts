/**
 * MQL5's file functions (File*, Folder*) over the EA's file sandboxes (file-store.ts): its own
 * folder and, with FILE_COMMON, the account's common folder; both persisted through the host
 * (storage.ts) with a byte quota each.
 *
 * Semantics (MQL5's, Windows' where MQL5 leaves it to the OS):
 * - Names: relative to the sandbox, `\` or `/` separated, letter case ignored (kept as first
 *   created); absolute paths, drives, `..` and characters Windows refuses fail with
 *   ERR_WRONG_FILENAME (5002), over 255 characters ERR_TOO_LONG_FILENAME (5003).
 * - FileOpen: FILE_READ and/or FILE_WRITE (neither: ERR_INVALID_PARAMETER); FILE_BIN, else
 *   FILE_CSV (the default), else FILE_TXT; strings are UTF-16LE (FILE_UNICODE, the default) or,
 *   with FILE_ANSI, the code page (CP_UTF8, else Windows-1252). Reading needs an existing file
 *   (ERR_CANNOT_OPEN_FILE 5004); writing creates the file and its folders, and without
 *   FILE_READ truncates it. A text file opened empty for writing in Unicode gets the BOM FF FE
 *   (skipped when read; a UTF-8 BOM is skipped too). Opening a file this EA already has open
 *   follows Windows' sharing rule: each side must share (FILE_SHARE_READ/WRITE) what the other
 *   does, else 5004. Handles are the smallest free numbers from 1; at most 64 open files
 *   (ERR_TOO_MANY_FILES 5001). A closed or unknown handle fails with ERR_INVALID_FILEHANDLE
 *   (5007), a handle that cannot be one (≤ 0) with ERR_WRONG_FILEHANDLE (5008).
 * - Delimiter: CSV default '\t'; TXT none unless given; 0 = none. FileWrite joins its arguments
 *   with it and ends the line with "\r\n" (CSV and TXT alike). Reading CSV splits at the
 *   delimiter and at line ends; TXT at line ends ("\n" or "\r\n"). FileIsLineEnding tells
 *   whether the last text read ended a line (or the file).
 * - Binary functions (FileRead/WriteDouble/Float/Integer/Long, numeric arrays) need FILE_BIN
 *   (ERR_FILE_NOTBIN 5011); text reads (FileReadNumber/Bool/Datetime) need CSV or TXT
 *   (ERR_FILE_NOTTXTORCSV 5013); string arrays need TXT and numeric arrays BIN
 *   (ERR_INCOMPATIBLE_FILE 5017). Little-endian, as MT5 on x86. FileReadInteger sign-extends
 *   CHAR_VALUE/SHORT_VALUE. FileReadString on a binary file needs its length
 *   (ERR_FILE_BINSTRINGSIZE 5016) and stops at a NUL; FileWriteString with a length pads with
 *   NULs or cuts. Text reads at the end answer ""/0 with ERR_FILE_ENDOFFILE (5027); a binary
 *   read past the end answers 0 with ERR_FILE_READERROR (5015). Write functions answer the bytes
 *   written (FileWriteArray, FileReadArray: elements).
 * - FileSeek: a position before the start is clamped to 0; past the end is allowed, and a write
 *   there zero-fills the gap.
 * - Array element types: compiled MQL5 calls these through builtins.mqh templates that pass
 *   three probe values of the element type ((T)-1, (T)0.1, (T)4295033089.0), from which the
 *   runtime tells char…ulong, float, double, bool and string apart. A JS program may pass typed
 *   arrays (Float64Array, Int32Array…); a plain array holds doubles (strings if it holds strings).
 * - Quota: the files of each sandbox hold at most `quotaBytes` (LoadMeta.storage, default
 *   10 MiB) and 10,000 entries; a write past either writes nothing and fails with
 *   ERR_FILE_WRITEERROR (5026), MQL5's code for a failed write.
 * - FileDelete/FileMove/FileCopy/FolderClean refuse files open here (5006 / 5004 / 5025); a
 *   missing file is ERR_FILE_NOT_EXIST (5019), a folder where a file is expected
 *   ERR_FILE_IS_DIRECTORY (5018); FileMove/FileCopy onto an existing file need FILE_REWRITE in
 *   mode_flags (ERR_FILE_CANNOT_REWRITE 5020), FILE_COMMON there names the target's sandbox.
 * - FileFindFirst(filter): `*` and `?` in the last segment, case-blind; names sorted, folders end
 *   with "\"; nothing found: INVALID_HANDLE with 5019. FolderDelete needs an empty folder
 *   (ERR_CANNOT_DELETE_DIRECTORY 5024); FolderClean empties one (5025 if a file in it is open).
 * - FileFlush does nothing more than check the handle: every event's changes reach the host
 *   with its outcome, open files included. FileReadStruct/FileWriteStruct are not implemented.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { isDynamicArray } from "./arrays.ts";
import { CODEPAGES, ERR } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import {
  ENUM_FILE_POSITION,
  FILE_FLAGS as F,
  ENUM_FILE_PROPERTY_INTEGER as FP,
  STORAGE_ERRORS,
} from "./file-constants.ts";
import { baseName, type FileEntry, type FileStore, normalizePath, parentOf } from "./file-store.ts";
import { stringToTime } from "./format.ts";
import { textNumber, toNarrow, toWide } from "./mql.ts";
import { isRecord } from "./protocol.ts";
import { storageOf } from "./storage.ts";
import { decodeBytes, encodeString } from "./strings.ts";

const E = (name: string): number => STORAGE_ERRORS[name] ?? ERR[name] ?? 4001;
const flag = (name: string): number => F[name] ?? 0;

export const MAX_OPEN_FILES = 64;
const INVALID_HANDLE = -1;

// ───────────────────────────── element kinds ─────────────────────────────

type NumKind = "i8" | "u8" | "i16" | "u16" | "i32" | "u32" | "i64" | "u64" | "f32" | "f64" | "b";
type ElemKind = NumKind | "str";

const SIZE: Record<NumKind, number> = {
  i8: 1,
  u8: 1,
  b: 1,
  i16: 2,
  u16: 2,
  i32: 4,
  u32: 4,
  f32: 4,
  i64: 8,
  u64: 8,
  f64: 8,
};

/** The element type from the probes (T)-1, (T)0.1, (T)4295033089.0 (see the header). */
function kindOfProbes(minusOne: unknown, tenth: unknown, wide: unknown): ElemKind {
  if (typeof minusOne === "string") {
    return "str";
  }
  if (typeof minusOne === "boolean") {
    return "b";
  }
  if (typeof tenth === "number" && tenth !== 0) {
    return tenth === Math.fround(0.1) ? "f32" : "f64";
  }
  const signed = minusOne === -1;
  switch (Number(wide)) {
    case 1:
      return signed ? "i8" : "u8";
    case 257:
      return signed ? "i16" : "u16";
    case 65793:
      return signed ? "i32" : "u32";
    default:
      return signed ? "i64" : "u64";
  }
}

/** The element type of an array a JS program passed (typed arrays say it; else by content). */
function kindOfArray(arr: unknown): ElemKind {
  if (arr instanceof Float32Array) {
    return "f32";
  }
  if (arr instanceof Int8Array) {
    return "i8";
  }
  if (arr instanceof Uint8Array || arr instanceof Uint8ClampedArray) {
    return "u8";
  }
  if (arr instanceof Int16Array) {
    return "i16";
  }
  if (arr instanceof Uint16Array) {
    return "u16";
  }
  if (arr instanceof Int32Array) {
    return "i32";
  }
  if (arr instanceof Uint32Array) {
    return "u32";
  }
  if (typeof BigInt64Array !== "undefined" && arr instanceof BigInt64Array) {
    return "i64";
  }
  if (typeof BigUint64Array !== "undefined" && arr instanceof BigUint64Array) {
    return "u64";
  }
  if (Array.isArray(arr)) {
    const first = arr.find((v) => v !== undefined && v !== null);
    if (typeof first === "string") {
      return "str";
    }
    if (typeof first === "boolean") {
      return "b";
    }
  }
  return "f64";
}

function elementKind(arr: unknown, probes: unknown[]): ElemKind {
  return probes.length >= 3 ? kindOfProbes(probes[0], probes[1], probes[2]) : kindOfArray(arr);
}

function writeNum(dv: DataView, off: number, kind: NumKind, v: unknown): void {
  switch (kind) {
    case "i8":
      dv.setInt8(off, toNarrow(v, 8, false));
      return;
    case "u8":
      dv.setUint8(off, toNarrow(v, 8, true));
      return;
    case "b":
      dv.setUint8(off, v ? 1 : 0);
      return;
    case "i16":
      dv.setInt16(off, toNarrow(v, 16, false), true);
      return;
    case "u16":
      dv.setUint16(off, toNarrow(v, 16, true), true);
      return;
    case "i32":
      dv.setInt32(off, toNarrow(v, 32, false), true);
      return;
    case "u32":
      dv.setUint32(off, toNarrow(v, 32, true), true);
      return;
    case "i64":
      dv.setBigInt64(off, BigInt(toWide(v, false)), true);
      return;
    case "u64":
      dv.setBigUint64(off, BigInt(toWide(v, true)), true);
      return;
    case "f32":
      dv.setFloat32(off, Number(v), true);
      return;
    default:
      dv.setFloat64(off, Number(v), true);
  }
}

function readNum(dv: DataView, off: number, kind: NumKind): number | bigint | boolean {
  switch (kind) {
    case "i8":
      return dv.getInt8(off);
    case "u8":
      return dv.getUint8(off);
    case "b":
      return dv.getUint8(off) !== 0;
    case "i16":
      return dv.getInt16(off, true);
    case "u16":
      return dv.getUint16(off, true);
    case "i32":
      return dv.getInt32(off, true);
    case "u32":
      return dv.getUint32(off, true);
    case "i64":
      return toWide(dv.getBigInt64(off, true), false);
    case "u64":
      return toWide(dv.getBigUint64(off, true), true);
    case "f32":
      return dv.getFloat32(off, true);
    default:
      return dv.getFloat64(off, true);
  }
}

/** The default element of a kind (fills the holes of an array grown past its end). */
function zeroOf(kind: ElemKind): unknown {
  return kind === "str" ? "" : kind === "b" ? false : 0;
}

// ───────────────────────────── text ─────────────────────────────

const BOM16 = new Uint8Array([0xff, 0xfe]);

function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    out[2 * i] = c & 0xff;
    out[2 * i + 1] = c >> 8;
  }
  return out;
}

function fromUtf16le(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    s += String.fromCharCode((bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8));
  }
  return s;
}

/** Text of one FileWrite argument (compiled MQL5 already turned doubles and bools to text). */
function argText(v: unknown): string {
  if (v === null || v === undefined) {
    return "";
  }
  if (typeof v === "boolean") {
    return v ? "true" : "false";
  }
  return String(v);
}

// ───────────────────────────── handles ─────────────────────────────

type FileKind = "bin" | "csv" | "txt";

interface Handle {
  id: number;
  store: FileStore;
  key: string;
  entry: FileEntry;
  read: boolean;
  write: boolean;
  shareRead: boolean;
  shareWrite: boolean;
  kind: FileKind;
  unicode: boolean;
  codepage: number;
  /** "" = no separator. */
  delimiter: string;
  pos: number;
  /** The last text read ended a line (or the file). */
  lineEnd: boolean;
}

interface Search {
  names: string[];
  next: number;
}

interface FileTables {
  handles: Map<number, Handle>;
  searches: Map<number, Search>;
  nextSearch: number;
}

const tablesOf = new WeakMap<RuntimeContext, FileTables>();

function tables(ctx: RuntimeContext): FileTables {
  let t = tablesOf.get(ctx);
  if (!t) {
    t = { handles: new Map(), searches: new Map(), nextSearch: 1 };
    tablesOf.set(ctx, t);
  }
  return t;
}

/** A `*`/`?` pattern as a case-blind regular expression. */
function globRegex(pattern: string): RegExp {
  const body = pattern
    .split("")
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}$`, "i");
}

export function filesApi(ctx: RuntimeContext): Record<string, unknown> {
  const t = (): FileTables => tables(ctx);
  const localNow = (): number => ctx.now() - ctx.state.gmtOffset + ctx.localOffset;
  const fail = <T>(code: string, value: T): T => {
    ctx.setError(E(code));
    return value;
  };
  const isCommon = (v: unknown): boolean =>
    v === true || ((Math.trunc(Number(v)) || 0) & flag("FILE_COMMON")) !== 0;
  const storeOf = (common: unknown): FileStore => storageOf(ctx).store(isCommon(common));

  /** The open handle, or undefined with 5007/5008 set. */
  const handle = (h: unknown): Handle | undefined => {
    const id = Math.trunc(Number(h));
    const found = Number.isFinite(id) ? t().handles.get(id) : undefined;
    if (!found) {
      ctx.setError(E(id > 0 ? "ERR_INVALID_FILEHANDLE" : "ERR_WRONG_FILEHANDLE"));
    }
    return found;
  };
  const readable = (h: unknown): Handle | undefined => {
    const x = handle(h);
    if (x && !x.read) {
      return fail("ERR_FILE_NOTTOREAD", undefined);
    }
    return x;
  };
  const writable = (h: unknown): Handle | undefined => {
    const x = handle(h);
    if (x && !x.write) {
      return fail("ERR_FILE_NOTTOWRITE", undefined);
    }
    return x;
  };
  const binary = (x: Handle | undefined): Handle | undefined => {
    if (x && x.kind !== "bin") {
      return fail("ERR_FILE_NOTBIN", undefined);
    }
    return x;
  };
  const textual = (x: Handle | undefined): Handle | undefined => {
    if (x && x.kind === "bin") {
      return fail("ERR_FILE_NOTTXTORCSV", undefined);
    }
    return x;
  };

  /** Handles open on an entry. */
  const openOn = (store: FileStore, key: string): Handle[] =>
    [...t().handles.values()].filter((h) => h.store === store && h.key === key);
  /** Whether anything is open under `key` (the entry itself or inside it, a folder). */
  const openUnder = (store: FileStore, key: string): boolean =>
    [...t().handles.values()].some(
      (h) => h.store === store && (h.key === key || h.key.startsWith(`${key}/`)),
    );
  /** Windows' sharing rule against the handles already open on the entry. */
  const shareAllows = (
    store: FileStore,
    key: string,
    read: boolean,
    write: boolean,
    shareRead: boolean,
    shareWrite: boolean,
  ): boolean =>
    openOn(store, key).every(
      (o) =>
        (!read || o.shareRead) &&
        (!write || o.shareWrite) &&
        (!o.read || shareRead) &&
        (!o.write || shareWrite),
    );

  const encodeText = (h: Handle, text: string): Uint8Array =>
    h.unicode ? utf16le(text) : Uint8Array.from(encodeString(text, h.codepage));
  const decodeText = (h: Handle, bytes: Uint8Array): string =>
    h.unicode ? fromUtf16le(bytes) : decodeBytes(Array.from(bytes), h.codepage);

  /** Writes bytes at the handle's position; false (5026) past the quota. */
  const put = (h: Handle, bytes: Uint8Array): boolean => {
    if (!h.store.write(h.entry, h.pos, bytes, localNow())) {
      return fail("ERR_FILE_WRITEERROR", false);
    }
    h.pos += bytes.length;
    return true;
  };

  /** Bytes at the position, advancing; undefined (5015) when fewer than `n` remain. */
  const take = (h: Handle, n: number): DataView | undefined => {
    if (h.pos + n > h.entry.size) {
      h.pos = Math.max(h.pos, h.entry.size);
      return fail("ERR_FILE_READERROR", undefined);
    }
    const dv = new DataView(h.entry.data.buffer, h.entry.data.byteOffset + h.pos, n);
    h.pos += n;
    h.entry.accessed = localNow();
    return dv;
  };

  /** Skips a BOM at the start of a text file. */
  const skipBom = (h: Handle): void => {
    if (h.pos !== 0 || h.kind === "bin") {
      return;
    }
    const d = h.entry.data;
    if (h.unicode && h.entry.size >= 2 && d[0] === 0xff && d[1] === 0xfe) {
      h.pos = 2;
    } else if (
      !h.unicode &&
      h.codepage === CODEPAGES.CP_UTF8 &&
      h.entry.size >= 3 &&
      d[0] === 0xef &&
      d[1] === 0xbb &&
      d[2] === 0xbf
    ) {
      h.pos = 3;
    }
  };

  /**
   * The next text item: up to the delimiter (CSV, `csv`), a line end or the end of the file;
   * the position moves past the terminator. Undefined at the end of the file.
   */
  const readItem = (h: Handle, csv: boolean): string | undefined => {
    skipBom(h);
    const data = h.entry.data;
    const size = h.entry.size;
    if (h.pos >= size) {
      return undefined;
    }
    const unit = h.unicode ? 2 : 1;
    const delim = csv && h.delimiter !== "" ? encodeText(h, h.delimiter) : undefined;
    const start = h.pos;
    let end = size;
    let next = size;
    let lineEnd = true;
    for (let i = start; i + unit <= size; i += unit) {
      if (data[i] === 0x0a && (unit === 1 || data[i + 1] === 0)) {
        end = i;
        next = i + unit;
        break;
      }
      if (delim && data[i] === delim[0]) {
        let match = i + delim.length <= size;
        for (let k = 1; match && k < delim.length; k += 1) {
          match = data[i + k] === delim[k];
        }
        if (match) {
          end = i;
          next = i + delim.length;
          lineEnd = false;
          break;
        }
      }
    }
    let stop = end;
    if (lineEnd && stop - start >= unit && data[stop - unit] === 0x0d) {
      if (unit === 1 || data[stop - 1] === 0) {
        stop -= unit;
      }
    }
    h.pos = next;
    h.lineEnd = lineEnd;
    h.entry.accessed = localNow();
    return decodeText(h, data.subarray(start, stop));
  };

  const textItem = (x: unknown): string | undefined => {
    const h = textual(readable(x));
    if (!h) {
      return undefined;
    }
    const item = readItem(h, h.kind === "csv");
    if (item === undefined) {
      h.lineEnd = true;
      return fail("ERR_FILE_ENDOFFILE", undefined);
    }
    return item;
  };

  /** Array bounds [start, end) of `count` elements from `start` (WHOLE_ARRAY = -1: to the end). */
  const span = (arr: ArrayLike<unknown>, start: unknown, count: unknown): [number, number] => {
    const s = Math.max(0, Math.trunc(Number(start ?? 0)) || 0);
    const c = count === undefined ? -1 : Math.trunc(Number(count));
    const end = c < 0 ? arr.length : Math.min(arr.length, s + c);
    return [s, Math.max(s, end)];
  };

  /** Encodes elements as FileWriteArray writes them; undefined (5017) for the wrong file type. */
  const encodeElements = (
    h: Handle | undefined,
    values: ArrayLike<unknown>,
    from: number,
    to: number,
    kind: ElemKind,
  ): Uint8Array | undefined => {
    if (kind === "str") {
      if (h && h.kind !== "txt") {
        return fail("ERR_INCOMPATIBLE_FILE", undefined);
      }
      const parts: Uint8Array[] = [];
      let total = 0;
      for (let i = from; i < to; i += 1) {
        const b = h
          ? encodeText(h, `${argText(values[i])}\r\n`)
          : utf16le(`${argText(values[i])}\r\n`);
        parts.push(b);
        total += b.length;
      }
      const out = new Uint8Array(total);
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    }
    if (h && h.kind !== "bin") {
      return fail("ERR_INCOMPATIBLE_FILE", undefined);
    }
    const size = SIZE[kind];
    const out = new Uint8Array((to - from) * size);
    const dv = new DataView(out.buffer);
    for (let i = from; i < to; i += 1) {
      writeNum(dv, (i - from) * size, kind, values[i]);
    }
    return out;
  };

  /** Stores decoded elements into `arr` from `start`, growing a dynamic array as needed. */
  const storeElements = (
    arr: unknown[] | ArrayLike<unknown>,
    start: number,
    values: readonly unknown[],
    kind: ElemKind,
  ): void => {
    if (Array.isArray(arr) && isDynamicArray(arr) && arr.length < start + values.length) {
      const old = arr.length;
      arr.length = start + values.length;
      for (let i = old; i < start; i += 1) {
        arr[i] = zeroOf(kind);
      }
    }
    const target = arr as unknown[];
    for (let i = 0; i < values.length; i += 1) {
      let v = values[i];
      if (arr instanceof BigInt64Array || arr instanceof BigUint64Array) {
        v = BigInt(v as number | bigint);
      } else if (!Array.isArray(arr)) {
        // Another typed array of a JS program: numbers.
        v = typeof v === "bigint" ? Number(v) : typeof v === "boolean" ? (v ? 1 : 0) : v;
      }
      target[start + i] = v;
    }
  };

  /** How many elements fit `arr` from `start` (a static array; dynamic ones grow). */
  const room = (arr: unknown, start: number): number =>
    Array.isArray(arr) && isDynamicArray(arr)
      ? Number.POSITIVE_INFINITY
      : Math.max(0, ((arr as ArrayLike<unknown>).length ?? 0) - start);

  const isArrayLike = (a: unknown): a is ArrayLike<unknown> =>
    Array.isArray(a) || ArrayBuffer.isView(a);

  /** FileFindFirst's matches: names (folders with a trailing "\"), sorted. */
  const find = (filter: unknown, common: unknown): string[] | undefined => {
    const p = normalizePath(filter, { wildcards: true });
    if ("error" in p) {
      ctx.setError(p.error);
      return undefined;
    }
    const store = storeOf(common);
    const dir = parentOf(p.path).toLowerCase();
    if (dir !== "" && store.get(dir)?.dir !== true) {
      return fail("ERR_FILE_NOT_EXIST", undefined);
    }
    const re = globRegex(baseName(p.path));
    const names = store
      .children(dir)
      .filter((e) => re.test(baseName(e.path)))
      .map((e) => (e.dir ? `${baseName(e.path)}\\` : baseName(e.path)));
    return names;
  };

  /** A folder path for Folder*, or undefined (ERR_WRONG_DIRECTORYNAME set). */
  const folderPath = (name: unknown): { path: string; key: string } | undefined => {
    const p = normalizePath(name, { folder: true });
    if ("error" in p) {
      ctx.setError(p.error === E("ERR_WRONG_FILENAME") ? E("ERR_WRONG_DIRECTORYNAME") : p.error);
      return undefined;
    }
    return p;
  };

  /** A path for a by-name file function, or undefined (error set). */
  const filePath = (name: unknown): { path: string; key: string } | undefined => {
    const p = normalizePath(name);
    if ("error" in p) {
      ctx.setError(p.error);
      return undefined;
    }
    return p;
  };

  /** The existing file at `key` (not a folder), or undefined with 5019/5018 set. */
  const existingFile = (store: FileStore, key: string): FileEntry | undefined => {
    const e = store.get(key);
    if (!e) {
      return fail("ERR_FILE_NOT_EXIST", undefined);
    }
    if (e.dir) {
      return fail("ERR_FILE_IS_DIRECTORY", undefined);
    }
    return e;
  };

  /** FileMove/FileCopy. */
  const transfer = (
    src: unknown,
    commonFlag: unknown,
    dst: unknown,
    modeFlags: unknown,
    move: boolean,
  ): boolean => {
    const from = filePath(src);
    const to = filePath(dst);
    if (!from || !to) {
      return false;
    }
    const srcStore = storeOf(commonFlag);
    const dstStore = storeOf(modeFlags);
    const entry = existingFile(srcStore, from.key);
    if (!entry) {
      return false;
    }
    if (openOn(srcStore, from.key).length > 0 || openOn(dstStore, to.key).length > 0) {
      return fail("ERR_CANNOT_OPEN_FILE", false);
    }
    const now = localNow();
    const same = srcStore === dstStore && from.key === to.key;
    if (same) {
      if (move && to.path !== entry.path) {
        srcStore.rename(from.key, to.path, now); // a change of letter case
      }
      return true;
    }
    const target = dstStore.get(to.key);
    if (target?.dir) {
      return fail("ERR_FILE_IS_DIRECTORY", false);
    }
    if (target && (Math.trunc(Number(modeFlags)) & flag("FILE_REWRITE")) === 0) {
      return fail("ERR_FILE_CANNOT_REWRITE", false);
    }
    if (move && srcStore === dstStore && !target) {
      const folders = srcStore.makeFolders(to.path, now, false);
      if (folders !== 0) {
        ctx.setError(folders);
        return false;
      }
      srcStore.rename(from.key, to.path, now);
      return true;
    }
    const content = entry.data.subarray(0, entry.size);
    if (!dstStore.fits(content.length - (target?.size ?? 0))) {
      return fail("ERR_FILE_WRITEERROR", false);
    }
    let out = target;
    if (!out) {
      const made = dstStore.createFile(to.path, now);
      if (typeof made === "number") {
        ctx.setError(made);
        return false;
      }
      out = made;
    }
    dstStore.replace(out, content, now);
    if (move) {
      srcStore.remove(from.key);
    }
    return true;
  };

  return {
    FileOpen: (name: unknown, flags: unknown, delimiter?: unknown, codepage?: unknown): number => {
      const p = filePath(name);
      if (!p) {
        return INVALID_HANDLE;
      }
      const f = Math.trunc(Number(flags)) || 0;
      const read = (f & flag("FILE_READ")) !== 0;
      const write = (f & flag("FILE_WRITE")) !== 0;
      if (!read && !write) {
        return fail("ERR_INVALID_PARAMETER", INVALID_HANDLE);
      }
      const tb = t();
      if (tb.handles.size >= MAX_OPEN_FILES) {
        return fail("ERR_TOO_MANY_FILES", INVALID_HANDLE);
      }
      const kind: FileKind =
        (f & flag("FILE_BIN")) !== 0
          ? "bin"
          : (f & flag("FILE_CSV")) !== 0
            ? "csv"
            : (f & flag("FILE_TXT")) !== 0
              ? "txt"
              : "csv";
      const unicode = !((f & flag("FILE_ANSI")) !== 0 && (f & flag("FILE_UNICODE")) === 0);
      const shareRead = (f & flag("FILE_SHARE_READ")) !== 0;
      const shareWrite = (f & flag("FILE_SHARE_WRITE")) !== 0;
      const store = storeOf(f);
      let entry = store.get(p.key);
      if (entry?.dir) {
        return fail("ERR_CANNOT_OPEN_FILE", INVALID_HANDLE);
      }
      if (!entry && !write) {
        return fail("ERR_CANNOT_OPEN_FILE", INVALID_HANDLE);
      }
      if (!shareAllows(store, p.key, read, write, shareRead, shareWrite)) {
        return fail("ERR_CANNOT_OPEN_FILE", INVALID_HANDLE);
      }
      const now = localNow();
      if (!entry) {
        const made = store.createFile(p.path, now);
        if (typeof made === "number") {
          ctx.setError(made === E("ERR_FILE_ISNOT_DIRECTORY") ? E("ERR_CANNOT_OPEN_FILE") : made);
          return INVALID_HANDLE;
        }
        entry = made;
      } else if (write && !read) {
        store.truncate(entry, 0, now);
      }
      let delim = "";
      if (typeof delimiter === "string") {
        delim = delimiter;
      } else if (delimiter !== undefined) {
        const code = Math.trunc(Number(delimiter)) & 0xffff;
        delim = code === 0 ? "" : String.fromCharCode(code);
      } else if (kind === "csv") {
        delim = "\t";
      }
      let id = 1;
      while (tb.handles.has(id)) {
        id += 1;
      }
      const h: Handle = {
        id,
        store,
        key: p.key,
        entry,
        read,
        write,
        shareRead,
        shareWrite,
        kind,
        unicode,
        codepage: codepage === undefined ? 0 : Math.trunc(Number(codepage)) || 0,
        delimiter: delim,
        pos: 0,
        lineEnd: false,
      };
      if (write && kind !== "bin" && unicode && entry.size === 0) {
        if (!store.write(entry, 0, BOM16, now)) {
          return fail("ERR_FILE_WRITEERROR", INVALID_HANDLE);
        }
        h.pos = 2;
      }
      entry.accessed = now;
      tb.handles.set(id, h);
      return id;
    },
    FileClose: (h: unknown): void => {
      const x = handle(h);
      if (x) {
        t().handles.delete(x.id);
      }
    },
    FileFlush: (h: unknown): void => {
      handle(h);
    },
    FileIsExist: (name: unknown, common?: unknown): boolean => {
      const p = filePath(name);
      return p ? existingFile(storeOf(common), p.key) !== undefined : false;
    },
    FileDelete: (name: unknown, common?: unknown): boolean => {
      const p = filePath(name);
      if (!p) {
        return false;
      }
      const store = storeOf(common);
      if (!existingFile(store, p.key)) {
        return false;
      }
      if (openOn(store, p.key).length > 0) {
        return fail("ERR_CANNOT_DELETE_FILE", false);
      }
      store.remove(p.key);
      return true;
    },
    FileMove: (src: unknown, commonFlag: unknown, dst: unknown, modeFlags: unknown): boolean =>
      transfer(src, commonFlag, dst, modeFlags, true),
    FileCopy: (src: unknown, commonFlag: unknown, dst: unknown, modeFlags: unknown): boolean =>
      transfer(src, commonFlag, dst, modeFlags, false),
    FileSize: (h: unknown): number => handle(h)?.entry.size ?? 0,
    FileTell: (h: unknown): number => handle(h)?.pos ?? 0,
    FileIsEnding: (h: unknown): boolean => {
      const x = handle(h);
      if (!x) {
        return false;
      }
      skipBom(x);
      return x.pos >= x.entry.size;
    },
    FileIsLineEnding: (h: unknown): boolean => {
      const x = textual(handle(h));
      return x ? x.lineEnd : false;
    },
    FileSeek: (h: unknown, offset: unknown, origin: unknown): boolean => {
      const x = handle(h);
      if (!x) {
        return false;
      }
      const o = Math.trunc(Number(origin));
      const base =
        o === ENUM_FILE_POSITION.SEEK_SET
          ? 0
          : o === ENUM_FILE_POSITION.SEEK_CUR
            ? x.pos
            : o === ENUM_FILE_POSITION.SEEK_END
              ? x.entry.size
              : undefined;
      if (base === undefined) {
        return fail("ERR_INVALID_PARAMETER", false);
      }
      x.pos = Math.max(0, base + (Math.trunc(Number(offset)) || 0));
      x.lineEnd = false;
      return true;
    },
    FileGetInteger: (target: unknown, prop: unknown, common?: unknown): number => {
      const id = Math.trunc(Number(prop));
      if (typeof target === "string") {
        const p = filePath(target);
        if (!p) {
          return -1;
        }
        const e = storeOf(common).get(p.key);
        if (id === FP.FILE_EXISTS) {
          return e && !e.dir ? 1 : 0;
        }
        if (!e || e.dir) {
          return fail(e ? "ERR_FILE_IS_DIRECTORY" : "ERR_FILE_NOT_EXIST", -1);
        }
        switch (id) {
          case FP.FILE_CREATE_DATE:
            return e.created;
          case FP.FILE_MODIFY_DATE:
            return e.modified;
          case FP.FILE_ACCESS_DATE:
            return e.accessed;
          case FP.FILE_SIZE:
            return e.size;
          default:
            return fail("ERR_INVALID_PARAMETER", -1);
        }
      }
      const x = handle(target);
      if (!x) {
        return -1;
      }
      const e = x.entry;
      const b = (v: boolean): number => (v ? 1 : 0);
      switch (id) {
        case FP.FILE_EXISTS:
          return 1;
        case FP.FILE_CREATE_DATE:
          return e.created;
        case FP.FILE_MODIFY_DATE:
          return e.modified;
        case FP.FILE_ACCESS_DATE:
          return e.accessed;
        case FP.FILE_SIZE:
          return e.size;
        case FP.FILE_POSITION:
          return x.pos;
        case FP.FILE_END:
          return b(x.pos >= e.size);
        case FP.FILE_LINE_END:
          return b(x.lineEnd);
        case FP.FILE_IS_COMMON:
          return b(x.store.common);
        case FP.FILE_IS_TEXT:
          return b(x.kind === "txt");
        case FP.FILE_IS_BINARY:
          return b(x.kind === "bin");
        case FP.FILE_IS_CSV:
          return b(x.kind === "csv");
        case FP.FILE_IS_ANSI:
          return b(!x.unicode);
        case FP.FILE_IS_READABLE:
          return b(x.read);
        case FP.FILE_IS_WRITABLE:
          return b(x.write);
        default:
          return fail("ERR_INVALID_PARAMETER", -1);
      }
    },

    // ---- text
    FileWrite: (h: unknown, ...args: unknown[]): number => {
      const x = textual(writable(h));
      if (!x) {
        return 0;
      }
      const bytes = encodeText(x, `${args.map(argText).join(x.delimiter)}\r\n`);
      return put(x, bytes) ? bytes.length : 0;
    },
    FileWriteString: (h: unknown, text: unknown, length?: unknown): number => {
      const x = writable(h);
      if (!x) {
        return 0;
      }
      const s = argText(text);
      const n = length === undefined ? -1 : Math.trunc(Number(length));
      let bytes = encodeText(x, s);
      if (x.kind === "bin" && n >= 0) {
        const want = x.unicode ? 2 * n : n;
        const sized = new Uint8Array(want);
        sized.set(bytes.subarray(0, want));
        bytes = sized;
      }
      return put(x, bytes) ? bytes.length : 0;
    },
    FileReadString: (h: unknown, length?: unknown): string => {
      const x = readable(h);
      if (!x) {
        return "";
      }
      if (x.kind !== "bin") {
        return textItem(h) ?? "";
      }
      const n = length === undefined ? -1 : Math.trunc(Number(length));
      if (n < 0) {
        return fail("ERR_FILE_BINSTRINGSIZE", "");
      }
      const want = Math.min((x.unicode ? 2 : 1) * n, Math.max(0, x.entry.size - x.pos));
      if (want === 0 && n > 0) {
        return fail("ERR_FILE_READERROR", "");
      }
      const bytes = x.entry.data.subarray(x.pos, x.pos + want);
      x.pos += want;
      const s = decodeText(x, bytes);
      const nul = s.indexOf("\u0000");
      return nul < 0 ? s : s.slice(0, nul);
    },
    FileReadNumber: (h: unknown): number => {
      const s = textItem(h);
      return s === undefined ? 0 : textNumber(s.trim());
    },
    FileReadBool: (h: unknown): boolean => {
      const s = textItem(h);
      if (s === undefined) {
        return false;
      }
      const v = s.trim().toLowerCase();
      return v === "true" || textNumber(v) !== 0;
    },
    FileReadDatetime: (h: unknown): number => {
      const s = textItem(h);
      if (s === undefined) {
        return 0;
      }
      const v = stringToTime(s.trim());
      return Number.isNaN(v) ? 0 : v;
    },

    // ---- binary
    FileWriteDouble: (h: unknown, value: unknown): number => {
      const x = binary(writable(h));
      const b = new Uint8Array(8);
      new DataView(b.buffer).setFloat64(0, Number(value), true);
      return x && put(x, b) ? 8 : 0;
    },
    FileWriteFloat: (h: unknown, value: unknown): number => {
      const x = binary(writable(h));
      const b = new Uint8Array(4);
      new DataView(b.buffer).setFloat32(0, Number(value), true);
      return x && put(x, b) ? 4 : 0;
    },
    FileWriteInteger: (h: unknown, value: unknown, size?: unknown): number => {
      const x = binary(writable(h));
      if (!x) {
        return 0;
      }
      const n = size === undefined ? 4 : Math.trunc(Number(size));
      const kind: NumKind | undefined =
        n === 1 ? "i8" : n === 2 ? "i16" : n === 4 ? "i32" : undefined;
      if (!kind) {
        return fail("ERR_INVALID_PARAMETER", 0);
      }
      const b = new Uint8Array(n);
      writeNum(new DataView(b.buffer), 0, kind, value);
      return put(x, b) ? n : 0;
    },
    FileWriteLong: (h: unknown, value: unknown): number => {
      const x = binary(writable(h));
      const b = new Uint8Array(8);
      writeNum(new DataView(b.buffer), 0, "i64", value);
      return x && put(x, b) ? 8 : 0;
    },
    FileReadDouble: (h: unknown): number => {
      const x = binary(readable(h));
      const dv = x ? take(x, 8) : undefined;
      return dv ? dv.getFloat64(0, true) : 0;
    },
    FileReadFloat: (h: unknown): number => {
      const x = binary(readable(h));
      const dv = x ? take(x, 4) : undefined;
      return dv ? dv.getFloat32(0, true) : 0;
    },
    FileReadInteger: (h: unknown, size?: unknown): number => {
      const x = binary(readable(h));
      if (!x) {
        return 0;
      }
      const n = size === undefined ? 4 : Math.trunc(Number(size));
      if (n !== 1 && n !== 2 && n !== 4) {
        return fail("ERR_INVALID_PARAMETER", 0);
      }
      const dv = take(x, n);
      if (!dv) {
        return 0;
      }
      return n === 1 ? dv.getInt8(0) : n === 2 ? dv.getInt16(0, true) : dv.getInt32(0, true);
    },
    FileReadLong: (h: unknown): number | bigint => {
      const x = binary(readable(h));
      const dv = x ? take(x, 8) : undefined;
      return dv ? toWide(dv.getBigInt64(0, true), false) : 0;
    },

    // ---- arrays
    FileWriteArray: (
      h: unknown,
      arr: unknown,
      start?: unknown,
      count?: unknown,
      ...probes: unknown[]
    ): number => {
      const x = writable(h);
      if (!x) {
        return 0;
      }
      if (!isArrayLike(arr)) {
        return fail("ERR_INVALID_ARRAY", 0);
      }
      const [from, to] = span(arr, start, count);
      const bytes = encodeElements(x, arr, from, to, elementKind(arr, probes));
      if (!bytes) {
        return 0;
      }
      return put(x, bytes) ? to - from : 0;
    },
    FileReadArray: (
      h: unknown,
      arr: unknown,
      start?: unknown,
      count?: unknown,
      ...probes: unknown[]
    ): number => {
      const x = readable(h);
      if (!x) {
        return 0;
      }
      if (!isArrayLike(arr)) {
        return fail("ERR_INVALID_ARRAY", 0);
      }
      const kind = elementKind(arr, probes);
      const s = Math.max(0, Math.trunc(Number(start ?? 0)) || 0);
      const c = count === undefined ? -1 : Math.trunc(Number(count));
      const limit = Math.min(c < 0 ? Number.POSITIVE_INFINITY : c, room(arr, s));
      const values: unknown[] = [];
      if (kind === "str") {
        if (x.kind !== "txt") {
          return fail("ERR_INCOMPATIBLE_FILE", 0);
        }
        while (values.length < limit) {
          const line = readItem(x, false);
          if (line === undefined) {
            break;
          }
          values.push(line);
        }
      } else {
        if (x.kind !== "bin") {
          return fail("ERR_INCOMPATIBLE_FILE", 0);
        }
        const size = SIZE[kind];
        const available = Math.floor(Math.max(0, x.entry.size - x.pos) / size);
        const n = Math.min(limit, available);
        const dv = new DataView(x.entry.data.buffer, x.entry.data.byteOffset + x.pos, n * size);
        for (let i = 0; i < n; i += 1) {
          values.push(readNum(dv, i * size, kind));
        }
        x.pos += n * size;
      }
      x.entry.accessed = localNow();
      storeElements(arr, s, values, kind);
      return values.length;
    },
    FileLoad: (name: unknown, arr: unknown, common?: unknown, ...probes: unknown[]): number => {
      const p = filePath(name);
      if (!p) {
        return -1;
      }
      if (!isArrayLike(arr)) {
        return fail("ERR_INVALID_ARRAY", -1);
      }
      const store = storeOf(common);
      const e = existingFile(store, p.key);
      if (!e) {
        return -1;
      }
      if (!shareAllows(store, p.key, true, false, true, true)) {
        return fail("ERR_CANNOT_OPEN_FILE", -1);
      }
      const kind = elementKind(arr, probes);
      if (kind === "str") {
        return fail("ERR_INCOMPATIBLE_FILE", -1);
      }
      const size = SIZE[kind];
      const n = Math.min(Math.floor(e.size / size), room(arr, 0));
      const dv = new DataView(e.data.buffer, e.data.byteOffset, n * size);
      const values: unknown[] = [];
      for (let i = 0; i < n; i += 1) {
        values.push(readNum(dv, i * size, kind));
      }
      if (Array.isArray(arr) && isDynamicArray(arr)) {
        arr.length = n;
      }
      storeElements(arr, 0, values, kind);
      e.accessed = localNow();
      return n;
    },
    FileSave: (name: unknown, arr: unknown, common?: unknown, ...probes: unknown[]): boolean => {
      const p = filePath(name);
      if (!p) {
        return false;
      }
      if (!isArrayLike(arr)) {
        return fail("ERR_INVALID_ARRAY", false);
      }
      const kind = elementKind(arr, probes);
      if (kind === "str") {
        return fail("ERR_INCOMPATIBLE_FILE", false);
      }
      const store = storeOf(common);
      const existing = store.get(p.key);
      if (existing?.dir) {
        return fail("ERR_FILE_IS_DIRECTORY", false);
      }
      if (!shareAllows(store, p.key, false, true, false, false)) {
        return fail("ERR_CANNOT_OPEN_FILE", false);
      }
      const bytes = encodeElements(undefined, arr, 0, arr.length, kind) ?? new Uint8Array(0);
      if (!store.fits(bytes.length - (existing?.size ?? 0))) {
        return fail("ERR_FILE_WRITEERROR", false);
      }
      const now = localNow();
      let e = existing;
      if (!e) {
        const made = store.createFile(p.path, now);
        if (typeof made === "number") {
          ctx.setError(made);
          return false;
        }
        e = made;
      }
      return store.replace(e, bytes, now) || fail("ERR_FILE_WRITEERROR", false);
    },

    // ---- search
    FileFindFirst: (filter: unknown, holder: unknown, common?: unknown): number => {
      const names = find(filter, common);
      if (!names) {
        return INVALID_HANDLE;
      }
      if (names.length === 0) {
        return fail("ERR_FILE_NOT_EXIST", INVALID_HANDLE);
      }
      const tb = t();
      const id = tb.nextSearch;
      tb.nextSearch += 1;
      tb.searches.set(id, { names, next: 1 });
      if (isRecord(holder)) {
        holder.value = names[0];
      }
      return id;
    },
    FileFindNext: (search: unknown, holder: unknown): boolean => {
      const s = t().searches.get(Math.trunc(Number(search)));
      if (!s) {
        return fail("ERR_INVALID_HANDLE", false);
      }
      const name = s.names[s.next];
      if (name === undefined) {
        return false;
      }
      s.next += 1;
      if (isRecord(holder)) {
        holder.value = name;
      }
      return true;
    },
    FileFindClose: (search: unknown): void => {
      t().searches.delete(Math.trunc(Number(search)));
    },

    // ---- folders
    FolderCreate: (name: unknown, common?: unknown): boolean => {
      const p = folderPath(name);
      if (!p) {
        return false;
      }
      const code = storeOf(common).makeFolders(p.path, localNow(), true);
      if (code !== 0) {
        ctx.setError(code);
        return false;
      }
      return true;
    },
    FolderDelete: (name: unknown, common?: unknown): boolean => {
      const p = folderPath(name);
      if (!p) {
        return false;
      }
      const store = storeOf(common);
      const e = store.get(p.key);
      if (!e) {
        return fail("ERR_DIRECTORY_NOT_EXIST", false);
      }
      if (!e.dir) {
        return fail("ERR_FILE_ISNOT_DIRECTORY", false);
      }
      if (store.descendants(p.key).length > 0) {
        return fail("ERR_CANNOT_DELETE_DIRECTORY", false);
      }
      store.remove(p.key);
      return true;
    },
    FolderClean: (name: unknown, common?: unknown): boolean => {
      const p = folderPath(name);
      if (!p) {
        return false;
      }
      const store = storeOf(common);
      const e = store.get(p.key);
      if (!e) {
        return fail("ERR_DIRECTORY_NOT_EXIST", false);
      }
      if (!e.dir) {
        return fail("ERR_FILE_ISNOT_DIRECTORY", false);
      }
      if (openUnder(store, p.key)) {
        return fail("ERR_CANNOT_CLEAN_DIRECTORY", false);
      }
      for (const key of store.descendants(p.key)) {
        store.remove(key);
      }
      return true;
    },
  };
}
