/**
 * What an EA keeps between runs: the terminal's global variables (GlobalVariable*, globals.ts)
 * and its file sandboxes (File* and Folder* functions, files.ts). All of it lives here, in the isolate; no
 * call crosses to the host. The host hands the persisted state over at load (LoadMeta.storage)
 * and gets back, with every dispatch's outcome, the state of whatever changed
 * (Outcome.storage), which it persists for the next load.
 *
 * Scopes (the host's choice of what to hand over): global variables are the account's (every EA
 * run on the account sees them); the EA's own file folder is per (account, EA); the common
 * folder (FILE_COMMON) is per account. Temporary global variables (GlobalVariableTemp) are
 * never reported: they end with the run.
 *
 * Owns: the wire shapes of both directions, seeding from LoadMeta, the delta, base64 (the
 * isolate has no atob/btoa). Must not import anything outside ea-runtime/src/runtime.
 */

import type { RuntimeContext } from "./context.ts";
import { DEFAULT_QUOTA_BYTES, FileStore, normalizePath } from "./file-store.ts";
import { isRecord } from "./protocol.ts";

// ───────────────────────────── wire shapes ─────────────────────────────

/** A terminal global variable (GlobalVariable*) as persisted. */
export interface WireGlobalVariable {
  name: string;
  value: number;
  /** Last access, MQL5 datetime in the EA's local time (TimeLocal). */
  time: number;
}

/** A file or folder of a file sandbox as persisted. */
export interface WireFileEntry {
  /** In the account's common folder (FILE_COMMON), not the EA's own. */
  common?: boolean;
  /** Relative to the sandbox, "/"-separated, letter case as created (names ignore case). */
  path: string;
  /** A folder (no data). */
  dir?: boolean;
  /** The content, base64. */
  data?: string;
  /** Creation / last change, MQL5 datetimes in the EA's local time. */
  created?: number;
  modified?: number;
}

/** LoadMeta.storage: what earlier runs left. */
export interface WireStorage {
  /** The account's persistent global variables. */
  globals?: WireGlobalVariable[];
  /** The EA's files and the account's common files. */
  files?: WireFileEntry[];
  /** Bytes each file store (the EA's own, the account's common one) may hold; default 10 MiB. */
  quotaBytes?: number;
}

/** One changed file-store entry on the wire. */
export interface WireFileChange {
  common?: boolean;
  /** For a deleted entry: the lower-case path (the key). */
  path: string;
  deleted?: boolean;
  dir?: boolean;
  /** The whole content, base64. */
  data?: string;
  /** Bytes added after the content reported last, base64. */
  append?: string;
  created?: number;
  modified?: number;
}

/**
 * Outcome.storage: the state, after the event, of every global variable and file-store entry
 * changed since the previous outcome.
 */
export interface StorageDelta {
  /** `{ name, value, time }` set, or `{ name, deleted: true }`. */
  globals?: { name: string; value?: number; time?: number; deleted?: boolean }[];
  files?: WireFileChange[];
}

// ───────────────────────────── base64 ─────────────────────────────

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DECODE = (() => {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i += 1) {
    t[ALPHABET.charCodeAt(i)] = i;
  }
  return t;
})();

export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    chunk +=
      ALPHABET.charAt(n >> 18) +
      ALPHABET.charAt((n >> 12) & 63) +
      ALPHABET.charAt((n >> 6) & 63) +
      ALPHABET.charAt(n & 63);
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = "";
    }
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] ?? 0) << 16;
    chunk += `${ALPHABET.charAt(n >> 18)}${ALPHABET.charAt((n >> 12) & 63)}==`;
  } else if (rest === 2) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8);
    chunk += `${ALPHABET.charAt(n >> 18)}${ALPHABET.charAt((n >> 12) & 63)}${ALPHABET.charAt((n >> 6) & 63)}=`;
  }
  parts.push(chunk);
  return parts.join("");
}

/** Decodes base64 (padding optional, other characters skipped). */
export function fromBase64(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let n = 0;
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? (DECODE[c] ?? -1) : -1;
    if (v < 0) {
      continue;
    }
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n] = (acc >> bits) & 0xff;
      n += 1;
    }
  }
  return out.slice(0, n);
}

// ───────────────────────────── state ─────────────────────────────

export interface GlobalVariable {
  name: string;
  value: number;
  /** Last access, TimeLocal. */
  time: number;
  /** GlobalVariableTemp: never persisted. */
  temp: boolean;
}

/** The account's global variables as the run sees them, with change tracking. */
export class GlobalTable {
  readonly vars = new Map<string, GlobalVariable>();
  private readonly changed = new Set<string>();
  /** Whether the four-week expiry ran (at the first call once the clock is known). */
  swept = false;

  /** Creates or replaces a variable (a temporary one is never reported). */
  set(v: GlobalVariable): void {
    this.vars.set(v.name, v);
    if (!v.temp) {
      this.changed.add(v.name);
    }
  }

  /** Marks a variable changed (its value or last access time moved). */
  touch(v: GlobalVariable): void {
    if (!v.temp) {
      this.changed.add(v.name);
    }
  }

  delete(name: string): boolean {
    const had = this.vars.delete(name);
    if (had) {
      this.changed.add(name);
    }
    return had;
  }

  takeChanges(): StorageDelta["globals"] {
    if (this.changed.size === 0) {
      return undefined;
    }
    const out: NonNullable<StorageDelta["globals"]> = [];
    for (const name of this.changed) {
      const v = this.vars.get(name);
      if (!v || v.temp) {
        // A temporary variable never reached the host; if it replaced a persistent one (deleted,
        // then made temporary), the persistent one is gone.
        out.push({ name, deleted: true });
      } else {
        out.push({ name, value: v.value, time: v.time });
      }
    }
    this.changed.clear();
    return out;
  }
}

export class TerminalStorage {
  readonly globals = new GlobalTable();
  readonly local: FileStore;
  readonly common: FileStore;

  constructor(quotaBytes: number) {
    this.local = new FileStore(false, quotaBytes);
    this.common = new FileStore(true, quotaBytes);
  }

  store(common: boolean): FileStore {
    return common ? this.common : this.local;
  }
}

const states = new WeakMap<RuntimeContext, TerminalStorage>();

/** The run's storage (empty until seedStorage). */
export function storageOf(ctx: RuntimeContext): TerminalStorage {
  let s = states.get(ctx);
  if (!s) {
    s = new TerminalStorage(DEFAULT_QUOTA_BYTES);
    states.set(ctx, s);
  }
  return s;
}

const finite = (v: unknown, fallback = 0): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;

/** Loads LoadMeta.storage (tolerant: malformed items are skipped). */
export function seedStorage(ctx: RuntimeContext, raw: unknown): void {
  const wire = isRecord(raw) ? raw : {};
  const quota = finite(wire.quotaBytes, DEFAULT_QUOTA_BYTES);
  const s = new TerminalStorage(Math.max(0, Math.trunc(quota)));
  states.set(ctx, s);
  if (Array.isArray(wire.globals)) {
    for (const g of wire.globals) {
      if (isRecord(g) && typeof g.name === "string" && g.name !== "") {
        s.globals.vars.set(g.name, {
          name: g.name,
          value: finite(g.value),
          time: Math.trunc(finite(g.time)),
          temp: false,
        });
      }
    }
  }
  if (Array.isArray(wire.files)) {
    // Folders first so a file's parents exist before it.
    const entries = wire.files.filter(isRecord);
    entries.sort((a, b) => (a.dir === true ? 0 : 1) - (b.dir === true ? 0 : 1));
    for (const f of entries) {
      const p = normalizePath(f.path);
      if ("error" in p) {
        continue;
      }
      const created = Math.trunc(finite(f.created));
      const modified = Math.trunc(finite(f.modified, created));
      const data =
        f.dir !== true && typeof f.data === "string" ? fromBase64(f.data) : new Uint8Array(0);
      s.store(f.common === true).seed(p.path, f.dir === true, data, created, modified);
    }
  }
}

/** Everything changed since the last call, or undefined when nothing did. */
export function takeStorageDelta(ctx: RuntimeContext): StorageDelta | undefined {
  const s = states.get(ctx);
  if (!s) {
    return undefined;
  }
  const delta: StorageDelta = {};
  const globals = s.globals.takeChanges();
  if (globals && globals.length > 0) {
    delta.globals = globals;
  }
  const files: WireFileChange[] = [];
  for (const store of [s.local, s.common]) {
    for (const c of store.takeChanges()) {
      const w: WireFileChange = { path: c.path };
      if (store.common) {
        w.common = true;
      }
      if (c.deleted) {
        w.deleted = true;
      } else {
        if (c.dir) {
          w.dir = true;
        }
        if (c.data) {
          w.data = toBase64(c.data);
        }
        if (c.append) {
          w.append = toBase64(c.append);
        }
        w.created = c.created;
        w.modified = c.modified;
      }
      files.push(w);
    }
  }
  if (files.length > 0) {
    delta.files = files;
  }
  return delta.globals || delta.files ? delta : undefined;
}
