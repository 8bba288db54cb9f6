import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../generated/prisma/client.ts";
import type { MigrationTarget } from "./migrate.ts";

// The only place that builds Prisma clients. Embedded default: PGlite (PostgreSQL in process) in
// DATA_DIR; with DATABASE_URL a real PostgreSQL server. Same schema, migrations and tests.
export type Database = {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  pglite?: PGlite;
  migrationTarget: MigrationTarget;
  close(): Promise<void>;
};

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: opts.databaseUrl, max: 10 }) });
    return {
      kind: "postgres",
      prisma,
      migrationTarget: { kind: "postgres", url: opts.databaseUrl },
      close: () => prisma.$disconnect(),
    };
  }
  let pglite: PGlite;
  if (opts.inMemory) {
    pglite = await PGlite.create();
  } else {
    const dir = join(opts.dataDir ?? "./data", "pglite");
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    kind: "pglite",
    prisma,
    pglite,
    migrationTarget: { kind: "pglite", pglite },
    async close() {
      await prisma.$disconnect();
      // PGlite must be closed cleanly, or the next start runs crash recovery.
      if (!pglite.closed) await pglite.close();
    },
  };
}
