/**
 * The EA's messages to its owner: Alert, SendNotification and SendMail. Each writes its EA log
 * line (level "alert": the Alert text, `Notification: text`, `Mail: subject | text`) and is also
 * reported in the event's outcome (`Outcome.alerts`), which the service publishes on the
 * WebSocket `ea` channel: a terminal with nobody in front of it delivers them there.
 *
 * MQL5 rules kept: SendNotification fails with ERR_NOTIFICATION_WRONG_PARAMETER for an empty text
 * and with ERR_NOTIFICATION_TOO_FREQUENT past 2 calls a second or 10 a minute (server time);
 * its text is limited to 255 characters (longer text is cut). Server choice: at most
 * MAX_ALERTS_PER_EVENT entries per event reach the outcome (the log lines stay, within the log
 * limits).
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { ERR } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { printValue } from "./format.ts";

/** One entry of Outcome.alerts. */
export interface AlertEntry {
  /** alert = Alert(), notification = SendNotification(), mail = SendMail(). */
  kind: "alert" | "notification" | "mail";
  text: string;
  /** SendMail's subject. */
  subject?: string;
  /** Server time, ms. */
  time: number;
}

export const MAX_ALERTS_PER_EVENT = 20;
const NOTIFICATION_MAX_CHARS = 255;

const E = (name: string): number => ERR[name] ?? 4001;

interface Queue {
  entries: AlertEntry[];
  /** Server times (ms) of the notifications sent in the last minute. */
  sent: number[];
}

const queues = new WeakMap<RuntimeContext, Queue>();

function queueOf(ctx: RuntimeContext): Queue {
  let q = queues.get(ctx);
  if (!q) {
    q = { entries: [], sent: [] };
    queues.set(ctx, q);
  }
  return q;
}

/** Outcome.alerts of the event (and a fresh queue for the next one), or undefined. */
export function takeAlerts(ctx: RuntimeContext): AlertEntry[] | undefined {
  const q = queues.get(ctx);
  if (!q || q.entries.length === 0) {
    return undefined;
  }
  const out = q.entries;
  q.entries = [];
  return out;
}

export function notifyApi(ctx: RuntimeContext): Record<string, unknown> {
  const report = (entry: Omit<AlertEntry, "time">, line: string): void => {
    const time = ctx.state.timeMs;
    ctx.scratch.log("alert", line, time);
    const q = queueOf(ctx);
    if (q.entries.length < MAX_ALERTS_PER_EVENT) {
      q.entries.push({ ...entry, time });
    }
  };

  /** MT5's limit: at most 2 notifications a second and 10 a minute. */
  const tooFrequent = (): boolean => {
    const q = queueOf(ctx);
    const now = ctx.state.timeMs;
    q.sent = q.sent.filter((t) => now - t < 60_000 && t <= now);
    const lastSecond = q.sent.filter((t) => now - t < 1000).length;
    if (lastSecond >= 2 || q.sent.length >= 10) {
      return true;
    }
    q.sent.push(now);
    return false;
  };

  return {
    Alert: (...args: unknown[]): void => {
      const text = args.map(printValue).join("");
      report({ kind: "alert", text }, text);
    },
    SendNotification: (text: unknown): boolean => {
      const t = typeof text === "string" ? text.slice(0, NOTIFICATION_MAX_CHARS) : "";
      if (t === "") {
        ctx.setError(E("ERR_NOTIFICATION_WRONG_PARAMETER"));
        return false;
      }
      if (tooFrequent()) {
        ctx.setError(E("ERR_NOTIFICATION_TOO_FREQUENT"));
        return false;
      }
      report({ kind: "notification", text: t }, `Notification: ${t}`);
      return true;
    },
    SendMail: (subject: unknown, text: unknown): boolean => {
      const s = printValue(subject ?? "");
      const t = printValue(text ?? "");
      report({ kind: "mail", subject: s, text: t }, `Mail: ${s} | ${t}`);
      return true;
    },
  };
}
