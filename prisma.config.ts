import { defineConfig } from "prisma/config";

// The datasource URL lives here (Prisma 7). Migrations are applied by our own runner
// (scripts/db.ts, api/src/db/migrate.ts) through the WebAssembly schema engine; see docs/decisions.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unused" },
});
