// MQL5's WebRequest, made by the service for an EA (the request leaves from here, not from the EA
// host: the service holds the configuration and the SSRF guard, and host calls already travel
// here for trades; src/ea/web-request-wire.ts has the path of a call).
//
// Per request, in order (each failure answers the MQL5 error code and a line for the EA's log):
// - the URL: http or https, at most 2048 characters, no credentials → else 5200;
// - the operator's allow-list TAS_EA_WEBREQUEST_ALLOW (src/security/web-allow.ts) → else 4014,
//   with the entry that would allow it;
// - the SSRF guard (src/security/ssrf.ts): every address the host resolves to must be public
//   unless TAS_EA_WEBREQUEST_ALLOW_PRIVATE opts it in → else 4014; an unresolvable host → 5201;
//   the connection goes to the address checked (the URL's host is kept in Host and in TLS's
//   server name), so a second resolution cannot move it (DNS rebinding);
// - one timeout over everything (resolution, connection, redirects, body): the EA's timeout
//   capped by TAS_EA_WEBREQUEST_TIMEOUT_MS (≤ 0 = the cap) → 5202;
// - redirects (301, 302, 303, 307, 308; at most 5) are followed as a browser does, each hop
//   checked again (allow-list and SSRF guard); credentials (Authorization, Cookie) are not
//   carried to another origin;
// - request and response bodies of at most TAS_EA_WEBREQUEST_MAX_BYTES (decompressed) → 5203;
// - connection failures (refused, unreachable, TLS) → 5201; anything else → 5203.
// Any HTTP status is an answer (4xx and 5xx with their body), as in MT5. No proxy is used.

import { Buffer } from "node:buffer";
import type { EaWebRequestConfig } from "../../config/web-request.ts";
import {
  effectiveTimeoutMs,
  WEB_REQUEST_ERRORS,
  type WebRequestAnswer,
  type WebRequestCall,
} from "../../ea/web-request-wire.ts";
import type { Logger } from "../../logging/logger.ts";
import {
  checkBrokerEndpoint,
  classifyAddress,
  type Resolver,
  systemResolver,
} from "../../security/ssrf.ts";
import { webAllowMatches, webAllowSuggestion } from "../../security/web-allow.ts";

const MAX_URL_LENGTH = 2048;
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** What the EA may not set: the connection's own headers (Host is the URL's). */
const DROPPED_HEADERS = new Set([
  "host",
  "content-length",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "proxy-authorization",
  "proxy-connection",
]);
const CREDENTIAL_HEADERS = ["authorization", "cookie"];
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const USER_AGENT = "MetaTrader 5 Terminal/5.4620 (Trading Account Service)";

/** A failure with its MQL5 error code. */
class WebRequestFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function fail(code: number, message: string): never {
  throw new WebRequestFailure(code, message);
}

/** scheme://host[:port] — what log lines show of a URL (no path, no query). */
const originOf = (url: URL): string => `${url.protocol}//${url.host}`;

export interface EaWebRequestOptions {
  config: EaWebRequestConfig;
  logger: Logger;
  /** Name → every address (the SSRF guard's resolver). Default: the system resolver. */
  resolve?: Resolver;
}

export class EaWebRequests {
  private readonly resolve: Resolver;
  /** Hosts already reported to the operator as refused (one log line each). */
  private readonly reported = new Set<string>();

  constructor(private readonly opts: EaWebRequestOptions) {
    this.resolve = opts.resolve ?? systemResolver;
  }

  /** Makes the request; never rejects. */
  async request(call: WebRequestCall): Promise<WebRequestAnswer> {
    const { config } = this.opts;
    const timeoutMs = effectiveTimeoutMs(call.timeout, config.timeoutMs);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      return await this.run(call, abort.signal);
    } catch (err) {
      if (err instanceof WebRequestFailure) {
        return { code: err.code, message: err.message };
      }
      if (abort.signal.aborted) {
        return { code: WEB_REQUEST_ERRORS.timeout, message: `no response within ${timeoutMs} ms` };
      }
      return connectionFailure(err);
    } finally {
      clearTimeout(timer);
    }
  }

  private async run(call: WebRequestCall, signal: AbortSignal): Promise<WebRequestAnswer> {
    const { config } = this.opts;
    let url = parseUrl(call.url);
    let method = parseMethod(call.method);
    const headers = parseHeaders(call.headers);
    if (!headers.has("user-agent")) {
      headers.set("user-agent", USER_AGENT);
    }
    let body: Uint8Array | null = Buffer.from(call.data, "base64");
    if (body.byteLength > config.maxBytes) {
      fail(
        WEB_REQUEST_ERRORS.requestFailed,
        `the request body of ${body.byteLength} bytes exceeds ${config.maxBytes} bytes`,
      );
    }
    if (body.byteLength === 0 || method === "GET" || method === "HEAD") {
      body = null;
    }
    for (let hop = 0; ; hop += 1) {
      const address = await this.admit(call.instanceId, url, signal);
      const response = await fetch(pinned(url, address), {
        method,
        headers: withHost(headers, url),
        ...(body ? { body } : {}),
        redirect: "manual",
        signal,
        proxy: false,
        ...(url.protocol === "https:" && classifyAddress(url.hostname) === null
          ? { tls: { serverName: url.hostname } }
          : {}),
      } as BunFetchRequestInit);
      const location = response.headers.get("location");
      if (REDIRECTS.has(response.status) && location !== null) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) {
          fail(WEB_REQUEST_ERRORS.requestFailed, `more than ${MAX_REDIRECTS} redirects`);
        }
        const next = parseUrl(new URL(location, url).href);
        if (
          response.status === 303 ||
          ((response.status === 301 || response.status === 302) && method === "POST")
        ) {
          method = method === "HEAD" ? "HEAD" : "GET";
          body = null;
          headers.delete("content-type");
        }
        if (next.origin !== url.origin) {
          for (const name of CREDENTIAL_HEADERS) {
            headers.delete(name);
          }
        }
        url = next;
        continue;
      }
      const bytes = await readCapped(response, config.maxBytes);
      let text = "";
      for (const [name, value] of response.headers) {
        text += `${name}: ${value}\r\n`;
      }
      return {
        status: response.status,
        headers: text,
        body: Buffer.from(bytes).toString("base64"),
      };
    }
  }

  /** The allow-list and the SSRF guard for one hop; answers the address to connect to. */
  private async admit(instanceId: string, url: URL, signal: AbortSignal): Promise<string> {
    const { config, logger } = this.opts;
    if (!webAllowMatches(config.allow, url)) {
      const entry = webAllowSuggestion(url);
      this.report(entry, () =>
        logger.warn(
          { instanceId, origin: originOf(url) },
          `EA WebRequest refused: ${entry} is not in TAS_EA_WEBREQUEST_ALLOW (add it to allow it)`,
        ),
      );
      fail(
        WEB_REQUEST_ERRORS.notAllowed,
        `'${originOf(url)}' is not in the list of allowed URLs; the server's operator allows it by adding ${entry} to TAS_EA_WEBREQUEST_ALLOW`,
      );
    }
    const hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
    const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
    let resolved: string[] | null = null;
    if (classifyAddress(hostname) === null) {
      try {
        resolved = await abortable(this.resolve(hostname), signal);
      } catch (err) {
        if (signal.aborted) {
          throw err;
        }
        fail(WEB_REQUEST_ERRORS.connectFailed, `host ${hostname} could not be resolved`);
      }
    }
    const verdict = await checkBrokerEndpoint(hostname, port, {
      allow: config.allowPrivate,
      resolve: async () => resolved ?? [],
    });
    if (!verdict.ok) {
      this.report(`private:${hostname}`, () =>
        logger.warn(
          { instanceId, origin: originOf(url), reason: verdict.reason },
          "EA WebRequest refused by the SSRF guard (TAS_EA_WEBREQUEST_ALLOW_PRIVATE opts addresses in)",
        ),
      );
      fail(
        WEB_REQUEST_ERRORS.notAllowed,
        `'${originOf(url)}' is refused: ${verdict.reason}; the server's operator may opt it in with TAS_EA_WEBREQUEST_ALLOW_PRIVATE`,
      );
    }
    const address = verdict.addresses[0];
    if (address === undefined) {
      return fail(WEB_REQUEST_ERRORS.connectFailed, `host ${hostname} could not be resolved`);
    }
    return address;
  }

  /** Runs `log` once per key (bounded), so an EA retrying every tick logs one line. */
  private report(key: string, log: () => void): void {
    if (this.reported.has(key)) {
      return;
    }
    if (this.reported.size >= 1000) {
      this.reported.clear();
    }
    this.reported.add(key);
    log();
  }
}

function parseUrl(text: string): URL {
  if (text.length > MAX_URL_LENGTH) {
    fail(WEB_REQUEST_ERRORS.invalidAddress, `the URL is longer than ${MAX_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(WEB_REQUEST_ERRORS.invalidAddress, "the URL is not valid");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    fail(WEB_REQUEST_ERRORS.invalidAddress, "only http:// and https:// URLs are supported");
  }
  if (url.username !== "" || url.password !== "") {
    fail(WEB_REQUEST_ERRORS.invalidAddress, "credentials in the URL are not supported");
  }
  url.hash = "";
  return url;
}

function parseMethod(text: string): string {
  const method = text.trim().toUpperCase();
  if (!/^[A-Z]{1,20}$/.test(method) || ["CONNECT", "TRACE", "TRACK"].includes(method)) {
    fail(WEB_REQUEST_ERRORS.requestFailed, `'${text.slice(0, 20)}' is not a supported HTTP method`);
  }
  return method;
}

/** "Name: value" lines ("\r\n" or "\n" separated); empty lines are skipped. */
function parseHeaders(text: string): Headers {
  const headers = new Headers();
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") {
      continue;
    }
    const colon = line.indexOf(":");
    const name = colon > 0 ? line.slice(0, colon).trim() : "";
    const value = colon > 0 ? line.slice(colon + 1).trim() : "";
    if (!TOKEN.test(name) || /[\0\r\n]/.test(value)) {
      fail(WEB_REQUEST_ERRORS.requestFailed, `invalid request header line '${line.slice(0, 40)}'`);
    }
    if (!DROPPED_HEADERS.has(name.toLowerCase())) {
      headers.append(name, value);
    }
  }
  return headers;
}

/** The URL with its host replaced by the checked address. */
function pinned(url: URL, address: string): string {
  const out = new URL(url.href);
  out.hostname = address.includes(":") ? `[${address}]` : address;
  return out.href;
}

function withHost(headers: Headers, url: URL): Headers {
  const out = new Headers(headers);
  out.set("host", url.host);
  return out;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error("aborted"));
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

/** The body, failing past `maxBytes` (Content-Length first, then as it streams). */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "");
  const tooLarge = (): never =>
    fail(WEB_REQUEST_ERRORS.requestFailed, `the response is larger than ${maxBytes} bytes`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    tooLarge();
  }
  const reader = response.body?.getReader();
  if (!reader) {
    return new Uint8Array(0);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

const CONNECT_CODES =
  /refused|unreachable|FailedToOpenSocket|ConnectionClosed|ENOTFOUND|EAI_|ECONNRESET|EHOST|ENETUNREACH|CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO/i;

/** A fetch error as the MQL5 error: connection-level → 5201, else 5203. */
function connectionFailure(err: unknown): WebRequestAnswer {
  const code =
    typeof err === "object" && err !== null && typeof Reflect.get(err, "code") === "string"
      ? String(Reflect.get(err, "code"))
      : "";
  const message = err instanceof Error ? err.message : String(err);
  const connect = CONNECT_CODES.test(code) || CONNECT_CODES.test(message);
  return {
    code: connect ? WEB_REQUEST_ERRORS.connectFailed : WEB_REQUEST_ERRORS.requestFailed,
    message: connect ? `cannot connect: ${code || message}` : `the request failed: ${message}`,
  };
}
