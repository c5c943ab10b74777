// Child process of bench/http: the real app (embedded PGlite in memory, one admin, one key, two
// accounts) and a bare Bun.serve JSON handler, side by side. Prints their ports and the key.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { composeService, openRuntime } from "../../src/composition.ts";
import { loadConfig } from "../../src/config/index.ts";
import { createLogger } from "../../src/logging/logger.ts";
import { SessionManager } from "../../src/sessions/manager.ts";
import { fromPglite } from "../../src/storage/db.ts";

// The app keeps nothing on disk here (in-memory PGlite); the directory only satisfies the config.
const dataDir = mkdtempSync(join(tmpdir(), "tas-bench-"));
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
process.on("SIGTERM", () => process.exit(0));
const config = loadConfig({
  DATA_DIR: dataDir,
  TAS_MASTER_KEY: "22".repeat(32),
  TAS_JWT_SECRET: "bench-secret-bench-secret-bench-secret-0000",
  LOG_LEVEL: "silent",
  TAS_RATE_LIMIT_RPS: "1000000",
  TAS_RATE_LIMIT_BURST: "1000000",
});
const database = fromPglite(await PGlite.create());
await database.migrate();
const logger = createLogger("silent");
const runtime = await openRuntime(config, logger, { database });
const sessions = new SessionManager({ workers: 1, logger });
const { services, app } = composeService(runtime, { sessions });
const admin = await services.admins.create(
  { type: "cli", id: "bench" },
  { username: "bench", password: "bench-password", role: "admin" },
);
const key = await services.keys.create(
  { adminId: admin.uuid, superadmin: false, actor: { type: "cli", id: "bench" } },
  {},
);
const principal = (await services.keys.verify(key.key))!;
for (const login of [1, 2]) {
  await services.accounts.create(principal, {
    terminal_login: login,
    password: "pw",
    server_name: "TAS-Demo",
    auto_connect: false,
  });
}
const body: string = await services.accounts.listRendered(principal);

app.listen({ port: 0, hostname: "127.0.0.1" });
const bare = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: () => new Response(body, { headers: { "content-type": "application/json" } }),
});
process.stdout.write(
  `${JSON.stringify({ app: app.server?.port, bare: bare.port, key: key.key })}\n`,
);
