// The demo broker replaying recorded MT4 minute bars (the CADJPY fixture) instead of its
// synthetic feed: its clock runs on the recording's time, only the replayed symbol quotes, and
// prices come from the file.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { type RunningDemoBroker, runDemoBroker } from "../../../src/broker/server/run.ts";
import { BrokerTestClient } from "../../support/broker-client.ts";

const CSV = join(import.meta.dir, "../../fixtures/market/CADJPY_M1_2022-09-29_2022-09-30.csv");
let running: RunningDemoBroker;
let client: BrokerTestClient;

beforeAll(async () => {
  running = await runDemoBroker({
    host: "127.0.0.1",
    port: 0,
    databaseUrl: null,
    dataDir: null,
    tickIntervalMs: 0,
    replay: { files: [{ symbol: "CADJPY", path: CSV }], offsetMinutes: 180, speed: 600 },
  });
  client = await BrokerTestClient.connect(running.port);
}, 60_000);
afterAll(async () => {
  client.close();
  await running.stop();
});

describe("CSV replay", () => {
  test("the broker's clock runs on the recording's time", async () => {
    const t = (await client.request("time")).data;
    // The file starts 2022-09-29 13:43 server time; the replay starts one day later.
    expect(t.server_time.startsWith("2022-09-30T1")).toBe(true);
    expect(t.offset_minutes).toBe(180);
  });

  test("the replayed symbol quotes prices from the file; others have none", async () => {
    const q = (await client.request("quote", { symbol: "CADJPY" })).data;
    expect(q.bid).toBeGreaterThan(100);
    expect(q.bid).toBeLessThan(110);
    expect(q.ask).toBeGreaterThan(q.bid);
    expect((await client.request("quote", { symbol: "EURUSD" })).ok).toBe(false);
    const history = (await client.request("bars", { symbol: "CADJPY", timeframe: "M1", count: 5 }))
      .data;
    expect(history.length).toBe(5);
  });

  test("ticks are replayed as the clock advances", async () => {
    const demo = (await client.request("demo.create", {})).data;
    await client.request("login", { login: demo.login, password: demo.password });
    await client.request("quotes.subscribe", { symbols: ["CADJPY"] });
    await Bun.sleep(500); // 500 ms × 600 = 5 minutes of market time
    await running.broker.step();
    const tick = await client.waitFor((e) => e.event === "tick" && e.data.symbol === "CADJPY");
    expect(tick.data.bid).toBeGreaterThan(100);
  });
});
