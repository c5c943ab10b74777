/**
 * Translation between the EA runtime's MQL5 wire shapes and the demo-broker engine's
 * vocabulary (src/broker/engine/types.ts), used by every TradeGateway.
 *
 * Owns: MqlTradeRequest (numbers, MQL5 enum values) → engine operation (service names, UTC ms);
 * engine records (positions, orders, deals, quotes, symbol specs) → the runtime's WireSnapshot
 * fields (the account and MqlTradeResult come from services/ea-instances/wire.ts); the MQL5 enum values
 * these need. Every EA order is tagged expertId = the request's magic and placedType "ByExpert".
 *
 * Pure functions; no I/O. MQL5 datetimes are server-time seconds: `serverOffsetMs(utcMs)` turns
 * engine UTC ms into server time (src/mt5/server-time.ts).
 */

import type { TickValues } from "../broker/engine/money.ts";
import type {
  DealRecord,
  DealType,
  ExpirationType,
  FillPolicy,
  OrderRecord,
  OrderState,
  OrderType,
  PlacedType,
  PositionRecord,
  Quote,
} from "../broker/engine/types.ts";
import type { SymbolSpec } from "../broker/symbols.ts";
import { serverOffsetMinutes } from "../mt5/server-time.ts";
import { ORDER_TYPES } from "../mt5/vocabulary.ts"; // ENUM_ORDER_TYPE in order

// ───────────────────────────── MQL5 values ─────────────────────────────

/** ENUM_TRADE_REQUEST_ACTIONS. */
export const TRADE_ACTION = { DEAL: 1, PENDING: 5, SLTP: 6, MODIFY: 7, REMOVE: 8, CLOSE_BY: 10 };

/** ENUM_ORDER_TYPE_FILLING: FOK 0, IOC 1, RETURN 2 (BOC 3 is not offered by the demo broker). */
const FILLINGS: readonly FillPolicy[] = ["FillOrKill", "ImmediateOrCancel", "FlashFill"];
/** ENUM_ORDER_TYPE_TIME: GTC 0, DAY 1, SPECIFIED 2, SPECIFIED_DAY 3. */
const EXPIRATIONS: readonly ExpirationType[] = ["GTC", "Today", "Specified", "SpecifiedDay"];
/** ENUM_ORDER_STATE in order. */
const ORDER_STATES: readonly OrderState[] = [
  "Started",
  "Placed",
  "Cancelled",
  "Partial",
  "Filled",
  "Rejected",
  "Expired",
  "RequestAdding",
  "RequestModifying",
  "RequestCancelling",
];
/** ENUM_DEAL_TYPE in order. */
const DEAL_TYPES: readonly DealType[] = [
  "DealBuy",
  "DealSell",
  "DealBalance",
  "DealCredit",
  "DealCharge",
  "DealCorrection",
  "DealBonus",
  "DealCommission",
  "DealCommissionDaily",
  "DealCommissionMonthly",
  "DealAgentCommissionDaily",
  "DealAgentCommissionMonthly",
  "DealInterest",
  "DealBuyCanceled",
  "DealSellCanceled",
  "DealDividend",
  "DealDividendFranked",
  "DealTax",
];
/** ENUM_DEAL_ENTRY. */
const DEAL_ENTRIES = ["DealEntryIn", "DealEntryOut", "DealEntryInOut", "DealEntryOutBy"] as const;
/** ENUM_DEAL_REASON / ENUM_ORDER_REASON (CLIENT 0, MOBILE 1, WEB 2, EXPERT 3, SL 4, TP 5, SO 6). */
const REASONS: Partial<Record<PlacedType, number>> = {
  Manually: 0,
  Mobile: 1,
  Web: 2,
  ByExpert: 3,
  OnSL: 4,
  OnTP: 5,
  OnStopOut: 6,
  OnRollover: 7,
  OnVmargin: 8,
  OnSplit: 9,
};
/** TRADE_RETCODE values used here. */
export const RETCODE = { INVALID: 10013, ERROR: 10011, DONE: 10009 } as const;

// ───────────────────────────── request → operation ─────────────────────────────

/** An engine call a request maps to (each carries the engine request type's fields). */
export type TradeOperation =
  | {
      op: "sendOrder";
      request: {
        login: number;
        symbol: string;
        orderType: Exclude<OrderType, "CloseBy">;
        volume: number;
        price?: number;
        stopLimitPrice?: number;
        stopLoss: number;
        takeProfit: number;
        deviation: number;
        fillPolicy?: FillPolicy;
        expirationType: ExpirationType;
        expirationMs?: number;
        expertId: number;
        comment: string;
        placedType: PlacedType;
      };
    }
  | {
      op: "closePosition";
      request: {
        login: number;
        ticket: number;
        volume?: number;
        price?: number;
        deviation: number;
        comment: string;
        expertId: number;
        placedType: PlacedType;
      };
    }
  | {
      op: "modifyPosition";
      request: { login: number; ticket: number; stopLoss: number; takeProfit: number };
    }
  | {
      op: "modifyOrder";
      request: {
        login: number;
        ticket: number;
        price: number;
        stopLimitPrice?: number;
        stopLoss: number;
        takeProfit: number;
        expirationType: ExpirationType;
        expirationMs?: number;
      };
    }
  | { op: "cancelOrder"; request: { login: number; ticket: number } }
  | {
      op: "closeBy";
      request: {
        login: number;
        ticket: number;
        byTicket: number;
        comment: string;
        expertId: number;
        placedType: PlacedType;
      };
    };

export type Translation =
  | { ok: true; operation: TradeOperation }
  | { ok: false; retcode: number; comment: string };

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** MQL5 `datetime` (server seconds) → UTC ms. */
export function serverSecondsToUtcMs(seconds: number): number {
  const approx = seconds * 1000;
  return approx - serverOffsetMinutes(approx) * 60_000;
}

/** UTC ms → MQL5 server-time ms. */
export function utcToServerMs(utcMs: number): number {
  return utcMs + serverOffsetMinutes(utcMs) * 60_000;
}

const invalid = (comment: string): Translation => ({
  ok: false,
  retcode: RETCODE.INVALID,
  comment,
});

/**
 * MqlTradeRequest (as the runtime sends it: the 17 fields, numbers and strings) → the engine
 * operation for account `login`. `placedType` defaults to "ByExpert", expertId to `magic`.
 */
export function mqlRequestToOperation(
  req: Record<string, unknown>,
  ctx: { login: number; placedType?: PlacedType },
): Translation {
  const action = num(req.action);
  const placedType = ctx.placedType ?? "ByExpert";
  const expertId = Math.trunc(num(req.magic));
  const comment = str(req.comment);
  const login = ctx.login;
  const typeTime = EXPIRATIONS[num(req.type_time)];
  if (!typeTime) {
    return invalid(`unknown type_time ${String(req.type_time)}`);
  }
  const expiration = num(req.expiration);
  const expirationMs =
    typeTime === "Specified" || typeTime === "SpecifiedDay"
      ? serverSecondsToUtcMs(expiration)
      : undefined;
  switch (action) {
    case TRADE_ACTION.DEAL: {
      const position = Math.trunc(num(req.position));
      if (position > 0) {
        return {
          ok: true,
          operation: {
            op: "closePosition",
            request: {
              login,
              ticket: position,
              volume: num(req.volume) > 0 ? num(req.volume) : undefined,
              price: num(req.price) > 0 ? num(req.price) : undefined,
              deviation: num(req.deviation),
              comment,
              expertId,
              placedType,
            },
          },
        };
      }
      const type = ORDER_TYPES[num(req.type)];
      if (type !== "Buy" && type !== "Sell") {
        return invalid(`TRADE_ACTION_DEAL needs ORDER_TYPE_BUY or ORDER_TYPE_SELL`);
      }
      return sendOrder(req, ctx.login, type, typeTime, expirationMs, expertId, comment, placedType);
    }
    case TRADE_ACTION.PENDING: {
      const type = ORDER_TYPES[num(req.type)];
      if (!type || type === "Buy" || type === "Sell" || type === "CloseBy") {
        return invalid("TRADE_ACTION_PENDING needs a pending order type");
      }
      return sendOrder(req, ctx.login, type, typeTime, expirationMs, expertId, comment, placedType);
    }
    case TRADE_ACTION.SLTP:
      return {
        ok: true,
        operation: {
          op: "modifyPosition",
          request: {
            login,
            ticket: Math.trunc(num(req.position)),
            stopLoss: num(req.sl),
            takeProfit: num(req.tp),
          },
        },
      };
    case TRADE_ACTION.MODIFY:
      return {
        ok: true,
        operation: {
          op: "modifyOrder",
          request: {
            login,
            ticket: Math.trunc(num(req.order)),
            price: num(req.price),
            ...(num(req.stoplimit) > 0 ? { stopLimitPrice: num(req.stoplimit) } : {}),
            stopLoss: num(req.sl),
            takeProfit: num(req.tp),
            expirationType: typeTime,
            ...(expirationMs === undefined ? {} : { expirationMs }),
          },
        },
      };
    case TRADE_ACTION.REMOVE:
      return {
        ok: true,
        operation: { op: "cancelOrder", request: { login, ticket: Math.trunc(num(req.order)) } },
      };
    case TRADE_ACTION.CLOSE_BY:
      return {
        ok: true,
        operation: {
          op: "closeBy",
          request: {
            login,
            ticket: Math.trunc(num(req.position)),
            byTicket: Math.trunc(num(req.position_by)),
            comment,
            expertId,
            placedType,
          },
        },
      };
    default:
      return invalid(`unknown trade action ${String(req.action)}`);
  }
}

function sendOrder(
  req: Record<string, unknown>,
  login: number,
  orderType: Exclude<OrderType, "CloseBy">,
  expirationType: ExpirationType,
  expirationMs: number | undefined,
  expertId: number,
  comment: string,
  placedType: PlacedType,
): Translation {
  const fill = FILLINGS[num(req.type_filling)];
  if (num(req.type_filling) === 3) {
    return { ok: false, retcode: 10030, comment: "ORDER_FILLING_BOC is not supported" };
  }
  const price = num(req.price);
  return {
    ok: true,
    operation: {
      op: "sendOrder",
      request: {
        login,
        symbol: str(req.symbol),
        orderType,
        volume: num(req.volume),
        ...(price > 0 ? { price } : {}),
        ...(num(req.stoplimit) > 0 ? { stopLimitPrice: num(req.stoplimit) } : {}),
        stopLoss: num(req.sl),
        takeProfit: num(req.tp),
        deviation: num(req.deviation),
        ...(fill ? { fillPolicy: fill } : {}),
        expirationType,
        ...(expirationMs === undefined ? {} : { expirationMs }),
        expertId,
        comment,
        placedType,
      },
    },
  };
}

// ───────────────────────────── records → WireSnapshot ─────────────────────────────

const sec = (utcMs: number): number => Math.floor(utcToServerMs(utcMs) / 1000);
const msc = (utcMs: number): number => utcToServerMs(utcMs);

/** Position record → WirePosition. */
export function positionToWire(p: PositionRecord): Record<string, number | string> {
  return {
    ticket: p.ticket,
    identifier: p.ticket,
    symbol: p.symbol,
    type: p.orderType === "Buy" ? 0 : 1,
    magic: p.expertId,
    reason: REASONS[p.placedType] ?? 0,
    volume: p.volume,
    price_open: p.openPrice,
    sl: p.stopLoss,
    tp: p.takeProfit,
    price_current: p.priceCurrent,
    swap: p.swap,
    profit: p.profit,
    time: sec(p.openMs),
    time_msc: msc(p.openMs),
    time_update: sec(p.updateMs),
    time_update_msc: msc(p.updateMs),
    comment: p.comment,
    external_id: "",
  };
}

/** Order record → WireOrder (active or history). */
export function orderToWire(o: OrderRecord): Record<string, number | string> {
  return {
    ticket: o.ticket,
    symbol: o.symbol,
    type: Math.max(0, ORDER_TYPES.indexOf(o.orderType)),
    state: Math.max(0, ORDER_STATES.indexOf(o.state)),
    magic: o.expertId,
    volume_initial: o.volumeInitial,
    volume_current: o.volumeCurrent,
    price_open: o.price,
    sl: o.stopLoss,
    tp: o.takeProfit,
    price_current: o.price,
    price_stoplimit: o.stopLimitPrice,
    time_setup: sec(o.setupMs),
    time_setup_msc: msc(o.setupMs),
    time_expiration: o.expirationMs ? sec(o.expirationMs) : 0,
    time_done: o.doneMs ? sec(o.doneMs) : 0,
    time_done_msc: o.doneMs ? msc(o.doneMs) : 0,
    type_filling: Math.max(0, FILLINGS.indexOf(o.fillPolicy)),
    type_time: Math.max(0, EXPIRATIONS.indexOf(o.expirationType)),
    position_id: o.positionTicket,
    position_by_id: o.positionByTicket,
    reason: REASONS[o.placedType] ?? 0,
    comment: o.comment,
    external_id: o.clientOrderId,
  };
}

/** Deal record → WireDeal. */
export function dealToWire(d: DealRecord): Record<string, number | string> {
  return {
    ticket: d.ticket,
    order: d.orderTicket,
    symbol: d.symbol,
    type: Math.max(0, DEAL_TYPES.indexOf(d.type)),
    entry: Math.max(0, DEAL_ENTRIES.indexOf(d.entry)),
    magic: d.expertId,
    reason: REASONS[d.placedType] ?? 0,
    position_id: d.positionTicket,
    volume: d.volume,
    price: d.price,
    commission: d.commission,
    swap: d.swap,
    profit: d.profit,
    fee: d.fee,
    time: sec(d.timeMs),
    time_msc: msc(d.timeMs),
    comment: d.comment,
    external_id: "",
  };
}

/** Quote → WireTick (MqlTick). */
export function quoteToWireTick(q: Quote): Record<string, number> {
  return {
    bid: q.bid,
    ask: q.ask,
    last: 0,
    volume: 0,
    time: sec(q.timeMs),
    time_msc: msc(q.timeMs),
    flags: 6,
    volume_real: 0,
  };
}

const TRADE_MODES: Record<SymbolSpec["tradeMode"], number> = {
  disabled: 0,
  longOnly: 1,
  shortOnly: 2,
  closeOnly: 3,
  full: 4,
};

/** MT5 ENUM_SYMBOL_TRADE_EXECUTION values. */
const EXECUTION_MODES: Record<SymbolSpec["executionMode"], number> = {
  request: 0,
  instant: 1,
  market: 2,
  exchange: 3,
};

/**
 * A symbol's tick values in the account's deposit currency (the WireSymbol fields behind
 * SYMBOL_TRADE_TICK_VALUE/_PROFIT/_LOSS); 0 while a conversion quote is missing, as MT5 shows.
 */
export function tickValuesToWire(tv: TickValues | undefined): Record<string, number> {
  return {
    tick_value: tv?.tickValue ?? 0,
    tick_value_profit: tv?.tickValueProfit ?? 0,
    tick_value_loss: tv?.tickValueLoss ?? 0,
  };
}

/**
 * Symbol spec → WireSymbol (send once, in init). `tv`: the account's deposit-currency tick values
 * (services/tick-values.ts); they move with the conversion quotes, so the host sends fresh ones
 * (`tickValuesToWire`) as those quotes change.
 */
export function symbolToWire(
  s: SymbolSpec,
  tv: TickValues | undefined,
): Record<string, number | string> {
  let filling = 0;
  if (s.fillingModes.includes("FillOrKill")) {
    filling |= 1;
  }
  if (s.fillingModes.includes("ImmediateOrCancel")) {
    filling |= 2;
  }
  let expiration = 0;
  for (const [i, e] of EXPIRATIONS.entries()) {
    if (s.expirationModes.includes(e)) {
      expiration |= 1 << i;
    }
  }
  return {
    name: s.name,
    description: s.description,
    digits: s.digits,
    point: s.point,
    contract_size: s.contractSize,
    volume_min: s.volumeMin,
    volume_max: s.volumeMax,
    volume_step: s.volumeStep,
    volume_limit: 0,
    stops_level: s.stopsLevel,
    freeze_level: s.freezeLevel,
    tick_size: s.tickSize,
    ...tickValuesToWire(tv),
    currency_base: s.baseCurrency,
    currency_profit: s.profitCurrency,
    currency_margin: s.marginCurrency,
    trade_mode: TRADE_MODES[s.tradeMode],
    execution_mode: EXECUTION_MODES[s.executionMode],
    filling_mode: filling,
    expiration_mode: expiration,
    order_mode: 127,
    swap_long: s.swapLong,
    swap_short: s.swapShort,
    margin_initial: 0,
    margin_maintenance: 0,
    spread: 0,
  };
}
