// Wire shapes of /admin/billing: billing terms (spec §2.13) in and out, and the invoice.
// The body schema states the shape for OpenAPI and rejects wrong types early; the service
// validates every rule with validateTerms (src/domain/billing.ts), which has the last word.
// Response schemas carry no TypeBox `format` (see src/http/models/common.ts).
import { t } from "elysia";
import { Int, Text } from "../../models/common.ts";
import { named } from "../../openapi/schema.ts";

const Cents = (description: string) =>
  Int({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: `${description}, in cents` });
const Count = (description: string) =>
  Int({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

const termsFields = {
  tier1_user_price_cents: Cents("Monthly price of each tier-1 user"),
  tier2_user_price_cents: Cents("Monthly price of each user after the first tier1_threshold"),
  tier1_threshold: Count("How many users, by key creation order, are priced at tier 1"),
  tier1_extra_account_price_cents: Cents("Price of each extra account of a tier-1 user"),
  tier2_extra_account_price_cents: Cents("Price of each extra account of a tier-2 user"),
  included_accounts_per_user: Count("Accounts each user gets without extra charge"),
};

export const TermsBody = named(
  "BillingTermsRequest",
  t.Object(
    {
      ...termsFields,
      billing_currency: Text(16, {
        description: "Active ISO 4217 currency code in upper case, e.g. USD",
      }),
      billing_company_name: t.Optional(
        t.Union([Text(1000), t.Null()], {
          description:
            "Issuer printed on invoices: trimmed, at most 200 characters; null or empty for none",
        }),
      ),
    },
    { additionalProperties: false, description: "Every field of the terms (spec §2.13)" },
  ),
);

export const TermsRecord = named(
  "BillingTerms",
  t.Object({
    admin_id: t.String({ description: "uuid of the admin" }),
    ...termsFields,
    billing_currency: t.String({ description: "ISO 4217 code of every amount" }),
    billing_company_name: t.Union([t.String(), t.Null()]),
    updated_at: t.Union([t.String({ description: "date-time (ISO 8601, UTC)" }), t.Null()], {
      description: "When a superadmin last set the terms; null while the defaults apply",
    }),
  }),
);

const Cents$ = t.Integer({ description: "Integer cents of the invoice currency" });

export const InvoiceRecord = named(
  "Invoice",
  t.Object({
    admin_id: t.String({ description: "uuid of the billed admin" }),
    admin_name: t.String({ description: "Username of the billed admin" }),
    month: t.String({ description: "Billed UTC month, YYYY-MM" }),
    currency: t.String({ description: "billing_currency of the terms" }),
    issuer: t.Union([t.String(), t.Null()], { description: "billing_company_name of the terms" }),
    snapshot_taken_at: t.String({
      description: "date-time (ISO 8601, UTC) of the month's last snapshot, the invoice's source",
    }),
    lines: t.Array(
      t.Object({
        code: t.Union([
          t.Literal("users_tier1"),
          t.Literal("users_tier2"),
          t.Literal("extra_accounts_tier1"),
          t.Literal("extra_accounts_tier2"),
        ]),
        description: t.String(),
        quantity: t.Integer(),
        unit_price_cents: Cents$,
        amount_cents: Cents$,
      }),
      { description: "Always the four charge lines, in this order" },
    ),
    breakdown: t.Array(
      t.Object({
        rank: t.Integer({ description: "1-based rank by key creation time" }),
        key_id: t.String(),
        key_name: t.String(),
        key_created_at: t.String(),
        tier: t.Union([t.Literal(1), t.Literal(2)]),
        accounts: t.Integer(),
        extra_accounts: t.Integer(),
        user_price_cents: Cents$,
        extra_account_price_cents: Cents$,
        amount_cents: Cents$,
      }),
      { description: "What each billed user contributes (explains the lines; not added to them)" },
    ),
    subtotal_cents: Cents$,
    total_cents: Cents$,
    users: t.Integer({ description: "Billed users: keys with at least one account" }),
    accounts: t.Integer(),
    tier1_users: t.Integer(),
    tier2_users: t.Integer(),
    extra_accounts: t.Integer(),
  }),
);

export const InvoiceQuery = t.Object({
  month: Text(16, { description: "UTC month YYYY-MM" }),
  format: t.Optional(
    t.Union([t.Literal("json"), t.Literal("csv")], {
      description: "csv: text/csv attachment (also chosen by Accept: text/csv); default json",
    }),
  ),
});
