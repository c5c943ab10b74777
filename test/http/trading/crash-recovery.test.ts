// No order lost to its client across a kill -9 at any instant. The service (API, session worker
// and embedded demo broker) runs as a child process; in each iteration a burst of orders, each
// with its own Idempotency-Key, is fired (with closes of positions an earlier burst opened, also
// with keys) and the process is killed with SIGKILL at a seeded random instant of the burst. It is restarted on the same data and every request is retried
// with its key until it answers. Then: every order acknowledged before the kill answers its
// first ticket, every key answers exactly one ticket, every close closed its position once, and
// the broker holds exactly the positions the keys opened and did not close — none lost, none
// duplicated, none without a key.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Xoshiro128 } from "../../../src/broker/feed/rng.ts";
import { freshDatabase, type TestDatabase } from "../../support/db.ts";
import { freePort } from "../../support/ports.ts";
import {
  connectedDemoAccount,
  serviceClient,
  startServiceProcess,
} from "../../support/service-process.ts";

const ITERATIONS = 6;
const ORDERS_PER_BURST = 40;
/** Requests in flight at once during a burst. */
const IN_FLIGHT = 6;
const SEED = 20261125;

const dataDir = mkdtempSync(join(tmpdir(), "tas-crash-recovery-"));
const port = freePort();
const brokerPort = freePort();
let pg: TestDatabase | null = null;
const call = serviceClient(`http://127.0.0.1:${port}`);

async function start() {
  pg ??= process.env.DATABASE_URL ? await freshDatabase() : null;
  return startServiceProcess({ dataDir, port, brokerPort, databaseUrl: pg?.url ?? null });
}

afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One request of a burst: an order, or the close of a position an earlier burst opened. */
interface BurstRequest {
  readonly idem: string;
  readonly method: "POST" | "DELETE";
  readonly path: string;
  readonly body?: unknown;
  /** The position a close closes. */
  readonly closes?: number;
}

const send = (r: BurstRequest, key: string) =>
  call(r.method, r.path, {
    key,
    ...(r.body !== undefined ? { body: r.body } : {}),
    headers: { "idempotency-key": r.idem },
  });

/**
 * Retries a request with its key until it is answered: not in progress, not refused for its rate
 * (the account's trade rate limit), not before the session is back.
 */
async function retryUntilAnswered(r: BurstRequest, key: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await send(r, key).catch(() => null);
    const retry =
      res === null ||
      res.status === 409 ||
      res.status === 429 ||
      (res.status === 503 && res.body.error?.code === "SESSION_NOT_CONNECTED");
    if (!retry) {
      return res;
    }
    if (Date.now() > deadline) {
      throw new Error(`key ${r.idem} never answered: ${JSON.stringify(res?.body)}`);
    }
    await Bun.sleep(100);
  }
}

test("orders in flight at a kill -9 are answered after the restart, exactly once", async () => {
  const rng = new Xoshiro128(SEED);
  let proc = await start();
  const { key, accountId } = await connectedDemoAccount(call, 1_000_000);
  const ordersPath = `/api/accounts/${accountId}/orders`;

  /** Every order key ever sent → the ticket it answers for. */
  const ticketOfKey = new Map<string, number>();
  const closedTickets = new Set<number>();
  let openTickets: number[] = [];
  const report = {
    iterations: 0,
    acknowledged: 0,
    inFlightAtKill: 0,
    closes: 0,
    lost: 0,
    duplicated: 0,
    unanswered: 0,
  };
  try {
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      // Orders, interleaved with closes of half the positions the last burst opened.
      const orders: BurstRequest[] = Array.from({ length: ORDERS_PER_BURST }, (_, j) => ({
        idem: `crash-${iteration}-${j}`,
        method: "POST",
        path: ordersPath,
        body: {
          symbol: "BTCUSD",
          side: j % 2 === 0 ? "buy" : "sell",
          type: "market",
          volume: 0.01,
          comment: `i${iteration}-${j}`,
        },
      }));
      const closes: BurstRequest[] = openTickets
        .filter((_, j) => j % 2 === 0)
        .map((ticket) => ({
          idem: `close-${ticket}`,
          method: "DELETE",
          path: `${ordersPath}/${ticket}`,
          closes: ticket,
        }));
      const requests = orders.flatMap((o, j) => (closes[j] ? [o, closes[j]] : [o]));
      // The burst: IN_FLIGHT requests at a time; the kill lands at a random instant of it
      // (once a random number of requests has been sent, after a random 0-4 ms).
      const acknowledged = new Map<string, number>();
      const killAfter = rng.below(requests.length);
      let next = 0;
      let killed = false;
      let inFlight = 0;
      let kill: (() => void) | null = null;
      const killing = new Promise<void>((resolve) => {
        kill = resolve;
      });
      const worker = async () => {
        while (!killed && next < requests.length) {
          const r = requests[next++]!;
          if (next > killAfter) {
            kill?.();
          }
          inFlight++;
          const res = await send(r, key).catch(() => null);
          inFlight--;
          if (res?.status === 201 || res?.status === 200) {
            acknowledged.set(r.idem, res.body.data.ticket);
          }
        }
      };
      const burst = Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      await killing;
      await Bun.sleep(rng.below(5));
      killed = true;
      const interrupted = inFlight;
      proc.kill(9);
      await proc.exited;
      await burst;
      report.acknowledged += acknowledged.size;
      report.inFlightAtKill += interrupted;

      proc = await start();
      for (const r of requests) {
        const res = await retryUntilAnswered(r, key);
        expect(res.status).toBe(r.closes === undefined ? 201 : 200);
        const ticket = res.body.data.ticket as number;
        if (acknowledged.has(r.idem) && acknowledged.get(r.idem) !== ticket) {
          report.lost++;
        }
        if (r.closes === undefined) {
          ticketOfKey.set(r.idem, ticket);
        } else {
          expect(ticket).toBe(r.closes);
          expect(res.body.data.deals).toHaveLength(1); // closed once, by this key
          closedTickets.add(ticket);
          report.closes++;
        }
      }
      // The same key keeps its answer: ask one more time.
      const again = await send(orders[0]!, key);
      expect(again.body.data.ticket).toBe(ticketOfKey.get(orders[0]!.idem)!);

      const open = (await call("GET", ordersPath, { key })).body.data as Array<{ ticket: number }>;
      const tickets = open.map((p) => p.ticket).sort((a, b) => a - b);
      const answered = [...ticketOfKey.values()].sort((a, b) => a - b);
      const expected = answered.filter((t) => !closedTickets.has(t));
      report.duplicated += Math.max(0, tickets.length - expected.length);
      report.unanswered += tickets.filter((t) => !answered.includes(t)).length;
      // Every key answers its own ticket, and the broker holds exactly those positions that
      // were opened and not closed.
      expect(new Set(answered).size).toBe(answered.length);
      expect(tickets).toEqual(expected);
      openTickets = expected;
      report.iterations++;
    }
  } finally {
    console.log(`crash recovery: ${JSON.stringify(report)}`);
    proc.kill("SIGTERM");
    await proc.exited;
  }
  expect(report).toMatchObject({ iterations: ITERATIONS, lost: 0, duplicated: 0, unanswered: 0 });
}, 600_000);
