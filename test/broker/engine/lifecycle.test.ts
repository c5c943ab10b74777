import { describe, expect, test } from "bun:test";
import { TriggerHeap } from "../../../src/broker/engine/heap.ts";
import { createEngine, createTicketSequence } from "../../../src/broker/engine/index.ts";
import {
  ORDER_TRANSITIONS,
  positionTransition,
  transitionOrder,
} from "../../../src/broker/engine/states.ts";
import { eventsOf, ManualClock, setup, WED_NOON } from "./helpers.ts";

describe("state tables", () => {
  test("legal order transitions pass, illegal ones throw", () => {
    const o = { ticket: 1, state: "Started" as const } as {
      ticket: number;
      state: keyof typeof ORDER_TRANSITIONS;
    };
    transitionOrder(o, "Placed");
    expect(o.state).toBe("Placed");
    transitionOrder(o, "Filled");
    expect(() => transitionOrder(o, "Placed")).toThrow("illegal order transition Filled → Placed");
    expect(() => transitionOrder({ ticket: 2, state: "Expired" }, "Cancelled")).toThrow();
    expect(ORDER_TRANSITIONS.Placed).toContain("Expired");
    expect(ORDER_TRANSITIONS.Started).not.toContain("Expired");
  });

  test("a closed position accepts no event", () => {
    expect(positionTransition(9, "Open", "partialClose")).toBe("Open");
    expect(positionTransition(9, "Open", "stopOut")).toBe("Closed");
    expect(() => positionTransition(9, "Closed", "close")).toThrow("illegal position event close");
  });
});

describe("trigger heap", () => {
  test("ascending and descending order with lazy removal and compaction", () => {
    const up = new TriggerHeap<number>(false);
    const down = new TriggerHeap<number>(true);
    const keys = [5, 1, 9, 3, 7, 3];
    const entries = keys.map((k) => up.push(k, k));
    for (const k of keys) {
      down.push(k, k);
    }
    up.remove(entries[1] ?? entries[0]!); // removes the 1
    const outUp: number[] = [];
    for (let e = up.pop(); e; e = up.pop()) {
      outUp.push(e.key);
    }
    expect(outUp).toEqual([3, 3, 5, 7, 9]);
    const outDown: number[] = [];
    for (let e = down.pop(); e; e = down.pop()) {
      outDown.push(e.key);
    }
    expect(outDown).toEqual([9, 7, 5, 3, 3, 1]);
    // compaction keeps order
    const big = new TriggerHeap<number>(false);
    const all = Array.from({ length: 5000 }, (_, i) => big.push((i * 7919) % 5000, i));
    for (const e of all) {
      if (e.key % 3 !== 0) {
        big.remove(e);
      }
    }
    expect(big.size).toBe(1667);
    let last = -1;
    for (let e = big.pop(); e; e = big.pop()) {
      expect(e.key % 3).toBe(0);
      expect(e.key).toBeGreaterThan(last);
      last = e.key;
    }
  });
});

describe("restore from persisted records", () => {
  test("a restored engine behaves like the original on the next tick", () => {
    const a = setup();
    a.account(1);
    a.account(2, { marginMode: "netting", currency: "EUR" });
    a.engine.sendOrder({
      login: 1,
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 1,
      stopLoss: 1.099,
      takeProfit: 1.102,
    });
    a.engine.sendOrder({
      login: 1,
      symbol: "EURUSD",
      orderType: "SellStop",
      volume: 0.5,
      price: 1.0992,
      expirationType: "Today",
    });
    a.engine.sendOrder({ login: 2, symbol: "EURUSD", orderType: "Sell", volume: 2 });
    a.engine.sendOrder({
      login: 2,
      symbol: "EURUSD",
      orderType: "BuyStopLimit",
      volume: 1,
      price: 1.1015,
      stopLimitPrice: 1.1012,
    });
    const state = structuredClone(a.engine.snapshot());
    expect(state.positions).toHaveLength(2);
    expect(state.orders).toHaveLength(2);

    const clock = new ManualClock(WED_NOON);
    const b = createEngine({ clock, ids: createTicketSequence(1004, 5004) });
    b.restore(state);
    expect(b.snapshot()).toEqual(a.engine.snapshot());
    expect(b.summary(1)).toEqual(a.engine.summary(1));
    expect(b.summary(2)).toEqual(a.engine.summary(2));

    for (const [bid, ask] of [
      [1.0991, 1.0992],
      [1.0989, 1.099],
      [1.1015, 1.1016],
      [1.1011, 1.1012],
    ] as const) {
      const ea = a.tick("EURUSD", bid, ask);
      const eb = b.applyTick({ symbol: "EURUSD", bid, ask, timeMs: WED_NOON }).events;
      expect(eb).toEqual(ea);
    }
    // the SL and the SellStop fired, the stop-limit became a limit and filled (netting Out)
    expect(b.positions(1).map((p) => p.orderType)).toEqual(["Sell"]);
    expect(b.positions(2)[0]).toMatchObject({ orderType: "Sell", volume: 1 });
    // the restored Today order expiry is still armed
    expect(eventsOf(b.advanceTo(Date.UTC(2025, 0, 15, 22)).events, "orderRemoved")).toHaveLength(0);
    expect(() => b.restore(state)).toThrow();
  });
});
