// StreamHub and WsConnection without sockets: EA publishing, replay, and queue conflation.
import { describe, expect, test } from "bun:test";
import { WsConnection } from "../../src/http/ws/connection.ts";
import { createLogger } from "../../src/logging/logger.ts";
import type { SessionEvent } from "../../src/sessions/contract.ts";
import { StreamHub, type StreamSink } from "../../src/streaming/hub.ts";

type Listener = (id: string, e: SessionEvent) => void;

/** A hub on fake sessions; `confirmWatch` stands in for the worker's confirmation of a watch. */
function fakeHub(confirmWatch: () => Promise<void> = async () => undefined) {
  const listeners: Listener[] = [];
  const watched: string[] = [];
  const hub = new StreamHub({
    sessions: {
      onEvent: (l) => listeners.push(l),
      watch: (_id, s) => {
        watched.push(...s);
        return confirmWatch();
      },
      unwatch: () => undefined,
      healthOf: () => ({
        status: "connected",
        connected_since: null,
        last_error: null,
        reconnects: 0,
        last_quote_at: null,
      }),
    },
    trading: {
      summary: async () => ({}) as any,
      positionRecords: async () => [],
      pendingRecords: async () => [],
    },
    logger: createLogger("silent"),
    replaySize: 3,
  });
  return {
    hub,
    emit: (id: string, e: any) => {
      for (const l of listeners) {
        l(id, e);
      }
    },
    watched,
  };
}

const sink = () => {
  const got: any[] = [];
  const s: StreamSink = { deliver: (text) => got.push(JSON.parse(text)) };
  return { s, got };
};

describe("StreamHub", () => {
  test("seq keeps increasing across a restart: an old last_seq gets resync_required, not a wrong replay", async () => {
    const first = fakeHub();
    const a = sink();
    await first.hub.subscribe(a.s, { id: 1, channel: "ea", accountId: "acc" }, 10);
    await Bun.sleep(1);
    for (const message of ["a", "b", "c"]) {
      first.hub.publishEa("acc", {
        kind: "log",
        instance_id: "i",
        level: "info",
        message,
        time: "t",
      });
    }
    await Bun.sleep(2);
    const lastSeq = a.got.filter((m) => m.type === "ea").at(-1).seq;
    // The service restarts: a new hub, which publishes more than the old client had seen.
    const second = fakeHub();
    const warm = sink();
    await second.hub.subscribe(warm.s, { id: 1, channel: "ea", accountId: "acc" }, 10);
    await Bun.sleep(1);
    for (const message of ["x", "y", "z", "w"]) {
      second.hub.publishEa("acc", {
        kind: "log",
        instance_id: "i",
        level: "info",
        message,
        time: "t",
      });
    }
    await Bun.sleep(2);
    const newSeqs = warm.got.filter((m) => m.type === "ea").map((m) => m.seq);
    expect(Math.min(...newSeqs)).toBeGreaterThan(lastSeq);
    const back = sink();
    await second.hub.subscribe(back.s, { id: 2, channel: "ea", accountId: "acc", lastSeq }, 10);
    await Bun.sleep(1);
    expect(back.got.some((m) => m.type === "resync_required")).toBe(true);
    expect(back.got.filter((m) => m.type === "ea")).toEqual([]);
  });

  test("publishEa reaches ea subscribers with increasing seq, and replays", async () => {
    const { hub } = fakeHub();
    const a = sink();
    await hub.subscribe(a.s, { id: 1, channel: "ea", accountId: "acc" }, 10);
    await Bun.sleep(1);
    hub.publishEa("acc", {
      kind: "log",
      instance_id: "i",
      level: "info",
      message: "hi",
      time: "t",
    });
    hub.publishEa("acc", {
      kind: "log",
      instance_id: "i",
      level: "info",
      message: "ho",
      time: "t",
    });
    await Bun.sleep(1);
    const ea = a.got.filter((m) => m.type === "ea");
    expect(ea.map((m) => m.data.message)).toEqual(["hi", "ho"]);
    expect(ea[1].seq).toBe(ea[0].seq + 1);
    const b = sink();
    await hub.subscribe(b.s, { id: 2, channel: "ea", accountId: "acc", lastSeq: ea[0].seq }, 10);
    await Bun.sleep(1);
    expect(b.got.filter((m) => m.type === "ea").map((m) => m.data.message)).toEqual(["ho"]);
    for (let i = 0; i < 5; i++) {
      hub.publishEa("acc", {
        kind: "log",
        instance_id: "i",
        level: "info",
        message: `${i}`,
        time: "t",
      });
    }
    await Bun.sleep(1);
    const c = sink();
    await hub.subscribe(c.s, { id: 3, channel: "ea", accountId: "acc", lastSeq: ea[0].seq }, 10);
    await Bun.sleep(1);
    expect(c.got.map((m) => m.type)).toEqual(["ack", "resync_required"]);
  });

  test("account valuations from ticks conflate per account and keep one replay slot, not the ring", async () => {
    const { hub, emit } = fakeHub();
    const keys: Array<string | null> = [];
    const a = sink();
    const keyed: StreamSink = {
      deliver: (text, key) => {
        keys.push(key);
        a.s.deliver(text, key);
      },
    };
    await hub.subscribe(keyed, { id: 1, channel: "account", accountId: "acc" }, 10);
    await Bun.sleep(1);
    const account = (equity: number) => ({ login: 1, balance: 1000, equity });
    emit("acc", { kind: "account", account: account(1000) }); // after a trade: ring
    await Bun.sleep(1);
    const first = a.got.filter((m) => m.type === "account")[0].seq;
    for (let i = 1; i <= 10; i++) {
      emit("acc", { kind: "account", account: account(1000 + i), valuation: true });
    }
    await Bun.sleep(1);
    const pushed = a.got.filter((m) => m.type === "account");
    expect(pushed.map((m) => m.data.equity)).toEqual([
      1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010,
    ]);
    expect(keys.slice(2)).toEqual(Array(11).fill("a|acc")); // after the ack and the snapshot
    // Ten valuations did not push the trade-time message out of a 3-message ring; a resume gets
    // only the latest valuation.
    const b = sink();
    await hub.subscribe(b.s, { id: 2, channel: "account", accountId: "acc", lastSeq: first }, 10);
    await Bun.sleep(1);
    expect(b.got.map((m) => m.type)).toEqual(["ack", "account"]);
    expect(b.got[1].data.equity).toBe(1010);
    // A newer broker summary supersedes the stored valuation.
    emit("acc", { kind: "account", account: account(990) });
    await Bun.sleep(1);
    const c = sink();
    await hub.subscribe(c.s, { id: 3, channel: "account", accountId: "acc", lastSeq: first }, 10);
    await Bun.sleep(1);
    expect(c.got.filter((m) => m.type === "account").map((m) => m.data.equity)).toEqual([990]);
  });

  test("quote subscriptions watch symbols once and respect the subscription limit", async () => {
    const { hub, watched, emit } = fakeHub();
    const a = sink();
    await hub.subscribe(
      a.s,
      { id: 1, channel: "quotes", accountId: "acc", symbols: ["EURUSD"] },
      2,
    );
    await hub.subscribe(
      a.s,
      { id: 2, channel: "quotes", accountId: "acc", symbols: ["EURUSD"] },
      2,
    );
    expect(watched).toEqual(["EURUSD"]);
    await expect(
      hub.subscribe(a.s, { id: 3, channel: "quotes", accountId: "acc", symbols: ["A", "B"] }, 2),
    ).rejects.toThrow("at most 2");
    emit("acc", { kind: "tick", quote: { symbol: "EURUSD", bid: 1, ask: 1.1, timeMs: 0 } });
    emit("acc", { kind: "tick", quote: { symbol: "GBPUSD", bid: 1, ask: 1.1, timeMs: 0 } });
    await Promise.resolve(); // quotes are written when the dispatch ends
    expect(a.got.filter((m) => m.type === "quote").map((m) => m.data.symbol)).toEqual(["EURUSD"]);
  });

  test("the quotes of one dispatch reach a sink in one deliverMany, in seq order, before any later message", async () => {
    const { hub, emit } = fakeHub();
    const calls: string[][] = [];
    const batched: StreamSink = {
      deliver: (text) => calls.push([text]),
      deliverMany: (messages) => calls.push(messages.map((m) => m.text)),
    };
    const plain = sink();
    const symbols = ["EURUSD", "GBPUSD", "USDJPY"];
    await hub.subscribe(batched, { id: 1, channel: "quotes", accountId: "acc", symbols }, 10);
    await hub.subscribe(plain.s, { id: 1, channel: "quotes", accountId: "acc", symbols }, 10);
    calls.length = 0;

    // A lone quote is written when its dispatch ends, with deliver.
    emit("acc", { kind: "tick", quote: { symbol: "EURUSD", bid: 2, ask: 2.1, timeMs: 1 } });
    expect(calls).toEqual([]);
    await Promise.resolve();
    expect(calls.length).toBe(1);
    expect(JSON.parse(calls[0]?.[0] as string).data.bid).toBe(2);

    calls.length = 0;
    for (const symbol of symbols) {
      emit("acc", { kind: "tick", quote: { symbol, bid: 1, ask: 1.1, timeMs: 0 } });
    }
    expect(calls).toEqual([]); // staged until the dispatch ends…
    hub.forget("acc");
    // …or until another message must go out after them: then they go first, together.
    const parsed = calls.map((c) => c.map((text) => JSON.parse(text)));
    expect(parsed.map((c) => c.map((m) => m.type))).toEqual([
      ["quote", "quote", "quote"],
      ["error"],
    ]);
    expect(parsed[0]?.map((m) => m.data.symbol)).toEqual(symbols);
    const seqs = (parsed[0] ?? []).map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(3);
    // A sink without deliverMany gets the same messages one by one, in the same order.
    expect(plain.got.filter((m) => m.type === "quote").map((m) => m.data.symbol)).toEqual([
      "EURUSD",
      ...symbols,
    ]);
    expect(plain.got.at(-1).error.code).toBe("ACCOUNT_NOT_FOUND");
  });

  test("a quote subscription is acked only once the session worker has confirmed the watch", async () => {
    let confirm: () => void = () => undefined;
    const { hub } = fakeHub(
      () =>
        new Promise<void>((resolve) => {
          confirm = resolve;
        }),
    );
    const a = sink();
    const b = sink();
    const first = hub.subscribe(
      a.s,
      { id: 1, channel: "quotes", accountId: "acc", symbols: ["X"] },
      5,
    );
    // A second subscriber to the same symbol waits for the same confirmation.
    const second = hub.subscribe(
      b.s,
      { id: 1, channel: "quotes", accountId: "acc", symbols: ["X"] },
      5,
    );
    await Bun.sleep(5);
    expect(a.got).toEqual([]);
    expect(b.got).toEqual([]);
    confirm();
    await Promise.all([first, second]);
    expect(a.got.map((m) => m.type)).toEqual(["ack"]);
    expect(b.got.map((m) => m.type)).toEqual(["ack"]);
  });
});

describe("WsConnection", () => {
  test("congested: quotes conflate to the latest per key, others are kept, overflow closes 4000", () => {
    const sent: string[] = [];
    let buffered = 1_000_000;
    const closed: { code?: number } = {};
    const conn = new WsConnection(
      {
        send: (d) => {
          sent.push(d);
          return d.length;
        },
        getBufferedAmount: () => buffered,
        cork: (fn) => fn(),
        close: (code, reason) => {
          closed.code = code;
          void reason;
        },
      },
      {
        softBufferBytes: 1000,
        bufferMessages: 5,
        messageRate: 1,
        messageBurst: 1,
        maxViolations: 1,
      },
    );
    conn.deliver("q1", "q|EURUSD");
    conn.deliver("t1", null);
    conn.deliver("q2", "q|EURUSD");
    expect(conn.queued).toBe(2);
    buffered = 0;
    conn.flush();
    expect(sent).toEqual(["t1", "q2"]);
    buffered = 1_000_000;
    for (let i = 0; i < 6; i++) {
      conn.deliver(`t${i}`, null);
    }
    expect(closed.code).toBe(4000);
  });

  test("deliverMany sends in order inside one cork, and still conflates when congested", () => {
    const log: string[] = [];
    let buffered = 0;
    let corked = false;
    const conn = new WsConnection(
      {
        send: (d) => {
          log.push(`${corked ? "corked" : "plain"}:${d}`);
          return d.length;
        },
        getBufferedAmount: () => buffered,
        close: () => undefined,
        cork: (fn) => {
          corked = true;
          fn();
          corked = false;
        },
      },
      {
        softBufferBytes: 1000,
        bufferMessages: 5,
        messageRate: 1,
        messageBurst: 1,
        maxViolations: 1,
      },
    );
    conn.deliverMany([
      { text: "q1", conflateKey: "q|EURUSD" },
      { text: "q2", conflateKey: "q|GBPUSD" },
    ]);
    expect(log).toEqual(["corked:q1", "corked:q2"]);
    buffered = 1_000_000;
    conn.deliverMany([
      { text: "q3", conflateKey: "q|EURUSD" },
      { text: "q4", conflateKey: "q|EURUSD" },
      { text: "t1", conflateKey: null },
    ]);
    expect(conn.queued).toBe(2); // q4 replaced q3; t1 kept
    buffered = 0;
    conn.flush();
    expect(log.slice(2)).toEqual(["plain:q4", "plain:t1"]);
  });
});
