// A write-ahead log for an embedded (file-backed PGlite) database: records appended as lines to
// a file beside the database before what they record is acknowledged or sent; the database is
// written behind, in batches, off the request's path, and a start writes whatever the log holds
// that the database lacks. Used by the demo broker's commits (src/broker/storage/store.ts) and
// the service's order intents (src/services/order-journal.ts). A line reaches the operating
// system with one write(2) before this returns: it survives a kill -9 of the process exactly as
// PGlite's own writes do (PGlite's file system does not fsync either).
//
// Format: `<seq>\t<JSON array of records>\n`, seq counting up over the log's whole life. Only the
// last line can be torn (a write cut short, never acknowledged): a start ignores a last line
// without its newline and refuses a log with any other line it cannot read.
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";

export interface LoggedCommit<E> {
  readonly seq: number;
  readonly events: E[];
}

export class EventLog<E> {
  private bytes = 0;

  private constructor(
    private readonly fd: number,
    readonly path: string,
  ) {}

  /**
   * Opens (creating) the log at `path` for appending, with what it already holds; throws, naming
   * the file, if it is damaged.
   */
  static open<E>(path: string): { log: EventLog<E>; held: LoggedCommit<E>[] } {
    let held: LoggedCommit<E>[] = [];
    if (existsSync(path)) {
      try {
        held = parseLog<E>(readFileSync(path, "utf8"));
      } catch (err) {
        throw new Error(`write-ahead log ${path}: ${(err as Error).message}`);
      }
    }
    const log = new EventLog<E>(openSync(path, "a"), path);
    return { log, held };
  }

  /** Bytes appended since the log was last emptied (what a start would read). */
  get size(): number {
    return this.bytes;
  }

  /** Appends one commit; it is in the operating system's hands when this returns. */
  append(seq: number, events: readonly E[]): void {
    const line = Buffer.from(`${seq}\t${JSON.stringify(events)}\n`);
    let written = 0;
    while (written < line.length) {
      written += writeSync(this.fd, line, written, line.length - written);
    }
    this.bytes += line.length;
  }

  /** Empties the log: every commit in it is in the database. */
  clear(): void {
    ftruncateSync(this.fd, 0);
    this.bytes = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** The commits a log's text holds, in order, without a torn last line; throws if it is damaged. */
export function parseLog<E>(text: string): LoggedCommit<E>[] {
  const commits: LoggedCommit<E>[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf("\n", at);
    if (end < 0) {
      break; // a torn last line: never acknowledged
    }
    const line = text.slice(at, end);
    at = end + 1;
    const tab = line.indexOf("\t");
    const seq = Number(line.slice(0, tab));
    let events: unknown = null;
    try {
      events = JSON.parse(line.slice(tab + 1));
    } catch {
      // refused below
    }
    if (tab < 1 || !Number.isSafeInteger(seq) || seq < 1 || !Array.isArray(events)) {
      throw new Error(`line ${commits.length + 1} cannot be read`);
    }
    const last = commits[commits.length - 1];
    if (last && seq <= last.seq) {
      throw new Error(`seq ${seq} after ${last.seq}`);
    }
    commits.push({ seq, events: events as E[] });
  }
  return commits;
}
