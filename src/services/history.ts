// An account's trading history as the API answers it: the paginated deal history, the paginated
// history of orders in a final state, the positions closed in the current server day and the
// performance over a window. Parses and checks the range and page (400s with the spec's
// messages), reads through TradingService (ownership, session) and pages with the pure rules of
// src/domain/trading/history.ts, so the route handlers call one method each.
import { AppError, validationError } from "../domain/errors.ts";
import {
  closedSessionRange,
  compareOrders,
  orderHistoryPage,
  orderHistoryResult,
  paginate,
  paginateDeals,
  parseHistoryRange,
} from "../domain/trading/history.ts";
import { toDeal } from "../domain/trading/records.ts";
import type { KeyPrincipal } from "./keys.ts";
import type { TradingService } from "./trading.ts";

/** A paginated range query as it arrives: every value still a string (or absent). */
export interface PagedRangeQuery {
  from?: string;
  to?: string;
  page?: string;
  per_page?: string;
}

/** `from`/`to` → UTC ms, or the 400 with the spec's messages. */
function rangeOf(query: { from?: string; to?: string }) {
  const range = parseHistoryRange(query.from, query.to);
  if (!range.ok) {
    // The spec fixes this message exactly: `invalid date format`.
    throw new AppError("VALIDATION_ERROR", range.message, { field: range.field });
  }
  return range;
}

export class HistoryService {
  constructor(private readonly trading: TradingService) {}

  /** Deals whose time lies in [from, to], oldest first, one page of them. */
  async deals(principal: KeyPrincipal, id: string, query: PagedRangeQuery) {
    const accountId = await this.trading.own(principal, id);
    const range = rangeOf(query);
    const deals = (await this.trading.deals(accountId, range.fromMs, range.toMs)).map(toDeal);
    const page = paginateDeals(deals, query.page, query.per_page);
    if (!page.ok) {
      throw validationError(page.field, page.message);
    }
    return {
      ...orderHistoryResult(page.items),
      page: page.page,
      per_page: page.perPage,
      total: page.total,
      total_pages: page.totalPages,
    };
  }

  /** Orders set up in [from, to] that have left the book, oldest first, one page of them. */
  async orders(principal: KeyPrincipal, id: string, query: PagedRangeQuery) {
    const accountId = await this.trading.own(principal, id);
    const range = rangeOf(query);
    const orders = await this.trading.historyOrders(accountId, range.fromMs, range.toMs);
    const page = paginate(orders, compareOrders, query.page, query.per_page);
    if (!page.ok) {
      throw validationError(page.field, page.message);
    }
    return orderHistoryPage(page);
  }

  /** Positions closed since 00:00 server time today (the broker's clock). */
  async closedSession(principal: KeyPrincipal, id: string) {
    const accountId = await this.trading.own(principal, id);
    const now = (await this.trading.brokerTime(accountId)).time_ms;
    const range = closedSessionRange(now);
    return this.trading.closedPositions(accountId, range.fromMs, range.toMs);
  }

  /** Performance over the positions closed between `from` and `to` (server time, optional). */
  async performance(principal: KeyPrincipal, id: string, query: { from?: string; to?: string }) {
    const accountId = await this.trading.own(principal, id);
    return this.trading.performanceBetween(accountId, query.from, query.to);
  }
}
