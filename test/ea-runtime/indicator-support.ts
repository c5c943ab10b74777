/**
 * Support for the indicator tests: small hand-made bar series, an EA that creates one indicator
 * and prints every buffer, and an exact comparison (1e-12) where EMPTY_VALUE must match exactly.
 */

import { expect } from "bun:test";
import { initEvent, inProcess } from "./harness.ts";

/** MQL5's EMPTY_VALUE as CopyBuffer returns it. */
export const E = Number.MAX_VALUE;

export type Bar = Record<string, number>;

export const START = 1_700_000_000;

/** Hourly bars from [open, high, low, close, tick_volume?, real_volume?] rows. */
export function ohlc(rows: readonly (readonly number[])[], start = START): Bar[] {
  return rows.map(([o = 0, h = 0, l = 0, c = 0, v = 1, rv = 0], i) => ({
    time: start + i * 3600,
    open: o,
    high: h,
    low: l,
    close: c,
    tick_volume: v,
    spread: 2,
    real_volume: rv,
  }));
}

/** Bars whose open, high, low and close are all `c` (for close-only indicators). */
export function flat(closes: readonly number[], volumes: readonly number[] = []): Bar[] {
  return ohlc(closes.map((c, i) => [c, c, c, c, volumes[i] ?? 1]));
}

/** Bars with median price m (high m + 1, low m − 1, close m). */
export function medians(ms: readonly number[]): Bar[] {
  return ohlc(ms.map((m) => [m, m + 1, m - 1, m]));
}

export interface Run {
  /** Every buffer in full, oldest bar first (["error", code] when CopyBuffer failed). */
  readonly buffers: number[][];
  readonly barsCalculated: number;
}

/**
 * Creates `create` in OnInit over `rates` and, on one tick, copies buffers 0..buffers−1 (all
 * bars from position 0) and BarsCalculated.
 */
export async function run(create: string, rates: Bar[], buffers = 1): Promise<Run> {
  const ea = await inProcess();
  const prog = `
let h;
function OnInit() { h = ${create}; return h === INVALID_HANDLE ? INIT_FAILED : INIT_SUCCEEDED; }
function OnTick() {
  const all = [];
  for (let b = 0; b < ${buffers}; b++) {
    const buf = [];
    const n = CopyBuffer(h, b, 0, Bars(_Symbol, _Period), buf);
    all.push(n < 0 ? ["error", GetLastError()] : buf);
  }
  Print(JSON.stringify({ buffers: all, barsCalculated: BarsCalculated(h) }));
}`;
  expect(ea.load(prog, { maxLogLineLength: 1_000_000 }).ok).toBe(true);
  expect(ea.dispatch(initEvent(rates)).initResult).toBe(0);
  const out = ea.dispatch({ type: "tick", snapshot: {} });
  expect(out.ok).toBe(true);
  return JSON.parse(out.logs[0]?.text ?? "{}") as Run;
}

/** Buffers 0..buffers−1 of `create` over `rates`, in full. */
export async function values(create: string, rates: Bar[], buffers = 1): Promise<number[][]> {
  return (await run(create, rates, buffers)).buffers;
}

/** Runs `body` in OnTick after `rates` were delivered; returns the printed lines. */
export async function onTick(body: string, rates: Bar[]): Promise<string[]> {
  const ea = await inProcess();
  expect(ea.load(`function OnTick() {\n${body}\n}`, { maxLogLineLength: 1_000_000 }).ok).toBe(true);
  ea.dispatch(initEvent(rates));
  const out = ea.dispatch({ type: "tick" });
  expect(out.error).toBeUndefined();
  return out.logs.map((l) => l.text);
}

/** Exact comparison: EMPTY_VALUE must be EMPTY_VALUE, other values within 1e-12. */
export function expectValues(actual: number[] | undefined, expected: readonly number[]): void {
  expect(actual).toBeDefined();
  expect(actual?.length).toBe(expected.length);
  expected.forEach((e, i) => {
    const a = actual?.[i] ?? Number.NaN;
    if (e === E || a === E) {
      expect({ i, a }).toEqual({ i, a: e });
    } else {
      const ok = Math.abs(a - e) <= 1e-12 * Math.max(1, Math.abs(e));
      expect({ i, a, e, ok }).toEqual({ i, a, e, ok: true });
    }
  });
}
