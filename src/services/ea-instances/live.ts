// The in-memory record of one EA instance the service runs: its lifecycle state, counters, the
// account mirror and forming bar its events are built from, and the snapshot delta not yet sent.
import type { Bar, OrderRecord, PositionRecord, Quote } from "../../broker/connector.ts";
import { LiveBarBuilder } from "../../broker/feed/bars.ts";
import { EA_INITIAL_STATE, type EaLifecycleState } from "../../domain/ea-lifecycle.ts";
import type { EaInstanceRow, EaRow } from "../../storage/schema/index.ts";
import type { AccountTickValues } from "../tick-values.ts";
import { ChartMirror } from "./chart.ts";
import type { InputValue } from "./inputs.ts";
import type { ExtraSeries } from "./series.ts";
import { EA_TIMEFRAMES, type EaTimeframe } from "./types.ts";
import type { EaLogLine } from "./views.ts";

export type Json = Record<string, unknown>;

/** One instance the service is running (or ran since it started). */
export interface Live {
  readonly id: string;
  readonly accountId: string;
  readonly eaId: string;
  readonly symbol: string;
  readonly timeframe: EaTimeframe;
  readonly inputs: Record<string, InputValue>;
  readonly handlers: ReadonlySet<string>;
  readonly startedAt: Date;
  /** The lifecycle state (src/domain/ea-lifecycle.ts); the API shows eaVisibleStatus of it. */
  status: EaLifecycleState;
  tickCount: number;
  persistedTicks: number;
  lastError: string;
  stoppedAt: Date | null;
  login: number;
  positions: Map<number, PositionRecord>;
  orders: Map<number, OrderRecord>;
  /** Snapshot delta not yet delivered to the sandbox. */
  pending: Json;
  /** The forming bar of the EA's symbol and timeframe (one symbol, one timeframe). */
  readonly bars: LiveBarBuilder;
  lastQuote: Quote | null;
  /** Other series the EA reads (series.ts), by symbol and timeframe. */
  readonly series: Map<string, ExtraSeries>;
  /** Price digits of any symbol of the account. */
  digitsOf(symbol: string): number;
  /** The conversion quotes the tick values depend on, and the values they give. */
  tickValues: AccountTickValues;
  logs: EaLogLine[];
  /** The EA's chart (objects, properties, comment) as the runtime last reported it. */
  readonly chart: ChartMirror;
}

/** What the account's session gave for a new instance (besides the init event itself). */
export interface LiveSeed {
  readonly login: number;
  /** Price digits of the EA's symbol. */
  readonly digits: number;
  /** Price digits of every symbol of the account. */
  readonly symbolDigits: ReadonlyMap<string, number>;
  readonly positions: readonly PositionRecord[];
  readonly orders: readonly OrderRecord[];
  /** The latest history bar of the EA's symbol/timeframe (the forming bar continues it). */
  readonly lastBar: Bar | null;
  readonly quote: Quote | null;
  readonly tickValues: AccountTickValues;
}

/** A fresh in-memory instance for a stored row (status `starting`). */
export function createLive(row: EaInstanceRow, ea: EaRow, seed: LiveSeed): Live {
  const timeframe = toTimeframe(row.timeframe);
  return {
    id: row.id,
    accountId: row.accountId,
    eaId: row.eaId,
    symbol: row.symbol,
    timeframe,
    inputs: row.inputs,
    handlers: new Set(ea.eventHandlers),
    startedAt: row.startedAt,
    status: EA_INITIAL_STATE,
    tickCount: row.tickCount,
    persistedTicks: row.tickCount,
    lastError: "",
    stoppedAt: null,
    login: seed.login,
    positions: new Map(seed.positions.map((p) => [p.ticket, p])),
    orders: new Map(seed.orders.map((o) => [o.ticket, o])),
    pending: {},
    bars: formingBarBuilder(row.symbol, timeframe, seed.digits, seed.lastBar),
    lastQuote: seed.quote,
    series: new Map(),
    digitsOf: (symbol) => seed.symbolDigits.get(symbol) ?? seed.digits,
    tickValues: seed.tickValues,
    logs: [],
    chart: new ChartMirror(row.chart),
  };
}

/**
 * The feed's bar builder on the EA's one timeframe, continuing the last history bar. The bar
 * keeps the spread of its opening tick (as the EA's bars always had), not the smallest spread.
 */
function formingBarBuilder(
  symbol: string,
  timeframe: EaTimeframe,
  digits: number,
  lastBar: Bar | null,
): LiveBarBuilder {
  const bars = new LiveBarBuilder(() => digits, [timeframe], { spread: "open" });
  if (lastBar) {
    bars.prime(symbol, timeframe, lastBar);
  }
  return bars;
}

/** The symbols an instance watches: its own and the conversion legs of its tick values. */
export function watchedSymbols(live: Live): string[] {
  const series = [...live.series.values()].map((x) => x.symbol);
  return [...new Set([live.symbol, ...live.tickValues.legs(), ...series])];
}

/** A stored timeframe as the service's type (H1 for anything unknown). */
export function toTimeframe(v: string): EaTimeframe {
  const found = EA_TIMEFRAMES.find((t) => t === v);
  return found ?? "H1";
}

export const errorText = (err: unknown): string =>
  err instanceof Error ? err.message : String(err ?? "unknown error");
