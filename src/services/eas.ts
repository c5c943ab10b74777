// Expert Advisors as admins manage them (spec §2.10, ARCHITECTURE §5 "Admin: EAs"): upload
// (size limit; the files sorted out, decoded and analysed or compiled by ea-programs.ts — no
// user code runs here), recompilation of MQL5 EAs after a compiler upgrade, list, get and delete
// (running instances are stopped first through an injected hook). An EA belongs to the uploading
// admin: another admin's EA is EA_NOT_FOUND like an unknown one; a superadmin JWT sees all.
// Keys of the owning admin see its `ready` EAs (`GET /api/eas`) and may run them.
import { and, asc, eq, ne } from "drizzle-orm";
import { AppError } from "../domain/errors.ts";
import { isUuid } from "../domain/ids.ts";
import { type EaInputParamRow, type EaRow, eas } from "../storage/schema/index.ts";
import { recordAudit } from "./audit.ts";
import type { ServiceDeps } from "./deps.ts";
import {
  COMPILER_VERSION,
  compileStored,
  extensionOf,
  type ProgramAnalysis,
  prepareProgram,
  type UploadedFile,
} from "./ea-programs.ts";
import type { AdminScope, KeyPrincipal } from "./keys.ts";

/** EA record of spec §2.10. */
export interface EaView {
  readonly id: string;
  readonly admin_id: string;
  readonly name: string;
  readonly original_name: string;
  readonly status: "ready" | "error";
  readonly input_params: EaInputParamRow[];
  readonly event_handlers: string[];
  readonly error: string;
  readonly created_at: string;
  readonly updated_at: string;
}

/** An upload as the HTTP layer hands it over: one or more file parts. */
export interface EaUpload {
  /** The program first; for MQL5, the `.mqh` headers it includes after it (or one `.zip`). */
  readonly files: readonly UploadedFile[];
  /** Optional display name (the `name` form field). */
  readonly name?: string;
}

/** Runs before an EA is deleted (the instance layer stops the EA's running instances). */
export type EaDeleteHook = (eaId: string) => Promise<void>;

export const eaNotFound = (): AppError => new AppError("EA_NOT_FOUND", "EA not found");

function analysisColumns(analysis: ProgramAnalysis) {
  return analysis.ok
    ? {
        status: "ready",
        programJs: analysis.js,
        inputParams: analysis.inputParams,
        eventHandlers: analysis.eventHandlers,
        error: "",
      }
    : {
        status: "error",
        programJs: "",
        inputParams: [],
        eventHandlers: [],
        error: analysis.error,
      };
}

export class EaService {
  private readonly deleteHooks: EaDeleteHook[] = [];

  constructor(private readonly deps: ServiceDeps) {}

  /** Registers a hook run (and awaited) before an EA is deleted. */
  beforeDelete(hook: EaDeleteHook): void {
    this.deleteHooks.push(hook);
  }

  view(row: EaRow): EaView {
    return {
      id: row.id,
      admin_id: row.adminId,
      name: row.name,
      original_name: row.originalName,
      status: row.status === "ready" ? "ready" : "error",
      input_params: row.inputParams,
      event_handlers: row.eventHandlers,
      error: row.error,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** Stores and analyses an upload; analysis failures are stored with status `error`. */
  async upload(scope: AdminScope, upload: EaUpload): Promise<EaView> {
    const limit = this.deps.config.eaMaxUploadBytes;
    const size = upload.files.reduce((n, f) => n + f.bytes.byteLength, 0);
    if (size > limit) {
      throw new AppError("PAYLOAD_TOO_LARGE", `The EA file exceeds the limit of ${limit} bytes`);
    }
    const program = prepareProgram(upload.files, this.deps.clock.now());
    const originalName = program.originalName;
    const ext = extensionOf(originalName);
    const name =
      upload.name?.trim() ||
      originalName.slice(0, originalName.length - ext.length) ||
      originalName;
    const now = new Date(this.deps.clock.now());
    const row = await this.deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(eas)
        .values({
          adminId: scope.adminId,
          name,
          originalName,
          source: program.source,
          headers: program.headers,
          compilerVersion: program.compilerVersion,
          sizeBytes: program.sizeBytes,
          createdAt: now,
          updatedAt: now,
          ...analysisColumns(program.analysis),
        })
        .returning();
      if (!inserted) {
        throw new AppError("INTERNAL_ERROR", "the EA could not be stored");
      }
      await recordAudit(tx, {
        actor: scope.actor,
        action: "ea.upload",
        targetType: "ea",
        targetId: inserted.id,
        details: { name, original_name: originalName, status: inserted.status },
      });
      return inserted;
    });
    return this.view(row);
  }

  /**
   * Recompiles the MQL5 EAs compiled by another compiler version (run at start, before
   * instances resume): their program, inputs, handlers and status follow the new compiler.
   * Returns how many were recompiled.
   */
  async recompileStale(): Promise<number> {
    const rows = await this.deps.db
      .select()
      .from(eas)
      .where(and(ne(eas.compilerVersion, ""), ne(eas.compilerVersion, COMPILER_VERSION)));
    for (const row of rows) {
      const analysis = compileStored(
        row.originalName,
        row.source,
        row.headers,
        this.deps.clock.now(),
      );
      await this.deps.db
        .update(eas)
        .set({
          ...analysisColumns(analysis),
          compilerVersion: COMPILER_VERSION,
          updatedAt: new Date(this.deps.clock.now()),
        })
        .where(eq(eas.id, row.id));
    }
    return rows.length;
  }

  private scopeFilter(scope: AdminScope) {
    return scope.superadmin ? undefined : eq(eas.adminId, scope.adminId);
  }

  async list(scope: AdminScope): Promise<EaView[]> {
    const rows = await this.deps.db
      .select()
      .from(eas)
      .where(this.scopeFilter(scope))
      .orderBy(asc(eas.createdAt), asc(eas.id));
    return rows.map((r) => this.view(r));
  }

  private async loadInScope(scope: AdminScope, id: string): Promise<EaRow> {
    if (!isUuid(id)) {
      throw eaNotFound();
    }
    const [row] = await this.deps.db
      .select()
      .from(eas)
      .where(and(eq(eas.id, id.toLowerCase()), this.scopeFilter(scope)));
    if (!row) {
      throw eaNotFound();
    }
    return row;
  }

  async get(scope: AdminScope, id: string): Promise<EaView> {
    return this.view(await this.loadInScope(scope, id));
  }

  /** Stops the EA's running instances, then deletes it (its instance rows go with it). */
  async delete(scope: AdminScope, id: string): Promise<{ id: string; deleted: true }> {
    const row = await this.loadInScope(scope, id);
    for (const hook of this.deleteHooks) {
      await hook(row.id);
    }
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(eas).where(eq(eas.id, row.id));
      await recordAudit(tx, {
        actor: scope.actor,
        action: "ea.delete",
        targetType: "ea",
        targetId: row.id,
        details: { name: row.name },
      });
    });
    return { id: row.id, deleted: true };
  }

  /** `GET /api/eas`: the ready EAs of the key's admin. */
  async listForKey(principal: KeyPrincipal): Promise<EaView[]> {
    const rows = await this.deps.db
      .select()
      .from(eas)
      .where(and(eq(eas.adminId, principal.adminId), eq(eas.status, "ready")))
      .orderBy(asc(eas.createdAt), asc(eas.id));
    return rows.map((r) => this.view(r));
  }

  /** A ready EA the key may run (its admin's), or EA_NOT_FOUND. */
  async loadRunnable(principal: KeyPrincipal, id: string): Promise<EaRow> {
    if (!isUuid(id)) {
      throw eaNotFound();
    }
    const [row] = await this.deps.db
      .select()
      .from(eas)
      .where(
        and(
          eq(eas.id, id.toLowerCase()),
          eq(eas.adminId, principal.adminId),
          eq(eas.status, "ready"),
        ),
      );
    if (!row) {
      throw eaNotFound();
    }
    return row;
  }

  /** Any EA by id (resuming instances after a restart); undefined when gone. */
  async byId(id: string): Promise<EaRow | undefined> {
    const [row] = await this.deps.db.select().from(eas).where(eq(eas.id, id));
    return row;
  }
}
