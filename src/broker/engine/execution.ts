// Execution modes and fill policies of an MT5 trade server: which fill policy an order may use
// on a symbol, what happens to the price a market request carries, and the market price a
// volume executes at (slippage).
//
// Owns: pure rules returning a Rejection or the resolved value. No I/O, no clock.
//
// Sources (MQL5 reference and MT5 terminal help): ENUM_SYMBOL_TRADE_EXECUTION (the four modes),
// ENUM_ORDER_TYPE_FILLING (what each policy means and where Return applies), the symbol
// property SYMBOL_FILLING_MODE (FOK/IOC are per-symbol flags; Return has no flag), the trade
// request structure MqlTradeRequest (`price` is not needed for market orders in market
// execution; `deviation` is the allowed distance from the requested price), and the terminal's
// "Fill Policy" page (its execution type × policy table).
//
// Fill policy accepted per execution mode and order kind ("flag" = only when the symbol's
// fillingModes lists it; "fixed" = the mode decides, whatever the request names):
//
//   mode      | market Buy/Sell            | Limit, StopLimit          | Stop
//   ----------+----------------------------+---------------------------+--------------------------
//   instant   | FOK only; IOC/Return 10030 | fixed Return              | fixed FOK
//   request   | FOK only; IOC/Return 10030 | fixed Return              | fixed FOK
//   market    | FOK, IOC by flag; Return   | FOK, IOC by flag; Return  | FOK, IOC by flag; Return
//             | 10030                      | always                    | 10030 (fills as a market
//             |                            |                           | order of this mode)
//   exchange  | FOK, IOC by flag; Return   | FOK, IOC by flag; Return  | FOK, IOC by flag; Return
//             | always                     | always                    | always (likewise)
//
// - A policy the row/column does not allow, or FOK/IOC without its flag → 10030
//   UNSUPPORTED_FILLING_MODE. BOC (book or cancel, exchange limit orders only) is not modelled;
//   the EA bridge answers it with 10030 before it reaches the engine.
// - Pending orders under instant/request execution: the reference says the mode fixes their
//   policy and a request need not name one, so a named policy is replaced, not rejected (EAs
//   send ORDER_FILLING_FOK by default with every request).
// - "Any" / no policy: the fixed policy where the mode fixes one, otherwise the first of the
//   symbol's fillingModes the kind may use (catalog order: FOK, IOC), else Return where it is
//   allowed, else 10030.
// - A stop-limit order becomes a Limit order with the Return policy when its stop price is hit
//   (ENUM_ORDER_TYPE_FILLING); the engine does that at activation.
//
// Volume (the catalog's `liquidity` lots per fill): FOK beyond it → 10006 REJECT; IOC fills
// what is there and cancels the rest (10010 DONE_PARTIAL); Return fills what is there and
// keeps the rest working tick by tick (10010, order Partial).
//
// Price of a market request (`price`, `deviation` in points; 0/absent price = no check):
//   instant   fills at the current price when it is within `deviation` of the requested
//             price, else 10004 REQUOTE with the new bid/ask. No price: fills at market (the
//             terminal would put the current price in).
//   request   the requested price is the dealer's quote the client asked for first; it fills AT
//             that price when it is within `deviation` of the current price, else 10004
//             REQUOTE with the new bid/ask. No price: the engine quotes the current price and
//             fills at it at once (request and confirmation in one step).
//   market    price and deviation are ignored; fills at the current price.
//   exchange  likewise (the book decides the price).
// The same applies to closing a position at market.

import type { ExecutionMode, SymbolSpec } from "../symbols.ts";
import { EPS, roundPrice } from "./money.ts";
import type { Rejection } from "./retcodes.ts";
import { reject } from "./retcodes.ts";
import type { ConcreteFillPolicy, FillPolicy, OrderType, PositionSide, Quote } from "./types.ts";

/** The order kinds the fill-policy table distinguishes. */
export type FillKind = "market" | "limit" | "stop";

export function fillKindOf(type: OrderType): FillKind {
  switch (type) {
    case "Buy":
    case "Sell":
    case "CloseBy":
      return "market";
    case "BuyLimit":
    case "SellLimit":
    case "BuyStopLimit":
    case "SellStopLimit":
      return "limit";
    default:
      return "stop";
  }
}

/** Instant and request execution fix the policy of every order kind. */
function fixedPolicy(mode: ExecutionMode, kind: FillKind): ConcreteFillPolicy | undefined {
  if (mode !== "instant" && mode !== "request") {
    return undefined;
  }
  return kind === "limit" ? "FlashFill" : "FillOrKill";
}

/** Whether Return may be used by `kind` under `mode` (market/exchange only). */
function returnAllowed(mode: ExecutionMode, kind: FillKind): boolean {
  return mode === "exchange" || (mode === "market" && kind === "limit");
}

/**
 * The policy an order of `type` gets on `spec` for the requested one, or
 * UNSUPPORTED_FILLING_MODE (see the table above).
 */
export function resolveFillPolicy(
  spec: SymbolSpec,
  type: OrderType,
  requested: FillPolicy | undefined,
): ConcreteFillPolicy | Rejection {
  const mode = spec.executionMode;
  const kind = fillKindOf(type);
  const fixed = fixedPolicy(mode, kind);
  const any = requested === undefined || requested === "Any";
  if (fixed) {
    if (any || kind !== "market" || requested === fixed) {
      return fixed;
    }
    return reject(
      "UNSUPPORTED_FILLING_MODE",
      `${requested} is not allowed for market orders on ${spec.name} (${mode} execution: FillOrKill only)`,
    );
  }
  const flagged = (p: ConcreteFillPolicy): boolean =>
    p !== "FlashFill" && spec.fillingModes.includes(p);
  if (any) {
    const first = spec.fillingModes.find(flagged);
    if (first) {
      return first;
    }
    if (returnAllowed(mode, kind)) {
      return "FlashFill";
    }
    return reject("UNSUPPORTED_FILLING_MODE", `${spec.name} allows no filling mode for ${type}`);
  }
  if (requested === "FlashFill") {
    return returnAllowed(mode, kind)
      ? "FlashFill"
      : reject(
          "UNSUPPORTED_FILLING_MODE",
          `FlashFill (Return) is not allowed for ${type} on ${spec.name} (${mode} execution)`,
        );
  }
  if (!flagged(requested)) {
    return reject(
      "UNSUPPORTED_FILLING_MODE",
      `${requested} is not allowed on ${spec.name} (${spec.fillingModes.join(", ")})`,
    );
  }
  return requested;
}

/**
 * The price a market request fills at under the symbol's execution mode, given `current` (the
 * market price for the volume) and the request's price and deviation; or REQUOTE with the
 * quote.
 */
export function requestFillPrice(
  spec: SymbolSpec,
  current: number,
  requested: number | undefined,
  deviation: number | undefined,
  q: Quote,
): number | (Rejection & { bid: number; ask: number }) {
  const mode = spec.executionMode;
  if (mode === "market" || mode === "exchange") {
    return current;
  }
  if (requested === undefined || requested === 0 || !Number.isFinite(requested)) {
    return current;
  }
  const allowed = Math.max(0, deviation ?? 0) * spec.point + spec.point / 10;
  if (Math.abs(current - requested) > allowed) {
    return { ...reject("REQUOTE", `requote: ${q.bid}/${q.ask}`), bid: q.bid, ask: q.ask };
  }
  if (mode === "request") {
    return Number(requested.toFixed(spec.digits));
  }
  return current;
}

/** Market execution price: ask/bid moved against the client one point per slippage step. */
export function executionPrice(
  spec: SymbolSpec,
  side: PositionSide,
  volume: number,
  q: Quote,
): number {
  const points = Math.floor(volume / spec.slippageLotsPerPoint + EPS);
  const base = side === "Buy" ? q.ask : q.bid;
  const slip = points * spec.point;
  return roundPrice(side === "Buy" ? base + slip : base - slip, spec.digits);
}
