/**
 * Vocabulary shared by the EA host pool and the host processes, beyond the wire schemas of
 * ./protocol.ts: the MQL5 handler an event runs, the one mapping from a failed completion to an
 * instance's `last_error` text, and the merge of two snapshot deltas (tick coalescing).
 *
 * Pure functions only; must not import Bun, Node or isolated-vm APIs (the host bundles it).
 */

import type { Completion, SandboxLimits } from "./protocol.ts";

/** MQL5 handler run by each event type (ea-runtime/README.md "Events"). */
const HANDLERS: Readonly<Record<string, string>> = {
  init: "OnInit",
  tick: "OnTick",
  timer: "OnTimer",
  trade: "OnTrade",
  tradeTransaction: "OnTradeTransaction",
  bookEvent: "OnBookEvent",
  chartEvent: "OnChartEvent",
  tester: "OnTester",
  deinit: "OnDeinit",
};

/** The handler name of an event type ("load" for program loading, the type itself if unknown). */
export function handlerOf(eventType: string): string {
  return HANDLERS[eventType] ?? eventType;
}

/**
 * `last_error` text for a completion that stops an instance, or undefined for success.
 * The only place that turns completions into user-facing failure text.
 */
export function describeFailure(c: Completion, limits: SandboxLimits): string | undefined {
  switch (c.result) {
    case "ok":
      return undefined;
    case "timedOut":
      return c.blockedIn
        ? `exceeded ${c.limitMs} ms wall time in ${c.handler} (blocked in ${c.blockedIn})`
        : `exceeded ${c.limitMs} ms wall time in ${c.handler}`;
    case "disposed":
      switch (c.reason) {
        case "memory":
          return `exceeded memory limit ${limits.memoryMb} MB`;
        case "catastrophic":
          return `sandbox failure: ${c.message}`;
        case "hostCrashed":
          return "host process crashed";
        case "hostUnresponsive":
          return "host process stopped responding";
        case "stopped":
          return c.message;
        default:
          return assertNever(c.reason);
      }
    case "error":
      return c.message;
    default:
      return assertNever(c);
  }
}

function assertNever(v: never): never {
  throw new Error(`unhandled completion ${JSON.stringify(v)}`);
}

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Fields that are lists appended in order (the runtime merges them by key or time). */
const APPENDED = new Set(["symbols", "deals", "historyOrders", "bars"]);

/**
 * Merges snapshot delta `b` (newer) into `a` so that applying the result equals applying `a`
 * then `b`: scalars and replaced lists (tick, positions, orders, time) take `b`'s value,
 * `account` merges field by field, appended lists (symbols, deals, historyOrders, bars) are
 * concatenated in order. A `bars` entry with `replace: true` in `b` drops `a`'s entries of that
 * series.
 */
export function mergeSnapshots(a: Json | undefined, b: Json | undefined): Json | undefined {
  if (!a) {
    return b;
  }
  if (!b) {
    return a;
  }
  const out: Json = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const prev = out[key];
    if (key === "account" && isRecord(prev) && isRecord(value)) {
      out[key] = { ...prev, ...value };
    } else if (key === "bars" && Array.isArray(prev) && Array.isArray(value)) {
      const replaced = new Set(
        value
          .filter((s): s is Json => isRecord(s) && s.replace === true)
          .map((s) => `${String(s.symbol)}|${String(s.timeframe)}`),
      );
      const kept = prev.filter(
        (s) => !(isRecord(s) && replaced.has(`${String(s.symbol)}|${String(s.timeframe)}`)),
      );
      out[key] = [...kept, ...value];
    } else if (APPENDED.has(key) && Array.isArray(prev) && Array.isArray(value)) {
      out[key] = [...prev, ...value];
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Merges a newer event of the same type into an older queued one (tick coalescing). */
export function coalesceEvents(older: Json, newer: Json): Json {
  const snapshot = mergeSnapshots(
    isRecord(older.snapshot) ? older.snapshot : undefined,
    isRecord(newer.snapshot) ? newer.snapshot : undefined,
  );
  return snapshot ? { ...newer, snapshot } : { ...newer };
}
