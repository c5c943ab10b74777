// The lease lifecycle table (src/cluster/lease-lifecycle.ts): a node serves only in `held`, and
// only before a deadline that falls before the database's own expiry.
import { describe, expect, test } from "bun:test";
import {
  isLeaseMine,
  isLeaseServing,
  type LeaseEvent,
  type LeaseState,
  leaseDeadline,
  leaseTransition,
} from "../../src/cluster/lease-lifecycle.ts";

const STATES: LeaseState[] = ["free", "acquiring", "held", "releasing"];
const EVENTS: LeaseEvent[] = [
  "acquire",
  "acquired",
  "refused",
  "renewed",
  "lost",
  "hand_over",
  "released",
];

describe("lease lifecycle", () => {
  test("acquisition: free → acquiring → held; refused goes back to free", () => {
    expect(leaseTransition("free", "acquire")).toBe("acquiring");
    expect(leaseTransition("acquiring", "acquired")).toBe("held");
    expect(leaseTransition("acquiring", "refused")).toBe("free");
  });

  test("hand-over stops serving before the lease is released", () => {
    const releasing = leaseTransition("held", "hand_over") as LeaseState;
    expect(releasing).toBe("releasing");
    expect(isLeaseServing(releasing)).toBe(false);
    expect(isLeaseMine(releasing)).toBe(true); // still renewed until released
    expect(leaseTransition(releasing, "released")).toBe("free");
  });

  test("a lost lease is free from any state that holds or wants it", () => {
    for (const s of STATES) {
      expect(leaseTransition(s, "lost")).toBe("free");
    }
  });

  test("only held serves; events outside the table are refused", () => {
    expect(STATES.filter(isLeaseServing)).toEqual(["held"]);
    expect(leaseTransition("free", "acquired")).toBeNull(); // never acquired without asking
    expect(leaseTransition("held", "acquire")).toBeNull();
    expect(leaseTransition("free", "hand_over")).toBeNull();
    const allowed: string[] = [];
    for (const s of STATES) {
      for (const e of EVENTS) {
        if (leaseTransition(s, e) !== null) {
          allowed.push(`${s}:${e}`);
        }
      }
    }
    expect(allowed.sort()).toEqual(
      [
        "free:acquire",
        "free:lost",
        "free:released",
        "acquiring:acquired",
        "acquiring:refused",
        "acquiring:lost",
        "held:renewed",
        "held:lost",
        "held:hand_over",
        "releasing:released",
        "releasing:lost",
        "releasing:renewed",
      ].sort(),
    );
  });

  test("the local deadline counts from when the renewal was sent, less a margin", () => {
    expect(leaseDeadline(10_000, 4_000, 1_000)).toBe(13_000);
    expect(leaseDeadline(10_000, 4_000, 1_000)).toBeLessThan(10_000 + 4_000);
  });
});
