// Spec §2.8 close-all result from the outcome of each position's close request.
//
// Owns: the partition (each ticket lands in exactly one of `closed` / `failed`, in input order,
// totals equal the array lengths) and the `result` objects. Pure: no I/O.
//
// `result` of a closed item: {retcode, deals: [deal tickets of the close], lots (Σ closed lots),
// price (volume-weighted close price, 0 without deals), profit (Σ realised profit, 2 decimals)}.
// `result` of a failed item: {code, message, retcode}: a broker rejection uses the code and
// message of rejections.ts (e.g. MARKET_CLOSED, retcode 10018); a failure without a broker answer
// (SESSION_NOT_CONNECTED, TRADE_OUTCOME_UNKNOWN, …) keeps its own code with retcode 0.

import type { DealRecord } from "../../mt5/vocabulary.ts";
import { brokerRejectionToError } from "./rejections.ts";

/** What closing one position came to. */
export type CloseOutcome =
  | { ok: true; retcode: number; deals?: readonly DealRecord[] }
  /** A broker rejection: `retcode` > 0 and `reason` a broker reason. */
  | { ok: false; reason: string; retcode: number; message: string }
  /** No broker answer: `code` is the service's error code. */
  | { ok: false; code: string; message: string };

export interface CloseAllItem {
  ticket: number;
  symbol: string;
  outcome: CloseOutcome;
}

export interface ClosedResult {
  retcode: number;
  deals: number[];
  lots: number;
  price: number;
  profit: number;
}

export interface FailedResult {
  code: string;
  message: string;
  retcode: number;
}

export interface CloseAllResult {
  closed: { ticket: number; symbol: string; result: ClosedResult }[];
  failed: { ticket: number; symbol: string; result: FailedResult }[];
  total_closed: number;
  total_failed: number;
}

const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  const r = (Math.sign(value) * Math.round(Math.abs(value) * f)) / f;
  return r === 0 ? 0 : r;
};

function closedResult(retcode: number, deals: readonly DealRecord[]): ClosedResult {
  let lots = 0;
  let notional = 0;
  let profit = 0;
  for (const d of deals) {
    lots += d.volume;
    notional += d.volume * d.price;
    profit += d.profit;
  }
  return {
    retcode,
    deals: deals.map((d) => d.ticket),
    lots: round(lots, 8),
    price: lots > 0 ? round(notional / lots, 10) : 0,
    profit: round(profit, 2),
  };
}

function failedResult(outcome: Exclude<CloseOutcome, { ok: true }>): FailedResult {
  if ("reason" in outcome) {
    const e = brokerRejectionToError(outcome.reason, outcome.retcode, outcome.message);
    return { code: e.code, message: e.message, retcode: outcome.retcode };
  }
  return { code: outcome.code, message: outcome.message, retcode: 0 };
}

/** Spec §2.8 result (see header). */
export function closeAllResult(items: readonly CloseAllItem[]): CloseAllResult {
  const out: CloseAllResult = { closed: [], failed: [], total_closed: 0, total_failed: 0 };
  for (const { ticket, symbol, outcome } of items) {
    if (outcome.ok) {
      out.closed.push({
        ticket,
        symbol,
        result: closedResult(outcome.retcode, outcome.deals ?? []),
      });
    } else {
      out.failed.push({ ticket, symbol, result: failedResult(outcome) });
    }
  }
  out.total_closed = out.closed.length;
  out.total_failed = out.failed.length;
  return out;
}
