/**
 * WebRequest (MQL5's network functions), both forms:
 *
 *   int WebRequest(method, url, cookie, referer, timeout, const char &data[], int data_size,
 *                  char &result[], string &result_headers)
 *   int WebRequest(method, url, headers, timeout, const char &data[], char &result[],
 *                  string &result_headers)
 *
 * told apart by the fourth argument (a string referer, or the numeric timeout). Synchronous, as in
 * MT5: one `__host_call("WebRequest", payload)`; the request itself is made by the service, which
 * applies the operator's allow-list, the SSRF guard, the timeout cap and the response size cap
 * (src/ea/web-request-wire.ts has the payload and answer shapes).
 *
 * Returns the HTTP status code (any status, 4xx/5xx included, with its body), `result` resized to
 * the body's bytes (values 0–255, as StringToCharArray writes them) and `result_headers.value`
 * the response headers ("name: value\r\n" each, names in lower case). On failure: -1, `result`
 * and `result_headers` untouched, GetLastError() = ERR_FUNCTION_NOT_ALLOWED (4014: the host is
 * not on the allow-list or resolves to a refused address), ERR_WEBREQUEST_INVALID_ADDRESS (5200),
 * ERR_WEBREQUEST_CONNECT_FAILED (5201), ERR_WEBREQUEST_TIMEOUT (5202) or
 * ERR_WEBREQUEST_REQUEST_FAILED (5203), and a `warn` log line saying why.
 *
 * Form 1 sends `cookie` and `referer` as Cookie/Referer headers and, with a body, the header
 * `Content-Type: application/x-www-form-urlencoded`; it sends the first `data_size` bytes of
 * `data` (all of them when negative). Form 2 sends all of `data` (a StringToCharArray result
 * includes its terminating 0, as in MT5). A timeout ≤ 0 means the operator's cap.
 * Must not import anything outside ea-runtime/src/runtime.
 */

import { ERR } from "./constants.ts";
import type { RuntimeContext } from "./context.ts";
import { isRecord } from "./protocol.ts";
import { fromBase64, toBase64 } from "./storage.ts";

const E = (name: string): number => ERR[name] ?? 4001;

/** The host-call kind (src/ea/web-request-wire.ts WEB_REQUEST_KIND). */
const KIND = "WebRequest";

const text = (v: unknown): string =>
  typeof v === "string" ? v : v === null || v === undefined ? "" : String(v);

const num = (v: unknown): number => {
  const n = typeof v === "bigint" ? Number(v) : Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

interface Indexed {
  readonly length: number;
  readonly [i: number]: unknown;
}

function indexed(v: unknown): v is Indexed {
  return Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
}

/** The first `size` bytes of `arr` (all when size is undefined or negative). */
function bytesOf(arr: unknown, size?: number): Uint8Array {
  if (!indexed(arr)) {
    return new Uint8Array(0);
  }
  const n = size === undefined || size < 0 ? arr.length : Math.min(size, arr.length);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) {
    const v = arr[i];
    out[i] = (typeof v === "bigint" ? Number(v & 0xffn) : Math.trunc(Number(v)) || 0) & 0xff;
  }
  return out;
}

/** Resizes a plain array to the bytes (a typed array gets what fits). */
function fillBytes(arr: unknown, bytes: Uint8Array): void {
  if (Array.isArray(arr)) {
    if (
      Object.isFrozen(arr) ||
      Object.getOwnPropertyDescriptor(arr, "length")?.writable === false
    ) {
      return;
    }
    arr.length = bytes.length;
    for (let i = 0; i < bytes.length; i += 1) {
      arr[i] = bytes[i];
    }
    return;
  }
  if (ArrayBuffer.isView(arr) && !(arr instanceof DataView)) {
    const target = arr as unknown as { length: number; [i: number]: number };
    const n = Math.min(target.length, bytes.length);
    for (let i = 0; i < n; i += 1) {
      target[i] = bytes[i] ?? 0;
    }
  }
}

/** The URL without its query and fragment (log lines carry no query parameters). */
function shortUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const bare = cut >= 0 ? url.slice(0, cut) : url;
  return bare.length > 200 ? `${bare.slice(0, 200)}…` : bare;
}

interface Request {
  method: string;
  url: string;
  headers: string;
  timeout: number;
  data: Uint8Array;
  result: unknown;
  resultHeaders: unknown;
}

/** Reads either form's arguments. */
function readArgs(args: readonly unknown[]): Request {
  if (typeof args[3] === "string") {
    // Form 1: method, url, cookie, referer, timeout, data[], data_size, result[], result_headers.
    const cookie = text(args[2]);
    const referer = text(args[3]);
    const data = bytesOf(args[5], args[6] === undefined ? undefined : num(args[6]));
    let headers = "";
    if (cookie !== "") {
      headers += `Cookie: ${cookie}\r\n`;
    }
    if (referer !== "") {
      headers += `Referer: ${referer}\r\n`;
    }
    if (data.length > 0) {
      headers += "Content-Type: application/x-www-form-urlencoded\r\n";
    }
    return {
      method: text(args[0]),
      url: text(args[1]),
      headers,
      timeout: num(args[4]),
      data,
      result: args[7],
      resultHeaders: args[8],
    };
  }
  // Form 2: method, url, headers, timeout, data[], result[], result_headers.
  return {
    method: text(args[0]),
    url: text(args[1]),
    headers: text(args[2]),
    timeout: num(args[3]),
    data: bytesOf(args[4]),
    result: args[5],
    resultHeaders: args[6],
  };
}

export function webRequestApi(ctx: RuntimeContext): Record<string, unknown> {
  const fail = (r: Request, code: number, message: string): number => {
    ctx.setError(code);
    ctx.scratch.log(
      "warn",
      `WebRequest ${r.method} ${shortUrl(r.url)} failed (${code}): ${message}`,
      ctx.state.timeMs,
    );
    return -1;
  };

  return {
    WebRequest: (...args: unknown[]): number => {
      const r = readArgs(args);
      // `timeout` first: the host reads it from the text's start (web-request-wire.ts).
      const payload = JSON.stringify({
        timeout: r.timeout,
        method: r.method,
        url: r.url,
        headers: r.headers,
        data: toBase64(r.data),
      });
      let answer: unknown;
      try {
        answer = JSON.parse(ctx.hostCall(KIND, payload));
      } catch (e) {
        return fail(
          r,
          E("ERR_WEBREQUEST_REQUEST_FAILED"),
          e instanceof Error ? e.message : "no answer",
        );
      }
      if (!isRecord(answer)) {
        return fail(r, E("ERR_WEBREQUEST_REQUEST_FAILED"), "the host answered with a non-object");
      }
      if (typeof answer.status === "number") {
        fillBytes(r.result, fromBase64(text(answer.body)));
        if (isRecord(r.resultHeaders)) {
          r.resultHeaders.value = text(answer.headers);
        }
        return Math.trunc(answer.status);
      }
      const code =
        typeof answer.code === "number" && answer.code > 0
          ? answer.code
          : E("ERR_WEBREQUEST_REQUEST_FAILED");
      const message =
        typeof answer.message === "string"
          ? answer.message
          : typeof answer.error === "string"
            ? answer.error
            : "the request failed";
      return fail(r, code, message);
    },
  };
}
