// EA instances follow their account's session, on two real nodes: an EA started through the node
// that does not own the account runs on the owner (its status through both nodes says running;
// the owner answers from the live instance, whose tick count moves between two reads; status,
// logs and chart read through the other node are the owner's live ones, not the database's copy
// that lags by a flush period), kill -9
// of the owner resumes it once on the survivor — one "resumed" line, one OnInit, one run of
// OnTick's counter (a second live instance would print its own 1, 2, 3…) — one instance row in
// Postgres, status running, and no EA host of the dead node left running.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CLUSTER_SKIP_REASON, TestCluster, waitFor } from "../support/cluster.ts";

const TTL = 2000;

/** Counts its ticks and prints the first 40 (each run of it starts at 1). */
const COUNTER_EA = `
let ticks = 0;
function OnInit() {
  Print("init on ", _Symbol);
  return INIT_SUCCEEDED;
}
function OnTick() {
  ticks += 1;
  Comment("ticks ", ticks);
  if (ticks <= 40) {
    Print("tick ", ticks);
  }
}
`;

describe.skipIf(CLUSTER_SKIP_REASON !== null)("EA failover (2 nodes)", () => {
  let c: TestCluster;
  let key: string;
  let accountId: string;
  let eaId: string;
  let owner: number;
  let other: number;

  beforeAll(async () => {
    c = await TestCluster.start({ nodes: 2, leaseTtlMs: TTL });
    await c.seed();
    key = (await c.createKey()).key;
    [accountId] = (await c.demoAccounts(key, 1)) as [string];
    owner = (await c.waitSettled([accountId], key)).get(accountId)!.node;
    other = 1 - owner;
    const form = new FormData();
    form.append("file", new File([COUNTER_EA], "counter.js"));
    const res = await fetch(`${c.node(other).base}/admin/eas`, {
      method: "POST",
      headers: { authorization: `Bearer ${c.token}` },
      body: form,
    });
    const uploaded = (await res.json()) as any;
    expect(res.status).toBe(201);
    eaId = uploaded.data.id;
  }, 90_000);
  afterAll(() => c?.close(), 30_000);

  const status = async (node: number) =>
    (await c.node(node).call("GET", `/api/accounts/${accountId}/ea/status`, { key })).body.data;

  /** The instance's stored log lines, oldest first (Postgres). */
  const logLines = async (instanceId: string) =>
    (
      await c.sql<{ message: string }[]>`
        select message from ea_logs where instance_id = ${instanceId} order by id`
    ).map((r) => r.message);

  const instanceRows = async () =>
    (
      await c.sql<{ id: string; status: string }[]>`
        select id::text, status from ea_instances where account_id = ${accountId}`
    ).map((r) => ({ id: r.id, status: r.status }));

  test("started through the non-owner, it runs on the owner", async () => {
    const started = await c.node(other).call("POST", `/api/accounts/${accountId}/ea/start`, {
      key,
      body: { ea_id: eaId, symbol: "BTCUSD", timeframe: "M1" },
    });
    expect(started.status).toBe(200);
    expect(["starting", "running"]).toContain(started.body.data.status);
    // The owner holds the live instance: its tick count moves from one read to the next.
    const first = await waitFor(
      async () => {
        const s = await status(owner);
        return s?.status === "running" && s.tick_count > 0 ? s : null;
      },
      15_000,
      "the EA to run and see ticks on the owner",
    );
    await waitFor(
      async () => (await status(owner)).tick_count > first.tick_count,
      10_000,
      "the owner's live tick count to move",
    );
    const viaOther = await status(other);
    expect(viaOther.status).toBe("running");
    expect(viaOther.instance_id).toBe(first.instance_id);
    const rows = await instanceRows();
    expect(rows).toEqual([{ id: first.instance_id, status: "running" }]);
  }, 40_000);

  test("status, logs and chart through the non-owner are the owner's live reads", async () => {
    await waitFor(
      async () => (await status(owner))?.tick_count > 5,
      15_000,
      "the EA to see a few ticks",
    );
    const read = async (node: number, what: string) => {
      const res = await c.node(node).call("GET", `/api/accounts/${accountId}/ea/${what}`, { key });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    /** The tick count, the chart's comment ("ticks N") and the last "tick N" log line. */
    const reads = async (node: number) => {
      const status = await read(node, "status");
      const chart = await read(node, "chart");
      const logs = (await read(node, "logs?limit=200")) as Array<{ message: string }>;
      const lastTick = logs
        .map((l) => l.message)
        .filter((l) => l.startsWith("tick "))
        .at(-1);
      return {
        instance: [status.instance_id, chart.instance_id],
        ticks: status.tick_count as number,
        comment: Number(String(chart.comment).replace("ticks ", "")),
        logged: Number(lastTick?.slice(5)),
      };
    };
    for (let i = 0; i < 3; i++) {
      // The database's copy is saved every 5 s: read right after the owner's own answer, it
      // would be behind it. Read through the other node, the answer is the owner's, later.
      const atOwner = await reads(owner);
      const viaOther = await reads(other);
      expect(viaOther.instance).toEqual(atOwner.instance);
      expect(viaOther.ticks).toBeGreaterThanOrEqual(atOwner.ticks);
      expect(viaOther.comment).toBeGreaterThanOrEqual(atOwner.comment);
      expect(viaOther.logged).toBeGreaterThanOrEqual(atOwner.logged);
      await Bun.sleep(300);
    }
  }, 40_000);

  test("kill -9 of the owner: it resumes once on the survivor, not twice anywhere", async () => {
    const before = await status(owner);
    const hostsOfOwner = () =>
      Bun.spawnSync(["pgrep", "-f", `${c.node(owner).dataDir}/`])
        .stdout.toString()
        .trim();
    expect(hostsOfOwner()).not.toBe(""); // its EA host runs
    const killedAt = Date.now();
    await c.kill(owner, "SIGKILL");
    await c.waitSettled([accountId], key, 15_000);
    // The survivor resumes it: a "resumed" line, then its OnInit and ticks again (GET …/ea/logs
    // flushes the node's queued lines to the table first).
    const ticksAfterResume = async () => {
      await c.node(other).call("GET", `/api/accounts/${accountId}/ea/logs?limit=10`, { key });
      const lines = await logLines(before.instance_id);
      const at = lines.findIndex((l) => l.includes("resumed"));
      return at < 0 ? 0 : lines.slice(at).filter((l) => l.startsWith("tick ")).length;
    };
    await waitFor(async () => (await ticksAfterResume()) >= 3, 20_000, "ticks after the resume");
    console.log(`EA ticking again on the survivor ${Date.now() - killedAt} ms after the kill`);
    const resumed = await status(other);
    expect(resumed.status).toBe("running");
    expect(resumed.instance_id).toBe(before.instance_id);
    const lines = await logLines(before.instance_id);
    const resumedAt = lines.findIndex((l) => l.includes("resumed"));
    expect(lines.filter((l) => l.includes("resumed"))).toEqual(["resumed after a service restart"]);
    const after = lines.slice(resumedAt + 1);
    // One OnInit after the resume, and one counter: 1, 2, 3, … with no number twice.
    expect(after.filter((l) => l.startsWith("init on "))).toEqual(["init on BTCUSD"]);
    const counts = after.filter((l) => l.startsWith("tick ")).map((l) => Number(l.slice(5)));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts).toEqual(counts.map((_, i) => i + 1));
    // One instance row, running; no EA host of the dead node is left.
    expect(await instanceRows()).toEqual([{ id: before.instance_id, status: "running" }]);
    expect(hostsOfOwner()).toBe("");
    expect((await status(other)).status).toBe("running");
    expect(c.overlaps()).toEqual([]);
  }, 60_000);
});
