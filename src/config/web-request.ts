// The `TAS_EA_WEBREQUEST_*` settings: which URLs EAs may reach with MQL5's WebRequest, which
// non-public addresses they may reach (an explicit opt-in, e.g. a local test server), the timeout
// cap and the response size cap. Parsed by loadConfig (./index.ts) into Config.eaWebRequest.

import { WEB_REQUEST_MAX_TIMEOUT_MS } from "../ea/web-request-wire.ts";
import { invalidAllowEntries } from "../security/ssrf.ts";
import { parseWebAllowList, type WebAllowEntry } from "../security/web-allow.ts";

export interface EaWebRequestConfig {
  /** URLs EAs may call (host, host:port, origin, `*.domain`, `*`; src/security/web-allow.ts). Env `TAS_EA_WEBREQUEST_ALLOW`, comma-separated; default empty: every WebRequest fails with 4014. */
  readonly allow: readonly WebAllowEntry[];
  /** The setting's text, for log lines. */
  readonly allowText: string;
  /** Opt-in to non-public addresses (loopback, private, link-local…) for WebRequest: host, host:port or CIDR entries as in `TAS_BROKER_ALLOWLIST`. Env `TAS_EA_WEBREQUEST_ALLOW_PRIVATE`, default empty (refused). */
  readonly allowPrivate: readonly string[];
  /** Cap on a WebRequest's timeout (the EA's timeout argument, ≤ 0 = this), ms. Env `TAS_EA_WEBREQUEST_TIMEOUT_MS`, default 5000, 100–60000. The EA's host process waits while the request runs. */
  readonly timeoutMs: number;
  /** Largest response body (and request body) of a WebRequest, bytes; a larger one fails with 5203. Env `TAS_EA_WEBREQUEST_MAX_BYTES`, default 1048576 (1 MiB), 1024–2097152. */
  readonly maxBytes: number;
}

type IntVar = (name: string, fallback: number, min: number, max: number) => number;

/** Reads the settings; `fail` throws the caller's ConfigError. */
export function loadEaWebRequestConfig(
  env: Record<string, string | undefined>,
  intVar: IntVar,
  fail: (message: string) => never,
): EaWebRequestConfig {
  const allowText = (env.TAS_EA_WEBREQUEST_ALLOW ?? "").trim();
  const { entries, invalid } = parseWebAllowList(allowText);
  if (invalid.length > 0) {
    fail(
      `TAS_EA_WEBREQUEST_ALLOW entries must be host, host:port, http(s)://host[:port], *.domain or *, got "${invalid.join('", "')}"`,
    );
  }
  const allowPrivate = (env.TAS_EA_WEBREQUEST_ALLOW_PRIVATE ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  const badPrivate = invalidAllowEntries(allowPrivate);
  if (badPrivate.length > 0) {
    fail(
      `TAS_EA_WEBREQUEST_ALLOW_PRIVATE entries must be host, host:port or CIDR, got "${badPrivate.join('", "')}"`,
    );
  }
  return Object.freeze({
    allow: entries,
    allowText,
    allowPrivate,
    timeoutMs: intVar("TAS_EA_WEBREQUEST_TIMEOUT_MS", 5000, 100, WEB_REQUEST_MAX_TIMEOUT_MS),
    maxBytes: intVar("TAS_EA_WEBREQUEST_MAX_BYTES", 1_048_576, 1024, 2 * 1_048_576),
  });
}
