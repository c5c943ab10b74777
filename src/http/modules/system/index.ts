// GET /health — liveness for load balancers and the Docker HEALTHCHECK; no authentication.
import { Elysia, t } from "elysia";
import { Envelope, ok } from "../../envelope.ts";
import { operation } from "../../openapi/operation.ts";

export function systemModule() {
  return new Elysia({ name: "module.system" }).get(
    "/health",
    () => ok({ status: "ok" as const, version: "2.1.0" }),
    {
      response: { 200: Envelope(t.Object({ status: t.Literal("ok"), version: t.String() })) },
      detail: operation({
        id: "getHealth",
        tag: "system",
        summary: "Liveness probe",
        auth: "none",
      }),
    },
  );
}
