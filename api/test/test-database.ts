import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type Database, openDatabase } from "../src/db/client.ts";
import { applyMigrations } from "../src/db/migrate.ts";
import { seedDemo } from "../src/db/seed.ts";

// A fresh, already migrated database per test file, without paying for the migrations each time:
// - PGlite (in memory): one PGlite per test process is migrated once and dumped; every file gets a
//   new PGlite loaded from that dump (no initdb, no schema engine).
// - PostgreSQL (TEST_DATABASE_URL): a template database named after a hash of the migrations folder
//   is migrated once (by whichever process gets there first, under an advisory lock) and every file
//   gets `CREATE DATABASE <unique> TEMPLATE <template>`. A changed migration gets a new template.
// startServer then finds nothing pending (one query) and starts no schema engine.
// With `demo`, the copy also holds the demo branch: the demo is seeded once per test process into its own
// dump (PGlite) or template database (PostgreSQL, dropped when the process's tests end: disposeTemplates),
// not once per file. Seeded at the process's start, it is dated from the business clock as it read then.

export type TestDatabase = {
  database: Database;
  /** The PostgreSQL database's URL (unset on PGlite). */
  databaseUrl?: string;
  /** Closes the database and drops it (PostgreSQL). */
  dispose(): Promise<void>;
};

const MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations", import.meta.url));

/** A short hash of every file of the migrations folder (names and contents). */
function migrationsHash(): string {
  const h = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, entry.name);
      h.update(p.slice(MIGRATIONS_DIR.length));
      if (entry.isDirectory()) walk(p);
      else h.update(readFileSync(p));
    }
  };
  walk(MIGRATIONS_DIR);
  return h.digest("hex").slice(0, 16);
}

/**
 * `countStatements`: the server's SQL_STATEMENT_COUNT=on (x-sql-statements per request) for this database.
 * `demo`: the demo branch is already seeded (as seedDemo leaves it).
 */
export async function freshTestDatabase(
  opts: { countStatements?: boolean; demo?: boolean } = {},
): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  const countStatements = opts.countStatements ?? false;
  const demo = opts.demo ?? false;
  return base ? freshPostgres(base, countStatements, demo) : freshPglite(countStatements, demo);
}

/** Only once, and a failed first attempt is not kept: the next caller tries again (and reports its own error). */
function onceUnlessFailed<T>(make: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    if (!kept) {
      kept = make();
      kept.catch(() => {
        kept = undefined;
      });
    }
    return kept;
  };
}

// ───────────── PGlite ─────────────

const migratedPgliteDump = onceUnlessFailed(async () => {
  const db = await openDatabase({ inMemory: true });
  try {
    await applyMigrations(db.migrationTarget);
    return await db.pglite!.dumpDataDir("none");
  } finally {
    await db.close();
  }
});

const seededPgliteDump = onceUnlessFailed(async () => {
  const db = await openDatabase({ inMemory: true, loadDataDir: await migratedPgliteDump() });
  try {
    await seedDemo(db.prisma);
    return await db.pglite!.dumpDataDir("none");
  } finally {
    await db.close();
  }
});

async function freshPglite(countStatements: boolean, demo: boolean): Promise<TestDatabase> {
  const loadDataDir = await (demo ? seededPgliteDump() : migratedPgliteDump());
  const database = await openDatabase({ inMemory: true, loadDataDir, countStatements });
  return { database, dispose: () => database.close() };
}

// ───────────── PostgreSQL ─────────────

let templateReady: Promise<string> | undefined;

async function withAdmin<T>(base: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

const urlOf = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The template's name, once it exists and is migrated (created here when missing). */
function migratedTemplate(base: string): Promise<string> {
  templateReady ??= withAdmin(base, async (admin) => {
    const name = `t_api_template_${migrationsHash()}`;
    // Test processes (and other checkouts) may start together: one creates, the others wait.
    const lockKey = 0x7e57_7e57;
    await admin.query("SELECT pg_advisory_lock($1)", [lockKey]);
    try {
      const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (exists.rowCount) return name;
      // Built under a temporary name and renamed when complete, so that a process killed half-way
      // never leaves a half-migrated template behind.
      const building = `${name}_b${randomBytes(3).toString("hex")}`;
      await admin.query(`CREATE DATABASE ${building}`);
      try {
        await applyMigrations({ kind: "postgres", url: urlOf(base, building) });
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (e) {
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        throw e;
      }
      return name;
    } finally {
      await admin.query("SELECT pg_advisory_unlock($1)", [lockKey]);
    }
  });
  templateReady.catch(() => {
    templateReady = undefined;
  });
  return templateReady;
}

// The demo template of this process: `t_api_demo_<epoch seconds>_<random>`. One left behind by a killed
// process is dropped by the next process after three hours (no test process runs that long).
const DEMO_TEMPLATE = /^t_api_demo_(\d+)_[0-9a-f]+$/;
let demoTemplate: string | undefined;

const seededTemplate = onceUnlessFailed(async () => {
  const base = process.env.TEST_DATABASE_URL!;
  const migrated = await migratedTemplate(base);
  const name = `t_api_demo_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString("hex")}`;
  await withAdmin(base, async (admin) => {
    const stale = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 't_api_demo_%'",
    );
    for (const { datname } of stale.rows) {
      const made = Number(DEMO_TEMPLATE.exec(datname)?.[1] ?? Number.POSITIVE_INFINITY);
      if (Date.now() / 1000 - made > 3 * 3600) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${migrated}`);
  });
  demoTemplate = name;
  const db = await openDatabase({ databaseUrl: urlOf(base, name) });
  try {
    await seedDemo(db.prisma);
  } finally {
    await db.close();
  }
  return name;
});

// Making and dropping a database copy costs PostgreSQL 1-3 s of waiting on the disk each (a 12 MB
// template, measured on the 2-core machine under load), about 90 times per run: most of the PostgreSQL
// API run's time was spent there, not in tests. Copies made side by side overlap (four at once took the
// time of one), so a file's copy is made while the file before it runs, and dropped while the next runs:
// - spares: each template keeps SPARES copies made ahead; taking one starts the next;
// - a closed copy is dropped in the background; the preload's afterAll (disposeTemplates) waits for
//   those drops, then drops the unused spares and the demo template.
// Copies are named `t_api_f<epoch seconds>_<random>`: one left by a killed process is dropped by a later
// process after three hours, like a demo template (docs/decisions/1040-test-database-copies-made-ahead.md).
const SPARES = 2;
// Only in `bun test`, whose preload calls makeCopiesAhead and drops what is left once every file has run;
// a bench or script that makes a server (and ends with process.exit) makes and drops its copy in turn.
let ahead = false;
export function makeCopiesAhead(): void {
  ahead = true;
}
const FILE_COPY = /^t_api_f(\d+)_[0-9a-f]+$/;
const spares = new Map<string, Promise<string>[]>();
const drops = new Set<Promise<unknown>>();
let staleSwept: Promise<void> | undefined;

function copyOf(base: string, template: string): Promise<string> {
  const name = `t_api_f${Math.floor(Date.now() / 1000)}_${randomBytes(5).toString("hex")}`;
  const made = withAdmin(base, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)).then(() => name);
  made.catch(() => {}); // a spare that fails is reported to the file that takes it
  return made;
}

function dropLater(base: string, name: string): void {
  const drop = withAdmin(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    .catch((error) => console.error(`could not drop the test database ${name}`, error))
    .finally(() => drops.delete(drop));
  drops.add(drop);
}

/** Drops the copies of killed processes (older than three hours), once per process. */
function sweepStale(base: string): Promise<void> {
  staleSwept ??= withAdmin(base, async (admin) => {
    const rows = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 't_api_f%'",
    );
    for (const { datname } of rows.rows) {
      const made = Number(FILE_COPY.exec(datname)?.[1] ?? Number.POSITIVE_INFINITY);
      if (Date.now() / 1000 - made > 3 * 3600) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }).catch((error) => console.error("could not drop stale test databases", error));
  return staleSwept;
}

/** A fresh copy of `template`: a spare made ahead when there is one; the spares are topped up behind it. */
function takeCopy(base: string, template: string): Promise<string> {
  void sweepStale(base);
  if (!ahead) return copyOf(base, template);
  const list = spares.get(template) ?? [];
  spares.set(template, list);
  const taken = list.shift() ?? copyOf(base, template);
  while (list.length < SPARES) list.push(copyOf(base, template));
  return taken;
}

/** Drops this process's copies and its demo template (the preload calls it once every test file has run). */
export async function disposeTemplates(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const left = [...spares.values()].flat();
  spares.clear();
  for (const spare of left) {
    const name = await spare.catch(() => null);
    if (name) dropLater(base, name);
  }
  await Promise.all([...drops]);
  if (!demoTemplate) return;
  const name = demoTemplate;
  demoTemplate = undefined;
  await withAdmin(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

async function freshPostgres(base: string, countStatements: boolean, demo: boolean): Promise<TestDatabase> {
  const template = await (demo ? seededTemplate() : migratedTemplate(base));
  const name = await takeCopy(base, template);
  const databaseUrl = urlOf(base, name);
  const database = await openDatabase({ databaseUrl, countStatements });
  return {
    database,
    databaseUrl,
    async dispose() {
      await database.close();
      if (ahead) dropLater(base, name);
      else await withAdmin(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
