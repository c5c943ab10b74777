// The persistence seam: the engine's state as the records it is persisted as (`snapshotState`),
// and the live structures rebuilt from them (`restoreRecords`), triggers and expiries included.

import type { TriggerHeap } from "./heap.ts";
import type { Market } from "./market.ts";
import type { LiveAccount, LiveOrder, LivePosition } from "./model.ts";
import { newAccount } from "./model.ts";
import { armExpiry, armOrder, armStops } from "./triggers.ts";
import type { AccountRecord, EngineState, OrderRecord, PositionRecord } from "./types.ts";

/** Everything needed to rebuild the engine (see `restoreRecords`). */
export function snapshotState(
  accounts: Iterable<LiveAccount>,
  market: Market,
  timeMs: number,
): EngineState {
  const accountRecords: AccountRecord[] = [];
  const positions: PositionRecord[] = [];
  const orders: OrderRecord[] = [];
  for (const acc of accounts) {
    accountRecords.push({ ...acc.record });
    for (const p of acc.positions.values()) {
      positions.push({ ...p.record });
    }
    for (const o of acc.orders.values()) {
      orders.push({ ...o.record });
    }
  }
  return { accounts: accountRecords, positions, orders, quotes: market.rawQuotes(), timeMs };
}

/**
 * Loads persisted quotes, accounts, positions and orders into empty structures, arming the
 * positions' SL/TP, the orders' triggers (or working sets) and expirations. Throws on a
 * position or order of an unknown account or symbol.
 */
export function restoreRecords(
  state: EngineState,
  accounts: Map<number, LiveAccount>,
  market: Market,
  expiries: TriggerHeap<LiveOrder>,
): void {
  for (const q of state.quotes) {
    market.restoreQuote(q);
  }
  for (const a of state.accounts) {
    accounts.set(a.login, newAccount({ ...a }));
  }
  for (const p of state.positions) {
    const acc = accounts.get(p.login);
    const spec = market.specOf(p.symbol);
    if (!acc || !spec) {
      throw new Error(`position ${p.ticket}: unknown account or symbol`);
    }
    const pos: LivePosition = {
      record: { ...p },
      spec,
      account: acc,
      sl: undefined,
      tp: undefined,
    };
    acc.positions.set(p.ticket, pos);
    if (acc.record.marginMode === "netting") {
      acc.bySymbol.set(p.symbol, pos);
    }
    armStops(market, pos);
  }
  for (const o of state.orders) {
    const acc = accounts.get(o.login);
    const spec = market.specOf(o.symbol);
    if (!acc || !spec) {
      throw new Error(`order ${o.ticket}: unknown account or symbol`);
    }
    const live: LiveOrder = {
      record: { ...o },
      spec,
      account: acc,
      trigger: undefined,
      expiry: undefined,
      working: o.state === "Partial",
    };
    acc.orders.set(o.ticket, live);
    if (live.working) {
      market.deskBook(acc, spec).working.add(live);
    } else {
      armOrder(market, live);
    }
    armExpiry(expiries, live);
  }
}
