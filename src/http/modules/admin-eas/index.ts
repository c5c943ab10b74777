// /admin/eas — Expert Advisors of the caller's admin (all of them for a superadmin JWT): upload
// (multipart `file` parts + optional `name`; analysed or compiled at once, stored `ready` or
// `error`), list, get,
// delete (running instances are stopped first). Another admin's EA is 404 EA_NOT_FOUND, like an
// unknown one.
import { Elysia, t } from "elysia";
import { validationError } from "../../../domain/errors.ts";
import type { EaService } from "../../../services/eas.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { Deleted, Text } from "../../models/common.ts";
import { operation } from "../../openapi/operation.ts";
import { named } from "../../openapi/schema.ts";
import { EaRecord } from "./model.ts";

const Id = t.Object({ id: t.String({ maxLength: 64, description: "EA id (uuid)" }) });
const EA_NOT_FOUND = ["EA_NOT_FOUND"] as const;

export function adminEasModule(deps: AuthDeps & { eas: EaService }) {
  return new Elysia({ name: "module.admin-eas", prefix: "/admin/eas", normalize: false })
    .use(authPlugin(deps))
    .post(
      "",
      async ({ body, scope, set }) => {
        const parts: unknown[] = Array.isArray(body.file) ? body.file : [body.file];
        const files = [];
        for (const file of parts) {
          if (!(file instanceof Blob)) {
            throw validationError("file", "expected a file part");
          }
          const fileName = file instanceof File && file.name ? file.name : "program.js";
          files.push({ fileName, bytes: new Uint8Array(await file.arrayBuffer()) });
        }
        set.status = 201;
        return ok(
          await deps.eas.upload(scope, {
            files,
            ...(body.name !== undefined ? { name: body.name } : {}),
          }),
        );
      },
      {
        admin: "admin",
        body: named(
          "EaUpload",
          t.Object({
            file: t.Files({
              description:
                "the EA program: .mq5 (MQL5, compiled at upload), .js, .ts or .mjs; for MQL5, the .mqh headers it includes as further `file` parts, or one .zip holding the program and its headers. UTF-8 or UTF-16.",
            }),
            name: t.Optional(Text(200, { description: "display name (default: the file name)" })),
          }),
        ),
        response: { 201: Envelope(EaRecord) },
        detail: operation({
          id: "uploadEa",
          tag: "eas",
          summary: "Upload an EA (analysed at once: status ready, or error with line/column)",
          description:
            "multipart/form-data with the program in `file` (an MQL5 program may bring its .mqh headers as further `file` parts, or come as one .zip). A program that does not compile is stored with status error and the reason (`file:line:column: message` for MQL5).",
          auth: "admin",
        }),
      },
    )
    .get("", async ({ scope }) => ok(await deps.eas.list(scope)), {
      admin: "admin",
      response: { 200: Envelope(t.Array(EaRecord)) },
      detail: operation({
        id: "listEas",
        tag: "eas",
        summary: "List the admin's EAs (all of them for a superadmin)",
        auth: "admin",
      }),
    })
    .get("/:id", async ({ scope, params }) => ok(await deps.eas.get(scope, params.id)), {
      admin: "admin",
      params: Id,
      response: { 200: Envelope(EaRecord) },
      detail: operation({
        id: "getEa",
        tag: "eas",
        summary: "Get an EA",
        auth: "admin",
        errors: EA_NOT_FOUND,
      }),
    })
    .delete("/:id", async ({ scope, params }) => ok(await deps.eas.delete(scope, params.id)), {
      admin: "admin",
      params: Id,
      response: { 200: Envelope(Deleted) },
      detail: operation({
        id: "deleteEa",
        tag: "eas",
        summary: "Delete an EA (its running instances are stopped first)",
        auth: "admin",
        errors: EA_NOT_FOUND,
      }),
    });
}
