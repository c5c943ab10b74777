// Tick intensity of the synthetic price feed — GENERATED, do not edit by hand.
//
// Measured by `bun src/broker/feed/calibrate-intensity.ts --write <reference csv> [SYMBOL=csv…]`
// (intensity.ts) from the tick volumes of real minute bars (MT4 exports, server time GMT+3):
//   EURUSD_M1_2022-08-15_2022-10-25.csv (2022-08-15T07:06Z → 2022-10-25T13:16Z)
//   CADJPY_M1_2022-09-29_2022-09-30.csv (2022-09-29T10:43Z → 2022-09-30T20:58Z)
// from github.com/jeremidaneau/forex_data (MIT License, Copyright (c) 2022 jeremidaneau; see
// docs/price-feed.md). The runtime reads only this table, never the CSV files.

import type { TickIntensityCalibration } from "./intensity.ts";

export const TICK_INTENSITY: TickIntensityCalibration = {
  sources: [
    "EURUSD_M1_2022-08-15_2022-10-25.csv (2022-08-15T07:06Z → 2022-10-25T13:16Z)",
    "CADJPY_M1_2022-09-29_2022-09-30.csv (2022-09-29T10:43Z → 2022-09-30T20:58Z)",
  ],
  reference: "EURUSD",
  referenceBars: 34342,
  hourlyTicksPerMinute: [
    16.67, 37.21, 47.26, 88.09, 97.02, 71.35, 58.11, 58.12, 71, 121.5, 152, 129, 112.8, 112.6,
    122.8, 157, 178.2, 197, 150.2, 113.3, 93.66, 100.9, 87.72, 34.89,
  ],
  weekdayFactor: [1, 1, 1, 1, 1, 1, 1],
  weekdayVariance: 0.003309,
  weekdayNoiseVariance: 0.01298,
  minuteOfHourRatio: [
    1.3, 1.17, 1.14, 1.09, 1.08, 1.06, 1.02, 1.02, 0.996, 0.994, 1.02, 1.01, 0.984, 0.97, 0.971,
    1.02, 0.987, 0.984, 0.976, 0.954, 1.03, 0.976, 0.979, 0.958, 0.949, 0.981, 0.955, 0.912, 0.921,
    0.941, 1.13, 1.07, 1.05, 1.03, 1.03, 0.991, 0.968, 0.951, 0.938, 0.925, 0.975, 0.962, 0.992,
    0.98, 0.974, 1.01, 0.979, 0.966, 0.955, 0.941, 1.01, 0.982, 0.989, 0.957, 0.976, 0.998, 0.967,
    0.987, 0.968, 1.02,
  ],
  topOfHourBurst: 0.3214,
  halfHourBurst: 0.145,
  burstDecayMinutes: 3.3,
  tickRegimeSd: 0.3864,
  activityPersistence: 0.6436,
  activitySd: 0.3573,
  jumpActivityKick: 0.5211,
  jumpMinutes: 175,
  recorded: [
    {
      symbol: "CADJPY",
      commonMinutes: 2044,
      relativeActivity: 0.8456,
      relativeVolatility: 0.6927,
    },
  ],
  activityExponent: 0.4568,
};
