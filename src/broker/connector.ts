// The one port every broker adapter implements (the demo broker today, FIX 4.4 later). Records
// use the MT5 vocabulary of src/broker/engine/types.ts, which is broker-neutral; times are UTC ms.
// A connector is used by one session in one session worker; it never touches the service's
// database.
import type {
  DealRecord,
  OrderRecord,
  OrderRequest,
  PositionRecord,
  Quote,
} from "./engine/types.ts";
import type { Bar, Timeframe } from "./feed/types.ts";
import type { SymbolSpec } from "./symbols.ts";

export type {
  Bar,
  DealRecord,
  OrderRecord,
  OrderRequest,
  PositionRecord,
  Quote,
  SymbolSpec,
  Timeframe,
};

/** Account state as a connector reports it (the summary fields of ARCHITECTURE §5). */
export interface BrokerAccount {
  login: number;
  name: string;
  server: string;
  company: string;
  group: string;
  currency: string;
  leverage: number;
  marginMode: "hedging" | "netting";
  tradeAllowed: boolean;
  balance: number;
  credit: number;
  equity: number;
  margin: number;
  freeMargin: number;
  marginLevel: number;
  profit: number;
  /** Margin call level and stop-out level, margin level percent. */
  marginCallLevel: number;
  stopOutLevel: number;
}

export interface ServerTime {
  time_ms: number;
  server_time: string;
  offset_minutes: number;
  zone: string;
}

export interface Credentials {
  host: string;
  port: number;
  login: number;
  password: string;
  server: string;
}

/** What a trade request came to: done (with records) or rejected by the broker. */
export type TradeOutcome =
  | {
      ok: true;
      retcode: number;
      order: OrderRecord | null;
      deals: DealRecord[];
      position: PositionRecord | null;
    }
  | { ok: false; reason: string; retcode: number; message: string };

/** OrderCheck's answer: retcode 0 and the account figures after the order, or the rejection. */
export type CheckOutcome =
  | {
      ok: true;
      retcode: 0;
      balance: number;
      equity: number;
      profit: number;
      margin: number;
      freeMargin: number;
      marginLevel: number;
    }
  | { ok: false; reason: string; retcode: number; message: string };

/** Pushed by the broker while connected. */
export type ConnectorEvent =
  | { kind: "tick"; quote: Quote }
  | { kind: "trade"; events: TradeEvent[] }
  | { kind: "account"; account: BrokerAccount }
  /** Current valuation of the open positions (profit, swap), pushed periodically. */
  | { kind: "positions"; positions: PositionRecord[] }
  | { kind: "disconnected"; reason: string };

/** A trade transaction (the engine's event vocabulary). */
export type TradeEvent =
  | { type: "accountChanged" }
  | { type: "orderAdded" | "orderUpdated" | "orderRemoved"; order: OrderRecord }
  | { type: "dealAdded"; deal: DealRecord }
  | { type: "positionOpened" | "positionUpdated" | "positionClosed"; position: PositionRecord };

/** Why a connector call failed without a broker answer. */
export class ConnectorError extends Error {
  override name = "ConnectorError";
  constructor(
    /** auth: bad credentials; network: unreachable/link lost; timeout: no answer; protocol: bad reply. */
    readonly kind: "auth" | "network" | "timeout" | "protocol",
    message: string,
  ) {
    super(message);
  }
}

export interface BrokerConnector {
  /** Connects and logs in; rejects with ConnectorError. */
  connect(credentials: Credentials): Promise<{ account: BrokerAccount; tradeAllowed: boolean }>;
  close(): void;
  onEvent(listener: (event: ConnectorEvent) => void): void;

  symbols(): Promise<SymbolSpec[]>;
  quote(symbol: string): Promise<Quote | null>;
  subscribe(symbols: string[]): Promise<void>;
  account(): Promise<BrokerAccount>;
  positions(): Promise<PositionRecord[]>;
  orders(): Promise<OrderRecord[]>;
  deals(fromMs: number, toMs: number): Promise<DealRecord[]>;
  dealsOfPosition(position: number): Promise<DealRecord[]>;
  closedPositions(fromMs: number, toMs: number): Promise<PositionRecord[]>;
  /** Finished orders set up in the range (filled, cancelled, rejected, expired). */
  historyOrders(fromMs: number, toMs: number): Promise<OrderRecord[]>;
  bars(
    symbol: string,
    timeframe: Timeframe,
    q: { from?: number; to?: number; count?: number },
  ): Promise<Bar[]>;
  serverTime(): Promise<ServerTime>;

  sendOrder(request: Omit<OrderRequest, "login">): Promise<TradeOutcome>;
  /** Validates and values an order without executing it (MT5 OrderCheck). */
  checkOrder(request: Omit<OrderRequest, "login">): Promise<CheckOutcome>;
  modifyPosition(req: {
    ticket: number;
    stopLoss?: number;
    takeProfit?: number;
  }): Promise<TradeOutcome>;
  modifyOrder(req: {
    ticket: number;
    price?: number;
    stopLimitPrice?: number;
    stopLoss?: number;
    takeProfit?: number;
    expirationType?: OrderRecord["expirationType"];
    expirationMs?: number;
  }): Promise<TradeOutcome>;
  closePosition(req: {
    ticket: number;
    volume?: number;
    deviation?: number;
    comment?: string;
    expertId?: number;
    placedType?: OrderRequest["placedType"];
    clientOrderId?: string;
  }): Promise<TradeOutcome>;
  cancelOrder(ticket: number): Promise<TradeOutcome>;
  closeBy(req: {
    ticket: number;
    byTicket: number;
    comment?: string;
    expertId?: number;
  }): Promise<TradeOutcome>;
}
