// Read views of a session's live mirror — the trading API's account summary, open positions,
// pending orders and portfolio — shaped by the pure functions of src/domain/trading inside the
// session worker. The worker serializes a view, in its success envelope, once per mirror change and
// the main thread forwards the text as it is, so a read costs the API thread one message (none
// while it holds a copy), no shaping and no body of its own.
// Pure: no I/O.
import type { BrokerAccount, OrderRecord, PositionRecord } from "../broker/connector.ts";
import { portfolioTotals } from "../domain/performance.ts";
import { toAccountSummaryView } from "../domain/trading/account.ts";
import {
  type ApiPositionRecord,
  type RecordSymbol,
  toPendingOrderRecord,
  toPositionRecord,
  UNKNOWN_SYMBOL,
} from "../domain/trading/records.ts";

export const VIEW_NAMES = ["summary", "positions", "pending", "open", "portfolio"] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

/**
 * How long the main thread's copy of a view is kept current after a read (the session worker
 * pushes every change meanwhile); the main thread stops trusting its copy a little earlier.
 */
export const VIEW_LEASE_MS = 30_000;

export const isViewName = (value: unknown): value is ViewName =>
  (VIEW_NAMES as readonly unknown[]).includes(value);

/** What a view is made of: the mirror of one connected session. */
export interface MirrorState {
  readonly account: BrokerAccount;
  readonly positions: Iterable<PositionRecord>;
  readonly orders: Iterable<OrderRecord>;
}

const symbolOf = (specs: ReadonlyMap<string, RecordSymbol>, name: string): RecordSymbol =>
  specs.get(name) ?? UNKNOWN_SYMBOL;

/** Open positions, oldest first (ticket breaks ties). */
export function positionsView(
  mirror: MirrorState,
  specs: ReadonlyMap<string, RecordSymbol>,
): ApiPositionRecord[] {
  return [...mirror.positions]
    .sort((a, b) => a.openMs - b.openMs || a.ticket - b.ticket)
    .map((p) => toPositionRecord(p, symbolOf(specs, p.symbol)));
}

/** Resting pending orders, oldest first (ticket breaks ties). */
export function pendingView(
  mirror: MirrorState,
  specs: ReadonlyMap<string, RecordSymbol>,
): ApiPositionRecord[] {
  return [...mirror.orders]
    .sort((a, b) => a.setupMs - b.setupMs || a.ticket - b.ticket)
    .map((o) => toPendingOrderRecord(o, symbolOf(specs, o.symbol)));
}

/** The data of a view (what goes under `data` in the envelope). */
export function renderView(
  name: ViewName,
  mirror: MirrorState,
  specs: ReadonlyMap<string, RecordSymbol>,
): unknown {
  switch (name) {
    case "summary":
      return toAccountSummaryView(mirror.account);
    case "positions":
      return positionsView(mirror, specs);
    case "pending":
      return pendingView(mirror, specs);
    case "open":
      return [...positionsView(mirror, specs), ...pendingView(mirror, specs)];
    case "portfolio": {
      const positions = positionsView(mirror, specs);
      // Totals are sums over the listed positions (spec §2.5).
      return {
        account: toAccountSummaryView(mirror.account),
        positions,
        ...portfolioTotals(positions),
      };
    }
  }
}
