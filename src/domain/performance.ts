// Trading performance over closed trades, and portfolio money totals.
//
// Owns the maths of spec §2.6 (performance metrics), §2.4/§2.5 (netProfit, portfolio totals)
// with the definitions of ARCHITECTURE §5. Pure: no I/O, no clock reads; callers pass the deals
// (spec §2.2 shape) and the window.
//
// Trades from deals:
// - Only trading deals count (type DealBuy or DealSell); balance, credit, commission and other
//   non-trading deals are ignored, as are deals with an unknown entry value.
// - Deals are grouped by positionTicket and replayed in time order (timestampUTC, then deal
//   ticket). Volumes are compared in units of 1e-8 lot, so float lots never leave a dust volume.
// - DealEntryIn opens a trade (or adds volume to the open one). DealEntryOut and DealEntryOutBy
//   reduce the volume; the deal that brings it to zero (or below) closes the trade. A position
//   that still has volume at the end of the input is open and does not count.
// - DealEntryInOut (netting reversal) closes the current trade and, with whatever volume exceeds
//   the closed volume, opens a new trade under the same positionTicket, opened at the reversal
//   deal's time. The reversal deal's whole profit, swap, commission and fee go to the closed
//   trade (MT5 books the realised profit of the closed part on that deal).
// - Incomplete history: exits whose opening deal is not in the input (it happened before the
//   fetched range) form a trade of unknown open time and unknown volume. Such a trade is closed
//   by its last exit deal in the input; it counts in every metric except the average duration.
// - A trade's result = Σ (profit + swap + commission + fee) over its deals.
//
// Window: `computePerformance(deals, { fromMs, toMs })` counts the trades whose closing deal's
// timestampUTC lies in [fromMs, toMs] (both inclusive, either bound optional). Deals before
// fromMs still matter: they open the trades that close inside the window.
//
// Rounding: money is accumulated exactly in integer millionths of the account currency (safe up
// to about 9·10^9 units) and rounded to 2 decimals (half away from zero) only when a metric is
// output; win_rate, profit_factor and avg_trade_duration_secs are rounded to 2 decimals too.
// Because of this, net_profit can differ from total_profit + total_loss by 0.01 when the inputs
// carry more than 2 decimals.

/** The deal fields performance needs (spec §2.2 Deal records satisfy it). */
export interface PerformanceDeal {
  /** Deal ticket; orders deals with the same timestamp. */
  ticket: number;
  /** The position the deal belongs to. */
  positionTicket: number;
  /** DealBuy, DealSell, DealBalance, … — only DealBuy/DealSell are trading legs. */
  type: string;
  /** DealEntryIn, DealEntryOut, DealEntryInOut or DealEntryOutBy. */
  entry: string;
  symbol: string;
  lots: number;
  profit: number;
  swap: number;
  commission: number;
  fee: number;
  /** Execution instant, UTC epoch milliseconds. */
  timestampUTC: number;
}

/** One closed trade, as replayed from its deals. */
export interface ClosedTrade {
  positionTicket: number;
  symbol: string;
  /** timestampUTC of the opening deal; null when the opening deal was not in the input. */
  openMs: number | null;
  /** timestampUTC of the deal that closed the trade. */
  closeMs: number;
  /** Ticket of the deal that closed the trade. */
  closeDealTicket: number;
  /** Σ profit + swap + commission + fee over the trade's deals, not rounded to cents. */
  result: number;
}

/** Spec §2.6 performance metrics. Money fields in account currency, 2 decimals. */
export interface PerformanceMetrics {
  total_trades: number;
  /** Trades with result > 0. */
  winning_trades: number;
  /** Trades with result < 0 (a zero result is in total_trades only). */
  losing_trades: number;
  /** winning_trades / total_trades in percent, 0–100; 0 when there are no trades. */
  win_rate: number;
  /** Σ results of winning trades (≥ 0). */
  total_profit: number;
  /** Σ results of losing trades (≤ 0). */
  total_loss: number;
  /** total_profit + total_loss. */
  net_profit: number;
  /** total_profit / |total_loss|; null when there is no loss. */
  profit_factor: number | null;
  /** Mean winning result; 0 when none. */
  avg_win: number;
  /** Mean losing result (negative); 0 when none. */
  avg_loss: number;
  /** Highest result; 0 when no trades. */
  best_trade: number;
  /** Lowest result (negative for a loss); 0 when no trades. */
  worst_trade: number;
  /** Mean of (close − open) in seconds over trades with a known open time; 0 when none. */
  avg_trade_duration_secs: number;
}

export interface PerformanceWindow {
  /** Inclusive lower bound on the closing deal's timestampUTC (ms). */
  fromMs?: number;
  /** Inclusive upper bound on the closing deal's timestampUTC (ms). */
  toMs?: number;
}

/** The money fields of a position record (spec §2.4). */
export interface PositionMoney {
  profit: number;
  swap: number;
  commission: number;
}

export interface PortfolioTotals {
  total_profit: number;
  total_swap: number;
  total_commission: number;
  position_count: number;
}

const TRADING_TYPES: ReadonlySet<string> = new Set(["DealBuy", "DealSell"]);
const MICRO_PER_UNIT = 1_000_000;
const VOLUME_UNITS_PER_LOT = 100_000_000;

/** Money to integer millionths. */
function toMicro(amount: number): number {
  return Math.round(amount * MICRO_PER_UNIT);
}

function lotsToUnits(lots: number): number {
  return Math.round(lots * VOLUME_UNITS_PER_LOT);
}

function withoutNegativeZero(value: number): number {
  return value === 0 ? 0 : value;
}

/** Rounds half away from zero to 2 decimals. */
function round2(value: number): number {
  const hundredths = Math.sign(value) * Math.round(Math.abs(value) * 100);
  return withoutNegativeZero(hundredths / 100);
}

/** Millionths (possibly fractional, e.g. a mean) to money rounded to cents. */
function microToMoney(micro: number): number {
  const cents = micro / 10_000;
  return withoutNegativeZero((Math.sign(cents) * Math.round(Math.abs(cents))) / 100);
}

function dealCashMicro(deal: PerformanceDeal): number {
  return toMicro(deal.profit) + toMicro(deal.swap) + toMicro(deal.commission) + toMicro(deal.fee);
}

function compareDeals(a: PerformanceDeal, b: PerformanceDeal): number {
  if (a.timestampUTC !== b.timestampUTC) {
    return a.timestampUTC - b.timestampUTC;
  }
  return a.ticket - b.ticket;
}

interface OpenTrade {
  openMs: number | null;
  resultMicro: number;
  /** Last exit deal seen, used to close a trade of unknown volume at the end of the input. */
  lastExit: PerformanceDeal | null;
}

interface TradeMicro {
  trade: ClosedTrade;
  resultMicro: number;
}

/** Replays one position's deals (already sorted) into its closed trades. */
function replayPosition(deals: readonly PerformanceDeal[], out: TradeMicro[]): void {
  let trade: OpenTrade | null = null;
  // Open volume in 1e-8 lots; null when unknown because the opening deal is missing.
  let volume: number | null = 0;

  const close = (open: OpenTrade, by: PerformanceDeal): void => {
    out.push({
      resultMicro: open.resultMicro,
      trade: {
        positionTicket: by.positionTicket,
        symbol: by.symbol,
        openMs: open.openMs,
        closeMs: by.timestampUTC,
        closeDealTicket: by.ticket,
        result: open.resultMicro / MICRO_PER_UNIT,
      },
    });
  };

  for (const deal of deals) {
    const units = lotsToUnits(deal.lots);
    const cash = dealCashMicro(deal);
    switch (deal.entry) {
      case "DealEntryIn": {
        if (trade === null) {
          trade = { openMs: deal.timestampUTC, resultMicro: 0, lastExit: null };
          volume = 0;
        }
        trade.resultMicro += cash;
        volume = volume === null ? null : volume + units;
        break;
      }
      case "DealEntryOut":
      case "DealEntryOutBy": {
        if (trade === null) {
          trade = { openMs: null, resultMicro: 0, lastExit: null };
          volume = null;
        }
        trade.resultMicro += cash;
        trade.lastExit = deal;
        if (volume !== null) {
          volume -= units;
          if (volume <= 0) {
            close(trade, deal);
            trade = null;
            volume = 0;
          }
        }
        break;
      }
      case "DealEntryInOut": {
        const current: OpenTrade = trade ?? { openMs: null, resultMicro: 0, lastExit: null };
        current.resultMicro += cash;
        close(current, deal);
        const remaining: number | null = volume === null || trade === null ? null : units - volume;
        if (remaining !== null && remaining <= 0) {
          trade = null;
          volume = 0;
        } else {
          trade = { openMs: deal.timestampUTC, resultMicro: 0, lastExit: null };
          volume = remaining;
        }
        break;
      }
      default:
        // Unknown entry value: not a leg we can place in a trade.
        break;
    }
  }

  if (trade !== null && volume === null && trade.lastExit !== null) {
    close(trade, trade.lastExit);
  }
}

function closedTradesMicro(deals: readonly PerformanceDeal[]): TradeMicro[] {
  const byPosition = new Map<number, PerformanceDeal[]>();
  for (const deal of deals) {
    if (!TRADING_TYPES.has(deal.type)) {
      continue;
    }
    const group = byPosition.get(deal.positionTicket);
    if (group === undefined) {
      byPosition.set(deal.positionTicket, [deal]);
    } else {
      group.push(deal);
    }
  }
  const out: TradeMicro[] = [];
  for (const group of byPosition.values()) {
    replayPosition([...group].sort(compareDeals), out);
  }
  out.sort(
    (a, b) =>
      a.trade.closeMs - b.trade.closeMs || a.trade.closeDealTicket - b.trade.closeDealTicket,
  );
  return out;
}

/**
 * The closed trades found in `deals` (rules in the header), ordered by closing time then closing
 * deal ticket. Results are exact to a millionth, not rounded to cents.
 */
export function closedTrades(deals: readonly PerformanceDeal[]): ClosedTrade[] {
  return closedTradesMicro(deals).map((t) => t.trade);
}

/** Spec §2.6 metrics over the trades whose closing deal lies in the window (see header). */
export function computePerformance(
  deals: readonly PerformanceDeal[],
  window: PerformanceWindow = {},
): PerformanceMetrics {
  const { fromMs, toMs } = window;
  const trades = closedTradesMicro(deals).filter(
    ({ trade }) =>
      (fromMs === undefined || trade.closeMs >= fromMs) &&
      (toMs === undefined || trade.closeMs <= toMs),
  );

  let winning = 0;
  let losing = 0;
  let profitMicro = 0;
  let lossMicro = 0;
  let bestMicro = Number.NEGATIVE_INFINITY;
  let worstMicro = Number.POSITIVE_INFINITY;
  let durationMsSum = 0;
  let durationCount = 0;
  for (const { trade, resultMicro } of trades) {
    if (resultMicro > 0) {
      winning += 1;
      profitMicro += resultMicro;
    } else if (resultMicro < 0) {
      losing += 1;
      lossMicro += resultMicro;
    }
    bestMicro = Math.max(bestMicro, resultMicro);
    worstMicro = Math.min(worstMicro, resultMicro);
    if (trade.openMs !== null) {
      durationMsSum += trade.closeMs - trade.openMs;
      durationCount += 1;
    }
  }

  const total = trades.length;
  return {
    total_trades: total,
    winning_trades: winning,
    losing_trades: losing,
    win_rate: total === 0 ? 0 : round2((winning / total) * 100),
    total_profit: microToMoney(profitMicro),
    total_loss: microToMoney(lossMicro),
    net_profit: microToMoney(profitMicro + lossMicro),
    profit_factor: lossMicro === 0 ? null : round2(profitMicro / -lossMicro),
    avg_win: winning === 0 ? 0 : microToMoney(profitMicro / winning),
    avg_loss: losing === 0 ? 0 : microToMoney(lossMicro / losing),
    best_trade: total === 0 ? 0 : microToMoney(bestMicro),
    worst_trade: total === 0 ? 0 : microToMoney(worstMicro),
    avg_trade_duration_secs: durationCount === 0 ? 0 : round2(durationMsSum / durationCount / 1000),
  };
}

/** Position detail netProfit (spec §4 rule 2): profit + swap + commission, 2 decimals. */
export function netProfit(position: PositionMoney): number {
  return microToMoney(
    toMicro(position.profit) + toMicro(position.swap) + toMicro(position.commission),
  );
}

/** Portfolio aggregates over the listed positions (spec §2.5), each rounded to 2 decimals. */
export function portfolioTotals(positions: readonly PositionMoney[]): PortfolioTotals {
  let profit = 0;
  let swap = 0;
  let commission = 0;
  for (const position of positions) {
    profit += toMicro(position.profit);
    swap += toMicro(position.swap);
    commission += toMicro(position.commission);
  }
  return {
    total_profit: microToMoney(profit),
    total_swap: microToMoney(swap),
    total_commission: microToMoney(commission),
    position_count: positions.length,
  };
}
