// Market profiles: the per-symbol parameters of the synthetic price model.
//
// Owns: the 20 symbols the demo feed quotes and, for each, its price digits, the level the path
// starts near and reverts to, annualised volatility, spread and rollover widening, and how
// strongly it follows the intraday seasonality measured on EURUSD (calibration-data.ts). How
// often it ticks is not set here: it is measured from recorded tick volumes (intensity.ts).
// These are feed parameters only; contract specs (contract size, margin, swaps, sessions) belong
// to the symbol catalog (src/broker/symbols.ts), which this module must not import.
//
// Levels are round "recent" quotes (late 2025) chosen so the crosses are consistent with the
// majors (EURJPY = EURUSD × USDJPY, …); volatilities are long-run typical values, not the 2022
// EURUSD figure the calibration measured (≈14 %, a high-volatility year).

/** Broad market the symbol belongs to (drives defaults such as 24/7 trading). */
export type AssetClass = "fx" | "metal" | "index" | "crypto";

export interface MarketProfile {
  /** Symbol name as the catalog spells it. */
  readonly symbol: string;
  readonly assetClass: AssetClass;
  /** Decimal places of the price; point = 10^-digits. */
  readonly digits: number;
  /** Mid price the path starts near and mean-reverts to (quote currency). */
  readonly basePrice: number;
  /** Annualised volatility of log returns (0.08 = 8 % a year). */
  readonly annualVol: number;
  /** Typical spread in points in the liquid hours (London / New York overlap). */
  readonly spreadPoints: number;
  /** Spread multiplier at the peak of the rollover window (server 23:55–00:10). */
  readonly rolloverSpreadFactor: number;
  /** Exponent on the measured hourly seasonality: 1 = full FX profile, 0 = flat. */
  readonly seasonality: number;
  /** Quotes every day of the week (crypto CFDs); otherwise FX-style weekdays only. */
  readonly tradesAllWeek: boolean;
  /** Half-life, in days of quoting, of the pull back towards `basePrice`. */
  readonly meanReversionDays: number;
}

type ProfileRow = readonly [
  symbol: string,
  assetClass: AssetClass,
  digits: number,
  basePrice: number,
  annualVol: number,
  spreadPoints: number,
  rolloverSpreadFactor: number,
];

// symbol, class, digits, base, vol, spread pts, rollover ×
const ROWS: readonly ProfileRow[] = [
  ["EURUSD", "fx", 5, 1.165, 0.08, 10, 4],
  ["GBPUSD", "fx", 5, 1.335, 0.09, 14, 4],
  ["USDJPY", "fx", 3, 151.5, 0.1, 12, 4],
  ["USDCHF", "fx", 5, 0.8, 0.08, 15, 4],
  ["AUDUSD", "fx", 5, 0.655, 0.11, 12, 4],
  ["USDCAD", "fx", 5, 1.395, 0.07, 16, 4],
  ["NZDUSD", "fx", 5, 0.575, 0.11, 18, 4],
  ["EURGBP", "fx", 5, 0.8727, 0.07, 15, 5],
  ["EURJPY", "fx", 3, 176.5, 0.1, 18, 5],
  ["GBPJPY", "fx", 3, 202.25, 0.11, 28, 5],
  ["CADJPY", "fx", 3, 108.6, 0.11, 22, 5],
  ["EURCHF", "fx", 5, 0.932, 0.06, 18, 5],
  ["AUDJPY", "fx", 3, 99.23, 0.13, 20, 5],
  ["EURAUD", "fx", 5, 1.7786, 0.09, 25, 5],
  ["XAUUSD", "metal", 2, 4000, 0.18, 25, 3],
  ["XAGUSD", "metal", 3, 48, 0.3, 25, 3],
  ["US500", "index", 2, 6700, 0.17, 50, 3],
  ["DE40", "index", 2, 24000, 0.19, 120, 3],
  ["BTCUSD", "crypto", 2, 100_000, 0.55, 2000, 2],
  ["ETHUSD", "crypto", 2, 3500, 0.7, 150, 2],
];

function toProfile(row: ProfileRow): MarketProfile {
  const [symbol, assetClass, digits, basePrice, annualVol, spreadPoints, rollover] = row;
  const crypto = assetClass === "crypto";
  return Object.freeze({
    symbol,
    assetClass,
    digits,
    basePrice,
    annualVol,
    spreadPoints,
    rolloverSpreadFactor: rollover,
    seasonality: crypto ? 0.3 : 1,
    tradesAllWeek: crypto,
    meanReversionDays: crypto ? 60 : 90,
  });
}

/** The 20 demo-feed profiles, keyed by symbol. */
export const MARKET_PROFILES: Readonly<Record<string, MarketProfile>> = Object.freeze(
  Object.fromEntries(ROWS.map((row) => [row[0], toProfile(row)])),
);

/** The demo-feed symbols in catalog order (also the feed's tie-break order for ticks). */
export const FEED_SYMBOLS: readonly string[] = Object.freeze(ROWS.map((row) => row[0]));

/** The profile of `symbol`, or undefined when the feed does not quote it. */
export function getProfile(symbol: string): MarketProfile | undefined {
  return MARKET_PROFILES[symbol];
}
