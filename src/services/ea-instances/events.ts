// Session events → EA events: a tick of the EA's symbol becomes a `tick` event (with the forming
// bar and the queued snapshot delta), conversion-leg ticks queue new tick values, trade events
// update the instance's position/order mirror and become OnTradeTransaction / OnTrade events.
import type { Bar, Quote, TradeEvent } from "../../broker/connector.ts";
import {
  dealToWire,
  orderToWire,
  positionToWire,
  quoteToWireTick,
  tickValuesToWire,
  utcToServerMs,
} from "../../ea/trade-translation.ts";
import type { SessionEvent } from "../../sessions/contract.ts";
import type { Json, Live } from "./live.ts";
import { foldSeriesTick, queueBars } from "./series.ts";
import { barToRates, brokerAccountToWire } from "./wire.ts";

/** MQL5 ENUM_TRADE_TRANSACTION_TYPE values. */
const TRANSACTION = {
  ORDER_ADD: 0,
  ORDER_UPDATE: 1,
  ORDER_DELETE: 2,
  DEAL_ADD: 6,
  POSITION: 9,
} as const;

/** MqlTradeTransaction field names (ea-runtime/src/runtime/structs.ts). */
type TransactionField =
  | "deal"
  | "order"
  | "symbol"
  | "type"
  | "order_type"
  | "order_state"
  | "deal_type"
  | "time_type"
  | "time_expiration"
  | "price"
  | "price_trigger"
  | "price_sl"
  | "price_tp"
  | "volume"
  | "position"
  | "position_by";

/** An MqlTradeTransaction on the wire; the fields a transaction type leaves out read 0 / "". */
export type WireTransaction = { readonly type: number } & Readonly<
  Partial<Record<TransactionField, number | string>>
>;

/** The EA events session events turn into (the runtime's WireEvent of these types). */
export type EaEvent =
  | { readonly type: "tick"; readonly snapshot: Json }
  | {
      readonly type: "tradeTransaction";
      readonly snapshot: Json;
      readonly transaction: WireTransaction;
      readonly request: Json;
      readonly result: Json;
    }
  | { readonly type: "trade"; readonly snapshot: Json };

/** Takes the instance's pending snapshot delta (undefined when nothing changed). */
export function takePending(live: Live): Json | undefined {
  if (Object.keys(live.pending).length === 0) {
    return undefined;
  }
  const delta = live.pending;
  live.pending = {};
  return delta;
}

/**
 * Applies a session event of the instance's account to the instance and returns the EA events
 * to dispatch, in order. `limitOrders`: ACCOUNT_LIMIT_ORDERS for the account's wire record.
 */
export function translateSessionEvent(
  live: Live,
  event: SessionEvent,
  limitOrders: number,
): EaEvent[] {
  switch (event.kind) {
    case "tick": {
      const quote = event.quote;
      queueConversionQuote(live, quote);
      foldSeriesTick(live, quote);
      return quote.symbol === live.symbol ? [tickEvent(live, quote)] : [];
    }
    case "trade":
      return tradeEvents(live, event.events);
    case "account":
      live.pending.account = brokerAccountToWire(event.account, limitOrders);
      return [];
    case "session":
    case "removed":
      return []; // nothing for a running instance to forward
    default: {
      const _unhandled: never = event; // a new event kind must be handled here
      return [];
    }
  }
}

const isRecord = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A conversion leg's quote: queues the new tick values of the symbols it converts, and the
 * leg's own quote (SymbolInfoDouble(leg, SYMBOL_BID/ASK) reads it, as in MT5's Market Watch).
 */
function queueConversionQuote(live: Live, quote: Quote): void {
  const moved = live.tickValues.setQuote(quote);
  if (moved.length === 0) {
    return;
  }
  // One queued entry per symbol, newer fields over older ones.
  const queued = new Map<string, Json>();
  for (const x of Array.isArray(live.pending.symbols) ? live.pending.symbols : []) {
    if (isRecord(x) && typeof x.name === "string") {
      queued.set(x.name, x);
    }
  }
  const merge = (name: string, fields: Json) =>
    queued.set(name, { ...queued.get(name), name, ...fields });
  merge(quote.symbol, { tick: quoteToWireTick(quote) });
  for (const spec of moved) {
    merge(spec.name, tickValuesToWire(live.tickValues.of(spec)));
  }
  live.pending.symbols = [...queued.values()];
}

/** A tick of the EA's symbol: counted, folded into the forming bar, sent with the delta. */
function tickEvent(live: Live, quote: Quote): EaEvent {
  live.lastQuote = quote;
  live.tickCount += 1;
  const serverMs = utcToServerMs(quote.timeMs);
  const bar = foldTick(live, quote);
  if (bar) {
    queueBars(live, { symbol: live.symbol, timeframe: live.timeframe, rates: [barToRates(bar)] });
  }
  const snapshot: Json = {
    ...takePending(live),
    time: serverMs,
    tick: quoteToWireTick(quote),
  };
  return { type: "tick", snapshot };
}

/**
 * Folds a tick into the forming bar and returns the bar. A tick older than the forming bar's
 * bucket (out of order) leaves the bar as it is.
 */
function foldTick(live: Live, quote: Quote): Bar | undefined {
  const forming = live.bars.current(live.symbol, live.timeframe);
  if (forming === undefined || quote.timeMs >= forming.timeMs) {
    live.bars.onTick(quote);
  }
  return live.bars.current(live.symbol, live.timeframe);
}

/**
 * One batch of trade events (one broker mutation): updates the position/order mirror, queues
 * positions, orders and new deals, and gives an OnTradeTransaction event per transaction and one
 * OnTrade event, for the handlers the program defines.
 */
function tradeEvents(live: Live, events: readonly TradeEvent[]): EaEvent[] {
  const transactions: WireTransaction[] = [];
  const deals: Json[] = [];
  for (const ev of events) {
    const tx = applyTradeEvent(live, ev);
    if (tx) {
      transactions.push(tx);
    }
    if (ev.type === "dealAdded") {
      deals.push(dealToWire(ev.deal));
    }
  }
  live.pending.positions = [...live.positions.values()].map(positionToWire);
  live.pending.orders = [...live.orders.values()].map(orderToWire);
  if (deals.length > 0) {
    const before = Array.isArray(live.pending.deals) ? live.pending.deals : [];
    live.pending.deals = [...before, ...deals];
  }
  const out: EaEvent[] = [];
  if (live.handlers.has("OnTradeTransaction")) {
    for (const transaction of transactions) {
      out.push({
        type: "tradeTransaction",
        snapshot: takePending(live) ?? {},
        transaction,
        request: {},
        result: {},
      });
    }
  }
  if (live.handlers.has("OnTrade") && transactions.length > 0) {
    out.push({ type: "trade", snapshot: takePending(live) ?? {} });
  }
  return out;
}

/** Updates the instance's position/order mirror; returns the MqlTradeTransaction, if any. */
function applyTradeEvent(live: Live, ev: TradeEvent): WireTransaction | undefined {
  switch (ev.type) {
    case "positionOpened":
    case "positionUpdated":
    case "positionClosed": {
      const p = ev.position;
      if (ev.type === "positionClosed") {
        live.positions.delete(p.ticket);
      } else {
        live.positions.set(p.ticket, p);
      }
      return {
        type: TRANSACTION.POSITION,
        symbol: p.symbol,
        position: p.ticket,
        volume: p.volume,
        price: p.openPrice,
        price_sl: p.stopLoss,
        price_tp: p.takeProfit,
      };
    }
    case "orderAdded":
    case "orderUpdated":
    case "orderRemoved": {
      const o = ev.order;
      const open = ev.type !== "orderRemoved" && (o.state === "Placed" || o.state === "Partial");
      if (open) {
        live.orders.set(o.ticket, o);
      } else {
        live.orders.delete(o.ticket);
      }
      const wire = orderToWire(o);
      return {
        type:
          ev.type === "orderAdded"
            ? TRANSACTION.ORDER_ADD
            : ev.type === "orderUpdated"
              ? TRANSACTION.ORDER_UPDATE
              : TRANSACTION.ORDER_DELETE,
        order: o.ticket,
        symbol: o.symbol,
        order_type: wire.type,
        order_state: wire.state,
        time_type: wire.type_time,
        time_expiration: wire.time_expiration,
        price: o.price,
        price_trigger: o.stopLimitPrice,
        price_sl: o.stopLoss,
        price_tp: o.takeProfit,
        volume: o.volumeCurrent,
        position: o.positionTicket,
        position_by: o.positionByTicket,
      };
    }
    case "dealAdded": {
      const d = dealToWire(ev.deal);
      return {
        type: TRANSACTION.DEAL_ADD,
        deal: d.ticket,
        order: d.order,
        symbol: d.symbol,
        deal_type: d.type,
        price: d.price,
        volume: d.volume,
        position: d.position_id,
      };
    }
    case "accountChanged":
      return undefined;
    default: {
      const _unhandled: never = ev; // a new trade event type must be handled here
      return undefined;
    }
  }
}
