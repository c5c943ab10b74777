// Risk settlement: every account a mutation (or a crossed risk band) touched is checked for
// stop-out — its most losing positions closed first while the margin level is at or below the
// stop-out level — and gets fresh risk bands.

import type { Market } from "./market.ts";
import type { LiveAccount, LivePosition } from "./model.ts";
import { closePrice } from "./money.ts";
import type { Mutation } from "./mutation.ts";
import type { Orders } from "./orders.ts";
import { evaluateAccount, floatingProfit } from "./risk.ts";
import { layBands } from "./triggers.ts";

/** Runs stop-out and lays fresh risk bands for every account touched so far. */
export function settleRisk(market: Market, orders: Orders, m: Mutation): void {
  while (m.riskDirty.size > 0) {
    const first = m.riskDirty.values().next();
    if (first.done) {
      return;
    }
    const acc = first.value;
    stopOut(market, orders, acc, m);
    m.riskDirty.delete(acc);
    layBands(market, acc);
  }
}

/** Closes the most losing positions first while the margin level is at or below stop-out. */
function stopOut(market: Market, orders: Orders, acc: LiveAccount, m: Mutation): void {
  const desk = market.deskOf(acc);
  for (let guard = acc.positions.size + 1; guard > 0; guard--) {
    const fig = evaluateAccount(acc, desk.look, market.conv, true);
    if (fig.margin <= 0) {
      return;
    }
    const level = (fig.equity / fig.margin) * 100;
    if (level > acc.record.stopOutLevel) {
      return;
    }
    let worst: LivePosition | undefined;
    let worstResult = Number.POSITIVE_INFINITY;
    for (const pos of acc.positions.values()) {
      const q = desk.quotes.get(pos.record.symbol);
      if (!q || !market.tradeOpen(market.bookOf(pos.spec), m.time)) {
        continue;
      }
      const result =
        floatingProfit(pos, desk.look, market.conv, acc.record.currency) + pos.record.swap;
      if (result < worstResult) {
        worstResult = result;
        worst = pos;
      }
    }
    const q = worst ? desk.quotes.get(worst.record.symbol) : undefined;
    if (!worst || !q) {
      return;
    }
    const r = worst.record;
    orders.closeByServer(
      worst,
      closePrice(r.orderType, q),
      "OnStopOut",
      `[so ${level.toFixed(2)}%]`,
      m,
    );
  }
}
