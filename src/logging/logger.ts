// Structured JSON logging (pino). Quiet by default: `info` shows lifecycle lines and errors;
// per-request lines are `debug`. Secrets never reach a log line at any level: fields named like
// secrets are censored, and every line is scrubbed as it is written of API keys (`sk_…`), JWTs,
// URL credentials and query parameters named like secrets (`api_key`, `apiKey`, `token`…).
import pino from "pino";
import type { LogLevel } from "../config/index.ts";

export type Logger = pino.Logger;

const REDACTED = "[redacted]";

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "tas" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          "headers.authorization",
          'headers["x-api-key"]',
          "headers.cookie",
          "password",
          "*.password",
          "*.*.password",
          "key",
          "*.key",
          "apiKey",
          "*.apiKey",
          "api_key",
          "*.api_key",
          "token",
          "*.token",
          "secret",
          "*.secret",
        ],
        censor: REDACTED,
      },
      // The last line of defence: the serialised line itself, whatever field or message holds it.
      hooks: { streamWrite: redactSecrets },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}

/**
 * True for a query parameter name that looks like it carries a secret, whatever its case and
 * separators: key, api_key, apiKey, x-api-key, token, access_token, password, secret…
 */
export function isSecretParamName(raw: string): boolean {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    // not percent-encoded after all
  }
  const bare = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  return /^(?:auth|authorization|sig|pwd|jwt)$|(?:^|api|access|private|secret|signing|master|session|auth)key$|token|secret|passw|credential|signature/.test(
    bare,
  );
}

/** `name=value` after `?`, `&` or `;`: a query parameter, inside a URL or a logged line. */
const QUERY_PARAM = /([?&;])([^=&;#?\s"\\]{1,128})=([^&;#\s"\\]*)/g;
/** An API key: `sk_` and the random part (a 7-character display prefix is not a secret). */
const API_KEY = /(?<![0-9A-Za-z])sk_[0-9A-Za-z]{16,}/g;
/** A JWT (or any JWS): base64url JSON header, payload, signature. */
const JWT = /eyJ[0-9A-Za-z_-]{4,}\.[0-9A-Za-z_-]{4,}\.[0-9A-Za-z_-]*/g;
/** Credentials in a URL: `scheme://user:password@host`. */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"]*:)[^\s@/"]+@/gi;

/** Removes anything that looks like a secret from `text` (a URL, a message, a log line). */
export function redactSecrets(text: string): string {
  return text
    .replace(QUERY_PARAM, (match, sep: string, name: string) =>
      isSecretParamName(name) ? `${sep}${name}=${REDACTED}` : match,
    )
    .replace(API_KEY, REDACTED)
    .replace(JWT, REDACTED)
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`);
}

/** Strips secrets from a URL before it is logged (secret-named query parameters, keys, JWTs). */
export function redactUrl(url: string): string {
  return redactSecrets(url);
}
