// Fast server-time arithmetic for the feed's hot loops.
//
// Owns: a per-instance cache of the server UTC offset (it only changes at the two US DST
// switches a year) so that the per-minute questions "which server hour / weekday / day is
// this?" cost integer arithmetic instead of Date objects. The offset itself comes from
// src/mt5/server-time.ts, the single definition of server time; tests check this module against it.
// Instances are cheap and not shared (no module-level state).

import { DAY_MS, serverOffsetMinutes } from "../../mt5/server-time.ts";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
/** Days from 1970-01-01 (a Thursday) back to the previous Sunday. */
const EPOCH_WEEKDAY = 4;

export class ServerCalendar {
  private cachedHour = Number.NaN;
  private cachedOffsetMin = 0;
  private cachedMonthDay = Number.NaN;
  private cachedMonthKey = 0;
  private cachedMonthStartDay = 0;

  /** Server offset from UTC in minutes (120 or 180) at `utcMs`. */
  offsetMinutes(utcMs: number): number {
    const hour = Math.floor(utcMs / HOUR_MS);
    if (hour !== this.cachedHour) {
      this.cachedHour = hour;
      this.cachedOffsetMin = serverOffsetMinutes(hour * HOUR_MS);
    }
    return this.cachedOffsetMin;
  }

  /** Server wall-clock minutes since 1970-01-01 00:00 (server wall time read as if UTC). */
  wallMinute(utcMs: number): number {
    return Math.floor(utcMs / MINUTE_MS) + this.offsetMinutes(utcMs);
  }

  /** Minutes since 00:00 server time. */
  minuteOfDay(utcMs: number): number {
    return mod(this.wallMinute(utcMs), 1440);
  }

  /** Server hour 0–23. */
  hour(utcMs: number): number {
    return Math.floor(this.minuteOfDay(utcMs) / 60);
  }

  /** Server wall days since 1970-01-01. */
  wallDay(utcMs: number): number {
    return Math.floor(this.wallMinute(utcMs) / 1440);
  }

  /** Server weekday, 0 = Sunday … 6 = Saturday. */
  weekday(utcMs: number): number {
    return mod(this.wallDay(utcMs) + EPOCH_WEEKDAY, 7);
  }

  /** Index of the server week (weeks start Sunday 00:00 server time, as in MT5). */
  wallWeek(utcMs: number): number {
    return Math.floor((this.wallDay(utcMs) + EPOCH_WEEKDAY) / 7);
  }

  /** `year * 12 + month0` of the server date. */
  monthKey(utcMs: number): number {
    this.monthOf(this.wallDay(utcMs));
    return this.cachedMonthKey;
  }

  /** Wall day (days since epoch) of the 1st of the server month containing `utcMs`. */
  monthStartWallDay(utcMs: number): number {
    this.monthOf(this.wallDay(utcMs));
    return this.cachedMonthStartDay;
  }

  /**
   * UTC ms of a server wall instant given in wall minutes since the epoch. A wall time in the
   * hour skipped by the spring switch maps to wall − 2 h (its start is the instant of the jump);
   * a wall time in the hour repeated by the autumn switch resolves to its first occurrence.
   */
  wallToUtc(wallMinute: number): number {
    const wallMs = wallMinute * MINUTE_MS;
    const early = wallMs - 180 * MINUTE_MS;
    if (serverOffsetMinutes(early) === 180) {
      return early;
    }
    return wallMs - 120 * MINUTE_MS;
  }

  private monthOf(wallDay: number): void {
    if (wallDay === this.cachedMonthDay) {
      return;
    }
    const d = new Date(wallDay * DAY_MS);
    this.cachedMonthDay = wallDay;
    this.cachedMonthKey = d.getUTCFullYear() * 12 + d.getUTCMonth();
    this.cachedMonthStartDay = Math.floor(
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS,
    );
  }
}

function mod(a: number, n: number): number {
  const r = a % n;
  return r < 0 ? r + n : r;
}
