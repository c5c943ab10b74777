// Spec §2.8 close-all: every ticket in exactly one of closed / failed, input order kept, totals
// equal the lengths, result objects worked out by hand.

import { describe, expect, test } from "bun:test";
import type { DealRecord } from "../../../src/broker/engine/types.ts";
import { type CloseAllItem, closeAllResult } from "../../../src/domain/trading/close-all.ts";

function exit(ticket: number, volume: number, price: number, profit: number): DealRecord {
  return {
    ticket,
    login: 1,
    orderTicket: ticket - 100,
    positionTicket: 5001,
    symbol: "EURUSD",
    type: "DealSell",
    entry: "DealEntryOut",
    volume,
    price,
    profit,
    swap: 0,
    commission: 0,
    fee: 0,
    comment: "",
    timeMs: 0,
    expertId: 0,
    placedType: "Web",
  };
}

describe("closeAllResult", () => {
  test("partitions closed and failed, keeps order, totals match", () => {
    const items: CloseAllItem[] = [
      // Two fills: 0.1 @ 1.1000 and 0.3 @ 1.1004 → avg (0.11 + 0.33012) / 0.4 = 1.1003.
      {
        ticket: 1,
        symbol: "EURUSD",
        outcome: {
          ok: true,
          retcode: 10009,
          deals: [exit(201, 0.1, 1.1, 10.1), exit(202, 0.3, 1.1004, 42.2)],
        },
      },
      {
        ticket: 2,
        symbol: "US500",
        outcome: { ok: false, reason: "MARKET_CLOSED", retcode: 10018, message: "" },
      },
      { ticket: 3, symbol: "BTCUSD", outcome: { ok: true, retcode: 10009 } },
      {
        ticket: 4,
        symbol: "EURUSD",
        outcome: { ok: false, code: "TRADE_OUTCOME_UNKNOWN", message: "link lost" },
      },
    ];
    const r = closeAllResult(items);
    expect(r.total_closed).toBe(2);
    expect(r.total_failed).toBe(2);
    expect(r.closed.length).toBe(r.total_closed);
    expect(r.failed.length).toBe(r.total_failed);
    expect(r.closed.map((c) => c.ticket)).toEqual([1, 3]);
    expect(r.failed.map((c) => c.ticket)).toEqual([2, 4]);
    expect(r.closed[0]).toEqual({
      ticket: 1,
      symbol: "EURUSD",
      result: { retcode: 10009, deals: [201, 202], lots: 0.4, price: 1.1003, profit: 52.3 },
    });
    expect(r.closed[1]).toEqual({
      ticket: 3,
      symbol: "BTCUSD",
      result: { retcode: 10009, deals: [], lots: 0, price: 0, profit: 0 },
    });
    expect(r.failed[0]).toEqual({
      ticket: 2,
      symbol: "US500",
      result: {
        code: "MARKET_CLOSED",
        message: "The market is closed for this symbol; see trade-session/{symbol} for its hours",
        retcode: 10018,
      },
    });
    expect(r.failed[1]).toEqual({
      ticket: 4,
      symbol: "EURUSD",
      result: { code: "TRADE_OUTCOME_UNKNOWN", message: "link lost", retcode: 0 },
    });
  });

  test("no positions → empty result", () => {
    expect(closeAllResult([])).toEqual({
      closed: [],
      failed: [],
      total_closed: 0,
      total_failed: 0,
    });
  });

  test("all failed", () => {
    const r = closeAllResult([
      {
        ticket: 9,
        symbol: "X",
        outcome: { ok: false, reason: "FROZEN", retcode: 10029, message: "" },
      },
    ]);
    expect(r.total_closed).toBe(0);
    expect(r.total_failed).toBe(1);
    expect(r.failed[0]?.result.code).toBe("FROZEN");
  });
});
