// Market data of an account's broker: market status of several symbols, OHLC bars, the trade
// session of a symbol, and the broker's server timezone.
import { Elysia, t } from "elysia";
import { validationError } from "../../../domain/errors.ts";
import {
  DEFAULT_BAR_COUNT,
  MAX_BAR_COUNT,
  MAX_SYMBOLS,
  ohlcQuery,
  parseSymbolList,
  serverTimezonePayload,
  toApiBar,
  tradeSessionPayload,
} from "../../../domain/trading/market.ts";
import type { TradingService } from "../../../services/trading.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { ok } from "../../envelope.ts";
import { AccountIdParams, Int } from "../../models/common.ts";
import {
  BarSchema,
  MarketStatusItemSchema,
  ServerTimezoneSchema,
  TimeframeSchema,
  TradeSessionSchema,
} from "../../models/trading.ts";
import { SESSION_ERRORS } from "../../openapi/errors.ts";
import { operation } from "../../openapi/operation.ts";
import { documentedAs } from "../../openapi/schema.ts";

const Id = AccountIdParams;
const IdSymbol = t.Object({
  id: Id.properties.id,
  symbol: t.String({ minLength: 1, maxLength: 32, description: "Symbol name, e.g. EURUSD" }),
});
/** Query values the handlers parse themselves (with their own messages). */
const Q = () => t.Optional(t.String({ maxLength: 64 }));
const serverTime = (description: string) =>
  documentedAs(Q(), {
    schema: t.String({
      description: `${description}, broker server time \`YYYY-MM-DDTHH:mm:ss\` (else 400 \`invalid date format\`)`,
    }),
  });

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
        query: t.Object({
          symbols: documentedAs(t.Optional(t.String({ maxLength: 2000 })), {
            schema: t.String({
              maxLength: 2000,
              description: `Comma-separated symbol names, 1 to ${MAX_SYMBOLS} distinct (e.g. EURUSD,GBPUSD)`,
              examples: ["EURUSD,GBPUSD"],
            }),
            required: true,
          }),
        }),
        detail: operation({
          id: "getMarketStatus",
          tag: "market",
          summary: "Tradeability, bid/ask and spread of symbols",
          auth: "key",
          errors: ["SYMBOL_NOT_FOUND", ...SESSION_ERRORS],
          responses: { 200: t.Array(MarketStatusItemSchema) },
        }),
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
        query: t.Object({
          timeframe: documentedAs(Q(), { schema: TimeframeSchema, required: true }),
          from: serverTime("Range start (bar open time)"),
          to: serverTime("Range end (bar open time)"),
          count: documentedAs(Q(), {
            schema: Int({
              minimum: 1,
              maximum: MAX_BAR_COUNT,
              default: DEFAULT_BAR_COUNT,
              description: "How many bars, at most",
            }),
          }),
        }),
        detail: operation({
          id: "getOhlc",
          tag: "market",
          summary: "OHLC bars of a symbol",
          auth: "key",
          errors: ["SYMBOL_NOT_FOUND", ...SESSION_ERRORS],
          responses: { 200: t.Array(BarSchema) },
        }),
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
        detail: operation({
          id: "getTradeSession",
          tag: "market",
          summary: "Whether the market is open now for the symbol, and its weekly sessions",
          auth: "key",
          errors: ["SYMBOL_NOT_FOUND", ...SESSION_ERRORS],
          responses: { 200: TradeSessionSchema },
        }),
      },
    )
    .get(
      "/server-timezone",
      async ({ principal, params }) => {
        const accountId = await svc.own(principal, params.id);
        return ok(serverTimezonePayload((await svc.brokerTime(accountId)).time_ms));
      },
      {
        apiKey: true,
        params: Id,
        detail: operation({
          id: "getServerTimezone",
          tag: "market",
          summary: "The broker server's timezone and current time",
          auth: "key",
          errors: SESSION_ERRORS,
          responses: { 200: ServerTimezoneSchema },
        }),
      },
    );
}
