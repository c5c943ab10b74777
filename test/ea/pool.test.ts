/**
 * The EA host pool with real Node hosts: the example EAs loading and trading through an
 * engine-backed gateway, and the instance lifecycle (init, ticks, coalescing, timer, stop with
 * deinit, failed init, stats).
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { EaHostPool } from "../../src/ea/host-pool.ts";
import type { Completion } from "../../src/ea/protocol.ts";
import { barsFromCloses } from "../ea-runtime/harness.ts";
import { EngineGateway, example, META, testPool, tightBars } from "./support.ts";

let gateway: EngineGateway;
let pool: EaHostPool;

beforeAll(async () => {
  gateway = new EngineGateway();
  gateway.account(5001);
  pool = await testPool(gateway);
});

afterAll(async () => {
  await pool.close();
});

function ok(c: Completion): Extract<Completion, { result: "ok" }> {
  if (c.result !== "ok") {
    throw new Error(`expected ok, got ${JSON.stringify(c)}`);
  }
  return c;
}

describe("example EAs through the engine gateway", () => {
  test("ma-crossover.js buys on an up-cross: the order reaches the engine as ByExpert", async () => {
    const closes = [10, 9, 8, 7, 6, 5, 6, 8, 10];
    const rates = barsFromCloses(closes);
    const init = ok(
      await pool.start({
        instanceId: "ma",
        programJs: example("ma-crossover.js"),
        meta: { ...META, inputs: { FastPeriod: 2, SlowPeriod: 4, MaMethod: "MODE_SMA" } },
        init: gateway.initFields(rates.slice(0, 8)),
      }),
    );
    expect(init.outcome.initResult).toBe(0);
    const c = ok(
      await pool.dispatch("ma", {
        type: "tick",
        snapshot: { bars: [{ symbol: "EURUSD", timeframe: "H1", rates: [rates[8]] }] },
      }),
    );
    expect(c.outcome.ok).toBe(true);
    expect(gateway.calls.map((x) => x.kind)).toEqual(["OrderSend"]);
    const positions = gateway.engine.positions(5001);
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({
      symbol: "EURUSD",
      orderType: "Buy",
      volume: 0.1,
      expertId: 20240101,
      placedType: "ByExpert",
      comment: "ma cross up",
    });
    expect(pool.status("ma")?.tickCount).toBe(1);
    const stopped = ok(await pool.stop("ma"));
    expect(stopped.outcome.logs.map((l) => l.text)).toContain("stopped, reason 1");
    expect(pool.status("ma")?.status).toBe("stopped");
    gateway.calls.length = 0;
  });

  test("rsi-reversion.ts sets its timer, buys through the gateway and reports on OnTimer", async () => {
    // Prices near the engine's EURUSD quote (1.1/1.1001) so the ATR stop is valid there.
    const scale = (c: number) => 1.1 + (c - 3) * 0.0002;
    const closes = [10, 11, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map(scale);
    const rates = tightBars(barsFromCloses(closes));
    gateway.engine.createAccount({
      login: 5002,
      currency: "USD",
      leverage: 100,
      marginMode: "hedging",
      deposit: 10_000,
    });
    gateway.logins.set("rsi", 5002);
    const init = ok(
      await pool.start({
        instanceId: "rsi",
        programJs: example("rsi-reversion.ts"),
        meta: { ...META, inputs: { RsiPeriod: 3, AtrPeriod: 3 } },
        init: gateway.initFields(rates, 5002),
      }),
    );
    expect(init.outcome.timer).toEqual({ seconds: 60 });
    expect(pool.status("rsi")?.timerSeconds).toBe(60);
    ok(await pool.dispatch("rsi", { type: "tick" })); // RSI deep in oversold
    const up = tightBars(barsFromCloses([...closes, scale(6), scale(6.5)])).slice(12);
    const tick = ok(
      await pool.dispatch("rsi", {
        type: "tick",
        snapshot: { bars: [{ symbol: "EURUSD", timeframe: "H1", rates: up }] },
      }),
    );
    expect(tick.outcome.logs.map((l) => l.text).join("\n")).toMatch(/^bought 0\.10 at 1\.1001/);
    const positions = gateway.engine.positions(5002);
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({
      orderType: "Buy",
      expertId: 7001,
      placedType: "ByExpert",
    });
    const timer = ok(await pool.dispatch("rsi", { type: "timer" }));
    expect(timer.outcome.logs[0]?.text).toMatch(/^balance 9999\.65 equity 9998\.65 /);
    await pool.stop("rsi");
    expect(pool.status("rsi")?.timerSeconds).toBeUndefined();
    gateway.calls.length = 0;
  });
});

describe("lifecycle", () => {
  test("init, ticks, an EventSetTimer timer firing, stop with OnDeinit", async () => {
    const program = `
      let ticks = 0;
      function OnInit() { EventSetMillisecondTimer(50); return INIT_SUCCEEDED; }
      function OnTick() { ticks++; }
      function OnTimer() { Print("timer " + ticks); }
      function OnDeinit(reason) { Print("deinit " + reason + " after " + ticks); }`;
    const events: string[] = [];
    const off = pool.onEvent((id, type) => {
      if (id === "life") {
        events.push(type);
      }
    });
    ok(await pool.start({ instanceId: "life", programJs: program, meta: META }));
    for (let i = 0; i < 5; i++) {
      ok(await pool.dispatch("life", { type: "tick" }));
    }
    await Bun.sleep(200);
    expect(events.filter((e) => e === "timer").length).toBeGreaterThanOrEqual(1);
    expect(pool.status("life")).toMatchObject({ status: "running", tickCount: 5 });
    const stop = ok(await pool.stop("life", 3));
    expect(stop.outcome.logs.map((l) => l.text)).toEqual(["deinit 3 after 5"]);
    expect(pool.status("life")?.status).toBe("stopped");
    expect(pool.status("life")?.stoppedAt).toBeDefined();
    expect((await pool.dispatch("life", { type: "tick" })).result).toBe("disposed");
    off();
  });

  test("ticks arriving while OnTick runs are coalesced to the latest (snapshots merged)", async () => {
    const program = `
      function OnTick() { const t0 = Date.now(); while (Date.now() - t0 < 20) {} Print("bid " + SymbolInfoDouble(_Symbol, SYMBOL_BID)); }`;
    ok(
      await pool.start({
        instanceId: "co",
        programJs: program,
        meta: META,
        init: gateway.initFields([]),
      }),
    );
    const tick = (bid: number) => ({
      type: "tick",
      snapshot: {
        tick: {
          bid,
          ask: bid + 0.0001,
          last: 0,
          volume: 0,
          time: 1,
          time_msc: 1000,
          flags: 6,
          volume_real: 0,
        },
      },
    });
    const all = await Promise.all(
      [1.1, 1.2, 1.3, 1.4, 1.5].map((b) => pool.dispatch("co", tick(b))),
    );
    const texts = new Set(all.map((c) => (c.result === "ok" ? c.outcome.logs[0]?.text : c.result)));
    expect(texts.has("bid 1.5")).toBe(true);
    const info = pool.status("co");
    expect(info?.tickCount).toBe(2);
    expect(info?.ticksCoalesced).toBe(3);
    await pool.stop("co");
  });

  test("stop while OnInit is still running: the stop waits for OnInit, then runs OnDeinit", async () => {
    const program = `
      function OnInit() { const t0 = Date.now(); while (Date.now() - t0 < 70) {} Print("init done"); return INIT_SUCCEEDED; }
      function OnDeinit(reason) { Print("deinit " + reason); }`;
    const started = pool.start({ instanceId: "slow-init", programJs: program, meta: META });
    await Bun.sleep(15);
    expect(pool.status("slow-init")?.status).toBe("starting");
    const stopped = await Promise.race([
      pool.stop("slow-init", 3),
      Bun.sleep(10_000).then(() => null),
    ]);
    expect(stopped).not.toBeNull();
    expect(ok(stopped as Completion).outcome.logs.map((l) => l.text)).toEqual(["deinit 3"]);
    expect(ok(await started).outcome.logs.map((l) => l.text)).toEqual(["init done"]);
    expect(pool.status("slow-init")?.status).toBe("stopped");
    expect((await pool.dispatch("slow-init", { type: "tick" })).result).toBe("disposed");
  });

  test("OnInit returning INIT_FAILED stops the instance with an error", async () => {
    const c = await pool.start({
      instanceId: "badinit",
      programJs: example("ma-crossover.js"),
      meta: { ...META, inputs: { FastPeriod: 30, SlowPeriod: 10 } },
      init: gateway.initFields(barsFromCloses([1, 2, 3])),
    });
    expect(ok(c).outcome.initResult).toBe(32767);
    expect(pool.status("badinit")).toMatchObject({
      status: "error",
      lastError: "OnInit failed with code 32767",
    });
  });

  test("a program that does not compile fails to start with its line", async () => {
    const c = await pool.start({
      instanceId: "syntax",
      programJs: "function OnTick() {\n  let x = ;\n}",
      meta: META,
    });
    expect(c.result).toBe("error");
    expect(pool.status("syntax")?.status).toBe("error");
  });

  test("stats report heap per instance and host RSS", async () => {
    ok(await pool.start({ instanceId: "st", programJs: "function OnTick() {}", meta: META }));
    const stats = await pool.stats();
    expect(stats.length).toBe(2);
    const mine = stats.flatMap((h) => h.instances).find((i) => i.instanceId === "st");
    expect(mine?.heap.usedHeapSize).toBeGreaterThan(100_000);
    expect(mine?.heap.heapSizeLimit).toBeGreaterThan(60 * 1024 * 1024);
    expect(stats.every((h) => h.rssBytes > 0)).toBe(true);
    await pool.stop("st");
  });
});
