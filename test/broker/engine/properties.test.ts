import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { DealRecord, EngineEvent } from "../../../src/broker/engine/types.ts";
import { getSymbol, isTradeSessionOpen } from "../../../src/broker/symbols.ts";
import { QUOTES, setup, WED_NOON } from "./helpers.ts";

// Random sessions of trading on one account; after every step the invariants must hold.

const SYMBOLS = ["EURUSD", "USDJPY", "EURGBP", "XAUUSD", "BTCUSD", "DE40"] as const;

const action = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("market" as const),
      symbol: fc.constantFrom(...SYMBOLS),
      buy: fc.boolean(),
      steps: fc.integer({ min: 1, max: 60 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("pending" as const),
      symbol: fc.constantFrom(...SYMBOLS),
      type: fc.constantFrom("BuyLimit", "SellLimit", "BuyStop", "SellStop"),
      distance: fc.integer({ min: 20, max: 400 }),
      steps: fc.integer({ min: 1, max: 60 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("tick" as const),
      symbol: fc.constantFrom(...SYMBOLS, "EURUSD", "GBPUSD"),
      move: fc.integer({ min: -1000, max: 1000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("close" as const),
      pick: fc.nat(),
      fraction: fc.constantFrom(0.25, 0.5, 1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("time" as const),
      hours: fc.integer({ min: 1, max: 8 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("balance" as const),
      amount: fc.integer({ min: -3000, max: 3000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("closeBy" as const), a: fc.nat(), b: fc.nat() }),
  },
);

type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

const stats = { tradeDeals: 0, stopOuts: 0 };

function run(marginMode: "hedging" | "netting", currency: string, actions: Action[]) {
  const s = setup(WED_NOON);
  const prices: Record<string, [number, number]> = structuredClone(QUOTES);
  const deals: DealRecord[] = [];
  const closed = new Set<number>();
  const collect = (events: EngineEvent[]) => {
    for (const e of events) {
      if (e.type === "dealAdded") {
        deals.push(e.deal);
      }
      if (e.type === "positionClosed") {
        closed.add(e.position.ticket);
      }
    }
  };
  const created = s.engine.createAccount({
    login: 1,
    currency,
    leverage: 100,
    marginMode,
    deposit: 8_000,
    credit: 500,
  });
  if (!created.ok) {
    throw new Error(created.message);
  }
  collect(created.events);
  for (const a of actions) {
    switch (a.kind) {
      case "market": {
        const spec = getSymbol(a.symbol);
        if (!spec) {
          break;
        }
        const r = s.engine.sendOrder({
          login: 1,
          symbol: spec.name,
          orderType: a.buy ? "Buy" : "Sell",
          volume: Math.round(a.steps * spec.volumeMin * 1e8) / 1e8,
        });
        collect(r.events);
        break;
      }
      case "pending": {
        const spec = getSymbol(a.symbol);
        const q = spec && prices[spec.name];
        if (!spec || !q) {
          break;
        }
        const type = a.type;
        const d = a.distance * spec.point;
        const base = type.startsWith("Buy") ? q[1] : q[0];
        const price = type === "BuyLimit" || type === "SellStop" ? base - d : base + d;
        const r = s.engine.sendOrder({
          login: 1,
          symbol: spec.name,
          orderType: type,
          price: Math.round(price / spec.point) * spec.point,
          volume: Math.round(a.steps * spec.volumeMin * 1e8) / 1e8,
        });
        collect(r.events);
        break;
      }
      case "tick": {
        const spec = getSymbol(a.symbol);
        const q = spec && prices[spec.name];
        if (!spec || !q) {
          break;
        }
        const digits = spec.digits;
        const bid = Number((q[0] + a.move * spec.point * 10).toFixed(digits));
        const ask = Number((bid + (q[1] - q[0])).toFixed(digits));
        if (bid <= 0) {
          break;
        }
        prices[spec.name] = [bid, ask];
        collect(s.tick(spec.name, bid, ask));
        break;
      }
      case "close": {
        const list = s.engine.positions(1);
        const p = list[a.pick % Math.max(1, list.length)];
        const spec = p && getSymbol(p.symbol);
        if (!p || !spec) {
          break;
        }
        const steps = Math.max(1, Math.round((p.volume * a.fraction) / spec.volumeStep));
        collect(
          s.engine.closePosition({
            login: 1,
            ticket: p.ticket,
            volume: Math.round(steps * spec.volumeStep * 1e8) / 1e8,
          }).events,
        );
        break;
      }
      case "closeBy": {
        const list = s.engine.positions(1);
        const p = list[a.a % Math.max(1, list.length)];
        const q = list[a.b % Math.max(1, list.length)];
        if (!p || !q) {
          break;
        }
        collect(s.engine.closeBy({ login: 1, ticket: p.ticket, byTicket: q.ticket }).events);
        break;
      }
      case "time": {
        // may run into the weekend: FX requests are then MARKET_CLOSED, crypto keeps trading
        s.clock.t += a.hours * 3_600_000;
        collect(s.engine.advanceTo(s.clock.t).events);
        break;
      }
      case "balance": {
        collect(s.engine.balanceOperation({ login: 1, kind: "balance", amount: a.amount }).events);
        break;
      }
    }
    check(s, deals, closed);
  }
  stats.tradeDeals += deals.filter((d) => d.type === "DealBuy" || d.type === "DealSell").length;
  stats.stopOuts += deals.filter((d) => d.placedType === "OnStopOut").length;
}

function check(s: ReturnType<typeof setup>, deals: DealRecord[], closed: Set<number>) {
  const account = s.engine.account(1);
  const summary = s.engine.summary(1);
  const positions = s.engine.positions(1);
  if (!account || !summary) {
    throw new Error("account missing");
  }
  // equity = balance + credit + floating P/L (profit + swap of open positions)
  const floating = positions.reduce((t, p) => t + p.profit + p.swap, 0);
  expect(Math.abs(summary.equity - (account.balance + account.credit + floating))).toBeLessThan(
    0.011,
  );
  // Σ deal profit + swap + commission + fee over balance-affecting deals = balance
  const booked = deals
    .filter((d) => d.type !== "DealCredit")
    .reduce((t, d) => t + d.profit + d.swap + d.commission + d.fee, 0);
  expect(Math.abs(booked - account.balance)).toBeLessThan(0.005 * (deals.length + 1));
  const credit = deals.filter((d) => d.type === "DealCredit").reduce((t, d) => t + d.profit, 0);
  expect(Math.abs(credit - account.credit)).toBeLessThan(1e-6);
  // no negative volumes
  for (const p of positions) {
    expect(p.volume).toBeGreaterThan(0);
  }
  for (const o of s.engine.orders(1)) {
    expect(o.volumeCurrent).toBeGreaterThan(0);
  }
  for (const d of deals) {
    expect(d.volume).toBeGreaterThanOrEqual(0);
  }
  // deals pair by positionTicket: signed deal volume per position = its signed open volume
  const net = new Map<number, number>();
  for (const d of deals) {
    if (d.type !== "DealBuy" && d.type !== "DealSell") {
      continue;
    }
    net.set(
      d.positionTicket,
      (net.get(d.positionTicket) ?? 0) + (d.type === "DealBuy" ? d.volume : -d.volume),
    );
  }
  const open = new Map(
    positions.map((p) => [p.ticket, p.orderType === "Buy" ? p.volume : -p.volume]),
  );
  for (const [ticket, v] of net) {
    const expected = open.get(ticket) ?? 0;
    expect(Math.abs(v - expected)).toBeLessThan(1e-6);
    if (!open.has(ticket)) {
      expect(closed.has(ticket)).toBe(true);
    }
  }
  for (const [ticket] of open) {
    expect(net.has(ticket)).toBe(true);
  }
  // no account is left at or below stop-out while it could be stopped out (the risk bands
  // must have caught every move)
  const tradeable = positions.every((p) => {
    const spec = getSymbol(p.symbol);
    return spec !== undefined && isTradeSessionOpen(spec, s.clock.t);
  });
  if (summary.margin > 0 && tradeable) {
    expect(summary.marginLevel).toBeGreaterThan(account.stopOutLevel);
  }
}

describe("invariants under random trading", () => {
  for (const [mode, currency] of [
    ["hedging", "USD"],
    ["netting", "USD"],
    ["hedging", "EUR"],
    ["netting", "EUR"],
  ] as const) {
    test(`${mode} ${currency}`, () => {
      fc.assert(
        fc.property(fc.array(action, { minLength: 10, maxLength: 60, size: "max" }), (actions) => {
          run(mode, currency, actions);
        }),
        { numRuns: 100, seed: 20250115 },
      );
    });
  }

  test("the random sessions really trade", () => {
    // guards the properties against vacuity: the runs above must have produced deals
    expect(stats.tradeDeals).toBeGreaterThan(1000);
    expect(stats.stopOuts).toBeGreaterThan(0);
  });
});
