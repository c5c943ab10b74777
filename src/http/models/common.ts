// Wire shapes shared by several modules (TypeBox): the records the API returns.
// Response schemas avoid TypeBox `format` checks (uuid, date-time): Elysia validates every
// response against its schema and those checks cost ~25 µs per field per request; the format is
// stated in the description instead. Request schemas keep real formats.
import { type IntegerOptions, Type } from "@sinclair/typebox";
import { t } from "elysia";

const Uuid = t.String({ description: "uuid" });
const DateTime = t.String({ description: "date-time (ISO 8601, UTC)" });

export const SessionStatusSchema = t.Union(
  [
    t.Literal("disconnected"),
    t.Literal("connecting"),
    t.Literal("connected"),
    t.Literal("reconnecting"),
    t.Literal("auth_failed"),
    t.Literal("error"),
  ],
  { description: "Live state of the account's broker session" },
);

/** Client account record (ARCHITECTURE §5); never carries secrets. */
export const AccountRecord = t.Object(
  {
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
  },
  { $id: "#/components/schemas/Account" },
);

export const KeyRecord = t.Object(
  {
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
  },
  { $id: "#/components/schemas/ApiKey" },
);

export const AdminRecord = t.Object(
  {
    id: t.Integer(),
    uuid: Uuid,
    username: t.String(),
    role: t.Union([t.Literal("admin"), t.Literal("superadmin")]),
    max_accounts: t.Integer(),
  },
  { $id: "#/components/schemas/Admin" },
);

/** Bounded strings: every string input has a maximum length. */
export const Text = (max: number, opts: { minLength?: number; description?: string } = {}) =>
  t.String({ maxLength: max, ...opts });

/** OpenAPI security requirements: admin routes take a JWT or an API key; client routes a key. */
export const ADMIN_SECURITY: Array<Record<string, string[]>> = [
  { BearerAuth: [] },
  { ApiKeyAuth: [] },
];
export const SUPERADMIN_SECURITY: Array<Record<string, string[]>> = [{ BearerAuth: [] }];
export const KEY_SECURITY: Array<Record<string, string[]>> = [{ ApiKeyAuth: [] }];

/**
 * A strict JSON integer for request bodies (Elysia's `t.Integer` also accepts numeric strings,
 * which suits query strings but not JSON bodies).
 */
export const Int = (opts: IntegerOptions = {}) => Type.Integer(opts);
