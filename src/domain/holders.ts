// Who holds an unfinished request, and when that holder is known to be dead. A process runs its
// requests under the holder `<node>/<boot>`: the node's stable name and a random id drawn at
// start. A row left `in_progress` (an idempotency key) or `sent` (an order intent) by a holder
// that died must be recovered rather than wait for ever; these rules say when it is safe to.

/** How long a request may run at most; a holder silent for longer is presumed dead. */
export const HOLDER_TIMEOUT_MS = 120_000;

/** The holder name of a process: its node and a boot id. */
export function holderName(node: string, boot: string): string {
  return `${node}/${boot}`;
}

/** The node part of a holder name (a holder without one is nobody's). */
export function holderNode(holder: string): string {
  const slash = holder.lastIndexOf("/");
  return slash < 0 ? "" : holder.slice(0, slash);
}

/**
 * Whether the holder of a row is dead, as seen by `self`: released rows (null holder) belong to
 * no one; an earlier boot of this node died when this one started (one process per node name);
 * any holder whose row is older than HOLDER_TIMEOUT_MS has outlived every request it could run.
 */
export function isDeadHolder(
  holder: string | null,
  self: string,
  rowAgeMs: number,
  timeoutMs: number = HOLDER_TIMEOUT_MS,
): boolean {
  if (holder === null) {
    return true;
  }
  if (holder === self) {
    return false;
  }
  return holderNode(holder) === holderNode(self) || rowAgeMs > timeoutMs;
}
