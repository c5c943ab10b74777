// drizzle-kit configuration of the demo broker's own tables (schema `broker`):
// `npx drizzle-kit generate --config drizzle.broker.config.ts` writes into drizzle/broker/.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/broker/storage/schema.ts",
  out: "./drizzle/broker",
  schemaFilter: ["broker"],
  migrations: { schema: "drizzle", table: "__broker_migrations" },
});
