// Order records and their execution: creating an order record, moving an order to a final
// state, executing an active order at market (a triggered pending, a FlashFill remainder), and
// closing a position through a closing order; with the free-margin check a new exposure passes.

import type { SymbolSpec } from "../symbols.ts";
import type { Deals } from "./deals.ts";
import { executionPrice } from "./execution.ts";
import { removeEntry } from "./heap.ts";
import type { Market } from "./market.ts";
import type { LiveAccount, LiveOrder, LivePosition } from "./model.ts";
import { EPS, roundMoney, roundVolume } from "./money.ts";
import type { Mutation } from "./mutation.ts";
import { accountMargin, evaluateAccount, exposureAfter, opposite } from "./risk.ts";
import { FINAL_ORDER_STATES, transitionOrder } from "./states.ts";
import type {
  ConcreteFillPolicy,
  ExpirationType,
  OrderRecord,
  OrderType,
  PlacedType,
  PositionSide,
  Quote,
  TicketSource,
} from "./types.ts";
import { isBuyType } from "./validation.ts";

/** The fields of a new order record beyond its account, symbol, type and volume. */
export interface NewOrderFields {
  price: number;
  fillPolicy: ConcreteFillPolicy;
  placedType: PlacedType;
  comment: string;
  expertId: number;
  stopLimitPrice?: number;
  stopLoss?: number;
  takeProfit?: number;
  clientOrderId?: string;
  requestId?: number;
  deviation?: number;
  expirationType?: ExpirationType;
  expirationMs?: number;
}

/** The request fields a closing order carries. */
export interface CloseFields {
  expertId: number;
  clientOrderId: string;
  requestId: number;
  deviation: number;
  requestedPrice: number;
}

export class Orders {
  constructor(
    private readonly market: Market,
    private readonly ids: TicketSource,
    private readonly deals: Deals,
  ) {}

  newOrder(
    acc: LiveAccount,
    spec: SymbolSpec,
    type: OrderType,
    volume: number,
    m: Mutation,
    f: NewOrderFields,
  ): OrderRecord {
    return {
      ticket: this.ids.order(),
      login: acc.record.login,
      symbol: spec.name,
      orderType: type,
      state: "Started",
      volumeInitial: volume,
      volumeCurrent: volume,
      price: f.price,
      stopLimitPrice: f.stopLimitPrice ?? 0,
      stopLoss: f.stopLoss ?? 0,
      takeProfit: f.takeProfit ?? 0,
      fillPolicy: f.fillPolicy,
      expirationType: f.expirationType ?? "GTC",
      expirationMs: f.expirationMs ?? 0,
      setupMs: m.time,
      doneMs: 0,
      positionTicket: 0,
      positionByTicket: 0,
      deviation: f.deviation ?? 0,
      expertId: f.expertId,
      comment: f.comment,
      clientOrderId: f.clientOrderId ?? "",
      requestId: f.requestId ?? 0,
      placedType: f.placedType,
    };
  }

  /** Moves a (non-live) order record to a final state and reports it. */
  closeRecord(order: OrderRecord, state: OrderRecord["state"], m: Mutation): void {
    transitionOrder(order, state);
    order.doneMs = m.time;
    m.events.push({ type: "orderRemoved", order: { ...order } });
  }

  /** Removes a live order from every structure and moves it to a final state. */
  finalizeOrder(o: LiveOrder, state: OrderRecord["state"], m: Mutation): void {
    if (!FINAL_ORDER_STATES.has(state)) {
      throw new Error(`finalizeOrder needs a final state, got ${state}`);
    }
    removeEntry(o.trigger);
    removeEntry(o.expiry);
    o.trigger = undefined;
    o.expiry = undefined;
    if (o.working) {
      this.market.deskBook(o.account, o.spec).working.delete(o);
      o.working = false;
    }
    o.account.orders.delete(o.record.ticket);
    this.closeRecord(o.record, state, m);
  }

  /** Closes `volume` of a position at `price` through a closing order (manual, SL, TP, SO). */
  closeAtMarket(
    pos: LivePosition,
    volume: number,
    price: number,
    placedType: PlacedType,
    comment: string,
    m: Mutation,
    extra: CloseFields,
  ): OrderRecord {
    const r = pos.record;
    const order = this.newOrder(pos.account, pos.spec, opposite(r.orderType), volume, m, {
      price: extra.requestedPrice,
      fillPolicy: "FillOrKill",
      placedType,
      comment,
      expertId: extra.expertId,
      clientOrderId: extra.clientOrderId,
      requestId: extra.requestId,
      deviation: extra.deviation,
    });
    order.positionTicket = r.ticket;
    m.events.push({ type: "orderAdded", order: { ...order } });
    this.deals.fill(pos.account, pos.spec, order, opposite(r.orderType), volume, price, m, pos);
    order.volumeCurrent = 0;
    this.closeRecord(order, "Filled", m);
    return order;
  }

  /** Closes a whole position at `price` on the server's initiative (SL, TP, stop-out). */
  closeByServer(
    pos: LivePosition,
    price: number,
    placedType: PlacedType,
    comment: string,
    m: Mutation,
  ): void {
    const r = pos.record;
    this.closeAtMarket(pos, r.volume, price, placedType, comment, m, {
      expertId: r.expertId,
      clientOrderId: "",
      requestId: 0,
      deviation: 0,
      requestedPrice: 0,
    });
  }

  /** Executes an active order at market (a triggered pending or a FlashFill remainder). */
  executeOrder(o: LiveOrder, q: Quote, m: Mutation): void {
    const r = o.record;
    const acc = o.account;
    const spec = o.spec;
    const side: PositionSide = isBuyType(r.orderType) ? "Buy" : "Sell";
    const remaining = r.volumeCurrent;
    if (r.fillPolicy === "FillOrKill" && remaining > spec.liquidity + EPS) {
      this.finalizeOrder(o, "Cancelled", m);
      return;
    }
    const volume = Math.min(remaining, spec.liquidity);
    const existing = acc.record.marginMode === "netting" ? acc.bySymbol.get(spec.name) : undefined;
    const reduces =
      existing !== undefined &&
      existing.record.orderType !== side &&
      volume <= existing.record.volume + EPS;
    if (!reduces && !this.marginAllows(acc, spec, side, volume)) {
      this.finalizeOrder(o, "Rejected", m);
      return;
    }
    const price = executionPrice(spec, side, volume, q);
    this.deals.fill(acc, spec, r, side, volume, price, m);
    r.volumeCurrent = roundVolume(remaining - volume);
    if (r.volumeCurrent <= EPS) {
      r.volumeCurrent = 0;
      this.finalizeOrder(o, "Filled", m);
    } else if (r.fillPolicy === "ImmediateOrCancel") {
      this.finalizeOrder(o, "Cancelled", m);
    } else {
      transitionOrder(r, "Partial");
      removeEntry(o.trigger);
      o.trigger = undefined;
      if (!o.working) {
        o.working = true;
        this.market.deskBook(acc, spec).working.add(o);
      }
      m.events.push({ type: "orderUpdated", order: { ...r } });
    }
  }

  /** Whether free margin covers the margin after adding `volume` on `side` (netting: net). */
  marginAllows(acc: LiveAccount, spec: SymbolSpec, side: PositionSide, volume: number): boolean {
    const look = this.market.deskOf(acc).look;
    const conv = this.market.conv;
    const before = accountMargin(acc, look, conv);
    const after = roundMoney(
      accountMargin(acc, look, conv, exposureAfter(acc, spec, side, volume)),
    );
    if (after <= before + EPS) {
      return true;
    }
    const fig = evaluateAccount(acc, look, conv, true);
    return fig.equity + this.market.commission(acc, spec, volume) - after >= -EPS;
  }
}
