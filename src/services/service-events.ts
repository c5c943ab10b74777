// Events the services raise for streaming clients (an order reconciled after a broken link, an
// EA's status change or log line). Services publish here from their constructors on; the
// streaming hub subscribes when it is built. It breaks the hub ↔ trading cycle without a setter.
import type { EaEventData } from "../streaming/messages.ts";

/** `data` of the `trades` message the order journal publishes when it settles an intent. */
export interface ReconciledOrderData {
  readonly event: "order.reconciled";
  readonly client_order_id: string;
  /** placed: the broker has the order; absent: it never reached the broker. */
  readonly outcome: "placed" | "absent";
  readonly ticket: number | null;
  readonly order_state: string | null;
}

export interface TradePublisher {
  publishTrade(accountId: string, data: ReconciledOrderData): void;
}

export interface EaEventPublisher {
  publishEa(accountId: string, data: EaEventData): void;
}

type Listener<T> = (accountId: string, data: T) => void;

/** One fan-out point per process: publishers on one side, the streaming hub on the other. */
export class ServiceEvents implements TradePublisher, EaEventPublisher {
  private readonly trade: Listener<ReconciledOrderData>[] = [];
  private readonly ea: Listener<EaEventData>[] = [];

  publishTrade(accountId: string, data: ReconciledOrderData): void {
    for (const listener of this.trade) {
      listener(accountId, data);
    }
  }

  publishEa(accountId: string, data: EaEventData): void {
    for (const listener of this.ea) {
      listener(accountId, data);
    }
  }

  onTrade(listener: Listener<ReconciledOrderData>): void {
    this.trade.push(listener);
  }

  onEa(listener: Listener<EaEventData>): void {
    this.ea.push(listener);
  }
}
