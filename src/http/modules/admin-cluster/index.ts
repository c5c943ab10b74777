// GET /admin/cluster — superadmin: the live nodes, the accounts whose sessions each runs with
// their lease epochs, and accounts without an owner at the moment (src/cluster). On a single node
// (no NATS_URL) it says so and lists that node alone.
import { Elysia, t } from "elysia";
import { type AuthDeps, authPlugin } from "../../auth.ts";
import { Envelope, ok } from "../../envelope.ts";
import { operation } from "../../openapi/operation.ts";
import { named } from "../../openapi/schema.ts";

export interface ClusterNodeInfo {
  readonly node_id: string;
  readonly advertise_url: string;
  readonly draining: boolean;
  readonly self: boolean;
  readonly accounts: Array<{ account_id: string; epoch: number }>;
}

/** What the route reads from the running cluster (src/cluster/index.ts implements it). */
export interface ClusterInfo {
  view(): { node_id: string; nodes: ClusterNodeInfo[]; unowned: string[] };
}

const Uuid = t.String({ description: "uuid" });

const ClusterRecord = named(
  "Cluster",
  t.Object({
    mode: t.Union([t.Literal("cluster"), t.Literal("single")]),
    node_id: t.String({ description: "The node that answered" }),
    nodes: t.Array(
      t.Object({
        node_id: t.String(),
        advertise_url: t.String(),
        draining: t.Boolean({ description: "Handing its leases over before it stops" }),
        self: t.Boolean({ description: "The node that answered" }),
        accounts: t.Array(
          t.Object({
            account_id: Uuid,
            epoch: t.Integer({ description: "The lease's fencing epoch (grows at every change)" }),
          }),
        ),
      }),
      { description: "Live nodes (heartbeat younger than the lease TTL)" },
    ),
    unowned: t.Array(Uuid, { description: "Accounts whose lease nobody holds at the moment" }),
  }),
);

export function adminClusterModule(
  deps: AuthDeps & { cluster: ClusterInfo | null; nodeId: string; advertiseUrl: string },
) {
  return new Elysia({ name: "module.admin-cluster", prefix: "/admin", normalize: false })
    .use(authPlugin(deps))
    .get(
      "/cluster",
      () => {
        if (!deps.cluster) {
          return ok({
            mode: "single" as const,
            node_id: deps.nodeId,
            nodes: [
              {
                node_id: deps.nodeId,
                advertise_url: deps.advertiseUrl,
                draining: false,
                self: true,
                accounts: [],
              },
            ],
            unowned: [],
          });
        }
        return ok({ mode: "cluster" as const, ...deps.cluster.view() });
      },
      {
        admin: "superadmin",
        response: { 200: Envelope(ClusterRecord) },
        detail: operation({
          id: "getCluster",
          tag: "admin",
          summary: "The cluster's nodes and the accounts each runs (superadmin)",
          description:
            "Cluster mode (NATS_URL set): every live node, the accounts whose sessions it runs with their lease epochs, and the accounts that have no owner at the moment (being moved). On a single node, `mode` is `single` and the node is listed alone without accounts (it runs them all; no leases are kept).",
          auth: "superadmin",
        }),
      },
    );
}
