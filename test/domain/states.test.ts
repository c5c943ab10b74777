import { describe, expect, test } from "bun:test";
import {
  backoffDelayMs,
  canSessionTransition,
  nextSessionStatus,
  SESSION_TRANSITIONS,
} from "../../src/domain/states.ts";

describe("session transitions", () => {
  test("the happy path and the failure paths", () => {
    expect(nextSessionStatus("disconnected", "connect")).toBe("connecting");
    expect(nextSessionStatus("connecting", "established")).toBe("connected");
    expect(nextSessionStatus("connected", "link_lost")).toBe("reconnecting");
    expect(nextSessionStatus("reconnecting", "retry")).toBe("connecting");
    expect(nextSessionStatus("connecting", "rejected")).toBe("auth_failed");
    expect(nextSessionStatus("connected", "disconnect")).toBe("disconnected");
  });

  test("auth_failed never retries by itself; illegal transitions throw", () => {
    expect(canSessionTransition("auth_failed", "retry")).toBe(false);
    expect(canSessionTransition("auth_failed", "link_lost")).toBe(false);
    expect(() => nextSessionStatus("disconnected", "established")).toThrow(
      "illegal session transition",
    );
    expect(() => nextSessionStatus("auth_failed", "retry")).toThrow();
  });

  test("every target is a known state", () => {
    const states = new Set(Object.keys(SESSION_TRANSITIONS));
    for (const row of Object.values(SESSION_TRANSITIONS)) {
      for (const to of Object.values(row)) {
        expect(states.has(to as string)).toBe(true);
      }
    }
  });
});

describe("backoff", () => {
  test("doubles from 1 s, capped at 60 s, with ±20 % jitter", () => {
    expect(backoffDelayMs(0, 0.5)).toBe(1000);
    expect(backoffDelayMs(3, 0.5)).toBe(8000);
    expect(backoffDelayMs(10, 0.5)).toBe(60_000);
    expect(backoffDelayMs(3, 0)).toBe(6400);
    expect(backoffDelayMs(3, 0.999999)).toBe(9600);
    expect(backoffDelayMs(100, 0.5)).toBe(60_000);
  });
});
