// Default quote sessions for the feed when the engine does not inject its own.
//
// Owns the FX-style rule: quotes Monday 00:00 → Friday 24:00 server time (Sunday 22:00 → Friday
// 22:00 UTC in winter, an hour earlier under US DST), minus a daily break of `breakMinutes` at
// 00:00 server time; symbols whose profile trades all week (BTCUSD, ETHUSD) quote 24/7. The real
// per-weekday sessions belong to the symbol catalog; this is the stand-in for tests and demos.

import { serverMinuteOfDay, serverWeekday } from "../../mt5/server-time.ts";
import { ServerCalendar } from "./calendar.ts";
import { getProfile } from "./profiles.ts";
import type { QuoteOpenPredicate } from "./types.ts";

/** Length of the daily quote break at 00:00 server time, in minutes. */
export const DAILY_BREAK_MINUTES = 5;

function tradesAllWeek(symbol: string): boolean {
  return getProfile(symbol)?.tradesAllWeek ?? false;
}

/**
 * The FX-style predicate, computed straight from src/mt5/server-time.ts (reference version; the
 * feed uses `createFxQuoteSessions`, which gives the same answers with a cached offset).
 */
export function fxQuoteOpen(symbol: string, utcMs: number): boolean {
  if (tradesAllWeek(symbol)) {
    return true;
  }
  const weekday = serverWeekday(utcMs);
  if (weekday === 0 || weekday === 6) {
    return false;
  }
  return serverMinuteOfDay(utcMs) >= DAILY_BREAK_MINUTES;
}

/** A fast FX-style predicate with its own calendar cache (one per feed). */
export function createFxQuoteSessions(): QuoteOpenPredicate {
  const cal = new ServerCalendar();
  const allWeek = new Map<string, boolean>();
  return (symbol, utcMs) => {
    let always = allWeek.get(symbol);
    if (always === undefined) {
      always = tradesAllWeek(symbol);
      allWeek.set(symbol, always);
    }
    if (always) {
      return true;
    }
    const weekday = cal.weekday(utcMs);
    if (weekday === 0 || weekday === 6) {
      return false;
    }
    return cal.minuteOfDay(utcMs) >= DAILY_BREAK_MINUTES;
  };
}
