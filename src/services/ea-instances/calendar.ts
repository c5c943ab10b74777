// The economic calendar of EA instances (src/services/calendar.ts): the whole calendar in
// LoadMeta.calendar when an instance starts, and, when a superadmin loads a new one, queued in
// every live instance's pending snapshot delta — it goes out as `snapshot.calendar` with the
// instance's next event (tick, timer, trade), replacing the one the runtime holds. A tick
// coalesced behind another keeps the newer calendar (mergeSnapshots: the newer value wins).
import type { Logger } from "../../logging/logger.ts";
import type { CalendarSource, WireCalendar } from "../calendar.ts";
import type { Json, Live } from "./live.ts";

/** LoadMeta's `calendar` field: absent while nothing was ever loaded (or it cannot be read). */
export async function calendarMeta(
  source: CalendarSource | undefined,
  logger: Logger,
): Promise<Json> {
  if (!source) {
    return {};
  }
  try {
    const calendar = await source.forEa();
    return calendar ? { calendar } : {};
  } catch (err) {
    logger.warn({ err: String(err) }, "economic calendar not read: the EA starts without it");
    return {};
  }
}

/** Queues a new calendar for every live instance (delivered with its next event). */
export function queueCalendar(lives: Iterable<Live>, calendar: WireCalendar): void {
  for (const live of lives) {
    live.pending.calendar = calendar;
  }
}
