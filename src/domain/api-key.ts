// API key format: `sk_` + 40 random base62 characters (≈238 bits). Only the SHA-256 hash and a
// short display prefix are stored; the plaintext exists once, in the creation response.
// Pure: the random source is injected.

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const API_KEY_PREFIX = "sk_";
/** Random characters after the prefix. */
export const API_KEY_BODY_LENGTH = 40;
const KEY_SHAPE = /^sk_[0-9A-Za-z]{32,128}$/;

export interface GeneratedKey {
  /** The secret, shown to the admin once. */
  readonly plaintext: string;
  /** Hex SHA-256 of the plaintext, the stored lookup value. */
  readonly hash: string;
  /** `sk_` plus the first 4 random characters, for display. */
  readonly displayPrefix: string;
}

export type RandomBytes = (size: number) => Uint8Array;

/** Generates a key with unbiased base62 characters (rejection sampling over random bytes). */
export function generateApiKey(randomBytes: RandomBytes): GeneratedKey {
  let body = "";
  while (body.length < API_KEY_BODY_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 × 62: bytes at or above it would bias the first characters.
      if (byte < 248 && body.length < API_KEY_BODY_LENGTH) {
        body += ALPHABET[byte % 62];
      }
    }
  }
  const plaintext = API_KEY_PREFIX + body;
  return { plaintext, hash: hashApiKey(plaintext), displayPrefix: plaintext.slice(0, 7) };
}

/** Cheap shape check done before any hashing or lookup. */
export function looksLikeApiKey(candidate: string): boolean {
  return KEY_SHAPE.test(candidate);
}

/** Hex SHA-256 of the key's UTF-8 bytes (Bun's one-shot hasher: a third of node:crypto's
 * createHash chain's time, and no hasher object per keyed request). */
export function hashApiKey(plaintext: string): string {
  return Bun.SHA256.hash(plaintext, "hex");
}
