// Builds the Elysia application from injected services: request ids, body parsing and limits,
// the error renderer, OpenAPI, and the feature modules. No I/O happens here beyond what the
// injected services do.

import { openapi } from "@elysiajs/openapi";
import { Elysia } from "elysia";
import type { BrokerDirectory } from "../broker/directory.ts";
import type { Config } from "../config/index.ts";
import { AppError } from "../domain/errors.ts";
import { type Logger, redactUrl } from "../logging/logger.ts";
import { ServiceMetrics, UNMATCHED_ROUTE } from "../observability/metrics.ts";
import { Readiness } from "../observability/readiness.ts";
import type { AccountService } from "../services/accounts.ts";
import type { AdminService } from "../services/admins.ts";
import type { BillingService } from "../services/billing.ts";
import type { CalendarService } from "../services/calendar.ts";
import type { Clock } from "../services/deps.ts";
import type { EaInstanceService } from "../services/ea-instances.ts";
import type { EaService } from "../services/eas.ts";
import type { IdempotencyService } from "../services/idempotency.ts";
import type { KeyService } from "../services/keys.ts";
import type { TradingService } from "../services/trading.ts";
import type { UsageService } from "../services/usage.ts";
import type { Sessions } from "../sessions/sessions.ts";
import type { StreamHub, StreamRouter } from "../streaming/hub.ts";
import { keyRateLimiter } from "./auth.ts";
import { docsModule } from "./docs/index.ts";
import { renderError } from "./error-renderer.ts";
import { hotRoutes } from "./hot-routes.ts";
import {
  checkRequestUrl,
  decodeUtf8,
  parseJsonBody,
  parseMultipartBody,
  readBodyBytes,
} from "./input-guard.ts";
import { accountsModule } from "./modules/accounts/index.ts";
import { adminAccountsModule } from "./modules/admin-accounts/index.ts";
import { adminAdminsModule } from "./modules/admin-admins/index.ts";
import { adminAuthModule } from "./modules/admin-auth/index.ts";
import { adminBillingModule } from "./modules/admin-billing/index.ts";
import { adminCalendarModule } from "./modules/admin-calendar/index.ts";
import { adminClusterModule, type ClusterInfo } from "./modules/admin-cluster/index.ts";
import { adminEasModule } from "./modules/admin-eas/index.ts";
import { adminKeysModule } from "./modules/admin-keys/index.ts";
import { adminUsageModule } from "./modules/admin-usage/index.ts";
import { brokersModule } from "./modules/brokers/index.ts";
import { easModule } from "./modules/eas/index.ts";
import { historyModule } from "./modules/history/index.ts";
import { marketModule } from "./modules/market/index.ts";
import { sessionsModule } from "./modules/sessions/index.ts";
import { systemModule } from "./modules/system/index.ts";
import { tradingModule } from "./modules/trading/index.ts";
import { apiDocumentation } from "./openapi/document.ts";
import { requestMeta, setRequestMeta } from "./request-context.ts";
import { newRequestId } from "./request-id.ts";
import { RouteTable } from "./route-table.ts";
import { wsModule, wsServerOptions } from "./ws/index.ts";

export const API_VERSION = "2.1.0";

export interface AppDeps {
  /** Registers what runs when the service stops, before the HTTP server does (open sockets). */
  readonly onStop?: (fn: () => void) => void;
  readonly config: Config;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly admins: AdminService;
  readonly keys: KeyService;
  readonly accounts: AccountService;
  readonly sessions: Sessions;
  readonly trading: TradingService;
  readonly idempotency: IdempotencyService;
  readonly directory: BrokerDirectory;
  readonly usage: UsageService;
  readonly billing: BillingService;
  // --- EAs ---
  readonly eas: EaService;
  /** The MQL5 economic calendar EAs read (superadmins load it). */
  readonly calendar: CalendarService;
  /** EA instances. */
  readonly eaInstances: EaInstanceService;
  /** The WebSocket streaming hub (built by the composition root, src/composition.ts). */
  readonly streams: StreamHub;
  /** Cluster mode: the nodes sharing each key's rate limit (see AuthDeps.rateShare). */
  readonly rateShare?: () => number;
  /** What /ws subscribes through (cluster mode: ClusterStreams); default `streams`. */
  readonly streamRouter?: StreamRouter;
  /** Cluster mode's nodes and leases (GET /admin/cluster); null on one node. */
  readonly cluster?: ClusterInfo | null;
  /** The node's metrics (GET /metrics; request timing); default a fresh ServiceMetrics. */
  readonly metrics?: ServiceMetrics;
  /** The readiness checks (GET /health/ready); default none (always ready). */
  readonly readiness?: Readiness;
}

/**
 * Bun.serve options of the app. Bun's own body limit answers 413 with an empty body (no
 * envelope, no X-Request-Id) before the app sees the request, so it is put out of reach: the
 * app enforces TAS_MAX_BODY_BYTES itself (Content-Length in onRequest, bodies without it while
 * reading them in onParse), and never buffers more than that.
 */
export const SERVE_OPTIONS = { maxRequestBodySize: Number.MAX_SAFE_INTEGER } as const;

const isJson = (contentType: string): boolean =>
  /^application\/([\w.+-]+\+)?json\b/i.test(contentType);

/**
 * One debug line per request, as a global hook only when debug logging is on: Elysia runs every
 * after-response hook from a setImmediate that holds the request until it has run, a cost every
 * request would pay for a line the default level never writes.
 */
function requestLogging(logger: Logger) {
  const plugin = new Elysia({ name: "request-logging" });
  if (!logger.isLevelEnabled("debug")) {
    return plugin;
  }
  return plugin.onAfterResponse({ as: "global" }, ({ request, set }) => {
    const meta = requestMeta(set);
    logger.debug(
      {
        requestId: meta?.id,
        method: request.method,
        url: redactUrl(new URL(request.url).pathname + new URL(request.url).search),
        status: set.status,
        ms: meta ? Math.round((performance.now() - meta.startedAt) * 100) / 100 : undefined,
      },
      "request",
    );
  });
}

/**
 * The request histogram (/metrics) on the success path, from an after-handle hook: Elysia runs it
 * inline in each route's compiled handler (an after-response hook would hold every request for a
 * setImmediate, see above). Failures are timed in the error hook. The time runs from onRequest to
 * the handler's answer, serialisation excluded; the route is Elysia's matched template.
 */
function requestTiming(metrics: ServiceMetrics) {
  return new Elysia({ name: "request-timing" }).onAfterHandle(
    { as: "global" },
    ({ request, route, set, response }) => {
      const meta = requestMeta(set);
      if (meta === undefined || meta.timed) {
        return;
      }
      meta.timed = true;
      const status =
        response instanceof Response
          ? response.status
          : typeof set.status === "number"
            ? set.status
            : 200;
      metrics.observeRequest(
        request.method,
        route,
        status,
        (performance.now() - meta.startedAt) / 1000,
      );
    },
  );
}

export function createApp(deps: AppDeps) {
  const { config, logger } = deps;
  const metrics = deps.metrics ?? new ServiceMetrics({ nodeId: config.nodeId });
  const readiness = deps.readiness ?? new Readiness();
  const { streams } = deps;
  // The route table the error path reads for 405s (bound to the app's routes below).
  const routes = new RouteTable();
  // The OpenAPI document, generated from the routes' schemas (bound to the app's routes below).
  const apiDoc = apiDocumentation({
    title: "Trading Account Service",
    version: API_VERSION,
    description:
      "Multi-tenant REST + WebSocket API for MetaTrader-style broker accounts. Every JSON response is the envelope {ok: true, data} or {ok: false, error: {code, message, details?}}, with an X-Request-Id header. The WebSocket protocol (/ws) is described by the AsyncAPI document.",
  });
  /**
   * The body limit of a request: TAS_MAX_BODY_BYTES, except EA uploads, which may carry a whole
   * MQL5 program with its headers (TAS_EA_MAX_UPLOAD_BYTES, plus room for the multipart framing).
   */
  const eaUploadLimit = Math.max(config.maxBodyBytes, config.eaMaxUploadBytes + 65_536);
  const bodyLimit = (request: Request): number =>
    request.method === "POST" && new URL(request.url).pathname.replace(/\/+$/, "") === "/admin/eas"
      ? eaUploadLimit
      : config.maxBodyBytes;
  // The hot routes (hot-routes.ts) answer from Bun's router; with debug logging on, every request
  // goes through the app, whose hook writes the debug line.
  let handleByApp: (request: Request) => Promise<Response> = () =>
    Promise.reject(new Error("the app is not built yet"));
  const hot = logger.isLevelEnabled("debug")
    ? null
    : hotRoutes({
        keys: deps.keys,
        accounts: deps.accounts,
        trading: deps.trading,
        metrics,
        limiter: keyRateLimiter(deps),
        delegate: (request) => handleByApp(request),
      });
  // encodeSchema off: no response schema carries a transform that changes the bytes (Elysia's
  // t.Integer is a [numeric string, number] transform for inputs, whose Encode returns the
  // number as it is), yet with it on every keyed answer was walked by TypeBox's Value.Encode:
  // 9.5% of the API thread's CPU under a load of GET /api/accounts.
  const app = new Elysia({
    normalize: false,
    encodeSchema: false,
    websocket: wsServerOptions(config),
    ...(hot ? { serve: { routes: hot } } : {}),
  })
    .onRequest(({ request, set }) => {
      const id = newRequestId();
      setRequestMeta(set, { id, startedAt: performance.now(), timed: false });
      set.headers["x-request-id"] = id;
      const length = Number(request.headers.get("content-length") ?? "0");
      const limit = bodyLimit(request);
      if (length > limit) {
        throw new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds the limit of ${limit} bytes`);
      }
      // Malformed percent-encoding, non-UTF-8 bytes or NUL in the path or query: 400 here,
      // before routing (never a database error later).
      checkRequestUrl(request.url);
    })
    .onParse(async ({ request, contentType }) => {
      // Every body is read here, within the limit (also chunked ones), and parsed by the
      // bounded parsers of input-guard.ts; the framework's own parsers never run.
      const type = contentType ?? "";
      const bytes = await readBodyBytes(request, bodyLimit(request));
      if (/^multipart\/form-data\b/i.test(type)) {
        return parseMultipartBody(bytes, request.headers.get("content-type") ?? type);
      }
      const text = decodeUtf8(bytes);
      if (text.trim() === "") {
        return null;
      }
      if (!isJson(type)) {
        throw new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          "Request bodies must be JSON: send Content-Type: application/json",
        );
      }
      return parseJsonBody(text);
    })
    .onError(({ code, error, set, request, route }) => {
      const meta = requestMeta(set);
      const id = meta?.id ?? newRequestId();
      const rendered = renderError(code, error, id, logger, {
        method: request.method,
        allowedMethods: () => routes.allowedMethods(new URL(request.url).pathname),
      });
      if (meta !== undefined && !meta.timed) {
        meta.timed = true;
        metrics.observeRequest(
          request.method,
          code === "NOT_FOUND" || !route ? UNMATCHED_ROUTE : route,
          rendered.status,
          (performance.now() - meta.startedAt) / 1000,
        );
      }
      set.status = rendered.status;
      set.headers["x-request-id"] = id;
      set.headers["content-type"] = "application/json";
      for (const [name, value] of Object.entries(rendered.headers ?? {})) {
        set.headers[name.toLowerCase()] = value;
      }
      return rendered.body;
    })
    .use(requestLogging(logger))
    .use(requestTiming(metrics))
    .use(
      openapi({
        path: "/docs",
        // The /docs page is docsModule's (a pinned, locally served renderer), not the plugin's
        // CDN-loaded one; the plugin serves /openapi.json only.
        provider: null,
        specPath: "/openapi.json",
        // /ws is documented in the AsyncAPI document, not here.
        exclude: { paths: ["/docs", "/openapi.json", "/ws"] },
        // Paths and components generated from the route schemas (src/http/openapi/).
        documentation: apiDoc.documentation,
      }),
    )
    .use(docsModule({ version: API_VERSION, port: config.port }))
    .use(systemModule({ config, metrics, readiness }))
    .use(adminAuthModule(deps))
    .use(adminAdminsModule(deps))
    .use(adminKeysModule(deps))
    .use(adminAccountsModule(deps))
    .use(adminUsageModule(deps))
    .use(adminBillingModule(deps))
    .use(accountsModule(deps))
    .use(sessionsModule(deps))
    .use(tradingModule(deps))
    .use(historyModule(deps))
    .use(marketModule(deps))
    .use(brokersModule(deps))
    .use(adminEasModule(deps))
    .use(adminCalendarModule(deps))
    .use(
      adminClusterModule({
        ...deps,
        cluster: deps.cluster ?? null,
        nodeId: deps.config.nodeId,
        advertiseUrl:
          deps.config.cluster?.advertiseUrl ?? `http://${deps.config.host}:${deps.config.port}`,
      }),
    )
    .use(easModule(deps))
    .use(wsModule({ ...deps, metrics }, deps.streamRouter ?? streams));
  handleByApp = (request) => app.handle(request);
  routes.bind(() => app.routes);
  apiDoc.bind(() => app.routes);
  return app;
}

export type App = ReturnType<typeof createApp>;
