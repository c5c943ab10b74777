// Events everywhere, on two real nodes: a WebSocket client on the node that does not own the
// account receives the account's trade events — for an order placed through either node — with
// the seq its owner assigned (a client on the owner sees the same numbers, in the same order); a
// resume with last_seq on the other node replays what was missed; and when the account moves
// (its owner drains on SIGTERM), the client on the survivor keeps its subscription, the new
// owner's seq continue above the old owner's, and a resume from a seq of the old owner gets
// resync_required and a snapshot. The owner's sockets are closed with 1001 as it stops (open
// sockets would otherwise hold its graceful stop).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CLUSTER_SKIP_REASON, type NodeClient, TestCluster } from "../support/cluster.ts";
import { connect, type WsClient } from "../ws/client.ts";

describe.skipIf(CLUSTER_SKIP_REASON !== null)("streams across nodes (2 nodes)", () => {
  let c: TestCluster;
  let key: string;
  let accountId: string;
  let ownerIndex: number;
  let otherIndex: number;
  let owner: NodeClient;
  let other: NodeClient;
  const clients: WsClient[] = [];

  beforeAll(async () => {
    c = await TestCluster.start({ nodes: 2, leaseTtlMs: 2000 });
    await c.seed();
    key = (await c.createKey()).key;
    [accountId] = (await c.demoAccounts(key, 1, { deposit: 100_000 })) as [string];
    ownerIndex = (await c.waitSettled([accountId], key)).get(accountId)!.node;
    otherIndex = 1 - ownerIndex;
    owner = c.node(ownerIndex).call;
    other = c.node(otherIndex).call;
  }, 90_000);
  afterAll(async () => {
    for (const ws of clients) {
      ws.close();
    }
    await c?.close();
  }, 30_000);

  const client = async (node: number) => {
    const ws = await connect(`ws://127.0.0.1:${c.node(node).port}/ws?apiKey=${key}`);
    clients.push(ws);
    return ws;
  };

  /** Subscribes to the account's trades; resolves with the snapshot's seq. */
  const subscribeTrades = async (ws: WsClient, lastSeq?: number) => {
    const ack = await ws.op({
      op: "subscribe",
      channel: "trades",
      account_id: accountId,
      ...(lastSeq === undefined ? {} : { last_seq: lastSeq }),
    });
    expect(ack.type).toBe("ack");
    return ack;
  };

  const buy = async (call: NodeClient) => {
    const res = await call("POST", `/api/accounts/${accountId}/orders`, {
      key,
      body: { symbol: "BTCUSD", side: "buy", type: "market", volume: 0.01 },
    });
    expect(res.status).toBe(201);
    return res.body.data.ticket as number;
  };

  const opened = (ws: WsClient, ticket: number, timeoutMs = 10_000) =>
    ws.next(
      (m) =>
        m.type === "trade" &&
        m.data.event === "position.opened" &&
        m.data.position.ticket === ticket,
      timeoutMs,
    );

  /** The seq of every message a client received after an ack (an ack carries its snapshot's). */
  const seqs = (ws: WsClient) =>
    ws.messages
      .filter((m) => typeof m.seq === "number" && m.type !== "ack")
      .map((m) => m.seq as number);

  test("a client on either node sees orders placed through either node, with the owner's seq", async () => {
    const onOther = await client(otherIndex);
    const onOwner = await client(ownerIndex);
    await subscribeTrades(onOther);
    await subscribeTrades(onOwner);
    await onOther.next((m) => m.type === "snapshot");
    await onOwner.next((m) => m.type === "snapshot");
    const viaOwner = await buy(owner);
    const viaOther = await buy(other);
    for (const ticket of [viaOwner, viaOther]) {
      const a = await opened(onOther, ticket);
      const b = await opened(onOwner, ticket);
      expect(a.seq).toBe(b.seq); // numbered once, by the owner
      expect(a.data).toEqual(b.data);
    }
    // The same trade events, in the same order, with the same seq on both nodes.
    const trades = (ws: WsClient) =>
      ws.messages.filter((m) => m.type === "trade").map((m) => [m.seq, m.data.event]);
    await Bun.sleep(300);
    expect(trades(onOther)).toEqual(trades(onOwner));
    const s = seqs(onOther);
    expect(s).toEqual([...s].sort((x, y) => x - y));
    expect(new Set(s).size).toBe(s.length);
  }, 30_000);

  test("a resume with last_seq on the other node replays what was missed", async () => {
    const first = await client(otherIndex);
    await subscribeTrades(first);
    await first.next((m) => m.type === "snapshot");
    await first.op({ op: "ping" });
    const seen = Math.max(...seqs(first));
    first.close();
    await first.closed;
    const ticket = await buy(owner);
    await Bun.sleep(200);
    const again = await client(otherIndex);
    await subscribeTrades(again, seen);
    const replayed = await opened(again, ticket);
    expect(replayed.seq).toBeGreaterThan(seen);
    expect(again.messages.some((m) => m.type === "snapshot")).toBe(false);
  }, 30_000);

  test("the owner drains: the survivor's client keeps its stream, seq go on above the old owner's", async () => {
    const survivor = await client(otherIndex);
    await subscribeTrades(survivor);
    await survivor.next((m) => m.type === "snapshot");
    const before = await buy(owner);
    const last = (await opened(survivor, before)).seq as number;
    const onOwner = await client(ownerIndex);
    await c.kill(ownerIndex, "SIGTERM");
    expect((await onOwner.closed).code).toBe(1001);
    const settled = await c.waitSettled([accountId], key, 20_000);
    expect(settled.get(accountId)?.node).toBe(otherIndex);
    // The client's subscription moved with the account: an order now reaches it, numbered by the
    // new owner above everything the old owner numbered.
    const after = await buy(other);
    const moved = await opened(survivor, after, 15_000);
    expect(moved.seq).toBeGreaterThan(last);
    const s = seqs(survivor);
    expect(s).toEqual([...s].sort((x, y) => x - y));
    // A resume from the old owner's seq cannot be replayed by the new owner: resync, snapshot.
    const late = await client(otherIndex);
    await subscribeTrades(late, last);
    const resync = await late.next((m) => m.type === "resync_required");
    expect(resync.data.last_seq).toBe(last);
    const snapshot = await late.next((m) => m.type === "snapshot");
    const tickets = (snapshot.data.positions as Array<{ ticket: number }>).map((p) => p.ticket);
    expect(tickets).toContain(after);
    expect(tickets).toContain(before);
  }, 60_000);
});
