/**
 * Margin of one new order in the deposit currency (OrderCalcMargin, CAccountInfo.MarginCheck…).
 *
 * Exists because EAs size positions from OrderCalcMargin before sending, and the answer must be
 * the one the demo broker will charge. The runtime cannot import the broker, so this transcribes
 * its formulas (src/broker/engine/money.ts `marginPerLot`, risk.ts `accountMargin`): per lot in
 * the margin currency by ENUM_SYMBOL_CALC_MODE, then converted into the deposit currency through
 * the held quotes exactly as the broker converts (a direct pair FROM/TO at its bid, the inverse
 * pair at 1/ask, otherwise two legs through USD), rounded to the account's currency digits.
 *
 * | calc mode | margin per order (margin currency) |
 * |---|---|
 * | FOREX | lots × contract size / leverage × rate |
 * | FOREX_NO_LEVERAGE | lots × contract size × rate |
 * | CFD, EXCH_STOCKS(_MOEX), EXCH_BONDS(_MOEX) | lots × contract size × price × rate |
 * | CFDLEVERAGE | lots × contract size × price / leverage × rate |
 * | CFDINDEX | lots × price × tick value / tick size × rate (the broker's form; already deposit currency, since the runtime's tick values are) |
 * | FUTURES, EXCH_FUTURES(_FORTS) | lots × SYMBOL_MARGIN_INITIAL × rate |
 * | SERV_COLLATERAL | 0 |
 *
 * `rate` is the symbol's `margin_rate` (default 1), `price` the order's price (0: the current ask
 * for buy types, bid for sell types). Like MT5's OrderCalcMargin the order is valued alone:
 * open positions and hedging are not taken into account.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { ENUM_SYMBOL_CALC_MODE as CM } from "./constants.ts";
import type { SymbolState, TradeState } from "./state.ts";

const mode = (name: string): number => CM[name] ?? -1;

/** Margin in the margin currency (`deposit: true`: already in the deposit currency). */
export function marginOf(
  s: SymbolState,
  buy: boolean,
  volume: number,
  orderPrice: number,
  leverage: number,
): { amount: number; deposit: boolean } | undefined {
  const spec = s.spec;
  const price = orderPrice > 0 ? orderPrice : buy ? s.tick.ask : s.tick.bid;
  const rate = spec.margin_rate;
  const size = spec.contract_size;
  const lev = leverage > 0 ? leverage : Number.NaN;
  let amount: number;
  let deposit = false;
  switch (spec.calc_mode) {
    case mode("SYMBOL_CALC_MODE_FOREX"):
      amount = ((volume * size) / lev) * rate;
      break;
    case mode("SYMBOL_CALC_MODE_FOREX_NO_LEVERAGE"):
      amount = volume * size * rate;
      break;
    case mode("SYMBOL_CALC_MODE_CFD"):
    case mode("SYMBOL_CALC_MODE_EXCH_STOCKS"):
    case mode("SYMBOL_CALC_MODE_EXCH_STOCKS_MOEX"):
    case mode("SYMBOL_CALC_MODE_EXCH_BONDS"):
    case mode("SYMBOL_CALC_MODE_EXCH_BONDS_MOEX"):
      amount = volume * size * price * rate;
      break;
    case mode("SYMBOL_CALC_MODE_CFDLEVERAGE"):
      amount = ((volume * size * price) / lev) * rate;
      break;
    case mode("SYMBOL_CALC_MODE_CFDINDEX"):
      amount =
        spec.tick_size > 0 ? ((volume * price * spec.tick_value) / spec.tick_size) * rate : NaN;
      deposit = true;
      break;
    case mode("SYMBOL_CALC_MODE_FUTURES"):
    case mode("SYMBOL_CALC_MODE_EXCH_FUTURES"):
    case mode("SYMBOL_CALC_MODE_EXCH_FUTURES_FORTS"):
      amount = volume * spec.margin_initial * rate;
      break;
    case mode("SYMBOL_CALC_MODE_SERV_COLLATERAL"):
      amount = 0;
      break;
    default:
      return undefined;
  }
  return Number.isFinite(amount) ? { amount, deposit } : undefined;
}

function pairQuote(
  state: TradeState,
  from: string,
  to: string,
): { symbol: SymbolState; invert: boolean } | undefined {
  for (const s of state.symbols.values()) {
    const { currency_base: base, currency_profit: profit } = s.spec;
    if (base === from && profit === to && s.tick.bid > 0) {
      return { symbol: s, invert: false };
    }
  }
  for (const s of state.symbols.values()) {
    const { currency_base: base, currency_profit: profit } = s.spec;
    if (base === to && profit === from && s.tick.ask > 0) {
      return { symbol: s, invert: true };
    }
  }
  return undefined;
}

/** Multiplier converting `from` money into `to` at the held quotes; undefined without a path. */
export function conversionRate(state: TradeState, from: string, to: string): number | undefined {
  if (from === to || from === "" || to === "") {
    return 1;
  }
  const leg = (a: string, b: string): number | undefined => {
    const q = pairQuote(state, a, b);
    if (!q) {
      return undefined;
    }
    return q.invert ? 1 / q.symbol.tick.ask : q.symbol.tick.bid;
  };
  const direct = leg(from, to);
  if (direct !== undefined) {
    return direct;
  }
  const a = leg(from, "USD");
  const b = leg("USD", to);
  return a !== undefined && b !== undefined ? a * b : undefined;
}

/** OrderCalcMargin's value for order type `type` (ORDER_TYPE_*); undefined if it cannot be known. */
export function orderMargin(
  state: TradeState,
  s: SymbolState,
  type: number,
  volume: number,
  price: number,
): number | undefined {
  const a = state.account;
  const m = marginOf(s, type % 2 === 0, volume, price, a.leverage);
  if (!m) {
    return undefined;
  }
  const rate = m.deposit ? 1 : conversionRate(state, s.spec.currency_margin, a.currency);
  if (rate === undefined) {
    return undefined;
  }
  const p = 10 ** Math.max(0, Math.min(8, a.currency_digits));
  const v = m.amount * rate;
  return (Math.sign(v) * Math.round(Math.abs(v) * p + 1e-7)) / p;
}
