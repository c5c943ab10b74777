// Session control of an account: POST /api/accounts/{id}/connect (waits, bounded, for connected
// or failed), POST …/disconnect, GET …/session (health).
import { Elysia } from "elysia";
import type { AccountService } from "../../../services/accounts.ts";
import type { Sessions } from "../../../sessions/sessions.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { AccountIdParams } from "../../models/common.ts";
import { SessionHealthSchema as Health } from "../../models/trading.ts";
import { operation } from "../../openapi/operation.ts";

const Id = AccountIdParams;

export function sessionsModule(deps: AuthDeps & { accounts: AccountService; sessions: Sessions }) {
  /** The session's health and the node running it. */
  const state = (id: string) => ({
    ...deps.sessions.healthOf(id),
    node_id: deps.sessions.nodeOf(id),
  });
  return new Elysia({ name: "module.sessions", prefix: "/api/accounts/:id", normalize: false })
    .use(authPlugin(deps))
    .post(
      "/connect",
      async ({ principal, params }) => {
        const row = await deps.accounts.load(principal, params.id);
        if (!row.isEnabled) {
          return ok(state(row.id));
        }
        deps.accounts.syncSession({ ...row, autoConnect: true });
        return ok({
          ...(await deps.sessions.connect(row.id)),
          node_id: deps.sessions.nodeOf(row.id),
        });
      },
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(Health) },
        detail: operation({
          id: "connectAccount",
          tag: "sessions",
          summary: "Connect the account to its broker (waits up to 10 s)",
          description:
            "Answers the session's health once it is connected or has failed (status auth_failed or error, with last_error), or after 10 s. A disabled account is not connected: its health is answered as it is.",
          auth: "key",
          errors: ["BROKER_UNAVAILABLE"],
        }),
      },
    )
    .post(
      "/disconnect",
      async ({ principal, params }) => {
        const row = await deps.accounts.load(principal, params.id);
        deps.sessions.disconnect(row.id);
        return ok({ ...state(row.id), status: "disconnected" as const });
      },
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(Health) },
        detail: operation({
          id: "disconnectAccount",
          tag: "sessions",
          summary: "Disconnect the account's session",
          auth: "key",
        }),
      },
    )
    .get(
      "/session",
      async ({ principal, params }) => {
        const row = await deps.accounts.load(principal, params.id);
        return ok(state(row.id));
      },
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(Health) },
        detail: operation({
          id: "getSession",
          tag: "sessions",
          summary: "Health of the account's broker session",
          auth: "key",
        }),
      },
    );
}
