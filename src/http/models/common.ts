// Wire shapes shared by several modules (TypeBox): the records the API returns, the path
// parameters, and the helpers the modules build their schemas with. `named()` schemas are
// components.schemas of the OpenAPI document (src/http/openapi/), referenced wherever used.
// Response schemas avoid TypeBox `format` checks (uuid, date-time): Elysia validates every
// response against its schema and those checks cost ~25 µs per field per request; the format is
// stated in the description instead. Request schemas keep real formats.
import { type IntegerOptions, type Static, Type } from "@sinclair/typebox";
import { t } from "elysia";
import type { AccountView } from "../../services/accounts.ts";
import type { AdminView } from "../../services/admins.ts";
import type { KeyView } from "../../services/keys.ts";
import { named } from "../openapi/schema.ts";

/** Compile-time: the schema's type and the producing code's type are the same. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time check that a schema describes exactly what the code returns. */
export function assertType<_T extends true>(): void {}
/** Strips `readonly`, so a schema's static type compares with a view type. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const Uuid = t.String({ description: "uuid" });
const DateTime = t.String({ description: "date-time (ISO 8601, UTC)" });

export const SessionStatusSchema = named(
  "SessionStatus",
  t.Union(
    [
      t.Literal("disconnected"),
      t.Literal("connecting"),
      t.Literal("connected"),
      t.Literal("reconnecting"),
      t.Literal("auth_failed"),
      t.Literal("error"),
    ],
    { description: "Live state of the account's broker session" },
  ),
);

/**
 * Client account record (ARCHITECTURE §5); never carries secrets. `GET /admin/accounts` lists
 * the same record (spec §2.12).
 */
export const AccountRecord = named(
  "Account",
  t.Object({
    id: Uuid,
    label: t.String(),
    server_name: t.String(),
    broker_host: t.String(),
    broker_port: t.Integer(),
    terminal_login: t.Integer(),
    is_enabled: t.Boolean(),
    auto_connect: t.Boolean(),
    hardware_id: t.String(),
    has_proxy: t.Boolean(),
    session_status: SessionStatusSchema,
    created_at: DateTime,
    updated_at: DateTime,
  }),
);
assertType<Same<Static<typeof AccountRecord>, Mutable<AccountView>>>();

/** An account as administrators list it: with the node that runs its session. */
export const AdminAccountRecord = named(
  "AdminAccount",
  t.Composite([
    AccountRecord,
    t.Object({
      node_id: t.Union([t.String(), t.Null()], {
        description:
          "The node running the account's session (cluster mode: its lease holder; null while it has none)",
      }),
    }),
  ]),
);

export const KeyRecord = named(
  "ApiKey",
  t.Object({
    id: Uuid,
    admin_id: Uuid,
    name: t.String(),
    prefix: t.String({ description: "First characters of the key, for display" }),
    max_accounts: t.Integer(),
    is_enabled: t.Boolean(),
    account_count: t.Integer(),
    created_at: DateTime,
    updated_at: DateTime,
    last_used_at: t.Union([DateTime, t.Null()]),
  }),
);
assertType<Same<Static<typeof KeyRecord>, Mutable<KeyView>>>();

/** Spec §2.11 admin user, as the admin list and the seed show it. */
export const AdminRecord = named(
  "AdminUser",
  t.Object({
    id: t.Integer({ description: "Integer id" }),
    uuid: Uuid,
    username: t.String(),
    role: t.Union([t.Literal("admin"), t.Literal("superadmin")]),
    max_accounts: t.Integer({ description: "Cap of accounts over all of the admin's keys" }),
  }),
);
assertType<Same<Static<typeof AdminRecord>, Mutable<AdminView>>>();

/** Bounded strings: every string input has a maximum length. */
export const Text = (max: number, opts: { minLength?: number; description?: string } = {}) =>
  t.String({ maxLength: max, ...opts });

/** What deleting a resource answers. */
export const Deleted = named(
  "Deleted",
  t.Object({ id: t.String(), deleted: t.Literal(true) }, { description: "The resource is gone" }),
);

/** Path `{id}` of /api/accounts/{id}…: the account id. */
export const AccountIdParams = t.Object({
  id: t.String({ maxLength: 64, description: "Account id (uuid)" }),
});

/**
 * A strict JSON integer for request bodies (Elysia's `t.Integer` also accepts numeric strings,
 * which suits query strings but not JSON bodies).
 */
export const Int = (opts: IntegerOptions = {}) => Type.Integer(opts);
