import { describe, expect, test } from "bun:test";
import {
  createEngine,
  createTicketSequence,
  type OrderRequest,
} from "../../../src/broker/engine/index.ts";
import type { ConcreteFillPolicy, FillPolicy } from "../../../src/broker/engine/types.ts";
import { type ExecutionMode, getSymbol, type SymbolSpec } from "../../../src/broker/symbols.ts";
import { eventsOf, ManualClock, WED_NOON } from "./helpers.ts";

// The rule table is in src/broker/engine/execution.ts. Every symbol here is EURUSD (1.10000 /
// 1.10010, 50 lots per fill, 1 point of slippage per 10 lots, stops level 10 points) with its
// execution mode and SYMBOL_FILLING_MODE flags replaced.

const MODES: readonly ExecutionMode[] = ["instant", "request", "market", "exchange"];
const BID = 1.1;
const ASK = 1.1001;

function eurusd(): SymbolSpec {
  const s = getSymbol("EURUSD");
  if (!s) {
    throw new Error("EURUSD missing from the catalog");
  }
  return s;
}

function spec(
  name: string,
  executionMode: ExecutionMode,
  fillingModes: readonly ConcreteFillPolicy[] = ["FillOrKill", "ImmediateOrCancel"],
): SymbolSpec {
  return { ...eurusd(), name, executionMode, fillingModes };
}

/** One engine holding one symbol per mode (named after the mode) plus flag variants. */
function world() {
  const clock = new ManualClock(WED_NOON);
  const symbols = [
    ...MODES.map((m) => spec(m, m)),
    spec("marketIocOnly", "market", ["ImmediateOrCancel"]),
    spec("marketNoFlags", "market", []),
    spec("exchangeNoFlags", "exchange", []),
  ];
  const engine = createEngine({ clock, ids: createTicketSequence(1000, 5000), symbols });
  for (const s of symbols) {
    engine.applyTick({ symbol: s.name, bid: BID, ask: ASK, timeMs: clock.t });
  }
  const created = engine.createAccount({
    login: 1,
    currency: "USD",
    leverage: 100,
    marginMode: "hedging",
    deposit: 10_000_000,
  });
  if (!created.ok) {
    throw new Error(created.message);
  }
  return {
    engine,
    send: (req: Omit<OrderRequest, "login">) => engine.sendOrder({ login: 1, ...req }),
    tick: (symbol: string, bid: number, ask: number) =>
      engine.applyTick({ symbol, bid, ask, timeMs: clock.t }).events,
  };
}

type Kind = "market" | "limit" | "stop" | "stopLimit";

const KIND_REQUEST: Record<Kind, Pick<OrderRequest, "orderType" | "price" | "stopLimitPrice">> = {
  market: { orderType: "Buy" },
  limit: { orderType: "BuyLimit", price: 1.099 },
  stop: { orderType: "BuyStop", price: 1.102 },
  stopLimit: { orderType: "BuyStopLimit", price: 1.102, stopLimitPrice: 1.1015 },
};

type Requested = FillPolicy | "none";
/** The stored policy when accepted, or the retcode when rejected. */
type Outcome = ConcreteFillPolicy | 10030;

const FOK = "FillOrKill";
const IOC = "ImmediateOrCancel";
const RET = "FlashFill";
const X = 10030;

// mode → kind → [FOK, IOC, Return, Any, none]
const MATRIX: Record<ExecutionMode, Record<Kind, readonly Outcome[]>> = {
  instant: {
    market: [FOK, X, X, FOK, FOK],
    limit: [RET, RET, RET, RET, RET],
    stop: [FOK, FOK, FOK, FOK, FOK],
    stopLimit: [RET, RET, RET, RET, RET],
  },
  request: {
    market: [FOK, X, X, FOK, FOK],
    limit: [RET, RET, RET, RET, RET],
    stop: [FOK, FOK, FOK, FOK, FOK],
    stopLimit: [RET, RET, RET, RET, RET],
  },
  market: {
    market: [FOK, IOC, X, FOK, FOK],
    limit: [FOK, IOC, RET, FOK, FOK],
    stop: [FOK, IOC, X, FOK, FOK],
    stopLimit: [FOK, IOC, RET, FOK, FOK],
  },
  exchange: {
    market: [FOK, IOC, RET, FOK, FOK],
    limit: [FOK, IOC, RET, FOK, FOK],
    stop: [FOK, IOC, RET, FOK, FOK],
    stopLimit: [FOK, IOC, RET, FOK, FOK],
  },
};
const REQUESTED: readonly Requested[] = [FOK, IOC, RET, "Any", "none"];

function expectOutcome(symbol: string, kind: Kind, requested: Requested, expected: Outcome) {
  const w = world();
  const r = w.send({
    symbol,
    volume: 1,
    ...KIND_REQUEST[kind],
    ...(requested === "none" ? {} : { fillPolicy: requested }),
  });
  if (expected === X) {
    expect(r).toMatchObject({ ok: false, reason: "UNSUPPORTED_FILLING_MODE", retcode: 10030 });
    expect(w.engine.positions(1)).toHaveLength(0);
    expect(w.engine.orders(1)).toHaveLength(0);
    return;
  }
  if (!r.ok) {
    throw new Error(`${symbol} ${kind} ${requested}: ${r.reason} ${r.message}`);
  }
  expect(r.order?.fillPolicy).toBe(expected);
  if (kind === "market") {
    expect(r.retcode).toBe(10009);
    expect(r.order?.state).toBe("Filled");
    expect(r.deals).toHaveLength(1);
    expect(r.deals[0]).toMatchObject({ volume: 1, price: ASK });
  } else {
    expect(r.retcode).toBe(10008);
    expect(r.order?.state).toBe("Placed");
    expect(r.deals).toHaveLength(0);
  }
}

describe("fill policy per execution mode × policy × order kind", () => {
  for (const mode of MODES) {
    for (const kind of Object.keys(KIND_REQUEST) as Kind[]) {
      REQUESTED.forEach((requested, i) => {
        const expected = MATRIX[mode][kind][i] as Outcome;
        const label = expected === X ? "10030" : `accepted as ${expected}`;
        test(`${mode} · ${kind} · ${requested} → ${label}`, () => {
          expectOutcome(mode, kind, requested, expected);
        });
      });
    }
  }
});

describe("SYMBOL_FILLING_MODE flags under market and exchange execution", () => {
  const cases: [string, Kind, Requested, Outcome][] = [
    // FOK without its flag is refused; Any falls to the next flag.
    ["marketIocOnly", "market", FOK, X],
    ["marketIocOnly", "market", "Any", IOC],
    ["marketIocOnly", "limit", FOK, X],
    ["marketIocOnly", "limit", "none", IOC],
    ["marketIocOnly", "stop", "Any", IOC],
    // No flags: market orders have nothing left; limit orders still have Return.
    ["marketNoFlags", "market", "Any", X],
    ["marketNoFlags", "market", IOC, X],
    ["marketNoFlags", "limit", "Any", RET],
    ["marketNoFlags", "stopLimit", "none", RET],
    ["marketNoFlags", "stop", "Any", X],
    // Exchange: Return needs no flag for any kind.
    ["exchangeNoFlags", "market", "Any", RET],
    ["exchangeNoFlags", "stop", "none", RET],
    ["exchangeNoFlags", "market", FOK, X],
  ];
  for (const [symbol, kind, requested, expected] of cases) {
    test(`${symbol} · ${kind} · ${requested} → ${expected}`, () => {
      expectOutcome(symbol, kind, requested, expected);
    });
  }
});

describe("the price of a market request", () => {
  test("instant: beyond deviation → REQUOTE 10004 with the new quote; within → fills at market", () => {
    const w = world();
    const stale = w.send({
      symbol: "instant",
      orderType: "Buy",
      volume: 1,
      price: 1.1,
      deviation: 5,
    });
    expect(stale).toMatchObject({
      ok: false,
      reason: "REQUOTE",
      retcode: 10004,
      bid: BID,
      ask: ASK,
    });
    const ok = w.send({
      symbol: "instant",
      orderType: "Buy",
      volume: 1,
      price: 1.10008,
      deviation: 2,
    });
    expect(ok.ok && ok.deals[0]?.price).toBe(ASK);
  });

  test("request: fills at the quoted (requested) price within deviation, else REQUOTE", () => {
    const w = world();
    const within = w.send({
      symbol: "request",
      orderType: "Buy",
      volume: 1,
      price: 1.10008,
      deviation: 2,
    });
    expect(within).toMatchObject({ ok: true, retcode: 10009 });
    expect(within.ok && within.deals[0]?.price).toBe(1.10008);
    const beyond = w.send({
      symbol: "request",
      orderType: "Sell",
      volume: 1,
      price: 1.1003,
      deviation: 10,
    });
    expect(beyond).toMatchObject({
      ok: false,
      reason: "REQUOTE",
      retcode: 10004,
      bid: BID,
      ask: ASK,
    });
    const noPrice = w.send({ symbol: "request", orderType: "Sell", volume: 1 });
    expect(noPrice.ok && noPrice.deals[0]?.price).toBe(BID);
  });

  for (const mode of ["market", "exchange"] as const) {
    test(`${mode}: a stale request price is ignored and the order fills at market`, () => {
      const w = world();
      const buy = w.send({ symbol: mode, orderType: "Buy", volume: 1, price: 1.05, deviation: 0 });
      expect(buy).toMatchObject({ ok: true, retcode: 10009 });
      expect(buy.ok && buy.deals[0]?.price).toBe(ASK);
      const sell = w.send({ symbol: mode, orderType: "Sell", volume: 1, price: 1.2 });
      expect(sell.ok && sell.deals[0]?.price).toBe(BID);
    });
  }

  test("closing a position follows the same rules", () => {
    const w = world();
    for (const mode of MODES) {
      const open = w.send({ symbol: mode, orderType: "Buy", volume: 1 });
      if (!open.ok || !open.order) {
        throw new Error(`open on ${mode} failed`);
      }
      const ticket = open.order.ticket;
      const close = w.engine.closePosition({ login: 1, ticket, price: 1.09, deviation: 3 });
      if (mode === "instant" || mode === "request") {
        expect(close).toMatchObject({ ok: false, reason: "REQUOTE", retcode: 10004 });
      } else {
        expect(close).toMatchObject({ ok: true, retcode: 10009 });
        expect(close.ok && close.deals[0]?.price).toBe(BID);
      }
    }
    const pos = w.engine.positions(1).find((p) => p.symbol === "request");
    const close = w.engine.closePosition({
      login: 1,
      ticket: pos?.ticket ?? 0,
      price: 1.09999,
      deviation: 1,
    });
    expect(close.ok && close.deals[0]?.price).toBe(1.09999);
  });
});

describe("partial fills with limited liquidity (50 lots per fill)", () => {
  test("market order, 60 lots: FOK → REJECT 10006 in every mode", () => {
    const w = world();
    for (const mode of MODES) {
      expect(w.send({ symbol: mode, orderType: "Buy", volume: 60, fillPolicy: FOK })).toMatchObject(
        { ok: false, reason: "REJECT", retcode: 10006 },
      );
    }
    expect(w.engine.positions(1)).toHaveLength(0);
  });

  for (const mode of ["market", "exchange"] as const) {
    test(`${mode}: IOC fills 50, cancels 10 (DONE_PARTIAL 10010)`, () => {
      const w = world();
      const r = w.send({ symbol: mode, orderType: "Buy", volume: 60, fillPolicy: IOC });
      expect(r).toMatchObject({ ok: true, retcode: 10010 });
      expect(r.ok && r.deals.map((d) => d.volume)).toEqual([50]);
      expect(r.ok && r.order).toMatchObject({ state: "Cancelled", volumeCurrent: 10 });
      expect(w.engine.orders(1)).toHaveLength(0);
    });
  }

  test("exchange: Return fills 50 now and keeps 10 working for the next tick", () => {
    const w = world();
    const r = w.send({ symbol: "exchange", orderType: "Buy", volume: 60, fillPolicy: RET });
    expect(r).toMatchObject({ ok: true, retcode: 10010 });
    expect(r.ok && r.order).toMatchObject({ state: "Partial", volumeCurrent: 10 });
    expect(w.engine.orders(1)).toHaveLength(1);
    const ev = w.tick("exchange", 1.1002, 1.1003);
    expect(eventsOf(ev, "dealAdded").map((e) => e.deal.volume)).toEqual([10]);
    expect(eventsOf(ev, "orderRemoved")[0]?.order.state).toBe("Filled");
    expect(w.engine.positions(1).reduce((v, p) => v + p.volume, 0)).toBe(60);
  });

  function triggeredLimit(symbol: string, fillPolicy: FillPolicy) {
    const w = world();
    const placed = w.send({ symbol, orderType: "BuyLimit", volume: 80, price: 1.099, fillPolicy });
    if (!placed.ok) {
      throw new Error(`${placed.reason}: ${placed.message}`);
    }
    const first = w.tick(symbol, 1.0989, 1.099);
    return { w, first, placed };
  }

  test("market: a triggered BuyLimit of 80 lots — FOK cancelled, IOC 50 then cancelled", () => {
    const fok = triggeredLimit("market", FOK);
    expect(eventsOf(fok.first, "dealAdded")).toHaveLength(0);
    expect(eventsOf(fok.first, "orderRemoved")[0]?.order.state).toBe("Cancelled");
    const ioc = triggeredLimit("market", IOC);
    expect(eventsOf(ioc.first, "dealAdded").map((e) => e.deal.volume)).toEqual([50]);
    expect(eventsOf(ioc.first, "orderRemoved")[0]?.order).toMatchObject({
      state: "Cancelled",
      volumeCurrent: 30,
    });
  });

  for (const [symbol, requested] of [
    ["market", RET],
    ["instant", FOK],
  ] as const) {
    test(`${symbol}: a triggered BuyLimit of 80 lots with Return (${requested} requested) fills 50, then 30`, () => {
      const t = triggeredLimit(symbol, requested);
      expect(t.placed.ok && t.placed.order?.fillPolicy).toBe(RET);
      expect(eventsOf(t.first, "dealAdded").map((e) => e.deal.volume)).toEqual([50]);
      expect(t.w.engine.orders(1)[0]).toMatchObject({ state: "Partial", volumeCurrent: 30 });
      const next = t.w.tick(symbol, 1.0988, 1.0989);
      expect(eventsOf(next, "dealAdded").map((e) => e.deal.volume)).toEqual([30]);
      expect(t.w.engine.orders(1)).toHaveLength(0);
    });
  }

  test("a stop-limit placed with FOK becomes a Return limit order when its stop is hit", () => {
    const w = world();
    const placed = w.send({
      symbol: "market",
      orderType: "BuyStopLimit",
      volume: 80,
      price: 1.102,
      stopLimitPrice: 1.1015,
      fillPolicy: FOK,
    });
    expect(placed.ok && placed.order?.fillPolicy).toBe(FOK);
    const activated = w.tick("market", 1.1019, 1.102);
    expect(eventsOf(activated, "orderUpdated")[0]?.order).toMatchObject({
      orderType: "BuyLimit",
      fillPolicy: RET,
    });
    const fill = w.tick("market", 1.1014, 1.1015);
    expect(eventsOf(fill, "dealAdded").map((e) => e.deal.volume)).toEqual([50]);
    expect(w.engine.orders(1)[0]).toMatchObject({ state: "Partial", volumeCurrent: 30 });
  });
});
