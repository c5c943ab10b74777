// Writes audit entries. Callers pass the transaction they are in, so the entry commits (or rolls
// back) with the change it describes.
import type { Db } from "../storage/db.ts";
import { auditLog } from "../storage/schema/index.ts";
import type { Actor } from "./deps.ts";

export interface AuditEntry {
  readonly actor: Actor;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string;
  readonly details?: Record<string, unknown>;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorType: entry.actor.type,
    actorId: entry.actor.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
  });
}
