import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema and applied by the app at start (lib/platform/db.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
