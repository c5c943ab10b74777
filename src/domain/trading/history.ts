// Deal history: the `from`/`to` range of `orders/history/paginated`, its pagination, the spec §2.3
// OrderHistoryResult, the closed-session window and pairing deals by position; the order history
// (`history/orders`) uses the same range and page rules.
//
// Owns: query parsing (server-time strings via parseServerTime; the spec's exact message
// `invalid date format`), the stable deal order (timestampUTC, then ticket) and page maths. Pure:
// no I/O, no clock reads (the caller passes "now").
//
// Rules:
// - from and to are both required, `YYYY-MM-DDTHH:mm:ss` broker server time; a missing one →
//   `Invalid 'from': is required` (as the framework names any missing required field), a
//   malformed value (or an impossible date such as month 13, or "") → `invalid date format`;
//   from > to is an error too; the range [from, to] includes both ends (from = to is one instant).
// - page: integer ≥ 0, default 0 (0-based). per_page: integer 1..1000, default 50. Query values
//   may arrive as strings ("2") or numbers; "", "1.5", "-1", "1e3" are errors. A page past the end
//   is an empty page, not an error.
// - pairDealsByPosition ignores deals with positionTicket 0 (balance and other non-position
//   operations).

import { parseServerTime, serverDayStart } from "../../mt5/server-time.ts";
import type { FieldError } from "./field-error.ts";
import type { ApiDeal, ApiHistoryOrder } from "./records.ts";

/** The spec's message for a bad `from`/`to`. */
export const INVALID_DATE_FORMAT = "invalid date format";
export const DEFAULT_PAGE = 0;
export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 1000;

export type HistoryRange = { ok: true; fromMs: number; toMs: number } | FieldError;

/** A range in UTC ms, both ends inclusive. */
export interface TimeRange {
  fromMs: number;
  toMs: number;
}

/** The message for a required query value that is absent (the edge's wording for any field). */
export const requiredMessage = (field: string): string => `Invalid '${field}': is required`;

/** `from`/`to` query values → UTC ms range (see header). */
export function parseHistoryRange(from: unknown, to: unknown): HistoryRange {
  if (from === undefined) {
    return { ok: false, field: "from", message: requiredMessage("from") };
  }
  if (to === undefined) {
    return { ok: false, field: "to", message: requiredMessage("to") };
  }
  const fromMs = typeof from === "string" ? parseServerTime(from) : null;
  if (fromMs === null) {
    return { ok: false, field: "from", message: INVALID_DATE_FORMAT };
  }
  const toMs = typeof to === "string" ? parseServerTime(to) : null;
  if (toMs === null) {
    return { ok: false, field: "to", message: INVALID_DATE_FORMAT };
  }
  if (fromMs > toMs) {
    return { ok: false, field: "from", message: "from must not be later than to" };
  }
  return { ok: true, fromMs, toMs };
}

/** A non-negative integer from a query value; undefined when absent; null when malformed (""). */
function queryInteger(value: unknown): number | undefined | null {
  if (value === undefined) {
    return undefined;
  }
  if (typeof value === "number") {
    return Number.isSafeInteger(value) && value >= 0 ? value : null;
  }
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) {
    return Number(value);
  }
  return null;
}

export interface PageRequest {
  page: number;
  perPage: number;
}

/** `page` / `per_page` query values (see header). */
export function parsePageQuery(
  page: unknown,
  perPage: unknown,
): ({ ok: true } & PageRequest) | FieldError {
  const p = queryInteger(page);
  if (p === null) {
    return { ok: false, field: "page", message: "page must be a whole number, 0 or more" };
  }
  const n = queryInteger(perPage);
  if (n === null || n === 0 || (n !== undefined && n > MAX_PER_PAGE)) {
    return {
      ok: false,
      field: "per_page",
      message: `per_page must be a whole number from 1 to ${MAX_PER_PAGE}`,
    };
  }
  return { ok: true, page: p ?? DEFAULT_PAGE, perPage: n ?? DEFAULT_PER_PAGE };
}

/** One page of deals with the totals a client needs to walk the pages. */
export interface DealPage<T> {
  ok: true;
  items: T[];
  page: number;
  perPage: number;
  /** Deals over all pages. */
  total: number;
  /** ceil(total / perPage); 0 when there are no deals. */
  totalPages: number;
}

/** Stable deal order: timestampUTC, then ticket. */
export function compareDeals(
  a: { timestampUTC: number; ticket: number },
  b: { timestampUTC: number; ticket: number },
): number {
  return a.timestampUTC - b.timestampUTC || a.ticket - b.ticket;
}

/**
 * Sorts a copy of `deals` stably (timestampUTC, then ticket) and cuts page `page` (0-based) of
 * `perPage`. page/perPage are raw query values or numbers; defaults 0 and 50, per_page ≤ 1000.
 */
export function paginateDeals<T extends { timestampUTC: number; ticket: number }>(
  deals: readonly T[],
  page?: unknown,
  perPage?: unknown,
): DealPage<T> | FieldError {
  return paginate(deals, compareDeals, page, perPage);
}

/** Stable order of the order history: setupTimestampUTC, then ticket. */
export function compareOrders(
  a: { setupTimestampUTC: number; ticket: number },
  b: { setupTimestampUTC: number; ticket: number },
): number {
  return a.setupTimestampUTC - b.setupTimestampUTC || a.ticket - b.ticket;
}

/** Sorts a copy of `items` by `compare` and cuts page `page` (0-based) of `perPage` (as above). */
export function paginate<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  page?: unknown,
  perPage?: unknown,
): DealPage<T> | FieldError {
  const q = parsePageQuery(page, perPage);
  if (!q.ok) {
    return q;
  }
  const sorted = [...items].sort(compare);
  const start = q.page * q.perPage;
  return {
    ok: true,
    items: start >= sorted.length ? [] : sorted.slice(start, start + q.perPage),
    page: q.page,
    perPage: q.perPage,
    total: sorted.length,
    totalPages: Math.ceil(sorted.length / q.perPage),
  };
}

/** Spec §2.3 OrderHistoryResult. */
export interface OrderHistoryResult {
  /** Informational action code: 0 = the page is complete (always 0 here). */
  action: number;
  internalDeals: ApiDeal[];
}

export function orderHistoryResult(deals: ApiDeal[]): OrderHistoryResult {
  return { action: 0, internalDeals: deals };
}

/** A page of the order history (`GET …/history/orders`): orders in a final state. */
export interface OrderHistoryPage {
  /** Informational action code: 0 = the page is complete (always 0 here). */
  action: number;
  orders: ApiHistoryOrder[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

/** The order-history answer of one page. */
export function orderHistoryPage(p: DealPage<ApiHistoryOrder>): OrderHistoryPage {
  return {
    action: 0,
    orders: p.items,
    page: p.page,
    per_page: p.perPage,
    total: p.total,
    total_pages: p.totalPages,
  };
}

/** The current trading session for closed-session: 00:00 server time today .. now. */
export function closedSessionRange(nowMs: number): TimeRange {
  return { fromMs: serverDayStart(nowMs), toMs: nowMs };
}

/** A deal as the broker (timeMs) or the API (timestampUTC) has it. */
export type PairableDeal = { ticket: number; positionTicket: number } & (
  | { timeMs: number }
  | { timestampUTC: number }
);

function timeOf(d: PairableDeal): number {
  return "timeMs" in d ? d.timeMs : d.timestampUTC;
}

/**
 * Deals grouped by positionTicket (0 skipped), each group in time-then-ticket order; the map's
 * iteration order is the order of each position's first deal.
 */
export function pairDealsByPosition<T extends PairableDeal>(deals: readonly T[]): Map<number, T[]> {
  const sorted = [...deals].sort((a, b) => timeOf(a) - timeOf(b) || a.ticket - b.ticket);
  const out = new Map<number, T[]>();
  for (const d of sorted) {
    if (d.positionTicket === 0) {
      continue;
    }
    const group = out.get(d.positionTicket);
    if (group === undefined) {
      out.set(d.positionTicket, [d]);
    } else {
      group.push(d);
    }
  }
  return out;
}

/** The deals of one position (both legs, time-then-ticket order): `positions/{ticket}/fills`. */
export function dealsOfPosition<T extends PairableDeal>(
  deals: readonly T[],
  positionTicket: number,
): T[] {
  return (
    pairDealsByPosition(deals.filter((d) => d.positionTicket === positionTicket)).get(
      positionTicket,
    ) ?? []
  );
}
