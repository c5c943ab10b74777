/// <reference types="node" />
/**
 * The EA host's one logger: JSON lines on stderr (fd 2), written synchronously so a line is not
 * lost when the host aborts. The pool reads these lines and forwards them to its own logger.
 * Never writes to stdout (fd 1 carries protocol frames).
 */

import { writeSync } from "node:fs";

export type HostLogLevel = "debug" | "info" | "warn" | "error";

/** Writes one log line; never throws (a closed stderr drops the line). */
export function hostLog(
  level: HostLogLevel,
  msg: string,
  fields: Record<string, unknown> = {},
): void {
  const line = `${JSON.stringify({ level, msg, pid: process.pid, ...fields })}\n`;
  try {
    writeSync(2, line);
  } catch {
    // stderr closed or full: the line is dropped rather than blocking the host.
  }
}
