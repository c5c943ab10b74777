/**
 * Per-isolate runtime context shared by every API module.
 *
 * Owns: the trading state, the bar series, indicator handles, GetLastError's value, the
 * per-event scratch (logs, comment, timer), the trade-object selections (PositionSelect,
 * OrderSelect, HistorySelect), and the captured host function. One instance per loaded program.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { ENUM_TIMEFRAMES, timeframeFromName, timeframeName } from "./constants.ts";
import type { IndicatorInstance } from "./indicators.ts";
import {
  type HostAnswer,
  type HostCallKind,
  type IndicatorInfo,
  isRecord,
  type LoadMeta,
  type SeriesInfo,
  type WireDeal,
  type WireOrder,
  type WirePosition,
  type WireSeries,
} from "./protocol.ts";
import { Series } from "./series.ts";
import { EventScratch, TradeState } from "./state.ts";

export type HostCall = (kind: string, payloadJson: string) => string;

export function parseTimeframe(tf: unknown, fallback: number): number {
  if (typeof tf === "number") {
    return tf === 0 ? fallback : tf;
  }
  if (typeof tf === "string") {
    return timeframeFromName(tf) ?? fallback;
  }
  return fallback;
}

export class RuntimeContext {
  readonly state: TradeState;
  readonly chartSymbol: string;
  readonly chartTimeframe: number;
  readonly maxBars: number;
  readonly maxLogLines: number;
  readonly maxLogLineLength: number;
  readonly historyViaHost: boolean;
  readonly localOffset: number;
  lastError = 0;
  scratch: EventScratch;
  readonly series = new Map<string, Series>();
  readonly indicators = new Map<number, IndicatorInstance>();
  /** Handle of each live indicator by (name, symbol, timeframe, params): MT5 shares handles. */
  readonly indicatorKeys = new Map<string, number>();
  nextHandle = 10;
  /** MathRand's generator state (_RandomSeed); 1 until MathSrand, as the C runtime starts. */
  randomSeed = 1;
  readonly programName: string;
  readonly memoryLimitMb: number;
  indicatorsChanged = false;
  seriesChanged = false;
  /** Series the EA asked for that hold no bars yet. */
  readonly missingSeries = new Set<string>();
  selectedPosition: WirePosition | undefined;
  selectedOrder: WireOrder | undefined;
  historyDeals: WireDeal[] = [];
  historyOrders: WireOrder[] = [];
  uninitReason = 0;
  stopped = false;

  constructor(
    meta: LoadMeta,
    readonly hostCall: HostCall,
  ) {
    this.chartSymbol = meta.symbol;
    this.chartTimeframe = parseTimeframe(meta.timeframe, ENUM_TIMEFRAMES.PERIOD_H1 ?? 0x4001);
    this.maxBars = Math.max(100, Math.trunc(meta.maxBars ?? 5000));
    this.maxLogLines = Math.max(1, Math.trunc(meta.maxLogLines ?? 200));
    this.maxLogLineLength = Math.max(80, Math.trunc(meta.maxLogLineLength ?? 2000));
    this.historyViaHost = meta.history === "host";
    this.localOffset = Math.trunc(meta.localOffset ?? 0);
    this.programName = meta.programName ?? "";
    this.memoryLimitMb = Math.max(0, Math.trunc(meta.memoryLimitMb ?? 0));
    this.state = new TradeState(meta.symbol);
    this.scratch = new EventScratch(this.maxLogLines, this.maxLogLineLength);
  }

  setError(code: number): void {
    this.lastError = code;
  }

  /** Current server time in seconds. */
  now(): number {
    return Math.floor(this.state.timeMs / 1000);
  }

  resolveSymbol(sym: unknown): string {
    return typeof sym === "string" && sym !== "" ? sym : this.chartSymbol;
  }

  resolveTimeframe(tf: unknown): number {
    return parseTimeframe(tf, this.chartTimeframe);
  }

  private key(symbol: string, tf: number): string {
    return `${symbol}|${tf}`;
  }

  /** The series for (symbol, tf), created empty (and reported as missing) on first use. */
  seriesFor(symbol: string, tf: number): Series {
    const key = this.key(symbol, tf);
    let s = this.series.get(key);
    if (!s) {
      s = new Series(symbol, tf, this.maxBars);
      this.series.set(key, s);
      this.seriesChanged = true;
    }
    if (!s.loaded && !this.missingSeries.has(key)) {
      this.missingSeries.add(key);
      this.seriesChanged = true;
    }
    return s;
  }

  applySeries(list: readonly WireSeries[] | undefined): void {
    if (!Array.isArray(list)) {
      return;
    }
    for (const entry of list) {
      if (!isRecord(entry) || typeof entry.symbol !== "string") {
        continue;
      }
      const tf = parseTimeframe(entry.timeframe, this.chartTimeframe);
      const key = this.key(entry.symbol, tf);
      let s = this.series.get(key);
      if (!s) {
        s = new Series(entry.symbol, tf, this.maxBars);
        this.series.set(key, s);
        this.seriesChanged = true;
      }
      if (entry.replace === true) {
        s.clear();
      }
      s.merge(Array.isArray(entry.rates) ? entry.rates : []);
      if (this.missingSeries.delete(key)) {
        this.seriesChanged = true;
      }
    }
  }

  seriesInUse(): SeriesInfo[] {
    return [...this.series.values()].map((s) => ({
      symbol: s.symbol,
      timeframe: timeframeName(s.timeframe),
      bars: s.length,
    }));
  }

  indicatorsInUse(): IndicatorInfo[] {
    return [...this.indicators.values()].map((i) => ({
      handle: i.handle,
      name: i.name,
      symbol: i.series.symbol,
      timeframe: timeframeName(i.series.timeframe),
      params: [...i.params],
    }));
  }

  /** Synchronous host call; undefined answer means the host failed (message in `error`). */
  callHost(kind: HostCallKind, payload: unknown): HostAnswer {
    let text: string;
    try {
      text = this.hostCall(kind, JSON.stringify(payload));
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { error: "host answered with invalid JSON" };
    }
    if (!isRecord(parsed)) {
      return { error: "host answered with a non-object" };
    }
    const answer: HostAnswer = {};
    if (isRecord(parsed.result)) {
      answer.result = parsed.result;
    }
    if (isRecord(parsed.snapshot)) {
      answer.snapshot = parsed.snapshot;
    }
    if (Array.isArray(parsed.deals)) {
      answer.deals = parsed.deals.filter(isRecord);
    }
    if (Array.isArray(parsed.orders)) {
      answer.orders = parsed.orders.filter(isRecord);
    }
    if (typeof parsed.error === "string") {
      answer.error = parsed.error;
    }
    return answer;
  }
}
