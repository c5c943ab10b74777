// /admin/billing — billing terms per admin (GET: the admin itself or a superadmin; PUT:
// superadmin) and the monthly invoice, as JSON or CSV. `{id}` is the admin's uuid or integer id;
// another admin's id is answered 404 ADMIN_NOT_FOUND like an unknown one. Rules live in
// src/services/billing.ts, the money maths in src/domain/billing.ts.
import { Elysia, t } from "elysia";
import { renderInvoiceCsv } from "../../../domain/billing.ts";
import type { BillingService } from "../../../services/billing.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { operation } from "../../openapi/operation.ts";
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
        detail: operation({
          id: "getBillingTerms",
          tag: "billing",
          summary: "Get an admin's billing terms (defaults when never set)",
          description: "An admin may read its own terms; a superadmin any admin's.",
          auth: "admin",
          errors: ["ADMIN_NOT_FOUND"],
        }),
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
        detail: operation({
          id: "setBillingTerms",
          tag: "billing",
          summary: "Set an admin's billing terms, every field (superadmin)",
          auth: "superadmin",
          errors: ["ADMIN_NOT_FOUND"],
        }),
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
        detail: operation({
          id: "getInvoice",
          tag: "billing",
          summary: "Invoice of a UTC month from its last usage snapshot",
          description:
            "JSON by default; CSV (an attachment) with format=csv, or with Accept: text/csv when format is absent.",
          auth: "admin",
          errors: ["ADMIN_NOT_FOUND", "SNAPSHOT_NOT_FOUND", "INVOICE_AMOUNT_OVERFLOW"],
          responses: {
            200: {
              description: "The invoice",
              content: {
                "application/json": InvoiceRecord,
                "text/csv": t.String({ description: "The invoice as CSV (RFC 4180)" }),
              },
            },
          },
        }),
      },
    );
}
