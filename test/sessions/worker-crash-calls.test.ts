// Calls a session worker holds when it dies are answered at once, honestly: a read as
// BROKER_UNAVAILABLE (retry it), a write as TRADE_OUTCOME_UNKNOWN (its order journal entry is
// reconciled when the session reconnects), instead of hanging until the call timeout.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { AppError } from "../../src/domain/errors.ts";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../support/app.ts";
import { TestClock } from "../support/clock.ts";

let t: TestApp;
let id: string;

beforeAll(async () => {
  t = await createTestApp(
    { TAS_SESSION_WORKERS: "1" },
    { broker: true, brokerClock: new TestClock().freeze(WEDNESDAY_14_UTC) },
  );
  const key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
  id = (await t.connectDemoAccount(key)).id;
}, 120_000);

afterAll(async () => {
  await t.close();
});

const NEVER = Symbol("no answer");

test("a crash answers the reads and writes in flight at once", async () => {
  const now = Date.now();
  const read = t.sessions.call(id, "deals", { from: now - 86_400_000, to: now });
  const write = t.sessions.call(id, "sendOrder", {
    request: { symbol: "EURUSD", orderType: "Buy", volume: 0.01 },
    limitOrders: 0,
  });
  t.sessions.crashWorker(0);
  const settle = (p: Promise<unknown>) =>
    Promise.race([
      p.then(
        () => "answered",
        (err: unknown) => err,
      ),
      Bun.sleep(3_000).then(() => NEVER), // the call timeout is 30 s
    ]);
  const [r, w] = await Promise.all([settle(read), settle(write)]);
  // The worker may have answered before it died; if not, the answers say what happened.
  if (r !== "answered") {
    expect(r).toBeInstanceOf(AppError);
    expect((r as AppError).code).toBe("BROKER_UNAVAILABLE");
  }
  if (w !== "answered") {
    expect(w).toBeInstanceOf(AppError);
    expect((w as AppError).code).toBe("TRADE_OUTCOME_UNKNOWN");
  }
  expect([r, w].filter((x) => x === "answered").length).toBeLessThan(2); // a crash was seen
});
