// Calibration maths and constants, the PRNG, and the fast calendar/session helpers.

import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import fc from "fast-check";
import { ServerCalendar } from "../../../src/broker/feed/calendar.ts";
import {
  fitJumpProbability,
  JUMP_SCALE,
  measureCalibration,
  modelKurtosis,
  renderCalibrationModule,
} from "../../../src/broker/feed/calibration.ts";
import { EURUSD_CALIBRATION } from "../../../src/broker/feed/calibration-data.ts";
import { parseMt4Csv } from "../../../src/broker/feed/mt4-csv.ts";
import { Xoshiro128 } from "../../../src/broker/feed/rng.ts";
import { createFxQuoteSessions, fxQuoteOpen } from "../../../src/broker/feed/sessions.ts";
import { serverMinuteOfDay, serverWeekday } from "../../../src/mt5/server-time.ts";

describe("committed EURUSD calibration", () => {
  const c = EURUSD_CALIBRATION;

  test("matches the figures documented with the data", () => {
    expect(c.returnCount).toBe(34_201);
    expect(c.hourlyMeanAbsPips[0]).toBeCloseTo(0.53, 2);
    expect(c.hourlyMeanTickVolume[0]).toBeCloseTo(16.7, 1);
    expect(c.std1m).toBeCloseTo(2.31e-4, 6);
    expect(c.kurtosis).toBeGreaterThan(50);
    expect(c.kurtosis).toBeLessThan(54);
  });

  test("profiles are normalised and the jump fit reproduces the measured tails", () => {
    const rms = Math.sqrt(c.hourlyVolatility.reduce((a, v) => a + v * v, 0) / 24);
    const mean = c.hourlyTickVolume.reduce((a, v) => a + v, 0) / 24;
    expect(rms).toBeCloseTo(1, 3);
    expect(mean).toBeCloseTo(1, 3);
    expect(modelKurtosis(c.jumpProbability, JUMP_SCALE, c.regimeSd)).toBeCloseTo(
      c.deseasonalisedKurtosis,
      1,
    );
  });

  test("fitJumpProbability inverts modelKurtosis (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 4, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        (target, regime) => {
          const p = fitJumpProbability(target, JUMP_SCALE, regime);
          const max = modelKurtosis(1 / JUMP_SCALE ** 2, JUMP_SCALE, regime);
          const min = modelKurtosis(0, JUMP_SCALE, regime);
          const expected = Math.min(Math.max(target, min), max);
          expect(modelKurtosis(p, JUMP_SCALE, regime)).toBeCloseTo(expected, 6);
        },
      ),
    );
  });
});

describe("measureCalibration on the CADJPY fixture", () => {
  test("measures a plausible intraday profile and renders a module", async () => {
    const text = await Bun.file(
      join(import.meta.dir, "../../fixtures/market/CADJPY_M1_2022-09-29_2022-09-30.csv"),
    ).text();
    const parsed = parseMt4Csv(text, 180);
    if (!parsed.ok) {
      throw new Error("fixture does not parse");
    }
    const c = measureCalibration(parsed.bars, 0.01, "CADJPY fixture");
    expect(c.barCount).toBe(2048);
    expect(c.returnCount).toBeGreaterThan(1900);
    expect(c.kurtosis).toBeGreaterThan(3);
    expect(c.busiestToQuietest).toBeGreaterThan(2);
    const module = renderCalibrationModule(c);
    expect(module).toContain("export const EURUSD_CALIBRATION: Calibration = {");
    expect(module).toContain("github.com/jeremidaneau/forex_data");
  });
});

describe("Xoshiro128", () => {
  test("same seed, same stream; different seeds differ", () => {
    const a = new Xoshiro128(1, 2, 3);
    const b = new Xoshiro128(1, 2, 3);
    const c = new Xoshiro128(1, 2, 4);
    const xs = Array.from({ length: 8 }, () => a.nextU32());
    expect(Array.from({ length: 8 }, () => b.nextU32())).toEqual(xs);
    expect(Array.from({ length: 8 }, () => c.nextU32())).not.toEqual(xs);
    b.reseed(1, 2, 3);
    expect(b.nextU32()).toBe(xs[0] as number);
  });

  test("uniform, normal and Poisson moments", () => {
    const r = new Xoshiro128(42);
    const n = 200_000;
    let su = 0;
    let sz = 0;
    let sz2 = 0;
    let sq2 = 0;
    let sp = 0;
    for (let i = 0; i < n; i++) {
      const u = r.uniform();
      expect(u > 0 && u < 1).toBe(true);
      su += u;
      const z = r.normal();
      sz += z;
      sz2 += z * z;
      const q = r.quickNormal();
      sq2 += q * q;
      sp += r.poisson(7.5, 1000);
    }
    expect(su / n).toBeCloseTo(0.5, 2);
    expect(sz / n).toBeCloseTo(0, 1);
    expect(sz2 / n).toBeCloseTo(1, 1);
    expect(sq2 / n).toBeCloseTo(1, 1);
    expect(sp / n).toBeCloseTo(7.5, 1);
  });
});

describe("ServerCalendar and sessions", () => {
  test("agree with src/mt5/server-time.ts (property)", () => {
    const cal = new ServerCalendar();
    const fast = createFxQuoteSessions();
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2032, 0, 1) }),
        fc.constantFrom("EURUSD", "BTCUSD", "US500"),
        (t, symbol) => {
          expect(cal.weekday(t)).toBe(serverWeekday(t));
          expect(cal.minuteOfDay(t)).toBe(serverMinuteOfDay(t));
          expect(fast(symbol, t)).toBe(fxQuoteOpen(symbol, t));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
