// Session control of an account: POST /api/accounts/{id}/connect (waits, bounded, for connected
// or failed), POST …/disconnect, GET …/session (health).
import { Elysia, t } from "elysia";
import type { AccountService } from "../../../services/accounts.ts";
import type { SessionManager } from "../../../sessions/manager.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { KEY_SECURITY, SessionStatusSchema } from "../../models/common.ts";

const Health = t.Object(
  {
    status: SessionStatusSchema,
    connected_since: t.Union([t.String({ description: "date-time (UTC)" }), t.Null()]),
    last_error: t.Union([t.String(), t.Null()]),
    reconnects: t.Integer(),
    last_quote_at: t.Union([t.String({ description: "date-time (UTC)" }), t.Null()]),
  },
  { $id: "#/components/schemas/SessionHealth" },
);
const Id = t.Object({ id: t.String({ maxLength: 64 }) });
const detail = (summary: string) => ({ tags: ["sessions"], summary, security: KEY_SECURITY });

export function sessionsModule(
  deps: AuthDeps & { accounts: AccountService; sessions: SessionManager },
) {
  return new Elysia({ name: "module.sessions", prefix: "/api/accounts/:id", normalize: false })
    .use(authPlugin(deps))
    .post(
      "/connect",
      async ({ principal, params }) => {
        const row = await deps.accounts.load(principal, params.id);
        if (!row.isEnabled) {
          return ok({ ...deps.sessions.healthOf(row.id) });
        }
        deps.accounts.syncSession({ ...row, autoConnect: true });
        return ok(await deps.sessions.connect(row.id));
      },
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(Health) },
        detail: detail("Connect the account to its broker (waits up to 10 s)"),
      },
    )
    .post(
      "/disconnect",
      async ({ principal, params }) => {
        const row = await deps.accounts.load(principal, params.id);
        deps.sessions.disconnect(row.id);
        return ok({ ...deps.sessions.healthOf(row.id), status: "disconnected" as const });
      },
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(Health) },
        detail: detail("Disconnect the account's session"),
      },
    )
    .get(
      "/session",
      async ({ principal, params }) => {
        const row = await deps.accounts.load(principal, params.id);
        return ok(deps.sessions.healthOf(row.id));
      },
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(Health) },
        detail: detail("Health of the account's broker session"),
      },
    );
}
