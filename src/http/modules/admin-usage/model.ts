// Wire shapes of /admin/usage: the usage snapshot record, its page, and the list query.
// Response schemas carry no TypeBox `format` (see src/http/models/common.ts).
import { t } from "elysia";
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from "../../../services/usage.ts";
import { Int, Text } from "../../models/common.ts";
import { documentedAs, named } from "../../openapi/schema.ts";

const Count = (description: string) => t.Integer({ minimum: 0, description });

export const SnapshotKeyRecord = named(
  "UsageSnapshotKey",
  t.Object({
    key_id: t.String({ description: "uuid of the API key" }),
    key_name: t.String(),
    key_created_at: t.String({
      description: "date-time (ISO 8601, UTC); ranks users for tier pricing",
    }),
    accounts: Count("Accounts owned by the key"),
    connected_accounts: Count("Of those, accounts with a connected broker session"),
    running_eas: Count("EA instances running on the key's accounts"),
  }),
);

export const SnapshotRecord = named(
  "UsageSnapshot",
  t.Object({
    id: t.String({ description: "uuid" }),
    admin_id: t.String({ description: "uuid of the measured admin" }),
    kind: t.Union([t.Literal("scheduled"), t.Literal("on_demand")], {
      description: "scheduled: the daily job; on_demand: POST /admin/usage/snapshots",
    }),
    slot_key: t.Union([t.String(), t.Null()], {
      description: "UTC date YYYY-MM-DD of the daily slot (scheduled only), else null",
    }),
    taken_at: t.String({ description: "date-time (ISO 8601, UTC) of the measurement" }),
    users: Count("Live keys with at least one account"),
    accounts: Count("Accounts over all of the admin's keys"),
    connected_accounts: Count("Accounts with a connected broker session"),
    running_eas: Count("EA instances running"),
    per_key: t.Array(SnapshotKeyRecord, {
      description: "Every live key of the admin, in key creation order",
    }),
  }),
);

export const SnapshotPageRecord = named(
  "UsageSnapshotPage",
  t.Object({
    items: t.Array(SnapshotRecord, { description: "Newest first" }),
    page: t.Integer({ description: "0-based page number" }),
    per_page: t.Integer(),
    total: t.Integer({ description: "Snapshots matching the filters over all pages" }),
  }),
);

export const SnapshotListQuery = t.Object({
  from: t.Optional(
    Text(64, {
      description:
        "Inclusive lower bound on taken_at: ISO 8601 date-time (YYYY-MM-DDTHH:mm[:ss[.fff]][Z|±HH:MM], UTC when no offset) or date",
    }),
  ),
  to: t.Optional(Text(64, { description: "Inclusive upper bound on taken_at, same format" })),
  admin_id: t.Optional(
    Text(64, {
      description:
        "Superadmin: only this admin's snapshots (uuid or integer id). An admin may name only itself.",
    }),
  ),
  page: documentedAs(t.Optional(Text(16)), {
    schema: Int({
      minimum: 0,
      maximum: MAX_PAGE,
      default: 0,
      description: "0-based page number: page 0 holds the newest `per_page` snapshots",
    }),
  }),
  per_page: documentedAs(t.Optional(Text(16)), {
    schema: Int({
      minimum: 1,
      maximum: MAX_PER_PAGE,
      default: DEFAULT_PER_PAGE,
      description: `Page size, 1-${MAX_PER_PAGE}`,
    }),
  }),
});
