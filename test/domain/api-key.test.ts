import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { generateApiKey, hashApiKey, looksLikeApiKey } from "../../src/domain/api-key.ts";

describe("api key format", () => {
  test("sk_ + 40 base62 characters, hash is SHA-256 hex of the plaintext", () => {
    const k = generateApiKey((n) => randomBytes(n));
    expect(k.plaintext).toMatch(/^sk_[0-9A-Za-z]{40}$/);
    expect(k.hash).toBe(new Bun.CryptoHasher("sha256").update(k.plaintext).digest("hex"));
    expect(k.displayPrefix).toBe(k.plaintext.slice(0, 7));
  });

  test("a fixed random source gives a fixed key; bytes ≥ 248 are skipped (no modulo bias)", () => {
    const bytes = new Uint8Array(64).fill(250);
    bytes.set([0, 61, 62, 248, 255, 10], 0);
    let calls = 0;
    const k = generateApiKey(() => {
      calls += 1;
      return calls === 1 ? bytes : new Uint8Array(64).fill(1);
    });
    // 0 → '0', 61 → 'z', 62 → '0' (62 % 62), 248/255 skipped, 10 → 'A', then 1s → '1'.
    expect(k.plaintext.slice(0, 7)).toBe("sk_0z0A");
    expect(k.plaintext.slice(7)).toBe("1".repeat(36));
  });

  test("shape check rejects what is not a key before any hashing", () => {
    expect(looksLikeApiKey(`sk_${"a".repeat(32)}`)).toBe(true);
    expect(looksLikeApiKey(`sk_${"a".repeat(31)}`)).toBe(false);
    expect(looksLikeApiKey(`pk_${"a".repeat(40)}`)).toBe(false);
    expect(looksLikeApiKey(`sk_${"a".repeat(39)}!`)).toBe(false);
    expect(looksLikeApiKey("")).toBe(false);
    expect(hashApiKey("sk_x")).toHaveLength(64);
  });
});
