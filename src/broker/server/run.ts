// Starts a complete demo broker: its store, the engine and feed, the WebSocket server and the
// tick loop. Used by the embedded worker, by `tas broker serve`, and by tests (with an injected
// clock and seed).
import { readFileSync } from "node:fs";
import { parseMt4Csv } from "../feed/index.ts";
import { BrokerStore } from "../storage/store.ts";
import { type BrokerClock, DemoBroker, replaySeries } from "./broker.ts";
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
  /** Cap of ticks per symbol per second (default 10). */
  readonly maxTicksPerSecond?: number;
  /** Scale on the synthetic feed's measured tick intensity (default 1). */
  readonly tickIntensity?: number;
  /** Active pending orders per account before the broker answers LIMIT_ORDERS (10033); 0 = none. */
  readonly limitOrders?: number;
  /** Tick loop period, ms (default 100); 0 disables the loop (tests step by hand). */
  readonly tickIntervalMs?: number;
  /**
   * Replay MT4 minute-bar CSV files instead of the synthetic feed: the broker's clock then runs
   * on the recording's time, from one day after its first bar, `speed` times faster than wall
   * time. `offsetMinutes` is the files' server UTC offset (180 for the shipped data).
   */
  readonly replay?: {
    readonly files: readonly { readonly symbol: string; readonly path: string }[];
    readonly offsetMinutes: number;
    readonly speed: number;
  };
}

/** Reads and parses the replay files, and makes the replay clock. */
function loadReplay(replay: NonNullable<DemoBrokerConfig["replay"]>) {
  const series = replay.files.map(({ symbol, path }) => {
    const parsed = parseMt4Csv(readFileSync(path, "utf8"), replay.offsetMinutes);
    if (!parsed.ok) {
      throw new Error(`replay ${path}: line ${parsed.line}: ${parsed.reason}`);
    }
    return replaySeries(symbol, parsed.bars);
  });
  const first = Math.min(...series.map((s) => s.bars[0]?.timeMs ?? Number.POSITIVE_INFINITY));
  if (!Number.isFinite(first)) {
    throw new Error("replay: the files hold no bars");
  }
  const startMs = first + 86_400_000;
  const wallStart = Date.now();
  const clock: BrokerClock = { now: () => startMs + (Date.now() - wallStart) * replay.speed };
  return { series, startMs, clock };
}

export interface RunningDemoBroker {
  readonly port: number;
  readonly broker: DemoBroker;
  stop(): Promise<void>;
}

export async function runDemoBroker(config: DemoBrokerConfig): Promise<RunningDemoBroker> {
  const replay = config.replay ? loadReplay(config.replay) : null;
  const store = await BrokerStore.open({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  const broker = await DemoBroker.start({
    store,
    clock: config.clock ?? replay?.clock ?? { now: () => Date.now() },
    ...(replay ? { replay: { series: replay.series, startMs: replay.startMs } } : {}),
    ...(config.seed !== undefined ? { seed: config.seed } : {}),
    ...(config.historyDays !== undefined ? { historyDays: config.historyDays } : {}),
    ...(config.maxTicksPerSecond !== undefined
      ? { maxTicksPerSecond: config.maxTicksPerSecond }
      : {}),
    ...(config.tickIntensity !== undefined ? { tickIntensity: config.tickIntensity } : {}),
    ...(config.limitOrders !== undefined ? { limitOrders: config.limitOrders } : {}),
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
