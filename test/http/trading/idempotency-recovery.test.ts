// Idempotency keys left in progress by a process that died (a kill -9 between the key's claim
// and its answer) are recovered by the next retry of the key, or when the account's session
// connects: the order's first outcome is answered from the broker's record, an order that was
// never executed runs now (once), and close-all and demo creation run again. The dead process
// is played by rewriting a real request's row: in progress, held by an earlier boot of this node.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { idempotencyKeys, orderJournal } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let key: string;
let keyId: string;
let id: string;
const base = () => `/api/accounts/${id}`;

beforeAll(async () => {
  t = await createTestApp({}, { broker: true });
  const created = await t.createKey(await t.superToken(), { max_accounts: 10 });
  key = created.key;
  keyId = created.id;
  id = (await t.connectDemoAccount(key, { deposit: 100_000, leverage: 100 })).id;
}, 60_000);
afterAll(() => t.close());

const deadHolder = () => `${t.config.nodeId}/0123456789ab`;

/** Rewrites a key's row as a dead process would have left it: in progress, unanswered. */
async function orphan(idemKey: string, intent: Record<string, unknown> | null) {
  await t.deps.db
    .update(idempotencyKeys)
    .set({
      state: "in_progress",
      holder: deadHolder(),
      responseStatus: null,
      responseBody: null,
      ...(intent ? { intent } : {}),
    })
    .where(and(eq(idempotencyKeys.keyId, keyId), eq(idempotencyKeys.idemKey, idemKey)));
}

async function keyRow(idemKey: string) {
  const [row] = await t.deps.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.keyId, keyId), eq(idempotencyKeys.idemKey, idemKey)));
  return row;
}

async function journalRow(clientOrderId: string) {
  await t.services.journal?.drain();
  const [row] = await t.deps.db
    .select()
    .from(orderJournal)
    .where(and(eq(orderJournal.accountId, id), eq(orderJournal.clientOrderId, clientOrderId)));
  return row;
}

const withComment = async (comment: string) =>
  (await t.request("GET", `${base()}/orders`, { key })).body.data.filter(
    (r: any) => r.comment === comment,
  );

const order = (comment: string, extra: Record<string, unknown> = {}) => ({
  symbol: "BTCUSD",
  side: "buy",
  type: "market",
  volume: 0.01,
  comment,
  ...extra,
});

describe("recovery of a dead process's idempotency keys", () => {
  test("an executed order is answered with its first ticket, and not sent again", async () => {
    const body = order("rec-exec", { clientOrderId: "rec-exec-1" });
    const headers = { "idempotency-key": "rec-exec" };
    const first = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(first.status).toBe(201);
    // The process died after the broker executed it, before anything was recorded.
    await journalRow("rec-exec-1");
    await t.deps.db
      .update(orderJournal)
      .set({ state: "sent", ticket: null })
      .where(and(eq(orderJournal.accountId, id), eq(orderJournal.clientOrderId, "rec-exec-1")));
    await orphan("rec-exec", null);
    const retry = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(retry.status).toBe(201);
    expect(retry.body.data).toMatchObject({
      ticket: first.body.data.ticket,
      clientOrderId: "rec-exec-1",
      symbol: "BTCUSD",
      lots: 0.01,
    });
    expect(await withComment("rec-exec")).toHaveLength(1);
    expect((await journalRow("rec-exec-1"))?.state).toBe("reconciled_filled");
    expect((await keyRow("rec-exec"))?.state).toBe("done");
    const again = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(again.body).toEqual(retry.body);
  });

  test("an order that never reached the broker is executed by its retry, once", async () => {
    const body = order("rec-never");
    const headers = { "idempotency-key": "rec-never" };
    expect((await t.request("POST", `${base()}/orders`, { key, body, headers })).status).toBe(201);
    // Pretend the process died after claiming the key, before journaling its intent.
    await orphan("rec-never", { accountId: id, clientOrderId: "tas-never-journaled" });
    const retry = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(retry.status).toBe(201);
    expect(retry.body.data.clientOrderId).not.toBe("tas-never-journaled");
    expect(await withComment("rec-never")).toHaveLength(2); // the first, and the retry's own
    const again = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(again.body).toEqual(retry.body);
    expect(await withComment("rec-never")).toHaveLength(2);
  });

  test("a client order id proved absent at the broker is sent again under the same id", async () => {
    const body = order("rec-absent", { clientOrderId: "rec-absent-1" });
    const headers = { "idempotency-key": "rec-absent" };
    const first = await t.request("POST", `${base()}/orders`, { key, body, headers });
    // Play it as never placed: cancel the position's existence by closing it, then mark the
    // intent absent as a reconciliation that found nothing would.
    await t.request("DELETE", `${base()}/orders/${first.body.data.ticket}`, { key });
    await journalRow("rec-absent-1");
    await t.deps.db
      .update(orderJournal)
      .set({ state: "reconciled_absent", ticket: null })
      .where(and(eq(orderJournal.accountId, id), eq(orderJournal.clientOrderId, "rec-absent-1")));
    await orphan("rec-absent", null);
    const retry = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(retry.status).toBe(201);
    expect(retry.body.data.clientOrderId).toBe("rec-absent-1");
    expect(retry.body.data.ticket).not.toBe(first.body.data.ticket);
    const journaled = await journalRow("rec-absent-1");
    expect(journaled).toMatchObject({ state: "done", ticket: retry.body.data.ticket });
  });

  test("without a session the retry hears 'being recovered'; the reconnect answers the key", async () => {
    const body = order("rec-later", { clientOrderId: "rec-later-1" });
    const headers = { "idempotency-key": "rec-later" };
    const first = await t.request("POST", `${base()}/orders`, { key, body, headers });
    await journalRow("rec-later-1");
    await t.deps.db
      .update(orderJournal)
      .set({ state: "unknown", ticket: null })
      .where(and(eq(orderJournal.accountId, id), eq(orderJournal.clientOrderId, "rec-later-1")));
    await orphan("rec-later", null);
    await t.request("POST", `${base()}/disconnect`, { key });
    const waiting = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(waiting.status).toBe(409);
    expect(waiting.body.error).toMatchObject({
      code: "IDEMPOTENCY_IN_PROGRESS",
      details: { recovering: true },
    });
    expect(waiting.headers.get("retry-after")).toBe("1");
    expect((await keyRow("rec-later"))?.holder).toBeNull();
    // The reconnect reconciles the journal, then answers the key without any retry.
    expect((await t.request("POST", `${base()}/connect`, { key })).body.data.status).toBe(
      "connected",
    );
    let state = "";
    for (let i = 0; i < 100 && state !== "done"; i++) {
      state = (await keyRow("rec-later"))?.state ?? "";
      await Bun.sleep(20);
    }
    expect(state).toBe("done");
    const retry = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(retry.status).toBe(201);
    expect(retry.body.data.ticket).toBe(first.body.data.ticket);
    expect(await withComment("rec-later")).toHaveLength(1);
  });

  test("a close the broker executed is answered with its deals, and not sent again", async () => {
    const opened = await t.request("POST", `${base()}/orders`, {
      key,
      body: order("rec-close-one", { volume: 0.02 }),
    });
    const ticket = opened.body.data.ticket;
    const headers = { "idempotency-key": "rec-close-one" };
    const path = `${base()}/orders/${ticket}?volume=0.01`;
    const first = await t.request("DELETE", path, { key, headers });
    expect(first.status).toBe(200);
    expect(first.body.data.deals).toHaveLength(1);
    // The process died after the broker closed it, before the journal or the key heard of it.
    const intent = (await keyRow("rec-close-one"))?.intent as { clientOrderId: string };
    expect((await journalRow(intent.clientOrderId))?.request).toMatchObject({
      action: "close",
      ticket,
      volume: 0.01,
    });
    await t.deps.db
      .update(orderJournal)
      .set({ state: "sent", ticket: null })
      .where(
        and(eq(orderJournal.accountId, id), eq(orderJournal.clientOrderId, intent.clientOrderId)),
      );
    await orphan("rec-close-one", null);
    const retry = await t.request("DELETE", path, { key, headers });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ ticket, lots: 0.01 });
    expect(retry.body.data.deals.map((d: any) => d.ticket)).toEqual(
      first.body.data.deals.map((d: any) => d.ticket),
    );
    const still = (await withComment("rec-close-one"))[0];
    expect(still.lots).toBe(0.01); // closed once, not twice
  });

  test("a cancel is answered from the broker's order history", async () => {
    const quote = (await t.request("GET", `${base()}/quote/BTCUSD`, { key })).body.data;
    const pending = await t.request("POST", `${base()}/orders`, {
      key,
      body: order("rec-cancel", { type: "limit", price: Math.round(quote.bid * 0.5) }),
    });
    expect(pending.status).toBe(201);
    const headers = { "idempotency-key": "rec-cancel" };
    const path = `${base()}/orders/${pending.body.data.ticket}`;
    expect((await t.request("DELETE", path, { key, headers })).status).toBe(200);
    await orphan("rec-cancel", null);
    const retry = await t.request("DELETE", path, { key, headers });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ ticket: pending.body.data.ticket, deals: [] });
    expect((await keyRow("rec-cancel"))?.state).toBe("done");
  });

  test("a key held by a live process is still in progress", async () => {
    const body = order("rec-live");
    const headers = { "idempotency-key": "rec-live" };
    await t.request("POST", `${base()}/orders`, { key, body, headers });
    await orphan("rec-live", null);
    await t.deps.db
      .update(idempotencyKeys)
      .set({ holder: t.services.idempotency.holder })
      .where(and(eq(idempotencyKeys.keyId, keyId), eq(idempotencyKeys.idemKey, "rec-live")));
    const res = await t.request("POST", `${base()}/orders`, { key, body, headers });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toBeUndefined();
  });

  test("close-all and demo creation left by a dead process run again on their retry", async () => {
    await t.request("POST", `${base()}/orders`, { key, body: order("rec-close") });
    const headers = { "idempotency-key": "rec-close-all" };
    const first = await t.request("POST", `${base()}/close-all`, { key, headers });
    expect(first.status).toBe(200);
    await t.request("POST", `${base()}/orders`, { key, body: order("rec-close") });
    await orphan("rec-close-all", null);
    const retry = await t.request("POST", `${base()}/close-all`, { key, headers });
    expect(retry.status).toBe(200);
    expect(retry.body.data.closed.length).toBe(1);
    expect((await t.request("GET", `${base()}/orders`, { key })).body.data).toHaveLength(0);
    const again = await t.request("POST", `${base()}/close-all`, { key, headers });
    expect(again.body).toEqual(retry.body);

    const demoHeaders = { "idempotency-key": "rec-demo" };
    const demoBody = { company: "TAS Markets", deposit: 1000 };
    const demo = await t.request("POST", "/api/brokers/demo", {
      key,
      body: demoBody,
      headers: demoHeaders,
    });
    expect(demo.status).toBe(201);
    await orphan("rec-demo", null);
    const demoRetry = await t.request("POST", "/api/brokers/demo", {
      key,
      body: demoBody,
      headers: demoHeaders,
    });
    expect(demoRetry.status).toBe(201);
    expect(demoRetry.body.data.login).not.toBe(demo.body.data.login);
  });
});
