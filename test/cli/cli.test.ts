// The `tas` CLI, run as a real process: admin management (never possible over REST) and
// headless key bootstrap, then the created key used against the app on the same database.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_JWT_SECRET, TEST_MASTER_KEY } from "../support/app.ts";
import { freshDatabase, type TestDatabase } from "../support/db.ts";

const BIN = join(import.meta.dir, "../../bin/tas");
const dataDir = mkdtempSync(join(tmpdir(), "tas-cli-"));
let pg: TestDatabase | null = null;

async function env(): Promise<Record<string, string>> {
  const base: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    DATA_DIR: dataDir,
    TAS_MASTER_KEY: TEST_MASTER_KEY,
    TAS_JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "warn",
  };
  if (process.env.DATABASE_URL) {
    pg ??= await freshDatabase();
    base.DATABASE_URL = pg.url ?? "";
  }
  return base;
}

async function tas(args: string[], stdin?: string) {
  const proc = Bun.spawn([BIN, ...args], {
    env: await env(),
    stdin: stdin !== undefined ? new Blob([stdin]) : "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return {
    stdout,
    stderr,
    code,
    json:
      (code === 0 && stdout.trim().startsWith("{")) || stdout.trim().startsWith("[")
        ? JSON.parse(stdout)
        : null,
  };
}

afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("tas CLI", () => {
  test("admin create / list / update / delete and key create", async () => {
    const created = await tas(
      [
        "admin",
        "create",
        "--username",
        "ops",
        "--password-stdin",
        "--role",
        "superadmin",
        "--max-accounts",
        "50",
      ],
      "a-long-password\n",
    );
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ username: "ops", role: "superadmin", max_accounts: 50 });

    const dup = await tas([
      "admin",
      "create",
      "--username",
      "ops",
      "--password",
      "another-password",
    ]);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain("already exists");

    const updated = await tas(["admin", "update", "ops", "--role", "admin", "--max-accounts", "7"]);
    expect(updated.json).toMatchObject({ username: "ops", role: "admin", max_accounts: 7 });

    const key = await tas(["key", "create", "--admin", "ops", "--name", "bootstrap"]);
    expect(key.code).toBe(0);
    expect(key.json.key).toMatch(/^sk_[0-9A-Za-z]{40}$/);
    expect(key.json.name).toBe("bootstrap");

    const list = await tas(["admin", "list"]);
    expect(list.json.map((a: any) => a.username)).toEqual(["ops"]);

    const missing = await tas(["key", "create", "--admin", "nobody"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("nobody");

    const deleted = await tas(["admin", "delete", "ops"]);
    expect(deleted.code).toBe(0);
    expect((await tas(["admin", "list"])).json).toEqual([]);
  }, 60_000);

  test("usage errors exit 2; bad input and bad config exit 1 with one line", async () => {
    const usage = await tas(["admin", "frobnicate"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: tas");
    const weak = await tas(["admin", "create", "--username", "x", "--password", "short"]);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("password");
    const proc = Bun.spawn([BIN, "migrate"], {
      env: { ...(await env()), PORT: "nope" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const stderr = await new Response(proc.stderr).text();
    expect(await proc.exited).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("PORT");
  }, 60_000);
});
