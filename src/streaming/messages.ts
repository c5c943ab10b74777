// The /ws wire vocabulary (server → client) and the pure mappings that build it: broker account →
// summary view, engine trade events → trade messages (placed / filled / modified / cancelled /
// expired / rejected orders, opened / modified / closed positions with the close reason, deals
// with their reason).
// Pure: no I/O, no Elysia, no Bun APIs. Field names follow ARCHITECTURE §5 (camelCase trading
// records, snake_case service records).

import type { DealRecord, OrderRecord, PositionRecord, TradeEvent } from "../broker/connector.ts";
import { type AccountSummaryView, toAccountSummaryView } from "../domain/trading/account.ts";
import {
  type ApiDeal,
  type ApiPositionRecord,
  type RecordSymbol,
  toClosedPositionRecord,
  toDeal,
  toPendingOrderRecord,
  toPositionRecord,
} from "../domain/trading/records.ts";

/** Channels a client can subscribe to. */
export const CHANNELS = ["quotes", "bars", "account", "trades", "session", "ea"] as const;
export type Channel = (typeof CHANNELS)[number];

/** Channels whose messages are kept in the per-account replay buffer (quotes and bars are not). */
export const REPLAYABLE: ReadonlySet<Channel> = new Set<Channel>([
  "account",
  "trades",
  "session",
  "ea",
]);

/** `type` of the data messages of each channel. */
export const MESSAGE_TYPE: Readonly<Record<Channel, string>> = {
  quotes: "quote",
  bars: "bar",
  account: "account",
  trades: "trade",
  session: "session",
  ea: "ea",
};

/** The account summary (same object as `GET …/summary`). */
export type SummaryView = AccountSummaryView;
export const toSummaryView = toAccountSummaryView;

/** The `event` names of `trade` messages. */
export type TradeEventName =
  | "order.placed"
  | "order.modified"
  | "order.partially_filled"
  | "order.filled"
  | "order.cancelled"
  | "order.expired"
  | "order.rejected"
  | "position.opened"
  | "position.modified"
  | "position.closed"
  | "deal";

/** `data` of a `trade` message: one event with the full new record. */
export type TradeData =
  | { event: `order.${string}`; order: ApiPositionRecord; state: string }
  | { event: "position.opened" | "position.modified"; position: ApiPositionRecord }
  | {
      event: "position.closed";
      position: ApiPositionRecord;
      /** placedType of the closing deal: OnSL, OnTP, OnStopOut, Manually, ByExpert, … */
      reason: string;
    }
  | {
      event: "deal";
      deal: ApiDeal;
      /** The deal's placedType (its reason): OnSL, OnTP, OnStopOut, Manually, ByExpert, … */
      reason: string;
    };

const ORDER_REMOVED: Readonly<Record<string, `order.${string}`>> = {
  Filled: "order.filled",
  Cancelled: "order.cancelled",
  Expired: "order.expired",
  Rejected: "order.rejected",
};

const isExit = (d: DealRecord): boolean =>
  d.entry === "DealEntryOut" || d.entry === "DealEntryOutBy" || d.entry === "DealEntryInOut";

/**
 * Maps one batch of engine events (one broker mutation, in order) to trade messages. The close
 * reason of a position is the placedType of its exit deal in the same batch (OnSL / OnTP /
 * OnStopOut when the broker closed it), else the position's own.
 */
export function toTradeData(
  events: readonly TradeEvent[],
  specOf: (symbol: string) => RecordSymbol,
): TradeData[] {
  const exits = new Map<number, DealRecord>();
  for (const e of events) {
    if (e.type === "dealAdded" && isExit(e.deal)) {
      exits.set(e.deal.positionTicket, e.deal);
    }
  }
  const out: TradeData[] = [];
  for (const e of events) {
    switch (e.type) {
      case "accountChanged":
        break; // carried by the account channel
      case "orderAdded":
        out.push({
          event: "order.placed",
          order: orderView(e.order, specOf),
          state: e.order.state,
        });
        break;
      case "orderUpdated":
        out.push({
          event: e.order.state === "Partial" ? "order.partially_filled" : "order.modified",
          order: orderView(e.order, specOf),
          state: e.order.state,
        });
        break;
      case "orderRemoved":
        out.push({
          event: ORDER_REMOVED[e.order.state] ?? "order.cancelled",
          order: orderView(e.order, specOf),
          state: e.order.state,
        });
        break;
      case "dealAdded":
        out.push({ event: "deal", deal: toDeal(e.deal), reason: e.deal.placedType });
        break;
      case "positionOpened":
        out.push({ event: "position.opened", position: positionView(e.position, specOf) });
        break;
      case "positionUpdated":
        out.push({ event: "position.modified", position: positionView(e.position, specOf) });
        break;
      case "positionClosed": {
        const exit = exits.get(e.position.ticket);
        const reason = exit?.placedType ?? e.position.placedType;
        out.push({
          event: "position.closed",
          position: toClosedPositionRecord(e.position, specOf(e.position.symbol), undefined, {
            closePlacedType: reason,
          }),
          reason,
        });
        break;
      }
    }
  }
  return out;
}

function orderView(o: OrderRecord, specOf: (symbol: string) => RecordSymbol): ApiPositionRecord {
  return toPendingOrderRecord(o, specOf(o.symbol));
}

function positionView(
  p: PositionRecord,
  specOf: (symbol: string) => RecordSymbol,
): ApiPositionRecord {
  return toPositionRecord(p, specOf(p.symbol));
}

/** An anchor point: server time `YYYY-MM-DDTHH:mm:ss` and its UTC ms ("" and 0 for none). */
export interface EaChartPointView {
  readonly time: string;
  readonly timestampUTC: number;
  readonly price: number;
}

export interface EaChartObjectView {
  readonly name: string;
  /** ENUM_OBJECT member name (OBJ_TREND, OBJ_LABEL…). */
  readonly type: string;
  readonly window: number;
  /** OBJPROP_CREATETIME, server time. */
  readonly created: string;
  readonly points: EaChartPointView[];
  readonly levels?: { value: number; color: number; style: number; width: number; text: string }[];
  /** Every other property, by OBJPROP_ name in lower case without the prefix. */
  readonly properties: Record<string, number | string>;
}

/** `data` of a `chart` message on the `ea` channel. */
export interface EaChartData {
  readonly kind: "chart";
  readonly instance_id: string;
  /** The message carries the whole chart: replace what you hold. */
  readonly reset: boolean;
  readonly comment?: string;
  readonly objects?: EaChartObjectView[];
  readonly deleted?: string[];
  readonly properties?: Record<string, number | string>;
  /** ISO 8601 UTC. */
  readonly time: string;
}

/** `data` of an `alert` message on the `ea` channel (Alert, SendNotification, SendMail). */
export interface EaAlertData {
  readonly kind: "alert";
  readonly instance_id: string;
  /** alert = Alert(), notification = SendNotification(), mail = SendMail(). */
  readonly source: "alert" | "notification" | "mail";
  readonly message: string;
  /** SendMail's subject. */
  readonly subject?: string;
  /** ISO 8601 UTC. */
  readonly time: string;
}

/** `data` of an `ea` message (published by the EA layer through StreamHub.publishEa). */
export type EaEventData =
  | {
      kind: "status";
      instance_id: string;
      ea_id: string;
      symbol: string;
      timeframe: string;
      /** starting | running | stopped | error */
      status: string;
      last_error: string;
    }
  | {
      kind: "log";
      instance_id: string;
      /** info | warn | error */
      level: string;
      message: string;
      /** ISO 8601 UTC. */
      time: string;
    }
  | EaChartData
  | EaAlertData;
