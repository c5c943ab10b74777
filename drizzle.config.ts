// drizzle-kit configuration: `npm run db:generate` writes SQL migrations into drizzle/.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/storage/schema/index.ts",
  out: "./drizzle",
});
