// /ws end to end: real WebSocket clients against the listening app, a demo account on the
// in-process demo broker (clock stepped by hand), orders placed over REST.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../support/app.ts";
import { TestClock } from "../support/clock.ts";
import { connect, type WsClient } from "./client.ts";

let t: TestApp;
let clock: TestClock;
let key: string;
let keyId: string;
let id: string;
let url: string;
const open: WsClient[] = [];

const client = async (k: string | null = key) => {
  const c = await connect(k === null ? url : `${url}?apiKey=${k}`);
  open.push(c);
  return c;
};
const tick = async (ms = 60_000) => {
  clock.advance(ms);
  await t.broker?.broker.step();
};

/** A new demo account (10,000 USD, 1:100), registered and connected. */
async function connectedAccount(): Promise<string> {
  const demo = (
    await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets", deposit: 10_000, leverage: 100 },
    })
  ).body.data;
  const accountId: string = (
    await t.createAccount(key, {
      terminal_login: demo.login,
      password: demo.password,
      server_name: "TAS-Demo",
    })
  ).id;
  const connected = await t.request("POST", `/api/accounts/${accountId}/connect`, { key });
  if (connected.body.data.status !== "connected") {
    throw new Error(`not connected: ${connected.text}`);
  }
  return accountId;
}

beforeAll(async () => {
  clock = new TestClock().freeze(WEDNESDAY_14_UTC);
  t = await createTestApp(
    {
      TAS_WS_REPLAY_BUFFER: "20",
      TAS_WS_MESSAGE_RATE: "20",
      TAS_WS_MESSAGE_BURST: "20",
      TAS_WS_MAX_VIOLATIONS: "10",
    },
    { broker: true, brokerClock: clock },
  );
  const superToken = await t.superToken();
  const created = await t.createKey(superToken, { max_accounts: 20 });
  key = created.key;
  keyId = created.id;
  id = await connectedAccount();
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  url = `ws://127.0.0.1:${t.app.server?.port}/ws`;
}, 60_000);

afterAll(async () => {
  for (const c of open) {
    c.close();
  }
  await t.app.stop();
  await t.close();
});

describe("authentication", () => {
  test("missing key → 1008 with a reason", async () => {
    const c = await client(null);
    const closed = await c.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toContain("apiKey");
  });

  test("invalid key → 1008", async () => {
    const c = await client("sk_notarealkeynotarealkeynotarealkey12");
    expect((await c.closed).code).toBe(1008);
    const d = await client("garbage");
    expect(await d.closed).toEqual({ code: 1008, reason: "Invalid API key" });
  });
});

describe("ops", () => {
  test("ping → ack", async () => {
    const c = await client();
    const ack = await c.op({ op: "ping" });
    expect(ack.type).toBe("ack");
    expect(ack.data.op).toBe("ping");
  });

  test("malformed frames get errors and the connection stays open", async () => {
    const c = await client();
    c.send("{not json");
    expect((await c.next((m) => m.type === "error")).error.code).toBe("VALIDATION_ERROR");
    const unknown = await c.op({ op: "explode" });
    expect(unknown.error.message).toContain("Unknown op");
    const badType = await c.op({ op: "subscribe", channel: "quotes", account_id: 42 });
    expect(badType.error.message).toContain("account_id");
    const badChannel = await c.op({ op: "subscribe", channel: "news", account_id: id });
    expect(badChannel.error.message).toContain("channel");
    const noSymbols = await c.op({ op: "subscribe", channel: "quotes", account_id: id });
    expect(noSymbols.error.message).toContain("symbols");
    const big = await c.op({ op: "ping", pad: "x".repeat(20_000) });
    expect(big.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect((await c.op({ op: "ping" })).type).toBe("ack");
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });

  test("another key's account → ACCOUNT_NOT_FOUND exactly as REST", async () => {
    const other = (await t.createKey(await t.superToken())).key;
    const c = await client(other);
    const err = await c.op({ op: "subscribe", channel: "trades", account_id: id });
    const rest = await t.request("GET", `/api/accounts/${id}/summary`, { key: other });
    expect(err.type).toBe("error");
    expect(err.error).toEqual({ code: rest.body.error.code, message: rest.body.error.message });
    expect(err.error.code).toBe("ACCOUNT_NOT_FOUND");
    const unknown = await c.op({
      op: "subscribe",
      channel: "trades",
      account_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.error).toEqual(err.error);
  });

  test("a flood is rate limited, then closed", async () => {
    const c = await client();
    for (let i = 0; i < 60; i++) {
      c.send({ op: "ping", id: i });
    }
    const limited = await c.next((m) => m.type === "error" && m.error.code === "RATE_LIMITED");
    expect(limited.error.message).toContain("Too many");
    expect((await c.closed).code).toBe(4029);
  });
});

describe("quotes", () => {
  test("only subscribed symbols arrive, with increasing seq", async () => {
    const c = await client();
    const ack = await c.op({
      op: "subscribe",
      channel: "quotes",
      account_id: id,
      symbols: ["EURUSD", "USDJPY"],
    });
    expect(ack).toMatchObject({ type: "ack", account_id: id, data: { channel: "quotes" } });
    await Bun.sleep(100);
    await tick();
    await c.next((m) => m.type === "quote" && m.data.symbol === "USDJPY");
    await tick();
    await Bun.sleep(200);
    const quotes = c.messages.filter((m) => m.type === "quote");
    expect(quotes.length).toBeGreaterThan(2);
    expect(new Set(quotes.map((q) => q.data.symbol))).toEqual(new Set(["EURUSD", "USDJPY"]));
    for (const q of quotes) {
      expect(q.account_id).toBe(id);
      expect(q.data.ask).toBeGreaterThanOrEqual(q.data.bid);
    }
    const seqs = quotes.map((q) => q.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    // After unsubscribing USDJPY only EURUSD flows.
    await c.op({ op: "unsubscribe", channel: "quotes", account_id: id, symbols: ["USDJPY"] });
    const from = c.messages.length;
    await tick();
    await c.next((m) => m.type === "quote", 5000, from);
    await Bun.sleep(100);
    expect(
      c.messages.slice(from).filter((m) => m.type === "quote" && m.data.symbol === "USDJPY"),
    ).toEqual([]);
    c.close();
  });

  test("bars: updates for the timeframe and a close when the bucket rolls", async () => {
    const c = await client();
    const ack = await c.op({
      op: "subscribe",
      channel: "bars",
      account_id: id,
      symbols: ["EURUSD"],
      timeframe: "M1",
    });
    expect(ack.type).toBe("ack");
    await tick();
    await tick();
    const close = await c.next((m) => m.type === "bar" && m.data.kind === "close");
    expect(close.data).toMatchObject({ symbol: "EURUSD", timeframe: "M1" });
    expect(close.data.bar.high).toBeGreaterThanOrEqual(close.data.bar.low);
    expect(c.messages.some((m) => m.type === "bar" && m.data.kind === "update")).toBe(true);
    c.close();
  });
});

describe("account and trades", () => {
  // Each test follows the trades of an account of its own.
  beforeEach(async () => {
    id = await connectedAccount();
  }, 30_000);

  test("snapshot first, then trade deltas in order with increasing seq", async () => {
    const c = await client();
    const ack = await c.op({ op: "subscribe", channel: "trades", account_id: id });
    expect(ack.type).toBe("ack");
    const snap = await c.next((m) => m.type === "snapshot");
    expect(snap.data.channel).toBe("trades");
    expect(Array.isArray(snap.data.positions)).toBe(true);
    expect(Array.isArray(snap.data.orders)).toBe(true);
    await c.op({ op: "subscribe", channel: "account", account_id: id });
    const accSnap = await c.next((m) => m.type === "snapshot" && m.data.channel === "account");
    expect(accSnap.data.account.balance).toBe(10_000);

    const placed = await t.request("POST", `/api/accounts/${id}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 },
    });
    expect(placed.status).toBe(201);
    const ticket = placed.body.data.ticket;
    const opened = await c.next((m) => m.type === "trade" && m.data.event === "position.opened");
    expect(opened.data.position.ticket).toBe(ticket);
    await c.next((m) => m.type === "account");
    await t.request("DELETE", `/api/accounts/${id}/orders/${ticket}`, { key });
    const closed = await c.next((m) => m.type === "trade" && m.data.event === "position.closed");
    expect(closed.data.position.ticket).toBe(ticket);
    expect(typeof closed.data.reason).toBe("string");

    const trades = c.messages.filter((m) => m.type === "trade");
    const events = trades.map((m) => m.data.event);
    expect(events.indexOf("order.placed")).toBeLessThan(events.indexOf("order.filled"));
    expect(events.indexOf("position.opened")).toBeLessThan(events.indexOf("position.closed"));
    expect(events.filter((e) => e === "deal").length).toBe(2);
    const seqs = c.messages
      .filter((m) => ["trade", "account", "session"].includes(m.type))
      .map((m) => m.seq);
    for (let i = 1; i < seqs.length; i++) {
      expect(seqs[i]).toBeGreaterThan(seqs[i - 1]);
    }
    expect(trades[0].seq).toBeGreaterThan(snap.seq);
    c.close();
  });

  test("SL hit: position.closed carries reason OnSL", async () => {
    const c = await client();
    await c.op({ op: "subscribe", channel: "trades", account_id: id });
    await c.next((m) => m.type === "snapshot");
    const q = (await t.request("GET", `/api/accounts/${id}/quote/EURUSD`, { key })).body.data;
    const sl = Number((q.bid - 0.00015).toFixed(5));
    const placed = await t.request("POST", `/api/accounts/${id}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1, stopLoss: sl },
    });
    expect(placed.status).toBe(201);
    let closed: any = null;
    for (let i = 0; i < 30 && !closed; i++) {
      await tick(10 * 60_000);
      await Bun.sleep(30);
      closed = c.messages.find(
        (m) =>
          m.type === "trade" &&
          m.data.event === "position.closed" &&
          m.data.position.ticket === placed.body.data.ticket,
      );
    }
    if (closed) {
      expect(["OnSL", "OnTP"]).toContain(closed.data.reason);
    } else {
      await t.request("DELETE", `/api/accounts/${id}/orders/${placed.body.data.ticket}`, { key });
    }
    c.close();
  });

  test("reconnect with last_seq replays what was missed; too old → resync_required", async () => {
    const a = await client();
    await a.op({ op: "subscribe", channel: "trades", account_id: id });
    await a.next((m) => m.type === "snapshot");
    const lastSeq = (await a.op({ op: "ping" })) && a.messages.at(-1)?.seq;
    const seenSeq = Math.max(
      0,
      ...a.messages.filter((m) => typeof m.seq === "number").map((m) => m.seq),
    );
    a.close();
    await a.closed;
    void lastSeq;
    const placed = await t.request("POST", `/api/accounts/${id}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "sell", type: "market", volume: 0.1 },
    });
    const ticket = placed.body.data.ticket;
    await Bun.sleep(100);
    const b = await client();
    await b.op({ op: "subscribe", channel: "trades", account_id: id, last_seq: seenSeq });
    const replayed = await b.next((m) => m.type === "trade" && m.data.event === "position.opened");
    expect(replayed.data.position.ticket).toBe(ticket);
    expect(replayed.seq).toBeGreaterThan(seenSeq);
    expect(b.messages.some((m) => m.type === "snapshot")).toBe(false);
    // Push more than the replay buffer (20) holds, then resume from the old seq.
    await t.request("DELETE", `/api/accounts/${id}/orders/${ticket}`, { key });
    for (let i = 0; i < 4; i++) {
      const p = await t.request("POST", `/api/accounts/${id}/orders`, {
        key,
        body: { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 },
      });
      await t.request("DELETE", `/api/accounts/${id}/orders/${p.body.data.ticket}`, { key });
    }
    await Bun.sleep(100);
    const c = await client();
    await c.op({ op: "subscribe", channel: "trades", account_id: id, last_seq: seenSeq });
    const resync = await c.next((m) => m.type === "resync_required");
    expect(resync.data.last_seq).toBe(seenSeq);
    await c.next((m) => m.type === "snapshot");
    b.close();
    c.close();
  });
});

describe("back-pressure", () => {
  beforeEach(async () => {
    id = await connectedAccount();
  }, 30_000);

  test("a client that does not read gets quotes conflated and keeps trade events", async () => {
    // A subprocess opens a socket, subscribes, then blocks its event loop (it reads nothing).
    const script = `
      const ws = new WebSocket(${JSON.stringify(`${url}?apiKey=${key}`)});
      const got = [];
      ws.onmessage = (e) => got.push(JSON.parse(e.data));
      ws.onopen = () => {
        ws.send(JSON.stringify({ op: "subscribe", id: 1, channel: "quotes", account_id: ${JSON.stringify(id)},
          symbols: ["EURUSD","GBPUSD","USDJPY","AUDUSD","USDCHF","USDCAD","NZDUSD","EURJPY","GBPJPY","EURGBP"] }));
        ws.send(JSON.stringify({ op: "subscribe", id: 2, channel: "trades", account_id: ${JSON.stringify(id)} }));
      };
      await new Promise((r) => setTimeout(r, 400));
      process.stdout.write("ready\\n");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 4000);
      await new Promise((r) => setTimeout(r, 1500));
      const quotes = got.filter((m) => m.type === "quote");
      const trades = got.filter((m) => m.type === "trade");
      const span = quotes.length > 0 ? quotes.at(-1).seq - quotes[0].seq + 1 : 0;
      process.stdout.write(JSON.stringify({ quotes: quotes.length, span, trades: trades.map((m) => m.data.event), last: quotes.at(-1) ?? null }) + "\\n");
      ws.close();
      process.exit(0);
    `;
    const fast = await client();
    await fast.op({
      op: "subscribe",
      channel: "quotes",
      account_id: id,
      symbols: [
        "EURUSD",
        "GBPUSD",
        "USDJPY",
        "AUDUSD",
        "USDCHF",
        "USDCAD",
        "NZDUSD",
        "EURJPY",
        "GBPJPY",
        "EURGBP",
      ],
    });
    const proc = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "inherit" });
    const reader = proc.stdout.getReader();
    let out = "";
    while (!out.includes("ready")) {
      const { value, done } = await reader.read();
      if (done) {
        break;
      }
      out += new TextDecoder().decode(value);
    }
    const from = fast.messages.length;
    // An hour of ticks on 10 symbols (≈60,000 quotes at the recorded tick rates): far more than
    // the socket buffers hold, and sent well within the 4 s the client does not read.
    for (let i = 0; i < 6; i++) {
      await tick(600_000);
    }
    const placed = await t.request("POST", `/api/accounts/${id}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 },
    });
    await t.request("DELETE", `/api/accounts/${id}/orders/${placed.body.data.ticket}`, { key });
    await tick(60_000);
    while (true) {
      const { value, done } = await reader.read();
      if (done) {
        break;
      }
      out += new TextDecoder().decode(value);
    }
    await proc.exited;
    const line = out.split("\n").find((l) => l.startsWith("{"));
    expect(line).toBeDefined();
    const slow = JSON.parse(line as string);
    const fastQuotes = fast.messages.slice(from).filter((m) => m.type === "quote");
    // Every message of the account takes the next seq: the quotes the slow client never got are
    // the gaps in its seq span (the few trade and account messages in it aside).
    expect(slow.quotes).toBeGreaterThan(0);
    expect(slow.quotes).toBeLessThan(slow.span * 0.9);
    expect(slow.trades).toContain("position.opened");
    expect(slow.trades).toContain("position.closed");
    // Conflation keeps the latest: the slow client's last quote of a symbol is the fast one's.
    const lastFast = fastQuotes.filter((q) => q.data.symbol === slow.last.data.symbol).at(-1);
    expect(slow.last.data).toEqual(lastFast.data);
  }, 30_000);
});

describe("revocation", () => {
  test("deleting an account ends its subscriptions with ACCOUNT_NOT_FOUND", async () => {
    const other = await t.createAccount(key, {
      terminal_login: 424242,
      password: "x",
      server_name: "TAS-Demo",
      auto_connect: false,
    });
    const c = await client();
    expect((await c.op({ op: "subscribe", channel: "session", account_id: other.id })).type).toBe(
      "ack",
    );
    expect((await t.request("DELETE", `/api/accounts/${other.id}`, { key })).status).toBe(200);
    const notice = await c.next(
      (m) => m.type === "error" && m.account_id === other.id && m.id === null,
    );
    expect(notice.error).toEqual({ code: "ACCOUNT_NOT_FOUND", message: "Account not found" });
    const again = await c.op({ op: "subscribe", channel: "session", account_id: other.id });
    expect(again.error.code).toBe("ACCOUNT_NOT_FOUND");
  });

  test("a revoked key's sockets are closed with 1008 at once", async () => {
    const superToken = await t.superToken();
    const k = await t.createKey(superToken);
    const c = await client(k.key);
    expect((await c.op({ op: "ping" })).type).toBe("ack");
    const res = await t.request("DELETE", `/admin/keys/${k.id}`, { token: superToken });
    expect(res.status).toBeLessThan(300);
    expect(await c.closed).toEqual({ code: 1008, reason: "API key revoked" });
    void keyId;
  });
});
