// /admin/keys — API key management for the caller's admin (all keys for a superadmin JWT).
// Another admin's key is answered 400 `Key not found`, like a key that does not exist.
import { Elysia, t } from "elysia";
import type { KeyService } from "../../../services/keys.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { ADMIN_SECURITY, Int, KeyRecord, Text } from "../../models/common.ts";

const Cap = Int({ minimum: 0, maximum: 100_000, description: "Account cap of the key" });
const KeyWithSecret = t.Composite([
  KeyRecord,
  t.Object({ key: t.String({ description: "The plaintext key; shown only in this response" }) }),
]);
const security = ADMIN_SECURITY;
const Id = t.Object({ id: t.String({ maxLength: 64 }) });

export function adminKeysModule(deps: AuthDeps & { keys: KeyService }) {
  return new Elysia({ name: "module.admin-keys", prefix: "/admin/keys", normalize: false })
    .use(authPlugin(deps))
    .post(
      "/",
      async ({ body, scope, set }) => {
        set.status = 201;
        return ok(await deps.keys.create(scope, body ?? {}));
      },
      {
        admin: "admin",
        body: t.Optional(
          t.Object(
            { name: t.Optional(Text(200)), max_accounts: t.Optional(Cap) },
            { additionalProperties: false },
          ),
        ),
        response: { 201: Envelope(KeyWithSecret) },
        detail: { tags: ["keys"], summary: "Issue an API key (plaintext shown once)", security },
      },
    )
    .get("/", async ({ scope }) => ok(await deps.keys.list(scope)), {
      admin: "admin",
      response: { 200: Envelope(t.Array(KeyRecord)) },
      detail: { tags: ["keys"], summary: "List API keys", security },
    })
    .get("/:id", async ({ scope, params }) => ok(await deps.keys.get(scope, params.id)), {
      admin: "admin",
      params: Id,
      response: { 200: Envelope(KeyRecord) },
      detail: { tags: ["keys"], summary: "Get an API key", security },
    })
    .patch(
      "/:id",
      async ({ scope, params, body }) => ok(await deps.keys.patch(scope, params.id, body)),
      {
        admin: "admin",
        params: Id,
        body: t.Object(
          {
            name: t.Optional(Text(200)),
            max_accounts: t.Optional(Cap),
            is_enabled: t.Optional(t.Boolean()),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: Envelope(KeyRecord) },
        detail: { tags: ["keys"], summary: "Change name, cap or enabled flag", security },
      },
    )
    .delete("/:id", async ({ scope, params }) => ok(await deps.keys.revoke(scope, params.id)), {
      admin: "admin",
      params: Id,
      response: {
        200: Envelope(
          t.Object({ id: t.String(), revoked: t.Literal(true), accounts_removed: t.Integer() }),
        ),
      },
      detail: {
        tags: ["keys"],
        summary: "Revoke a key (stops working at once; its accounts are removed)",
        security,
      },
    })
    .post(
      "/:id/rotate",
      async ({ scope, params }) => ok(await deps.keys.rotate(scope, params.id)),
      {
        admin: "admin",
        params: Id,
        response: { 200: Envelope(KeyWithSecret) },
        detail: {
          tags: ["keys"],
          summary: "Replace the key's secret (old one stops working)",
          security,
        },
      },
    );
}
