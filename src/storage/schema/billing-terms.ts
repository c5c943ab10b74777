// Billing terms: how an admin bills its users (spec §2.13), one row per admin, written only by a
// superadmin (PUT /admin/billing/terms/{id}). An admin without a row has the default terms of
// src/services/billing.ts (every price and count 0, USD, no company name).
// Money columns are integer cents of `billing_currency`; bigint so any non-negative safe
// integer accepted by validateTerms fits.
import { sql } from "drizzle-orm";
import { bigint, check, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { admins } from "./admins.ts";
import { lifecycleDates } from "./util.ts";

export const billingTerms = pgTable(
  "billing_terms",
  {
    /** The billed admin (admins.uuid); its terms go with it when it is deleted. */
    adminId: uuid("admin_id")
      .primaryKey()
      .references(() => admins.uuid, { onDelete: "cascade" }),
    /** Monthly price of each tier-1 user (the first tier1_threshold users), in cents. */
    tier1UserPriceCents: bigint("tier1_user_price_cents", { mode: "number" }).notNull(),
    /** Monthly price of each user after the first tier1_threshold, in cents. */
    tier2UserPriceCents: bigint("tier2_user_price_cents", { mode: "number" }).notNull(),
    /** How many users, by key creation order, are priced at tier 1. */
    tier1Threshold: bigint("tier1_threshold", { mode: "number" }).notNull(),
    /** Price of each account of a tier-1 user beyond the included ones, in cents. */
    tier1ExtraAccountPriceCents: bigint("tier1_extra_account_price_cents", {
      mode: "number",
    }).notNull(),
    /** Price of each account of a tier-2 user beyond the included ones, in cents. */
    tier2ExtraAccountPriceCents: bigint("tier2_extra_account_price_cents", {
      mode: "number",
    }).notNull(),
    /** Accounts each user gets without extra charge. */
    includedAccountsPerUser: bigint("included_accounts_per_user", { mode: "number" }).notNull(),
    /** Active ISO 4217 code, upper case (e.g. `USD`); the currency of every amount above. */
    billingCurrency: text("billing_currency").notNull(),
    /** Issuer printed on invoices (trimmed, 1–200 characters), or null for none. */
    billingCompanyName: text("billing_company_name"),
    ...lifecycleDates,
  },
  (t) => [
    check(
      "billing_terms_non_negative_check",
      sql`${t.tier1UserPriceCents} >= 0 and ${t.tier2UserPriceCents} >= 0 and ${t.tier1Threshold} >= 0 and ${t.tier1ExtraAccountPriceCents} >= 0 and ${t.tier2ExtraAccountPriceCents} >= 0 and ${t.includedAccountsPerUser} >= 0`,
    ),
  ],
);

export type BillingTermsRow = typeof billingTerms.$inferSelect;
