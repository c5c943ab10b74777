// The client trading API of an account: summary, portfolio, open orders and positions, placing,
// modifying, closing and cancelling orders, close-by, close-all, quotes and symbols. Handlers
// validate, call one method (TradingService, or commands.ts for the idempotent and translated
// trade commands), and shape the envelope; broker rejections arrive as 422 errors.
import { Elysia, t } from "elysia";
import type { IdempotencyService } from "../../../services/idempotency.ts";
import type { TradingService } from "../../../services/trading.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok, okRendered } from "../../envelope.ts";
import { AccountIdParams, Int, Text } from "../../models/common.ts";
import {
  AccountSummarySchema,
  CloseAllResultSchema,
  CloseByResultSchema,
  CloseResultSchema,
  DealSchema,
  OrderIntentSchema,
  OrderResultSchema,
  PortfolioSchema,
  PositionDetailSchema,
  PositionRecordSchema,
  QuoteSchema,
  SymbolSpecSchema,
} from "../../models/trading.ts";
import { SESSION_ERRORS, TRADE_ERRORS } from "../../openapi/errors.ts";
import { operation } from "../../openapi/operation.ts";
import { named } from "../../openapi/schema.ts";
import { TradeCommands } from "./commands.ts";

const Id = AccountIdParams;
// Tickets are bounded to safe integers: `1e308` is an integer to JSON Schema, and reached the
// broker's bigint columns as a query error.
const TICKET_MAX = Number.MAX_SAFE_INTEGER;
const IdTicket = t.Object({
  id: Id.properties.id,
  ticket: t.Integer({
    minimum: 1,
    maximum: TICKET_MAX,
    description: "Position or order ticket",
  }),
});
const IdSymbol = t.Object({
  id: Id.properties.id,
  symbol: t.String({ minLength: 1, maxLength: 32, description: "Symbol name, e.g. EURUSD" }),
});
const Price = { minimum: 0, maximum: 1e9 } as const;
const EXPIRATION_TYPES = t.Union(
  [t.Literal("GTC"), t.Literal("Today"), t.Literal("Specified"), t.Literal("SpecifiedDay")],
  { description: "Default GTC; Specified/SpecifiedDay need expirationTime" },
);

export const PlaceOrderBody = named(
  "PlaceOrderRequest",
  t.Object(
    {
      symbol: t.String({ minLength: 1, maxLength: 32 }),
      side: t.Union([t.Literal("buy"), t.Literal("sell")]),
      type: t.Union(
        [t.Literal("market"), t.Literal("limit"), t.Literal("stop"), t.Literal("stop_limit")],
        { description: "market executes now; the others rest as pending orders" },
      ),
      volume: t.Number({ exclusiveMinimum: 0, maximum: 1e6, description: "Lots" }),
      price: t.Optional(
        t.Number({ ...Price, description: "Order price (limit, stop, stop_limit)" }),
      ),
      stopLimitPrice: t.Optional(
        t.Number({ ...Price, description: "stop_limit: the limit price once the stop triggers" }),
      ),
      stopLoss: t.Optional(t.Number({ ...Price, description: "0 or absent: none" })),
      takeProfit: t.Optional(t.Number({ ...Price, description: "0 or absent: none" })),
      slippage: t.Optional(Int({ minimum: 0, maximum: 100_000, description: "Points" })),
      comment: t.Optional(Text(31)),
      expertId: t.Optional(Int({ minimum: 0, maximum: 2 ** 53 - 1, description: "Magic number" })),
      fillPolicy: t.Optional(
        t.Union(
          [
            t.Literal("FillOrKill"),
            t.Literal("ImmediateOrCancel"),
            t.Literal("FlashFill"),
            t.Literal("Any"),
          ],
          { description: "Default Any: the first the symbol allows" },
        ),
      ),
      expirationType: t.Optional(EXPIRATION_TYPES),
      expirationTime: t.Optional(
        Text(19, { description: "Broker server time `YYYY-MM-DDTHH:mm:ss`" }),
      ),
      clientOrderId: t.Optional(
        Text(64, { description: "Your id for the order (journaled; default a generated tas-…)" }),
      ),
    },
    { additionalProperties: false },
  ),
);

const ModifyBody = named(
  "ModifyOrderRequest",
  t.Object(
    {
      stopLoss: t.Optional(t.Number({ ...Price, description: "0: remove" })),
      takeProfit: t.Optional(t.Number({ ...Price, description: "0: remove" })),
      price: t.Optional(t.Number({ ...Price, description: "Pending orders only" })),
      stopLimitPrice: t.Optional(t.Number({ ...Price, description: "Stop-limit orders only" })),
      expirationType: t.Optional(EXPIRATION_TYPES),
      expirationTime: t.Optional(
        Text(19, { description: "Broker server time `YYYY-MM-DDTHH:mm:ss`" }),
      ),
    },
    {
      additionalProperties: false,
      minProperties: 1,
      description: "A position takes stopLoss/takeProfit; a pending order any of these",
    },
  ),
);

const CloseByBody = named(
  "CloseByRequest",
  t.Object(
    {
      byTicket: Int({
        minimum: 1,
        maximum: TICKET_MAX,
        description: "The opposite position to close this one by",
      }),
    },
    { additionalProperties: false },
  ),
);

export function tradingModule(
  deps: AuthDeps & { trading: TradingService; idempotency: IdempotencyService },
) {
  const svc = deps.trading;
  const commands = new TradeCommands(svc, deps.idempotency);
  return new Elysia({ name: "module.trading", prefix: "/api/accounts/:id", normalize: false })
    .use(authPlugin(deps))
    .get(
      "/summary",
      async ({ principal, params, set }) =>
        okRendered(set, await svc.rendered(await svc.own(principal, params.id), "summary")),
      {
        apiKey: true,
        params: Id,
        detail: operation({
          id: "getAccountSummary",
          tag: "trading",
          summary: "Account summary (balance, equity, margin…)",
          auth: "key",
          errors: SESSION_ERRORS,
          responses: { 200: AccountSummarySchema },
        }),
      },
    )
    .get(
      "/portfolio",
      async ({ principal, params, set }) =>
        okRendered(set, await svc.rendered(await svc.own(principal, params.id), "portfolio")),
      {
        apiKey: true,
        params: Id,
        detail: operation({
          id: "getPortfolio",
          tag: "trading",
          summary: "Account summary with open positions and their totals",
          auth: "key",
          errors: SESSION_ERRORS,
          responses: { 200: PortfolioSchema },
        }),
      },
    )
    .get(
      "/orders",
      async ({ principal, params, set }) =>
        okRendered(set, await svc.rendered(await svc.own(principal, params.id), "open")),
      {
        apiKey: true,
        params: Id,
        detail: operation({
          id: "listOpenOrders",
          tag: "trading",
          summary: "Open positions and pending orders",
          description: "Open positions first (oldest first), then resting pending orders.",
          auth: "key",
          errors: SESSION_ERRORS,
          responses: { 200: t.Array(PositionRecordSchema) },
        }),
      },
    )
    .post(
      "/orders",
      async ({ principal, params, body, set, headers }) => {
        const answer = await commands.placeOrder(
          principal,
          params.id,
          body,
          headers["idempotency-key"],
        );
        set.status = answer.status;
        return answer.body as never;
      },
      {
        apiKey: true,
        params: Id,
        body: PlaceOrderBody,
        response: { 201: Envelope(OrderResultSchema) },
        detail: operation({
          id: "placeOrder",
          tag: "trading",
          summary: "Place an order (market or pending)",
          description:
            "The order is journaled with its clientOrderId before it is sent. A market order answers the position it opened (data.ticket is the position ticket), a pending order the order. Send an Idempotency-Key to retry safely.",
          auth: "key",
          idempotent: true,
          errors: ["SYMBOL_NOT_FOUND", "LIMIT_ORDERS", ...TRADE_ERRORS],
        }),
      },
    )
    .get(
      "/orders/intents/:clientOrderId",
      async ({ principal, params }) =>
        ok(await svc.intent(await svc.own(principal, params.id), params.clientOrderId)),
      {
        apiKey: true,
        params: t.Object({
          id: Id.properties.id,
          clientOrderId: t.String({ minLength: 1, maxLength: 64 }),
        }),
        detail: operation({
          id: "getOrderIntent",
          tag: "trading",
          summary: "What became of an order intent",
          description:
            "Orders are journaled before they are sent; after a 504 TRADE_OUTCOME_UNKNOWN the intent is reconciled with the broker when the session reconnects.",
          auth: "key",
          errors: ["ORDER_NOT_FOUND"],
          responses: { 200: OrderIntentSchema },
        }),
      },
    )
    .put(
      "/orders/:ticket",
      async ({ principal, params, body }) =>
        ok(await commands.modify(principal, params.id, params.ticket, body)),
      {
        apiKey: true,
        params: IdTicket,
        body: ModifyBody,
        detail: operation({
          id: "modifyOrder",
          tag: "trading",
          summary: "Modify SL/TP of a position, or price/SL/TP/expiration of a pending order",
          auth: "key",
          errors: ["ORDER_NOT_FOUND", ...TRADE_ERRORS],
          responses: { 200: PositionRecordSchema },
        }),
      },
    )
    .delete(
      "/orders/:ticket",
      async ({ principal, params, query, headers, set }) => {
        const answer = await commands.closeOrCancel(
          principal,
          params.id,
          params.ticket,
          query.volume,
          headers["idempotency-key"],
        );
        set.status = answer.status;
        return answer.body as never;
      },
      {
        apiKey: true,
        params: IdTicket,
        query: t.Object({
          volume: t.Optional(
            t.Number({
              exclusiveMinimum: 0,
              maximum: 1e6,
              description: "Lots to close (a partial close); default the whole position",
            }),
          ),
        }),
        detail: operation({
          id: "closeOrder",
          tag: "trading",
          summary: "Close a position (partially with ?volume=) or cancel a pending order",
          auth: "key",
          idempotent: true,
          errors: ["ORDER_NOT_FOUND", ...TRADE_ERRORS],
          responses: { 200: CloseResultSchema },
        }),
      },
    )
    .get(
      "/positions/:ticket",
      async ({ principal, params }) =>
        ok(await svc.position(await svc.own(principal, params.id), params.ticket)),
      {
        apiKey: true,
        params: IdTicket,
        detail: operation({
          id: "getPosition",
          tag: "trading",
          summary: "One open position with netProfit = profit + swap + commission",
          auth: "key",
          errors: ["POSITION_NOT_FOUND", ...SESSION_ERRORS],
          responses: { 200: PositionDetailSchema },
        }),
      },
    )
    .get(
      "/positions/:ticket/fills",
      async ({ principal, params }) =>
        ok(await svc.fills(await svc.own(principal, params.id), params.ticket)),
      {
        apiKey: true,
        params: IdTicket,
        response: { 200: Envelope(t.Array(DealSchema)) },
        detail: operation({
          id: "listPositionFills",
          tag: "trading",
          summary: "Both legs (all deals) of a position, open or closed",
          auth: "key",
          errors: ["POSITION_NOT_FOUND", ...SESSION_ERRORS],
        }),
      },
    )
    .post(
      "/positions/:ticket/close-by",
      async ({ principal, params, body }) =>
        ok(await svc.closeBy(await svc.own(principal, params.id), params.ticket, body.byTicket)),
      {
        apiKey: true,
        params: IdTicket,
        body: CloseByBody,
        detail: operation({
          id: "closeBy",
          tag: "trading",
          summary: "Close a position by an opposite one (hedging accounts)",
          auth: "key",
          errors: TRADE_ERRORS,
          responses: { 200: CloseByResultSchema },
        }),
      },
    )
    .post(
      "/close-all",
      async ({ principal, params, headers, set }) => {
        const answer = await commands.closeAll(principal, params.id, headers["idempotency-key"]);
        set.status = answer.status;
        return answer.body as never;
      },
      {
        apiKey: true,
        params: Id,
        detail: operation({
          id: "closeAll",
          tag: "trading",
          summary: "Close every open position; each ticket is reported in closed or failed",
          description:
            "Counts as one trade request against the account's trade rate. A position the broker refuses to close is reported in `failed` with the reason; the answer is still 200.",
          auth: "key",
          idempotent: true,
          errors: [...SESSION_ERRORS, "TOO_MANY_REQUESTS"],
          responses: { 200: CloseAllResultSchema },
        }),
      },
    )
    .get(
      "/quote/:symbol",
      async ({ principal, params }) =>
        ok(await svc.quote(await svc.own(principal, params.id), params.symbol)),
      {
        apiKey: true,
        params: IdSymbol,
        response: { 200: Envelope(QuoteSchema) },
        detail: operation({
          id: "getQuote",
          tag: "trading",
          summary: "Latest quote of a symbol",
          auth: "key",
          errors: ["SYMBOL_NOT_FOUND", ...SESSION_ERRORS],
        }),
      },
    )
    .get(
      "/symbols",
      async ({ principal, params }) =>
        ok(await svc.accountSymbols(await svc.own(principal, params.id))),
      {
        apiKey: true,
        params: Id,
        detail: operation({
          id: "listSymbols",
          tag: "trading",
          summary: "Symbols the account's broker offers, with their specs",
          auth: "key",
          errors: SESSION_ERRORS,
          responses: { 200: t.Array(SymbolSpecSchema) },
        }),
      },
    )
    .get(
      "/symbols/:symbol",
      async ({ principal, params }) =>
        ok((await svc.accountSymbols(await svc.own(principal, params.id), params.symbol))[0]),
      {
        apiKey: true,
        params: IdSymbol,
        detail: operation({
          id: "getSymbol",
          tag: "trading",
          summary: "One symbol's full specification",
          auth: "key",
          errors: ["SYMBOL_NOT_FOUND", ...SESSION_ERRORS],
          responses: { 200: SymbolSpecSchema },
        }),
      },
    );
}
