import { describe, expect, test } from "bun:test";
import { newBucket, takeToken } from "../../src/domain/token-bucket.ts";

describe("token bucket", () => {
  test("allows a burst of `capacity`, then refuses until refilled", () => {
    const b = newBucket(3, 0);
    expect([1, 2, 3, 4].map(() => takeToken(b, 3, 1, 0).allowed)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(takeToken(b, 3, 1, 0).retryAfterSec).toBe(1);
    expect(takeToken(b, 3, 1, 999).allowed).toBe(false);
    expect(takeToken(b, 3, 1, 2000).allowed).toBe(true);
  });

  test("refill never exceeds capacity and a clock going backwards adds nothing", () => {
    const b = newBucket(2, 1000);
    takeToken(b, 2, 10, 1000);
    takeToken(b, 2, 10, 1000);
    takeToken(b, 2, 10, 1_000_000);
    expect(b.tokens).toBe(1);
    expect(takeToken(b, 2, 10, 0).allowed).toBe(true);
    expect(takeToken(b, 2, 10, 0).allowed).toBe(false);
  });

  test("retry-after reflects a slow rate", () => {
    const b = newBucket(1, 0);
    takeToken(b, 1, 0.1, 0);
    expect(takeToken(b, 1, 0.1, 0).retryAfterSec).toBe(10);
  });
});
