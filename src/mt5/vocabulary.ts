// The MetaTrader 5 vocabulary every layer speaks: order, deal and position types and states,
// fill and expiration policies, the records of accounts, orders, positions and deals, quotes and
// chart timeframes. The connector port, the demo broker's engine, the domain and the EA side all
// import it from here, so there is one list of each (ARCHITECTURE §5 names).
//
// Owns: type declarations and the constant lists behind them. No I/O. Times are UTC
// milliseconds (`…Ms` fields; server time is in ./server-time.ts); money is in the account
// currency, rounded to cents; volumes in lots; prices in the symbol's quote units.

/**
 * Order types (MT5 ENUM_ORDER_TYPE with the service's names), in MT5's order: the index is the
 * MQL5 value (ORDER_TYPE_BUY 0 … ORDER_TYPE_CLOSE_BY 8).
 */
export const ORDER_TYPES = [
  "Buy",
  "Sell",
  "BuyLimit",
  "SellLimit",
  "BuyStop",
  "SellStop",
  "BuyStopLimit",
  "SellStopLimit",
  "CloseBy",
] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Order types a trade request may send (every type but close-by, which has its own op). */
export const SENDABLE_ORDER_TYPES = ORDER_TYPES.filter(
  (t): t is Exclude<OrderType, "CloseBy"> => t !== "CloseBy",
);

/** Pending order types (the ones that rest in the book until their trigger price). */
export const PENDING_ORDER_TYPES = [
  "BuyLimit",
  "SellLimit",
  "BuyStop",
  "SellStop",
  "BuyStopLimit",
  "SellStopLimit",
] as const satisfies readonly OrderType[];
export type PendingOrderType = (typeof PENDING_ORDER_TYPES)[number];

const PENDING: ReadonlySet<unknown> = new Set(PENDING_ORDER_TYPES);

/** Whether `orderType` is a pending order type. */
export function isPendingOrderType(orderType: unknown): orderType is PendingOrderType {
  return PENDING.has(orderType);
}

/** Order state (MT5 ENUM_ORDER_STATE). Resting orders are Placed; done orders are history. */
export type OrderState =
  | "Started"
  | "Placed"
  | "Cancelled"
  | "Partial"
  | "Filled"
  | "Rejected"
  | "Expired"
  | "RequestAdding"
  | "RequestModifying"
  | "RequestCancelling";

/** Fill policy: FOK, IOC, Return (FlashFill) or Any (= what the symbol allows, FOK first). */
export type FillPolicy = "FillOrKill" | "ImmediateOrCancel" | "FlashFill" | "Any";

/** A concrete fill policy (Any resolved). */
export type ConcreteFillPolicy = Exclude<FillPolicy, "Any">;

/** Order expiration (MT5 ENUM_ORDER_TYPE_TIME). */
export type ExpirationType = "GTC" | "Today" | "Specified" | "SpecifiedDay";

/** Why an order/deal was placed (MT5 ENUM_ORDER_REASON / ENUM_DEAL_REASON, service names). */
export type PlacedType =
  | "Manually"
  | "ByExpert"
  | "ByDealer"
  | "OnSL"
  | "OnTP"
  | "OnStopOut"
  | "OnRollover"
  | "OnVmargin"
  | "Gateway"
  | "Signal"
  | "Settlement"
  | "Transfer"
  | "Sync"
  | "ExternalService"
  | "Migration"
  | "Mobile"
  | "Web"
  | "OnSplit"
  | "Default";

/** Deal type (MT5 ENUM_DEAL_TYPE with the `Deal` prefix). */
export type DealType =
  | "DealBuy"
  | "DealSell"
  | "DealBalance"
  | "DealCredit"
  | "DealCharge"
  | "DealCorrection"
  | "DealBonus"
  | "DealCommission"
  | "DealCommissionDaily"
  | "DealCommissionMonthly"
  | "DealAgentCommissionDaily"
  | "DealAgentCommissionMonthly"
  | "DealInterest"
  | "DealBuyCanceled"
  | "DealSellCanceled"
  | "DealDividend"
  | "DealDividendFranked"
  | "DealTax"
  | "DealAgentCommission"
  | "DealSoCompensation"
  | "DealSoCompensationCredit";

/** Deal entry (MT5 ENUM_DEAL_ENTRY). */
export type DealEntry = "DealEntryIn" | "DealEntryOut" | "DealEntryInOut" | "DealEntryOutBy";

/** Account margin accounting. */
export type AccountMarginMode = "hedging" | "netting";

/** Position direction (the position record's orderType). */
export type PositionSide = "Buy" | "Sell";

/** A price quote of one symbol. */
export interface Quote {
  symbol: string;
  bid: number;
  ask: number;
  /** UTC ms of the tick. */
  timeMs: number;
}

/** An incoming tick (same shape as a quote). */
export type Tick = Quote;

/** Persisted account record (sim_accounts). */
export interface AccountRecord {
  /** Numeric login, unique on the server. */
  login: number;
  name: string;
  group: string;
  /** Deposit currency, ISO code (USD, EUR, …). */
  currency: string;
  /** Leverage as 1:N, stored as N. */
  leverage: number;
  marginMode: AccountMarginMode;
  /** Balance in the deposit currency. */
  balance: number;
  /** Credit in the deposit currency. */
  credit: number;
  /** Margin call level, margin level percent. */
  marginCallLevel: number;
  /** Stop-out level, margin level percent. */
  stopOutLevel: number;
  tradeAllowed: boolean;
  /** UTC ms of creation. */
  createdMs: number;
}

/** Computed account summary (ARCHITECTURE §5 `GET …/summary`, camelCase). */
export interface AccountSummary {
  login: number;
  currency: string;
  leverage: number;
  marginMode: AccountMarginMode;
  tradeAllowed: boolean;
  balance: number;
  credit: number;
  /** balance + credit + profit. */
  equity: number;
  /** Margin used by open positions, deposit currency. */
  margin: number;
  /** equity − margin. */
  freeMargin: number;
  /** equity / margin × 100; 0 when there is no margin. */
  marginLevel: number;
  /** Floating result of open positions: Σ (profit + swap). Commissions are already in balance. */
  profit: number;
  /** Margin level is at or below the margin call level. */
  marginCall: boolean;
}

/** Order record (active orders and order history). */
export interface OrderRecord {
  ticket: number;
  login: number;
  symbol: string;
  orderType: OrderType;
  state: OrderState;
  /** Requested volume, lots. */
  volumeInitial: number;
  /** Volume not yet filled, lots. */
  volumeCurrent: number;
  /** Pending: order price; market: requested price (0 when none). */
  price: number;
  /** Stop-limit orders: the limit price placed when `price` is hit; else 0. */
  stopLimitPrice: number;
  stopLoss: number;
  takeProfit: number;
  fillPolicy: ConcreteFillPolicy;
  expirationType: ExpirationType;
  /** UTC ms at which the order expires; 0 for GTC. */
  expirationMs: number;
  /** UTC ms the order was accepted. */
  setupMs: number;
  /** UTC ms the order left the active set; 0 while active. */
  doneMs: number;
  /** Position the order opened, changed or closed; 0 if none yet. */
  positionTicket: number;
  /** Close-by: the opposite position; else 0. */
  positionByTicket: number;
  /** Max deviation from the requested price, points (market orders). */
  deviation: number;
  expertId: number;
  comment: string;
  clientOrderId: string;
  requestId: number;
  placedType: PlacedType;
}

/** Position record (spec §2.4 subset kept by the engine). `ticket` is the position identifier. */
export interface PositionRecord {
  /** Identifier = ticket of the order that opened it; kept through netting reversals. */
  ticket: number;
  login: number;
  symbol: string;
  orderType: PositionSide;
  /** Open volume, lots. */
  volume: number;
  /** Weighted average open price. */
  openPrice: number;
  openMs: number;
  updateMs: number;
  /** 0 when unset. */
  stopLoss: number;
  /** 0 when unset. */
  takeProfit: number;
  /** Floating profit at the record's time (open) or realised profit of its exits (closed). */
  profit: number;
  /** Accumulated swap, deposit currency; realised on the closing deals. */
  swap: number;
  /** Σ commissions of its deals (already charged to the balance). */
  commission: number;
  fee: number;
  /** Last known close-side price (bid for buys, ask for sells). */
  priceCurrent: number;
  expertId: number;
  comment: string;
  placedType: PlacedType;
  /** Ticket of the opening deal. */
  dealInTicket: number;
  /** Ticket of the last exit deal; 0 if none. */
  dealOutTicket: number;
  /** Volume closed so far, lots. */
  closedVolume: number;
  /** Price of the last exit deal; 0 while open. */
  closePrice: number;
  /** UTC ms of the final exit; 0 while open. */
  closeMs: number;
  closeComment: string;
  state: "Filled" | "Closed";
}

/** Deal record (spec §2.2). */
export interface DealRecord {
  ticket: number;
  login: number;
  /** Order that caused the deal (0 for balance operations). */
  orderTicket: number;
  /** Position identifier the deal belongs to (0 for balance operations). */
  positionTicket: number;
  /** Empty for balance operations. */
  symbol: string;
  type: DealType;
  entry: DealEntry;
  volume: number;
  price: number;
  /** Realised profit (or the amount of a balance/credit operation), deposit currency. */
  profit: number;
  swap: number;
  commission: number;
  fee: number;
  comment: string;
  timeMs: number;
  expertId: number;
  placedType: PlacedType;
}

/** A trade request (MqlTradeRequest-shaped, service names). */
export interface OrderRequest {
  login: number;
  symbol: string;
  orderType: Exclude<OrderType, "CloseBy">;
  /** Lots. */
  volume: number;
  /** Pending: order price (required). Market: the price the client saw (checked with deviation). */
  price?: number;
  /** Stop-limit orders: limit price. */
  stopLimitPrice?: number;
  stopLoss?: number;
  takeProfit?: number;
  /** Max deviation from `price` for market orders, points. */
  deviation?: number;
  fillPolicy?: FillPolicy;
  expirationType?: ExpirationType;
  /** For Specified/SpecifiedDay: UTC ms. */
  expirationMs?: number;
  /** Hedging: the position this market order closes. */
  position?: number;
  expertId?: number;
  comment?: string;
  clientOrderId?: string;
  requestId?: number;
  placedType?: PlacedType;
}

/** Chart timeframes (MT5 PERIOD_*) the service serves bars and runs EAs on. */
export const TIMEFRAMES = ["M1", "M5", "M15", "M30", "H1", "H4", "D1", "W1", "MN1"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
