/**
 * A small in-memory file system with Windows' naming rules: one per file sandbox of an EA (its own
 * folder, and the account's common folder for FILE_COMMON), seeded from what the host persisted
 * and reporting its changes back (storage.ts).
 *
 * Owns: path checks (relative paths only: no drive, no leading separator, no `..`, no
 * characters Windows refuses; `\` and `/` both separate), entries by case-blind key (Windows
 * file names ignore case; an entry keeps the case it was created with), folders (explicit
 * entries; a file's parent folders are created with it), the byte quota (the sum of file sizes)
 * and an entry cap, and change tracking: each entry knows how many bytes the host holds and the
 * lowest offset changed since, so a file that only grew is reported as an append.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { STORAGE_ERRORS } from "./file-constants.ts";

const E = (name: string): number => STORAGE_ERRORS[name] ?? 4001;

/** Default bytes per store (files' content; folders are free). */
export const DEFAULT_QUOTA_BYTES = 10 * 1024 * 1024;
/** Files and folders per store. */
export const MAX_ENTRIES = 10_000;
/** Characters of a relative path. */
export const MAX_PATH_LENGTH = 255;

export interface FileEntry {
  /** "/"-separated, relative, letter case as created. */
  path: string;
  dir: boolean;
  /** Content buffer; bytes past `size` are spare capacity. */
  data: Uint8Array;
  size: number;
  /** MQL5 datetimes (the EA's local time). */
  created: number;
  modified: number;
  accessed: number;
  /** Bytes of this content the host holds; -1: the host must get the whole entry. */
  synced: number;
  /** Lowest offset written since the last report (Infinity: none). */
  dirtyFrom: number;
}

/** One changed entry as storage.ts reports it. */
export interface EntryChange {
  path: string;
  deleted?: boolean;
  dir?: boolean;
  data?: Uint8Array;
  append?: Uint8Array;
  created?: number;
  modified?: number;
}

export type PathResult = { path: string; key: string } | { error: number };

/** Characters Windows refuses in names, and the control characters. */
function refusedName(seg: string): boolean {
  if (/[<>:"|?*]/.test(seg)) {
    return true;
  }
  for (let i = 0; i < seg.length; i += 1) {
    if (seg.charCodeAt(i) < 0x20) {
      return true;
    }
  }
  return false;
}

/**
 * A sandbox-relative path: `\` or `/` separated, no drive or leading separator, no `..`, no
 * refused character; `.` segments and doubled separators are dropped. `wildcards` lets `*` and
 * `?` through in the last segment (FileFindFirst); a trailing separator names a folder, refused
 * unless `folder`. The key is the lower-case path.
 */
export function normalizePath(
  name: unknown,
  opts: { wildcards?: boolean; folder?: boolean } = {},
): PathResult {
  const wildcards = opts.wildcards === true;
  if (typeof name !== "string") {
    return { error: E("ERR_WRONG_FILENAME") };
  }
  const raw = name.replace(/\\/g, "/");
  if (
    raw === "" ||
    raw.startsWith("/") ||
    /^[A-Za-z]:/.test(raw) ||
    (raw.endsWith("/") && opts.folder !== true)
  ) {
    return { error: E("ERR_WRONG_FILENAME") };
  }
  const parts: string[] = [];
  const segments = raw.split("/");
  for (let i = 0; i < segments.length; i += 1) {
    const seg = segments[i] ?? "";
    if (seg === "" || seg === ".") {
      continue;
    }
    if (seg === "..") {
      return { error: E("ERR_WRONG_FILENAME") };
    }
    const last = i === segments.length - 1;
    const checked = wildcards && last ? seg.replace(/[*?]/g, "") : seg;
    if (refusedName(checked) || /^\s+$/.test(seg)) {
      return { error: E("ERR_WRONG_FILENAME") };
    }
    parts.push(seg);
  }
  if (parts.length === 0) {
    return { error: E("ERR_WRONG_FILENAME") };
  }
  const path = parts.join("/");
  if (path.length > MAX_PATH_LENGTH) {
    return { error: E("ERR_TOO_LONG_FILENAME") };
  }
  return { path, key: path.toLowerCase() };
}

export function parentOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

export class FileStore {
  readonly entries = new Map<string, FileEntry>();
  /** Bytes of content held (the quota's measure). */
  used = 0;
  /** Keys changed since the last report. */
  private readonly changed = new Set<string>();

  constructor(
    readonly common: boolean,
    readonly quota: number,
  ) {}

  get(key: string): FileEntry | undefined {
    return this.entries.get(key);
  }

  /** An entry as the host persisted it (load): not reported back until it changes. */
  seed(path: string, dir: boolean, data: Uint8Array, created: number, modified: number): void {
    const key = path.toLowerCase();
    if (this.entries.has(key)) {
      return;
    }
    const parent = parentOf(path);
    if (parent !== "" && !this.entries.has(parent.toLowerCase())) {
      this.seed(parent, true, new Uint8Array(0), created, modified);
    }
    this.entries.set(key, {
      path,
      dir,
      data,
      size: dir ? 0 : data.length,
      created,
      modified,
      accessed: modified,
      synced: dir ? 0 : data.length,
      dirtyFrom: Number.POSITIVE_INFINITY,
    });
    if (!dir) {
      this.used += data.length;
    }
  }

  /** Error code why a new entry cannot be made (cap), or 0. */
  private roomFor(count: number): number {
    return this.entries.size + count > MAX_ENTRIES ? E("ERR_FILE_WRITEERROR") : 0;
  }

  /**
   * Makes the folders of `path` (itself included when `self`); existing ones are kept. Error
   * code, or 0: a file in the way answers ERR_FILE_ISNOT_DIRECTORY.
   */
  makeFolders(path: string, now: number, self: boolean): number {
    const parts = path.split("/");
    const upto = self ? parts.length : parts.length - 1;
    const missing: string[] = [];
    for (let i = 1; i <= upto; i += 1) {
      const p = parts.slice(0, i).join("/");
      const e = this.entries.get(p.toLowerCase());
      if (e && !e.dir) {
        return E("ERR_FILE_ISNOT_DIRECTORY");
      }
      if (!e) {
        missing.push(p);
      }
    }
    const room = this.roomFor(missing.length);
    if (room !== 0) {
      return room;
    }
    for (const p of missing) {
      this.put(p, true, now);
    }
    return 0;
  }

  /** A new empty file (its folders made first), or an error code. */
  createFile(path: string, now: number): FileEntry | number {
    const folders = this.makeFolders(path, now, false);
    if (folders !== 0) {
      return folders;
    }
    const room = this.roomFor(1);
    if (room !== 0) {
      return room;
    }
    return this.put(path, false, now);
  }

  private put(path: string, dir: boolean, now: number): FileEntry {
    const key = path.toLowerCase();
    const entry: FileEntry = {
      path,
      dir,
      data: new Uint8Array(0),
      size: 0,
      created: now,
      modified: now,
      accessed: now,
      synced: -1,
      dirtyFrom: 0,
    };
    this.entries.set(key, entry);
    this.changed.add(key);
    return entry;
  }

  /** Whether `extra` more bytes fit the quota. */
  fits(extra: number): boolean {
    return extra <= 0 || this.used + extra <= this.quota;
  }

  /**
   * Writes `bytes` at `pos` (a gap past the end is zero-filled). False when the quota does not
   * allow the growth (nothing written).
   */
  write(entry: FileEntry, pos: number, bytes: Uint8Array, now: number): boolean {
    const end = pos + bytes.length;
    const growth = Math.max(0, end - entry.size);
    if (!this.fits(growth)) {
      return false;
    }
    if (end > entry.data.length) {
      const grown = new Uint8Array(Math.max(end, Math.min(entry.data.length * 2, end + (1 << 20))));
      grown.set(entry.data.subarray(0, entry.size));
      entry.data = grown;
    }
    if (pos > entry.size) {
      entry.data.fill(0, entry.size, pos);
      entry.dirtyFrom = Math.min(entry.dirtyFrom, entry.size);
    }
    entry.data.set(bytes, pos);
    this.used += growth;
    entry.size = Math.max(entry.size, end);
    entry.dirtyFrom = Math.min(entry.dirtyFrom, pos);
    this.touch(entry, now);
    return true;
  }

  /** Cuts a file to `size` bytes (FileOpen with FILE_WRITE and no FILE_READ: to 0). */
  truncate(entry: FileEntry, size: number, now: number): void {
    if (size >= entry.size) {
      return;
    }
    this.used -= entry.size - size;
    entry.size = size;
    entry.data = entry.data.slice(0, size);
    entry.dirtyFrom = Math.min(entry.dirtyFrom, size);
    if (size < entry.synced) {
      entry.synced = -1; // the host holds more than the file now has: send it whole
    }
    this.touch(entry, now);
  }

  /** Replaces a file's whole content (FileSave, FileCopy's target); false past the quota. */
  replace(entry: FileEntry, bytes: Uint8Array, now: number): boolean {
    if (!this.fits(bytes.length - entry.size)) {
      return false;
    }
    this.used += bytes.length - entry.size;
    entry.data = bytes.slice();
    entry.size = bytes.length;
    entry.dirtyFrom = 0;
    entry.synced = -1;
    this.touch(entry, now);
    return true;
  }

  private touch(entry: FileEntry, now: number): void {
    entry.modified = now;
    entry.accessed = now;
    this.changed.add(entry.path.toLowerCase());
  }

  remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) {
      return;
    }
    if (!e.dir) {
      this.used -= e.size;
    }
    this.entries.delete(key);
    this.changed.add(key);
  }

  /** Moves an entry to another path of this store (renames keep the content). */
  rename(key: string, path: string, now: number): void {
    const e = this.entries.get(key);
    if (!e) {
      return;
    }
    this.entries.delete(key);
    this.changed.add(key);
    e.path = path;
    e.synced = -1;
    e.dirtyFrom = 0;
    e.modified = now;
    const next = path.toLowerCase();
    this.entries.set(next, e);
    this.changed.add(next);
  }

  /** Entries directly inside folder `dirKey` ("" = the sandbox root), sorted by name. */
  children(dirKey: string): FileEntry[] {
    const prefix = dirKey === "" ? "" : `${dirKey}/`;
    const out: FileEntry[] = [];
    for (const [key, e] of this.entries) {
      if (key.startsWith(prefix) && !key.slice(prefix.length).includes("/")) {
        out.push(e);
      }
    }
    return out.sort((a, b) => {
      const x = baseName(a.path).toLowerCase();
      const y = baseName(b.path).toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    });
  }

  /** Keys of every entry below folder `dirKey`, deepest first. */
  descendants(dirKey: string): string[] {
    const prefix = `${dirKey}/`;
    return [...this.entries.keys()]
      .filter((k) => k.startsWith(prefix))
      .sort((a, b) => b.split("/").length - a.split("/").length);
  }

  /** What changed since the last call, as the host must persist it; then all is reported. */
  takeChanges(): EntryChange[] {
    const out: EntryChange[] = [];
    for (const key of this.changed) {
      const e = this.entries.get(key);
      if (!e) {
        out.push({ path: key, deleted: true });
        continue;
      }
      if (e.dir) {
        if (e.synced < 0) {
          out.push({ path: e.path, dir: true, created: e.created, modified: e.modified });
          e.synced = 0;
        }
        continue;
      }
      const change: EntryChange = { path: e.path, created: e.created, modified: e.modified };
      if (e.synced >= 0 && e.dirtyFrom >= e.synced && e.size >= e.synced) {
        change.append = e.data.slice(e.synced, e.size);
      } else {
        change.data = e.data.slice(0, e.size);
      }
      out.push(change);
      e.synced = e.size;
      e.dirtyFrom = Number.POSITIVE_INFINITY;
    }
    this.changed.clear();
    return out;
  }
}
