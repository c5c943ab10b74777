// Token-bucket rate limiting maths, pure: the caller passes the current time.
// A bucket holds up to `capacity` tokens and refills at `ratePerSec`; each request takes one.

export interface BucketState {
  tokens: number;
  /** Time of the last refill, ms. */
  updatedAt: number;
}

export interface TakeResult {
  readonly allowed: boolean;
  /** Seconds until one token is available (0 when allowed). */
  readonly retryAfterSec: number;
}

export function newBucket(capacity: number, nowMs: number): BucketState {
  return { tokens: capacity, updatedAt: nowMs };
}

/** Refills `state` for the time elapsed, then takes one token if it can. Mutates `state`. */
export function takeToken(
  state: BucketState,
  capacity: number,
  ratePerSec: number,
  nowMs: number,
): TakeResult {
  const elapsed = Math.max(0, nowMs - state.updatedAt) / 1000;
  state.tokens = Math.min(capacity, state.tokens + elapsed * ratePerSec);
  state.updatedAt = nowMs;
  if (state.tokens >= 1) {
    state.tokens -= 1;
    return { allowed: true, retryAfterSec: 0 };
  }
  return { allowed: false, retryAfterSec: Math.max(1, Math.ceil((1 - state.tokens) / ratePerSec)) };
}
