// Shutting the session manager down drains it: calls in flight get their answers before the
// workers stop, later calls are refused with a clear error, and closing twice is harmless.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { AppError } from "../../src/domain/errors.ts";
import { createTestApp, type TestApp, WEDNESDAY_14_UTC } from "../support/app.ts";
import { TestClock } from "../support/clock.ts";

let t: TestApp;
let id: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { broker: true, brokerClock: new TestClock().freeze(WEDNESDAY_14_UTC) },
  );
  const key = (await t.createKey(await t.superToken(), { max_accounts: 10 })).key;
  id = (await t.connectDemoAccount(key)).id;
}, 120_000);

afterAll(async () => {
  await t.close();
});

test("calls in flight at close are answered; calls after it are refused; close is idempotent", async () => {
  // Broker round trips (history reads), not mirror reads: they are still in flight at close.
  const now = Date.now();
  const inFlight = Array.from({ length: 20 }, (_, i) =>
    t.sessions.call(id, i % 2 === 0 ? "deals" : "historyOrders", {
      from: now - 86_400_000,
      to: now,
    }),
  );
  const closing = t.sessions.close();
  const answers = await Promise.allSettled(inFlight);
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill("fulfilled"));
  for (const a of answers) {
    expect(Array.isArray(a.status === "fulfilled" ? a.value : null)).toBe(true);
  }
  await closing;
  const late = await t.sessions.call(id, "summary").then(
    () => null,
    (err: unknown) => err,
  );
  expect(late).toBeInstanceOf(AppError);
  expect((late as AppError).code).toBe("BROKER_UNAVAILABLE");
  expect((late as AppError).message).toContain("shutting down");
  await t.sessions.close(); // again: resolves, nothing thrown
});
