// The service side of MQL5 global variables and files: how deltas combine (src/ea/storage-wire.ts)
// and the writer/store over a real migrated database (src/services/ea-instances/storage-*.ts):
// what a load hands to the runtime per account and EA, appends, deletions, binary content, a
// load waiting for the previous instance's last changes, and a failed write retried.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Completion } from "../../src/ea/protocol.ts";
import { mergeStorageDeltas, type StorageDelta } from "../../src/ea/storage-wire.ts";
import type { ServiceDeps } from "../../src/services/deps.ts";
import { EaStorageWriter } from "../../src/services/ea-instances/storage-writer.ts";
import type { Db } from "../../src/storage/db.ts";
import { accounts, admins, apiKeys, eas } from "../../src/storage/schema/index.ts";
import { freshDatabase, type TestDatabase } from "../support/db.ts";

const b64 = (s: string): string => Buffer.from(s, "latin1").toString("base64");

describe("mergeStorageDeltas", () => {
  test("later changes win per name and per (store, case-blind path); appends extend", () => {
    const merged = mergeStorageDeltas(
      {
        globals: [
          { name: "a", value: 1, time: 10 },
          { name: "b", value: 2, time: 10 },
        ],
        files: [
          { path: "Log.txt", data: b64("one\n"), created: 1, modified: 1 },
          { path: "x.bin", append: b64("12"), created: 1, modified: 1 },
          { path: "x.bin", common: true, data: b64("common"), created: 1, modified: 1 },
          { path: "gone.txt", data: b64("g"), created: 1, modified: 1 },
        ],
      },
      {
        globals: [
          { name: "a", deleted: true },
          { name: "c", value: 3, time: 11 },
        ],
        files: [
          { path: "log.TXT", append: b64("two\n"), created: 1, modified: 2 },
          { path: "x.bin", append: b64("34"), created: 1, modified: 2 },
          { path: "gone.txt", deleted: true },
        ],
      },
    );
    expect(merged).toEqual({
      globals: [
        { name: "a", deleted: true },
        { name: "b", value: 2, time: 10 },
        { name: "c", value: 3, time: 11 },
      ],
      files: [
        { path: "log.TXT", data: b64("one\ntwo\n"), created: 1, modified: 2 },
        { path: "x.bin", append: b64("1234"), created: 1, modified: 2 },
        { path: "x.bin", common: true, data: b64("common"), created: 1, modified: 1 },
        { path: "gone.txt", deleted: true },
      ],
    });
    expect(mergeStorageDeltas(undefined, { globals: [] })).toEqual({ globals: [] });
    expect(mergeStorageDeltas({ files: [] }, undefined)).toEqual({ files: [] });
  });
});

describe("EaStorageWriter over the database", () => {
  let tdb: TestDatabase;
  let db: Db;
  let accountA: string;
  let accountB: string;
  let ea1: string;
  let ea2: string;
  const logger = {
    warn: () => {},
    error: () => {},
    info: () => {},
    debug: () => {},
  } as unknown as ServiceDeps["logger"];

  beforeAll(async () => {
    tdb = await freshDatabase();
    db = tdb.database.db;
    const [admin] = await db
      .insert(admins)
      .values({ username: "storage", passwordHash: "x" })
      .returning();
    const [key] = await db
      .insert(apiKeys)
      .values({ adminId: admin?.uuid ?? "", hash: "h", displayPrefix: "sk_" })
      .returning();
    const account = (login: number) => ({
      keyId: key?.id ?? "",
      adminId: admin?.uuid ?? "",
      brokerHost: "127.0.0.1",
      brokerPort: 1,
      terminalLogin: login,
      passwordEnc: "x",
    });
    const made = await db
      .insert(accounts)
      .values([account(1), account(2)])
      .returning();
    accountA = made[0]?.id ?? "";
    accountB = made[1]?.id ?? "";
    const ea = (name: string) => ({
      adminId: admin?.uuid ?? "",
      name,
      originalName: `${name}.mq5`,
      status: "ready",
      source: "",
      sizeBytes: 0,
    });
    const e = await db
      .insert(eas)
      .values([ea("one"), ea("two")])
      .returning();
    ea1 = e[0]?.id ?? "";
    ea2 = e[1]?.id ?? "";
  }, 60_000);
  afterAll(() => tdb.drop());

  const ok = (storage: StorageDelta): Completion => ({
    result: "ok",
    outcome: { ok: true, logs: [], storage },
    wallMs: 0,
    cpuMs: 0,
  });

  test("a load hands over the account's variables, the EA's files and the common files", async () => {
    const w = new EaStorageWriter({ db, logger }, { quotaBytes: 1234 });
    expect(await w.load("i1", accountA, ea1)).toEqual({ globals: [], files: [], quotaBytes: 1234 });
    const binary = Buffer.from([0, 1, 2, 255, 0]).toString("base64");
    w.record(
      "i1",
      "init",
      ok({
        globals: [{ name: "runs", value: 1.5, time: 100 }],
        files: [
          { path: "Dir", dir: true, created: 100, modified: 100 },
          { path: "Dir/Log.txt", data: b64("one\r\n"), created: 100, modified: 100 },
          { path: "raw.bin", data: binary, created: 100, modified: 100 },
          { common: true, path: "shared.txt", data: b64("s"), created: 100, modified: 100 },
        ],
      }),
    );
    w.record(
      "i1",
      "tick",
      ok({
        files: [{ path: "Dir/Log.txt", append: b64("two\r\n"), created: 100, modified: 160 }],
      }),
    );
    w.record("i1", "deinit", ok({ globals: [{ name: "runs", value: 2, time: 170 }] }));
    // Another EA on the account: the variables and the common folder, not ea1's own files.
    const other = await w.load("i2", accountA, ea2);
    expect(other.globals).toEqual([{ name: "runs", value: 2, time: 170 }]);
    expect(other.files).toEqual([
      { common: true, path: "shared.txt", data: b64("s"), created: 100, modified: 100 },
    ]);
    // Another account: nothing.
    expect(await w.load("i3", accountB, ea1)).toEqual({ globals: [], files: [], quotaBytes: 1234 });
    w.forget("i2"); // else the next load waits for i2's end (up to handoverMs)
    const again = await w.load("i4", accountA, ea1);
    const byPath = Object.fromEntries(again.files.map((f) => [f.path, f]));
    expect(byPath.Dir).toEqual({ path: "Dir", dir: true, created: 100, modified: 100 });
    expect(byPath["Dir/Log.txt"]).toEqual({
      path: "Dir/Log.txt",
      data: b64("one\r\ntwo\r\n"),
      created: 100,
      modified: 160,
    });
    expect(byPath["raw.bin"]?.data).toBe(binary);
    await w.close();
  });

  test("deletions, case-only renames, and the 'deleted' key of another letter case", async () => {
    const w = new EaStorageWriter({ db, logger }, { quotaBytes: 1 });
    await w.load("d1", accountB, ea2);
    w.record(
      "d1",
      "init",
      ok({
        globals: [{ name: "x", value: 1, time: 1 }],
        files: [{ path: "a.txt", data: b64("a"), created: 1, modified: 1 }],
      }),
    );
    w.record(
      "d1",
      "tick",
      ok({
        files: [{ path: "A.TXT", data: b64("A"), created: 1, modified: 2 }],
      }),
    );
    w.record("d1", "deinit", ok({}));
    const mid = await w.load("d2", accountB, ea2);
    expect(mid.files).toEqual([{ path: "A.TXT", data: b64("A"), created: 1, modified: 2 }]);
    w.record(
      "d2",
      "tick",
      ok({
        globals: [{ name: "x", deleted: true }],
        files: [{ path: "a.txt", deleted: true }],
      }),
    );
    w.record("d2", "deinit", ok({}));
    expect(await w.load("d3", accountB, ea2)).toEqual({ globals: [], files: [], quotaBytes: 1 });
    await w.close();
  });

  test("a load waits for the account's earlier instance to end (its OnDeinit changes)", async () => {
    const w = new EaStorageWriter({ db, logger }, { quotaBytes: 1, handoverMs: 5000 });
    await w.load("h1", accountA, ea2);
    let loaded = false;
    const next = w.load("h2", accountA, ea2).then((s) => {
      loaded = true;
      return s;
    });
    await Bun.sleep(50);
    expect(loaded).toBe(false);
    w.record("h1", "deinit", ok({ globals: [{ name: "saved.in.deinit", value: 9, time: 9 }] }));
    const s = await next;
    expect(s.globals.find((g) => g.name === "saved.in.deinit")?.value).toBe(9);
    // An instance that failed (no deinit) stops blocking once forgotten.
    const third = w.load("h3", accountA, ea2);
    w.forget("h2");
    await third;
    await w.close();
  });

  test("a failed write is retried; deltas recorded meanwhile follow in order", async () => {
    let failures = 1;
    const flaky = Object.create(db) as Db;
    Object.defineProperty(flaky, "transaction", {
      value: (...args: Parameters<Db["transaction"]>) =>
        failures-- > 0 ? Promise.reject(new Error("database down")) : db.transaction(...args),
    });
    const warnings: string[] = [];
    const w = new EaStorageWriter(
      {
        db: flaky,
        logger: { ...logger, warn: (_o: unknown, m: string) => warnings.push(m) } as never,
      },
      { quotaBytes: 1, retryMs: 20 },
    );
    await w.load("r1", accountB, ea1);
    w.record(
      "r1",
      "init",
      ok({
        files: [{ path: "r.txt", data: b64("1"), created: 1, modified: 1 }],
      }),
    );
    w.record(
      "r1",
      "tick",
      ok({
        files: [{ path: "r.txt", append: b64("2"), created: 1, modified: 2 }],
      }),
    );
    w.record(
      "r1",
      "tick",
      ok({
        files: [{ path: "r.txt", append: b64("3"), created: 1, modified: 3 }],
      }),
    );
    await w.settled(accountB);
    expect(warnings).toEqual(["EA global variables/files not saved; retrying"]);
    w.forget("r1");
    const s = await w.load("r2", accountB, ea1);
    expect(s.files.find((f) => f.path === "r.txt")?.data).toBe(b64("123"));
    await w.close();
  });
});
