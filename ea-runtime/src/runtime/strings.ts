/**
 * MQL5's string functions (String*) and the string conversions (CharToString,
 * StringToCharArray, ColorToString…).
 *
 * Exists because MQL5 strings are mutable values passed by reference while JS strings are
 * immutable: every function MQL5 declares with a `string &` parameter (StringReplace,
 * StringTrimLeft, StringToUpper, StringConcatenate, StringSplit's input is by value…) takes the
 * runtime's `{ value }` holder (see market.ts) and writes the new text to `holder.value`. A bare
 * string in that position cannot be updated: the call fails with ERR_INVALID_PARAMETER (-1 or
 * false). Characters are UTF-16 code units, as MQL5's ushort characters are.
 *
 * Code pages: CP_UTF8 is real UTF-8; every other code page (CP_ACP, CP_OEMCP…) is Windows-1252,
 * the ANSI page of an English terminal (characters it lacks become '?').
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { CODEPAGES, COLORS, ERR } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { formatString, printValue } from "./format.ts";
import { isRecord } from "./protocol.ts";

const E = (name: string): number => ERR[name] ?? 4001;

/** Windows-1252 bytes 0x80–0x9F that are not Latin-1 (byte → code point). */
const CP1252_HIGH: Readonly<Record<number, number>> = {
  128: 0x20ac,
  130: 0x201a,
  131: 0x0192,
  132: 0x201e,
  133: 0x2026,
  134: 0x2020,
  135: 0x2021,
  136: 0x02c6,
  137: 0x2030,
  138: 0x0160,
  139: 0x2039,
  140: 0x0152,
  142: 0x017d,
  145: 0x2018,
  146: 0x2019,
  147: 0x201c,
  148: 0x201d,
  149: 0x2022,
  150: 0x2013,
  151: 0x2014,
  152: 0x02dc,
  153: 0x2122,
  154: 0x0161,
  155: 0x203a,
  156: 0x0153,
  158: 0x017e,
  159: 0x0178,
};
const CP1252_REVERSE = new Map<number, number>(
  Object.entries(CP1252_HIGH).map(([byte, cp]) => [cp, Number(byte)]),
);

function encodeAnsi(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) {
      out.push(c);
    } else {
      const b = CP1252_REVERSE.get(c);
      out.push(b ?? (c >= 0x80 && c <= 0x9f ? c : 0x3f));
    }
  }
  return out;
}

function decodeAnsi(bytes: readonly number[]): string {
  let s = "";
  for (const b of bytes) {
    s += String.fromCharCode(CP1252_HIGH[b] ?? b);
  }
  return s;
}

function encodeUtf8(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i += 1) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i += 1;
      }
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      c = 0xfffd; // lone surrogate
    }
    if (c < 0x80) {
      out.push(c);
    } else if (c < 0x800) {
      out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    } else {
      out.push(
        0xf0 | (c >> 18),
        0x80 | ((c >> 12) & 0x3f),
        0x80 | ((c >> 6) & 0x3f),
        0x80 | (c & 0x3f),
      );
    }
  }
  return out;
}

function decodeUtf8(bytes: readonly number[]): string {
  let s = "";
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const need = b < 0x80 ? 0 : b >= 0xf0 && b < 0xf8 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1;
    if (need < 0) {
      s += "\ufffd";
      i += 1;
      continue;
    }
    let cp = need === 0 ? b : b & (0x3f >> need);
    let ok = true;
    for (let k = 1; k <= need; k += 1) {
      const n = bytes[i + k];
      if (n === undefined || (n & 0xc0) !== 0x80) {
        ok = false;
        break;
      }
      cp = (cp << 6) | (n & 0x3f);
    }
    if (!ok) {
      s += "\ufffd";
      i += 1;
      continue;
    }
    s += String.fromCodePoint(cp);
    i += need + 1;
  }
  return s;
}

export function encodeString(s: string, codepage: unknown): number[] {
  return Number(codepage) === CODEPAGES.CP_UTF8 ? encodeUtf8(s) : encodeAnsi(s);
}

export function decodeBytes(bytes: readonly number[], codepage: unknown): string {
  return Number(codepage) === CODEPAGES.CP_UTF8 ? decodeUtf8(bytes) : decodeAnsi(bytes);
}

/**
 * StringCompare: alphabetic order first (letters compared case-blind), then, when the texts
 * differ only in case and case matters, lower case before upper case ("A" > "a", "Apple" < "home").
 */
export function compareStrings(a: string, b: string, caseSensitive = true): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) {
    return la < lb ? -1 : 1;
  }
  if (!caseSensitive || a === b) {
    return 0;
  }
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? "";
    const y = b[i] ?? "";
    if (x !== y) {
      return x === x.toLowerCase() ? -1 : 1;
    }
  }
  return 0;
}

/** A character argument: MQL5 passes ushort codes; a one-character JS string is accepted too. */
function charCode(v: unknown): number {
  if (typeof v === "string") {
    return v.length > 0 ? v.charCodeAt(0) : 0;
  }
  return (Math.trunc(Number(v)) || 0) & 0xffff;
}

const TRIM = new Set([" ", "\t", "\n", "\r"]);

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/** "R,G,B" of a colour (0x00BBGGRR), or its clr* name when asked and known. */
export function colorToString(clr: unknown, withName: unknown = false): string {
  const c = (Math.trunc(Number(clr)) || 0) >>> 0;
  if (withName === true) {
    for (const [name, value] of Object.entries(COLORS)) {
      if (name.startsWith("clr") && value >>> 0 === c) {
        return name;
      }
    }
  }
  return `${c & 0xff},${(c >>> 8) & 0xff},${(c >>> 16) & 0xff}`;
}

export function stringApi(ctx: RuntimeContext): Record<string, unknown> {
  /** The current text of a `string &` holder, or undefined (error set) for anything else. */
  const refText = (holder: unknown): string | undefined => {
    if (!isRecord(holder)) {
      ctx.setError(E("ERR_INVALID_PARAMETER"));
      return undefined;
    }
    return str(holder.value);
  };
  const write = (holder: unknown, text: string): void => {
    if (isRecord(holder)) {
      holder.value = text;
    }
  };
  const count = (v: unknown): number => (v === undefined ? -1 : Math.trunc(Number(v)));
  const start = (v: unknown): number => Math.max(0, Math.trunc(Number(v ?? 0)) || 0);

  /** Writes `values` at `from` in `arr`, growing a dynamic array to end exactly after them. */
  const writeArray = (arr: unknown[], from: number, values: readonly number[]): number => {
    const lengthWritable = Object.getOwnPropertyDescriptor(arr, "length")?.writable !== false;
    const n = lengthWritable
      ? values.length
      : Math.max(0, Math.min(values.length, arr.length - from));
    if (lengthWritable && !Object.isFrozen(arr)) {
      arr.length = from + n;
      for (let i = 0; i < from; i += 1) {
        if (arr[i] === undefined) {
          arr[i] = 0;
        }
      }
    }
    for (let i = 0; i < n; i += 1) {
      arr[from + i] = values[i];
    }
    return n;
  };

  /** Elements of a char/short array from `from`, `cnt` of them (-1: to the end), up to a 0. */
  const readCodes = (arr: unknown, from: unknown, cnt: unknown): number[] | undefined => {
    if (!Array.isArray(arr)) {
      ctx.setError(E("ERR_INVALID_ARRAY"));
      return undefined;
    }
    const s = start(from);
    const c = count(cnt);
    const end = c < 0 ? arr.length : Math.min(arr.length, s + c);
    const out: number[] = [];
    for (let i = s; i < end; i += 1) {
      const v = Math.trunc(Number(arr[i])) || 0;
      if (v === 0) {
        break;
      }
      out.push(v);
    }
    return out;
  };

  /** StringToCharArray / StringToShortArray: `codes` plus the terminating 0, `cnt` at most. */
  const toArray = (codes: number[], arr: unknown, from: unknown, cnt: unknown): number => {
    if (!Array.isArray(arr)) {
      ctx.setError(E("ERR_INVALID_ARRAY"));
      return 0;
    }
    const all = [...codes, 0];
    const c = count(cnt);
    return writeArray(arr, start(from), c < 0 ? all : all.slice(0, c));
  };

  return {
    StringLen: (s: unknown): number => str(s).length,
    StringBufferLen: (s: unknown): number => str(s).length,
    StringSubstr: (s: unknown, from: unknown, length: unknown = -1): string => {
      const text = str(s);
      const st = Math.trunc(Number(from) || 0);
      if (st < 0 || st >= text.length) {
        return "";
      }
      return Number(length) < 0 ? text.slice(st) : text.slice(st, st + Math.trunc(Number(length)));
    },
    StringFind: (s: unknown, what: unknown, from: unknown = 0): number =>
      str(s).indexOf(str(what), Number(from) || 0),
    StringFormat: (fmt: unknown, ...args: unknown[]): string => formatString(fmt, args),
    StringGetCharacter: (s: unknown, pos: unknown): number => {
      const text = str(s);
      const p = Math.trunc(Number(pos));
      if (!(p >= 0 && p < text.length)) {
        ctx.setError(E("ERR_STRINGPOS_OUTOFRANGE"));
        return 0;
      }
      return text.charCodeAt(p);
    },
    StringSetCharacter: (holder: unknown, pos: unknown, ch: unknown): boolean => {
      const text = refText(holder);
      if (text === undefined) {
        return false;
      }
      const p = Math.trunc(Number(pos));
      const c = charCode(ch);
      if (!(p >= 0 && p <= text.length)) {
        ctx.setError(E("ERR_STRINGPOS_OUTOFRANGE"));
        return false;
      }
      // A 0 ends the string there; at the end position the character is appended.
      const next =
        c === 0 ? text.slice(0, p) : text.slice(0, p) + String.fromCharCode(c) + text.slice(p + 1);
      write(holder, next);
      return true;
    },
    StringAdd: (holder: unknown, add: unknown): boolean => {
      const text = refText(holder);
      if (text === undefined) {
        return false;
      }
      write(holder, text + str(add));
      return true;
    },
    StringInit: (holder: unknown, len: unknown = 0, ch: unknown = 0): boolean => {
      if (refText(holder) === undefined) {
        return false;
      }
      const n = Math.max(0, Math.trunc(Number(len)) || 0);
      const c = charCode(ch);
      // With character 0 the buffer is only reserved: the string stays empty.
      write(holder, c === 0 ? "" : String.fromCharCode(c).repeat(n));
      return true;
    },
    StringFill: (holder: unknown, ch: unknown): boolean => {
      const text = refText(holder);
      if (text === undefined) {
        return false;
      }
      const c = charCode(ch);
      write(holder, c === 0 ? "" : String.fromCharCode(c).repeat(text.length));
      return true;
    },
    StringReserve: (holder: unknown, _size: unknown): boolean => refText(holder) !== undefined,
    StringSetLength: (holder: unknown, len: unknown): boolean => {
      const text = refText(holder);
      if (text === undefined) {
        return false;
      }
      const n = Math.trunc(Number(len));
      if (!(n >= 0)) {
        ctx.setError(E("ERR_INVALID_PARAMETER"));
        return false;
      }
      // Growing only enlarges MQL5's buffer with zeros: the visible text is unchanged.
      write(holder, text.slice(0, n));
      return true;
    },
    StringToLower: (holder: unknown): boolean => {
      const text = refText(holder);
      if (text === undefined) {
        return false;
      }
      write(holder, text.toLowerCase());
      return true;
    },
    StringToUpper: (holder: unknown): boolean => {
      const text = refText(holder);
      if (text === undefined) {
        return false;
      }
      write(holder, text.toUpperCase());
      return true;
    },
    StringTrimLeft: (holder: unknown): number => {
      const text = refText(holder);
      if (text === undefined) {
        return -1;
      }
      let i = 0;
      while (i < text.length && TRIM.has(text[i] ?? "")) {
        i += 1;
      }
      write(holder, text.slice(i));
      return i;
    },
    StringTrimRight: (holder: unknown): number => {
      const text = refText(holder);
      if (text === undefined) {
        return -1;
      }
      let i = text.length;
      while (i > 0 && TRIM.has(text[i - 1] ?? "")) {
        i -= 1;
      }
      write(holder, text.slice(0, i));
      return text.length - i;
    },
    StringConcatenate: (holder: unknown, ...args: unknown[]): number => {
      if (refText(holder) === undefined) {
        return -1;
      }
      const text = args.map(printValue).join("");
      write(holder, text);
      return text.length;
    },
    StringReplace: (holder: unknown, find: unknown, replacement: unknown): number => {
      const text = refText(holder);
      if (text === undefined) {
        return -1;
      }
      const f = str(find);
      if (f === "") {
        ctx.setError(E("ERR_INVALID_PARAMETER"));
        return -1;
      }
      const parts = text.split(f);
      write(holder, parts.join(str(replacement)));
      return parts.length - 1;
    },
    StringSplit: (s: unknown, sep: unknown, result: unknown): number => {
      if (!Array.isArray(result)) {
        ctx.setError(E("ERR_INVALID_ARRAY"));
        return -1;
      }
      const text = str(s);
      const parts = text === "" ? [] : text.split(String.fromCharCode(charCode(sep)));
      result.length = parts.length;
      parts.forEach((p, i) => {
        result[i] = p;
      });
      return parts.length;
    },
    StringCompare: (a: unknown, b: unknown, caseSensitive: unknown = true): number =>
      compareStrings(str(a), str(b), caseSensitive !== false),
    CharToString: (code: unknown): string =>
      decodeBytes([(Math.trunc(Number(code)) || 0) & 0xff], CODEPAGES.CP_ACP),
    ShortToString: (code: unknown): string => String.fromCharCode(charCode(code)),
    CharArrayToString: (
      arr: unknown,
      from: unknown = 0,
      cnt: unknown = -1,
      codepage: unknown = CODEPAGES.CP_ACP,
    ): string => {
      const codes = readCodes(arr, from, cnt);
      // char is signed in MQL5: -61 is the byte 0xC3.
      return codes
        ? decodeBytes(
            codes.map((c) => c & 0xff),
            codepage,
          )
        : "";
    },
    ShortArrayToString: (arr: unknown, from: unknown = 0, cnt: unknown = -1): string => {
      let text = "";
      for (const c of readCodes(arr, from, cnt) ?? []) {
        text += String.fromCharCode(c & 0xffff);
      }
      return text;
    },
    StringToCharArray: (
      s: unknown,
      arr: unknown,
      from: unknown = 0,
      cnt: unknown = -1,
      codepage: unknown = CODEPAGES.CP_ACP,
    ): number => toArray(encodeString(str(s), codepage), arr, from, cnt),
    StringToShortArray: (
      s: unknown,
      arr: unknown,
      from: unknown = 0,
      cnt: unknown = -1,
    ): number => {
      const text = str(s);
      const codes: number[] = [];
      for (let i = 0; i < text.length; i += 1) {
        codes.push(text.charCodeAt(i));
      }
      return toArray(codes, arr, from, cnt);
    },
    IntegerToString: (v: unknown, len: unknown = 0, fill: unknown = " "): string => {
      const pad = typeof fill === "number" ? String.fromCharCode(fill) : str(fill).slice(0, 1);
      // A long beyond 2^53 arrives as a bigint (compiled MQL5): printed exactly.
      const text = typeof v === "bigint" ? String(v) : String(Math.trunc(Number(v) || 0));
      return text.padStart(Number(len) || 0, pad || " ");
    },
    StringToDouble: (s: unknown): number => Number.parseFloat(str(s)) || 0,
    StringToInteger: (s: unknown): number => Number.parseInt(str(s), 10) || 0,
    ColorToString: colorToString,
    StringToColor: (s: unknown): number => {
      const text = str(s).trim();
      const named = COLORS[text];
      if (named !== undefined) {
        return named;
      }
      const m = /^(\d+)\s*,\s*(\d+)\s*,\s*(\d+)$/.exec(text);
      if (m) {
        return (Number(m[1]) & 0xff) | ((Number(m[2]) & 0xff) << 8) | ((Number(m[3]) & 0xff) << 16);
      }
      ctx.setError(E("ERR_WRONG_STRING_PARAMETER"));
      return 0;
    },
    ColorToARGB: (clr: unknown, alpha: unknown = 255): number => {
      const c = (Math.trunc(Number(clr)) || 0) >>> 0;
      const a = (Math.trunc(Number(alpha)) || 0) & 0xff;
      return ((a << 24) | ((c & 0xff) << 16) | (c & 0xff00) | ((c >>> 16) & 0xff)) >>> 0;
    },
  };
}
