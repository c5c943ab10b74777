// Trading history of an account: paginated deals (one entry per execution leg, paired by
// positionTicket), paginated orders in a final state, positions closed in the current server day,
// and performance metrics. Handlers validate, call one HistoryService method, shape the envelope.
import { Elysia, t } from "elysia";
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../../../domain/trading/history.ts";
import { HistoryService } from "../../../services/history.ts";
import type { TradingService } from "../../../services/trading.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { ok } from "../../envelope.ts";
import { AccountIdParams, Int } from "../../models/common.ts";
import {
  OrderHistoryPageSchema,
  OrderHistoryResultSchema,
  PerformanceSchema,
  PositionRecordSchema,
} from "../../models/trading.ts";
import { SESSION_ERRORS } from "../../openapi/errors.ts";
import { operation } from "../../openapi/operation.ts";
import { documentedAs } from "../../openapi/schema.ts";

const Id = AccountIdParams;
/** Query values the handlers parse themselves (the spec fixes their messages). */
const Q = () => t.Optional(t.String({ maxLength: 64 }));
const SERVER_TIME = "broker server time `YYYY-MM-DDTHH:mm:ss` (else 400 `invalid date format`)";
const serverTime = (description: string, required: boolean, example: string) =>
  documentedAs(Q(), {
    schema: t.String({ description: `${description}, ${SERVER_TIME}`, examples: [example] }),
    required,
  });

/** The query of a paginated history (`from`, `to`, `page`, `per_page`); `what` is being paged. */
const pagedRangeQuery = (what: string, order: string) =>
  t.Object({
    from: serverTime("Start of the range, inclusive", true, "2026-11-01T00:00:00"),
    to: serverTime("End of the range, inclusive", true, "2026-11-30T23:59:59"),
    page: documentedAs(Q(), {
      schema: Int({
        minimum: 0,
        default: DEFAULT_PAGE,
        description: `0-based page number: page 0 is the first \`per_page\` ${what} (oldest first, by ${order} then ticket); a page past the end is empty`,
      }),
    }),
    per_page: documentedAs(Q(), {
      schema: Int({
        minimum: 1,
        maximum: MAX_PER_PAGE,
        default: DEFAULT_PER_PAGE,
        description: `${what[0]?.toUpperCase()}${what.slice(1)} per page, 1-${MAX_PER_PAGE}`,
      }),
    }),
  });

export function historyModule(deps: AuthDeps & { trading: TradingService }) {
  const history = new HistoryService(deps.trading);
  return new Elysia({ name: "module.history", prefix: "/api/accounts/:id", normalize: false })
    .use(authPlugin(deps))
    .get(
      "/orders/history/paginated",
      async ({ principal, params, query }) => ok(await history.deals(principal, params.id, query)),
      {
        apiKey: true,
        params: Id,
        query: pagedRangeQuery("deals", "timestampUTC"),
        detail: operation({
          id: "getOrderHistory",
          tag: "history",
          summary: "Deals between from and to, one per execution leg, paginated",
          description:
            "Every execution leg (deal) whose time lies in [from, to], oldest first; a position's opening and closing deals share its positionTicket. Each deal's placedType is its reason: OnSL, OnTP, OnStopOut when the broker closed the position, else Manually, ByExpert, …. The answer says which page it is and how many deals and pages there are; `action` 0 means the page is complete.",
          auth: "key",
          errors: SESSION_ERRORS,
          responses: { 200: OrderHistoryResultSchema },
        }),
      },
    )
    .get(
      "/history/orders",
      async ({ principal, params, query }) => ok(await history.orders(principal, params.id, query)),
      {
        apiKey: true,
        params: Id,
        query: pagedRangeQuery("orders", "setupTimestampUTC"),
        detail: operation({
          id: "listHistoryOrders",
          tag: "history",
          summary:
            "Orders placed between from and to that are done: filled, cancelled, expired, rejected",
          description:
            "Every order whose setup time lies in [from, to] and that has left the book (Filled, Cancelled, Expired or Rejected), oldest first: pending orders and market orders, and the broker's own closing orders (placedType OnSL, OnTP, OnStopOut). Resting pending orders are in `GET …/orders`. The same range, page and error rules as the deal history; `action` 0 means the page is complete.",
          auth: "key",
          errors: SESSION_ERRORS,
          responses: { 200: OrderHistoryPageSchema },
        }),
      },
    )
    .get(
      "/orders/closed-session",
      async ({ principal, params }) => ok(await history.closedSession(principal, params.id)),
      {
        apiKey: true,
        params: Id,
        detail: operation({
          id: "listClosedSessionOrders",
          tag: "history",
          summary: "Positions closed since 00:00 server time today",
          auth: "key",
          errors: SESSION_ERRORS,
          responses: { 200: t.Array(PositionRecordSchema) },
        }),
      },
    )
    .get(
      "/performance",
      async ({ principal, params, query }) =>
        ok(await history.performance(principal, params.id, query)),
      {
        apiKey: true,
        params: Id,
        query: t.Object({
          from: serverTime(
            "Start of the window (default: the beginning)",
            false,
            "2026-11-01T00:00:00",
          ),
          to: serverTime(
            "End of the window (default: now at the broker)",
            false,
            "2026-11-30T23:59:59",
          ),
        }),
        detail: operation({
          id: "getPerformance",
          tag: "history",
          summary: "Performance over the positions closed between from and to",
          auth: "key",
          errors: SESSION_ERRORS,
          responses: { 200: PerformanceSchema },
        }),
      },
    );
}
