// The hottest keyed reads as handlers of Bun's own router (Elysia's `serve.routes`, merged over
// the routes Elysia registers there itself): `GET /api/accounts` and an account's summary,
// portfolio and open orders, each a text already rendered (the account list by AccountService,
// the views by the account's session worker). A hot route answers only the plain success path: a
// key already in the key cache, a token in its rate-limit bucket, no body, nothing
// percent-encoded in the URL, and a read that succeeds. Every other request (a new, unknown or
// invalid key, a key over its limit, an unknown account, a session not connected) is handed to
// the app unchanged, whose hooks, error renderer and envelope answer it: one place still renders
// every error, and a token already taken is not taken again (auth.ts markCharged). An answer is
// the app's, byte for byte and header for header, and goes into the same request histogram.
//
// Why: the app's pipeline (onRequest, the route's transform/resolve/after-handle hooks, the
// context Elysia builds per request) cost these routes a fifth of their throughput (README,
// "Reads at the machine's limit").
import type { ServiceMetrics } from "../observability/metrics.ts";
import type { AccountService } from "../services/accounts.ts";
import type { KeyPrincipal, KeyService } from "../services/keys.ts";
import type { TradingService } from "../services/trading.ts";
import type { ViewName } from "../sessions/views.ts";
import { type KeyRateLimiter, markCharged, presentedKeyOf } from "./auth.ts";
import { RENDERED_CONTENT_TYPE } from "./envelope.ts";
import { newRequestId } from "./request-id.ts";

export interface HotRouteDeps {
  readonly keys: KeyService;
  readonly accounts: AccountService;
  readonly trading: TradingService;
  readonly metrics: ServiceMetrics;
  /** The app's one key rate limiter (auth.ts keyRateLimiter). */
  readonly limiter: KeyRateLimiter;
  /** The app itself: every request a hot route does not answer. */
  readonly delegate: (request: Request) => Response | Promise<Response>;
}

/** A request as Bun's router hands it over: with the route's parameters. */
type RoutedRequest = Request & { readonly params: Record<string, string> };
type BunRouteHandler = (request: RoutedRequest) => Response | Promise<Response>;
/** A hot route's read: the rendered answer for the key, or a throw (the app answers then). */
type HotRead = (principal: KeyPrincipal, request: RoutedRequest) => Promise<string>;

/** Bun's route table of the hot routes: `{ path: { GET: handler } }`. */
export function hotRoutes(deps: HotRouteDeps): Record<string, { GET: BunRouteHandler }> {
  const { keys, limiter, metrics, delegate } = deps;

  /**
   * The request's key principal when a hot route may answer it: no body (the app's body limit
   * and parser stay the only ones), no percent-encoding in the URL (the app's URL check rejects
   * malformed ones), a cached valid key and a token of its rate limit taken.
   */
  const admitted = (request: Request): KeyPrincipal | null => {
    const headers = request.headers;
    if (
      request.url.includes("%") ||
      headers.has("transfer-encoding") ||
      (headers.get("content-length") ?? "0") !== "0"
    ) {
      return null;
    }
    const presented = presentedKeyOf(headers.get("x-api-key"), headers.get("authorization"));
    const principal = presented === null ? null : keys.verifyCached(presented);
    return principal && limiter.admits(principal.keyId) ? principal : null;
  };

  /** The route at `template` (Bun's path, Elysia's, the histogram's label) answering `read`. */
  const route =
    (template: string, read: HotRead): BunRouteHandler =>
    async (request) => {
      const startedAt = performance.now();
      const principal = admitted(request);
      if (!principal) {
        return delegate(request);
      }
      let body: string;
      try {
        body = await read(principal, request);
      } catch {
        // The app runs the read again (the token is taken already) and renders its failure.
        markCharged(request);
        return delegate(request);
      }
      metrics.observeRequest("GET", template, 200, (performance.now() - startedAt) / 1000);
      return new Response(body, {
        headers: { "content-type": RENDERED_CONTENT_TYPE, "x-request-id": newRequestId() },
      });
    };

  const view = (name: ViewName) => async (principal: KeyPrincipal, request: RoutedRequest) =>
    deps.trading.rendered(await deps.trading.own(principal, request.params.id ?? ""), name);

  const reads: Array<[string, HotRead]> = [
    ["/api/accounts", (principal) => deps.accounts.listRendered(principal)],
    ["/api/accounts/:id/summary", view("summary")],
    ["/api/accounts/:id/portfolio", view("portfolio")],
    ["/api/accounts/:id/orders", view("open")],
  ];
  return Object.fromEntries(
    reads.map(([template, read]) => [template, { GET: route(template, read) }]),
  );
}
