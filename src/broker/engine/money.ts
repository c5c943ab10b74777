// Money formulas of an MT5 trade server: rounding, currency conversion through the current
// quotes, profit, margin per MT5 calc mode and swap per swap mode (commission is the account
// group's: src/broker/groups.ts).
//
// Owns: arithmetic only. Pure: quotes arrive through a lookup function, nothing is read from a
// clock or the outside. Profit/margin results are in the currency named by the spec and are
// converted with `conversionRate`.
//
// Conversion: a direct pair FROM/TO converts at its bid (multiply); the inverse pair TO/FROM at
// 1/ask; otherwise the amount goes through USD (two legs). Pairs come from the catalog symbols
// whose base and profit currencies differ (FX, metals, crypto). That is the side MT5 values a
// profit at (the smaller amount); a loss is valued at the other side of each leg (direct pair:
// ask, inverse pair: 1/bid, the larger amount), which is what SYMBOL_TRADE_TICK_VALUE_LOSS shows.
//
// Tick values: the catalog's `tickValue` is per lot per tick in the PROFIT currency;
// `tickValuesIn` gives MT5's SYMBOL_TRADE_TICK_VALUE / _PROFIT / _LOSS in an account's DEPOSIT
// currency at the current quotes.

import type { SymbolSpec } from "../symbols.ts";
import type { PositionSide, Quote } from "./types.ts";

export type QuoteLookup = (symbol: string) => Quote | undefined;

/** Rounds money to cents, half away from zero. */
export function roundMoney(x: number): number {
  const r = Math.round(Math.abs(x) * 100 + 1e-7) / 100;
  return x < 0 ? -r : r;
}

/** Rounds a volume to 1e-8 lot, removing float dust. */
export function roundVolume(v: number): number {
  return Math.round(v * 1e8) / 1e8;
}

export function roundPrice(price: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(price * f) / f;
}

/** Tolerance of the engine's volume and money comparisons. */
export const EPS = 1e-9;

/** One leg of a conversion path. */
export interface ConversionLeg {
  symbol: string;
  /** true: divide by ask (the pair is TO/FROM); false: multiply by bid. */
  invert: boolean;
}

/** Finds and caches conversion paths between currencies over a symbol set. */
export class Converter {
  private readonly pairs = new Map<string, string>();
  private readonly paths = new Map<string, readonly ConversionLeg[] | null>();

  constructor(symbols: readonly SymbolSpec[]) {
    for (const s of symbols) {
      if (s.baseCurrency !== s.profitCurrency && s.category !== "index") {
        this.pairs.set(`${s.baseCurrency}/${s.profitCurrency}`, s.name);
      }
    }
  }

  /** Legs converting `from` into `to`; [] when equal; null when impossible. */
  path(from: string, to: string): readonly ConversionLeg[] | null {
    const key = `${from}>${to}`;
    const cached = this.paths.get(key);
    if (cached !== undefined) {
      return cached;
    }
    const found = this.find(from, to);
    this.paths.set(key, found);
    return found;
  }

  private direct(from: string, to: string): ConversionLeg | null {
    const d = this.pairs.get(`${from}/${to}`);
    if (d) {
      return { symbol: d, invert: false };
    }
    const i = this.pairs.get(`${to}/${from}`);
    if (i) {
      return { symbol: i, invert: true };
    }
    return null;
  }

  private find(from: string, to: string): readonly ConversionLeg[] | null {
    if (from === to) {
      return [];
    }
    const d = this.direct(from, to);
    if (d) {
      return [d];
    }
    const a = this.direct(from, "USD");
    const b = this.direct("USD", to);
    if (a && b) {
      return [a, b];
    }
    return null;
  }
}

/** Which amount is converted: a profit (MT5 takes the smaller rate) or a loss (the larger). */
export type ConversionSide = "profit" | "loss";

/**
 * Multiplier converting 1 unit along `legs` at the given quotes; undefined if a quote is missing.
 * `side` "profit": direct legs at bid, inverse legs at 1/ask; "loss": direct at ask, inverse 1/bid.
 */
export function pathRate(
  legs: readonly ConversionLeg[],
  quotes: QuoteLookup,
  side: ConversionSide = "profit",
): number | undefined {
  let rate = 1;
  for (const leg of legs) {
    const q = quotes(leg.symbol);
    if (!q) {
      return undefined;
    }
    if (side === "profit") {
      rate = leg.invert ? rate / q.ask : rate * q.bid;
    } else {
      rate = leg.invert ? rate / q.bid : rate * q.ask;
    }
  }
  return rate;
}

/** Value of one tick for one lot in an account's deposit currency (MT5 SYMBOL_TRADE_TICK_*). */
export interface TickValues {
  /** SYMBOL_TRADE_TICK_VALUE: MT5 reports the profit value here. */
  tickValue: number;
  /** SYMBOL_TRADE_TICK_VALUE_PROFIT: a tick in the position's favour. */
  tickValueProfit: number;
  /** SYMBOL_TRADE_TICK_VALUE_LOSS: a tick against the position (≥ the profit value). */
  tickValueLoss: number;
}

/**
 * The tick values of `spec` for an account in `depositCurrency`: the catalog's profit-currency
 * `tickValue` converted with the profit side of the conversion path for _PROFIT and the loss side
 * for _LOSS (e.g. USDJPY, USD account, bid/ask 148.30/148.32: 100 JPY / 148.32 = 0.67422 and
 * 100 / 148.30 = 0.67431). Undefined when no path exists or a conversion quote is missing.
 */
export function tickValuesIn(
  spec: SymbolSpec,
  depositCurrency: string,
  conv: Converter,
  quotes: QuoteLookup,
): TickValues | undefined {
  const legs = conv.path(spec.profitCurrency, depositCurrency);
  if (!legs) {
    return undefined;
  }
  const profit = pathRate(legs, quotes, "profit");
  const loss = pathRate(legs, quotes, "loss");
  if (profit === undefined || loss === undefined) {
    return undefined;
  }
  const tickValueProfit = spec.tickValue * profit;
  return { tickValue: tickValueProfit, tickValueProfit, tickValueLoss: spec.tickValue * loss };
}

/** Price at which a position of `side` closes (buys close at bid, sells at ask). */
export function closePrice(side: PositionSide, quote: Quote): number {
  return side === "Buy" ? quote.bid : quote.ask;
}

/** Price at which a position of `side` opens (buys at ask, sells at bid). */
export function openPrice(side: PositionSide, quote: Quote): number {
  return side === "Buy" ? quote.ask : quote.bid;
}

/** Profit of `volume` lots from `open` to `close`, in the profit currency (MT5 formulas). */
export function profitInProfitCurrency(
  spec: SymbolSpec,
  side: PositionSide,
  volume: number,
  open: number,
  close: number,
): number {
  const diff = side === "Buy" ? close - open : open - close;
  if (spec.marginMode === "cfdIndex") {
    return (diff * volume * spec.tickValue) / spec.tickSize;
  }
  return diff * volume * spec.contractSize;
}

/**
 * Margin of one lot on `side` in the margin currency with contract size `size`
 * (MT5 ENUM_SYMBOL_CALC_MODE formulas; the market price is ask for buys, bid for sells).
 */
export function marginPerLot(
  spec: SymbolSpec,
  side: PositionSide,
  quote: Quote,
  leverage: number,
  size: number = spec.contractSize,
): number {
  const price = side === "Buy" ? quote.ask : quote.bid;
  switch (spec.marginMode) {
    case "forex":
      return (size / leverage) * spec.marginRate;
    case "forexNoLeverage":
      return size * spec.marginRate;
    case "cfd":
      return size * price * spec.marginRate;
    case "cfdIndex":
      return (
        ((price * spec.tickValue) / spec.tickSize) * spec.marginRate * (size / spec.contractSize)
      );
    case "cfdLeverage":
      return ((size * price) / leverage) * spec.marginRate;
    default: {
      const never: never = spec.marginMode;
      throw new Error(`unknown margin mode ${String(never)}`);
    }
  }
}

/**
 * Margin of a symbol's buy and sell volumes, margin currency. The uncovered volume (the larger
 * side minus the smaller) is charged in full; the covered (hedged) volume is charged once with
 * the hedged contract size (MT5 SYMBOL_MARGIN_HEDGED).
 */
export function symbolMargin(
  spec: SymbolSpec,
  buyVolume: number,
  sellVolume: number,
  quote: Quote,
  leverage: number,
): number {
  const covered = Math.min(buyVolume, sellVolume);
  const side: PositionSide = buyVolume >= sellVolume ? "Buy" : "Sell";
  const uncovered = Math.abs(buyVolume - sellVolume);
  let m = uncovered * marginPerLot(spec, side, quote, leverage);
  if (covered > 0) {
    m += covered * marginPerLot(spec, side, quote, leverage, spec.marginHedged);
  }
  return m;
}

/** Which currency a swap amount of `spec` is expressed in (undefined = deposit currency). */
export function swapCurrency(spec: SymbolSpec): string | undefined {
  switch (spec.swapMode) {
    case "currencySymbol":
      return spec.baseCurrency;
    case "currencyMargin":
      return spec.marginCurrency;
    case "currencyDeposit":
      return undefined;
    default:
      return spec.profitCurrency;
  }
}

/**
 * One day's swap of a position before conversion, in `swapCurrency(spec)` (or the deposit
 * currency for currencyDeposit). Positive = credited.
 */
export function dailySwap(
  spec: SymbolSpec,
  side: PositionSide,
  volume: number,
  openPriceValue: number,
  quote: Quote,
): number {
  const rate = side === "Buy" ? spec.swapLong : spec.swapShort;
  switch (spec.swapMode) {
    case "disabled":
      return 0;
    case "points":
      return (rate * spec.point * volume * spec.tickValue) / spec.tickSize;
    case "currencySymbol":
    case "currencyMargin":
    case "currencyDeposit":
      return rate * volume;
    case "interestCurrent":
      return (volume * spec.contractSize * closePrice(side, quote) * rate) / 100 / 360;
    case "interestOpen":
      return (volume * spec.contractSize * openPriceValue * rate) / 100 / 360;
    default: {
      const never: never = spec.swapMode;
      throw new Error(`unknown swap mode ${String(never)}`);
    }
  }
}

/** Whether `volume` respects min/max/step of `spec`. */
export function isValidVolume(spec: SymbolSpec, volume: number): boolean {
  if (
    !Number.isFinite(volume) ||
    volume < spec.volumeMin - 1e-9 ||
    volume > spec.volumeMax + 1e-9
  ) {
    return false;
  }
  const steps = volume / spec.volumeStep;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}
