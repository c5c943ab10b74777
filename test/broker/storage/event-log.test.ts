// The embedded broker's write-ahead log: a commit is durable once appended (before the database
// has it), a start replays what the database lacks, a torn last line is ignored and a damaged log
// refused. Driven through EventLog and BrokerStore on file-backed PGlite; the kill -9 of a real
// broker process is test/broker/server/restart.test.ts.
import { afterEach, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineEvent } from "../../../src/broker/engine/types.ts";
import { BrokerStore } from "../../../src/broker/storage/store.ts";
import { EventLog, parseLog } from "../../../src/storage/event-log.ts";
import { setup } from "../engine/helpers.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tas-event-log-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A copy of a closed store's data directory, as a restart finds it. */
function restartedCopy(dataDir: string): string {
  const copy = join(tempDir(), "broker");
  cpSync(dataDir, copy, { recursive: true });
  return copy;
}

/** A real trade's events: a market buy of `volume` lots of EURUSD on login 1. */
function buyEvents(volume: number): EngineEvent[] {
  const s = setup();
  s.account(1);
  const r = s.engine.sendOrder({ login: 1, symbol: "EURUSD", orderType: "Buy", volume });
  if (!r.ok) {
    throw new Error(r.message);
  }
  return r.events;
}

const ALL_TIME: [number, number] = [0, Date.UTC(2100, 0, 1)];

describe("parseLog", () => {
  test("reads commits in order and ignores a torn last line", () => {
    const text = `1\t[{"a":1}]\n2\t[]\n3\t[{"a":`;
    expect(parseLog(text)).toEqual([
      { seq: 1, events: [{ a: 1 }] },
      { seq: 2, events: [] },
    ]);
  });

  test("refuses a damaged line before the last", () => {
    expect(() => parseLog(`1\t[]\n2\t[{"a"\n3\t[]\n`)).toThrow("line 2 cannot be read");
    expect(() => parseLog(`x\t[]\n`)).toThrow("line 1 cannot be read");
    expect(() => parseLog(`1\t{}\n`)).toThrow("line 1 cannot be read");
  });

  test("refuses a seq that does not count up", () => {
    expect(() => parseLog(`2\t[]\n2\t[]\n`)).toThrow("seq 2 after 2");
  });
});

describe("EventLog", () => {
  test("appends lines a reopen reads back; clear empties it", () => {
    const path = join(tempDir(), "x.log");
    const first = EventLog.open<{ n: number }>(path);
    expect(first.held).toEqual([]);
    first.log.append(1, [{ n: 1 }]);
    first.log.append(2, [{ n: 2 }, { n: 3 }]);
    expect(first.log.size).toBe(readFileSync(path).length);
    first.log.close();
    const second = EventLog.open<{ n: number }>(path);
    expect(second.held.map((c) => c.seq)).toEqual([1, 2]);
    expect(second.held[1]?.events).toEqual([{ n: 2 }, { n: 3 }]);
    second.log.clear();
    expect(statSync(path).size).toBe(0);
    second.log.append(3, []);
    second.log.close();
    expect(EventLog.open(path).held).toEqual([{ seq: 3, events: [] }]);
  });
});

describe("BrokerStore on a file-backed PGlite", () => {
  test("a commit is in the log when it resolves, and in the database after a drain", async () => {
    const dataDir = join(tempDir(), "broker");
    const store = await BrokerStore.open({ databaseUrl: null, dataDir });
    const events = buyEvents(0.3);
    await store.commit(events);
    const logged = parseLog<EngineEvent>(readFileSync(`${dataDir}-events.log`, "utf8"));
    expect(logged).toEqual([{ seq: 1, events: JSON.parse(JSON.stringify(events)) }]);
    // Written behind: the database may not have it yet; after a drain it does.
    await store.drain();
    expect((await store.deals(1, ...ALL_TIME)).map((d) => d.volume)).toEqual([0.3]);
    // Everything is in the database: the log is empty again.
    expect(statSync(`${dataDir}-events.log`).size).toBe(0);
    await store.close();
  }, 30_000); // PGlite opened and migrated: seconds on a busy machine

  test("a start writes the log's commits the database lacks, and only those", async () => {
    const first = join(tempDir(), "broker");
    const store = await BrokerStore.open({ databaseUrl: null, dataDir: first });
    await store.commit(buyEvents(0.1)); // seq 1
    await store.close(); // in the database; log emptied
    const dataDir = restartedCopy(first);
    // As a kill leaves it: seq 1 again (already in the database: must not be applied twice)
    // and seq 2 (acknowledged, never written behind), then a torn line.
    const again = buyEvents(0.7).map((e) =>
      e.type === "dealAdded" ? { ...e, deal: { ...e.deal, volume: 9 } } : e,
    );
    const missing = buyEvents(0.2).map((e) => {
      if (e.type === "dealAdded") {
        return { ...e, deal: { ...e.deal, ticket: e.deal.ticket + 1 } };
      }
      if (e.type === "positionOpened") {
        return { ...e, position: { ...e.position, ticket: e.position.ticket + 1 } };
      }
      return e;
    });
    writeFileSync(
      `${dataDir}-events.log`,
      `1\t${JSON.stringify(again)}\n2\t${JSON.stringify(missing)}\n3\t[{"type":`,
    );
    const reopened = await BrokerStore.open({ databaseUrl: null, dataDir });
    const deals = await reopened.deals(1, ...ALL_TIME);
    expect(deals.map((d) => d.volume).sort()).toEqual([0.1, 0.2]);
    const restored = await reopened.restore();
    expect(restored.positions.map((p) => p.volume).sort()).toEqual([0.1, 0.2]);
    expect(statSync(`${dataDir}-events.log`).size).toBe(0);
    // The seq carries on from the log's last commit.
    await reopened.commit(buyEvents(0.4));
    expect(parseLog(readFileSync(`${dataDir}-events.log`, "utf8")).map((c) => c.seq)).toEqual([3]);
    await reopened.close();
  }, 30_000); // PGlite opened and migrated: seconds on a busy machine

  test("a damaged log stops the start with the reason", async () => {
    const first = join(tempDir(), "broker");
    await (await BrokerStore.open({ databaseUrl: null, dataDir: first })).close();
    const dataDir = restartedCopy(first);
    writeFileSync(`${dataDir}-events.log`, "1\tnot json\n2\t[]\n");
    await expect(BrokerStore.open({ databaseUrl: null, dataDir })).rejects.toThrow(
      "line 1 cannot be read",
    );
  }, 30_000); // PGlite opened and migrated: seconds on a busy machine
});
