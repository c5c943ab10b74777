// New orders (MT5 TRADE_ACTION_DEAL / TRADE_ACTION_PENDING, and OrderCheck): the checks every
// new order passes, market execution (fill policy, liquidity, slippage, margin) and placing a
// pending order in the trigger book.

import { SENDABLE_ORDER_TYPES } from "../../mt5/vocabulary.ts";
import type { SymbolSpec } from "../symbols.ts";
import type { Deals } from "./deals.ts";
import { executionPrice, requestFillPrice, resolveFillPolicy } from "./execution.ts";
import type { TriggerHeap } from "./heap.ts";
import type { LiveAccount, LiveOrder, LivePosition } from "./model.ts";
import { EPS, roundMoney, roundVolume } from "./money.ts";
import type { Mutation } from "./mutation.ts";
import type { Orders } from "./orders.ts";
import type { PreconditionEnv, Target, TradeContext } from "./preconditions.ts";
import { preconditions, symbolNamed } from "./preconditions.ts";
import type { OrderCheckResult } from "./requests.ts";
import type { Rejection } from "./retcodes.ts";
import { RETCODE_DONE, RETCODE_DONE_PARTIAL, RETCODE_PLACED, reject } from "./retcodes.ts";
import { accountMargin, evaluateAccount, exposureAfter } from "./risk.ts";
import { transitionOrder } from "./states.ts";
import { armExpiry, armOrder } from "./triggers.ts";
import type {
  ConcreteFillPolicy,
  OrderRecord,
  OrderRequest,
  PositionSide,
  Quote,
} from "./types.ts";
import {
  checkPendingPrice,
  checkStops,
  checkVolume,
  isBuyType,
  resolveExpiration,
} from "./validation.ts";

/** Order types `sendOrder` accepts (close-by has its own operation). */
const ORDER_TYPES: ReadonlySet<string> = new Set<string>(SENDABLE_ORDER_TYPES);

/** A new order that passed the checks: its context, fill policy and stops. */
export type NewOrder = TradeContext<Target, Quote> & {
  policy: ConcreteFillPolicy;
  sl: number;
  tp: number;
};

/** What placing a new order did (the mutation holds its deals and events). */
export type Placed = ({ ok: true; retcode: number; order: OrderRecord } | Rejection) & {
  bid?: number;
  ask?: number;
};

export class Placement {
  constructor(
    private readonly env: PreconditionEnv,
    private readonly orders: Orders,
    private readonly deals: Deals,
    private readonly expiries: TriggerHeap<LiveOrder>,
    /** Active pending orders an account may hold; 0: no limit. */
    private readonly limitOrders: number,
  ) {}

  /**
   * The checks every new order passes before it is executed or checked: account, trade rights,
   * symbol, order type, volume, session (at the clock's time), quotes, stops and fill policy.
   */
  precheck(req: OrderRequest): NewOrder | Rejection {
    const pre = preconditions(this.env, req.login, symbolNamed(this.env.market, req.symbol), {
      rights: "separate",
      check: ({ spec }) =>
        ORDER_TYPES.has(req.orderType)
          ? checkVolume(spec, req.volume)
          : reject("INVALID_ORDER", `unknown order type ${req.orderType}`),
      quote: "convertible",
    });
    if (!pre.ok) {
      return pre;
    }
    const sl = req.stopLoss ?? 0;
    const tp = req.takeProfit ?? 0;
    if (!Number.isFinite(sl) || !Number.isFinite(tp) || sl < 0 || tp < 0) {
      return reject("INVALID_STOPS", "stop loss and take profit must be ≥ 0");
    }
    const policy = resolveFillPolicy(pre.spec, req.orderType, req.fillPolicy);
    if (typeof policy !== "string") {
      return policy;
    }
    return { ...pre, policy, sl, tp };
  }

  /**
   * MT5's OrderCheck: whether `req` would pass, and the account's margin figures after it,
   * without executing anything (no events, no state change). A market order is valued at the
   * current quote; a pending order as if filled now.
   */
  check(req: OrderRequest): OrderCheckResult {
    const pre = this.precheck(req);
    if (!pre.ok) {
      return pre;
    }
    const { acc, spec } = pre;
    if (req.orderType !== "Buy" && req.orderType !== "Sell") {
      const full = this.pendingLimitReached(acc);
      if (full) {
        return full;
      }
    }
    const side: PositionSide =
      req.orderType === "Buy" || req.orderType.startsWith("Buy") ? "Buy" : "Sell";
    const look = pre.desk.look;
    const conv = this.env.market.conv;
    const fig = evaluateAccount(acc, look, conv, true);
    const margin = roundMoney(
      accountMargin(acc, look, conv, exposureAfter(acc, spec, side, req.volume)),
    );
    const before = roundMoney(accountMargin(acc, look, conv));
    const freeMargin = roundMoney(fig.equity - margin);
    const figures = {
      balance: acc.record.balance,
      equity: fig.equity,
      profit: roundMoney(fig.profit + fig.swap),
      margin,
      freeMargin,
      marginLevel: margin > 0 ? roundMoney((fig.equity / margin) * 100) : 0,
    };
    const commission = this.env.market.commission(acc, spec, req.volume);
    if (margin > before + EPS && freeMargin + commission < -EPS) {
      return { ...reject("NO_MONEY", "not enough free margin"), figures };
    }
    return { ok: true, retcode: 0, figures };
  }

  /** Executes a checked market order or places a checked pending order. */
  place(o: NewOrder, req: OrderRequest, m: Mutation): Placed {
    return req.orderType === "Buy" || req.orderType === "Sell"
      ? this.marketOrder(o, req, m)
      : this.pendingOrder(o, req, m);
  }

  private marketOrder(o: NewOrder, req: OrderRequest, m: Mutation): Placed {
    const { acc, spec, quote: q, policy, sl, tp } = o;
    const side: PositionSide = req.orderType === "Buy" ? "Buy" : "Sell";
    let closing: LivePosition | undefined;
    if (req.position !== undefined && req.position !== 0) {
      closing = acc.positions.get(req.position);
      if (!closing) {
        return reject("POSITION_NOT_EXISTS", `position ${req.position} does not exist`);
      }
      if (closing.record.symbol !== spec.name || closing.record.orderType === side) {
        return reject("INVALID", "a closing order must be opposite to the position, same symbol");
      }
      if (req.volume > closing.record.volume + EPS) {
        return reject("INVALID_CLOSE_VOLUME", "close volume exceeds the position volume");
      }
    }
    const existing = acc.record.marginMode === "netting" ? acc.bySymbol.get(spec.name) : undefined;
    const reduces =
      closing !== undefined ||
      (existing !== undefined &&
        existing.record.orderType !== side &&
        req.volume <= existing.record.volume + EPS);
    const mode = tradeModeCheck(spec, side, reduces);
    if (mode) {
      return mode;
    }
    if (!closing && !reduces) {
      const badStops = checkStops(spec, side, side === "Buy" ? q.bid : q.ask, sl, tp);
      if (badStops) {
        return badStops;
      }
    }
    let fillVolume = req.volume;
    if (!closing && req.volume > spec.liquidity + EPS) {
      if (policy === "FillOrKill") {
        return reject(
          "REJECT",
          `only ${spec.liquidity} lots are available on ${spec.name}; FillOrKill cannot fill ${req.volume}`,
        );
      }
      fillVolume = spec.liquidity;
    }
    const price = requestFillPrice(
      spec,
      executionPrice(spec, side, fillVolume, q),
      req.price,
      req.deviation,
      q,
    );
    if (typeof price !== "number") {
      return price;
    }
    if (!reduces && !this.orders.marginAllows(acc, spec, side, fillVolume)) {
      return reject("NO_MONEY", "not enough free margin");
    }
    const order = this.orders.newOrder(acc, spec, req.orderType, req.volume, m, {
      price: req.price ?? 0,
      fillPolicy: policy,
      ...requestTags(req),
      deviation: req.deviation ?? 0,
      stopLoss: sl,
      takeProfit: tp,
    });
    m.events.push({ type: "orderAdded", order: { ...order } });
    this.deals.fill(acc, spec, order, side, fillVolume, price, m, closing);
    order.volumeCurrent = roundVolume(order.volumeCurrent - fillVolume);
    if (order.volumeCurrent <= EPS) {
      order.volumeCurrent = 0;
      this.orders.closeRecord(order, "Filled", m);
      return { ok: true, retcode: RETCODE_DONE, order };
    }
    if (policy === "ImmediateOrCancel") {
      this.orders.closeRecord(order, "Cancelled", m);
      return { ok: true, retcode: RETCODE_DONE_PARTIAL, order };
    }
    // FlashFill (Return): the remainder stays active and fills tick by tick.
    transitionOrder(order, "Partial");
    const live: LiveOrder = {
      record: order,
      spec,
      account: acc,
      trigger: undefined,
      expiry: undefined,
      working: true,
    };
    acc.orders.set(order.ticket, live);
    this.env.market.deskBook(acc, spec).working.add(live);
    m.events.push({ type: "orderUpdated", order: { ...order } });
    return { ok: true, retcode: RETCODE_DONE_PARTIAL, order };
  }

  private pendingOrder(o: NewOrder, req: OrderRequest, m: Mutation): Placed {
    const { acc, spec, quote: q, policy, sl, tp } = o;
    const type = req.orderType;
    const side: PositionSide = isBuyType(type) ? "Buy" : "Sell";
    const mode = tradeModeCheck(spec, side, false);
    if (mode) {
      return mode;
    }
    const full = this.pendingLimitReached(acc);
    if (full) {
      return full;
    }
    if (req.price === undefined) {
      return reject("INVALID_PRICE", "a pending order needs a price");
    }
    const stopLimit = type === "BuyStopLimit" || type === "SellStopLimit";
    const stopLimitPrice = stopLimit ? (req.stopLimitPrice ?? 0) : 0;
    const badPrice = checkPendingPrice(spec, type, req.price, stopLimitPrice, q);
    if (badPrice) {
      return badPrice;
    }
    const badStops = checkStops(spec, side, stopLimit ? stopLimitPrice : req.price, sl, tp);
    if (badStops) {
      return badStops;
    }
    const expirationType = req.expirationType ?? "GTC";
    const expirationMs = resolveExpiration(spec, expirationType, req.expirationMs, m.time);
    if (typeof expirationMs !== "number") {
      return expirationMs;
    }
    const order = this.orders.newOrder(acc, spec, type, req.volume, m, {
      price: req.price,
      stopLimitPrice,
      fillPolicy: policy,
      ...requestTags(req),
      stopLoss: sl,
      takeProfit: tp,
      expirationType,
      expirationMs,
    });
    transitionOrder(order, "Placed");
    const live: LiveOrder = {
      record: order,
      spec,
      account: acc,
      trigger: undefined,
      expiry: undefined,
      working: false,
    };
    acc.orders.set(order.ticket, live);
    armOrder(this.env.market, live);
    armExpiry(this.expiries, live);
    m.events.push({ type: "orderAdded", order: { ...order } });
    return { ok: true, retcode: RETCODE_PLACED, order };
  }

  /** LIMIT_ORDERS when the account holds `limitOrders` active orders already. */
  private pendingLimitReached(acc: LiveAccount): Rejection | undefined {
    if (this.limitOrders > 0 && acc.orders.size >= this.limitOrders) {
      return reject(
        "LIMIT_ORDERS",
        `the account already has ${acc.orders.size} pending orders; the limit is ${this.limitOrders}`,
      );
    }
    return undefined;
  }
}

/** CLOSE_ONLY / LONG_ONLY / SHORT_ONLY for an order the symbol's trade mode does not allow. */
function tradeModeCheck(
  spec: SymbolSpec,
  side: PositionSide,
  reduces: boolean,
): Rejection | undefined {
  if (reduces) {
    return undefined;
  }
  switch (spec.tradeMode) {
    case "closeOnly":
      return reject("CLOSE_ONLY", `${spec.name} is close-only`);
    case "longOnly":
      return side === "Sell" ? reject("LONG_ONLY", `${spec.name} is long-only`) : undefined;
    case "shortOnly":
      return side === "Buy" ? reject("SHORT_ONLY", `${spec.name} is short-only`) : undefined;
    default:
      return undefined;
  }
}

/** The request's own tags on the order it creates, with MT5's defaults where it gives none. */
function requestTags(req: OrderRequest) {
  return {
    placedType: req.placedType ?? "Manually",
    comment: req.comment ?? "",
    expertId: req.expertId ?? 0,
    clientOrderId: req.clientOrderId ?? "",
    requestId: req.requestId ?? 0,
  };
}
