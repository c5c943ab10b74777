// The lifecycle of an account lease as one node sees it, as a transition table. A node serves an
// account (runs its session and EA, sends its orders) only in `held`, and only before the lease's
// local deadline. Leases live by their node's heartbeat (src/cluster/lease-store.ts), so the
// deadline is counted from when the last heartbeat was *sent*, less a margin: it always falls
// before the database sees the node dead, and a node that cannot renew stops serving before
// anyone else may acquire. Pure.

export type LeaseState =
  /** Not this node's (someone else's, or nobody's). */
  | "free"
  /** An acquisition is in flight. */
  | "acquiring"
  /** This node owns the account: its session runs here. */
  | "held"
  /** Handing over: the session is being stopped before the lease is released. */
  | "releasing";

export type LeaseEvent =
  /** The rebalancer chose this node and the lease looked free. */
  | "acquire"
  /** The conditional insert/update won (a new epoch). */
  | "acquired"
  /** Someone else holds it, or the account is gone. */
  | "refused"
  /** The node's heartbeat was renewed without a gap (it keeps every lease of the node). */
  | "renewed"
  /** Not renewed in time, taken by another node after a gap, or the account was deleted. */
  | "lost"
  /** The rebalancer moved it to another node, or the node is draining. */
  | "hand_over"
  /** The session stopped and the row was released. */
  | "released";

const TABLE: Readonly<Record<LeaseState, Partial<Record<LeaseEvent, LeaseState>>>> = {
  free: { acquire: "acquiring", lost: "free", released: "free" },
  acquiring: { acquired: "held", refused: "free", lost: "free" },
  held: { renewed: "held", lost: "free", hand_over: "releasing" },
  releasing: { released: "free", lost: "free", renewed: "releasing" },
};

/** The next state, or null when `event` is not allowed in `from`. */
export function leaseTransition(from: LeaseState, event: LeaseEvent): LeaseState | null {
  return TABLE[from][event] ?? null;
}

/** Whether a node in `state` runs the account's session. */
export function isLeaseServing(state: LeaseState): boolean {
  return state === "held";
}

/** Whether the lease is this node's in the database (its heartbeat keeps it). */
export function isLeaseMine(state: LeaseState): boolean {
  return state === "held" || state === "releasing";
}

/**
 * The local deadline of a lease renewed (or acquired) by a request sent at `sentAt` (a monotonic
 * clock, ms): the database set its expiry at least `ttlMs` after that, so stopping at
 * `sentAt + ttlMs - marginMs` stops before anyone else can take it, whatever the clocks say.
 */
export function leaseDeadline(sentAt: number, ttlMs: number, marginMs: number): number {
  return sentAt + ttlMs - marginMs;
}
