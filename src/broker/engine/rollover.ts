// Rollover: the daily swap charged at 00:00 server time on the positions held over the server
// day that just ended (triple on the symbol's triple-swap day), in the deposit currency.

import { serverWeekday } from "../../mt5/server-time.ts";
import type { Market } from "./market.ts";
import type { LiveAccount } from "./model.ts";
import { dailySwap, roundMoney, swapCurrency } from "./money.ts";
import type { Mutation } from "./mutation.ts";
import { convertMoney } from "./risk.ts";
import { transitionPosition } from "./states.ts";

/** Daily swap at `at` (00:00 server time) for the server day that just ended. */
export function rollover(
  accounts: Iterable<LiveAccount>,
  market: Market,
  at: number,
  m: Mutation,
): void {
  const endedWeekday = serverWeekday(at - 1);
  for (const acc of accounts) {
    if (acc.positions.size === 0) {
      continue;
    }
    for (const pos of acc.positions.values()) {
      const spec = pos.spec;
      if (spec.swapMode === "disabled" || !spec.swapDays.includes(endedWeekday)) {
        continue;
      }
      const q = market.deskOf(acc).quotes.get(spec.name);
      if (!q) {
        continue;
      }
      const r = pos.record;
      const days = spec.tripleSwapDay === endedWeekday ? 3 : 1;
      const raw = dailySwap(spec, r.orderType, r.volume, r.openPrice, q) * days;
      const ccy = swapCurrency(spec);
      const look = market.deskOf(acc).look;
      const converted =
        ccy === undefined ? raw : convertMoney(market.conv, raw, ccy, acc.record.currency, look);
      if (converted === undefined) {
        continue;
      }
      const amount = roundMoney(converted);
      if (amount === 0) {
        continue;
      }
      transitionPosition(r, "swap");
      r.swap = roundMoney(r.swap + amount);
      r.updateMs = at;
      m.events.push({ type: "positionUpdated", position: market.view(pos) });
    }
    m.riskDirty.add(acc);
  }
}
