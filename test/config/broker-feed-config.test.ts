// The demo feed's tick knobs: BROKER_TICK_INTENSITY and BROKER_MAX_TICKS_PER_SECOND are parsed,
// bounded, and handed to the demo broker by demoBrokerConfig.

import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config/index.ts";
import { demoBrokerConfig } from "../../src/server.ts";

const KEYS = {
  DATA_DIR: "/nonexistent-tas-config-dir",
  TAS_MASTER_KEY: "a".repeat(64),
  TAS_JWT_SECRET: "s".repeat(40),
};

describe("demo feed tick knobs", () => {
  test("defaults: intensity 1 (as recorded), cap 10 ticks per second per symbol", () => {
    const c = loadConfig(KEYS);
    expect(c.brokerTickIntensity).toBe(1);
    expect(c.brokerMaxTicksPerSecond).toBe(10);
    expect(demoBrokerConfig(c)).toMatchObject({ tickIntensity: 1, maxTicksPerSecond: 10 });
  });

  test("decimal values are accepted and passed to the broker", () => {
    const c = loadConfig({
      ...KEYS,
      BROKER_TICK_INTENSITY: "0.25",
      BROKER_MAX_TICKS_PER_SECOND: "2.5",
    });
    expect(demoBrokerConfig(c)).toMatchObject({ tickIntensity: 0.25, maxTicksPerSecond: 2.5 });
    expect(loadConfig({ ...KEYS, BROKER_TICK_INTENSITY: "0" }).brokerTickIntensity).toBe(0);
  });

  test("out-of-range or malformed values stop the start with one line naming the variable", () => {
    for (const [name, value] of [
      ["BROKER_TICK_INTENSITY", "-1"],
      ["BROKER_TICK_INTENSITY", "101"],
      ["BROKER_TICK_INTENSITY", "fast"],
      ["BROKER_MAX_TICKS_PER_SECOND", "0"],
      ["BROKER_MAX_TICKS_PER_SECOND", "1e3"],
      ["BROKER_MAX_TICKS_PER_SECOND", "5000"],
    ] as const) {
      expect(() => loadConfig({ ...KEYS, [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...KEYS, [name]: value })).toThrow(name);
    }
  });
});
