// The pool's logger contract, and the hosts' stderr lines (JSON log records or plain text)
// turned into records of that logger.

/** Minimal structured logger (pino-compatible). */
export interface PoolLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const NOOP_LOGGER: PoolLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Logs one stderr line of the host in `slot`: a JSON record keeps its level (error, warn, else
 * debug) and fields; anything else is logged as a warning with the raw line. */
export function logHostLine(logger: PoolLogger, slot: number, line: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed === "object" && parsed !== null) {
    const level = Reflect.get(parsed, "level");
    const msg = String(Reflect.get(parsed, "msg") ?? "");
    const fields = { ...parsed, slot, component: "ea-host" };
    if (level === "error") {
      logger.error(fields, msg);
    } else if (level === "warn") {
      logger.warn(fields, msg);
    } else {
      logger.debug(fields, msg);
    }
  } else {
    logger.warn({ slot, component: "ea-host", line }, "EA host stderr");
  }
}
