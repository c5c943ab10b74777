// History back-fill: M1 bars before the live start, produced by running the live model itself.
//
// Owns: driving each SymbolModel minute by minute over [from, to) and folding every minute's
// ticks straight into the M1 series of a BarStore (open = first bid, high/low = extreme bids,
// close = last bid, tickVolume = ticks, spread = smallest spread in points), without building
// tick objects. Because the models are then handed to the live generator in the state this
// leaves them in, the live path continues exactly where the history ends: the bars a live feed
// would have built over the same minutes are identical. Pure: the session predicate is passed in.

import type { BarStore } from "./bars.ts";
import { MINUTE_MS, type ServerCalendar } from "./calendar.ts";
import { MinuteTicks, type SymbolModel } from "./model.ts";
import type { QuoteOpenPredicate } from "./types.ts";

/** Simulates minutes [fromMinute, toMinute) of every model into `store`'s M1 series. */
export function backfillHistory(
  models: readonly SymbolModel[],
  isQuoteOpen: QuoteOpenPredicate,
  cal: ServerCalendar,
  fromMinute: number,
  toMinute: number,
  store: BarStore,
): void {
  for (const model of models) {
    const symbol = model.profile.symbol;
    const series = store.series(symbol, Math.max(16, toMinute - fromMinute));
    const buf = new MinuteTicks(model.maxTicksPerMinute);
    for (let minute = fromMinute; minute < toMinute; minute++) {
      const t = minute * MINUTE_MS;
      const n = model.simulateMinute(minute, isQuoteOpen(symbol, t), cal, buf, false);
      if (n === 0) {
        continue;
      }
      const bid = buf.bid;
      const ask = buf.ask;
      let high = bid[0] ?? 0;
      let low = high;
      let spread = (ask[0] ?? 0) - high;
      for (let i = 1; i < n; i++) {
        const b = bid[i] ?? 0;
        if (b > high) {
          high = b;
        } else if (b < low) {
          low = b;
        }
        const s = (ask[i] ?? 0) - b;
        if (s < spread) {
          spread = s;
        }
      }
      series.push(t, bid[0] ?? 0, high, low, bid[n - 1] ?? 0, n, spread);
    }
  }
}
