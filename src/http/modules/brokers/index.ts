// GET /api/brokers/search?company= (the broker directory) and POST /api/brokers/demo (a demo
// account on a demo server, registered through a session worker).
import { Elysia, t } from "elysia";
import type { BrokerDirectory } from "../../../broker/directory.ts";
import type { DemoAccountView } from "../../../services/demo-accounts.ts";
import { DemoAccountService } from "../../../services/demo-accounts.ts";
import type { IdempotencyService } from "../../../services/idempotency.ts";
import type { Sessions } from "../../../sessions/sessions.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { assertType, Int, type Same, Text } from "../../models/common.ts";
import { operation } from "../../openapi/operation.ts";
import { named } from "../../openapi/schema.ts";

/** Spec §2.14 broker search result group. */
const BrokerGroup = named(
  "BrokerSearchGroup",
  t.Object({
    companyName: t.String(),
    results: t.Array(
      t.Object({
        name: t.String({ description: "Trade server name" }),
        access: t.Array(t.String({ description: "host:port" })),
      }),
    ),
  }),
);

/** Spec §2.15 demo account request. */
const DemoRequest = named(
  "DemoAccountRequest",
  t.Object(
    {
      company: Text(100, { minLength: 1, description: "Broker company, e.g. TAS Markets" }),
      server: t.Optional(Text(64, { description: "Demo trade server; default the company's" })),
      group: t.Optional(
        Text(64, {
          minLength: 1,
          description:
            "Account group: 'demo' (default) standard account — raw spread + 1.0 pip on FX " +
            "(+20 points on metals), no commission; 'demo-raw' raw/ECN account — raw spread " +
            "(EURUSD ≈ 0.2 pip), commission 3.5 per lot per side on FX and metals. Others: 400",
        }),
      ),
      leverage: t.Optional(Int({ minimum: 1, maximum: 3000 })),
      currency: t.Optional(t.String({ pattern: "^[A-Z]{3}$", description: "Deposit currency" })),
      deposit: t.Optional(t.Number({ minimum: 0, maximum: 1e9 })),
    },
    { additionalProperties: false },
  ),
);

const DemoCreated = named(
  "DemoAccount",
  t.Object(
    {
      login: Int({ format: "int64" }),
      password: t.String({ description: "Shown only in this answer" }),
      investor_password: t.String({ description: "Read-only password; shown only here" }),
      server_name: t.String(),
      broker_host: t.String(),
      broker_port: Int(),
      company: t.String(),
      group: t.String({ description: "Account group: 'demo' (standard) or 'demo-raw' (raw)" }),
      leverage: Int(),
      currency: t.String(),
      balance: t.Number(),
    },
    { description: "The new demo account; register it with POST /api/accounts" },
  ),
);
assertType<Same<(typeof DemoCreated)["static"], DemoAccountView>>();

export function brokersModule(
  deps: AuthDeps & {
    directory: BrokerDirectory;
    sessions: Sessions;
    idempotency: IdempotencyService;
  },
) {
  const demo = new DemoAccountService(deps.directory, deps.sessions);

  return new Elysia({ name: "module.brokers", prefix: "/api/brokers", normalize: false })
    .use(authPlugin(deps))
    .get("/search", ({ query }) => ok(deps.directory.search(query.company)), {
      apiKey: true,
      query: t.Object({
        company: Text(100, { minLength: 1, description: "Company name or part of it" }),
      }),
      response: { 200: Envelope(t.Array(BrokerGroup)) },
      detail: operation({
        id: "searchBrokers",
        tag: "brokers",
        summary: "Search the broker directory by company",
        auth: "key",
      }),
    })
    .post(
      "/demo",
      async ({ body, set, headers, principal }) => {
        const answer = await deps.idempotency.run(
          {
            keyId: principal.keyId,
            header: headers["idempotency-key"],
            method: "POST",
            path: "/api/brokers/demo",
            body,
            kind: "demo",
          },
          async () => ({ status: 201, body: ok(await demo.create(body)) }),
        );
        set.status = answer.status;
        return answer.body as never;
      },
      {
        apiKey: true,
        body: DemoRequest,
        response: { 201: Envelope(DemoCreated) },
        detail: operation({
          id: "createDemoAccount",
          tag: "brokers",
          summary: "Open a demo account on a demo server",
          description:
            "The login and passwords come back once. Send an Idempotency-Key to retry safely.",
          auth: "key",
          idempotent: true,
          errors: ["BROKER_UNAVAILABLE"],
        }),
      },
    );
}
