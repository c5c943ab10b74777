// GET /api/brokers/search?company= (the broker directory) and POST /api/brokers/demo (a demo
// account on a demo server, registered through a session worker).
import { Elysia, t } from "elysia";
import type { BrokerDirectory } from "../../../broker/directory.ts";
import { DemoAccountService } from "../../../services/demo-accounts.ts";
import type { IdempotencyService } from "../../../services/idempotency.ts";
import type { SessionManager } from "../../../sessions/manager.ts";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { Int, KEY_SECURITY, Text } from "../../models/common.ts";

const SearchResult = t.Array(
  t.Object({
    companyName: t.String(),
    results: t.Array(t.Object({ name: t.String(), access: t.Array(t.String()) })),
  }),
);

const DemoRequest = t.Object(
  {
    company: Text(100, { minLength: 1 }),
    server: t.Optional(Text(64)),
    group: t.Optional(Text(64, { minLength: 1 })),
    leverage: t.Optional(Int({ minimum: 1, maximum: 3000 })),
    currency: t.Optional(t.String({ pattern: "^[A-Z]{3}$" })),
    deposit: t.Optional(t.Number({ minimum: 0, maximum: 1e9 })),
  },
  { additionalProperties: false },
);

const DemoCreated = t.Object({
  login: t.Integer(),
  password: t.String(),
  investor_password: t.String(),
  server_name: t.String(),
  broker_host: t.String(),
  broker_port: t.Integer(),
  company: t.String(),
  group: t.String(),
  leverage: t.Integer(),
  currency: t.String(),
  balance: t.Number(),
});

export function brokersModule(
  deps: AuthDeps & {
    directory: BrokerDirectory;
    sessions: SessionManager;
    idempotency: IdempotencyService;
  },
) {
  const demo = new DemoAccountService(deps.directory, deps.sessions);

  return new Elysia({ name: "module.brokers", prefix: "/api/brokers", normalize: false })
    .use(authPlugin(deps))
    .get("/search", ({ query }) => ok(deps.directory.search(query.company)), {
      apiKey: true,
      query: t.Object({ company: Text(100, { minLength: 1 }) }),
      response: { 200: Envelope(SearchResult) },
      detail: {
        tags: ["brokers"],
        summary: "Search the broker directory by company",
        security: KEY_SECURITY,
      },
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
        detail: {
          tags: ["brokers"],
          summary: "Open a demo account on a demo server (Idempotency-Key supported)",
          security: KEY_SECURITY,
        },
      },
    );
}
