// /admin/billing — billing terms per admin (GET: the admin itself or a superadmin; PUT:
// superadmin) and the monthly invoice, as JSON or CSV. `{id}` is the admin's uuid or integer id;
// another admin's id is answered 404 ADMIN_NOT_FOUND like an unknown one. Rules live in
// src/services/billing.ts, the money maths in src/domain/billing.ts.
import { Elysia, t } from "elysia";
import { renderInvoiceCsv } from "../../../domain/billing.ts";
import type { BillingService } from "../../../services/billing.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { ADMIN_SECURITY, SUPERADMIN_SECURITY } from "../../models/common.ts";
import { InvoiceQuery, InvoiceRecord, TermsBody, TermsRecord } from "./model.ts";

const Id = t.Object({
  id: t.String({ maxLength: 64, description: "Admin uuid or integer id (GET /admin/admins)" }),
});

export function adminBillingModule(deps: AuthDeps & { billing: BillingService }) {
  return new Elysia({ name: "module.admin-billing", prefix: "/admin/billing", normalize: false })
    .use(authPlugin(deps))
    .get(
      "/terms/:id",
      async ({ scope, params }) => ok(await deps.billing.getTerms(scope, params.id)),
      {
        admin: "admin",
        params: Id,
        response: { 200: Envelope(TermsRecord) },
        detail: {
          tags: ["admin"],
          summary: "Get an admin's billing terms (defaults when never set)",
          security: ADMIN_SECURITY,
        },
      },
    )
    .put(
      "/terms/:id",
      async ({ scope, params, body }) => ok(await deps.billing.putTerms(scope, params.id, body)),
      {
        admin: "superadmin",
        params: Id,
        body: TermsBody,
        response: { 200: Envelope(TermsRecord) },
        detail: {
          tags: ["admin"],
          summary: "Set an admin's billing terms, every field (superadmin)",
          security: SUPERADMIN_SECURITY,
        },
      },
    )
    .get(
      "/invoice/:id",
      async ({ scope, params, query, headers, set }) => {
        const invoice = await deps.billing.invoice(scope, params.id, query.month);
        const csv =
          query.format === "csv" ||
          (query.format === undefined && /\btext\/csv\b/i.test(headers.accept ?? ""));
        if (!csv) {
          return ok(invoice);
        }
        set.headers["content-type"] = "text/csv; charset=utf-8";
        // Usernames are [A-Za-z0-9_.@-] only, safe inside the quoted file name.
        set.headers["content-disposition"] =
          `attachment; filename="invoice-${invoice.admin_name}-${invoice.month}.csv"`;
        return renderInvoiceCsv(invoice);
      },
      {
        admin: "admin",
        params: Id,
        query: InvoiceQuery,
        response: {
          200: t.Union([
            Envelope(InvoiceRecord),
            t.String({ description: "text/csv (RFC 4180) when CSV is asked for" }),
          ]),
        },
        detail: {
          tags: ["admin"],
          summary:
            "Invoice of a UTC month from its last usage snapshot (JSON, or CSV with format=csv or Accept: text/csv)",
          security: ADMIN_SECURITY,
        },
      },
    );
}
