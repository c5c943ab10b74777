// The EA instance lifecycle as data: one table of states and named events, shared by the EA host
// pool (src/ea/host-pool.ts, which owns the sandbox) and the EA instance service
// (src/services/ea-instances.ts, which owns the stored row and what the API shows). Both change
// an instance's state only through `eaTransition`; a transition not in the table is refused
// (null) and the caller logs it instead of applying it.
//
// States:
// - starting: OnInit is running.
// - running: OnInit succeeded; the instance receives events and may trade.
// - stopping: OnDeinit was asked for and has not returned yet (the pool's view). The API has no
//   such status: it shows `stopped` (see eaVisibleStatus).
// - stopped / error: final. An instance that runs again is a new run starting over at
//   EA_INITIAL_STATE.
//
// No I/O.

export type EaLifecycleState = "starting" | "running" | "stopping" | "stopped" | "error";

export type EaLifecycleEvent =
  /** OnInit returned successfully. */
  | "started"
  /** A stop was asked for (the user, ExpertRemove, an EA deletion…): OnDeinit is to run. */
  | "stop"
  /** The run ended cleanly: OnDeinit returned, the pool closed, or the pool stopped it. */
  | "stopped"
  /** The run failed: a sandbox violation, an exception, a dead host, a failed OnInit, a resume
   * that could not happen, too many refused trade requests. */
  | "crash";

/** The state every run starts in. */
export const EA_INITIAL_STATE: EaLifecycleState = "starting";

/** EA instance transitions: state → event → next state. */
export const EA_LIFECYCLE: Readonly<
  Record<EaLifecycleState, Partial<Readonly<Record<EaLifecycleEvent, EaLifecycleState>>>>
> = {
  starting: { started: "running", stop: "stopping", stopped: "stopped", crash: "error" },
  running: { stop: "stopping", stopped: "stopped", crash: "error" },
  stopping: { stopped: "stopped", crash: "error" },
  stopped: {},
  error: {},
};

/** The state after `event`, or null when the table does not allow it (the caller logs it). */
export function eaTransition(
  from: EaLifecycleState,
  event: EaLifecycleEvent,
): EaLifecycleState | null {
  return EA_LIFECYCLE[from][event] ?? null;
}

export function canEaTransition(from: EaLifecycleState, event: EaLifecycleEvent): boolean {
  return EA_LIFECYCLE[from][event] !== undefined;
}

/** The run is over (stopped or error): nothing leads out of it. */
export function isEaFinal(state: EaLifecycleState): boolean {
  return state === "stopped" || state === "error";
}

/** The run is live for the API: starting or running (it may trade, it holds its account). */
export function isEaActive(state: EaLifecycleState): boolean {
  return state === "starting" || state === "running";
}

/** The states in which an instance is active, e.g. for a stored-row query. */
export const EA_ACTIVE_STATES: readonly EaLifecycleState[] = (
  Object.keys(EA_LIFECYCLE) as EaLifecycleState[]
).filter(isEaActive);

/** The statuses the API shows (stored in `ea_instances.status`). */
export type EaInstanceStatus = "starting" | "running" | "stopped" | "error";

/** What the API shows for a lifecycle state: `stopping` is already `stopped` there. */
export function eaVisibleStatus(state: EaLifecycleState): EaInstanceStatus {
  return state === "stopping" ? "stopped" : state;
}
