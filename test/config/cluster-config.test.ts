// Cluster mode's configuration: NATS_URL turns it on (and needs DATABASE_URL), the node id is
// generated once into DATA_DIR and kept, and the advertise URL and lease TTL are checked.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../../src/config/index.ts";

const made: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), "tas-cluster-config-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) {
    rmSync(dir, { recursive: true, force: true });
  }
});
const PG = "postgres://postgres@127.0.0.1:5432/x";

describe("cluster configuration", () => {
  test("without NATS_URL the service runs one node", () => {
    expect(loadConfig({ DATA_DIR: tmp() }, { createDataDir: true }).cluster).toBeNull();
  });

  test("NATS_URL with DATABASE_URL: cluster mode with its defaults", () => {
    const c = loadConfig(
      { DATA_DIR: tmp(), DATABASE_URL: PG, NATS_URL: "nats://127.0.0.1:4222", PORT: "8123" },
      { createDataDir: true },
    );
    expect(c.cluster).toMatchObject({ natsUrl: "nats://127.0.0.1:4222", leaseTtlMs: 4000 });
    expect(c.cluster?.advertiseUrl).toMatch(/^http:\/\/[^/]+:8123$/);
  });

  test("NATS_URL without DATABASE_URL is refused: the nodes share Postgres", () => {
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), NATS_URL: "nats://127.0.0.1:4222" }, { createDataDir: true }),
    ).toThrow(/needs DATABASE_URL/);
  });

  test("bad NATS_URL, advertise URL and lease TTL are refused with the variable named", () => {
    const base = { DATA_DIR: tmp(), DATABASE_URL: PG };
    expect(() =>
      loadConfig({ ...base, NATS_URL: "127.0.0.1 4222" }, { createDataDir: true }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig(
        { ...base, NATS_URL: "nats://n:4222", TAS_ADVERTISE_URL: "ftp://x" },
        { createDataDir: true },
      ),
    ).toThrow(/TAS_ADVERTISE_URL/);
    expect(() =>
      loadConfig(
        { ...base, NATS_URL: "nats://n:4222", TAS_LEASE_TTL_MS: "10" },
        { createDataDir: true },
      ),
    ).toThrow(/TAS_LEASE_TTL_MS/);
    const c = loadConfig(
      {
        ...base,
        NATS_URL: "nats://a:4222, nats://b:4222",
        TAS_ADVERTISE_URL: "http://node-1:8080/",
      },
      { createDataDir: true },
    );
    expect(c.cluster?.advertiseUrl).toBe("http://node-1:8080");
  });

  test("the node id is generated once into DATA_DIR and kept; TAS_NODE_ID wins", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }, { createDataDir: true }).nodeId;
    expect(first).toMatch(/^node-[0-9a-f]{10}$/);
    expect(readFileSync(join(dir, "node.id"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }, { createDataDir: true }).nodeId).toBe(first);
    expect(
      loadConfig({ DATA_DIR: dir, TAS_NODE_ID: "edge-7" }, { createDataDir: true }).nodeId,
    ).toBe("edge-7");
    expect(() =>
      loadConfig({ DATA_DIR: dir, TAS_NODE_ID: "a/b" }, { createDataDir: true }),
    ).toThrow(/TAS_NODE_ID/);
  });
});
