// The pool-side watchdog: a host with requests outstanding that has said nothing for longer than
// any handler may legitimately take is killed (its instances then end as "hostUnresponsive").

import type { SandboxLimits } from "../protocol.ts";
import type { HostProcess } from "./host-process.ts";
import type { PoolLogger } from "./logger.ts";

const CHECK_EVERY_MS = 250;

/** Longest legitimate silence: a program load, one handler call and one trade-call wait, plus
 * 3 s of slack. */
export function defaultUnresponsiveMs(limits: SandboxLimits): number {
  return limits.loadWallMs + limits.wallMs + limits.hostCallTimeoutMs + 3000;
}

/** Checks `hosts()` every 250 ms; returns the function that stops the checks. */
export function startWatchdog(
  hosts: () => Iterable<HostProcess>,
  unresponsiveMs: number,
  logger: PoolLogger,
): () => void {
  const timer = setInterval(() => {
    for (const h of hosts()) {
      if (h.alive && h.outstanding > 0 && h.silentFor() > unresponsiveMs) {
        logger.error(
          { slot: h.slot, pid: h.pid, silentMs: h.silentFor() },
          "EA host unresponsive; killing it",
        );
        h.killUnresponsive();
      }
    }
  }, CHECK_EVERY_MS);
  return () => clearInterval(timer);
}
