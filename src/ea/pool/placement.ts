// Where a new instance runs: the live host with the fewest active instances (an instance then
// stays on its host for its whole run), waiting while every host is restarting.

import { type EaLifecycleState, isEaActive } from "../../domain/ea-lifecycle.ts";

/** What placement looks at on a host. */
export interface PlacementHost {
  readonly alive: boolean;
  /** Resolves true once the host can take requests, false if it died first. */
  readonly ready: Promise<boolean>;
}

/** The live host holding the fewest active instances (the first such slot on a tie). Throws
 * when no host is alive. */
export function leastLoadedHost<H extends PlacementHost>(
  hosts: readonly H[],
  instances: Iterable<{ readonly host: H; readonly status: EaLifecycleState }>,
): H {
  const placed = [...instances];
  let best: H | undefined;
  let bestCount = Number.POSITIVE_INFINITY;
  for (const h of hosts) {
    if (!h.alive) {
      continue;
    }
    let count = 0;
    for (const inst of placed) {
      if (inst.host === h && isEaActive(inst.status)) {
        count += 1;
      }
    }
    if (count < bestCount) {
      best = h;
      bestCount = count;
    }
  }
  if (!best) {
    throw new Error("no EA host process is available");
  }
  return best;
}

/** Picks a host with `pick` and waits for it to be ready, retrying every 20 ms while hosts are
 * restarting; throws after `timeoutMs` or once `closing()` says so. */
export async function waitForLiveHost<H extends PlacementHost>(
  pick: () => H,
  closing: () => boolean,
  timeoutMs = 10_000,
): Promise<H> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      const h = pick();
      if (await h.ready) {
        return h;
      }
    } catch {
      // every host is restarting
    }
    if (performance.now() > deadline || closing()) {
      throw new Error("no EA host process is available");
    }
    await Bun.sleep(20);
  }
}
