// One mutation's working context: its time, the events and deals it caused, in order, and the
// accounts whose balance or risk it touched (reported and re-checked when the mutation finishes).

import type { LiveAccount } from "./model.ts";
import type { Rejected } from "./requests.ts";
import type { Rejection } from "./retcodes.ts";
import type { DealRecord, EngineEvent } from "./types.ts";

/** Mutable context of one mutation. */
export interface Mutation {
  time: number;
  events: EngineEvent[];
  deals: DealRecord[];
  balanceDirty: Set<LiveAccount>;
  riskDirty: Set<LiveAccount>;
}

export function newMutation(time: number): Mutation {
  return { time, events: [], deals: [], balanceDirty: new Set(), riskDirty: new Set() };
}

/** A rejection of the request `m` was opened for, with the events that happened before it. */
export function rejected(m: Mutation, r: Rejection): Rejected {
  return { ...r, events: m.events };
}

/** Reports the new record of every account whose balance the mutation changed. */
export function reportBalances(m: Mutation): void {
  for (const acc of m.balanceDirty) {
    m.events.push({ type: "accountChanged", account: { ...acc.record } });
  }
  m.balanceDirty.clear();
}
