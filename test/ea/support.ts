/**
 * Test support for the EA host pool: a TradeGateway backed by a real demo-broker engine
 * in-process (through src/ea/trade-translation.ts), snapshot builders from engine state, the
 * analysed example programs, and a pool factory with test limits.
 */

import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analyseProgram } from "../../ea-runtime/src/analysis/index.ts";
import type { TradeOutcome } from "../../src/broker/connector.ts";
import {
  createEngine,
  createTicketSequence,
  type TradeResult,
  type TradingEngine,
} from "../../src/broker/engine/index.ts";
import { Converter, type TickValues, tickValuesIn } from "../../src/broker/engine/money.ts";
import { listSymbols, type SymbolSpec } from "../../src/broker/symbols.ts";
import {
  createEaHostPool,
  type EaHostPool,
  type EaHostPoolOptions,
  type TradeAnswer,
  type TradeCall,
  type TradeGateway,
} from "../../src/ea/host-pool.ts";
import {
  dealToWire,
  mqlRequestToOperation,
  orderToWire,
  positionToWire,
  quoteToWireTick,
  symbolToWire,
  utcToServerMs,
} from "../../src/ea/trade-translation.ts";
import { brokerAccountToWire, outcomeToMql } from "../../src/services/ea-instances/wire.ts";
import { runtimeBundle } from "../ea-runtime/harness.ts";

/** Wednesday 2025-01-15 10:00 UTC (markets open). */
export const WED_NOON = Date.UTC(2025, 0, 15, 10, 0, 0);

export class ManualClock {
  constructor(public t: number) {}
  now(): number {
    return this.t;
  }
}

/** Analysed JS of a shipped example. */
export function example(name: string): string {
  const r = analyseProgram(
    readFileSync(`${import.meta.dir}/../../ea-runtime/examples/${name}`, "utf8"),
    name,
  );
  if (!r.ok) {
    throw new Error(r.error);
  }
  return r.js;
}

/** A gateway trading on one engine account per instance (default login 5001). */
export class EngineGateway implements TradeGateway {
  readonly engine: TradingEngine;
  readonly clock = new ManualClock(WED_NOON);
  readonly calls: (TradeCall & { atMs: number })[] = [];
  readonly logins = new Map<string, number>();
  /** Optional delay before answering, ms (tests of blocked trade calls). */
  delayMs = 0;

  constructor() {
    this.engine = createEngine({ clock: this.clock, ids: createTicketSequence(1000, 5000) });
    this.engine.applyTick({ symbol: "EURUSD", bid: 1.1, ask: 1.1001, timeMs: WED_NOON });
  }

  account(login = 5001): number {
    const r = this.engine.createAccount({
      login,
      currency: "USD",
      leverage: 100,
      marginMode: "hedging",
      deposit: 10_000,
    });
    if (!r.ok) {
      throw new Error(r.message);
    }
    return login;
  }

  loginOf(instanceId: string): number {
    return this.logins.get(instanceId) ?? 5001;
  }

  async call(call: TradeCall): Promise<TradeAnswer> {
    this.calls.push({ ...call, atMs: performance.now() });
    if (this.delayMs > 0) {
      await Bun.sleep(this.delayMs);
    }
    const login = this.loginOf(call.instanceId);
    if (call.kind === "HistorySelect") {
      return { deals: [], orders: [] };
    }
    const t = mqlRequestToOperation(call.payload, { login });
    if (!t.ok) {
      return { result: { retcode: t.retcode, comment: t.comment } };
    }
    if (call.kind === "OrderCheck") {
      const s = this.engine.summary(login);
      return {
        result: {
          retcode: 0,
          balance: s?.balance ?? 0,
          equity: s?.equity ?? 0,
          margin: s?.margin ?? 0,
          margin_free: s?.freeMargin ?? 0,
          margin_level: s?.marginLevel ?? 0,
          comment: "Done",
        },
      };
    }
    const op = t.operation;
    let result: TradeResult;
    switch (op.op) {
      case "sendOrder":
        result = this.engine.sendOrder(op.request);
        break;
      case "closePosition":
        result = this.engine.closePosition(op.request);
        break;
      case "modifyPosition":
        result = this.engine.modifyPosition(op.request);
        break;
      case "modifyOrder":
        result = this.engine.modifyOrder(op.request);
        break;
      case "cancelOrder":
        result = this.engine.cancelOrder(op.request);
        break;
      case "closeBy":
        result = this.engine.closeBy(op.request);
        break;
    }
    const symbol = typeof call.payload.symbol === "string" ? call.payload.symbol : "EURUSD";
    return {
      result: outcomeToMql(toOutcome(result), this.engine.quote(symbol) ?? null),
      snapshot: {
        ...this.snapshot(login),
        deals: result.ok ? result.deals.map(dealToWire) : [],
      },
    };
  }

  /** Account, positions and orders of `login` as a snapshot delta. */
  snapshot(login = 5001): Record<string, unknown> {
    const a = this.engine.account(login);
    const s = this.engine.summary(login);
    return {
      ...(a && s
        ? {
            account: brokerAccountToWire({
              ...s,
              name: a.name,
              server: "TAS-Demo",
              company: "Trading Account Service",
              group: a.group,
              marginCallLevel: a.marginCallLevel,
              stopOutLevel: a.stopOutLevel,
            }),
          }
        : {}),
      positions: this.engine.positions(login).map(positionToWire),
      orders: this.engine.orders(login).map(orderToWire),
    };
  }

  /** Deposit-currency tick values of `spec` for a USD account at the engine's quotes. */
  tickValues(spec: SymbolSpec): TickValues | undefined {
    return tickValuesIn(spec, "USD", new Converter(listSymbols()), (s) => this.engine.quote(s));
  }

  /** Init event fields: EURUSD spec, quote, account, and `rates` as H1 history. */
  initFields(rates: Record<string, number>[], login = 5001): Record<string, unknown> {
    const spec = this.engine.symbol("EURUSD");
    const quote = this.engine.quote("EURUSD");
    return {
      snapshot: {
        time: utcToServerMs(this.clock.t),
        ...(spec ? { symbols: [symbolToWire(spec, this.tickValues(spec))] } : {}),
        ...(quote ? { tick: quoteToWireTick(quote) } : {}),
        ...this.snapshot(login),
      },
      history: { bars: [{ symbol: "EURUSD", timeframe: "H1", rates, replace: true }] },
    };
  }
}

/** A pool of real Node hosts with test limits (short trade-call timeout). */
export async function testPool(
  gateway: TradeGateway,
  options: Partial<EaHostPoolOptions> = {},
): Promise<EaHostPool> {
  return createEaHostPool({
    hosts: 2,
    gateway,
    bundle: await runtimeBundle(),
    workDir: join(tmpdir(), "tas-ea-host-test"),
    watchdogGraceMs: 1000,
    ...options,
    limits: { hostCallTimeoutMs: 1000, ...options.limits },
  });
}

export const META = { symbol: "EURUSD", timeframe: "H1", inputs: {} };

/** barsFromCloses makes high/low ±0.5 around the bar; near 1.1 prices need a tight range. */
export function tightBars(rates: Record<string, number>[]): Record<string, number>[] {
  return rates.map((r) => ({ ...r, high: (r.high ?? 0) - 0.4999, low: (r.low ?? 0) + 0.4999 }));
}

/** The engine's TradeResult as a session reports it (the demo broker's trade reply). */
function toOutcome(r: TradeResult): TradeOutcome {
  return r.ok
    ? {
        ok: true,
        retcode: r.retcode,
        order: r.order ?? null,
        deals: r.deals,
        position: r.position ?? null,
      }
    : { ok: false, reason: r.reason, retcode: r.retcode, message: r.message };
}
