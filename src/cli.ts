// `tas` — the command line: run the service, apply migrations, manage admins (never possible over
// REST), and create an API key for headless bootstrap. Output is JSON on stdout; errors are one
// line on stderr with exit code 1 (2 for usage errors).
import { parseArgs } from "node:util";
import { runDemoBroker } from "./broker/server/run.ts";
import { composeTools, openRuntime } from "./composition.ts";
import { ConfigError, loadConfig } from "./config/index.ts";
import { AppError } from "./domain/errors.ts";
import { createLogger } from "./logging/logger.ts";
import { demoBrokerConfig, startService } from "./server.ts";
import type { AdminRole } from "./services/admins.ts";
import type { CoreServices } from "./services/index.ts";
import { lockEmbeddedDatabase } from "./storage/lock.ts";

const USAGE = `Usage: tas <command>

  serve                                   run the service (HTTP + WebSocket, embedded demo broker)
  migrate                                 apply database migrations and exit
  admin create --username U (--password P | --password-stdin) [--role admin|superadmin] [--max-accounts N]
  admin update <username> [--password P | --password-stdin] [--role R] [--max-accounts N]
  admin delete <username>
  admin list
  key create --admin <username> [--name NAME] [--max-accounts N]
  broker serve [--host H] [--port P]      run a standalone demo broker (shared by several nodes)

Configuration comes from the environment (see README): PORT, HOST, DATA_DIR, DATABASE_URL,
TAS_MASTER_KEY, TAS_JWT_SECRET, LOG_LEVEL, …`;

class UsageError extends Error {}

const CLI_ACTOR = { type: "cli", id: process.env.USER ?? "cli" } as const;

function out(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

async function readStdin(): Promise<string> {
  const text = await Bun.stdin.text();
  return text.replace(/\r?\n$/, "");
}

function intOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (!/^\d+$/.test(value)) {
    throw new UsageError(`--${name} must be a non-negative integer`);
  }
  return Number(value);
}

function roleOption(value: string | undefined): AdminRole | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (value !== "admin" && value !== "superadmin") {
    throw new UsageError("--role must be admin or superadmin");
  }
  return value;
}

async function passwordOption(values: { password?: string; "password-stdin"?: boolean }) {
  if (values["password-stdin"]) {
    return readStdin();
  }
  return values.password;
}

/** Runs a command against the database with services, then closes it. */
async function withServices<T>(fn: (s: CoreServices) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env, { createDataDir: true });
  const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
  const release = config.databaseUrl ? () => {} : lockEmbeddedDatabase(config.dataDir);
  const runtime = await openRuntime(config, logger);
  try {
    return await fn(composeTools(runtime));
  } finally {
    await runtime.database.close();
    release();
  }
}

async function serve(): Promise<void> {
  const config = loadConfig(process.env, { createDataDir: true });
  const logger = createLogger(config.logLevel);
  const release = config.databaseUrl ? () => {} : lockEmbeddedDatabase(config.dataDir);
  const service = await startService(config, logger);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    logger.info({ signal }, "shutting down");
    service
      .stop()
      .catch((err: unknown) => logger.error({ err }, "error during shutdown"))
      .finally(() => {
        release();
        logger.flush();
        process.exit(0);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

async function main(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv;
  switch (command) {
    case "serve":
      return serve();
    case "migrate":
      await withServices(async () => undefined);
      out({ migrated: true });
      return;
    case "admin": {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: {
          username: { type: "string" },
          password: { type: "string" },
          "password-stdin": { type: "boolean" },
          role: { type: "string" },
          "max-accounts": { type: "string" },
        },
      });
      if (sub === "create") {
        const username = values.username ?? positionals[0];
        const password = await passwordOption(values);
        if (!username || password === undefined) {
          throw new UsageError(
            "admin create needs --username and --password (or --password-stdin)",
          );
        }
        const maxAccounts = intOption(values["max-accounts"], "max-accounts");
        const admin = await withServices((s) =>
          s.admins.create(CLI_ACTOR, {
            username,
            password,
            role: roleOption(values.role) ?? "admin",
            ...(maxAccounts !== undefined ? { maxAccounts } : {}),
          }),
        );
        return out(admin);
      }
      if (sub === "update") {
        const username = values.username ?? positionals[0];
        if (!username) {
          throw new UsageError("admin update needs a username");
        }
        const password = await passwordOption(values);
        const role = roleOption(values.role);
        const maxAccounts = intOption(values["max-accounts"], "max-accounts");
        const admin = await withServices((s) =>
          s.admins.update(CLI_ACTOR, username, {
            ...(password !== undefined ? { password } : {}),
            ...(role ? { role } : {}),
            ...(maxAccounts !== undefined ? { maxAccounts } : {}),
          }),
        );
        return out(admin);
      }
      if (sub === "delete") {
        const username = values.username ?? positionals[0];
        if (!username) {
          throw new UsageError("admin delete needs a username");
        }
        return out(await withServices((s) => s.admins.delete(CLI_ACTOR, username)));
      }
      if (sub === "list") {
        return out(await withServices((s) => s.admins.list()));
      }
      throw new UsageError(`unknown admin subcommand '${sub ?? ""}'`);
    }
    case "broker": {
      if (sub !== "serve") {
        throw new UsageError(`unknown broker subcommand '${sub ?? ""}'`);
      }
      const { values } = parseArgs({
        args: rest,
        options: { host: { type: "string" }, port: { type: "string" } },
      });
      const config = loadConfig(process.env, { createDataDir: true });
      const logger = createLogger(config.logLevel);
      const port = intOption(values.port, "port");
      const base = demoBrokerConfig(config);
      const release = config.databaseUrl
        ? () => {}
        : lockEmbeddedDatabase(config.dataDir, "broker.lock");
      const broker = await runDemoBroker({
        ...base,
        host: values.host ?? config.brokerHost,
        port: port ?? config.brokerPort,
      });
      logger.info(
        { port: broker.port, host: values.host ?? config.brokerHost },
        "demo broker listening",
      );
      const shutdown = () => {
        broker
          .stop()
          .catch((err: unknown) => logger.error({ err }, "error during shutdown"))
          .finally(() => {
            release();
            process.exit(0);
          });
      };
      process.on("SIGTERM", shutdown);
      process.on("SIGINT", shutdown);
      return;
    }
    case "key": {
      if (sub !== "create") {
        throw new UsageError(`unknown key subcommand '${sub ?? ""}'`);
      }
      const { values } = parseArgs({
        args: rest,
        options: {
          admin: { type: "string" },
          name: { type: "string" },
          "max-accounts": { type: "string" },
        },
      });
      const username = values.admin;
      if (!username) {
        throw new UsageError("key create needs --admin <username>");
      }
      const maxAccounts = intOption(values["max-accounts"], "max-accounts");
      const key = await withServices((s) =>
        s.keys.createForUsername(CLI_ACTOR, username, {
          ...(values.name !== undefined ? { name: values.name } : {}),
          ...(maxAccounts !== undefined ? { max_accounts: maxAccounts } : {}),
        }),
      );
      if (!key) {
        throw new AppError("ADMIN_NOT_FOUND", `no admin named '${username}'`);
      }
      return out(key);
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(`${USAGE}\n`);
      return;
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (
    err instanceof UsageError ||
    ((err as Error).name === "TypeError" && String(err).includes("parseArgs"))
  ) {
    process.stderr.write(`tas: ${(err as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  const message =
    err instanceof ConfigError || err instanceof AppError ? err.message : (err as Error).message;
  process.stderr.write(`tas: ${message}\n`);
  process.exit(1);
});
