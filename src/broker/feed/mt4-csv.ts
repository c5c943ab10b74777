// Parser for MetaTrader 4 "History Center" minute exports.
//
// Owns: turning lines `YYYY.MM.DD,HH:MM,open,high,low,close,tick_volume` (no header; prices are
// bids; times are broker server wall time at a fixed UTC offset given by the caller) into bars
// with UTC timestamps. Pure: takes text, never the file system. Used by replay.ts and by the
// calibration script.

import { MINUTE_MS } from "./calendar.ts";

/** One parsed CSV row. */
export interface Mt4Bar {
  /** Open time of the minute, UTC ms (wall time in the file minus the file's offset). */
  readonly timeMs: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Number of price changes in the minute. */
  readonly tickVolume: number;
}

export type Mt4ParseResult =
  | { readonly ok: true; readonly bars: readonly Mt4Bar[] }
  | { readonly ok: false; readonly line: number; readonly reason: string };

const ROW_RE = /^(\d{4})\.(\d{2})\.(\d{2}),(\d{2}):(\d{2}),([^,]+),([^,]+),([^,]+),([^,]+),(\d+)$/;

/**
 * Parses an MT4 CSV export. `utcOffsetMinutes` is the file's server offset (180 for GMT+3).
 * Rows must be in strictly increasing time order; blank lines are skipped; a malformed row
 * stops the parse with its 1-based line number.
 */
export function parseMt4Csv(text: string, utcOffsetMinutes: number): Mt4ParseResult {
  const bars: Mt4Bar[] = [];
  const lines = text.split(/\r?\n/);
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? "").trim();
    if (line === "") {
      continue;
    }
    const m = ROW_RE.exec(line);
    if (!m) {
      return { ok: false, line: i + 1, reason: "expected YYYY.MM.DD,HH:MM,o,h,l,c,volume" };
    }
    const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
    const [open, high, low, close] = m.slice(6, 10).map(Number) as [number, number, number, number];
    const tickVolume = Number(m[10]);
    const wall = Date.UTC(y, mo - 1, d, h, mi);
    const check = new Date(wall);
    if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) {
      return { ok: false, line: i + 1, reason: "not a calendar date and time" };
    }
    if (![open, high, low, close].every((p) => Number.isFinite(p) && p > 0)) {
      return { ok: false, line: i + 1, reason: "prices must be positive numbers" };
    }
    if (high < Math.max(open, close, low) || low > Math.min(open, close)) {
      return { ok: false, line: i + 1, reason: "high/low do not bound open/close" };
    }
    const timeMs = wall - utcOffsetMinutes * MINUTE_MS;
    if (timeMs <= previous) {
      return { ok: false, line: i + 1, reason: "rows are not in increasing time order" };
    }
    previous = timeMs;
    bars.push({ timeMs, open, high, low, close, tickVolume });
  }
  return { ok: true, bars };
}
