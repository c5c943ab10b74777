/**
 * Units of the EA IPC contract and the MQL5 ↔ engine translation: framing across chunk
 * boundaries, schema checks, snapshot merging for coalesced ticks, and the translation's enum
 * values against the runtime's constants.
 */

import { describe, expect, test } from "bun:test";
import { allConstants } from "../../ea-runtime/src/runtime/constants.ts";
import {
  encodeFrame,
  FrameDecoder,
  HostToPoolCheck,
  PoolToHostCheck,
} from "../../src/ea/protocol.ts";
import { mergeSnapshots } from "../../src/ea/sandbox-types.ts";
import { mqlRequestToOperation, TRADE_ACTION } from "../../src/ea/trade-translation.ts";

describe("framing", () => {
  test("frames split at any byte boundary decode to the same messages", () => {
    const a = encodeFrame({ type: "stats", id: 1 });
    const b = encodeFrame({ type: "callResult", id: 2, answer: '{"result":{"retcode":10009}}' });
    const all = new Uint8Array([...a, ...b]);
    for (let cut = 0; cut <= all.length; cut++) {
      const d = new FrameDecoder();
      const out = [...d.push(all.subarray(0, cut)), ...d.push(all.subarray(cut))];
      expect(out).toEqual([
        { type: "stats", id: 1 },
        { type: "callResult", id: 2, answer: '{"result":{"retcode":10009}}' },
      ]);
      expect(out.every((m) => PoolToHostCheck.Check(m))).toBe(true);
    }
  });

  test("checkers reject unknown types and missing fields", () => {
    expect(PoolToHostCheck.Check({ type: "event", id: 1, instanceId: "x" })).toBe(false);
    expect(HostToPoolCheck.Check({ type: "nope" })).toBe(false);
    expect(
      HostToPoolCheck.Check({
        type: "result",
        id: 1,
        instanceId: "x",
        gone: true,
        completion: { result: "timedOut", handler: "OnTick", limitMs: 100 },
      }),
    ).toBe(true);
  });
});

describe("mergeSnapshots", () => {
  test("newer scalars win, account merges, bars and deals append, replace drops older bars", () => {
    const merged = mergeSnapshots(
      {
        tick: { bid: 1 },
        account: { balance: 1, equity: 1 },
        deals: [{ ticket: 1 }],
        bars: [{ symbol: "EURUSD", timeframe: "H1", rates: [{ time: 1 }] }],
      },
      {
        tick: { bid: 2 },
        account: { equity: 2 },
        deals: [{ ticket: 2 }],
        bars: [{ symbol: "EURUSD", timeframe: "H1", rates: [{ time: 2 }] }],
      },
    );
    expect(merged).toEqual({
      tick: { bid: 2 },
      account: { balance: 1, equity: 2 },
      deals: [{ ticket: 1 }, { ticket: 2 }],
      bars: [
        { symbol: "EURUSD", timeframe: "H1", rates: [{ time: 1 }] },
        { symbol: "EURUSD", timeframe: "H1", rates: [{ time: 2 }] },
      ],
    });
    const replaced = mergeSnapshots(
      { bars: [{ symbol: "EURUSD", timeframe: "H1", rates: [{ time: 1 }] }] },
      { bars: [{ symbol: "EURUSD", timeframe: "H1", rates: [], replace: true }] },
    );
    expect(replaced?.bars).toEqual([
      { symbol: "EURUSD", timeframe: "H1", rates: [], replace: true },
    ]);
  });
});

describe("trade translation", () => {
  const c = allConstants();

  test("enum values agree with the runtime's constants", () => {
    expect(TRADE_ACTION).toEqual({
      DEAL: c.TRADE_ACTION_DEAL ?? -1,
      PENDING: c.TRADE_ACTION_PENDING ?? -1,
      SLTP: c.TRADE_ACTION_SLTP ?? -1,
      MODIFY: c.TRADE_ACTION_MODIFY ?? -1,
      REMOVE: c.TRADE_ACTION_REMOVE ?? -1,
      CLOSE_BY: c.TRADE_ACTION_CLOSE_BY ?? -1,
    });
  });

  test("requests map to engine operations tagged ByExpert with the magic", () => {
    const buyLimit = mqlRequestToOperation(
      {
        action: c.TRADE_ACTION_PENDING,
        type: c.ORDER_TYPE_BUY_LIMIT,
        symbol: "EURUSD",
        volume: 0.2,
        price: 1.09,
        sl: 1.08,
        tp: 1.12,
        magic: 77,
        type_filling: c.ORDER_FILLING_RETURN,
        type_time: c.ORDER_TIME_GTC,
        comment: "x",
      },
      { login: 9 },
    );
    expect(buyLimit).toEqual({
      ok: true,
      operation: {
        op: "sendOrder",
        request: {
          login: 9,
          symbol: "EURUSD",
          orderType: "BuyLimit",
          volume: 0.2,
          price: 1.09,
          stopLoss: 1.08,
          takeProfit: 1.12,
          deviation: 0,
          fillPolicy: "FlashFill",
          expirationType: "GTC",
          expertId: 77,
          comment: "x",
          placedType: "ByExpert",
        },
      },
    });
    const close = mqlRequestToOperation(
      { action: c.TRADE_ACTION_DEAL, type: c.ORDER_TYPE_SELL, position: 12, volume: 0.1, magic: 1 },
      { login: 9 },
    );
    expect(close.ok && close.operation.op).toBe("closePosition");
    expect(mqlRequestToOperation({ action: 99 }, { login: 9 })).toMatchObject({
      ok: false,
      retcode: 10013,
    });
  });
});
