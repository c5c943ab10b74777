// The embedded database behind its own thread. PGlite is Postgres compiled to WebAssembly: its
// memory (hundreds of MB) is external memory to the thread that hosts it, and JavaScriptCore's
// collector counts that as heap, so on the API thread every minor collection grew with it (the
// read path's p99 was those pauses). Here a Bun worker owns the PGlite instance and the API
// thread talks to it through a message API of four operations (query, exec, begin/end of a
// transaction), not a wire protocol: `RemotePglite` offers the part of PGlite's interface that
// drizzle's PGlite driver and the hot statements use (query with drizzle's identity parsers,
// exec, transaction, close), so everything above it is unchanged.
import type { Results, Transaction } from "@electric-sql/pglite";

/** drizzle passes parsers that leave these types as text (dates, intervals, numeric arrays). */
type Parsers = Record<number, (value: string, typeId?: number) => unknown>;

export interface QueryOptions {
  readonly rowMode?: "array" | "object";
  /** Only identity parsers cross the thread boundary (functions cannot): their type OIDs. */
  readonly parsers?: Parsers;
}

/** What the API thread asks the database thread. `tx`: inside that open transaction. */
export type PgliteRequest =
  | { id: number; op: "open"; dir: string | null }
  | {
      id: number;
      op: "query";
      tx: number | null;
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      textTypes: number[];
    }
  | { id: number; op: "exec"; tx: number | null; sql: string }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close" };

/** A database error as it crosses the boundary: its message and Postgres fields (code, …). */
export interface PgliteErrorData {
  readonly message: string;
  readonly fields: Record<string, string | number | undefined>;
}

export type PgliteReply =
  | { id: number; ok: true; data: unknown }
  | { id: number; ok: false; error: PgliteErrorData };

/** The Postgres error fields a caller may look at (`code` above all: 23505, 40001, …). */
export const ERROR_FIELDS = [
  "code",
  "detail",
  "hint",
  "position",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "severity",
  "where",
  "routine",
] as const;

/** The database thread's error, rebuilt on this side with the same fields. */
class PgliteRemoteError extends Error {
  constructor(data: PgliteErrorData) {
    super(data.message);
    this.name = "DatabaseError";
    Object.assign(this, data.fields);
  }
}

/** The identity parsers' type OIDs (any other parser cannot be sent, and is refused). */
function textTypes(parsers: Parsers | undefined): number[] {
  if (!parsers) {
    return [];
  }
  const out: number[] = [];
  for (const [oid, parse] of Object.entries(parsers)) {
    if (parse("0", Number(oid)) !== "0") {
      throw new Error(`only identity parsers can be sent to the database thread (type ${oid})`);
    }
    out.push(Number(oid));
  }
  return out;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

export class RemotePglite {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;

  private constructor(private readonly worker: Worker) {
    worker.onmessage = (event: MessageEvent<PgliteReply>) => {
      const reply = event.data;
      const waiting = this.pending.get(reply.id);
      if (!waiting) {
        return;
      }
      this.pending.delete(reply.id);
      if (reply.ok) {
        waiting.resolve(reply.data);
      } else {
        waiting.reject(new PgliteRemoteError(reply.error));
      }
    };
    worker.onerror = (event) => this.failAll(new Error(`database thread failed: ${event.message}`));
  }

  /** Starts the database thread and opens PGlite there (in `dir`, or in memory). */
  static async open(dir: string | null): Promise<RemotePglite> {
    const worker = new Worker(new URL("./pglite-thread.ts", import.meta.url).href);
    const remote = new RemotePglite(worker);
    try {
      await remote.send({ op: "open", dir });
    } catch (err) {
      worker.terminate();
      throw err;
    }
    return remote;
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.queryIn(null, sql, params, options);
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.send({ op: "exec", tx: null, sql }) as Promise<Array<Results>>;
  }

  /**
   * Runs `fn` in one transaction on the database thread: committed if it resolves, rolled back
   * if it throws (as PGlite's own). Other statements wait on that thread until it ends.
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = (await this.send({ op: "begin" })) as number;
    let done = false;
    const tx = {
      query: <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.queryIn<R>(txId, sql, params, options),
      sql: () => {
        throw new Error("tagged-template queries are not offered across the database thread");
      },
      exec: (sql: string) => this.send({ op: "exec", tx: txId, sql }) as Promise<Array<Results>>,
      rollback: async () => {
        done = true;
        await this.send({ op: "end", tx: txId, commit: false });
      },
      get closed() {
        return done;
      },
      listen: () => {
        throw new Error("LISTEN is not offered across the database thread");
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!done) {
        done = true;
        await this.send({ op: "end", tx: txId, commit: false }).catch(() => undefined);
      }
      throw err;
    }
    if (!done) {
      done = true;
      await this.send({ op: "end", tx: txId, commit: true });
    }
    return result;
  }

  /** Closes PGlite (its data dir flushed) and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    try {
      await this.send({ op: "close" });
    } finally {
      this.closed = true;
      this.worker.terminate();
      this.failAll(new Error("the database is closed"));
    }
  }

  private queryIn<T>(
    tx: number | null,
    sql: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<Results<T>> {
    return this.send({
      op: "query",
      tx,
      sql,
      params,
      rowMode: options.rowMode ?? "object",
      textTypes: textTypes(options.parsers),
    }) as Promise<Results<T>>;
  }

  private send(request: DistributiveOmit<PgliteRequest, "id">): Promise<unknown> {
    if (this.closed) {
      return Promise.reject(new Error("the database is closed"));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private failAll(err: Error): void {
    for (const waiting of this.pending.values()) {
      waiting.reject(err);
    }
    this.pending.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
