// Order intents on the embedded database go through a write-ahead log beside it (a minted client
// order id) or the synchronous insert (a client's own): either way the intent is readable at once
// after the answer, carries the order's outcome, and survives a kill -9 right after the answer.
// Runs the real `tas serve` process on a file-backed PGlite (the log is not used on Postgres or
// in memory).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../support/ports.ts";
import {
  connectedDemoAccount,
  serviceClient,
  startServiceProcess,
} from "../../support/service-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "tas-intent-log-"));
const port = freePort();
const brokerPort = freePort();
const call = serviceClient(`http://127.0.0.1:${port}`);
const start = () => startServiceProcess({ dataDir, port, brokerPort, databaseUrl: null });

let proc = await start();
const { key, accountId } = await connectedDemoAccount(call, 100_000);
const orders = `/api/accounts/${accountId}/orders`;
const market = { symbol: "BTCUSD", side: "buy", type: "market", volume: 0.01 };

afterAll(() => {
  proc.kill(9);
  rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(what: string, read: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read().catch(() => null);
    if (value !== null) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await Bun.sleep(100);
  }
}

describe("order intents on the embedded database", () => {
  test("an order's intent is readable as soon as it is answered, with its outcome", async () => {
    for (let i = 0; i < 5; i++) {
      const placed = await call("POST", orders, { key, body: market });
      expect(placed.status).toBe(201);
      const { clientOrderId, ticket } = placed.body.data;
      expect(clientOrderId).toMatch(/^tas-[0-9a-f]{16}$/);
      const intent = await call("GET", `${orders}/intents/${clientOrderId}`, { key });
      expect(intent.status).toBe(200);
      expect(intent.body.data).toMatchObject({
        client_order_id: clientOrderId,
        state: "done",
        ticket,
        request: { clientOrderId, symbol: "BTCUSD", volume: 0.01 },
      });
    }
  });

  test("a client's own id is refused when used again", async () => {
    const body = { ...market, clientOrderId: "mine-1" };
    expect((await call("POST", orders, { key, body })).status).toBe(201);
    const again = await call("POST", orders, { key, body });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("CONFLICT");
  });

  test("the intent of an order answered just before a kill -9 is there after the restart", async () => {
    const placed = await call("POST", orders, { key, body: market });
    expect(placed.status).toBe(201);
    proc.kill(9);
    await proc.exited;
    proc = await start();
    const { clientOrderId, ticket } = placed.body.data;
    // Written before the kill ("done"), or from the log at the start, then found at the broker
    // once the session is connected again ("reconciled_filled").
    const intent = await until("the reconciled intent", async () => {
      const res = await call("GET", `${orders}/intents/${clientOrderId}`, { key });
      const state = res.body.data?.state;
      return state === "done" || state === "reconciled_filled" ? res.body.data : null;
    });
    expect(intent.ticket).toBe(ticket);
    expect(intent.client_order_id).toBe(clientOrderId);
  }, 120_000); // a restart of the service: seconds, many on a busy machine
});
