// bench/ws: N concurrent /ws clients (default 2,000, in child processes) subscribed to the quotes
// of one connected demo account on the in-process demo broker. The broker is stepped by hand
// (simulated clock, `stepMs` of market time every `intervalMs` of wall time); latency is measured
// from the broker's tick event (wall time when DemoBroker.step emits it) to client receipt, over
// sampled clients; throughput is delivered quote messages per second over all clients. The
// account holds a position in each quoted symbol, so each step is also valued (positions and
// summary) by the session worker and published by the hub.
import { createTestApp, WEDNESDAY_14_UTC } from "../../test/support/app.ts";
import { TestClock } from "../../test/support/clock.ts";

export interface WsBenchOptions {
  readonly clients?: number;
  readonly processes?: number;
  readonly seconds?: number;
  readonly symbols?: readonly string[];
  /** Market time per broker step, ms. */
  readonly stepMs?: number;
  /** Wall time between broker steps, ms. */
  readonly intervalMs?: number;
  /** Record latency on one client in this many. */
  readonly sampleEvery?: number;
  /**
   * Hold a 0.1-lot position in each quoted symbol (default true), so every step also values the
   * account from its ticks (session worker) and publishes its summary (hub), as in real use.
   */
  readonly positions?: boolean;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

const round = (x: number): number => Math.round(x * 100) / 100;

async function readLine(
  reader: { read(): Promise<{ value?: Uint8Array | undefined; done: boolean }> },
  buf: { text: string },
) {
  while (!buf.text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) {
      throw new Error(`bench client exited early: ${buf.text}`);
    }
    buf.text += new TextDecoder().decode(value);
  }
  const i = buf.text.indexOf("\n");
  const line = buf.text.slice(0, i);
  buf.text = buf.text.slice(i + 1);
  return line;
}

export async function benchWs(opts: WsBenchOptions = {}) {
  const clients = opts.clients ?? Number(process.env.WS_BENCH_CLIENTS ?? 2000);
  const processes = opts.processes ?? Math.max(1, Math.min(8, Math.ceil(clients / 500)));
  const seconds = opts.seconds ?? 5;
  const symbols = opts.symbols ?? ["EURUSD", "GBPUSD", "USDJPY"];
  const stepMs = opts.stepMs ?? 1000;
  const intervalMs = opts.intervalMs ?? 50;
  const sampleEvery = opts.sampleEvery ?? 20;
  const positions = opts.positions ?? process.env.WS_BENCH_POSITIONS !== "0";

  const clock = new TestClock().freeze(WEDNESDAY_14_UTC);
  const t = await createTestApp(
    {
      TAS_WS_MAX_CONNECTIONS_PER_KEY: String(clients + 10),
      TAS_WS_MESSAGE_RATE: "1000",
      TAS_WS_MESSAGE_BURST: "1000",
    },
    { broker: true, brokerClock: clock },
  );
  const key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
  const demo = (
    await t.request("POST", "/api/brokers/demo", {
      key,
      body: { company: "TAS Markets", deposit: 10_000, leverage: 100 },
    })
  ).body.data;
  const accountId = (
    await t.createAccount(key, {
      terminal_login: demo.login,
      password: demo.password,
      server_name: "TAS-Demo",
    })
  ).id as string;
  await t.request("POST", `/api/accounts/${accountId}/connect`, { key });
  if (positions) {
    for (const symbol of symbols) {
      const placed = await t.request("POST", `/api/accounts/${accountId}/orders`, {
        key,
        body: { symbol, side: "buy", type: "market", volume: 0.1 },
      });
      if (placed.status !== 201) {
        throw new Error(`bench position in ${symbol} not opened: ${placed.text}`);
      }
    }
  }
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  const url = `ws://127.0.0.1:${t.app.server?.port}/ws?apiKey=${key}`;
  const broker = t.broker;
  if (!broker) {
    throw new Error("no broker");
  }
  // Wall time of each broker tick event, by symbol and tick time.
  const emitted = new Map<string, number>();
  let recording = false;
  broker.broker.onTicks((ticks) => {
    if (!recording) {
      return;
    }
    const at = performance.timeOrigin + performance.now();
    for (const q of ticks) {
      emitted.set(`${q.symbol}|${q.timeMs}`, at);
    }
  });

  const perProcess = Math.ceil(clients / processes);
  const children = Array.from({ length: processes }, (_, i) => {
    const n = Math.min(perProcess, clients - i * perProcess);
    const proc = Bun.spawn(
      [
        process.execPath,
        `${import.meta.dir}/clients.ts`,
        JSON.stringify({ url, accountId, symbols, clients: n, sampleEvery }),
      ],
      { stdin: "pipe", stdout: "pipe", stderr: "inherit" },
    );
    return { proc, reader: proc.stdout.getReader(), buf: { text: "" } };
  });
  try {
    for (const c of children) {
      await readLine(c.reader, c.buf);
    }
    // Warm-up steps (JIT, broker subscriptions), then measure.
    for (let i = 0; i < 10; i++) {
      clock.advance(stepMs);
      await broker.broker.step();
      await Bun.sleep(intervalMs);
    }
    recording = true;
    const started = performance.now();
    let steps = 0;
    while (performance.now() - started < seconds * 1000) {
      clock.advance(stepMs);
      await broker.broker.step();
      steps += 1;
      await Bun.sleep(intervalMs);
    }
    await Bun.sleep(500);
    const elapsedS = (performance.now() - started) / 1000;
    recording = false;
    let received = 0;
    const latencies: number[] = [];
    for (const c of children) {
      c.proc.stdin.end();
      const result = JSON.parse(await readLine(c.reader, c.buf)) as {
        received: number;
        samples: Array<[string, number, number]>;
      };
      received += result.received;
      for (const [symbol, timeMs, at] of result.samples) {
        const sent = emitted.get(`${symbol}|${timeMs}`);
        if (sent !== undefined) {
          latencies.push(at - sent);
        }
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      name: "ws: quote fan-out to N clients of one demo account",
      clients,
      processes,
      symbols: symbols.length,
      positions: positions ? symbols.length : 0,
      steps,
      ticks: emitted.size,
      seconds: round(elapsedS),
      delivered_messages: received,
      delivered_per_second: Math.round(received / elapsedS),
      latency_ms: {
        samples: latencies.length,
        p50: round(percentile(latencies, 50)),
        p90: round(percentile(latencies, 90)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies.at(-1) ?? Number.NaN),
      },
      goal: "p99 < 50 ms with 2,000 clients",
    };
  } finally {
    for (const c of children) {
      c.proc.kill();
    }
    await t.app.stop();
    await t.close();
  }
}

if (import.meta.main) {
  const clients = process.argv[2] ? Number(process.argv[2]) : undefined;
  const report = await benchWs(clients ? { clients } : {});
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.exit(0);
}
