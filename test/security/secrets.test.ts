import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { createSecretBox } from "../../src/security/secrets.ts";

describe("secret box (AES-256-GCM)", () => {
  const box = createSecretBox(randomBytes(32));

  test("round-trips unicode, with a fresh IV each time", () => {
    const a = box.seal("pässwörd 🔐", "acc-1:password");
    const b = box.seal("pässwörd 🔐", "acc-1:password");
    expect(a).not.toBe(b);
    expect(a.startsWith("v1:")).toBe(true);
    expect(box.open(a, "acc-1:password")).toBe("pässwörd 🔐");
  });

  test("another context, another key, or a flipped bit fails to open", () => {
    const sealed = box.seal("secret", "acc-1:password");
    expect(() => box.open(sealed, "acc-2:password")).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, "acc-1:password")).toThrow();
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1:${raw.toString("base64url")}`, "acc-1:password")).toThrow();
    expect(() => box.open("v0:abc", "acc-1:password")).toThrow();
  });

  test("refuses a key that is not 32 bytes", () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow();
  });
});
