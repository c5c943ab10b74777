import { describe, expect, test } from "bun:test";
import {
  FINAL_ORDER_STATES,
  ORDER_TRANSITIONS,
  POSITION_RECORD_STATE,
  POSITION_TRANSITIONS,
  type PositionEventKind,
  positionPhaseOf,
  positionTransition,
  transitionOrder,
  transitionPosition,
} from "../../../src/broker/engine/states.ts";

const POSITION_EVENTS: PositionEventKind[] = [
  "increase",
  "partialClose",
  "reverse",
  "modify",
  "swap",
  "close",
  "closeBy",
  "stopOut",
];
const CLOSING: ReadonlySet<PositionEventKind> = new Set(["close", "closeBy", "stopOut"]);

describe("position table", () => {
  test.each(POSITION_EVENTS)("an open position accepts %s", (event) => {
    expect(positionTransition(1, "Open", event)).toBe(CLOSING.has(event) ? "Closed" : "Open");
  });

  test.each(POSITION_EVENTS)("a closed position refuses %s", (event) => {
    expect(() => positionTransition(1, "Closed", event)).toThrow(
      `illegal position event ${event} in phase Closed (position 1)`,
    );
  });

  test("record states and phases map both ways", () => {
    expect(POSITION_RECORD_STATE).toEqual({ Open: "Filled", Closed: "Closed" });
    expect(positionPhaseOf("Filled")).toBe("Open");
    expect(positionPhaseOf("Closed")).toBe("Closed");
    expect(Object.keys(POSITION_TRANSITIONS).sort()).toEqual(["Closed", "Open"]);
  });

  test("transitionPosition applies the table's result to the record", () => {
    const p = { ticket: 7, state: POSITION_RECORD_STATE.Open };
    expect(transitionPosition(p, "modify")).toBe("Open");
    expect(p.state).toBe("Filled");
    expect(transitionPosition(p, "partialClose")).toBe("Open");
    expect(p.state).toBe("Filled");
    expect(transitionPosition(p, "stopOut")).toBe("Closed");
    expect(p.state).toBe("Closed");
    expect(() => transitionPosition(p, "swap")).toThrow("illegal position event swap");
    expect(p.state).toBe("Closed");
  });
});

describe("order table", () => {
  const states = Object.keys(ORDER_TRANSITIONS) as (keyof typeof ORDER_TRANSITIONS)[];

  test("every listed transition is applied, every other one throws and changes nothing", () => {
    for (const from of states) {
      for (const to of states) {
        const o = { ticket: 1, state: from };
        if (ORDER_TRANSITIONS[from].includes(to)) {
          transitionOrder(o, to);
          expect(o.state).toBe(to);
        } else {
          expect(() => transitionOrder(o, to)).toThrow(`illegal order transition ${from} → ${to}`);
          expect(o.state).toBe(from);
        }
      }
    }
  });

  test("final states are exactly those with no way out", () => {
    for (const s of states) {
      expect(FINAL_ORDER_STATES.has(s)).toBe(ORDER_TRANSITIONS[s].length === 0);
    }
  });
});
