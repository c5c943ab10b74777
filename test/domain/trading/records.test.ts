// Spec §2.4 records of open positions, closed positions and pending orders, spec §2.2 deals and
// netProfit. Server-time strings are worked out by hand: winter GMT+2, US summer time GMT+3.

import { describe, expect, test } from "bun:test";
import type { DealRecord, OrderRecord, PositionRecord } from "../../../src/broker/engine/types.ts";
import {
  type ApiPositionRecord,
  lotsToUnits,
  toClosedPositionRecord,
  toDeal,
  toHistoryOrder,
  toPendingOrderRecord,
  toPositionRecord,
  withNetProfit,
} from "../../../src/domain/trading/records.ts";

// Winter: 2024-01-15 10:30:45 UTC = 12:30:45 server (GMT+2).
const WINTER_OPEN = Date.UTC(2024, 0, 15, 10, 30, 45);
// Winter: 2024-01-15 13:05:00 UTC = 15:05:00 server.
const WINTER_PARTIAL = Date.UTC(2024, 0, 15, 13, 5, 0);
// US summer time: 2024-07-01 21:30:00 UTC = 2024-07-02 00:30:00 server (GMT+3).
const SUMMER = Date.UTC(2024, 6, 1, 21, 30, 0);
// US DST already on, EU not yet: 2024-03-20 08:00:00 UTC = 11:00:00 server (GMT+3).
const MARCH = Date.UTC(2024, 2, 20, 8, 0, 0);

const EURUSD = { digits: 5, contractSize: 100_000 };
const XAUUSD = { digits: 2, contractSize: 100 };

function position(over: Partial<PositionRecord> = {}): PositionRecord {
  return {
    ticket: 5001,
    login: 900001,
    symbol: "EURUSD",
    orderType: "Buy",
    volume: 0.3,
    openPrice: 1.1,
    openMs: WINTER_OPEN,
    updateMs: WINTER_PARTIAL,
    stopLoss: 1.095,
    takeProfit: 0,
    profit: 12.34,
    swap: -1.5,
    commission: -2.8,
    fee: 0,
    priceCurrent: 1.10041,
    expertId: 42,
    comment: "grid",
    placedType: "ByExpert",
    dealInTicket: 7001,
    dealOutTicket: 7002,
    closedVolume: 0.1,
    closePrice: 1.102,
    closeMs: 0,
    closeComment: "",
    state: "Filled",
    ...over,
  };
}

function deal(over: Partial<DealRecord>): DealRecord {
  return {
    ticket: 1,
    login: 900001,
    orderTicket: 5001,
    positionTicket: 5001,
    symbol: "EURUSD",
    type: "DealBuy",
    entry: "DealEntryIn",
    volume: 0.4,
    price: 1.1,
    profit: 0,
    swap: 0,
    commission: -1.4,
    fee: 0,
    comment: "",
    timeMs: WINTER_OPEN,
    expertId: 42,
    placedType: "ByExpert",
    ...over,
  };
}

const DEALS: DealRecord[] = [
  // Out of order on purpose: the record sorts by time then ticket.
  deal({
    ticket: 7002,
    orderTicket: 5002,
    type: "DealSell",
    entry: "DealEntryOut",
    volume: 0.1,
    price: 1.102,
    profit: 20,
    commission: -1.4,
    comment: "part",
    timeMs: WINTER_PARTIAL,
  }),
  deal({ ticket: 7001 }),
  // Another position and a balance operation: not this position's legs.
  deal({ ticket: 7003, positionTicket: 5003, orderTicket: 5003 }),
  deal({
    ticket: 7000,
    positionTicket: 0,
    orderTicket: 0,
    symbol: "",
    type: "DealBalance",
    volume: 0,
    price: 0,
    profit: 10_000,
    commission: 0,
    timeMs: WINTER_OPEN - 1000,
  }),
];

const ALL_FIELDS = [
  "ticket",
  "symbol",
  "orderType",
  "lots",
  "openPrice",
  "stopLoss",
  "takeProfit",
  "profit",
  "swap",
  "commission",
  "comment",
  "openTime",
  "closePrice",
  "closeTime",
  "dealType",
  "digits",
  "contractSize",
  "volume",
  "state",
  "fillPolicy",
  "expirationType",
  "expertId",
  "dealInternalIn",
  "dealInternalOut",
  "orderInternal",
  "partialCloseDeals",
  "partialFillDeals",
  "placedType",
  "profitRate",
  "requestId",
  "stopLimitPrice",
  "fee",
  "closeComment",
  "closeLots",
  "closeVolume",
  "openTimestampUTC",
  "closeTimestampUTC",
  "expirationTime",
].sort();

describe("toDeal", () => {
  test("maps every spec §2.2 field; time in winter server time", () => {
    expect(toDeal(deal({ ticket: 7001 }))).toEqual({
      ticket: 7001,
      positionTicket: 5001,
      type: "DealBuy",
      entry: "DealEntryIn",
      symbol: "EURUSD",
      lots: 0.4,
      openPrice: 1.1,
      profit: 0,
      swap: 0,
      commission: -1.4,
      fee: 0,
      comment: "",
      placedType: "ByExpert",
      time: "2024-01-15T12:30:45",
      timestampUTC: WINTER_OPEN,
    });
  });

  test("US summer time is GMT+3 and rolls the date", () => {
    const d = toDeal(deal({ timeMs: SUMMER }));
    expect(d.time).toBe("2024-07-02T00:30:00");
    expect(d.timestampUTC).toBe(SUMMER);
    expect(toDeal(deal({ timeMs: MARCH })).time).toBe("2024-03-20T11:00:00");
  });

  test("a balance deal keeps its empty symbol and position 0", () => {
    const d = toDeal(DEALS[3] as DealRecord);
    expect(d).toMatchObject({ positionTicket: 0, symbol: "", type: "DealBalance", profit: 10_000 });
  });
});

describe("toPositionRecord", () => {
  test("every §2.4 field of an open, partially closed position", () => {
    const r = toPositionRecord(position(), EURUSD, DEALS);
    expect(Object.keys(r).sort()).toEqual(ALL_FIELDS);
    expect(r).toEqual({
      ticket: 5001,
      symbol: "EURUSD",
      orderType: "Buy",
      lots: 0.3,
      openPrice: 1.1,
      stopLoss: 1.095,
      takeProfit: 0,
      profit: 12.34,
      swap: -1.5,
      commission: -2.8,
      comment: "grid",
      openTime: "2024-01-15T12:30:45",
      // Open: the engine's last exit price/time do not show.
      closePrice: 0,
      closeTime: "",
      dealType: "DealBuy",
      digits: 5,
      contractSize: 100_000,
      volume: 30_000,
      state: "Filled",
      fillPolicy: "FillOrKill",
      expirationType: "GTC",
      expertId: 42,
      dealInternalIn: 7001,
      dealInternalOut: 7002,
      orderInternal: 5001,
      partialCloseDeals: [
        {
          ticket: 7002,
          positionTicket: 5001,
          type: "DealSell",
          entry: "DealEntryOut",
          symbol: "EURUSD",
          lots: 0.1,
          openPrice: 1.102,
          profit: 20,
          swap: 0,
          commission: -1.4,
          fee: 0,
          comment: "part",
          placedType: "ByExpert",
          time: "2024-01-15T15:05:00",
          timestampUTC: WINTER_PARTIAL,
        },
      ],
      partialFillDeals: [
        {
          ticket: 7001,
          positionTicket: 5001,
          type: "DealBuy",
          entry: "DealEntryIn",
          symbol: "EURUSD",
          lots: 0.4,
          openPrice: 1.1,
          profit: 0,
          swap: 0,
          commission: -1.4,
          fee: 0,
          comment: "",
          placedType: "ByExpert",
          time: "2024-01-15T12:30:45",
          timestampUTC: WINTER_OPEN,
        },
      ],
      placedType: "ByExpert",
      profitRate: 1,
      requestId: 0,
      stopLimitPrice: 0,
      fee: 0,
      closeComment: "",
      closeLots: 0.1,
      closeVolume: 10_000,
      openTimestampUTC: WINTER_OPEN,
      closeTimestampUTC: 0,
      expirationTime: "",
    } satisfies ApiPositionRecord);
  });

  test("summer open time, sell side, no deals, extras from the opening order", () => {
    const r = toPositionRecord(
      position({ orderType: "Sell", openMs: SUMMER, closedVolume: 0, dealOutTicket: 0 }),
      EURUSD,
      undefined,
      { fillPolicy: "ImmediateOrCancel", requestId: 77, profitRate: 0.92 },
    );
    expect(r.openTime).toBe("2024-07-02T00:30:00");
    expect(r.openTimestampUTC).toBe(SUMMER);
    expect(r.dealType).toBe("DealSell");
    expect(r.orderType).toBe("Sell");
    expect(r.partialCloseDeals).toEqual([]);
    expect(r.partialFillDeals).toEqual([]);
    expect(r.fillPolicy).toBe("ImmediateOrCancel");
    expect(r.requestId).toBe(77);
    expect(r.profitRate).toBe(0.92);
    expect(r.closeLots).toBe(0);
    expect(r.closeVolume).toBe(0);
  });

  test("units = lots × contractSize without float noise", () => {
    expect(lotsToUnits(0.1, 100_000)).toBe(10_000);
    expect(lotsToUnits(0.07, 100_000)).toBe(7000);
    expect(lotsToUnits(0.03, 100)).toBe(3);
    expect(lotsToUnits(1.5, 1)).toBe(1.5);
    expect(lotsToUnits(0, 100_000)).toBe(0);
    const gold = toPositionRecord(position({ symbol: "XAUUSD", volume: 0.25 }), XAUUSD);
    expect(gold.volume).toBe(25);
    expect(gold.digits).toBe(2);
    expect(gold.contractSize).toBe(100);
  });

  test("a netting reversal deal is a fill of the current position", () => {
    const reversal = deal({
      ticket: 7010,
      type: "DealSell",
      entry: "DealEntryInOut",
      volume: 0.7,
      timeMs: WINTER_PARTIAL,
    });
    const r = toPositionRecord(position(), EURUSD, [deal({ ticket: 7001 }), reversal]);
    expect(r.partialFillDeals.map((d) => d.ticket)).toEqual([7001, 7010]);
    expect(r.partialCloseDeals).toEqual([]);
  });

  test("deals with equal times are ordered by ticket", () => {
    const r = toPositionRecord(position(), EURUSD, [
      deal({ ticket: 7005 }),
      deal({ ticket: 7004 }),
      deal({ ticket: 7006, entry: "DealEntryOutBy", type: "DealSell" }),
    ]);
    expect(r.partialFillDeals.map((d) => d.ticket)).toEqual([7004, 7005]);
    expect(r.partialCloseDeals.map((d) => d.ticket)).toEqual([7006]);
  });
});

describe("toClosedPositionRecord", () => {
  test("close price, time and comment filled; lots = closed volume", () => {
    const closeMs = Date.UTC(2024, 6, 3, 14, 0, 0); // 17:00:00 server (GMT+3)
    const r = toClosedPositionRecord(
      position({
        volume: 0,
        closedVolume: 0.4,
        openMs: SUMMER,
        closePrice: 1.1035,
        closeMs,
        closeComment: "[tp 1.1035]",
        profit: 140,
        swap: -3,
        dealOutTicket: 7009,
        state: "Closed",
      }),
      EURUSD,
      DEALS,
    );
    expect(Object.keys(r).sort()).toEqual(ALL_FIELDS);
    expect(r).toMatchObject({
      lots: 0.4,
      volume: 40_000,
      closeLots: 0.4,
      closeVolume: 40_000,
      openTime: "2024-07-02T00:30:00",
      closePrice: 1.1035,
      closeTime: "2024-07-03T17:00:00",
      closeTimestampUTC: closeMs,
      closeComment: "[tp 1.1035]",
      dealInternalOut: 7009,
      state: "Filled",
      profit: 140,
    });
    expect(r.partialFillDeals.map((d) => d.ticket)).toEqual([7001]);
    expect(r.partialCloseDeals.map((d) => d.ticket)).toEqual([7002]);
  });

  test("placedType says how it was closed: the final exit deal's, else the caller's, else its own", () => {
    const closed = position({
      volume: 0,
      closedVolume: 0.4,
      closeMs: WINTER_PARTIAL + 60_000,
      closeComment: "[sl 1.095]",
      dealOutTicket: 7009,
      state: "Closed",
    });
    const slExit = deal({
      ticket: 7009,
      type: "DealSell",
      entry: "DealEntryOut",
      comment: "[sl 1.095]",
      placedType: "OnSL",
      timeMs: WINTER_PARTIAL + 60_000,
    });
    const r = toClosedPositionRecord(closed, EURUSD, [...DEALS, slExit]);
    expect(r.placedType).toBe("OnSL");
    expect(r.closeComment).toBe("[sl 1.095]");
    expect(r.partialCloseDeals.map((d) => [d.ticket, d.placedType])).toEqual([
      [7002, "ByExpert"],
      [7009, "OnSL"],
    ]);
    // Without the exit deal: what the caller knows, else the opening reason.
    expect(
      toClosedPositionRecord(closed, EURUSD, DEALS, { closePlacedType: "OnTP" }).placedType,
    ).toBe("OnTP");
    expect(toClosedPositionRecord(closed, EURUSD).placedType).toBe("ByExpert");
    // An open position keeps how it was opened.
    expect(toPositionRecord(position(), EURUSD, [...DEALS, slExit]).placedType).toBe("ByExpert");
  });
});

describe("toHistoryOrder", () => {
  test("a partly filled, cancelled limit order: requested and filled lots, setup and done times", () => {
    const setupMs = Date.UTC(2024, 0, 15, 10, 30, 45); // 12:30:45 server (GMT+2)
    const doneMs = Date.UTC(2024, 6, 1, 21, 30, 0); // 00:30:00 next day server (GMT+3)
    const o: OrderRecord = {
      ticket: 6101,
      login: 900001,
      symbol: "EURUSD",
      orderType: "BuyLimit",
      state: "Cancelled",
      volumeInitial: 0.3,
      volumeCurrent: 0.1,
      price: 1.095,
      stopLimitPrice: 0,
      stopLoss: 1.09,
      takeProfit: 0,
      fillPolicy: "FlashFill",
      expirationType: "GTC",
      expirationMs: 0,
      setupMs,
      doneMs,
      positionTicket: 6101,
      positionByTicket: 0,
      deviation: 0,
      expertId: 0,
      comment: "dip",
      clientOrderId: "c-1",
      requestId: 3,
      placedType: "Manually",
    };
    expect(toHistoryOrder(o, EURUSD)).toEqual({
      ticket: 6101,
      symbol: "EURUSD",
      orderType: "BuyLimit",
      state: "Cancelled",
      lots: 0.3,
      filledLots: 0.2,
      openPrice: 1.095,
      stopLimitPrice: 0,
      stopLoss: 1.09,
      takeProfit: 0,
      digits: 5,
      fillPolicy: "FlashFill",
      expirationType: "GTC",
      expirationTime: "",
      positionTicket: 6101,
      positionByTicket: 0,
      expertId: 0,
      comment: "dip",
      placedType: "Manually",
      clientOrderId: "c-1",
      setupTime: "2024-01-15T12:30:45",
      setupTimestampUTC: setupMs,
      doneTime: "2024-07-02T00:30:00",
      doneTimestampUTC: doneMs,
    });
  });
});

describe("toPendingOrderRecord", () => {
  function order(over: Partial<OrderRecord> = {}): OrderRecord {
    return {
      ticket: 6001,
      login: 900001,
      symbol: "EURUSD",
      orderType: "BuyStopLimit",
      state: "Placed",
      volumeInitial: 0.5,
      volumeCurrent: 0.5,
      price: 1.105,
      stopLimitPrice: 1.104,
      stopLoss: 1.1,
      takeProfit: 1.11,
      fillPolicy: "FlashFill",
      expirationType: "Specified",
      // 2024-01-19 20:00:00 UTC = 22:00:00 server.
      expirationMs: Date.UTC(2024, 0, 19, 20, 0, 0),
      setupMs: WINTER_OPEN,
      doneMs: 0,
      positionTicket: 0,
      positionByTicket: 0,
      deviation: 0,
      expertId: 7,
      comment: "breakout",
      clientOrderId: "c-1",
      requestId: 12,
      placedType: "Web",
      ...over,
    };
  }

  test("every §2.4 field of a resting stop-limit order", () => {
    const r = toPendingOrderRecord(order(), EURUSD);
    expect(Object.keys(r).sort()).toEqual(ALL_FIELDS);
    expect(r).toEqual({
      ticket: 6001,
      symbol: "EURUSD",
      orderType: "BuyStopLimit",
      lots: 0.5,
      openPrice: 1.105,
      stopLoss: 1.1,
      takeProfit: 1.11,
      profit: 0,
      swap: 0,
      commission: 0,
      comment: "breakout",
      openTime: "2024-01-15T12:30:45",
      closePrice: 0,
      closeTime: "",
      dealType: "DealBuy",
      digits: 5,
      contractSize: 100_000,
      volume: 50_000,
      state: "Placed",
      fillPolicy: "FlashFill",
      expirationType: "Specified",
      expertId: 7,
      dealInternalIn: 0,
      dealInternalOut: 0,
      orderInternal: 6001,
      partialCloseDeals: [],
      partialFillDeals: [],
      placedType: "Web",
      profitRate: 1,
      requestId: 12,
      stopLimitPrice: 1.104,
      fee: 0,
      closeComment: "",
      closeLots: 0,
      closeVolume: 0,
      openTimestampUTC: WINTER_OPEN,
      closeTimestampUTC: 0,
      expirationTime: "2024-01-19T22:00:00",
    } satisfies ApiPositionRecord);
  });

  test("GTC sell limit: no expiration time; remaining volume; summer setup time", () => {
    const r = toPendingOrderRecord(
      order({
        orderType: "SellLimit",
        stopLimitPrice: 0,
        expirationType: "GTC",
        expirationMs: 0,
        volumeCurrent: 0.2,
        setupMs: SUMMER,
      }),
      EURUSD,
    );
    expect(r.expirationTime).toBe("");
    expect(r.expirationType).toBe("GTC");
    expect(r.dealType).toBe("DealSell");
    expect(r.lots).toBe(0.2);
    expect(r.volume).toBe(20_000);
    expect(r.openTime).toBe("2024-07-02T00:30:00");
    expect(r.stopLimitPrice).toBe(0);
  });

  test("dealType follows the direction of every pending type", () => {
    const types = [
      ["BuyLimit", "DealBuy"],
      ["BuyStop", "DealBuy"],
      ["BuyStopLimit", "DealBuy"],
      ["SellLimit", "DealSell"],
      ["SellStop", "DealSell"],
      ["SellStopLimit", "DealSell"],
    ] as const;
    for (const [orderType, dealType] of types) {
      expect(toPendingOrderRecord(order({ orderType }), EURUSD).dealType).toBe(dealType);
    }
  });
});

describe("withNetProfit", () => {
  test("netProfit = profit + swap + commission, 2 decimals", () => {
    const r = withNetProfit(toPositionRecord(position(), EURUSD));
    // 12.34 − 1.5 − 2.8 = 8.04
    expect(r.netProfit).toBe(8.04);
    expect(r.ticket).toBe(5001);
    expect(Object.keys(r).length).toBe(ALL_FIELDS.length + 1);
  });

  test("float noise is rounded away; a loss is negative", () => {
    const noisy = toPositionRecord(position({ profit: 0.1, swap: 0.2, commission: 0 }), EURUSD);
    expect(withNetProfit(noisy).netProfit).toBe(0.3);
    const loss = toPositionRecord(
      position({ profit: -10.005, swap: 0, commission: -0.01 }),
      EURUSD,
    );
    // −10.015 → −10.02 (half away from zero)
    expect(withNetProfit(loss).netProfit).toBe(-10.02);
  });
});
