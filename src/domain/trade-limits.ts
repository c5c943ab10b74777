// Limits on the trade requests an account and an EA may send to the broker, pure: time comes from
// an injected clock, nothing here does I/O.
//
// - TradeRateLimiter: a token bucket per account and one per EA instance (src/domain/token-bucket.ts).
//   A REST trade takes a token from its account's bucket; an EA trade takes one from its
//   instance's bucket and one from its account's (both or neither). Refused → MT5's
//   TRADE_RETCODE_TOO_MANY_REQUESTS (10024) with the seconds until a token is back.
// - pendingOrderLimitRefusal: the cap on resting (pending) orders per account (MT5's
//   ACCOUNT_LIMIT_ORDERS) → TRADE_RETCODE_LIMIT_ORDERS (10033).
// - RefusalWindow: counts an EA's refused trade requests (10024, 10033) in a sliding window; past
//   the allowance the EA is stopped (tripMessage says why).

import { type Rejection, reject } from "../broker/engine/retcodes.ts";
import { isPendingOrderType } from "../mt5/vocabulary.ts";
import { type BucketState, newBucket, takeToken } from "./token-bucket.ts";

export interface Clock {
  /** Current time, ms. */
  now(): number;
}

/** The limits the trading services apply before a request reaches the broker. */
export interface TradeLimits {
  /** Token buckets of trade requests per account and per EA instance. */
  readonly rate: TradeRateLimiter;
  /** Active pending orders an account may hold (0 = no cap), checked by its session worker. */
  readonly maxPendingOrders: number;
}

/** MT5 TRADE_RETCODE_TOO_MANY_REQUESTS. */
export const RETCODE_TOO_MANY_REQUESTS = 10024;
/** MT5 TRADE_RETCODE_LIMIT_ORDERS. */
export const RETCODE_LIMIT_ORDERS = 10033;

/** A token bucket's parameters: sustained requests per second and burst (capacity). */
export interface RateLimit {
  readonly ratePerSec: number;
  readonly burst: number;
}

export interface TradeRateLimits {
  /** Every trade request of an account (REST and EA together). */
  readonly account: RateLimit;
  /** The trade requests of one EA instance. */
  readonly ea: RateLimit;
}

export type TradeAdmission =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      /** Which bucket is empty. */
      readonly scope: "account" | "ea";
      readonly limit: RateLimit;
      /** Whole seconds until the request would be admitted (≥ 1). */
      readonly retryAfterSec: number;
    };

/** How often idle (full again) buckets are dropped, ms. */
const SWEEP_EVERY_MS = 60_000;

/** Per-account and per-EA token buckets of trade requests (see the header). */
export class TradeRateLimiter {
  private readonly accounts = new Map<string, BucketState>();
  private readonly eas = new Map<string, BucketState>();
  private lastSweep: number;

  constructor(
    readonly limits: TradeRateLimits,
    private readonly clock: Clock,
  ) {
    this.lastSweep = clock.now();
  }

  /**
   * Admits one trade request of `accountId` (sent by EA instance `eaId`, if given), taking its
   * tokens; a refused request takes none.
   */
  admit(accountId: string, eaId?: string): TradeAdmission {
    const now = this.clock.now();
    this.sweep(now);
    let eaBucket: BucketState | undefined;
    if (eaId !== undefined) {
      eaBucket = bucketOf(this.eas, eaId, this.limits.ea, now);
      const ea = takeToken(eaBucket, this.limits.ea.burst, this.limits.ea.ratePerSec, now);
      if (!ea.allowed) {
        return refused("ea", this.limits.ea, ea.retryAfterSec);
      }
    }
    const limit = this.limits.account;
    const account = takeToken(
      bucketOf(this.accounts, accountId, limit, now),
      limit.burst,
      limit.ratePerSec,
      now,
    );
    if (!account.allowed) {
      if (eaBucket) {
        eaBucket.tokens += 1; // both or neither: give the EA its token back
      }
      return refused("account", limit, account.retryAfterSec);
    }
    return { allowed: true };
  }

  /** Forgets an EA instance's bucket (it stopped). */
  forgetEa(eaId: string): void {
    this.eas.delete(eaId);
  }

  /** Buckets held (tests, diagnostics). */
  size(): { accounts: number; eas: number } {
    return { accounts: this.accounts.size, eas: this.eas.size };
  }

  /** Drops buckets that have refilled completely: a new bucket is the same thing. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) {
      return;
    }
    this.lastSweep = now;
    dropFull(this.accounts, this.limits.account, now);
    dropFull(this.eas, this.limits.ea, now);
  }
}

function bucketOf(
  map: Map<string, BucketState>,
  key: string,
  limit: RateLimit,
  now: number,
): BucketState {
  let b = map.get(key);
  if (!b) {
    b = newBucket(limit.burst, now);
    map.set(key, b);
  }
  return b;
}

function dropFull(map: Map<string, BucketState>, limit: RateLimit, now: number): void {
  for (const [key, b] of map) {
    const refilled = b.tokens + (Math.max(0, now - b.updatedAt) / 1000) * limit.ratePerSec;
    if (refilled >= limit.burst) {
      map.delete(key);
    }
  }
}

function refused(scope: "account" | "ea", limit: RateLimit, retryAfterSec: number): TradeAdmission {
  return { allowed: false, scope, limit, retryAfterSec };
}

/** What a refused admission is called, for messages: "20 per second (burst 40) per account". */
export function describeRateLimit(scope: "account" | "ea", limit: RateLimit): string {
  return `${limit.ratePerSec} per second (burst ${limit.burst}) per ${scope === "ea" ? "EA" : "account"}`;
}

// ───────────────────────────── resting orders ─────────────────────────────

/**
 * The LIMIT_ORDERS (10033) rejection of a new order of `orderType` on an account that already has
 * `resting` active pending orders, or null when it may go on. `limit` 0 means no limit.
 */
export function pendingOrderLimitRefusal(
  resting: number,
  orderType: unknown,
  limit: number,
): Rejection | null {
  if (limit <= 0 || resting < limit || !isPendingOrderType(orderType)) {
    return null;
  }
  return reject(
    "LIMIT_ORDERS",
    `the account already has ${resting} pending orders; the limit is ${limit}`,
  );
}

// ───────────────────────────── refusals of an EA ─────────────────────────────

/** Why a trade request of an EA was refused. */
export type RefusalKind = "rate" | "limit_orders";

/** The kind of a refusal by its MT5 retcode, or null for any other retcode. */
export function refusalKindOf(retcode: number): RefusalKind | null {
  return retcode === RETCODE_TOO_MANY_REQUESTS
    ? "rate"
    : retcode === RETCODE_LIMIT_ORDERS
      ? "limit_orders"
      : null;
}

export interface RefusalPolicy {
  /** Refusals tolerated within the window; one more stops the EA. */
  readonly maxRefusals: number;
  readonly windowMs: number;
}

/** The refusals that made an EA trip, per kind, within the window. */
export interface RefusalTrip {
  readonly total: number;
  readonly rate: number;
  readonly limitOrders: number;
  readonly windowMs: number;
}

/**
 * Refused trade requests per EA instance in a sliding window: `record` answers the trip once an
 * instance has had more than `maxRefusals` refusals within `windowMs`.
 */
export class RefusalWindow {
  private readonly seen = new Map<string, Array<{ at: number; kind: RefusalKind }>>();

  constructor(
    readonly policy: RefusalPolicy,
    private readonly clock: Clock,
  ) {}

  /** Records one refusal of `key`; returns the trip when the allowance is exceeded, else null. */
  record(key: string, kind: RefusalKind): RefusalTrip | null {
    const now = this.clock.now();
    let list = this.seen.get(key);
    if (!list) {
      list = [];
      this.seen.set(key, list);
    }
    list.push({ at: now, kind });
    const from = now - this.policy.windowMs;
    let drop = 0;
    // Older than the window, or more than needed to decide (the list stays bounded).
    while (
      drop < list.length &&
      ((list[drop]?.at ?? now) <= from || list.length - drop > this.policy.maxRefusals + 1)
    ) {
      drop += 1;
    }
    if (drop > 0) {
      list.splice(0, drop);
    }
    if (list.length <= this.policy.maxRefusals) {
      return null;
    }
    const rate = list.filter((r) => r.kind === "rate").length;
    return {
      total: list.length,
      rate,
      limitOrders: list.length - rate,
      windowMs: this.policy.windowMs,
    };
  }

  /** Forgets an instance (it stopped). */
  forget(key: string): void {
    this.seen.delete(key);
  }

  /** Refusals currently counted for `key` within the window (tests, diagnostics). */
  count(key: string): number {
    const from = this.clock.now() - this.policy.windowMs;
    return (this.seen.get(key) ?? []).filter((r) => r.at > from).length;
  }
}

/**
 * The `last_error` of an EA stopped by a trip, e.g. "stopped: 51 trade requests refused within
 * 10 s for exceeding the trade rate (TRADE_RETCODE_TOO_MANY_REQUESTS 10024)".
 */
export function refusalTripMessage(trip: RefusalTrip): string {
  const rate = "exceeding the trade rate (TRADE_RETCODE_TOO_MANY_REQUESTS 10024)";
  const limit = "exceeding the pending order limit (TRADE_RETCODE_LIMIT_ORDERS 10033)";
  const why =
    trip.limitOrders === 0
      ? rate
      : trip.rate === 0
        ? limit
        : `${rate}: ${trip.rate}, and ${limit}: ${trip.limitOrders}`;
  return `stopped: ${trip.total} trade requests refused within ${trip.windowMs / 1000} s for ${why}`;
}
