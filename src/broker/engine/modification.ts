// The rules of modifying (MT5 TRADE_ACTION_SLTP and TRADE_ACTION_MODIFY): what a request
// changes on an open position or a pending order, and the checks the change passes, in order.
// Pure: the engine applies the change it returns.

import type { SymbolSpec } from "../symbols.ts";
import { closePrice } from "./money.ts";
import type { ModifyOrderRequest, ModifyPositionRequest } from "./requests.ts";
import type { Rejection } from "./retcodes.ts";
import { reject } from "./retcodes.ts";
import type { ExpirationType, OrderRecord, PositionRecord, PositionSide, Quote } from "./types.ts";
import {
  checkOrderFreeze,
  checkPendingPrice,
  checkPositionFreeze,
  checkStops,
  isBuyType,
  resolveExpiration,
} from "./validation.ts";

/** New stops of a position. */
export interface PositionChange {
  ok: true;
  stopLoss: number;
  takeProfit: number;
}

/** New prices, stops and expiration of a pending order. */
export interface OrderChange {
  ok: true;
  price: number;
  stopLimitPrice: number;
  stopLoss: number;
  takeProfit: number;
  expirationType: ExpirationType;
  expirationMs: number;
}

/** The SL/TP a modify request sets on position `r`, checked at quote `q`. */
export function positionChange(
  spec: SymbolSpec,
  r: PositionRecord,
  q: Quote,
  req: ModifyPositionRequest,
): PositionChange | Rejection {
  const sl = req.stopLoss ?? r.stopLoss;
  const tp = req.takeProfit ?? r.takeProfit;
  if (!Number.isFinite(sl) || !Number.isFinite(tp) || sl < 0 || tp < 0) {
    return reject("INVALID_STOPS", "stop loss and take profit must be ≥ 0");
  }
  if (sl === r.stopLoss && tp === r.takeProfit) {
    return reject("NO_CHANGES", "stop loss and take profit are unchanged");
  }
  const frozen = checkPositionFreeze(spec, r.orderType, r.stopLoss, r.takeProfit, q);
  if (frozen) {
    return frozen;
  }
  const badStops = checkStops(spec, r.orderType, closePrice(r.orderType, q), sl, tp);
  if (badStops) {
    return badStops;
  }
  return { ok: true, stopLoss: sl, takeProfit: tp };
}

/** What a modify request sets on pending order `r`, checked at quote `q` and time `nowMs`. */
export function orderChange(
  spec: SymbolSpec,
  r: OrderRecord,
  q: Quote,
  req: ModifyOrderRequest,
  nowMs: number,
): OrderChange | Rejection {
  const stopLimit = r.orderType === "BuyStopLimit" || r.orderType === "SellStopLimit";
  const price = req.price ?? r.price;
  const stopLimitPrice = stopLimit ? (req.stopLimitPrice ?? r.stopLimitPrice) : 0;
  const sl = req.stopLoss ?? r.stopLoss;
  const tp = req.takeProfit ?? r.takeProfit;
  const expirationType = req.expirationType ?? r.expirationType;
  let expirationMs = r.expirationMs;
  if (req.expirationType !== undefined || req.expirationMs !== undefined) {
    const resolved = resolveExpiration(spec, expirationType, req.expirationMs, nowMs);
    if (typeof resolved !== "number") {
      return resolved;
    }
    expirationMs = resolved;
  }
  if (
    price === r.price &&
    stopLimitPrice === r.stopLimitPrice &&
    sl === r.stopLoss &&
    tp === r.takeProfit &&
    expirationType === r.expirationType &&
    expirationMs === r.expirationMs
  ) {
    return reject("NO_CHANGES", "the order is unchanged");
  }
  const frozen = checkOrderFreeze(spec, r.orderType, r.price, q);
  if (frozen) {
    return frozen;
  }
  const badPrice = checkPendingPrice(spec, r.orderType, price, stopLimitPrice, q);
  if (badPrice) {
    return badPrice;
  }
  if (!Number.isFinite(sl) || !Number.isFinite(tp) || sl < 0 || tp < 0) {
    return reject("INVALID_STOPS", "stop loss and take profit must be ≥ 0");
  }
  const side: PositionSide = isBuyType(r.orderType) ? "Buy" : "Sell";
  const badStops = checkStops(spec, side, stopLimit ? stopLimitPrice : price, sl, tp);
  if (badStops) {
    return badStops;
  }
  return {
    ok: true,
    price,
    stopLimitPrice,
    stopLoss: sl,
    takeProfit: tp,
    expirationType,
    expirationMs,
  };
}
