// SSRF guard for client-supplied broker endpoints (`broker_host`/`broker_port`, proxy host/port):
// they must not reach loopback, private, link-local, metadata or other non-public addresses unless
// the operator's allow-list names them (the embedded demo broker, 127.0.0.1:4430, is on it).
//
// Owns: IP parsing and classification (pure), allow-list parsing (pure) and checkBrokerEndpoint,
// whose only I/O is the resolver it is given (default: node:dns lookup of every address).
// Must not import http, storage or sessions.
//
// Rules:
// - Host: an IPv4 dotted quad (decimal, no leading zeros), an IPv6 literal (optionally in
//   brackets; no zone id), or a DNS name (≤ 253 chars, labels 1–63 of [a-z0-9-] not starting or
//   ending with "-", a trailing dot allowed). Numeric forms that resolvers read as IPv4
//   ("2130706433", "0x7f.1", "127.1", "0177.0.0.1") are malformed. Port: integer 1..65535.
// - A name is resolved to all its addresses; if ANY is not public (and not allowed) the endpoint
//   is refused, so a name that also resolves to 127.0.0.1 cannot slip through. Callers should
//   connect to one of the returned `addresses`, not re-resolve (DNS rebinding).
// - Allow-list entries: "host" (any port), "host:port" ("[v6]:port" for IPv6), or a CIDR
//   ("10.0.0.0/8", "fd00::/8"). A name entry allows that name whatever it resolves to; an address
//   or CIDR entry allows resolved addresses inside it (and, with a port, only on that port).
//   Names compare case-insensitively, without a trailing dot.
// - Classes: IPv4 0/8 unspecified; 10/8, 172.16/12, 192.168/16, 100.64/10 (CGNAT) private;
//   127/8 loopback; 169.254/16 link-local, with 169.254.169.254 and 169.254.170.2 metadata;
//   100.100.100.200 metadata (Alibaba); 224/4 multicast; 192.0.0/24, 192.0.2/24, 198.18/15,
//   198.51.100/24, 203.0.113/24, 240/4 (incl. 255.255.255.255) reserved. IPv6 :: unspecified,
//   ::1 loopback, fd00:ec2::254 metadata, fc00::/7 unique-local, fe80::/10 link-local, fec0::/10
//   private (deprecated site-local), ff00::/8 multicast, 100::/64 and 2001:db8::/32 reserved;
//   IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96, NAT64 64:ff9b::/96 and 6to4 2002::/16 take
//   the class of the IPv4 address they carry. Everything else is public.

import { lookup } from "node:dns/promises";

export type AddressClass =
  | "loopback"
  | "private"
  | "link-local"
  | "metadata"
  | "unique-local"
  | "multicast"
  | "unspecified"
  | "reserved"
  | "public";

/** An address as 4 (IPv4) or 16 (IPv6) bytes. */
type Bytes = number[];

const IPV4_RE = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Strict dotted-quad IPv4 → 4 bytes, or null. */
export function parseIPv4(text: string): Bytes | null {
  if (!IPV4_RE.test(text)) {
    return null;
  }
  return text.split(".").map(Number);
}

/** IPv6 literal (no brackets, no zone) → 16 bytes, or null. */
export function parseIPv6(text: string): Bytes | null {
  if (text.length > 45 || !/^[0-9a-fA-F:.]+$/.test(text)) {
    return null;
  }
  let head = text;
  let tail: number[] = [];
  // An embedded IPv4 in the last 32 bits.
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".")) {
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (v4 === null) {
      return null;
    }
    head = text.slice(0, lastColon + 1);
    if (!head.endsWith("::")) {
      head = head.slice(0, -1);
    }
    tail = [((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0)];
  }
  const parts = head.split("::");
  if (parts.length > 2) {
    return null;
  }
  const group = (s: string): number[] | null => {
    if (s === "") {
      return [];
    }
    const out: number[] = [];
    for (const g of s.split(":")) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) {
        return null;
      }
      out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const left = group(parts[0] ?? "");
  const right = parts.length === 2 ? group(parts[1] ?? "") : [];
  if (left === null || right === null) {
    return null;
  }
  const given = left.length + right.length + tail.length;
  let words: number[];
  if (parts.length === 2) {
    if (given > 7) {
      return null;
    }
    words = [...left, ...new Array<number>(8 - given).fill(0), ...right, ...tail];
  } else {
    if (given !== 8) {
      return null;
    }
    words = [...left, ...tail];
  }
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/** Whether the first `bits` bits of `bytes` equal those of `prefix`. */
function inPrefix(bytes: Bytes, prefix: Bytes, bits: number): boolean {
  if (bytes.length !== prefix.length) {
    return false;
  }
  for (let i = 0; i < bits; i += 1) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) {
      return false;
    }
  }
  return true;
}

type Range = readonly [prefix: Bytes, bits: number, cls: AddressClass];

const v4 = (a: number, b: number, c: number, d: number): Bytes => [a, b, c, d];

/** Most specific first. */
const V4_RANGES: readonly Range[] = [
  [v4(169, 254, 169, 254), 32, "metadata"],
  [v4(169, 254, 170, 2), 32, "metadata"],
  [v4(100, 100, 100, 200), 32, "metadata"],
  [v4(0, 0, 0, 0), 8, "unspecified"],
  [v4(10, 0, 0, 0), 8, "private"],
  [v4(100, 64, 0, 0), 10, "private"],
  [v4(127, 0, 0, 0), 8, "loopback"],
  [v4(169, 254, 0, 0), 16, "link-local"],
  [v4(172, 16, 0, 0), 12, "private"],
  [v4(192, 0, 0, 0), 24, "reserved"],
  [v4(192, 0, 2, 0), 24, "reserved"],
  [v4(192, 168, 0, 0), 16, "private"],
  [v4(198, 18, 0, 0), 15, "reserved"],
  [v4(198, 51, 100, 0), 24, "reserved"],
  [v4(203, 0, 113, 0), 24, "reserved"],
  [v4(224, 0, 0, 0), 4, "multicast"],
  [v4(240, 0, 0, 0), 4, "reserved"],
];

const v6 = (text: string): Bytes => parseIPv6(text) ?? [];

const V6_RANGES: readonly Range[] = [
  [v6("::"), 128, "unspecified"],
  [v6("::1"), 128, "loopback"],
  [v6("fd00:ec2::254"), 128, "metadata"],
  [v6("fc00::"), 7, "unique-local"],
  [v6("fe80::"), 10, "link-local"],
  [v6("fec0::"), 10, "private"],
  [v6("ff00::"), 8, "multicast"],
  [v6("100::"), 64, "reserved"],
  [v6("2001:db8::"), 32, "reserved"],
];

/** IPv6 prefixes that carry an IPv4 address, and where it sits (byte offset). */
const V4_CARRIERS: readonly (readonly [prefix: Bytes, bits: number, offset: number])[] = [
  [v6("::ffff:0:0"), 96, 12],
  [v6("::"), 96, 12],
  [v6("64:ff9b::"), 96, 12],
  [v6("2002::"), 16, 2],
];

function classifyBytes(bytes: Bytes): AddressClass {
  const ranges = bytes.length === 4 ? V4_RANGES : V6_RANGES;
  for (const [prefix, bits, cls] of ranges) {
    if (inPrefix(bytes, prefix, bits)) {
      return cls;
    }
  }
  if (bytes.length === 16) {
    for (const [prefix, bits, offset] of V4_CARRIERS) {
      if (inPrefix(bytes, prefix, bits)) {
        return classifyBytes(bytes.slice(offset, offset + 4));
      }
    }
  }
  return "public";
}

/** Literal IPv4 / IPv6 (brackets allowed) → bytes, or null. */
function parseAddress(text: string): Bytes | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  return parseIPv4(bare) ?? (bare.includes(":") ? parseIPv6(bare) : null);
}

/** Class of an IP literal (see header); null when `ip` is not an IP address. */
export function classifyAddress(ip: string): AddressClass | null {
  const bytes = parseAddress(ip);
  return bytes === null ? null : classifyBytes(bytes);
}

/** Canonical text of an address (IPv4 dotted quad; IPv6 lower-case, zeros compressed). */
function formatBytes(bytes: Bytes): string {
  if (bytes.length === 4) {
    return bytes.join(".");
  }
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) {
    words.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  }
  // Longest run of ≥ 2 zero words becomes "::".
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) {
      j += 1;
    }
    if (j - i > bestLen && j - i >= 2) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (best < 0) {
    return hex.join(":");
  }
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLen).join(":")}`;
}

const LABEL_RE = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** What inet_aton would read as an IPv4 address: 1–4 decimal, octal or hex parts. */
const INET_ATON_RE = /^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+)){0,3}\.?$/;

/** Lower-cased DNS name without a trailing dot, or null when not a valid host name. */
export function normalizeHostName(host: string): string | null {
  const lower = host.toLowerCase();
  if (lower.length === 0 || lower.length > 254 || INET_ATON_RE.test(lower)) {
    return null;
  }
  const name = lower.endsWith(".") ? lower.slice(0, -1) : lower;
  if (name.length === 0 || name.length > 253) {
    return null;
  }
  return name.split(".").every((l) => LABEL_RE.test(l)) ? name : null;
}

/** A parsed allow-list entry. */
export type AllowEntry =
  | { kind: "name"; name: string; port: number | null }
  | { kind: "cidr"; prefix: Bytes; bits: number; port: number | null };

function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) {
    return null;
  }
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : null;
}

/** Splits "host:port" / "[v6]:port" / "host" / "v6". */
function splitHostPort(entry: string): { host: string; port: string | null } {
  if (entry.startsWith("[")) {
    const close = entry.indexOf("]");
    if (close < 0) {
      return { host: entry, port: null };
    }
    const rest = entry.slice(close + 1);
    return {
      host: entry.slice(1, close),
      port: rest.startsWith(":") ? rest.slice(1) : rest === "" ? null : rest,
    };
  }
  const colons = entry.split(":").length - 1;
  if (colons === 1) {
    const i = entry.indexOf(":");
    return { host: entry.slice(0, i), port: entry.slice(i + 1) };
  }
  return { host: entry, port: null };
}

/** One allow-list entry (see header), or null when malformed. */
export function parseAllowEntry(entry: string): AllowEntry | null {
  const text = entry.trim();
  const slash = text.indexOf("/");
  if (slash >= 0) {
    const bytes = parseAddress(text.slice(0, slash));
    const bitsText = text.slice(slash + 1);
    if (bytes === null || !/^\d{1,3}$/.test(bitsText)) {
      return null;
    }
    const bits = Number(bitsText);
    return bits <= bytes.length * 8 ? { kind: "cidr", prefix: bytes, bits, port: null } : null;
  }
  const { host, port: portText } = splitHostPort(text);
  const port = portText === null ? null : parsePort(portText);
  if (portText !== null && port === null) {
    return null;
  }
  const bytes = parseAddress(host);
  if (bytes !== null) {
    return { kind: "cidr", prefix: bytes, bits: bytes.length * 8, port };
  }
  const name = normalizeHostName(host);
  return name === null ? null : { kind: "name", name, port };
}

/** The entries of an allow-list that do not parse (for start-up validation of the config). */
export function invalidAllowEntries(allow: readonly string[]): string[] {
  return allow.filter((e) => parseAllowEntry(e) === null);
}

export type Resolver = (host: string) => Promise<string[]>;

export interface EndpointPolicy {
  /** Operator allow-list: "host", "host:port", "[v6]:port" or CIDR entries. */
  allow: readonly string[];
  /** Name → every address; default: node:dns lookup with all: true. */
  resolve?: Resolver;
}

export type EndpointCheck = { ok: true; addresses: string[] } | { ok: false; reason: string };

/** Default resolver: every A/AAAA address the system resolver returns. */
export const systemResolver: Resolver = async (host) => {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
};

function portMatches(entryPort: number | null, port: number): boolean {
  return entryPort === null || entryPort === port;
}

/**
 * Whether a client may reach host:port (rules in the header). Resolves the name once and returns
 * every address it resolved to; refuses when any of them is not public and not allowed.
 */
export async function checkBrokerEndpoint(
  host: string,
  port: number,
  policy: EndpointPolicy,
): Promise<EndpointCheck> {
  if (!Number.isSafeInteger(port) || port < 1 || port > 65535) {
    return { ok: false, reason: "port must be a whole number from 1 to 65535" };
  }
  const entries = policy.allow.map(parseAllowEntry).filter((e): e is AllowEntry => e !== null);
  const literal = parseAddress(host);
  let addresses: Bytes[];
  let nameAllowed = false;
  if (literal !== null) {
    addresses = [literal];
  } else {
    const name = normalizeHostName(host);
    if (name === null) {
      return { ok: false, reason: "host is not a valid host name or IP address" };
    }
    nameAllowed = entries.some(
      (e) => e.kind === "name" && e.name === name && portMatches(e.port, port),
    );
    let resolved: string[];
    try {
      resolved = await (policy.resolve ?? systemResolver)(name);
    } catch {
      return { ok: false, reason: `host ${name} could not be resolved` };
    }
    addresses = [];
    for (const text of resolved) {
      const bytes = parseAddress(text);
      if (bytes === null) {
        return { ok: false, reason: `host ${name} resolved to an invalid address` };
      }
      addresses.push(bytes);
    }
    if (addresses.length === 0) {
      return { ok: false, reason: `host ${name} could not be resolved` };
    }
  }
  for (const bytes of addresses) {
    const cls = classifyBytes(bytes);
    if (cls === "public" || nameAllowed) {
      continue;
    }
    const allowed = entries.some(
      (e) => e.kind === "cidr" && inPrefix(bytes, e.prefix, e.bits) && portMatches(e.port, port),
    );
    if (!allowed) {
      return {
        ok: false,
        reason: `host resolves to a ${cls} address (${formatBytes(bytes)}), which is not allowed`,
      };
    }
  }
  return { ok: true, addresses: addresses.map(formatBytes) };
}
