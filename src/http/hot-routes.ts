// The hottest keyed read, `GET /api/accounts`, as a handler of Bun's own router (Elysia's
// `serve.routes`, merged over the routes Elysia registers there itself). It answers only the plain
// success path: a key already in the key cache, a token in its rate-limit bucket, no body, nothing
// percent-encoded in the URL. Every other request (a new, unknown or invalid key, a key over its
// limit, a failure) is handed to the app unchanged, whose hooks, error renderer and envelope then
// answer it: one place still renders every error. The answer is the same as the app's, byte for
// byte and header for header, and goes into the same request histogram.
//
// Why: the app's pipeline (onRequest, the route's transform/resolve/after-handle hooks, the
// context Elysia builds per request) cost this route a fifth of its throughput at 64 connections
// (README, "Reads at the machine's limit").
import type { ServiceMetrics } from "../observability/metrics.ts";
import type { AccountService } from "../services/accounts.ts";
import type { KeyService } from "../services/keys.ts";
import { type KeyRateLimiter, presentedKeyOf } from "./auth.ts";
import { newRequestId } from "./request-id.ts";

export interface HotRouteDeps {
  readonly keys: KeyService;
  readonly accounts: AccountService;
  readonly metrics: ServiceMetrics;
  /** The app's one key rate limiter (auth.ts keyRateLimiter). */
  readonly limiter: KeyRateLimiter;
  /** The app itself: every request the hot path does not answer. */
  readonly delegate: (request: Request) => Response | Promise<Response>;
}

type BunRouteHandler = (request: Request) => Response | Promise<Response>;

const JSON_TYPE = "application/json; charset=utf-8";

/** Bun's route table of the hot routes: `{ path: { METHOD: handler } }`. */
export function hotRoutes(deps: HotRouteDeps): Record<string, Record<"GET", BunRouteHandler>> {
  const { keys, accounts, metrics, limiter, delegate } = deps;

  /**
   * The request's key principal when the hot path may answer it: no body (the app's body limit
   * and parser stay the only ones), no percent-encoding in the URL (the app's URL check rejects
   * malformed ones), a cached valid key and a token of its rate limit taken.
   */
  const admitted = (request: Request) => {
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

  const listAccounts: BunRouteHandler = async (request) => {
    const startedAt = performance.now();
    const principal = admitted(request);
    if (!principal) {
      return delegate(request);
    }
    let body: string;
    try {
      body = await accounts.listRendered(principal);
    } catch {
      // The app runs the read again and renders its failure.
      return delegate(request);
    }
    metrics.observeRequest("GET", "/api/accounts", 200, (performance.now() - startedAt) / 1000);
    return new Response(body, {
      headers: { "content-type": JSON_TYPE, "x-request-id": newRequestId() },
    });
  };

  return { "/api/accounts": { GET: listAccounts } };
}
