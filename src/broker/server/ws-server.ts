// The demo broker's WebSocket front: one connection per terminal session. Parses and validates
// frames (protocol.ts), enforces login and trade rights, routes ops to the DemoBroker, pushes
// ticks for subscribed symbols (at the logged-in account group's prices, groups.ts; the default
// group's before login) and trade events for the logged-in account. A slow client gets
// ticks conflated (latest per symbol) and is closed if even its trade events back up; malformed
// frames get an error reply, never a crash.
import type { Server, ServerWebSocket } from "bun";
import type { TradeResult } from "../engine/index.ts";
import type { EngineEvent, Quote } from "../engine/types.ts";
import { DEFAULT_GROUP } from "../groups.ts";
import { getSymbol } from "../symbols.ts";
import type { DemoBroker } from "./broker.ts";
import {
  MAX_FRAME_BYTES,
  type OpName,
  type OpParams,
  PROTOCOL_VERSION,
  type ProtocolError,
  PUBLIC_OPS,
  parseRequest,
  TRADE_OPS,
} from "./protocol.ts";

interface Conn {
  login: number | null;
  /** The account group whose prices the connection gets (groups.ts; default before login). */
  group: string;
  trade: boolean;
  symbols: Set<string>;
  /** Ticks held back while the socket is congested (latest per symbol). */
  pending: Map<string, Quote>;
  /** Request budget (token bucket) against floods. */
  tokens: number;
  refilledAt: number;
}

export interface BrokerServerOptions {
  readonly port: number;
  readonly hostname: string;
  /** Requests per second per connection (bucket refill) and burst. */
  readonly requestsPerSecond?: number;
  readonly burst?: number;
}

/** Above this many buffered bytes ticks are conflated instead of sent. */
const SOFT_LIMIT = 256 * 1024;
/** Above this a connection is closed: it cannot keep up even with trade events. */
const HARD_LIMIT = 16 * 1024 * 1024;
/** At most this many ticks of one step are written to a connection at once (≈ 16 KB). */
const CORKED_TICKS = 32;

type Ws = ServerWebSocket<Conn>;

const tradeReply = (r: TradeResult) =>
  r.ok
    ? {
        ok: true as const,
        data: {
          retcode: r.retcode,
          order: r.order ?? null,
          deals: r.deals,
          position: r.position ?? null,
        },
      }
    : {
        ok: false as const,
        error: {
          reason: r.reason,
          retcode: r.retcode,
          message: r.message,
          ...(r.bid !== undefined ? { bid: r.bid, ask: r.ask } : {}),
        },
      };

export interface RunningBrokerServer {
  readonly port: number;
  stop(): Promise<void>;
}

export function startBrokerServer(
  broker: DemoBroker,
  opts: BrokerServerOptions,
): RunningBrokerServer {
  const rps = opts.requestsPerSecond ?? 20_000;
  const burst = opts.burst ?? 40_000;
  const byLogin = new Map<number, Set<Ws>>();
  const bySymbol = new Map<string, Set<Ws>>();

  const send = (ws: Ws, message: unknown): void => {
    if (ws.getBufferedAmount() > HARD_LIMIT) {
      ws.close(1013, "slow consumer: send buffer overflow");
      return;
    }
    ws.send(JSON.stringify(message));
  };

  const sendTick = (ws: Ws, tick: Quote): void => {
    if (ws.getBufferedAmount() > SOFT_LIMIT || ws.data.pending.size > 0) {
      ws.data.pending.set(tick.symbol, tick);
      return;
    }
    ws.send(`{"event":"tick","data":${JSON.stringify(tick)}}`);
  };

  // A real-time step's few ticks go to each connection in one write (corked): the far side then
  // reads them together, and one write costs about what a single tick's does. A burst (the feed
  // catching up) is written tick by tick, so a reader that keeps up is never outrun into
  // conflation by one huge write.
  broker.onTicks((ticks) => {
    const perSocket = new Map<Ws, Quote[]>();
    for (const tick of ticks) {
      const subs = bySymbol.get(tick.symbol);
      if (subs) {
        for (const ws of subs) {
          const mine = perSocket.get(ws);
          if (mine) {
            mine.push(tick);
          } else {
            perSocket.set(ws, [tick]);
          }
        }
      }
    }
    for (const [ws, mine] of perSocket) {
      const group = ws.data.group;
      if (mine.length === 1 || mine.length > CORKED_TICKS) {
        for (const tick of mine) {
          sendTick(ws, broker.groupTick(tick, group));
        }
      } else {
        ws.cork(() => {
          for (const tick of mine) {
            sendTick(ws, broker.groupTick(tick, group));
          }
        });
      }
    }
  });

  broker.onEvents((events: EngineEvent[]) => {
    const perLogin = new Map<number, EngineEvent[]>();
    for (const e of events) {
      const login =
        e.type === "accountChanged"
          ? e.account.login
          : e.type === "dealAdded"
            ? e.deal.login
            : e.type === "positionOpened" ||
                e.type === "positionUpdated" ||
                e.type === "positionClosed"
              ? e.position.login
              : e.order.login;
      const list = perLogin.get(login) ?? [];
      list.push(e);
      perLogin.set(login, list);
    }
    for (const [login, list] of perLogin) {
      const socks = byLogin.get(login);
      if (!socks) {
        continue;
      }
      // The summary of the account once the events are applied: authoritative after every
      // trade event. Between trades a terminal values its positions from the ticks itself (as MT5
      // terminals do; the service's session workers: src/sessions/valuation.ts).
      const summary = broker.accountInfo(login);
      for (const ws of socks) {
        send(ws, { event: "trade", data: list });
        if (summary) {
          send(ws, { event: "account", data: summary });
        }
      }
    }
  });

  const allow = (conn: Conn): boolean => {
    const now = performance.now();
    conn.tokens = Math.min(burst, conn.tokens + ((now - conn.refilledAt) / 1000) * rps);
    conn.refilledAt = now;
    if (conn.tokens < 1) {
      return false;
    }
    conn.tokens -= 1;
    return true;
  };

  const fail = (
    reason: string,
    message: string,
    retcode?: number,
  ): { ok: false; error: ProtocolError } => ({
    ok: false,
    error: { reason, message, ...(retcode !== undefined ? { retcode } : {}) },
  });

  async function handle(ws: Ws, op: OpName, p: Record<string, unknown>): Promise<unknown> {
    const conn = ws.data;
    const login = conn.login ?? 0;
    switch (op) {
      case "hello": {
        const params = p as OpParams<"hello">;
        if (params.version !== PROTOCOL_VERSION) {
          return fail(
            "UNSUPPORTED_VERSION",
            `this server speaks protocol version ${PROTOCOL_VERSION}`,
          );
        }
        return {
          ok: true,
          data: { protocol: PROTOCOL_VERSION, company: "TAS Markets", ...broker.serverTime() },
        };
      }
      case "ping":
        return { ok: true, data: { time_ms: Date.now() } };
      case "time":
        return { ok: true, data: broker.serverTime() };
      case "login": {
        const params = p as OpParams<"login">;
        const verdict = await broker.authenticate(params.login, params.password, params.server);
        if (!verdict) {
          return fail("INVALID_ACCOUNT", "invalid login, password or server");
        }
        if (conn.login !== null) {
          byLogin.get(conn.login)?.delete(ws);
        }
        conn.login = params.login;
        conn.group = broker.groupOf(params.login);
        conn.trade = verdict.trade;
        const set = byLogin.get(params.login) ?? new Set<Ws>();
        set.add(ws);
        byLogin.set(params.login, set);
        return {
          ok: true,
          data: {
            login: params.login,
            server: verdict.server,
            trade_allowed: verdict.trade,
            account: broker.accountInfo(params.login),
          },
        };
      }
      case "demo.create": {
        const created = await broker.createDemoAccount(p as OpParams<"demo.create">);
        return "ok" in created
          ? fail(created.reason, created.message, created.retcode)
          : { ok: true, data: created };
      }
      case "symbols":
        return { ok: true, data: broker.symbols() };
      case "symbol":
      case "sessions": {
        const name =
          (p as { name?: string; symbol?: string }).name ?? (p as { symbol: string }).symbol;
        const spec = getSymbol(name);
        if (!spec) {
          return fail("SYMBOL_NOT_FOUND", `unknown symbol '${name}'`);
        }
        return op === "symbol"
          ? { ok: true, data: spec }
          : {
              ok: true,
              data: { symbol: spec.name, trade: spec.tradeSessions, quote: spec.quoteSessions },
            };
      }
      case "quote": {
        const { symbol } = p as OpParams<"quote">;
        const q = broker.quote(symbol, conn.group);
        return q ? { ok: true, data: q } : fail("SYMBOL_NOT_FOUND", `no quote for '${symbol}'`);
      }
      case "quotes.subscribe":
      case "quotes.unsubscribe": {
        const { symbols } = p as OpParams<"quotes.subscribe">;
        const unknown = symbols.filter((s) => !getSymbol(s));
        if (unknown.length > 0) {
          return fail("SYMBOL_NOT_FOUND", `unknown symbols: ${unknown.join(", ")}`);
        }
        for (const s of symbols) {
          const subs = bySymbol.get(s) ?? new Set<Ws>();
          if (op === "quotes.subscribe") {
            subs.add(ws);
            conn.symbols.add(s);
          } else {
            subs.delete(ws);
            conn.symbols.delete(s);
            conn.pending.delete(s);
          }
          bySymbol.set(s, subs);
        }
        return { ok: true, data: { symbols: [...conn.symbols] } };
      }
      case "bars": {
        const q = p as OpParams<"bars">;
        if (!getSymbol(q.symbol)) {
          return fail("SYMBOL_NOT_FOUND", `unknown symbol '${q.symbol}'`);
        }
        return { ok: true, data: broker.bars(q.symbol, q.timeframe, q, conn.group) };
      }
      case "account":
        return { ok: true, data: broker.accountInfo(login) };
      case "positions":
        return { ok: true, data: broker.positions(login) };
      case "orders":
        return { ok: true, data: broker.orders(login) };
      case "deals": {
        const q = p as OpParams<"deals">;
        return { ok: true, data: await broker.deals(login, q.from, q.to) };
      }
      case "deals.position": {
        const q = p as OpParams<"deals.position">;
        return { ok: true, data: await broker.dealsOfPosition(login, q.position) };
      }
      case "history.orders": {
        const q = p as OpParams<"history.orders">;
        return { ok: true, data: await broker.historyOrders(login, q.from, q.to) };
      }
      case "positions.closed": {
        const q = p as OpParams<"positions.closed">;
        return { ok: true, data: await broker.closedPositions(login, q.from, q.to) };
      }
      case "order.check": {
        const r = broker.checkOrder(login, p as OpParams<"order.check">);
        return r.ok
          ? { ok: true, data: { retcode: 0, ...r.figures } }
          : {
              ok: false,
              error: {
                reason: r.reason,
                retcode: r.retcode,
                message: r.message,
                ...(r.figures ? { figures: r.figures } : {}),
              },
            };
      }
      case "order.send":
        return tradeReply(await broker.sendOrder(login, p as OpParams<"order.send">));
      case "position.modify":
        return tradeReply(await broker.modifyPosition(login, p as OpParams<"position.modify">));
      case "order.modify":
        return tradeReply(await broker.modifyOrder(login, p as OpParams<"order.modify">));
      case "position.close":
        return tradeReply(await broker.closePosition(login, p as OpParams<"position.close">));
      case "order.cancel":
        return tradeReply(await broker.cancelOrder(login, (p as OpParams<"order.cancel">).ticket));
      case "position.close_by":
        return tradeReply(await broker.closeBy(login, p as OpParams<"position.close_by">));
    }
  }

  const server: Server<Conn> = Bun.serve<Conn>({
    port: opts.port,
    hostname: opts.hostname,
    fetch(req, srv) {
      const path = new URL(req.url).pathname;
      if (path === "/" || path === "/ws") {
        const data: Conn = {
          login: null,
          group: DEFAULT_GROUP,
          trade: false,
          symbols: new Set(),
          pending: new Map(),
          tokens: burst,
          refilledAt: performance.now(),
        };
        if (srv.upgrade(req, { data })) {
          return undefined;
        }
      }
      if (path === "/health") {
        return Response.json({ ok: true, data: { status: "ok" } });
      }
      return Response.json(
        {
          ok: false,
          error: { code: "NOT_FOUND", message: "connect with a WebSocket to / (protocol v1)" },
        },
        { status: 404 },
      );
    },
    websocket: {
      maxPayloadLength: MAX_FRAME_BYTES,
      idleTimeout: 120,
      sendPings: true,
      message(ws, message) {
        if (typeof message !== "string") {
          send(ws, { id: null, ...fail("BAD_FRAME", "binary frames are not accepted") });
          return;
        }
        if (!allow(ws.data)) {
          send(ws, {
            id: null,
            ...fail("TOO_MANY_REQUESTS", "request rate limit exceeded", 10024),
          });
          return;
        }
        const parsed = parseRequest(message);
        if (!parsed.ok) {
          send(ws, { id: parsed.id, ok: false, error: parsed.error });
          return;
        }
        const { id, op, params } = parsed;
        if (!PUBLIC_OPS.has(op) && ws.data.login === null) {
          send(ws, { id, ...fail("NOT_LOGGED_IN", `op '${op}' needs a login first`) });
          return;
        }
        if (TRADE_OPS.has(op) && !ws.data.trade) {
          send(ws, {
            id,
            ...fail("TRADE_DISABLED", "investor (read-only) login: trading is disabled", 10017),
          });
          return;
        }
        handle(ws, op, params).then(
          (reply) => send(ws, { id, ...(reply as object) }),
          (err: unknown) =>
            send(ws, {
              id,
              ...fail("INTERNAL", `request failed: ${(err as Error).message}`, 10011),
            }),
        );
      },
      drain(ws) {
        const pending = ws.data.pending;
        while (pending.size > 0 && ws.getBufferedAmount() <= SOFT_LIMIT) {
          const [symbol, tick] = pending.entries().next().value as [string, Quote];
          pending.delete(symbol);
          ws.send(`{"event":"tick","data":${JSON.stringify(tick)}}`);
        }
      },
      close(ws) {
        const conn = ws.data;
        if (conn.login !== null) {
          byLogin.get(conn.login)?.delete(ws);
        }
        for (const s of conn.symbols) {
          bySymbol.get(s)?.delete(ws);
        }
      },
    },
  });

  return {
    port: server.port ?? opts.port,
    async stop() {
      await server.stop(true);
    },
  };
}
