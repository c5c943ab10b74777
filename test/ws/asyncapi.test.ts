// The /ws protocol's AsyncAPI 3.0 document (GET /asyncapi.json): valid against the AsyncAPI 3.0
// JSON schema (@asyncapi/specs, checked with ajv); its examples fit their payload schemas; its
// client-op schemas accept exactly the frames the server's parser accepts (property test); and
// every message a live session sends — quotes, bars, acks, errors, snapshots, trade events,
// session changes, resync_required — conforms to the message schema the document declares for it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import specs from "@asyncapi/specs";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { parseFrame } from "../../src/http/ws/frames.ts";
import { CHANNELS } from "../../src/streaming/messages.ts";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../support/app.ts";
import { TestClock } from "../support/clock.ts";
import { connect, type WsClient } from "./client.ts";

let t: TestApp;
let clock: TestClock;
let key: string;
let accountId: string;
let doc: any;
let ajv: Ajv;
const open: WsClient[] = [];

beforeAll(async () => {
  clock = new TestClock().freeze(WEDNESDAY_14_UTC);
  t = await createTestApp({ TAS_WS_REPLAY_BUFFER: "5" }, { broker: true, brokerClock: clock });
  const superToken = await t.superToken();
  key = (await t.createKey(superToken, { max_accounts: 10 })).key;
  const demo = (
    await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets", deposit: 10_000, leverage: 100 },
    })
  ).body.data;
  accountId = (
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
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  doc = await (await fetch(`http://127.0.0.1:${t.app.server?.port}/asyncapi.json`)).json();
  // The served document is itself the schema resource message payloads are checked against
  // (their $refs point into its components.schemas).
  ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(doc, "asyncapi.json");
}, 60_000);

afterAll(async () => {
  for (const c of open) {
    c.close();
  }
  await t.app.stop();
  await t.close();
});

const payloadValidators = new Map<string, ValidateFunction>();
/** Validates against components.messages[name].payload of the served document. */
function payloadOf(name: string): ValidateFunction {
  let v = payloadValidators.get(name);
  if (!v) {
    if (!doc.components.messages[name]) {
      throw new Error(`no message '${name}' in the document`);
    }
    v = ajv.compile({ $ref: `asyncapi.json#/components/messages/${name}/payload` });
    payloadValidators.set(name, v);
  }
  return v;
}

describe("the document", () => {
  test("is valid AsyncAPI 3.0", () => {
    const schema = (specs as { schemas: Record<string, object> }).schemas["3.0.0"];
    // The bundled schema carries its own copy of the draft-07 meta-schema: ajv's would clash.
    const meta = new Ajv({ allErrors: true, strict: false, meta: false, validateSchema: false });
    addFormats(meta);
    const validate = meta.compile(schema as object);
    const valid = validate(doc);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // …and the check is not vacuous.
    expect(validate({ ...doc, operations: { x: { action: "emit", channel: {} } } })).toBe(false);
  });

  test("server, security, channels and close codes", () => {
    expect(doc.asyncapi).toBe("3.0.0");
    expect(doc.servers.plain).toMatchObject({ protocol: "ws", pathname: "/ws" });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: "httpApiKey",
      in: "query",
      name: "apiKey",
    });
    expect(Object.keys(doc.channels).sort()).toEqual([...CHANNELS, "connection"].sort());
    expect(doc.servers.plain["x-close-codes"].map((c: { code: number }) => c.code)).toEqual([
      1001, 1008, 1009, 4000, 4029,
    ]);
    expect(doc.operations.subscribeQuotes.action).toBe("receive");
    expect(doc.operations.sendQuote.action).toBe("send");
    expect(doc.operations.sendTradesSnapshot.action).toBe("send");
  });

  test("every $ref resolves and operation messages belong to their channel", () => {
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split("/")
        .reduce((node: any, part: string) => node?.[part], doc);
    const refs: string[] = [];
    JSON.stringify(doc, (k, v) => {
      if (k === "$ref") {
        refs.push(v);
      }
      return v;
    });
    expect(refs.filter((r) => resolve(r) === undefined)).toEqual([]);
    for (const [id, op] of Object.entries<any>(doc.operations)) {
      for (const part of [op, op.reply].filter(Boolean)) {
        const channel = part.channel.$ref;
        for (const m of part.messages) {
          expect({ id, ref: m.$ref.startsWith(`${channel}/messages/`) }).toEqual({ id, ref: true });
        }
      }
    }
  });

  test("every example fits its payload schema", () => {
    let n = 0;
    for (const [name, m] of Object.entries<any>(doc.components.messages)) {
      for (const ex of m.examples ?? []) {
        const v = payloadOf(name);
        expect({ name, ok: v(ex.payload), errors: v.errors ?? null }).toEqual({
          name,
          ok: true,
          errors: null,
        });
        n++;
      }
    }
    expect(n).toBeGreaterThan(5);
  });
});

describe("client ops: the document and the server's parser agree", () => {
  const clientMessages = () =>
    Object.keys(doc.components.messages).filter(
      (k) => k === "ping" || k.startsWith("subscribe") || k.startsWith("unsubscribe"),
    );

  test("a frame fits a declared op exactly when parseFrame accepts it", () => {
    const validators = clientMessages().map(payloadOf);
    const absent = Symbol("absent");
    const pick = <T>(...values: T[]) => fc.constantFrom(...values);
    const frame = fc.record({
      op: pick<unknown>("ping", "subscribe", "unsubscribe", "explode", 1, absent),
      id: pick<unknown>(absent, null, "a1", "x".repeat(65), 7, 1.5, true, {}),
      channel: pick<unknown>(...CHANNELS, "news", 3, absent),
      account_id: pick<unknown>("0b7c6f7e-2f4e", "", "x".repeat(65), 42, absent),
      symbols: pick<unknown>(
        absent,
        [],
        ["EURUSD"],
        ["EURUSD", "EURUSD", "BTCUSD"],
        ["bad symbol"],
        Array.from({ length: 101 }, (_, i) => `S${i}`),
        "EURUSD",
        [1],
      ),
      timeframe: pick<unknown>(absent, "M1", "MN1", "H2", 5, null),
      last_seq: pick<unknown>(absent, null, 0, 12, -1, 1.5, "3", 2 ** 53),
      pad: pick<unknown>(absent, "extra fields are ignored"),
    });
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(frame, (f) => {
        const value = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== absent));
        const parsed = parseFrame(JSON.stringify(value), 1_000_000);
        if (parsed.ok) {
          accepted++;
        } else {
          refused++;
        }
        const fits = validators.filter((v) => v(value)).length;
        expect({ value, fits: Math.min(fits, 1) }).toEqual({ value, fits: parsed.ok ? 1 : 0 });
        expect(fits).toBeLessThanOrEqual(1); // at most one op of the document matches a frame
      }),
      { numRuns: 3000, seed: 20261118 },
    );
    // Both sides of the property were exercised.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });
});

describe("live messages conform to their declared schemas", () => {
  /** The components.messages entry a server message is declared as. */
  const declaredAs = (m: any): string => {
    switch (m.type) {
      case "ack":
        return `ack${m.data.op.charAt(0).toUpperCase()}${m.data.op.slice(1)}`;
      case "snapshot":
        return `snapshot${m.data.channel.charAt(0).toUpperCase()}${m.data.channel.slice(1)}`;
      case "resync_required":
        return "resyncRequired";
      default:
        return m.type;
    }
  };

  test("a session's quotes, bars, acks, errors, snapshots, trades, session changes and resyncs", async () => {
    const url = `ws://127.0.0.1:${t.app.server?.port}/ws?apiKey=${key}`;
    const c = await connect(url);
    open.push(c);
    const base = `/api/accounts/${accountId}`;
    const tick = async (ms = 1_000) => {
      clock.advance(ms);
      await t.broker?.broker.step();
    };

    expect((await c.op({ op: "ping" })).type).toBe("ack");
    for (const sub of [
      { channel: "quotes", symbols: ["EURUSD", "BTCUSD"] },
      { channel: "bars", symbols: ["EURUSD"], timeframe: "M1" },
      { channel: "account" },
      { channel: "trades" },
      { channel: "session" },
      { channel: "ea" },
    ]) {
      expect((await c.op({ op: "subscribe", account_id: accountId, ...sub })).type).toBe("ack");
    }
    await c.next((m) => m.type === "snapshot" && m.data.channel === "session");
    for (let i = 0; i < 3; i++) {
      await tick();
    }
    await tick(60_000); // the M1 bar closes
    await c.next((m) => m.type === "bar" && m.data.kind === "close");

    // Trades: a market position, a pending order cancelled, the position closed.
    const buy = await t.request("POST", `${base}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "buy", type: "market", volume: 0.1 },
    });
    expect(buy.body.ok).toBe(true);
    const limit = await t.request("POST", `${base}/orders`, {
      key,
      body: { symbol: "EURUSD", side: "buy", type: "limit", volume: 0.1, price: 0.5 },
    });
    expect(limit.body.ok).toBe(true);
    await c.next((m) => m.type === "trade" && m.data.event === "order.placed");
    expect(
      (await t.request("DELETE", `${base}/orders/${limit.body.data.ticket}`, { key })).body.ok,
    ).toBe(true);
    await c.next((m) => m.type === "trade" && m.data.event === "order.cancelled");
    expect(
      (await t.request("DELETE", `${base}/orders/${buy.body.data.ticket}`, { key })).body.ok,
    ).toBe(true);
    await c.next((m) => m.type === "trade" && m.data.event === "position.closed");
    await c.next((m) => m.type === "account");

    // Session: a disconnect and a reconnect (fresh snapshots follow).
    await t.request("POST", `${base}/disconnect`, { key });
    await c.next((m) => m.type === "session" && m.data.status === "disconnected");
    await t.request("POST", `${base}/connect`, { key });
    await c.next((m) => m.type === "session" && m.data.status === "connected");
    const from = c.messages.length;
    await c.next((m) => m.type === "snapshot" && m.data.channel === "trades", 5000, from);

    // Errors, unsubscribe, and a resume too old for the replay buffer (5 messages).
    expect((await c.op({ op: "subscribe", channel: "news", account_id: accountId })).type).toBe(
      "error",
    );
    c.send("{not json");
    await c.next((m) => m.type === "error" && m.id === null);
    expect(
      (await c.op({ op: "unsubscribe", channel: "quotes", account_id: accountId })).data.removed,
    ).toBe(true);
    const other = await connect(url);
    open.push(other);
    expect(
      (await other.op({ op: "subscribe", channel: "trades", account_id: accountId, last_seq: 0 }))
        .type,
    ).toBe("ack");
    await other.next((m) => m.type === "resync_required");
    await other.next((m) => m.type === "snapshot");

    const received = [...c.messages, ...other.messages];
    const seen = new Set<string>();
    const failures: unknown[] = [];
    for (const m of received) {
      const name = declaredAs(m);
      const v = payloadOf(name);
      if (!v(m)) {
        failures.push({ name, message: m, errors: v.errors });
      }
      seen.add(m.type === "trade" ? `trade:${m.data.event}` : name);
    }
    expect(failures).toEqual([]);
    // …and the check is not vacuous: the schemas are closed and typed.
    const quote = received.find((m) => m.type === "quote");
    expect(payloadOf("quote")(quote)).toBe(true);
    expect(payloadOf("quote")({ ...quote, extra: 1 })).toBe(false);
    expect(payloadOf("quote")({ ...quote, seq: String(quote.seq) })).toBe(false);
    expect(payloadOf("quote")({ ...quote, data: { ...quote.data, time: "yesterday" } })).toBe(
      false,
    );
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        "ackPing",
        "ackSubscribe",
        "ackUnsubscribe",
        "error",
        "quote",
        "bar",
        "account",
        "session",
        "snapshotAccount",
        "snapshotTrades",
        "snapshotSession",
        "resyncRequired",
        "trade:order.placed",
        "trade:order.cancelled",
        "trade:deal",
        "trade:position.opened",
        "trade:position.closed",
      ]),
    );
    console.log(`${received.length} live messages conform; kinds: ${[...seen].sort().join(" ")}`);
  }, 60_000);
});
