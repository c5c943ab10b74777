// Entry of a session worker (Bun worker thread): holds the broker sessions of the accounts hashed
// to it, runs their connectors and mirrors, and answers the main thread's calls from the mirror
// (reads; the trading views are rendered here and leased to the main thread, which is pushed
// their changes) or through the session's write queue (trades).
import {
  ConnectorError,
  type Quote,
  type SymbolSpec,
  type TradeOutcome,
} from "../broker/connector.ts";
import { DemoConnector } from "../broker/connectors/demo.ts";
import { pendingOrderLimitRefusal } from "../domain/trade-limits.ts";
import { symbolCatalogCache } from "./catalog-cache.ts";
import { ConnectGate } from "./connect-gate.ts";
import {
  SESSION_WRITES,
  type SessionArgs,
  type SessionMethod,
  type SessionResult,
} from "./contract.ts";
import type { CallError, FromWorker, ToWorker } from "./protocol.ts";
import { AccountSession, SessionNotConnected } from "./session.ts";
import { valuationSymbols, valueMirror } from "./valuation.ts";
import { isViewName, renderView, VIEW_LEASE_MS, type ViewName } from "./views.ts";

declare const self: Worker;

const sessions = new Map<string, AccountSession>();
/**
 * Streaming: symbols whose ticks the main thread wants, per account. Only these ticks
 * cross to the main thread; every other tick stays in the worker's mirror.
 */
const watched = new Map<string, Set<string>>();

/**
 * Subscribes watched symbols at the broker (via the session's quote path) once connected, and
 * forwards each one's current quote. Settles when every symbol's subscription has.
 */
async function subscribeWatched(s: AccountSession, symbols: Iterable<string>): Promise<void> {
  if (s.status !== "connected") {
    return; // retried on the next transition to connected
  }
  const subscribing = [...symbols].map((symbol) =>
    s.quote(symbol).then(
      (quote) => {
        if (quote && watched.get(s.id)?.has(symbol)) {
          postTick(s.id, quote);
        }
      },
      () => undefined, // unknown symbol or link lost: nothing to forward
    ),
  );
  await Promise.all(subscribing);
}

/**
 * Watched ticks wait for the end of the current turn of the event loop and cross as one message:
 * the broker writes a step's ticks together, so they reach the hub together and each WebSocket
 * client gets them in one write instead of one per quote. Any other message sends the waiting
 * ticks first, so the main thread sees everything in the order it happened.
 */
let tickBatch: Array<{ id: string; quote: Quote }> = [];
/**
 * A burst (a broker catching up hours of feed) crosses in messages of this many ticks, so the main
 * thread handles it in short tasks and its other I/O is served in between.
 */
const MAX_TICKS_PER_MESSAGE = 64;

function postTick(id: string, quote: Quote): void {
  if (tickBatch.length === 0) {
    setImmediate(flushTicks);
  }
  tickBatch.push({ id, quote });
  if (tickBatch.length >= MAX_TICKS_PER_MESSAGE) {
    flushTicks();
  }
}

function flushTicks(): void {
  if (tickBatch.length > 0) {
    const ticks = tickBatch;
    tickBatch = [];
    self.postMessage({ type: "ticks", ticks } satisfies FromWorker);
  }
}

const post = (msg: FromWorker) => {
  flushTicks();
  self.postMessage(msg);
};

/**
 * Symbol catalogs per broker endpoint: read through the first session that needs one, shared by
 * every session on that endpoint (they all see the same broker's symbols), and read again after
 * CATALOG_TTL_MS.
 */
const catalogs = symbolCatalogCache<Map<string, SymbolSpec>>();

function catalogOf(s: AccountSession): Promise<Map<string, SymbolSpec>> {
  return catalogs.get(s.endpoint, async () => {
    const list = await s.live().symbols();
    return new Map(list.map((spec) => [spec.name, spec]));
  });
}

/** Rendered views (JSON text) per session, valid while the session's mirror version holds. */
const renderedViews = new WeakMap<
  AccountSession,
  Map<ViewName, { version: number; text: string }>
>();

/**
 * A view of the session's mirror as the JSON text of its success envelope (`{"ok":true,"data":…}`),
 * rendered at most once per mirror version: the API thread answers a read with this text as it
 * is, so a read allocates no body of its own there (views are 7–10 KB; the envelope built per
 * request was most of what a portfolio read allocated on the API thread).
 */
function renderText(s: AccountSession, name: ViewName, specs: Map<string, SymbolSpec>): string {
  const account = s.account;
  if (s.status !== "connected" || !account) {
    throw new SessionNotConnected(s.status);
  }
  let cache = renderedViews.get(s);
  if (!cache) {
    cache = new Map();
    renderedViews.set(s, cache);
  }
  const hit = cache.get(name);
  if (hit && hit.version === s.mirrorVersion) {
    return hit.text;
  }
  const text = `{"ok":true,"data":${JSON.stringify(
    renderView(
      name,
      { account, positions: s.positions.values(), orders: s.orders.values() },
      specs,
    ),
  )}}`;
  cache.set(name, { version: s.mirrorVersion, text });
  return text;
}

/**
 * Views the main thread keeps a copy of, per session, with their lease expiry: while a lease
 * holds, every mirror change pushes the re-rendered view to the main thread (before the reply of
 * the write that caused it, so a client reads its own writes). A read renews the lease.
 */
const viewLeases = new Map<string, Map<ViewName, number>>();
const pushedVersion = new Map<string, number>();
const pushQueued = new Set<string>();

async function readView(
  s: AccountSession,
  name: ViewName,
): Promise<{ text: string; version: number }> {
  s.live();
  const specs = await catalogOf(s);
  const text = renderText(s, name, specs);
  const version = s.mirrorVersion;
  let leases = viewLeases.get(s.id);
  if (!leases) {
    leases = new Map();
    viewLeases.set(s.id, leases);
  }
  leases.set(name, Date.now() + VIEW_LEASE_MS);
  return { text, version };
}

/** Sends the main thread the leased views of `s` if its mirror changed since the last push. */
function pushViews(s: AccountSession): void {
  const leases = viewLeases.get(s.id);
  if (!leases || pushedVersion.get(s.id) === s.mirrorVersion) {
    return;
  }
  pushedVersion.set(s.id, s.mirrorVersion);
  const now = Date.now();
  const specs = catalogs.peek(s.endpoint);
  const views: Partial<Record<ViewName, string>> = {};
  let ok = specs !== undefined && s.status === "connected" && s.account !== null;
  for (const [name, until] of leases) {
    if (until < now) {
      leases.delete(name);
    } else if (ok && specs) {
      try {
        views[name] = renderText(s, name, specs);
      } catch {
        ok = false;
      }
    }
  }
  if (leases.size === 0) {
    viewLeases.delete(s.id);
  }
  // A view that cannot be rendered now is withdrawn, so the main thread asks again.
  post({ type: "views", id: s.id, version: s.mirrorVersion, views: ok ? views : null });
}

/** Coalesces the mirror changes of one turn (account, positions and orders often come together). */
function queuePush(s: AccountSession): void {
  if (!viewLeases.has(s.id) || pushQueued.has(s.id)) {
    return;
  }
  pushQueued.add(s.id);
  queueMicrotask(() => {
    pushQueued.delete(s.id);
    pushViews(s);
  });
}

function dropViews(id: string): void {
  viewLeases.delete(id);
  pushedVersion.delete(id);
}

/**
 * Valuation from ticks (src/sessions/valuation.ts): sessions to re-value at the end of this turn
 * of the event loop, so the ticks of one broker step (which arrive together) cost one valuation
 * per account. true: positions and account (a tick moved a quote they depend on); false:
 * positions only (a trade event — the broker's own summary came with it and stays as it is).
 */
const revalue = new Map<AccountSession, boolean>();
/**
 * Sessions that got a trade event whose summary (the broker sends it right after) has not arrived
 * yet: until it does, their balance may be stale, so only positions are valued.
 */
const awaitingSummary = new WeakSet<AccountSession>();
/** Per session: the symbols its valuation depends on, valid for one mirror version. */
const valuationDeps = new WeakMap<AccountSession, { version: number; symbols: Set<string> }>();

function queueRevalue(s: AccountSession, withAccount: boolean): void {
  if (revalue.size === 0) {
    setImmediate(flushRevalue);
  }
  revalue.set(s, withAccount || (revalue.get(s) ?? false));
}

/**
 * The symbols the valuation of `s` depends on (held symbols and conversion legs), recomputed when
 * its mirror changed. Loads the catalog and subscribes those quotes at the broker when needed
 * (the ticks of every one of them must reach the mirror); null while that is not possible.
 */
function valuationDepsOf(s: AccountSession): Set<string> | null {
  const account = s.account;
  if (s.positions.size === 0 || !account || s.status !== "connected") {
    return null;
  }
  const cached = valuationDeps.get(s);
  if (cached?.version === s.mirrorVersion) {
    return cached.symbols;
  }
  const specs = catalogs.peek(s.endpoint);
  if (!specs) {
    void catalogOf(s).then(
      () => {
        valuationDepsOf(s);
        queueRevalue(s, true);
      },
      () => undefined,
    );
    return null;
  }
  const symbols = valuationSymbols(account, s.positions.values(), specs);
  if (!symbols) {
    return null;
  }
  valuationDeps.set(s, { version: s.mirrorVersion, symbols });
  for (const dep of symbols) {
    const missing = !s.quotes.has(dep);
    // Subscribes once (a no-op afterwards); a missing quote is fetched, then valued.
    void s.quote(dep).then(
      () => {
        if (missing) {
          queueRevalue(s, true);
        }
      },
      () => undefined,
    );
  }
  return symbols;
}

function flushRevalue(): void {
  const due = [...revalue];
  revalue.clear();
  for (const [s, withAccount] of due) {
    const account = s.account;
    const specs = catalogs.peek(s.endpoint);
    if (s.status !== "connected" || !account || !specs || s.positions.size === 0) {
      continue;
    }
    const valued = valueMirror(
      account,
      s.positions.values(),
      (symbol) => s.quotes.get(symbol),
      specs,
      withAccount && !awaitingSummary.has(s),
    );
    if (!valued || (valued.positions.length === 0 && !valued.account)) {
      continue;
    }
    const deps = valuationDeps.get(s);
    const depsCurrent = deps?.version === s.mirrorVersion;
    s.revalued(valued.positions, valued.account);
    if (deps && depsCurrent) {
      deps.version = s.mirrorVersion; // same positions, same symbols
    }
    pushViews(s); // the main thread's copies are current before the account event
    if (valued.account) {
      post({
        type: "event",
        id: s.id,
        event: { kind: "account", account: valued.account, valuation: true },
      });
    }
  }
}

/** Broker logins in flight at once from this worker (connect-gate.ts says why). */
const LOGINS_IN_FLIGHT = 16;
const logins = new ConnectGate(LOGINS_IN_FLIGHT);

function newSession(id: string, spec: Extract<ToWorker, { type: "open" }>["spec"]): AccountSession {
  return new AccountSession(
    id,
    {
      host: spec.host,
      port: spec.port,
      login: spec.login,
      password: spec.password,
      server: spec.server,
    },
    {
      now: () => Date.now(),
      random: () => Math.random(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      newConnector: () => new DemoConnector(),
      loginTurn: () => logins.acquire(),
      report: (_kind, health) => {
        post({ type: "status", id, health });
        const symbols = watched.get(id);
        const s = sessions.get(id);
        if (health.status === "connected" && s) {
          awaitingSummary.delete(s); // the login brought a fresh summary
          valuationDepsOf(s); // subscribes what the valuation needs
        }
        if (health.status === "connected" && symbols && s) {
          void subscribeWatched(s, symbols);
        }
      },
      mirrorChanged: () => {
        const s = sessions.get(id);
        if (s) {
          queuePush(s);
        }
      },
      publish: (event) => {
        if (event.kind === "tick") {
          if (watched.get(id)?.has(event.quote.symbol)) {
            postTick(id, event.quote);
          }
          const s = sessions.get(id);
          if (s && valuationDepsOf(s)?.has(event.quote.symbol)) {
            queueRevalue(s, true);
          }
        } else {
          const s = sessions.get(id);
          if (s && event.kind === "trade") {
            awaitingSummary.add(s);
            if (valuationDepsOf(s)) {
              queueRevalue(s, false);
            }
          } else if (s && event.kind === "account") {
            awaitingSummary.delete(s);
          }
          post({ type: "event", id, event });
        }
      },
    },
  );
}

function toCallError(err: unknown, write: boolean): CallError {
  if (err instanceof SessionNotConnected) {
    return { kind: "not_connected", status: err.status, message: err.message };
  }
  if (err instanceof ConnectorError) {
    if (write && (err.kind === "network" || err.kind === "timeout")) {
      return { kind: "unknown_outcome", message: err.message };
    }
    return { kind: "unavailable", message: err.message };
  }
  return { kind: "internal", message: (err as Error).message ?? String(err) };
}

/** A session method's handler, in the worker. */
type Handler<M extends SessionMethod> = (
  s: AccountSession,
  args: SessionArgs<M>,
) => SessionResult<M> | Promise<SessionResult<M>>;

/** One handler per method of the contract: a method without one fails to compile. */
const handlers: { [M in SessionMethod]: Handler<M> } = {
  summary: (s) => {
    s.live();
    const account = s.account;
    if (!account) {
      throw new SessionNotConnected(s.status); // connected sessions always have their summary
    }
    return account;
  },
  positions: (s) => {
    s.live();
    return [...s.positions.values()];
  },
  orders: (s) => {
    s.live();
    return [...s.orders.values()];
  },
  view: (s, a) => {
    if (!isViewName(a.view)) {
      throw new Error(`unknown view '${String(a.view)}'`);
    }
    return readView(s, a.view);
  },
  quote: (s, a) => s.quote(a.symbol),
  symbols: async (s) => {
    s.live(); // a session that is not connected answers so, cached catalog or not
    return [...(await catalogOf(s)).values()]; // the endpoint's shared catalog
  },
  deals: (s, a) => s.live().deals(a.from, a.to),
  dealsOfPosition: (s, a) => s.live().dealsOfPosition(a.position),
  closedPositions: (s, a) => s.live().closedPositions(a.from, a.to),
  historyOrders: (s, a) => s.live().historyOrders(a.from, a.to),
  bars: (s, a) => s.live().bars(a.symbol, a.timeframe, a.query),
  serverTime: (s) => s.live().serverTime(),
  checkOrder: (s, a) => s.live().checkOrder(a.request),
  sendOrder: (s, a) => {
    // The cap on resting orders (`limitOrders`, 0 = none) is checked in the account's write
    // queue, against the mirror as every earlier write left it: no broker round trip, and
    // concurrent orders cannot slip past it together.
    const request = a.request;
    const limit = typeof a.limitOrders === "number" ? a.limitOrders : 0;
    return s.write((c): Promise<TradeOutcome> => {
      const refusal = pendingOrderLimitRefusal(s.orders.size, request.orderType, limit);
      return refusal ? Promise.resolve(refusal) : c.sendOrder(request);
    });
  },
  modifyPosition: (s, a) => s.write((c) => c.modifyPosition(a)),
  modifyOrder: (s, a) => s.write((c) => c.modifyOrder(a)),
  closePosition: (s, a) => s.write((c) => c.closePosition(a)),
  cancelOrder: (s, a) => s.write((c) => c.cancelOrder(a.ticket)),
  closeBy: (s, a) => s.write((c) => c.closeBy(a)),
};

async function call<M extends SessionMethod>(
  s: AccountSession,
  method: M,
  args: SessionArgs<M>,
): Promise<SessionResult<M>> {
  const handler: Handler<M> = handlers[method];
  return handler(s, args);
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  switch (msg.type) {
    case "open": {
      const existing = sessions.get(msg.spec.id);
      if (existing) {
        existing.updateCredentials({
          host: msg.spec.host,
          port: msg.spec.port,
          login: msg.spec.login,
          password: msg.spec.password,
          server: msg.spec.server,
        });
        if (!msg.spec.connect) {
          existing.disconnect();
        }
      }
      const s = existing ?? newSession(msg.spec.id, msg.spec);
      sessions.set(msg.spec.id, s);
      if (msg.spec.connect) {
        s.connect();
      }
      post({ type: "status", id: s.id, health: s.health() });
      return;
    }
    case "connect": {
      const s = sessions.get(msg.id);
      if (!s) {
        post({
          type: "reply",
          rid: msg.rid,
          ok: false,
          error: { kind: "internal", message: "no such session" },
        });
        return;
      }
      s.connect();
      void s
        .settled(msg.waitMs)
        .then(() => post({ type: "reply", rid: msg.rid, ok: true, data: s.health() }));
      return;
    }
    case "disconnect":
      sessions.get(msg.id)?.disconnect();
      return;
    case "remove": {
      const s = sessions.get(msg.id);
      if (s) {
        s.disconnect();
        sessions.delete(msg.id);
      }
      dropViews(msg.id);
      return;
    }
    case "call": {
      const s = sessions.get(msg.id);
      if (!s) {
        post({
          type: "reply",
          rid: msg.rid,
          ok: false,
          error: {
            kind: "not_connected",
            status: "disconnected",
            message: "the account's broker session is disconnected",
          },
        });
        return;
      }
      call(s, msg.method, msg.args).then(
        (data) => {
          pushViews(s); // views changed by this call reach the main thread before its answer
          post({ type: "reply", rid: msg.rid, ok: true, data });
        },
        (err: unknown) =>
          post({
            type: "reply",
            rid: msg.rid,
            ok: false,
            error: toCallError(err, SESSION_WRITES.has(msg.method)),
          }),
      );
      return;
    }
    case "demo": {
      const c = new DemoConnector();
      c.openOnly(msg.host, msg.port)
        .then(() => c.createDemo(msg.params))
        .then(
          (data) => post({ type: "reply", rid: msg.rid, ok: true, data }),
          (err: unknown) =>
            post({
              type: "reply",
              rid: msg.rid,
              ok: false,
              // The broker answered with a refusal (bad group, currency…): the client's error.
              error:
                err instanceof ConnectorError && err.kind === "protocol"
                  ? { kind: "refused", message: err.message.replace(/^[A-Z_]+: /, "") }
                  : toCallError(err, false),
            }),
        )
        .finally(() => c.close());
      return;
    }
    case "watch": {
      const set = watched.get(msg.id) ?? new Set<string>();
      watched.set(msg.id, set);
      const added = msg.symbols.filter((symbol) => !set.has(symbol));
      for (const symbol of added) {
        set.add(symbol);
      }
      const s = sessions.get(msg.id);
      const subscribed = s ? subscribeWatched(s, added) : Promise.resolve();
      const rid = msg.rid;
      if (rid !== undefined) {
        void subscribed.then(() => post({ type: "reply", rid, ok: true, data: null }));
      }
      return;
    }
    case "unwatch": {
      const set = watched.get(msg.id);
      for (const symbol of msg.symbols) {
        set?.delete(symbol);
      }
      if (set && set.size === 0) {
        watched.delete(msg.id);
      }
      return;
    }
    case "stop":
      for (const s of sessions.values()) {
        s.disconnect();
      }
      sessions.clear();
      post({ type: "stopped" });
      return;
  }
};
