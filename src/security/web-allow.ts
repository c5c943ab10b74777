// The operator's list of URLs EAs may reach with MQL5's WebRequest (MT5's "Allow WebRequest for
// listed URL", server-wide here): `TAS_EA_WEBREQUEST_ALLOW`. Empty = every WebRequest refused.
//
// Owns: parsing the entries (pure) and matching a URL against them (pure). Whether the address a
// listed name resolves to may be reached is the SSRF guard's business (./ssrf.ts), not this one's.
//
// Entries (comma-separated in the setting):
//   api.example.com            that host, http or https, any port
//   api.example.com:8443       that host on that port, http or https
//   https://api.example.com    an origin: scheme, host and port (443 when not given) must match
//   http://127.0.0.1:8080      the same with an IP address ("[::1]" for IPv6)
//   *.example.com              any subdomain of example.com (not example.com itself)
//   *                          any host (the SSRF guard still refuses private addresses)
// Names compare case-insensitively without a trailing dot; IP addresses by value. Paths, queries,
// credentials and other schemes are invalid entries.

import { normalizeHostName, parseIPv4, parseIPv6 } from "./ssrf.ts";

export type WebAllowEntry =
  | { readonly kind: "any" }
  | {
      readonly kind: "host";
      /** Normalized name, or "ip:" + the address bytes. */
      readonly host: string;
      /** `*.host`: subdomains only. */
      readonly subdomains: boolean;
      readonly scheme: "http" | "https" | null;
      /** null = any port. */
      readonly port: number | null;
    };

const DEFAULT_PORT = { http: 80, https: 443 } as const;

/** Canonical key of a host: a normalized name or "ip:<bytes>"; null when neither. */
function hostKey(host: string): string | null {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const bytes = parseIPv4(bare) ?? (bare.includes(":") ? parseIPv6(bare) : null);
  if (bytes !== null) {
    return `ip:${bytes.join(".")}`;
  }
  return normalizeHostName(bare);
}

function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) {
    return null;
  }
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : null;
}

/** One entry (see header), or null when malformed. */
export function parseWebAllowEntry(entry: string): WebAllowEntry | null {
  let text = entry.trim();
  if (text === "*") {
    return { kind: "any" };
  }
  let scheme: "http" | "https" | null = null;
  const sep = text.indexOf("://");
  if (sep >= 0) {
    const s = text.slice(0, sep).toLowerCase();
    if (s !== "http" && s !== "https") {
      return null;
    }
    scheme = s;
    text = text.slice(sep + 3);
    if (text.endsWith("/")) {
      text = text.slice(0, -1);
    }
  }
  if (text === "" || /[/?#@\s]/.test(text)) {
    return null;
  }
  // host[:port], [v6][:port], or a bare IPv6 address.
  let host = text;
  let portText: string | null = null;
  if (text.startsWith("[")) {
    const close = text.indexOf("]");
    if (close < 0) {
      return null;
    }
    host = text.slice(0, close + 1);
    const rest = text.slice(close + 1);
    if (rest !== "") {
      if (!rest.startsWith(":")) {
        return null;
      }
      portText = rest.slice(1);
    }
  } else if (text.split(":").length === 2) {
    const i = text.indexOf(":");
    host = text.slice(0, i);
    portText = text.slice(i + 1);
  }
  let port: number | null = null;
  if (portText !== null) {
    port = parsePort(portText);
    if (port === null) {
      return null;
    }
  } else if (scheme !== null) {
    port = DEFAULT_PORT[scheme];
  }
  const subdomains = host.startsWith("*.");
  const key = hostKey(subdomains ? host.slice(2) : host);
  if (key === null || (subdomains && key.startsWith("ip:"))) {
    return null;
  }
  return { kind: "host", host: key, subdomains, scheme, port };
}

/** Parses a comma-separated list; `invalid` holds the entries that do not parse. */
export function parseWebAllowList(text: string): {
  entries: WebAllowEntry[];
  invalid: string[];
} {
  const entries: WebAllowEntry[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(",")) {
    const e = raw.trim();
    if (e === "") {
      continue;
    }
    const parsed = parseWebAllowEntry(e);
    if (parsed) {
      entries.push(parsed);
    } else {
      invalid.push(e);
    }
  }
  return { entries, invalid };
}

/** Whether `url` (http or https) is allowed by one of `entries`. */
export function webAllowMatches(entries: readonly WebAllowEntry[], url: URL): boolean {
  const scheme = url.protocol === "https:" ? "https" : url.protocol === "http:" ? "http" : null;
  if (scheme === null) {
    return false;
  }
  const key = hostKey(url.hostname);
  if (key === null) {
    return false;
  }
  const port = url.port === "" ? DEFAULT_PORT[scheme] : Number(url.port);
  return entries.some((e) => {
    if (e.kind === "any") {
      return true;
    }
    if (e.scheme !== null && e.scheme !== scheme) {
      return false;
    }
    if (e.port !== null && e.port !== port) {
      return false;
    }
    return e.subdomains ? key.endsWith(`.${e.host}`) : key === e.host;
  });
}

/** What to add to TAS_EA_WEBREQUEST_ALLOW for `url`: its host (with the port if not default). */
export function webAllowSuggestion(url: URL): string {
  return url.port === "" ? url.hostname : `${url.hostname}:${url.port}`;
}
