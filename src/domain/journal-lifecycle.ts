// The order journal's lifecycle as data (src/services/order-journal.ts, table `order_journal`).
// Every write of an entry's state is an UPDATE guarded by the from-states this table allows for
// its event (`… WHERE state IN (journalFromStates(event))`), so that a late writer cannot
// overwrite an outcome already recorded.
//
// States:
// - sent: journaled (committed) before the request went to the broker; no answer recorded yet.
// - done: the broker executed it (final).
// - rejected: refused (by the broker or before it was sent); nothing executed.
// - unknown: the link broke mid-request, or the sending process died: for the reconciler.
// - reconciled_filled: the reconciler found the order at the broker (final).
// - reconciled_absent: the reconciler proved it never arrived; nothing executed.
// An entry where nothing executed (rejected, reconciled_absent) may be sent again with the same
// client order id: it is armed back to `sent`.
//
// No I/O.

export type JournalState =
  | "sent"
  | "done"
  | "rejected"
  | "unknown"
  | "reconciled_filled"
  | "reconciled_absent";

export type JournalEvent =
  /** The broker answered: executed. */
  | "answered"
  /** Refused by the broker, or not sent at all. */
  | "refused"
  /** The outcome is lost: the link broke mid-request, or the sending process died. */
  | "lost"
  /** Reconciliation found the order at the broker. */
  | "found"
  /** Reconciliation proved the order absent at the broker. */
  | "absent"
  /** The same client order id is sent again (only where nothing executed). */
  | "resend";

/** The state every entry starts in (the insert of the intent). */
export const JOURNAL_INITIAL_STATE: JournalState = "sent";

/** Order journal transitions: state → event → next state. */
export const JOURNAL_TRANSITIONS: Readonly<
  Record<JournalState, Partial<Readonly<Record<JournalEvent, JournalState>>>>
> = {
  sent: {
    answered: "done",
    refused: "rejected",
    lost: "unknown",
    found: "reconciled_filled",
    absent: "reconciled_absent",
  },
  unknown: { found: "reconciled_filled", absent: "reconciled_absent" },
  rejected: { resend: "sent" },
  reconciled_absent: { resend: "sent" },
  done: {},
  reconciled_filled: {},
};

const STATES = Object.keys(JOURNAL_TRANSITIONS) as JournalState[];

/** The state after `event`, or null when the table does not allow it. */
export function journalTransition(from: JournalState, event: JournalEvent): JournalState | null {
  return JOURNAL_TRANSITIONS[from][event] ?? null;
}

/** The states `event` may be applied in: the guard of the UPDATE that records it. */
export function journalFromStates(...events: JournalEvent[]): JournalState[] {
  return STATES.filter((s) => events.some((e) => JOURNAL_TRANSITIONS[s][e] !== undefined));
}

/** The state `event` leads to (the table sends each event to one state, whatever it comes from). */
export function journalTarget(event: JournalEvent): JournalState {
  const to = journalFromStates(event).map((s) => JOURNAL_TRANSITIONS[s][event]);
  const first = to[0];
  if (first === undefined || to.some((t) => t !== first)) {
    throw new Error(`journal event ${event} has no single target state`);
  }
  return first;
}

const UNRESOLVED: ReadonlySet<string> = new Set(journalFromStates("found", "absent"));
const NOT_EXECUTED: ReadonlySet<string> = new Set(journalFromStates("resend"));

/** No answer is recorded yet (sent, unknown): the reconciler resolves it against the broker. */
export function isJournalUnresolved(state: string): boolean {
  return UNRESOLVED.has(state);
}

/** Nothing was executed at the broker (rejected, reconciled_absent): the id may be sent again. */
export function isJournalNotExecuted(state: string): boolean {
  return NOT_EXECUTED.has(state);
}

/** The outcome is settled for good: no event leads out of it. */
export function isJournalFinal(state: JournalState): boolean {
  return Object.keys(JOURNAL_TRANSITIONS[state]).length === 0;
}

/** The event that records an answered request's outcome state. */
export const JOURNAL_OUTCOME_EVENT: Readonly<
  Record<"done" | "rejected" | "unknown", JournalEvent>
> = {
  done: "answered",
  rejected: "refused",
  unknown: "lost",
};
