// Tick values of an account's symbols in its deposit currency (MT5 SYMBOL_TRADE_TICK_VALUE,
// _PROFIT, _LOSS), for the REST symbol spec and the EA runtime.
//
// Owns: which quotes an account's tick values depend on (the conversion legs of every profit
// currency of the catalog: for a USD account USDJPY, USDCHF, GBPUSD, USDCAD, AUDUSD, EURUSD), the
// latest of those quotes, and the account-facing symbol spec. The arithmetic is the engine's
// (`tickValuesIn`, broker/engine/money.ts), so an account sees the conversion the broker books
// with. No I/O: callers feed quotes in (`load` reads them once through a callback).

import { Converter, type TickValues, tickValuesIn } from "../broker/engine/money.ts";
import type { Quote } from "../broker/engine/types.ts";
import type { SymbolSpec } from "../broker/symbols.ts";

/**
 * A symbol spec as an account sees it: `tickValue` in the deposit currency (MT5
 * SYMBOL_TRADE_TICK_VALUE), with the profit/loss values, and the catalog's profit-currency
 * figure as `tickValueProfitCurrency`. The deposit-currency values are null while a conversion
 * quote is unavailable.
 */
export type AccountSymbolSpec = Omit<SymbolSpec, "tickValue"> & {
  tickValue: number | null;
  tickValueProfit: number | null;
  tickValueLoss: number | null;
  tickValueProfitCurrency: number;
};

/** `spec` with the deposit-currency tick values `tv` (undefined: not available now). */
export function accountSymbolSpec(spec: SymbolSpec, tv: TickValues | undefined): AccountSymbolSpec {
  return {
    ...spec,
    tickValue: tv?.tickValue ?? null,
    tickValueProfit: tv?.tickValueProfit ?? null,
    tickValueLoss: tv?.tickValueLoss ?? null,
    tickValueProfitCurrency: spec.tickValue,
  };
}

/** The latest conversion quotes of one account and the tick values they give. */
export class AccountTickValues {
  private readonly conv: Converter;
  private readonly quotes = new Map<string, Quote>();
  /** Conversion-leg symbol → the specs whose tick values move with it. */
  private readonly dependents = new Map<string, SymbolSpec[]>();

  constructor(
    readonly specs: readonly SymbolSpec[],
    readonly currency: string,
  ) {
    this.conv = new Converter(specs);
    for (const spec of specs) {
      for (const leg of this.conv.path(spec.profitCurrency, currency) ?? []) {
        const list = this.dependents.get(leg.symbol) ?? [];
        list.push(spec);
        this.dependents.set(leg.symbol, list);
      }
    }
  }

  /**
   * Reads the quotes of the conversion legs of `needed` (default: every spec) through `quote`;
   * missing ones stay missing.
   */
  static async load(
    specs: readonly SymbolSpec[],
    currency: string,
    quote: (symbol: string) => Promise<Quote | null>,
    needed: readonly SymbolSpec[] = specs,
  ): Promise<AccountTickValues> {
    const book = new AccountTickValues(specs, currency);
    const legs = new Set<string>();
    for (const spec of needed) {
      for (const leg of book.conv.path(spec.profitCurrency, currency) ?? []) {
        legs.add(leg.symbol);
      }
    }
    const got = await Promise.all([...legs].map((s) => quote(s).catch(() => null)));
    for (const q of got) {
      if (q) {
        book.setQuote(q);
      }
    }
    return book;
  }

  /** The symbols whose quotes the tick values depend on. */
  legs(): string[] {
    return [...this.dependents.keys()];
  }

  /**
   * Records a quote. Returns the specs whose tick values it moves (empty when `q` is not a
   * conversion leg).
   */
  setQuote(q: Quote): readonly SymbolSpec[] {
    const list = this.dependents.get(q.symbol);
    if (!list) {
      return [];
    }
    this.quotes.set(q.symbol, q);
    return list;
  }

  /** Tick values of `spec` at the latest quotes; undefined while a conversion quote is missing. */
  of(spec: SymbolSpec): TickValues | undefined {
    return tickValuesIn(spec, this.currency, this.conv, (s) => this.quotes.get(s));
  }
}
