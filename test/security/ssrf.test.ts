// SSRF guard: classification of every special IPv4/IPv6 range (and the IPv4 carried in mapped,
// compatible, NAT64 and 6to4 addresses), host validation, DNS names resolving to mixed
// addresses, and allow-list entries (name, name:port, ip:port, CIDR).

import { describe, expect, test } from "bun:test";
import {
  checkBrokerEndpoint,
  classifyAddress,
  invalidAllowEntries,
  normalizeHostName,
  parseIPv6,
  type Resolver,
} from "../../src/security/ssrf.ts";

describe("classifyAddress: IPv4", () => {
  test.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.63.255.255", "public"],
    ["100.64.0.1", "private"],
    ["100.127.255.255", "private"],
    ["100.128.0.0", "public"],
    ["100.100.100.200", "metadata"],
    ["126.255.255.255", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.0.1", "link-local"],
    ["169.254.169.254", "metadata"],
    ["169.254.170.2", "metadata"],
    ["169.254.255.255", "link-local"],
    ["172.15.255.255", "public"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.0", "public"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["192.167.255.255", "public"],
    ["192.168.0.1", "private"],
    ["192.168.255.255", "private"],
    ["198.17.255.255", "public"],
    ["198.18.0.1", "reserved"],
    ["198.19.255.255", "reserved"],
    ["198.20.0.0", "public"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["223.255.255.255", "public"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.255", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["8.8.8.8", "public"],
    ["1.1.1.1", "public"],
  ] as const)("%s → %s", (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });
});

describe("classifyAddress: IPv6", () => {
  test.each([
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["[::1]", "loopback"],
    ["fc00::1", "unique-local"],
    ["fdff:ffff::1", "unique-local"],
    ["fd00:ec2::254", "metadata"],
    ["fd00:ec2::255", "unique-local"],
    ["fe80::1", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fec0::1", "private"],
    ["ff02::1", "multicast"],
    ["FF05::1:3", "multicast"],
    ["100::1", "reserved"],
    ["2001:db8::1", "reserved"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:8.8.8.8", "public"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::10.0.0.1", "private"],
    ["64:ff9b::8.8.8.8", "public"],
    ["2002:7f00:1::1", "loopback"],
    ["2002:a9fe:a9fe::", "metadata"],
    ["2002:808:808::1", "public"],
    ["2606:4700:4700::1111", "public"],
    ["2a00:1450:4001:80b::200e", "public"],
    ["1:2:3:4:5:6:7:8", "public"],
  ] as const)("%s → %s", (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  test("parseIPv6 expands compressions and embedded IPv4", () => {
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4,
    ]);
    expect(parseIPv6("1::")).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6("1:2:3:4:5:6:1.2.3.4")).toEqual([
      0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 1, 2, 3, 4,
    ]);
  });

  test.each([
    "",
    "256.1.1.1",
    "01.2.3.4",
    "1.2.3",
    "1.2.3.4.5",
    "::1::",
    "1:::2",
    ":1:2:3:4:5:6:7",
    "fe80::1%eth0",
    "12345::",
    "gggg::",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7::8",
    "::ffff:1.2.3",
    "::ffff:1.2.3.4:5",
    "localhost",
  ])("%p is not an address", (text) => {
    expect(classifyAddress(text)).toBeNull();
  });
});

describe("normalizeHostName", () => {
  test("valid names are lower-cased, trailing dot dropped", () => {
    expect(normalizeHostName("Broker.Example.COM.")).toBe("broker.example.com");
    expect(normalizeHostName("localhost")).toBe("localhost");
    expect(normalizeHostName("a-1.b2.c")).toBe("a-1.b2.c");
  });

  test.each([
    "",
    ".",
    "2130706433",
    "0x7f000001",
    "0x7f.1",
    "127.1",
    "0177.0.0.1",
    "1.2.3.4.",
    "exa mple.com",
    "-bad.com",
    "bad-.com",
    "a..b",
    "http://x.com",
    "x.com:443",
    "under_score.com",
    `${"a".repeat(64)}.com`,
    `${"a.".repeat(127)}ab`,
  ])("%p is not a host name", (host) => {
    expect(normalizeHostName(host)).toBeNull();
  });
});

/** A resolver from a table; records the names it was asked. */
function table(entries: Record<string, string[]>): { resolve: Resolver; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    resolve: async (host) => {
      asked.push(host);
      const found = entries[host];
      if (found === undefined) {
        throw new Error("ENOTFOUND");
      }
      return found;
    },
  };
}

const DNS = table({
  "broker.example.com": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
  "mixed.example.com": ["93.184.216.34", "10.0.0.5"],
  "rebind.example.com": ["93.184.216.34", "::ffff:127.0.0.1"],
  "metadata.example.com": ["169.254.169.254"],
  localhost: ["127.0.0.1", "::1"],
  "demo.internal": ["127.0.0.1"],
  "empty.example.com": [],
  "garbage.example.com": ["not-an-ip"],
});

describe("checkBrokerEndpoint", () => {
  const open = { allow: [] as string[], resolve: DNS.resolve };

  test("public literals and public names pass with their addresses", async () => {
    expect(await checkBrokerEndpoint("8.8.8.8", 443, open)).toEqual({
      ok: true,
      addresses: ["8.8.8.8"],
    });
    expect(await checkBrokerEndpoint("[2606:4700:4700::1111]", 443, open)).toEqual({
      ok: true,
      addresses: ["2606:4700:4700::1111"],
    });
    expect(await checkBrokerEndpoint("Broker.Example.com.", 443, open)).toEqual({
      ok: true,
      addresses: ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
    });
  });

  test.each([
    ["127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["169.254.169.254", "metadata"],
    ["169.254.1.1", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["fd12::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["::ffff:127.0.0.1", "loopback"],
    ["fd00:ec2::254", "metadata"],
  ])("literal %s is refused (%s)", async (host, cls) => {
    const r = await checkBrokerEndpoint(host, 443, open);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toContain(`a ${cls} address`);
  });

  test("a name with any non-public address is refused (mixed answers, rebinding)", async () => {
    expect(await checkBrokerEndpoint("mixed.example.com", 443, open)).toEqual({
      ok: false,
      reason: "host resolves to a private address (10.0.0.5), which is not allowed",
    });
    const rebind = await checkBrokerEndpoint("rebind.example.com", 443, open);
    expect(!rebind.ok && rebind.reason).toContain("loopback address (::ffff:7f00:1)");
    const meta = await checkBrokerEndpoint("metadata.example.com", 80, open);
    expect(!meta.ok && meta.reason).toContain("metadata");
    expect((await checkBrokerEndpoint("localhost", 4430, open)).ok).toBe(false);
  });

  test("malformed hosts are refused without a DNS query", async () => {
    const before = DNS.asked.length;
    for (const host of [
      "2130706433",
      "0x7f000001",
      "127.1",
      "0177.0.0.1",
      "exa mple.com",
      "",
      "fe80::1%eth0",
      "http://x.com",
    ]) {
      expect(await checkBrokerEndpoint(host, 443, open)).toEqual({
        ok: false,
        reason: "host is not a valid host name or IP address",
      });
    }
    expect(DNS.asked.length).toBe(before);
  });

  test("bad ports", async () => {
    for (const port of [0, 65536, 1.5, -1, Number.NaN]) {
      const r = await checkBrokerEndpoint("8.8.8.8", port, open);
      expect(!r.ok && r.reason).toBe("port must be a whole number from 1 to 65535");
    }
    expect((await checkBrokerEndpoint("8.8.8.8", 65535, open)).ok).toBe(true);
    expect((await checkBrokerEndpoint("8.8.8.8", 1, open)).ok).toBe(true);
  });

  test("resolution failures are refusals", async () => {
    for (const host of ["nowhere.example.com", "empty.example.com"]) {
      expect(await checkBrokerEndpoint(host, 443, open)).toEqual({
        ok: false,
        reason: `host ${host} could not be resolved`,
      });
    }
    const garbage = await checkBrokerEndpoint("garbage.example.com", 443, open);
    expect(!garbage.ok && garbage.reason).toContain("invalid address");
  });

  describe("allow-list", () => {
    const demo = { allow: ["127.0.0.1:4430"], resolve: DNS.resolve };

    test("ip:port allows that address on that port only", async () => {
      expect(await checkBrokerEndpoint("127.0.0.1", 4430, demo)).toEqual({
        ok: true,
        addresses: ["127.0.0.1"],
      });
      expect((await checkBrokerEndpoint("127.0.0.1", 4431, demo)).ok).toBe(false);
      expect((await checkBrokerEndpoint("127.0.0.2", 4430, demo)).ok).toBe(false);
      // A name resolving only to the allowed address is allowed too.
      expect(await checkBrokerEndpoint("demo.internal", 4430, demo)).toEqual({
        ok: true,
        addresses: ["127.0.0.1"],
      });
      // localhost also resolves to ::1, which is not on the list.
      const local = await checkBrokerEndpoint("localhost", 4430, demo);
      expect(!local.ok && local.reason).toContain("loopback address (::1)");
    });

    test("a name entry allows the name whatever it resolves to; with a port, that port", async () => {
      const byName = { allow: ["localhost:4430", "Mixed.Example.com"], resolve: DNS.resolve };
      expect(await checkBrokerEndpoint("localhost", 4430, byName)).toEqual({
        ok: true,
        addresses: ["127.0.0.1", "::1"],
      });
      expect((await checkBrokerEndpoint("localhost", 80, byName)).ok).toBe(false);
      expect((await checkBrokerEndpoint("mixed.example.com", 1, byName)).ok).toBe(true);
      // The name entry does not allow the address under another name.
      expect((await checkBrokerEndpoint("127.0.0.1", 4430, byName)).ok).toBe(false);
    });

    test("CIDR entries allow addresses inside them, on any port", async () => {
      const cidr = { allow: ["10.0.0.0/8", "fc00::/7", "::1/128"], resolve: DNS.resolve };
      expect((await checkBrokerEndpoint("mixed.example.com", 443, cidr)).ok).toBe(true);
      expect((await checkBrokerEndpoint("10.200.0.1", 9, cidr)).ok).toBe(true);
      expect((await checkBrokerEndpoint("11.0.0.1", 9, cidr)).ok).toBe(true);
      expect((await checkBrokerEndpoint("172.16.0.1", 9, cidr)).ok).toBe(false);
      expect((await checkBrokerEndpoint("fd12::1", 9, cidr)).ok).toBe(true);
      expect((await checkBrokerEndpoint("[::1]", 9, cidr)).ok).toBe(true);
      expect((await checkBrokerEndpoint("localhost", 9, cidr)).ok).toBe(false);
    });

    test("[v6]:port entries", async () => {
      const v6 = { allow: ["[::1]:4430", "127.0.0.1"], resolve: DNS.resolve };
      expect((await checkBrokerEndpoint("localhost", 4430, v6)).ok).toBe(true);
      expect((await checkBrokerEndpoint("localhost", 4431, v6)).ok).toBe(false);
    });

    test("malformed entries are reported and ignored", async () => {
      expect(
        invalidAllowEntries([
          "127.0.0.1:4430",
          "10.0.0.0/8",
          "bad host",
          "1.2.3.4/33",
          "host:99999",
          "host:",
          "[::1]:4430",
          "[::1",
          "broker.internal",
          "::1",
          "fd00::/129",
        ]),
      ).toEqual(["bad host", "1.2.3.4/33", "host:99999", "host:", "[::1", "fd00::/129"]);
      const broken = { allow: ["127.0.0.1:99999", "127.0.0.1/40"], resolve: DNS.resolve };
      expect((await checkBrokerEndpoint("127.0.0.1", 4430, broken)).ok).toBe(false);
    });
  });

  test("default resolver: localhost is loopback", async () => {
    const r = await checkBrokerEndpoint("localhost", 4430, { allow: [] });
    expect(r.ok).toBe(false);
  });
});
