import { describe, expect, test } from "bun:test";
import { CatalogCache, endpointKey } from "../../src/sessions/catalog-cache.ts";

function setup(ttlMs = 1000, retryMs = 100) {
  let now = 0;
  const cache = new CatalogCache<string>({ ttlMs, retryMs, now: () => now });
  let reads = 0;
  let next: () => Promise<string> = async () => `v${reads}`;
  const load = () => {
    reads += 1;
    return next();
  };
  return {
    cache,
    load,
    reads: () => reads,
    advance: (ms: number) => {
      now += ms;
    },
    answer: (f: () => Promise<string>) => {
      next = f;
    },
  };
}

/** Lets settled promises run their callbacks. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("symbol catalog cache", () => {
  test("a miss reads once, concurrent callers share that read, and a fresh hit reads nothing", async () => {
    const t = setup();
    const [a, b] = await Promise.all([t.cache.get("x", t.load), t.cache.get("x", t.load)]);
    expect([a, b]).toEqual(["v1", "v1"]);
    t.advance(999);
    expect(await t.cache.get("x", t.load)).toBe("v1");
    expect(t.reads()).toBe(1);
    expect(t.cache.peek("x")).toBe("v1");
    expect(t.cache.peek("y")).toBeUndefined();
  });

  test("an expired catalog is served while one re-read replaces it", async () => {
    const t = setup();
    await t.cache.get("x", t.load);
    let finish: (v: string) => void = () => {};
    t.answer(() => new Promise((resolve) => (finish = resolve)));
    t.advance(1000);
    expect(await t.cache.get("x", t.load)).toBe("v1"); // stale, re-read started
    expect(await t.cache.get("x", t.load)).toBe("v1"); // still that one re-read
    expect(t.reads()).toBe(2);
    finish("v2");
    await settle();
    expect(await t.cache.get("x", t.load)).toBe("v2");
    expect(t.reads()).toBe(2);
  });

  test("a failed first read is not kept: the error reaches the caller and the next call asks again", async () => {
    const t = setup();
    t.answer(() => Promise.reject(new Error("not connected")));
    await expect(t.cache.get("x", t.load)).rejects.toThrow("not connected");
    expect(t.cache.size).toBe(0);
    t.answer(async () => "ok");
    expect(await t.cache.get("x", t.load)).toBe("ok");
    expect(t.reads()).toBe(2);
  });

  test("a loader that throws instead of rejecting is treated like a failed read", async () => {
    const t = setup();
    await expect(
      t.cache.get("x", () => {
        throw new Error("no session");
      }),
    ).rejects.toThrow("no session");
    expect(t.cache.size).toBe(0);
    await t.cache.get("x", t.load);
    t.advance(1000);
    const throwing = () => {
      throw new Error("link lost");
    };
    expect(await t.cache.get("x", throwing)).toBe("v1");
    await settle();
    expect(await t.cache.get("x", t.load)).toBe("v1"); // retried only after retryMs
    t.advance(100);
    await t.cache.get("x", t.load);
    await settle();
    expect(await t.cache.get("x", t.load)).toBe("v2");
  });

  test("a failed re-read keeps the stale catalog and tries again only after retryMs", async () => {
    const t = setup(1000, 100);
    await t.cache.get("x", t.load);
    t.answer(() => Promise.reject(new Error("link lost")));
    t.advance(1000);
    expect(await t.cache.get("x", t.load)).toBe("v1");
    await settle();
    expect(t.reads()).toBe(2);
    t.advance(99);
    expect(await t.cache.get("x", t.load)).toBe("v1");
    await settle();
    expect(t.reads()).toBe(2);
    t.answer(async () => "fresh");
    t.advance(1);
    expect(await t.cache.get("x", t.load)).toBe("v1");
    await settle();
    expect(t.reads()).toBe(3);
    expect(await t.cache.get("x", t.load)).toBe("fresh");
  });

  test("endpoints nobody asked for within a TTL are dropped; the ones in use stay", async () => {
    const t = setup(1000);
    await t.cache.get("old", t.load);
    await t.cache.get("used", t.load);
    t.advance(600);
    await t.cache.get("used", t.load);
    t.advance(500); // "old" unused for 1100 ms, "used" for 500 ms
    await t.cache.get("used", t.load);
    expect(t.cache.peek("old")).toBeUndefined();
    expect(t.cache.peek("used")).toBeDefined();
    expect(t.cache.size).toBe(1);
  });

  test("the endpoint key separates hosts, ports and trade servers", () => {
    const a = endpointKey({ host: "h", port: 1, server: "S" });
    expect(endpointKey({ host: "h", port: 1, server: "S" })).toBe(a);
    expect(
      new Set([
        a,
        endpointKey({ host: "h2", port: 1, server: "S" }),
        endpointKey({ host: "h", port: 2, server: "S" }),
        endpointKey({ host: "h", port: 1, server: "S2" }),
      ]).size,
    ).toBe(4);
  });
});
