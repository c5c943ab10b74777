// Order and position lifecycles as transition tables (data), and the guards that enforce them.
//
// Owns: which state changes are legal. An illegal transition is an engine bug, so the guards
// throw (they are never a user-facing rejection). No I/O.

import type { OrderState, PositionRecord } from "./types.ts";

/**
 * Legal order state changes. Keys: current state; values: states it may move to.
 * - Started: a request accepted for execution (market orders pass through it).
 * - Placed: resting pending order (also a stop-limit turned limit, or a modification).
 * - Partial: resting remainder of a FlashFill (Return) order after a partial fill.
 * - Filled / Cancelled / Rejected / Expired: final (history).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  Started: ["Placed", "Filled", "Partial", "Cancelled", "Rejected"],
  Placed: ["Placed", "Filled", "Partial", "Cancelled", "Rejected", "Expired"],
  Partial: ["Partial", "Filled", "Cancelled", "Rejected", "Expired"],
  Filled: [],
  Cancelled: [],
  Rejected: [],
  Expired: [],
  RequestAdding: ["Started", "Rejected"],
  RequestModifying: ["Placed"],
  RequestCancelling: ["Cancelled"],
};

/** Final order states: the order is in history. */
export const FINAL_ORDER_STATES: ReadonlySet<OrderState> = new Set<OrderState>([
  "Filled",
  "Cancelled",
  "Rejected",
  "Expired",
]);

/** Position lifecycle phases. */
export type PositionPhase = "Open" | "Closed";

/** What can happen to a position. */
export type PositionEventKind =
  | "increase"
  | "partialClose"
  | "reverse"
  | "modify"
  | "swap"
  | "close"
  | "closeBy"
  | "stopOut";

/** Legal position events per phase, and the phase each leads to. */
export const POSITION_TRANSITIONS: Readonly<
  Record<PositionPhase, Readonly<Partial<Record<PositionEventKind, PositionPhase>>>>
> = {
  Open: {
    increase: "Open",
    partialClose: "Open",
    reverse: "Open",
    modify: "Open",
    swap: "Open",
    close: "Closed",
    closeBy: "Closed",
    stopOut: "Closed",
  },
  Closed: {},
};

/** A position record's `state` (the MT5 vocabulary) in each phase: an open position is "Filled". */
export const POSITION_RECORD_STATE: Readonly<Record<PositionPhase, PositionRecord["state"]>> = {
  Open: "Filled",
  Closed: "Closed",
};

/** The phase a position record's `state` stands for. */
export function positionPhaseOf(state: PositionRecord["state"]): PositionPhase {
  return state === "Filled" ? "Open" : "Closed";
}

/** Moves `order` to `to`, throwing if the order table does not allow it. */
export function transitionOrder(
  order: { ticket: number; state: OrderState },
  to: OrderState,
): void {
  const allowed = ORDER_TRANSITIONS[order.state];
  if (!allowed.includes(to)) {
    throw new Error(`illegal order transition ${order.state} → ${to} (order ${order.ticket})`);
  }
  order.state = to;
}

/** The phase after `event`, throwing if the position table does not allow it. */
export function positionTransition(
  ticket: number,
  from: PositionPhase,
  event: PositionEventKind,
): PositionPhase {
  const to = POSITION_TRANSITIONS[from][event];
  if (to === undefined) {
    throw new Error(`illegal position event ${event} in phase ${from} (position ${ticket})`);
  }
  return to;
}

/**
 * Applies `event` to a position through the table: its record's `state` becomes that of the next
 * phase. Throws if the table does not allow the event. Returns the new phase.
 */
export function transitionPosition(
  position: { ticket: number; state: PositionRecord["state"] },
  event: PositionEventKind,
): PositionPhase {
  const to = positionTransition(position.ticket, positionPhaseOf(position.state), event);
  position.state = POSITION_RECORD_STATE[to];
  return to;
}
