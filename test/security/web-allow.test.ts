// The WebRequest allow-list (TAS_EA_WEBREQUEST_ALLOW): entry forms, what each matches, and the
// entries refused as malformed.
import { describe, expect, test } from "bun:test";
import {
  parseWebAllowEntry,
  parseWebAllowList,
  webAllowMatches,
  webAllowSuggestion,
} from "../../src/security/web-allow.ts";

const allows = (list: string, url: string): boolean =>
  webAllowMatches(parseWebAllowList(list).entries, new URL(url));

describe("WebRequest allow-list", () => {
  test("a host entry allows it on any port and scheme, case-blind, not its subdomains", () => {
    expect(allows("api.example.com", "https://API.Example.com/v1?x=1")).toBe(true);
    expect(allows("api.example.com", "http://api.example.com:8080/")).toBe(true);
    expect(allows("api.example.com.", "http://api.example.com/")).toBe(true);
    expect(allows("api.example.com", "https://x.api.example.com/")).toBe(false);
    expect(allows("api.example.com", "https://example.com/")).toBe(false);
  });

  test("host:port, origins with their default port, and IP addresses", () => {
    expect(allows("api.example.com:8443", "https://api.example.com:8443/")).toBe(true);
    expect(allows("api.example.com:8443", "https://api.example.com/")).toBe(false);
    expect(allows("https://api.example.com", "https://api.example.com/a")).toBe(true);
    expect(allows("https://api.example.com", "https://api.example.com:443/a")).toBe(true);
    expect(allows("https://api.example.com", "http://api.example.com/a")).toBe(false);
    expect(allows("https://api.example.com", "https://api.example.com:8443/a")).toBe(false);
    expect(allows("http://127.0.0.1:8080/", "http://127.0.0.1:8080/x")).toBe(true);
    expect(allows("127.0.0.1", "http://127.0.0.1:9/x")).toBe(true);
    // WHATWG URL reads 0x7f.1 as 127.0.0.1: addresses compare by value.
    expect(allows("127.0.0.1", "http://0x7f.1/")).toBe(true);
    expect(allows("[::1]:8080", "http://[0:0::1]:8080/")).toBe(true);
    expect(allows("::1", "http://[::1]/")).toBe(true);
  });

  test("*.domain allows subdomains only; * allows any http(s) host", () => {
    expect(allows("*.example.com", "https://a.b.example.com/")).toBe(true);
    expect(allows("*.example.com", "https://example.com/")).toBe(false);
    expect(allows("*.example.com", "https://badexample.com/")).toBe(false);
    expect(allows("*", "https://anything.test/")).toBe(true);
    expect(allows("", "https://anything.test/")).toBe(false);
    expect(allows("*", "ftp://anything.test/")).toBe(false);
  });

  test("several entries, spaces around them", () => {
    expect(allows(" a.example.com , b.example.com ", "http://b.example.com/")).toBe(true);
  });

  test("malformed entries are reported", () => {
    for (const bad of [
      "ftp://x.com",
      "https://x.com/path",
      "x.com:0",
      "x.com:99999",
      "user@x.com",
      "*.127.0.0.1",
      "bad_name.com",
      "https://",
      "x.com?q",
    ]) {
      expect(parseWebAllowEntry(bad)).toBeNull();
    }
    expect(parseWebAllowList("ok.com, ftp://x.com").invalid).toEqual(["ftp://x.com"]);
  });

  test("the suggestion names the host, with a port that is not the default", () => {
    expect(webAllowSuggestion(new URL("https://api.example.com/x"))).toBe("api.example.com");
    expect(webAllowSuggestion(new URL("http://127.0.0.1:8080/x"))).toBe("127.0.0.1:8080");
  });
});
