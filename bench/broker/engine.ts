// Benchmark: ticks per second through the demo broker's engine with 10,000 open positions and
// 10,000 pending orders over the 20 catalog symbols (every position has SL and TP, so 30,000
// price triggers plus the accounts' risk bands sit in the per-symbol heaps).
//
// Run: ./node_modules/.bin/bun bench/broker/engine.ts  → prints one JSON object.
// Deterministic: fixed clock (a Wednesday noon, server time), seeded LCG for prices and orders.

import { createEngine, createTicketSequence } from "../../src/broker/engine/index.ts";
import type { OrderType } from "../../src/broker/engine/types.ts";
import { listSymbols } from "../../src/broker/symbols.ts";

const START = Date.UTC(2025, 0, 15, 10, 0, 0);
const ACCOUNTS = 200;
const POSITIONS_PER_ACCOUNT = 50;
const PENDINGS_PER_ACCOUNT = 50;
const TICKS = Number(process.env.TICKS ?? 1_000_000);

let seed = 42;
function rand(): number {
  seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
  return seed / 4_294_967_296;
}

const START_PRICES: Record<string, number> = {
  EURUSD: 1.1,
  GBPUSD: 1.25,
  USDJPY: 150,
  USDCHF: 0.9,
  AUDUSD: 0.65,
  USDCAD: 1.35,
  NZDUSD: 0.6,
  EURGBP: 0.88,
  EURJPY: 165,
  GBPJPY: 187.5,
  CADJPY: 111,
  EURCHF: 0.99,
  AUDJPY: 97.5,
  EURAUD: 1.69,
  XAUUSD: 2000,
  XAGUSD: 23,
  US500: 5000,
  DE40: 17000,
  BTCUSD: 40000,
  ETHUSD: 2500,
};

let now = START;
const clock = { now: () => now };
const engine = createEngine({ clock, ids: createTicketSequence() });
const symbols = listSymbols();
const state = symbols.map((spec) => {
  const mid = START_PRICES[spec.name] ?? 1;
  return { spec, mid, spread: spec.point * 10 };
});
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
for (const s of state) {
  engine.applyTick({
    symbol: s.spec.name,
    bid: round(s.mid, s.spec.digits),
    ask: round(s.mid + s.spread, s.spec.digits),
    timeMs: now,
  });
}

const setupStart = performance.now();
let rejected = 0;
for (let a = 1; a <= ACCOUNTS; a++) {
  engine.createAccount({
    login: a,
    currency: a % 4 === 0 ? "EUR" : "USD",
    leverage: 100,
    marginMode: "hedging",
    deposit: 50_000_000,
  });
  for (let i = 0; i < POSITIONS_PER_ACCOUNT; i++) {
    const s = state[(a * 7 + i) % state.length];
    if (!s) {
      continue;
    }
    const buy = rand() < 0.5;
    const d = 0.02 + rand() * 0.03;
    const sl = round(buy ? s.mid * (1 - d) : s.mid * (1 + d), s.spec.digits);
    const tp = round(buy ? s.mid * (1 + d) : s.mid * (1 - d), s.spec.digits);
    const r = engine.sendOrder({
      login: a,
      symbol: s.spec.name,
      orderType: buy ? "Buy" : "Sell",
      volume: s.spec.volumeMin * 10,
      stopLoss: sl,
      takeProfit: tp,
    });
    if (!r.ok) {
      rejected++;
    }
  }
  for (let i = 0; i < PENDINGS_PER_ACCOUNT; i++) {
    const s = state[(a * 11 + i) % state.length];
    if (!s) {
      continue;
    }
    const kinds: OrderType[] = [
      "BuyLimit",
      "SellLimit",
      "BuyStop",
      "SellStop",
      "BuyStopLimit",
      "SellStopLimit",
    ];
    const type = kinds[i % kinds.length] as Exclude<OrderType, "Buy" | "Sell" | "CloseBy">;
    const d = 0.01 + rand() * 0.04;
    const below = type === "BuyLimit" || type === "SellStop" || type === "SellStopLimit";
    const price = round(below ? s.mid * (1 - d) : s.mid * (1 + d), s.spec.digits);
    const stopLimitPrice =
      type === "BuyStopLimit"
        ? round(price * 0.999, s.spec.digits)
        : type === "SellStopLimit"
          ? round(price * 1.001, s.spec.digits)
          : undefined;
    const r = engine.sendOrder({
      login: a,
      symbol: s.spec.name,
      orderType: type,
      volume: s.spec.volumeMin * 10,
      price,
      ...(stopLimitPrice ? { stopLimitPrice } : {}),
    });
    if (!r.ok) {
      rejected++;
    }
  }
}
const setupMs = performance.now() - setupStart;

let positions = 0;
let pendings = 0;
for (let a = 1; a <= ACCOUNTS; a++) {
  positions += engine.positions(a).length;
  pendings += engine.orders(a).length;
}

// Random walk: each tick moves one symbol by up to ±3 points around a slow drift.
let deals = 0;
let events = 0;
const t0 = performance.now();
for (let i = 0; i < TICKS; i++) {
  const s = state[i % state.length];
  if (!s) {
    continue;
  }
  now += 1;
  s.mid = s.mid * (1 + (rand() - 0.5) * 2e-4);
  const bid = round(s.mid, s.spec.digits);
  const out = engine.applyTick({
    symbol: s.spec.name,
    bid,
    ask: round(bid + s.spread, s.spec.digits),
    timeMs: now,
  });
  if (out.events.length > 0) {
    events += out.events.length;
    for (const e of out.events) {
      if (e.type === "dealAdded") {
        deals++;
      }
    }
  }
}
const elapsed = performance.now() - t0;

let positionsAfter = 0;
let pendingsAfter = 0;
for (let a = 1; a <= ACCOUNTS; a++) {
  positionsAfter += engine.positions(a).length;
  pendingsAfter += engine.orders(a).length;
}

console.log(
  JSON.stringify(
    {
      benchmark: "broker-engine-ticks",
      ticks: TICKS,
      elapsedMs: Math.round(elapsed),
      ticksPerSecond: Math.round((TICKS / elapsed) * 1000),
      goalTicksPerSecond: 100_000,
      accounts: ACCOUNTS,
      symbols: symbols.length,
      openPositionsAtStart: positions,
      pendingOrdersAtStart: pendings,
      openPositionsAtEnd: positionsAfter,
      pendingOrdersAtEnd: pendingsAfter,
      liveTriggersAtEnd: engine.triggerCount(),
      dealsDuringRun: deals,
      eventsDuringRun: events,
      rejectedDuringSetup: rejected,
      setupMs: Math.round(setupMs),
      runtime: `bun ${Bun.version}`,
    },
    null,
    2,
  ),
);
