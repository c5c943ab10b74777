/**
 * In-process test harness for the EA runtime: evaluates the real runtime bundle in a fresh
 * realm (node:vm context, same process) whose only extra global is a scripted `__host_call`,
 * then drives it through `__tas.load` / `__tas.dispatch` exactly as an EA host does.
 * Test-only; production runs the same bundle inside isolated-vm.
 */

import vm from "node:vm";
import { buildRuntimeBundle } from "../../ea-runtime/src/runtime/build.ts";

let bundle: Promise<string> | undefined;

/** The runtime bundle text (built once per test process). */
export function runtimeBundle(): Promise<string> {
  bundle ??= buildRuntimeBundle({ minify: false });
  return bundle;
}

export interface HostCallRecord {
  kind: string;
  payload: Record<string, unknown>;
}

/** Answers a host call; return value is serialised as the HostAnswer JSON. */
export type HostScript = (kind: string, payload: Record<string, unknown>) => unknown;

export interface Outcome {
  ok: boolean;
  error?: { message: string; stack?: string };
  logs: { level: string; text: string; time: number }[];
  logsDropped?: number;
  comment?: string;
  timer?: { seconds: number } | null;
  indicatorsInUse?: { handle: number; name: string; params: number[] }[];
  seriesInUse?: { symbol: string; timeframe: string; bars: number }[];
  initResult?: number;
  testerResult?: number;
  remove?: boolean;
  handlers?: string[];
  sleep?: number;
  fatal?: boolean;
  /** Chart changes (ea-runtime/src/runtime/chart.ts ChartDelta). */
  chart?: {
    reset?: true;
    comment?: string;
    objects?: {
      name: string;
      type: string;
      window: number;
      created: number;
      points: { time: number; price: number }[];
      levels?: { value: number; color: number; style: number; width: number; text: string }[];
      props: Record<string, number | string>;
    }[];
    deleted?: string[];
    properties?: Record<string, number | string>;
  };
  /** Alert / SendNotification / SendMail calls (notify.ts). */
  alerts?: { kind: string; text: string; subject?: string; time: number }[];
}

export interface InProcess {
  calls: HostCallRecord[];
  load(program: string, meta?: Record<string, unknown>): Outcome;
  dispatch(event: Record<string, unknown>): Outcome;
  /** Evaluates code in the EA realm (for assertions about the sandbox). */
  evaluate(code: string): unknown;
}

/** Default host: every trade succeeds with the next deal/order ticket. */
export function acceptAll(): HostScript {
  let next = 1000;
  return (kind, payload) => {
    if (kind === "OrderCheck") {
      return {
        result: { retcode: 0, balance: 10000, equity: 10000, margin: 100, margin_free: 9900 },
      };
    }
    if (kind === "HistorySelect") {
      return { deals: [], orders: [] };
    }
    next += 1;
    const pending = payload.action === 5;
    return {
      result: {
        retcode: pending ? 10008 : 10009,
        deal: pending ? 0 : next,
        order: next,
        volume: payload.volume,
        price: payload.price,
        comment: "ok",
      },
    };
  };
}

export async function inProcess(script: HostScript = acceptAll()): Promise<InProcess> {
  const code = await runtimeBundle();
  const calls: HostCallRecord[] = [];
  const context = vm.createContext({});
  const hostCall = (kind: string, payloadJson: string): string => {
    const payload = JSON.parse(payloadJson) as Record<string, unknown>;
    calls.push({ kind, payload });
    return JSON.stringify(script(kind, payload) ?? {});
  };
  // The only privileged global, as the real host defines it.
  vm.runInContext("this", context).__host_call = hostCall;
  vm.runInContext(code, context);
  const tas = vm.runInContext("__tas", context) as {
    load(js: string, meta: string): string;
    dispatch(event: string): string;
  };
  const { load, dispatch } = tas;
  return {
    calls,
    load: (program, meta = {}) =>
      JSON.parse(
        load(program, JSON.stringify({ symbol: "EURUSD", timeframe: "H1", inputs: {}, ...meta })),
      ) as Outcome,
    dispatch: (event) => JSON.parse(dispatch(JSON.stringify(event))) as Outcome,
    evaluate: (src) => vm.runInContext(src, context),
  };
}

/** Hourly bars from closes (open = previous close, high/low = ±0.5 of max/min). */
export function barsFromCloses(closes: number[], start = 1_700_000_000): Record<string, number>[] {
  return closes.map((c, i) => {
    const o = i === 0 ? c : (closes[i - 1] ?? c);
    return {
      time: start + i * 3600,
      open: o,
      high: Math.max(o, c) + 0.5,
      low: Math.min(o, c) - 0.5,
      close: c,
      tick_volume: 10 + i,
      spread: 2,
      real_volume: 0,
    };
  });
}

export const EURUSD_SPEC = {
  name: "EURUSD",
  digits: 5,
  point: 0.00001,
  contract_size: 100000,
  volume_min: 0.01,
  volume_max: 50,
  volume_step: 0.01,
  stops_level: 10,
  tick_size: 0.00001,
  tick_value: 1,
  currency_base: "EUR",
  currency_profit: "USD",
  currency_margin: "EUR",
  trade_mode: 4,
  filling_mode: 2,
};

export const ACCOUNT = {
  login: 5001,
  balance: 10000,
  equity: 10050,
  margin: 200,
  margin_free: 9850,
  margin_level: 5025,
  leverage: 100,
  currency: "USD",
  name: "Test Trader",
  server: "Demo-1",
  company: "TAS",
  trade_mode: 0,
  margin_mode: 2,
};

/** An init event with EURUSD spec, account, a tick, and `rates` as H1 history. */
export function initEvent(
  rates: Record<string, number>[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const last = rates[rates.length - 1];
  const t = (last?.time ?? 1_700_000_000) + 60;
  return {
    type: "init",
    snapshot: {
      time: t * 1000,
      symbols: [EURUSD_SPEC],
      tick: { bid: 1.1, ask: 1.10012, last: 0, volume: 0, time: t, time_msc: t * 1000, flags: 6 },
      account: ACCOUNT,
      positions: [],
      orders: [],
      ...extra,
    },
    history: { bars: [{ symbol: "EURUSD", timeframe: "H1", rates }] },
  };
}
