// The admin login limiter: per-address window, per-address and per-(username, address) backoff,
// no lockout across addresses, and bounded memory that never frees a limited attacker first.
import { describe, expect, test } from "bun:test";
import {
  clientOf,
  LoginLimiter,
  type LoginLimiterOptions,
} from "../../src/domain/login-limiter.ts";

function limiter(opts: Partial<LoginLimiterOptions> = {}) {
  const clock = { t: 1_000_000, now: () => clock.t };
  const l = new LoginLimiter({ attemptsPerMinute: 10, clock, ...opts });
  /** One full attempt with a wrong password; true when the password was checked. */
  const fail = (username: string, address: string): boolean => {
    const verdict = l.begin(username, address);
    if (verdict.allowed) {
      l.failed(username, address);
    }
    return verdict.allowed;
  };
  return { l, clock, fail };
}

describe("per-address window", () => {
  test("at most N checks in any 60 s from one address, whatever the usernames", () => {
    const { clock, fail } = limiter();
    // Attempts every 100 ms for 10 minutes, each with a new username.
    const checkedAt: number[] = [];
    for (let i = 0; i < 6_000; i++) {
      if (fail(`user${i}`, "10.0.0.1")) {
        checkedAt.push(clock.t);
      }
      clock.t += 100;
    }
    for (const [i, at] of checkedAt.entries()) {
      const inWindow = checkedAt.slice(i).filter((x) => x < at + 60_000).length;
      expect(inWindow).toBeLessThanOrEqual(10);
    }
    expect(checkedAt.length).toBeGreaterThanOrEqual(10);
    // Backoff after the streak: fewer than 10 a minute over the later minutes.
    const lastFiveMinutes = checkedAt.filter((at) => at >= clock.t - 5 * 60_000).length;
    expect(lastFiveMinutes).toBeLessThan(10);
  });

  test("a refused attempt counts nothing and says when to come back", () => {
    const { l, clock } = limiter({ attemptsPerMinute: 3 });
    for (let i = 0; i < 3; i++) {
      expect(l.begin(`u${i}`, "a").allowed).toBe(true);
      clock.t += 1_000;
    }
    const refused = l.begin("u9", "a");
    expect(refused).toEqual({ allowed: false, retryAfterSec: 57, reason: "address" });
    for (let i = 0; i < 100; i++) {
      l.begin(`x${i}`, "a");
    }
    clock.t += 57_000; // the first check leaves the window
    expect(l.begin("u9", "a").allowed).toBe(true);
    expect(l.begin("u9", "a").allowed).toBe(false);
  });

  test("concurrent attempts are counted when they start, before any outcome", () => {
    const { l } = limiter({ attemptsPerMinute: 4 });
    const started = Array.from({ length: 10 }, (_, i) => l.begin(`u${i}`, "a").allowed);
    expect(started.filter(Boolean)).toHaveLength(4);
  });
});

describe("no lockout across addresses", () => {
  test("an attacker hammering one username leaves that username free from another address", () => {
    const { l, clock, fail } = limiter();
    for (let i = 0; i < 1_000; i++) {
      fail("root", "6.6.6.6");
      clock.t += 500;
    }
    expect(l.begin("root", "6.6.6.6").allowed).toBe(false);
    expect(l.begin("root", "10.0.0.7").allowed).toBe(true);
    l.succeeded("root", "10.0.0.7");
    expect(l.begin("other", "10.0.0.8").allowed).toBe(true);
  });
});

describe("exponential backoff", () => {
  test("one username from one address: free failures, then 1 s, 2 s, 4 s… up to the cap", () => {
    const { l, clock } = limiter({
      attemptsPerMinute: 1_000,
      accountFreeFailures: 3,
      maxLockoutMs: 16_000,
    });
    const lockouts: number[] = [];
    for (let i = 0; i < 9; i++) {
      expect(l.begin("alice", "a").allowed).toBe(true);
      l.failed("alice", "a");
      const verdict = l.begin("alice", "a");
      lockouts.push(verdict.allowed ? 0 : verdict.retryAfterSec);
      if (!verdict.allowed) {
        expect(verdict.reason).toBe("account");
        clock.t += verdict.retryAfterSec * 1000 - 1;
        expect(l.begin("alice", "a").allowed).toBe(false);
      }
      clock.t += 20_000;
    }
    expect(lockouts).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 16]);
  });

  test("a success resets the streak; a wrong password after it is free again", () => {
    const { l, clock } = limiter({ attemptsPerMinute: 1_000, accountFreeFailures: 2 });
    for (let i = 0; i < 4; i++) {
      clock.t += 60_000;
      expect(l.begin("alice", "a").allowed).toBe(true);
      l.failed("alice", "a");
    }
    expect(l.begin("alice", "a").allowed).toBe(false);
    clock.t += 60_000;
    expect(l.begin("alice", "a").allowed).toBe(true);
    l.succeeded("alice", "a");
    expect(l.begin("alice", "a").allowed).toBe(true);
    l.failed("alice", "a");
    expect(l.begin("alice", "a").allowed).toBe(true);
  });

  test("per address: after N failures over any usernames, lockouts double", () => {
    const { l, clock, fail } = limiter({ attemptsPerMinute: 5 });
    for (let i = 0; i < 5; i++) {
      expect(fail(`u${i}`, "a")).toBe(true);
      clock.t += 20_000; // slow enough for the window
    }
    expect(fail("u5", "a")).toBe(true); // the 6th failure locks for 1 s
    expect(l.begin("u6", "a")).toMatchObject({ allowed: false, reason: "address" });
    clock.t += 20_000;
    expect(fail("u6", "a")).toBe(true); // 2 s
    clock.t += 1_000;
    expect(l.begin("u7", "a").allowed).toBe(false);
    clock.t += 1_000;
    expect(l.begin("u7", "a").allowed).toBe(true);
  });

  test("a streak is forgotten an hour after its last failure", () => {
    const { l, clock, fail } = limiter({ attemptsPerMinute: 1_000, accountFreeFailures: 1 });
    fail("alice", "a");
    fail("alice", "a");
    expect(l.begin("alice", "a").allowed).toBe(false);
    clock.t += 60 * 60_000;
    expect(fail("alice", "a")).toBe(true);
    expect(l.begin("alice", "a").allowed).toBe(true); // the first failure again: free
  });
});

describe("bounded memory", () => {
  test("a flood of idle entries never evicts a limiting one", () => {
    const { l, clock, fail } = limiter({ maxEntries: 50 });
    for (let i = 0; i < 30; i++) {
      fail(`guess${i}`, "6.6.6.6");
    }
    expect(l.begin("root", "6.6.6.6").allowed).toBe(false);
    // Many one-off addresses, each a check and a failure: idle entries (a streak of one).
    for (let i = 0; i < 10_000; i++) {
      fail(`user${i}`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
      clock.t += 1;
      expect(l.size).toBeLessThanOrEqual(50);
    }
    expect(l.begin("root", "6.6.6.6")).toMatchObject({ allowed: false, reason: "address" });
  });

  test("with only limiting entries, the least recently used goes first and the size holds", () => {
    const { l, fail } = limiter({ maxEntries: 20, attemptsPerMinute: 2 });
    for (let i = 0; i < 100; i++) {
      fail("u", `addr${i}`);
      fail("u", `addr${i}`);
      expect(l.size).toBeLessThanOrEqual(20);
    }
    expect(l.begin("u", "addr99").allowed).toBe(false);
  });

  test("entries that have nothing left to say are dropped", () => {
    const { l, clock } = limiter();
    expect(l.begin("alice", "a").allowed).toBe(true);
    l.succeeded("alice", "a");
    expect(l.size).toBe(1); // the address window still holds the check
    clock.t += 61_000;
    expect(l.begin("alice", "a").allowed).toBe(true);
    l.succeeded("alice", "a");
    expect(l.size).toBe(1);
  });
});

describe("client addresses", () => {
  test("IPv4 as is (also IPv4-mapped), IPv6 by its /64", () => {
    expect(clientOf("10.0.0.1")).toBe("10.0.0.1");
    expect(clientOf("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(clientOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientOf("2001:DB8:0:0:ffff:1:2:3")).toBe("2001:db8:0:0::/64");
    expect(clientOf("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(clientOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientOf("::1")).toBe("0:0:0:0::/64");
    expect(clientOf("::")).toBe("0:0:0:0::/64");
    expect(clientOf("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(clientOf("unknown")).toBe("unknown");
  });

  test("every address of one IPv6 /64 shares one window", () => {
    const { l, fail } = limiter({ attemptsPerMinute: 3 });
    expect(fail("a", "2001:db8::1")).toBe(true);
    expect(fail("b", "2001:db8::2")).toBe(true);
    expect(fail("c", "2001:db8::ffff:3")).toBe(true);
    expect(l.begin("d", "2001:db8::4").allowed).toBe(false);
    expect(l.begin("d", "2001:db8:0:1::4").allowed).toBe(true);
  });
});
