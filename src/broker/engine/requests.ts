// The trading engine's public request and result shapes (beyond the MT5 vocabulary of types.ts),
// in their own file so the engine's modules can use them; engine.ts and index.ts re-export them.

import type { Rejection } from "./retcodes.ts";
import type {
  AccountRecord,
  DealRecord,
  EngineEvent,
  ExpirationType,
  OrderRecord,
  PlacedType,
  PositionRecord,
} from "./types.ts";

/** A rejection plus the time-driven events that happened before the request was examined. */
export type Rejected = Rejection & { events: EngineEvent[]; bid?: number; ask?: number };

/** Outcome of a trade operation. */
export type TradeResult =
  | {
      ok: true;
      /** RETCODE_DONE, RETCODE_DONE_PARTIAL or RETCODE_PLACED. */
      retcode: number;
      order: OrderRecord | undefined;
      deals: DealRecord[];
      position: PositionRecord | undefined;
      events: EngineEvent[];
    }
  | Rejected;

/** Account figures OrderCheck reports (after the checked order). */
export interface CheckFigures {
  balance: number;
  equity: number;
  profit: number;
  margin: number;
  freeMargin: number;
  marginLevel: number;
}

/** Outcome of checkOrder: retcode 0 when the order would pass. */
export type OrderCheckResult =
  | { ok: true; retcode: 0; figures: CheckFigures }
  | (Rejection & { ok: false; figures?: CheckFigures });

export type AccountResult = { ok: true; account: AccountRecord; events: EngineEvent[] } | Rejected;

export type BalanceResult =
  | { ok: true; deal: DealRecord; account: AccountRecord; events: EngineEvent[] }
  | Rejected;

export interface ModifyPositionRequest {
  login: number;
  ticket: number;
  /** New stop loss; 0 removes it; omitted keeps it. */
  stopLoss?: number;
  takeProfit?: number;
}

export interface ModifyOrderRequest {
  login: number;
  ticket: number;
  price?: number;
  stopLimitPrice?: number;
  stopLoss?: number;
  takeProfit?: number;
  expirationType?: ExpirationType;
  expirationMs?: number;
}

export interface ClosePositionRequest {
  login: number;
  ticket: number;
  /** Lots to close; the whole position when omitted. */
  volume?: number;
  /** Price the client saw, checked with `deviation`. */
  price?: number;
  deviation?: number;
  comment?: string;
  expertId?: number;
  placedType?: PlacedType;
  clientOrderId?: string;
  requestId?: number;
}

export interface CloseByRequest {
  login: number;
  ticket: number;
  byTicket: number;
  comment?: string;
  expertId?: number;
  placedType?: PlacedType;
}

export interface BalanceRequest {
  login: number;
  kind: "balance" | "credit";
  /** Positive: deposit / credit in; negative: withdrawal / credit out. */
  amount: number;
  comment?: string;
}
