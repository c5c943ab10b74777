// The client trading API of an account: summary, portfolio, open orders and positions, placing,
// modifying, closing and cancelling orders, close-by, close-all, quotes and symbols. Handlers
// validate, call TradingService, and shape the envelope; broker rejections arrive as 422 errors.
import { Elysia, t } from "elysia";
import { translateModify, translateOrderRequest } from "../../../domain/trading/order-request.ts";
import type { IdempotencyService } from "../../../services/idempotency.ts";
import type { TradingService } from "../../../services/trading.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok, okRendered, renderedResponse } from "../../envelope.ts";
import { validationError } from "../../errors.ts";
import { Int, KEY_SECURITY, Text } from "../../models/common.ts";

const Id = t.Object({ id: t.String({ maxLength: 64 }) });
const IdTicket = t.Object({ id: t.String({ maxLength: 64 }), ticket: t.Integer({ minimum: 1 }) });
const IdSymbol = t.Object({
  id: t.String({ maxLength: 64 }),
  symbol: t.String({ minLength: 1, maxLength: 32 }),
});
const Price = t.Number({ minimum: 0, maximum: 1e9 });

/** Position / order record (spec §2.4); every field is listed in the spec and the docs. */
export const PositionRecordSchema = t.Object(
  {
    ticket: t.Integer(),
    symbol: t.String(),
    orderType: t.String(),
    lots: t.Number(),
    openPrice: t.Number(),
    state: t.String(),
  },
  { additionalProperties: true, $id: "#/components/schemas/PositionRecord" },
);
const DealSchema = t.Object(
  { ticket: t.Integer(), positionTicket: t.Integer(), type: t.String(), entry: t.String() },
  { additionalProperties: true, $id: "#/components/schemas/Deal" },
);
const Summary = t.Object(
  {
    login: t.Integer(),
    name: t.String(),
    server: t.String(),
    company: t.String(),
    currency: t.String(),
    leverage: t.Integer(),
    balance: t.Number(),
    credit: t.Number(),
    equity: t.Number(),
    margin: t.Number(),
    free_margin: t.Number(),
    margin_level: t.Number(),
    profit: t.Number(),
    margin_mode: t.Union([t.Literal("hedging"), t.Literal("netting")]),
    trade_allowed: t.Boolean(),
  },
  { $id: "#/components/schemas/AccountSummary" },
);
const Quote = t.Object({
  symbol: t.String(),
  bid: t.Number(),
  ask: t.Number(),
  timeMs: t.Number(),
});

export const PlaceOrderBody = t.Object(
  {
    symbol: t.String({ minLength: 1, maxLength: 32 }),
    side: t.Union([t.Literal("buy"), t.Literal("sell")]),
    type: t.Union([
      t.Literal("market"),
      t.Literal("limit"),
      t.Literal("stop"),
      t.Literal("stop_limit"),
    ]),
    volume: t.Number({ exclusiveMinimum: 0, maximum: 1e6 }),
    price: t.Optional(Price),
    stopLimitPrice: t.Optional(Price),
    stopLoss: t.Optional(Price),
    takeProfit: t.Optional(Price),
    slippage: t.Optional(Int({ minimum: 0, maximum: 100_000 })),
    comment: t.Optional(Text(31)),
    expertId: t.Optional(Int({ minimum: 0, maximum: 2 ** 53 - 1 })),
    fillPolicy: t.Optional(
      t.Union([
        t.Literal("FillOrKill"),
        t.Literal("ImmediateOrCancel"),
        t.Literal("FlashFill"),
        t.Literal("Any"),
      ]),
    ),
    expirationType: t.Optional(
      t.Union([
        t.Literal("GTC"),
        t.Literal("Today"),
        t.Literal("Specified"),
        t.Literal("SpecifiedDay"),
      ]),
    ),
    expirationTime: t.Optional(Text(19)),
    clientOrderId: t.Optional(Text(64)),
  },
  { additionalProperties: false },
);

const ModifyBody = t.Object(
  {
    stopLoss: t.Optional(Price),
    takeProfit: t.Optional(Price),
    price: t.Optional(Price),
    stopLimitPrice: t.Optional(Price),
    expirationType: t.Optional(
      t.Union([
        t.Literal("GTC"),
        t.Literal("Today"),
        t.Literal("Specified"),
        t.Literal("SpecifiedDay"),
      ]),
    ),
    expirationTime: t.Optional(Text(19)),
  },
  { additionalProperties: false, minProperties: 1 },
);

const detail = (summary: string) => ({ tags: ["trading"], summary, security: KEY_SECURITY });

export function tradingModule(
  deps: AuthDeps & { trading: TradingService; idempotency: IdempotencyService },
) {
  const svc = deps.trading;
  const idem = deps.idempotency;
  return new Elysia({ name: "module.trading", prefix: "/api/accounts/:id", normalize: false })
    .use(authPlugin(deps))
    .get(
      "/summary",
      async ({ principal, params, set }) =>
        okRendered(set, await svc.rendered(await svc.own(principal, params.id), "summary")),
      {
        apiKey: true,
        params: Id,
        detail: {
          ...detail("Account summary (balance, equity, margin…)"),
          ...renderedResponse(Summary),
        },
      },
    )
    .get(
      "/portfolio",
      async ({ principal, params, set }) =>
        okRendered(set, await svc.rendered(await svc.own(principal, params.id), "portfolio")),
      {
        apiKey: true,
        params: Id,
        detail: {
          ...detail("Account summary with open positions and their totals"),
          ...renderedResponse(
            t.Object({
              account: Summary,
              positions: t.Array(PositionRecordSchema),
              position_count: t.Integer(),
              total_profit: t.Number(),
              total_swap: t.Number(),
              total_commission: t.Number(),
            }),
          ),
        },
      },
    )
    .get(
      "/orders",
      async ({ principal, params, set }) =>
        okRendered(set, await svc.rendered(await svc.own(principal, params.id), "open")),
      {
        apiKey: true,
        params: Id,
        detail: {
          ...detail("Open positions and pending orders"),
          ...renderedResponse(t.Array(PositionRecordSchema)),
        },
      },
    )
    .post(
      "/orders",
      async ({ principal, params, body, set, headers }) => {
        const accountId = await svc.own(principal, params.id);
        const answer = await idem.run(
          {
            keyId: principal.keyId,
            header: headers["idempotency-key"],
            method: "POST",
            path: `/api/accounts/${accountId}/orders`,
            body,
          },
          async () => {
            const spec = await svc.spec(accountId, body.symbol);
            const translated = translateOrderRequest(body, spec);
            if (!translated.ok) {
              throw validationError(translated.field, translated.message);
            }
            return {
              status: 201,
              body: ok(
                await svc.placeOrder(accountId, translated.request as Record<string, unknown>),
              ),
            };
          },
        );
        set.status = answer.status;
        return answer.body as never;
      },
      {
        apiKey: true,
        params: Id,
        body: PlaceOrderBody,
        response: { 201: Envelope(PositionRecordSchema) },
        detail: detail(
          "Place an order (market or pending); data.ticket is the position ticket for market orders",
        ),
      },
    )
    .get(
      "/orders/intents/:clientOrderId",
      async ({ principal, params }) =>
        ok(await svc.intent(await svc.own(principal, params.id), params.clientOrderId)),
      {
        apiKey: true,
        params: t.Object({
          id: t.String({ maxLength: 64 }),
          clientOrderId: t.String({ minLength: 1, maxLength: 64 }),
        }),
        detail: detail(
          "What became of an order intent (journaled before sending; reconciled with the broker after a 504)",
        ),
      },
    )
    .put(
      "/orders/:ticket",
      async ({ principal, params, body }) => {
        const accountId = await svc.own(principal, params.id);
        const translated = translateModify(body, await svc.kindOf(accountId, params.ticket));
        if (!translated.ok) {
          throw validationError(translated.field, translated.message);
        }
        return ok(
          await svc.modify(accountId, params.ticket, translated.changes as Record<string, unknown>),
        );
      },
      {
        apiKey: true,
        params: IdTicket,
        body: ModifyBody,
        detail: detail("Modify SL/TP of a position, or price/SL/TP/expiration of a pending order"),
      },
    )
    .delete(
      "/orders/:ticket",
      async ({ principal, params, query }) =>
        ok(
          await svc.closeOrCancel(await svc.own(principal, params.id), params.ticket, query.volume),
        ),
      {
        apiKey: true,
        params: IdTicket,
        query: t.Object({ volume: t.Optional(t.Number({ exclusiveMinimum: 0, maximum: 1e6 })) }),
        detail: detail("Close a position (partially with ?volume=) or cancel a pending order"),
      },
    )
    .get(
      "/positions/:ticket",
      async ({ principal, params }) =>
        ok(await svc.position(await svc.own(principal, params.id), params.ticket)),
      {
        apiKey: true,
        params: IdTicket,
        detail: detail("One open position with netProfit = profit + swap + commission"),
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
        detail: detail("Both legs (all deals) of a position"),
      },
    )
    .post(
      "/positions/:ticket/close-by",
      async ({ principal, params, body }) =>
        ok(await svc.closeBy(await svc.own(principal, params.id), params.ticket, body.byTicket)),
      {
        apiKey: true,
        params: IdTicket,
        body: t.Object({ byTicket: Int({ minimum: 1 }) }, { additionalProperties: false }),
        detail: detail("Close a position by an opposite one (hedging accounts)"),
      },
    )
    .post(
      "/close-all",
      async ({ principal, params }) => ok(await svc.closeAll(await svc.own(principal, params.id))),
      {
        apiKey: true,
        params: Id,
        detail: detail("Close every open position; each ticket is reported in closed or failed"),
      },
    )
    .get(
      "/quote/:symbol",
      async ({ principal, params }) =>
        ok(await svc.quote(await svc.own(principal, params.id), params.symbol)),
      {
        apiKey: true,
        params: IdSymbol,
        response: { 200: Envelope(Quote) },
        detail: detail("Latest quote of a symbol"),
      },
    )
    .get(
      "/symbols",
      async ({ principal, params }) =>
        ok([...(await svc.symbolSpecs(await svc.own(principal, params.id))).values()]),
      {
        apiKey: true,
        params: Id,
        detail: detail("Symbols the account's broker offers, with their specs"),
      },
    )
    .get(
      "/symbols/:symbol",
      async ({ principal, params }) =>
        ok(await svc.spec(await svc.own(principal, params.id), params.symbol)),
      { apiKey: true, params: IdSymbol, detail: detail("One symbol's full specification") },
    );
}
