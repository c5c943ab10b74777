// MQL5 global variables and files kept between runs, through the real service, EA host pool and
// database: an EA counts its runs in a global variable and appends to a file of its own and to
// one in the account's common folder; a stop/start and a service restart keep both; another
// account sees none of it; another EA on the same account sees the account's global variables
// and common files but not the first EA's own files; the rows in ea_global_variables/ea_files.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { eaFiles, eaGlobalVariables, eaLogs } from "../../../src/storage/schema/index.ts";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../../support/app.ts";
import { TestClock } from "../../support/clock.ts";
import { until, upload } from "./support.ts";

const WRITER = `
int OnInit()
  {
   double runs = 0;
   GlobalVariableGet("runs", runs);
   GlobalVariableSet("runs", runs + 1);
   int h = FileOpen("Logs\\\\history.txt", FILE_READ|FILE_WRITE|FILE_TXT|FILE_ANSI);
   FileSeek(h, 0, SEEK_END);
   FileWrite(h, "run " + IntegerToString((int)runs + 1));
   FileClose(h);
   h = FileOpen("logs/HISTORY.txt", FILE_READ|FILE_TXT|FILE_ANSI);
   string lines = "";
   while(!FileIsEnding(h))
      lines += FileReadString(h) + ";";
   FileClose(h);
   int c = FileOpen("shared.txt", FILE_WRITE|FILE_TXT|FILE_ANSI|FILE_COMMON);
   FileWrite(c, "written by run " + IntegerToString((int)runs + 1));
   FileClose(c);
   Print("writer runs=", (int)runs + 1, " lines=", lines);
   return(INIT_SUCCEEDED);
  }
void OnTick() {}
`;

const READER = `
int OnInit()
  {
   string common = "none";
   int c = FileOpen("shared.txt", FILE_READ|FILE_TXT|FILE_ANSI|FILE_COMMON);
   if(c != INVALID_HANDLE)
     {
      common = FileReadString(c);
      FileClose(c);
     }
   Print("reader runs=", GlobalVariableCheck("runs") ? DoubleToString(GlobalVariableGet("runs"), 0) : "none",
         " common=", common, " own=", FileIsExist("Logs\\\\history.txt") ? "yes" : "no");
   return(INIT_SUCCEEDED);
  }
void OnTick() {}
`;

const brokerClock = new TestClock().freeze(WEDNESDAY_14_UTC);
let t: TestApp;
let key: string;
let writer: string;
let reader: string;
let accountA: string;
let accountB: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { broker: true, brokerClock, ea: true, eaPool: { limits: { hostCallTimeoutMs: 5000 } } },
  );
  const admin = await t.createAdmin("ea-storage");
  key = (await t.createKey(admin.token, { max_accounts: 10 })).key;
  const w = await upload(t, { token: admin.token }, "Writer.mq5", WRITER);
  const r = await upload(t, { token: admin.token }, "Reader.mq5", READER);
  expect([w.body.data.status, r.body.data.status]).toEqual(["ready", "ready"]);
  writer = w.body.data.id;
  reader = r.body.data.id;
  accountA = (await t.connectDemoAccount(key)).id;
  accountB = (await t.connectDemoAccount(key)).id;
}, 120_000);
afterAll(() => t.close());

/** Starts an EA on the account and returns the first log line starting with `prefix`. */
async function runOnce(accountId: string, eaId: string, prefix: string): Promise<string> {
  const started = await t.request("POST", `/api/accounts/${accountId}/ea/start`, {
    key,
    body: { ea_id: eaId, symbol: "EURUSD", timeframe: "M1" },
  });
  expect(started.body.data?.status).toBe("running");
  let line = "";
  await until(async () => {
    const logs = (await t.request("GET", `/api/accounts/${accountId}/ea/logs?limit=100`, { key }))
      .body.data as { message: string }[];
    line = logs.find((l) => l.message.startsWith(prefix))?.message ?? "";
    return line !== "";
  }, 20_000);
  return line;
}

async function stop(accountId: string): Promise<void> {
  expect((await t.request("POST", `/api/accounts/${accountId}/ea/stop`, { key })).status).toBe(200);
}

describe("global variables and files across runs", () => {
  test("a stop and start keeps them; another account sees none; another EA sees the account's", async () => {
    expect(await runOnce(accountA, writer, "writer")).toBe("writer runs=1 lines=run 1;");
    await stop(accountA);
    expect(await runOnce(accountB, writer, "writer")).toBe("writer runs=1 lines=run 1;");
    await stop(accountB);
    expect(await runOnce(accountA, reader, "reader")).toBe(
      "reader runs=1 common=written by run 1 own=no",
    );
    await stop(accountA);
    expect(await runOnce(accountA, writer, "writer")).toBe("writer runs=2 lines=run 1;run 2;");
    await stop(accountA);

    const globals = await t.deps.db
      .select()
      .from(eaGlobalVariables)
      .where(eq(eaGlobalVariables.accountId, accountA));
    expect(globals.map((g) => [g.name, g.value])).toEqual([["runs", 2]]);
    const files = await t.deps.db
      .select()
      .from(eaFiles)
      .where(eq(eaFiles.accountId, accountA))
      .orderBy(eaFiles.pathKey);
    expect(
      files.map((f) => [
        f.eaId === null ? "common" : f.eaId === writer ? "writer" : f.eaId,
        f.path,
        f.isDir,
        Buffer.from(f.data).toString("latin1"),
      ]),
    ).toEqual([
      ["writer", "Logs", true, ""],
      ["writer", "Logs/history.txt", false, "run 1\r\nrun 2\r\n"],
      ["common", "shared.txt", false, "written by run 2\r\n"],
    ]);
  }, 120_000);

  test("a service restart keeps them: the resumed instance reads what the earlier runs wrote", async () => {
    const started = await t.request("POST", `/api/accounts/${accountA}/ea/start`, {
      key,
      body: { ea_id: writer, symbol: "EURUSD", timeframe: "M1" },
    });
    const instance = started.body.data.instance_id as string;
    await until(async () => {
      const [row] = await t.deps.db
        .select({ value: eaGlobalVariables.value })
        .from(eaGlobalVariables)
        .where(and(eq(eaGlobalVariables.accountId, accountA), eq(eaGlobalVariables.name, "runs")));
      return row?.value === 3;
    }, 20_000);
    // A fresh service (same database and sessions) over a new pool, as after a restart.
    const { EaInstanceService, startEaPool } = await import(
      "../../../src/services/ea-instances.ts"
    );
    await t.services.eaInstances?.close();
    await t.eaPool?.close({ deinit: false });
    const fresh = new EaInstanceService(t.deps, {
      sessions: t.sessions,
      accounts: t.services.accounts,
      eas: t.services.eas,
    });
    const pool = await startEaPool(fresh, t.deps, `${t.config.dataDir}/tmp`);
    try {
      expect(await fresh.resume()).toBe(1);
      await until(() => pool.status(instance)?.status === "running", 20_000);
      await fresh.close(); // flushes the log lines and the storage writes
      const logs = await t.deps.db
        .select({ message: eaLogs.message })
        .from(eaLogs)
        .where(eq(eaLogs.instanceId, instance));
      expect(logs.map((l) => l.message).filter((m) => m.startsWith("writer"))).toEqual([
        "writer runs=3 lines=run 1;run 2;run 3;",
        "writer runs=4 lines=run 1;run 2;run 3;run 4;",
      ]);
      const [common] = await t.deps.db
        .select()
        .from(eaFiles)
        .where(and(eq(eaFiles.accountId, accountA), isNull(eaFiles.eaId)));
      expect(Buffer.from(common?.data ?? []).toString("latin1")).toBe("written by run 4\r\n");
      // Account B was never touched.
      const [b] = await t.deps.db
        .select()
        .from(eaGlobalVariables)
        .where(eq(eaGlobalVariables.accountId, accountB));
      expect(b?.value).toBe(1);
    } finally {
      await fresh.close();
      await pool.close({ deinit: false });
    }
  }, 120_000);
});
