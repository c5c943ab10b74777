// Price- (or time-) ordered trigger heaps with lazy deletion.
//
// Owns: a binary min-heap over numeric keys. A max-heap is the same heap over negated keys
// (`descending`). Removing an entry only marks it dead; dead entries are dropped when they reach
// the top and the heap is compacted when they outnumber the live ones, so cancel/modify is O(1)
// and a tick only touches the entries it crosses. No I/O.

export interface HeapEntry<T> {
  /** The trigger price or time. */
  readonly key: number;
  readonly value: T;
  alive: boolean;
  /** The heap holding the entry. */
  readonly owner: TriggerHeap<T>;
}

/** Removes an entry from whichever heap holds it (no-op if already gone). */
export function removeEntry<T>(entry: HeapEntry<T> | undefined): void {
  if (entry) {
    entry.owner.remove(entry);
  }
}

export class TriggerHeap<T> {
  private items: HeapEntry<T>[] = [];
  private dead = 0;
  private readonly sign: number;

  /** `descending`: the largest key comes out first. */
  constructor(descending = false) {
    this.sign = descending ? -1 : 1;
  }

  get size(): number {
    return this.items.length - this.dead;
  }

  push(key: number, value: T): HeapEntry<T> {
    const entry: HeapEntry<T> = { key, value, alive: true, owner: this };
    this.items.push(entry);
    this.up(this.items.length - 1);
    return entry;
  }

  /** Marks an entry dead (O(1)); it is discarded later. */
  remove(entry: HeapEntry<T>): void {
    if (!entry.alive) {
      return;
    }
    entry.alive = false;
    this.dead++;
    if (this.dead > 1024 && this.dead * 2 > this.items.length) {
      this.compact();
    }
  }

  /** The live entry with the smallest (largest if descending) key, without removing it. */
  peek(): HeapEntry<T> | undefined {
    let top = this.items[0];
    while (top && !top.alive) {
      this.popTop();
      this.dead--;
      top = this.items[0];
    }
    return top;
  }

  /** Removes and returns the top live entry. */
  pop(): HeapEntry<T> | undefined {
    const top = this.peek();
    if (top) {
      this.popTop();
      top.alive = false;
    }
    return top;
  }

  private popTop(): void {
    const last = this.items.pop();
    if (last && this.items.length > 0) {
      this.items[0] = last;
      this.down(0);
    }
  }

  private compact(): void {
    this.items = this.items.filter((e) => e.alive);
    this.dead = 0;
    for (let i = (this.items.length >> 1) - 1; i >= 0; i--) {
      this.down(i);
    }
  }

  private less(a: HeapEntry<T>, b: HeapEntry<T>): boolean {
    return a.key * this.sign < b.key * this.sign;
  }

  private up(start: number): void {
    const items = this.items;
    let i = start;
    const entry = items[i];
    if (!entry) {
      return;
    }
    while (i > 0) {
      const parentIndex = (i - 1) >> 1;
      const parent = items[parentIndex];
      if (!parent || !this.less(entry, parent)) {
        break;
      }
      items[i] = parent;
      i = parentIndex;
    }
    items[i] = entry;
  }

  private down(start: number): void {
    const items = this.items;
    const n = items.length;
    let i = start;
    const entry = items[i];
    if (!entry) {
      return;
    }
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) {
        break;
      }
      let child = l;
      let childEntry = items[l];
      const right = items[l + 1];
      if (right && childEntry && this.less(right, childEntry)) {
        child = l + 1;
        childEntry = right;
      }
      if (!childEntry || !this.less(childEntry, entry)) {
        break;
      }
      items[i] = childEntry;
      i = child;
    }
    items[i] = entry;
  }
}
