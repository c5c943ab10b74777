import { describe, expect, test } from "bun:test";
import {
  isJournalFinal,
  isJournalNotExecuted,
  isJournalUnresolved,
  JOURNAL_INITIAL_STATE,
  JOURNAL_OUTCOME_EVENT,
  JOURNAL_TRANSITIONS,
  type JournalEvent,
  type JournalState,
  journalFromStates,
  journalTarget,
  journalTransition,
} from "../../src/domain/journal-lifecycle.ts";

const STATES: JournalState[] = [
  "sent",
  "done",
  "rejected",
  "unknown",
  "reconciled_filled",
  "reconciled_absent",
];
const EVENTS: JournalEvent[] = ["answered", "refused", "lost", "found", "absent", "resend"];

/** Every legal transition, written out: from → event → to. */
const LEGAL: ReadonlyArray<[JournalState, JournalEvent, JournalState]> = [
  ["sent", "answered", "done"],
  ["sent", "refused", "rejected"],
  ["sent", "lost", "unknown"],
  ["sent", "found", "reconciled_filled"],
  ["sent", "absent", "reconciled_absent"],
  ["unknown", "found", "reconciled_filled"],
  ["unknown", "absent", "reconciled_absent"],
  ["rejected", "resend", "sent"],
  ["reconciled_absent", "resend", "sent"],
];

describe("order journal lifecycle", () => {
  test("the table covers exactly the journal's states", () => {
    expect(Object.keys(JOURNAL_TRANSITIONS).sort()).toEqual([...STATES].sort());
    expect(JOURNAL_INITIAL_STATE).toBe("sent");
  });

  test.each(LEGAL)("%s --%s--> %s", (from, event, to) => {
    expect(journalTransition(from, event)).toBe(to);
  });

  test("every other transition is refused", () => {
    const legal = new Set(LEGAL.map(([from, event]) => `${from}/${event}`));
    for (const from of STATES) {
      for (const event of EVENTS) {
        if (!legal.has(`${from}/${event}`)) {
          expect(journalTransition(from, event)).toBeNull();
        }
      }
    }
    let rows = 0;
    for (const row of Object.values(JOURNAL_TRANSITIONS)) {
      rows += Object.keys(row).length;
    }
    expect(rows).toBe(LEGAL.length);
  });

  test("a late answer cannot overwrite a recorded outcome", () => {
    for (const from of STATES.filter((s) => s !== "sent")) {
      expect(journalTransition(from, "answered")).toBeNull();
      expect(journalTransition(from, "refused")).toBeNull();
      expect(journalTransition(from, "lost")).toBeNull();
    }
    // The guard of the settle statement: outcomes are written over `sent` only.
    expect(journalFromStates(...Object.values(JOURNAL_OUTCOME_EVENT))).toEqual(["sent"]);
    for (const [state, event] of Object.entries(JOURNAL_OUTCOME_EVENT)) {
      expect(journalTarget(event)).toBe(state as JournalState);
    }
  });

  test("the guards of the service's updates", () => {
    expect(journalFromStates("resend")).toEqual(["rejected", "reconciled_absent"]);
    expect(journalFromStates("found")).toEqual(["sent", "unknown"]);
    expect(journalFromStates("absent")).toEqual(["sent", "unknown"]);
    expect(journalFromStates("lost")).toEqual(["sent"]);
    expect(journalTarget("resend")).toBe("sent");
    expect(journalTarget("lost")).toBe("unknown");
    expect(journalTarget("found")).toBe("reconciled_filled");
    expect(journalTarget("absent")).toBe("reconciled_absent");
  });

  test("predicates", () => {
    expect(STATES.filter(isJournalFinal)).toEqual(["done", "reconciled_filled"]);
    expect(STATES.filter(isJournalUnresolved)).toEqual(["sent", "unknown"]);
    expect(STATES.filter(isJournalNotExecuted)).toEqual(["rejected", "reconciled_absent"]);
    expect(isJournalUnresolved("something else")).toBe(false);
    expect(isJournalNotExecuted("something else")).toBe(false);
  });
});
