// The streaming hub behind /ws: turns session events (ticks of watched symbols, trade batches,
// account updates, session status) and EA events into per-account sequenced messages, keeps a
// bounded replay buffer per account, and fans each message out — serialized once — to the
// subscribed sinks. It owns subscriptions (and the quote-symbol watches they imply on the session
// workers), snapshots (account summary, positions + pending orders, session health) and bars
// derived from ticks with the feed's LiveBarBuilder. It knows nothing about sockets: a sink is
// anything with `deliver(text, conflateKey)`; the HTTP layer (src/http/ws) implements it.
// Must not import Elysia or Bun's server APIs.
import type { Quote } from "../broker/connector.ts";
import { LiveBarBuilder } from "../broker/feed/bars.ts";
import type { Bar, Timeframe } from "../broker/feed/types.ts";
import { AppError, accountNotFound, errorBody } from "../domain/errors.ts";
import type { RecordSymbol } from "../domain/trading/records.ts";
import type { Logger } from "../logging/logger.ts";
import { formatServerTime } from "../mt5/server-time.ts";
import type { ReconciledOrderData, ServiceEvents } from "../services/service-events.ts";
import type { TradingService } from "../services/trading.ts";
import type { SessionEvent } from "../sessions/contract.ts";
import type { Sessions } from "../sessions/sessions.ts";
import {
  type Channel,
  type EaEventData,
  MESSAGE_TYPE,
  REPLAYABLE,
  toSummaryView,
  toTradeData,
} from "./messages.ts";

/** A consumer of messages (one WebSocket connection). */
export interface StreamSink {
  /**
   * Sends one serialized message. `conflateKey` is set on messages a newer one with the same key
   * may replace while the sink is congested (quotes, bar updates); null means "never drop".
   */
  deliver(text: string, conflateKey: string | null): void;
  /**
   * Sends several messages in order, as `deliver` would one by one, but in one write where the
   * transport can (several quotes of one broker step to a socket).
   */
  deliverMany?(messages: readonly StagedMessage[]): void;
}

/** A serialized message and its conflation key (see `StreamSink.deliver`). */
export interface StagedMessage {
  readonly text: string;
  readonly conflateKey: string | null;
}

/** A quote or bar message waiting for the end of the current batch of ticks. */
interface Fanout extends StagedMessage {
  /** The symbol's subscribers (the live set: whoever is subscribed when it is written). */
  readonly sinks: ReadonlySet<StreamSink>;
}

export interface SubscribeRequest {
  /** Client's op id, echoed in the ack. */
  readonly id: string | number | null;
  readonly channel: Channel;
  readonly accountId: string;
  /** quotes / bars: symbols to add. */
  readonly symbols?: readonly string[];
  /** bars: the timeframe. */
  readonly timeframe?: Timeframe;
  /** Resume after this seq (replay from the buffer, or resync_required). */
  readonly lastSeq?: number;
}

/** The WS layer's view of the streams (the StreamHub on one node, ClusterStreams in a cluster). */
export type StreamRouter = Pick<
  StreamHub,
  "subscribe" | "unsubscribe" | "seqOf" | "detach" | "forget"
>;

export interface StreamHubOptions {
  readonly sessions: Pick<Sessions, "onEvent" | "watch" | "unwatch" | "healthOf">;
  readonly trading: Pick<TradingService, "summary" | "positionRecords" | "pendingRecords"> &
    Partial<Pick<TradingService, "symbolSpecs">>;
  readonly logger: Logger;
  /** Replayable messages kept per account. */
  readonly replaySize: number;
  /** Events the services raise (reconciled orders, EA status and logs), published here. */
  readonly events?: Pick<ServiceEvents, "onTrade" | "onEa">;
}

interface Replayed {
  readonly seq: number;
  readonly channel: Channel;
  readonly text: string;
}

/** One subscription of a sink to a channel of an account (symbols for quotes/bars). */
interface Sub {
  readonly sink: StreamSink;
  readonly channel: Channel;
  readonly accountId: string;
  readonly timeframe: Timeframe | null;
  readonly symbols: Set<string>;
  /** False until its snapshot / replay has been sent. */
  active: boolean;
}

interface BarStream {
  readonly builder: LiveBarBuilder;
  /** symbol → sinks. */
  readonly sinks: Map<string, Set<StreamSink>>;
}

interface AccountStream {
  readonly accountId: string;
  seq: number;
  /** Ring of replayable messages, oldest first from `head`. */
  readonly ring: Replayed[];
  head: number;
  /** Seq of the newest message evicted from the ring (0: none yet). */
  evictedSeq: number;
  /** account / trades / session / ea subscriptions. */
  readonly subs: Map<Channel, Set<Sub>>;
  /** symbol → sinks of the quotes channel. */
  readonly quotes: Map<string, Set<StreamSink>>;
  readonly bars: Map<Timeframe, BarStream>;
  /** symbol → number of quote/bar subscriptions that need its ticks. */
  readonly watches: Map<string, number>;
  /** symbol → the session worker's confirmation of a watch still being set up. */
  readonly watching: Map<string, Promise<void>>;
  /** Serializes everything but quotes/bars, so seq order = event order. */
  chain: Promise<void>;
  lastStatus: string | null;
  lastAccountText: string | null;
  /**
   * The latest account message valued from ticks. These come with every tick of a held symbol, so
   * only the latest is kept for replay (outside the ring, where they would push trades out).
   */
  lastValuation: Replayed | null;
  specs: Map<string, RecordSymbol> | null;
}

const DEFAULT_SPEC: RecordSymbol = { digits: 5, contractSize: 100_000 };

const subKey = (accountId: string, channel: Channel, timeframe: Timeframe | null): string =>
  `${accountId}|${channel}|${timeframe ?? ""}`;

export class StreamHub {
  private readonly streams = new Map<string, AccountStream>();
  private readonly bySink = new Map<StreamSink, Map<string, Sub>>();
  /**
   * Quote and bar messages of the ticks being dispatched. They are written when the dispatch ends
   * (a microtask), grouped per sink: the ticks of one broker step arrive in one message from a
   * session worker, and a socket then gets all of them in one write. A write per quote costs the
   * same as a write of several, so with a few symbols per step this divides the fan-out's time.
   * Every other message sends the staged ones first, so each sink still sees seq order.
   */
  private staged: Fanout[] = [];
  private readonly flushStaged = (): void => {
    const staged = this.staged;
    if (staged.length === 0) {
      return;
    }
    this.staged = [];
    if (staged.length === 1) {
      const f = staged[0] as Fanout;
      for (const sink of f.sinks) {
        sink.deliver(f.text, f.conflateKey);
      }
      return;
    }
    const perSink = new Map<StreamSink, Fanout[]>();
    for (const f of staged) {
      for (const sink of f.sinks) {
        const mine = perSink.get(sink);
        if (mine) {
          mine.push(f);
        } else {
          perSink.set(sink, [f]);
        }
      }
    }
    for (const [sink, messages] of perSink) {
      if (messages.length > 1 && sink.deliverMany) {
        sink.deliverMany(messages);
      } else {
        for (const m of messages) {
          sink.deliver(m.text, m.conflateKey);
        }
      }
    }
  };

  constructor(private readonly opts: StreamHubOptions) {
    opts.sessions.onEvent((accountId, event) => this.onSessionEvent(accountId, event));
    opts.events?.onTrade((accountId, data) => this.publishTrade(accountId, data));
    opts.events?.onEa((accountId, data) => this.publishEa(accountId, data));
  }

  /**
   * Sequences start at the hub's start time × 1000, so they keep increasing across service
   * restarts: a `last_seq` from before a restart is older than anything buffered and gets
   * `resync_required` instead of a wrong replay.
   */
  private readonly seqBase = Date.now() * 1000;

  /** Resolves once the account's queued work (snapshots, replays, events) has run. */
  async settled(accountId: string): Promise<void> {
    await this.streams.get(accountId)?.chain;
  }

  /** The subscriptions of an account's stream (cluster mode moves them when the account moves). */
  subscriptionsOf(accountId: string): Array<{
    sink: StreamSink;
    channel: Channel;
    timeframe: Timeframe | null;
    symbols: string[];
  }> {
    const out: Array<{
      sink: StreamSink;
      channel: Channel;
      timeframe: Timeframe | null;
      symbols: string[];
    }> = [];
    for (const [sink, mine] of this.bySink) {
      for (const sub of mine.values()) {
        if (sub.accountId === accountId) {
          out.push({
            sink,
            channel: sub.channel,
            timeframe: sub.timeframe,
            symbols: [...sub.symbols],
          });
        }
      }
    }
    return out;
  }

  /**
   * Forgets an account's stream without telling its subscribers (cluster mode: the account's
   * session moved to another node, which sequences its stream from now on).
   */
  release(accountId: string): void {
    const stream = this.streams.get(accountId);
    if (!stream) {
      return;
    }
    for (const [sink, mine] of this.bySink) {
      for (const [key, sub] of mine) {
        if (sub.accountId === accountId) {
          this.unsubscribe(sink, accountId, sub.channel, sub.timeframe);
          mine.delete(key);
        }
      }
    }
    this.streams.delete(accountId);
  }

  /** Current seq of an account (the base before any message). */
  seqOf(accountId: string): number {
    return this.streams.get(accountId)?.seq ?? 0;
  }

  /** Subscription units a sink holds (one per channel, one per symbol for quotes and bars). */
  unitsOf(sink: StreamSink): number {
    let n = 0;
    for (const sub of this.bySink.get(sink)?.values() ?? []) {
      n += sub.channel === "quotes" || sub.channel === "bars" ? sub.symbols.size : 1;
    }
    return n;
  }

  /**
   * Adds a subscription (the caller has checked ownership and limits). Sends the ack first, then —
   * for account / trades / session — a replay (with `lastSeq`) or a snapshot, then deltas.
   */
  async subscribe(sink: StreamSink, req: SubscribeRequest, maxUnits: number): Promise<void> {
    const stream = this.stream(req.accountId);
    const timeframe = req.channel === "bars" ? (req.timeframe ?? null) : null;
    const key = subKey(req.accountId, req.channel, timeframe);
    const mine = this.bySink.get(sink) ?? new Map<string, Sub>();
    const existing = mine.get(key);
    const symbols = req.symbols ?? [];
    const added = symbols.filter((s) => !existing?.symbols.has(s));
    const addedUnits =
      req.channel === "quotes" || req.channel === "bars" ? added.length : existing ? 0 : 1;
    if (this.unitsOf(sink) + addedUnits > maxUnits) {
      throw new AppError(
        "SUBSCRIPTION_LIMIT_REACHED",
        `A connection may hold at most ${maxUnits} subscriptions (one per channel, one per symbol for quotes and bars)`,
      );
    }
    if (req.channel === "bars") {
      await this.loadSpecs(stream);
    }
    const sub: Sub = existing ?? {
      sink,
      channel: req.channel,
      accountId: req.accountId,
      timeframe,
      symbols: new Set(),
      active: req.channel === "quotes" || req.channel === "bars",
    };
    mine.set(key, sub);
    this.bySink.set(sink, mine);
    for (const s of added) {
      sub.symbols.add(s);
    }
    const ack = (extra: Record<string, unknown>) => {
      this.flushStaged();
      sink.deliver(
        JSON.stringify({
          type: "ack",
          id: req.id,
          account_id: req.accountId,
          seq: stream.seq,
          data: { op: "subscribe", channel: req.channel, ...extra },
        }),
        null,
      );
    };
    if (req.channel === "quotes" || req.channel === "bars") {
      const channel = req.channel;
      // Acked once the worker forwards every tick of these symbols: none after the ack is missed.
      await Promise.all(added.map((s) => this.addSymbolSink(stream, channel, timeframe, s, sink)));
      ack({
        symbols: [...sub.symbols],
        ...(timeframe ? { timeframe } : {}),
      });
      return;
    }
    ack({});
    if (existing) {
      return;
    }
    const set = stream.subs.get(req.channel) ?? new Set<Sub>();
    stream.subs.set(req.channel, set);
    set.add(sub);
    this.enqueue(stream, async () => {
      if (!this.isLive(sub)) {
        return;
      }
      let replayed = false;
      if (req.lastSeq !== undefined) {
        replayed = this.replay(stream, sub, req.lastSeq);
      }
      if (!replayed) {
        await this.sendSnapshot(stream, req.channel, [sub]);
      }
      sub.active = true;
    });
  }

  /** Removes a subscription (or some of its symbols). Returns false if there was none. */
  unsubscribe(
    sink: StreamSink,
    accountId: string,
    channel: Channel,
    timeframe: Timeframe | null,
    symbols?: readonly string[],
  ): boolean {
    const mine = this.bySink.get(sink);
    const key = subKey(accountId, channel, channel === "bars" ? timeframe : null);
    const sub = mine?.get(key);
    const stream = this.streams.get(accountId);
    if (!mine || !sub || !stream) {
      return false;
    }
    if (channel === "quotes" || channel === "bars") {
      const drop = symbols && symbols.length > 0 ? symbols : [...sub.symbols];
      for (const s of drop) {
        if (sub.symbols.delete(s)) {
          this.removeSymbolSink(stream, channel, sub.timeframe, s, sink);
        }
      }
      if (sub.symbols.size > 0) {
        return true;
      }
    } else {
      stream.subs.get(channel)?.delete(sub);
    }
    mine.delete(key);
    return true;
  }

  /** Drops every subscription of a sink (its connection closed). */
  detach(sink: StreamSink): void {
    const mine = this.bySink.get(sink);
    if (!mine) {
      return;
    }
    for (const sub of [...mine.values()]) {
      this.unsubscribe(sink, sub.accountId, sub.channel, sub.timeframe);
    }
    this.bySink.delete(sink);
  }

  /**
   * Forgets an account's stream (the account was removed): its subscribers are told, with the
   * same answer REST now gives (ACCOUNT_NOT_FOUND), and their subscriptions end.
   */
  forget(accountId: string): void {
    const stream = this.streams.get(accountId);
    if (!stream) {
      return;
    }
    const notice = JSON.stringify({
      type: "error",
      id: null,
      account_id: accountId,
      seq: null,
      error: errorBody(accountNotFound()).error,
    });
    this.flushStaged();
    for (const [sink, mine] of this.bySink) {
      let told = false;
      for (const [key, sub] of mine) {
        if (sub.accountId === accountId) {
          mine.delete(key);
          if (!told) {
            sink.deliver(notice, null);
            told = true;
          }
        }
      }
    }
    this.streams.delete(accountId);
    const symbols = [...stream.watches.keys()];
    if (symbols.length > 0) {
      this.opts.sessions.unwatch(accountId, symbols);
    }
  }

  /**
   * The EA layer's entry point: publishes an EA instance status change or log line on the
   * account's `ea` channel (sequenced, replayable). A no-op for accounts nobody ever subscribed.
   */
  publishEa(accountId: string, data: EaEventData): void {
    const stream = this.streams.get(accountId);
    if (!stream) {
      return;
    }
    this.enqueue(stream, () => {
      this.publish(stream, "ea", data);
    });
  }

  /**
   * Publishes a service-side trade event (e.g. an order reconciled after a broken link) on the
   * account's `trades` channel. A no-op for accounts nobody ever subscribed.
   */
  publishTrade(accountId: string, data: ReconciledOrderData): void {
    const stream = this.streams.get(accountId);
    if (!stream) {
      return;
    }
    this.enqueue(stream, () => {
      this.publish(stream, "trades", data);
    });
  }

  // --- internals -------------------------------------------------------------------------------

  private stream(accountId: string): AccountStream {
    let s = this.streams.get(accountId);
    if (!s) {
      // A stream created later starts higher: when an account's stream moves to another node
      // (cluster mode), the new node's seqs continue above the old node's.
      const base = Math.max(this.seqBase, Date.now() * 1000);
      s = {
        accountId,
        seq: base,
        ring: [],
        head: 0,
        evictedSeq: base,
        subs: new Map(),
        quotes: new Map(),
        bars: new Map(),
        watches: new Map(),
        watching: new Map(),
        chain: Promise.resolve(),
        lastStatus: this.opts.sessions.healthOf(accountId).status,
        lastAccountText: null,
        lastValuation: null,
        specs: null,
      };
      this.streams.set(accountId, s);
    }
    return s;
  }

  private isLive(sub: Sub): boolean {
    const mine = this.bySink.get(sub.sink);
    return mine?.get(subKey(sub.accountId, sub.channel, sub.timeframe)) === sub;
  }

  private enqueue(stream: AccountStream, task: () => Promise<void> | void): void {
    stream.chain = stream.chain.then(task).catch((err: unknown) => {
      this.opts.logger.error({ err, accountId: stream.accountId }, "stream task failed");
    });
  }

  private async loadSpecs(stream: AccountStream): Promise<Map<string, RecordSymbol>> {
    if (stream.specs) {
      return stream.specs;
    }
    const fetch = this.opts.trading.symbolSpecs;
    if (!fetch) {
      return new Map();
    }
    try {
      const specs = await fetch.call(this.opts.trading, stream.accountId);
      stream.specs = new Map([...specs].map(([name, s]) => [name, s]));
      return stream.specs;
    } catch {
      return new Map(); // not connected yet: records fall back to 5 digits until it is
    }
  }

  private specOf(stream: AccountStream, symbol: string): RecordSymbol {
    return stream.specs?.get(symbol) ?? DEFAULT_SPEC;
  }

  /**
   * Assigns the next seq, serializes once, buffers if replayable, and fans out. Account messages
   * are conflated for a congested sink (each is the whole summary: the latest supersedes the
   * rest); `valuation` ones (from ticks) are kept for replay in one slot instead of the ring.
   */
  private publish(stream: AccountStream, channel: Channel, data: unknown, valuation = false): void {
    this.flushStaged();
    const seq = ++stream.seq;
    const text = JSON.stringify({
      type: MESSAGE_TYPE[channel],
      account_id: stream.accountId,
      seq,
      data,
    });
    if (valuation) {
      stream.lastValuation = { seq, channel, text };
    } else if (REPLAYABLE.has(channel)) {
      this.remember(stream, { seq, channel, text });
    }
    const conflateKey = channel === "account" ? `a|${stream.accountId}` : null;
    for (const sub of stream.subs.get(channel) ?? []) {
      if (sub.active) {
        sub.sink.deliver(text, conflateKey);
      }
    }
  }

  private remember(stream: AccountStream, entry: Replayed): void {
    const max = Math.max(1, this.opts.replaySize);
    if (stream.ring.length < max) {
      stream.ring.push(entry);
      return;
    }
    const evicted = stream.ring[stream.head];
    if (evicted) {
      stream.evictedSeq = evicted.seq;
    }
    stream.ring[stream.head] = entry;
    stream.head = (stream.head + 1) % max;
  }

  /** Sends what `sub` missed after `lastSeq`; false (after resync_required) if that is gone. */
  private replay(stream: AccountStream, sub: Sub, lastSeq: number): boolean {
    this.flushStaged();
    if (lastSeq < stream.evictedSeq || lastSeq > stream.seq) {
      sub.sink.deliver(
        JSON.stringify({
          type: "resync_required",
          account_id: stream.accountId,
          seq: stream.seq,
          data: {
            channel: sub.channel,
            last_seq: lastSeq,
            oldest_seq: stream.evictedSeq + 1,
            reason:
              lastSeq > stream.seq
                ? "last_seq is ahead of this server's stream (it restarted); a snapshot follows"
                : "messages after last_seq are no longer buffered; a snapshot follows",
          },
        }),
        null,
      );
      return false;
    }
    const n = stream.ring.length;
    let newest = lastSeq;
    for (let i = 0; i < n; i++) {
      const e = stream.ring[(stream.head + i) % n];
      if (e && e.seq > lastSeq && e.channel === sub.channel) {
        sub.sink.deliver(e.text, null);
        newest = e.seq;
      }
    }
    // The latest valuation, unless a newer account message was replayed (it supersedes it).
    const valued = stream.lastValuation;
    if (valued && valued.channel === sub.channel && valued.seq > newest) {
      sub.sink.deliver(valued.text, null);
    }
    return true;
  }

  /** Sends a snapshot of `channel` to `subs` (not sequenced: it carries the current seq). */
  private async sendSnapshot(stream: AccountStream, channel: Channel, subs: Sub[]): Promise<void> {
    let data: Record<string, unknown> | null = null;
    const health = this.opts.sessions.healthOf(stream.accountId);
    if (channel === "account") {
      let account: unknown = null;
      try {
        account = await this.opts.trading.summary(stream.accountId);
        stream.lastAccountText = JSON.stringify(account);
      } catch {
        account = null; // not connected: the summary follows when the session connects
      }
      data = { channel, account, session_status: health.status };
    } else if (channel === "trades") {
      let positions: unknown = null;
      let orders: unknown = null;
      try {
        await this.loadSpecs(stream);
        positions = await this.opts.trading.positionRecords(stream.accountId);
        orders = await this.opts.trading.pendingRecords(stream.accountId);
      } catch {
        positions = null;
        orders = null;
      }
      data = { channel, positions, orders, session_status: health.status };
    } else if (channel === "session") {
      data = { channel, session: health };
    }
    if (!data) {
      return;
    }
    const text = JSON.stringify({
      type: "snapshot",
      account_id: stream.accountId,
      seq: stream.seq,
      data,
    });
    this.flushStaged();
    for (const sub of subs) {
      if (this.isLive(sub)) {
        sub.sink.deliver(text, null);
      }
    }
  }

  private addSymbolSink(
    stream: AccountStream,
    channel: "quotes" | "bars",
    timeframe: Timeframe | null,
    symbol: string,
    sink: StreamSink,
  ): Promise<void> {
    let sinks: Set<StreamSink> | undefined;
    if (channel === "quotes") {
      sinks = stream.quotes.get(symbol) ?? new Set();
      stream.quotes.set(symbol, sinks);
    } else if (timeframe) {
      let bars = stream.bars.get(timeframe);
      if (!bars) {
        bars = {
          builder: new LiveBarBuilder((s) => this.specOf(stream, s).digits, [timeframe]),
          sinks: new Map(),
        };
        stream.bars.set(timeframe, bars);
      }
      sinks = bars.sinks.get(symbol) ?? new Set();
      bars.sinks.set(symbol, sinks);
    }
    sinks?.add(sink);
    const count = stream.watches.get(symbol) ?? 0;
    stream.watches.set(symbol, count + 1);
    if (count > 0) {
      return stream.watching.get(symbol) ?? Promise.resolve();
    }
    const watched = this.opts.sessions.watch(stream.accountId, [symbol]);
    stream.watching.set(symbol, watched);
    void watched.then(() => {
      if (stream.watching.get(symbol) === watched) {
        stream.watching.delete(symbol);
      }
    });
    return watched;
  }

  private removeSymbolSink(
    stream: AccountStream,
    channel: "quotes" | "bars",
    timeframe: Timeframe | null,
    symbol: string,
    sink: StreamSink,
  ): void {
    if (channel === "quotes") {
      const sinks = stream.quotes.get(symbol);
      sinks?.delete(sink);
      if (sinks?.size === 0) {
        stream.quotes.delete(symbol);
      }
    } else if (timeframe) {
      const bars = stream.bars.get(timeframe);
      const sinks = bars?.sinks.get(symbol);
      sinks?.delete(sink);
      if (bars && sinks?.size === 0) {
        bars.sinks.delete(symbol);
        if (bars.sinks.size === 0) {
          stream.bars.delete(timeframe);
        }
      }
    }
    const count = (stream.watches.get(symbol) ?? 1) - 1;
    if (count <= 0) {
      stream.watches.delete(symbol);
      this.opts.sessions.unwatch(stream.accountId, [symbol]);
    } else {
      stream.watches.set(symbol, count);
    }
  }

  private onSessionEvent(accountId: string, event: SessionEvent) {
    if (event.kind === "removed") {
      this.forget(accountId);
      return;
    }
    const stream = this.streams.get(accountId);
    if (!stream) {
      return;
    }
    switch (event.kind) {
      case "tick":
        this.onTick(stream, event.quote);
        return;
      case "trade": {
        const events = event.events;
        this.enqueue(stream, async () => {
          if (!stream.specs) {
            await this.loadSpecs(stream);
          }
          for (const data of toTradeData(events, (s) => this.specOf(stream, s))) {
            this.publish(stream, "trades", data);
          }
        });
        return;
      }
      case "account": {
        const view = toSummaryView(event.account);
        const valuation = event.valuation === true; // valued from ticks by the session worker
        this.enqueue(stream, () => {
          const text = JSON.stringify(view);
          if (text !== stream.lastAccountText) {
            stream.lastAccountText = text;
            this.publish(stream, "account", view, valuation);
          }
        });
        return;
      }
      case "session": {
        const health = event.health;
        this.enqueue(stream, async () => {
          const previous = stream.lastStatus;
          if (previous === health.status) {
            return;
          }
          stream.lastStatus = health.status;
          this.publish(stream, "session", { ...health, previous });
          if (health.status === "connected") {
            // Fresh state after (re)connecting: specs, then snapshots for active subscribers.
            stream.specs = null;
            await this.loadSpecs(stream);
            for (const channel of ["account", "trades"] as const) {
              const subs = [...(stream.subs.get(channel) ?? [])].filter((s) => s.active);
              if (subs.length > 0) {
                await this.sendSnapshot(stream, channel, subs);
              }
            }
          }
        });
        return;
      }
      default: {
        const _unhandled: never = event; // a new event kind must be handled here
        return;
      }
    }
  }

  /** Queues a quote or bar message for a symbol's subscribers (see `staged`). */
  private stage(sinks: ReadonlySet<StreamSink>, text: string, conflateKey: string | null): void {
    if (this.staged.length === 0) {
      queueMicrotask(this.flushStaged);
    }
    this.staged.push({ sinks, text, conflateKey });
  }

  private onTick(stream: AccountStream, quote: Quote): void {
    const sinks = stream.quotes.get(quote.symbol);
    if (sinks && sinks.size > 0) {
      const seq = ++stream.seq;
      const text = JSON.stringify({
        type: "quote",
        account_id: stream.accountId,
        seq,
        data: {
          symbol: quote.symbol,
          bid: quote.bid,
          ask: quote.ask,
          time: formatServerTime(quote.timeMs),
          timestampUTC: quote.timeMs,
        },
      });
      this.stage(sinks, text, `q|${stream.accountId}|${quote.symbol}`);
    }
    for (const [timeframe, bars] of stream.bars) {
      const barSinks = bars.sinks.get(quote.symbol);
      if (!barSinks || barSinks.size === 0) {
        continue;
      }
      for (const ev of bars.builder.onTick(quote)) {
        const seq = ++stream.seq;
        const text = JSON.stringify({
          type: "bar",
          account_id: stream.accountId,
          seq,
          data: {
            symbol: ev.symbol,
            timeframe,
            kind: ev.kind,
            bar: barView(ev.bar),
          },
        });
        const key = ev.kind === "update" ? `b|${stream.accountId}|${timeframe}|${ev.symbol}` : null;
        this.stage(barSinks, text, key);
      }
    }
  }
}

function barView(b: Bar) {
  return {
    time: formatServerTime(b.timeMs),
    timestampUTC: b.timeMs,
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
    tick_volume: b.tickVolume,
    spread: b.spread,
  };
}
