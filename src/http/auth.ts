// Authentication, as one named plugin with two macros:
//   `apiKey: true`        — client routes: X-API-Key or Authorization: Bearer sk_…; resolves
//                            `principal` (the key) and applies the per-key rate limit.
//   `admin: "admin" | "superadmin"` — admin routes: a JWT from /admin/login, or an API key acting
//                            as its owning admin (never with superadmin powers); resolves `scope`.
import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import type { Config } from "../config/index.ts";
import { type BucketState, newBucket, takeToken } from "../domain/token-bucket.ts";
import type { AdminService } from "../services/admins.ts";
import type { Clock } from "../services/deps.ts";
import type { AdminScope, KeyPrincipal, KeyService } from "../services/keys.ts";
import { AppError, INVALID_KEY_MESSAGE, MISSING_KEY_MESSAGE } from "./errors.ts";

export const JWT_ISSUER = "tas";
export const JWT_AUDIENCE = "tas-admin";

export interface AuthDeps {
  readonly config: Config;
  readonly clock: Clock;
  readonly keys: KeyService;
  readonly admins: AdminService;
}

/** Reads the API key from X-API-Key or `Authorization: Bearer sk_…`. */
export function presentedKey(headers: Record<string, string | undefined>): string | null {
  const header = headers["x-api-key"]?.trim();
  if (header) {
    return header;
  }
  const auth = headers.authorization?.trim();
  if (auth && /^bearer\s+/i.test(auth)) {
    const token = auth.replace(/^bearer\s+/i, "").trim();
    return token === "" ? null : token;
  }
  return null;
}

/** Per-key token buckets (this node). */
export class KeyRateLimiter {
  private readonly buckets = new Map<string, BucketState>();
  constructor(
    private readonly rps: number,
    private readonly burst: number,
    private readonly clock: Clock,
  ) {}

  check(keyId: string): void {
    const now = this.clock.now();
    let bucket = this.buckets.get(keyId);
    if (!bucket) {
      bucket = newBucket(this.burst, now);
      this.buckets.set(keyId, bucket);
    }
    const verdict = takeToken(bucket, this.burst, this.rps, now);
    if (!verdict.allowed) {
      throw new AppError(
        "RATE_LIMITED",
        `Rate limit of ${this.rps} requests/second exceeded; retry after ${verdict.retryAfterSec} s`,
        { retry_after: verdict.retryAfterSec },
        { "Retry-After": String(verdict.retryAfterSec) },
      );
    }
  }
}

export function authPlugin(deps: AuthDeps) {
  const limiter = new KeyRateLimiter(
    deps.config.rateLimitRps,
    deps.config.rateLimitBurst,
    deps.clock,
  );

  const verifyKey = async (presented: string): Promise<KeyPrincipal> => {
    const principal = await deps.keys.verify(presented);
    if (!principal) {
      throw new AppError("UNAUTHORIZED", INVALID_KEY_MESSAGE);
    }
    limiter.check(principal.keyId);
    return principal;
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
        async resolve({ headers }) {
          const presented = presentedKey(headers);
          if (presented === null) {
            throw new AppError("UNAUTHORIZED", MISSING_KEY_MESSAGE);
          }
          return { principal: await verifyKey(presented) };
        },
      },
      admin: (role: "admin" | "superadmin") => ({
        async resolve({ headers, adminJwt }) {
          let scope: AdminScope;
          const presented = presentedKey(headers);
          if (presented === null) {
            throw new AppError(
              "UNAUTHORIZED",
              "Authentication required: pass an admin token (Authorization: Bearer <JWT>) or an API key (X-API-Key)",
            );
          }
          if (presented.startsWith("sk_")) {
            const principal = await verifyKey(presented);
            scope = {
              adminId: principal.adminId,
              superadmin: false,
              actor: { type: "key", id: principal.keyId },
            };
          } else {
            const claims = await adminJwt.verify(presented, {
              algorithms: ["HS256"],
              issuer: JWT_ISSUER,
              audience: JWT_AUDIENCE,
              requiredClaims: ["exp", "iat", "sub"],
            });
            const admin =
              claims && typeof claims.sub === "string"
                ? await deps.admins.findByUuid(claims.sub)
                : null;
            if (!admin) {
              throw new AppError("UNAUTHORIZED", "Invalid or expired admin token");
            }
            scope = {
              adminId: admin.uuid,
              superadmin: admin.role === "superadmin",
              actor: { type: "admin", id: admin.uuid },
            };
          }
          if (role === "superadmin" && !scope.superadmin) {
            throw new AppError("FORBIDDEN", "This operation requires the superadmin role");
          }
          return { scope };
        },
      }),
    });
}
