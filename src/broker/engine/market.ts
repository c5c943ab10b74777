// The market as each account sees it: the symbol catalog, the raw quotes, one desk per pricing
// group (its marked-up quotes and trigger books, groups.ts), the trade-session cache, and the
// figures that depend on a group's prices (commission, conversion, a position's current view).

import type { TradingGroup } from "../groups.ts";
import { groupCommission, groupQuote, pricingGroup } from "../groups.ts";
import type { SymbolSpec } from "../symbols.ts";
import { isTradeSessionOpen } from "../symbols.ts";
import type { LiveAccount, LivePosition, SymbolBook } from "./model.ts";
import { newBook } from "./model.ts";
import type { QuoteLookup } from "./money.ts";
import { Converter, closePrice, roundMoney } from "./money.ts";
import { floatingProfit, rateOf } from "./risk.ts";
import type { PositionRecord, Quote, Tick } from "./types.ts";

/**
 * One account group's view of the market (groups.ts): its quotes (the raw quotes with the
 * group's markup) and its trigger books, so fills, triggers, valuation and stop-out of its
 * accounts all see the group's prices.
 */
export interface Desk {
  group: TradingGroup;
  quotes: Map<string, Quote>;
  books: Map<string, SymbolBook>;
  look: QuoteLookup;
}

export class Market {
  readonly conv: Converter;
  readonly specOf = (s: string): SymbolSpec | undefined => this.specs.get(s);
  private readonly specs = new Map<string, SymbolSpec>();
  /** Per symbol: the trade-session cache (triggers live in the desks' books). */
  private readonly books = new Map<string, SymbolBook>();
  /** The raw quotes, as the feed sends them. */
  private readonly quotes = new Map<string, Quote>();
  /** Per pricing group, created with its first account. */
  private readonly desks = new Map<string, Desk>();

  constructor(symbols: readonly SymbolSpec[]) {
    for (const s of symbols) {
      this.specs.set(s.name, s);
      this.books.set(s.name, newBook(s));
    }
    this.conv = new Converter(symbols);
  }

  /** The raw quote of `symbol`, or as accounts of `group` see it (groups.ts). */
  quote(symbol: string, group?: string): Quote | undefined {
    const q = this.quotes.get(symbol);
    const spec = this.specs.get(symbol);
    if (!q || !spec) {
      return undefined;
    }
    return { ...(group === undefined ? q : groupQuote(pricingGroup(group), spec, q)) };
  }

  /** Copies of the raw quotes (snapshot). */
  rawQuotes(): Quote[] {
    return [...this.quotes.values()].map((q) => ({ ...q }));
  }

  /** Loads a persisted raw quote (ignored for a symbol not in the catalog). */
  restoreQuote(q: Quote): void {
    if (this.specs.has(q.symbol)) {
      this.quotes.set(q.symbol, { ...q });
    }
  }

  /** The session book of a catalog symbol; undefined for an unknown one. */
  sessionBook(symbol: string): SymbolBook | undefined {
    return this.books.get(symbol);
  }

  /** The symbol's session book (its triggers are in the desks' books: `deskBook`). */
  bookOf(spec: SymbolSpec): SymbolBook {
    const b = this.books.get(spec.name);
    if (!b) {
      throw new Error(`no book for ${spec.name}`);
    }
    return b;
  }

  tradeOpen(book: SymbolBook, t: number): boolean {
    if (t >= book.sessionUntilMs || t < book.sessionUntilMs - 60_000) {
      book.sessionOpen = isTradeSessionOpen(book.spec, t);
      // Server offsets are whole hours, so UTC minutes are server minutes.
      book.sessionUntilMs = t - (((t % 60_000) + 60_000) % 60_000) + 60_000;
    }
    return book.sessionOpen;
  }

  /** Stores a tick's prices as the raw quote of `spec` and moves every desk's quote with it. */
  setQuote(spec: SymbolSpec, tick: Tick): void {
    let q = this.quotes.get(tick.symbol);
    if (q) {
      q.bid = tick.bid;
      q.ask = tick.ask;
      q.timeMs = tick.timeMs;
    } else {
      q = { symbol: tick.symbol, bid: tick.bid, ask: tick.ask, timeMs: tick.timeMs };
      this.quotes.set(tick.symbol, q);
    }
    for (const d of this.desks.values()) {
      this.setDeskQuote(d, spec, q);
    }
  }

  /** The desks created so far, in creation order. */
  allDesks(): IterableIterator<Desk> {
    return this.desks.values();
  }

  /** The desk of `acc`'s pricing group, created (with the current quotes) on first use. */
  deskOf(acc: LiveAccount): Desk {
    const group = pricingGroup(acc.record.group);
    let d = this.desks.get(group.name);
    if (!d) {
      const quotes = new Map<string, Quote>();
      const books = new Map<string, SymbolBook>();
      for (const s of this.specs.values()) {
        books.set(s.name, newBook(s));
      }
      d = { group, quotes, books, look: (s) => quotes.get(s) };
      for (const q of this.quotes.values()) {
        const spec = this.specs.get(q.symbol);
        if (spec) {
          this.setDeskQuote(d, spec, q);
        }
      }
      this.desks.set(group.name, d);
    }
    return d;
  }

  /** The trigger book of `spec` in `acc`'s desk. */
  deskBook(acc: LiveAccount, spec: SymbolSpec): SymbolBook {
    const b = this.deskOf(acc).books.get(spec.name);
    if (!b) {
      throw new Error(`no book for ${spec.name}`);
    }
    return b;
  }

  /** Number of live entries in the desks' trigger heaps (diagnostics, benchmarks). */
  triggerCount(): number {
    let n = 0;
    for (const b of [...this.desks.values()].flatMap((d) => [...d.books.values()])) {
      n += b.askUp.size + b.askDown.size + b.bidUp.size + b.bidDown.size;
    }
    return n;
  }

  /** Commission of a deal of `volume` lots for `acc` (its group's, plus the symbol's own). */
  commission(acc: LiveAccount, spec: SymbolSpec, volume: number): number {
    return groupCommission(this.deskOf(acc).group, spec, volume, acc.record.currency);
  }

  /** Whether `acc`'s desk quotes convert `spec`'s profit and margin into the deposit currency. */
  convertible(acc: LiveAccount, spec: SymbolSpec): boolean {
    const cur = acc.record.currency;
    const look = this.deskOf(acc).look;
    return (
      rateOf(this.conv, spec.profitCurrency, cur, look) !== undefined &&
      rateOf(this.conv, spec.marginCurrency, cur, look) !== undefined
    );
  }

  /** A copy of a position record with its current floating profit and price. */
  view(pos: LivePosition): PositionRecord {
    const r = pos.record;
    const desk = this.deskOf(pos.account);
    const q = desk.quotes.get(r.symbol);
    if (r.state !== "Filled" || !q) {
      return { ...r };
    }
    return {
      ...r,
      profit: roundMoney(floatingProfit(pos, desk.look, this.conv, pos.account.record.currency)),
      priceCurrent: closePrice(r.orderType, q),
    };
  }

  private setDeskQuote(d: Desk, spec: SymbolSpec, raw: Quote): void {
    const g = groupQuote(d.group, spec, raw);
    const q = d.quotes.get(spec.name);
    if (q) {
      q.bid = g.bid;
      q.ask = g.ask;
      q.timeMs = g.timeMs;
    } else {
      d.quotes.set(spec.name, { ...g });
    }
  }
}
