// Entry of the database thread (a Bun worker): it owns the service's embedded PGlite and answers
// the API thread's requests (pglite-remote.ts has the protocol and the reasons). Statements run
// in the order they arrive; one open transaction holds PGlite's own lock, so statements from
// outside it wait until it ends, as they would on one PGlite in one thread.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { openPglite } from "./pglite.ts";
import {
  ERROR_FIELDS,
  type PgliteErrorData,
  type PgliteReply,
  type PgliteRequest,
} from "./pglite-remote.ts";

declare const self: Worker;

let db: PGlite | null = null;
/** Open transactions: their handle, and how to end them (commit or roll back). */
const open = new Map<number, OpenTx>();
let nextTx = 1;

/** A rejection that rolls a transaction back without being an error to report. */
const ROLLBACK = Symbol("rollback");

const identity = (value: string) => value;

function errorData(err: unknown): PgliteErrorData {
  const fields: Record<string, string | number | undefined> = {};
  if (err && typeof err === "object") {
    for (const name of ERROR_FIELDS) {
      const v = (err as Record<string, unknown>)[name];
      if (typeof v === "string" || typeof v === "number") {
        fields[name] = v;
      }
    }
  }
  return { message: err instanceof Error ? err.message : String(err), fields };
}

function target(tx: number | null): PGlite | Transaction {
  if (tx !== null) {
    const t = open.get(tx);
    if (!t) {
      throw new Error(`transaction ${tx} is not open`);
    }
    return t.tx;
  }
  if (!db) {
    throw new Error("the database is not open");
  }
  return db;
}

interface OpenTx {
  tx: Transaction;
  end: (commit: boolean) => void;
  /** Settles once PGlite has committed or rolled back (rejects if the commit failed). */
  ended: Promise<void>;
}

/** Starts a transaction; resolves with its id once it holds PGlite's lock. */
function begin(): Promise<number> {
  const pg = db;
  if (!pg) {
    return Promise.reject(new Error("the database is not open"));
  }
  const id = nextTx++;
  return new Promise((resolve, reject) => {
    const entry: Partial<OpenTx> = {};
    let started = false;
    entry.ended = pg
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            started = true;
            entry.tx = tx;
            entry.end = (ok) => (ok ? commit() : rollback(ROLLBACK));
            open.set(id, entry as OpenTx);
            resolve(id);
          }),
      )
      .then(
        () => undefined,
        (err: unknown) => {
          if (!started) {
            reject(err); // BEGIN itself failed: no transaction to end
            return;
          }
          if (err !== ROLLBACK) {
            throw err;
          }
        },
      );
  });
}

async function end(id: number, commit: boolean): Promise<null> {
  const t = open.get(id);
  if (!t) {
    throw new Error(`transaction ${id} is not open`);
  }
  open.delete(id);
  t.end(commit);
  await t.ended;
  return null;
}

async function handle(msg: PgliteRequest): Promise<unknown> {
  switch (msg.op) {
    case "open":
      db = await openPglite(msg.dir);
      return null;
    case "query": {
      const parsers: Record<number, (v: string) => string> = {};
      for (const oid of msg.textTypes) {
        parsers[oid] = identity;
      }
      return target(msg.tx).query(msg.sql, msg.params, { rowMode: msg.rowMode, parsers });
    }
    case "exec":
      return target(msg.tx).exec(msg.sql);
    case "begin":
      return begin();
    case "end":
      return end(msg.tx, msg.commit);
    case "close": {
      for (const id of [...open.keys()]) {
        await end(id, false).catch(() => undefined);
      }
      await db?.close();
      db = null;
      return null;
    }
  }
}

self.onmessage = (event: MessageEvent<PgliteRequest>) => {
  const msg = event.data;
  handle(msg).then(
    (data) => self.postMessage({ id: msg.id, ok: true, data } satisfies PgliteReply),
    (err: unknown) =>
      self.postMessage({ id: msg.id, ok: false, error: errorData(err) } satisfies PgliteReply),
  );
};
