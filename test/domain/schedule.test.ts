// Daily snapshot scheduling with fixed instants: parsing, slot keys at the boundaries, the next
// run, the due check, and a simulated clock with restarts and two nodes.

import { describe, expect, test } from "bun:test";
import {
  dailySlot,
  isDue,
  MINUTES_PER_DAY,
  nextRunAt,
  parseDailyTime,
  utcDateKey,
} from "../../src/domain/schedule.ts";

const at = (iso: string): number => Date.parse(iso);
const AT_0230 = 150; // 02:30 UTC

describe("parseDailyTime", () => {
  test("valid times", () => {
    expect(parseDailyTime("00:00")).toBe(0);
    expect(parseDailyTime("02:30")).toBe(150);
    expect(parseDailyTime("12:05")).toBe(725);
    expect(parseDailyTime("23:59")).toBe(1439);
  });

  test("invalid times are null", () => {
    for (const bad of [
      "24:00",
      "2:30",
      "02:3",
      "02:60",
      "0230",
      "02-30",
      " 02:30",
      "02:30 ",
      "02:30:00",
      "ab:cd",
      "-1:00",
      "",
    ]) {
      expect(parseDailyTime(bad)).toBeNull();
    }
  });
});

describe("utcDateKey", () => {
  test("formats the UTC date", () => {
    expect(utcDateKey(at("2026-03-10T23:59:59.999Z"))).toBe("2026-03-10");
    expect(utcDateKey(at("2026-03-11T00:00:00.000Z"))).toBe("2026-03-11");
    expect(utcDateKey(0)).toBe("1970-01-01");
  });
});

describe("dailySlot", () => {
  test("exactly at the scheduled minute the new slot begins", () => {
    expect(dailySlot(at("2026-03-10T02:30:00.000Z"), AT_0230)).toEqual({
      slotKey: "2026-03-10",
      scheduledAtMs: at("2026-03-10T02:30:00.000Z"),
    });
  });

  test("one ms before, the previous day's slot is still in force", () => {
    expect(dailySlot(at("2026-03-10T02:29:59.999Z"), AT_0230)).toEqual({
      slotKey: "2026-03-09",
      scheduledAtMs: at("2026-03-09T02:30:00.000Z"),
    });
  });

  test("after midnight but before the time, the slot is still yesterday's", () => {
    expect(dailySlot(at("2026-03-11T00:00:00.000Z"), AT_0230).slotKey).toBe("2026-03-10");
    expect(dailySlot(at("2026-03-10T23:59:59.999Z"), AT_0230).slotKey).toBe("2026-03-10");
  });

  test("every instant of one window gives the same key (all nodes, all restarts)", () => {
    const instants = [
      "2026-03-10T02:30:00.000Z",
      "2026-03-10T02:30:00.001Z",
      "2026-03-10T02:30:59.999Z",
      "2026-03-10T12:00:00.000Z",
      "2026-03-11T00:00:00.000Z",
      "2026-03-11T02:29:59.999Z",
    ];
    for (const iso of instants) {
      expect(dailySlot(at(iso), AT_0230)).toEqual({
        slotKey: "2026-03-10",
        scheduledAtMs: at("2026-03-10T02:30:00.000Z"),
      });
    }
  });

  test("midnight schedule: midnight itself starts the new day's slot", () => {
    expect(dailySlot(at("2026-03-11T00:00:00.000Z"), 0).slotKey).toBe("2026-03-11");
    expect(dailySlot(at("2026-03-10T23:59:59.999Z"), 0).slotKey).toBe("2026-03-10");
  });

  test("23:59 schedule", () => {
    expect(dailySlot(at("2026-03-10T23:59:00.000Z"), 1439).slotKey).toBe("2026-03-10");
    expect(dailySlot(at("2026-03-10T23:58:59.999Z"), 1439).slotKey).toBe("2026-03-09");
  });

  test("crossing month, year and leap-day boundaries", () => {
    expect(dailySlot(at("2027-01-01T01:00:00.000Z"), AT_0230).slotKey).toBe("2026-12-31");
    expect(dailySlot(at("2026-03-01T02:00:00.000Z"), AT_0230).slotKey).toBe("2026-02-28");
    expect(dailySlot(at("2024-03-01T02:00:00.000Z"), AT_0230).slotKey).toBe("2024-02-29");
  });

  test("bad arguments throw", () => {
    expect(() => dailySlot(Number.NaN, 0)).toThrow(RangeError);
    expect(() => dailySlot(1.5, 0)).toThrow(RangeError);
    expect(() => dailySlot(0, -1)).toThrow(RangeError);
    expect(() => dailySlot(0, MINUTES_PER_DAY)).toThrow(RangeError);
    expect(() => dailySlot(0, 1.5)).toThrow(RangeError);
  });
});

describe("nextRunAt", () => {
  test("before today's time: today's time", () => {
    expect(nextRunAt(at("2026-03-10T01:00:00.000Z"), AT_0230)).toBe(at("2026-03-10T02:30:00.000Z"));
    expect(nextRunAt(at("2026-03-10T02:29:59.999Z"), AT_0230)).toBe(at("2026-03-10T02:30:00.000Z"));
    expect(nextRunAt(at("2026-03-10T00:00:00.000Z"), AT_0230)).toBe(at("2026-03-10T02:30:00.000Z"));
  });

  test("exactly at or after today's time: tomorrow's time (strictly after now)", () => {
    expect(nextRunAt(at("2026-03-10T02:30:00.000Z"), AT_0230)).toBe(at("2026-03-11T02:30:00.000Z"));
    expect(nextRunAt(at("2026-03-10T02:30:00.001Z"), AT_0230)).toBe(at("2026-03-11T02:30:00.000Z"));
    expect(nextRunAt(at("2026-03-10T23:59:59.999Z"), AT_0230)).toBe(at("2026-03-11T02:30:00.000Z"));
  });

  test("year end", () => {
    expect(nextRunAt(at("2026-12-31T12:00:00.000Z"), AT_0230)).toBe(at("2027-01-01T02:30:00.000Z"));
  });

  test("midnight schedule at midnight: the next midnight", () => {
    expect(nextRunAt(at("2026-03-11T00:00:00.000Z"), 0)).toBe(at("2026-03-12T00:00:00.000Z"));
    expect(nextRunAt(at("2026-03-10T23:59:59.999Z"), 0)).toBe(at("2026-03-11T00:00:00.000Z"));
  });
});

describe("isDue", () => {
  test("never ran: due", () => {
    expect(isDue(at("2026-03-10T12:00:00.000Z"), AT_0230, null)).toBe(true);
  });

  test("exactly at the minute with yesterday's slot done: due", () => {
    expect(isDue(at("2026-03-10T02:30:00.000Z"), AT_0230, "2026-03-09")).toBe(true);
  });

  test("one ms before the minute with yesterday's slot done: not due", () => {
    expect(isDue(at("2026-03-10T02:29:59.999Z"), AT_0230, "2026-03-09")).toBe(false);
  });

  test("after midnight, before the minute, yesterday's slot done: not due", () => {
    expect(isDue(at("2026-03-10T00:00:00.000Z"), AT_0230, "2026-03-09")).toBe(false);
  });

  test("today's slot already done (restart at the scheduled minute): not due", () => {
    expect(isDue(at("2026-03-10T02:30:00.000Z"), AT_0230, "2026-03-10")).toBe(false);
    expect(isDue(at("2026-03-10T02:30:30.000Z"), AT_0230, "2026-03-10")).toBe(false);
  });

  test("missed days are caught up once", () => {
    expect(isDue(at("2026-03-10T09:00:00.000Z"), AT_0230, "2026-03-07")).toBe(true);
  });

  test("a newer key (another node's clock ahead) is not due", () => {
    expect(isDue(at("2026-03-10T02:29:59.000Z"), AT_0230, "2026-03-10")).toBe(false);
  });

  test("malformed lastSlotKey throws", () => {
    expect(() => isDue(0, 0, "2026-3-1")).toThrow(RangeError);
    expect(() => isDue(0, 0, "")).toThrow(RangeError);
  });
});

describe("simulated clock", () => {
  test("two nodes ticking every 15 s over 3 days, restarting hourly, run once per day", () => {
    // The unique (admin, slot_key) row of the caller, shared by both nodes.
    const rows = new Set<string>();
    const runs: Array<[string, number]> = [];
    const latestRow = (): string | null => [...rows].sort().at(-1) ?? null;

    const start = at("2026-03-09T20:00:00.000Z");
    const end = at("2026-03-12T20:00:00.000Z");
    for (let now = start; now < end; now += 15_000) {
      for (const node of ["a", "b"]) {
        // A restarted node has no memory: it reads the latest row from the database.
        const last = latestRow();
        // Node b's clock runs 7 s behind.
        const nodeNow = node === "a" ? now : now - 7_000;
        if (isDue(nodeNow, AT_0230, last)) {
          const { slotKey } = dailySlot(nodeNow, AT_0230);
          if (!rows.has(slotKey)) {
            rows.add(slotKey);
            runs.push([slotKey, nodeNow]);
          }
        }
      }
    }
    // First tick: nothing recorded yet, so the slot in force (09th) is caught up immediately.
    expect(runs).toEqual([
      ["2026-03-09", at("2026-03-09T20:00:00.000Z")],
      ["2026-03-10", at("2026-03-10T02:30:00.000Z")],
      ["2026-03-11", at("2026-03-11T02:30:00.000Z")],
      ["2026-03-12", at("2026-03-12T02:30:00.000Z")],
    ]);
  });

  test("sleeping until nextRunAt lands exactly on each slot", () => {
    let now = at("2026-03-10T05:00:00.000Z");
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) {
      now = nextRunAt(now, AT_0230);
      keys.push(dailySlot(now, AT_0230).slotKey);
      expect(isDue(now, AT_0230, keys.at(-2) ?? "2026-03-10")).toBe(true);
    }
    expect(keys).toEqual(["2026-03-11", "2026-03-12", "2026-03-13"]);
    expect(now).toBe(at("2026-03-13T02:30:00.000Z"));
  });
});
