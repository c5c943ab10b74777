// GET /admin/admins — superadmin only. Admins are created and changed with the CLI, never here.
import { Elysia, t } from "elysia";
import type { AdminService } from "../../../services/admins.ts";
import type { AuthDeps } from "../../auth.ts";
import { authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { AdminRecord, SUPERADMIN_SECURITY } from "../../models/common.ts";

export function adminAdminsModule(deps: AuthDeps & { admins: AdminService }) {
  return new Elysia({ name: "module.admin-admins", prefix: "/admin", normalize: false })
    .use(authPlugin(deps))
    .get("/admins", async () => ok(await deps.admins.list()), {
      admin: "superadmin",
      response: { 200: Envelope(t.Array(AdminRecord)) },
      detail: {
        tags: ["admin"],
        summary: "List admins (superadmin)",
        security: SUPERADMIN_SECURITY,
      },
    });
}
