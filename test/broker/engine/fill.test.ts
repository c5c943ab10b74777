import { describe, expect, test } from "bun:test";
import { eventsOf, setup } from "./helpers.ts";

// EURUSD liquidity: 50 lots per fill; slippage 1 point per 10 lots.

describe("fill policies against available volume", () => {
  test("FillOrKill beyond the available volume is rejected (REJECT 10006)", () => {
    const s = setup();
    s.account(1, { deposit: 1_000_000 });
    expect(
      s.engine.sendOrder({
        login: 1,
        symbol: "EURUSD",
        orderType: "Buy",
        volume: 60,
        fillPolicy: "FillOrKill",
      }),
    ).toMatchObject({ ok: false, reason: "REJECT", retcode: 10006 });
    expect(s.engine.positions(1)).toHaveLength(0);
  });

  // FX is in instant execution: market orders are FOK only (IOC/Return → 10030). How IOC and
  // Return fill against limited liquidity in market/exchange execution is covered in
  // execution-modes.test.ts.
  test("instant execution (FX): IOC and Return market orders → UNSUPPORTED_FILLING_MODE", () => {
    const s = setup();
    s.account(1, { deposit: 1_000_000 });
    for (const fillPolicy of ["ImmediateOrCancel", "FlashFill"] as const) {
      expect(
        s.engine.sendOrder({
          login: 1,
          symbol: "EURUSD",
          orderType: "Buy",
          volume: 60,
          fillPolicy,
        }),
      ).toMatchObject({ ok: false, reason: "UNSUPPORTED_FILLING_MODE", retcode: 10030 });
    }
    expect(s.engine.positions(1)).toHaveLength(0);
  });

  test("ImmediateOrCancel (market execution) fills what is available and cancels the rest", () => {
    const s = setup();
    s.account(1, { deposit: 1_000_000 });
    // BTCUSD: 5 lots per fill.
    const r = s.engine.sendOrder({
      login: 1,
      symbol: "BTCUSD",
      orderType: "Buy",
      volume: 6,
      fillPolicy: "ImmediateOrCancel",
    });
    if (!r.ok) {
      throw new Error(r.message);
    }
    expect(r.retcode).toBe(10010);
    expect(r.deals[0]?.volume).toBe(5);
    expect(r.order).toMatchObject({ state: "Cancelled", volumeInitial: 6, volumeCurrent: 1 });
    expect(s.engine.orders(1)).toHaveLength(0);
  });

  test("a policy the symbol does not allow → UNSUPPORTED_FILLING_MODE (10030); Any resolves", () => {
    const s = setup();
    s.account(1);
    expect(
      s.engine.sendOrder({
        login: 1,
        symbol: "BTCUSD",
        orderType: "Buy",
        volume: 0.1,
        fillPolicy: "FlashFill",
      }),
    ).toMatchObject({ reason: "UNSUPPORTED_FILLING_MODE", retcode: 10030 });
    const r = s.engine.sendOrder({
      login: 1,
      symbol: "BTCUSD",
      orderType: "Buy",
      volume: 0.1,
      fillPolicy: "Any",
    });
    expect(r.ok && r.order?.fillPolicy).toBe("FillOrKill");
  });

  test("a triggered FillOrKill pending order beyond liquidity is cancelled (market execution)", () => {
    const s = setup();
    s.account(1, { deposit: 1_000_000 });
    const p = s.engine.sendOrder({
      login: 1,
      symbol: "BTCUSD",
      orderType: "BuyLimit",
      volume: 6,
      price: 39000,
      fillPolicy: "FillOrKill",
    });
    expect(p.ok).toBe(true);
    const ev = s.tick("BTCUSD", 38990, 39000);
    expect(eventsOf(ev, "dealAdded")).toHaveLength(0);
    expect(eventsOf(ev, "orderRemoved")[0]?.order.state).toBe("Cancelled");
  });
});

describe("balance and credit operations", () => {
  test("deposit at creation, withdrawal and credit are deals", () => {
    const s = setup();
    const created = s.engine.createAccount({
      login: 7,
      currency: "USD",
      leverage: 100,
      marginMode: "hedging",
      deposit: 5000,
    });
    if (!created.ok) {
      throw new Error(created.message);
    }
    expect(eventsOf(created.events, "dealAdded")[0]?.deal).toMatchObject({
      type: "DealBalance",
      profit: 5000,
      symbol: "",
    });
    const w = s.engine.balanceOperation({
      login: 7,
      kind: "balance",
      amount: -1200,
      comment: "withdrawal",
    });
    if (!w.ok) {
      throw new Error(w.message);
    }
    expect(w.deal).toMatchObject({ type: "DealBalance", profit: -1200, comment: "withdrawal" });
    expect(w.account.balance).toBe(3800);
    const c = s.engine.balanceOperation({ login: 7, kind: "credit", amount: 500 });
    if (!c.ok) {
      throw new Error(c.message);
    }
    expect(c.deal.type).toBe("DealCredit");
    expect(s.engine.summary(7)).toMatchObject({ balance: 3800, credit: 500, equity: 4300 });
  });

  test("a withdrawal beyond the free margin → NO_MONEY", () => {
    const s = setup();
    s.account(1, { deposit: 2000 });
    s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    // equity 1986.50, margin 1100 → free 886.50
    expect(s.engine.balanceOperation({ login: 1, kind: "balance", amount: -900 })).toMatchObject({
      reason: "NO_MONEY",
    });
    expect(s.engine.balanceOperation({ login: 1, kind: "balance", amount: -880 }).ok).toBe(true);
    expect(s.engine.balanceOperation({ login: 1, kind: "credit", amount: -1 })).toMatchObject({
      reason: "NO_MONEY",
    });
  });
});
