import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../../src/config/index.ts";

const made: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), "tas-config-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("config", () => {
  test("defaults, and secrets generated into DATA_DIR with mode 0600 and reused", () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir }, { createDataDir: true });
    expect(c).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: null,
      logLevel: "info",
      jwtTtlSeconds: 43_200,
      brokerPort: 4430,
      // Trade limits.
      tradeRatePerSecond: 20,
      tradeBurst: 40,
      eaTradeRatePerSecond: 10,
      eaTradeBurst: 20,
      maxPendingOrders: 200,
      eaMaxTradeRefusals: 50,
      eaTradeRefusalWindowSeconds: 10,
      brokerLimitOrders: 500,
    });
    expect(c.masterKey).toHaveLength(32);
    expect(statSync(join(dir, "master.key")).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "jwt.secret")).mode & 0o777).toBe(0o600);
    const again = loadConfig({ DATA_DIR: dir }, { createDataDir: true });
    expect(again.masterKey.equals(c.masterKey)).toBe(true);
    expect(again.jwtSecret).toBe(c.jwtSecret);
  });

  test("explicit values win", () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      PORT: "9000",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://u@h/db",
      TAS_MASTER_KEY: "ab".repeat(32),
      TAS_JWT_SECRET: "x".repeat(40),
      LOG_LEVEL: "DEBUG",
    });
    expect(c).toMatchObject({
      port: 9000,
      host: "127.0.0.1",
      databaseUrl: "postgres://u@h/db",
      logLevel: "debug",
      jwtSecret: "x".repeat(40),
    });
    expect(c.masterKey.toString("hex")).toBe("ab".repeat(32));
  });

  test.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ TAS_MASTER_KEY: "short" }, "TAS_MASTER_KEY"],
    [{ TAS_JWT_SECRET: "short" }, "TAS_JWT_SECRET"],
    [{ TAS_RATE_LIMIT_RPS: "0" }, "TAS_RATE_LIMIT_RPS"],
    [{ TAS_TRADE_BURST: "0" }, "TAS_TRADE_BURST"],
    [{ TAS_MAX_PENDING_ORDERS: "-1" }, "TAS_MAX_PENDING_ORDERS"],
    [{ BROKER_DIRECTORY_FILE: "/does/not/exist.json" }, "BROKER_DIRECTORY_FILE"],
  ])("invalid %p fails with one line naming %s", (env, name) => {
    const run = () =>
      loadConfig(
        {
          DATA_DIR: tmp(),
          TAS_MASTER_KEY: "ab".repeat(32),
          TAS_JWT_SECRET: "y".repeat(40),
          ...env,
        },
        { createDataDir: true },
      );
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (err) {
      expect((err as Error).message).toContain(name);
      expect((err as Error).message).not.toContain("\n");
    }
  });
});
