// Public surface of the demo broker's price feed (src/broker/feed). The engine and the protocol
// import from here; the calibration CLI (calibrate.ts) is not part of it.

export type { BarEvent, BarQuery } from "./bars.ts";
export {
  Aggregator,
  aggregateBars,
  BarSeries,
  BarStore,
  bucketKey,
  bucketOpenMs,
  LiveBarBuilder,
} from "./bars.ts";
export { ServerCalendar } from "./calendar.ts";
export type { Calibration } from "./calibration.ts";
export { EURUSD_CALIBRATION } from "./calibration-data.ts";
export type { SyntheticFeedOptions, SyntheticMarket } from "./generator.ts";
export {
  createSyntheticFeed,
  DEFAULT_HISTORY_DAYS,
  DEFAULT_MAX_TICKS_PER_SECOND,
  DEFAULT_TICK_INTENSITY,
  SyntheticFeed,
} from "./generator.ts";
export type { RecordedActivity, TickIntensityCalibration } from "./intensity.ts";
export { TICK_INTENSITY } from "./intensity-data.ts";
export type { FeedStep } from "./market.ts";
export { MarketFeed } from "./market.ts";
export type { ModelConstants } from "./model.ts";
export { DEFAULT_MODEL_CONSTANTS } from "./model.ts";
export type { AssetClass, MarketProfile } from "./profiles.ts";
export { FEED_SYMBOLS, getProfile, MARKET_PROFILES } from "./profiles.ts";
export type { Mt4Bar, Mt4ParseResult, ReplayOptions, ReplaySeries } from "./replay.ts";
export { parseMt4Csv, ReplayFeed, replayHistory } from "./replay.ts";
export { createFxQuoteSessions, DAILY_BREAK_MINUTES, fxQuoteOpen } from "./sessions.ts";
export type { Bar, QuoteOpenPredicate, Tick, TickSource, Timeframe } from "./types.ts";
export { TIMEFRAMES } from "./types.ts";
