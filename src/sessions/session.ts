// One account's broker session, inside a session worker: drives the connector through the
// session transition table (src/domain/states.ts), reconnects with backoff and jitter, keeps a
// live mirror (account, positions, orders, quotes) updated from broker events so reads never
// wait on the broker, and runs writes one at a time (a per-account queue). Clock, random source
// and timers are injected.
import {
  type BrokerAccount,
  type BrokerConnector,
  ConnectorError,
  type ConnectorEvent,
  type Credentials,
  type OrderRecord,
  type PositionRecord,
  type Quote,
  type TradeOutcome,
} from "../broker/connector.ts";
import {
  backoffDelayMs,
  nextSessionStatus,
  type SessionEvent,
  type SessionStatus,
} from "../domain/states.ts";
import { endpointKey } from "./catalog-cache.ts";
import type { SessionPublished } from "./contract.ts";

export interface SessionHealth {
  status: SessionStatus;
  connected_since: string | null;
  last_error: string | null;
  reconnects: number;
  last_quote_at: string | null;
}

export interface SessionEnv {
  now(): number;
  random(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  newConnector(): BrokerConnector;
  /** A turn to log in (connect-gate.ts), released once the login is done or failed; none: no limit. */
  loginTurn?(): Promise<() => void>;
  /** Status changes and mirror updates, for the main thread. */
  report(kind: "status", health: SessionHealth): void;
  publish(event: SessionPublished): void;
  /** The mirror (account, positions or orders) changed: `mirrorVersion` was bumped. */
  mirrorChanged?(): void;
}

export class AccountSession {
  status: SessionStatus = "disconnected";
  private connector: BrokerConnector | null = null;
  private connectedSince: number | null = null;
  private lastError: string | null = null;
  private reconnects = 0;
  private attempt = 0;
  private lastQuoteAt: number | null = null;
  private retryTimer: unknown = null;
  /** Bumped on every new connection attempt, so stale callbacks are ignored. */
  private generation = 0;
  private writeChain: Promise<unknown> = Promise.resolve();
  private readonly subscribed = new Set<string>();
  private waiters: Array<() => void> = [];

  // The live mirror.
  /** Bumped on every change of account, positions or orders (views are cached per version). */
  mirrorVersion = 0;
  account: BrokerAccount | null = null;
  tradeAllowed = false;
  readonly positions = new Map<number, PositionRecord>();
  readonly orders = new Map<number, OrderRecord>();
  readonly quotes = new Map<string, Quote>();

  constructor(
    readonly id: string,
    private credentials: Credentials,
    private readonly env: SessionEnv,
  ) {}

  health(): SessionHealth {
    return {
      status: this.status,
      connected_since: this.connectedSince ? new Date(this.connectedSince).toISOString() : null,
      last_error: this.lastError,
      reconnects: this.reconnects,
      last_quote_at: this.lastQuoteAt ? new Date(this.lastQuoteAt).toISOString() : null,
    };
  }

  private transition(event: SessionEvent): void {
    const next = nextSessionStatus(this.status, event);
    if (next !== this.status) {
      this.status = next;
      this.env.report("status", this.health());
    }
    if (next !== "connecting") {
      const waiters = this.waiters;
      this.waiters = [];
      for (const w of waiters) {
        w();
      }
    }
  }

  /** Resolves when the session leaves `connecting`/`reconnecting` (or after `timeoutMs`). */
  settled(timeoutMs: number): Promise<void> {
    if (this.status !== "connecting" && this.status !== "reconnecting") {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const handle = this.env.setTimer(resolve, timeoutMs);
      this.waiters.push(() => {
        this.env.clearTimer(handle);
        resolve();
      });
    });
  }

  updateCredentials(credentials: Credentials): void {
    this.credentials = credentials;
  }

  /** The broker endpoint and server this session logs into (sessions there share a catalog). */
  get endpoint(): string {
    return endpointKey(this.credentials);
  }

  connect(): void {
    if (this.status === "connected" || this.status === "connecting") {
      return;
    }
    if (this.retryTimer !== null) {
      this.env.clearTimer(this.retryTimer);
      this.retryTimer = null;
    }
    this.transition("connect");
    void this.attemptConnect();
  }

  private async attemptConnect(): Promise<void> {
    const generation = ++this.generation;
    const endTurn = this.env.loginTurn ? await this.env.loginTurn() : null;
    try {
      if (generation === this.generation) {
        await this.login(generation);
      }
    } finally {
      endTurn?.();
    }
  }

  private async login(generation: number): Promise<void> {
    const connector = this.env.newConnector();
    connector.onEvent((e) => {
      if (generation === this.generation) {
        this.onConnectorEvent(e);
      }
    });
    try {
      const { account, tradeAllowed } = await connector.connect(this.credentials);
      const [positions, orders] = await Promise.all([connector.positions(), connector.orders()]);
      if (generation !== this.generation) {
        connector.close();
        return;
      }
      this.connector = connector;
      this.account = account;
      this.touch();
      this.tradeAllowed = tradeAllowed;
      this.replacePositions(positions);
      this.replaceOrders(orders);
      const symbols = new Set([
        ...this.subscribed,
        ...positions.map((p) => p.symbol),
        ...orders.map((o) => o.symbol),
      ]);
      if (symbols.size > 0) {
        await connector.subscribe([...symbols]);
        for (const s of symbols) {
          this.subscribed.add(s);
        }
      }
      this.connectedSince = this.env.now();
      this.lastError = null;
      this.attempt = 0;
      this.transition("established");
    } catch (err) {
      connector.close();
      if (generation !== this.generation) {
        return;
      }
      const e = err instanceof ConnectorError ? err : new ConnectorError("protocol", String(err));
      this.lastError = e.message;
      if (e.kind === "auth") {
        this.transition("rejected");
        return;
      }
      this.scheduleRetry();
    }
  }

  private scheduleRetry(): void {
    this.transition("link_lost");
    const delay = backoffDelayMs(this.attempt, this.env.random());
    this.attempt += 1;
    this.retryTimer = this.env.setTimer(() => {
      this.retryTimer = null;
      if (this.status === "reconnecting") {
        this.reconnects += 1;
        this.transition("retry");
        void this.attemptConnect();
      }
    }, delay);
  }

  disconnect(): void {
    this.generation += 1;
    if (this.retryTimer !== null) {
      this.env.clearTimer(this.retryTimer);
      this.retryTimer = null;
    }
    this.connector?.close();
    this.connector = null;
    this.connectedSince = null;
    if (this.status !== "disconnected") {
      this.transition("disconnect");
    }
  }

  private onConnectorEvent(e: ConnectorEvent): void {
    switch (e.kind) {
      case "tick":
        this.quotes.set(e.quote.symbol, e.quote);
        this.lastQuoteAt = this.env.now();
        this.env.publish({ kind: "tick", quote: e.quote });
        break;
      case "positions":
        this.replacePositions(e.positions);
        break;
      case "account":
        this.account = e.account;
        this.touch();
        this.env.publish({ kind: "account", account: e.account });
        break;
      case "trade":
        for (const ev of e.events) {
          if (ev.type === "positionOpened" || ev.type === "positionUpdated") {
            this.positions.set(ev.position.ticket, ev.position);
          } else if (ev.type === "positionClosed") {
            this.positions.delete(ev.position.ticket);
          } else if (ev.type === "orderAdded" || ev.type === "orderUpdated") {
            if (ev.order.state === "Placed" || ev.order.state === "Partial") {
              this.orders.set(ev.order.ticket, ev.order);
            } else {
              this.orders.delete(ev.order.ticket);
            }
          } else if (ev.type === "orderRemoved") {
            this.orders.delete(ev.order.ticket);
          }
        }
        this.touch();
        this.env.publish({ kind: "trade", events: e.events });
        break;
      case "disconnected":
        this.connector = null;
        this.connectedSince = null;
        this.lastError = e.reason;
        if (this.status === "connected") {
          this.scheduleRetry();
        }
        break;
    }
  }

  private touch(): void {
    this.mirrorVersion += 1;
    this.env.mirrorChanged?.();
  }

  private replacePositions(list: PositionRecord[]): void {
    this.touch();
    this.positions.clear();
    for (const p of list) {
      this.positions.set(p.ticket, p);
    }
  }

  private replaceOrders(list: OrderRecord[]): void {
    this.touch();
    this.orders.clear();
    for (const o of list) {
      this.orders.set(o.ticket, o);
    }
  }

  /**
   * Applies a valuation from ticks (src/sessions/valuation.ts): the positions' floating profit
   * and current price and, when given, the account's quote-dependent figures. The caller
   * publishes the account.
   */
  revalued(positions: readonly PositionRecord[], account: BrokerAccount | null): void {
    if (positions.length === 0 && !account) {
      return;
    }
    for (const p of positions) {
      if (this.positions.has(p.ticket)) {
        this.positions.set(p.ticket, p);
      }
    }
    if (account) {
      this.account = account;
    }
    this.touch();
  }

  /** The connector, or a SESSION_NOT_CONNECTED failure. */
  live(): BrokerConnector {
    if (this.status !== "connected" || !this.connector) {
      throw new SessionNotConnected(this.status);
    }
    return this.connector;
  }

  /** Subscribes a symbol's quotes (once) and returns the latest quote. */
  async quote(symbol: string): Promise<Quote | null> {
    const c = this.live();
    if (!this.subscribed.has(symbol)) {
      this.subscribed.add(symbol);
      await c.subscribe([symbol]).catch(() => this.subscribed.delete(symbol));
    }
    const mirrored = this.quotes.get(symbol);
    if (mirrored) {
      return mirrored;
    }
    const fresh = await c.quote(symbol);
    if (fresh) {
      this.quotes.set(symbol, fresh);
    }
    return fresh;
  }

  /**
   * Runs a write through the per-account queue and applies the answer to the mirror. A link
   * failure mid-request rejects with ConnectorError("network"|"timeout"): outcome unknown.
   */
  write(op: (c: BrokerConnector) => Promise<TradeOutcome>): Promise<TradeOutcome> {
    const run = async (): Promise<TradeOutcome> => {
      const outcome = await op(this.live());
      if (outcome.ok) {
        this.touch();
        if (outcome.position) {
          if (outcome.position.state === "Closed") {
            this.positions.delete(outcome.position.ticket);
          } else {
            this.positions.set(outcome.position.ticket, outcome.position);
          }
        }
        if (outcome.order) {
          if (outcome.order.state === "Placed" || outcome.order.state === "Partial") {
            this.orders.set(outcome.order.ticket, outcome.order);
          } else {
            this.orders.delete(outcome.order.ticket);
          }
        }
      }
      return outcome;
    };
    const next = this.writeChain.then(run, run);
    this.writeChain = next.catch(() => undefined);
    return next;
  }
}

export class SessionNotConnected extends Error {
  override name = "SessionNotConnected";
  constructor(readonly status: SessionStatus) {
    super(`the account's broker session is ${status}`);
  }
}
