// Billing (ARCHITECTURE §5 "Billing invoice"): each admin's billing terms (one row per admin,
// set by a superadmin) and the monthly invoice computed from the month's last usage snapshot.
// The money maths lives in src/domain/billing.ts; this service loads, checks access, stores
// and audits.
//
// Access: a superadmin reaches every admin; an admin (JWT, or an API key acting as its admin)
// reaches only itself — another admin's `{id}` is answered 404 ADMIN_NOT_FOUND exactly like an
// unknown one, so admins cannot probe which ids exist. Only a superadmin changes terms.
// An admin without stored terms has DEFAULT_TERMS (its invoice totals 0 USD).

import { eq } from "drizzle-orm";
import {
  type BillingTerms,
  computeInvoice,
  type Invoice,
  monthRange,
  validateTerms,
} from "../domain/billing.ts";
import { AppError, adminNotFound, validationError } from "../domain/errors.ts";
import { admins, type BillingTermsRow, billingTerms } from "../storage/schema/index.ts";
import type { AdminService, AdminView } from "./admins.ts";
import { recordAudit } from "./audit.ts";
import type { ServiceDeps } from "./deps.ts";
import type { AdminScope } from "./keys.ts";
import type { UsageService } from "./usage.ts";

/** Terms of an admin that has none stored: nothing is charged, in USD, with no issuer name. */
export const DEFAULT_TERMS: Readonly<BillingTerms> = Object.freeze({
  tier1_user_price_cents: 0,
  tier2_user_price_cents: 0,
  tier1_threshold: 0,
  tier1_extra_account_price_cents: 0,
  tier2_extra_account_price_cents: 0,
  included_accounts_per_user: 0,
  billing_currency: "USD",
  billing_company_name: null,
});

/** An admin's terms as the API returns them. */
export interface TermsView extends BillingTerms {
  /** The admin's uuid. */
  readonly admin_id: string;
  /** When a superadmin last set the terms (UTC); null while the defaults apply. */
  readonly updated_at: string | null;
}

/** An invoice with the billed admin's uuid. */
export interface InvoiceView extends Invoice {
  readonly admin_id: string;
}

const termsOf = (row: BillingTermsRow): BillingTerms => ({
  tier1_user_price_cents: row.tier1UserPriceCents,
  tier2_user_price_cents: row.tier2UserPriceCents,
  tier1_threshold: row.tier1Threshold,
  tier1_extra_account_price_cents: row.tier1ExtraAccountPriceCents,
  tier2_extra_account_price_cents: row.tier2ExtraAccountPriceCents,
  included_accounts_per_user: row.includedAccountsPerUser,
  billing_currency: row.billingCurrency,
  billing_company_name: row.billingCompanyName,
});

const columnsOf = (terms: BillingTerms) => ({
  tier1UserPriceCents: terms.tier1_user_price_cents,
  tier2UserPriceCents: terms.tier2_user_price_cents,
  tier1Threshold: terms.tier1_threshold,
  tier1ExtraAccountPriceCents: terms.tier1_extra_account_price_cents,
  tier2ExtraAccountPriceCents: terms.tier2_extra_account_price_cents,
  includedAccountsPerUser: terms.included_accounts_per_user,
  billingCurrency: terms.billing_currency,
  billingCompanyName: terms.billing_company_name,
});

export class BillingService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly admins: AdminService,
    private readonly usage: UsageService,
  ) {}

  /** Resolves an admin `{id}` (uuid or integer id) the caller may see, else ADMIN_NOT_FOUND. */
  private async target(scope: AdminScope, ref: string): Promise<AdminView> {
    const admin = await this.admins.resolveRef(ref);
    if (!scope.superadmin && admin.uuid !== scope.adminId) {
      throw adminNotFound();
    }
    return admin;
  }

  private async load(adminId: string): Promise<BillingTermsRow | null> {
    const [row] = await this.deps.db
      .select()
      .from(billingTerms)
      .where(eq(billingTerms.adminId, adminId));
    return row ?? null;
  }

  /** `GET /admin/billing/terms/{id}`: stored terms, or the defaults. */
  async getTerms(scope: AdminScope, ref: string): Promise<TermsView> {
    const admin = await this.target(scope, ref);
    const row = await this.load(admin.uuid);
    return row
      ? { ...termsOf(row), admin_id: admin.uuid, updated_at: row.updatedAt.toISOString() }
      : { ...DEFAULT_TERMS, admin_id: admin.uuid, updated_at: null };
  }

  /**
   * `PUT /admin/billing/terms/{id}` (superadmin): replaces every field, validated with
   * validateTerms (the body is checked before the admin is looked up). The change is audited
   * with the values before (null when the defaults applied) and after.
   */
  async putTerms(scope: AdminScope, ref: string, body: unknown): Promise<TermsView> {
    if (!scope.superadmin) {
      throw new AppError("FORBIDDEN", "This operation requires the superadmin role");
    }
    const checked = validateTerms(body);
    if (!checked.ok) {
      throw validationError(checked.field, checked.message);
    }
    const terms = checked.terms;
    const admin = await this.admins.resolveRef(ref);
    const now = new Date(this.deps.clock.now());
    const row = await this.deps.db.transaction(async (tx) => {
      // Locking the admin serialises changes of its terms, so the audited `before` is exact
      // even when two first-time PUTs race.
      const [locked] = await tx
        .select({ uuid: admins.uuid })
        .from(admins)
        .where(eq(admins.uuid, admin.uuid))
        .for("update");
      if (!locked) {
        throw adminNotFound();
      }
      const [before] = await tx
        .select()
        .from(billingTerms)
        .where(eq(billingTerms.adminId, admin.uuid))
        .for("update");
      const [stored] = await tx
        .insert(billingTerms)
        .values({ adminId: admin.uuid, ...columnsOf(terms), createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: billingTerms.adminId,
          set: { ...columnsOf(terms), updatedAt: now },
        })
        .returning();
      if (!stored) {
        throw new Error("upsert returned no row");
      }
      await recordAudit(tx, {
        actor: scope.actor,
        action: "billing.terms.update",
        targetType: "billing_terms",
        targetId: admin.uuid,
        details: { before: before ? termsOf(before) : null, after: terms },
      });
      return stored;
    });
    return { ...termsOf(row), admin_id: admin.uuid, updated_at: row.updatedAt.toISOString() };
  }

  /**
   * `GET /admin/billing/invoice/{id}?month=YYYY-MM`: the invoice of the admin's last snapshot
   * taken in that UTC month, with its current terms. 400 for a malformed month, 404
   * SNAPSHOT_NOT_FOUND when no snapshot was taken in the month, 422 INVOICE_AMOUNT_OVERFLOW when
   * an amount would pass Number.MAX_SAFE_INTEGER cents.
   */
  async invoice(scope: AdminScope, ref: string, month: string): Promise<InvoiceView> {
    const range = monthRange(month);
    if (range === null) {
      throw validationError("month", "must be a UTC month YYYY-MM from 1970-01, e.g. 2026-01");
    }
    const admin = await this.target(scope, ref);
    const row = await this.load(admin.uuid);
    const terms = row ? termsOf(row) : DEFAULT_TERMS;
    const snapshot = await this.usage.lastIn(admin.uuid, range.fromMs, range.toMs);
    if (snapshot === null) {
      throw new AppError(
        "SNAPSHOT_NOT_FOUND",
        `No usage snapshot of this admin was taken in ${month} (UTC); nothing to invoice`,
        { month },
      );
    }
    const result = computeInvoice(terms, snapshot, { month, adminName: admin.username });
    if (result.ok) {
      return { admin_id: admin.uuid, ...result.invoice };
    }
    switch (result.reason) {
      case "AMOUNT_OVERFLOW":
        throw new AppError("INVOICE_AMOUNT_OVERFLOW", `Invoice too large: ${result.message}`);
      case "INVALID_MONTH":
        throw validationError("month", result.message);
      case "INVALID_TERMS":
      case "INVALID_SNAPSHOT":
      case "SNAPSHOT_OUTSIDE_MONTH":
        // Stored data the database constraints should have kept out: a bug, answered 500.
        throw new Error(`invoice of admin ${admin.uuid} for ${month}: ${result.message}`);
      default: {
        const unmapped: never = result.reason;
        throw new Error(`unmapped invoice failure ${String(unmapped)}`);
      }
    }
  }
}
