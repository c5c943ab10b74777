// What the API shows of an EA instance (spec §2.9): the status view of a running instance or of
// its stored row, and the log line shape.
import { type EaInstanceStatus, eaVisibleStatus } from "../../domain/ea-lifecycle.ts";
import type { EaInstanceRow } from "../../storage/schema/index.ts";
import type { InputValue } from "./inputs.ts";
import type { Live } from "./live.ts";

/** EA status on an account (spec §2.9); `stopped_at` is "" while the instance runs. */
export interface EaStatusView {
  readonly instance_id: string;
  readonly ea_id: string;
  readonly symbol: string;
  readonly timeframe: string;
  readonly status: EaInstanceStatus;
  readonly tick_count: number;
  readonly last_error: string;
  readonly started_at: string;
  readonly stopped_at: string;
  readonly inputs: Record<string, InputValue>;
}

export interface EaLogLine {
  /** ISO 8601 UTC. */
  readonly time: string;
  /** info | alert | warn | error */
  readonly level: string;
  readonly message: string;
}

/** The status view of an instance the service holds in memory. */
export function liveView(live: Live): EaStatusView {
  return {
    instance_id: live.id,
    ea_id: live.eaId,
    symbol: live.symbol,
    timeframe: live.timeframe,
    status: eaVisibleStatus(live.status),
    tick_count: live.tickCount,
    last_error: live.lastError,
    started_at: live.startedAt.toISOString(),
    stopped_at: live.stoppedAt ? live.stoppedAt.toISOString() : "",
    inputs: live.inputs,
  };
}

/** The status view of a stored instance row (one not run since the service started). */
export function rowView(row: EaInstanceRow): EaStatusView {
  return {
    instance_id: row.id,
    ea_id: row.eaId,
    symbol: row.symbol,
    timeframe: row.timeframe,
    status: toStatus(row.status),
    tick_count: row.tickCount,
    last_error: row.lastError,
    started_at: row.startedAt.toISOString(),
    stopped_at: row.stoppedAt ? row.stoppedAt.toISOString() : "",
    inputs: row.inputs,
  };
}

/** A stored status as the API's (anything unknown reads as `error`). */
export function toStatus(v: string): EaInstanceStatus {
  return v === "starting" || v === "running" || v === "stopped" ? v : "error";
}
