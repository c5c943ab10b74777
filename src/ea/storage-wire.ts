/**
 * The persisted EA state on the IPC wire: Outcome.storage (the global variables and file-store
 * entries an event changed; ea-runtime/src/runtime/storage.ts StorageDelta) as a TypeBox schema,
 * and how two deltas combine (a batch of events, or deltas waiting to be written).
 *
 * A file entry is keyed by (common, lower-case path): Windows names ignore case. A later change
 * of a key replaces an earlier one, except an `append` after a `data` or `append` of the same
 * file, which extends it. Must not import Bun, Node or isolated-vm APIs (both sides use it);
 * base64 goes through the `Buffer` global, which both Node and Bun have.
 */

import { type Static, Type } from "@sinclair/typebox";

export const GlobalVariableChangeSchema = Type.Object({
  name: Type.String(),
  value: Type.Optional(Type.Number()),
  /** Last access, MQL5 datetime (the EA's local time). */
  time: Type.Optional(Type.Number()),
  deleted: Type.Optional(Type.Boolean()),
});

export const FileChangeSchema = Type.Object({
  /** The account's common folder (FILE_COMMON), else the EA's own. */
  common: Type.Optional(Type.Boolean()),
  /** "/"-separated, relative; for a deleted entry its lower-case key. */
  path: Type.String(),
  deleted: Type.Optional(Type.Boolean()),
  dir: Type.Optional(Type.Boolean()),
  /** The whole content, base64. */
  data: Type.Optional(Type.String()),
  /** Bytes added after the content reported last, base64. */
  append: Type.Optional(Type.String()),
  created: Type.Optional(Type.Number()),
  modified: Type.Optional(Type.Number()),
});

export const StorageDeltaSchema = Type.Object({
  globals: Type.Optional(Type.Array(GlobalVariableChangeSchema)),
  files: Type.Optional(Type.Array(FileChangeSchema)),
});

export type GlobalVariableChange = Static<typeof GlobalVariableChangeSchema>;
export type FileChange = Static<typeof FileChangeSchema>;
export type StorageDelta = Static<typeof StorageDeltaSchema>;

/** The key of a file entry: its store and lower-case path. */
export function fileKey(f: Pick<FileChange, "common" | "path">): string {
  return `${f.common === true ? "c" : "e"}:${f.path.toLowerCase()}`;
}

function appendBase64(a: string, b: string): string {
  return Buffer.concat([Buffer.from(a, "base64"), Buffer.from(b, "base64")]).toString("base64");
}

/** `later` applied on top of `earlier` (either may be absent). */
export function mergeStorageDeltas(
  earlier: StorageDelta | undefined,
  later: StorageDelta | undefined,
): StorageDelta | undefined {
  if (!earlier) {
    return later;
  }
  if (!later) {
    return earlier;
  }
  const globals = new Map<string, GlobalVariableChange>();
  for (const g of [...(earlier.globals ?? []), ...(later.globals ?? [])]) {
    globals.set(g.name, g);
  }
  const files = new Map<string, FileChange>();
  for (const f of [...(earlier.files ?? []), ...(later.files ?? [])]) {
    const key = fileKey(f);
    const prev = files.get(key);
    if (f.append !== undefined && prev && !prev.deleted && !prev.dir) {
      if (prev.data !== undefined) {
        files.set(key, { ...f, append: undefined, data: appendBase64(prev.data, f.append) });
        continue;
      }
      if (prev.append !== undefined) {
        files.set(key, { ...f, append: appendBase64(prev.append, f.append) });
        continue;
      }
    }
    files.set(key, f);
  }
  const out: StorageDelta = {};
  if (globals.size > 0) {
    out.globals = [...globals.values()];
  }
  if (files.size > 0) {
    out.files = [...files.values()].map((f) => {
      if (f.append === undefined) {
        const { append: _drop, ...rest } = f;
        return rest;
      }
      return f;
    });
  }
  return out;
}
