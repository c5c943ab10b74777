// The TAS_EA_WEBREQUEST_* settings: defaults (nothing allowed), parsed entries, and one clear
// ConfigError line for a bad entry or an out-of-range number.
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../../src/config/index.ts";

const base = {
  DATA_DIR: mkdtempSync(join(tmpdir(), "tas-config-web-")),
  TAS_MASTER_KEY: "ab".repeat(32),
  TAS_JWT_SECRET: "x".repeat(40),
};

describe("TAS_EA_WEBREQUEST_*", () => {
  test("defaults: nothing allowed, no private addresses, 5 s cap, 1 MiB", () => {
    expect(loadConfig(base).eaWebRequest).toEqual({
      allow: [],
      allowText: "",
      allowPrivate: [],
      timeoutMs: 5000,
      maxBytes: 1_048_576,
    });
  });

  test("explicit values", () => {
    const c = loadConfig({
      ...base,
      TAS_EA_WEBREQUEST_ALLOW: "api.example.com, https://feed.example.com:8443, *.example.org",
      TAS_EA_WEBREQUEST_ALLOW_PRIVATE: "127.0.0.1, 10.0.0.0/8",
      TAS_EA_WEBREQUEST_TIMEOUT_MS: "10000",
      TAS_EA_WEBREQUEST_MAX_BYTES: "65536",
    }).eaWebRequest;
    expect(c.allow).toHaveLength(3);
    expect(c.allow[1]).toEqual({
      kind: "host",
      host: "feed.example.com",
      subdomains: false,
      scheme: "https",
      port: 8443,
    });
    expect(c.allowPrivate).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(c).toMatchObject({ timeoutMs: 10_000, maxBytes: 65_536 });
  });

  test("bad values stop the start with one line", () => {
    const bad: [Record<string, string>, string][] = [
      [{ TAS_EA_WEBREQUEST_ALLOW: "ok.com, ftp://x.com" }, 'got "ftp://x.com"'],
      [{ TAS_EA_WEBREQUEST_ALLOW_PRIVATE: "10.0.0.0/99" }, "TAS_EA_WEBREQUEST_ALLOW_PRIVATE"],
      [{ TAS_EA_WEBREQUEST_TIMEOUT_MS: "60001" }, "between 100 and 60000"],
      [{ TAS_EA_WEBREQUEST_MAX_BYTES: "4194304" }, "between 1024 and 2097152"],
    ];
    for (const [env, text] of bad) {
      expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ...env })).toThrow(text);
    }
  });
});
