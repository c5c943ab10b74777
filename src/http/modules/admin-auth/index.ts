// POST /admin/seed (first superadmin, once) and POST /admin/login (JWT for admins).
import { jwt } from "@elysiajs/jwt";
import { Elysia, t } from "elysia";
import type { Config } from "../../../config/index.ts";
import type { AdminService } from "../../../services/admins.ts";
import type { Clock } from "../../../services/deps.ts";
import { JWT_AUDIENCE, JWT_ISSUER } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { AdminRecord, Int, Text } from "../../models/common.ts";
import { operation } from "../../openapi/operation.ts";
import { named } from "../../openapi/schema.ts";

const Credentials = named(
  "AdminCredentials",
  t.Object(
    { username: Text(64, { minLength: 1 }), password: Text(256, { minLength: 1 }) },
    { additionalProperties: false },
  ),
);

const LoginResult = named(
  "AdminLogin",
  t.Object({
    token: t.String({ description: "The admin JWT: send it as Authorization: Bearer <token>" }),
    expires_in: Int({ description: "Token lifetime in seconds" }),
    admin: t.Object({
      id: t.String({ description: "uuid" }),
      username: t.String(),
      role: t.Union([t.Literal("admin"), t.Literal("superadmin")]),
    }),
  }),
);

export function adminAuthModule(deps: { admins: AdminService; config: Config; clock: Clock }) {
  return new Elysia({ name: "module.admin-auth", prefix: "/admin", normalize: false })
    .use(
      jwt({
        name: "adminJwt",
        secret: deps.config.jwtSecret,
        alg: "HS256",
        iss: JWT_ISSUER,
        aud: JWT_AUDIENCE,
      }),
    )
    .post(
      "/seed",
      async ({ body, set }) => {
        const admin = await deps.admins.seed(body.username, body.password);
        set.status = 201;
        return ok(admin);
      },
      {
        body: Credentials,
        response: { 201: Envelope(AdminRecord) },
        detail: operation({
          id: "seedSuperadmin",
          tag: "admin",
          summary: "Create the first superadmin (works only while none exists)",
          description: "Bootstraps a new deployment; later calls answer 409 ALREADY_SEEDED.",
          auth: "none",
          errors: ["ALREADY_SEEDED", "CONFLICT"],
        }),
      },
    )
    .post(
      "/login",
      async ({ body, adminJwt, server, request }) => {
        const address = server?.requestIP(request)?.address ?? "unknown";
        const admin = await deps.admins.login(body.username, body.password, address);
        const nowSec = Math.floor(deps.clock.now() / 1000);
        const token = await adminJwt.sign({
          sub: admin.uuid,
          role: admin.role,
          exp: nowSec + deps.config.jwtTtlSeconds,
        });
        return ok({
          token,
          expires_in: deps.config.jwtTtlSeconds,
          admin: { id: admin.uuid, username: admin.username, role: admin.role },
        });
      },
      {
        body: Credentials,
        response: { 200: Envelope(LoginResult) },
        detail: operation({
          id: "adminLogin",
          tag: "admin",
          summary: "Log in as an admin and get a JWT",
          description:
            "Password checks are limited per client address (429 RATE_LIMITED with Retry-After); failures in a row back off exponentially.",
          auth: "none",
          errors: ["UNAUTHORIZED", "RATE_LIMITED"],
        }),
      },
    );
}
