// /admin/usage/snapshots — take a usage snapshot now (superadmin: of every admin; admin or API
// key: of its own admin) and list snapshots newest first. The daily snapshots are taken by
// src/services/snapshot-scheduler.ts; the rules live in src/services/usage.ts.
import { Elysia, t } from "elysia";
import type { UsageService } from "../../../services/usage.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { operation } from "../../openapi/operation.ts";
import { SnapshotListQuery, SnapshotPageRecord, SnapshotRecord } from "./model.ts";

export function adminUsageModule(deps: AuthDeps & { usage: UsageService }) {
  return new Elysia({ name: "module.admin-usage", prefix: "/admin/usage", normalize: false })
    .use(authPlugin(deps))
    .post(
      "/snapshots",
      async ({ scope, set }) => {
        set.status = 201;
        return ok(await deps.usage.takeNow(scope));
      },
      {
        admin: "admin",
        response: { 201: Envelope(t.Array(SnapshotRecord)) },
        detail: operation({
          id: "takeUsageSnapshot",
          tag: "usage",
          summary:
            "Take a usage snapshot now (superadmin: one per admin; admin or API key: its own)",
          auth: "admin",
        }),
      },
    )
    .get("/snapshots", async ({ scope, query }) => ok(await deps.usage.list(scope, query)), {
      admin: "admin",
      query: SnapshotListQuery,
      response: { 200: Envelope(SnapshotPageRecord) },
      detail: operation({
        id: "listUsageSnapshots",
        tag: "usage",
        summary: "List usage snapshots, newest first (an admin sees only its own)",
        auth: "admin",
        errors: ["ADMIN_NOT_FOUND"],
      }),
    });
}
