/**
 * EA runtime benchmark: OnTick calls per second for one moving-average-crossover EA
 * (ea-runtime/examples/ma-crossover.js) fed a synthetic tick stream, tick-to-order latency
 * (tick handed to the pool → OrderSend reaching the gateway) p50/p99, and memory per instance
 * with 200 instances running (isolate heap statistics and host RSS). Real Node hosts, real
 * isolates; the gateway is the engine-backed one of the tests.
 */

import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEaHostPool } from "../../src/ea/host-pool.ts";
import { EngineGateway, example, tightBars } from "../../test/ea/support.ts";
import { barsFromCloses } from "../../test/ea-runtime/harness.ts";

const META = { symbol: "EURUSD", timeframe: "H1", inputs: { FastPeriod: 10, SlowPeriod: 30 } };

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** A random-walk H1 close series around 1.1 (also bench/mql5). */
export function closes(n: number, seed = 7): number[] {
  let x = seed;
  let price = 1.1;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    price += (x / 2147483648 - 0.5) * 0.002;
    out.push(Math.round(price * 1e5) / 1e5);
  }
  return out;
}

/** A tick event as the pool receives it (also bench/mql5). */
export function tickEvent(bid: number, timeS: number): Record<string, unknown> {
  return {
    type: "tick",
    snapshot: {
      time: timeS * 1000,
      tick: {
        bid,
        ask: bid + 0.0001,
        last: 0,
        volume: 0,
        time: timeS,
        time_msc: timeS * 1000,
        flags: 6,
        volume_real: 0,
      },
    },
  };
}

export async function benchEa(): Promise<Record<string, unknown>> {
  const gateway = new EngineGateway();
  gateway.account(5001);
  const pool = await createEaHostPool({
    hosts: 2,
    gateway,
    workDir: join(tmpdir(), "tas-ea-host-bench"),
    limits: { wallMs: 1000 },
  });
  try {
    const history = tightBars(barsFromCloses(closes(300)));
    const program = example("ma-crossover.js");

    // 1. Throughput: ticks batched into one crossing of the pipe, one OnTick per tick.
    await pool.start({
      instanceId: "tp",
      programJs: program,
      meta: META,
      init: gateway.initFields(history),
    });
    const N = 100_000;
    const events = Array.from({ length: 10_000 }, (_, i) =>
      tickEvent(1.1 + (i % 50) * 0.00001, 1_800_000_000 + i),
    );
    await pool.dispatchBatch("tp", events.slice(0, 2000)); // warm-up
    let t0 = performance.now();
    for (let done = 0; done < N; done += events.length) {
      await pool.dispatchBatch("tp", events);
    }
    const batchedPerSecond = N / ((performance.now() - t0) / 1000);
    // One tick per message, awaiting each (the service's live path, no coalescing).
    const M = 5000;
    t0 = performance.now();
    for (let i = 0; i < M; i++) {
      await pool.dispatch("tp", events[i % events.length] ?? {});
    }
    const singlePerSecond = M / ((performance.now() - t0) / 1000);
    await pool.stop("tp");

    // 2. Tick-to-order latency: every tick opens a bar that crosses, so OnTick sends an order.
    const lat = await pool.start({
      instanceId: "lat",
      programJs: `const t = new CTrade(); t.SetExpertMagicNumber(42);
        function OnTick() { t.Buy(0.01, _Symbol); }`,
      meta: META,
      init: gateway.initFields(history),
    });
    if (lat.result !== "ok") {
      throw new Error(JSON.stringify(lat));
    }
    const samples: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const before = gateway.calls.length;
      const sent = performance.now();
      await pool.dispatch("lat", { type: "tick" });
      const call = gateway.calls[before];
      if (call) {
        samples.push(call.atMs - sent);
      }
    }
    samples.sort((a, b) => a - b);
    await pool.stop("lat");

    // 3. Memory with 200 instances.
    const before = await pool.stats();
    const rss0 = before.reduce((s, h) => s + h.rssBytes, 0);
    const ids = Array.from({ length: 200 }, (_, i) => `m${i}`);
    for (const id of ids) {
      await pool.start({
        instanceId: id,
        programJs: program,
        meta: META,
        init: gateway.initFields(history),
      });
    }
    await Promise.all(ids.map((id) => pool.dispatch(id, tickEvent(1.1, 1_800_000_000))));
    const after = await pool.stats();
    const heaps = after.flatMap((h) => h.instances.map((i) => i.heap));
    const rss1 = after.reduce((s, h) => s + h.rssBytes, 0);
    const MB = 1024 * 1024;
    const usedAvg = heaps.reduce((s, h) => s + h.usedHeapSize, 0) / heaps.length / MB;
    const totalAvg =
      heaps.reduce((s, h) => s + h.totalHeapSize + h.externallyAllocatedSize, 0) /
      heaps.length /
      MB;
    return {
      onTickPerSecond: {
        batched: Math.round(batchedPerSecond),
        oneMessagePerTick: Math.round(singlePerSecond),
        goal: 50_000,
      },
      tickToOrderMs: {
        p50: +pct(samples, 50).toFixed(3),
        p99: +pct(samples, 99).toFixed(3),
        samples: samples.length,
        goalP99: 10,
      },
      memoryPerInstanceMb: {
        instances: heaps.length,
        heapUsedAvg: +usedAvg.toFixed(2),
        heapTotalAvg: +totalAvg.toFixed(2),
        hostRssDeltaPerInstance: +((rss1 - rss0) / 200 / MB).toFixed(2),
        hostRssTotalMb: +(rss1 / MB).toFixed(1),
        goal: 16,
      },
    };
  } finally {
    await pool.close({ deinit: false });
  }
}

if (import.meta.main) {
  process.stdout.write(`${JSON.stringify(await benchEa(), null, 2)}\n`);
}
