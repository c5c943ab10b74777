// Trade limits, pure: the per-account and per-EA token buckets of trade requests, the cap on
// resting orders, and the refusal window that stops a flooding EA.
import { describe, expect, test } from "bun:test";
import {
  pendingOrderLimitRefusal,
  RefusalWindow,
  refusalKindOf,
  refusalTripMessage,
  TradeRateLimiter,
} from "../../src/domain/trade-limits.ts";
import { isPendingOrderType } from "../../src/mt5/vocabulary.ts";
import { TestClock } from "../support/clock.ts";

const limits = { account: { ratePerSec: 4, burst: 6 }, ea: { ratePerSec: 2, burst: 3 } };

function admitted(limiter: TradeRateLimiter, n: number, accountId: string, eaId?: string): number {
  let ok = 0;
  for (let i = 0; i < n; i++) {
    if (limiter.admit(accountId, eaId).allowed) {
      ok += 1;
    }
  }
  return ok;
}

describe("TradeRateLimiter", () => {
  test("an account gets its burst, then its rate; another account has its own bucket", () => {
    const clock = new TestClock().freeze(1_000_000);
    const limiter = new TradeRateLimiter(limits, clock);
    expect(admitted(limiter, 10, "a")).toBe(6);
    const refused = limiter.admit("a");
    expect(refused).toEqual({
      allowed: false,
      scope: "account",
      limit: limits.account,
      retryAfterSec: 1,
    });
    expect(admitted(limiter, 10, "b")).toBe(6);
    clock.advance(500); // 2 tokens back at 4/s
    expect(admitted(limiter, 10, "a")).toBe(2);
    clock.advance(60_000); // never more than the burst
    expect(admitted(limiter, 10, "a")).toBe(6);
  });

  test("an EA is held to its own bucket, and its requests count against the account's too", () => {
    const clock = new TestClock().freeze(0);
    const limiter = new TradeRateLimiter(limits, clock);
    expect(admitted(limiter, 10, "a", "ea-1")).toBe(3);
    expect(limiter.admit("a", "ea-1")).toMatchObject({ allowed: false, scope: "ea" });
    // The account has 3 of its 6 tokens left for REST requests.
    expect(admitted(limiter, 10, "a")).toBe(3);
    clock.advance(1000); // EA +2, account +4
    // The EA may take 2; then the account still has 2 for REST.
    expect(admitted(limiter, 10, "a", "ea-1")).toBe(2);
    expect(admitted(limiter, 10, "a")).toBe(2);
  });

  test("an EA refused by the account's bucket keeps its own token (both or neither)", () => {
    const clock = new TestClock().freeze(0);
    const limiter = new TradeRateLimiter(limits, clock);
    expect(admitted(limiter, 6, "a")).toBe(6); // REST spends the account's burst
    for (let i = 0; i < 3; i++) {
      expect(limiter.admit("a", "ea-1")).toMatchObject({ allowed: false, scope: "account" });
    }
    clock.advance(250); // account +1, EA +0.5: had the EA lost its 3 tokens, it would be refused
    expect(limiter.admit("a", "ea-1")).toEqual({ allowed: true });
  });

  test("Retry-After follows the rate; refilled buckets are dropped", () => {
    const clock = new TestClock().freeze(0);
    const slow = new TradeRateLimiter(
      { account: { ratePerSec: 1, burst: 1 }, ea: { ratePerSec: 1, burst: 1 } },
      clock,
    );
    slow.admit("a");
    expect(slow.admit("a")).toMatchObject({ allowed: false, retryAfterSec: 1 });
    const limiter = new TradeRateLimiter(limits, clock);
    for (let i = 0; i < 100; i++) {
      limiter.admit(`acc-${i}`, `ea-${i}`);
    }
    expect(limiter.size()).toEqual({ accounts: 100, eas: 100 });
    clock.advance(61_000);
    limiter.admit("fresh");
    expect(limiter.size()).toEqual({ accounts: 1, eas: 0 });
    limiter.admit("x", "ea-x");
    limiter.forgetEa("ea-x");
    expect(limiter.size().eas).toBe(0);
  });
});

describe("pending order cap", () => {
  test("only pending orders are capped, at the limit and beyond; 0 means no cap", () => {
    expect(isPendingOrderType("BuyLimit")).toBe(true);
    expect(isPendingOrderType("SellStopLimit")).toBe(true);
    expect(isPendingOrderType("Buy")).toBe(false);
    expect(isPendingOrderType(undefined)).toBe(false);
    expect(pendingOrderLimitRefusal(199, "BuyLimit", 200)).toBeNull();
    expect(pendingOrderLimitRefusal(200, "BuyLimit", 200)).toEqual({
      ok: false,
      reason: "LIMIT_ORDERS",
      retcode: 10033,
      message: "the account already has 200 pending orders; the limit is 200",
    });
    expect(pendingOrderLimitRefusal(250, "SellStop", 200)?.retcode).toBe(10033);
    expect(pendingOrderLimitRefusal(200, "Buy", 200)).toBeNull();
    expect(pendingOrderLimitRefusal(10_000, "BuyLimit", 0)).toBeNull();
  });
});

describe("RefusalWindow", () => {
  test("trips on the refusal after the allowance within the window, with counts per kind", () => {
    const clock = new TestClock().freeze(0);
    const w = new RefusalWindow({ maxRefusals: 5, windowMs: 10_000 }, clock);
    for (let i = 0; i < 3; i++) {
      expect(w.record("ea", "rate")).toBeNull();
      clock.advance(100);
    }
    expect(w.record("ea", "limit_orders")).toBeNull();
    expect(w.record("ea", "limit_orders")).toBeNull();
    expect(w.record("other", "rate")).toBeNull(); // its own count
    const trip = w.record("ea", "rate");
    expect(trip).toEqual({ total: 6, rate: 4, limitOrders: 2, windowMs: 10_000 });
    expect(refusalTripMessage(trip!)).toBe(
      "stopped: 6 trade requests refused within 10 s for exceeding the trade rate (TRADE_RETCODE_TOO_MANY_REQUESTS 10024): 4, and exceeding the pending order limit (TRADE_RETCODE_LIMIT_ORDERS 10033): 2",
    );
    w.forget("ea");
    expect(w.count("ea")).toBe(0);
  });

  test("refusals spread out more thinly than the allowance never trip", () => {
    const clock = new TestClock().freeze(0);
    const w = new RefusalWindow({ maxRefusals: 5, windowMs: 10_000 }, clock);
    for (let i = 0; i < 1000; i++) {
      expect(w.record("ea", "rate")).toBeNull();
      clock.advance(2001); // 5 per 10 s at most
    }
    expect(w.count("ea")).toBeLessThanOrEqual(5);
  });

  test("a burst trips; messages name one cause when there is one", () => {
    const clock = new TestClock().freeze(0);
    const w = new RefusalWindow({ maxRefusals: 50, windowMs: 10_000 }, clock);
    let trip = null;
    let n = 0;
    while (!trip) {
      n += 1;
      trip = w.record("ea", "rate");
    }
    expect(n).toBe(51);
    expect(refusalTripMessage(trip)).toBe(
      "stopped: 51 trade requests refused within 10 s for exceeding the trade rate (TRADE_RETCODE_TOO_MANY_REQUESTS 10024)",
    );
    expect(refusalTripMessage({ total: 3, rate: 0, limitOrders: 3, windowMs: 2000 })).toBe(
      "stopped: 3 trade requests refused within 2 s for exceeding the pending order limit (TRADE_RETCODE_LIMIT_ORDERS 10033)",
    );
    expect(refusalKindOf(10024)).toBe("rate");
    expect(refusalKindOf(10033)).toBe("limit_orders");
    expect(refusalKindOf(10019)).toBeNull();
  });
});
