// The trigger books (model.ts): arming what waits for a price (pending orders, SL/TP, accounts'
// risk bands) or a time (expirations), and firing what a quote has crossed, pass after pass.

import type { HeapEntry, TriggerHeap } from "./heap.ts";
import { removeEntry } from "./heap.ts";
import type { Market } from "./market.ts";
import type { LiveAccount, LiveOrder, LivePosition, SymbolBook, Trigger } from "./model.ts";
import { closePrice } from "./money.ts";
import type { Mutation } from "./mutation.ts";
import { riskBands } from "./risk.ts";
import { transitionOrder } from "./states.ts";
import type { PlacedType, Quote } from "./types.ts";

/** What a fired trigger asks of the rest of the engine. */
export interface TriggerActions {
  /** Executes an active order at market (orders.ts). */
  executeOrder(o: LiveOrder, q: Quote, m: Mutation): void;
  /** Closes a whole position at market on the server's initiative (orders.ts). */
  closeByServer(
    pos: LivePosition,
    price: number,
    placedType: PlacedType,
    comment: string,
    m: Mutation,
  ): void;
  /** Stop-out and fresh risk bands for the accounts touched so far (stop-out.ts). */
  settleRisk(m: Mutation): void;
}

/** (Re-)arms a pending order's price trigger in its desk's book. */
export function armOrder(market: Market, o: LiveOrder): void {
  removeEntry(o.trigger);
  const book = market.deskBook(o.account, o.spec);
  const t: Trigger = { kind: "order", order: o };
  const r = o.record;
  switch (r.orderType) {
    case "BuyLimit":
      o.trigger = book.askDown.push(r.price, t);
      break;
    case "BuyStop":
    case "BuyStopLimit":
      o.trigger = book.askUp.push(r.price, t);
      break;
    case "SellLimit":
      o.trigger = book.bidUp.push(r.price, t);
      break;
    case "SellStop":
    case "SellStopLimit":
      o.trigger = book.bidDown.push(r.price, t);
      break;
    default:
      o.trigger = undefined;
  }
}

/** (Re-)arms an order's expiration (none for expirationMs 0). */
export function armExpiry(expiries: TriggerHeap<LiveOrder>, o: LiveOrder): void {
  removeEntry(o.expiry);
  o.expiry = o.record.expirationMs > 0 ? expiries.push(o.record.expirationMs, o) : undefined;
}

/** (Re-)arms a position's SL and TP triggers. */
export function armStops(market: Market, pos: LivePosition): void {
  disarmStops(pos);
  const book = market.deskBook(pos.account, pos.spec);
  const r = pos.record;
  const buy = r.orderType === "Buy";
  if (r.stopLoss > 0) {
    const t: Trigger = { kind: "sl", position: pos };
    pos.sl = buy ? book.bidDown.push(r.stopLoss, t) : book.askUp.push(r.stopLoss, t);
  }
  if (r.takeProfit > 0) {
    const t: Trigger = { kind: "tp", position: pos };
    pos.tp = buy ? book.bidUp.push(r.takeProfit, t) : book.askDown.push(r.takeProfit, t);
  }
}

export function disarmStops(pos: LivePosition): void {
  removeEntry(pos.sl);
  removeEntry(pos.tp);
  pos.sl = undefined;
  pos.tp = undefined;
}

/** Replaces the account's risk bands (risk.ts) with ones laid at the current quotes. */
export function layBands(market: Market, acc: LiveAccount): void {
  for (const e of acc.bands) {
    removeEntry(e);
  }
  acc.bands = [];
  const desk = market.deskOf(acc);
  const { bands } = riskBands(acc, desk.look, market.conv, market.specOf, acc.record.stopOutLevel);
  const t: Trigger = { kind: "band", account: acc };
  for (const b of bands) {
    const book = desk.books.get(b.symbol);
    if (!book) {
      continue;
    }
    const heap =
      b.side === "bid"
        ? b.direction === "down"
          ? book.bidDown
          : book.bidUp
        : b.direction === "down"
          ? book.askDown
          : book.askUp;
    acc.bands.push(heap.push(b.key, t));
  }
}

/** Pops every entry the quote has crossed, until nothing more fires. */
export function fireTriggers(
  market: Market,
  book: SymbolBook,
  q: Quote,
  m: Mutation,
  act: TriggerActions,
): void {
  const tol = book.spec.point / 100;
  for (let pass = 0; pass < 64; pass++) {
    let fired = false;
    let e: HeapEntry<Trigger> | undefined;
    for (e = book.askUp.peek(); e && e.key <= q.ask + tol; e = book.askUp.peek()) {
      book.askUp.pop();
      onTrigger(market, e.value, q, m, act);
      fired = true;
    }
    for (e = book.askDown.peek(); e && e.key >= q.ask - tol; e = book.askDown.peek()) {
      book.askDown.pop();
      onTrigger(market, e.value, q, m, act);
      fired = true;
    }
    for (e = book.bidUp.peek(); e && e.key <= q.bid + tol; e = book.bidUp.peek()) {
      book.bidUp.pop();
      onTrigger(market, e.value, q, m, act);
      fired = true;
    }
    for (e = book.bidDown.peek(); e && e.key >= q.bid - tol; e = book.bidDown.peek()) {
      book.bidDown.pop();
      onTrigger(market, e.value, q, m, act);
      fired = true;
    }
    if (!fired) {
      return;
    }
    // Stop-outs between passes, so a fill in one pass sees the account's real state.
    act.settleRisk(m);
  }
}

function onTrigger(market: Market, t: Trigger, q: Quote, m: Mutation, act: TriggerActions): void {
  switch (t.kind) {
    case "order": {
      const o = t.order;
      o.trigger = undefined;
      const r = o.record;
      if (r.orderType === "BuyStopLimit" || r.orderType === "SellStopLimit") {
        // The stop price is hit: the same order becomes a limit order at the stop-limit price,
        // with the Return policy (ENUM_ORDER_TYPE_FILLING; see execution.ts).
        r.orderType = r.orderType === "BuyStopLimit" ? "BuyLimit" : "SellLimit";
        r.fillPolicy = "FlashFill";
        r.price = r.stopLimitPrice;
        r.stopLimitPrice = 0;
        transitionOrder(r, "Placed");
        armOrder(market, o);
        m.events.push({ type: "orderUpdated", order: { ...r } });
        return;
      }
      act.executeOrder(o, q, m);
      return;
    }
    case "sl":
    case "tp": {
      const pos = t.position;
      if (t.kind === "sl") {
        pos.sl = undefined;
      } else {
        pos.tp = undefined;
      }
      const r = pos.record;
      if (r.state !== "Filled") {
        return;
      }
      const price = closePrice(r.orderType, q);
      const level = t.kind === "sl" ? r.stopLoss : r.takeProfit;
      const comment = `[${t.kind} ${level.toFixed(pos.spec.digits)}]`;
      act.closeByServer(pos, price, t.kind === "sl" ? "OnSL" : "OnTP", comment, m);
      return;
    }
    case "band":
      m.riskDirty.add(t.account);
      return;
    default: {
      const never: never = t;
      throw new Error(`unknown trigger ${String(never)}`);
    }
  }
}
