// What every service receives: collaborators are injected (no module singletons), including the
// clock and the random source, so tests can fix time and the same code runs in every process.
import type { Config } from "../config/index.ts";
import type { RandomBytes } from "../domain/api-key.ts";
import type { Logger } from "../logging/logger.ts";
import type { SecretBox } from "../security/secrets.ts";
import type { Db } from "../storage/db.ts";

export interface Clock {
  /** Current time, UTC ms. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface ServiceDeps {
  readonly db: Db;
  readonly config: Config;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly secrets: SecretBox;
  readonly randomBytes: RandomBytes;
  /**
   * The embedded database's directory when it is a file-backed PGlite (one process, local
   * disk): write-ahead logs beside it are as durable as it is. Null on Postgres and in memory.
   */
  readonly embeddedDir?: string | null;
}

/** Who is acting: an admin (JWT), an API key, the CLI, or the service itself. */
export type Actor =
  | { readonly type: "admin"; readonly id: string }
  | { readonly type: "key"; readonly id: string }
  | { readonly type: "cli"; readonly id: string }
  | { readonly type: "system"; readonly id: string };
