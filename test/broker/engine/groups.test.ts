// Account groups (src/broker/groups.ts): a standard group prices the raw quote with a markup and
// charges no commission; the raw group trades the raw quote and charges commission per lot per
// side. Every figure below is computed by hand from the raw EURUSD quote 1.10000 / 1.10002
// (0.2 pip): the standard group's markup is 10 points (1.0 pip), 5 below the bid and 5 above
// the ask → 1.09995 / 1.10007 (1.2 pips).
import { describe, expect, test } from "bun:test";
import { createEngine, createTicketSequence } from "../../../src/broker/engine/index.ts";
import {
  findGroup,
  groupCommission,
  groupQuote,
  isKnownGroup,
  listGroups,
  pricingGroup,
} from "../../../src/broker/groups.ts";
import { getSymbol, type SymbolSpec } from "../../../src/broker/symbols.ts";
import { eventsOf, ManualClock, setup, WED_NOON } from "./helpers.ts";

const EURUSD = getSymbol("EURUSD") as SymbolSpec;
const XAUUSD = getSymbol("XAUUSD") as SymbolSpec;
const US500 = getSymbol("US500") as SymbolSpec;
const standard = findGroup("demo");
const raw = findGroup("demo-raw");

function world() {
  const s = setup();
  s.tick("EURUSD", 1.1, 1.10002);
  const open = (login: number, group: string) => {
    const r = s.engine.createAccount({
      login,
      group,
      currency: "USD",
      leverage: 100,
      marginMode: "hedging",
      deposit: 10_000,
    });
    if (!r.ok) {
      throw new Error(r.message);
    }
    return login;
  };
  return { ...s, open };
}

describe("group table", () => {
  test("two groups, each consistent: standard = markup without commission, raw = commission", () => {
    expect(listGroups().map((g) => g.name)).toEqual(["demo", "demo-raw"]);
    expect(standard?.accountType).toBe("standard");
    expect(raw?.accountType).toBe("raw");
    for (const g of listGroups()) {
      for (const c of ["forex", "metal", "index", "crypto"] as const) {
        // Never both: a group charges either through the spread or through commission.
        expect(g.markupPoints[c] > 0 && g.commissionPerLot[c] > 0).toBe(false);
      }
    }
  });

  test("quotes: the standard group widens the raw quote by 10 points, half on each side", () => {
    const q = { symbol: "EURUSD", bid: 1.1, ask: 1.10002, timeMs: 0 };
    expect(groupQuote(pricingGroup("demo"), EURUSD, q)).toEqual({
      ...q,
      bid: 1.09995,
      ask: 1.10007,
    });
    expect(groupQuote(pricingGroup("demo-raw"), EURUSD, q)).toEqual(q);
    // Gold: +20 points = 0.20 USD, 0.10 each side; the US500 index is priced alike in both.
    const gold = { symbol: "XAUUSD", bid: 4000, ask: 4000.12, timeMs: 0 };
    expect(groupQuote(pricingGroup("demo"), XAUUSD, gold)).toMatchObject({
      bid: 3999.9,
      ask: 4000.22,
    });
    const index = { symbol: "US500", bid: 6700, ask: 6700.5, timeMs: 0 };
    expect(groupQuote(pricingGroup("demo"), US500, index)).toEqual(index);
  });

  test("commission per side: 3.5 per lot on FX and metals in the raw group, none in standard", () => {
    expect(groupCommission(pricingGroup("demo-raw"), EURUSD, 1, "USD")).toBe(-3.5);
    expect(groupCommission(pricingGroup("demo-raw"), EURUSD, 0.37, "USD")).toBe(-1.3); // 1.295
    expect(groupCommission(pricingGroup("demo-raw"), XAUUSD, 2, "USD")).toBe(-7);
    expect(groupCommission(pricingGroup("demo-raw"), US500, 10, "USD")).toBe(0);
    expect(groupCommission(pricingGroup("demo"), EURUSD, 1, "USD")).toBe(0);
  });

  test("an account in another currency pays the schedule's amount in its own currency", () => {
    const raw = pricingGroup("demo-raw");
    expect(groupCommission(raw, EURUSD, 1, "JPY")).toBe(-525);
    expect(groupCommission(raw, EURUSD, 1, "EUR")).toBe(-3);
    expect(groupCommission(raw, EURUSD, 2, "GBP")).toBe(-5.2);
    expect(groupCommission(raw, EURUSD, 1, "chf")).toBe(-2.8);
    expect(groupCommission(raw, XAUUSD, 1, "AUD")).toBe(-5.25);
    expect(groupCommission(raw, EURUSD, 1, "CAD")).toBe(-4.9);
    expect(groupCommission(raw, US500, 1, "JPY")).toBe(0);
    expect(groupCommission(pricingGroup("demo"), EURUSD, 1, "JPY")).toBe(0);
  });

  test("legacy names price as the standard group; unknown names are not groups", () => {
    expect(pricingGroup("demo\\hedging").name).toBe("demo");
    expect(pricingGroup("demo\\netting").name).toBe("demo");
    expect(pricingGroup("real\\whatever").name).toBe("demo");
    expect(isKnownGroup("demo\\hedging")).toBe(true);
    expect(isKnownGroup("vip")).toBe(false);
    expect(findGroup("demo\\hedging")).toBeUndefined();
  });
});

describe("engine: each account trades its group's prices", () => {
  test("1-lot EURUSD round trip: standard costs 12.00 (spread), raw 9.00 (2.00 + 2 × 3.50)", () => {
    const w = world();
    const std = w.open(1, "demo");
    const rw = w.open(2, "demo-raw");
    const results: Record<number, { open: number; close: number; commission: number }> = {};
    for (const login of [std, rw]) {
      const buy = w.engine.sendOrder({ login, symbol: "EURUSD", orderType: "Buy", volume: 1 });
      if (!buy.ok) {
        throw new Error(buy.message);
      }
      const ticket = buy.position?.ticket as number;
      const close = w.engine.closePosition({ login, ticket });
      if (!close.ok) {
        throw new Error(close.message);
      }
      results[login] = {
        open: buy.deals[0]?.price as number,
        close: close.deals[0]?.price as number,
        commission: (buy.deals[0]?.commission ?? 0) + (close.deals[0]?.commission ?? 0),
      };
    }
    // Standard: buy at the marked-up ask 1.10007, sell at 1.09995: 12 points × 1 USD = −12.00.
    expect(results[std]).toEqual({ open: 1.10007, close: 1.09995, commission: 0 });
    expect(w.engine.account(std)?.balance).toBe(9988);
    // Raw: buy at 1.10002, sell at 1.10000: −2.00 spread, −3.50 commission on each deal.
    expect(results[rw]).toEqual({ open: 1.10002, close: 1.1, commission: -7 });
    expect(w.engine.account(rw)?.balance).toBe(9991);
  });

  test("quotes and valuation: positions are valued at the group's bid", () => {
    const w = world();
    const std = w.open(1, "demo");
    expect(w.engine.quote("EURUSD")).toMatchObject({ bid: 1.1, ask: 1.10002 });
    expect(w.engine.quote("EURUSD", "demo")).toMatchObject({ bid: 1.09995, ask: 1.10007 });
    expect(w.engine.quote("EURUSD", "demo-raw")).toMatchObject({ bid: 1.1, ask: 1.10002 });
    const buy = w.engine.sendOrder({ login: std, symbol: "EURUSD", orderType: "Buy", volume: 1 });
    expect(buy.ok).toBe(true);
    w.tick("EURUSD", 1.1011, 1.10112);
    const [pos] = w.engine.positions(std);
    // Closes at the group bid 1.10105: (1.10105 − 1.10007) × 100 000 = 98.00.
    expect(pos).toMatchObject({ priceCurrent: 1.10105, profit: 98 });
    expect(w.engine.summary(std)?.equity).toBe(10_098);
  });

  test("SL/TP and pending orders trigger on the group's side of the quote", () => {
    const w = world();
    const std = w.open(1, "demo");
    const rw = w.open(2, "demo-raw");
    const tp = 1.101;
    for (const login of [std, rw]) {
      const r = w.engine.sendOrder({
        login,
        symbol: "EURUSD",
        orderType: "Buy",
        volume: 0.1,
        takeProfit: tp,
      });
      expect(r.ok).toBe(true);
      // A buy limit at 1.09990: the raw ask must fall to it; the standard ask (raw + 5) later.
      const limit = w.engine.sendOrder({
        login,
        symbol: "EURUSD",
        orderType: "BuyLimit",
        volume: 0.1,
        price: 1.0999,
      });
      expect(limit.ok).toBe(true);
    }
    // Raw bid reaches 1.10100: the raw account's TP fires; the standard bid is only 1.10095.
    let events = w.tick("EURUSD", 1.101, 1.10102);
    let closed = eventsOf(events, "positionClosed").map((e) => e.position.login);
    expect(closed).toEqual([rw]);
    // Raw bid 1.10105 → standard bid 1.10100: now the standard TP fires, at 1.10100.
    events = w.tick("EURUSD", 1.10105, 1.10107);
    closed = eventsOf(events, "positionClosed").map((e) => e.position.login);
    expect(closed).toEqual([std]);
    expect(eventsOf(events, "dealAdded")[0]?.deal.price).toBe(1.101);
    // Raw ask 1.09990: the raw buy limit fills; the standard ask is 1.09995.
    events = w.tick("EURUSD", 1.09988, 1.0999);
    expect(eventsOf(events, "dealAdded").map((e) => e.deal.login)).toEqual([rw]);
    events = w.tick("EURUSD", 1.09983, 1.09985);
    const fills = eventsOf(events, "dealAdded");
    expect(fills.map((e) => [e.deal.login, e.deal.price])).toEqual([[std, 1.0999]]);
  });

  test("an unknown group is refused; legacy names are accepted and priced as standard", () => {
    const w = world();
    const bad = w.engine.createAccount({
      login: 9,
      group: "vip",
      currency: "USD",
      leverage: 100,
      marginMode: "netting",
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toContain("unknown group 'vip'");
    const legacy = w.open(3, "demo\\netting");
    const buy = w.engine.sendOrder({
      login: legacy,
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 1,
    });
    expect(buy.ok && buy.deals[0]).toMatchObject({ price: 1.10007, commission: 0 });
  });

  test("without a group the engine's account trades the raw feed (demo-raw)", () => {
    const w = world();
    w.account(4, { marginMode: "netting" });
    expect(w.engine.account(4)?.group).toBe("demo-raw");
  });

  test("a restored engine prices each account by its group again", () => {
    const w = world();
    const std = w.open(1, "demo\\hedging");
    const rw = w.open(2, "demo-raw");
    for (const login of [std, rw]) {
      const r = w.engine.sendOrder({
        login,
        symbol: "EURUSD",
        orderType: "Buy",
        volume: 1,
        takeProfit: 1.101,
      });
      expect(r.ok).toBe(true);
    }
    const state = w.engine.snapshot();
    const again = createEngine({
      clock: new ManualClock(WED_NOON),
      ids: createTicketSequence(9000, 9000),
    });
    again.restore(state);
    expect(again.positions(std)[0]).toMatchObject({ openPrice: 1.10007, priceCurrent: 1.09995 });
    expect(again.positions(rw)[0]).toMatchObject({ openPrice: 1.10002, priceCurrent: 1.1 });
    const events = again.applyTick({
      symbol: "EURUSD",
      bid: 1.101,
      ask: 1.10102,
      timeMs: WED_NOON,
    }).events;
    expect(eventsOf(events, "positionClosed").map((e) => e.position.login)).toEqual([rw]);
  });
});
