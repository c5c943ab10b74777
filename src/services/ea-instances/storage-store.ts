// The SQL of what EAs keep between runs: ea_global_variables (an account's terminal global
// variables) and ea_files (an EA's own file folder per account, and the account's common folder,
// `ea_id` null). `load` builds the runtime's LoadMeta.storage; `apply` writes one StorageDelta
// (ea-runtime/src/runtime/storage.ts) in a transaction.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { FileChange, StorageDelta } from "../../ea/storage-wire.ts";
import type { Db } from "../../storage/db.ts";
import { eaFiles, eaGlobalVariables } from "../../storage/schema/index.ts";

/** LoadMeta.storage (ea-runtime/src/runtime/storage.ts WireStorage). */
export interface StoredState {
  globals: { name: string; value: number; time: number }[];
  files: {
    common?: boolean;
    path: string;
    dir?: boolean;
    data?: string;
    created: number;
    modified: number;
  }[];
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export class EaStorageStore {
  constructor(private readonly db: Db) {}

  /** The account's global variables, the EA's files and the account's common files. */
  async load(accountId: string, eaId: string): Promise<StoredState> {
    const globals = await this.db
      .select({
        name: eaGlobalVariables.name,
        value: eaGlobalVariables.value,
        time: eaGlobalVariables.time,
      })
      .from(eaGlobalVariables)
      .where(eq(eaGlobalVariables.accountId, accountId));
    const rows = await this.db
      .select({
        eaId: eaFiles.eaId,
        path: eaFiles.path,
        isDir: eaFiles.isDir,
        data: eaFiles.data,
        createdTime: eaFiles.createdTime,
        modifiedTime: eaFiles.modifiedTime,
      })
      .from(eaFiles)
      .where(
        and(eq(eaFiles.accountId, accountId), or(eq(eaFiles.eaId, eaId), isNull(eaFiles.eaId))),
      );
    return {
      globals: globals.map((g) => ({ name: g.name, value: g.value, time: g.time })),
      files: rows.map((r) => ({
        ...(r.eaId === null ? { common: true } : {}),
        path: r.path,
        ...(r.isDir ? { dir: true } : { data: Buffer.from(r.data).toString("base64") }),
        created: r.createdTime,
        modified: r.modifiedTime,
      })),
    };
  }

  /** Writes one delta of an instance of EA `eaId` on the account. */
  async apply(accountId: string, eaId: string, delta: StorageDelta): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const g of delta.globals ?? []) {
        if (g.deleted) {
          await tx
            .delete(eaGlobalVariables)
            .where(
              and(eq(eaGlobalVariables.accountId, accountId), eq(eaGlobalVariables.name, g.name)),
            );
          continue;
        }
        const row = { value: g.value ?? 0, time: Math.trunc(g.time ?? 0), updatedAt: new Date() };
        await tx
          .insert(eaGlobalVariables)
          .values({ accountId, name: g.name, ...row })
          .onConflictDoUpdate({
            target: [eaGlobalVariables.accountId, eaGlobalVariables.name],
            set: row,
          });
      }
      for (const f of delta.files ?? []) {
        await this.applyFile(tx, accountId, f.common === true ? null : eaId, f);
      }
    });
  }

  private async applyFile(
    tx: Tx,
    accountId: string,
    eaId: string | null,
    change: FileChange,
  ): Promise<void> {
    let f = change;
    const pathKey = f.path.toLowerCase();
    const where = and(
      eq(eaFiles.accountId, accountId),
      eaId === null ? isNull(eaFiles.eaId) : eq(eaFiles.eaId, eaId),
      eq(eaFiles.pathKey, pathKey),
    );
    const times = {
      createdTime: Math.trunc(f.created ?? 0),
      modifiedTime: Math.trunc(f.modified ?? 0),
    };
    if (f.append !== undefined) {
      const bytes = new Uint8Array(Buffer.from(f.append, "base64"));
      const updated = await tx
        .update(eaFiles)
        .set({
          data: sql`${eaFiles.data} || ${bytes}::bytea`,
          path: f.path,
          modifiedTime: times.modifiedTime,
          updatedAt: new Date(),
        })
        .where(where)
        .returning({ id: eaFiles.id });
      if (updated.length > 0) {
        return;
      }
      // Nothing to append to (should not happen): keep what arrived.
      f = { ...f, append: undefined, data: f.append };
    }
    await tx.delete(eaFiles).where(where);
    if (f.deleted) {
      return;
    }
    await tx.insert(eaFiles).values({
      accountId,
      eaId,
      pathKey,
      path: f.path,
      isDir: f.dir === true,
      data:
        f.dir === true ? new Uint8Array(0) : new Uint8Array(Buffer.from(f.data ?? "", "base64")),
      ...times,
    });
  }
}
