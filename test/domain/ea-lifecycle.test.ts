import { describe, expect, test } from "bun:test";
import {
  canEaTransition,
  EA_ACTIVE_STATES,
  EA_INITIAL_STATE,
  EA_LIFECYCLE,
  type EaLifecycleEvent,
  type EaLifecycleState,
  eaTransition,
  eaVisibleStatus,
  isEaActive,
  isEaFinal,
} from "../../src/domain/ea-lifecycle.ts";

const STATES: EaLifecycleState[] = ["starting", "running", "stopping", "stopped", "error"];
const EVENTS: EaLifecycleEvent[] = ["started", "stop", "stopped", "crash"];

/** Every legal transition, written out: from → event → to. */
const LEGAL: ReadonlyArray<[EaLifecycleState, EaLifecycleEvent, EaLifecycleState]> = [
  ["starting", "started", "running"],
  ["starting", "stop", "stopping"],
  ["starting", "stopped", "stopped"],
  ["starting", "crash", "error"],
  ["running", "stop", "stopping"],
  ["running", "stopped", "stopped"],
  ["running", "crash", "error"],
  ["stopping", "stopped", "stopped"],
  ["stopping", "crash", "error"],
];

describe("EA instance lifecycle", () => {
  test("the table covers exactly the five states", () => {
    expect(Object.keys(EA_LIFECYCLE).sort()).toEqual([...STATES].sort());
    expect(EA_INITIAL_STATE).toBe("starting");
  });

  test.each(LEGAL)("%s --%s--> %s", (from, event, to) => {
    expect(eaTransition(from, event)).toBe(to);
    expect(canEaTransition(from, event)).toBe(true);
  });

  test("every other transition is refused (null), never applied", () => {
    const legal = new Set(LEGAL.map(([from, event]) => `${from}/${event}`));
    let refused = 0;
    for (const from of STATES) {
      for (const event of EVENTS) {
        if (legal.has(`${from}/${event}`)) {
          continue;
        }
        expect(eaTransition(from, event)).toBeNull();
        expect(canEaTransition(from, event)).toBe(false);
        refused += 1;
      }
    }
    expect(refused).toBe(STATES.length * EVENTS.length - LEGAL.length);
    // The table holds nothing beyond LEGAL.
    let rows = 0;
    for (const row of Object.values(EA_LIFECYCLE)) {
      rows += Object.keys(row).length;
    }
    expect(rows).toBe(LEGAL.length);
  });

  test("final states have no way out; a started instance cannot start again", () => {
    for (const event of EVENTS) {
      expect(eaTransition("stopped", event)).toBeNull();
      expect(eaTransition("error", event)).toBeNull();
    }
    expect(eaTransition("running", "started")).toBeNull();
    expect(eaTransition("stopping", "started")).toBeNull();
    expect(eaTransition("stopping", "stop")).toBeNull();
  });

  test("predicates", () => {
    expect(STATES.filter(isEaFinal)).toEqual(["stopped", "error"]);
    expect(STATES.filter(isEaActive)).toEqual(["starting", "running"]);
    expect([...EA_ACTIVE_STATES]).toEqual(["starting", "running"]);
    // A final state is exactly one the table leads nowhere from.
    for (const s of STATES) {
      expect(isEaFinal(s)).toBe(Object.keys(EA_LIFECYCLE[s]).length === 0);
    }
    // Only an active instance can be asked to stop.
    for (const s of STATES) {
      expect(canEaTransition(s, "stop")).toBe(isEaActive(s));
    }
  });

  test("the API's statuses: stopping shows as stopped, the rest as themselves", () => {
    expect(STATES.map(eaVisibleStatus)).toEqual([
      "starting",
      "running",
      "stopped",
      "stopped",
      "error",
    ]);
  });

  test("every target is a known state", () => {
    for (const row of Object.values(EA_LIFECYCLE)) {
      for (const to of Object.values(row)) {
        expect(STATES).toContain(to);
      }
    }
  });
});
