// Database chores behind the npm scripts db:migrate, db:status, db:new-migration and db:seed.
//
//   bun scripts/db.ts migrate               apply pending migrations (as `prisma migrate deploy`)
//   bun scripts/db.ts status                list applied / pending / failed; exit 1 unless up to date
//   bun scripts/db.ts new-migration <name>  write prisma/migrations/<timestamp>_<name> from schema.prisma
//   bun scripts/db.ts seed                  apply pending migrations, then load the demo data (api/src/seed/index.ts)
//
// Target: PostgreSQL at DATABASE_URL when set, else the embedded PGlite in ${DATA_DIR:-./data}/pglite.
// The Prisma CLI's `migrate` commands need a native engine we cannot download; see api/src/db/migrate.ts.

import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations, diffToNewMigration, type MigrationTarget, migrationStatus } from "../api/src/db/migrate.ts";

const USAGE = "usage: bun scripts/db.ts migrate | status | new-migration <name> | seed";
const SEED_MODULE = new URL("../api/src/seed/index.ts", import.meta.url);

type Opened = { target: MigrationTarget; describe: string; close(): Promise<void> };

async function openTarget(): Promise<Opened> {
  const url = process.env.DATABASE_URL;
  if (url) {
    return { target: { kind: "postgres", url }, describe: `PostgreSQL ${redact(url)}`, close: async () => {} };
  }
  const dir = join(process.env.DATA_DIR ?? "./data", "pglite");
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  // An unclean exit makes the next start run crash recovery; close on Ctrl-C / kill as well.
  const close = async () => {
    if (!pglite.closed) await pglite.close();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void close().finally(() => process.exit(130));
    });
  }
  return { target: { kind: "pglite", pglite }, describe: `PGlite ${dir}`, close };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function migrate(db: Opened): Promise<number> {
  const started = performance.now();
  const applied = await applyMigrations(db.target);
  if (applied.length === 0) console.log(`${db.describe}: already up to date (${seconds(started)})`);
  else console.log(`${db.describe}: applied ${applied.length} in ${seconds(started)}\n  ${applied.join("\n  ")}`);
  return 0;
}

async function status(db: Opened): Promise<number> {
  const { applied, pending, failed } = await migrationStatus(db.target);
  console.log(`${db.describe}`);
  console.log(`applied (${applied.length}):${applied.map((n) => `\n  ${n}`).join("")}`);
  console.log(`pending (${pending.length}):${pending.map((n) => `\n  ${n}`).join("")}`);
  if (failed.length) {
    console.log(`failed (${failed.length}), fix the database then mark them rolled back:`);
    for (const n of failed) console.log(`  ${n}`);
  }
  // Same convention as `prisma migrate status`: non-zero unless in sync.
  return pending.length || failed.length ? 1 : 0;
}

async function newMigration(name: string | undefined): Promise<number> {
  if (!name) {
    console.error(USAGE);
    return 2;
  }
  const started = performance.now();
  // Only PostgreSQL is worth connecting to (it hosts a throwaway shadow database, fast); otherwise
  // the diff runs on an in-memory PGlite, leaving the data directory (maybe in use by a dev
  // server) alone.
  const url = process.env.DATABASE_URL;
  const folder = await diffToNewMigration(name, url ? { kind: "postgres", url } : undefined);
  if (!folder) {
    console.log(`prisma/schema.prisma matches the migrations: nothing to do (${seconds(started)})`);
    return 0;
  }
  console.log(`created prisma/migrations/${folder}/migration.sql (${seconds(started)})`);
  console.log("review it, then apply with: npm run db:migrate");
  return 0;
}

async function seed(db: Opened): Promise<number> {
  // The seed belongs to the application; tolerate its absence rather than fail at import time.
  if (!existsSync(SEED_MODULE)) {
    console.error("api/src/seed/index.ts not found: nothing to seed");
    return 1;
  }
  const { seedDemo } = (await import(SEED_MODULE.href)) as {
    seedDemo?: (prisma: unknown) => Promise<void>;
  };
  if (typeof seedDemo !== "function") {
    console.error("api/src/seed/index.ts does not export seedDemo(prisma)");
    return 1;
  }
  // Imported here so that migrate/status work before `prisma generate` has run.
  const { PrismaClient } = await import("../api/src/generated/prisma/client.ts");
  const adapter =
    db.target.kind === "pglite"
      ? new (await import("pglite-prisma-adapter")).PrismaPGlite(db.target.pglite)
      : new (await import("@prisma/adapter-pg")).PrismaPg({ connectionString: db.target.url });
  // Seeding an unmigrated database can only fail; apply what is pending, as the server does on start.
  const applied = await applyMigrations(db.target);
  if (applied.length) console.log(`${db.describe}: applied ${applied.length} migration(s) first`);
  const prisma = new PrismaClient({ adapter });
  const started = performance.now();
  try {
    await seedDemo(prisma);
  } finally {
    await prisma.$disconnect();
  }
  console.log(`${db.describe}: seedDemo done (${seconds(started)})`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === "new-migration") return newMigration(args[0]);
  if (command !== "migrate" && command !== "status" && command !== "seed") {
    console.error(USAGE);
    return 2;
  }
  const db = await openTarget();
  try {
    if (command === "migrate") return await migrate(db);
    if (command === "status") return await status(db);
    return await seed(db);
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
}
