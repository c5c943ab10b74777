/**
 * MQL5 dynamic-array semantics on JS arrays, and the Array* function group (`arrayApi`).
 *
 * Owns: the "as series" flag (ArraySetAsSeries/ArrayGetAsSeries, kept in a WeakMap so user arrays
 * stay plain arrays), the fill convention of Copy* and CopyBuffer (the target array is resized to
 * the copied count; chronological order, or newest-first when the array is a series), and the
 * Array* functions. A JS array has no indexing direction, so a series array is stored
 * newest-first: `arr[0]` in JS is `arr[0]` in MQL5 either way. Functions MQL5 defines on the
 * physical order (ArraySort sorts the storage ascending, ArrayFill ignores the series flag,
 * ArrayBsearch searches the ascending storage) map indexes through the flag.
 *
 * Static arrays: an array whose `length` is non-writable (or that is frozen/sealed), or one
 * compiled MQL5 declared with a fixed size (markFixedArray), is what MQL5 calls a static array:
 * ArrayIsDynamic answers false, the resizing functions refuse it and Copy* fill what fits.
 * Two-dimensional arrays are arrays of row arrays; ArraySort/ArrayBsearch key them by column 0.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { ARRAYPRINT_FLAGS as APF, ERR } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { timeToString } from "./format.ts";
import { isRecord } from "./protocol.ts";
import { compareStrings } from "./strings.ts";
import {
  MqlDateTime,
  MqlRates,
  MqlTick,
  MqlTradeCheckResult,
  MqlTradeRequest,
  MqlTradeResult,
  MqlTradeTransaction,
  STRUCT_FIELD_KINDS,
} from "./structs.ts";

const E = (name: string): number => ERR[name] ?? 4001;

const seriesFlags = new WeakMap<object, boolean>();

export function isSeriesArray(arr: unknown): boolean {
  return typeof arr === "object" && arr !== null && seriesFlags.get(arr) === true;
}

export function arraySetAsSeries(arr: unknown, flag: unknown): boolean {
  if (!Array.isArray(arr)) {
    return false;
  }
  const want = flag === true || flag === 1;
  if (isSeriesArray(arr) !== want) {
    arr.reverse();
  }
  seriesFlags.set(arr, want);
  return true;
}

/**
 * Writes `values` (chronological) into `target`, honouring its series flag. A dynamic target is
 * resized to the values; a static one keeps its size and gets the first values that fit.
 */
export function fillArray<T>(target: T[], values: readonly T[]): void {
  if (isDynamicArray(target)) {
    target.length = values.length;
  }
  const series = isSeriesArray(target);
  const n = Math.min(values.length, target.length);
  for (let i = 0; i < n; i += 1) {
    const v = values[series ? n - 1 - i : i];
    if (v !== undefined) {
      target[i] = v;
    }
  }
}

export function arrayResize(arr: unknown, size: unknown, _reserve?: unknown): number {
  if (!isDynamicArray(arr) || typeof size !== "number" || size < 0) {
    return -1;
  }
  const n = Math.trunc(size);
  const old = arr.length;
  arr.length = n;
  for (let i = old; i < n; i += 1) {
    arr[i] = 0;
  }
  return n;
}

export function arrayInitialize(arr: unknown, value: unknown): number {
  if (!Array.isArray(arr)) {
    return 0;
  }
  arr.fill(value);
  return arr.length;
}

export function arraySize(arr: unknown): number {
  return Array.isArray(arr) ? arr.length : 0;
}

export function arrayFree(arr: unknown): void {
  if (isDynamicArray(arr)) {
    arr.length = 0;
  }
}

/** ArrayCopy(dst, src, dst_start=0, src_start=0, count=WHOLE_ARRAY). */
export function arrayCopy(
  dst: unknown,
  src: unknown,
  dstStart: unknown = 0,
  srcStart: unknown = 0,
  count: unknown = -1,
): number {
  if (!Array.isArray(dst) || !Array.isArray(src)) {
    return 0;
  }
  const ds = typeof dstStart === "number" ? Math.max(0, Math.trunc(dstStart)) : 0;
  const ss = typeof srcStart === "number" ? Math.max(0, Math.trunc(srcStart)) : 0;
  const avail = Math.max(0, src.length - ss);
  const n = typeof count === "number" && count >= 0 ? Math.min(count, avail) : avail;
  for (let i = 0; i < n; i += 1) {
    dst[ds + i] = copyValue(src[ss + i]);
  }
  return n;
}

const RUNTIME_STRUCTS: readonly (abstract new () => unknown)[] = [
  MqlTick,
  MqlRates,
  MqlDateTime,
  MqlTradeRequest,
  MqlTradeResult,
  MqlTradeCheckResult,
  MqlTradeTransaction,
];

/** A struct value: a compiled MQL5 struct (its prototype says `$struct`) or a runtime Mql* one. */
function isStructValue(v: object): boolean {
  return Reflect.get(v, "$struct") === true || RUNTIME_STRUCTS.some((c) => v instanceof c);
}

/**
 * An element as ArrayCopy copies it: structs (and the rows of a multi-dimensional array) by
 * value, so the copy does not alias the source; numbers, strings and object pointers as they are.
 */
function copyValue<T>(el: T): T {
  if (Array.isArray(el)) {
    return el.map(copyValue) as T;
  }
  if (typeof el === "object" && el !== null && isStructValue(el)) {
    return copyElement(el);
  }
  return el;
}

function extremum(arr: unknown, count: unknown, start: unknown, max: boolean): number {
  if (!Array.isArray(arr) || arr.length === 0) {
    return -1;
  }
  const s = typeof start === "number" ? Math.max(0, Math.trunc(start)) : 0;
  const c = typeof count === "number" && count >= 0 ? count : arr.length - s;
  let best = -1;
  let bestValue: number | bigint = 0;
  for (let i = s; i < Math.min(arr.length, s + c); i += 1) {
    const v = arr[i];
    // Numbers, and longs beyond 2^53 (bigints from compiled MQL5): < and > compare them exactly.
    if (typeof v !== "number" && typeof v !== "bigint") {
      continue;
    }
    if (best < 0 || (max ? v > bestValue : v < bestValue)) {
      best = i;
      bestValue = v;
    }
  }
  return best;
}

/** ArrayMaximum(arr, start=0, count=WHOLE_ARRAY) → index. */
export function arrayMaximum(arr: unknown, start: unknown = 0, count: unknown = -1): number {
  return extremum(arr, count, start, true);
}

export function arrayMinimum(arr: unknown, start: unknown = 0, count: unknown = -1): number {
  return extremum(arr, count, start, false);
}

/** Whether MQL5 would call `arr` dynamic (see the header: non-writable length = static). */
/**
 * Arrays compiled MQL5 declared with a fixed size (`int a[4]`, marked by mql.ts): static like
 * the non-writable ones, without slowing down V8's indexing.
 */
const fixedArrays = new WeakSet<object>();

export function markFixedArray(arr: object): void {
  fixedArrays.add(arr);
}

export function isFixedArray(arr: unknown): boolean {
  return typeof arr === "object" && arr !== null && fixedArrays.has(arr);
}

export function isDynamicArray(arr: unknown): arr is unknown[] {
  return (
    Array.isArray(arr) &&
    !fixedArrays.has(arr) &&
    !Object.isFrozen(arr) &&
    !Object.isSealed(arr) &&
    Object.getOwnPropertyDescriptor(arr, "length")?.writable !== false
  );
}

/** Replaces the whole content of a dynamic array (no argument spreading: arrays may be large). */
function setContents(arr: unknown[], values: readonly unknown[]): void {
  arr.length = values.length;
  for (let i = 0; i < values.length; i += 1) {
    arr[i] = values[i];
  }
}

/** Sort/search key of an element: the number, or column 0 of a row. */
function keyOf(el: unknown): number {
  return Number(Array.isArray(el) ? el[0] : el);
}

function isNumericElement(el: unknown): boolean {
  const v = Array.isArray(el) ? el[0] : el;
  return typeof v === "number" || typeof v === "boolean";
}

/** A copy of a struct element (same class), so inserted elements do not alias the source. */
function copyElement<T>(el: T): T {
  if (Array.isArray(el)) {
    return el.map(copyElement) as T;
  }
  if (typeof el === "object" && el !== null) {
    const out = Object.create(Object.getPrototypeOf(el)) as Record<string, unknown>;
    for (const [k, v] of Object.entries(el)) {
      out[k] = copyElement(v);
    }
    return out as T;
  }
  return el;
}

/** ArrayCompare's element order: numbers numerically, strings by StringCompare, structs by field. */
export function compareElements(a: unknown, b: unknown): number {
  if (a === b) {
    return 0;
  }
  if (a === null || a === undefined) {
    return b === null || b === undefined ? 0 : -1;
  }
  if (b === null || b === undefined) {
    return 1;
  }
  if (typeof a === "string" || typeof b === "string") {
    return Math.sign(compareStrings(String(a), String(b)));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return compareRanges(a, b, 0, 0, Math.max(a.length, b.length));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    for (const k of keys) {
      const c = compareElements(a[k], b[k]);
      if (c !== 0) {
        return c;
      }
    }
    return 0;
  }
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareRanges(
  a: readonly unknown[],
  b: readonly unknown[],
  s1: number,
  s2: number,
  count: number,
): number {
  const n1 = Math.max(0, Math.min(count, a.length - s1));
  const n2 = Math.max(0, Math.min(count, b.length - s2));
  for (let i = 0; i < Math.min(n1, n2); i += 1) {
    const c = compareElements(a[s1 + i], b[s2 + i]);
    if (c !== 0) {
      return c;
    }
  }
  return n1 === n2 ? 0 : n1 < n2 ? -1 : 1;
}

/**
 * ArrayBsearch on storage sorted ascending: the index of the value (the first of equal ones) or
 * of the element nearest in value (the lower one on a tie); 0 below the first, the last index
 * above the last. A series array's storage is its JS order reversed.
 */
export function arrayBsearch(arr: readonly unknown[], value: number): number {
  const n = arr.length;
  const series = isSeriesArray(arr);
  const at = (p: number): number => keyOf(arr[series ? n - 1 - p : p]);
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < value) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  let p: number;
  if (lo >= n) {
    p = n - 1;
  } else if (at(lo) === value || lo === 0) {
    p = lo;
  } else {
    p = value - at(lo - 1) <= at(lo) - value ? lo - 1 : lo;
  }
  return series ? n - 1 - p : p;
}

// ---- ArrayPrint --------------------------------------------------------------------------------

interface PrintOptions {
  digits: number;
  separator: string;
  flags: number;
}

type Kind = "int" | "double" | "datetime" | "string" | "bool" | "other";

const has = (flags: number, name: string): boolean => (flags & (APF[name] ?? 0)) !== 0;

function datetimeText(t: number, flags: number): string {
  const date = has(flags, "ARRAYPRINT_DATE");
  const minutes = has(flags, "ARRAYPRINT_MINUTES");
  const seconds = has(flags, "ARRAYPRINT_SECONDS");
  // Without any of the three flags the default is date and seconds.
  const mode =
    !date && !minutes && !seconds ? 1 | 4 : (date ? 1 : 0) | (seconds ? 4 : minutes ? 2 : 0);
  return timeToString(t, mode);
}

function kindOfValues(values: readonly unknown[]): Kind {
  let ints = false;
  let doubles = false;
  let other: Kind | undefined;
  for (const v of values) {
    if (typeof v === "number") {
      if (Number.isInteger(v)) {
        ints = true;
      } else {
        doubles = true;
      }
      continue;
    }
    const k: Kind = typeof v === "string" ? "string" : typeof v === "boolean" ? "bool" : "other";
    if (other !== undefined && other !== k) {
      return "other";
    }
    other = k;
  }
  if (other !== undefined) {
    return ints || doubles ? "other" : other;
  }
  return doubles ? "double" : "int";
}

function cellText(v: unknown, kind: Kind, o: PrintOptions): string {
  if (v === null || v === undefined) {
    return "null";
  }
  if (typeof v === "string") {
    return JSON.stringify(v);
  }
  if (typeof v === "boolean") {
    return v ? "true" : "false";
  }
  if (typeof v === "object") {
    return "...";
  }
  if (typeof v === "bigint" && kind !== "datetime") {
    // A long beyond 2^53 (compiled MQL5; LONG_MIN in MqlCalendarValue): every digit.
    return String(v);
  }
  const x = Number(v);
  if (kind === "datetime") {
    return datetimeText(x, o.flags);
  }
  if (kind === "int") {
    return String(Math.trunc(x));
  }
  return kind === "double" || !Number.isInteger(x) ? x.toFixed(o.digits) : String(x);
}

/**
 * Lines of a table: columns padded to a common width over all rows (numbers right, text left)
 * when ARRAYPRINT_ALIGN is set; rows of several chunks (an ARRAYPRINT_LIMIT cut) are separated by
 * a `...` line.
 */
function table(
  chunks: string[][][],
  header: string[] | undefined,
  rightAlign: readonly boolean[],
  o: PrintOptions,
): string[] {
  const align = has(o.flags, "ARRAYPRINT_ALIGN");
  const widths: number[] = header ? header.map((h) => h.length) : [];
  for (const rows of chunks) {
    for (const r of rows) {
      r.forEach((t, c) => {
        widths[c] = Math.max(widths[c] ?? 0, t.length);
      });
    }
  }
  const pad = (text: string, c: number, right: boolean): string => {
    if (!align) {
      return text;
    }
    const w = widths[c] ?? 0;
    return right ? text.padStart(w) : text.padEnd(w);
  };
  const lines: string[] = [];
  if (header) {
    lines.push(header.map((h, c) => pad(h, c, true)).join(o.separator));
  }
  chunks.forEach((rows, k) => {
    if (k > 0) {
      lines.push("...");
    }
    for (const r of rows) {
      lines.push(r.map((t, c) => pad(t, c, rightAlign[c] ?? true)).join(o.separator));
    }
  });
  return lines;
}

/** Indexes to print: start..start+count, the first and last 100 when ARRAYPRINT_LIMIT cuts. */
function printedIndexes(length: number, start: number, count: number, flags: number): number[][] {
  const s = Math.max(0, start);
  const e = count < 0 ? length : Math.min(length, s + count);
  const all: number[] = [];
  for (let i = s; i < e; i += 1) {
    all.push(i);
  }
  if (has(flags, "ARRAYPRINT_LIMIT") && all.length > 200) {
    return [all.slice(0, 100), all.slice(-100)];
  }
  return [all];
}

/** Values per line of a one-dimensional array of a simple type. */
const VALUES_PER_LINE = 20;

/**
 * The log lines ArrayPrint writes for `arr`. One-dimensional arrays of simple values print on
 * one line, or in lines of 20 values prefixed with the first value's index (`[ 0]`, `[20]`…);
 * two-dimensional arrays as a table with `[,j]` column and `[i,]` row labels; arrays of structs
 * as a table with a `[field]` header and `[i]` row labels (nested arrays/objects print as
 * `...`). Strings are quoted; datetimes (struct fields known to be datetimes) follow the
 * DATE/MINUTES/SECONDS flags; a column or array whose numbers are all integers prints them as
 * integers, otherwise with `digits` decimals. A cut by ARRAYPRINT_LIMIT shows as a `...` line.
 */
export function arrayPrintLines(
  arr: readonly unknown[],
  digits: number,
  separator: string,
  start: number,
  count: number,
  flags: number,
): string[] {
  const o: PrintOptions = { digits: Math.max(0, Math.min(16, digits)), separator, flags };
  const chunks = printedIndexes(arr.length, start, count, flags);
  const picked = chunks.flat();
  if (picked.length === 0) {
    return [];
  }
  const index = has(flags, "ARRAYPRINT_INDEX");
  const first = arr[picked[0] ?? 0];
  const labelWidth = String(picked[picked.length - 1] ?? 0).length;
  const label = (i: number, fmt: (x: string) => string): string =>
    fmt(String(i).padStart(labelWidth));
  if (Array.isArray(first)) {
    // Two dimensions: rows of columns, one type for all cells.
    let width = 0;
    const cells: unknown[] = [];
    for (const i of picked) {
      const row = arr[i];
      if (Array.isArray(row)) {
        width = Math.max(width, row.length);
        cells.push(...row);
      }
    }
    const kind = kindOfValues(cells);
    const columns = Array.from({ length: width }, (_, c) => c);
    const rows = chunks.map((chunk) =>
      chunk.map((i) => {
        const row = arr[i];
        const texts = columns.map((c) =>
          cellText(Array.isArray(row) ? row[c] : undefined, kind, o),
        );
        return index ? [label(i, (x) => `[${x},]`), ...texts] : texts;
      }),
    );
    const header = index ? ["", ...columns.map((c) => `[,${c}]`)] : undefined;
    const right = [...(index ? [true] : []), ...columns.map(() => kind !== "string")];
    return table(rows, header, right, o);
  }

  if (typeof first === "object" && first !== null) {
    // Structs: one column per field of the first element.
    const proto = Object.getPrototypeOf(first) as { constructor?: unknown } | null;
    const known = STRUCT_FIELD_KINDS.get(proto?.constructor);
    const fields = Object.keys(first);
    const kinds = fields.map((f): Kind => {
      const declared = known?.[f];
      if (declared) {
        return declared;
      }
      const k = kindOfValues(picked.map((i) => (arr[i] as Record<string, unknown>)[f]));
      // In a runtime struct class an undeclared numeric field is a double.
      return known && k === "int" ? "double" : k;
    });
    const rows = chunks.map((chunk) =>
      chunk.map((i) => {
        const el = arr[i] as Record<string, unknown>;
        const texts = fields.map((f, c) => cellText(el[f], kinds[c] ?? "other", o));
        return index ? [label(i, (x) => `[${x}]`), ...texts] : texts;
      }),
    );
    const header = has(flags, "ARRAYPRINT_HEADER")
      ? [...(index ? [""] : []), ...fields.map((f) => `[${f}]`)]
      : undefined;
    const right = [
      ...(index ? [true] : []),
      ...kinds.map((kind) => kind !== "string" && kind !== "other"),
    ];
    return table(rows, header, right, o);
  }

  // One dimension of simple values.
  const kind = kindOfValues(picked.map((i) => arr[i]));
  const texts = new Map(picked.map((i) => [i, cellText(arr[i], kind, o)]));
  let width = 0;
  if (has(flags, "ARRAYPRINT_ALIGN")) {
    for (const t of texts.values()) {
      width = Math.max(width, t.length);
    }
  }
  const cell = (i: number): string => {
    const t = texts.get(i) ?? "";
    return kind === "string" ? t.padEnd(width) : t.padStart(width);
  };
  const single = chunks.length === 1 && picked.length <= VALUES_PER_LINE;
  const lines: string[] = [];
  chunks.forEach((chunk, k) => {
    if (k > 0) {
      lines.push("...");
    }
    for (let j = 0; j < chunk.length; j += VALUES_PER_LINE) {
      const part = chunk.slice(j, j + VALUES_PER_LINE);
      const body = part.map(cell).join(" ").trimEnd();
      const at = part[0] ?? 0;
      lines.push(index && !single ? `${label(at, (x) => `[${x}]`)} ${body}` : body);
    }
  });
  return lines;
}

// ---- the Array* functions ----------------------------------------------------------------------

export function arrayApi(ctx: RuntimeContext): Record<string, unknown> {
  const fail = <T>(err: string, value: T): T => {
    ctx.setError(E(err));
    return value;
  };
  const int = (v: unknown, def: number): number => {
    const n = Math.trunc(Number(v ?? def));
    return Number.isFinite(n) ? n : def;
  };

  return {
    ArraySetAsSeries: arraySetAsSeries,
    ArrayGetAsSeries: isSeriesArray,
    // MQL5: true only for the terminal's own timeseries (OnCalculate's arrays), never in an EA.
    ArrayIsSeries: (_arr: unknown): boolean => false,
    ArrayIsDynamic: (arr: unknown): boolean => isDynamicArray(arr),
    ArrayResize: arrayResize,
    ArraySize: arraySize,
    ArrayInitialize: arrayInitialize,
    ArrayFree: arrayFree,
    ArrayCopy: arrayCopy,
    ArrayMaximum: arrayMaximum,
    ArrayMinimum: arrayMinimum,
    ArrayFill: (arr: unknown, start: unknown, count: unknown, value: unknown): void => {
      if (!Array.isArray(arr)) {
        ctx.setError(E("ERR_INVALID_ARRAY"));
        return;
      }
      // The series flag is ignored: start counts in storage order.
      const n = arr.length;
      const s = Math.max(0, int(start, 0));
      const e = Math.min(n, s + Math.max(0, int(count, 0)));
      const series = isSeriesArray(arr);
      for (let p = s; p < e; p += 1) {
        arr[series ? n - 1 - p : p] = value;
      }
    },
    ArrayRange: (arr: unknown, rank: unknown): number => {
      let cur: unknown = arr;
      for (let r = 0; r < int(rank, 0); r += 1) {
        cur = Array.isArray(cur) ? cur[0] : undefined;
      }
      return Array.isArray(cur) ? cur.length : 0;
    },
    ArrayBsearch: (arr: unknown, value: unknown): number => {
      if (!Array.isArray(arr)) {
        return fail("ERR_INVALID_ARRAY", -1);
      }
      if (arr.length === 0) {
        return fail("ERR_ZEROSIZE_ARRAY", -1);
      }
      if (!arr.every(isNumericElement)) {
        return fail("ERR_NUMBER_ARRAYS_ONLY", -1);
      }
      return arrayBsearch(arr, Number(value));
    },
    ArraySort: (arr: unknown): boolean => {
      if (!Array.isArray(arr) || Object.isFrozen(arr)) {
        return fail("ERR_INVALID_ARRAY", false);
      }
      if (!arr.every(isNumericElement)) {
        return fail("ERR_NUMBER_ARRAYS_ONLY", false);
      }
      // Storage ascending: a series array (stored reversed) reads descending.
      const dir = isSeriesArray(arr) ? -1 : 1;
      const sorted = [...arr].sort((a, b) => dir * (keyOf(a) - keyOf(b)));
      sorted.forEach((v, i) => {
        arr[i] = v;
      });
      return true;
    },
    ArrayCompare: (
      a: unknown,
      b: unknown,
      start1: unknown = 0,
      start2: unknown = 0,
      count: unknown = -1,
    ): number => {
      if (!Array.isArray(a) || !Array.isArray(b)) {
        return fail("ERR_INVALID_ARRAY", -2);
      }
      const s1 = Math.max(0, int(start1, 0));
      const s2 = Math.max(0, int(start2, 0));
      const c = int(count, -1);
      return compareRanges(a, b, s1, s2, c < 0 ? Number.MAX_SAFE_INTEGER : c);
    },
    ArrayRemove: (arr: unknown, start: unknown, count: unknown = -1): boolean => {
      if (!isDynamicArray(arr)) {
        return fail("ERR_INVALID_ARRAY", false);
      }
      const s = int(start, 0);
      if (s < 0 || s >= arr.length) {
        return fail("ERR_SMALL_ARRAY", false);
      }
      const c = int(count, -1);
      arr.splice(s, c < 0 ? arr.length - s : c);
      return true;
    },
    ArrayInsert: (
      dst: unknown,
      src: unknown,
      dstStart: unknown,
      srcStart: unknown = 0,
      count: unknown = -1,
    ): boolean => {
      if (!isDynamicArray(dst) || !Array.isArray(src)) {
        return fail("ERR_INVALID_ARRAY", false);
      }
      const d = int(dstStart, 0);
      const s = int(srcStart, 0);
      if (d < 0 || d > dst.length || s < 0 || s >= src.length) {
        return fail("ERR_SMALL_ARRAY", false);
      }
      const c = int(count, -1);
      const items = src.slice(s, c < 0 ? src.length : s + c).map(copyElement);
      setContents(dst, [...dst.slice(0, d), ...items, ...dst.slice(d)]);
      return true;
    },
    ArrayReverse: (arr: unknown, start: unknown = 0, count: unknown = -1): boolean => {
      if (!Array.isArray(arr)) {
        return fail("ERR_INVALID_ARRAY", false);
      }
      const s = int(start, 0);
      if (s < 0 || (s >= arr.length && arr.length > 0)) {
        return fail("ERR_SMALL_ARRAY", false);
      }
      const c = int(count, -1);
      const e = c < 0 ? arr.length : Math.min(arr.length, s + c);
      const part = arr.slice(s, e).reverse();
      part.forEach((v, i) => {
        arr[s + i] = v;
      });
      return true;
    },
    ArraySwap: (a: unknown, b: unknown): boolean => {
      if (!isDynamicArray(a) || !isDynamicArray(b)) {
        return fail("ERR_INVALID_ARRAY", false);
      }
      const copyA = [...a];
      const seriesA = isSeriesArray(a);
      const seriesB = isSeriesArray(b);
      setContents(a, b);
      setContents(b, copyA);
      seriesFlags.set(a, seriesB);
      seriesFlags.set(b, seriesA);
      return true;
    },
    ArrayPrint: (
      arr: unknown,
      digits?: unknown,
      separator?: unknown,
      start: unknown = 0,
      count: unknown = -1,
      flags?: unknown,
    ): void => {
      if (!Array.isArray(arr)) {
        ctx.setError(E("ERR_INVALID_ARRAY"));
        return;
      }
      const d =
        digits === undefined
          ? (ctx.state.symbol(ctx.chartSymbol)?.spec.digits ?? 5)
          : int(digits, 5);
      const sep = typeof separator === "string" && separator !== "" ? separator : " ";
      const f =
        flags === undefined
          ? (APF.ARRAYPRINT_HEADER ?? 0) |
            (APF.ARRAYPRINT_INDEX ?? 0) |
            (APF.ARRAYPRINT_LIMIT ?? 0) |
            (APF.ARRAYPRINT_ALIGN ?? 0)
          : int(flags, 0);
      for (const line of arrayPrintLines(arr, d, sep, int(start, 0), int(count, -1), f)) {
        ctx.scratch.log("info", line, ctx.state.timeMs);
      }
    },
  };
}
