// The one precondition path of every trade operation, always in this order: account, what the
// request names (symbol, position, order, close-by pair), trade rights, the operation's own
// checks, trade session, quote. Yields a typed context or the first Rejection.

import type { SymbolSpec } from "../symbols.ts";
import type { Desk, Market } from "./market.ts";
import type { LiveAccount, LiveOrder, LivePosition, SymbolBook } from "./model.ts";
import type { Rejection } from "./retcodes.ts";
import { reject } from "./retcodes.ts";
import type { Quote } from "./types.ts";

/** What the preconditions read: the accounts, the market and the clock. */
export interface PreconditionEnv {
  accounts: ReadonlyMap<number, LiveAccount>;
  market: Market;
  /** The clock's time (the session time of checks that name no `at`). */
  now(): number;
}

/** What a request names, found in its account. */
export interface Target {
  ok: true;
  spec: SymbolSpec;
}

/** Finds what a request names in the account, or rejects. */
export type Locate<T extends Target> = (acc: LiveAccount) => T | Rejection;

/**
 * Trade rights:
 * - "separate" (new orders): the account's right before the symbol is looked up, then the
 *   symbol's, each with its own message;
 * - "combined" (closing): one check of both, after the target is found;
 * - omitted: not checked (modifying and cancelling).
 */
export type Rights = "separate" | "combined";

/**
 * The quote: "required" (PRICE_OFF without one), "convertible" (also PRICE_OFF when the desk's
 * quotes cannot convert the symbol's profit and margin into the deposit currency), "optional".
 */
export type QuoteNeed = "required" | "convertible" | "optional";

export interface Rules<T extends Target> {
  rights?: Rights;
  /** The operation's own checks on what was found, after the rights, before the session. */
  check?: (found: T, acc: LiveAccount) => Rejection | undefined;
  /**
   * Time the trade session is checked at (the mutation's); omitted, the clock's time, read at
   * that step (new orders and OrderCheck, as before this path existed).
   */
  at?: number;
  quote: QuoteNeed;
}

/** What passed: the target plus its account, desk, session book and (group's) quote. */
export type TradeContext<T extends Target, Q extends Quote | undefined> = T & {
  acc: LiveAccount;
  desk: Desk;
  book: SymbolBook;
  quote: Q;
};

/**
 * Runs the checks of a trade operation on account `login` in the fixed order: INVALID (unknown
 * account) → [separate: the account's TRADE_DISABLED] → `locate` → TRADE_DISABLED (per `rights`)
 * → `rules.check` → MARKET_CLOSED → PRICE_OFF (per `rules.quote`). Nothing changes but the
 * session cache and the account's desk, created on first use as every read of its quotes does.
 */
export function preconditions<T extends Target>(
  env: PreconditionEnv,
  login: number,
  locate: Locate<T>,
  rules: Rules<T> & { quote: "optional" },
): TradeContext<T, Quote | undefined> | Rejection;
export function preconditions<T extends Target>(
  env: PreconditionEnv,
  login: number,
  locate: Locate<T>,
  rules: Rules<T> & { quote: "required" | "convertible" },
): TradeContext<T, Quote> | Rejection;
export function preconditions<T extends Target>(
  env: PreconditionEnv,
  login: number,
  locate: Locate<T>,
  rules: Rules<T>,
): TradeContext<T, Quote | undefined> | Rejection {
  const acc = env.accounts.get(login);
  if (!acc) {
    return reject("INVALID", `unknown account ${login}`);
  }
  if (rules.rights === "separate" && !acc.record.tradeAllowed) {
    return reject("TRADE_DISABLED", "trading is disabled for the account");
  }
  const found = locate(acc);
  if (!found.ok) {
    return found;
  }
  const spec = found.spec;
  if (rules.rights === "separate" && spec.tradeMode === "disabled") {
    return reject("TRADE_DISABLED", `trading is disabled on ${spec.name}`);
  }
  if (rules.rights === "combined" && (!acc.record.tradeAllowed || spec.tradeMode === "disabled")) {
    return reject("TRADE_DISABLED", "trading is disabled");
  }
  const own = rules.check?.(found, acc);
  if (own) {
    return own;
  }
  const market = env.market;
  const desk = market.deskOf(acc);
  const quote = desk.quotes.get(spec.name);
  const book = market.bookOf(spec);
  if (!market.tradeOpen(book, rules.at ?? env.now())) {
    return reject("MARKET_CLOSED", `${spec.name} trade session is closed`);
  }
  if (
    rules.quote !== "optional" &&
    (!quote || (rules.quote === "convertible" && !market.convertible(acc, spec)))
  ) {
    return reject("PRICE_OFF", `no quotes for ${spec.name}`);
  }
  return { ...found, acc, desk, book, quote };
}

// ───────────────────────── what a request names ─────────────────────────

/** A catalog symbol a new order names. */
export function symbolNamed(market: Market, symbol: string): Locate<Target> {
  return () => {
    const spec = market.specOf(symbol);
    return spec ? { ok: true, spec } : reject("INVALID", `unknown symbol ${symbol}`);
  };
}

/** An open position of the account. */
export function positionNumbered(ticket: number): Locate<Target & { position: LivePosition }> {
  return (acc) => {
    const position = acc.positions.get(ticket);
    if (!position) {
      return reject("POSITION_NOT_EXISTS", `position ${ticket} does not exist`);
    }
    return { ok: true, spec: position.spec, position };
  };
}

/** An active order of the account. */
export function orderNumbered(ticket: number): Locate<Target & { order: LiveOrder }> {
  return (acc) => {
    const order = acc.orders.get(ticket);
    if (!order) {
      return reject("INVALID_ORDER", `order ${ticket} does not exist`);
    }
    return { ok: true, spec: order.spec, order };
  };
}

/** A position and the opposite one on the same symbol that closes it (hedging accounts). */
export function closeByPair(
  ticket: number,
  byTicket: number,
): Locate<Target & { position: LivePosition; by: LivePosition }> {
  const first = positionNumbered(ticket);
  const second = positionNumbered(byTicket);
  return (acc) => {
    const found = first(acc);
    if (!found.ok) {
      return found;
    }
    const pos = found.position;
    if (acc.record.marginMode !== "hedging") {
      return reject("INVALID", "close-by needs a hedging account");
    }
    const byFound = second(acc);
    if (!byFound.ok) {
      return byFound;
    }
    const by = byFound.position;
    if (
      by === pos ||
      by.record.symbol !== pos.record.symbol ||
      by.record.orderType === pos.record.orderType
    ) {
      return reject("INVALID", "close-by needs an opposite position on the same symbol");
    }
    return { ok: true, spec: pos.spec, position: pos, by };
  };
}
