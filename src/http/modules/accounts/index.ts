// /api/accounts — the account registry of the calling API key.
import { Elysia, t } from "elysia";
import type { AccountService } from "../../../services/accounts.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok, okRendered } from "../../envelope.ts";
import { AccountIdParams, AccountRecord, Deleted, Int, Text } from "../../models/common.ts";
import { operation } from "../../openapi/operation.ts";
import { named } from "../../openapi/schema.ts";

const Host = t.String({
  minLength: 1,
  maxLength: 253,
  pattern: "^[A-Za-z0-9.:\\-\\[\\]]+$",
  description: "Host name or IP address",
});
const Port = Int({ minimum: 1, maximum: 65535 });
const ProxySettings = named(
  "ProxySettings",
  t.Object(
    {
      type: t.Union([t.Literal("socks5"), t.Literal("http")]),
      host: Host,
      port: Port,
      username: t.Optional(Text(256)),
      password: t.Optional(Text(256)),
    },
    {
      additionalProperties: false,
      description: "A proxy the session reaches the broker through (credentials kept encrypted)",
    },
  ),
);
const OptionalProxy = t.Optional(t.Union([ProxySettings, t.Null()], { description: "null: none" }));
const Login = Int({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "Account login" });
const Id = AccountIdParams;

export const CreateAccountBody = named(
  "CreateAccountRequest",
  t.Object(
    {
      label: t.Optional(Text(200)),
      terminal_login: Login,
      password: Text(256, { minLength: 1, description: "Broker password (kept encrypted)" }),
      server_name: t.Optional(
        Text(200, {
          description: "Trade server name (e.g. TAS-Demo); or give broker_host and broker_port",
        }),
      ),
      broker_host: t.Optional(Host),
      broker_port: t.Optional(Port),
      auto_connect: t.Optional(
        t.Boolean({ description: "Connect now and after restarts; default true" }),
      ),
      hardware_id: t.Optional(Text(200)),
      proxy: OptionalProxy,
    },
    { additionalProperties: false },
  ),
);

const UpdateAccountBody = named(
  "UpdateAccountRequest",
  t.Object(
    {
      label: t.Optional(Text(200)),
      password: t.Optional(Text(256, { minLength: 1 })),
      is_enabled: t.Optional(t.Boolean()),
      auto_connect: t.Optional(t.Boolean()),
      proxy: OptionalProxy,
    },
    { additionalProperties: false, minProperties: 1 },
  ),
);

export function accountsModule(deps: AuthDeps & { accounts: AccountService }) {
  return new Elysia({ name: "module.accounts", prefix: "/api/accounts", normalize: false })
    .use(authPlugin(deps))
    .post(
      "",
      async ({ principal, body, set }) => {
        set.status = 201;
        return ok(await deps.accounts.create(principal, body));
      },
      {
        apiKey: true,
        body: CreateAccountBody,
        response: { 201: Envelope(AccountRecord) },
        detail: operation({
          id: "createAccount",
          tag: "accounts",
          summary: "Register a broker account",
          description:
            "With auto_connect (the default) its session starts connecting at once; `POST …/connect` waits for it.",
          auth: "key",
          errors: ["ACCOUNT_LIMIT_REACHED"],
        }),
      },
    )
    .get(
      "",
      async ({ principal, set }) => okRendered(set, await deps.accounts.listRendered(principal)),
      {
        apiKey: true,
        detail: operation({
          id: "listAccounts",
          tag: "accounts",
          summary: "List the key's accounts",
          auth: "key",
          responses: { 200: t.Array(AccountRecord) },
        }),
      },
    )
    .get(
      "/:id",
      async ({ principal, params }) => ok(await deps.accounts.get(principal, params.id)),
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(AccountRecord) },
        detail: operation({
          id: "getAccount",
          tag: "accounts",
          summary: "Get one account",
          auth: "key",
        }),
      },
    )
    .patch(
      "/:id",
      async ({ principal, params, body }) =>
        ok(await deps.accounts.patch(principal, params.id, body)),
      {
        apiKey: true,
        params: Id,
        body: UpdateAccountBody,
        response: { 200: Envelope(AccountRecord) },
        detail: operation({
          id: "updateAccount",
          tag: "accounts",
          summary: "Change an account",
          auth: "key",
        }),
      },
    )
    .delete(
      "/:id",
      async ({ principal, params }) => ok(await deps.accounts.delete(principal, params.id)),
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(Deleted) },
        detail: operation({
          id: "deleteAccount",
          tag: "accounts",
          summary: "Disconnect and remove an account",
          auth: "key",
        }),
      },
    );
}
