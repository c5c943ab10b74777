// A node killed (-9) and restarted at once — as a supervisor restarts a crashed service, well
// within the lease TTL — must serve its accounts again (or let another node take them): each
// account connected on a live node and taking orders through either node within the TTL plus the
// failover margin. The nodes run a long TTL (8 s) so that the restart (about 1–2 s) always falls
// inside the leases the dead process held.
//
// KNOWN BUG (see the report of the session that wrote this; src/cluster/lease-store.ts renew and
// src/cluster/ownership.ts round): the restarted node's batch renewal (`update account_leases …
// where node_id = $1`) renews the leases its previous process held although the new process
// serves none of them, so they never expire and no node ever serves those accounts (orders 503
// SESSION_NOT_CONNECTED for ever; the other node even reports them `connected`, from the dead
// process's last health announcement). The test is marked `failing` until that is fixed: remove
// `.failing` then.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CLUSTER_SKIP_REASON, TestCluster, waitFor } from "../support/cluster.ts";

const TTL = 8000;

describe.skipIf(CLUSTER_SKIP_REASON !== null)("a node restarted within the lease TTL (2 nodes)", () => {
  let c: TestCluster;
  let key: string;
  let ids: string[];

  beforeAll(async () => {
    c = await TestCluster.start({ nodes: 2, leaseTtlMs: TTL });
    await c.seed();
    key = (await c.createKey()).key;
    ids = await c.demoAccounts(key, 6);
  }, 90_000);
  afterAll(() => c?.close(), 30_000);

  test.failing(
    "its accounts are served again within TTL + margin, through both nodes",
    async () => {
      const owners = await c.waitSettled(ids, key);
      const counts = [0, 1].map((n) => ids.filter((id) => owners.get(id)?.node === n).length);
      const victim = counts[0]! >= counts[1]! ? 0 : 1;
      const its = ids.filter((id) => owners.get(id)?.node === victim);
      expect(its.length).toBeGreaterThan(0);
      const started = Date.now();
      await c.kill(victim, "SIGKILL");
      await c.restart(victim);
      const restartedAfter = Date.now() - started;
      expect(restartedAfter).toBeLessThan(TTL);
      // Every account of the dead process: connected on a live node, and an order through each
      // node is placed.
      await waitFor(
        async () => {
          for (const id of its) {
            for (const n of [0, 1]) {
              const order = await c.node(n).call("POST", `/api/accounts/${id}/orders`, {
                key,
                body: { symbol: "BTCUSD", side: "buy", type: "market", volume: 0.01 },
              });
              if (order.status !== 201) {
                return false;
              }
            }
          }
          return true;
        },
        TTL + 5000,
        "orders on the restarted node's accounts",
        250,
      );
      const after = await c.waitSettled(ids, key, 5000);
      for (const id of its) {
        expect(after.get(id)!.epoch).toBeGreaterThan(owners.get(id)!.epoch);
      }
      expect(c.overlaps()).toEqual([]);
    },
    40_000,
  );
});
