// The acceptance test of cluster failover for orders: a burst of market orders on an account
// whose session runs on node A, sent through node B (forwarded to A) and some straight to A, each
// with its own Idempotency-Key and clientOrderId, a few at a time; A is killed (-9) in the middle
// of it. Every request without a definitive answer (a network error, 503, 504, or 409 while its
// first attempt's outcome is being recovered) is retried with the same key against the survivor
// until it has one (2xx, or a 4xx); a 504 TRADE_OUTCOME_UNKNOWN that stays 504 (the answer is
// kept for its key) is settled through `GET …/orders/intents/{clientOrderId}` once the order
// journal is reconciled. Then, at the broker (through the survivor): every acknowledged order
// exists exactly once, none is lost, none doubled — as many open positions as orders executed,
// each ticket once, each clientOrderId once in the broker's order history.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CLUSTER_SKIP_REASON, type Reply, TestCluster } from "../support/cluster.ts";

const TTL = 2000;
const ORDERS = 40;
const PARALLEL = 4;
/** Orders acknowledged before node A is killed. */
const KILL_AFTER = 12;
/** Every request has a definitive answer within this after the kill. */
const SETTLE_MS = 30_000;

interface Attempt {
  readonly via: string;
  readonly at: number;
  readonly status: number | "network";
  readonly code?: string;
}

interface Request {
  readonly i: number;
  readonly idem: string;
  readonly cid: string;
  readonly attempts: Attempt[];
  /** The definitive answer, when one came. */
  answer: Reply | null;
  /** Where the outcome came from: the answer, or the reconciled intent of a kept 504. */
  outcome:
    | { executed: true; ticket: number; by: "answer" | "intent" }
    | { executed: false; by: string }
    | null;
}

/** 2xx, or a 4xx that is the request's answer (409 while recovering is not). */
const definitive = (r: Reply): boolean =>
  (r.status >= 200 && r.status < 300) ||
  (r.status >= 400 &&
    r.status < 500 &&
    r.status !== 429 &&
    r.body?.error?.code !== "IDEMPOTENCY_IN_PROGRESS");

describe.skipIf(CLUSTER_SKIP_REASON !== null)("kill -9 of the owner during an order burst", () => {
  let c: TestCluster;
  let key: string;
  let accountId: string;
  let a: number;
  let b: number;

  beforeAll(async () => {
    c = await TestCluster.start({ nodes: 2, leaseTtlMs: TTL });
    await c.seed();
    key = (await c.createKey()).key;
    [accountId] = (await c.demoAccounts(key, 1, { deposit: 1_000_000 })) as [string];
    const owners = await c.waitSettled([accountId], key);
    a = owners.get(accountId)!.node;
    b = 1 - a;
  }, 90_000);
  afterAll(() => c?.close(), 30_000);

  test("every acknowledged order exists exactly once at the broker; none lost, none doubled", async () => {
    const run = Math.random().toString(36).slice(2, 8);
    const requests: Request[] = Array.from({ length: ORDERS }, (_, i) => ({
      i,
      idem: `burst-${run}-${i}`,
      cid: `burst-${run}-${i}`,
      attempts: [],
      answer: null,
      outcome: null,
    }));
    const send = async (r: Request, node: number): Promise<Reply | null> => {
      const at = Date.now();
      try {
        const res = await c.node(node).call("POST", `/api/accounts/${accountId}/orders`, {
          key,
          headers: { "idempotency-key": r.idem },
          body: {
            symbol: "BTCUSD",
            side: "buy",
            type: "market",
            volume: 0.01,
            clientOrderId: r.cid,
          },
          timeoutMs: 45_000,
        });
        r.attempts.push({
          via: c.node(node).id,
          at,
          status: res.status,
          code: res.body?.error?.code,
        });
        return res;
      } catch {
        r.attempts.push({ via: c.node(node).id, at, status: "network" });
        return null;
      }
    };

    // The burst: PARALLEL at a time, one in four straight to A, the rest through B; A dies after
    // KILL_AFTER acknowledgements, while orders are in flight.
    let next = 0;
    let acked = 0;
    let killed: Promise<unknown> | null = null;
    let killedAt = 0;
    const worker = async () => {
      for (let i = next++; i < ORDERS; i = next++) {
        const r = requests[i]!;
        const res = await send(r, i % 2 === 0 && c.isAlive(a) ? a : b);
        if (res && definitive(res)) {
          r.answer = res;
          if (res.status < 300 && ++acked === KILL_AFTER && !killed) {
            killedAt = Date.now();
            killed = c.kill(a, "SIGKILL");
          }
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await killed;
    expect(killedAt).toBeGreaterThan(0);

    // Retries against the survivor, until every request has a definitive answer.
    const deadline = killedAt + SETTLE_MS;
    const unanswered = () => requests.filter((r) => r.outcome === null);
    while (unanswered().length > 0 && Date.now() < deadline) {
      for (const r of unanswered()) {
        if (r.answer) {
          const ok = r.answer.status < 300;
          r.outcome = ok
            ? { executed: true, ticket: r.answer.body.data.ticket, by: "answer" }
            : { executed: false, by: `${r.answer.status} ${r.answer.body?.error?.code}` };
          continue;
        }
        const res = await send(r, b);
        if (res && definitive(res)) {
          r.answer = res;
          continue;
        }
        if (res?.status === 504 && res.body?.error?.code === "TRADE_OUTCOME_UNKNOWN") {
          // Kept for its key: the journal says what became of it once reconciled.
          const intent = await c
            .node(b)
            .call("GET", `/api/accounts/${accountId}/orders/intents/${encodeURIComponent(r.cid)}`, {
              key,
            });
          const state = intent.body?.data?.state;
          if (state === "done" || state === "reconciled_filled") {
            r.outcome = { executed: true, ticket: intent.body.data.ticket, by: "intent" };
          } else if (state === "rejected" || state === "reconciled_absent") {
            r.outcome = { executed: false, by: `intent ${state}` };
          }
        }
      }
      await Bun.sleep(250);
    }
    const summary = requests.map((r) => ({
      i: r.i,
      outcome: r.outcome,
      attempts: r.attempts.map(
        (t) => `${t.via.slice(-2)}@${t.at - killedAt}ms:${t.status}${t.code ? ` ${t.code}` : ""}`,
      ),
    }));
    const unsettled = summary.filter((s) => s.outcome === null);
    expect({ unsettled }).toEqual({ unsettled: [] });

    // At the broker, through the survivor (now the owner).
    const executed = requests.filter((r) => r.outcome?.executed);
    const tickets = executed.map((r) => (r.outcome as { ticket: number }).ticket);
    expect(new Set(tickets).size).toBe(tickets.length);
    const positions = (await c.node(b).call("GET", `/api/accounts/${accountId}/orders`, { key }))
      .body.data as Array<{ ticket: number; state: string }>;
    const open = positions.filter((p) => p.state === "Filled").map((p) => p.ticket);
    for (const t of tickets) {
      expect({ ticket: t, times: open.filter((o) => o === t).length }).toEqual({
        ticket: t,
        times: 1,
      });
    }
    expect(open.length).toBe(executed.length);
    // The broker's order history: each executed clientOrderId once (on its ticket), and none of
    // the requests found not executed.
    const history = (
      await c
        .node(b)
        .call(
          "GET",
          `/api/accounts/${accountId}/history/orders?from=2000-01-01T00:00:00&to=2100-01-01T00:00:00&per_page=1000`,
          { key },
        )
    ).body.data.orders as Array<{ positionTicket: number; clientOrderId: string; state: string }>;
    const burst = history.filter((o) => o.clientOrderId.startsWith(`burst-${run}-`));
    expect(burst.map((o) => o.clientOrderId).sort()).toEqual(executed.map((r) => r.cid).sort());
    for (const r of executed) {
      const placed = burst.filter((o) => o.clientOrderId === r.cid);
      expect(placed.map((o) => [o.positionTicket, o.state])).toEqual([
        [(r.outcome as { ticket: number }).ticket, "Filled"],
      ]);
    }
    // Most of the burst goes through: what A had not executed is run by the survivor.
    const notExecuted = requests.filter((r) => r.outcome && !r.outcome.executed);
    console.log(
      `burst: ${executed.length} executed (${executed.filter((r) => r.outcome?.by === "intent").length} settled by intent), ${notExecuted.length} not executed; retried ${requests.filter((r) => r.attempts.length > 1).length}`,
    );
    for (const s of summary.filter((s) => s.attempts.length > 1)) {
      console.log(`  #${s.i}: ${s.attempts.join(", ")} → ${JSON.stringify(s.outcome)}`);
    }
    expect(c.overlaps()).toEqual([]);
  }, 90_000);
});
