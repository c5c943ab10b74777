// Demo-broker engine types: the requests it accepts, the domain events it emits and the state
// it is rebuilt from. The MT5 vocabulary it shares with every layer (order/deal/position types,
// records, quotes) lives in src/mt5/vocabulary.ts and is re-exported here for the engine's files.
//
// Owns: type declarations only. No I/O, no runtime code. Times are UTC milliseconds everywhere
// (`…Ms` fields); the edge formats them with formatServerTime. Money is in the account currency,
// rounded to cents; volumes are in lots; prices are in the symbol's quote units.

export type {
  AccountMarginMode,
  AccountRecord,
  AccountSummary,
  ConcreteFillPolicy,
  DealEntry,
  DealRecord,
  DealType,
  ExpirationType,
  FillPolicy,
  OrderRecord,
  OrderRequest,
  OrderState,
  OrderType,
  PendingOrderType,
  PlacedType,
  PositionRecord,
  PositionSide,
  Quote,
  Tick,
} from "../../mt5/vocabulary.ts";

import type {
  AccountMarginMode,
  AccountRecord,
  DealRecord,
  OrderRecord,
  PositionRecord,
  Quote,
} from "../../mt5/vocabulary.ts";

/** Domain events of one mutation, in the order they happened, with full new records. */
export type EngineEvent =
  | { type: "accountChanged"; account: AccountRecord }
  | { type: "orderAdded"; order: OrderRecord }
  | { type: "orderUpdated"; order: OrderRecord }
  /** The order left the active set; `order.state` is final (Filled, Cancelled, …). */
  | { type: "orderRemoved"; order: OrderRecord }
  | { type: "dealAdded"; deal: DealRecord }
  | { type: "positionOpened"; position: PositionRecord }
  | { type: "positionUpdated"; position: PositionRecord }
  | { type: "positionClosed"; position: PositionRecord };

export interface NewAccount {
  login: number;
  name?: string;
  group?: string;
  currency: string;
  leverage: number;
  marginMode: AccountMarginMode;
  /** Initial deposit, booked as a DealBalance deal when > 0. */
  deposit?: number;
  credit?: number;
  /** Percent; default 100. */
  marginCallLevel?: number;
  /** Percent; default 50. */
  stopOutLevel?: number;
  tradeAllowed?: boolean;
}

/** State the engine can be rebuilt from (what the sim_* tables hold). */
export interface EngineState {
  accounts: AccountRecord[];
  /** Open positions. */
  positions: PositionRecord[];
  /** Active (Placed / Partial) orders. */
  orders: OrderRecord[];
  /** Last quotes, so floating P/L and margin are known before the first tick. */
  quotes: Quote[];
  /** UTC ms up to which time has been processed (expirations, rollovers). */
  timeMs: number;
}

/** Injected clock. */
export interface Clock {
  now(): number;
}

/** Injected ticket sequences (persistence seeds them above the highest stored ticket). */
export interface TicketSource {
  order(): number;
  deal(): number;
}
