// Encryption at rest for broker passwords and proxy credentials: AES-256-GCM with the master key.
// Envelope: `v1:` + base64url(iv[12] | tag[16] | ciphertext). The row id is bound as additional
// authenticated data so a ciphertext copied to another row does not decrypt.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1:";

export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(envelope: string, context: string): string;
}

export function createSecretBox(masterKey: Buffer): SecretBox {
  if (masterKey.length !== 32) {
    throw new Error("master key must be 32 bytes");
  }
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", masterKey, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(envelope, context) {
      if (!envelope.startsWith(VERSION)) {
        throw new Error("unknown secret envelope version");
      }
      const raw = Buffer.from(envelope.slice(VERSION.length), "base64url");
      const decipher = createDecipheriv("aes-256-gcm", masterKey, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}
