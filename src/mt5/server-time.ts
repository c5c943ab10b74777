// Broker server time: EET/EEST on the "New York close" convention.
//
// MetaTrader brokers run their servers at GMT+2, and GMT+3 while the United States is on
// daylight time, so that 00:00 server time is always 17:00 in New York and D1 bars close at the
// New York close. This module converts between UTC milliseconds and server wall time. It is pure:
// no clock is read here; callers pass the instant.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** UTC ms of the n-th Sunday (1-based) of a month at a given UTC hour. */
function nthSundayUtc(year: number, month: number, n: number, utcHour: number): number {
  const first = new Date(Date.UTC(year, month, 1));
  const firstSunday = 1 + ((7 - first.getUTCDay()) % 7);
  return Date.UTC(year, month, firstSunday + (n - 1) * 7, utcHour);
}

/**
 * Whether US daylight saving time is in force at `utcMs`.
 * US DST: from the second Sunday of March 02:00 EST (07:00 UTC) to the first Sunday of
 * November 02:00 EDT (06:00 UTC).
 */
export function isUsDst(utcMs: number): boolean {
  const year = new Date(utcMs).getUTCFullYear();
  const start = nthSundayUtc(year, 2, 2, 7);
  const end = nthSundayUtc(year, 10, 1, 6);
  return utcMs >= start && utcMs < end;
}

/** Server offset from UTC in minutes at `utcMs`: 180 under US DST, else 120. */
export function serverOffsetMinutes(utcMs: number): number {
  return isUsDst(utcMs) ? 180 : 120;
}

/** IANA name of the fixed-offset zone in force (Etc/GMT-3 means UTC+3 in IANA's sign). */
export function serverZoneName(utcMs: number): string {
  return isUsDst(utcMs) ? "Etc/GMT-3" : "Etc/GMT-2";
}

/** Server wall time as a Date whose UTC fields read as server-local fields. */
function shifted(utcMs: number): Date {
  return new Date(utcMs + serverOffsetMinutes(utcMs) * MINUTE_MS);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** `YYYY-MM-DDTHH:mm:ss` in server time. */
export function formatServerTime(utcMs: number): string {
  const d = shifted(utcMs);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(
    d.getUTCHours(),
  )}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const SERVER_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/**
 * Parses `YYYY-MM-DDTHH:mm:ss` (server time) to UTC ms; null when malformed or not a real
 * calendar instant (e.g. month 13, Feb 30).
 */
export function parseServerTime(text: string): number | null {
  const m = SERVER_TIME_RE.exec(text);
  if (!m) {
    return null;
  }
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) {
    return null;
  }
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    return null;
  }
  // Resolve the offset: try the offset at the wall instant minus 2h and minus 3h.
  for (const offset of [120, 180]) {
    const utc = wall - offset * MINUTE_MS;
    if (serverOffsetMinutes(utc) === offset) {
      return utc;
    }
  }
  return wall - 120 * MINUTE_MS;
}

/** Day of week in server time, 0 = Sunday … 6 = Saturday. */
export function serverWeekday(utcMs: number): number {
  return shifted(utcMs).getUTCDay();
}

/** Minutes since 00:00 server time. */
export function serverMinuteOfDay(utcMs: number): number {
  const d = shifted(utcMs);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}

/** UTC ms of 00:00 server time on the server day containing `utcMs`. */
export function serverDayStart(utcMs: number): number {
  const d = shifted(utcMs);
  const wallMidnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  // The offset can change during the day (US DST switches at 06:00/07:00 UTC), so use the
  // offset in force at midnight itself.
  const guess = wallMidnight - serverOffsetMinutes(utcMs) * MINUTE_MS;
  return wallMidnight - serverOffsetMinutes(guess) * MINUTE_MS;
}
