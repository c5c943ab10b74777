// translateOrderRequest: every side × type mapping, the optional fields carried over, and every
// client error; translateModify: changes, the at-least-one rule and position targets.

import { describe, expect, test } from "bun:test";
import {
  MAX_COMMENT_LENGTH,
  orderTypeOf,
  type PlaceOrderBody,
  translateModify,
  translateOrderRequest,
} from "../../../src/domain/trading/order-request.ts";

const EURUSD = { name: "EURUSD" };
// 2024-01-19T22:00:00 server (winter, GMT+2) = 20:00:00 UTC.
const EXPIRY_TEXT = "2024-01-19T22:00:00";
const EXPIRY_MS = Date.UTC(2024, 0, 19, 20, 0, 0);
// 2024-07-05T23:59:00 server (US summer, GMT+3) = 20:59:00 UTC.
const SUMMER_EXPIRY_TEXT = "2024-07-05T23:59:00";
const SUMMER_EXPIRY_MS = Date.UTC(2024, 6, 5, 20, 59, 0);

function body(over: Partial<PlaceOrderBody> = {}): PlaceOrderBody {
  return { side: "buy", type: "market", volume: 0.1, ...over };
}

function error(over: Partial<PlaceOrderBody>): { field: string; message: string } {
  const r = translateOrderRequest(body(over), EURUSD);
  if (r.ok) {
    throw new Error(`expected an error for ${JSON.stringify(over)}`);
  }
  return { field: r.field, message: r.message };
}

describe("translateOrderRequest: mapping", () => {
  test.each([
    ["buy", "market", "Buy", {}],
    ["sell", "market", "Sell", {}],
    ["buy", "limit", "BuyLimit", { price: 1.09 }],
    ["sell", "limit", "SellLimit", { price: 1.11 }],
    ["buy", "stop", "BuyStop", { price: 1.11 }],
    ["sell", "stop", "SellStop", { price: 1.09 }],
    ["buy", "stop_limit", "BuyStopLimit", { price: 1.11, stopLimitPrice: 1.108 }],
    ["sell", "stop_limit", "SellStopLimit", { price: 1.09, stopLimitPrice: 1.092 }],
  ] as const)("%s + %s → %s", (side, type, orderType, extra) => {
    const r = translateOrderRequest(body({ side, type, ...extra }), EURUSD);
    expect(r).toEqual({
      ok: true,
      request: { symbol: "EURUSD", orderType, volume: 0.1, ...extra },
    });
    expect(orderTypeOf(side, type)).toBe(orderType);
  });

  test("orderTypeOf of an unknown side or type is undefined", () => {
    expect(orderTypeOf("long", "market")).toBeUndefined();
    expect(orderTypeOf("buy", "trailing")).toBeUndefined();
  });

  test("a market order carries every optional field; slippage becomes deviation", () => {
    const r = translateOrderRequest(
      body({
        price: 1.10012,
        stopLoss: 1.095,
        takeProfit: 0,
        slippage: 20,
        comment: "hello",
        expertId: 123456,
        fillPolicy: "ImmediateOrCancel",
        expirationType: "GTC",
        clientOrderId: "my-order-1",
      }),
      EURUSD,
      { placedType: "Web", requestId: 9 },
    );
    expect(r).toEqual({
      ok: true,
      request: {
        symbol: "EURUSD",
        orderType: "Buy",
        volume: 0.1,
        price: 1.10012,
        stopLoss: 1.095,
        takeProfit: 0,
        deviation: 20,
        comment: "hello",
        expertId: 123456,
        fillPolicy: "ImmediateOrCancel",
        clientOrderId: "my-order-1",
        placedType: "Web",
        requestId: 9,
      },
    });
  });

  test("pending: slippage is ignored; expiration Specified in winter and summer", () => {
    const winter = translateOrderRequest(
      body({
        type: "limit",
        price: 1.09,
        slippage: 5,
        expirationType: "Specified",
        expirationTime: EXPIRY_TEXT,
      }),
      EURUSD,
    );
    expect(winter).toEqual({
      ok: true,
      request: {
        symbol: "EURUSD",
        orderType: "BuyLimit",
        volume: 0.1,
        price: 1.09,
        expirationType: "Specified",
        expirationMs: EXPIRY_MS,
      },
    });
    const summer = translateOrderRequest(
      body({
        side: "sell",
        type: "stop",
        price: 1.09,
        expirationType: "SpecifiedDay",
        expirationTime: SUMMER_EXPIRY_TEXT,
      }),
      EURUSD,
    );
    expect(summer.ok && summer.request.expirationMs).toBe(SUMMER_EXPIRY_MS);
    expect(summer.ok && summer.request.expirationType).toBe("SpecifiedDay");
  });

  test("pending GTC and Today need no time; fill policy Any passes through", () => {
    for (const expirationType of ["GTC", "Today"] as const) {
      const r = translateOrderRequest(
        body({ type: "limit", price: 1.09, expirationType, fillPolicy: "Any" }),
        EURUSD,
      );
      expect(r.ok && r.request.expirationType).toBe(expirationType);
      expect(r.ok && r.request.expirationMs).toBeUndefined();
      expect(r.ok && r.request.fillPolicy).toBe("Any");
    }
  });

  test("the symbol comes from the resolved spec; a 31-character comment is fine", () => {
    const comment = "x".repeat(MAX_COMMENT_LENGTH);
    const r = translateOrderRequest(body({ comment }), { name: "XAUUSD" });
    expect(r.ok && r.request.symbol).toBe("XAUUSD");
    expect(r.ok && r.request.comment).toBe(comment);
  });
});

describe("translateOrderRequest: client errors", () => {
  test.each([
    ["bad side", { side: "long" }, "side"],
    ["upper-case side", { side: "BUY" }, "side"],
    ["bad type", { type: "trailing" }, "type"],
    ["zero volume", { volume: 0 }, "volume"],
    ["negative volume", { volume: -1 }, "volume"],
    ["NaN volume", { volume: Number.NaN }, "volume"],
    ["infinite volume", { volume: Number.POSITIVE_INFINITY }, "volume"],
    ["limit without price", { type: "limit" }, "price"],
    ["stop without price", { type: "stop" }, "price"],
    ["stop_limit without price", { type: "stop_limit", stopLimitPrice: 1.1 }, "price"],
    ["zero price", { type: "limit", price: 0 }, "price"],
    ["negative market price", { price: -1 }, "price"],
    ["stop_limit without stopLimitPrice", { type: "stop_limit", price: 1.1 }, "stopLimitPrice"],
    [
      "stopLimitPrice on a limit",
      { type: "limit", price: 1.1, stopLimitPrice: 1.1 },
      "stopLimitPrice",
    ],
    ["stopLimitPrice on a market order", { stopLimitPrice: 1.1 }, "stopLimitPrice"],
    [
      "zero stopLimitPrice",
      { type: "stop_limit", price: 1.1, stopLimitPrice: 0 },
      "stopLimitPrice",
    ],
    ["negative stopLoss", { stopLoss: -0.1 }, "stopLoss"],
    ["NaN takeProfit", { takeProfit: Number.NaN }, "takeProfit"],
    ["fractional slippage", { slippage: 1.5 }, "slippage"],
    ["negative slippage", { slippage: -1 }, "slippage"],
    ["long comment", { comment: "x".repeat(32) }, "comment"],
    ["empty clientOrderId", { clientOrderId: "" }, "clientOrderId"],
    ["clientOrderId with a space", { clientOrderId: "a b" }, "clientOrderId"],
    ["long clientOrderId", { clientOrderId: "a".repeat(65) }, "clientOrderId"],
    ["negative expertId", { expertId: -1 }, "expertId"],
    ["fractional expertId", { expertId: 1.5 }, "expertId"],
    ["unknown fillPolicy", { fillPolicy: "FOK" }, "fillPolicy"],
    ["expirationTime on a market order", { expirationTime: EXPIRY_TEXT }, "expirationTime"],
    ["Specified on a market order", { expirationType: "Specified" }, "expirationType"],
    [
      "unknown expirationType",
      { type: "limit", price: 1.1, expirationType: "GTD" },
      "expirationType",
    ],
    [
      "Specified without time",
      { type: "limit", price: 1.1, expirationType: "Specified" },
      "expirationTime",
    ],
    [
      "SpecifiedDay without time",
      { type: "limit", price: 1.1, expirationType: "SpecifiedDay" },
      "expirationTime",
    ],
    [
      "malformed expirationTime",
      {
        type: "limit",
        price: 1.1,
        expirationType: "Specified",
        expirationTime: "2024-01-19 22:00:00",
      },
      "expirationTime",
    ],
    [
      "impossible expirationTime",
      {
        type: "limit",
        price: 1.1,
        expirationType: "Specified",
        expirationTime: "2024-02-30T10:00:00",
      },
      "expirationTime",
    ],
    [
      "time with GTC",
      { type: "limit", price: 1.1, expirationType: "GTC", expirationTime: EXPIRY_TEXT },
      "expirationTime",
    ],
    [
      "time with Today",
      { type: "limit", price: 1.1, expirationType: "Today", expirationTime: EXPIRY_TEXT },
      "expirationTime",
    ],
    [
      "time without type",
      { type: "limit", price: 1.1, expirationTime: EXPIRY_TEXT },
      "expirationTime",
    ],
  ] as const)("%s → field %s", (_name, over, field) => {
    const e = error(over as Partial<PlaceOrderBody>);
    expect(e.field).toBe(field);
    expect(e.message).toContain(field);
  });

  test("messages say what to send", () => {
    expect(error({ type: "limit" }).message).toBe("price is required for a limit order");
    expect(error({ type: "stop_limit", price: 1.1 }).message).toBe(
      "stopLimitPrice (the limit price) is required for stop_limit",
    );
    expect(error({ type: "limit", price: 1.1, stopLimitPrice: 1 }).message).toBe(
      "stopLimitPrice is only allowed with type stop_limit",
    );
    expect(
      error({ type: "limit", price: 1.1, expirationType: "Specified", expirationTime: "x" })
        .message,
    ).toBe("expirationTime must be YYYY-MM-DDTHH:mm:ss (server time)");
  });
});

describe("translateModify", () => {
  test("carries the given fields; expiration parsed", () => {
    expect(translateModify({ stopLoss: 1.09, takeProfit: 0 })).toEqual({
      ok: true,
      changes: { stopLoss: 1.09, takeProfit: 0 },
    });
    expect(
      translateModify({
        price: 1.1,
        stopLimitPrice: 1.099,
        expirationType: "Specified",
        expirationTime: EXPIRY_TEXT,
      }),
    ).toEqual({
      ok: true,
      changes: {
        price: 1.1,
        stopLimitPrice: 1.099,
        expirationType: "Specified",
        expirationMs: EXPIRY_MS,
      },
    });
    expect(translateModify({ expirationType: "GTC" }, "order")).toEqual({
      ok: true,
      changes: { expirationType: "GTC" },
    });
  });

  test("at least one field", () => {
    const r = translateModify({});
    expect(r.ok).toBe(false);
    expect(!r.ok && r.field).toBe("body");
  });

  test("a position takes only stopLoss and takeProfit", () => {
    expect(translateModify({ takeProfit: 1.2 }, "position")).toEqual({
      ok: true,
      changes: { takeProfit: 1.2 },
    });
    for (const over of [
      { price: 1.1 },
      { stopLimitPrice: 1.1 },
      { expirationType: "GTC" },
      { expirationTime: EXPIRY_TEXT },
    ]) {
      const r = translateModify({ stopLoss: 1, ...over }, "position");
      expect(!r.ok && r.field).toBe(Object.keys(over)[0] ?? "");
    }
  });

  test.each([
    [{ stopLoss: -1 }, "stopLoss"],
    [{ takeProfit: Number.NaN }, "takeProfit"],
    [{ price: 0 }, "price"],
    [{ stopLimitPrice: -2 }, "stopLimitPrice"],
    [{ expirationType: "Never" }, "expirationType"],
    [{ expirationType: "Specified" }, "expirationTime"],
    [{ expirationType: "Specified", expirationTime: "2024-13-01T00:00:00" }, "expirationTime"],
    [{ expirationType: "Today", expirationTime: EXPIRY_TEXT }, "expirationTime"],
    [{ expirationTime: EXPIRY_TEXT }, "expirationTime"],
  ] as const)("%o → field %s", (input, field) => {
    const r = translateModify(input);
    expect(!r.ok && r.field).toBe(field);
  });
});
