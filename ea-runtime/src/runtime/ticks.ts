/**
 * CopyTicks and CopyTicksRange over the ticks this EA has received: the runtime keeps the most
 * recent ticks of every symbol it gets quotes for (state.ts, TICKS_KEPT per symbol) — the chart
 * symbol's, and those of any symbol the EA reads (the service then streams its quotes). A
 * terminal also has the broker's older tick history; here the history starts when the EA
 * started (documented in docs/mql5-coverage.md).
 *
 * Owns: the flag filters (COPY_TICKS_INFO: bid/ask changes, COPY_TICKS_TRADE: last/volume
 * changes, COPY_TICKS_ALL), the `from`/`count` and `from_msc`/`to_msc` selections, filling an
 * MqlTick array (a series array gets the newest first).
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { fillArray } from "./arrays.ts";
import { ERR } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import type { WireTick } from "./protocol.ts";
import { MqlTick } from "./structs.ts";

export const COPY_TICKS_INFO = 1;
export const COPY_TICKS_TRADE = 2;
export const COPY_TICKS_ALL = -1;

/** MqlTick.flags bits. */
const TICK_FLAG_BID = 2;
const TICK_FLAG_ASK = 4;
const TICK_FLAG_LAST = 8;
const TICK_FLAG_VOLUME = 16;

/** What CopyTicks returns without `from` and `count`: the most recent ticks, at most this many. */
const DEFAULT_COUNT = 2000;

function kept(flags: number, t: WireTick): boolean {
  if (flags === COPY_TICKS_INFO) {
    return (t.flags & (TICK_FLAG_BID | TICK_FLAG_ASK)) !== 0 || t.flags === 0;
  }
  if (flags === COPY_TICKS_TRADE) {
    return (t.flags & (TICK_FLAG_LAST | TICK_FLAG_VOLUME)) !== 0;
  }
  return true;
}

function toMqlTick(t: WireTick): MqlTick {
  const m = new MqlTick();
  m.time = t.time;
  m.bid = t.bid;
  m.ask = t.ask;
  m.last = t.last;
  m.volume = t.volume;
  m.time_msc = t.time_msc;
  m.flags = t.flags;
  m.volume_real = t.volume_real;
  return m;
}

export function ticksApi(ctx: RuntimeContext): Record<string, unknown> {
  const source = (symbol: unknown, flags: unknown): WireTick[] | undefined => {
    const s = ctx.state.symbol(String(symbol ?? ""));
    if (!s) {
      ctx.setError(ERR.ERR_MARKET_UNKNOWN_SYMBOL ?? 4301);
      return undefined;
    }
    const f = Math.trunc(Number(flags ?? COPY_TICKS_ALL));
    return s.ticks.filter((t) => kept(f, t));
  };
  const fill = (target: unknown, ticks: readonly WireTick[]): number => {
    if (!Array.isArray(target)) {
      ctx.setError(ERR.ERR_INVALID_PARAMETER ?? 4003);
      return -1;
    }
    fillArray(target as MqlTick[], ticks.map(toMqlTick));
    return ticks.length;
  };
  return {
    /** CopyTicks(symbol, ticks[], flags = COPY_TICKS_ALL, from = 0 (ms), count = 0). */
    CopyTicks: (
      symbol: unknown,
      target: unknown,
      flags?: unknown,
      from?: unknown,
      count?: unknown,
    ): number => {
      const all = source(symbol, flags);
      if (!all) {
        return -1;
      }
      const fromMs = Math.max(0, Number(from ?? 0) || 0);
      const n = Math.max(0, Math.trunc(Number(count ?? 0) || 0));
      let picked: WireTick[];
      if (fromMs === 0) {
        picked = all.slice(-(n > 0 ? n : DEFAULT_COUNT));
      } else {
        const after = all.filter((t) => t.time_msc >= fromMs);
        picked = n > 0 ? after.slice(0, n) : after.slice(0, DEFAULT_COUNT);
      }
      return fill(target, picked);
    },
    /** CopyTicksRange(symbol, ticks[], flags, from_msc = 0, to_msc = 0 (now)). */
    CopyTicksRange: (
      symbol: unknown,
      target: unknown,
      flags?: unknown,
      fromMsc?: unknown,
      toMsc?: unknown,
    ): number => {
      const all = source(symbol, flags);
      if (!all) {
        return -1;
      }
      const from = Number(fromMsc ?? 0) || 0;
      const to = Number(toMsc ?? 0) || Number.POSITIVE_INFINITY;
      return fill(
        target,
        all.filter((t) => t.time_msc >= from && t.time_msc <= to),
      );
    },
  };
}
