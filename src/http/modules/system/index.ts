// The node's own health, without API authentication: GET /health (the Docker HEALTHCHECK),
// GET /health/live and GET /health/ready (the load balancer's and an orchestrator's probes:
// live while the process serves; ready when every readiness check passes — database, and in
// cluster mode NATS and the leases), and GET /metrics (Prometheus; a bearer token when
// TAS_METRICS_TOKEN is set). See src/observability.
import { createHash, timingSafeEqual } from "node:crypto";
import { Elysia, t } from "elysia";
import type { Config } from "../../../config/index.ts";
import { AppError } from "../../../domain/errors.ts";
import type { ServiceMetrics } from "../../../observability/metrics.ts";
import type { Readiness } from "../../../observability/readiness.ts";
import { Envelope, ok } from "../../envelope.ts";
import { operation } from "../../openapi/operation.ts";
import { named } from "../../openapi/schema.ts";

export interface SystemDeps {
  readonly config: Pick<Config, "metricsToken">;
  readonly metrics: Pick<ServiceMetrics, "text" | "contentType">;
  readonly readiness: Pick<Readiness, "check">;
}

const Live = t.Object({ status: t.Literal("ok") });

const ReadinessReport = named(
  "ReadinessReport",
  t.Object({
    ready: t.Boolean({ description: "True when every check passed" }),
    checks: t.Record(
      t.String(),
      t.Object({
        ok: t.Boolean(),
        detail: t.Optional(t.String({ description: "Why the check failed" })),
      }),
      { description: "Each readiness check by name: database; in cluster mode also the cluster's" },
    ),
  }),
);

const sha256 = (text: string): Buffer => createHash("sha256").update(text).digest();

/** A check of `Authorization: Bearer <token>` against TAS_METRICS_TOKEN (constant time). */
function metricsAuth(token: string | null): (authorization: string | null) => void {
  if (token === null) {
    return () => {};
  }
  const expected = sha256(token);
  const challenge = { "WWW-Authenticate": 'Bearer realm="metrics"' };
  return (authorization) => {
    const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];
    if (presented === undefined) {
      throw new AppError(
        "UNAUTHORIZED",
        "A metrics token is required: Authorization: Bearer <TAS_METRICS_TOKEN>",
        undefined,
        challenge,
      );
    }
    if (!timingSafeEqual(sha256(presented), expected)) {
      throw new AppError("UNAUTHORIZED", "Invalid metrics token", undefined, challenge);
    }
  };
}

export function systemModule(deps: SystemDeps) {
  const authorize = metricsAuth(deps.config.metricsToken);
  return new Elysia({ name: "module.system" })
    .get("/health", () => ok({ status: "ok" as const, version: "2.1.0" }), {
      response: { 200: Envelope(t.Object({ status: t.Literal("ok"), version: t.String() })) },
      detail: operation({
        id: "getHealth",
        tag: "system",
        summary: "Liveness probe",
        auth: "none",
      }),
    })
    .get("/health/live", () => ok({ status: "ok" as const }), {
      response: { 200: Envelope(Live) },
      detail: operation({
        id: "getLiveness",
        tag: "system",
        summary: "Liveness probe: 200 while the process serves requests",
        auth: "none",
      }),
    })
    .get(
      "/health/ready",
      async () => {
        const report = await deps.readiness.check();
        if (!report.ready) {
          const failed = Object.entries(report.checks)
            .filter(([, c]) => !c.ok)
            .map(([name, c]) => (c.detail ? `${name} (${c.detail})` : name));
          throw new AppError("NOT_READY", `Not ready: ${failed.join(", ")}`, { ...report });
        }
        return ok(report);
      },
      {
        response: { 200: Envelope(ReadinessReport) },
        detail: operation({
          id: "getReadiness",
          tag: "system",
          summary: "Readiness probe: 200 when every check passes, else 503 NOT_READY",
          description:
            "Runs every readiness check (the database; in cluster mode NATS and the leases), each with a short timeout. Not ready → 503 NOT_READY whose `details` holds the same report (`ready`, `checks`).",
          auth: "none",
          errors: ["NOT_READY"],
        }),
      },
    )
    .get(
      "/metrics",
      async ({ request, set }) => {
        authorize(request.headers.get("authorization"));
        const text = await deps.metrics.text();
        set.headers["content-type"] = deps.metrics.contentType;
        return text;
      },
      {
        detail: operation({
          id: "getMetrics",
          tag: "system",
          summary: "Prometheus metrics of this node (text format 0.0.4)",
          description:
            "No authentication unless TAS_METRICS_TOKEN is set; then `Authorization: Bearer <token>` is required (401 otherwise). No label carries an account or key id.",
          auth: "none",
          errors: ["UNAUTHORIZED"],
          responses: {
            200: {
              description: "The metrics in the Prometheus text exposition format 0.0.4",
              content: { "text/plain": t.String() },
            },
          },
        }),
      },
    );
}
