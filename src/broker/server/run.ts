// Starts a complete demo broker: its store, the engine and feed, the WebSocket server and the
// tick loop. Used by the embedded worker, by `tas broker serve`, and by tests (with an injected
// clock and seed).
import { BrokerStore } from "../storage/store.ts";
import { type BrokerClock, DemoBroker } from "./broker.ts";
import { startBrokerServer } from "./ws-server.ts";

export interface DemoBrokerConfig {
  readonly host: string;
  readonly port: number;
  /** Postgres URL (tables in schema `broker`), or null for PGlite in `dataDir`. */
  readonly databaseUrl: string | null;
  /** PGlite directory; null → in memory (tests). */
  readonly dataDir: string | null;
  readonly clock?: BrokerClock;
  readonly seed?: number;
  readonly historyDays?: number;
  readonly maxTicksPerSecond?: number;
  /** Tick loop period, ms (default 100); 0 disables the loop (tests step by hand). */
  readonly tickIntervalMs?: number;
}

export interface RunningDemoBroker {
  readonly port: number;
  readonly broker: DemoBroker;
  stop(): Promise<void>;
}

export async function runDemoBroker(config: DemoBrokerConfig): Promise<RunningDemoBroker> {
  const store = await BrokerStore.open({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  const broker = await DemoBroker.start({
    store,
    clock: config.clock ?? { now: () => Date.now() },
    ...(config.seed !== undefined ? { seed: config.seed } : {}),
    ...(config.historyDays !== undefined ? { historyDays: config.historyDays } : {}),
    ...(config.maxTicksPerSecond !== undefined
      ? { maxTicksPerSecond: config.maxTicksPerSecond }
      : {}),
  });
  const server = startBrokerServer(broker, { hostname: config.host, port: config.port });
  const interval = config.tickIntervalMs ?? 100;
  const timer =
    interval > 0
      ? setInterval(() => {
          void broker.step();
        }, interval)
      : null;
  let stopped: Promise<void> | null = null;
  return {
    port: server.port,
    broker,
    stop() {
      stopped ??= (async () => {
        if (timer) {
          clearInterval(timer);
        }
        await server.stop();
        await broker.close();
      })();
      return stopped;
    },
  };
}
