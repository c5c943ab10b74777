// /api/accounts — the account registry of the calling API key.
import { Elysia, t } from "elysia";
import type { AccountService } from "../../../services/accounts.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { AccountRecord, Int, KEY_SECURITY, Text } from "../../models/common.ts";

const Host = t.String({
  minLength: 1,
  maxLength: 253,
  pattern: "^[A-Za-z0-9.:\\-\\[\\]]+$",
  description: "Host name or IP address",
});
const Port = Int({ minimum: 1, maximum: 65535 });
const ProxySettings = t.Object(
  {
    type: t.Union([t.Literal("socks5"), t.Literal("http")]),
    host: Host,
    port: Port,
    username: t.Optional(Text(256)),
    password: t.Optional(Text(256)),
  },
  { additionalProperties: false },
);
const Login = Int({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const security = KEY_SECURITY;
const Id = t.Object({ id: t.String({ maxLength: 64 }) });

export const CreateAccountBody = t.Object(
  {
    label: t.Optional(Text(200)),
    terminal_login: Login,
    password: Text(256, { minLength: 1 }),
    server_name: t.Optional(Text(200)),
    broker_host: t.Optional(Host),
    broker_port: t.Optional(Port),
    auto_connect: t.Optional(t.Boolean()),
    hardware_id: t.Optional(Text(200)),
    proxy: t.Optional(t.Union([ProxySettings, t.Null()])),
  },
  { additionalProperties: false },
);

export function accountsModule(deps: AuthDeps & { accounts: AccountService }) {
  return new Elysia({ name: "module.accounts", prefix: "/api/accounts", normalize: false })
    .use(authPlugin(deps))
    .post(
      "/",
      async ({ principal, body, set }) => {
        set.status = 201;
        return ok(await deps.accounts.create(principal, body));
      },
      {
        apiKey: true,
        body: CreateAccountBody,
        response: { 201: Envelope(AccountRecord) },
        detail: { tags: ["accounts"], summary: "Register a broker account", security },
      },
    )
    .get("/", async ({ principal }) => ok(await deps.accounts.list(principal)), {
      apiKey: true,
      response: { 200: Envelope(t.Array(AccountRecord)) },
      detail: { tags: ["accounts"], summary: "List the key's accounts", security },
    })
    .get(
      "/:id",
      async ({ principal, params }) => ok(await deps.accounts.get(principal, params.id)),
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(AccountRecord) },
        detail: { tags: ["accounts"], summary: "Get one account", security },
      },
    )
    .patch(
      "/:id",
      async ({ principal, params, body }) =>
        ok(await deps.accounts.patch(principal, params.id, body)),
      {
        apiKey: true,
        params: Id,
        body: t.Object(
          {
            label: t.Optional(Text(200)),
            password: t.Optional(Text(256, { minLength: 1 })),
            is_enabled: t.Optional(t.Boolean()),
            auto_connect: t.Optional(t.Boolean()),
            proxy: t.Optional(t.Union([ProxySettings, t.Null()])),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: Envelope(AccountRecord) },
        detail: { tags: ["accounts"], summary: "Change an account", security },
      },
    )
    .delete(
      "/:id",
      async ({ principal, params }) => ok(await deps.accounts.delete(principal, params.id)),
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(t.Object({ id: t.String(), deleted: t.Literal(true) })) },
        detail: { tags: ["accounts"], summary: "Disconnect and remove an account", security },
      },
    );
}
