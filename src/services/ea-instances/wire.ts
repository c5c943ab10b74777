// Broker records → the EA runtime's wire shapes that trade-translation.ts does not already give:
// the account (AccountInfo*), bars as MqlRates, and MqlTradeResult for session trade outcomes.
import type { WireRate } from "../../../ea-runtime/src/runtime/protocol.ts";
import type { Bar, BrokerAccount, Quote, TradeOutcome } from "../../broker/connector.ts";
import { utcToServerMs } from "../../ea/trade-translation.ts";
import type { Json } from "./live.ts";

/** An MqlRates record (time in server seconds): the runtime's own wire type. */
export type WireRates = WireRate;

/**
 * BrokerAccount → WireAccount (the runtime's AccountInfo* source); `limitOrders` is
 * ACCOUNT_LIMIT_ORDERS (0 = no limit).
 */
export function brokerAccountToWire(a: BrokerAccount, limitOrders = 0): Json {
  return {
    login: a.login,
    balance: a.balance,
    credit: a.credit,
    profit: a.profit,
    equity: a.equity,
    margin: a.margin,
    margin_free: a.freeMargin,
    margin_level: a.marginLevel,
    margin_so_call: a.marginCallLevel,
    margin_so_so: a.stopOutLevel,
    leverage: a.leverage,
    limit_orders: limitOrders,
    margin_so_mode: 0,
    trade_allowed: a.tradeAllowed,
    trade_expert: true,
    trade_mode: 0,
    margin_mode: a.marginMode === "hedging" ? 2 : 0,
    currency_digits: 2,
    fifo_close: false,
    currency: a.currency,
    name: a.name,
    server: a.server,
    company: a.company,
  };
}

/** Broker bar (UTC ms) → MqlRates (server seconds). */
export function barToRates(b: Bar): WireRates {
  return {
    time: Math.floor(utcToServerMs(b.timeMs) / 1000),
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
    tick_volume: b.tickVolume,
    spread: b.spread,
    real_volume: 0,
  };
}

/** A session TradeOutcome → MqlTradeResult fields. */
export function outcomeToMql(o: TradeOutcome, quote: Quote | null): Json {
  const bid = quote?.bid ?? 0;
  const ask = quote?.ask ?? 0;
  if (!o.ok) {
    return refusedResult(quote, o.retcode, o.message);
  }
  const deal = o.deals.find((d) => d.type === "DealBuy" || d.type === "DealSell");
  const volume = o.deals.reduce((s, d) => s + d.volume, 0);
  return {
    retcode: o.retcode,
    deal: deal?.ticket ?? 0,
    order: o.order?.ticket ?? deal?.orderTicket ?? 0,
    volume: deal ? Math.round(volume * 1e8) / 1e8 : (o.order?.volumeInitial ?? 0),
    price: deal?.price ?? o.order?.price ?? 0,
    bid,
    ask,
    comment: deal ? "Request executed" : o.retcode === 10008 ? "Request placed" : "Done",
    request_id: 0,
    retcode_external: 0,
  };
}

/**
 * The MqlTradeResult of a request that executed nothing: refused by the broker, refused before
 * it (trade limits), or lost with the link. `quote`: the last quote of the EA's symbol.
 */
export function refusedResult(quote: Quote | null, retcode: number, comment: string): Json {
  return {
    retcode,
    deal: 0,
    order: 0,
    volume: 0,
    price: 0,
    bid: quote?.bid ?? 0,
    ask: quote?.ask ?? 0,
    comment,
    request_id: 0,
    retcode_external: 0,
  };
}
