// The daily usage snapshot job with an injected clock: once per day per admin, also across a
// restart or a second node at the same minute (two scheduler instances on one database), the
// next day again, a missed slot taken once at start; the timer's start/stop; the config field;
// and the injected session / running-EA sources reaching the snapshot.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { ConfigError, loadConfig } from "../../src/config/index.ts";
import { SnapshotScheduler } from "../../src/services/snapshot-scheduler.ts";
import { UsageService } from "../../src/services/usage.ts";
import { auditLog, usageSnapshots } from "../../src/storage/schema/index.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

// One app for the file; each test works on its own days (slots) and counts the admins there are
// when it runs, so the tests do not depend on each other's order.
let t: TestApp;
let aliceUuid: string;

/** Admins there are now (each gets one scheduled snapshot per slot). */
const adminTotal = async () => (await t.services.admins.list()).length;

/** 00:05 UTC, the default TAS_SNAPSHOT_TIME_UTC. */
const MINUTES = 5;

const newScheduler = () =>
  new SnapshotScheduler(t.services.usage, {
    clock: t.clock,
    logger: t.deps.logger,
    minutesUtc: MINUTES,
  });

const scheduled = () =>
  t.deps.db.select().from(usageSnapshots).where(eq(usageSnapshots.kind, "scheduled"));

const inSlot = async (slotKey: string) =>
  (await scheduled()).filter((r) => r.slotKey === slotKey).length;

beforeAll(async () => {
  t = await createTestApp();
  const root = await t.superToken();
  const alice = await t.createAdmin("sched-alice");
  aliceUuid = alice.uuid;
  await t.createAdmin("sched-bob");
  const key = await t.createKey(alice.token);
  await t.createAccount(key.key);
  await t.createKey(root);
  expect((await t.request("GET", "/admin/admins", { token: root })).body.data).toHaveLength(3);
}, 60_000);
afterAll(() => t.close());

describe("SnapshotScheduler.runDue", () => {
  test("at the scheduled minute: one snapshot per admin for the day's slot, audited as the system", async () => {
    const adminCount = await adminTotal();
    t.clock.freeze(Date.parse("2026-05-10T00:05:00Z"));
    const s = newScheduler();
    expect(await s.runDue()).toEqual({ ran: true, slotKey: "2026-05-10", stored: adminCount });
    expect(await inSlot("2026-05-10")).toBe(adminCount);
    const rows = (await scheduled()).filter((r) => r.slotKey === "2026-05-10");
    expect(rows.every((r) => r.takenAt.toISOString() === "2026-05-10T00:05:00.000Z")).toBe(true);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "usage.snapshot"), eq(auditLog.actorType, "system")))
      .then((all) =>
        all.filter((a) => (a.details as { slot_key?: string }).slot_key === "2026-05-10"),
      );
    expect(audits).toHaveLength(adminCount);
    expect(audits[0]).toMatchObject({
      actorId: "snapshot-scheduler",
      details: { kind: "scheduled", slot_key: "2026-05-10" },
    });
  });

  test("runDue twice in the same day → still one per admin", async () => {
    const adminCount = await adminTotal();
    t.clock.freeze(Date.parse("2026-06-10T00:05:30Z"));
    const s = newScheduler();
    await s.runDue();
    t.clock.freeze(Date.parse("2026-06-10T18:00:00Z"));
    expect(await s.runDue()).toEqual({ ran: false });
    expect(await inSlot("2026-06-10")).toBe(adminCount);
  });

  test("a restart or a second node at the same minute stores nothing more", async () => {
    const adminCount = await adminTotal();
    t.clock.freeze(Date.parse("2026-07-10T00:05:00Z"));
    expect(await newScheduler().runDue()).toMatchObject({ stored: adminCount });
    const restarted = newScheduler();
    expect(await restarted.runDue()).toEqual({ ran: true, slotKey: "2026-07-10", stored: 0 });
    // Two nodes racing for the same slot: each admin is still stored once.
    const [a, b] = await Promise.all([newScheduler().runDue(), newScheduler().runDue()]);
    expect(a.ran && b.ran).toBe(true);
    expect(await inSlot("2026-07-10")).toBe(adminCount);
  });

  test("two nodes racing for a new slot store each admin exactly once", async () => {
    const adminCount = await adminTotal();
    t.clock.freeze(Date.parse("2026-08-11T00:05:00Z"));
    const results = await Promise.all([newScheduler().runDue(), newScheduler().runDue()]);
    const stored = results.reduce((n, r) => n + (r.ran ? r.stored : 0), 0);
    expect(stored).toBe(adminCount);
    expect(await inSlot("2026-08-11")).toBe(adminCount);
  });

  test("the next day at the scheduled time takes another; one minute before, it does not", async () => {
    const adminCount = await adminTotal();
    t.clock.freeze(Date.parse("2026-09-11T00:05:00Z"));
    await newScheduler().runDue();
    const s = newScheduler();
    t.clock.freeze(Date.parse("2026-09-12T00:04:59.999Z"));
    // The slot in force is still 2026-09-11, already filled.
    expect(await s.runDue()).toEqual({ ran: true, slotKey: "2026-09-11", stored: 0 });
    expect(await s.runDue()).toEqual({ ran: false });
    t.clock.freeze(Date.parse("2026-09-12T00:05:00Z"));
    expect(await s.runDue()).toEqual({ ran: true, slotKey: "2026-09-12", stored: adminCount });
    expect(await inSlot("2026-09-12")).toBe(adminCount);
  });

  test("a slot missed while the service was down is taken once at start", async () => {
    const adminCount = await adminTotal();
    // Down over 2026-10-13 00:05; the service starts at 10:30 the same day.
    t.clock.freeze(Date.parse("2026-10-13T10:30:00Z"));
    const s = newScheduler();
    expect(await s.runDue()).toEqual({ ran: true, slotKey: "2026-10-13", stored: adminCount });
    t.clock.advance(60_000);
    expect(await s.runDue()).toEqual({ ran: false });
    const rows = (await scheduled()).filter((r) => r.slotKey === "2026-10-13");
    expect(rows).toHaveLength(adminCount);
    expect(rows[0]?.takenAt.toISOString()).toBe("2026-10-13T10:30:00.000Z");
    // Older missed days are not back-filled: past usage cannot be measured now.
    t.clock.freeze(Date.parse("2026-10-16T03:00:00Z"));
    expect(await newScheduler().runDue()).toEqual({
      ran: true,
      slotKey: "2026-10-16",
      stored: adminCount,
    });
    expect(await inSlot("2026-10-14")).toBe(0);
  });

  test("an admin created after the day's run gets the slot on the next run of another instance", async () => {
    const adminCount = await adminTotal();
    t.clock.freeze(Date.parse("2026-11-16T03:00:00Z"));
    expect(await newScheduler().runDue()).toMatchObject({ stored: adminCount });
    t.clock.freeze(Date.parse("2026-11-16T04:00:00Z"));
    await t.createAdmin();
    expect(await newScheduler().runDue()).toEqual({ ran: true, slotKey: "2026-11-16", stored: 1 });
    expect(await inSlot("2026-11-16")).toBe(adminCount + 1);
  });

  test("scheduled snapshots are listed and billed like on-demand ones", async () => {
    const adminCount = await adminTotal();
    for (const at of ["2026-04-10T00:05:00Z", "2026-04-16T03:00:00Z"]) {
      t.clock.freeze(Date.parse(at));
      await newScheduler().runDue();
    }
    const root = await t.superToken();
    const res = await t.request(
      "GET",
      "/admin/usage/snapshots?from=2026-04-10&to=2026-04-10T23:59:59Z",
      {
        token: root,
      },
    );
    expect(res.body.data.total).toBe(adminCount);
    expect(res.body.data.items[0]).toMatchObject({ kind: "scheduled", slot_key: "2026-04-10" });
    const invoice = await t.request("GET", `/admin/billing/invoice/${aliceUuid}?month=2026-04`, {
      token: root,
    });
    expect(invoice.status).toBe(200);
    expect(invoice.body.data).toMatchObject({
      snapshot_taken_at: "2026-04-16T03:00:00.000Z",
      users: 1,
      accounts: 1,
    });
  });
});

describe("SnapshotScheduler.start/stop", () => {
  test("start runs the first check at once; stop clears the timer and waits for the run", async () => {
    const adminCount = await adminTotal();
    t.clock.freeze(Date.parse("2026-05-20T08:00:00Z"));
    const s = newScheduler();
    s.start();
    s.start(); // idempotent
    for (let i = 0; i < 200 && (await inSlot("2026-05-20")) < adminCount; i++) {
      await Bun.sleep(10);
    }
    await s.stop();
    expect(await inSlot("2026-05-20")).toBe(adminCount);
    // Stopped: nothing runs any more, even when the next slot arrives.
    t.clock.freeze(Date.parse("2026-05-21T00:05:00Z"));
    await Bun.sleep(30);
    expect(await inSlot("2026-05-21")).toBe(0);
  });

  test("stop before any run is harmless: it resolves and nothing runs afterwards", async () => {
    t.clock.freeze(Date.parse("2026-05-22T08:00:00Z"));
    await expect(newScheduler().stop()).resolves.toBeUndefined();
    await Bun.sleep(30);
    expect(await inSlot("2026-05-22")).toBe(0);
  });
});

describe("TAS_SNAPSHOT_TIME_UTC", () => {
  const base = {
    DATA_DIR: "/tmp/tas-sched-config",
    TAS_MASTER_KEY: "11".repeat(32),
    TAS_JWT_SECRET: "x".repeat(40),
  };

  test("defaults to 00:05 and accepts HH:MM", () => {
    expect(loadConfig(base).snapshotTimeUtc).toBe("00:05");
    expect(loadConfig({ ...base, TAS_SNAPSHOT_TIME_UTC: "23:59" }).snapshotTimeUtc).toBe("23:59");
  });

  test("rejects anything else", () => {
    for (const bad of ["24:00", "7:00", "07:60", "0705", "07:05:00", "noon"]) {
      expect(() => loadConfig({ ...base, TAS_SNAPSHOT_TIME_UTC: bad })).toThrow(ConfigError);
    }
  });
});

describe("injected sources", () => {
  test("connected sessions and running EAs reach the snapshot, per key and in total", async () => {
    // Admin tokens are checked against real time: issue them at real time.
    t.clock.freeze(Date.now());
    const owner = await t.createAdmin("sources");
    const k1 = await t.createKey(owner.token, { name: "one", max_accounts: 10 });
    await Bun.sleep(3);
    const k2 = await t.createKey(owner.token, { name: "two" });
    const a1 = await t.createAccount(k1.key);
    await t.createAccount(k1.key);
    const a3 = await t.createAccount(k2.key);
    const connected = new Set([a1.id, a3.id]);
    const usage = new UsageService(
      t.deps,
      t.services.admins,
      { statusOf: (id) => (connected.has(id) ? "connected" : "reconnecting") },
      { runningByKey: async () => new Map([[k1.id, 2]]) },
    );
    const [snap] = await usage.takeNow({
      adminId: owner.uuid,
      superadmin: false,
      actor: { type: "admin", id: owner.uuid },
    });
    expect(snap).toMatchObject({ users: 2, accounts: 3, connected_accounts: 2, running_eas: 2 });
    expect(
      snap?.per_key.map((k) => [k.key_name, k.accounts, k.connected_accounts, k.running_eas]),
    ).toEqual([
      ["one", 2, 1, 2],
      ["two", 1, 1, 0],
    ]);
  });
});
