// GET /admin/admins — superadmin only. Admins are created and changed with the CLI, never here.
import { Elysia, t } from "elysia";
import type { AdminService } from "../../../services/admins.ts";
import type { AuthDeps } from "../../auth.ts";
import { authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { AdminRecord } from "../../models/common.ts";
import { operation } from "../../openapi/operation.ts";

export function adminAdminsModule(deps: AuthDeps & { admins: AdminService }) {
  return new Elysia({ name: "module.admin-admins", prefix: "/admin", normalize: false })
    .use(authPlugin(deps))
    .get("/admins", async () => ok(await deps.admins.list()), {
      admin: "superadmin",
      response: { 200: Envelope(t.Array(AdminRecord)) },
      detail: operation({
        id: "listAdmins",
        tag: "admin",
        summary: "List admins (superadmin)",
        description:
          "Admins are created and changed with the CLI (`tas admin …`), never over REST.",
        auth: "superadmin",
      }),
    });
}
