// The TradeGateway the EA host pool calls for OrderSend/OrderSendAsync/OrderCheck/HistorySelect:
// trade requests go through the same session methods as REST orders (journaled, counted against
// the trade limits) and come back as an MqlTradeResult with a fresh snapshot.
import type { TradeOutcome } from "../../broker/connector.ts";
import { isEaActive } from "../../domain/ea-lifecycle.ts";
import { AppError } from "../../domain/errors.ts";
import {
  describeRateLimit,
  RETCODE_TOO_MANY_REQUESTS,
  type RefusalKind,
  refusalKindOf,
} from "../../domain/trade-limits.ts";
import type { TradeAnswer, TradeCall, TradeGateway } from "../../ea/host-pool.ts";
import {
  dealToWire,
  mqlRequestToOperation,
  orderToWire,
  positionToWire,
  RETCODE,
  serverSecondsToUtcMs,
  type TradeOperation,
} from "../../ea/trade-translation.ts";
import { errorText, type Json, type Live } from "./live.ts";
import { type EaInstanceOptions, limitOrdersOf } from "./types.ts";
import { brokerAccountToWire, outcomeToMql, refusedResult } from "./wire.ts";

/** What the gateway needs from the service that runs the instances. */
export interface TradeGatewayHost {
  /** The in-memory instance making a call. */
  live(instanceId: string): Live | undefined;
  /** A trade request of the instance was refused (10024 or 10033): counts toward stopping it. */
  refused(live: Live, kind: RefusalKind): void;
}

export class EaTradeGateway implements TradeGateway {
  constructor(
    private readonly opts: Pick<EaInstanceOptions, "sessions" | "journal" | "tradeLimits">,
    private readonly host: TradeGatewayHost,
  ) {}

  async call(call: TradeCall): Promise<TradeAnswer> {
    const live = this.host.live(call.instanceId);
    if (!live || !isEaActive(live.status)) {
      return { error: "the EA instance is not running" };
    }
    const sessions = this.opts.sessions;
    try {
      if (call.kind === "HistorySelect") {
        const from = numberOf(call.payload.from);
        const to = numberOf(call.payload.to);
        const deals = await sessions.call(live.accountId, "deals", {
          from: serverSecondsToUtcMs(from),
          to: serverSecondsToUtcMs(to),
        });
        return { deals: deals.map(dealToWire), orders: [] };
      }
      const t = mqlRequestToOperation(call.payload, { login: live.login, placedType: "ByExpert" });
      if (!t.ok) {
        return { result: { retcode: t.retcode, comment: t.comment } };
      }
      if (call.kind === "OrderCheck" && t.operation.op === "sendOrder") {
        // New deals and pending orders: the broker validates and values them without executing.
        const c = await sessions.call(live.accountId, "checkOrder", {
          request: withoutLogin(t.operation.request),
        });
        return {
          result: c.ok
            ? {
                retcode: 0,
                balance: c.balance,
                equity: c.equity,
                profit: c.profit,
                margin: c.margin,
                margin_free: c.freeMargin,
                margin_level: c.marginLevel,
                comment: "Done",
              }
            : { retcode: c.retcode, comment: c.message },
        };
      }
      if (call.kind === "OrderCheck") {
        // Modifications, closes and deletions add no margin: the account as it stands.
        const a = await sessions.call(live.accountId, "summary");
        return {
          result: {
            retcode: 0,
            balance: a.balance,
            equity: a.equity,
            profit: a.profit,
            margin: a.margin,
            margin_free: a.freeMargin,
            margin_level: a.marginLevel,
            comment: "Done",
          },
        };
      }
      // A trade request for the broker: counted against the EA's and the account's trade rate
      // first; a refused one is neither journaled nor sent.
      const admission = this.opts.tradeLimits?.rate.admit(live.accountId, live.id);
      if (admission && !admission.allowed) {
        this.host.refused(live, "rate");
        return {
          result: refusedResult(
            live.lastQuote,
            RETCODE_TOO_MANY_REQUESTS,
            `too many trade requests: the limit is ${describeRateLimit(admission.scope, admission.limit)}`,
          ),
        };
      }
      const outcome = await this.sendOperation(live.accountId, t.operation);
      if (!outcome.ok) {
        const kind = refusalKindOf(outcome.retcode);
        if (kind) {
          this.host.refused(live, kind);
        }
      }
      const snapshot = await this.refreshSnapshot(live);
      if (outcome.ok) {
        snapshot.deals = outcome.deals.map(dealToWire);
      }
      return { result: outcomeToMql(outcome, live.lastQuote), snapshot };
    } catch (err) {
      const code = err instanceof AppError ? err.code : "INTERNAL_ERROR";
      // TRADE_RETCODE_CONNECTION (10031) when the session is down, else TRADE_RETCODE_ERROR.
      const retcode =
        code === "SESSION_NOT_CONNECTED" || code === "BROKER_UNAVAILABLE" ? 10031 : RETCODE.ERROR;
      return { result: refusedResult(live.lastQuote, retcode, errorText(err)) };
    }
  }

  /** Sends an EA's trade operation to the account's session (orders are journaled first). */
  private async sendOperation(accountId: string, op: TradeOperation): Promise<TradeOutcome> {
    const sessions = this.opts.sessions;
    switch (op.op) {
      case "sendOrder": {
        const request = withoutLogin(op.request);
        const journal = this.opts.journal;
        const limitOrders = limitOrdersOf(this.opts);
        return journal
          ? (
              await journal.sendJournaled(accountId, request, (sent) =>
                sessions.call(accountId, "sendOrder", { request: sent, limitOrders }),
              )
            ).outcome
          : sessions.call(accountId, "sendOrder", { request, limitOrders });
      }
      case "closePosition":
        return sessions.call(accountId, op.op, withoutLogin(op.request));
      case "modifyPosition":
        return sessions.call(accountId, op.op, withoutLogin(op.request));
      case "modifyOrder":
        return sessions.call(accountId, op.op, withoutLogin(op.request));
      case "cancelOrder":
        return sessions.call(accountId, op.op, withoutLogin(op.request));
      case "closeBy":
        return sessions.call(accountId, op.op, withoutLogin(op.request));
      default: {
        const unhandled: never = op;
        throw new Error(`unknown trade operation ${JSON.stringify(unhandled)}`);
      }
    }
  }

  /** Fresh positions/orders/account after a trade call (also refreshes the mirror). */
  private async refreshSnapshot(live: Live): Promise<Json> {
    const s = this.opts.sessions;
    const [positions, orders, account] = await Promise.all([
      s.call(live.accountId, "positions"),
      s.call(live.accountId, "orders"),
      s.call(live.accountId, "summary"),
    ]);
    live.positions = new Map(positions.map((p) => [p.ticket, p]));
    live.orders = new Map(orders.map((o) => [o.ticket, o]));
    return {
      positions: positions.map(positionToWire),
      orders: orders.map(orderToWire),
      account: brokerAccountToWire(account, limitOrdersOf(this.opts)),
    };
  }
}

function numberOf(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** The request without its login (the session's account is implied) and undefined fields. */
function withoutLogin<T extends { login: number }>(request: T): Omit<T, "login"> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(request)) {
    if (k !== "login" && v !== undefined) {
      out[k] = v;
    }
  }
  return out as Omit<T, "login">;
}
