/**
 * MQL5 compiler benchmark (`npm run bench mql5`), the compiler's two performance measures:
 *
 * 1. OnTick/s of EAs compiled from MQL5 by our compiler vs the same EAs written by hand in JS,
 *    on the isolated-vm host pool bench/ea uses (real Node hosts, the engine-backed gateway),
 *    measured in alternating windows of the same run (the order flips every round), reported as
 *    compiled / hand-written (goal ≥ 0.5, i.e. compiled within 2×). Pairs:
 *    - ma-crossover: ea-runtime/examples/ma-crossover.js vs its transcription
 *      bench/mql5/ma-crossover.mq5 (same inputs, indicator and trade calls), fed bench/ea's tick
 *      stream (ticks carry no bars, so after the first OnTick returns after iTime and a
 *      comparison), then ticks that each bring a new H1 bar (both MAs read every tick, a close
 *      and an open on every cross);
 *    - cpu-loop: bench/mql5/cpu-loop.mq5 vs cpu-loop.js, 5,000 iterations of integer arithmetic,
 *      array reads and writes and a method call per OnTick, in int (workload 0), in long with
 *      values within 32 bits (1) and beyond (2): the cost of MQL5's semantics (integer wrapping,
 *      bounds checks, 64-bit helpers) rather than of runtime calls.
 *    Both instances of a pair get the same ticks in the same order (windows are equal tick
 *    counts, sized on the slower one), so at the end their trade calls and the lines printed by
 *    OnDeinit must be equal: `sameBehaviour`. Besides wall-clock OnTick/s, the isolates' own CPU
 *    time per OnTick (isolated-vm's cpuTime) gives the ratio without the pipe and JSON costs
 *    (`isolateCpuRatio`: hand-written µs / compiled µs, read like `ratio`).
 * 2. Compile time of a generated ≈500 KB builder-shaped EA (bench/mql5/compile-time.ts),
 *    median of several runs, per stage. Goal < 2 s.
 *
 * Environment: BENCH_ROUNDS (windows per program, default 6), BENCH_WINDOW_S (seconds of the
 * slower program per window, default 0.4), BENCH_COMPILE_KB (default 500), BENCH_COMPILE_RUNS
 * (default 7).
 */

import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analyseProgram } from "../../ea-runtime/src/analysis/index.ts";
import { compileMql5 } from "../../ea-runtime/src/mql5/compile.ts";
import { createEaHostPool, type EaHostPool } from "../../src/ea/host-pool.ts";
import { EngineGateway, example, tightBars } from "../../test/ea/support.ts";
import { barsFromCloses } from "../../test/ea-runtime/harness.ts";
import { closes, tickEvent } from "../ea/index.ts";
import { benchCompileTime, type CompileTimeResult } from "./compile-time.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 0.4);
const COMPILE_KB = Number(process.env.BENCH_COMPILE_KB ?? 500);
const COMPILE_RUNS = Number(process.env.BENCH_COMPILE_RUNS ?? 7);

type Event = Record<string, unknown>;

function compiled(file: string): string {
  const r = compileMql5({
    main: { name: file, bytes: readFileSync(join(import.meta.dir, file)) },
    now: Math.floor(Date.now() / 1000),
  });
  if (!r.ok) {
    throw new Error(`${file} does not compile:\n${r.error}`);
  }
  return r.js;
}

function handWritten(file: string): string {
  const r = analyseProgram(readFileSync(join(import.meta.dir, file), "utf8"), file);
  if (!r.ok) {
    throw new Error(r.error);
  }
  return r.js;
}

interface Pair {
  name: string;
  what: string;
  js: string;
  mql5: string;
  inputs: Record<string, unknown>;
  /** The i-th event of the pair's stream (the same for both programs). */
  event(i: number): Event;
  /** Events per dispatchBatch. */
  batch: number;
}

interface Side {
  id: string;
  /** Next event index of the stream. */
  cursor: number;
  ticks: number;
  ms: number;
  cpuMs: number;
}

interface PairResult {
  name: string;
  what: string;
  windowTicks: number;
  handWritten: { onTickPerSecond: number; isolateUsPerTick: number };
  compiled: { onTickPerSecond: number; isolateUsPerTick: number };
  ratio: number;
  isolateCpuRatio: number;
  windowRatios: number[];
  tradeCalls: number;
  sameBehaviour: boolean;
  difference?: string;
}

const round = (x: number, digits: number): number => +x.toFixed(digits);

async function isolateCpuMs(pool: EaHostPool, id: string): Promise<number> {
  for (const h of await pool.stats()) {
    for (const i of h.instances) {
      if (i.instanceId === id) {
        return i.heap.cpuMs;
      }
    }
  }
  throw new Error(`no stats for ${id}`);
}

/** Feeds `count` ticks of the side's stream; returns the wall time, ms. */
async function feed(pool: EaHostPool, pair: Pair, side: Side, count: number): Promise<number> {
  let ms = 0;
  for (let done = 0; done < count; ) {
    const n = Math.min(pair.batch, count - done);
    const events = Array.from({ length: n }, (_, k) => pair.event(side.cursor + k));
    const t0 = performance.now();
    const r = await pool.dispatchBatch(side.id, events);
    ms += performance.now() - t0;
    if (r.completion.result !== "ok" || r.runs !== n) {
      throw new Error(`${side.id}: ${JSON.stringify(r.completion)} after ${r.runs} of ${n}`);
    }
    side.cursor += n;
    done += n;
  }
  return ms;
}

let nextLogin = 5001;

async function benchPair(
  pool: EaHostPool,
  gateway: EngineGateway,
  history: Record<string, number>[],
  pair: Pair,
): Promise<PairResult> {
  const sides: Side[] = [];
  for (const [kind, program] of [
    ["js", pair.js],
    ["mql5", pair.mql5],
  ] as const) {
    const id = `${pair.name}-${kind}`;
    // An account of its own, so neither program sees the other's positions.
    const login = gateway.account(nextLogin++);
    gateway.logins.set(id, login);
    const c = await pool.start({
      instanceId: id,
      programJs: program,
      meta: { symbol: "EURUSD", timeframe: "H1", inputs: pair.inputs },
      init: gateway.initFields(history, login),
    });
    if (c.result !== "ok") {
      throw new Error(`${id} did not start: ${JSON.stringify(c)}`);
    }
    sides.push({ id, cursor: 0, ticks: 0, ms: 0, cpuMs: 0 });
  }
  const [js, mql5] = sides as [Side, Side];
  // Warm-up, also the calibration: one window is WINDOW_S of the slower program.
  const warm = pair.batch * 2;
  const rates = [];
  for (const side of sides) {
    await feed(pool, pair, side, warm); // JIT warm-up
    rates.push(warm / ((await feed(pool, pair, side, warm)) / 1000));
  }
  const windowTicks = Math.max(
    pair.batch,
    Math.round((Math.min(...rates) * WINDOW_S) / pair.batch) * pair.batch,
  );
  const windowRatios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const rate: Record<string, number> = {};
    for (const side of r % 2 === 0 ? [js, mql5] : [mql5, js]) {
      const cpu0 = await isolateCpuMs(pool, side.id);
      const ms = await feed(pool, pair, side, windowTicks);
      side.cpuMs += (await isolateCpuMs(pool, side.id)) - cpu0;
      side.ms += ms;
      side.ticks += windowTicks;
      rate[side.id] = windowTicks / ms;
    }
    windowRatios.push(round((rate[mql5.id] ?? 0) / (rate[js.id] ?? 1), 3));
  }
  // Same ticks in, so the same trade calls and the same OnDeinit lines out.
  const calls = (id: string) =>
    gateway.calls
      .filter((c) => c.instanceId === id)
      .map((c) => {
        const p = c.payload;
        return `${c.kind} ${p.action} ${p.type} ${p.volume} ${p.price} ${p.sl} ${p.tp} ${p.comment}`;
      });
  const behaviour: string[] = [];
  for (const side of sides) {
    const stop = await pool.stop(side.id);
    const printed = stop.result === "ok" ? stop.outcome.logs.map((l) => l.text) : [stop];
    behaviour.push(JSON.stringify({ tradeCalls: calls(side.id), printed }));
  }
  const same = behaviour[0] === behaviour[1];
  const perSide = (s: Side) => ({
    onTickPerSecond: Math.round(s.ticks / (s.ms / 1000)),
    isolateUsPerTick: round((s.cpuMs * 1000) / s.ticks, 2),
  });
  const h = perSide(js);
  const m = perSide(mql5);
  return {
    name: pair.name,
    what: pair.what,
    windowTicks,
    handWritten: h,
    compiled: m,
    ratio: round(m.onTickPerSecond / h.onTickPerSecond, 3),
    isolateCpuRatio: round(h.isolateUsPerTick / m.isolateUsPerTick, 3),
    windowRatios,
    tradeCalls: calls(js.id).length,
    sameBehaviour: same,
    ...(same
      ? {}
      : {
          difference: `hand-written: ${behaviour[0]?.slice(0, 400)} / compiled: ${behaviour[1]?.slice(0, 400)}`,
        }),
  };
}

export async function benchMql5Runtime(): Promise<PairResult[]> {
  const gateway = new EngineGateway();
  const pool = await createEaHostPool({
    hosts: 2,
    gateway,
    workDir: join(tmpdir(), "tas-mql5-host-bench"),
    limits: { wallMs: 1000 },
  });
  try {
    const history = tightBars(barsFromCloses(closes(300)));
    const maJs = example("ma-crossover.js");
    const maMql5 = compiled("ma-crossover.mq5");
    // bench/ea's stream: 10,000 ticks a second apart, replayed.
    const eaStream = Array.from({ length: 10_000 }, (_, i) =>
      tickEvent(1.1 + (i % 50) * 0.00001, 1_800_000_000 + i),
    );
    // A new H1 bar with every tick (bars reach the isolate in the snapshot, as the service sends
    // them); the price swings ±8 pips around the engine's quote (1.1), so the MAs cross about
    // every 30 bars and the stops stay valid at the engine's price.
    const lastBar = history[history.length - 1]?.time ?? 0;
    const swing = (i: number) => Math.round((1.1 + 0.0008 * Math.sin(i / 9)) * 1e5) / 1e5;
    const barEvent = (i: number): Event => {
      const time = lastBar + (i + 1) * 3600;
      const close = swing(i);
      const open = swing(i - 1);
      const ev = tickEvent(close, time);
      const rate = {
        time,
        open,
        high: Math.max(open, close) + 0.0001,
        low: Math.min(open, close) - 0.0001,
        close,
        tick_volume: 100,
        spread: 10,
        real_volume: 0,
      };
      const snapshot = ev.snapshot as Event;
      snapshot.bars = [{ symbol: "EURUSD", timeframe: "H1", rates: [rate] }];
      return ev;
    };
    const cpuJs = handWritten("cpu-loop.js");
    const cpuMql5 = compiled("cpu-loop.mq5");
    const pairs: Pair[] = [
      {
        name: "ma-crossover",
        what: "ma-crossover, bench/ea's ticks (no new bar: iTime, compare, return)",
        js: maJs,
        mql5: maMql5,
        inputs: { FastPeriod: 10, SlowPeriod: 30 },
        event: (i) => eaStream[i % eaStream.length] ?? {},
        batch: 10_000,
      },
      {
        name: "ma-crossover-bars",
        what: "ma-crossover, a new bar every tick (MAs read, trades on crosses)",
        js: maJs,
        mql5: maMql5,
        inputs: { FastPeriod: 10, SlowPeriod: 30 },
        event: barEvent,
        batch: 2000,
      },
      ...(
        [
          ["int", "int"],
          ["long", "long, values within 32 bits"],
          ["wide", "long, values beyond 32 bits"],
        ] as const
      ).map(
        ([name, what], workload): Pair => ({
          name: `cpu-loop-${name}`,
          what: `cpu-loop, ${what} (5,000 iterations a tick)`,
          js: cpuJs,
          mql5: cpuMql5,
          inputs: { Iterations: 5000, Workload: workload },
          event: (i) => tickEvent(1.1, 1_800_000_000 + i),
          batch: 100,
        }),
      ),
    ];
    const out: PairResult[] = [];
    for (const pair of pairs) {
      process.stderr.write(`  ${pair.what}…\n`);
      out.push(await benchPair(pool, gateway, history, pair));
    }
    return out;
  } finally {
    await pool.close({ deinit: false });
  }
}

function tables(rows: PairResult[], c: CompileTimeResult): string[] {
  return [
    "| program | hand-written JS OnTick/s | compiled MQL5 OnTick/s | ratio (goal ≥ 0.5) | isolate µs/tick JS / MQL5 | CPU ratio | same behaviour |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.what} | ${r.handWritten.onTickPerSecond} | ${r.compiled.onTickPerSecond} | **${r.ratio}** (${Math.min(...r.windowRatios)}–${Math.max(...r.windowRatios)}) | ${r.handWritten.isolateUsPerTick} / ${r.compiled.isolateUsPerTick} | ${r.isolateCpuRatio} | ${r.sameBehaviour ? `yes (${r.tradeCalls} trade calls)` : "NO"} |`,
    ),
    "",
    `| compile ${Math.round(c.sourceBytes / 1000)} KB (${c.sourceLines} lines, ${c.blocks} blocks) | ms |`,
    "|---|---|",
    `| compileMql5, median of ${c.runs} (min–max) | **${c.medianMs}** (${c.minMs}–${c.maxMs}), goal < ${c.goalMs} |`,
    `| compileMql5, first in the process | ${c.coldMs} |`,
    ...Object.entries(c.stagesMedianMs).map(([stage, ms]) => `| ${stage} | ${ms} |`),
    `| sum of stages | ${c.stagedTotalMs} |`,
  ];
}

if (import.meta.main) {
  process.stderr.write("  compile time…\n");
  const compileTime = benchCompileTime(COMPILE_KB * 1000, COMPILE_RUNS);
  const runtime = await benchMql5Runtime();
  const table = tables(runtime, compileTime);
  process.stderr.write(`${table.join("\n")}\n`);
  process.stdout.write(
    `${JSON.stringify(
      {
        name: "mql5: compiled MQL5 vs hand-written JS EAs on the host pool; compile time",
        rounds: ROUNDS,
        windowSeconds: WINDOW_S,
        runtime,
        compileTime,
        table,
      },
      null,
      2,
    )}\n`,
  );
}
