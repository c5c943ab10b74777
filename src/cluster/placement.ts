// Which node should own an account's session: rendezvous (highest-random-weight) hashing over the
// live nodes. Every node computes the same answer from the same live set, and when a node joins or
// leaves only the accounts whose top node changed move (about 1/N of them). Pure.

/** A 32-bit mix of a string (FNV-1a, then a murmur3 finalizer so similar ids spread well). */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The weight of `node` for `accountId`; ties (practically never) break on the node id. */
export function rendezvousWeight(node: string, accountId: string): number {
  return hash32(`${node}\u0000${accountId}`);
}

/** The node that should own `accountId` among `nodes` (null when there is none). */
export function placeAccount(accountId: string, nodes: readonly string[]): string | null {
  let best: string | null = null;
  let bestWeight = -1;
  for (const node of nodes) {
    const w = rendezvousWeight(node, accountId);
    if (w > bestWeight || (w === bestWeight && best !== null && node < best)) {
      best = node;
      bestWeight = w;
    }
  }
  return best;
}
