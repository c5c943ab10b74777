// Calibration constants of the synthetic price feed — GENERATED, do not edit by hand.
//
// Measured by `bun src/broker/feed/calibrate.ts --write <csv>` (calibration.ts) from
//   EURUSD_M1_2022-08-15_2022-10-25.csv (2022-08-15T07:06Z → 2022-10-25T13:16Z)
// real EURUSD minute bars (MT4 export, bid, server time GMT+3) from
// github.com/jeremidaneau/forex_data (MIT License, Copyright (c) 2022 jeremidaneau; see
// docs/price-feed.md). The runtime reads only these constants, never the CSV.

import type { Calibration } from "./calibration.ts";

export const EURUSD_CALIBRATION: Calibration = {
  source: "EURUSD_M1_2022-08-15_2022-10-25.csv (2022-08-15T07:06Z → 2022-10-25T13:16Z)",
  barCount: 34342,
  returnCount: 34201,
  hourlyMeanAbsPips: [
    0.5298, 0.8632, 0.7511, 1.271, 1.306, 0.9678, 0.7794, 0.9049, 0.9727, 1.732, 2.057, 1.822,
    1.709, 1.764, 1.771, 2.247, 2.335, 2.505, 2.064, 1.674, 1.372, 1.437, 1.217, 0.6732,
  ],
  hourlyMeanTickVolume: [
    16.67, 37.21, 47.26, 88.09, 97.02, 71.35, 58.11, 58.12, 71, 121.5, 152, 129, 112.8, 112.6,
    122.8, 157, 178.2, 197, 150.2, 113.3, 93.66, 100.9, 87.72, 34.89,
  ],
  hourlyVolatility: [
    0.3419, 0.556825, 0.484368, 0.820427, 0.844671, 0.62471, 0.503476, 0.584611, 0.627264, 1.1152,
    1.32569, 1.17266, 1.10255, 1.14086, 1.14328, 1.45092, 1.50667, 1.61681, 1.33178, 1.08031,
    0.884729, 0.924639, 0.784891, 0.434259,
  ],
  hourlyTickVolume: [
    0.166143, 0.370762, 0.470906, 0.87772, 0.966721, 0.710999, 0.579014, 0.579077, 0.70747, 1.21103,
    1.51471, 1.28564, 1.12378, 1.12226, 1.22406, 1.56472, 1.77525, 1.96337, 1.49676, 1.12908,
    0.933258, 1.0055, 0.874086, 0.347693,
  ],
  busiestToQuietest: 4.7289,
  std1m: 0.00023067,
  annualisedVol: 0.141143,
  kurtosis: 51.7214,
  deseasonalisedKurtosis: 34.0385,
  regimeSd: 0.334576,
  jumpProbability: 0.00200103,
};
