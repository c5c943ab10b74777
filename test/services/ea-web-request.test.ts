// MQL5 WebRequest as the service makes it (src/services/ea-instances/web-request.ts), against a
// local Bun.serve server: the answer (status, body, headers), the allow-list (4014 with the entry
// to add), the SSRF guard (private addresses refused unless opted in, DNS failures 5201), the
// timeout (5202), the size caps (5203), redirects checked hop by hop, malformed URLs (5200),
// refused connections (5201).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { EaWebRequestConfig } from "../../src/config/web-request.ts";
import type { WebRequestAnswer, WebRequestCall } from "../../src/ea/web-request-wire.ts";
import { createLogger } from "../../src/logging/logger.ts";
import type { Resolver } from "../../src/security/ssrf.ts";
import { parseWebAllowList } from "../../src/security/web-allow.ts";
import { EaWebRequests } from "../../src/services/ea-instances/web-request.ts";

let server: ReturnType<typeof Bun.serve>;
let base = "";
let closedPort = 0;

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      switch (url.pathname) {
        case "/data":
          return new Response("héllo", { headers: { "X-Test": "yes" } });
        case "/echo":
          return Response.json({
            method: req.method,
            body: await req.text(),
            host: req.headers.get("host"),
            ua: req.headers.get("user-agent"),
            xa: req.headers.get("x-a"),
            cookie: req.headers.get("cookie"),
          });
        case "/missing":
          return new Response("nope", { status: 404 });
        case "/slow":
          await Bun.sleep(Number(url.searchParams.get("ms") ?? 1000));
          return new Response("late");
        case "/big-declared":
          return new Response(new Uint8Array(100_000));
        case "/big-stream":
          return new Response(
            new ReadableStream({
              async pull(c) {
                c.enqueue(new Uint8Array(10_000));
                await Bun.sleep(1);
              },
            }),
          );
        case "/to-data":
          return Response.redirect(`${base}/data`, 302);
        case "/to-elsewhere":
          return Response.redirect("http://elsewhere.example.com/", 302);
        case "/post-see-other":
          return Response.redirect(`${base}/echo`, 303);
        case "/loop":
          return Response.redirect(`${base}/loop`, 302);
        default:
          return new Response("?", { status: 400 });
      }
    },
  });
  base = `http://127.0.0.1:${server.port}`;
  const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
  closedPort = closed.port ?? 0;
  closed.stop(true);
});
afterAll(() => server.stop(true));

const logger = createLogger("silent");

function make(
  opts: { allow?: string; allowPrivate?: string[]; timeoutMs?: number; maxBytes?: number } = {},
  resolve?: Resolver,
): EaWebRequests {
  const allowText = opts.allow ?? `127.0.0.1:${server.port}`;
  const config: EaWebRequestConfig = {
    allow: parseWebAllowList(allowText).entries,
    allowText,
    allowPrivate: opts.allowPrivate ?? ["127.0.0.1"],
    timeoutMs: opts.timeoutMs ?? 3000,
    maxBytes: opts.maxBytes ?? 65_536,
  };
  return new EaWebRequests({ config, logger, ...(resolve ? { resolve } : {}) });
}

function call(url: string, extra: Partial<WebRequestCall> = {}): WebRequestCall {
  return { instanceId: "i1", timeout: 2000, method: "GET", url, headers: "", data: "", ...extra };
}

function ok(a: WebRequestAnswer): { status: number; headers: string; text: string } {
  if (!("status" in a)) {
    throw new Error(`expected an answer, got ${a.code}: ${a.message}`);
  }
  return { status: a.status, headers: a.headers, text: Buffer.from(a.body, "base64").toString() };
}

function failed(a: WebRequestAnswer): { code: number; message: string } {
  if ("status" in a) {
    throw new Error(`expected a failure, got status ${a.status}`);
  }
  return a;
}

describe("answers", () => {
  test("status, body bytes and response headers", async () => {
    const r = ok(await make().request(call(`${base}/data`)));
    expect(r.status).toBe(200);
    expect(r.text).toBe("héllo");
    expect(r.headers).toContain("x-test: yes\r\n");
    expect(r.headers).toMatch(/^content-length: 6\r\n/m);
  });

  test("method, headers and body are sent; Host is the URL's; a default User-Agent", async () => {
    const r = ok(
      await make().request(
        call(`${base}/echo`, {
          method: "post",
          headers: "X-A: 1\r\nCookie: s=2\r\nHost: evil.test\r\n",
          data: Buffer.from("a=1&b=2").toString("base64"),
        }),
      ),
    );
    expect(JSON.parse(r.text)).toEqual({
      method: "POST",
      body: "a=1&b=2",
      host: `127.0.0.1:${server.port}`,
      ua: "MetaTrader 5 Terminal/5.4620 (Trading Account Service)",
      xa: "1",
      cookie: "s=2",
    });
  });

  test("an HTTP error status is an answer with its body", async () => {
    const r = ok(await make().request(call(`${base}/missing`)));
    expect(r).toMatchObject({ status: 404, text: "nope" });
  });

  test("redirects are followed; a POST answered 303 continues as GET", async () => {
    expect(ok(await make().request(call(`${base}/to-data`))).text).toBe("héllo");
    const r = ok(
      await make().request(
        call(`${base}/post-see-other`, {
          method: "POST",
          data: Buffer.from("x").toString("base64"),
        }),
      ),
    );
    expect(JSON.parse(r.text)).toMatchObject({ method: "GET", body: "" });
  });
});

describe("refusals", () => {
  test("a host not on the allow-list: 4014 naming the entry to add, without resolving it", async () => {
    const asked: string[] = [];
    const resolve: Resolver = async (h) => {
      asked.push(h);
      return ["93.184.215.14"];
    };
    const f = failed(await make({}, resolve).request(call("https://api.example.com/v1?key=s")));
    expect(f.code).toBe(4014);
    expect(f.message).toBe(
      "'https://api.example.com' is not in the list of allowed URLs; the server's operator allows it by adding api.example.com to TAS_EA_WEBREQUEST_ALLOW",
    );
    expect(asked).toEqual([]);
    // Empty list: everything is refused.
    expect(failed(await make({ allow: "" }).request(call(`${base}/data`))).code).toBe(4014);
  });

  test("a private or loopback address is refused unless opted in", async () => {
    const f = failed(await make({ allowPrivate: [] }).request(call(`${base}/data`)));
    expect(f.code).toBe(4014);
    expect(f.message).toContain("loopback address (127.0.0.1)");
    expect(f.message).toContain("TAS_EA_WEBREQUEST_ALLOW_PRIVATE");
    // A listed name resolving to a private address (DNS rebinding's first step) is refused too.
    const resolve: Resolver = async () => ["10.1.2.3"];
    const g = failed(
      await make({ allow: "intranet.example.com" }, resolve).request(
        call("http://intranet.example.com/"),
      ),
    );
    expect(g.code).toBe(4014);
    expect(g.message).toContain("private address (10.1.2.3)");
  });

  test("a redirect to a host not on the list is refused", async () => {
    const f = failed(await make().request(call(`${base}/to-elsewhere`)));
    expect(f.code).toBe(4014);
    expect(f.message).toContain("elsewhere.example.com");
  });

  test("malformed URLs: 5200", async () => {
    const web = make({ allow: "*" });
    for (const url of ["not a url", "ftp://127.0.0.1/x", `http://u:p@127.0.0.1:${server.port}/`]) {
      expect(failed(await web.request(call(url))).code).toBe(5200);
    }
    expect(failed(await web.request(call(`${base}/${"x".repeat(2100)}`))).code).toBe(5200);
  });

  test("bad methods and header lines: 5203", async () => {
    expect(failed(await make().request(call(`${base}/data`, { method: "CONNECT" }))).code).toBe(
      5203,
    );
    expect(
      failed(await make().request(call(`${base}/data`, { headers: "no colon here" }))).code,
    ).toBe(5203);
  });
});

describe("failures", () => {
  test("unresolvable host and refused connection: 5201", async () => {
    const resolve: Resolver = async (h) => {
      throw new Error(`getaddrinfo ENOTFOUND ${h}`);
    };
    const f = failed(
      await make({ allow: "nx.example.com" }, resolve).request(call("http://nx.example.com/")),
    );
    expect(f).toEqual({ code: 5201, message: "host nx.example.com could not be resolved" });
    const g = failed(
      await make({ allow: "127.0.0.1" }).request(call(`http://127.0.0.1:${closedPort}/`)),
    );
    expect(g.code).toBe(5201);
  });

  test("no answer within the EA's timeout: 5202; a timeout of 0 is the operator's cap", async () => {
    const t0 = performance.now();
    const f = failed(await make().request(call(`${base}/slow?ms=1500`, { timeout: 200 })));
    expect(f).toEqual({ code: 5202, message: "no response within 200 ms" });
    expect(performance.now() - t0).toBeLessThan(1000);
    const g = failed(
      await make({ timeoutMs: 300 }).request(call(`${base}/slow?ms=1500`, { timeout: 0 })),
    );
    expect(g).toEqual({ code: 5202, message: "no response within 300 ms" });
    // The EA's longer timeout is capped too.
    const h = failed(
      await make({ timeoutMs: 300 }).request(call(`${base}/slow?ms=1500`, { timeout: 60_000 })),
    );
    expect(h.code).toBe(5202);
  });

  test("a response over the size cap: 5203, declared or streamed", async () => {
    for (const path of ["/big-declared", "/big-stream"]) {
      const f = failed(await make({ maxBytes: 65_536 }).request(call(`${base}${path}`)));
      expect(f).toEqual({ code: 5203, message: "the response is larger than 65536 bytes" });
    }
  });

  test("a request body over the size cap: 5203", async () => {
    const data = Buffer.alloc(2000).toString("base64");
    const f = failed(
      await make({ maxBytes: 1024 }).request(call(`${base}/echo`, { method: "POST", data })),
    );
    expect(f.code).toBe(5203);
  });

  test("more than 5 redirects: 5203", async () => {
    expect(failed(await make().request(call(`${base}/loop`)))).toEqual({
      code: 5203,
      message: "more than 5 redirects",
    });
  });
});
