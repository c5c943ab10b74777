// Market data of an account's broker: market status of several symbols, OHLC bars, the trade
// session of a symbol, and the broker's server timezone.
import { Elysia, t } from "elysia";
import {
  ohlcQuery,
  parseSymbolList,
  serverTimezonePayload,
  toApiBar,
  tradeSessionPayload,
} from "../../../domain/trading/market.ts";
import type { TradingService } from "../../../services/trading.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { ok } from "../../envelope.ts";
import { validationError } from "../../errors.ts";
import { KEY_SECURITY } from "../../models/common.ts";

const Id = t.Object({ id: t.String({ maxLength: 64 }) });
const IdSymbol = t.Object({
  id: t.String({ maxLength: 64 }),
  symbol: t.String({ minLength: 1, maxLength: 32 }),
});
const Q = t.Optional(t.String({ maxLength: 64 }));
const detail = (summary: string) => ({ tags: ["market"], summary, security: KEY_SECURITY });

export function marketModule(deps: AuthDeps & { trading: TradingService }) {
  const svc = deps.trading;
  return new Elysia({ name: "module.market", prefix: "/api/accounts/:id", normalize: false })
    .use(authPlugin(deps))
    .get(
      "/market-status",
      async ({ principal, params, query }) => {
        const accountId = await svc.own(principal, params.id);
        const list = parseSymbolList(query.symbols);
        if (!list.ok) {
          throw validationError(list.field, list.message);
        }
        return ok(await svc.marketStatus(accountId, list.symbols));
      },
      {
        apiKey: true,
        params: Id,
        query: t.Object({ symbols: t.Optional(t.String({ maxLength: 2000 })) }),
        detail: detail("Tradeability, bid/ask and spread of symbols (?symbols=EURUSD,GBPUSD)"),
      },
    )
    .get(
      "/ohlc/:symbol",
      async ({ principal, params, query }) => {
        const accountId = await svc.own(principal, params.id);
        await svc.spec(accountId, params.symbol);
        const q = ohlcQuery(query);
        if (!q.ok) {
          throw validationError(q.field, q.message);
        }
        const bars = await svc.bars(accountId, params.symbol, q.timeframe, {
          ...(q.fromMs !== undefined ? { from: q.fromMs } : {}),
          ...(q.toMs !== undefined ? { to: q.toMs } : {}),
          count: q.count,
        });
        return ok(bars.map(toApiBar));
      },
      {
        apiKey: true,
        params: IdSymbol,
        query: t.Object({ timeframe: Q, from: Q, to: Q, count: Q }),
        detail: detail("OHLC bars (timeframe M1…MN1, from/to server time, count ≤ 5000)"),
      },
    )
    .get(
      "/trade-session/:symbol",
      async ({ principal, params }) => {
        const accountId = await svc.own(principal, params.id);
        const spec = await svc.spec(accountId, params.symbol);
        return ok(tradeSessionPayload(spec, (await svc.brokerTime(accountId)).time_ms));
      },
      {
        apiKey: true,
        params: IdSymbol,
        detail: detail("Whether the market is open now, and the weekly sessions"),
      },
    )
    .get(
      "/server-timezone",
      async ({ principal, params }) => {
        const accountId = await svc.own(principal, params.id);
        return ok(serverTimezonePayload((await svc.brokerTime(accountId)).time_ms));
      },
      { apiKey: true, params: Id, detail: detail("The broker server's timezone and current time") },
    );
}
