// /docs works offline: the page loads its renderer (swagger-ui-dist, a pinned dependency) from
// the service itself and nothing from another host; every asset it references answers 200 with
// its content type; /asyncapi.json is linked. With Chromium installed (/usr/bin/chromium), the
// page is rendered with every request to another host blocked, and the operation list appears.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { SWAGGER_UI_VERSION } from "../../src/http/docs/index.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;

/** A response's JSON body, untyped as tests read it. */
const json = (res: Response): Promise<any> => res.json();

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.handle(new Request(`http://localhost${path}`, { headers }));

/** Every src/href of the page. */
const references = (html: string) =>
  [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);

const EXPECTED_TYPE: Record<string, RegExp> = {
  js: /^text\/javascript; charset=utf-8$/,
  css: /^text\/css; charset=utf-8$/,
  png: /^image\/png$/,
};

describe("/docs", () => {
  test("an HTML page that names no other host and points at /openapi.json and /asyncapi.json", async () => {
    const res = await get("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html.match(/(?:https?:)?\/\/[a-z0-9.-]+/gi) ?? []).toEqual([]);
    const refs = references(html);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref.startsWith("/")).toBe(true);
      expect(ref.startsWith("//")).toBe(false);
    }
    expect(refs).toContain("/asyncapi.json");
    expect(refs).toContain("/openapi.json");
    const init = await (await get("/docs/assets/init.js")).text();
    expect(init).toContain('url: "/openapi.json"');
    expect(init).toContain("validatorUrl: null"); // Swagger UI's default calls an outside validator
    // The browser may load from this origin only.
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
  });

  test("every asset the page references answers 200 with its content type", async () => {
    const html = await (await get("/docs")).text();
    const assets = references(html).filter((r) => r.startsWith("/docs/assets/"));
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const ref of assets) {
      const res = await get(ref);
      const ext = new URL(ref, "http://x").pathname.split(".").pop() as string;
      expect({ ref, status: res.status }).toEqual({ ref, status: 200 });
      expect(res.headers.get("content-type") ?? "").toMatch(EXPECTED_TYPE[ext] as RegExp);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    // The renderer is the pinned package's own bundle.
    expect(assets).toContain(`/docs/assets/swagger-ui-bundle.js?v=${SWAGGER_UI_VERSION}`);
  });

  test("assets are served from memory: gzip when accepted, ETag revalidation, unknown names 404", async () => {
    const path = "/docs/assets/swagger-ui-bundle.js";
    const plain = await get(path);
    const body = new Uint8Array(await plain.arrayBuffer());
    expect(body.byteLength).toBeGreaterThan(1_000_000);
    const zipped = await get(path, { "accept-encoding": "gzip, br" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    const etag = plain.headers.get("etag") as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(zipped.headers.get("etag")).toBe(etag);
    const again = await get(path, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    for (const name of ["nope.js", "..%2Fpackage.json", "index.html", "swagger-ui.js.map"]) {
      const missing = await get(`/docs/assets/${name}`);
      expect(missing.status).toBe(404);
      expect((await json(missing)).error.code).toBe("NOT_FOUND");
    }
  });

  test("/asyncapi.json is served without authentication, for the host asked", async () => {
    const res = await get("/asyncapi.json", { host: "api.example.test:8443" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("application/json");
    const doc = await json(res);
    expect(doc.asyncapi).toBe("3.0.0");
    expect(doc.servers.plain.variables.host.default).toBe("api.example.test:8443");
    const odd = await json(await get("/asyncapi.json", { host: "bad host<script>" }));
    expect(odd.servers.plain.variables.host.default).toBe(`localhost:${t.config.port}`);
  });

  test("the OpenAPI document leaves the docs routes out", async () => {
    const spec = await json(await get("/openapi.json"));
    const paths = Object.keys(spec.paths);
    expect(paths.filter((p) => p.startsWith("/docs") || p.includes("asyncapi"))).toEqual([]);
  });
});

const CHROMIUM = "/usr/bin/chromium";

describe.skipIf(!existsSync(CHROMIUM))("/docs in a browser with no other host reachable", () => {
  test("renders the operation list from local assets only", async () => {
    const { chromium } = await import("playwright-core");
    t.app.listen({ port: 0, hostname: "127.0.0.1" });
    const origin = `http://127.0.0.1:${t.app.server?.port}`;
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
      ],
    });
    const elsewhere: string[] = [];
    const failed: string[] = [];
    try {
      const page = await browser.newPage();
      await page.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(`${origin}/`)) {
          return route.continue();
        }
        elsewhere.push(url);
        return route.abort();
      });
      page.on("requestfailed", (r) => failed.push(r.url()));
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto(`${origin}/docs`);
      await page.waitForSelector(".opblock", { timeout: 20_000 });
      const operations = await page.locator(".opblock").count();
      const titles = await page.locator(".opblock-summary-path").allTextContents();
      expect(operations).toBeGreaterThan(20);
      expect(titles.map((s) => s.replace(/\u200b/g, ""))).toContain("/api/accounts/{id}/orders");
      expect(await page.locator("a[href='/asyncapi.json']").count()).toBe(1);
      expect(elsewhere).toEqual([]);
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
      console.log(`/docs rendered ${operations} operations in Chromium, no other host asked`);
    } finally {
      await browser.close();
      await t.app.stop();
    }
  }, 60_000);
});
