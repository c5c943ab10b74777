// Performance metrics against hand-computed fixtures: wins, losses and a zero trade, partial
// closes, swaps/commissions/fees, netting reversals, non-trading deals, the window filter,
// incomplete history and no trades; plus netProfit and portfolio totals.

import { describe, expect, test } from "bun:test";
import {
  closedTrades,
  computePerformance,
  netProfit,
  type PerformanceDeal,
  type PerformanceMetrics,
  portfolioTotals,
} from "../../src/domain/performance.ts";

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const sec = (s: number): number => T0 + s * 1000;

let nextTicket = 1000;

/** A spec §2.2 deal with zero money fields unless given. */
function deal(
  positionTicket: number,
  entry: string,
  atSec: number,
  lots: number,
  money: Partial<Pick<PerformanceDeal, "profit" | "swap" | "commission" | "fee">> = {},
  type = "DealBuy",
) {
  nextTicket += 1;
  return {
    ticket: nextTicket,
    positionTicket,
    type,
    entry,
    symbol: "EURUSD",
    lots,
    openPrice: 1.1,
    profit: money.profit ?? 0,
    swap: money.swap ?? 0,
    commission: money.commission ?? 0,
    fee: money.fee ?? 0,
    comment: "",
    time: "2026-01-05T11:00:00",
    timestampUTC: sec(atSec),
  };
}

const NO_TRADES: PerformanceMetrics = {
  total_trades: 0,
  winning_trades: 0,
  losing_trades: 0,
  win_rate: 0,
  total_profit: 0,
  total_loss: 0,
  net_profit: 0,
  profit_factor: null,
  avg_win: 0,
  avg_loss: 0,
  best_trade: 0,
  worst_trade: 0,
  avg_trade_duration_secs: 0,
};

// Hedging account history:
//  pos 1: win   -3.50 + (120 - 1.25 - 3.50)               = 111.75, open 0 s → close 3600 s
//  pos 2: loss  -1.75 + (-40 - 1.75 - 0.50)                = -44.00, open 100 s → close 1900 s
//  pos 3: zero  -2.00 + (4 - 2.00)                         =   0.00, open 200 s → close 500 s
//  pos 4: three partial closes of 1.0 lot (0.3 + 0.3 + 0.4):
//         -2 + (30 - 0.6) + (-10 - 0.6) + (50 - 2 - 0.8)   =  64.00, open 1000 s → close 5000 s
//  pos 5: still open (no exit)                             → not a trade
//  pos 6: half closed (1.0 in, 0.5 out)                    → not a trade
//  balance and commission deals                             → ignored
const HEDGING = [
  deal(0, "DealEntryIn", 0, 0, { profit: 10_000 }, "DealBalance"),
  deal(1, "DealEntryIn", 0, 1.0, { commission: -3.5 }),
  deal(2, "DealEntryIn", 100, 0.5, { commission: -1.75 }, "DealSell"),
  deal(3, "DealEntryIn", 200, 0.1, { commission: -2 }),
  deal(3, "DealEntryOut", 500, 0.1, { profit: 4, commission: -2 }, "DealSell"),
  deal(4, "DealEntryIn", 1000, 1.0, { commission: -2 }),
  deal(2, "DealEntryOut", 1900, 0.5, { profit: -40, commission: -1.75, fee: -0.5 }),
  deal(4, "DealEntryOut", 2000, 0.3, { profit: 30, commission: -0.6 }, "DealSell"),
  deal(4, "DealEntryOut", 3000, 0.3, { profit: -10, commission: -0.6 }, "DealSell"),
  deal(1, "DealEntryOut", 3600, 1.0, { profit: 120, swap: -1.25, commission: -3.5 }, "DealSell"),
  deal(5, "DealEntryIn", 3700, 2.0, { commission: -7 }),
  deal(6, "DealEntryIn", 3800, 1.0, { commission: -3 }),
  deal(6, "DealEntryOut", 3900, 0.5, { profit: 500 }, "DealSell"),
  deal(4, "DealEntryOut", 5000, 0.4, { profit: 50, swap: -2, commission: -0.8 }, "DealSell"),
  deal(0, "DealEntryIn", 6000, 0, { commission: -25 }, "DealCommission"),
];

describe("computePerformance", () => {
  test("no deals: every metric is 0 and profit_factor null", () => {
    expect(computePerformance([])).toEqual(NO_TRADES);
  });

  test("only non-trading and still-open deals: no trades", () => {
    expect(
      computePerformance([
        deal(0, "DealEntryIn", 0, 0, { profit: 500 }, "DealBalance"),
        deal(0, "DealEntryIn", 10, 0, { profit: 50 }, "DealCredit"),
        deal(7, "DealEntryIn", 20, 1.0),
      ]),
    ).toEqual(NO_TRADES);
  });

  test("hedging fixture: wins, a loss, a zero trade, partial closes, open positions", () => {
    expect(computePerformance(HEDGING)).toEqual({
      total_trades: 4,
      winning_trades: 2,
      losing_trades: 1,
      win_rate: 50,
      total_profit: 175.75, // 111.75 + 64
      total_loss: -44,
      net_profit: 131.75,
      profit_factor: 3.99, // 175.75 / 44 = 3.9943…
      avg_win: 87.88, // 175.75 / 2 = 87.875, half away from zero
      avg_loss: -44,
      best_trade: 111.75,
      worst_trade: -44,
      avg_trade_duration_secs: 2425, // (3600 + 1800 + 300 + 4000) / 4
    });
  });

  test("deal order in the input does not matter", () => {
    expect(computePerformance([...HEDGING].reverse())).toEqual(computePerformance(HEDGING));
  });

  test("window: trades whose closing deal is in [from, to], both inclusive", () => {
    // pos 2 closes at exactly 1900 s, pos 1 at exactly 3600 s (opened before the window).
    const m = computePerformance(HEDGING, { fromMs: sec(1900), toMs: sec(3600) });
    expect(m.total_trades).toBe(2);
    expect(m.net_profit).toBe(67.75); // 111.75 - 44
    expect(m.avg_trade_duration_secs).toBe(2700); // (3600 + 1800) / 2

    const narrower = computePerformance(HEDGING, { fromMs: sec(1900) + 1, toMs: sec(3600) - 1 });
    expect(narrower).toEqual(NO_TRADES);
  });

  test("window with only one bound", () => {
    // from 3600 s: pos 1 (111.75) and pos 4 (64)
    const from = computePerformance(HEDGING, { fromMs: sec(3600) });
    expect([from.total_trades, from.net_profit]).toEqual([2, 175.75]);
    // to 1900 s: pos 3 (0) and pos 2 (-44)
    const to = computePerformance(HEDGING, { toMs: sec(1900) });
    expect(to).toEqual({
      total_trades: 2,
      winning_trades: 0,
      losing_trades: 1,
      win_rate: 0,
      total_profit: 0,
      total_loss: -44,
      net_profit: -44,
      profit_factor: 0, // 0 / 44
      avg_win: 0,
      avg_loss: -44,
      best_trade: 0,
      worst_trade: -44,
      avg_trade_duration_secs: 1050, // (1800 + 300) / 2
    });
  });

  test("only wins: no profit factor, avg_loss 0, worst trade is the smallest win", () => {
    const m = computePerformance([
      deal(1, "DealEntryIn", 0, 1),
      deal(1, "DealEntryOut", 60, 1, { profit: 10 }),
      deal(2, "DealEntryIn", 0, 1),
      deal(2, "DealEntryOut", 120, 1, { profit: 2.5, swap: 0.25 }),
    ]);
    expect(m.profit_factor).toBeNull();
    expect(m.avg_loss).toBe(0);
    expect(m.total_loss).toBe(0);
    expect(m.best_trade).toBe(10);
    expect(m.worst_trade).toBe(2.75);
    expect(m.win_rate).toBe(100);
    expect(m.avg_trade_duration_secs).toBe(90);
  });

  test("win rate is a percentage rounded to 2 decimals", () => {
    const m = computePerformance([
      deal(1, "DealEntryIn", 0, 1),
      deal(1, "DealEntryOut", 10, 1, { profit: 5 }),
      deal(2, "DealEntryIn", 0, 1),
      deal(2, "DealEntryOut", 10, 1, { profit: -1 }),
      deal(3, "DealEntryIn", 0, 1),
      deal(3, "DealEntryOut", 10, 1, { profit: -2 }),
    ]);
    expect(m.win_rate).toBe(33.33);
    expect(m.profit_factor).toBe(1.67); // 5 / 3
    expect(m.avg_loss).toBe(-1.5);
  });

  test("a result that is zero in cents is neither a win nor a loss (no float noise)", () => {
    // 0.3 - 0.1 - 0.2 is 2.8e-17 in floating point.
    const m = computePerformance([
      deal(1, "DealEntryIn", 0, 1, { commission: -0.1 }),
      deal(1, "DealEntryOut", 10, 1, { profit: 0.3, swap: -0.2 }),
    ]);
    expect([m.total_trades, m.winning_trades, m.losing_trades]).toEqual([1, 0, 0]);
    expect(m.best_trade).toBe(0);
  });

  test("fees count in the result", () => {
    const m = computePerformance([
      deal(1, "DealEntryIn", 0, 1, { fee: -1 }),
      deal(1, "DealEntryOut", 10, 1, { profit: 0.5 }),
    ]);
    expect(m.losing_trades).toBe(1);
    expect(m.net_profit).toBe(-0.5);
  });

  test("close-by (DealEntryOutBy) closes both positions", () => {
    const m = computePerformance([
      deal(1, "DealEntryIn", 0, 1),
      deal(2, "DealEntryIn", 30, 1, {}, "DealSell"),
      deal(1, "DealEntryOutBy", 90, 1, { profit: 12 }, "DealSell"),
      deal(2, "DealEntryOutBy", 90, 1, { profit: -9 }),
    ]);
    expect([m.total_trades, m.net_profit, m.avg_trade_duration_secs]).toEqual([2, 3, 75]);
  });

  test("scaling in then closing all at once is one trade", () => {
    const trades = closedTrades([
      deal(1, "DealEntryIn", 0, 0.1),
      deal(1, "DealEntryIn", 50, 0.2),
      deal(1, "DealEntryOut", 100, 0.3, { profit: 9 }),
    ]);
    expect(trades.map((t) => [t.openMs, t.closeMs, t.result])).toEqual([[sec(0), sec(100), 9]]);
  });
});

describe("netting reversal (DealEntryInOut)", () => {
  // Buy 1.0; sell 1.5 reverses to 0.5 short; buy 0.5 closes.
  //  trade 1: -1 + (25 - 1.5)  = 22.5, open 0 s → close 600 s
  //  trade 2: (-8 - 0.5)       = -8.5, open 600 s → close 1200 s
  const REVERSAL = [
    deal(10, "DealEntryIn", 0, 1.0, { commission: -1 }),
    deal(10, "DealEntryInOut", 600, 1.5, { profit: 25, commission: -1.5 }, "DealSell"),
    deal(10, "DealEntryOut", 1200, 0.5, { profit: -8, commission: -0.5 }),
  ];

  test("closes the old trade and opens a new one under the same ticket", () => {
    expect(
      closedTrades(REVERSAL).map((t) => [t.positionTicket, t.openMs, t.closeMs, t.result]),
    ).toEqual([
      [10, sec(0), sec(600), 22.5],
      [10, sec(600), sec(1200), -8.5],
    ]);
    const m = computePerformance(REVERSAL);
    expect(m).toEqual({
      total_trades: 2,
      winning_trades: 1,
      losing_trades: 1,
      win_rate: 50,
      total_profit: 22.5,
      total_loss: -8.5,
      net_profit: 14,
      profit_factor: 2.65, // 22.5 / 8.5 = 2.647…
      avg_win: 22.5,
      avg_loss: -8.5,
      best_trade: 22.5,
      worst_trade: -8.5,
      avg_trade_duration_secs: 600,
    });
  });

  test("the trade opened by the reversal is open until its volume is closed", () => {
    const trades = closedTrades(REVERSAL.slice(0, 2));
    expect(trades.map((t) => t.result)).toEqual([22.5]);
  });

  test("reversing twice gives three trades", () => {
    const trades = closedTrades([
      deal(11, "DealEntryIn", 0, 1.0),
      deal(11, "DealEntryInOut", 100, 2.0, { profit: 5 }, "DealSell"), // close 1, open 1 short
      deal(11, "DealEntryInOut", 300, 3.0, { profit: -3 }), // close 1 short, open 2 long
      deal(11, "DealEntryOut", 600, 1.0, { profit: 1 }, "DealSell"), // 1 long left: open
      deal(11, "DealEntryOut", 700, 1.0, { profit: 2 }, "DealSell"), // flat: closed
    ]);
    expect(trades.map((t) => [t.openMs, t.closeMs, t.result])).toEqual([
      [sec(0), sec(100), 5],
      [sec(100), sec(300), -3],
      [sec(300), sec(700), 3],
    ]);
  });

  test("an InOut of exactly the open volume closes without opening a new trade", () => {
    const trades = closedTrades([
      deal(12, "DealEntryIn", 0, 1.0),
      deal(12, "DealEntryInOut", 100, 1.0, { profit: 4 }, "DealSell"),
      deal(12, "DealEntryIn", 200, 1.0),
    ]);
    // The later In opens a fresh trade that is still open.
    expect(trades.map((t) => [t.openMs, t.closeMs, t.result])).toEqual([[sec(0), sec(100), 4]]);
  });
});

describe("incomplete history", () => {
  test("exits without their opening deal form one trade of unknown open time", () => {
    const deals = [
      deal(20, "DealEntryOut", 100, 0.5, { profit: 10 }),
      deal(20, "DealEntryOut", 200, 0.5, { profit: 5, swap: -1 }),
      deal(21, "DealEntryIn", 0, 1),
      deal(21, "DealEntryOut", 40, 1, { profit: -2 }),
    ];
    expect(closedTrades(deals).map((t) => [t.positionTicket, t.openMs, t.closeMs])).toEqual([
      [21, sec(0), sec(40)],
      [20, null, sec(200)],
    ]);
    const m = computePerformance(deals);
    expect([m.total_trades, m.net_profit, m.best_trade]).toEqual([2, 12, 14]);
    // Only the trade with a known open time counts for duration.
    expect(m.avg_trade_duration_secs).toBe(40);
  });
});

describe("netProfit", () => {
  test("profit + swap + commission, rounded to 2 decimals", () => {
    expect(netProfit({ profit: 12.5, swap: -0.75, commission: -2 })).toBe(9.75);
    expect(netProfit({ profit: 0.1, swap: 0.2, commission: 0 })).toBe(0.3);
    expect(netProfit({ profit: 10.005, swap: 0, commission: 0 })).toBe(10.01);
    expect(netProfit({ profit: -10.005, swap: 0, commission: 0 })).toBe(-10.01);
    expect(Object.is(netProfit({ profit: 1, swap: -0.5, commission: -0.5 }), 0)).toBe(true);
  });
});

describe("portfolioTotals", () => {
  test("sums over positions, rounded to 2 decimals", () => {
    expect(
      portfolioTotals([
        { profit: 0.1, swap: -0.05, commission: -1 },
        { profit: 0.2, swap: -0.015, commission: -2.5 },
      ]),
    ).toEqual({
      total_profit: 0.3,
      total_swap: -0.07, // -0.065, half away from zero
      total_commission: -3.5,
      position_count: 2,
    });
  });

  test("no positions", () => {
    expect(portfolioTotals([])).toEqual({
      total_profit: 0,
      total_swap: 0,
      total_commission: 0,
      position_count: 0,
    });
  });
});
