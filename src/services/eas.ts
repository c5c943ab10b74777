// Expert Advisors as admins manage them (spec §2.10, ARCHITECTURE §5 "Admin: EAs"): upload
// (size limit, UTF-8 / UTF-16-with-BOM decoding, `.js`/`.ts`/`.mjs`, static analysis with
// ea-runtime's analyseProgram — it only parses, no user code runs here), list, get and delete
// (running instances are stopped first through an injected hook). An EA belongs to the uploading
// admin: another admin's EA is EA_NOT_FOUND like an unknown one; a superadmin JWT sees all.
// Keys of the owning admin see its `ready` EAs (`GET /api/eas`) and may run them.
import { and, asc, eq } from "drizzle-orm";
import { analyseProgram } from "../../ea-runtime/src/analysis/index.ts";
import { AppError, validationError } from "../domain/errors.ts";
import { isUuid } from "../domain/ids.ts";
import { type EaInputParamRow, type EaRow, eas } from "../storage/schema/index.ts";
import { recordAudit } from "./audit.ts";
import type { ServiceDeps } from "./deps.ts";
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

/** An uploaded file as the HTTP layer hands it over. */
export interface EaUpload {
  /** File name as sent by the client. */
  readonly fileName: string;
  readonly bytes: Uint8Array;
  /** Optional display name (the `name` form field). */
  readonly name?: string;
}

/** Runs before an EA is deleted (the instance layer stops the EA's running instances). */
export type EaDeleteHook = (eaId: string) => Promise<void>;

const EXTENSIONS = [".js", ".ts", ".mjs"];

export const eaNotFound = (): AppError => new AppError("EA_NOT_FOUND", "EA not found");

/**
 * Decodes an uploaded program: UTF-8 (with or without BOM), UTF-16 LE/BE with BOM. Anything
 * else (invalid UTF-8, NUL bytes) is rejected as not being a text file.
 */
export function decodeProgramText(bytes: Uint8Array): string {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) {
      text = new TextDecoder("utf-16le", { fatal: true }).decode(bytes.subarray(2));
    } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
      text = new TextDecoder("utf-16be", { fatal: true }).decode(bytes.subarray(2));
    } else {
      // TextDecoder strips a UTF-8 BOM by default.
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    }
  } catch {
    throw validationError("file", "the file must be UTF-8 text, or UTF-16 text with a BOM");
  }
  if (text.includes("\u0000")) {
    throw validationError(
      "file",
      "the file contains NUL characters: send UTF-8 text, or UTF-16 text with a BOM",
    );
  }
  return text;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot).toLowerCase();
}

function baseName(fileName: string): string {
  const slash = Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\"));
  return fileName.slice(slash + 1);
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
    if (upload.bytes.byteLength > limit) {
      throw new AppError("PAYLOAD_TOO_LARGE", `The EA file exceeds the limit of ${limit} bytes`);
    }
    const originalName = baseName(upload.fileName).slice(0, 255);
    const ext = extensionOf(originalName);
    if (!EXTENSIONS.includes(ext)) {
      throw validationError("file", "the file name must end in .js, .ts or .mjs");
    }
    if (upload.bytes.byteLength === 0) {
      throw validationError("file", "the file is empty");
    }
    const source = decodeProgramText(upload.bytes);
    const name =
      upload.name?.trim() ||
      originalName.slice(0, originalName.length - ext.length) ||
      originalName;
    const analysis = analyseProgram(source, originalName);
    const now = new Date(this.deps.clock.now());
    const row = await this.deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(eas)
        .values({
          adminId: scope.adminId,
          name,
          originalName,
          source,
          sizeBytes: upload.bytes.byteLength,
          createdAt: now,
          updatedAt: now,
          ...(analysis.ok
            ? {
                status: "ready",
                programJs: analysis.js,
                inputParams: analysis.inputParams.map((p) => ({ ...p })),
                eventHandlers: analysis.eventHandlers,
                error: "",
              }
            : {
                status: "error",
                programJs: "",
                inputParams: [],
                eventHandlers: [],
                error: analysis.error,
              }),
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
