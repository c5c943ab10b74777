// bench/broker (protocol): market orders executed per second through the demo broker's WebSocket
// protocol, with commit-before-ack on an in-memory PGlite store. Several connections, each on its
// own demo account, run lanes that open a market position and close it with a market deal, so
// accounts hold few positions (as real ones do); both legs count as executed market orders.
import { runDemoBroker } from "../../src/broker/server/run.ts";
import { percentile } from "../lib/load.ts";

export async function benchBrokerProtocol(
  opts: { connections?: number; inFlight?: number; seconds?: number } = {},
) {
  const connections = opts.connections ?? 8;
  const inFlight = opts.inFlight ?? 32;
  const seconds = opts.seconds ?? 5;
  const wednesday = Date.UTC(2026, 10, 18, 14, 0, 0);
  const broker = await runDemoBroker({
    host: "127.0.0.1",
    port: 0,
    databaseUrl: null,
    dataDir: null,
    clock: { now: () => wednesday },
    seed: 1,
    historyDays: 1,
    tickIntervalMs: 0,
  });
  const url = `ws://127.0.0.1:${broker.port}/`;
  const latencies: number[] = [];
  let done = 0;
  let rejected = 0;
  const deadline = performance.now() + seconds * 1000;
  const run = async (c: number) => {
    const ws = new WebSocket(url);
    await new Promise((r) => {
      ws.onopen = r;
    });
    const waiting = new Map<number, (m: any) => void>();
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data));
      if (msg.id !== undefined) {
        waiting.get(msg.id)?.(msg);
        waiting.delete(msg.id);
      }
    };
    let id = 0;
    const req = (op: string, p: Record<string, unknown>) =>
      new Promise<any>((resolve) => {
        id += 1;
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ id, op, ...p }));
      });
    const demo = (await req("demo.create", { deposit: 1e8, leverage: 500 })).data;
    await req("login", { login: demo.login, password: demo.password });
    const timed = async (op: string, p: Record<string, unknown>) => {
      const start = performance.now();
      const r = await req(op, p);
      latencies.push(performance.now() - start);
      if (r.ok) {
        done += 1;
      } else {
        rejected += 1;
      }
      return r;
    };
    const loop = async (lane: number) => {
      let i = lane;
      while (performance.now() < deadline) {
        const opened = await timed("order.send", {
          symbol: "EURUSD",
          orderType: i++ % 2 === 0 ? "Buy" : "Sell",
          volume: 0.01,
        });
        if (opened.ok) {
          await timed("position.close", { ticket: opened.data.position.ticket });
        }
      }
    };
    await Promise.all(Array.from({ length: inFlight }, (_, lane) => loop(lane + c)));
    ws.close();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, (_, c) => run(c)));
  const elapsed = (performance.now() - started) / 1000;
  await broker.stop();
  const sorted = Float64Array.from(latencies).sort();
  return {
    name: "broker: market orders through the protocol (commit before ack)",
    connections,
    in_flight_per_connection: inFlight,
    orders: done,
    rejected,
    orders_per_second: Math.round(done / elapsed),
    p50_ms: Math.round(percentile(sorted, 50) * 1000) / 1000,
    p99_ms: Math.round(percentile(sorted, 99) * 1000) / 1000,
    goal: ">= 5,000 market orders/s",
  };
}

if (import.meta.main) {
  process.stdout.write(`${JSON.stringify(await benchBrokerProtocol(), null, 2)}\n`);
  process.exit(0);
}
