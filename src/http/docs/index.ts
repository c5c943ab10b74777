// The API reference pages, served by the service itself so they work offline: GET /docs (Swagger
// UI rendering /openapi.json, from the pinned `swagger-ui-dist` package, its assets under
// /docs/assets/…), and GET /asyncapi.json (the /ws protocol as an AsyncAPI 3.0 document, built
// by src/http/ws/asyncapi.ts). No authentication, like /openapi.json. The page loads nothing from
// another host: its Content-Security-Policy allows this origin only.
//
// Assets are read from node_modules once, on first request, and kept in memory (with a gzip copy
// made once for clients that accept it); answers carry an ETag and a day's Cache-Control, and the
// page's links carry the package version, so an upgrade is fetched anew.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { Elysia } from "elysia";
import { AppError } from "../../domain/errors.ts";
import { buildAsyncApiDocument } from "../ws/asyncapi.ts";

const require = createRequire(import.meta.url);
const SWAGGER_DIR = dirname(require.resolve("swagger-ui-dist/package.json"));
/** The renderer's version (package.json pins it exactly). */
export const SWAGGER_UI_VERSION: string = (
  JSON.parse(readFileSync(join(SWAGGER_DIR, "package.json"), "utf8")) as { version: string }
).version;

const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";
const PNG = "image/png";

/** The page's own script: starts Swagger UI on /openapi.json (a file, so the CSP needs no inline script). */
const INIT_JS = `"use strict";
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
`;

const PAGE_CSS = `body { margin: 0; }
.tas-links { font-family: sans-serif; font-size: 14px; padding: 10px 20px; background: #1b1b1b; color: #eee; }
.tas-links a { color: #8fd3ff; }
`;

interface AssetSource {
  readonly type: string;
  /** A file of swagger-ui-dist, or the content itself. */
  readonly file?: string;
  readonly text?: string;
}

/** Every asset the page may load, by the name under /docs/assets/. */
const SOURCES: Readonly<Record<string, AssetSource>> = {
  "swagger-ui-bundle.js": { type: JS, file: "swagger-ui-bundle.js" },
  "swagger-ui.css": { type: CSS, file: "swagger-ui.css" },
  "favicon-32x32.png": { type: PNG, file: "favicon-32x32.png" },
  "favicon-16x16.png": { type: PNG, file: "favicon-16x16.png" },
  "init.js": { type: JS, text: INIT_JS },
  "docs.css": { type: CSS, text: PAGE_CSS },
};

interface Asset {
  readonly type: string;
  readonly body: Uint8Array;
  readonly etag: string;
  gzip: Uint8Array | null;
}

const loaded = new Map<string, Asset>();

/** The asset named `name` (read and cached on first use), or null for a name not served. */
export function docsAsset(name: string): Asset | null {
  const cached = loaded.get(name);
  if (cached) {
    return cached;
  }
  const source = Object.hasOwn(SOURCES, name) ? SOURCES[name] : undefined;
  if (!source) {
    return null;
  }
  const body = source.file
    ? new Uint8Array(readFileSync(join(SWAGGER_DIR, source.file)))
    : new TextEncoder().encode(source.text ?? "");
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const asset: Asset = { type: source.type, body, etag, gzip: null };
  loaded.set(name, asset);
  return asset;
}

const asset = (name: string) => `/docs/assets/${name}?v=${SWAGGER_UI_VERSION}`;

/** The /docs page: local assets only. */
export const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Trading Account Service — API reference</title>
    <link rel="icon" type="image/png" href="${asset("favicon-32x32.png")}" />
    <link rel="stylesheet" href="${asset("swagger-ui.css")}" />
    <link rel="stylesheet" href="${asset("docs.css")}" />
  </head>
  <body>
    <nav class="tas-links">
      REST: <a href="/openapi.json">/openapi.json</a> (OpenAPI, rendered below) ·
      WebSocket <code>/ws</code>: <a href="/asyncapi.json">/asyncapi.json</a> (AsyncAPI 3.0)
    </nav>
    <div id="swagger-ui"></div>
    <script src="${asset("swagger-ui-bundle.js")}"></script>
    <script src="${asset("init.js")}"></script>
  </body>
</html>
`;

/**
 * This origin only. Swagger UI sets style attributes (hence 'unsafe-inline' for styles) and shows
 * images as data: URLs; "Try it out" calls this origin.
 */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export interface DocsDeps {
  readonly version: string;
  /** Port of the service, for the AsyncAPI host when a request has no usable Host header. */
  readonly port: number;
}

export function docsModule(deps: DocsDeps) {
  const fallbackHost = `localhost:${deps.port}`;
  /** Serialized AsyncAPI documents by host (a handful: the names the service is reached by). */
  const asyncApi = new Map<string, string>();
  const asyncApiText = (hostHeader: string | null): string => {
    const host = hostHeader && HOST.test(hostHeader) ? hostHeader : fallbackHost;
    let text = asyncApi.get(host);
    if (text === undefined) {
      text = JSON.stringify(buildAsyncApiDocument({ version: deps.version, host }));
      if (asyncApi.size >= 16) {
        asyncApi.delete(asyncApi.keys().next().value as string);
      }
      asyncApi.set(host, text);
    }
    return text;
  };

  return new Elysia({ name: "docs" })
    .get(
      "/docs",
      () =>
        new Response(DOCS_HTML, {
          headers: {
            "content-type": "text/html; charset=utf-8",
            "content-security-policy": DOCS_CSP,
            "x-content-type-options": "nosniff",
            "cache-control": "no-cache",
          },
        }),
      { detail: { hide: true } },
    )
    .get(
      "/docs/assets/:name",
      ({ params, request }) => {
        const found = docsAsset(params.name);
        if (!found) {
          throw new AppError("NOT_FOUND", "Route not found");
        }
        const headers: Record<string, string> = {
          "content-type": found.type,
          etag: found.etag,
          "cache-control": "public, max-age=86400",
          "x-content-type-options": "nosniff",
          vary: "Accept-Encoding",
        };
        if (request.headers.get("if-none-match") === found.etag) {
          return new Response(null, { status: 304, headers });
        }
        if (
          /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "") &&
          found.body.length > 1024
        ) {
          found.gzip ??= gzipSync(found.body);
          return new Response(found.gzip, {
            headers: { ...headers, "content-encoding": "gzip" },
          });
        }
        return new Response(found.body, { headers });
      },
      { detail: { hide: true } },
    )
    .get(
      "/asyncapi.json",
      ({ request }) =>
        new Response(asyncApiText(request.headers.get("host")), {
          headers: { "content-type": "application/json; charset=utf-8" },
        }),
      { detail: { hide: true } },
    );
}
