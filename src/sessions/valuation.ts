// Valuation of a session's mirror from the quotes it receives, as an MT5 terminal values its
// positions between trades: each position's floating profit and current price, and the account's
// equity, margin, free margin, margin level and profit, computed with the demo broker engine's own
// pure formulas (src/broker/engine/risk.ts over money.ts) so the figures equal the broker's at the
// same quotes to the cent. The broker's summary stays authoritative for balance and credit: it
// comes with every trade event, and valuation only re-derives the quote-dependent figures.
// Pure: no I/O.
import type { BrokerAccount, PositionRecord, Quote, SymbolSpec } from "../broker/connector.ts";
import { type LiveAccount, newAccount } from "../broker/engine/model.ts";
import { Converter, closePrice, roundMoney } from "../broker/engine/money.ts";
import { dependencies, evaluateAccount, floatingProfit } from "../broker/engine/risk.ts";

export type QuoteOf = (symbol: string) => Quote | undefined;

/** What a valuation changed: the account (null: unchanged or not valued) and the positions. */
export interface MirrorValuation {
  readonly account: BrokerAccount | null;
  readonly positions: PositionRecord[];
}

const converters = new WeakMap<ReadonlyMap<string, SymbolSpec>, Converter>();

/** The currency converter of a symbol catalog (the engine builds its own from the same specs). */
function converterOf(specs: ReadonlyMap<string, SymbolSpec>): Converter {
  let conv = converters.get(specs);
  if (!conv) {
    conv = new Converter([...specs.values()]);
    converters.set(specs, conv);
  }
  return conv;
}

/** The engine's account shape over the mirror; null when a held symbol is not in the catalog. */
function liveAccount(
  account: BrokerAccount,
  positions: Iterable<PositionRecord>,
  specs: ReadonlyMap<string, SymbolSpec>,
): LiveAccount | null {
  const acc = newAccount({
    login: account.login,
    name: account.name,
    group: account.group,
    currency: account.currency,
    leverage: account.leverage,
    marginMode: account.marginMode,
    balance: account.balance,
    credit: account.credit,
    marginCallLevel: account.marginCallLevel,
    stopOutLevel: account.stopOutLevel,
    tradeAllowed: account.tradeAllowed,
    createdMs: 0,
  });
  for (const record of positions) {
    const spec = specs.get(record.symbol);
    if (!spec) {
      return null;
    }
    acc.positions.set(record.ticket, { record, spec, account: acc, sl: undefined, tp: undefined });
  }
  return acc;
}

/**
 * The symbols whose quotes the valuation depends on: the held symbols and the conversion legs of
 * their profit and margin currencies into the deposit currency. Null when a held symbol is not in
 * the catalog (the mirror then keeps the broker's figures).
 */
export function valuationSymbols(
  account: BrokerAccount,
  positions: Iterable<PositionRecord>,
  specs: ReadonlyMap<string, SymbolSpec>,
): Set<string> | null {
  const acc = liveAccount(account, positions, specs);
  return acc ? dependencies(acc, converterOf(specs)) : null;
}

/**
 * Values the positions (and, with `withAccount`, the account summary) at `quotes`, as the engine's
 * `positions()` and `summary()` do. Returns what changed, or null when the catalog lacks a held
 * symbol or a quote the valuation needs is missing (the mirror keeps the broker's figures).
 */
export function valueMirror(
  account: BrokerAccount,
  positions: Iterable<PositionRecord>,
  quotes: QuoteOf,
  specs: ReadonlyMap<string, SymbolSpec>,
  withAccount: boolean,
): MirrorValuation | null {
  const acc = liveAccount(account, positions, specs);
  if (!acc) {
    return null;
  }
  const conv = converterOf(specs);
  for (const symbol of dependencies(acc, conv)) {
    if (!quotes(symbol)) {
      return null;
    }
  }
  const changed: PositionRecord[] = [];
  for (const pos of acc.positions.values()) {
    const r = pos.record;
    const q = quotes(r.symbol);
    if (r.state !== "Filled" || !q) {
      continue;
    }
    const profit = roundMoney(floatingProfit(pos, quotes, conv, account.currency));
    const priceCurrent = closePrice(r.orderType, q);
    if (profit !== r.profit || priceCurrent !== r.priceCurrent) {
      changed.push({ ...r, profit, priceCurrent });
    }
  }
  let valued: BrokerAccount | null = null;
  if (withAccount) {
    const fig = evaluateAccount(acc, quotes, conv, true);
    const marginLevel = fig.margin > 0 ? roundMoney((fig.equity / fig.margin) * 100) : 0;
    const freeMargin = roundMoney(fig.equity - fig.margin);
    const profit = roundMoney(fig.profit + fig.swap);
    if (
      fig.equity !== account.equity ||
      fig.margin !== account.margin ||
      freeMargin !== account.freeMargin ||
      marginLevel !== account.marginLevel ||
      profit !== account.profit
    ) {
      valued = {
        ...account,
        equity: fig.equity,
        margin: fig.margin,
        freeMargin,
        marginLevel,
        profit,
      };
    }
  }
  return { account: valued, positions: changed };
}
