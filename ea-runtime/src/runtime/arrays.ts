/**
 * MQL5 dynamic-array semantics on JS arrays.
 *
 * Owns: the "as series" flag (ArraySetAsSeries/ArrayGetAsSeries, kept in a WeakMap so user arrays
 * stay plain arrays), the fill convention of Copy* and CopyBuffer (the target array is resized to
 * the copied count; chronological order, or newest-first when the array is a series), and the
 * Array* helper functions. A JS array has no indexing direction, so a series array is stored
 * newest-first: `arr[0]` in JS is `arr[0]` in MQL5 either way.
 * Must not import anything outside ea-runtime/src/runtime.
 */

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

/** Writes `values` (chronological) into `target`, honouring its series flag. */
export function fillArray<T>(target: T[], values: readonly T[]): void {
  target.length = values.length;
  const series = isSeriesArray(target);
  const n = values.length;
  for (let i = 0; i < n; i += 1) {
    const v = values[series ? n - 1 - i : i];
    if (v !== undefined) {
      target[i] = v;
    }
  }
}

export function arrayResize(arr: unknown, size: unknown, _reserve?: unknown): number {
  if (!Array.isArray(arr) || typeof size !== "number" || size < 0) {
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
  if (Array.isArray(arr)) {
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
    dst[ds + i] = src[ss + i];
  }
  return n;
}

function extremum(arr: unknown, count: unknown, start: unknown, max: boolean): number {
  if (!Array.isArray(arr) || arr.length === 0) {
    return -1;
  }
  const s = typeof start === "number" ? Math.max(0, Math.trunc(start)) : 0;
  const c = typeof count === "number" && count >= 0 ? count : arr.length - s;
  let best = -1;
  let bestValue = 0;
  for (let i = s; i < Math.min(arr.length, s + c); i += 1) {
    const v = arr[i];
    if (typeof v !== "number") {
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
