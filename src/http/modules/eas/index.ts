// The client EA API: `GET /api/eas` (the ready EAs of the key's admin) and, per account,
// `POST …/ea/start` {ea_id, symbol, timeframe, inputs?}, `POST …/ea/stop`, `GET …/ea/status`
// (the running or last instance; `data: null` if none ever ran), `GET …/ea/logs?limit=` and
// `GET …/ea/chart` (the instance's graphical objects, chart properties and comment; `data: null`
// if none ever reported a chart).
// Another key's account is ACCOUNT_NOT_FOUND like an unknown one (checked before anything else).
import { Elysia, t } from "elysia";
import { AppError } from "../../../domain/errors.ts";
import { EA_TIMEFRAMES, type EaInstanceService } from "../../../services/ea-instances.ts";
import type { EaService } from "../../../services/eas.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { AccountIdParams } from "../../models/common.ts";
import { EaChartSchema } from "../../models/ea-chart.ts";
import { operation } from "../../openapi/operation.ts";
import { named } from "../../openapi/schema.ts";
import { EaLogLine, EaRecord, EaStatus } from "../admin-eas/model.ts";

const Id = AccountIdParams;
/** Every EA route of an account needs the EA runtime on this server. */
const RUNTIME = ["BROKER_UNAVAILABLE"] as const;

const StartBody = named(
  "StartEaRequest",
  t.Object(
    {
      ea_id: t.String({ maxLength: 64, description: "id of a ready EA of the key's admin" }),
      symbol: t.String({ minLength: 1, maxLength: 32 }),
      timeframe: t.UnionEnum(EA_TIMEFRAMES),
      inputs: t.Optional(
        t.Record(t.String({ maxLength: 128 }), t.Union([t.String(), t.Number(), t.Boolean()]), {
          description: "input values by name (see the EA's input_params)",
        }),
      ),
    },
    { additionalProperties: false },
  ),
);

export function easModule(
  deps: AuthDeps & { eas: EaService; eaInstances?: EaInstanceService | undefined },
) {
  const instances = (): EaInstanceService => {
    if (!deps.eaInstances) {
      throw new AppError("BROKER_UNAVAILABLE", "EAs cannot run on this server");
    }
    return deps.eaInstances;
  };
  return new Elysia({ name: "module.eas", normalize: false })
    .use(authPlugin(deps))
    .get("/api/eas", async ({ principal }) => ok(await deps.eas.listForKey(principal)), {
      apiKey: true,
      response: { 200: Envelope(t.Array(EaRecord)) },
      detail: operation({
        id: "listAvailableEas",
        tag: "eas",
        summary: "The ready EAs of the key's admin",
        auth: "key",
      }),
    })
    .post(
      "/api/accounts/:id/ea/start",
      async ({ principal, params, body }) =>
        ok(
          await instances().start(principal, params.id, {
            ea_id: body.ea_id,
            symbol: body.symbol,
            timeframe: body.timeframe,
            ...(body.inputs !== undefined ? { inputs: body.inputs } : {}),
          }),
        ),
      {
        apiKey: true,
        params: Id,
        body: StartBody,
        response: { 200: Envelope(EaStatus) },
        detail: operation({
          id: "startEa",
          tag: "eas",
          summary: "Start an EA on the account (one running EA per account)",
          description: "The account must be connected.",
          auth: "key",
          errors: [...RUNTIME, "EA_NOT_FOUND", "EA_ALREADY_RUNNING", "SESSION_NOT_CONNECTED"],
        }),
      },
    )
    .post(
      "/api/accounts/:id/ea/stop",
      async ({ principal, params }) => ok(await instances().stop(principal, params.id)),
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(EaStatus) },
        detail: operation({
          id: "stopEa",
          tag: "eas",
          summary: "Stop the account's running EA (OnDeinit runs)",
          auth: "key",
          errors: [...RUNTIME, "EA_NOT_FOUND"],
        }),
      },
    )
    .get(
      "/api/accounts/:id/ea/status",
      async ({ principal, params }) => ok(await instances().status(principal, params.id)),
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(t.Union([EaStatus, t.Null()])) },
        detail: operation({
          id: "getEaStatus",
          tag: "eas",
          summary: "The EA running on the account, or its last run (null if none ever ran)",
          auth: "key",
          errors: RUNTIME,
        }),
      },
    )
    .get(
      "/api/accounts/:id/ea/logs",
      async ({ principal, params, query }) =>
        ok(await instances().logs(principal, params.id, query.limit ?? 100)),
      {
        apiKey: true,
        params: Id,
        query: t.Object({
          limit: t.Optional(
            t.Integer({
              minimum: 1,
              maximum: 1000,
              default: 100,
              description: "How many of the newest lines",
            }),
          ),
        }),
        response: { 200: Envelope(t.Array(EaLogLine)) },
        detail: operation({
          id: "getEaLogs",
          tag: "eas",
          summary: "Recent log lines of the running or last EA (newest last)",
          auth: "key",
          errors: RUNTIME,
        }),
      },
    )
    .get(
      "/api/accounts/:id/ea/chart",
      async ({ principal, params }) => ok(await instances().chart(principal, params.id)),
      {
        apiKey: true,
        params: Id,
        response: { 200: Envelope(t.Union([EaChartSchema, t.Null()])) },
        detail: operation({
          id: "getEaChart",
          tag: "eas",
          summary: "The chart of the running or last EA: its objects, properties and comment",
          description:
            "What the EA drew with ObjectCreate/ObjectSet…, set with ChartSet… and wrote with Comment, as it last reported it (kept across restarts). null if no EA ever ran on the account. Changes stream as `chart` messages on the WebSocket `ea` channel.",
          auth: "key",
          errors: RUNTIME,
        }),
      },
    );
}
