import { describe, expect, test } from "bun:test";
import { eventsOf, setup } from "./helpers.ts";

// Rollover is at 00:00 server time = 22:00 UTC in January. The engine starts on Wednesday
// 2025-01-15 12:00 server time, so the first rollover ends a Wednesday (triple swap).
const rollover = (day: number) => Date.UTC(2025, 0, day, 22);

describe("swaps at rollover", () => {
  test("points mode, triple on Wednesday, nothing for Saturday and Sunday (FX)", () => {
    const s = setup();
    s.account(1);
    const r = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    if (!r.ok || !r.order) {
      throw new Error("buy failed");
    }
    const t = r.order.ticket;
    // swapLong −7.2 points × 1 USD per point per lot
    expect(s.engine.advanceTo(rollover(15) - 1).events).toHaveLength(0);
    const wed = s.engine.advanceTo(rollover(15)).events;
    expect(eventsOf(wed, "positionUpdated")[0]?.position.swap).toBe(-21.6);
    s.engine.advanceTo(rollover(16)); // Thursday ×1
    expect(s.engine.position(1, t)?.swap).toBe(-28.8);
    s.engine.advanceTo(rollover(17)); // Friday ×1
    expect(s.engine.position(1, t)?.swap).toBe(-36);
    s.engine.advanceTo(rollover(19)); // Saturday, Sunday: nothing
    expect(s.engine.position(1, t)?.swap).toBe(-36);
    s.engine.advanceTo(rollover(20)); // Monday ×1
    expect(s.engine.position(1, t)?.swap).toBe(-43.2);
    // the swap is part of the equity and realised on the closing deal
    expect(s.engine.summary(1)?.profit).toBe(-10 - 43.2);
    s.clock.t = rollover(20) + 3_600_000;
    const close = s.engine.closePosition({ login: 1, ticket: t });
    if (!close.ok) {
      throw new Error(close.message);
    }
    expect(close.deals[0]).toMatchObject({ swap: -43.2, profit: -10 });
    // 10 000 − 3.5 − 10 − 43.2 − 3.5
    expect(s.engine.account(1)?.balance).toBe(9939.8);
  });

  test("short swap credit, profit-currency conversion (USDJPY long: 1450 JPY a day)", () => {
    const s = setup();
    s.account(1);
    const sell = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Sell", volume: 1 });
    const jpy = s.engine.sendOrder({ login: 1, symbol: "USDJPY", orderType: "Buy", volume: 1 });
    if (!sell.ok || !jpy.ok || !sell.order || !jpy.order) {
      throw new Error("setup failed");
    }
    s.engine.advanceTo(rollover(15));
    expect(s.engine.position(1, sell.order.ticket)?.swap).toBe(6.3);
    // 3 × 14.5 points × 0.001 × 100 000 = 4350 JPY ÷ USDJPY ask 150.01
    expect(s.engine.position(1, jpy.order.ticket)?.swap).toBe(29);
  });

  test("partial close realises a pro-rata share of the swap", () => {
    const s = setup();
    s.account(1);
    const r = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    if (!r.ok || !r.order) {
      throw new Error("buy failed");
    }
    s.engine.advanceTo(rollover(15));
    s.clock.t = rollover(15) + 3_600_000;
    const part = s.engine.closePosition({ login: 1, ticket: r.order.ticket, volume: 0.25 });
    if (!part.ok) {
      throw new Error(part.message);
    }
    expect(part.deals[0]?.swap).toBe(-5.4);
    expect(s.engine.position(1, r.order.ticket)?.swap).toBe(-16.2);
  });

  test("crypto: charged every day including weekends, no triple day (interest mode)", () => {
    const s = setup();
    s.account(1);
    const r = s.engine.sendOrder({ login: 1, symbol: "BTCUSD", orderType: "Buy", volume: 0.1 });
    if (!r.ok || !r.order) {
      throw new Error("buy failed");
    }
    // 0.1 × 40000.00 (bid) × −20 % / 360 = −2.22 a day
    s.engine.advanceTo(rollover(15));
    expect(s.engine.position(1, r.order.ticket)?.swap).toBe(-2.22);
    s.engine.advanceTo(rollover(19)); // Thu, Fri, Sat, Sun
    expect(s.engine.position(1, r.order.ticket)?.swap).toBe(-11.1);
  });

  test("deposit-currency mode (ETHUSD: −2.50 per lot per day in the account currency)", () => {
    const s = setup();
    s.account(1, { currency: "EUR" });
    const r = s.engine.sendOrder({ login: 1, symbol: "ETHUSD", orderType: "Buy", volume: 2 });
    if (!r.ok || !r.order) {
      throw new Error("buy failed");
    }
    s.engine.advanceTo(rollover(16));
    expect(s.engine.position(1, r.order.ticket)?.swap).toBe(-10);
  });
});
