// Account risk: floating profit, equity, margin (with what-if changes) and the risk bands that
// tell the tick loop when an account must be re-checked for stop-out.
//
// Owns: the account-level maths. Pure functions over the live account and a quote lookup; no
// I/O, no clock.
//
// Risk bands. Checking every account exposed to a symbol on every tick of it costs O(accounts);
// instead each account with positions gets, per quote it depends on (the symbols it holds and
// the conversion legs of their profit and margin currencies; bid and ask separately), a trigger
// price in that symbol's book. With H = equity − stopOut% × margin (the headroom, deposit
// currency) and d = ∂H/∂price measured at the current quotes, the band of one term is
// |Δprice| ≤ H / (2·n·|d|) (n = number of terms, capped at 5% of the price, at least one point).
// While every quote stays inside its band the headroom cannot be used up (to first order, with a
// factor-2 margin for curvature), so the account needs no check; when a band is crossed the tick
// loop re-evaluates the account exactly, stops it out if needed and lays new bands.

import type { SymbolSpec } from "../symbols.ts";
import type { LiveAccount, LivePosition } from "./model.ts";
import type { Converter, QuoteLookup } from "./money.ts";
import { closePrice, pathRate, profitInProfitCurrency, roundMoney, symbolMargin } from "./money.ts";
import type { PositionSide, Quote } from "./types.ts";

export interface AccountFigures {
  /** Σ position profits (deposit currency). */
  profit: number;
  /** Σ position swaps. */
  swap: number;
  /** Margin in the deposit currency. */
  margin: number;
  equity: number;
}

/** Rate converting `from` into `to` at `quotes`; undefined if a quote is missing. */
export function rateOf(
  conv: Converter,
  from: string,
  to: string,
  quotes: QuoteLookup,
): number | undefined {
  const legs = conv.path(from, to);
  return legs ? pathRate(legs, quotes) : undefined;
}

/**
 * `amount` (in `from`) converted into `to` as MT5 converts money it books or values: a profit at
 * the smaller rate, a loss at the larger one (money.ts `pathRate` sides); undefined if a quote is
 * missing. So a position's value moves by SYMBOL_TRADE_TICK_VALUE_PROFIT per tick in its favour
 * and by _LOSS per tick against it.
 */
export function convertMoney(
  conv: Converter,
  amount: number,
  from: string,
  to: string,
  quotes: QuoteLookup,
): number | undefined {
  const legs = conv.path(from, to);
  const rate = legs ? pathRate(legs, quotes, amount < 0 ? "loss" : "profit") : undefined;
  return rate === undefined ? undefined : amount * rate;
}

/** Floating profit of a position in the deposit currency (unrounded); 0 without quotes. */
export function floatingProfit(
  pos: LivePosition,
  quotes: QuoteLookup,
  conv: Converter,
  currency: string,
): number {
  const q = quotes(pos.record.symbol);
  if (!q) {
    return 0;
  }
  const r = pos.record;
  const raw = profitInProfitCurrency(
    pos.spec,
    r.orderType,
    r.volume,
    r.openPrice,
    closePrice(r.orderType, q),
  );
  return convertMoney(conv, raw, pos.spec.profitCurrency, currency, quotes) ?? 0;
}

interface SymbolExposure {
  spec: SymbolSpec;
  buy: number;
  sell: number;
}

/** Optional what-if: replace the buy/sell volumes of one symbol. */
export interface ExposureOverride {
  spec: SymbolSpec;
  buy: number;
  sell: number;
}

function exposures(acc: LiveAccount, override?: ExposureOverride): Map<string, SymbolExposure> {
  const out = new Map<string, SymbolExposure>();
  for (const pos of acc.positions.values()) {
    const r = pos.record;
    let e = out.get(r.symbol);
    if (!e) {
      e = { spec: pos.spec, buy: 0, sell: 0 };
      out.set(r.symbol, e);
    }
    if (r.orderType === "Buy") {
      e.buy += r.volume;
    } else {
      e.sell += r.volume;
    }
  }
  if (override) {
    out.set(override.spec.name, { spec: override.spec, buy: override.buy, sell: override.sell });
  }
  return out;
}

/** Buy and sell volume the account holds in `symbol`. */
export function exposureOf(acc: LiveAccount, symbol: string): { buy: number; sell: number } {
  let buy = 0;
  let sell = 0;
  for (const pos of acc.positions.values()) {
    if (pos.record.symbol === symbol) {
      if (pos.record.orderType === "Buy") {
        buy += pos.record.volume;
      } else {
        sell += pos.record.volume;
      }
    }
  }
  return { buy, sell };
}

/** The what-if exposure of `spec` after adding `volume` on `side` (netting: the net position). */
export function exposureAfter(
  acc: LiveAccount,
  spec: SymbolSpec,
  side: PositionSide,
  volume: number,
): ExposureOverride {
  const cur = exposureOf(acc, spec.name);
  let buy = cur.buy;
  let sell = cur.sell;
  if (acc.record.marginMode === "netting") {
    const net = buy - sell + (side === "Buy" ? volume : -volume);
    buy = Math.max(net, 0);
    sell = Math.max(-net, 0);
  } else if (side === "Buy") {
    buy += volume;
  } else {
    sell += volume;
  }
  return { spec, buy, sell };
}

/** Account margin in the deposit currency (unrounded), optionally with a what-if exposure. */
export function accountMargin(
  acc: LiveAccount,
  quotes: QuoteLookup,
  conv: Converter,
  override?: ExposureOverride,
): number {
  let margin = 0;
  const { currency, leverage } = acc.record;
  for (const e of exposures(acc, override).values()) {
    if (e.buy <= 0 && e.sell <= 0) {
      continue;
    }
    const q = quotes(e.spec.name);
    if (!q) {
      continue;
    }
    const raw = symbolMargin(e.spec, e.buy, e.sell, q, leverage);
    const rate = rateOf(conv, e.spec.marginCurrency, currency, quotes);
    if (rate !== undefined) {
      margin += raw * rate;
    }
  }
  return margin;
}

/**
 * Profit, swap, margin and equity of an account. `exact`: MT5 reporting (each position's profit
 * rounded to cents, margin rounded); otherwise unrounded, for sensitivities.
 */
export function evaluateAccount(
  acc: LiveAccount,
  quotes: QuoteLookup,
  conv: Converter,
  exact: boolean,
): AccountFigures {
  let profit = 0;
  let swap = 0;
  const currency = acc.record.currency;
  for (const pos of acc.positions.values()) {
    const p = floatingProfit(pos, quotes, conv, currency);
    profit += exact ? roundMoney(p) : p;
    swap += pos.record.swap;
  }
  let margin = accountMargin(acc, quotes, conv);
  if (exact) {
    profit = roundMoney(profit);
    swap = roundMoney(swap);
    margin = roundMoney(margin);
  }
  const equity = acc.record.balance + acc.record.credit + profit + swap;
  return { profit, swap, margin, equity: exact ? roundMoney(equity) : equity };
}

/** The symbols whose quotes an account's equity and margin depend on. */
export function dependencies(acc: LiveAccount, conv: Converter): Set<string> {
  const deps = new Set<string>();
  const currency = acc.record.currency;
  for (const pos of acc.positions.values()) {
    deps.add(pos.record.symbol);
    for (const ccy of [pos.spec.profitCurrency, pos.spec.marginCurrency]) {
      for (const leg of conv.path(ccy, currency) ?? []) {
        deps.add(leg.symbol);
      }
    }
  }
  return deps;
}

/** Where a band entry goes: which quote side and which direction fires it. */
export interface Band {
  symbol: string;
  side: "bid" | "ask";
  /** "down": fires when the price falls to `key`; "up": when it rises to `key`. */
  direction: "down" | "up";
  key: number;
}

const MAX_BAND_FRACTION = 0.05;

/**
 * Risk bands of an account for stop-out level `level` (percent). Returns [] when the account
 * has no positions; `headroom` ≤ 0 means the account is already at or below the level.
 */
export function riskBands(
  acc: LiveAccount,
  quotes: QuoteLookup,
  conv: Converter,
  specs: (symbol: string) => SymbolSpec | undefined,
  level: number,
): { headroom: number; bands: Band[] } {
  if (acc.positions.size === 0) {
    return { headroom: Number.POSITIVE_INFINITY, bands: [] };
  }
  const f = (look: QuoteLookup): number => {
    const fig = evaluateAccount(acc, look, conv, false);
    return fig.equity - (level / 100) * fig.margin;
  };
  const headroom = f(quotes);
  if (headroom <= 0) {
    return { headroom, bands: [] };
  }
  const terms: { symbol: string; side: "bid" | "ask"; d: number; price: number; point: number }[] =
    [];
  for (const symbol of dependencies(acc, conv)) {
    const q = quotes(symbol);
    const spec = specs(symbol);
    if (!q || !spec) {
      continue;
    }
    for (const side of ["bid", "ask"] as const) {
      const price = q[side];
      const h = Math.max(spec.point, price * 1e-5);
      const bumped: Quote = { ...q, [side]: price + h };
      const d = (f((s) => (s === symbol ? bumped : quotes(s))) - headroom) / h;
      if (Math.abs(d) > 1e-12) {
        terms.push({ symbol, side, d, price, point: spec.point });
      }
    }
  }
  const bands: Band[] = [];
  const budget = headroom / (2 * Math.max(1, terms.length));
  for (const t of terms) {
    let delta = Math.min(budget / Math.abs(t.d), t.price * MAX_BAND_FRACTION);
    delta = Math.max(delta, t.point);
    // d > 0: headroom shrinks when the price falls.
    if (t.d > 0) {
      bands.push({ symbol: t.symbol, side: t.side, direction: "down", key: t.price - delta });
    } else {
      bands.push({ symbol: t.symbol, side: t.side, direction: "up", key: t.price + delta });
    }
  }
  return { headroom, bands };
}

/** Side helper. */
export function opposite(side: PositionSide): PositionSide {
  return side === "Buy" ? "Sell" : "Buy";
}
