// /admin/keys — API key management for the caller's admin (all keys for a superadmin JWT).
// Another admin's key is answered 400 `Key not found`, like a key that does not exist.
import { Elysia, t } from "elysia";
import type { KeyService } from "../../../services/keys.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { Int, KeyRecord, Text } from "../../models/common.ts";
import { operation } from "../../openapi/operation.ts";
import { named } from "../../openapi/schema.ts";

const Cap = Int({
  minimum: 0,
  maximum: 100_000,
  description:
    "Account cap of the key; at most the admin's own max_accounts (default 4, or the admin's cap if smaller)",
});
const KeyWithSecret = named(
  "ApiKeyWithSecret",
  t.Composite([
    KeyRecord,
    t.Object({ key: t.String({ description: "The plaintext key; shown only in this response" }) }),
  ]),
);
const Id = t.Object({ id: t.String({ maxLength: 64, description: "Key id (uuid)" }) });
const KEY_ERRORS = ["KEY_NOT_FOUND"] as const;

export function adminKeysModule(deps: AuthDeps & { keys: KeyService }) {
  return new Elysia({ name: "module.admin-keys", prefix: "/admin/keys", normalize: false })
    .use(authPlugin(deps))
    .post(
      "",
      async ({ body, scope, set }) => {
        set.status = 201;
        return ok(await deps.keys.create(scope, body ?? {}));
      },
      {
        admin: "admin",
        body: t.Optional(
          named(
            "CreateKeyRequest",
            t.Object(
              { name: t.Optional(Text(200)), max_accounts: t.Optional(Cap) },
              { additionalProperties: false },
            ),
          ),
        ),
        response: { 201: Envelope(KeyWithSecret) },
        detail: operation({
          id: "createKey",
          tag: "keys",
          summary: "Issue an API key (plaintext shown once)",
          auth: "admin",
        }),
      },
    )
    .get("", async ({ scope }) => ok(await deps.keys.list(scope)), {
      admin: "admin",
      response: { 200: Envelope(t.Array(KeyRecord)) },
      detail: operation({
        id: "listKeys",
        tag: "keys",
        summary: "List API keys (the admin's; all of them for a superadmin)",
        auth: "admin",
      }),
    })
    .get("/:id", async ({ scope, params }) => ok(await deps.keys.get(scope, params.id)), {
      admin: "admin",
      params: Id,
      response: { 200: Envelope(KeyRecord) },
      detail: operation({
        id: "getKey",
        tag: "keys",
        summary: "Get an API key",
        description: "Another admin's key answers 400 `Key not found`, like an unknown one.",
        auth: "admin",
        errors: KEY_ERRORS,
      }),
    })
    .patch(
      "/:id",
      async ({ scope, params, body }) => ok(await deps.keys.patch(scope, params.id, body)),
      {
        admin: "admin",
        params: Id,
        body: named(
          "UpdateKeyRequest",
          t.Object(
            {
              name: t.Optional(Text(200)),
              max_accounts: t.Optional(Cap),
              is_enabled: t.Optional(t.Boolean()),
            },
            { additionalProperties: false, minProperties: 1 },
          ),
        ),
        response: { 200: Envelope(KeyRecord) },
        detail: operation({
          id: "updateKey",
          tag: "keys",
          summary: "Change name, cap or enabled flag",
          auth: "admin",
          errors: KEY_ERRORS,
        }),
      },
    )
    .delete("/:id", async ({ scope, params }) => ok(await deps.keys.revoke(scope, params.id)), {
      admin: "admin",
      params: Id,
      response: {
        200: Envelope(
          named(
            "RevokedKey",
            t.Object({ id: t.String(), revoked: t.Literal(true), accounts_removed: Int() }),
          ),
        ),
      },
      detail: operation({
        id: "revokeKey",
        tag: "keys",
        summary: "Revoke a key (stops working at once; its accounts are removed)",
        auth: "admin",
        errors: KEY_ERRORS,
      }),
    })
    .post(
      "/:id/rotate",
      async ({ scope, params }) => ok(await deps.keys.rotate(scope, params.id)),
      {
        admin: "admin",
        params: Id,
        response: { 200: Envelope(KeyWithSecret) },
        detail: operation({
          id: "rotateKey",
          tag: "keys",
          summary: "Replace the key's secret (the old one stops working)",
          auth: "admin",
          errors: KEY_ERRORS,
        }),
      },
    );
}
