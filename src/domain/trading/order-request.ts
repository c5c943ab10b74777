// API order bodies → broker requests: `POST /api/accounts/{id}/orders` (ARCHITECTURE §5 "Placing
// orders") to an OrderRequest, and `PUT …/orders/{ticket}` to the changes of a modification.
//
// Owns: the mapping side × type → orderType, and the checks that are the client's fault (a
// missing or stray field, a malformed value, an expiration that does not fit its type). What the
// broker decides (volume step, price normalisation, stops distance, market hours, margin, the
// symbol's fill and expiration modes, an expiration in the past) is left to the broker, whose
// rejection becomes a 422. Pure: no I/O, no clock reads.
//
// Body rules:
// - side: buy | sell. type: market | limit | stop | stop_limit.
//   buy+market → Buy, buy+limit → BuyLimit, buy+stop → BuyStop, buy+stop_limit → BuyStopLimit,
//   and the same for sell.
// - volume: lots, finite and > 0.
// - price: required (> 0) for pending types; optional for market (the price the client saw,
//   checked by the broker against `slippage`). For stop_limit it is the stop (trigger) price.
// - stopLimitPrice: required (> 0) for stop_limit, the limit price placed when `price` is hit;
//   rejected for every other type.
// - stopLoss / takeProfit: finite ≥ 0, 0 = unset.
// - slippage: integer points ≥ 0 → deviation; only market orders use it (ignored for pending, as
//   MT5 does).
// - comment: at most 31 characters (the MT5 order comment limit). clientOrderId: 1–64 printable
//   ASCII characters. expertId: integer 0 … 2^53−1.
// - fillPolicy: FillOrKill | ImmediateOrCancel | FlashFill | Any.
// - expirationType: GTC | Today | Specified | SpecifiedDay; expirationTime (`YYYY-MM-DDTHH:mm:ss`
//   server time) is required for Specified/SpecifiedDay and rejected for GTC/Today. Expiration
//   applies to pending orders: on a market order expirationType must be absent or GTC and
//   expirationTime absent.

import { parseServerTime } from "../../mt5/server-time.ts";
import type { ExpirationType, FillPolicy, OrderRequest, PlacedType } from "../../mt5/vocabulary.ts";
import { type FieldError, fieldError } from "./field-error.ts";

export type { FieldError } from "./field-error.ts";

/** MT5 limit on an order comment. */
export const MAX_COMMENT_LENGTH = 31;
/** Limit on a client order id. */
export const MAX_CLIENT_ORDER_ID_LENGTH = 64;

export const ORDER_SIDES = ["buy", "sell"] as const;
export const ORDER_KINDS = ["market", "limit", "stop", "stop_limit"] as const;
export const FILL_POLICIES: readonly FillPolicy[] = [
  "FillOrKill",
  "ImmediateOrCancel",
  "FlashFill",
  "Any",
];
export const EXPIRATION_TYPES: readonly ExpirationType[] = [
  "GTC",
  "Today",
  "Specified",
  "SpecifiedDay",
];

export type OrderSide = (typeof ORDER_SIDES)[number];
export type OrderKind = (typeof ORDER_KINDS)[number];

/** `POST …/orders` body as the route's schema passes it (enum strings not yet narrowed). */
export interface PlaceOrderBody {
  side: string;
  type: string;
  /** Lots. */
  volume: number;
  price?: number;
  stopLimitPrice?: number;
  stopLoss?: number;
  takeProfit?: number;
  /** Max deviation from `price`, points (market orders). */
  slippage?: number;
  comment?: string;
  expertId?: number;
  fillPolicy?: string;
  expirationType?: string;
  /** `YYYY-MM-DDTHH:mm:ss`, broker server time. */
  expirationTime?: string;
  clientOrderId?: string;
}

/** `PUT …/orders/{ticket}` body. */
export interface ModifyOrderBody {
  stopLoss?: number;
  takeProfit?: number;
  price?: number;
  stopLimitPrice?: number;
  expirationType?: string;
  expirationTime?: string;
}

/** What the request is placed for: the symbol (resolved by the caller). */
export interface OrderSymbol {
  name: string;
}

/** Set by the route, not the client. */
export interface OrderContext {
  placedType?: PlacedType;
  requestId?: number;
}

export type OrderTranslation = { ok: true; request: Omit<OrderRequest, "login"> } | FieldError;

/** The changes of a modification (the connector's modifyOrder / modifyPosition fields). */
export interface ModifyChanges {
  stopLoss?: number;
  takeProfit?: number;
  price?: number;
  stopLimitPrice?: number;
  expirationType?: ExpirationType;
  /** UTC ms, for Specified / SpecifiedDay. */
  expirationMs?: number;
}

export type ModifyTranslation = { ok: true; changes: ModifyChanges } | FieldError;

/** What a modification targets; a position only has stopLoss and takeProfit. */
export type ModifyTarget = "position" | "order";

const ORDER_TYPES: Readonly<Record<OrderKind, Record<OrderSide, OrderRequest["orderType"]>>> = {
  market: { buy: "Buy", sell: "Sell" },
  limit: { buy: "BuyLimit", sell: "SellLimit" },
  stop: { buy: "BuyStop", sell: "SellStop" },
  stop_limit: { buy: "BuyStopLimit", sell: "SellStopLimit" },
};

const fail = fieldError;

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** The broker order type of an API side and type; undefined when either is unknown. */
export function orderTypeOf(side: string, type: string): OrderRequest["orderType"] | undefined {
  if (!isOneOf(ORDER_SIDES, side) || !isOneOf(ORDER_KINDS, type)) {
    return undefined;
  }
  return ORDER_TYPES[type][side];
}

const isPositive = (v: number): boolean => Number.isFinite(v) && v > 0;
const isNonNegative = (v: number): boolean => Number.isFinite(v) && v >= 0;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** A price field that must be > 0 when present. */
function checkPrice(field: string, value: number | undefined): FieldError | undefined {
  if (value !== undefined && !isPositive(value)) {
    return fail(field, `${field} must be a price greater than 0`);
  }
  return undefined;
}

/** A stop level that must be ≥ 0 when present (0 = unset). */
function checkLevel(field: string, value: number | undefined): FieldError | undefined {
  if (value !== undefined && !isNonNegative(value)) {
    return fail(field, `${field} must be a price, or 0 for none`);
  }
  return undefined;
}

type Expiration = { ok: true; type?: ExpirationType; expirationMs?: number } | FieldError;

/** expirationType + expirationTime: the rules of the header. */
function parseExpiration(type: string | undefined, time: string | undefined): Expiration {
  if (type === undefined) {
    if (time !== undefined) {
      return fail(
        "expirationTime",
        "expirationTime needs expirationType Specified or SpecifiedDay",
      );
    }
    return { ok: true };
  }
  if (!isOneOf(EXPIRATION_TYPES, type)) {
    return fail("expirationType", `expirationType must be one of ${EXPIRATION_TYPES.join(", ")}`);
  }
  if (type === "Specified" || type === "SpecifiedDay") {
    if (time === undefined) {
      return fail("expirationTime", `expirationTime is required with expirationType ${type}`);
    }
    const ms = parseServerTime(time);
    if (ms === null) {
      return fail("expirationTime", "expirationTime must be YYYY-MM-DDTHH:mm:ss (server time)");
    }
    return { ok: true, type, expirationMs: ms };
  }
  if (time !== undefined) {
    return fail("expirationTime", `expirationTime is not allowed with expirationType ${type}`);
  }
  return { ok: true, type };
}

/** `POST …/orders` body → broker request, or the first client error (rules in the header). */
export function translateOrderRequest(
  body: PlaceOrderBody,
  spec: OrderSymbol,
  ctx: OrderContext = {},
): OrderTranslation {
  if (!isOneOf(ORDER_SIDES, body.side)) {
    return fail("side", "side must be buy or sell");
  }
  if (!isOneOf(ORDER_KINDS, body.type)) {
    return fail("type", "type must be market, limit, stop or stop_limit");
  }
  const kind = body.type;
  const pending = kind !== "market";
  if (!isPositive(body.volume)) {
    return fail("volume", "volume must be a number of lots greater than 0");
  }
  if (pending && body.price === undefined) {
    return fail("price", `price is required for a ${kind} order`);
  }
  const priceError = checkPrice("price", body.price);
  if (priceError) {
    return priceError;
  }
  if (kind === "stop_limit") {
    if (body.stopLimitPrice === undefined) {
      return fail("stopLimitPrice", "stopLimitPrice (the limit price) is required for stop_limit");
    }
  } else if (body.stopLimitPrice !== undefined) {
    return fail("stopLimitPrice", "stopLimitPrice is only allowed with type stop_limit");
  }
  const levelError =
    checkPrice("stopLimitPrice", body.stopLimitPrice) ??
    checkLevel("stopLoss", body.stopLoss) ??
    checkLevel("takeProfit", body.takeProfit);
  if (levelError) {
    return levelError;
  }
  if (body.slippage !== undefined && !(Number.isSafeInteger(body.slippage) && body.slippage >= 0)) {
    return fail("slippage", "slippage must be a whole number of points, 0 or more");
  }
  if (body.comment !== undefined && body.comment.length > MAX_COMMENT_LENGTH) {
    return fail("comment", `comment must be at most ${MAX_COMMENT_LENGTH} characters`);
  }
  if (
    body.clientOrderId !== undefined &&
    (body.clientOrderId.length > MAX_CLIENT_ORDER_ID_LENGTH ||
      !PRINTABLE_ASCII.test(body.clientOrderId))
  ) {
    return fail(
      "clientOrderId",
      `clientOrderId must be 1 to ${MAX_CLIENT_ORDER_ID_LENGTH} printable ASCII characters without spaces`,
    );
  }
  if (body.expertId !== undefined && !(Number.isSafeInteger(body.expertId) && body.expertId >= 0)) {
    return fail("expertId", "expertId must be a whole number, 0 or more");
  }
  if (body.fillPolicy !== undefined && !isOneOf(FILL_POLICIES, body.fillPolicy)) {
    return fail("fillPolicy", `fillPolicy must be one of ${FILL_POLICIES.join(", ")}`);
  }
  if (!pending) {
    if (body.expirationTime !== undefined) {
      return fail("expirationTime", "expirationTime applies to pending orders only");
    }
    if (body.expirationType !== undefined && body.expirationType !== "GTC") {
      return fail("expirationType", "expirationType applies to pending orders only");
    }
  }
  const expiration = parseExpiration(body.expirationType, body.expirationTime);
  if (!expiration.ok) {
    return expiration;
  }

  const request: Omit<OrderRequest, "login"> = {
    symbol: spec.name,
    orderType: ORDER_TYPES[kind][body.side],
    volume: body.volume,
  };
  if (body.price !== undefined) {
    request.price = body.price;
  }
  if (body.stopLimitPrice !== undefined) {
    request.stopLimitPrice = body.stopLimitPrice;
  }
  if (body.stopLoss !== undefined) {
    request.stopLoss = body.stopLoss;
  }
  if (body.takeProfit !== undefined) {
    request.takeProfit = body.takeProfit;
  }
  if (!pending && body.slippage !== undefined) {
    request.deviation = body.slippage;
  }
  if (body.fillPolicy !== undefined) {
    request.fillPolicy = body.fillPolicy;
  }
  if (pending && expiration.type !== undefined) {
    request.expirationType = expiration.type;
  }
  if (expiration.expirationMs !== undefined) {
    request.expirationMs = expiration.expirationMs;
  }
  if (body.expertId !== undefined) {
    request.expertId = body.expertId;
  }
  if (body.comment !== undefined) {
    request.comment = body.comment;
  }
  if (body.clientOrderId !== undefined) {
    request.clientOrderId = body.clientOrderId;
  }
  if (ctx.requestId !== undefined) {
    request.requestId = ctx.requestId;
  }
  if (ctx.placedType !== undefined) {
    request.placedType = ctx.placedType;
  }
  return { ok: true, request };
}

const MODIFY_FIELDS = [
  "stopLoss",
  "takeProfit",
  "price",
  "stopLimitPrice",
  "expirationType",
  "expirationTime",
] as const;

/** Fields only a pending order has. */
const ORDER_ONLY_FIELDS = ["price", "stopLimitPrice", "expirationType", "expirationTime"] as const;

/**
 * `PUT …/orders/{ticket}` body → changes. At least one field must be present. With a `target`
 * of "position", the pending-order fields (price, stopLimitPrice, expiration) are errors; without
 * a target they are accepted and the caller decides.
 */
export function translateModify(body: ModifyOrderBody, target?: ModifyTarget): ModifyTranslation {
  if (MODIFY_FIELDS.every((f) => body[f] === undefined)) {
    return fail(
      "body",
      "give at least one of stopLoss, takeProfit, price, stopLimitPrice, expirationType, expirationTime",
    );
  }
  if (target === "position") {
    for (const f of ORDER_ONLY_FIELDS) {
      if (body[f] !== undefined) {
        return fail(
          f,
          `${f} applies to pending orders only; a position takes stopLoss and takeProfit`,
        );
      }
    }
  }
  const error =
    checkLevel("stopLoss", body.stopLoss) ??
    checkLevel("takeProfit", body.takeProfit) ??
    checkPrice("price", body.price) ??
    checkPrice("stopLimitPrice", body.stopLimitPrice);
  if (error) {
    return error;
  }
  const expiration = parseExpiration(body.expirationType, body.expirationTime);
  if (!expiration.ok) {
    return expiration;
  }
  const changes: ModifyChanges = {};
  if (body.stopLoss !== undefined) {
    changes.stopLoss = body.stopLoss;
  }
  if (body.takeProfit !== undefined) {
    changes.takeProfit = body.takeProfit;
  }
  if (body.price !== undefined) {
    changes.price = body.price;
  }
  if (body.stopLimitPrice !== undefined) {
    changes.stopLimitPrice = body.stopLimitPrice;
  }
  if (expiration.type !== undefined) {
    changes.expirationType = expiration.type;
  }
  if (expiration.expirationMs !== undefined) {
    changes.expirationMs = expiration.expirationMs;
  }
  return { ok: true, changes };
}
