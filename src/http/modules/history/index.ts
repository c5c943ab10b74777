// Trading history of an account: paginated deals (one entry per execution leg, paired by
// positionTicket), positions closed in the current server day, and performance metrics.
import { Elysia, t } from "elysia";
import {
  closedSessionRange,
  orderHistoryResult,
  paginateDeals,
  parseHistoryRange,
} from "../../../domain/trading/history.ts";
import { toDeal } from "../../../domain/trading/records.ts";
import type { TradingService } from "../../../services/trading.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { ok } from "../../envelope.ts";
import { AppError, validationError } from "../../errors.ts";
import { KEY_SECURITY } from "../../models/common.ts";

const Id = t.Object({ id: t.String({ maxLength: 64 }) });
const Q = t.Optional(t.String({ maxLength: 64 }));
const detail = (summary: string) => ({ tags: ["history"], summary, security: KEY_SECURITY });

export function historyModule(deps: AuthDeps & { trading: TradingService }) {
  const svc = deps.trading;
  return new Elysia({ name: "module.history", prefix: "/api/accounts/:id", normalize: false })
    .use(authPlugin(deps))
    .get(
      "/orders/history/paginated",
      async ({ principal, params, query }) => {
        const accountId = await svc.own(principal, params.id);
        const range = parseHistoryRange(query.from, query.to);
        if (!range.ok) {
          // The spec fixes this message exactly: `invalid date format`.
          throw new AppError("VALIDATION_ERROR", range.message, { field: range.field });
        }
        const deals = (await svc.deals(accountId, range.fromMs, range.toMs)).map(toDeal);
        const page = paginateDeals(deals, query.page, query.per_page);
        if (!page.ok) {
          throw validationError(page.field, page.message);
        }
        return ok({
          ...orderHistoryResult(page.items),
          page: page.page,
          per_page: page.perPage,
          total: page.total,
          total_pages: page.totalPages,
        });
      },
      {
        apiKey: true,
        params: Id,
        query: t.Object({ from: Q, to: Q, page: Q, per_page: Q }),
        detail: detail(
          "Deals between from and to (server time YYYY-MM-DDTHH:mm:ss), one per execution leg, paginated (per_page ≤ 1000)",
        ),
      },
    )
    .get(
      "/orders/closed-session",
      async ({ principal, params }) => {
        const accountId = await svc.own(principal, params.id);
        const now = (await svc.brokerTime(accountId)).time_ms;
        const range = closedSessionRange(now);
        return ok(await svc.closedPositions(accountId, range.fromMs, range.toMs));
      },
      {
        apiKey: true,
        params: Id,
        detail: detail("Positions closed since 00:00 server time today"),
      },
    )
    .get(
      "/performance",
      async ({ principal, params, query }) => {
        const accountId = await svc.own(principal, params.id);
        return ok(await svc.performanceBetween(accountId, query.from, query.to));
      },
      {
        apiKey: true,
        params: Id,
        query: t.Object({ from: Q, to: Q }),
        detail: detail("Performance over positions closed between from and to (server time)"),
      },
    );
}
