/**
 * Bar series held inside the isolate, one per (symbol, timeframe) the host sends.
 *
 * Owns: merging bars from snapshots (append, replace the forming bar, insert late bars), keeping
 * at most `maxBars` bars (trimming the oldest in chunks), telling attached indicators what
 * changed so they recompute incrementally, and resolving MQL5 Copy* ranges (by start position or
 * by time) to chronological index ranges.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { isRecord, numField, type WireRate } from "./protocol.ts";

/** Someone who derives data from a series (indicators). */
export interface SeriesListener {
  /** Bars from chronological index `index` on changed. */
  invalidateFrom(index: number): void;
  /** The `count` oldest bars were dropped. */
  trimmed(count: number): void;
}

export class Series {
  readonly time: number[] = [];
  readonly open: number[] = [];
  readonly high: number[] = [];
  readonly low: number[] = [];
  readonly close: number[] = [];
  readonly tickVolume: number[] = [];
  readonly spread: number[] = [];
  readonly realVolume: number[] = [];
  readonly listeners = new Set<SeriesListener>();
  /** True once the host delivered bars for this series. */
  loaded = false;

  constructor(
    readonly symbol: string,
    readonly timeframe: number,
    private readonly maxBars: number,
  ) {}

  get length(): number {
    return this.time.length;
  }

  clear(): void {
    for (const a of this.arrays()) {
      a.length = 0;
    }
    this.notify(0);
  }

  private arrays(): number[][] {
    return [
      this.time,
      this.open,
      this.high,
      this.low,
      this.close,
      this.tickVolume,
      this.spread,
      this.realVolume,
    ];
  }

  private notify(index: number): void {
    for (const l of this.listeners) {
      l.invalidateFrom(index);
    }
  }

  private write(i: number, r: WireRate): void {
    this.time[i] = r.time;
    this.open[i] = r.open;
    this.high[i] = r.high;
    this.low[i] = r.low;
    this.close[i] = r.close;
    this.tickVolume[i] = r.tick_volume;
    this.spread[i] = r.spread;
    this.realVolume[i] = r.real_volume;
  }

  /** Index of the bar with open time `t`, or -(insertion point) - 1. */
  private find(t: number): number {
    let lo = 0;
    let hi = this.time.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.time[mid] ?? 0;
      if (v === t) {
        return mid;
      }
      if (v < t) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return -lo - 1;
  }

  merge(rawRates: readonly unknown[]): void {
    this.loaded = true;
    let changedFrom = Number.POSITIVE_INFINITY;
    for (const raw of rawRates) {
      if (!isRecord(raw)) {
        continue;
      }
      const r: WireRate = {
        time: numField(raw, "time"),
        open: numField(raw, "open"),
        high: numField(raw, "high"),
        low: numField(raw, "low"),
        close: numField(raw, "close"),
        tick_volume: numField(raw, "tick_volume"),
        spread: numField(raw, "spread"),
        real_volume: numField(raw, "real_volume"),
      };
      const n = this.time.length;
      const last = this.time[n - 1];
      if (last === undefined || r.time > last) {
        this.write(n, r);
        changedFrom = Math.min(changedFrom, n);
        continue;
      }
      const at = this.find(r.time);
      if (at >= 0) {
        this.write(at, r);
        changedFrom = Math.min(changedFrom, at);
      } else {
        const ins = -at - 1;
        for (const a of this.arrays()) {
          a.splice(ins, 0, 0);
        }
        this.write(ins, r);
        changedFrom = Math.min(changedFrom, ins);
      }
    }
    if (changedFrom !== Number.POSITIVE_INFINITY) {
      this.notify(changedFrom);
    }
    this.trim();
  }

  private trim(): void {
    const chunk = Math.max(100, Math.floor(this.maxBars / 10));
    if (this.time.length <= this.maxBars + chunk) {
      return;
    }
    const drop = this.time.length - this.maxBars;
    for (const a of this.arrays()) {
      a.splice(0, drop);
    }
    for (const l of this.listeners) {
      l.trimmed(drop);
    }
  }

  /** Chronological index of the bar containing time `t` (bar open ≤ t), or -1. */
  indexAtOrBefore(t: number): number {
    const at = this.find(t);
    if (at >= 0) {
      return at;
    }
    return -at - 2;
  }
}

/** Values at or above this are treated as datetimes in Copy*(…, start, count|stop, …). */
export const DATETIME_THRESHOLD = 100_000_000;

/**
 * Resolves an MQL5 Copy* range to chronological [from, to) over `length` bars:
 * (start_pos, count), (start_time, count) or (start_time, stop_time). Returns undefined when
 * nothing can be copied.
 */
export function resolveRange(
  length: number,
  times: readonly number[],
  start: number,
  countOrStop: number,
): { from: number; to: number } | undefined {
  if (length === 0) {
    return undefined;
  }
  const timeBased = start >= DATETIME_THRESHOLD;
  if (!timeBased) {
    const startPos = Math.trunc(start);
    const count = Math.trunc(countOrStop);
    if (startPos < 0 || count <= 0 || startPos >= length) {
      return undefined;
    }
    const to = length - startPos;
    const from = Math.max(0, to - count);
    return { from, to };
  }
  if (countOrStop >= DATETIME_THRESHOLD) {
    // (start_time, stop_time): all bars whose open time is within [min, max].
    const lo = Math.min(start, countOrStop);
    const hi = Math.max(start, countOrStop);
    let from = 0;
    while (from < length && (times[from] ?? 0) < lo) {
      from += 1;
    }
    let to = from;
    while (to < length && (times[to] ?? 0) <= hi) {
      to += 1;
    }
    return to > from ? { from, to } : undefined;
  }
  // (start_time, count): `count` bars going back from the bar at start_time.
  let last = -1;
  for (let i = length - 1; i >= 0; i -= 1) {
    if ((times[i] ?? 0) <= start) {
      last = i;
      break;
    }
  }
  const count = Math.trunc(countOrStop);
  if (last < 0 || count <= 0) {
    return undefined;
  }
  return { from: Math.max(0, last + 1 - count), to: last + 1 };
}
