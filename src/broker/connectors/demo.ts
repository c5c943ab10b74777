// The demo broker's connector: a client of the broker's WebSocket protocol v1
// (docs/broker-protocol.md). Requests are matched to answers by id and time out; a broken link
// fails every pending request with ConnectorError("network") so the session can tell an unknown
// trade outcome from a rejection.
import {
  type BrokerAccount,
  type BrokerConnector,
  type CheckOutcome,
  ConnectorError,
  type ConnectorEvent,
  type Credentials,
  type PositionRecord,
  type Quote,
  type TradeEvent,
  type TradeOutcome,
} from "../connector.ts";

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

type Reply =
  | { id: number; ok: true; data: unknown }
  | { id: number; ok: false; error: { reason: string; retcode?: number; message: string } };

export class DemoConnector implements BrokerConnector {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners: Array<(e: ConnectorEvent) => void> = [];
  private closedByUs = false;

  constructor(private readonly timeoutMs = 10_000) {}

  onEvent(listener: (event: ConnectorEvent) => void): void {
    this.listeners.push(listener);
  }

  private emit(event: ConnectorEvent): void {
    for (const l of this.listeners) {
      l(event);
    }
  }

  /** Opens the link and says hello, without logging in (demo account registration). */
  async openOnly(host: string, port: number): Promise<void> {
    await this.open(host, port);
    await this.call("hello", { version: 1 });
  }

  /** Registers a demo account (protocol op `demo.create`); broker refusals are ConnectorError("protocol"). */
  createDemo(params: Record<string, unknown>): Promise<unknown> {
    return this.call("demo.create", params);
  }

  private async open(host: string, port: number): Promise<void> {
    const url = `ws://${host.includes(":") ? `[${host}]` : host}:${port}/`;
    const c = { host, port };
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url);
      const timer = setTimeout(() => {
        ws.close();
        reject(new ConnectorError("timeout", `no answer from ${c.host}:${c.port}`));
      }, this.timeoutMs);
      ws.onopen = () => {
        clearTimeout(timer);
        this.ws = ws;
        resolve();
      };
      ws.onerror = () => {
        clearTimeout(timer);
        reject(new ConnectorError("network", `cannot reach broker at ${c.host}:${c.port}`));
      };
      ws.onmessage = (m) => this.onFrame(String(m.data));
      ws.onclose = () => this.onClose();
    });
  }

  async connect(c: Credentials): Promise<{ account: BrokerAccount; tradeAllowed: boolean }> {
    await this.open(c.host, c.port);
    await this.call("hello", { version: 1 });
    const login = (await this.call("login", {
      login: c.login,
      password: c.password,
      ...(c.server ? { server: c.server } : {}),
    }).catch((err: unknown) => {
      if (
        err instanceof ConnectorError &&
        err.kind === "protocol" &&
        err.message.startsWith("INVALID_ACCOUNT")
      ) {
        throw new ConnectorError("auth", "invalid login, password or server");
      }
      throw err;
    })) as { trade_allowed: boolean; account: BrokerAccount };
    return { account: login.account, tradeAllowed: login.trade_allowed };
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close();
    this.ws = null;
  }

  private onFrame(frame: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(frame);
    } catch {
      return;
    }
    const m = msg as { event?: string; data?: unknown; id?: number };
    if (m.event === "tick") {
      this.emit({ kind: "tick", quote: m.data as Quote });
      return;
    }
    if (m.event === "trade") {
      this.emit({ kind: "trade", events: m.data as TradeEvent[] });
      return;
    }
    if (m.event === "positions") {
      this.emit({ kind: "positions", positions: m.data as PositionRecord[] });
      return;
    }
    if (m.event === "account") {
      this.emit({ kind: "account", account: m.data as BrokerAccount });
      return;
    }
    if (typeof m.id === "number") {
      const p = this.pending.get(m.id);
      if (p) {
        this.pending.delete(m.id);
        clearTimeout(p.timer);
        p.resolve(msg);
      }
    }
  }

  private onClose(): void {
    this.ws = null;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new ConnectorError("network", "link to the broker was lost"));
      this.pending.delete(id);
    }
    if (!this.closedByUs) {
      this.emit({ kind: "disconnected", reason: "link to the broker was lost" });
    }
  }

  /** Sends one request; resolves with the raw reply (ok or error). */
  private request(op: string, params: Record<string, unknown>): Promise<Reply> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(new ConnectorError("network", "not connected to the broker"));
    }
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new ConnectorError("timeout", `broker did not answer '${op}' in ${this.timeoutMs} ms`),
        );
      }, this.timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      ws.send(JSON.stringify({ id, op, ...params }));
    });
  }

  /** A request whose error reply is a protocol failure (reads). */
  private async call(op: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const reply = await this.request(op, params);
    if (!reply.ok) {
      throw new ConnectorError("protocol", `${reply.error.reason}: ${reply.error.message}`);
    }
    return reply.data;
  }

  /** A trade request: a broker rejection is an outcome, not an exception. */
  private async trade(op: string, params: Record<string, unknown>): Promise<TradeOutcome> {
    const reply = await this.request(op, params);
    if (reply.ok) {
      return { ok: true, ...(reply.data as Omit<Extract<TradeOutcome, { ok: true }>, "ok">) };
    }
    return {
      ok: false,
      reason: reply.error.reason,
      retcode: reply.error.retcode ?? 10011,
      message: reply.error.message,
    };
  }

  symbols = () => this.call("symbols") as Promise<never>;
  quote = async (symbol: string) =>
    (await this.call("quote", { symbol }).catch((err: unknown) => {
      if (err instanceof ConnectorError && err.message.startsWith("SYMBOL_NOT_FOUND")) {
        return null;
      }
      throw err;
    })) as never;
  subscribe = async (symbols: string[]) => {
    await this.call("quotes.subscribe", { symbols });
  };
  account = () => this.call("account") as Promise<BrokerAccount>;
  positions = () => this.call("positions") as Promise<never>;
  orders = () => this.call("orders") as Promise<never>;
  deals = (from: number, to: number) => this.call("deals", { from, to }) as Promise<never>;
  dealsOfPosition = (position: number) =>
    this.call("deals.position", { position }) as Promise<never>;
  closedPositions = (from: number, to: number) =>
    this.call("positions.closed", { from, to }) as Promise<never>;
  historyOrders = (from: number, to: number) =>
    this.call("history.orders", { from, to }) as Promise<never>;
  bars = (symbol: string, timeframe: string, q: { from?: number; to?: number; count?: number }) =>
    this.call("bars", { symbol, timeframe, ...q }) as Promise<never>;
  serverTime = () => this.call("time") as Promise<never>;

  sendOrder = (request: Record<string, unknown>) => this.trade("order.send", request);
  checkOrder = async (request: Record<string, unknown>): Promise<CheckOutcome> => {
    const reply = await this.request("order.check", request);
    if (reply.ok) {
      return { ok: true, ...(reply.data as Omit<Extract<CheckOutcome, { ok: true }>, "ok">) };
    }
    return {
      ok: false,
      reason: reply.error.reason,
      retcode: reply.error.retcode ?? 10011,
      message: reply.error.message,
    };
  };
  modifyPosition = (req: Record<string, unknown>) => this.trade("position.modify", req);
  modifyOrder = (req: Record<string, unknown>) => this.trade("order.modify", req);
  closePosition = (req: Record<string, unknown>) => this.trade("position.close", req);
  cancelOrder = (ticket: number) => this.trade("order.cancel", { ticket });
  closeBy = (req: Record<string, unknown>) => this.trade("position.close_by", req);
}
