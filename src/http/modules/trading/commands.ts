// The trading module's commands — place an order, modify, close or cancel a ticket, close
// everything — as one method each, so the route handlers only validate, call one method and set
// the status. Placing and closing run under their Idempotency-Key (a retry answers the stored
// outcome), are journaled with their intent, and are answered from the broker's record when the
// process that ran them died before answering (the recoverers registered here); a modification
// is translated against what the ticket is (position or pending order).
//
// It lives in the HTTP layer because what it stores and replays is the rendered answer (status
// and envelope); the trading rules stay in TradingService.
import { validationError } from "../../../domain/errors.ts";
import {
  type ModifyOrderBody,
  type PlaceOrderBody,
  translateModify,
  translateOrderRequest,
} from "../../../domain/trading/order-request.ts";
import type { IdempotencyService, IdempotentAnswer } from "../../../services/idempotency.ts";
import type { KeyPrincipal } from "../../../services/keys.ts";
import type { TradingService } from "../../../services/trading.ts";
import { ok } from "../../envelope.ts";

export class TradeCommands {
  constructor(
    private readonly svc: TradingService,
    private readonly idem: IdempotencyService,
  ) {
    // A command whose process died before answering is answered from the broker's record.
    idem.setRecoverer("close", async (intent) => {
      const record = await svc.recoverClose(intent);
      return record === null
        ? { notExecuted: true }
        : { answer: { status: 200, body: ok(record) } };
    });
    idem.setRecoverer("order", async (intent) => {
      const record = await svc.recoverOrder(intent);
      return record === null
        ? { notExecuted: true }
        : { answer: { status: 201, body: ok(record) } };
    });
  }

  /** POST /api/accounts/{id}/orders: 201 with the position (market) or the order (pending). */
  async placeOrder(
    principal: KeyPrincipal,
    id: string,
    body: PlaceOrderBody & { symbol: string },
    idempotencyKey: string | undefined,
  ): Promise<IdempotentAnswer> {
    const accountId = await this.svc.own(principal, id);
    const clientOrderId = body.clientOrderId ?? this.svc.newClientOrderId();
    return this.idem.run(
      {
        keyId: principal.keyId,
        header: idempotencyKey,
        method: "POST",
        path: `/api/accounts/${accountId}/orders`,
        body,
        kind: "order",
        intent: { accountId, clientOrderId },
      },
      async () => {
        const spec = await this.svc.spec(accountId, body.symbol);
        const translated = translateOrderRequest(body, spec);
        if (!translated.ok) {
          throw validationError(translated.field, translated.message);
        }
        const placed = await this.svc.placeOrder(accountId, {
          ...translated.request,
          clientOrderId,
        });
        return { status: 201, body: ok(placed) };
      },
    );
  }

  /** PUT /api/accounts/{id}/orders/{ticket}: SL/TP of a position, or a pending order's terms. */
  async modify(principal: KeyPrincipal, id: string, ticket: number, body: ModifyOrderBody) {
    const accountId = await this.svc.own(principal, id);
    const translated = translateModify(body, await this.svc.kindOf(accountId, ticket));
    if (!translated.ok) {
      throw validationError(translated.field, translated.message);
    }
    return this.svc.modify(accountId, ticket, translated.changes);
  }

  /** DELETE /api/accounts/{id}/orders/{ticket}: closes a position (or part) or cancels an order. */
  async closeOrCancel(
    principal: KeyPrincipal,
    id: string,
    ticket: number,
    volume: number | undefined,
    idempotencyKey: string | undefined,
  ): Promise<IdempotentAnswer> {
    const accountId = await this.svc.own(principal, id);
    const clientOrderId = this.svc.newClientOrderId();
    return this.idem.run(
      {
        keyId: principal.keyId,
        header: idempotencyKey,
        method: "DELETE",
        path: `/api/accounts/${accountId}/orders/${ticket}`,
        body: { volume: volume ?? null },
        kind: "close",
        intent: { accountId, ticket, clientOrderId },
      },
      async () => ({
        status: 200,
        body: ok(await this.svc.closeOrCancel(accountId, ticket, volume, clientOrderId)),
      }),
    );
  }

  /** POST /api/accounts/{id}/close-all: every open position, each reported closed or failed. */
  async closeAll(
    principal: KeyPrincipal,
    id: string,
    idempotencyKey: string | undefined,
  ): Promise<IdempotentAnswer> {
    const accountId = await this.svc.own(principal, id);
    return this.idem.run(
      {
        keyId: principal.keyId,
        header: idempotencyKey,
        method: "POST",
        path: `/api/accounts/${accountId}/close-all`,
        body: null,
        kind: "close_all",
        intent: { accountId },
      },
      async () => ({ status: 200, body: ok(await this.svc.closeAll(accountId)) }),
    );
  }
}
