// Symbol catalogs, cached per broker endpoint (host:port/server) for the session workers and the
// API thread. A catalog is read from the broker once and shared by every account on that
// endpoint; it is read again once it is older than the TTL, so a broker that adds or changes a
// symbol is seen without a restart, and endpoints nobody asked for within a TTL are dropped, so
// the cache holds the endpoints in use rather than every endpoint ever seen. Pure: the loader and
// the clock are passed in.

export interface CatalogCacheOptions {
  /** A catalog older than this is read again (the stale one is served meanwhile). */
  readonly ttlMs: number;
  /** After a failed re-read, the stale catalog is served this long before the next try. */
  readonly retryMs: number;
  readonly now: () => number;
}

interface Entry<V> {
  /** The catalog being read, until the first read completes. */
  pending: Promise<V> | null;
  value: V | undefined;
  /** When `value` was read (or a failed re-read was given up). */
  readAt: number;
  usedAt: number;
  refreshing: boolean;
}

export class CatalogCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private sweptAt: number;

  constructor(private readonly opts: CatalogCacheOptions) {
    this.sweptAt = opts.now();
  }

  /**
   * The catalog of `key`: read through `load` on a miss (concurrent callers share the read; a
   * failed first read is not kept, so the next call asks again), served from the cache while
   * fresh, and served stale while one background re-read replaces it once it has expired.
   */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.opts.now();
    const entry = this.entries.get(key);
    if (entry) {
      entry.usedAt = now; // before the sweep: the endpoint asked for now is in use
    }
    this.sweep(now);
    if (!entry) {
      return this.firstRead(key, load, now);
    }
    if (entry.value === undefined) {
      return entry.pending ?? this.firstRead(key, load, now);
    }
    if (now - entry.readAt >= this.opts.ttlMs && !entry.refreshing) {
      this.refresh(entry, load);
    }
    return Promise.resolve(entry.value);
  }

  /** The cached catalog of `key` without reading it (synchronous). */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** How many endpoints are cached. */
  get size(): number {
    return this.entries.size;
  }

  private firstRead(key: string, load: () => Promise<V>, now: number): Promise<V> {
    const entry: Entry<V> = {
      pending: null,
      value: undefined,
      readAt: now,
      usedAt: now,
      refreshing: false,
    };
    const pending = started(load).then(
      (value) => {
        entry.value = value;
        entry.readAt = this.opts.now();
        entry.pending = null;
        return value;
      },
      (err: unknown) => {
        if (this.entries.get(key) === entry) {
          this.entries.delete(key); // the next call asks again
        }
        throw err;
      },
    );
    entry.pending = pending;
    this.entries.set(key, entry);
    return pending;
  }

  private refresh(entry: Entry<V>, load: () => Promise<V>): void {
    entry.refreshing = true;
    started(load).then(
      (value) => {
        entry.value = value;
        entry.readAt = this.opts.now();
        entry.refreshing = false;
      },
      () => {
        // Keep serving the stale catalog; try again after retryMs.
        entry.readAt = this.opts.now() - this.opts.ttlMs + this.opts.retryMs;
        entry.refreshing = false;
      },
    );
  }

  /** Drops, at most once per TTL, the endpoints nobody asked for within the last TTL. */
  private sweep(now: number): void {
    if (now - this.sweptAt < this.opts.ttlMs) {
      return;
    }
    this.sweptAt = now;
    for (const [key, entry] of this.entries) {
      if (now - entry.usedAt >= this.opts.ttlMs && !entry.pending && !entry.refreshing) {
        this.entries.delete(key);
      }
    }
  }
}

/** Runs `load`, a synchronous throw included, as a promise. */
function started<V>(load: () => Promise<V>): Promise<V> {
  try {
    return load();
  } catch (err) {
    return Promise.reject(err);
  }
}

/** How long a symbol catalog is served before it is read from the broker again. */
export const CATALOG_TTL_MS = 10 * 60_000;
/** After a failed re-read, how long the stale catalog is served before the next try. */
export const CATALOG_RETRY_MS = 30_000;

/** A cache of symbol catalogs with the service's TTL and retry delay, on the wall clock. */
export function symbolCatalogCache<V>(): CatalogCache<V> {
  return new CatalogCache<V>({ ttlMs: CATALOG_TTL_MS, retryMs: CATALOG_RETRY_MS, now: Date.now });
}

/** The cache key of a broker endpoint: sessions on the same one share a symbol catalog. */
export function endpointKey(c: { host: string; port: number; server: string }): string {
  return `${c.host}:${c.port}/${c.server}`;
}
