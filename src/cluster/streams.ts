// WebSocket streams across nodes. The node that owns an account's session is the only one that
// sequences its stream (its StreamHub assigns the per-account `seq`). For the other nodes it keeps
// one ClusterSink per account in its hub, subscribed to the union of what their clients want, and
// publishes each message once on the account's NATS subject (`tas.acct.<id>.ev`). A node whose
// client subscribes to an account owned elsewhere (StreamRelay) listens on that subject and asks
// the owner (`streamOpen`) for what starts the subscription — the ack, then a replay after
// `last_seq` or a snapshot — exactly as the owner's hub would send it; live messages already heard
// are delivered after those, deduplicated by seq. When the account moves, subscriptions move with
// it: to the new owner's hub, or re-opened at the new owner with the last seq delivered (which its
// fresh buffer answers with resync_required and a snapshot).
import type { Timeframe } from "../broker/feed/types.ts";
import { AppError } from "../domain/errors.ts";
import type { Logger } from "../logging/logger.ts";
import type {
  StagedMessage,
  StreamHub,
  StreamRouter,
  StreamSink,
  SubscribeRequest,
} from "../streaming/hub.ts";
import type { Channel } from "../streaming/messages.ts";
import type { ClusterBus } from "./bus.ts";
import type { ClusterSessions } from "./cluster-sessions.ts";
import type { Ownership } from "./ownership.ts";

/** One message of an account's stream on NATS. */
export interface StreamEnvelope {
  /** Channel (null: a notice for every subscriber of the account, e.g. ACCOUNT_NOT_FOUND). */
  readonly c: Channel | null;
  /** Symbol of quotes and bars. */
  readonly s: string | null;
  /** Timeframe of bars. */
  readonly f: Timeframe | null;
  /** seq (null for notices). */
  readonly q: number | null;
  /** Conflation key. */
  readonly k: string | null;
  /** The message as the owner serialized it. */
  readonly t: string;
}

export interface StreamOpenArgs {
  readonly accountId: string;
  readonly node: string;
  readonly request: SubscribeRequest;
}

const TYPE_CHANNEL: Readonly<Record<string, Channel>> = {
  quote: "quotes",
  bar: "bars",
  account: "account",
  trade: "trades",
  session: "session",
  ea: "ea",
};

const interestKey = (channel: Channel, timeframe: Timeframe | null, symbol: string | null) =>
  `${channel}|${timeframe ?? ""}|${symbol ?? ""}`;

/** Collects what a hub sends one subscriber (the ack, then a replay or snapshot). */
class CaptureSink implements StreamSink {
  readonly texts: string[] = [];
  deliver(text: string): void {
    this.texts.push(text);
  }
  deliverMany(messages: readonly StagedMessage[]): void {
    for (const m of messages) {
      this.texts.push(m.text);
    }
  }
}

/** The owner's side: one sink per account in its hub, publishing on the account's subject. */
class ClusterSink implements StreamSink {
  constructor(
    private readonly accountId: string,
    private readonly bus: ClusterBus,
  ) {}

  deliver(text: string, conflateKey: string | null): void {
    let message: {
      type?: string;
      seq?: number | null;
      data?: { symbol?: string; timeframe?: Timeframe };
    };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (
      message.type === "ack" ||
      message.type === "snapshot" ||
      message.type === "resync_required"
    ) {
      return; // this sink's own subscription's; each subscriber gets its own through streamOpen
    }
    const channel = message.type ? (TYPE_CHANNEL[message.type] ?? null) : null;
    this.bus.publish(this.bus.subjects.stream(this.accountId), {
      c: channel,
      s: message.data?.symbol ?? null,
      f: channel === "bars" ? (message.data?.timeframe ?? null) : null,
      q: typeof message.seq === "number" ? message.seq : null,
      k: conflateKey,
      t: text,
    } satisfies StreamEnvelope);
  }

  deliverMany(messages: readonly StagedMessage[]): void {
    for (const m of messages) {
      this.deliver(m.text, m.conflateKey);
    }
  }
}

/** The owner's side of remote subscriptions (answers `streamOpen` / `streamClose`). */
export class StreamOrigin {
  private readonly sinks = new Map<string, ClusterSink>();
  /** account → interest key → nodes (with counts) that want it. */
  private readonly interest = new Map<string, Map<string, Map<string, number>>>();

  constructor(
    private readonly hub: StreamHub,
    private readonly bus: ClusterBus,
  ) {}

  private sinkOf(accountId: string): ClusterSink {
    let sink = this.sinks.get(accountId);
    if (!sink) {
      sink = new ClusterSink(accountId, this.bus);
      this.sinks.set(accountId, sink);
    }
    return sink;
  }

  /** A remote client subscribes: what the hub sends it first (ack, replay or snapshot). */
  async open({ accountId, node, request }: StreamOpenArgs): Promise<string[]> {
    const symbols =
      request.channel === "quotes" || request.channel === "bars"
        ? [...(request.symbols ?? [])]
        : [null];
    const timeframe = request.channel === "bars" ? (request.timeframe ?? null) : null;
    for (const symbol of symbols) {
      const key = interestKey(request.channel, timeframe, symbol);
      const byKey = this.interest.get(accountId) ?? new Map<string, Map<string, number>>();
      this.interest.set(accountId, byKey);
      const nodes = byKey.get(key) ?? new Map<string, number>();
      byKey.set(key, nodes);
      const first = nodes.size === 0;
      nodes.set(node, (nodes.get(node) ?? 0) + 1);
      if (first) {
        await this.hub.subscribe(
          this.sinkOf(accountId),
          {
            id: null,
            channel: request.channel,
            accountId,
            ...(symbol !== null ? { symbols: [symbol] } : {}),
            ...(timeframe ? { timeframe } : {}),
          },
          Number.MAX_SAFE_INTEGER,
        );
      }
    }
    const capture = new CaptureSink();
    try {
      await this.hub.subscribe(capture, request, Number.MAX_SAFE_INTEGER);
      await this.hub.settled(accountId);
    } finally {
      this.hub.detach(capture);
    }
    return capture.texts;
  }

  /** A remote client unsubscribed (or its connection closed). */
  close(
    accountId: string,
    node: string,
    channel: Channel,
    timeframe: Timeframe | null,
    symbols: readonly (string | null)[],
  ): void {
    const byKey = this.interest.get(accountId);
    if (!byKey) {
      return;
    }
    for (const symbol of symbols) {
      const key = interestKey(channel, timeframe, symbol);
      const nodes = byKey.get(key);
      const n = nodes?.get(node);
      if (!nodes || n === undefined) {
        continue;
      }
      if (n > 1) {
        nodes.set(node, n - 1);
        continue;
      }
      nodes.delete(node);
      if (nodes.size === 0) {
        byKey.delete(key);
        const sink = this.sinks.get(accountId);
        if (sink) {
          this.hub.unsubscribe(
            sink,
            accountId,
            channel,
            timeframe,
            symbol !== null ? [symbol] : undefined,
          );
        }
      }
    }
  }

  /** A node died: its clients' interest goes. */
  dropNode(node: string): void {
    for (const [accountId, byKey] of this.interest) {
      for (const [key, nodes] of byKey) {
        if (nodes.has(node)) {
          const [channel, timeframe, symbol] = key.split("|") as [Channel, string, string];
          nodes.set(node, 1);
          this.close(accountId, node, channel, (timeframe || null) as Timeframe | null, [
            symbol || null,
          ]);
        }
      }
    }
  }

  /** The account moved away: remote clients re-open at its new owner. */
  release(accountId: string): void {
    this.interest.delete(accountId);
    const sink = this.sinks.get(accountId);
    if (sink) {
      this.hub.detach(sink);
      this.sinks.delete(accountId);
    }
  }
}

interface RelaySub {
  readonly sink: StreamSink;
  readonly accountId: string;
  readonly channel: Channel;
  readonly timeframe: Timeframe | null;
  readonly symbols: Set<string>;
  /** Highest seq delivered. */
  watermark: number;
  /** Messages heard while its opening is in flight (null when open). */
  buffered: StreamEnvelope[] | null;
  /** The owner could not be asked (no owner yet): opened again when one appears. */
  orphan: boolean;
}

const relayKey = (accountId: string, channel: Channel, timeframe: Timeframe | null) =>
  `${accountId}|${channel}|${timeframe ?? ""}`;

/** The side of a node whose clients subscribe to accounts owned elsewhere. */
export class StreamRelay {
  private readonly bySink = new Map<StreamSink, Map<string, RelaySub>>();
  private readonly byAccount = new Map<string, Set<RelaySub>>();
  private readonly listening = new Map<string, () => void>();
  private retryTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly nodeId: string,
    private readonly bus: ClusterBus,
    private readonly sessions: ClusterSessions,
    private readonly logger: Logger,
  ) {}

  unitsOf(sink: StreamSink): number {
    let n = 0;
    for (const sub of this.bySink.get(sink)?.values() ?? []) {
      n += sub.channel === "quotes" || sub.channel === "bars" ? sub.symbols.size : 1;
    }
    return n;
  }

  seqOf(accountId: string): number {
    let seq = 0;
    for (const sub of this.byAccount.get(accountId) ?? []) {
      seq = Math.max(seq, sub.watermark);
    }
    return seq;
  }

  has(sink: StreamSink, accountId: string, channel: Channel, timeframe: Timeframe | null): boolean {
    return this.bySink.get(sink)?.has(relayKey(accountId, channel, timeframe)) ?? false;
  }

  async subscribe(sink: StreamSink, req: SubscribeRequest, maxUnits: number): Promise<void> {
    const timeframe = req.channel === "bars" ? (req.timeframe ?? null) : null;
    const key = relayKey(req.accountId, req.channel, timeframe);
    const mine = this.bySink.get(sink) ?? new Map<string, RelaySub>();
    const existing = mine.get(key);
    const added = (req.symbols ?? []).filter((s) => !existing?.symbols.has(s));
    const addedUnits =
      req.channel === "quotes" || req.channel === "bars" ? added.length : existing ? 0 : 1;
    if (this.unitsOf(sink) + addedUnits > maxUnits) {
      throw new AppError(
        "SUBSCRIPTION_LIMIT_REACHED",
        `A connection may hold at most ${maxUnits} subscriptions (one per channel, one per symbol for quotes and bars)`,
      );
    }
    const sub: RelaySub = existing ?? {
      sink,
      accountId: req.accountId,
      channel: req.channel,
      timeframe,
      symbols: new Set(),
      watermark: 0,
      buffered: null,
      orphan: false,
    };
    for (const s of added) {
      sub.symbols.add(s);
    }
    mine.set(key, sub);
    this.bySink.set(sink, mine);
    const all = this.byAccount.get(req.accountId) ?? new Set<RelaySub>();
    all.add(sub);
    this.byAccount.set(req.accountId, all);
    this.listen(req.accountId);
    await this.open(
      sub,
      { ...req, ...(req.channel === "quotes" || req.channel === "bars" ? { symbols: added } : {}) },
      true,
    );
  }

  unsubscribe(
    sink: StreamSink,
    accountId: string,
    channel: Channel,
    timeframe: Timeframe | null,
    symbols?: readonly string[],
  ): boolean {
    const mine = this.bySink.get(sink);
    const key = relayKey(accountId, channel, channel === "bars" ? timeframe : null);
    const sub = mine?.get(key);
    if (!mine || !sub) {
      return false;
    }
    const drop =
      (channel === "quotes" || channel === "bars") && symbols && symbols.length > 0
        ? symbols
        : [...sub.symbols];
    for (const s of drop) {
      sub.symbols.delete(s);
    }
    this.closeAtOwner(sub, channel === "quotes" || channel === "bars" ? drop : [null]);
    if ((channel === "quotes" || channel === "bars") && sub.symbols.size > 0) {
      return true;
    }
    mine.delete(key);
    this.dropSub(sub);
    return true;
  }

  detach(sink: StreamSink): void {
    const mine = this.bySink.get(sink);
    if (!mine) {
      return;
    }
    for (const sub of mine.values()) {
      this.closeAtOwner(
        sub,
        sub.channel === "quotes" || sub.channel === "bars" ? [...sub.symbols] : [null],
      );
      this.dropSub(sub);
    }
    this.bySink.delete(sink);
  }

  /** The account is gone: its subscribers are told by the owner's notice; forget them. */
  forget(accountId: string): void {
    for (const sub of [...(this.byAccount.get(accountId) ?? [])]) {
      this.bySink.get(sub.sink)?.delete(relayKey(sub.accountId, sub.channel, sub.timeframe));
      this.dropSub(sub);
    }
  }

  /**
   * Takes over a subscription that was served by this node's hub (the account moved away): it is
   * opened at the new owner without a second ack to the client.
   */
  adopt(sink: StreamSink, req: SubscribeRequest): void {
    const timeframe = req.channel === "bars" ? (req.timeframe ?? null) : null;
    const key = relayKey(req.accountId, req.channel, timeframe);
    const mine = this.bySink.get(sink) ?? new Map<string, RelaySub>();
    const sub: RelaySub = {
      sink,
      accountId: req.accountId,
      channel: req.channel,
      timeframe,
      symbols: new Set(req.symbols ?? []),
      watermark: req.lastSeq ?? 0,
      buffered: null,
      orphan: false,
    };
    mine.set(key, sub);
    this.bySink.set(sink, mine);
    const all = this.byAccount.get(req.accountId) ?? new Set<RelaySub>();
    all.add(sub);
    this.byAccount.set(req.accountId, all);
    this.listen(req.accountId);
    void this.open(sub, resumeRequest(sub), false);
  }

  /** Subscriptions of an account (to move them into this node's hub when it becomes the owner). */
  take(accountId: string): RelaySub[] {
    const subs = [...(this.byAccount.get(accountId) ?? [])];
    for (const sub of subs) {
      this.bySink.get(sub.sink)?.delete(relayKey(sub.accountId, sub.channel, sub.timeframe));
      this.dropSub(sub);
    }
    return subs;
  }

  /** The account's owner changed: every subscription opens again there. */
  reopenAccount(accountId: string): void {
    for (const sub of this.byAccount.get(accountId) ?? []) {
      void this.open(sub, resumeRequest(sub), false);
    }
  }

  close(): void {
    if (this.retryTimer) {
      clearInterval(this.retryTimer);
      this.retryTimer = null;
    }
    for (const stop of this.listening.values()) {
      stop();
    }
    this.listening.clear();
  }

  // --- internals ----------------------------------------------------------------------------------

  /** Asks the owner for the subscription's start; `first`: errors go to the client's op. */
  private async open(sub: RelaySub, request: SubscribeRequest, first: boolean): Promise<void> {
    sub.buffered = [];
    let texts: string[];
    try {
      texts = (await this.sessions.forward(sub.accountId, false, () => [
        "streamOpen",
        { accountId: sub.accountId, node: this.nodeId, request },
      ])) as string[];
    } catch (err) {
      sub.buffered = null;
      if (first && !(err instanceof AppError && err.code === "SESSION_NOT_CONNECTED")) {
        throw err;
      }
      sub.orphan = true; // no owner at the moment: opened again when one appears
      this.retryOrphans();
      if (first) {
        sub.sink.deliver(
          JSON.stringify({
            type: "ack",
            id: request.id,
            account_id: sub.accountId,
            seq: sub.watermark,
            data: {
              op: "subscribe",
              channel: sub.channel,
              ...(sub.channel === "quotes" || sub.channel === "bars"
                ? { symbols: [...sub.symbols] }
                : {}),
              ...(sub.timeframe ? { timeframe: sub.timeframe } : {}),
            },
          }),
          null,
        );
      }
      return;
    }
    sub.orphan = false;
    for (const text of texts) {
      if (!first && text.startsWith('{"type":"ack"')) {
        continue; // a re-opening: the client has had its ack
      }
      sub.sink.deliver(text, null);
      const seq = seqIn(text);
      if (seq !== null && !text.startsWith('{"type":"ack"') && seq > sub.watermark) {
        sub.watermark = seq;
      }
    }
    const buffered = sub.buffered ?? [];
    sub.buffered = null;
    for (const m of buffered) {
      this.deliverTo(sub, m);
    }
  }

  private retryOrphans(): void {
    this.retryTimer ??= setInterval(() => {
      let left = 0;
      for (const subs of this.byAccount.values()) {
        for (const sub of subs) {
          if (sub.orphan && sub.buffered === null) {
            left++;
            void this.open(sub, resumeRequest(sub), false);
          }
        }
      }
      if (left === 0 && this.retryTimer) {
        clearInterval(this.retryTimer);
        this.retryTimer = null;
      }
    }, 500);
  }

  private deliverTo(sub: RelaySub, m: StreamEnvelope): void {
    if (m.c !== null) {
      if (m.c !== sub.channel) {
        return;
      }
      if ((m.c === "quotes" || m.c === "bars") && (m.s === null || !sub.symbols.has(m.s))) {
        return;
      }
      if (m.c === "bars" && m.f !== sub.timeframe) {
        return;
      }
    }
    if (sub.buffered !== null) {
      sub.buffered.push(m);
      return;
    }
    if (m.q !== null) {
      if (m.q <= sub.watermark) {
        return;
      }
      sub.watermark = m.q;
    }
    sub.sink.deliver(m.t, m.k);
  }

  private listen(accountId: string): void {
    if (this.listening.has(accountId)) {
      return;
    }
    const stop = this.bus.listen<StreamEnvelope>(this.bus.subjects.stream(accountId), (m) => {
      for (const sub of this.byAccount.get(accountId) ?? []) {
        this.deliverTo(sub, m);
      }
    });
    this.listening.set(accountId, stop);
  }

  private closeAtOwner(sub: RelaySub, symbols: readonly (string | null)[]): void {
    if (sub.orphan || symbols.length === 0) {
      return;
    }
    void this.sessions
      .forward(sub.accountId, false, () => [
        "streamClose",
        {
          accountId: sub.accountId,
          node: this.nodeId,
          channel: sub.channel,
          timeframe: sub.timeframe,
          symbols: [...symbols],
        },
      ])
      .catch((err: unknown) =>
        this.logger.debug({ err: String(err) }, "stream close at the owner failed"),
      );
  }

  private dropSub(sub: RelaySub): void {
    const all = this.byAccount.get(sub.accountId);
    all?.delete(sub);
    if (all && all.size === 0) {
      this.byAccount.delete(sub.accountId);
      this.listening.get(sub.accountId)?.();
      this.listening.delete(sub.accountId);
    }
  }
}

/**
 * The request that opens `sub` again (no op id: the client has had its ack), resuming after its
 * last seq on the replayable channels.
 */
function resumeRequest(sub: Omit<RelaySub, "sink" | "buffered" | "orphan">): SubscribeRequest {
  const symbolic = sub.channel === "quotes" || sub.channel === "bars";
  return {
    id: null,
    channel: sub.channel,
    accountId: sub.accountId,
    ...(symbolic ? { symbols: [...sub.symbols] } : {}),
    ...(sub.timeframe ? { timeframe: sub.timeframe } : {}),
    ...(sub.watermark > 0 && !symbolic ? { lastSeq: sub.watermark } : {}),
  };
}

/** The `seq` of a serialized message (null when it has none). */
function seqIn(text: string): number | null {
  const m = /"seq":(\d+)/.exec(text);
  return m?.[1] ? Number(m[1]) : null;
}

/**
 * The streams as the WS layer sees them in cluster mode: accounts this node serves go to its own
 * hub, the others through the relay; subscriptions move when an account moves.
 */
export class ClusterStreams implements StreamRouter {
  constructor(
    private readonly hub: StreamHub,
    private readonly relay: StreamRelay,
    private readonly origin: StreamOrigin,
    private readonly ownership: Ownership,
  ) {}

  subscribe(sink: StreamSink, req: SubscribeRequest, maxUnits: number): Promise<void> {
    if (this.ownership.isServing(req.accountId)) {
      return this.hub.subscribe(sink, req, maxUnits - this.relay.unitsOf(sink));
    }
    return this.relay.subscribe(sink, req, maxUnits - this.hub.unitsOf(sink));
  }

  unsubscribe(
    sink: StreamSink,
    accountId: string,
    channel: Channel,
    timeframe: Timeframe | null,
    symbols?: readonly string[],
  ): boolean {
    const local = this.hub.unsubscribe(sink, accountId, channel, timeframe, symbols);
    const remote = this.relay.unsubscribe(sink, accountId, channel, timeframe, symbols);
    return local || remote;
  }

  seqOf(accountId: string): number {
    return this.ownership.isServing(accountId)
      ? this.hub.seqOf(accountId)
      : this.relay.seqOf(accountId);
  }

  detach(sink: StreamSink): void {
    this.hub.detach(sink);
    this.relay.detach(sink);
  }

  forget(accountId: string): void {
    this.hub.forget(accountId);
    this.relay.forget(accountId);
    this.origin.release(accountId);
  }

  /** This node became the account's owner: its relayed subscriptions move into the hub. */
  gained(accountId: string): void {
    for (const sub of this.relay.take(accountId)) {
      void this.hub
        .subscribe(sub.sink, resumeRequest(sub), Number.MAX_SAFE_INTEGER)
        .catch(() => undefined);
    }
  }

  /** The account moved away: its local subscriptions are relayed from the new owner. */
  lost(accountId: string): void {
    const subs = this.hub.subscriptionsOf(accountId);
    const seq = this.hub.seqOf(accountId);
    this.origin.release(accountId);
    this.hub.release(accountId);
    for (const s of subs) {
      this.relay.adopt(s.sink, {
        id: null,
        channel: s.channel,
        accountId,
        ...(s.channel === "quotes" || s.channel === "bars" ? { symbols: s.symbols } : {}),
        ...(s.timeframe ? { timeframe: s.timeframe } : {}),
        ...(s.channel !== "quotes" && s.channel !== "bars" ? { lastSeq: seq } : {}),
      });
    }
  }
}
