// GET /admin/accounts — the accounts of the caller's admin (spec §2.12 fields).
import { Elysia, t } from "elysia";
import type { AccountService } from "../../../services/accounts.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { AdminAccountRecord } from "../../models/common.ts";
import { operation } from "../../openapi/operation.ts";

export function adminAccountsModule(deps: AuthDeps & { accounts: AccountService }) {
  return new Elysia({ name: "module.admin-accounts", prefix: "/admin", normalize: false })
    .use(authPlugin(deps))
    .get("/accounts", async ({ scope }) => ok(await deps.accounts.adminList(scope)), {
      admin: "admin",
      response: { 200: Envelope(t.Array(AdminAccountRecord)) },
      detail: operation({
        id: "listAdminAccounts",
        tag: "admin",
        summary: "List the accounts of the admin's keys (all accounts for a superadmin)",
        auth: "admin",
      }),
    });
}
