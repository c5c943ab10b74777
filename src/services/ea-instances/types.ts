// The EA instance service's public vocabulary: what a start request carries, what the service is
// built with, and where it publishes. Kept apart so the service's parts share it without cycles.
import type { RefusalWindow, TradeLimits } from "../../domain/trade-limits.ts";
import { TIMEFRAMES, type Timeframe } from "../../mt5/vocabulary.ts";
import type { Resolver } from "../../security/ssrf.ts";
import type { Sessions } from "../../sessions/sessions.ts";
import type { EaEventData } from "../../streaming/messages.ts";
import type { AccountService } from "../accounts.ts";
import type { CalendarSource } from "../calendar.ts";
import type { EaService } from "../eas.ts";
import type { KeyPrincipal } from "../keys.ts";
import type { OrderJournalService } from "../order-journal.ts";
import type { EaChartView } from "./chart.ts";
import type { EaLogLine, EaStatusView } from "./views.ts";

/** Chart timeframes an EA may run on: every MT5 timeframe the service serves bars for. */
export const EA_TIMEFRAMES = TIMEFRAMES;
export type EaTimeframe = Timeframe;

export interface EaStartRequest {
  readonly ea_id: string;
  readonly symbol: string;
  readonly timeframe: EaTimeframe;
  readonly inputs?: Record<string, unknown>;
}

/** Where EA status changes and log lines are published (the WebSocket hub's `ea` channel). */
export interface EaEventPublisher {
  publishEa(accountId: string, data: EaEventData): void;
}

export interface EaInstanceOptions {
  readonly sessions: Sessions;
  readonly accounts: AccountService;
  readonly eas: EaService;
  /** Where status changes and log lines go (the WebSocket `ea` channel); none when omitted. */
  readonly publisher?: EaEventPublisher | undefined;
  /** The order journal: EA orders are journaled and reconciled like REST orders. */
  readonly journal?: OrderJournalService | undefined;
  /**
   * Trade rate per account and per EA instance, and the cap on pending orders (shared with the
   * REST trading service). None when omitted.
   */
  readonly tradeLimits?: TradeLimits | undefined;
  /** Counts each instance's refused trade requests (10024, 10033); a trip stops the instance. */
  readonly refusals?: RefusalWindow | undefined;
  /** Bars of history sent per series (the chart's with OnInit, others when the EA first reads them). Default 10,000. */
  readonly initBars?: number;
  /** Log lines kept per instance. Default 1000. */
  readonly logLines?: number;
  /** How often tick counts are persisted, ms. Default 5000. */
  readonly flushMs?: number;
  /** Longest wait for an account's session when resuming after a restart, ms. Default 60000. */
  readonly resumeWaitMs?: number;
  /** DNS resolver of WebRequest's SSRF guard (default: the system resolver). */
  readonly resolve?: Resolver | undefined;
  /** The economic calendar EAs read (ea-instances/calendar.ts); an empty one when omitted. */
  readonly calendar?: CalendarSource | undefined;
}

/**
 * Cluster mode: an account's EA instance runs on the node that owns its session; requests that
 * reach another node are sent there (src/cluster), reads included, since only the owner knows the
 * live tick count, log and chart. A read that finds no owner (a failover in progress) is answered
 * from the database instead.
 */
export interface EaPlacement {
  runsHere(accountId: string): boolean;
  start(principal: KeyPrincipal, accountId: string, req: EaStartRequest): Promise<EaStatusView>;
  stop(principal: KeyPrincipal, accountId: string): Promise<EaStatusView>;
  status(principal: KeyPrincipal, accountId: string): Promise<EaStatusView | null>;
  logs(principal: KeyPrincipal, accountId: string, limit: number): Promise<EaLogLine[]>;
  chart(principal: KeyPrincipal, accountId: string): Promise<EaChartView | null>;
}

/** ACCOUNT_LIMIT_ORDERS: the cap on an account's pending orders (0 = none). */
export function limitOrdersOf(opts: Pick<EaInstanceOptions, "tradeLimits">): number {
  return opts.tradeLimits?.maxPendingOrders ?? 0;
}
