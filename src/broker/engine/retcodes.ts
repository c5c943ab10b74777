// MT5 trade server return codes and the engine's rejection values.
//
// Owns: the TRADE_RETCODE_* numeric table, the `RejectReason` union (the retcode name without
// its prefix, except INVALID_FILL → UNSUPPORTED_FILLING_MODE and POSITION_CLOSED →
// POSITION_NOT_EXISTS, the HTTP error codes of ARCHITECTURE §5) and the `Rejection` value the
// engine returns instead of throwing. No I/O.

/** Success codes. */
export const RETCODE_PLACED = 10008;
export const RETCODE_DONE = 10009;
export const RETCODE_DONE_PARTIAL = 10010;

/**
 * Reason → MT5 numeric retcode for every rejection the engine can return (and TOO_MANY_REQUESTS,
 * which the trade server's request budget and the service's trade-rate limits answer).
 */
export const REJECT_RETCODES = {
  REQUOTE: 10004,
  REJECT: 10006,
  CANCEL: 10007,
  ERROR: 10011,
  INVALID: 10013,
  INVALID_VOLUME: 10014,
  INVALID_PRICE: 10015,
  INVALID_STOPS: 10016,
  TRADE_DISABLED: 10017,
  MARKET_CLOSED: 10018,
  NO_MONEY: 10019,
  PRICE_CHANGED: 10020,
  PRICE_OFF: 10021,
  INVALID_EXPIRATION: 10022,
  /** Too many trade requests: the trade server's (or the service's) rate limit. */
  TOO_MANY_REQUESTS: 10024,
  NO_CHANGES: 10025,
  FROZEN: 10029,
  UNSUPPORTED_FILLING_MODE: 10030,
  /** The account's pending orders are at its limit (MT5 ACCOUNT_LIMIT_ORDERS). */
  LIMIT_ORDERS: 10033,
  INVALID_ORDER: 10035,
  POSITION_NOT_EXISTS: 10036,
  INVALID_CLOSE_VOLUME: 10038,
  LONG_ONLY: 10042,
  SHORT_ONLY: 10043,
  CLOSE_ONLY: 10044,
  HEDGE_PROHIBITED: 10046,
} as const;

/** Every reason a trade operation can be rejected with. */
export type RejectReason = keyof typeof REJECT_RETCODES;

/** A rejected operation: nothing changed. */
export interface Rejection {
  ok: false;
  reason: RejectReason;
  retcode: number;
  message: string;
}

export function reject(reason: RejectReason, message: string): Rejection {
  return { ok: false, reason, retcode: REJECT_RETCODES[reason], message };
}
