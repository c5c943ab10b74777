// Daily job scheduling (the usage snapshot job) at a fixed UTC time of day.
//
// Owns the slot arithmetic only. Pure: no I/O, no timers, no clock reads — every function takes
// the current instant `nowMs` (UTC epoch milliseconds) from the caller's injected clock.
//
// Model: the job is scheduled every day at `minutesUtc` minutes after UTC midnight. The
// "scheduled instants" are D + minutesUtc·60 000 ms for every UTC midnight D. The slot in force
// at `nowMs` is the latest scheduled instant ≤ nowMs; its key is that instant's UTC date,
// `YYYY-MM-DD`. The key depends only on (nowMs, minutesUtc), so every node and every restart
// inside the same window [scheduled instant, next scheduled instant) computes the same key.
// Exactly-once is then the caller's unique (admin, slot_key) row: whoever inserts it first runs
// the job; the others hit the conflict and skip.
//
// Caller loop: on start and on every wake-up, `if (isDue(now, m, lastKey))` run the job for
// `dailySlot(now, m).slotKey`; then sleep until `nextRunAt(now, m)`. A node that was down at the
// scheduled minute catches up as soon as it starts (the slot is still due until the next
// scheduled instant). With no slot ever recorded (`lastSlotKey` null) the current slot is due,
// even when that slot started yesterday because today's time has not come yet.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Minutes in a day; valid `minutesUtc` values are 0 … MINUTES_PER_DAY − 1. */
export const MINUTES_PER_DAY = 24 * 60;

const DAILY_TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const SLOT_KEY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** `HH:MM` (24-hour, two digits each, 00:00–23:59) to minutes after midnight; null otherwise. */
export function parseDailyTime(text: string): number | null {
  const match = DAILY_TIME_RE.exec(text);
  if (match === null) {
    return null;
  }
  return Number(match[1]) * 60 + Number(match[2]);
}

function checkArgs(nowMs: number, minutesUtc: number): void {
  if (!Number.isSafeInteger(nowMs)) {
    throw new RangeError(`nowMs must be an integer number of milliseconds, got ${nowMs}`);
  }
  if (!Number.isInteger(minutesUtc) || minutesUtc < 0 || minutesUtc >= MINUTES_PER_DAY) {
    throw new RangeError(`minutesUtc must be an integer in 0..1439, got ${minutesUtc}`);
  }
}

/** The scheduled instant of the UTC day that contains `nowMs`. */
function todaysInstant(nowMs: number, minutesUtc: number): number {
  return Math.floor(nowMs / DAY_MS) * DAY_MS + minutesUtc * MINUTE_MS;
}

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

/** `YYYY-MM-DD` of the UTC date containing `ms`. */
export function utcDateKey(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

/**
 * The slot in force at `nowMs`: `scheduledAtMs` is the latest scheduled instant ≤ nowMs and
 * `slotKey` its UTC date. Exactly at the scheduled minute the new slot has begun; one
 * millisecond before, the previous day's slot is still in force.
 * Throws RangeError when nowMs is not an integer or minutesUtc is outside 0..1439.
 */
export function dailySlot(
  nowMs: number,
  minutesUtc: number,
): { slotKey: string; scheduledAtMs: number } {
  checkArgs(nowMs, minutesUtc);
  const today = todaysInstant(nowMs, minutesUtc);
  const scheduledAtMs = nowMs >= today ? today : today - DAY_MS;
  return { slotKey: utcDateKey(scheduledAtMs), scheduledAtMs };
}

/**
 * The first scheduled instant strictly after `nowMs`: today's instant when now is before it,
 * otherwise (now exactly at it or later) tomorrow's. Always in (nowMs, nowMs + 1 day].
 * Throws RangeError like dailySlot.
 */
export function nextRunAt(nowMs: number, minutesUtc: number): number {
  checkArgs(nowMs, minutesUtc);
  const today = todaysInstant(nowMs, minutesUtc);
  return nowMs < today ? today : today + DAY_MS;
}

/**
 * Whether the job should run at `nowMs`, given the key of the latest slot already run
 * (`null` when it never ran): due when that key is older than the slot in force. A key equal to
 * or newer than the current slot (another node with a clock slightly ahead already ran it) is
 * not due. Throws RangeError on a malformed lastSlotKey or bad arguments.
 */
export function isDue(nowMs: number, minutesUtc: number, lastSlotKey: string | null): boolean {
  const { slotKey } = dailySlot(nowMs, minutesUtc);
  if (lastSlotKey === null) {
    return true;
  }
  if (!SLOT_KEY_RE.test(lastSlotKey)) {
    throw new RangeError(`lastSlotKey must be YYYY-MM-DD, got ${lastSlotKey}`);
  }
  // Fixed-width YYYY-MM-DD strings sort chronologically.
  return lastSlotKey < slotKey;
}
