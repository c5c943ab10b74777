// Authentication, as one named plugin with two macros:
//   `apiKey: true`        — client routes: X-API-Key or Authorization: Bearer sk_…; resolves
//                            `principal` (the key) and applies the per-key rate limit.
//   `admin: "admin" | "superadmin"` — admin routes: a JWT from /admin/login, or an API key acting
//                            as its owning admin (never with superadmin powers); resolves `scope`.
import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import type { Config } from "../config/index.ts";
import { AppError } from "../domain/errors.ts";
import { type BucketState, newBucket, takeToken } from "../domain/token-bucket.ts";
import type { AdminService } from "../services/admins.ts";
import type { Clock } from "../services/deps.ts";
import type { AdminScope, KeyPrincipal, KeyService } from "../services/keys.ts";
import { INVALID_KEY_MESSAGE, MISSING_KEY_MESSAGE } from "./errors.ts";
import { principalOf, scopeOf, setPrincipal, setScope } from "./request-context.ts";

export const JWT_ISSUER = "tas";
export const JWT_AUDIENCE = "tas-admin";

export interface AuthDeps {
  readonly config: Config;
  readonly clock: Clock;
  readonly keys: KeyService;
  readonly admins: AdminService;
  /**
   * Cluster mode: how many nodes share each key's rate limit (the live nodes). Each node allows
   * its share, so a load balancer that spreads a key's requests evenly sees the configured limit
   * overall. Default 1.
   */
  readonly rateShare?: () => number;
}

/** Reads the API key from X-API-Key or `Authorization: Bearer sk_…`. */
export function presentedKey(headers: Record<string, string | undefined>): string | null {
  return presentedKeyOf(headers["x-api-key"], headers.authorization);
}

/** `presentedKey` from the two headers' values (absent: undefined or null). */
export function presentedKeyOf(
  xApiKey: string | null | undefined,
  authorization: string | null | undefined,
): string | null {
  const header = xApiKey?.trim();
  if (header) {
    return header;
  }
  const auth = authorization?.trim();
  if (auth && /^bearer\s+/i.test(auth)) {
    const token = auth.replace(/^bearer\s+/i, "").trim();
    return token === "" ? null : token;
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The claims of an admin token as /admin/login issues them: `sub` a uuid, `role` a role, `exp`
 * and `iat` integer seconds (the verifier accepts `exp: 1e309`, i.e. Infinity: never expiring).
 */
export function hasAdminClaims(
  claims: Record<string, unknown>,
): claims is Record<string, unknown> & { sub: string } {
  return (
    typeof claims.sub === "string" &&
    UUID.test(claims.sub) &&
    (claims.role === "admin" || claims.role === "superadmin") &&
    Number.isSafeInteger(claims.exp) &&
    Number.isSafeInteger(claims.iat)
  );
}

/** Per-key token buckets (this node; in a cluster, its share of the key's limit). */
export class KeyRateLimiter {
  private readonly buckets = new Map<string, BucketState>();
  constructor(
    private readonly rps: number,
    private readonly burst: number,
    private readonly clock: Clock,
    private readonly share: () => number = () => 1,
  ) {}

  /** Takes one of the key's tokens; false (nothing taken) when its bucket is empty. */
  admits(keyId: string): boolean {
    return this.take(keyId).allowed;
  }

  /** Takes one of the key's tokens, or throws 429 RATE_LIMITED with the wait. */
  check(keyId: string): void {
    const verdict = this.take(keyId);
    if (!verdict.allowed) {
      throw new AppError(
        "RATE_LIMITED",
        `Rate limit of ${this.rps} requests/second exceeded; retry after ${verdict.retryAfterSec} s`,
        { retry_after: verdict.retryAfterSec },
        { "Retry-After": String(verdict.retryAfterSec) },
      );
    }
  }

  private take(keyId: string): ReturnType<typeof takeToken> {
    const now = this.clock.now();
    const nodes = Math.max(1, this.share());
    const burst = nodes === 1 ? this.burst : Math.max(1, this.burst / nodes);
    const rps = nodes === 1 ? this.rps : this.rps / nodes;
    let bucket = this.buckets.get(keyId);
    if (!bucket) {
      bucket = newBucket(burst, now);
      this.buckets.set(keyId, bucket);
    }
    return takeToken(bucket, burst, rps, now);
  }
}

/**
 * Requests whose token the hot path already took before handing them to the app (a read that
 * failed there, answered by the app): the app's limiter does not charge them twice.
 */
const chargedByHotPath = new WeakSet<Request>();

export function markCharged(request: Request): void {
  chargedByHotPath.add(request);
}

/** One rate limiter per app (per KeyService): every keyed route and the hot routes share it. */
const limiters = new WeakMap<KeyService, KeyRateLimiter>();

export function keyRateLimiter(deps: AuthDeps): KeyRateLimiter {
  let limiter = limiters.get(deps.keys);
  if (!limiter) {
    limiter = new KeyRateLimiter(
      deps.config.rateLimitRps,
      deps.config.rateLimitBurst,
      deps.clock,
      deps.rateShare,
    );
    limiters.set(deps.keys, limiter);
  }
  return limiter;
}

export function authPlugin(deps: AuthDeps) {
  const limiter = keyRateLimiter(deps);

  /** The key's principal once its rate limit admits the request; 401 for any invalid key. */
  const admitKey = (principal: KeyPrincipal | null, request?: Request): KeyPrincipal => {
    if (!principal) {
      throw new AppError("UNAUTHORIZED", INVALID_KEY_MESSAGE);
    }
    if (request === undefined || !chargedByHotPath.has(request)) {
      limiter.check(principal.keyId);
    }
    return principal;
  };
  const verifyKey = async (presented: string, request?: Request): Promise<KeyPrincipal> =>
    admitKey(await deps.keys.verify(presented), request);

  /** Authentication happens in `transform` (before body validation, so an unauthenticated
   * request is always 401); `resolve` then hands the typed result to the handler, carried on the
   * request's `set` (request-context.ts). */

  const authenticateAdmin = async (
    headers: Record<string, string | undefined>,
    verifyJwt: (token: string) => Promise<Record<string, unknown> | false>,
  ): Promise<AdminScope> => {
    const presented = presentedKey(headers);
    if (presented === null) {
      throw new AppError(
        "UNAUTHORIZED",
        "Authentication required: pass an admin token (Authorization: Bearer <JWT>) or an API key (X-API-Key)",
      );
    }
    if (presented.startsWith("sk_")) {
      const principal = await verifyKey(presented);
      return {
        adminId: principal.adminId,
        superadmin: false,
        actor: { type: "key", id: principal.keyId },
      };
    }
    const claims = await verifyJwt(presented);
    // A correctly signed token is still input: only a uuid `sub` (and a known `role`) reaches
    // the database lookup; any other claim shape is 401, never a cast error.
    const admin =
      claims && hasAdminClaims(claims) ? await deps.admins.findByUuid(claims.sub) : null;
    if (!admin) {
      throw new AppError("UNAUTHORIZED", "Invalid or expired admin token");
    }
    return {
      adminId: admin.uuid,
      superadmin: admin.role === "superadmin",
      actor: { type: "admin", id: admin.uuid },
    };
  };

  return new Elysia({ name: "auth" })
    .use(
      jwt({
        name: "adminJwt",
        secret: deps.config.jwtSecret,
        alg: "HS256",
        iss: JWT_ISSUER,
        aud: JWT_AUDIENCE,
      }),
    )
    .macro({
      apiKey: {
        transform({ request, set }) {
          // Read from the request itself: naming `headers` here would make the framework build
          // a headers object for every keyed request.
          const presented = presentedKeyOf(
            request.headers.get("x-api-key"),
            request.headers.get("authorization"),
          );
          if (presented === null) {
            throw new AppError("UNAUTHORIZED", MISSING_KEY_MESSAGE);
          }
          // A cached key is admitted here, with no promise of its own (not an async function);
          // only a miss returns one, which the framework waits for.
          const cached = deps.keys.verifyCached(presented);
          if (cached !== undefined) {
            setPrincipal(set, admitKey(cached, request));
            return;
          }
          return verifyKey(presented, request).then((principal) => {
            setPrincipal(set, principal);
          });
        },
        resolve({ set }) {
          const principal = principalOf(set);
          if (!principal) {
            throw new AppError("UNAUTHORIZED", INVALID_KEY_MESSAGE);
          }
          return { principal };
        },
      },
      admin: (role: "admin" | "superadmin") => ({
        async transform({ headers, adminJwt, set }) {
          const scope = await authenticateAdmin(headers, (token) =>
            adminJwt.verify(token, {
              algorithms: ["HS256"],
              issuer: JWT_ISSUER,
              audience: JWT_AUDIENCE,
              requiredClaims: ["exp", "iat", "sub"],
            }),
          );
          if (role === "superadmin" && !scope.superadmin) {
            throw new AppError("FORBIDDEN", "This operation requires the superadmin role");
          }
          setScope(set, scope);
        },
        resolve({ set }) {
          const scope = scopeOf(set);
          if (!scope) {
            throw new AppError("UNAUTHORIZED", "Invalid or expired admin token");
          }
          return { scope };
        },
      }),
    });
}
