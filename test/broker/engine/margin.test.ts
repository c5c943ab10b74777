import { describe, expect, test } from "bun:test";
import { eventsOf, setup } from "./helpers.ts";

// Leverage 1:100. Quotes from helpers.ts (EURUSD 1.10000/1.10010, USDJPY 150.000/150.010,
// EURGBP 0.88000/0.88012, USDCAD 1.35000/1.35015, XAUUSD 2000.00/2000.30, …).

function marginOf(
  currency: string,
  symbol: string,
  orderType: "Buy" | "Sell",
  volume: number,
): number {
  const s = setup();
  s.account(1, { currency, deposit: 1_000_000 });
  const r = s.engine.sendOrder({ login: 1, symbol, orderType, volume });
  if (!r.ok) {
    throw new Error(`${r.reason}: ${r.message}`);
  }
  return s.engine.summary(1)?.margin ?? Number.NaN;
}

describe("margin per calc mode, converted to the deposit currency", () => {
  test("forex: lots × contract / leverage in the base currency", () => {
    // 1 000 EUR at EURUSD bid 1.10000
    expect(marginOf("USD", "EURUSD", "Buy", 1)).toBe(1100);
    // 1 000 USD
    expect(marginOf("USD", "USDJPY", "Sell", 1)).toBe(1000);
    // 1 000 EUR on a EUR account
    expect(marginOf("EUR", "EURUSD", "Buy", 1)).toBe(1000);
    // 1 000 GBP → EUR through EURGBP inverted: 1000 / 0.88012
    expect(marginOf("EUR", "GBPJPY", "Buy", 1)).toBe(1136.21);
    // cross through USD legs: 1 000 CAD → USD (÷ USDCAD ask 1.35015) → EUR (÷ EURUSD ask 1.10010)
    expect(marginOf("EUR", "CADJPY", "Buy", 1)).toBe(673.26);
    // XAUUSD 1 lot = 100 oz → 1 XAU at 1:100, valued at XAUUSD bid 2000.00
    expect(marginOf("USD", "XAUUSD", "Buy", 1)).toBe(2000);
  });

  test("CFD modes use the market price (ask for buys, bid for sells)", () => {
    // cfdLeverage: 1 × 5000.00 / 100
    expect(marginOf("USD", "US500", "Sell", 1)).toBe(50);
    // cfd, rate 0.05: 1 × 17000.00 × 0.05 = 850 EUR → × 1.10000 USD
    expect(marginOf("USD", "DE40", "Sell", 1)).toBe(935);
    // cfd, rate 0.5: 0.1 × 40010.00 × 0.5
    expect(marginOf("USD", "BTCUSD", "Buy", 0.1)).toBe(2000.5);
  });

  test("hedged volume is charged once at the hedged contract size", () => {
    const s = setup();
    s.account(1);
    s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Sell", volume: 0.4 });
    // uncovered 0.6 × 1000 EUR + covered 0.4 × 500 EUR = 800 EUR = 880 USD
    expect(s.engine.summary(1)?.margin).toBe(880);
    s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Sell", volume: 0.6 });
    // fully hedged: 1 × 500 EUR
    expect(s.engine.summary(1)?.margin).toBe(550);
  });

  test("summary: equity, free margin, margin level, profit", () => {
    const s = setup();
    s.account(1);
    s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    expect(s.engine.summary(1)).toMatchObject({
      balance: 9996.5,
      credit: 0,
      profit: -10,
      equity: 9986.5,
      margin: 1100,
      freeMargin: 8886.5,
      marginLevel: 907.86,
      marginCall: false,
    });
  });

  test("NO_MONEY (10019) when free margin after the trade would be negative", () => {
    const s = setup();
    s.account(1, { deposit: 1000 });
    expect(
      s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 }),
    ).toMatchObject({
      ok: false,
      reason: "NO_MONEY",
      retcode: 10019,
    });
    // 0.9 lot: margin 990, equity after commission 996.85 − spread 9
    expect(
      s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 0.9 }).ok,
    ).toBe(true);
    expect(
      s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 0.01 }),
    ).toMatchObject({
      reason: "NO_MONEY",
    });
    // a hedging sell reduces the margin, so it is allowed
    expect(
      s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Sell", volume: 0.5 }).ok,
    ).toBe(true);
  });

  test("a triggered pending order without money is Rejected", () => {
    const s = setup();
    s.account(1, { deposit: 1000 });
    const p = s.engine.sendOrder({
      login: 1,
      symbol: "EURUSD",
      orderType: "BuyLimit",
      volume: 2,
      price: 1.099,
    });
    expect(p.ok).toBe(true);
    const ev = s.tick("EURUSD", 1.0989, 1.099);
    expect(eventsOf(ev, "dealAdded")).toHaveLength(0);
    expect(eventsOf(ev, "orderRemoved")[0]?.order.state).toBe("Rejected");
  });
});

describe("margin call and stop-out", () => {
  test("closes the most losing position first until the level is back above stop-out", () => {
    const s = setup();
    s.account(1, { deposit: 2000 });
    const eur = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    const gbp = s.engine.sendOrder({ login: 1, symbol: "GBPUSD", orderType: "Buy", volume: 0.5 });
    if (!eur.ok || !gbp.ok) {
      throw new Error("setup failed");
    }
    expect(s.engine.summary(1)?.margin).toBe(1725);
    s.tick("GBPUSD", 1.24, 1.24015);
    expect(eventsOf(s.tick("EURUSD", 1.095, 1.0951), "dealAdded")).toHaveLength(0);
    // equity 1994.75 − 507.50 − 510 = 977.25; margin 1095 + 620 = 1715 → 56.98 %: margin call only
    expect(s.engine.summary(1)).toMatchObject({
      equity: 977.25,
      margin: 1715,
      marginLevel: 56.98,
      marginCall: true,
    });
    // equity 777.25, margin 1713 → 45.37 % ≤ 50 %: stop-out closes EURUSD (−710), the worst
    const ev = s.tick("EURUSD", 1.093, 1.0931);
    const deals = eventsOf(ev, "dealAdded").map((e) => e.deal);
    expect(deals).toHaveLength(1);
    expect(deals[0]).toMatchObject({
      positionTicket: eur.position?.ticket,
      placedType: "OnStopOut",
      price: 1.093,
      profit: -710,
      comment: "[so 45.37%]",
    });
    // after: balance 1281.25, equity 773.75, margin 620 → 124.8 %: GBPUSD stays
    expect(s.engine.positions(1).map((p) => p.symbol)).toEqual(["GBPUSD"]);
    expect(s.engine.summary(1)).toMatchObject({ balance: 1281.25, equity: 773.75, margin: 620 });
  });

  test("a move of a conversion quote alone can stop an account out", () => {
    const s = setup();
    s.account(1, { deposit: 1500 });
    const r = s.engine.sendOrder({ login: 1, symbol: "EURJPY", orderType: "Buy", volume: 1 });
    if (!r.ok) {
      throw new Error(r.message);
    }
    // EURJPY −0.72 yen: −72 000 JPY; a loss converts at the larger rate, 1 / USDJPY bid (150.00):
    // −480.00 USD; level (1496.5 − 480) / 1100
    s.tick("EURJPY", 164.3, 164.32);
    expect(s.engine.summary(1)?.marginLevel).toBe(92.41);
    // Only USDJPY moves: the same JPY loss is now −72 000 / 80 = −900 USD → 54.23 %
    expect(eventsOf(s.tick("USDJPY", 80, 80.01), "dealAdded")).toHaveLength(0);
    expect(s.engine.summary(1)?.marginLevel).toBe(54.23);
    // … and at 70: −1028.57 USD → 42.54 %: stop-out
    const ev = s.tick("USDJPY", 70, 70.01);
    expect(eventsOf(ev, "dealAdded")[0]?.deal).toMatchObject({
      placedType: "OnStopOut",
      profit: -1028.57,
      comment: "[so 42.54%]",
    });
    expect(s.engine.positions(1)).toHaveLength(0);
  });
});
