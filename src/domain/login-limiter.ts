// Admin login limiting, pure apart from the injected clock.
//
// Two kinds of entry:
// - per client address (an IPv6 address by its /64): a sliding window of password checks (at
//   most `attemptsPerMinute` in any 60 s, whatever usernames are tried) and a failure streak
//   with exponential backoff;
// - per (username, address): a failure streak with exponential backoff.
// Nothing is kept per username alone, so failures from one address never refuse another address:
// an attacker cannot lock an admin out of their own address. A success resets both streaks (the
// check still counts in its address's window).
//
// Memory is bounded by `maxEntries` without ever clearing: entries that are limiting (locked,
// window full, or a streak whose next failure locks) live in one LRU, idle ones in another, and
// an idle entry is always evicted before a limiting one (except the entries of the attempt at
// hand, which are never evicted by it).
import { LRUCache } from "lru-cache";

export interface LoginLimiterOptions {
  /** Password checks allowed per client address in any 60 s. */
  readonly attemptsPerMinute: number;
  readonly clock: { now(): number };
  /** Most entries kept (address and username+address together). Default 100,000. */
  readonly maxEntries?: number;
  /** Consecutive failures of one username from one address without delay. Default 5. */
  readonly accountFreeFailures?: number;
  /** Consecutive failures from one address without delay. Default `attemptsPerMinute`. */
  readonly addressFreeFailures?: number;
  /** First lockout after the free failures; each further failure doubles it. Default 1 s. */
  readonly baseLockoutMs?: number;
  /** Longest lockout. Default 15 min. */
  readonly maxLockoutMs?: number;
  /** A streak is forgotten this long after its last failure. Default 1 h (at least the longest lockout). */
  readonly forgetAfterMs?: number;
}

export type LoginVerdict =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      /** Seconds until an attempt would be allowed (≥ 1). */
      readonly retryAfterSec: number;
      /** What refused it. */
      readonly reason: "address" | "account";
    };

interface Entry {
  /** Times of the password checks in the last window, oldest first (address entries only). */
  checks: number[];
  /** Consecutive failures. */
  failures: number;
  lastFailureAt: number;
  /** No attempt before this time (ms). */
  lockedUntil: number;
}

const WINDOW_MS = 60_000;
/** How many limiting entries an eviction looks through for one that has gone idle. */
const EVICTION_SCAN = 32;

export class LoginLimiter {
  private readonly perMinute: number;
  private readonly maxEntries: number;
  private readonly accountFree: number;
  private readonly addressFree: number;
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly forgetMs: number;
  private readonly limiting: LRUCache<string, Entry>;
  private readonly idle: LRUCache<string, Entry>;

  constructor(private readonly opts: LoginLimiterOptions) {
    this.perMinute = Math.max(1, Math.floor(opts.attemptsPerMinute));
    this.maxEntries = Math.max(2, opts.maxEntries ?? 100_000);
    this.accountFree = opts.accountFreeFailures ?? 5;
    this.addressFree = opts.addressFreeFailures ?? this.perMinute;
    this.baseMs = opts.baseLockoutMs ?? 1_000;
    this.maxMs = opts.maxLockoutMs ?? 15 * 60_000;
    this.forgetMs = Math.max(opts.forgetAfterMs ?? 60 * 60_000, this.maxMs);
    this.limiting = new LRUCache<string, Entry>({ max: this.maxEntries });
    this.idle = new LRUCache<string, Entry>({ max: this.maxEntries });
  }

  /** Entries held (for tests and metrics). */
  get size(): number {
    return this.limiting.size + this.idle.size;
  }

  /**
   * Asks to check a password for `username` from `address`. When allowed, the check is counted
   * in the address's window at once (so concurrent attempts cannot overshoot); report the outcome
   * with `succeeded` or `failed`. When refused, nothing is counted.
   */
  begin(username: string, address: string): LoginVerdict {
    const now = this.opts.clock.now();
    const addrKey = addressKey(address);
    const acctKey = accountKey(username, address);
    const addr = this.lookup(addrKey, now);
    const acct = this.lookup(acctKey, now);
    let waitMs = 0;
    let reason: "address" | "account" = "address";
    if (addr) {
      const windowWait =
        addr.checks.length >= this.perMinute ? (addr.checks[0] ?? now) + WINDOW_MS - now : 0;
      waitMs = Math.max(windowWait, addr.lockedUntil - now);
    }
    if (acct && acct.lockedUntil - now > waitMs) {
      waitMs = acct.lockedUntil - now;
      reason = "account";
    }
    if (waitMs > 0) {
      return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(waitMs / 1000)), reason };
    }
    const entry = addr ?? newEntry();
    entry.checks.push(now);
    this.store(addrKey, entry, now, this.addressFree, [addrKey]);
    return { allowed: true };
  }

  /** The password was right: both streaks start again. */
  succeeded(username: string, address: string): void {
    const now = this.opts.clock.now();
    const acctKey = accountKey(username, address);
    this.limiting.delete(acctKey);
    this.idle.delete(acctKey);
    const addrKey = addressKey(address);
    const addr = this.lookup(addrKey, now);
    if (addr) {
      addr.failures = 0;
      addr.lockedUntil = 0;
      this.store(addrKey, addr, now, this.addressFree, [addrKey]);
    }
  }

  /** The password was wrong (or the user unknown): both streaks grow, maybe locking. */
  failed(username: string, address: string): void {
    const now = this.opts.clock.now();
    const addrKey = addressKey(address);
    const acctKey = accountKey(username, address);
    const both = [addrKey, acctKey];
    const addr = this.lookup(addrKey, now) ?? newEntry();
    this.fail(addr, now, this.addressFree);
    this.store(addrKey, addr, now, this.addressFree, both);
    const acct = this.lookup(acctKey, now) ?? newEntry();
    this.fail(acct, now, this.accountFree);
    this.store(acctKey, acct, now, this.accountFree, both);
  }

  private fail(entry: Entry, now: number, free: number): void {
    entry.failures += 1;
    entry.lastFailureAt = now;
    if (entry.failures > free) {
      const doublings = Math.min(30, entry.failures - free - 1);
      entry.lockedUntil = Math.max(
        entry.lockedUntil,
        now + Math.min(this.maxMs, this.baseMs * 2 ** doublings),
      );
    }
  }

  /** The entry, refreshed for `now` (old checks dropped, an old streak forgotten), or undefined. */
  private lookup(key: string, now: number): Entry | undefined {
    const entry = this.limiting.get(key) ?? this.idle.get(key);
    if (!entry) {
      return undefined;
    }
    let drop = 0;
    while (drop < entry.checks.length && (entry.checks[drop] ?? 0) <= now - WINDOW_MS) {
      drop += 1;
    }
    if (drop > 0) {
      entry.checks.splice(0, drop);
    }
    if (entry.failures > 0 && now - entry.lastFailureAt >= this.forgetMs) {
      entry.failures = 0;
      entry.lockedUntil = 0;
    }
    return entry;
  }

  /** True while the entry refuses attempts, or its next failure would. */
  private isLimiting(entry: Entry, now: number, free: number): boolean {
    return (
      entry.lockedUntil > now ||
      recentChecks(entry, now) >= this.perMinute ||
      (entry.failures >= free && now - entry.lastFailureAt < this.forgetMs)
    );
  }

  /**
   * Files the entry in the tier its state calls for (dropping it when it holds nothing), then
   * evicts down to `maxEntries`, never one of `keep` (the entries of the attempt at hand).
   */
  private store(
    key: string,
    entry: Entry,
    now: number,
    free: number,
    keep: readonly string[],
  ): void {
    if (entry.checks.length === 0 && entry.failures === 0 && entry.lockedUntil <= now) {
      this.limiting.delete(key);
      this.idle.delete(key);
      return;
    }
    const [into, other] = this.isLimiting(entry, now, free)
      ? [this.limiting, this.idle]
      : [this.idle, this.limiting];
    other.delete(key);
    into.set(key, entry);
    while (this.size > this.maxEntries && this.evictOne(now, keep)) {}
  }

  /**
   * Evicts the least recently used idle entry; only when there is none, a limiting one (one gone
   * idle since it was filed if there is such among the oldest, else the least recently used).
   * False when there is nothing it may evict.
   */
  private evictOne(now: number, keep: readonly string[]): boolean {
    for (const key of this.idle.rkeys()) {
      if (!keep.includes(key)) {
        this.idle.delete(key);
        return true;
      }
    }
    let oldest: string | undefined;
    let scanned = 0;
    for (const key of this.limiting.rkeys()) {
      if (keep.includes(key)) {
        continue;
      }
      oldest ??= key;
      const entry = this.limiting.peek(key);
      const free = key.startsWith("a\u0000") ? this.addressFree : this.accountFree;
      if (entry && !this.isLimiting(entry, now, free)) {
        this.limiting.delete(key);
        return true;
      }
      scanned += 1;
      if (scanned >= EVICTION_SCAN) {
        break;
      }
    }
    if (oldest === undefined) {
      return false;
    }
    this.limiting.delete(oldest);
    return true;
  }
}

const newEntry = (): Entry => ({ checks: [], failures: 0, lastFailureAt: 0, lockedUntil: 0 });

const recentChecks = (entry: Entry, now: number): number =>
  entry.checks.filter((at) => at > now - WINDOW_MS).length;

/**
 * The client an address stands for: an IPv4 address as is (also when IPv4-mapped), an IPv6
 * address by its /64 (one host or LAN usually holds a whole /64, so its addresses are one client).
 */
export function clientOf(address: string): string {
  const bare = address.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped?.[1]) {
    return mapped[1];
  }
  if (!bare.includes(":")) {
    return bare;
  }
  const [head = "", tail] = bare.split("::", 2);
  const headParts = head === "" ? [] : head.split(":");
  const tailParts = tail === undefined || tail === "" ? [] : tail.split(":");
  if (tailParts.at(-1)?.includes(".")) {
    tailParts.splice(-1, 1, "0", "0"); // an embedded IPv4 tail lies beyond the /64 anyway
  }
  const zeros = Array(Math.max(0, 8 - headParts.length - tailParts.length)).fill("0");
  const groups = tail === undefined ? headParts : [...headParts, ...zeros, ...tailParts];
  const prefix = groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(":");
  return `${prefix}::/64`;
}

const addressKey = (address: string): string => `a\u0000${clientOf(address)}`;
const accountKey = (username: string, address: string): string =>
  `u\u0000${clientOf(address)}\u0000${username}`;
