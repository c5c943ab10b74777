// Test support for the engine: a settable clock, fixed instants, a standard quote set and an
// engine factory. All instants are fixed, so tests pass on any day and at any hour.

import {
  createEngine,
  createTicketSequence,
  type TradingEngine,
} from "../../../src/broker/engine/index.ts";
import type { AccountMarginMode, EngineEvent, Quote } from "../../../src/broker/engine/types.ts";

/** Wednesday 2025-01-15 12:00:00 server time (GMT+2, winter) = 10:00 UTC. */
export const WED_NOON = Date.UTC(2025, 0, 15, 10, 0, 0);
/** Saturday 2025-01-18 12:00 server time. */
export const SAT_NOON = Date.UTC(2025, 0, 18, 10, 0, 0);
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export class ManualClock {
  constructor(public t: number) {}
  now(): number {
    return this.t;
  }
}

/** bid/ask of every catalog symbol. */
export const QUOTES: Record<string, [number, number]> = {
  EURUSD: [1.1, 1.1001],
  GBPUSD: [1.25, 1.25015],
  USDJPY: [150.0, 150.01],
  USDCHF: [0.9, 0.9001],
  AUDUSD: [0.65, 0.6501],
  USDCAD: [1.35, 1.35015],
  NZDUSD: [0.6, 0.60012],
  EURGBP: [0.88, 0.88012],
  EURJPY: [165.0, 165.02],
  GBPJPY: [187.5, 187.53],
  CADJPY: [111.0, 111.02],
  EURCHF: [0.99, 0.99015],
  AUDJPY: [97.5, 97.52],
  EURAUD: [1.69, 1.6902],
  XAUUSD: [2000.0, 2000.3],
  XAGUSD: [23.0, 23.02],
  US500: [5000.0, 5000.5],
  DE40: [17000.0, 17001.0],
  BTCUSD: [40000.0, 40010.0],
  ETHUSD: [2500.0, 2501.0],
};

export interface Setup {
  engine: TradingEngine;
  clock: ManualClock;
  /** Applies a tick at the clock's time (advancing the clock to `at` when given). */
  tick(symbol: string, bid: number, ask: number, at?: number): EngineEvent[];
  account(login: number, opts?: Partial<AccountOpts>): number;
}

export interface AccountOpts {
  currency: string;
  leverage: number;
  marginMode: AccountMarginMode;
  deposit: number;
  stopOutLevel: number;
  marginCallLevel: number;
  credit: number;
}

export function setup(at = WED_NOON, quotes: Record<string, [number, number]> = QUOTES): Setup {
  const clock = new ManualClock(at);
  const engine = createEngine({ clock, ids: createTicketSequence(1000, 5000) });
  for (const [symbol, [bid, ask]] of Object.entries(quotes)) {
    engine.applyTick({ symbol, bid, ask, timeMs: at });
  }
  return {
    engine,
    clock,
    tick(symbol, bid, ask, time) {
      if (time !== undefined) {
        clock.t = time;
      }
      return engine.applyTick({ symbol, bid, ask, timeMs: clock.t }).events;
    },
    account(login, opts = {}) {
      const r = engine.createAccount({
        login,
        currency: opts.currency ?? "USD",
        leverage: opts.leverage ?? 100,
        marginMode: opts.marginMode ?? "hedging",
        deposit: opts.deposit ?? 10_000,
        credit: opts.credit ?? 0,
        stopOutLevel: opts.stopOutLevel ?? 50,
        marginCallLevel: opts.marginCallLevel ?? 100,
      });
      if (!r.ok) {
        throw new Error(r.message);
      }
      return login;
    },
  };
}

export function eventsOf<T extends EngineEvent["type"]>(
  events: EngineEvent[],
  type: T,
): Extract<EngineEvent, { type: T }>[] {
  return events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);
}

export function quoteOf(symbol: string, bid: number, ask: number, timeMs: number): Quote {
  return { symbol, bid, ask, timeMs };
}
