// Request checks of an MT5 trade server (MQL5 "Requirements and Limitations in Making Trades"):
// volume, price normalisation and side, stops level, freeze level and expiration (fill policy:
// execution.ts).
//
// Owns: pure predicates returning a Rejection or the resolved value. No I/O, no clock (the
// current time is a parameter).

import { serverDayStart } from "../../mt5/server-time.ts";
import type { SymbolSpec } from "../symbols.ts";
import { EPS, isValidVolume } from "./money.ts";
import type { Rejection } from "./retcodes.ts";
import { reject } from "./retcodes.ts";
import type { ExpirationType, OrderType, PositionSide, Quote } from "./types.ts";

/** Tolerance for price comparisons: a tenth of a point. */
const tol = (spec: SymbolSpec): number => spec.point / 10;

export function checkVolume(spec: SymbolSpec, volume: number): Rejection | undefined {
  if (!isValidVolume(spec, volume)) {
    return reject(
      "INVALID_VOLUME",
      `volume ${volume} outside ${spec.volumeMin}..${spec.volumeMax} step ${spec.volumeStep}`,
    );
  }
  return undefined;
}

/**
 * The volume of a close request: a requested volume must be a valid volume of the symbol and at
 * most the position's `open` volume; omitted, the whole position closes.
 */
export function checkCloseVolume(
  spec: SymbolSpec,
  open: number,
  requested: number | undefined,
): Rejection | undefined {
  const volume = requested ?? open;
  if (requested !== undefined) {
    const badVolume = checkVolume(spec, volume);
    if (badVolume) {
      return badVolume;
    }
  }
  if (volume > open + EPS) {
    return reject("INVALID_CLOSE_VOLUME", `close volume ${volume} exceeds the position's ${open}`);
  }
  return undefined;
}

/** Whether `price` is a positive multiple of the tick size. */
export function isNormalizedPrice(spec: SymbolSpec, price: number): boolean {
  if (!Number.isFinite(price) || price <= 0) {
    return false;
  }
  const ticks = price / spec.tickSize;
  return Math.abs(ticks - Math.round(ticks)) < 1e-6;
}

/**
 * SL/TP of a `side` position against `base` (the close-side market price for positions and
 * market orders — bid for buys, ask for sells — or the open price of a pending order): each set
 * level must be on the right side and at least stopsLevel points away.
 */
export function checkStops(
  spec: SymbolSpec,
  side: PositionSide,
  base: number,
  stopLoss: number,
  takeProfit: number,
): Rejection | undefined {
  const min = spec.stopsLevel * spec.point - tol(spec);
  for (const [level, name] of [
    [stopLoss, "stop loss"],
    [takeProfit, "take profit"],
  ] as const) {
    if (level === 0) {
      continue;
    }
    if (!isNormalizedPrice(spec, level)) {
      return reject("INVALID_STOPS", `${name} ${level} is not a valid price`);
    }
  }
  const buy = side === "Buy";
  if (stopLoss !== 0) {
    const dist = buy ? base - stopLoss : stopLoss - base;
    if (dist <= 0 || dist < min) {
      return reject(
        "INVALID_STOPS",
        `stop loss ${stopLoss} must be ${buy ? "below" : "above"} ${base} by ${spec.stopsLevel} points`,
      );
    }
  }
  if (takeProfit !== 0) {
    const dist = buy ? takeProfit - base : base - takeProfit;
    if (dist <= 0 || dist < min) {
      return reject(
        "INVALID_STOPS",
        `take profit ${takeProfit} must be ${buy ? "above" : "below"} ${base} by ${spec.stopsLevel} points`,
      );
    }
  }
  return undefined;
}

/** Buy-side order types trigger on ask, sell-side on bid. */
export function isBuyType(type: OrderType): boolean {
  return type === "Buy" || type === "BuyLimit" || type === "BuyStop" || type === "BuyStopLimit";
}

/**
 * Pending price rules: BuyLimit below ask, BuyStop(Limit) above ask, SellLimit above bid,
 * SellStop(Limit) below bid — wrong side is INVALID_PRICE, closer than stopsLevel is
 * INVALID_STOPS. Stop-limit: the limit price must be below (buy) / above (sell) the stop price.
 */
export function checkPendingPrice(
  spec: SymbolSpec,
  type: OrderType,
  price: number,
  stopLimitPrice: number,
  quote: Quote,
): Rejection | undefined {
  if (!isNormalizedPrice(spec, price)) {
    return reject("INVALID_PRICE", `price ${price} is not a valid price for ${spec.name}`);
  }
  const min = spec.stopsLevel * spec.point - tol(spec);
  let dist: number;
  switch (type) {
    case "BuyLimit":
      dist = quote.ask - price;
      break;
    case "BuyStop":
    case "BuyStopLimit":
      dist = price - quote.ask;
      break;
    case "SellLimit":
      dist = price - quote.bid;
      break;
    case "SellStop":
    case "SellStopLimit":
      dist = quote.bid - price;
      break;
    default:
      return reject("INVALID_ORDER", `${type} is not a pending order type`);
  }
  if (dist <= 0) {
    return reject("INVALID_PRICE", `${type} price ${price} is on the wrong side of the market`);
  }
  if (dist < min) {
    return reject(
      "INVALID_STOPS",
      `${type} price ${price} is closer than ${spec.stopsLevel} points`,
    );
  }
  if (type === "BuyStopLimit" || type === "SellStopLimit") {
    if (!isNormalizedPrice(spec, stopLimitPrice)) {
      return reject("INVALID_PRICE", `stop-limit price ${stopLimitPrice} is not a valid price`);
    }
    const ok = type === "BuyStopLimit" ? stopLimitPrice < price : stopLimitPrice > price;
    if (!ok) {
      return reject(
        "INVALID_PRICE",
        `stop-limit price must be ${type === "BuyStopLimit" ? "below" : "above"} the stop price`,
      );
    }
  }
  return undefined;
}

/** UTC ms of the next 00:00 server time after `utcMs`. */
export function nextServerDayStart(utcMs: number): number {
  // +27 h from the day start lands in the next server day even on 23 h / 25 h days.
  return serverDayStart(serverDayStart(utcMs) + 27 * 3_600_000);
}

/** The expiration instant for a pending order (0 for GTC), or INVALID_EXPIRATION. */
export function resolveExpiration(
  spec: SymbolSpec,
  type: ExpirationType,
  expirationMs: number | undefined,
  now: number,
): number | Rejection {
  if (!spec.expirationModes.includes(type)) {
    return reject("INVALID_EXPIRATION", `${type} expiration is not allowed on ${spec.name}`);
  }
  switch (type) {
    case "GTC":
      return 0;
    case "Today":
      return nextServerDayStart(now);
    case "Specified":
      if (expirationMs === undefined || !Number.isFinite(expirationMs) || expirationMs <= now) {
        return reject("INVALID_EXPIRATION", "expiration time must be in the future");
      }
      return expirationMs;
    case "SpecifiedDay": {
      if (expirationMs === undefined || !Number.isFinite(expirationMs)) {
        return reject("INVALID_EXPIRATION", "expiration day is required");
      }
      const end = nextServerDayStart(expirationMs);
      if (end <= now) {
        return reject("INVALID_EXPIRATION", "expiration day is in the past");
      }
      return end;
    }
    default: {
      const never: never = type;
      return reject("INVALID_EXPIRATION", `unknown expiration type ${String(never)}`);
    }
  }
}

/** Pending orders within freezeLevel points of their trigger price cannot be changed. */
export function checkOrderFreeze(
  spec: SymbolSpec,
  type: OrderType,
  price: number,
  quote: Quote,
): Rejection | undefined {
  if (spec.freezeLevel <= 0) {
    return undefined;
  }
  const market = isBuyType(type) ? quote.ask : quote.bid;
  if (Math.abs(market - price) <= spec.freezeLevel * spec.point + tol(spec)) {
    return reject("FROZEN", `order price is within the freeze level (${spec.freezeLevel} points)`);
  }
  return undefined;
}

/** A position whose SL or TP is within freezeLevel points of the market cannot be modified. */
export function checkPositionFreeze(
  spec: SymbolSpec,
  side: PositionSide,
  stopLoss: number,
  takeProfit: number,
  quote: Quote,
): Rejection | undefined {
  if (spec.freezeLevel <= 0) {
    return undefined;
  }
  const limit = spec.freezeLevel * spec.point + tol(spec);
  const market = side === "Buy" ? quote.bid : quote.ask;
  for (const level of [stopLoss, takeProfit]) {
    if (level !== 0 && Math.abs(market - level) <= limit) {
      return reject("FROZEN", `stop level ${level} is within the freeze level`);
    }
  }
  return undefined;
}
