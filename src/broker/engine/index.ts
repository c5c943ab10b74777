// Public surface of the demo broker's trading engine (a simulated MT5 trade server).
//
// Owns: re-exports only. Everything behind it is pure: no I/O, no timers, no wall clock.

export type { EngineOptions } from "./engine.ts";
export { createEngine, createTicketSequence, TradingEngine } from "./engine.ts";
export type {
  AccountResult,
  BalanceRequest,
  BalanceResult,
  CheckFigures,
  CloseByRequest,
  ClosePositionRequest,
  ModifyOrderRequest,
  ModifyPositionRequest,
  OrderCheckResult,
  Rejected,
  TradeResult,
} from "./requests.ts";
export type { Rejection, RejectReason } from "./retcodes.ts";
export {
  REJECT_RETCODES,
  RETCODE_DONE,
  RETCODE_DONE_PARTIAL,
  RETCODE_PLACED,
  reject,
} from "./retcodes.ts";
export type { PositionEventKind, PositionPhase } from "./states.ts";
export {
  FINAL_ORDER_STATES,
  ORDER_TRANSITIONS,
  POSITION_RECORD_STATE,
  POSITION_TRANSITIONS,
  positionPhaseOf,
  positionTransition,
  transitionOrder,
  transitionPosition,
} from "./states.ts";
export type * from "./types.ts";
