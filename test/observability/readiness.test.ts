// Readiness checks: each runs with a timeout (a hung dependency is "not ready", never a hung
// probe), all at once, and a failure says why; names are registered once and can be removed.
import { describe, expect, test } from "bun:test";
import { Readiness } from "../../src/observability/readiness.ts";

const never = (): Promise<true | string> => new Promise(() => {});
const after = (ms: number, verdict: true | string) => (): Promise<true | string> =>
  new Promise((resolve) => setTimeout(() => resolve(verdict), ms));

describe("Readiness", () => {
  test("no checks: ready", async () => {
    expect(await new Readiness().check()).toEqual({ ready: true, checks: {} });
  });

  test("every check ok: ready, without details", async () => {
    const r = new Readiness();
    r.register("database", async () => true);
    r.register("nats", after(5, true));
    expect(await r.check()).toEqual({
      ready: true,
      checks: { database: { ok: true }, nats: { ok: true } },
    });
  });

  test("a check that hangs fails after the timeout, with the others still answered", async () => {
    const r = new Readiness({ timeoutMs: 50 });
    r.register("database", async () => true);
    r.register("nats", never);
    const started = performance.now();
    const report = await r.check();
    const took = performance.now() - started;
    expect(report).toEqual({
      ready: false,
      checks: { database: { ok: true }, nats: { ok: false, detail: "timed out after 50 ms" } },
    });
    expect(took).toBeGreaterThanOrEqual(45);
    expect(took).toBeLessThan(1000);
  });

  test("checks run at once: two slow checks take one timeout, not two", async () => {
    const r = new Readiness({ timeoutMs: 80 });
    r.register("a", never);
    r.register("b", never);
    const started = performance.now();
    await r.check();
    expect(performance.now() - started).toBeLessThan(150);
  });

  test("a slow check within the timeout passes", async () => {
    const r = new Readiness({ timeoutMs: 200 });
    r.register("slow", after(20, true));
    expect((await r.check()).ready).toBe(true);
  });

  test("a reason, a thrown error (its message, clipped) and a synchronous throw all fail", async () => {
    const r = new Readiness();
    r.register("leases", async () => "the lease round cannot reach the database");
    r.register("broken", async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    });
    r.register("long", async () => {
      throw new Error("x".repeat(1000));
    });
    r.register("sync", (() => {
      throw new Error("thrown before a promise");
    }) as () => Promise<true | string>);
    const { ready, checks } = await r.check();
    expect(ready).toBe(false);
    expect(checks.leases).toEqual({
      ok: false,
      detail: "the lease round cannot reach the database",
    });
    expect(checks.broken).toEqual({ ok: false, detail: "connect ECONNREFUSED 127.0.0.1:5432" });
    expect(checks.long?.detail?.length).toBe(200);
    expect(checks.sync).toEqual({ ok: false, detail: "thrown before a promise" });
  });

  test("run(name) runs one check with the timeout; an unknown name fails", async () => {
    const r = new Readiness({ timeoutMs: 30 });
    r.register("database", async () => true);
    r.register("nats", never);
    expect(await r.run("database")).toEqual({ ok: true });
    expect(await r.run("nats")).toEqual({ ok: false, detail: "timed out after 30 ms" });
    expect((await r.run("nope")).ok).toBe(false);
  });

  test("a name is registered once; removal takes it out", async () => {
    const r = new Readiness();
    const remove = r.register("nats", async () => "down");
    expect(() => r.register("nats", async () => true)).toThrow("already registered");
    expect(r.names()).toEqual(["nats"]);
    remove();
    expect(r.names()).toEqual([]);
    expect((await r.check()).ready).toBe(true);
    // The name is free again.
    r.register("nats", async () => true);
    expect((await r.check()).ready).toBe(true);
  });
});
