// The contract between the main thread and a broker session: every RPC method a session answers
// (its arguments and its result) and every event that flows from a session to the main thread.
// It exists so that the session worker, the SessionManager, the services, the WebSocket hub and
// the EA service agree on one typed table instead of casting `Record<string, unknown>` and
// `{ kind: string }`: adding a method without a worker handler, calling one with the wrong
// arguments, or adding an event kind a consumer does not switch over fails `tsc`. It is plain
// data (structured-clone and JSON friendly) so the same table can be forwarded between nodes.
import type {
  Bar,
  BrokerAccount,
  BrokerConnector,
  CheckOutcome,
  DealRecord,
  OrderRecord,
  OrderRequest,
  PositionRecord,
  Quote,
  ServerTime,
  SymbolSpec,
  Timeframe,
  TradeEvent,
  TradeOutcome,
} from "../broker/connector.ts";
import type { SessionHealth } from "./session.ts";
import type { ViewName } from "./views.ts";

/** The arguments of a method that takes none. */
export type NoArgs = Record<string, never>;

/** A UTC ms range [from, to]. */
export interface TimeRange {
  from: number;
  to: number;
}

/** An order as a session sends it (the account's login is the session's). */
export type SessionOrderRequest = Omit<OrderRequest, "login">;

/** Every method a session answers: `args` crosses to the session's worker, `result` comes back. */
export interface SessionMethods {
  /** The mirror's account summary. */
  summary: { args: NoArgs; result: BrokerAccount };
  /** The mirror's open positions. */
  positions: { args: NoArgs; result: PositionRecord[] };
  /** The mirror's pending orders. */
  orders: { args: NoArgs; result: OrderRecord[] };
  /**
   * A read view of the mirror (summary, positions, pending, open, portfolio): the JSON text of its
   * success envelope, `{"ok":true,"data":…}`.
   */
  view: { args: { view: ViewName }; result: { text: string; version: number } };
  /** The latest quote of a symbol (subscribed at the broker from then on); null if none. */
  quote: { args: { symbol: string }; result: Quote | null };
  /** The broker endpoint's symbol catalog. */
  symbols: { args: NoArgs; result: SymbolSpec[] };
  deals: { args: TimeRange; result: DealRecord[] };
  dealsOfPosition: { args: { position: number }; result: DealRecord[] };
  closedPositions: { args: TimeRange; result: PositionRecord[] };
  historyOrders: { args: TimeRange; result: OrderRecord[] };
  bars: {
    args: { symbol: string; timeframe: Timeframe; query: Parameters<BrokerConnector["bars"]>[2] };
    result: Bar[];
  };
  serverTime: { args: NoArgs; result: ServerTime };
  /**
   * Places an order. `limitOrders` caps the account's resting orders (0 = none); it is checked
   * in the account's write queue.
   */
  sendOrder: { args: { request: SessionOrderRequest; limitOrders: number }; result: TradeOutcome };
  /** Validates and values an order without executing it (MT5 OrderCheck). */
  checkOrder: { args: { request: SessionOrderRequest }; result: CheckOutcome };
  modifyPosition: {
    args: Parameters<BrokerConnector["modifyPosition"]>[0];
    result: TradeOutcome;
  };
  modifyOrder: { args: Parameters<BrokerConnector["modifyOrder"]>[0]; result: TradeOutcome };
  closePosition: { args: Parameters<BrokerConnector["closePosition"]>[0]; result: TradeOutcome };
  cancelOrder: { args: { ticket: number }; result: TradeOutcome };
  closeBy: { args: Parameters<BrokerConnector["closeBy"]>[0]; result: TradeOutcome };
}

export type SessionMethod = keyof SessionMethods;
export type SessionArgs<M extends SessionMethod> = SessionMethods[M]["args"];
export type SessionResult<M extends SessionMethod> = SessionMethods[M]["result"];

/** The argument list of a call of `M`: methods whose arguments are all optional may omit them. */
export type SessionCallArgs<M extends SessionMethod> =
  NoArgs extends SessionArgs<M> ? [args?: SessionArgs<M>] : [args: SessionArgs<M>];

/** One call (method and its arguments, correlated), as it crosses to a session's worker. */
export type SessionCall = {
  [M in SessionMethod]: { method: M; args: SessionArgs<M> };
}[SessionMethod];

/** The methods that write at the broker (a broken link leaves their outcome unknown). */
export const SESSION_WRITES: ReadonlySet<SessionMethod> = new Set<SessionMethod>([
  "sendOrder",
  "modifyPosition",
  "modifyOrder",
  "closePosition",
  "cancelOrder",
  "closeBy",
]);

/** What a session itself publishes, inside its worker. */
export type SessionPublished =
  | { kind: "tick"; quote: Quote }
  | { kind: "trade"; events: TradeEvent[] }
  /** `valuation`: re-valued from ticks by the worker (else the broker's own summary). */
  | { kind: "account"; account: BrokerAccount; valuation?: true };

/**
 * Every event that reaches the main thread's session listeners: what sessions publish, plus the
 * SessionManager's own — a session's status changed (`session`), the account was removed.
 */
export type SessionEvent =
  | SessionPublished
  | { kind: "session"; health: SessionHealth }
  | { kind: "removed" };

export type SessionEventKind = SessionEvent["kind"];
