// Structured JSON logging (pino). Quiet by default: `info` shows lifecycle lines and errors;
// per-request lines are `debug`. The `apiKey` query parameter and auth headers are never logged.
import pino from "pino";
import type { LogLevel } from "../config/index.ts";

export type Logger = pino.Logger;

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "tas" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ["headers.authorization", 'headers["x-api-key"]', "password", "*.password", "key"],
        censor: "[redacted]",
      },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}

/** Strips secrets from a URL before it is logged (the WebSocket `apiKey` parameter). */
export function redactUrl(url: string): string {
  return url.replace(/([?&]apiKey=)[^&]*/gi, "$1[redacted]");
}
