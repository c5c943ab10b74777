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
  /**
   * Typical RAW spread in points in the liquid hours (London / New York overlap): what a raw/ECN
   * account sees; account groups add their markup on top (src/broker/groups.ts).
   */
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

// symbol, class, digits, base, vol, raw spread pts, rollover ×
// FX and metal spreads are interbank/ECN (EURUSD 0.2 pip), widening ×8 / ×5 at rollover as raw
// books thin out; indices and crypto are quoted the same on every account group.
const ROWS: readonly ProfileRow[] = [
  ["EURUSD", "fx", 5, 1.165, 0.08, 2, 8],
  ["GBPUSD", "fx", 5, 1.335, 0.09, 4, 8],
  ["USDJPY", "fx", 3, 151.5, 0.1, 3, 8],
  ["USDCHF", "fx", 5, 0.8, 0.08, 5, 8],
  ["AUDUSD", "fx", 5, 0.655, 0.11, 3, 8],
  ["USDCAD", "fx", 5, 1.395, 0.07, 5, 8],
  ["NZDUSD", "fx", 5, 0.575, 0.11, 6, 8],
  ["EURGBP", "fx", 5, 0.8727, 0.07, 5, 8],
  ["EURJPY", "fx", 3, 176.5, 0.1, 6, 8],
  ["GBPJPY", "fx", 3, 202.25, 0.11, 12, 8],
  ["CADJPY", "fx", 3, 108.6, 0.11, 10, 8],
  ["EURCHF", "fx", 5, 0.932, 0.06, 8, 8],
  ["AUDJPY", "fx", 3, 99.23, 0.13, 8, 8],
  ["EURAUD", "fx", 5, 1.7786, 0.09, 10, 8],
  ["XAUUSD", "metal", 2, 4000, 0.18, 12, 5],
  ["XAGUSD", "metal", 3, 48, 0.3, 15, 5],
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
