// Resuming after a restart: the bounded wait for an account's session to come back, and ending
// (status `error`, with the reason) a stored instance that cannot resume.
import { eaTransition, eaVisibleStatus } from "../../domain/ea-lifecycle.ts";
import type { Sessions } from "../../sessions/sessions.ts";
import type { EaInstanceRow } from "../../storage/schema/index.ts";
import type { ServiceDeps } from "../deps.ts";
import type { EaInstanceStore } from "./store.ts";
import { toStatus } from "./views.ts";

/** How often a resuming instance looks at its account's session, ms. */
const POLL_MS = 250;

/**
 * Waits until the account's session is connected. Throws (naming the session's status) past
 * `deadline` (clock ms) or once `closing()` says the service is closing.
 */
export async function waitForSession(
  deps: Pick<ServiceDeps, "clock">,
  sessions: Sessions,
  accountId: string,
  deadline: number,
  closing: () => boolean,
): Promise<void> {
  while (sessions.statusOf(accountId) !== "connected") {
    if (closing() || deps.clock.now() > deadline) {
      throw new Error(`the account's session is ${sessions.statusOf(accountId)}`);
    }
    await Bun.sleep(POLL_MS);
  }
}

/** Ends a stored instance that could not resume: `crash` from its stored status, `message`. */
export async function failResume(
  deps: Pick<ServiceDeps, "logger">,
  store: EaInstanceStore,
  row: EaInstanceRow,
  message: string,
): Promise<void> {
  const from = toStatus(row.status);
  const next = eaTransition(from, "crash");
  if (next === null) {
    deps.logger.error(
      { instanceId: row.id, from, event: "crash" },
      "illegal EA instance transition refused",
    );
    return;
  }
  await store.fail(row.id, eaVisibleStatus(next), message);
}
