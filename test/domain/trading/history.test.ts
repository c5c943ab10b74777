// History range parsing ("invalid date format"), pagination boundaries and the stable deal order,
// the OrderHistoryResult, the closed-session window and pairing deals by positionTicket.

import { describe, expect, test } from "bun:test";
import {
  closedSessionRange,
  dealsOfPosition,
  INVALID_DATE_FORMAT,
  orderHistoryResult,
  paginateDeals,
  pairDealsByPosition,
  parseHistoryRange,
} from "../../../src/domain/trading/history.ts";
import type { ApiDeal } from "../../../src/domain/trading/records.ts";

function apiDeal(ticket: number, timestampUTC: number, positionTicket = 1): ApiDeal {
  return {
    ticket,
    positionTicket,
    type: "DealBuy",
    entry: "DealEntryIn",
    symbol: "EURUSD",
    lots: 0.1,
    openPrice: 1.1,
    profit: 0,
    swap: 0,
    commission: 0,
    fee: 0,
    comment: "",
    placedType: "Manually",
    time: "",
    timestampUTC,
  };
}

describe("parseHistoryRange", () => {
  test("server-time strings → UTC ms (winter GMT+2, summer GMT+3)", () => {
    expect(parseHistoryRange("2024-01-15T12:00:00", "2024-07-02T00:30:00")).toEqual({
      ok: true,
      fromMs: Date.UTC(2024, 0, 15, 10, 0, 0),
      toMs: Date.UTC(2024, 6, 1, 21, 30, 0),
    });
  });

  test("from = to is one instant", () => {
    const r = parseHistoryRange("2024-01-15T12:00:00", "2024-01-15T12:00:00");
    expect(r.ok && r.toMs - r.fromMs).toBe(0);
  });

  test.each([
    ["month 13", "2024-13-01T00:00:00", "2024-12-01T00:00:00", "from"],
    ["space instead of T", "2024-01-01 00:00:00", "2024-12-01T00:00:00", "from"],
    ["date only", "2024-01-01", "2024-12-01T00:00:00", "from"],
    ["with Z", "2024-01-01T00:00:00Z", "2024-12-01T00:00:00", "from"],
    ["with millis", "2024-01-01T00:00:00.000", "2024-12-01T00:00:00", "from"],
    ["Feb 30", "2024-02-30T00:00:00", "2024-12-01T00:00:00", "from"],
    ["hour 24", "2024-01-01T24:00:00", "2024-12-01T00:00:00", "from"],
    ["empty", "", "2024-12-01T00:00:00", "from"],
    ["malformed to", "2024-01-01T00:00:00", "2024-12-01T00:00", "to"],
    ["a number", 1704067200000, "2024-12-01T00:00:00", "from"],
  ])("%s → invalid date format", (_name, from, to, field) => {
    expect(parseHistoryRange(from, to)).toEqual({
      ok: false,
      field,
      message: INVALID_DATE_FORMAT,
    });
  });

  test.each([
    ["missing from", undefined, "2024-12-01T00:00:00", "from"],
    ["missing to", "2024-01-01T00:00:00", undefined, "to"],
    ["both missing", undefined, undefined, "from"],
  ])("%s → named as required", (_name, from, to, field) => {
    expect(parseHistoryRange(from, to)).toEqual({
      ok: false,
      field,
      message: `Invalid '${field}': is required`,
    });
  });

  test("the message is exactly the spec's", () => {
    expect(INVALID_DATE_FORMAT).toBe("invalid date format");
  });

  test("from after to is an error", () => {
    expect(parseHistoryRange("2024-02-01T00:00:00", "2024-01-31T23:59:59")).toEqual({
      ok: false,
      field: "from",
      message: "from must not be later than to",
    });
  });
});

describe("paginateDeals", () => {
  // 120 deals; every 3 share a timestamp; given in reverse so sorting matters.
  const DEALS = Array.from({ length: 120 }, (_, i) =>
    apiDeal(1000 + i, Math.floor(i / 3) * 1000),
  ).reverse();

  test("defaults: page 0, per_page 50; totals", () => {
    const r = paginateDeals(DEALS);
    if (!r.ok) {
      throw new Error(r.message);
    }
    expect(r.page).toBe(0);
    expect(r.perPage).toBe(50);
    expect(r.total).toBe(120);
    expect(r.totalPages).toBe(3);
    expect(r.items.length).toBe(50);
    expect(r.items[0]?.ticket).toBe(1000);
    expect(r.items[49]?.ticket).toBe(1049);
  });

  test("last page is short; past the end is empty", () => {
    const last = paginateDeals(DEALS, "2", "50");
    expect(last.ok && last.items.map((d) => d.ticket)).toEqual(
      Array.from({ length: 20 }, (_, i) => 1100 + i),
    );
    const past = paginateDeals(DEALS, 3, 50);
    expect(past.ok && past.items).toEqual([]);
    expect(past.ok && past.total).toBe(120);
  });

  test("per_page 1000 is allowed, 1001 and 0 are not", () => {
    const max = paginateDeals(DEALS, 0, 1000);
    expect(max.ok && max.items.length).toBe(120);
    expect(max.ok && max.totalPages).toBe(1);
    for (const bad of [1001, "1001", 0, "0"]) {
      const r = paginateDeals(DEALS, 0, bad);
      expect(r).toEqual({
        ok: false,
        field: "per_page",
        message: "per_page must be a whole number from 1 to 1000",
      });
    }
  });

  test("per_page 1: one deal per page, equal timestamps ordered by ticket", () => {
    const equal = [apiDeal(7, 500), apiDeal(5, 500), apiDeal(6, 500), apiDeal(4, 400)];
    const tickets = [0, 1, 2, 3].map((p) => {
      const r = paginateDeals(equal, p, 1);
      return r.ok ? r.items[0]?.ticket : undefined;
    });
    expect(tickets).toEqual([4, 5, 6, 7]);
    // The input is not reordered.
    expect(equal.map((d) => d.ticket)).toEqual([7, 5, 6, 4]);
  });

  test.each([
    ["page", -1, undefined],
    ["page", "-1", undefined],
    ["page", "1.5", undefined],
    ["page", 1.5, undefined],
    ["page", "", undefined],
    ["page", "abc", undefined],
    ["per_page", undefined, "1e3"],
    ["per_page", undefined, " 5"],
    ["per_page", undefined, -5],
  ])("bad %s (%p, %p)", (field, page, perPage) => {
    const r = paginateDeals(DEALS, page, perPage);
    expect(!r.ok && r.field).toBe(field);
  });

  test("no deals: empty page, 0 pages", () => {
    expect(paginateDeals([], 0, 50)).toEqual({
      ok: true,
      items: [],
      page: 0,
      perPage: 50,
      total: 0,
      totalPages: 0,
    });
  });
});

describe("orderHistoryResult", () => {
  test("action 0 and the deals", () => {
    const deals = [apiDeal(1, 0)];
    expect(orderHistoryResult(deals)).toEqual({ action: 0, internalDeals: deals });
  });
});

describe("closedSessionRange", () => {
  test("winter: server midnight is 22:00 UTC the day before", () => {
    const now = Date.UTC(2024, 0, 15, 10, 30, 45);
    expect(closedSessionRange(now)).toEqual({ fromMs: Date.UTC(2024, 0, 14, 22, 0, 0), toMs: now });
  });

  test("summer: 21:30 UTC is already the next server day (00:30 GMT+3)", () => {
    const now = Date.UTC(2024, 6, 1, 21, 30, 0);
    expect(closedSessionRange(now)).toEqual({ fromMs: Date.UTC(2024, 6, 1, 21, 0, 0), toMs: now });
  });

  test("exactly at server midnight the range is empty-width", () => {
    const midnight = Date.UTC(2024, 0, 14, 22, 0, 0);
    expect(closedSessionRange(midnight)).toEqual({ fromMs: midnight, toMs: midnight });
  });
});

describe("pairDealsByPosition", () => {
  test("groups by positionTicket, time-then-ticket order, skips position 0", () => {
    const deals = [
      apiDeal(13, 300, 2),
      apiDeal(11, 100, 1),
      apiDeal(14, 300, 1),
      apiDeal(12, 300, 1),
      apiDeal(10, 50, 0),
      apiDeal(15, 200, 2),
    ];
    const pairs = pairDealsByPosition(deals);
    expect([...pairs.keys()]).toEqual([1, 2]);
    expect(pairs.get(1)?.map((d) => d.ticket)).toEqual([11, 12, 14]);
    expect(pairs.get(2)?.map((d) => d.ticket)).toEqual([15, 13]);
    expect(dealsOfPosition(deals, 2).map((d) => d.ticket)).toEqual([15, 13]);
    expect(dealsOfPosition(deals, 99)).toEqual([]);
    expect(dealsOfPosition(deals, 0)).toEqual([]);
  });

  test("works on broker deal records (timeMs)", () => {
    const pairs = pairDealsByPosition([
      { ticket: 2, positionTicket: 7, timeMs: 20 },
      { ticket: 1, positionTicket: 7, timeMs: 10 },
    ]);
    expect(pairs.get(7)?.map((d) => d.ticket)).toEqual([1, 2]);
  });
});
